from django.apps import AppConfig


class PlayersEdge21Config(AppConfig):
    name = "games.players_edge21"
    label = "players_edge21"
    verbose_name = "Player's Edge 21"

    def ready(self):
        from casino.tables import registry
        from games.blackjack.presenter import Presenter
        from games.blackjack.round import MAIN
        from games.players_edge21 import how_to_play, rules

        labels = {
            MAIN: ("Player's Edge 21 wager", "Main"),
            rules.MATCH_UP: ("Match-Up", "Match-Up"),
            rules.MATCH_DOWN: ("Match-Down", "Match-Down"),
            rules.MONSTER_MATCH: ("Monster Match progressive", "Monster Match"),
        }
        # Played as Spanish 21 (§ 635c.2(a)): six betting positions.
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
