"""The side wagers and bonus lines of the Spanish 21 family: which line a hand
makes. The payouts a line can be (Odds, MeterShare) are in games/payouts.py.

Pure Python (no Django, no I/O; docs/architecture.md, "The one rule of dependencies").
Every classifier takes ``Card`` values (games/cards/cards.py) and returns the
key of the one line that pays, or None; the paytables that say what a key pays
live with each game (games/spanish21/paytables.py,
games/players_edge21/paytables.py). The game decides *whether* a wager is in
play (a main wager at the spot, the wager placed, the hand not doubled...);
these functions only read the cards and the facts they are handed.
"""

from collections.abc import Iterable

from games.blackjack.hands import is_blackjack, total
from games.cards.cards import RED_SUITS, Card

# ---------------------------------------------------------------------------
# Card helpers
# ---------------------------------------------------------------------------


def _two(two_cards: Iterable[Card]) -> tuple[Card, ...]:
    items = tuple(two_cards)
    if len(items) != 2:
        raise ValueError(f"expected the first two cards of a hand, got {len(items)} card(s)")
    return items


def match_counts(player_two_cards: Iterable[Card], dealer_card: Card) -> tuple[int, int]:
    """(suited, unsuited): how many of the player's two cards equal the
    dealer's card in rank and suit, and how many in rank only."""
    items = _two(player_two_cards)
    suited = sum(1 for item in items if item == dealer_card)
    unsuited = sum(1 for item in items if item.rank == dealer_card.rank and item.suit != dealer_card.suit)
    return suited, unsuited


# ---------------------------------------------------------------------------
# Match the Dealer progressive: seed § 635c.1(a), the same six combinations
# word for word in § 685c.1(a) (Down Under Blackjack), so one classifier
# serves both games.
# ---------------------------------------------------------------------------

MTD_ACES_OF_SPADES = "a1"  # (a)(1) Two suited match, aces of spades
MTD_TWO_SUITED = "a2"  # (a)(2) Two suited match, all others
MTD_SUITED_AND_NON_SUITED = "a3"  # (a)(3) One non-suited match and one suited match
MTD_ONE_SUITED = "a4"  # (a)(4) One suited match
MTD_TWO_NON_SUITED = "a5"  # (a)(5) Two non-suited matches
MTD_ONE_NON_SUITED = "a6"  # (a)(6) One non-suited match
MATCH_THE_DEALER_COMBINATIONS = ("a1", "a2", "a3", "a4", "a5", "a6")  # highest first
MATCH_THE_DEALER_COMBINATION_NAMES = {
    "a1": "Two suited match, aces of spades",
    "a2": "Two suited match, all others",
    "a3": "One non-suited match and one suited match",
    "a4": "One suited match",
    "a5": "Two non-suited matches",
    "a6": "One non-suited match",
}


def match_the_dealer_combination(player_two_cards: Iterable[Card], upcard: Card) -> str | None:
    """The § 635c.1(a) (= § 685c.1(a)) combination of the player's first two
    cards against the dealer's upcard, "a1".."a6", or None (the wager loses,
    § 635c.1(g)(1)).

    With s = cards equal to the upcard in rank and suit and r = cards equal in
    rank only: (a)(1) s = 2 and the upcard is the ace of spades; (a)(2) s = 2,
    any other upcard; (a)(3) s = 1, r = 1; (a)(4) s = 1, r = 0; (a)(5) s = 0,
    r = 2; (a)(6) s = 0, r = 1. The regulation's wording of (a)(4) and (a)(6)
    would also cover the richer hands; as with every paytable, a hand takes
    only its most specific (highest) combination.
    """
    suited, unsuited = match_counts(player_two_cards, upcard)
    if suited == 2:
        aces_of_spades = upcard.rank == "A" and upcard.suit == "S"
        return MTD_ACES_OF_SPADES if aces_of_spades else MTD_TWO_SUITED
    if suited == 1:
        return MTD_SUITED_AND_NON_SUITED if unsuited else MTD_ONE_SUITED
    if unsuited == 2:
        return MTD_TWO_NON_SUITED
    if unsuited == 1:
        return MTD_ONE_NON_SUITED
    return None


# ---------------------------------------------------------------------------
# Match lines of the fixed-odds wagers: Spanish 21's Match the Dealer
# (docs/rules/spanish21.md, common practice) and Player's Edge 21's Match-Up and
# Match-Down (seed § 635c.2(d)(2)(i)-(ii), lines of § 635c.2(g)(4)). Both are
# settled by the § 635a.7(f) match procedure (§ 635c.2(e)(1)(i)) and have the
# same five lines; a "suited" match equals the dealer's card in rank and suit,
# an "unsuited" (Spanish 21 rack cards: "non-suited") one in rank only.
# ---------------------------------------------------------------------------

TWO_SUITED = "two_suited"
SUITED_AND_UNSUITED = "suited_and_unsuited"
ONE_SUITED = "one_suited"
TWO_UNSUITED = "two_unsuited"
ONE_UNSUITED = "one_unsuited"
MATCH_LINES = (TWO_SUITED, SUITED_AND_UNSUITED, ONE_SUITED, TWO_UNSUITED, ONE_UNSUITED)  # highest first
# § 635c.2(g)(4), the "Hand" column.
MATCH_LINE_NAMES = {
    TWO_SUITED: "Two suited matches",
    SUITED_AND_UNSUITED: "One suited match and one unsuited match",
    ONE_SUITED: "One suited match",
    TWO_UNSUITED: "Two unsuited matches",
    ONE_UNSUITED: "One unsuited match",
}


def _match_line(player_two_cards: Iterable[Card], dealer_card: Card) -> str | None:
    suited, unsuited = match_counts(player_two_cards, dealer_card)
    if suited == 2:
        return TWO_SUITED
    if suited == 1:
        return SUITED_AND_UNSUITED if unsuited else ONE_SUITED
    if unsuited == 2:
        return TWO_UNSUITED
    if unsuited == 1:
        return ONE_UNSUITED
    return None


def match_the_dealer_fixed(player_two_cards: Iterable[Card], upcard: Card) -> str | None:
    """Spanish 21's fixed-odds Match the Dealer line (docs/rules/spanish21.md rule 8 and
    its table: one non-suited, two non-suited, one suited, suited +
    non-suited, two suited), or None. Two suited aces of spades are simply
    "two suited" here: the ace-of-spades line belongs to the progressive."""
    return _match_line(player_two_cards, upcard)


def match_up(player_two_cards: Iterable[Card], upcard: Card) -> str | None:
    """Player's Edge 21 Match-Up line: the player's first two cards against the
    dealer's upcard (§ 635c.2(d)(2)(i), paid under (g)(4)), or None."""
    return _match_line(player_two_cards, upcard)


def match_down(player_two_cards: Iterable[Card], hole_card: Card) -> str | None:
    """Player's Edge 21 Match-Down line: the player's first two cards against
    the dealer's hole card (§ 635c.2(d)(2)(ii), paid under (g)(4)), or None."""
    return _match_line(player_two_cards, hole_card)


# ---------------------------------------------------------------------------
# Monster Match: seed § 635c.2(d)(2)(iii)(B), paid under § 635c.2(h).
# ---------------------------------------------------------------------------

FOUR_OF_A_KIND_SUITED = "four_of_a_kind_suited"  # (VI)
FOUR_OF_A_KIND_SAME_COLOR = "four_of_a_kind_same_color"  # (V)
FOUR_OF_A_KIND = "four_of_a_kind"  # (IV)
THREE_OF_A_KIND_SAME_COLOR = "three_of_a_kind_same_color"  # (III)
THREE_OF_A_KIND = "three_of_a_kind"  # (II)
SUITED_PAIR = "suited_pair"  # (I)
MONSTER_MATCH_EVENTS = (  # highest first, the order of the § 635c.2(h) paytables
    FOUR_OF_A_KIND_SUITED,
    FOUR_OF_A_KIND_SAME_COLOR,
    FOUR_OF_A_KIND,
    THREE_OF_A_KIND_SAME_COLOR,
    THREE_OF_A_KIND,
    SUITED_PAIR,
)
# § 635c.2(h), the "Triggering Event" column.
MONSTER_MATCH_EVENT_NAMES = {
    FOUR_OF_A_KIND_SUITED: "Four-of-a-kind (suited)",
    FOUR_OF_A_KIND_SAME_COLOR: "Four-of-a-kind (same color)",
    FOUR_OF_A_KIND: "Four-of-a-kind",
    THREE_OF_A_KIND_SAME_COLOR: "Three-of-a-kind (same color)",
    THREE_OF_A_KIND: "Three-of-a-kind",
    SUITED_PAIR: "Suited pair",
}


def _one_colour(items: Iterable[Card]) -> bool:
    return len({item.suit in RED_SUITS for item in items}) == 1


def monster_match_event(player_two_cards: Iterable[Card], dealer_two_cards: Iterable[Card]) -> str | None:
    """The highest § 635c.2(d)(2)(iii)(B) event the player's first two cards
    make with the dealer's first two cards, or None.

    Any of the four cards count (a suited pair may be the dealer's two cards
    or the player's own; docs/rules/players_edge21.md Defaults, "literal reading").
    Only the highest event is returned (docs/rules/progressives.md rule 12): a
    three of a kind that holds a suited pair is a three of a kind. "Highest"
    is the order of the events in the § 635c.2(h) paytables, i.e. the rank of
    the hand, not the amount a given wager and meter would pay.
    """
    items = _two(player_two_cards) + tuple(dealer_two_cards)
    if len(items) != 4:
        raise ValueError(f"Monster Match reads the dealer's first two cards, got {len(items) - 2}")
    by_rank: dict[str, list[Card]] = {}
    for item in items:
        by_rank.setdefault(item.rank, []).append(item)
    largest = max(by_rank.values(), key=len)
    if len(largest) == 4:
        if len({item.suit for item in largest}) == 1:
            return FOUR_OF_A_KIND_SUITED
        if _one_colour(largest):
            return FOUR_OF_A_KIND_SAME_COLOR
        return FOUR_OF_A_KIND
    if len(largest) == 3:
        return THREE_OF_A_KIND_SAME_COLOR if _one_colour(largest) else THREE_OF_A_KIND
    if len(set(items)) < len(items):
        return SUITED_PAIR
    return None


# ---------------------------------------------------------------------------
# Bonus 21s: PA § 635a.12(b); Player's Edge 21 pays diamonds where Spanish 21
# pays spades (seed § 635c.2(g)(2)).
# ---------------------------------------------------------------------------

SIX_SEVEN_EIGHT_MIXED = "six_seven_eight_mixed"  # (b)(1)
SIX_SEVEN_EIGHT_SUITED = "six_seven_eight_suited"  # (b)(2)
SIX_SEVEN_EIGHT_PREMIUM = "six_seven_eight_premium"  # (b)(2) spades; diamonds in Player's Edge 21
SEVEN_SEVEN_SEVEN_MIXED = "seven_seven_seven_mixed"  # (b)(3)
SEVEN_SEVEN_SEVEN_SUITED = "seven_seven_seven_suited"  # (b)(4)
SEVEN_SEVEN_SEVEN_PREMIUM = "seven_seven_seven_premium"  # (b)(4) spades; diamonds in Player's Edge 21
FIVE_CARD_21 = "five_card_21"  # (b)(5)
SIX_CARD_21 = "six_card_21"  # (b)(6)
SEVEN_CARD_21 = "seven_card_21"  # (b)(7) seven or more cards
BONUS_21_LINES = (
    SIX_SEVEN_EIGHT_MIXED,
    SIX_SEVEN_EIGHT_SUITED,
    SIX_SEVEN_EIGHT_PREMIUM,
    SEVEN_SEVEN_SEVEN_MIXED,
    SEVEN_SEVEN_SEVEN_SUITED,
    SEVEN_SEVEN_SEVEN_PREMIUM,
    FIVE_CARD_21,
    SIX_CARD_21,
    SEVEN_CARD_21,
)
BONUS_21_SECTIONS = {
    SIX_SEVEN_EIGHT_MIXED: "§ 635a.12(b)(1)",
    SIX_SEVEN_EIGHT_SUITED: "§ 635a.12(b)(2)",
    SIX_SEVEN_EIGHT_PREMIUM: "§ 635a.12(b)(2)",
    SEVEN_SEVEN_SEVEN_MIXED: "§ 635a.12(b)(3)",
    SEVEN_SEVEN_SEVEN_SUITED: "§ 635a.12(b)(4)",
    SEVEN_SEVEN_SEVEN_PREMIUM: "§ 635a.12(b)(4)",
    FIVE_CARD_21: "§ 635a.12(b)(5)",
    SIX_CARD_21: "§ 635a.12(b)(6)",
    SEVEN_CARD_21: "§ 635a.12(b)(7)",
}
SPADES = "S"  # Spanish 21's 3-to-1 suit, § 635a.12(b)(2), (4)
DIAMONDS = "D"  # Player's Edge 21's, seed § 635c.2(g)(2)


def bonus_21_names(premium_suit: str = SPADES) -> dict[str, str]:
    """Display names of the bonus lines for a game's premium suit."""
    suit = {SPADES: "spades", DIAMONDS: "diamonds"}.get(premium_suit, premium_suit)
    return {
        SIX_SEVEN_EIGHT_MIXED: "6-7-8 of mixed suits",
        SIX_SEVEN_EIGHT_SUITED: "6-7-8 of the same suit",
        SIX_SEVEN_EIGHT_PREMIUM: f"6-7-8 of {suit}",
        SEVEN_SEVEN_SEVEN_MIXED: "7-7-7 of mixed suits",
        SEVEN_SEVEN_SEVEN_SUITED: "7-7-7 of the same suit",
        SEVEN_SEVEN_SEVEN_PREMIUM: f"7-7-7 of {suit}",
        FIVE_CARD_21: "Five cards totaling 21",
        SIX_CARD_21: "Six cards totaling 21",
        SEVEN_CARD_21: "Seven or more cards totaling 21",
    }


def bonus_21(hand_cards: Iterable[Card], premium_suit: str = SPADES, *, doubled: bool = False) -> str | None:
    """The § 635a.12(b) line of a hand, or None (paid 1 to 1 as a plain win).

    ``premium_suit`` is the suit whose 6-7-8 and 7-7-7 pay 3 to 1: spades in
    Spanish 21, diamonds in Player's Edge 21 (§ 635c.2(g)(2): "diamonds, not
    spades", so a spade 6-7-8 there is an ordinary suited one). A hand with a
    Double Down wager has no bonus line (§ 635a.12(b), § 635c.2(f)(5)).
    The lines exclude one another (6-7-8 and 7-7-7 are three-card hands, the
    others have 5, 6, 7+ cards), so a hand has at most one: the one it pays.
    A two-card 21 is a blackjack or a split-hand 21, never a bonus line.
    """
    if doubled:
        return None
    items = tuple(hand_cards)
    if total(items)[0] != 21:
        return None
    count = len(items)
    if count == 3:
        ranks = sorted(item.rank for item in items)
        suits = {item.suit for item in items}
        if ranks == ["6", "7", "8"]:
            if len(suits) > 1:
                return SIX_SEVEN_EIGHT_MIXED
            return SIX_SEVEN_EIGHT_PREMIUM if suits == {premium_suit} else SIX_SEVEN_EIGHT_SUITED
        if ranks == ["7", "7", "7"]:
            if len(suits) > 1:
                return SEVEN_SEVEN_SEVEN_MIXED
            return SEVEN_SEVEN_SEVEN_PREMIUM if suits == {premium_suit} else SEVEN_SEVEN_SEVEN_SUITED
        return None
    if count == 5:
        return FIVE_CARD_21
    if count == 6:
        return SIX_CARD_21
    if count >= 7:
        return SEVEN_CARD_21
    return None


# ---------------------------------------------------------------------------
# Super bonuses: PA § 635a.12(c); seed § 635c.2(g)(3)
# ---------------------------------------------------------------------------


def is_suited_seven_seven_seven(hand_cards: Iterable[Card]) -> bool:
    """Three 7s of the same suit, and nothing else (§ 635a.12(c), (b)(4))."""
    items = tuple(hand_cards)
    return len(items) == 3 and all(item.rank == "7" for item in items) and len({i.suit for i in items}) == 1


def super_bonus(hand_cards: Iterable[Card], upcard: Card, *, doubled: bool, split: bool) -> bool:
    """Spanish 21's Super Bonus (PA § 635a.12(c)): a winning hand of three 7s
    of the same suit "when the dealer's exposed card is also a 7 of any suit".
    Not on a doubled hand (§ 635a.12(b)-(c) apply to no Double Down wager) and
    not on a split hand (docs/rules/spanish21.md rule 26: rack cards, N.J.A.C.
    13:69E-1.10B). A player 21 always wins, so the cards decide."""
    if doubled or split:
        return False
    return upcard.rank == "7" and is_suited_seven_seven_seven(hand_cards)


def seven_seven_seven_seven(hand_cards: Iterable[Card], upcard: Card, *, doubled: bool, split: bool) -> bool:
    """Player's Edge 21's 7-7-7-7 Super bonus (§ 635c.2(g)(3): "awarded under
    § 635a.12(c)(1), (2) and (4)"): the § 635a.12(c) hand, three suited 7s
    with a 7 of any suit up, i.e. four sevens (docs/rules/players_edge21.md rule 23).
    Not on a doubled hand (§ 635c.2(f)(5)) nor a split one (docs/rules/players_edge21.md
    Defaults)."""
    return super_bonus(hand_cards, upcard, doubled=doubled, split=split)


def has_seven(player_two_cards: Iterable[Card]) -> bool:
    """§ 635c.2(g)(3)(i)(B): a seven among a player's first two cards (the
    other players' payment is $100 instead of $50)."""
    return any(item.rank == "7" for item in _two(player_two_cards))


def is_suited_blackjack(dealer_two_cards: Iterable[Card]) -> bool:
    """A blackjack whose ace and 10-value card are of the same suit: Player's
    Edge 21 insurance pays 5 to 1 on it, 2 to 1 on any other dealer
    blackjack (§ 635c.2(b)(1))."""
    items = _two(dealer_two_cards)
    return is_blackjack(items) and items[0].suit == items[1].suit
