"""The look-up tables of the table-driven "best k of n" evaluators of the
52-card deck (best_five.py: five of 5-7; four_card.py: four of 4-6), and the
checks both make of a hand given by people. Pure.

A card is its ``poker.CARD_INDEX`` (``rank * 4 + suit``). Its key is the rank
multiset (3 bits a rank: its count, bits 0-38) plus the suit counts (3 bits a
suit, bits 39-50), so one sum of the keys counts both; its suited bit is its
place in a 52-bit suit-by-suit rank mask (13 bits a suit).
"""

from collections.abc import Callable, Iterable

from games.cards.cards import Card
from games.cards.poker import JOKER_INDEX, indices

CARD_KEY = tuple((1 << (3 * (index >> 2))) | (1 << (39 + 3 * (index & 3))) for index in range(52))
RANKS_OF_KEY = (1 << 39) - 1  # the rank multiset of a sum of keys
SUITED_BIT = tuple(1 << (13 * (index & 3) + (index >> 2)) for index in range(52))


def straight_key(mask: int, straights: Iterable[tuple[int, int]]) -> int | None:
    """The key of the highest of ``straights`` ((run mask, key), highest
    first) that the 13-bit rank ``mask`` holds, or None."""
    for run, key in straights:
        if mask & run == run:
            return key
    return None


def suited_tables(least: int, suited_value: Callable[[int], int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(the shift of the suit holding ``least`` or more cards by suit-count
    key, -1 for none; ``suited_value`` of each 13-bit rank mask of ``least``
    or more ranks, 0 for the others)."""
    flush_shift = [-1] * (1 << 12)
    for key in range(1 << 12):
        for suit in range(4):
            if (key >> (3 * suit)) & 7 >= least:
                flush_shift[key] = 13 * suit
    suited = [0] * (1 << 13)
    for mask in range(1 << 13):
        if mask.bit_count() >= least:
            suited[mask] = suited_value(mask)
    return tuple(flush_shift), tuple(suited)


def filled_on_first_use(value_of: Callable[[int], int]) -> tuple[dict[int, int], Callable[[int], int]]:
    """(a dict of rank multiset key -> value, filled on first use, and the
    function its misses call): exactly a dict, so the fast path's look-up is
    the interpreter's own; a miss costs one ``value_of``."""
    table: dict[int, int] = {}

    def miss(key: int) -> int:
        value = table[key] = value_of(key)
        return value

    return table, miss


def natural_indices(hand: str | Iterable[Card | str], best: str, fewest: int) -> list[int]:
    """The card indices of ``fewest`` to ``fewest`` + 2 cards of the 52-card
    deck (Cards, their texts or one text "AS KD ..."), for the best ``best``
    ("five", "four") of them; ValueError for an unknown or repeated card, a
    joker, or a wrong count."""
    if isinstance(hand, str):
        hand = hand.replace(",", " ").split()
    result = indices(hand)
    if not fewest <= len(result) <= fewest + 2:
        raise ValueError(
            f"The best {best} cards are chosen from {fewest}, {fewest + 1} or {fewest + 2} cards; "
            f"got {len(result)}."
        )
    if JOKER_INDEX in result:
        raise ValueError("The joker is not a card of the 52-card deck.")
    return result
