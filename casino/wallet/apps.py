from django.apps import AppConfig


class WalletConfig(AppConfig):
    name = "casino.wallet"
    label = "wallet"
