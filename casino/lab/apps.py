from django.apps import AppConfig


class LabConfig(AppConfig):
    name = "casino.lab"
    label = "lab"
    verbose_name = "Paytable lab"
