from django.apps import AppConfig


class PaiGowConfig(AppConfig):
    name = "games.pai_gow"
    label = "pai_gow"
    verbose_name = "Pai Gow Poker"

    def ready(self):
        from casino.tables import registry
        from games.pai_gow import how_to_play, presenter, rules

        # Up to six players and the dealer (docs/rules/pai_gow.md rule 7).
        spec = registry.game_spec(
            self.label, self.verbose_name, rules, presenter.PAI_GOW, "pai_gow", 6, how_to_play.how_to_play
        )
        registry.register(spec)
