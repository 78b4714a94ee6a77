from django.apps import AppConfig


class TablesConfig(AppConfig):
    name = "casino.tables"
    label = "tables"
