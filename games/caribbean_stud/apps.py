from django.apps import AppConfig


class CaribbeanStudConfig(AppConfig):
    name = "games.caribbean_stud"
    label = "caribbean_stud"
    verbose_name = "Caribbean Stud Poker"

    def ready(self):
        from casino.tables import registry
        from games.caribbean_stud import how_to_play, presenter, rules

        spec = registry.game_spec(
            self.label, self.verbose_name, rules, presenter.PRESENTER, "poker", 7, how_to_play.how_to_play
        )
        registry.register(spec)
