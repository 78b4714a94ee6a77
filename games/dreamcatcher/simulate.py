"""A vectorised Dreamcatcher spin simulator (numpy), for the lab's benchmark
and as a check of the exact rows.

The Dreamcatcher rows of the lab are exact (every spot's return follows from
the wheel's section counts), so ``specs()`` adds none. ``simulate_spots``
spins the wheel of ``rules.WHEEL`` in chunks of a few million rounds: each
round's first spin is a section drawn uniformly from the 54 (rules.draw_spin:
the digital wheel picks a section uniformly), from a random byte below 216 =
4 × 54, the byte mod 54; the chunk's first spins are counted per section
with one ``bincount`` and never kept one by one. The rounds
whose first spin stopped on a multiplier section (§ 689a.1(d): 2x, 7x; one
round in 27) spin again, only those, until each stops on a number, their
multipliers stacking (§ 689a.3(b)-(c)). A winning wager wins
``rules.winnings(stake, result, multiplier)``: the § 689a.3(a) odds
(``rules.PAYOUT_ODDS``) times the stacked multiplier; every other wager
loses its stake. Per spot, the chunk's sums (rounds, net, net², wins) go
into a RunningStats; nothing is kept per round.

A caution on the bands: the stacked multiplier m has a finite variance but
an infinite fourth moment (the mean of f⁴ over the 54 sections, (16 +
2401)/54, exceeds 1), so a sample's variance converges slowly and mostly
falls short. E[m²; a round ends on a spot] is the spot's section count c (a
geometric series of ratio (4 + 49)/54), so the net's true standard deviation
is sqrt(odds² × c + ...): 4.85, 7.79, 13.3, 20.0, 28.3 and 40.0 for the 1,
2, 5, 10, 20 and 40, where runs of millions of rounds mostly show about 1.6,
2.5, 4, 5.6, 8 and 11. The 99% bands of ``RunningStats`` are then narrower
than they should be; the exact figures (``exact_rtp``) are the reference.

Pure (no Django, no I/O); numpy only. tests/test_lab_simulated.py plays
rounds of the same section sequences through ``rules.apply`` and checks the
sums agree.
"""

from fractions import Fraction

import numpy as np

from games.dreamcatcher import rules
from games.lab.rows import RunningStats
from games.payouts import Odds

CHUNK = 1 << 22  # random bytes per chunk (4 MiB): about 3.5 million rounds
SECTIONS = len(rules.WHEEL)
SPOTS = rules.SPOTS
NO_SPOT = 255

# Per section of the wheel: the spot its number wins (index into SPOTS), or
# NO_SPOT on a multiplier section; and its multiplier (1 on a number).
SPOT_OF_SECTION = np.array(
    [SPOTS.index(symbol) if symbol in rules.PAYOUT_ODDS else NO_SPOT for symbol in rules.WHEEL],
    dtype=np.uint8,
)
FACTOR_OF_SECTION = np.array([rules.MULTIPLIERS.get(symbol, 1) for symbol in rules.WHEEL], dtype=np.int64)
IS_MULTIPLIER = FACTOR_OF_SECTION > 1
_MULTIPLIER_SECTIONS = tuple(int(section) for section in np.flatnonzero(IS_MULTIPLIER))
_ACCEPT = 256 // SECTIONS * SECTIONS  # 216: random bytes below it give a uniform section
# Sections per spot, for turning a count per section into a count per spot.
_SECTION_SPOT_MATRIX = np.zeros((SECTIONS, len(SPOTS)), dtype=np.int64)
for _section, _spot in enumerate(SPOT_OF_SECTION):
    if _spot != NO_SPOT:
        _SECTION_SPOT_MATRIX[_section, _spot] = 1


def specs():
    return []  # the Dreamcatcher rows are exact (games/dreamcatcher/edge.py)


def run(spec, *, payouts=None, rounds=None, seed=0, progress=None):
    raise ValueError(f"{spec.key}: Dreamcatcher has no simulated rows; see simulate_spots")


def spot_odds(payouts=None):
    """Winnings per unit wager of each spot at multiplier 1: ``rules.winnings``
    (the § 689a.3(a) odds), or a designer's what-if ``payouts`` {spot: Odds}."""
    payouts = payouts or {}
    for key, payout in payouts.items():
        if not isinstance(payout, Odds):
            raise ValueError(f"{key}: a spot pays fixed odds ('40 to 1'), not {payout}")
    return np.array(
        [
            float(payouts[spot].winnings(1)) if spot in payouts else rules.winnings(1, spot, 1)
            for spot in SPOTS
        ],
        dtype=np.float64,
    )


class SpotStats(dict):
    """{spot: RunningStats} of the net result per unit wager on that spot, with
    the ``rounds`` played and the ``spins`` they took (bonus spins included)."""

    rounds = 0
    spins = 0


def settle_rounds(counts, bonus):
    """The rounds of a chunk, from how many first spins stopped on each section.

    ``counts``: per section of the wheel, the rounds whose first spin stopped
    there. A round on a number is settled at once (multiplier 1, in the
    counts). The rounds on a multiplier spin again: grouped by their first
    section in wheel order (all the 7x rounds, then the 2x ones), at step k
    the rounds still pending get ``bonus(k, count)``: ``count`` uint8
    sections, in that order; a number ends a round, a multiplier stacks
    (§ 689a.3(b)-(c)). Returns (the spot index each bonus round ended on,
    its stacked multiplier, the bonus spins drawn)."""
    multiplier = np.concatenate(
        [np.full(int(counts[section]), FACTOR_OF_SECTION[section]) for section in _MULTIPLIER_SECTIONS]
    )
    spots, multipliers = [], []
    step = spins = 0
    while multiplier.size:
        sections = bonus(step, multiplier.size)
        spins += multiplier.size
        factor = FACTOR_OF_SECTION[sections]
        stopped = factor == 1
        spots.append(SPOT_OF_SECTION[sections[stopped]])
        multipliers.append(multiplier[stopped])
        multiplier = multiplier[~stopped] * factor[~stopped]
        step += 1
    if spots:
        return np.concatenate(spots), np.concatenate(multipliers), spins
    return np.zeros(0, np.uint8), np.zeros(0, np.int64), spins


def spin_rounds(first, bonus):
    """``settle_rounds`` for explicit first spins (uint8 sections, one a round):
    (per-section counts, final spots, multipliers, bonus spins)."""
    counts = np.bincount(first, minlength=SECTIONS)
    return (counts, *settle_rounds(counts, bonus))


def draw_sections(generator, count):
    """``count`` uniform sections 0-53 as uint8 (rules.draw_spin's uniform
    section), by rejection from random bytes."""
    out = np.empty(0, np.uint8)
    while out.size < count:
        raw = _random_bytes(generator, (count - out.size) * 5 // 4 + 16)
        out = np.concatenate([out, raw[raw < _ACCEPT] % SECTIONS])
    return out[:count]


def _random_bytes(generator, count):
    return generator.bit_generator.random_raw((count + 7) // 8).view(np.uint8)[:count]


def first_spin_counts(generator, most, size=CHUNK):
    """Per section, how many first spins of up to ``most`` rounds stop there,
    from ``size`` random bytes (fewer near the end): a byte below 216 = 4 × 54
    is a spin (uniform), its value mod 54 the section; counted per byte
    value, then folded onto the 54 sections. Exactly ``most`` rounds when the
    bytes hold that many spins, else all they hold."""
    raw = _random_bytes(generator, min(size, most * 5 // 4 + 64))
    by_byte = np.bincount(raw, minlength=256)
    if int(by_byte[:_ACCEPT].sum()) > most:  # the last chunk: up to the most-th spin
        end = int(np.flatnonzero(raw < _ACCEPT)[most - 1]) + 1
        by_byte = np.bincount(raw[:end], minlength=256)
    return by_byte[:_ACCEPT].reshape(_ACCEPT // SECTIONS, SECTIONS).sum(axis=0)


def spot_sums(counts, final_spots, multipliers, odds):
    """Per spot, (rounds, sum of nets, sum of squared nets, wins) of a chunk:
    a winning round nets ``odds × multiplier``, any other round -1."""
    rounds = int(counts.sum())
    plain = counts @ _SECTION_SPOT_MATRIX  # rounds won at once, multiplier 1, per spot
    sums = []
    for index in range(len(SPOTS)):
        won = multipliers[final_spots == index].astype(np.float64)
        wins = int(plain[index]) + won.size
        gain = float(plain[index]) + float(won.sum())
        square = float(plain[index]) + float((won * won).sum())
        losses = rounds - wins
        sums.append((rounds, odds[index] * gain - losses, odds[index] ** 2 * square + losses, wins))
    return sums


def simulate_spots(rounds, seed=0, payouts=None, *, chunk=CHUNK, progress=None):
    """``rounds`` seeded rounds with a unit wager on every spot: SpotStats."""
    generator = np.random.Generator(np.random.PCG64(seed))

    def bonus(step, count):
        return draw_sections(generator, count)

    odds = spot_odds(payouts)
    result = SpotStats({spot: RunningStats() for spot in SPOTS})
    done = 0
    while done < rounds:
        counts = first_spin_counts(generator, rounds - done, chunk)
        size = int(counts.sum())
        final_spots, multipliers, spins = settle_rounds(counts, bonus)
        for spot, sums in zip(SPOTS, spot_sums(counts, final_spots, multipliers, odds), strict=True):
            result[spot].add_many(*sums)
        result.spins += size + spins
        done += size
        if progress:
            progress(done, rounds)
    result.rounds = done
    return result


def exact_rtp(spot):
    """The exact return of a unit wager on ``spot`` (a Fraction), to check the
    simulation by: with c sections of the spot among the 54, a round ends on
    it with probability c / (54 - multiplier sections) and wins odds × E[the
    stacked multiplier; it ends there] = odds × c / (54 - the multipliers' sum
    over their sections), i.e. c / 52 and odds × c / 45 on this wheel."""
    sections = len(rules.WHEEL)
    stops = sections - sum(rules.SECTION_COUNTS[symbol] for symbol in rules.MULTIPLIERS)
    weight = sections - sum(
        factor * rules.SECTION_COUNTS[symbol] for symbol, factor in rules.MULTIPLIERS.items()
    )
    count = rules.SECTION_COUNTS[spot]
    return Fraction(count * rules.PAYOUT_ODDS[spot], weight) + Fraction(count, stops)
