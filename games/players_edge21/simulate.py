"""Simulated lab rows of Player's Edge 21: the main wager at each deck count
the game allows (paytables.DECKS), played through the game's own round by
best play for the table's rules (games/blackjack/simulate.py,
games/blackjack/solver.py): its redoubles (§ 635c.2(f)(1)-(3)) and rescues
((f)(6)) where they pay best. Pure: no Django, no I/O."""

from games.blackjack import simulate
from games.blackjack.round import MAIN
from games.lab.rows import SIMULATION, RowSpec
from games.players_edge21 import paytables, rules

GAME = "players_edge21"
DEFAULT_ROUNDS = 200_000


def specs():
    return [
        RowSpec(
            game=GAME,
            wager=MAIN,
            paytable=None,
            decks=decks,
            method=SIMULATION,
            title=f"Player's Edge 21 main wager, {decks} decks, best play",
            default_rounds=DEFAULT_ROUNDS,
        )
        for decks in paytables.DECKS
    ]


def paytable_lines(spec):
    return simulate.paytable_lines(rules.VARIANT)


def config(decks):
    """The table's defaults (rules.Config: the dealer peeks) at ``decks`` decks, side wagers off."""
    return rules.Config(decks=decks, match_up=0, match_down=0, monster_match=0)


def run(spec, *, payouts=None, rounds=None, seed=0, progress=None):
    if spec.wager != MAIN or spec.decks not in paytables.DECKS:
        raise ValueError(f"{spec.key}: Player's Edge 21 simulates the main wager at {paytables.DECKS} decks")
    return simulate.main_row(
        spec,
        rules.VARIANT,
        config(spec.decks),
        payouts=payouts,
        rounds=rounds,
        seed=seed,
        progress=progress,
        assumptions=[
            "Player's Edge 21: full doubles; after one the hand stands, redoubles (§ 635c.2(f)(2)-(3)) or "
            "is rescued ((f)(6)), whichever best play values most; the dealer peeks (rule 9).",
        ],
    )
