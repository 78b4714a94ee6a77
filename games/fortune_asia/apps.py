from django.apps import AppConfig


class FortuneAsiaPokerConfig(AppConfig):
    name = "games.fortune_asia"
    label = "fortune_asia"
    verbose_name = "Fortune Asia Poker"

    def ready(self):
        from casino.tables import registry
        from games.fortune_asia import how_to_play, presenter, rules

        # Six betting positions and the dealer (docs/rules/fortune_asia_poker.md rule 3).
        spec = registry.game_spec(
            "fortune_asia_poker",
            self.verbose_name,
            rules,
            presenter.FORTUNE_ASIA,
            "pai_gow",
            6,
            how_to_play.how_to_play,
        )
        registry.register(spec)
