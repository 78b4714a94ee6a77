from django.apps import AppConfig


class LobbyConfig(AppConfig):
    name = "casino.lobby"
    label = "lobby"
