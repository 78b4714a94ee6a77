from django.apps import AppConfig


class DreamcatcherConfig(AppConfig):
    name = "games.dreamcatcher"
    label = "dreamcatcher"
    verbose_name = "Dreamcatcher"

    def ready(self):
        from casino.tables import registry
        from games.dreamcatcher import how_to_play, presenter, rules

        registry.register(
            registry.GameSpec(
                slug="dreamcatcher",
                name="Dreamcatcher",
                rules=rules,
                present=presenter.present,
                present_table=presenter.present_table,
                present_viewer=presenter.present_viewer,
                last_result=presenter.last_result,
                page_template="dreamcatcher/table.html",
                public_template="dreamcatcher/_public.html",
                private_template="dreamcatcher/_private.html",
                default_max_seats=12,
                min_wager=lambda config: config.min_bet * rules.CENTS_PER_CHIP,
                limits_text=lambda config: (
                    f"{config.min_bet:,}–{config.max_bet:,} per spot · max payout {config.max_payout:,}"
                ),
                lab="games.dreamcatcher.edge",
                how_to_play=how_to_play.how_to_play,
            )
        )
