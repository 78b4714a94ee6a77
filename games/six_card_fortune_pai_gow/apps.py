from django.apps import AppConfig


class SixCardFortunePaiGowConfig(AppConfig):
    name = "games.six_card_fortune_pai_gow"
    label = "six_card_fortune_pai_gow"
    verbose_name = "Six-Card Fortune Pai Gow Poker"

    def ready(self):
        from casino.tables import registry
        from games.engine import CENTS_PER_CHIP
        from games.six_card_fortune_pai_gow import how_to_play, presenter, rules

        registry.register(
            registry.GameSpec(
                slug="six_card_fortune_pai_gow",
                name="Six-Card Fortune Pai Gow Poker",
                rules=rules,
                present=presenter.present,
                present_table=presenter.present_table,
                present_viewer=presenter.present_viewer,
                last_result=presenter.last_result,
                # The pai gow family's templates: the setting panel takes the hands from the variant.
                page_template="pai_gow/table.html",
                public_template="pai_gow/_public.html",
                private_template="pai_gow/_private.html",
                # Six player positions and the dealer (six_card_fortune_pai_gow.md rule 2).
                default_max_seats=6,
                min_wager=lambda config: config.min_bet * CENTS_PER_CHIP,
                limits_text=presenter.limits_text,
                lab="games.six_card_fortune_pai_gow.edge",
                how_to_play=how_to_play.how_to_play,
                mystery_wagers=rules.VARIANT.mystery_wager_limits,
                bot_strategy="games.six_card_fortune_pai_gow.strategy",
            )
        )
