from django.apps import AppConfig


class PaiGowConfig(AppConfig):
    name = "games.pai_gow"
    label = "pai_gow"
    verbose_name = "Pai Gow Poker"

    def ready(self):
        from casino.tables import registry
        from games.engine import CENTS_PER_CHIP
        from games.pai_gow import how_to_play, presenter, rules

        registry.register(
            registry.GameSpec(
                slug="pai_gow",
                name="Pai Gow Poker",
                rules=rules,
                present=presenter.present,
                present_table=presenter.present_table,
                present_viewer=presenter.present_viewer,
                last_result=presenter.last_result,
                page_template="pai_gow/table.html",
                public_template="pai_gow/_public.html",
                private_template="pai_gow/_private.html",
                # Up to six players and the dealer (pai_gow_poker.md rule 7).
                default_max_seats=6,
                min_wager=lambda config: config.min_bet * CENTS_PER_CHIP,
                limits_text=presenter.limits_text,
                lab="games.pai_gow.edge",
                how_to_play=how_to_play.how_to_play,
                mystery_wagers=rules.VARIANT.mystery_wager_limits,
            )
        )
