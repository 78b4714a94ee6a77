from django.apps import AppConfig


class LetItRideConfig(AppConfig):
    name = "games.let_it_ride"
    label = "let_it_ride"
    verbose_name = "Let It Ride Poker"

    def ready(self):
        from casino.tables import registry
        from games.engine import CENTS_PER_CHIP
        from games.let_it_ride import how_to_play, presenter, rules

        registry.register(
            registry.GameSpec(
                slug="let_it_ride",
                name="Let It Ride Poker",
                rules=rules,
                present=presenter.present,
                present_table=presenter.present_table,
                present_viewer=presenter.present_viewer,
                last_result=presenter.last_result,
                page_template="poker/table.html",
                public_template="poker/_public.html",
                private_template="poker/_private.html",
                default_max_seats=7,
                min_wager=lambda config: config.min_bet * CENTS_PER_CHIP,
                min_to_play=rules.GAME.least_to_play,
                limits_text=presenter.limits_text,
                lab="games.let_it_ride.edge",
                how_to_play=how_to_play.how_to_play,
                mystery_wagers=rules.GAME.mystery_wager_limits,
            )
        )
