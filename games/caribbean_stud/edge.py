"""Caribbean Stud Poker's figures: the progressive's fixed part exactly, by
enumerating all 2,598,960 five-card hands of the player through the game's
own evaluator (games/cards/best_five.py); the Ante and Bet under the basic
strategy simulated (games/caribbean_stud/simulate.py).

Pure Python (no Django, no I/O). The lab's rows (``specs``/``compute``, the
shape games/lab/__init__.py states), joined to the lab by the GameSpec's ``lab``.
"""

from functools import cache

from games.caribbean_stud import paytables, rules, simulate
from games.four_card_poker.edge import five_card_line_probabilities, five_card_row
from games.lab.rows import line, paytable_specs, select, what_if

GAME = "caribbean_stud"
MYSTERY = True  # § 639c.1: the Must-Hit-By Mystery bonus is offered with the progressive
ANTE_BET = simulate.ANTE_BET
PROGRESSIVE = "progressive"

# -- the progressive, exact ---------------------------------------------------------------


@cache
def progressive_probabilities(name=paytables.DEFAULT_PROGRESSIVE_PAYTABLE):
    """{line: probability} of the progressive table ``name`` on the player's
    five cards (rule 9), every five-card hand equally likely (one deck, rule 1);
    the counts are Four Card Poker's enumeration of the same 2,598,960 hands."""
    return five_card_line_probabilities(paytables.progressive_paytable(name))


def progressive_row(spec, table):
    return five_card_row(
        spec,
        table,
        paytables.LINE_NAMES,
        [
            "One 52-card deck; each of the 2,598,960 five-card hands of the player equally likely (rules 1, 9).",
            "The player's five cards as a poker hand, whatever the dealer holds or whether the dealer "
            "qualifies; fixed lines 'for 1', the $1 collected at no more bets; only the highest line pays.",
            "Forfeited with a fold (rule 6): exact for any strategy that makes the Bet with a flush or "
            "better (the basic strategy bets every pair and better).",
            paytables.PROGRESSIVE_SOURCE + ".",
        ],
    )


# -- the lab's rows -------------------------------------------------------------------------


def specs():
    return [
        *simulate.specs(),
        *paytable_specs(
            GAME,
            PROGRESSIVE,
            paytables.PROGRESSIVE_NAMES,
            "Progressive ($1), paytable {name}",
            meter=(rules.PROGRESSIVE_KIND, "", 1),
        ),
    ]


def paytable_lines(spec):
    """The lines a designer may change on the simulated row: the Bet paytable's."""
    if spec.wager != ANTE_BET:
        return []
    table = paytables.bet_paytable(spec.paytable)
    return [
        line(key, f"Bet, {paytables.LINE_NAMES[key].lower()}", payout, None) for key, payout in table.items()
    ]


def compute(spec, *, payouts=None, rounds=None, seed=0, progress=None):
    if spec.wager == ANTE_BET:
        return simulate.run(spec, payouts=payouts, rounds=rounds, seed=seed, progress=progress)
    if spec.wager == PROGRESSIVE:
        return progressive_row(
            spec, what_if(paytables.progressive_paytable(spec.paytable), payouts, meter=True)
        )
    raise ValueError(f"Caribbean Stud has no row for the wager {spec.wager!r}")


def table_rows(config):
    """The rows a table with the Rules Submission ``config`` plays: each
    wager it offers, at its paytables (games/lab/__init__.py)."""
    rows = specs()
    found = select(rows, simulate.ANTE_BET, paytable=config.bet_name)
    if config.progressive:
        found += select(rows, PROGRESSIVE, paytable=config.progressive_name)
    return found
