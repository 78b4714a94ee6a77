"""Simulated lab rows of Down Under Blackjack: the main wager at each deck
count the game allows (paytables.DECKS), played through the game's own round
(games/blackjack/simulate.py) by best play for the table's rules, by the
reader's class and the golden rule's exposed hole card
(games/blackjack/solver.py). Pure: no Django, no I/O."""

from games.blackjack import simulate
from games.blackjack.round import MAIN
from games.down_under_blackjack import paytables, rules
from games.lab.rows import SIMULATION, RowSpec

GAME = "down_under_blackjack"
DEFAULT_ROUNDS = 200_000
STRATEGY = "best_play"  # the row's variant: the strategy it plays


def specs():
    return [
        RowSpec(
            game=GAME,
            wager=MAIN,
            paytable=None,
            decks=decks,
            method=SIMULATION,
            title=f"Down Under Blackjack main wager, {decks} decks, best play by the reader",
            variant=STRATEGY,
            default_rounds=DEFAULT_ROUNDS,
        )
        for decks in paytables.DECKS
    ]


def paytable_lines(spec):
    return simulate.paytable_lines(rules.VARIANT)  # blackjack only: no bonus 21s


def config(decks):
    """The table's defaults (rules.Config) at ``decks`` decks, side wagers off."""
    return rules.Config(decks=decks, match_the_dealer=0, progressive=0)


NOTES = [
    "{decks} decks of 52 cards, cut card at 60-80% of the shoe, the first card burned.",
    "Best play reads the reader: each upcard with a Small, Medium or Large hole card, or the hole card "
    "itself when the golden rule turned it; the dealer's distribution is conditioned on it.",
    "Rules as the table plays them: the dealer's 22 pushes (but any 21 and an original pair of Large cards win), "
    "an exposed dealer blackjack ends the round with a blackjack pushing, one card to split aces, three hands.",
]


def run(spec, *, payouts=None, rounds=None, seed=0, progress=None):
    if spec.wager != MAIN or spec.decks not in paytables.DECKS:
        raise ValueError(
            f"{spec.key}: Down Under Blackjack simulates the main wager at {paytables.DECKS} decks"
        )
    notes = [NOTES[0].format(decks=spec.decks), *NOTES[1:]]
    return simulate.main_row(
        spec,
        rules.VARIANT,
        config(spec.decks),
        payouts=payouts,
        rounds=rounds,
        seed=seed,
        progress=progress,
        notes=notes,
    )
