from django.apps import AppConfig


class FortuneAsiaPokerConfig(AppConfig):
    name = "games.fortune_asia"
    label = "fortune_asia"
    verbose_name = "Fortune Asia Poker"

    def ready(self):
        from casino.tables import registry
        from games.engine import CENTS_PER_CHIP
        from games.fortune_asia import how_to_play, presenter, rules

        registry.register(
            registry.GameSpec(
                slug="fortune_asia_poker",
                name="Fortune Asia Poker",
                rules=rules,
                present=presenter.present,
                present_table=presenter.present_table,
                present_viewer=presenter.present_viewer,
                last_result=presenter.last_result,
                # The pai gow family's templates: the setting panel takes the three hands from the variant.
                page_template="pai_gow/table.html",
                public_template="pai_gow/_public.html",
                private_template="pai_gow/_private.html",
                # Six betting positions and the dealer (fortune_asia_poker.md rule 3).
                default_max_seats=6,
                min_wager=lambda config: config.min_bet * CENTS_PER_CHIP,
                limits_text=presenter.limits_text,
                lab="games.fortune_asia.edge",
                how_to_play=how_to_play.how_to_play,
                mystery_wagers=rules.VARIANT.mystery_wager_limits,
            )
        )
