from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "casino.accounts"
    label = "accounts"
