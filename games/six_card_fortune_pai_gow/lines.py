"""The line of six cards for the Fortune bonus, Envy bonus and progressive
payout wagers, pure (docs/rules/six_card_fortune_pai_gow.md rules 13-15): the best
five-card hand of the six, whatever the setting, valued as the game values
its high hand (``games.cards.poker``: the joker completes a straight, flush
or straight flush, otherwise it is an ace).

The line keys are Pai Gow Poker's (``games.pai_gow.paytables``) where the
hand is the same; a royal flush is the highest straight flush, the joker may
fill it. Below three of a kind there is no line (None).
"""

from games.cards import poker
from games.cards.poker import eval5_indices, indices
from games.pai_gow.paytables import (
    FIVE_ACES,
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    ROYAL_FLUSH,
    SEVEN_CARD_LINE_NAMES,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
)
from games.pai_gow.seven_cards import LINES_BY_RANK

# Highest first, the order of the five-card ranking (a straight above three of a
# kind): Pai Gow Poker's lines by rank from five aces down, those five cards make.
SIX_CARD_LINES = LINES_BY_RANK[LINES_BY_RANK.index(FIVE_ACES) :]
LINE_NAMES = {line: SEVEN_CARD_LINE_NAMES[line] for line in SIX_CARD_LINES}
NO_LINE_NAME = "No bonus hand"

_ROYAL_FLUSH_VALUE = (poker.STRAIGHT_FLUSH << 20) | (13 << 16)  # poker.py: the royal's straight key is 13
_LINE_OF_CATEGORY = (None,) * 3 + (
    THREE_OF_A_KIND,
    STRAIGHT,
    FLUSH,
    FULL_HOUSE,
    FOUR_OF_A_KIND,
    STRAIGHT_FLUSH,
    FIVE_ACES,
)
assert (
    _LINE_OF_CATEGORY[poker.THREE_OF_A_KIND] == THREE_OF_A_KIND
    and _LINE_OF_CATEGORY[poker.FIVE_ACES] == FIVE_ACES
)
assert (poker.STRAIGHT, poker.FLUSH, poker.FULL_HOUSE, poker.FOUR_OF_A_KIND) == (4, 5, 6, 7)


def best_value_indices(six, _eval=eval5_indices):
    """The best five-card value of six distinct card indices."""
    a, b, c, d, e, f = six
    return max(
        _eval(b, c, d, e, f),
        _eval(a, c, d, e, f),
        _eval(a, b, d, e, f),
        _eval(a, b, c, e, f),
        _eval(a, b, c, d, f),
        _eval(a, b, c, d, e),
    )


def line_of_value(value):
    """The line of a best five-card value, or None."""
    if value >= _ROYAL_FLUSH_VALUE and value >> 20 == poker.STRAIGHT_FLUSH:
        return ROYAL_FLUSH
    return _LINE_OF_CATEGORY[value >> 20]


def line_of_indices(six):
    """``six_card_line`` of six distinct card indices (no checks)."""
    return line_of_value(best_value_indices(six))


def six_card_line(six):
    """The line (a key of ``SIX_CARD_LINES``) six cards make, or None; a
    ValueError for another count, an unknown or a repeated card."""
    return line_of_indices(indices(six, 6))


def line_name(key):
    return NO_LINE_NAME if key is None else LINE_NAMES[key]
