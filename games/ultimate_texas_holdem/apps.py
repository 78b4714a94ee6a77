from django.apps import AppConfig


class UltimateTexasHoldemConfig(AppConfig):
    name = "games.ultimate_texas_holdem"
    label = "ultimate_texas_holdem"
    verbose_name = "Ultimate Texas Hold 'Em"

    def ready(self):
        from casino.tables import registry
        from games.ultimate_texas_holdem import how_to_play, presenter, rules

        spec = registry.game_spec(
            self.label, self.verbose_name, rules, presenter.PRESENTER, "poker", 6, how_to_play.how_to_play
        )
        registry.register(spec)
