from django.apps import AppConfig


class HistoryConfig(AppConfig):
    name = "casino.history"
    verbose_name = "My play"
