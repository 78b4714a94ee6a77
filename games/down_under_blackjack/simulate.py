"""Simulated lab rows of Down Under Blackjack: the main wager at each deck
count the game allows (paytables.DECKS), played through the game's own round
(games/blackjack/simulate.py) by best play for the table's rules, by the
reader's class and the golden rule's exposed hole card
(games/blackjack/solver.py). Pure: no Django, no I/O.

Each row also prices, by the same solver, the main wager's rules a table may
choose instead of the defaults (``CHOICES``), so the lab shows the house edge
of every choice the Rules Submission offers."""

from games.blackjack import best_play, simulate
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
    # Blackjack only: no bonus 21s.
    return simulate.paytable_lines(rules.VARIANT.for_table(config(spec.decks)))


def config(decks, **choices):
    """The table's defaults (rules.Config) at ``decks`` decks, side wagers off,
    with ``choices`` of the Rules Submission (``hits_soft_17=0``...)."""
    return rules.Config(decks=decks, match_the_dealer=0, progressive=0, **choices)


# The main wager's rules a table may choose instead of the defaults (rules.Config).
CHOICES = (
    ("blackjack_6_to_5", "Blackjack pays 6 to 5", {"blackjack_6_to_5": 1}),
    ("stands_on_soft_17", "The dealer stands on soft 17", {"hits_soft_17": 0}),
)


def best_play_rtp(table_config):
    """The main wager's RTP under best play for a table's Rules Submission
    (the solver's exact figure, splits approximated as it says)."""
    return 1 + best_play.BestPlay(rules.VARIANT, table_config).expectation


def choice_rtps(decks):
    """{choice key: RTP under best play} of each of ``CHOICES`` at ``decks`` decks."""
    return {key: best_play_rtp(config(decks, **choices)) for key, _, choices in CHOICES}


NOTES = [
    "{decks} decks of 52 cards, cut card at 60-80% of the shoe, the first card burned.",
    "Best play reads the reader: each upcard with a Small, Medium or Large hole card, or the hole card "
    "itself when the golden rule turned it; the dealer's distribution is conditioned on it.",
    "Rules as the table plays them by default: the dealer hits soft 17, a blackjack pays 3 to 2, the dealer's 22 "
    "pushes (but any 21 and an original pair of Large cards win), an exposed dealer blackjack ends the round with "
    "a blackjack pushing, doubles on any first two cards and after splits, split to four hands, aces once with "
    "one card each, no surrender.",
]


def run(spec, *, payouts=None, rounds=None, seed=0, progress=None):
    if spec.wager != MAIN or spec.decks not in paytables.DECKS:
        raise ValueError(
            f"{spec.key}: Down Under Blackjack simulates the main wager at {paytables.DECKS} decks"
        )
    notes = [NOTES[0].format(decks=spec.decks), *NOTES[1:]]
    choices = choice_rtps(spec.decks)
    notes.append(
        "Best play at the table's other choices (the solver, exact): "
        + "; ".join(f"{name.lower()}, house edge {1 - choices[key]:.3%}" for key, name, _ in CHOICES)
        + "."
    )
    row = simulate.main_row(
        spec,
        rules.VARIANT,
        config(spec.decks),
        payouts=payouts,
        rounds=rounds,
        seed=seed,
        progress=progress,
        notes=notes,
    )
    row.details["choices_rtp"] = choices
    return row
