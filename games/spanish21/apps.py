from django.apps import AppConfig


class Spanish21Config(AppConfig):
    name = "games.spanish21"
    label = "spanish21"
    verbose_name = "Spanish 21"

    def ready(self):
        from casino.tables import registry
        from games.blackjack.presenter import Presenter
        from games.blackjack.round import MAIN
        from games.spanish21 import how_to_play, rules

        labels = {
            MAIN: ("Main wager", "Main"),
            rules.MATCH_THE_DEALER: ("Match the Dealer", "Match the Dealer"),
            rules.PROGRESSIVE: ("Match the Dealer progressive", "Progressive"),
        }
        # Up to six betting positions (docs/rules/spanish21.md rule 5).
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
