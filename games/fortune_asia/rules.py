"""Fortune Asia Poker (Ch. 659a; seed § 659c.1), pure: the pai gow family's
round (games/pai_gow/round.py) bound to this game's three hands, their
order test, the dealer's house way, the two-of-three comparison, the $1
progressive on the seven cards and the table's Rules Submission.

Phases: betting → no more bets (progressive wagers locked, the Mystery
bonus's contributions made, § 659c.1; rule 4) → the deal (an RNG number 1–7
picks the first position, rule 5; seven cards to every position and the
dealer, four left unseen, rule 3) → setting (a four-card High, a two-card
Medium and a one-card Low hand, High ≥ Medium ≥ Low, rule 6, or the house
way; at the clock the house way sets) → result (the dealer reveals and sets
by the house way, rule 8; the main wager two of three with copies to the
dealer, rule 9; the progressive and the Mystery bonus) → betting.
"""

from dataclasses import dataclass, field

from games.engine import IllegalAction
from games.fortune_asia import hands, paytables
from games.fortune_asia.house_way import set_house_way
from games.pai_gow import round as pg
from games.pai_gow.config import mystery_needs, table_clocks
from games.pai_gow.round import (  # noqa: F401  (the round's names, for the platform and the tests)
    BET,
    BETTING,
    CLEAR,
    CLOSE_BETTING,
    CLOSE_SETTING,
    DEAL,
    HOUSE_WAY,
    LEAVE,
    MAIN,
    NEXT_ROUND,
    POSITIONS,
    PROGRESSIVE,
    RESULT,
    ROLLING,
    SET_HAND,
    SETTING,
    State,
    new_state,
    parse_stack,
    round_summary,
)
from games.pai_gow.seven_cards import seven_card_line
from games.submission import BET_LIMITS, Checked, switches

GAME_NAME = "Fortune Asia Poker"
MYSTERY_SECTION = "§ 659c.1"
# Rule 4: the Fortune Asia Poker wager and the optional progressive payout wager;
# Surrender, Insurance, a seven-card bonus and Envy are not offered (Defaults).
AREAS = (MAIN, PROGRESSIVE)
AREA_NAMES = {MAIN: GAME_NAME, PROGRESSIVE: "progressive payout"}
PLAYER_ACTIONS = pg.BASE_ACTIONS


@dataclass(frozen=True)
class Config(Checked):
    """The table's Rules Submission for Fortune Asia Poker (§ 601a.2)."""

    min_bet: int = field(default=5, metadata={"help": "Minimum Fortune Asia Poker wager, in chips."})
    max_bet: int = field(default=500, metadata={"help": "Maximum Fortune Asia Poker wager, in chips."})
    progressive: int = field(
        default=1,
        metadata={"help": "1: the $1 progressive payout wager (§ 659a.7(e)(3); project-default paytable)."},
    )
    mystery: int = field(
        default=1, metadata={"help": "1: the Must-Hit-By Mystery bonus is offered with it (§ 659c.1)."}
    )
    betting_seconds: int = field(default=15, metadata={"help": "How long betting stays open."})
    deal_seconds: int = field(default=2, metadata={"help": "The pause between no more bets and the deal."})
    set_seconds: int = field(
        default=60, metadata={"help": "The setting clock; at expiry the house way sets."}
    )
    result_seconds: int = field(default=8, metadata={"help": "How long the result stays up."})

    CHECKS = (
        *switches("progressive", "mystery"),
        *BET_LIMITS,
        mystery_needs(MYSTERY_SECTION),
        *table_clocks(("deal_seconds", 0, 30)),
    )

    def offers(self, area):
        if area == MAIN:
            return True
        return area == PROGRESSIVE and self.progressive == 1


# -- the three hands (rules 6, 7) --------------------------------------------------------

HANDS = (
    pg.Hand("high", "High hand", 4, hands.high_value, lambda items: hands.high_name(hands.high_value(items))),
    pg.Hand(
        "medium",
        "Medium hand",
        2,
        hands.medium_value,
        lambda items: hands.medium_name(hands.medium_value(items)),
    ),
    pg.Hand("low", "Low hand", 1, hands.low_value, lambda items: hands.low_name(hands.low_value(items))),
)


VARIANT = pg.Variant(
    name=GAME_NAME,
    main_name=GAME_NAME,
    table_name="Fortune Asia Poker",
    hands=HANDS,
    areas=AREAS,
    area_names=AREA_NAMES,
    house_way=set_house_way,  # rule 8 and the "House way" button
    setting_error=hands.setting_error,  # rule 6: High ≥ Medium ≥ Low, saying which hand is too strong
    compare=hands.compare,  # rule 9: two of three, copies to the dealer
    deal_clock="deal_seconds",
    bonus_line=seven_card_line,  # the progressive on the seven cards (docs/rules/README.md)
    line_names=paytables.SEVEN_CARD_LINE_NAMES,
    progressive_paytable=paytables.PROGRESSIVE,
    progressive_cents=paytables.PROGRESSIVE_WAGER_CENTS,
    progressive_kind=paytables.PROGRESSIVE_METER_KIND,
    mystery_section=MYSTERY_SECTION,
)


def timer(state, config):
    return pg.timer(VARIANT, state, config)


def _check_area(area):
    if area in ("fortune", "envy", "insurance", "surrender"):
        raise IllegalAction(
            f"A Fortune Asia Poker table offers the {GAME_NAME} wager and the progressive only; "
            f"there is no {area} wager here."
        )


def parse_action(kind, data):
    return pg.parse_action(VARIANT, kind, data, _check_area)


def apply(state, action, config, rng):
    return pg.apply(VARIANT, state, action, config, rng)


STACK_HELP = (
    'Cards in deal order, seven per hand from the first position on, around the table: "first dealer" '
    '(or "first 3": seat 3 gets the first seven), then e.g. "AS AH AD AC JK KS QS"; JK is the joker, '
    "? any card. The rest of the 53-card deck is shuffled. It serves the next deal only."
)


def stack(state, config, text, rng=None):
    """A test table's stacked deck (docs/architecture.md, "Randomness"): the first
    position ("first dealer", "first 3": the RNG number of rule 5) and the
    front of the next round's 53-card deck, seven cards per position (rule 3)."""
    return pg.stack(
        VARIANT,
        state,
        config,
        text,
        rng,
        no_dice_message="This table has no dice: type first dealer or first and a seat to pick the first hand.",
    )
