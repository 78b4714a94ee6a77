"""Pai Gow Poker settings, pure: the house way, the foul test, settlement of
the main wager, the 21 settings of seven cards and a "best setting" helper.

A setting is ``(high5, low2)``: the five-card high hand (the "back") and the
two-card low hand (the "front"), as tuples of ``Card``. Hand values come from
``games.cards.poker``.

The house way is the Trump Plaza (Atlantic City) way of docs/rules/pai_gow.md § 5,
behind ``HouseWay`` so that another published way can replace it on a table.
Pre-processing (§ 5): ranks are counted with the joker as an ace, except where
a rule looks for a straight or flush (4a, 7a, 7b, 8a), where the joker may
fill it instead. The rules are applied in the file's order, the first that
matches wins; where a rule leaves a choice of cards of the same rank (which
ace goes in front), the choice giving the higher back is made, and the joker
stays in the back when nothing else decides (it can only help there).
"""

import random
from bisect import bisect_left
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from itertools import combinations
from typing import Any, NamedTuple, cast

from games.cards.cards import Card
from games.cards.poker import (
    ACE,
    CARDS,
    JOKER_INDEX,
    RANK_AS_ACE,
    STRAIGHT,
    STRAIGHT_KEYS,
    TWO_CARD,
    TWO_PAIR,
    eval2_indices,
    eval5_indices,
    indices,
)

WIN, LOSE, PUSH = "win", "lose", "push"

# A setting as card indices: (back five, front two). A five-card list spread
# into poker.eval5_indices is five cards, which mypy cannot count: those calls
# carry an ignore rather than a slower unpacking.
Setting = tuple[list[int], list[int]]

KING = 11
_STRAIGHT_OR_BETTER = STRAIGHT << 20  # straight, flush or straight flush here (§ 5, rules 4a, 7, 8)
_TWO_PAIR_OR_BETTER = TWO_PAIR << 20

# The 21 ways to split positions 0–6 into a front pair and a back five.
SPLITS = tuple(((i, j), tuple(k for k in range(7) if k not in (i, j))) for i, j in combinations(range(7), 2))

# Seven-card rank masks (bit per natural rank) from which a straight can be
# made, without and with the joker's help.
_STRAIGHT_MASKS = tuple(STRAIGHT_KEYS)


def _straight_possible(mask: int, joker: bool) -> bool:
    for window in _STRAIGHT_MASKS:
        missing = window & ~mask
        if not missing or (joker and not missing & (missing - 1)):
            return True
    return False


_CAN_STRAIGHT = tuple(_straight_possible(mask, False) for mask in range(1 << 13))
_CAN_STRAIGHT_JOKER = tuple(_straight_possible(mask, True) for mask in range(1 << 13))
# Suit counts packed a byte a suit, to spot five (or four + the joker) of a suit.
_SUIT_COUNT = tuple(1 << (8 * (index & 3)) for index in range(52)) + (0,)


def _sf_possible(cs: Iterable[int]) -> bool:
    """Whether the seven card indices hold a straight or flush (joker allowed)."""
    joker = JOKER_INDEX in cs
    need = 4 if joker else 5
    counts = 0
    mask = 0
    for c in cs:
        if c != JOKER_INDEX:
            counts += _SUIT_COUNT[c]
            mask |= 1 << (c >> 2)
    if (
        counts & 0xFF >= need
        or (counts >> 8) & 0xFF >= need
        or (counts >> 16) & 0xFF >= need
        or counts >> 24 >= need
    ):
        return True
    return (_CAN_STRAIGHT_JOKER if joker else _CAN_STRAIGHT)[mask]


def straight_or_flush_possible(card_indices: Iterable[int]) -> bool:
    """Whether seven card indices hold a straight, flush or straight flush, the
    joker allowed to complete one (§ 1, rule 3): the house way's test, shared
    with Face Up's Ace High Pai Gow check."""
    return _sf_possible(card_indices)


def _best_straight_or_flush(cs: Sequence[int]) -> Setting | None:
    """§ 5, rules 7b and 8a: among every back that is a straight, flush or
    straight flush, the one leaving the highest front; ties, the higher back.
    None when there is none."""
    best: Setting | None = None
    best_key = (-1, -1)
    for (i, j), (k, m, n, o, p) in SPLITS:
        back = eval5_indices(cs[k], cs[m], cs[n], cs[o], cs[p])
        if back >= _STRAIGHT_OR_BETTER:
            key = (TWO_CARD[cs[i] * 53 + cs[j]], back)
            if key > best_key:
                best_key = key
                best = ([cs[k], cs[m], cs[n], cs[o], cs[p]], [cs[i], cs[j]])
    return best


def _without(cs: Iterable[int], front: Sequence[int]) -> list[int]:
    return [c for c in cs if c not in front]


def _best_back(options: Iterable[Setting]) -> Setting:
    """Of several (back, front) with equal fronts, the one with the highest back."""
    return max(options, key=lambda option: eval5_indices(*option[0]))  # type: ignore[arg-type]


def _house_way(cs: Iterable[int]) -> Setting:
    """(back, front) card indices for seven distinct card indices (§ 5)."""
    cs = sorted(cs, reverse=True)  # high to low; the joker (52) leads the aces
    groups: list[list[int]] = []
    previous = -1
    for c in cs:
        rank = RANK_AS_ACE[c]
        if rank == previous:
            groups[-1].append(c)
        else:
            groups.append([c])
            previous = rank
    groups.sort(key=len, reverse=True)  # stable: by size, then rank high to low
    largest = len(groups[0])
    second = len(groups[1])
    top = groups[0]
    top_rank = RANK_AS_ACE[top[-1]]

    # docs/rules/pai_gow.md § 5, rule 1: five aces.
    if largest == 5:
        if second == 2 and RANK_AS_ACE[groups[1][0]] == KING:
            return top, groups[1]
        return _without(cs, top[-2:]), top[-2:]

    # docs/rules/pai_gow.md § 5, rule 2: four of a kind (natural, or three aces + the joker).
    if largest == 4:
        if second >= 2:  # 2a: a pair (or a pair from trips) among the other three goes front
            front = groups[1][-2:]
            return _without(cs, front), front
        singles = [group[0] for group in groups[1:]]  # high to low
        high_single = RANK_AS_ACE[singles[0]]
        if top_rank <= 4:  # 2–6: keep together
            split = False
        elif top_rank <= 8:  # 7–10: split unless a king-or-better singleton
            split = high_single < KING
        elif top_rank <= 11:  # J–K: split unless an ace singleton
            split = high_single < ACE
        else:  # aces: always split
            split = True
        if not split:
            return top + singles[2:], singles[:2]
        if top[0] == JOKER_INDEX:  # three aces + joker: the joker and the best-suited ace go back
            return _best_back(([top[0], ace, *singles], _without(top[1:], [ace])) for ace in top[1:])
        return top[:2] + singles, top[2:]

    # docs/rules/pai_gow.md § 5, rule 3: full-house family (straights and flushes ignored).
    if largest == 3 and second >= 2:
        if second == 3:  # 3a: the higher trips give a pair for the front
            front = top[-2:]
            return _without(cs, front), front
        if len(groups) == 3:  # 3b: trips + two pairs: the higher pair front
            return top + groups[2], groups[1]
        # 3c: trips + one pair: the pair front, except 2-2 with singles A and K
        pair = groups[1]
        if (
            RANK_AS_ACE[pair[0]] == 0
            and RANK_AS_ACE[groups[2][0]] == ACE
            and RANK_AS_ACE[groups[3][0]] == KING
        ):
            return top + pair, [groups[2][0], groups[3][0]]
        return _without(cs, pair), pair

    # docs/rules/pai_gow.md § 5, rule 4: three of a kind only.
    if largest == 3:
        singles = [group[0] for group in groups[1:]]
        if _sf_possible(cs):  # 4a: two of the trips front, a straight or flush back
            trips_split: tuple[int, list[int], list[int]] | None = None
            for front in ([top[1], top[2]], [top[0], top[2]], [top[0], top[1]]):
                back = _without(cs, front)
                value = eval5_indices(*back)  # type: ignore[arg-type]
                if value >= _STRAIGHT_OR_BETTER and (trips_split is None or value > trips_split[0]):
                    trips_split = (value, back, front)
            if trips_split is not None:
                return trips_split[1], trips_split[2]
        if top_rank == ACE:  # 4b: a pair of aces back; one ace + the highest other card front
            return _best_back(
                ([*_without(top, [ace]), *singles[1:]], [ace, singles[0]]) for ace in reversed(top)
            )
        return top + singles[2:], singles[:2]  # 4c

    # docs/rules/pai_gow.md § 5, rule 5: three pair: the highest pair front.
    if second == 2 and len(groups) == 4:
        return _without(cs, top), top

    # docs/rules/pai_gow.md § 5, rule 6: two pair (straights and flushes ignored).
    if second == 2:
        high, low = top, groups[1]
        singles = [group[0] for group in groups[2:]]
        high_class, low_class = _pair_class(top_rank), _pair_class(RANK_AS_ACE[low[0]])
        best_single = RANK_AS_ACE[singles[0]]
        if high_class == 3 or low_class == 2 or (low_class == 1 and high_class == 2):
            together = False  # aces + any, high + high, medium + high: always split
        elif (low_class, high_class) in ((1, 1), (0, 2)):
            together = best_single == ACE  # medium + medium, low + high: unless an ace
        else:
            together = best_single >= KING  # low + medium, low + low: unless king or better
        if together:
            return high + low + singles[2:], singles[:2]
        return high + singles, low

    # docs/rules/pai_gow.md § 5, rule 7: one pair.
    if largest == 2:
        singles = [group[0] for group in groups[1:]]
        if _sf_possible(cs):
            if eval5_indices(*singles) >= _STRAIGHT_OR_BETTER:  # type: ignore[arg-type]  # 7a: pair front, the five back
                return singles, top
            best = _best_straight_or_flush(cs)  # 7b (7a failed, so every such back breaks the pair)
            if best is not None:
                return best
        return top + singles[2:], singles[:2]  # 7c

    # docs/rules/pai_gow.md § 5, rule 8: no pair.
    if _sf_possible(cs):  # 8a
        best = _best_straight_or_flush(cs)
        if best is not None:
            return best
    return [cs[0], *cs[3:]], cs[1:3]  # 8b: highest back, 2nd and 3rd front


def _pair_class(rank: int) -> int:
    """§ 5 pre-processing: low 2–6 (0), medium 7–10 (1), high J–K (2), aces (3)."""
    if rank <= 4:
        return 0
    if rank <= 8:
        return 1
    if rank <= 11:
        return 2
    return 3


def _cards(index_list: Iterable[int], _card: Callable[[int], Card] = CARDS.__getitem__) -> tuple[Card, ...]:
    return tuple(map(_card, index_list))


def set_house_way(seven: Iterable[Card | str]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The dealer's setting of seven cards by the house way (§ 5): ``(high5, low2)``."""
    back, front = _house_way(indices(seven, 7))
    return _cards(back), _cards(front)


def house_way_indices(seven_indices: Iterable[int]) -> Setting:
    """Fast path for the lab: seven distinct card indices -> (back, front) indices."""
    return _house_way(seven_indices)


def is_foul_values(high_value: int, low_value: int) -> bool:
    """§ 2, rule 6 on hand values: a low pair needs two pair or better behind it,
    or one pair of equal or higher rank; a low no-pair needs a pair or better,
    or top two cards at least the low cards (high card first)."""
    if high_value >= _TWO_PAIR_OR_BETTER:
        return False
    kind = high_value >> 20
    if low_value >> 8:  # a low pair
        return kind == 0 or (high_value >> 16) & 15 < (low_value >> 4) & 15
    if kind:  # one pair behind a no-pair front
        return False
    return (high_value >> 12) & 0xFF < low_value & 0xFF


def are_foul_values(high_values: Any, low_values: Any) -> Any:  # numpy arrays, not typed here
    """``is_foul_values`` on numpy arrays of values, element by element (the
    lab's tabled paths; tests/test_face_up_pai_gow_rules.py checks the two
    agree on every pair of a five-card and a two-card value)."""
    low_pair = (low_values >> 8) != 0
    no_pair = (high_values >> 20) == 0
    return (high_values < _TWO_PAIR_OR_BETTER) & (
        (low_pair & (no_pair | (((high_values >> 16) & 15) < ((low_values >> 4) & 15))))
        | (~low_pair & no_pair & (((high_values >> 12) & 0xFF) < (low_values & 0xFF)))
    )


def is_foul(high5: Sequence[Card | str], low2: Sequence[Card | str]) -> bool:
    """Whether a setting is fouled (§ 2, rule 6): a wrong card count, a card
    twice, or a low hand that outranks the high hand."""
    if len(high5) != 5 or len(low2) != 2:
        return True
    try:
        back = indices(high5)
        front = indices(low2)
    except ValueError:
        return True
    if set(back) & set(front):
        return True
    return is_foul_values(eval5_indices(*back), TWO_CARD[front[0] * 53 + front[1]])  # type: ignore[arg-type]


def compare_values(player_high: int, player_low: int, dealer_high: int, dealer_low: int) -> str:
    """§ 6, rule 20–21 on values: each hand wins only if strictly higher (a copy
    goes to the dealer); both win -> win, one each -> push, neither -> lose."""
    high = player_high > dealer_high
    low = player_low > dealer_low
    if high and low:
        return WIN
    if high or low:
        return PUSH
    return LOSE


def compare(
    player_setting: Sequence[Sequence[Card | str]], dealer_setting: Sequence[Sequence[Card | str]]
) -> str:
    """The main wager's result for a player's setting against the dealer's (§ 6):
    "win", "push" or "lose". A fouled player setting loses (§ 6, rule 22); the
    dealer's setting must not be fouled (§ 5, rule 9: it is reset to the house
    way), else ValueError. Commission and a dealer Tiger 9 are the table's."""
    if is_foul(*dealer_setting):
        raise ValueError("The dealer's setting is fouled; it must be reset to the house way (§ 5, rule 9).")
    if is_foul(*player_setting):
        return LOSE
    player_high, player_low = player_setting
    dealer_high, dealer_low = dealer_setting
    return compare_values(
        eval5_indices(*indices(player_high)),  # type: ignore[arg-type]
        eval2_indices(*indices(player_low)),
        eval5_indices(*indices(dealer_high)),  # type: ignore[arg-type]
        eval2_indices(*indices(dealer_low)),
    )


def all_settings(seven: Iterable[Card | str]) -> list[tuple[tuple[Card, ...], tuple[Card, ...]]]:
    """The 21 ways to set seven cards into (high5, low2), fouled ones included,
    in a fixed order (fronts by the cards' positions: 1-2, 1-3, … 6-7)."""
    cs = indices(seven, 7)
    return [(_cards(cs[k] for k in back), _cards((cs[i], cs[j]))) for (i, j), back in SPLITS]


# best_setting's reference: the dealer's house-way hands on REFERENCE_DEALS
# seeded random deals (53-card deck), computed once on first use (~0.3 s).
REFERENCE_DEALS = 40_000
REFERENCE_SEED = 645


@cache
def _reference() -> tuple[list[int], list[int]]:
    """(sorted dealer high values, [dealer low hands below each low value]),
    dealer Tiger 9 hands left out (they push every main wager, § 7, rule 27)."""
    rng = random.Random(REFERENCE_SEED)
    deck = list(range(53))
    highs: list[int] = []
    lows: list[int] = []
    for _ in range(REFERENCE_DEALS):
        back, front = _house_way(rng.sample(deck, 7))
        low = TWO_CARD[front[0] * 53 + front[1]]
        if low >> 4 != 7:  # not 9-high (paytables.is_tiger_9 on values)
            highs.append(eval5_indices(*back))  # type: ignore[arg-type]
            lows.append(low)
    highs.sort()
    lows.sort()
    below_low = [bisect_left(lows, value) for value in range(max(TWO_CARD) + 1)]
    return highs, below_low


def setting_chances(high5: Iterable[Card | str], low2: Iterable[Card | str]) -> tuple[float, float]:
    """(p_high, p_low): the shares of the reference dealer hands (REFERENCE_DEALS
    house-way deals) that this high hand and this low hand beat, copies going
    to the dealer (§ 6, rule 20) and dealer Tiger 9 hands counting as no win."""
    highs, below_low = _reference()
    high = eval5_indices(*indices(high5, 5))  # type: ignore[arg-type]
    low = eval2_indices(*indices(low2, 2))
    return bisect_left(highs, high) / REFERENCE_DEALS, below_low[low] / REFERENCE_DEALS


def best_setting(seven: Iterable[Card | str]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The lab's "best legal setting": of the 21 settings, the one not fouled
    with the highest p_high + p_low (``setting_chances``). Ties: the higher
    high hand, then the higher low hand, then the first in ``all_settings``
    order. Deterministic.

    Why that sum: on a commission-free table (§ 7) the main wager wins when
    both hands beat the dealer's and loses when neither does, so against a
    dealer hand drawn from the reference, P(win) - P(lose) = P(H and L) -
    (1 - P(H or L)) = P(H) + P(L) - 1 exactly, whatever the correlation
    between the dealer's two hands; a dealer Tiger 9 pushes and is counted in
    neither. The approximations: the reference sample (REFERENCE_DEALS deals,
    fixed seed) and card removal (the dealer's cards are drawn from the full
    deck, not from the 46 the player does not hold). With the 5% commission
    the P(H and L) term no longer cancels; this ignores it there.

    (Maximizing the low hand subject to the high hand staying at least the
    house way's gives the house way's own hand values on every one of 200,000
    random deals tried: the house way is already "Pareto-best", so that rule
    would add nothing.)
    """
    cs = indices(seven, 7)
    highs, below_low = _reference()
    best: tuple[tuple[int, ...], tuple[int, ...]] | None = None
    best_key = (-1, -1, -1)
    for (i, j), (k, m, n, o, p) in SPLITS:
        high = eval5_indices(cs[k], cs[m], cs[n], cs[o], cs[p])
        low = TWO_CARD[cs[i] * 53 + cs[j]]
        key = (bisect_left(highs, high) + below_low[low], high, low)
        if key > best_key and not is_foul_values(high, low):
            best_key = key
            best = ((cs[k], cs[m], cs[n], cs[o], cs[p]), (cs[i], cs[j]))
    # Never None: the house way's setting is one of the 21, not fouled.
    found = cast(tuple[tuple[int, ...], tuple[int, ...]], best)
    return _cards(found[0]), _cards(found[1])


class HouseWay(NamedTuple):
    """A replaceable house way (§ 5): its name and ``set_hands(seven) -> (high5, low2)``."""

    name: str
    set_hands: Callable[[Iterable[Card | str]], tuple[tuple[Card, ...], tuple[Card, ...]]]


TRUMP_PLAZA = HouseWay("Trump Plaza (Atlantic City)", set_house_way)
HOUSE_WAYS = {"trump_plaza": TRUMP_PLAZA}
