"""Simulated lab rows of Pai Gow Poker: the main wager in the standard (5%
commission, Ch. 645a) and commission-free (§ 645c.1) variations, the
Tiger 9 wager (§ 645c.1(c), (g)), one player against the dealer, and the two
seven-card wagers: the Fortune bonus (common-practice paytable) and the $1
progressive payout wager (project-default paytable), neither PA text.

Pure (no Django, no I/O). Every round is settled by the game's own code, on
card indices (the fast path ``games/pai_gow/house_way.py`` keeps for the
lab): both hands are set by ``house_way_indices`` (docs/rules/pai_gow.md § 5),
valued by ``games.cards.poker``, checked by ``is_foul_values`` (§ 2, rule
6) and compared by ``compare_values`` (§ 6, rules 20-21: a copy goes to the
dealer); a win is paid ``paytables.main_win_cents`` (1 to 1 less the
commission), a dealer Tiger 9 is ``paytables.is_tiger_9`` and the Tiger 9
wager pays ``paytables.TIGER_9``. This is what ``rules._settle_main`` and
``rules._reveal_and_settle`` call for a hand set by the house way;
tests/test_lab_simulated.py plays seeded rounds through ``rules.apply`` and
checks both give the same result.

The Fortune and progressive wagers are paid on the line of the player's seven
cards, whatever the setting (docs/rules/pai_gow.md rules 33, 35): each round deals
seven cards and ``seven_cards.line_of_indices`` (the fast path of the
``seven_card_line`` that ``rules._reveal_and_settle`` calls) names the line;
``paytables.FORTUNE`` or ``paytables.PROGRESSIVE`` (or a designer's what-if
copy) pays it. The rounds are tallied by line, so the figures of any paytable
follow from the tally. The progressive's "% of the meter" lines are the
meter's: their fixed part is the lost wager and their probabilities go into
``meter_shares``; the 100% line (a seven-card straight flush without the
joker, about 1 in 4.8 million) is given exactly (``SEVEN_CARD_STRAIGHT_FLUSH_PROBABILITY``).
"""

import math
import random
from collections.abc import Iterator, Mapping, Sequence
from fractions import Fraction
from typing import Any, cast

from games.cards.poker import CARDS, TWO_CARD, eval5_indices
from games.lab.rows import SIMULATION, EdgeRow, RowSpec, RunningStats, line, simulated_row, what_if
from games.lab.simulation import Progress, chunks
from games.pai_gow import paytables
from games.pai_gow.house_way import LOSE, WIN, compare_values, house_way_indices, is_foul_values
from games.pai_gow.rules import FORTUNE, MAIN, PROGRESSIVE, TIGER_9, Config
from games.pai_gow.seven_cards import line_of_indices
from games.payouts import MeterShare, Odds

GAME = "pai_gow"
DECK = tuple(range(53))  # the 53-card deck as card indices (games.cards.poker.CARDS)
# The wager the figures are computed on: the table minimum (rules.Config.min_bet).
# The commission on a whole number of dollars is a whole number of cents, so
# the net per unit is the same at any whole-chip wager.
WAGER_CENTS = Config().min_bet * 100
DEFAULT_ROUNDS = 1_000_000

# Line keys a designer may replace (``payouts``); the seven-card wagers' are
# the keys of their paytables (``paytables.SEVEN_CARD_LINES``).
WIN_LINE = "win"
TIGER_9_LINE = "tiger_9"
NO_PAY_LINE = "lose"  # the seven-card rows' losing rounds, shown, not editable
Payout = Odds | MeterShare

# The progressive payout wager's meter: (kind, paytable label, wager $) as
# the platform's ``meter_rules`` takes them (games/meters.py).
PROGRESSIVE_METER = ("progressive_payout", "", paytables.PROGRESSIVE_WAGER_CENTS // 100)

# The seven-card straight flush without the joker (the progressive's 100%
# line), exactly: seven natural cards of one suit in sequence, as
# seven_cards.py calls them: A-2-3-4-5-6-7 (the ace low), 2-8, ..., 8-A (the
# ace high), no wraparound: 8 sequences in each of 4 suits, out of the
# C(53, 7) hands of seven cards from the 53-card deck.
SEVEN_CARD_STRAIGHT_FLUSH_SEQUENCES = 8
SEVEN_CARD_STRAIGHT_FLUSH_PROBABILITY = Fraction(SEVEN_CARD_STRAIGHT_FLUSH_SEQUENCES * 4, math.comb(53, 7))

# § 645c.1(c)(2), (h): whether the dealer's two-card low hand is a Tiger 9,
# by a * 53 + b, from the rules' own test on every pair of cards.
_IS_TIGER_9 = tuple(
    a != b and paytables.is_tiger_9((CARDS[a], CARDS[b])) for a in range(53) for b in range(53)
)

_VARIATION_NAMES = {
    paytables.STANDARD: "standard, 5% commission (Ch. 645a)",
    paytables.COMMISSION_FREE: "commission-free, a dealer Tiger 9 pushes (§ 645c.1)",
}


def specs() -> list[RowSpec]:
    rows = [
        RowSpec(
            game=GAME,
            wager=MAIN,
            paytable=None,
            decks=None,
            method=SIMULATION,
            title=f"Pai Gow Poker wager, {_VARIATION_NAMES[variation]}",
            variant=variation,
            default_rounds=DEFAULT_ROUNDS,
        )
        for variation in paytables.VARIATIONS
    ]
    rows.append(
        RowSpec(
            game=GAME,
            wager=TIGER_9,
            paytable=None,  # § 645c.1(g) gives one payout, 30 to 1
            decks=None,
            method=SIMULATION,
            title="Tiger 9 wager, 30 to 1 (§ 645c.1(g))",
            default_rounds=DEFAULT_ROUNDS,
        )
    )
    rows.append(
        RowSpec(
            game=GAME,
            wager=FORTUNE,
            paytable=None,  # one common-practice table, not the regulation's
            decks=None,
            method=SIMULATION,
            title="Fortune bonus, common-practice paytable (not PA text)",
            default_rounds=DEFAULT_ROUNDS,
        )
    )
    rows.append(
        RowSpec(
            game=GAME,
            wager=PROGRESSIVE,
            paytable=None,
            decks=None,
            method=SIMULATION,
            title="Progressive payout wager, $1, project-default paytable (not PA text)",
            meter=PROGRESSIVE_METER,
            default_rounds=DEFAULT_ROUNDS,
        )
    )
    return rows


# The regulation's (or the project's) paytable of each seven-card wager.
SEVEN_CARD_PAYTABLES: dict[str, Mapping[str, Payout]] = {
    FORTUNE: paytables.FORTUNE,
    PROGRESSIVE: paytables.PROGRESSIVE,
}


def paytable_lines(spec: RowSpec) -> list[dict[str, Any]]:
    """The lines a designer may replace in a what-if copy."""
    if spec.wager == TIGER_9:
        return [line(TIGER_9_LINE, "Dealer's Tiger 9", paytables.TIGER_9, 0)]
    if spec.wager in SEVEN_CARD_PAYTABLES:
        return [
            line(key, paytables.SEVEN_CARD_LINE_NAMES[key], payout, 0)
            for key, payout in SEVEN_CARD_PAYTABLES[spec.wager].items()
        ]
    return [line(WIN_LINE, "Both hands win", paytables.WIN, 0)]


def win_net(variation: str, odds: Odds | None = None) -> float:
    """Net per unit wager of a winning Pai Gow Poker wager: 1 to 1 less the
    5% commission in the standard game (``paytables.main_win_cents``), or
    ``odds`` (a what-if) less the same commission."""
    if odds is None:
        return paytables.main_win_cents(WAGER_CENTS, variation) / WAGER_CENTS
    winnings = odds.winnings_cents(WAGER_CENTS)
    return (winnings - paytables.commission_cents(winnings, variation)) / WAGER_CENTS


def deal(rng: random.Random, count: int) -> list[int]:
    """``count`` cards from a fresh 53-card deck, in order, uniformly: a partial
    Fisher-Yates draw, each index by rejection from 6 random bits. The very
    draw ``rng.sample(DECK, count)`` makes (its pool method), the same cards
    from the same generator, without its general-purpose overhead (up to 21
    cards, while every deck size left needs 6 bits)."""
    if not 0 < count <= 21:
        raise ValueError(f"deal 1 to 21 cards, not {count}")
    bits = rng.getrandbits
    deck = list(DECK)
    cards = []
    for size in range(53, 53 - count, -1):
        index = bits(6)
        while index >= size:
            index = bits(6)
        cards.append(deck[index])
        deck[index] = deck[size - 1]
    return cards


def dealer_setting(dealer: Sequence[int]) -> tuple[int, int, bool]:
    """(high value, low value, Tiger 9?) of the dealer's seven card indices,
    set by the house way (§ 5; § 645c.1(d): the dealer sets by it)."""
    back, front = house_way_indices(dealer)
    a, b = front
    return eval5_indices(*back), TWO_CARD[a * 53 + b], _IS_TIGER_9[a * 53 + b]  # type: ignore[arg-type]  # five cards (house_way.py says why)


def main_result(player: Sequence[int], dealer: Sequence[int], commission_free: bool) -> str:
    """WIN, LOSE or PUSH of a player's seven cards, set by the house way,
    against the dealer's, as rules._settle_main settles them."""
    dealer_high, dealer_low, tiger = dealer_setting(dealer)
    if commission_free and tiger:
        return paytables.PUSH  # § 645c.1(e)(1): every Pai Gow Poker wager pushes
    back, front = house_way_indices(player)
    high = eval5_indices(*back)  # type: ignore[arg-type]  # five cards (house_way.py says why)
    low = TWO_CARD[front[0] * 53 + front[1]]
    if is_foul_values(high, low):
        return LOSE  # § 6, rule 22 (the house way never fouls; checked as the table does)
    return compare_values(high, low, dealer_high, dealer_low)


def run(
    spec: RowSpec,
    *,
    payouts: Mapping[str, Payout] | None = None,
    rounds: int | None = None,
    seed: int | str | None = 0,
    progress: Progress | None = None,
) -> EdgeRow:
    """The EdgeRow of ``spec`` from ``rounds`` seeded deals."""
    total = rounds or spec.default_rounds
    rng = random.Random(seed)
    payouts = payouts or {}
    if spec.wager in SEVEN_CARD_PAYTABLES:
        return _seven_card_row(spec, rng, total, payouts, progress)
    for key, payout in payouts.items():
        if not isinstance(payout, Odds):
            raise ValueError(f"{key}: this line pays fixed odds ('30 to 1'), not {payout}")
    fixed = cast(Mapping[str, Odds], payouts)  # every line checked: fixed odds
    stats = RunningStats(total)
    odds: Odds | None
    if spec.wager == TIGER_9:
        odds = fixed.get(TIGER_9_LINE, paytables.TIGER_9)
        _run_tiger_9(rng, total, float(odds.winnings(1)), stats, progress)
        assumptions = [
            "The Tiger 9 wager is offered with commission-free play only (§ 645c.1(c)); "
            "it wins when the dealer's low hand, set by the house way, is a Tiger 9.",
            f"Tiger 9 pays {odds}" + (" (what-if)" if TIGER_9_LINE in payouts else " (§ 645c.1(g))") + ".",
        ]
        lines = [line(TIGER_9_LINE, "Dealer's Tiger 9", odds, stats.hits / stats.n)]
    elif spec.wager == MAIN:
        variation = spec.variant
        if variation not in paytables.VARIATIONS:
            raise ValueError(f"{spec.key}: unknown variation {variation!r}")
        odds = fixed.get(WIN_LINE)
        counts = _run_main(rng, total, variation, win_net(variation, odds), stats, progress)
        assumptions = [
            "One player against the dealer, a fresh 53-card deck every round (docs/rules/pai_gow.md rule 13).",
            "The player and the dealer both set by the house way (docs/rules/pai_gow.md § 5).",
            "A copy goes to the dealer; one hand won, a push; pushes are not hits.",
        ]
        if variation == paytables.STANDARD:
            assumptions.append(
                "A win pays 1 to 1 less a 5% commission (§ 645a.7(d); docs/rules/pai_gow.md rule 21); no Tiger 9 rule."
            )
        else:
            assumptions.append("No commission; a dealer Tiger 9 pushes every wager (§ 645c.1(e)(1), (h)).")
        if odds is not None:
            assumptions.append(f"What-if: a win pays {odds} before the commission.")
        lines = [
            line(WIN_LINE, "Both hands win", odds or paytables.WIN, counts[WIN] / total),
            line(
                "push",
                "Push (one hand each, or a dealer Tiger 9)",
                "stake back",
                counts[paytables.PUSH] / total,
            ),
            line("lose", "Loses", "stake lost", counts[LOSE] / total),
        ]
    else:
        raise ValueError(
            f"{spec.key}: pai gow simulates the main, Tiger 9, Fortune and progressive wagers only"
        )
    return simulated_row(spec, stats, lines=lines, assumptions=assumptions)


def _run_main(
    rng: random.Random,
    total: int,
    variation: str,
    win: float,
    stats: RunningStats,
    progress: Progress | None,
) -> dict[str, int]:
    """Deals and settles ``total`` rounds; adds them to ``stats`` a chunk at a
    time (the nets are only -1, 0 and ``win``); returns {result: count}."""
    commission_free = variation == paytables.COMMISSION_FREE
    counts = {WIN: 0, LOSE: 0, paytables.PUSH: 0}
    for size in chunks(total, progress, stats=stats):
        part = {WIN: 0, LOSE: 0, paytables.PUSH: 0}
        for _ in range(size):
            cards = deal(rng, 14)
            part[main_result(cards[:7], cards[7:], commission_free)] += 1
        wins, losses = part[WIN], part[LOSE]
        stats.add_many(size, wins * win - losses, wins * win * win + losses, wins)
        for key, value in part.items():
            counts[key] += value
    return counts


def _run_tiger_9(
    rng: random.Random, total: int, pays: float, stats: RunningStats, progress: Progress | None
) -> None:
    """The Tiger 9 wager needs the dealer's seven cards only."""
    for size in chunks(total, progress, stats=stats):
        tigers = 0
        for _ in range(size):
            if dealer_setting(deal(rng, 7))[2]:
                tigers += 1
        stats.add_many(size, tigers * pays - (size - tigers), tigers * pays * pays + (size - tigers), tigers)


# --- The seven-card wagers: Fortune bonus and progressive payout --------------------------------


def seven_card_counts(
    rng: random.Random,
    total: int,
    progress: Progress | None = None,
    chunk: int | None = None,
    stats: RunningStats | None = None,
) -> Iterator[tuple[int, dict[str | None, int]]]:
    """Yields {line or None: rounds} of each chunk of ``total`` rounds (about
    1% of them), seven cards from a fresh deck each, named by the game's own
    classifier; ``progress(done, total)`` after each chunk, with the trace of
    ``stats`` (which the caller adds each chunk to) when given."""
    classify = line_of_indices
    for size in chunks(total, progress, chunk, stats):
        counts: dict[str | None, int] = {}
        for _ in range(size):
            key = classify(deal(rng, 7))
            counts[key] = counts.get(key, 0) + 1
        yield size, counts


def line_nets(paytable: Mapping[str, Payout]) -> dict[str | None, tuple[float, bool]]:
    """{line: (net per unit wager, a hit?)} of a seven-card paytable
    ({line: Odds | MeterShare}): an Odds line nets its winnings ("for 1"
    odds include the stake); a meter line nets -1 in the fixed part (the
    meter pays it) and is a hit. A line the paytable lacks loses (-1, no hit)."""
    nets: dict[str | None, tuple[float, bool]] = {}
    for key, payout in paytable.items():
        if isinstance(payout, MeterShare):
            nets[key] = (-1.0, True)
        else:
            net = float(payout.winnings(1))
            nets[key] = (net, net > 0)
    return nets


def _seven_card_row(
    spec: RowSpec,
    rng: random.Random,
    total: int,
    payouts: Mapping[str, Payout],
    progress: Progress | None,
) -> EdgeRow:
    """The Fortune or progressive row: rounds tallied by line, each line
    paid by the (what-if) paytable. A line the paytable lacks loses; a meter
    line's fixed part is the lost wager and it counts as a hit (as
    ``games.lab.rows.paytable_row`` counts it)."""
    progressive = spec.wager == PROGRESSIVE
    paytable = what_if(SEVEN_CARD_PAYTABLES[spec.wager], payouts, meter=progressive)
    nets = line_nets(paytable)
    stats = RunningStats(total)
    counts: dict[str | None, int] = {}
    for size, part in seven_card_counts(rng, total, progress, stats=stats):
        summed = squares = 0.0
        hits = 0
        for key, count in part.items():
            net, hit = nets.get(key, (-1.0, False))
            summed += count * net
            squares += count * net * net
            hits += count if hit else 0
            counts[key] = counts.get(key, 0) + count
        stats.add_many(size, summed, squares, hits)

    lines: list[dict[str, Any]] = []
    meter_shares: dict[int, float | Fraction] = {}
    for key, payout in paytable.items():
        frequency: float | Fraction = counts.get(key, 0) / total
        if isinstance(payout, MeterShare):
            if key == paytables.SEVEN_CARD_STRAIGHT_FLUSH:
                frequency = SEVEN_CARD_STRAIGHT_FLUSH_PROBABILITY  # exact: the simulation barely sees it
            meter_shares[payout.percent] = meter_shares.get(payout.percent, 0) + frequency
        lines.append(line(key, paytables.SEVEN_CARD_LINE_NAMES[key], payout, frequency))
    losing = sum(count for key, count in counts.items() if key not in paytable)
    lines.append(line(NO_PAY_LINE, "No paying hand", "stake lost", losing / total))

    assumptions = [
        "A fresh 53-card deck every round; the player's seven cards are classified by the game's own "
        "seven_cards.line_of_indices (the table's seven_card_line): the best hand of all seven, whatever "
        "the setting; only the highest line pays (docs/rules/pai_gow.md rules 33, 35; a straight ranks above "
        "three of a kind).",
    ]
    if progressive:
        assumptions += [
            f"Paytable: {paytables.PROGRESSIVE_SOURCE}. A fixed $1 wager; the fixed lines are 'for 1' "
            "(the stake included); a hand below the lowest paying line loses.",
            "The % of the meter lines are paid by the meter (the amount only): their fixed part is the lost "
            "wager; their probabilities go into the meter's return. The hit frequency counts them as wins; "
            "the standard deviation is the fixed part's.",
        ]
    else:
        assumptions += [
            f"Paytable: {paytables.FORTUNE_SOURCE}. All 'to 1', the stake returned on a win; a hand below "
            "the lowest paying line loses. No Envy bonus (it pays on other players' hands).",
        ]
    assumptions.append(_top_line_assumption(paytable[paytables.SEVEN_CARD_STRAIGHT_FLUSH]))
    if payouts:
        changed = ", ".join(
            f"{paytables.SEVEN_CARD_LINE_NAMES[key]} {payout}" for key, payout in payouts.items()
        )
        assumptions.append(f"What-if: {changed}.")
    return simulated_row(spec, stats, lines=lines, meter_shares=meter_shares, assumptions=assumptions)


def _top_line_assumption(payout: Payout) -> str:
    """How the row counts the seven-card straight flush without the joker."""
    probability = SEVEN_CARD_STRAIGHT_FLUSH_PROBABILITY
    exact = (
        f"a seven-card straight flush without the joker is {SEVEN_CARD_STRAIGHT_FLUSH_SEQUENCES} sequences "
        f"(A-7 to 8-A, no wraparound) x 4 suits over C(53, 7) hands = {probability.numerator}/"
        f"{probability.denominator}, 1 in {float(1 / probability):,.0f}"
    )
    if isinstance(payout, MeterShare):
        return (
            f"The fixed part is simulated; P({payout.percent}% award) is exact: {exact}. The other meter "
            "lines' probabilities are simulated."
        )
    swing = float(probability * (payout.winnings(1) + 1))
    return (
        f"Simulated, the top line too ({payout}): {exact}, so most runs of a million rounds see none "
        f"and then miss its {swing:.3%} of the RTP, which the band does not show."
    )
