"""Fortune Asia Poker's dealer house way, pure (docs/rules/fortune_asia_poker.md, "Dealer
house way", the project's default way).

Ranks are counted with the joker as an ace, except where a rule looks for a
four-card straight, flush or straight flush for the High hand (rules 3, 6, 7),
where the joker may fill it (``hands.high_value_indices``). The rules are
applied in the file's order, the first that matches wins. Every branch keeps
High ≥ Medium ≥ Low (rule 8 of the way: a failure is a bug, and the tests try
every branch on thousands of seeded hands).

Where the file leaves a choice of equal ranks (which card of a pair, which
four of five aces go High), the cards are taken highest index first, the
joker leading the aces; it changes no hand's value. Readings of the file:
five aces (A-A-A-A + joker) are rule 1's four of a kind, the fifth ace among
the other three; quads + trips give the Medium a pair from the trips; rules 3
and 6 look for the straight or flush among the singles only (never breaking
the trips or the pair); rule 7 breaks a tie of Medium and Low by the higher
High.

Speed: about 46,000 hands a second on one core once the High values' cache is
warm (median of 5 passes over 30,000 seeded deals, CPU time) when rule 7
tried its 35 fours; it now lists only the fours that make a straight or a
flush (``_made_fours``, when a cheap rank-mask and suit-count test says one
may be there), in the order the 35 would come, about half the High
valuations of the lab's simulation (games/fortune_asia/simulate.py).
"""

from collections import Counter
from itertools import combinations
from typing import NamedTuple

from games.cards.cards import cards
from games.cards.poker import JOKER_INDEX, RANK_AS_ACE, indices
from games.fortune_asia.hands import STRAIGHT, cards_of, high_value_indices, medium_value_indices

_STRAIGHT_OR_BETTER = STRAIGHT << 16  # straight, flush, straight flush (four of a kind never arises here)


def _groups(cs):
    """The seven cards by rank (joker = ace), largest group first, then the
    higher rank; each group's cards highest index first."""
    groups = []
    previous = -1
    for c in sorted(cs, reverse=True):
        rank = RANK_AS_ACE[c]
        if rank == previous:
            groups[-1].append(c)
        else:
            groups.append([c])
            previous = rank
    groups.sort(key=len, reverse=True)  # stable: ranks stay high to low
    return groups


# Four-rank windows (A-2-3-4 … A-K-Q-J) and, by 13-bit rank mask, whether a
# four-card straight can be made without or with the joker's help: a cheap test
# before the house way tries every four of five or seven cards.
_WINDOWS = tuple([0b1111 << low for low in range(10)] + [(1 << 12) | 0b111])


def _straight_possible(mask, joker):
    for window in _WINDOWS:
        missing = window & ~mask
        if not missing or (joker and not missing & (missing - 1)):
            return True
    return False


_CAN_STRAIGHT = (
    tuple(_straight_possible(mask, False) for mask in range(1 << 13)),
    tuple(_straight_possible(mask, True) for mask in range(1 << 13)),
)


def _may_make(cs):
    """Whether some four of ``cs`` might be a straight, flush or straight flush."""
    naturals = [c for c in cs if c != JOKER_INDEX]
    joker = len(naturals) < len(cs)
    suits = Counter(c & 3 for c in naturals)
    if suits and max(suits.values()) + joker >= 4:
        return True
    return _CAN_STRAIGHT[joker][sum({1 << (c >> 2) for c in naturals})]


def _is_made(four):
    return high_value_indices(*four) >= _STRAIGHT_OR_BETTER


def _made_fours(ordered):
    """The fours of seven cards of distinct ranks (rule 7) that make a
    straight, flush or straight flush, as ``combinations(ordered, 4)`` would
    list them (so the first best is the same): the four-rank windows the
    cards fill (the joker filling one gap) and the fours of one suit (the
    joker with three of a suit), instead of trying all 35."""
    place = {c: number for number, c in enumerate(ordered)}
    joker = JOKER_INDEX in place
    naturals = [c for c in ordered if c != JOKER_INDEX]
    by_rank = {c >> 2: c for c in naturals}
    found = set()
    for window in _WINDOWS:
        inside = [by_rank[rank] for rank in range(13) if window >> rank & 1 and rank in by_rank]
        if len(inside) == 4:
            found.add(tuple(sorted(inside, key=place.get)))
        if joker:
            for three in combinations(inside, 3):
                found.add(tuple(sorted([*three, JOKER_INDEX], key=place.get)))
    by_suit = {}
    for c in naturals:
        by_suit.setdefault(c & 3, []).append(c)
    for suited in by_suit.values():
        if len(suited) + joker >= 4:
            pool = sorted(suited + [JOKER_INDEX] if joker else suited, key=place.get)
            found.update(combinations(pool, 4))
    return sorted(found, key=lambda four: [place[c] for c in four])


def _without(cs, taken):
    return [c for c in cs if c not in taken]


def _house_way(cs):
    """(branch, high, medium, low) card index lists of seven distinct cards."""
    groups = _groups(cs)
    shape = [len(group) for group in groups]
    top = groups[0]

    # 1. Four of a kind (A-A-A + joker included; five aces keep four High).
    if shape[0] >= 4:
        high = top[:4]
        rest = _groups(_without(cs, high))
        if len(rest[0]) >= 2:
            return "1 quads + pair", high, rest[0][:2], [_without(cs, high + rest[0][:2])[0]]
        r1, r2, r3 = (group[0] for group in rest)
        return "1 quads", high, [r1, r3], [r2]

    # 2. Trips with another pair or second trips.
    if shape[:2] == [3, 3]:
        higher, lower, single = groups
        return "2 two trips", lower + single, higher[:2], higher[2:]
    if shape == [3, 2, 2]:
        trips, higher_pair, lower_pair = groups
        return "2 trips + two pairs", trips + lower_pair[:1], higher_pair, lower_pair[1:]
    if shape == [3, 2, 1, 1]:
        trips, pair, (higher_single,), (lower_single,) = groups
        return "2 trips + pair", [*trips, lower_single], pair, [higher_single]

    # 3. Trips + four singles.
    if shape[0] == 3:
        singles = [group[0] for group in groups[1:]]  # high to low
        if _is_made(singles):
            return "3 trips + straight or flush", singles, top[:2], top[2:]
        s1, s2, s3, s4 = singles
        return "3 trips", [*top, s4], [s1, s3], [s2]

    # 4. Three pair + single.
    if shape == [2, 2, 2, 1]:
        highest, middle, lowest, single = groups
        return "4 three pair", middle + lowest, highest, single

    # 5. Two pair + three singles.
    if shape[:2] == [2, 2]:
        higher, lower = groups[:2]
        s1, s2, s3 = (group[0] for group in groups[2:])
        return "5 two pair", [*higher, s2, s3], lower, [s1]

    # 6. One pair + five singles.
    if shape[0] == 2:
        pair = top
        singles = [group[0] for group in groups[1:]]
        # The made High leaving the highest Low: try leaving out the highest single first.
        if _may_make(singles):
            for left in singles:
                four = _without(singles, [left])
                if _is_made(four):
                    return "6 pair + straight or flush", four, pair, [left]
        s1, s2, s3, s4, s5 = singles
        return "6 pair", [*pair, s4, s5], [s1, s3], [s2]

    # 7. No pair (c1 > … > c7).
    ordered = [group[0] for group in groups]
    best = None
    for four in _made_fours(ordered) if _may_make(ordered) else ():
        if _is_made(four):  # always: the check keeps the one definition of "made"
            r1, r2, r3 = _without(ordered, four)
            key = (medium_value_indices(r1, r3), RANK_AS_ACE[r2], high_value_indices(*four))
            if best is None or key > best[0]:
                best = (key, list(four), [r1, r3], [r2])
    if best is not None:
        return "7 no pair, straight or flush", best[1], best[2], best[3]
    c1, c2, c3, c4, c5, c6, c7 = ordered
    return "7 no pair", [c1, c5, c6, c7], [c2, c4], [c3]


class HouseWaySetting(NamedTuple):
    branch: str  # the house way's rule that set the hands, e.g. "5 two pair"
    high: tuple
    medium: tuple
    low: tuple

    @property
    def setting(self):
        return self.high, self.medium, self.low


def house_way_indices(seven_indices):
    """Fast path for the lab: seven distinct card indices -> (branch, high, medium, low)."""
    return _house_way(seven_indices)


def explain_house_way(seven):
    """The dealer's setting of seven cards (Cards or their text) by the house
    way, with the branch that set it; ValueError for a wrong hand."""
    if isinstance(seven, str):
        seven = cards(seven)
    branch, high, medium, low = _house_way(indices(seven, 7))
    return HouseWaySetting(branch, cards_of(high), cards_of(medium), cards_of(low))


def set_house_way(seven):
    """The dealer's setting (high 4, medium 2, low 1 Cards) by the house way."""
    return explain_house_way(seven).setting


class HouseWay(NamedTuple):
    """A replaceable house way: its name and ``set_hands(seven) -> (high, medium, low)``."""

    name: str
    set_hands: object


PROJECT_DEFAULT = HouseWay("Project default (docs/rules/fortune_asia_poker.md)", set_house_way)
HOUSE_WAYS = {"project_default": PROJECT_DEFAULT}
