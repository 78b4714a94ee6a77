"""Simulated lab rows of Spanish 21: the main wager at each deck count the
game allows (paytables.DECKS), played through the game's own round by the
lab's basic strategy (games/blackjack/simulate.py, games/blackjack/strategy.py).
Pure: no Django, no I/O."""

from games.blackjack import simulate
from games.blackjack.round import MAIN
from games.lab.rows import SIMULATION, RowSpec
from games.spanish21 import paytables, rules

GAME = "spanish21"
DEFAULT_ROUNDS = 200_000


def specs():
    return [
        RowSpec(
            game=GAME,
            wager=MAIN,
            paytable=None,
            decks=decks,
            method=SIMULATION,
            title=f"Spanish 21 main wager, {decks} decks, basic strategy",
            default_rounds=DEFAULT_ROUNDS,
        )
        for decks in paytables.DECKS
    ]


def paytable_lines(spec):
    return simulate.paytable_lines(rules.VARIANT)


def config(decks):
    """The table's defaults (rules.Config) at ``decks`` decks, side wagers off."""
    return rules.Config(decks=decks, match_the_dealer=0, progressive=0)


def run(spec, *, payouts=None, rounds=None, seed=0, progress=None):
    if spec.wager != MAIN or spec.decks not in paytables.DECKS:
        raise ValueError(f"{spec.key}: Spanish 21 simulates the main wager at {paytables.DECKS} decks")
    return simulate.main_row(
        spec, rules.VARIANT, config(spec.decks), payouts=payouts, rounds=rounds, seed=seed, progress=progress
    )
