"""Six-Card Fortune Pai Gow Poker (Ch. 670a; seed § 670c.1), pure: the pai gow
family's round (games/pai_gow/round.py) bound to this game's hands, house
way, Double Down, paytables and the table's Rules Submission.

Phases: betting → no more bets (the progressive wagers locked, the Mystery
bonus's contributions made, § 670c.1) → dealing (an RNG number 1–7 picks the
first position, six cards to every position and the dealer, rule 7; 42 of 53
cards, the rest unseen, rule 2) → deciding (only where the table offers the
Double Down: each player sees the six cards and may place it, the only wager after "no more bets", rules 5
and 8; at the clock: no Double Down) → setting (a five-card high hand and a
one-card low hand, rule 9, or the house way; at the clock the house way sets)
→ result (the dealer sets by the house way, rule 10; main and Double Down,
Fortune, Envy, progressive and Mystery bonus settled) → betting.
"""

from dataclasses import dataclass, field

from games.engine import (
    LOSE,
    RETURN,
    STAKE,
    WIN,
    Action,
    ChipMove,
    IllegalAction,
    format_chips,
    parse_chips,
)
from games.pai_gow import round as pg
from games.pai_gow.config import mystery_needs, table_clocks
from games.pai_gow.round import (  # noqa: F401  (the round's names, for the platform and the tests)
    BET,
    BETTING,
    CLEAR,
    CLOSE_BETTING,
    CLOSE_DECIDING,
    CLOSE_SETTING,
    DEAL,
    DECIDING,
    FORTUNE,
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
from games.settled import signed
from games.six_card_fortune_pai_gow import hands, house_way, lines, paytables
from games.six_card_fortune_pai_gow.settlement import DOUBLE_DOWN, main_result
from games.submission import BET_LIMITS, SIDE_MAX, Checked, switches

GAME_NAME = "Six-Card Fortune Pai Gow Poker"
MYSTERY_SECTION = "§ 670c.1"
DOUBLE = "double_down"  # rule 8: the Double Down, after looking at the six cards
NO_DOUBLE = "no_double_down"
# The Double Down is no betting area of the betting window: it is placed after the cards.
AREAS = (MAIN, FORTUNE, PROGRESSIVE)
AREA_NAMES = {
    MAIN: GAME_NAME,
    FORTUNE: "Fortune bonus",
    PROGRESSIVE: "progressive payout",
    DOUBLE_DOWN: "Double Down",
}
PLAYER_ACTIONS = (*pg.BASE_ACTIONS, DOUBLE, NO_DOUBLE)


@dataclass(frozen=True)
class Config(Checked):
    """The table's Rules Submission for Six-Card Fortune Pai Gow Poker (§ 601a.2)."""

    min_bet: int = field(
        default=5, metadata={"help": "Minimum Six-Card Fortune Pai Gow Poker wager, in chips."}
    )
    max_bet: int = field(
        default=500, metadata={"help": "Maximum Six-Card Fortune Pai Gow Poker wager, in chips."}
    )
    side_max: int = field(default=100, metadata={"help": "Maximum Fortune bonus wager, in chips."})
    # The rules file's Defaults: off; where offered, exactly the main wager, won only when
    # both hands win (paytables.DOUBLE_DOWN).
    double_down: int = field(
        default=0,
        metadata={
            "help": "1: the Double Down after the cards (§ 670a.7(e)(1)): exactly the main wager, paid 1 to 1 "
            "only when both hands win, lost otherwise (project default; off by default)."
        },
    )
    fortune: int = field(
        default=0,
        metadata={"help": "1: the Fortune bonus and Envy (project-default paytables: none are published)."},
    )
    progressive: int = field(
        default=1, metadata={"help": "1: the $1 progressive payout wager (§ 670a.7(e)(4))."}
    )
    mystery: int = field(
        default=1, metadata={"help": "1: the Must-Hit-By Mystery bonus is offered with it (§ 670c.1)."}
    )
    betting_seconds: int = field(default=15, metadata={"help": "How long betting stays open."})
    decide_seconds: int = field(
        default=15, metadata={"help": "The Double Down clock; at expiry no Double Down is made."}
    )
    set_seconds: int = field(
        default=45, metadata={"help": "The setting clock; at expiry the house way sets."}
    )
    result_seconds: int = field(default=8, metadata={"help": "How long the result stays up."})

    CHECKS = (
        *switches("double_down", "fortune", "progressive", "mystery"),
        *BET_LIMITS,
        SIDE_MAX,
        mystery_needs(MYSTERY_SECTION),
        *table_clocks(("decide_seconds", 3, 120)),
    )

    def offers(self, area):
        if area == MAIN:
            return True
        return getattr(self, area, 0) == 1


# -- the two hands (rule 9) ----------------------------------------------------------


def _low_value(items):
    """The low card's value for the round log: its rank, the joker above the ace
    (rule 12: a player's joker beats any dealer low; ``compare`` decides)."""
    (item,) = items
    return 13 if item.is_joker else hands.low_rank(hands.indices_of(items)[0])


HANDS = (
    pg.Hand("high", "High hand", 5, hands.high_value, hands.describe_high),
    pg.Hand("low", "Low card", 1, _low_value, hands.describe_low),
)


def setting_error(setting):
    high, low = setting
    return (
        hands.FOUL_MESSAGE if hands.is_foul_values(hands.high_value(high), hands.indices_of(low)[0]) else None
    )


# -- the Double Down (rules 5, 8; the rules file's Defaults: exactly 1x the main wager) ----


def _parse_decision(kind, data):
    if kind == NO_DOUBLE:
        return Action(NO_DOUBLE)
    amount = data.get("amount")
    return Action(DOUBLE, data={"amount": None if amount in (None, "") else parse_chips(amount)})


def _decide(state, seat, spot, action, config):
    if action.kind == NO_DOUBLE:
        return [{"player": action.player, "text": "plays without the Double Down"}], []
    if not config.double_down:
        raise IllegalAction("This table does not offer the Double Down.")
    main = spot["bets"][MAIN]
    amount = main * paytables.DOUBLE_DOWN_MULTIPLE
    asked = action.data.get("amount")
    if asked is not None and asked != amount:
        raise IllegalAction(
            f"The Double Down is exactly your {GAME_NAME} wager, {format_chips(amount)}; "
            f"not {format_chips(asked)}."
        )
    spot["bets"][DOUBLE_DOWN] = amount
    return (
        [{"player": action.player, "text": f"doubles down {format_chips(amount)}"}],
        [ChipMove(STAKE, action.player, amount, f"seat {seat} {DOUBLE_DOWN}")],
    )


def _no_double_at_the_clock(state, seat, spot, config):
    return [{"player": None, "text": f"Seat {seat}: time is up, no Double Down."}], []


DECISION = pg.Decision(
    kinds=(DOUBLE, NO_DOUBLE),
    parse=_parse_decision,
    decide=_decide,
    default=_no_double_at_the_clock,
    seconds=lambda config: config.decide_seconds,
    prompt="Double Down?",
    offered=lambda config: bool(config.double_down),
)


def _settle_double_down(state, seat, spot, dealer, push, config):
    """1 to 1 when both hands win; lost when only one does, when neither does
    and when the hand is fouled (rule 9; the rules file's Defaults)."""
    player, amount = spot["player"], spot["bets"][DOUBLE_DOWN]
    setting = tuple(hands.indices_of(spot[key]) for key in ("high", "low"))
    dealer_setting = tuple(hands.indices_of(hand) for hand in dealer)
    result = main_result((tuple(setting[0]), setting[1][0]), (tuple(dealer_setting[0]), dealer_setting[1][0]))
    memo = f"seat {seat} {DOUBLE_DOWN}"
    if result == hands.WIN:
        won = paytables.DOUBLE_DOWN.winnings_cents(amount)
        pg.result_line(state, seat, "Double Down", staked=amount, paid=amount + won, detail="1 to 1")
        log = [{"player": None, "text": f"Seat {seat}: Double Down 1 to 1: +{format_chips(won)}."}]
        return log, [ChipMove(RETURN, player, amount, memo), ChipMove(WIN, player, won, memo)]
    words = "loses on a push" if result == hands.PUSH else "loses"
    pg.result_line(state, seat, "Double Down", staked=amount, detail=words)
    log = [{"player": None, "text": f"Seat {seat}: Double Down {words}: {signed(-amount)}."}]
    return log, [ChipMove(LOSE, player, amount, memo)]


def _envy_cents(other_lines, bets):
    """Rule 14: with a Qualifying ($5) Fortune wager, per other player's full house or better."""
    return paytables.envy_cents(other_lines, bets[FORTUNE]) if bets.get(FORTUNE) else 0


VARIANT = pg.Variant(
    name=GAME_NAME,
    main_name=GAME_NAME,
    table_name="Six-Card Fortune Pai Gow",
    hands=HANDS,
    areas=AREAS,
    area_names=AREA_NAMES,
    house_way=lambda six: tuple(tuple(hand) for hand in house_way.set_house_way(six)),
    setting_error=setting_error,
    compare=hands.compare,  # rule 11 with rule 12's joker
    cards_per_player=hands.CARDS_PER_HAND,
    side_wagers=((DOUBLE_DOWN, _settle_double_down),),
    decision=DECISION,
    bonus_line=lines.six_card_line,
    line_names=lines.LINE_NAMES,
    fortune_paytable=paytables.FORTUNE,
    progressive_paytable=paytables.PROGRESSIVE,
    progressive_cents=paytables.PROGRESSIVE_WAGER_CENTS,
    progressive_kind=paytables.PROGRESSIVE_METER_KIND,
    envy_cents=_envy_cents,
    mystery_section=MYSTERY_SECTION,
)


def timer(state, config):
    return pg.timer(VARIANT, state, config)


def _check_area(area):
    if area == DOUBLE_DOWN:
        raise IllegalAction(
            "The Double Down is placed after you have looked at your six cards, not before the deal."
        )


def parse_action(kind, data):
    return pg.parse_action(VARIANT, kind, data, _check_area)


def apply(state, action, config, rng):
    if action.kind in (DOUBLE, NO_DOUBLE) and state.phase != DECIDING:
        raise IllegalAction(_late_or_early(state))
    return pg.apply(VARIANT, state, action, config, rng)


def _late_or_early(state):
    """Why a Double Down cannot be placed now: before the cards, or after the setting."""
    if state.phase in (BETTING, ROLLING):
        return "The Double Down is placed after you have looked at your six cards; wait for the deal."
    return "The Double Down is placed before the hands are set; it is too late this round."


STACK_HELP = (
    'Cards in deal order, six per hand from the first position on, around the table: "first dealer" '
    '(or "first 3": seat 3 gets the first six), then e.g. "AS KS QS JS TS JK"; JK is the joker, ? any '
    "card. The rest of the 53-card deck is shuffled. It serves the next deal only."
)


def stack(state, config, text, rng=None):
    """A test table's stacked deck (docs/architecture.md, "Randomness"): the first
    position ("first dealer", "first 3": the RNG number of rule 7) and the
    front of the next round's 53-card deck, six cards per position."""
    return pg.stack(
        VARIANT,
        state,
        config,
        text,
        rng,
        no_dice_message="This table has no dice: type first dealer or first and a seat to pick the first hand.",
    )
