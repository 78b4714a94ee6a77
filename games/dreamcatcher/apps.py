from django.apps import AppConfig


class DreamcatcherConfig(AppConfig):
    name = "games.dreamcatcher"
    label = "dreamcatcher"
    verbose_name = "Dreamcatcher"

    def ready(self):
        from casino.tables import registry
        from games.dreamcatcher import how_to_play, presenter, rules

        spec = registry.game_spec(
            self.label, self.verbose_name, rules, presenter, "dreamcatcher", 12, how_to_play.how_to_play
        )
        registry.register(spec)
