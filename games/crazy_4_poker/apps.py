from django.apps import AppConfig


class Crazy4PokerConfig(AppConfig):
    name = "games.crazy_4_poker"
    label = "crazy_4_poker"
    verbose_name = "Crazy 4 Poker"

    def ready(self):
        from casino.tables import registry
        from games.crazy_4_poker import how_to_play, presenter, rules
        from games.engine import CENTS_PER_CHIP

        registry.register(
            registry.GameSpec(
                slug="crazy_4_poker",
                name="Crazy 4 Poker",
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
                lab="games.crazy_4_poker.edge",
                how_to_play=how_to_play.how_to_play,
                mystery_wagers=rules.GAME.mystery_wager_limits,
            )
        )
