"""Texas Hold 'Em Bonus Poker paytables (58 Pa. Code Ch. 647a; seed § 647c.1), as data.

Pure Python. The rules file (docs/rules/texas_holdem_bonus.md) reproduces no PA
paytable: the Ante's "straight or better" (or the flush-or-better variant)
and the 1-to-1 street wagers are rule 10's table [common practice: Rivers Des
Plaines, PokerStars]; the Bonus wager's one paytable is the rules file's
[common practice: Rivers Des Plaines, NagaWorld]; the $5 progressive is the
five-card table of docs/rules/four_card_poker.md, shared with Four Card Poker
(``games.four_card_poker.paytables.FIVE_CARD_PROGRESSIVE``) on the linked
five_card meter. Money is in integer cents. The Must-Hit-By Mystery
configurations of § 647c.1(c)(4) live once, in games/meters.py.
"""

from games.cards import poker
from games.four_card_poker.paytables import (
    FIVE_CARD_ENVY_CENTS,
    FIVE_CARD_PROGRESSIVE,
    FIVE_CARD_SOURCE,
    FIVE_CARD_WAGER_CENTS,
)
from games.payouts import Odds
from games.poker.paytables import (  # noqa: F401 (the family's, shared)
    FIVE_CARD_LINE_NAMES,
    FIVE_CARD_METER,
    five_card_lines,
    lookup,
    named_paytable,
)

# --- Ante (rule 10): paid 1 to 1 when the player beats the dealer with this hand or
# better, else a push; the street wagers pay 1 to 1 on any win. Rules file Defaults:
# a straight or better; the flush-or-better variant (Atlantic City) selectable.
ANTE_PAYS_ON = {
    "straight or better": poker.STRAIGHT,
    "flush or better": poker.FLUSH,
}
ANTE_PAYS_NAMES = tuple(ANTE_PAYS_ON)
EVEN_MONEY = Odds(1)
MAIN_SOURCE = "rule 10 [common practice: Rivers Des Plaines, PokerStars]"

# --- Bonus wager (rule 11) on the player's two cards; the top line also needs the
# dealer's two cards. Rules file paytable [common practice: Rivers Des Plaines,
# NagaWorld], named by its odds from the top line down.
ACES_WITH_DEALER_ACES = "aces_with_dealer_aces"
ACES = "aces"
ACE_KING_SUITED = "ace_king_suited"
ACE_QUEEN_OR_JACK_SUITED = "ace_queen_or_jack_suited"
ACE_KING_OFFSUIT = "ace_king_offsuit"
KINGS_QUEENS_OR_JACKS = "kings_queens_or_jacks"
ACE_QUEEN_OR_JACK_OFFSUIT = "ace_queen_or_jack_offsuit"
TWOS_THROUGH_TENS = "twos_through_tens"

BONUS_LINE_NAMES = {
    ACES_WITH_DEALER_ACES: "A-A, and the dealer also holds A-A",
    ACES: "A-A",
    ACE_KING_SUITED: "A-K suited",
    ACE_QUEEN_OR_JACK_SUITED: "A-Q or A-J suited",
    ACE_KING_OFFSUIT: "A-K offsuit",
    KINGS_QUEENS_OR_JACKS: "K-K, Q-Q or J-J",
    ACE_QUEEN_OR_JACK_OFFSUIT: "A-Q or A-J offsuit",
    TWOS_THROUGH_TENS: "2-2 through 10-10",
}
BONUS_PAYTABLES = {
    "1000-30-25-20-15-10-5-3": {
        ACES_WITH_DEALER_ACES: Odds(1000),
        ACES: Odds(30),
        ACE_KING_SUITED: Odds(25),
        ACE_QUEEN_OR_JACK_SUITED: Odds(20),
        ACE_KING_OFFSUIT: Odds(15),
        KINGS_QUEENS_OR_JACKS: Odds(10),
        ACE_QUEEN_OR_JACK_OFFSUIT: Odds(5),
        TWOS_THROUGH_TENS: Odds(3),
    },
}
BONUS_NAMES = tuple(BONUS_PAYTABLES)
DEFAULT_BONUS_PAYTABLE = "1000-30-25-20-15-10-5-3"
BONUS_SOURCE = "rules file Bonus wager table [common practice: Rivers Des Plaines, NagaWorld]"

_ACE, _KING, _QUEEN, _JACK, _TEN = 12, 11, 10, 9, 8  # rank indices (2 = 0 … ace = 12)


def bonus_lines(high, low, suited, dealer_aces=False):
    """The Bonus lines of two hole cards by rank index (``high`` >= ``low``),
    whether they share a suit and whether the dealer's two cards are A-A; the
    most particular first ([] for "anything else"): a table pays the first it lists."""
    if high == low:
        if high == _ACE:
            return [ACES_WITH_DEALER_ACES, ACES] if dealer_aces else [ACES]
        if high >= _JACK:
            return [KINGS_QUEENS_OR_JACKS]
        return [TWOS_THROUGH_TENS]
    if high != _ACE:
        return []
    if low == _KING:
        return [ACE_KING_SUITED if suited else ACE_KING_OFFSUIT]
    if low in (_QUEEN, _JACK):
        return [ACE_QUEEN_OR_JACK_SUITED if suited else ACE_QUEEN_OR_JACK_OFFSUIT]
    return []


def bonus_lines_of(hole, dealer):
    """``bonus_lines`` of two hole cards and the dealer's two (Cards or their text)."""
    first, second = (poker.CARD_INDEX[item] for item in hole)
    high, low = max(first >> 2, second >> 2), min(first >> 2, second >> 2)
    dealer_aces = len(dealer) == 2 and all(poker.CARD_INDEX[item] >> 2 == _ACE for item in dealer)
    return bonus_lines(high, low, first & 3 == second & 3, dealer_aces)


# --- Progressive payout wager (rules 2, 3, 12): $5 on the two hole cards and the
# flop; the five-card table of docs/rules/four_card_poker.md ("for 1": the $5 is collected at
# no more bets; RF 100% / SF 10% of the linked five_card meter); only the highest
# line pays; settled after a fold too (Defaults: the flop is always dealt).
PROGRESSIVE_WAGER_CENTS = FIVE_CARD_WAGER_CENTS
PROGRESSIVE_PAYTABLES = {"A": FIVE_CARD_PROGRESSIVE}
PROGRESSIVE_NAMES = tuple(PROGRESSIVE_PAYTABLES)
PROGRESSIVE_SOURCE = "docs/rules/four_card_poker.md's $5 five-card table: " + FIVE_CARD_SOURCE

# --- Envy Bonus (§ 647a.1 definition): a fixed sum to a progressive player for each
# OTHER player's straight flush or better on the hole cards and flop.
ENVY_DEFAULT_CHIPS = {line: cents // 100 for line, cents in FIVE_CARD_ENVY_CENTS.items()}
ENVY_SOURCE = "amounts: docs/rules/four_card_poker.md's five-card table (Live! Philadelphia)"

PROGRESSIVE_LINE_NAMES = FIVE_CARD_LINE_NAMES

# --- Must-Hit-By Mystery bonus (§ 647c.1): qualifying wagers "a Texas Hold 'Em Bonus
# Poker wager and a progressive payout wager" ((c)(1)); default configuration A in
# the $5 row (docs/rules/README.md).
DEFAULT_MYSTERY_CONFIGURATION = "A"


def bonus_paytable(name):
    return named_paytable(BONUS_PAYTABLES, name, "Texas Hold 'Em Bonus's Bonus")


def progressive_paytable(name):
    return named_paytable(PROGRESSIVE_PAYTABLES, name, "Texas Hold 'Em Bonus's progressive")


# The meters this game's tables link (games/meters.py): the poker family's, shared.
METER_KINDS = (FIVE_CARD_METER,)
