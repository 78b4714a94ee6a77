from django.apps import AppConfig


class TexasHoldemBonusConfig(AppConfig):
    name = "games.texas_holdem_bonus"
    label = "texas_holdem_bonus"
    verbose_name = "Texas Hold 'Em Bonus"

    def ready(self):
        from casino.tables import registry
        from games.texas_holdem_bonus import how_to_play, presenter, rules

        spec = registry.game_spec(
            self.label, self.verbose_name, rules, presenter.PRESENTER, "poker", 6, how_to_play.how_to_play
        )
        registry.register(spec)
