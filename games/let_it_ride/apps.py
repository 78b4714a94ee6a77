from django.apps import AppConfig


class LetItRideConfig(AppConfig):
    name = "games.let_it_ride"
    label = "let_it_ride"
    verbose_name = "Let It Ride Poker"

    def ready(self):
        from casino.tables import registry
        from games.let_it_ride import how_to_play, presenter, rules

        spec = registry.game_spec(
            self.label, self.verbose_name, rules, presenter.PRESENTER, "poker", 7, how_to_play.how_to_play
        )
        registry.register(spec)
