from django.apps import AppConfig


class FaceUpPaiGowConfig(AppConfig):
    name = "games.face_up_pai_gow"
    label = "face_up_pai_gow"
    verbose_name = "Face Up Pai Gow Poker"

    def ready(self):
        from casino.tables import registry
        from games.face_up_pai_gow import how_to_play, presenter, rules

        # Six player positions and the dealer (docs/rules/face_up_pai_gow.md rule 2).
        spec = registry.game_spec(
            self.label, self.verbose_name, rules, presenter.FACE_UP, "pai_gow", 6, how_to_play.how_to_play
        )
        registry.register(spec)
