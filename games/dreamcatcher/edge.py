"""The paytable lab's rows of Dreamcatcher (58 Pa. Code Ch. 689a): one exact
row per betting area, in closed form.

Pure Python (no Django, no I/O; games/lab/__init__.py). A round is a chain of
spins: each of the 54 sections equally likely; a 2× or 7× section spins
again and the multipliers stack (§ 689a.3(b)-(c)) until a number comes up.
With q_k = (sections of k) / 54 and the multiplier sections' sums
S1 = Σ m / 54 and S2 = Σ m² / 54 (over the 2× and 7× sections), summing the
geometric series over the chains of n multiplier spins before the number:

    P(final = k)        = q_k / (1 - P(multiplier))       = c_k / 52
    E[M · 1{final = k}]  = q_k / (1 - S1)                  = c_k / 45
    E[M² · 1{final = k}] = q_k / (1 - S2)                  = c_k

(finite since S2 = 53/54 < 1). The net of a wager on k is its winnings
× M when k comes up, -1 otherwise, so its mean and second moment follow.
"""

from fractions import Fraction

from games.dreamcatcher import rules, simulate
from games.lab.rows import EXACT, SIMULATION, RowSpec, line, moments_row, what_if
from games.payouts import Odds

GAME = "dreamcatcher"

# § 689a.3(a): "x to 1" on each spot.
PAYTABLE = {spot: Odds(odds) for spot, odds in rules.PAYOUT_ODDS.items()}
SPOT_NAMES = {spot: f"{spot} comes up" for spot in rules.SPOTS}
MULTIPLIER_NAMES = {symbol: f"{symbol} bonus spin (at least once in a round)" for symbol in rules.MULTIPLIERS}

ASSUMPTIONS = [
    "Digital wheel: each of the 54 sections is equally likely and a spin is never void (§ 689a.2(d)).",
    "Multipliers stack without limit until a number comes up (§ 689a.3(b)-(c)).",
    "Stake returned on a win ('to 1' odds, § 689a.3(a)).",
    "The table's maximum payout per round is not applied (per unit wager it depends on the stake).",
]


def specs():
    exact = [
        RowSpec(
            game=GAME,
            wager=spot,
            paytable=None,
            decks=None,
            method=EXACT,
            title=f"Dreamcatcher, wager on {spot}",
        )
        for spot in rules.SPOTS
    ]
    return exact + simulate.specs()


def compute(spec, *, payouts=None, rounds=None, seed=0, progress=None):
    if spec.method == SIMULATION:
        return simulate.run(spec, payouts=payouts, rounds=rounds, seed=seed, progress=progress)
    if spec.wager not in rules.SPOTS:
        raise ValueError(f"Dreamcatcher has no betting area {spec.wager!r} (§ 689a.1(g)(2))")
    paytable = what_if(PAYTABLE, payouts)
    return spot_row(spec, paytable)


def spot_row(spec, paytable):
    """The exact row of a wager on ``spec.wager`` under ``paytable``."""
    spot = spec.wager
    win = paytable[spot].winnings(1)
    chances = chain_moments()
    wins = chances["final"][spot]
    mean = win * chances["multiplier"][spot] - (1 - wins)
    second_moment = win * win * chances["multiplier_squared"][spot] + (1 - wins)
    return moments_row(
        spec,
        mean,
        second_moment,
        wins,
        lines=paytable_lines(paytable, chances),
        assumptions=ASSUMPTIONS,
    )


def paytable_lines(paytable, chances):
    """The six spots as the row shows them, then the two multipliers."""
    spots = [line(spot, SPOT_NAMES[spot], paytable[spot], chances["final"][spot]) for spot in rules.SPOTS]
    multipliers = [
        line(symbol, MULTIPLIER_NAMES[symbol], f"×{factor}", chances["bonus"][symbol])
        for symbol, factor in rules.MULTIPLIERS.items()
    ]
    return spots + multipliers


def chain_moments():
    """Per spot k, in closed form over the infinite chain of spins (module
    docstring): P(final = k), E[M·1{final = k}] and E[M²·1{final = k}]; per
    multiplier, the probability that a round stops on it at least once."""
    sections = len(rules.WHEEL)
    spin = {symbol: Fraction(count, sections) for symbol, count in rules.SECTION_COUNTS.items()}
    respin = sum(spin[symbol] for symbol in rules.MULTIPLIERS)
    first_moment = sum(spin[symbol] * factor for symbol, factor in rules.MULTIPLIERS.items())
    second_moment = sum(spin[symbol] * factor * factor for symbol, factor in rules.MULTIPLIERS.items())
    if second_moment >= 1:
        raise ValueError("the multipliers grow faster than the chain ends: no finite variance")
    numbers = 1 - respin
    return {
        "final": {spot: spin[spot] / numbers for spot in rules.SPOTS},
        "multiplier": {spot: spin[spot] / (1 - first_moment) for spot in rules.SPOTS},
        "multiplier_squared": {spot: spin[spot] / (1 - second_moment) for spot in rules.SPOTS},
        # The other multiplier only delays the race between this one and a number.
        "bonus": {symbol: spin[symbol] / (spin[symbol] + numbers) for symbol in rules.MULTIPLIERS},
    }


def table_rows(config):
    """The rows a table with the Rules Submission ``config`` plays: each
    wager it offers, at its paytables (games/lab/__init__.py). The wheel's six spots are offered at every table.
    """
    return specs()
