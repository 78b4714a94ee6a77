"""Fortune Asia Poker's three hands, pure: the four-card High, the two-card
Medium and the one-card Low hand, their rankings, the order test and the main
wager's comparison with the dealer (docs/rules/fortune_asia_poker.md rules 2, 6, 7, 9).

Cards are ``games.cards.poker`` indices (``rank * 4 + suit``, the joker 52) on
the fast paths and ``Card`` values on the public ones. The Medium hand ranks
exactly as pai gow's two-card low hand (a pair beats no pair, pairs by rank, no
pair by the higher then the lower card, the joker an ace), so its values are
``poker.TWO_CARD``'s; the Low card's value is its rank, the joker an ace
(``poker.RANK_AS_ACE``).

The High hand's ranking is its own (rule 7), high to low: four of a kind,
straight flush, flush, straight, three of a kind, two pair, one pair, high
card; no full house. A-K-Q-J is the highest straight, A-2-3-4 the lowest, no
wraparound; suits never rank. It differs from Four Card Poker's
(``games.cards.four_card``: three of a kind above a flush there), so it is not
that module's. The joker (rule 2) completes a straight, flush or straight
flush, otherwise it is an ace: A-A-A-joker is four aces, K-K-K-joker three
kings with an ace. A High value is ``category << 16`` plus up to four 4-bit
tie-breaking ranks (0 = 2 … 12 = ace; a straight's key is its top rank, 2 for
A-2-3-4), so ``>`` / ``==`` compare hands and an equal value is a copy.

A setting is ``(high, medium, low)``: tuples of 4, 2 and 1 cards.
"""

from collections import Counter
from functools import cache

from games.cards.cards import RANK_PLURALS, RANK_SHORT, RANK_WORDS
from games.cards.poker import ACE, CARDS, JOKER_INDEX, RANK_AS_ACE, TWO_CARD, indices, name2

# High-hand categories, low to high (rule 7).
HIGH_CARD = 0
PAIR = 1
TWO_PAIR = 2
THREE_OF_A_KIND = 3
STRAIGHT = 4
FLUSH = 5
STRAIGHT_FLUSH = 6
FOUR_OF_A_KIND = 7

WIN, LOSE, COPY = "win", "lose", "copy"
HAND_NAMES = ("High", "Medium", "Low")
HAND_SIZES = (4, 2, 1)

# Four-rank runs by rank mask -> key: A-K-Q-J 12 … 5-4-3-2 3, A-2-3-4 2 (rule 7).
_STRAIGHT_KEYS = {0b1111 << (top - 3): top for top in range(3, 13)}
_STRAIGHT_KEYS[(1 << ACE) | 0b111] = 2
_JOKER_FILLS = (STRAIGHT, FLUSH, STRAIGHT_FLUSH)


def _value(kind, ranks=()):
    value = kind << 16
    for place, rank in enumerate(ranks):
        value |= rank << (12 - 4 * place)
    return value


def _value_of(ranks, flush):
    """Four ranks (possibly repeated), all of one suit or not."""
    counts = Counter(ranks)
    order = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    if shape[0] == 4:
        return _value(FOUR_OF_A_KIND, order[:1])
    if shape[0] == 3:
        return _value(THREE_OF_A_KIND, order)
    if shape[0] == 2:
        return _value(TWO_PAIR if shape[1] == 2 else PAIR, order)
    key = _STRAIGHT_KEYS.get(sum(1 << rank for rank in ranks))
    if key is not None:
        return _value(STRAIGHT_FLUSH if flush else STRAIGHT, (key,))
    return _value(FLUSH if flush else HIGH_CARD, order)


# A hand's value depends only on its natural ranks, whether they share a suit
# and whether the joker is in it: a few thousand keys, so the cache stays small.
@cache
def _value_by_ranks(ranks, suited, joker):
    if not joker:
        return _value_of(ranks, suited)
    best = _value_of((*ranks, ACE), False)
    # Rule 2: the joker may stand for any card it completes a straight, flush
    # or straight flush with (of the naturals' suit when they share one); the
    # best such hand, if it beats the ace.
    for rank in range(13):
        value = _value_of((*ranks, rank), suited)
        if value >> 16 in _JOKER_FILLS and value > best:
            best = value
    return best


def high_value_indices(a, b, c, d):
    """Value of a High hand of four distinct card indices (no checks)."""
    hand = (a, b, c, d)
    joker = JOKER_INDEX in hand
    naturals = [x for x in hand if x != JOKER_INDEX] if joker else hand
    suited = len({x & 3 for x in naturals}) == 1
    return _value_by_ranks(tuple(sorted(x >> 2 for x in naturals)), suited, joker)


def medium_value_indices(a, b):
    """Value of a Medium hand of two distinct card indices: ``poker.TWO_CARD``'s."""
    return TWO_CARD[a * 53 + b]


def low_value_index(a):
    """Value of the Low card: its rank, the joker an ace (rule 7)."""
    return RANK_AS_ACE[a]


def category(high_value):
    return high_value >> 16


def high_value(hand):
    return high_value_indices(*indices(hand, 4))


def medium_value(hand):
    return medium_value_indices(*indices(hand, 2))


def low_value(hand):
    return low_value_index(*indices(hand, 1))


def high_name(value):
    """The High hand for people: "Four aces", "Straight flush, A-K-Q-J",
    "Flush, K-9-6-2", "Straight, 5 high", "Two pair, 9s and 4s"."""
    kind = value >> 16
    ranks = [(value >> shift) & 15 for shift in (12, 8, 4, 0)]
    if kind == FOUR_OF_A_KIND:
        return f"Four {RANK_PLURALS[ranks[0]]}"
    if kind in (STRAIGHT_FLUSH, STRAIGHT):
        top = ranks[0]
        run = "A-2-3-4" if top == 2 else "-".join(RANK_SHORT[rank] for rank in range(top, top - 4, -1))
        return f"{'Straight flush' if kind == STRAIGHT_FLUSH else 'Straight'}, {run}"
    if kind == FLUSH:
        return "Flush, " + "-".join(RANK_SHORT[rank] for rank in ranks)
    if kind == THREE_OF_A_KIND:
        return f"Three {RANK_PLURALS[ranks[0]]}"
    if kind == TWO_PAIR:
        return f"Two pair, {RANK_PLURALS[ranks[0]]} and {RANK_PLURALS[ranks[1]]}"
    if kind == PAIR:
        return f"Pair of {RANK_PLURALS[ranks[0]]}"
    return "-".join(RANK_SHORT[rank] for rank in ranks) + " high"


def medium_name(value):
    """ "Pair of kings", "A-9 high" (pai gow's two-card names)."""
    return name2(value)


def low_name(value):
    """ "Ace", "10", "Queen"."""
    return RANK_WORDS[value].capitalize()


def order_problem_values(high, medium, low):
    """Rule 7's order test on values: None when High ≥ Medium ≥ Low, else a
    message for the player saying which hand is too strong."""
    medium_pair = medium >> 8
    medium_top, medium_second = (medium >> 4) & 15, medium & 15
    if not medium_pair and medium_top < low:
        return (
            f"Your Low card ({low_name(low)}) outranks your Medium hand ({medium_name(medium)}): "
            "the Medium hand needs a pair or a card at least as high as the Low card."
        )
    kind = high >> 16
    if kind >= TWO_PAIR:
        return None
    high_top, high_second = (high >> 12) & 15, (high >> 8) & 15
    if kind == PAIR:
        broken = medium_pair and medium_top > high_top
    else:
        broken = medium_pair or (high_top, high_second) < (medium_top, medium_second)
    if broken:
        return (
            f"Your Medium hand ({medium_name(medium)}) outranks your High hand ({high_name(high)}): "
            "the High hand must be at least as strong as the Medium hand."
        )
    return None


def setting_values(setting):
    """(High, Medium, Low) values of a setting of card indices (no checks)."""
    high, medium, low = setting
    return high_value_indices(*high), medium_value_indices(*medium), low_value_index(*low)


def _setting_indices(setting):
    """The setting's card indices, or a message for the player."""
    try:
        high, medium, low = setting
    except (TypeError, ValueError):
        return None, "Set your cards into three hands: High, Medium and Low."
    result = []
    for name, size, hand in zip(HAND_NAMES, HAND_SIZES, (high, medium, low), strict=True):
        try:
            cards = indices(hand)
        except ValueError:
            return None, f"Your {name} hand holds something that is not a card."
        if len(cards) != size:
            card_word = "card" if size == 1 else "cards"
            return None, f"Your {name} hand takes {size} {card_word}; it has {len(cards)}."
        result.append(cards)
    every = [c for hand in result for c in hand]
    if len(set(every)) != len(every):
        return None, "A card is in two of your hands."
    return result, None


def setting_error(setting, seven=None):
    """Rule 6: None when ``setting`` (High 4, Medium 2, Low 1 cards) is
    legal, else the player-facing reason it is fouled. With ``seven``, the
    setting must also use exactly those seven cards."""
    cards, problem = _setting_indices(setting)
    if problem:
        return problem
    if seven is not None and sorted(c for hand in cards for c in hand) != sorted(indices(seven, 7)):
        return "Set the seven cards you were dealt, each in one hand."
    return order_problem_values(*setting_values(cards))


def is_foul(setting, seven=None):
    """Rule 6: wrong card counts, a card twice or a broken order."""
    return setting_error(setting, seven) is not None


def hand_results(player_setting, dealer_setting):
    """Rule 9: each of the player's three hands against the dealer's, "win"
    only if strictly higher, "copy" when equal (it goes to the dealer), else
    "lose". Both settings must be legal (ValueError otherwise)."""
    values = []
    for who, setting in (("player", player_setting), ("dealer", dealer_setting)):
        cards, problem = _setting_indices(setting)
        problem = problem or order_problem_values(*setting_values(cards))
        if problem:
            raise ValueError(f"The {who}'s setting is fouled: {problem}")
        values.append(setting_values(cards))
    return tuple(
        WIN if mine > theirs else COPY if mine == theirs else LOSE
        for mine, theirs in zip(*values, strict=True)
    )


def compare(player_setting, dealer_setting):
    """The Fortune Asia Poker wager's result (rules 6 and 9): "win" (paid 1 to
    1) when two or three of the player's hands beat the dealer's, copies going
    to the dealer; otherwise "lose", and a fouled player setting loses. The
    dealer's setting must be legal (rule 8: a misset dealer hand is corrected
    to the house way), else ValueError."""
    problem = setting_error(dealer_setting)
    if problem:
        raise ValueError(f"The dealer's setting is fouled; set it by the house way (rule 8): {problem}")
    if is_foul(player_setting):
        return LOSE
    wins = hand_results(player_setting, dealer_setting).count(WIN)
    return WIN if wins >= 2 else LOSE


def describe(setting):
    """Each hand's name, e.g. ("Pair of 8s", "A-9 high", "Queen")."""
    cards, problem = _setting_indices(setting)
    if problem:
        raise ValueError(problem)
    high, medium, low = setting_values(cards)
    return high_name(high), medium_name(medium), low_name(low)


def cards_of(index_list):
    return tuple(CARDS[c] for c in index_list)
