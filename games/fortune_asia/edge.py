"""The paytable lab's rows of Fortune Asia Poker. Pure (no Django, no I/O;
games/lab/__init__.py).

- The Fortune Asia Poker wager: simulated (games/fortune_asia/simulate.py),
  the player and the dealer both setting by the house way.
- The $1 progressive payout wager, project-default paytable (docs/rules/pai_gow.md
  § 9, docs/rules/README.md): exact, every seven cards of the 53-card deck counted
  through suit symmetry (games/pai_gow/seven_card_exact.py), the line of each
  named by the table's own ``seven_cards.line_of_indices``; about 10 s of CPU
  once a process.
- The Must-Hit-By Mystery bonus rows (§ 659c.1): added by the lab (``MYSTERY``).
"""

from fractions import Fraction

from games.fortune_asia import paytables, simulate
from games.lab.rows import EXACT, SIMULATION, RowSpec, paytable_row, select, what_if
from games.pai_gow import seven_card_exact

GAME = simulate.GAME
MYSTERY = True  # § 659c.1(a): offered with the progressive payout wager
PROGRESSIVE = "progressive"
PROGRESSIVE_METER = (paytables.PROGRESSIVE_METER_KIND, "", paytables.PROGRESSIVE_WAGER_CENTS // 100)


def specs():
    return [
        *simulate.specs(),
        RowSpec(
            game=GAME,
            wager=PROGRESSIVE,
            paytable=None,
            decks=None,
            method=EXACT,
            title="Progressive payout wager, $1, project-default paytable (not PA text)",
            meter=PROGRESSIVE_METER,
        ),
    ]


def line_probabilities():
    """{line: Fraction} of the progressive's lines over the C(53, 7) hands."""
    counts = seven_card_exact.line_counts()
    return {key: Fraction(count, seven_card_exact.HANDS) for key, count in counts.items()}


def compute(spec, *, payouts=None, rounds=None, seed=0, progress=None):
    if spec.method == SIMULATION:
        return simulate.run(spec, payouts=payouts, rounds=rounds, seed=seed, progress=progress)
    if spec.wager != PROGRESSIVE:
        raise ValueError(f"Fortune Asia Poker has no exact row for the wager {spec.wager!r}")
    paytable = what_if(paytables.PROGRESSIVE, payouts, meter=True)
    probabilities = {key: p for key, p in line_probabilities().items() if key in paytable}
    assumptions = [
        "Every seven cards of the 53-card deck, C(53, 7) = 154,143,080 hands, counted exactly: one hand "
        "a class under the 24 suit permutations, weighed by its class; each named by the table's own "
        "seven-card classifier (the joker as in Pai Gow Poker; only the highest line pays).",
        f"Paytable: {paytables.PROGRESSIVE_SOURCE} (docs/rules/README.md gives Fortune Asia Poker the "
        "docs/rules/pai_gow.md § 9 table). A fixed $1 wager; the fixed lines are 'for 1' (the stake "
        "included); below a full house the wager loses.",
        "The % of the meter lines are paid by the meter: their fixed part is the lost wager, their "
        "probabilities go into the meter's return.",
    ]
    if payouts:
        changed = ", ".join(
            f"{paytables.SEVEN_CARD_LINE_NAMES[key]} {payout}" for key, payout in payouts.items()
        )
        assumptions.append(f"What-if: {changed}.")
    return paytable_row(
        spec, probabilities, paytable, paytables.SEVEN_CARD_LINE_NAMES, assumptions=assumptions
    )


def paytable_lines(spec):
    return simulate.paytable_lines(spec)


def table_rows(config):
    """The rows a table with the Rules Submission ``config`` plays: each
    wager it offers, at its paytables (games/lab/__init__.py)."""
    rows = specs()
    found = select(rows, simulate.MAIN)
    if config.progressive:
        found += select(rows, PROGRESSIVE)
    return found
