from django.apps import AppConfig


class ProgressivesConfig(AppConfig):
    name = "casino.progressives"
    verbose_name = "Progressive meters"

    def ready(self):
        from casino.progressives import signals  # noqa: F401
