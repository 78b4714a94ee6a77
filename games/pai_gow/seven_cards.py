"""The seven-card line of Pai Gow Poker's Fortune bonus, Envy bonus and
progressive payout wagers, pure (docs/rules/pai_gow.md § 9, rules 33-35; the joker
§ 1, rule 3).

The line is the best hand of all seven cards, whatever the setting, classified
by rank; each paytable of games/pai_gow/paytables.py then pays that line or
not. Ranking, high to low (the keys are ``SEVEN_CARD_LINES``):

1. seven-card straight flush without the joker: seven suited cards in sequence
   (A-2-3-4-5-6-7 to 8-9-10-J-Q-K-A, no wraparound);
2. royal flush + royal match: a royal flush (the joker may fill it) and, as the
   other two cards, a suited K-Q of another suit; the joker may not fill the
   K-Q (rule 33);
3. seven-card straight flush with the joker: six suited cards and the joker in
   sequence;
4. five aces (A-A-A-A + joker), royal flush, straight flush, four of a kind,
   full house, flush, straight, three of a kind: the best five of the seven,
   valued by ``games.cards.poker`` (the joker completes a straight, flush or
   straight flush, otherwise it is an ace: K-K-joker is K-K-A);
5. anything lower has no line (``None``).

A straight ranks above three of a kind (§ 2, rule 4), so seven cards holding
both make a straight, although the Fortune table pays three of a kind more and
``SEVEN_CARD_LINES`` (the paytable rows) lists it first: see ``LINES_BY_RANK``.

Speed: ``line_of_indices`` works on card indices (``games.cards.poker.indices``)
with three bit-mask tests for the seven-card hands, then the best of the 21
five-card values.
"""

from collections.abc import Callable, Iterable, Sequence
from itertools import combinations

from games.cards import poker
from games.cards.cards import Card
from games.cards.poker import ACE, JOKER_INDEX, eval5_indices, indices
from games.pai_gow.paytables import (
    FIVE_ACES,
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    ROYAL_FLUSH,
    ROYAL_FLUSH_ROYAL_MATCH,
    SEVEN_CARD_LINE_NAMES,
    SEVEN_CARD_LINES,
    SEVEN_CARD_STRAIGHT_FLUSH,
    SEVEN_CARD_STRAIGHT_FLUSH_JOKER,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
)

# The lines by rank, highest first (module docstring): SEVEN_CARD_LINES with
# the straight above three of a kind.
LINES_BY_RANK = (
    SEVEN_CARD_STRAIGHT_FLUSH,
    ROYAL_FLUSH_ROYAL_MATCH,
    SEVEN_CARD_STRAIGHT_FLUSH_JOKER,
    FIVE_ACES,
    ROYAL_FLUSH,
    STRAIGHT_FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    FLUSH,
    STRAIGHT,
    THREE_OF_A_KIND,
)
assert set(LINES_BY_RANK) == set(SEVEN_CARD_LINES) and len(LINES_BY_RANK) == len(SEVEN_CARD_LINES)

NO_LINE_NAME = "No bonus hand"

KING, QUEEN, TEN = 11, 10, 8  # rank indices (RANKS = "23456789TJQKA")
_ROYAL = sum(1 << rank for rank in range(TEN, ACE + 1))  # 10-J-Q-K-A
_KING_QUEEN = (1 << KING) | (1 << QUEEN)
# Seven ranks in sequence as 13-bit rank masks: A-2-3-4-5-6-7 (the ace low),
# then 2-8 ... 8-A. No wraparound.
_SEVEN_RUNS = frozenset([(1 << ACE) | 0b111111] + [0b1111111 << low for low in range(7)])
# Six suited ranks the joker completes to seven in sequence.
_SIX_OF_A_RUN = frozenset(run & ~(1 << rank) for run in _SEVEN_RUNS for rank in range(13) if run >> rank & 1)

# Five-card category -> line; a straight flush is split into royal or not.
_ROYAL_FLUSH_VALUE = (poker.STRAIGHT_FLUSH << 20) | (13 << 16)  # poker.py: the royal's straight key is 13
_LINE_OF_CATEGORY = {
    poker.FIVE_ACES: FIVE_ACES,
    poker.STRAIGHT_FLUSH: STRAIGHT_FLUSH,
    poker.FOUR_OF_A_KIND: FOUR_OF_A_KIND,
    poker.FULL_HOUSE: FULL_HOUSE,
    poker.FLUSH: FLUSH,
    poker.STRAIGHT: STRAIGHT,
    poker.THREE_OF_A_KIND: THREE_OF_A_KIND,
}
_FIVES_OF_SEVEN = tuple(combinations(range(7), 5))


def seven_card_line(seven_cards: Iterable[Card | str]) -> str | None:
    """The line (a key of ``SEVEN_CARD_LINES``) the seven cards make, or None.

    ``seven_cards``: seven ``Card`` values or their text ("AS", "JK"); a
    ValueError for another count, an unknown or a repeated card.
    """
    return line_of_indices(indices(seven_cards, 7))


def line_of_indices(
    seven: Sequence[int],
    _runs: frozenset[int] = _SEVEN_RUNS,
    _six: frozenset[int] = _SIX_OF_A_RUN,
    _eval: Callable[[int, int, int, int, int], int] = eval5_indices,
    _fives: tuple[tuple[int, ...], ...] = _FIVES_OF_SEVEN,
) -> str | None:
    """``seven_card_line`` for seven distinct card indices (no checks: the
    simulations' fast path)."""
    joker = JOKER_INDEX in seven
    by_suit = [0, 0, 0, 0]  # rank mask of the natural cards of each suit
    for index in seven:
        if index != JOKER_INDEX:
            by_suit[index & 3] |= 1 << (index >> 2)
    # Seven-card straight flushes: every natural card in one suit.
    for mask in by_suit:
        if mask:
            if joker:
                if mask in _six:
                    # Royal + royal match is impossible here: its K-Q is off-suit.
                    return SEVEN_CARD_STRAIGHT_FLUSH_JOKER
            elif mask in _runs:
                return SEVEN_CARD_STRAIGHT_FLUSH
            break
    # Royal flush + royal match: the royal (joker may fill one card) in suit s,
    # the other two cards the natural K and Q of a suit t != s.
    for suit, mask in enumerate(by_suit):
        royal_cards = (mask & _ROYAL).bit_count()
        if royal_cards + joker >= 5:  # (5 natural + joker leaves one card: no K-Q)
            for other, other_mask in enumerate(by_suit):
                if other != suit and other_mask & _KING_QUEEN == _KING_QUEEN:
                    return ROYAL_FLUSH_ROYAL_MATCH
            break
    best = 0
    for a, b, c, d, e in _fives:
        value = _eval(seven[a], seven[b], seven[c], seven[d], seven[e])
        if value > best:
            best = value
    if best >= _ROYAL_FLUSH_VALUE and best >> 20 == poker.STRAIGHT_FLUSH:
        return ROYAL_FLUSH
    return _LINE_OF_CATEGORY.get(best >> 20)


def line_name(key: str | None) -> str:
    """The line for people, as the paytables name it ("Royal flush + royal
    match"); ``NO_LINE_NAME`` for None; ValueError for an unknown key."""
    if key is None:
        return NO_LINE_NAME
    try:
        return SEVEN_CARD_LINE_NAMES[key]
    except (KeyError, TypeError):
        raise ValueError(
            f"{key!r} is not a seven-card line; the lines are {', '.join(SEVEN_CARD_LINES)}"
        ) from None


def rank_of_line(key: str | None) -> int:
    """0 for the highest line of ``LINES_BY_RANK``, larger lower; None ranks
    below every line (for sorting and "at least" tests)."""
    if key is None:
        return len(LINES_BY_RANK)
    return LINES_BY_RANK.index(key)
