from django.apps import AppConfig


class UltimateTexasHoldemConfig(AppConfig):
    name = "games.ultimate_texas_holdem"
    label = "ultimate_texas_holdem"
    verbose_name = "Ultimate Texas Hold 'Em"

    def ready(self):
        from casino.tables import registry
        from games.engine import CENTS_PER_CHIP
        from games.ultimate_texas_holdem import how_to_play, presenter, rules

        registry.register(
            registry.GameSpec(
                slug="ultimate_texas_holdem",
                name="Ultimate Texas Hold 'Em",
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
                lab="games.ultimate_texas_holdem.edge",
                how_to_play=how_to_play.how_to_play,
                mystery_wagers=rules.GAME.mystery_wager_limits,
            )
        )
