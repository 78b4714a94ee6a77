from django.apps import AppConfig


class ThreeCardPokerConfig(AppConfig):
    name = "games.three_card_poker"
    label = "three_card_poker"
    verbose_name = "Three Card Poker"

    def ready(self):
        from casino.tables import registry
        from games.three_card_poker import how_to_play, presenter, rules

        spec = registry.game_spec(
            self.label, self.verbose_name, rules, presenter.PRESENTER, "poker", 6, how_to_play.how_to_play
        )
        registry.register(spec)
