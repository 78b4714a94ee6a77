from django.apps import AppConfig


class CaribbeanStudConfig(AppConfig):
    name = "games.caribbean_stud"
    label = "caribbean_stud"
    verbose_name = "Caribbean Stud Poker"

    def ready(self):
        from casino.tables import registry
        from games.caribbean_stud import how_to_play, presenter, rules
        from games.engine import CENTS_PER_CHIP

        registry.register(
            registry.GameSpec(
                slug="caribbean_stud",
                name="Caribbean Stud Poker",
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
                lab="games.caribbean_stud.edge",
                how_to_play=how_to_play.how_to_play,
                mystery_wagers=rules.GAME.mystery_wager_limits,
            )
        )
