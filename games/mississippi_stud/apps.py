from django.apps import AppConfig


class MississippiStudConfig(AppConfig):
    name = "games.mississippi_stud"
    label = "mississippi_stud"
    verbose_name = "Mississippi Stud"

    def ready(self):
        from casino.tables import registry
        from games.mississippi_stud import how_to_play, presenter, rules

        spec = registry.game_spec(
            self.label, self.verbose_name, rules, presenter.PRESENTER, "poker", 6, how_to_play.how_to_play
        )
        registry.register(spec)
