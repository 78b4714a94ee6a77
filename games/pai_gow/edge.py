"""The paytable lab's rows of Pai Gow Poker: the exact rows of the dice
wagers (§ 645c.2), from all 216 rolls of the red die and the two blue dice,
each line picked by games/pai_gow/dice.py as at the table.

Pure Python (no Django, no I/O; games/lab/__init__.py). The seven-card and
main-wager rows are simulations (games/pai_gow/simulate.py); the Must-Hit-By
Mystery bonus rows are added by the lab (``MYSTERY``).
"""

from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from itertools import product
from typing import Any

from games.lab.rows import EXACT, SIMULATION, EdgeRow, RowSpec, paytable_row, select, what_if
from games.pai_gow import dice, paytables, simulate
from games.pai_gow.rules import Config
from games.payouts import MeterShare, Odds

GAME = "pai_gow"
MYSTERY = True  # § 645c.3: the Must-Hit-By Mystery bonus is offered with the progressive payout wager

SUM = "dice_sum"
MATCH = "dice_match"
BEAT_IT = "dice_beat_it"
# The Match wager names a face; every face has the same lines by symmetry,
# so the row is worked out on this one.
MATCH_FACE = 1

ROLL_ASSUMPTIONS = [
    "Three fair dice: each of the 216 rolls (red, blue, blue) is equally likely.",
    "Stake returned on a win ('to 1' odds, § 645c.2(g)); a roll pays only its one line.",
]


def specs() -> list[RowSpec]:
    rows = [_spec(SUM, paytable, f"Sum wager, paytable {paytable}") for paytable in paytables.SUM_PAYTABLES]
    rows.append(_spec(MATCH, None, "Match wager (any face)"))
    rows += [
        _spec(BEAT_IT, paytable, f"Beat It wager, paytable {paytable}")
        for paytable in paytables.BEAT_IT_PAYTABLES
    ]
    return rows + simulate.specs()


def _spec(wager: str, paytable: str | None, title: str) -> RowSpec:
    return RowSpec(game=GAME, wager=wager, paytable=paytable, decks=None, method=EXACT, title=title)


def compute(
    spec: RowSpec,
    *,
    payouts: Mapping[str, Odds | MeterShare] | None = None,
    rounds: int | None = None,
    seed: int | str | None = 0,
    progress: simulate.Progress | None = None,
) -> EdgeRow:
    if spec.method == SIMULATION:
        return simulate.run(spec, payouts=payouts, rounds=rounds, seed=seed, progress=progress)
    if spec.wager == SUM:
        return _dice_row(
            spec,
            paytables.sum_paytable(spec.paytable),
            paytables.SUM_LINE_NAMES,
            payouts,
            ["§ 645c.2(e)(1), odds in § 645c.2(g)(1)."],
        )
    if spec.wager == MATCH:
        return _dice_row(
            spec,
            paytables.MATCH_PAYTABLE,
            paytables.MATCH_LINE_NAMES,
            payouts,
            [
                "§ 645c.2(e)(2), odds in § 645c.2(g)(2).",
                "The same RTP whichever face (1 to 6) the wager is on: the faces are alike.",
            ],
        )
    if spec.wager == BEAT_IT:
        return _dice_row(
            spec,
            paytables.beat_it_paytable(spec.paytable),
            paytables.BEAT_IT_LINE_NAMES,
            payouts,
            _beat_it_assumptions(spec.paytable),
        )
    raise ValueError(f"Pai Gow Poker has no exact row for the wager {spec.wager!r}")


def _beat_it_assumptions(paytable: str | None) -> list[str]:
    if paytable in dice.RED_BLUE_PAYTABLES:
        reading = "the red die against the sum of the two blue dice, a tie wins (§ 645c.2(e)(3)(i))."
    else:
        reading = "any one die beating the sum of the other two by 1 to 4 points (§ 645c.2(e)(3)(ii))."
    return [f"Beat It paytable {paytable}: {reading}", "Odds in § 645c.2(g)(3)."]


def _dice_row(
    spec: RowSpec,
    regulation_paytable: Mapping[str, Odds],
    names: Mapping[str, str],
    payouts: Mapping[str, Odds | MeterShare] | None,
    assumptions: list[str],
) -> EdgeRow:
    paytable = what_if(regulation_paytable, payouts)
    probabilities = dict(line_probabilities(spec.wager, spec.paytable))
    return paytable_row(spec, probabilities, paytable, names, assumptions=ROLL_ASSUMPTIONS + assumptions)


@cache
def line_probabilities(wager: str, paytable: str | None) -> tuple[tuple[str, Fraction], ...]:
    """((line, probability), ...) over the 216 rolls, each line as
    games/pai_gow/dice.py picks it; a roll making no line loses."""
    counts: dict[str, int] = {}
    for red, first, second in product(dice.FACES, repeat=dice.DICE):
        line = _line(wager, paytable, dice.Roll(red, (first, second)))
        if line is not None:
            counts[line] = counts.get(line, 0) + 1
    rolls = len(dice.FACES) ** dice.DICE
    return tuple((line, Fraction(count, rolls)) for line, count in counts.items())


def _line(wager: str, paytable: str | None, the_roll: dice.Roll) -> str | None:
    if wager == SUM:
        return dice.sum_line(the_roll, paytable)
    if wager == MATCH:
        return dice.match_line(the_roll, MATCH_FACE)
    return dice.beat_it_line(the_roll, paytable)


def paytable_lines(spec: RowSpec) -> list[dict[str, Any]]:
    """The lines a designer may change for a simulated row (games/lab)."""
    return simulate.paytable_lines(spec)


def table_rows(config: Config) -> list[RowSpec]:
    """The rows a table with the Rules Submission ``config`` plays: each
    wager it offers, at its paytables (games/lab/__init__.py)."""
    rows = specs()
    variation = "commission_free" if config.commission_free else "standard"
    found = select(rows, simulate.MAIN, variant=variation)
    if config.commission_free:
        found += select(rows, simulate.TIGER_9)  # § 645c.1: offered with commission-free play
    if config.fortune:
        found += select(rows, simulate.FORTUNE)
    if config.progressive:
        found += select(rows, simulate.PROGRESSIVE)
    if config.dice:
        found += select(rows, SUM, paytable=list(paytables.SUM_PAYTABLES)[config.sum_paytable - 1])
        found += select(rows, MATCH)
        found += select(
            rows, BEAT_IT, paytable=list(paytables.BEAT_IT_PAYTABLES)[config.beat_it_paytable - 1]
        )
    return found
