from django.apps import AppConfig


class DownUnderBlackjackConfig(AppConfig):
    name = "games.down_under_blackjack"
    label = "down_under_blackjack"
    verbose_name = "Down Under Blackjack"

    def ready(self):
        from casino.tables import registry
        from games.blackjack.presenter import Presenter
        from games.blackjack.round import MAIN
        from games.down_under_blackjack import how_to_play, rules

        labels = {
            MAIN: ("Blackjack wager", "Main"),
            rules.MATCH_THE_DEALER: ("Match the Dealer", "Match the Dealer"),
            rules.PROGRESSIVE: ("Match the Dealer progressive", "Progressive"),
        }
        # The rules file names no number of spots: six, as the other blackjack tables.
        spec = registry.game_spec(
            self.label,
            self.verbose_name,
            rules,
            Presenter(rules, labels),
            "blackjack",
            6,
            how_to_play.how_to_play,
            bot_strategy="games.blackjack.best_play",  # the solver's best play
        )
        registry.register(spec)
