from django.apps import AppConfig


class DownUnderBlackjackConfig(AppConfig):
    name = "games.down_under_blackjack"
    label = "down_under_blackjack"
    verbose_name = "Down Under Blackjack"

    def ready(self):
        from casino.tables import registry
        from games.blackjack.presenter import game_spec
        from games.blackjack.round import MAIN
        from games.down_under_blackjack import how_to_play, rules

        labels = {
            MAIN: ("Blackjack wager", "Main"),
            rules.MATCH_THE_DEALER: ("Match the Dealer", "Match the Dealer"),
            rules.PROGRESSIVE: ("Match the Dealer progressive", "Progressive"),
        }
        # The rules file names no number of spots: six, as the other blackjack tables.
        # The lab finds its rows in games/down_under_blackjack/edge.py.
        registry.register(
            game_spec(
                "down_under_blackjack",
                "Down Under Blackjack",
                rules,
                labels,
                max_seats=6,
                lab="games.down_under_blackjack.edge",
                how_to_play=how_to_play.how_to_play,
            )
        )
