"""The progressive meters the seed regulation defines, as data.

Pure Python (no Django, no I/O): the meter arithmetic in ``books.py``, the
Lua scripts' parameters and the lab all read these tables.

Money is in integer cents at the edges. Inside a meter, amounts are kept in
*units* of 1/10,000 of a cent, so that a contribution of rate × wager is an
exact integer (every rate here is a whole number of basis points) and the
sub-cent remainders of § 605a.7 contributions are carried, never rounded.
"""

from dataclasses import dataclass

UNITS_PER_CENT = 10_000
BASIS_POINTS = 10_000  # 100% = 10,000 basis points

MUST_HIT_BY = "must_hit_by"
MATCH_THE_DEALER = "match_the_dealer"
MONSTER_MATCH = "monster_match"
PROGRESSIVE_PAYOUT = "progressive_payout"
THREE_CARD = "three_card"
FIVE_CARD = "five_card"
CARIBBEAN_STUD = "caribbean_stud"
DJ_WILD_STUD = "dj_wild_stud"
# Down Under Blackjack's Match the Dealer progressive (§ 685c.1): its own kind, not
# Spanish 21's. The seed and rates are the same (§ 685c.1(j) = § 635c.1(j)), but the
# meter lines hit at other odds (52-card decks, not 48) and the fixed lines differ
# (§ 685c.1(i)), so one pool for both would have one game's players fund the other's
# jackpot; a link joins tables of games that share the paytable (rules/README.md).
DOWN_UNDER_MATCH = "down_under_match"
# Six-Card Fortune Pai Gow's $1 progressive on the best five of six cards, with its own
# six-card table (rules/six_card_fortune_pai_gow.md, Paytables; project default): its own
# kind, not FIVE_CARD. That meter takes $5 wagers and is linked across Let It Ride, Four
# Card Poker, Crazy 4 Poker and the others, whose lines are the player's five cards of 52;
# six cards with the joker make a royal flush about thirty times as often (1 in 20,281
# against 1 in 649,740) and the paytables differ, so one pool would have one game's players
# fund the other's jackpots.
SIX_CARD_FORTUNE = "six_card_fortune"
KINDS = [
    (MUST_HIT_BY, "Must-Hit-By Mystery bonus"),
    (MATCH_THE_DEALER, "Match the Dealer progressive"),
    (MONSTER_MATCH, "Monster Match progressive"),
    (PROGRESSIVE_PAYOUT, "Pai gow progressive payout wager"),
    (THREE_CARD, "Three-Card progressive"),
    (FIVE_CARD, "Five-Card progressive"),
    (CARIBBEAN_STUD, "Caribbean Stud progressive"),
    (DJ_WILD_STUD, "DJ Wild Stud progressive"),
    (DOWN_UNDER_MATCH, "Down Under Match the Dealer progressive"),
    (SIX_CARD_FORTUNE, "Six-Card Fortune Pai Gow progressive"),
]
KIND_NAMES = dict(KINDS)


@dataclass(frozen=True)
class MeterRules:
    """Everything a meter's arithmetic needs, in cents and basis points."""

    kind: str
    paytable: str  # the regulation's label: "A".."D", "A".."E", or "" (Match the Dealer)
    wager_cents: int  # the qualifying (minimum, or only) progressive wager
    exact_wager: bool  # True: the wager must be exactly wager_cents
    seed_cents: int  # initial seed (Must-Hit-By: the minimum value)
    reseed_cents: int  # the value the meter restarts from after a 100% award or a hit
    reseed_from_reserve: bool  # reseed funded from the reserve first (the house covers the rest)
    primary_bp: int  # rate × wager added to the meter
    reserve_bp: int  # rate × wager added to the reserve
    must_hit_by_cents: int | None = None  # Must-Hit-By: the maximum (public); None otherwise
    section: str = ""

    @property
    def name(self):
        dollars = f"${self.wager_cents // 100}"
        if self.kind == MUST_HIT_BY:
            return f"Must-Hit-By Mystery bonus, configuration {self.paytable} ({dollars})"
        if self.kind == MATCH_THE_DEALER:
            return f"Match the Dealer progressive ({dollars})"
        if self.kind == PROGRESSIVE_PAYOUT:
            return f"Pai gow progressive payout ({dollars})"
        if self.kind == MONSTER_MATCH:
            return f"Monster Match progressive, pool {self.paytable}"
        # Every other kind by its name and wager (a new kind is named right
        # without a branch here: DJ Wild Stud's once fell to Monster Match's).
        return f"{KIND_NAMES[self.kind]} ({dollars})"

    def wager_error(self, wager_cents):
        """Why ``wager_cents`` cannot be a qualifying progressive wager, or None."""
        if isinstance(wager_cents, bool) or not isinstance(wager_cents, int):
            return "A progressive wager must be a whole number of cents."
        if wager_cents <= 0:
            return "A progressive wager must be more than zero."
        if self.exact_wager and wager_cents != self.wager_cents:
            return f"The progressive wager at this table is exactly ${self.wager_cents / 100:,.2f}."
        if wager_cents < self.wager_cents:
            return f"The minimum progressive wager for this meter is ${self.wager_cents / 100:,.2f}."
        return None


def _dollars(amount):
    return amount * 100


# § 639c.1(c)(4), worded alike in §§ 641c.1, 643c.1, 645c.3, 647c.1, 649c.1,
# 653c.1, 655c.1, 657c.1, 659c.1, 670c.1, 687c.1 and 688c.1:
# (configuration, minimum progressive wager $) -> (minimum $, maximum $, rate in basis points)
MUST_HIT_BY_CONFIGURATIONS = {
    ("A", 1): (100, 200, 200),
    ("A", 2): (100, 200, 150),
    ("A", 5): (100, 250, 100),
    ("B", 1): (100, 500, 500),
    ("B", 2): (100, 500, 350),
    ("B", 5): (100, 500, 200),
    ("C", 1): (250, 500, 200),
    ("C", 2): (250, 500, 150),
    ("C", 5): (250, 500, 50),
    ("D", 1): (250, 1000, 500),
    ("D", 2): (250, 1000, 300),
    ("D", 5): (250, 1000, 200),
}

# § 635c.1(e), § 685c.1(e): the Match the Dealer progressive wager is $1 or $5.
MATCH_THE_DEALER_WAGERS = (1, 5)
# § 635c.1(j), § 685c.1(j): seed 1,000 × the wager; 15% primary, 6% secondary.
MATCH_THE_DEALER_SEED_MULTIPLE = 1000
MATCH_THE_DEALER_PRIMARY_BP = 1500
MATCH_THE_DEALER_SECONDARY_BP = 600

# § 635c.2(d)(2)(iii)(C): pool -> (initial seed $, reseed $ or None for
# "Reserve", primary increment bp, reserve increment bp).
MONSTER_MATCH_POOLS = {
    "A": (5000, None, 2200, 100),
    "B": (5000, None, 2200, 100),
    "C": (1500, 1500, 1700, 0),
    "D": (1500, 1500, 1700, 0),
    "E": (1500, 1500, 1700, 0),
}
# The regulation sets no minimum Monster Match wager; the meter takes any
# whole-dollar-or-more wager the table's limits allow.
MONSTER_MATCH_MIN_WAGER_CENTS = 100


# The pai gow games' progressive payout wager (§ 645a.7(e)(4)): neither the
# seed nor a published table gives its meter, so the project default of
# rules/pai_gow_poker.md § 9 (not PA text): a $1 wager, seed and reseed
# $5,000 funded by the house, 20% of each wager to the meter, no reserve.
PROGRESSIVE_PAYOUT_WAGERS = (1,)
PROGRESSIVE_PAYOUT_SEED_CENTS = 500_000
PROGRESSIVE_PAYOUT_PRIMARY_BP = 2000


def must_hit_by(configuration, wager_dollars):
    minimum, maximum, rate = MUST_HIT_BY_CONFIGURATIONS[(configuration, wager_dollars)]
    return MeterRules(
        kind=MUST_HIT_BY,
        paytable=configuration,
        wager_cents=_dollars(wager_dollars),
        exact_wager=False,
        seed_cents=_dollars(minimum),
        # (c)(5)(iv): the meter resets to the minimum value, funded by the house.
        reseed_cents=_dollars(minimum),
        reseed_from_reserve=False,
        primary_bp=rate,
        reserve_bp=0,
        must_hit_by_cents=_dollars(maximum),
        section="§ 639c.1(c)(4) and the twelve like sections",
    )


def match_the_dealer(wager_dollars, kind=MATCH_THE_DEALER):
    """A Match the Dealer meter: Spanish 21's (§ 635c.1(j)) or, with ``kind``
    DOWN_UNDER_MATCH, Down Under Blackjack's (§ 685c.1(j), the same figures)."""
    seed = _dollars(wager_dollars * MATCH_THE_DEALER_SEED_MULTIPLE)
    return MeterRules(
        kind=kind,
        paytable="",
        wager_cents=_dollars(wager_dollars),
        exact_wager=True,
        seed_cents=seed,
        # The seed states the initial seed only; the project reseeds the same
        # amount from the secondary (reserve) pool first (progressives_605a.md).
        reseed_cents=seed,
        reseed_from_reserve=True,
        primary_bp=MATCH_THE_DEALER_PRIMARY_BP,
        reserve_bp=MATCH_THE_DEALER_SECONDARY_BP,
        section="§ 635c.1(j), § 685c.1(j)",
    )


def monster_match(pool):
    seed, reseed, primary, reserve = MONSTER_MATCH_POOLS[pool]
    return MeterRules(
        kind=MONSTER_MATCH,
        paytable=pool,
        wager_cents=MONSTER_MATCH_MIN_WAGER_CENTS,
        exact_wager=False,
        seed_cents=_dollars(seed),
        reseed_cents=_dollars(seed if reseed is None else reseed),
        reseed_from_reserve=reseed is None,
        primary_bp=primary,
        reserve_bp=reserve,
        section="§ 635c.2(d)(2)(iii)(C)",
    )


def progressive_payout(wager_dollars=1):
    return MeterRules(
        kind=PROGRESSIVE_PAYOUT,
        paytable="",
        wager_cents=_dollars(wager_dollars),
        exact_wager=True,
        seed_cents=PROGRESSIVE_PAYOUT_SEED_CENTS,
        reseed_cents=PROGRESSIVE_PAYOUT_SEED_CENTS,
        reseed_from_reserve=False,
        primary_bp=PROGRESSIVE_PAYOUT_PRIMARY_BP,
        reserve_bp=0,
        section="project default, not PA text",  # rules/pai_gow_poker.md § 9
    )


# The poker games' Three-Card and Five-Card progressive payout wagers (Three
# Card Poker § 649a.7(d)(4), (d)(6); Let It Ride, Four Card Poker, Crazy 4
# Poker): the rules files give the paytables' top lines as "100% of meter"
# but no meter, so a project default, not PA text: a fixed wager ($1 on the
# three-card meter, $5 on the five-card one, as rules/README.md's table of
# progressive payout wagers), seed and reseed funded by the house, 20% of
# each wager to the meter, no reserve.
THREE_CARD_WAGERS = (1,)
THREE_CARD_SEED_CENTS = 100_000
FIVE_CARD_WAGERS = (5,)
FIVE_CARD_SEED_CENTS = 1_000_000
POKER_PROGRESSIVE_PRIMARY_BP = 2000
# Caribbean Stud's $1 progressive payout wager (§ 639a.7(d)(2)): its own meter,
# rules/caribbean_stud.md Defaults ("seed $10,000, primary 15%, no reserve",
# a project choice for play money, not PA text).
CARIBBEAN_STUD_WAGERS = (1,)
CARIBBEAN_STUD_SEED_CENTS = 1_000_000
CARIBBEAN_STUD_PRIMARY_BP = 1500
# DJ Wild Stud's $5 progressive bonus wager (§ 687a.7(d)(2)): its own meter, the
# five-card meter's seed and rate (the rules files give none for it; project default,
# not PA text).
DJ_WILD_STUD_WAGERS = (5,)
# Six-Card Fortune Pai Gow's $1 progressive (§ 670a.7(e)(4)): the five-card meter's
# seed and rate scaled to the $1 wager, a $2,000 seed (project default, not PA text; the
# rules file's figures for its six-card table are at this seed).
SIX_CARD_FORTUNE_WAGERS = (1,)
SIX_CARD_FORTUNE_SEED_CENTS = FIVE_CARD_SEED_CENTS // 5


def poker_progressive(kind, wager_dollars):
    seed, primary = {
        THREE_CARD: (THREE_CARD_SEED_CENTS, POKER_PROGRESSIVE_PRIMARY_BP),
        FIVE_CARD: (FIVE_CARD_SEED_CENTS, POKER_PROGRESSIVE_PRIMARY_BP),
        CARIBBEAN_STUD: (CARIBBEAN_STUD_SEED_CENTS, CARIBBEAN_STUD_PRIMARY_BP),
        DJ_WILD_STUD: (FIVE_CARD_SEED_CENTS, POKER_PROGRESSIVE_PRIMARY_BP),
        SIX_CARD_FORTUNE: (SIX_CARD_FORTUNE_SEED_CENTS, POKER_PROGRESSIVE_PRIMARY_BP),
    }[kind]
    return MeterRules(
        kind=kind,
        paytable="",
        wager_cents=_dollars(wager_dollars),
        exact_wager=True,
        seed_cents=seed,
        reseed_cents=seed,
        reseed_from_reserve=False,
        primary_bp=primary,
        reserve_bp=0,
        # rules/three_card_poker.md, four_card_poker.md, caribbean_stud.md, dj_wild_stud.md
        section="project default meter, not PA text",
    )


POKER_PROGRESSIVE_WAGERS = {
    THREE_CARD: THREE_CARD_WAGERS,
    FIVE_CARD: FIVE_CARD_WAGERS,
    CARIBBEAN_STUD: CARIBBEAN_STUD_WAGERS,
    DJ_WILD_STUD: DJ_WILD_STUD_WAGERS,
    SIX_CARD_FORTUNE: SIX_CARD_FORTUNE_WAGERS,
}


def meter_rules(kind, paytable, wager_dollars):
    """The rules of one meter, or KeyError/ValueError for a combination the
    regulation does not list."""
    if kind == MUST_HIT_BY:
        return must_hit_by(paytable, wager_dollars)
    if kind in (MATCH_THE_DEALER, DOWN_UNDER_MATCH):
        if wager_dollars not in MATCH_THE_DEALER_WAGERS:
            raise KeyError(wager_dollars)
        return match_the_dealer(wager_dollars, kind)
    if kind == MONSTER_MATCH:
        return monster_match(paytable)
    if kind == PROGRESSIVE_PAYOUT:
        if paytable or wager_dollars not in PROGRESSIVE_PAYOUT_WAGERS:
            raise KeyError((paytable, wager_dollars))
        return progressive_payout(wager_dollars)
    if kind in POKER_PROGRESSIVE_WAGERS:
        if paytable or wager_dollars not in POKER_PROGRESSIVE_WAGERS[kind]:
            raise KeyError((paytable, wager_dollars))
        return poker_progressive(kind, wager_dollars)
    raise ValueError(f"unknown meter kind {kind!r}")


def paytable_choices(kind):
    """The labels the regulation lists for a kind, and the wager amounts."""
    if kind == MUST_HIT_BY:
        return sorted({label for label, _ in MUST_HIT_BY_CONFIGURATIONS}), [1, 2, 5]
    if kind in (MATCH_THE_DEALER, DOWN_UNDER_MATCH):
        return [""], list(MATCH_THE_DEALER_WAGERS)
    if kind == PROGRESSIVE_PAYOUT:
        return [""], list(PROGRESSIVE_PAYOUT_WAGERS)
    if kind in POKER_PROGRESSIVE_WAGERS:
        return [""], list(POKER_PROGRESSIVE_WAGERS[kind])
    return sorted(MONSTER_MATCH_POOLS), [MONSTER_MATCH_MIN_WAGER_CENTS // 100]


def must_hit_by_row(configuration, progressive_wager_dollars):
    """The configuration row for a table's progressive wager: the row of its
    amount, otherwise the largest row not above it (rules/README.md)."""
    rows = [amount for label, amount in MUST_HIT_BY_CONFIGURATIONS if label == configuration]
    fitting = [amount for amount in rows if amount <= progressive_wager_dollars]
    if not fitting:
        raise ValueError(f"no configuration {configuration} row for a ${progressive_wager_dollars} wager")
    return must_hit_by(configuration, max(fitting))
