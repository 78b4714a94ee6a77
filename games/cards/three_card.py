"""Three-card poker hand values: Three Card Poker's hands, Let It Ride's
Three Card Bonus and Three-Card progressive. Pure and table-driven.

Ranking, high to low (docs/rules/three_card_poker.md rule 2; docs/rules/let_it_ride.md rule 2):
straight flush, three of a kind, straight, flush, pair, high card. A
straight beats a flush because it is the rarer hand in three cards (720
against 1,096 of the 22,100 hands). The ace is high, or low in A-2-3 only,
the lowest straight; Q-K-A is the highest, and a suited A-K-Q is the
"mini-royal" where a paytable names it (``is_mini_royal``). Suits never rank.

A value is an ``int``: ``>`` / ``==`` compare two hands (equal is a tie).
It is ``category << 12`` plus three 4-bit ranks (rank index 0 = 2 … 12 =
ace): the ranks high to low for a high card or a flush, the pair's rank then
the kicker for a pair, and the top rank of a straight (A-2-3's top is the 3).

Speed: a card is an int (``rank * 4 + suit``, as ``games.cards.poker``); the
values of all 22,100 hands are computed once at import (~30 ms) and a hand
costs one list look-up of its three indices (``value_indices``).
"""

from collections.abc import Iterable, Sequence
from itertools import combinations

from games.cards.cards import RANK_PLURALS, RANK_SHORT, RANKS, SUITS, Card, card

HIGH_CARD = 0
PAIR = 1
FLUSH = 2
STRAIGHT = 3
THREE_OF_A_KIND = 4
STRAIGHT_FLUSH = 5
CATEGORIES = (HIGH_CARD, PAIR, FLUSH, STRAIGHT, THREE_OF_A_KIND, STRAIGHT_FLUSH)

CATEGORY_NAMES = {
    HIGH_CARD: "High card",
    PAIR: "Pair",
    FLUSH: "Flush",
    STRAIGHT: "Straight",
    THREE_OF_A_KIND: "Three of a kind",
    STRAIGHT_FLUSH: "Straight flush",
}

ACE = 12
KING = 11
QUEEN = 10
HANDS = 22_100  # C(52, 3)

CARDS = tuple(Card(rank, suit) for rank in RANKS for suit in SUITS)
CARD_INDEX: dict[Card | str, int] = {item: index for index, item in enumerate(CARDS)}
CARD_INDEX.update({str(item): index for index, item in enumerate(CARDS)})


def _value(category: int, first: int = 0, second: int = 0, third: int = 0) -> int:
    return category << 12 | first << 8 | second << 4 | third


def _straight_top(ranks: Sequence[int]) -> int | None:
    """The top rank of three distinct ranks that make a straight, or None."""
    high, middle, low = ranks
    if high - middle == 1 and middle - low == 1:
        return high
    if (high, middle, low) == (ACE, 1, 0):  # A-2-3: the ace plays low (rule 2)
        return 1
    return None


def _rank_value(a: int, b: int, c: int) -> int:
    ranks = sorted((a >> 2, b >> 2, c >> 2), reverse=True)
    suited = (a & 3) == (b & 3) == (c & 3)
    high, middle, low = ranks
    if high == low:
        return _value(THREE_OF_A_KIND, high)
    if high == middle or middle == low:
        pair, kicker = (high, low) if high == middle else (low, high)
        return _value(PAIR, pair, kicker)
    top = _straight_top(ranks)
    if top is not None:
        return _value(STRAIGHT_FLUSH if suited else STRAIGHT, top)
    return _value(FLUSH if suited else HIGH_CARD, high, middle, low)


def _build() -> list[int]:
    table = [-1] * (52 * 52 * 52)
    for a, b, c in combinations(range(52), 3):
        value = _rank_value(a, b, c)
        for x, y, z in ((a, b, c), (a, c, b), (b, a, c), (b, c, a), (c, a, b), (c, b, a)):
            table[x * 2704 + y * 52 + z] = value
    return table


_VALUES = _build()


def value_indices(a: int, b: int, c: int, _values: list[int] = _VALUES) -> int:
    """Value of three distinct card indices in any order (no checks: the fast path)."""
    return _values[a * 2704 + b * 52 + c]


def indices(hand: str | Iterable[Card | str]) -> list[int]:
    """Card indices of a three-card hand (Cards, their texts, or one text
    "AS KS QS"); ValueError for an unknown or repeated card or a count other
    than three."""
    if isinstance(hand, str):
        hand = hand.replace(",", " ").split()
    try:
        result = [CARD_INDEX[item if isinstance(item, Card) else card(item)] for item in hand]
    except (KeyError, TypeError, ValueError):
        raise ValueError(f"Not a hand of cards from the 52-card deck: {hand!r}") from None
    if len(result) != 3:
        raise ValueError(f"A three-card hand is needed; got {len(result)} cards.")
    if len(set(result)) != 3:
        raise ValueError(f"A card appears twice in {' '.join(str(CARDS[i]) for i in result)}.")
    return result


def evaluate(hand: str | Iterable[Card | str]) -> int:
    """The value of a three-card hand (rule 2)."""
    a, b, c = indices(hand)  # three, or ValueError
    return value_indices(a, b, c)


def category(value: int) -> int:
    """HIGH_CARD … STRAIGHT_FLUSH of a value."""
    return value >> 12


def is_mini_royal(value: int) -> bool:
    """A-K-Q suited: the top straight flush (rule 2)."""
    return value == _value(STRAIGHT_FLUSH, ACE)


# The dealer qualifies with queen-high or better (docs/rules/three_card_poker.md rule 7):
# every hand at least this value qualifies; Q-3-2 is the lowest queen-high.
QUEEN_HIGH = _value(HIGH_CARD, QUEEN, 1, 0)


def qualifies(value: int, minimum: int = QUEEN_HIGH) -> bool:
    return value >= minimum


def _straight_text(top: int) -> str:
    if top == 1:
        return "A-2-3"
    return "-".join(RANK_SHORT[rank] for rank in (top, top - 1, top - 2))


def name(value: int) -> str:
    """The hand for people: "Mini-royal", "Straight flush, 9-8-7", "Pair of
    kings", "Q-6-4 high"."""
    kind = category(value)
    first, second, third = (value >> 8) & 15, (value >> 4) & 15, value & 15
    if kind == STRAIGHT_FLUSH:
        return "Mini-royal" if first == ACE else f"Straight flush, {_straight_text(first)}"
    if kind == THREE_OF_A_KIND:
        return f"Three {RANK_PLURALS[first]}"
    if kind == STRAIGHT:
        return f"Straight, {_straight_text(first)}"
    if kind == FLUSH:
        return "Flush, " + "-".join(RANK_SHORT[rank] for rank in (first, second, third))
    if kind == PAIR:
        return f"Pair of {RANK_PLURALS[first]}"
    return "-".join(RANK_SHORT[rank] for rank in (first, second, third)) + " high"


def describe(hand: str | Iterable[Card | str]) -> str:
    return name(evaluate(hand))


def all_values() -> list[int]:
    """The value of each of the 22,100 hands, in ``combinations(range(52), 3)`` order."""
    return [_VALUES[a * 2704 + b * 52 + c] for a, b, c in combinations(range(52), 3)]
