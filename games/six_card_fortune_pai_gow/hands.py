"""Six-Card Fortune Pai Gow's two hands, pure: the five-card high hand, the
one-card low hand, the setting check and the comparison with the dealer
(docs/rules/six_card_fortune_pai_gow.md rules 1, 9, 11, 12).

Cards are ``games.cards.poker`` indices (``rank * 4 + suit``, the joker 52) on
the fast paths and ``Card`` values (or their text) on the public ones. A
setting is ``(high, low)``: five cards and one.

- High hand: valued by ``poker.eval5_indices`` (pai gow's ranking; the joker
  completes a straight, flush or straight flush, otherwise it is an ace).
- Low card: its rank, the joker an ace (``poker.RANK_AS_ACE``), except that a
  player's joker in the low hand beats any dealer low card (rule 12): the
  comparison, not the value, knows whose card it is.
"""

from games.cards.poker import (
    CARDS,
    JOKER_INDEX,
    PAIR,
    RANK_AS_ACE,
    eval5_indices,
    indices,
    name5,
)

WIN, LOSE, PUSH = "win", "lose", "push"
HAND_NAMES = ("High hand", "Low card")
HAND_SIZES = (5, 1)
CARDS_PER_HAND = 6  # rule 2

_PAIR_OR_BETTER = PAIR << 20
_RANK_WORDS = tuple("2 3 4 5 6 7 8 9 10 jack queen king ace".split())


def low_rank(card_index):
    """The low card's rank index (0 = 2 … 12 = ace), the joker an ace."""
    return RANK_AS_ACE[card_index]


def top_rank(high_value):
    """The rank of a high-card hand's top card (its first tie-breaking rank)."""
    return (high_value >> 16) & 15


def is_foul_values(high_value, low_card):
    """Rule 9: the setting is legal if the high hand has a pair or better, or
    its top card is at least the low card (the joker an ace both ways)."""
    if high_value >= _PAIR_OR_BETTER:
        return False
    return top_rank(high_value) < low_rank(low_card)


FOUL_MESSAGE = (
    "That is a foul: the five-card hand must outrank the low card. Put a higher card in the "
    "five-card hand, or a pair, and try again."
)


def setting_error(six, high, low):
    """Why a player's setting of ``six`` into ``high`` (five cards) and ``low``
    (one) is refused, in words for the player, or None when it is legal."""
    try:
        mine = sorted(indices(six, CARDS_PER_HAND))
        high_cards = indices(high)
        low_cards = indices(low)
    except ValueError:
        return "Set your own six cards: five in the high hand, one as the low card."
    if len(high_cards) != 5 or len(low_cards) != 1:
        return (
            f"The high hand takes five cards and the low hand one; you put {len(high_cards)} "
            f"and {len(low_cards)}."
        )
    if sorted(high_cards + low_cards) != mine:
        return "Set your own six cards: five in the high hand, one as the low card."
    if is_foul_values(eval5_indices(*high_cards), low_cards[0]):
        return FOUL_MESSAGE
    return None


def settings_indices(six):
    """The six settings (high five, low card) of six card indices: each card in
    turn as the low card (house way, step 1)."""
    return [(tuple(six[:place] + six[place + 1 :]), six[place]) for place in range(6)]


def low_result(player_low, dealer_low):
    """WIN or LOSE of the player's low card against the dealer's: the player's
    joker beats any dealer low, a dealer ace included (rule 12); a dealer joker
    is an ace; a copy goes to the dealer (rule 11)."""
    if player_low == JOKER_INDEX:
        return WIN
    return WIN if RANK_AS_ACE[player_low] > RANK_AS_ACE[dealer_low] else LOSE


def compare_values(player_high, player_low, dealer_high, dealer_low):
    """Rule 11: both hands win → WIN, both lose or copy → LOSE, else PUSH.
    ``*_high`` are five-card values, ``*_low`` card indices."""
    high = player_high > dealer_high  # a copy goes to the dealer
    low = low_result(player_low, dealer_low) == WIN
    if high and low:
        return WIN
    if not high and not low:
        return LOSE
    return PUSH


def compare(player_setting, dealer_setting):
    """``compare_values`` of two settings of ``Card`` values (or text)."""
    (ph, pl), (dh, dl) = player_setting, dealer_setting
    return compare_values(
        eval5_indices(*indices(ph, 5)),
        indices(pl, 1)[0],
        eval5_indices(*indices(dh, 5)),
        indices(dl, 1)[0],
    )


def hand_results(player_setting, dealer_setting):
    """("beats" | "copies" | "loses to") of the high hand and of the low card,
    for the round log."""
    (ph, pl), (dh, dl) = player_setting, dealer_setting
    mine, theirs = eval5_indices(*indices(ph, 5)), eval5_indices(*indices(dh, 5))
    high = "beats" if mine > theirs else "copies" if mine == theirs else "loses to"
    a, b = indices(pl, 1)[0], indices(dl, 1)[0]
    if a == JOKER_INDEX:
        low = "beats"  # rule 12
    else:  # a dealer joker in low is just an ace
        low = (
            "beats"
            if RANK_AS_ACE[a] > RANK_AS_ACE[b]
            else "copies"
            if RANK_AS_ACE[a] == RANK_AS_ACE[b]
            else "loses to"
        )
    return high, low


def indices_of(items):
    """Card indices of Cards or their text."""
    return indices(items)


def high_value(high):
    """The five-card value of a high hand of Cards (or text)."""
    return eval5_indices(*indices(high, 5))


def describe_high(high):
    return name5(eval5_indices(*indices(high, 5)))


def describe_low(low):
    index = indices(low, 1)[0]
    if index == JOKER_INDEX:
        return "Joker"
    return _RANK_WORDS[index >> 2].capitalize() if index >> 2 >= 9 else _RANK_WORDS[index >> 2]


def cards_of(index_list):
    return [CARDS[index] for index in index_list]
