from django.apps import AppConfig


class DjWildStudConfig(AppConfig):
    name = "games.dj_wild_stud"
    label = "dj_wild_stud"
    verbose_name = "DJ Wild Stud Poker"

    def ready(self):
        from casino.tables import registry
        from games.dj_wild_stud import how_to_play, presenter, rules

        spec = registry.game_spec(
            self.label, self.verbose_name, rules, presenter.PRESENTER, "poker", 6, how_to_play.how_to_play
        )
        registry.register(spec)
