from django.apps import AppConfig


class SixCardFortunePaiGowConfig(AppConfig):
    name = "games.six_card_fortune_pai_gow"
    label = "six_card_fortune_pai_gow"
    verbose_name = "Six-Card Fortune Pai Gow Poker"

    def ready(self):
        from casino.tables import registry
        from games.six_card_fortune_pai_gow import how_to_play, presenter, rules

        # Six player positions and the dealer (docs/rules/six_card_fortune_pai_gow.md rule 2).
        spec = registry.game_spec(
            self.label,
            self.verbose_name,
            rules,
            presenter.SIX_CARD,
            "pai_gow",
            6,
            how_to_play.how_to_play,
            bot_strategy="games.six_card_fortune_pai_gow.strategy",  # its Double Down rule
        )
        registry.register(spec)
