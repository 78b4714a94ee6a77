from django.apps import AppConfig


class PlayersEdge21Config(AppConfig):
    name = "games.players_edge21"
    label = "players_edge21"
    verbose_name = "Player's Edge 21"

    def ready(self):
        from casino.tables import registry
        from games.blackjack import presenter as blackjack
        from games.blackjack.round import MAIN
        from games.players_edge21 import rules

        presenter = blackjack.Presenter(
            rules,
            {
                MAIN: ("Player's Edge 21 wager", "Main"),
                rules.MATCH_UP: ("Match-Up", "Match-Up"),
                rules.MATCH_DOWN: ("Match-Down", "Match-Down"),
                rules.MONSTER_MATCH: ("Monster Match progressive", "Monster Match"),
            },
        )
        registry.register(
            registry.GameSpec(
                slug="players_edge21",
                name="Player's Edge 21",
                rules=rules,
                present=presenter.present,
                last_result=blackjack.last_result,
                page_template="blackjack/table.html",
                public_template="blackjack/_public.html",
                private_template="blackjack/_private.html",
                default_max_seats=6,  # played as Spanish 21 (§ 635c.2(a))
                min_wager=lambda config: config.min_bet_cents,
                limits_text=presenter.limits_text,
            )
        )
