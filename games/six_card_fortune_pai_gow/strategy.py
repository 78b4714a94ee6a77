"""A rule of thumb for Six-Card Fortune Pai Gow's Double Down, pure: when a
player who sets by the house way should make it (the house bots play it).

Where a table offers the Double Down it is exactly the main wager and wins
only when both hands win (docs/rules/six_card_fortune_pai_gow.md, Paytables and
Defaults), so it is worth making when both hands beat the dealer's more often
than not. The lab's row (``simulate``) finds those hands per class of the
house way's setting (tier, the high hand's leading rank, the low card); this
rule is that set of classes written short: a strong low card (the joker, an
ace, a king) behind a high hand that can hold up.
"""

from games.cards.poker import JOKER_INDEX, RANK_AS_ACE, eval5_indices, indices
from games.six_card_fortune_pai_gow.house_way import house_way_indices

SIX, TEN, KING, ACE = 4, 8, 11, 12  # rank indices (0 = 2 ... 12 = ace)
JOKER_LOW = 13  # the joker as the low card beats every dealer low (rule 12): a class of its own
ONE_PAIR, TWO_PAIR, THREE_OF_A_KIND = 1, 2, 3  # house_way.TIER_NAMES


def doubles_class(tier, lead, low):
    """Whether to double a setting of house-way ``tier``, high-hand leading
    rank ``lead`` and low card ``low`` (a rank index, ``JOKER_LOW`` for the
    joker), as ``simulate.classes_of`` reads a setting."""
    if tier >= THREE_OF_A_KIND:
        return low >= KING
    if tier == TWO_PAIR:
        return low >= ACE or (lead == ACE and low == KING)
    if tier == ONE_PAIR:
        return (
            (low == JOKER_LOW and lead >= SIX)
            or (low == ACE and lead >= TEN)
            or (lead == ACE and low == KING)
        )
    return False


def worth_doubling(six):
    """Whether to make the Double Down on six cards (``Card`` values or their
    text) that will be set by the house way."""
    high, low, tier = house_way_indices(tuple(indices(six, 6)))
    lead = (eval5_indices(*high) >> 16) & 15
    return doubles_class(tier, lead, JOKER_LOW if low == JOKER_INDEX else RANK_AS_ACE[low])


def house_bot_strategy(rules, config):
    """The demo tables' house bots make the Double Down by this rule
    (GameSpec.bot_strategy): whether to, on the bot's six cards."""
    return worth_doubling
