from django.apps import AppConfig


class ChatConfig(AppConfig):
    name = "casino.chat"
    label = "chat"
