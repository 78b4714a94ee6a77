"""Simulated lab rows of Down Under Blackjack: the main wager at each deck
count the game allows (paytables.DECKS), played through the game's own round
(games/blackjack/simulate.py) by the chart of games/down_under_blackjack/
strategy.py. Pure: no Django, no I/O."""

from games.blackjack import simulate
from games.blackjack.round import MAIN
from games.down_under_blackjack import paytables, rules, strategy
from games.lab.rows import SIMULATION, RowSpec

GAME = "down_under_blackjack"
DEFAULT_ROUNDS = 200_000
STRATEGY = "basic"  # the row's variant: the strategy it plays


def specs():
    return [
        RowSpec(
            game=GAME,
            wager=MAIN,
            paytable=None,
            decks=decks,
            method=SIMULATION,
            title=f"Down Under Blackjack main wager, {decks} decks, basic strategy (reader not used)",
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
    "Strategy: the published basic strategy for 4-8 decks, dealer stands on soft 17, double on any two "
    "cards and after splits, late surrender (games/down_under_blackjack/strategy.py), read against the "
    "upcard only: the reader's Small/Medium/Large is not used. Against a 20 the golden rule turned over: "
    "stand on 20, surrender a two-card hard 12-19, else hit. Not best play: the solver is a later task.",
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
        bot=strategy.Bot(),
        notes=notes,
    )
