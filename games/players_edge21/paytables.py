"""Player's Edge 21 paytables (seed § 635c.2, a Spanish 21 variation), as data.

Pure Python (docs/architecture.md, "The one rule of dependencies"). Played as Spanish 21
except where § 635c.2 says otherwise (§ 635c.2(a)), so the main wager and
bonus odds are Spanish 21's (games/spanish21/paytables.py) with diamonds as
the 3-to-1 suit. Odds are exact ``Odds`` ("x to 1", "x for 1"); progressive
lines are a ``MeterShare`` of the Monster Match meter, paid by the meter
system (casino/progressives). The Monster Match *pool* tables A-E of
§ 635c.2(d)(2)(iii)(C) (seed, reseed, increments) are ``MONSTER_MATCH_POOLS``
at the end of this module, the meters' kind (games/meters.py).
Money is in integer cents.
"""

from games.blackjack.hands import is_blackjack
from games.blackjack.side_wagers import (
    DIAMONDS,
    FOUR_OF_A_KIND,
    FOUR_OF_A_KIND_SAME_COLOR,
    FOUR_OF_A_KIND_SUITED,
    MATCH_LINE_NAMES,
    MONSTER_MATCH_EVENT_NAMES,
    ONE_SUITED,
    ONE_UNSUITED,
    SUITED_AND_UNSUITED,
    SUITED_PAIR,
    THREE_OF_A_KIND,
    THREE_OF_A_KIND_SAME_COLOR,
    TWO_SUITED,
    TWO_UNSUITED,
    bonus_21_names,
    has_seven,
    is_suited_blackjack,
)
from games.meters import MeterKind, MeterRules
from games.payouts import MeterShare, Odds
from games.spanish21 import paytables as spanish21

DECKS = (5, 6, 8)  # § 635c.2(c): five, six or eight 48-card decks
DEFAULT_DECKS = 6  # docs/rules/players_edge21.md Defaults

# --- Main wager: § 635c.2(g)(2) -> PA § 635a.12(a); doubles and redoubles are
# paid 1 to 1 (§ 635c.2(f)(5)).
WIN = spanish21.WIN
BLACKJACK = spanish21.BLACKJACK
SURRENDER_LOSS = spanish21.SURRENDER_LOSS  # docs/rules/players_edge21.md rule 11 (common practice: WoO)

# --- Insurance: § 635c.2(b)(1) ----------------------------------------------
INSURANCE = Odds(2)  # "2 to 1 with non-suited dealer Blackjack"
INSURANCE_SUITED_BLACKJACK = Odds(5)  # "5 to 1 with suited dealer Blackjack"


def insurance_odds(dealer_two_cards):
    """What a winning insurance wager pays, or None (no dealer blackjack: lose)."""
    if not is_blackjack(list(dealer_two_cards)):
        return None
    return INSURANCE_SUITED_BLACKJACK if is_suited_blackjack(dealer_two_cards) else INSURANCE


# --- Bonus 21s: § 635c.2(g)(2) -> PA § 635a.12(b), "diamonds, not spades" ----
# The odds are Spanish 21's line for line; only the suit of the 3-to-1 6-7-8
# and 7-7-7 changes ((g)(2)(i)-(ii)); a spade 6-7-8 is an ordinary suited one
# (2 to 1). Call side_wagers.bonus_21(cards, PREMIUM_SUIT, doubled=...).
PREMIUM_SUIT = DIAMONDS
BONUS_21 = dict(spanish21.BONUS_21)
BONUS_21_NAMES = bonus_21_names(PREMIUM_SUIT)

# --- 7-7-7-7 Super bonus: § 635c.2(g)(3), "under § 635a.12(c)(1), (2) and (4)"
# Same amounts as Spanish 21's Super Bonus ($1,000 for an original wager of $5
# to under $25, $5,000 for $25 or more); side_wagers.seven_seven_seven_seven
# says whether a hand earns it. It replaces Spanish 21's Envy Bonus (§ 635a.12(c)(3)
# is not among the paragraphs (g)(3) applies): every other player who wagered
# that round is paid $50, or $100 with a seven in their first two cards
# (§ 635c.2(g)(3)(i)(A)-(B)).
SUPER_BONUS = spanish21.SUPER_BONUS
super_bonus_cents = spanish21.super_bonus_cents
OTHER_PLAYER_CENTS = 5_000  # (g)(3)(i)(A)
OTHER_PLAYER_WITH_SEVEN_CENTS = 10_000  # (g)(3)(i)(B)


def other_player_cents(player_two_cards):
    """§ 635c.2(g)(3)(i): what another player at the table is paid when a
    7-7-7-7 Super bonus is awarded, from that player's first two cards."""
    return OTHER_PLAYER_WITH_SEVEN_CENTS if has_seven(player_two_cards) else OTHER_PLAYER_CENTS


# --- Match-Up and Match-Down: § 635c.2(g)(4) ---------------------------------
# One table serves both wagers; lines picked by side_wagers.match_up /
# match_down. All "to 1".
MATCH_NAMES = MATCH_LINE_NAMES


def _match(two_suited, suited_and_unsuited, one_suited, two_unsuited, one_unsuited):
    return {
        TWO_SUITED: Odds(two_suited),
        SUITED_AND_UNSUITED: Odds(suited_and_unsuited),
        ONE_SUITED: Odds(one_suited),
        TWO_UNSUITED: Odds(two_unsuited),
        ONE_UNSUITED: Odds(one_unsuited),
    }


# § 635c.2(g)(4)(i): five or six decks, Paytables A-C.
MATCH_FIVE_OR_SIX_DECKS = {
    "A": _match(18, 13, 9, 8, 4),
    "B": _match(24, 15, 12, 6, 3),
    "C": _match(26, 16, 13, 6, 3),
}
# § 635c.2(g)(4)(ii): eight decks, Paytables A-B (the same numbers as A and B
# of (g)(4)(i)).
MATCH_EIGHT_DECKS = {
    "A": _match(18, 13, 9, 8, 4),
    "B": _match(24, 15, 12, 6, 3),
}
# decks -> paytable letter -> line
MATCH_UP_MATCH_DOWN = {5: MATCH_FIVE_OR_SIX_DECKS, 6: MATCH_FIVE_OR_SIX_DECKS, 8: MATCH_EIGHT_DECKS}
DEFAULT_MATCH_PAYTABLE = "A"  # docs/rules/players_edge21.md Defaults: first listed


def match_paytable(decks, paytable):
    """One § 635c.2(g)(4) paytable, or ValueError naming what the regulation lists."""
    if decks not in MATCH_UP_MATCH_DOWN:
        raise ValueError(f"Player's Edge 21 is played with 5, 6 or 8 decks, not {decks!r}")
    tables = MATCH_UP_MATCH_DOWN[decks]
    if paytable not in tables:
        letters = ", ".join(tables)
        raise ValueError(f"§ 635c.2(g)(4) lists Paytables {letters} for {decks} decks, not {paytable!r}")
    return tables[paytable]


# --- Monster Match: § 635c.2(h) ---------------------------------------------
# "x% of progressive" lines are a share of the Monster Match meter; the fixed
# lines are "for 1" (stake included). Events picked by
# side_wagers.monster_match_event (highest only).
MONSTER_MATCH_NAMES = MONSTER_MATCH_EVENT_NAMES


def _monster(four_same_color, three_same_color, three, suited_pair):
    return {
        FOUR_OF_A_KIND_SUITED: MeterShare(100),
        FOUR_OF_A_KIND_SAME_COLOR: MeterShare(four_same_color),
        FOUR_OF_A_KIND: Odds(200, for_one=True),
        THREE_OF_A_KIND_SAME_COLOR: Odds(three_same_color, for_one=True),
        THREE_OF_A_KIND: Odds(three, for_one=True),
        SUITED_PAIR: Odds(suited_pair, for_one=True),
    }


MONSTER_MATCH = {
    "A": _monster(10, 20, 12, 3),
    "B": _monster(10, 25, 10, 2),
    "C": _monster(100, 20, 12, 3),
    "D": _monster(100, 20, 10, 2),
    "E": _monster(100, 25, 10, 2),
}
DEFAULT_MONSTER_MATCH_PAYTABLE = "A"  # docs/rules/players_edge21.md Defaults: paytable A with pool A


def monster_match_paytable(paytable):
    """One § 635c.2(h) paytable, or ValueError."""
    if paytable not in MONSTER_MATCH:
        raise ValueError(f"§ 635c.2(h) lists Monster Match Paytables A-E, not {paytable!r}")
    return MONSTER_MATCH[paytable]


# --- The Monster Match progressive's meters: § 635c.2(d)(2)(iii)(C), one per pool:
# pool -> (initial seed $, reseed $ or None for "Reserve", primary increment bp,
# reserve increment bp).
MONSTER_MATCH_KIND = "monster_match"
MONSTER_MATCH_POOLS = {
    "A": (5000, None, 2200, 100),
    "B": (5000, None, 2200, 100),
    "C": (1500, 1500, 1700, 0),
    "D": (1500, 1500, 1700, 0),
    "E": (1500, 1500, 1700, 0),
}
# The regulation sets no minimum Monster Match wager; the meter takes any
# whole-dollar-or-more wager the table's limits allow (a pool's meter whatever
# wager it is opened with).
MONSTER_MATCH_MIN_WAGER_CENTS = 100


def _monster_match_pool(pool):
    seed, reseed, primary, reserve = MONSTER_MATCH_POOLS[pool]
    return MeterRules(
        kind=MONSTER_MATCH_KIND,
        paytable=pool,
        wager_cents=MONSTER_MATCH_MIN_WAGER_CENTS,
        exact_wager=False,
        seed_cents=seed * 100,
        reseed_cents=(seed if reseed is None else reseed) * 100,
        reseed_from_reserve=reseed is None,
        primary_bp=primary,
        reserve_bp=reserve,
        name=f"Monster Match progressive, pool {pool}",
        section="§ 635c.2(d)(2)(iii)(C)",
    )


MONSTER_MATCH_METER = MeterKind(
    MONSTER_MATCH_KIND,
    "Monster Match progressive",
    {(pool, None): _monster_match_pool(pool) for pool in MONSTER_MATCH_POOLS},
)
METER_KINDS = (MONSTER_MATCH_METER,)
