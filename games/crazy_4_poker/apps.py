from django.apps import AppConfig


class Crazy4PokerConfig(AppConfig):
    name = "games.crazy_4_poker"
    label = "crazy_4_poker"
    verbose_name = "Crazy 4 Poker"

    def ready(self):
        from casino.tables import registry
        from games.crazy_4_poker import how_to_play, presenter, rules

        spec = registry.game_spec(
            self.label, self.verbose_name, rules, presenter.PRESENTER, "poker", 6, how_to_play.how_to_play
        )
        registry.register(spec)
