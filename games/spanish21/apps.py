from django.apps import AppConfig


class Spanish21Config(AppConfig):
    name = "games.spanish21"
    label = "spanish21"
    verbose_name = "Spanish 21"

    def ready(self):
        from casino.tables import registry
        from games.blackjack import presenter as blackjack
        from games.blackjack.round import MAIN
        from games.spanish21 import rules

        presenter = blackjack.Presenter(
            rules,
            {
                MAIN: ("Main wager", "Main"),
                rules.MATCH_THE_DEALER: ("Match the Dealer", "Match the Dealer"),
                rules.PROGRESSIVE: ("Match the Dealer progressive", "Progressive"),
            },
        )
        registry.register(
            registry.GameSpec(
                slug="spanish21",
                name="Spanish 21",
                rules=rules,
                present=presenter.present,
                last_result=blackjack.last_result,
                page_template="blackjack/table.html",
                public_template="blackjack/_public.html",
                private_template="blackjack/_private.html",
                default_max_seats=6,  # spanish21.md rule 5
                min_wager=lambda config: config.min_bet_cents,
                limits_text=presenter.limits_text,
            )
        )
