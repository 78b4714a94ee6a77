from django.apps import AppConfig


class FourCardPokerConfig(AppConfig):
    name = "games.four_card_poker"
    label = "four_card_poker"
    verbose_name = "Four Card Poker"

    def ready(self):
        from casino.tables import registry
        from games.engine import CENTS_PER_CHIP
        from games.four_card_poker import how_to_play, presenter, rules

        registry.register(
            registry.GameSpec(
                slug="four_card_poker",
                name="Four Card Poker",
                rules=rules,
                present=presenter.present,
                present_table=presenter.present_table,
                present_viewer=presenter.present_viewer,
                last_result=presenter.last_result,
                page_template="poker/table.html",
                public_template="poker/_public.html",
                private_template="poker/_private.html",
                default_max_seats=6,
                min_wager=lambda config: config.min_bet * CENTS_PER_CHIP,
                min_to_play=rules.GAME.least_to_play,
                limits_text=presenter.limits_text,
                lab="games.four_card_poker.edge",
                how_to_play=how_to_play.how_to_play,
                mystery_wagers=rules.GAME.mystery_wager_limits,
            )
        )
