"""Pai Gow Poker (Ch. 645a) with the seed's commission-free play and Tiger 9
(§ 645c.1), the player-activated shaker and its dice wagers (§ 645c.2) and the
Must-Hit-By Mystery bonus (§ 645c.3), pure: the pai gow family's round
(games/pai_gow/round.py) bound to this game's hands, house way, paytables and
the table's Rules Submission.

Phases: betting → (no more bets: progressive wagers locked, § 645c.3; the
shaker's player is chosen) → shaking (the chosen player presses "Shake";
at the clock the dealer shakes) → rolling (the dice tumble at least five
seconds, § 645c.2(b)(2)) → setting (dice wagers settled, seven cards to
every position from the one the dice count to; players set five and two
cards, or ask for the house way; at the clock the house way sets them) →
result (the dealer sets by the house way; main, Tiger 9, Fortune, Envy,
progressive and Mystery bonus settled, § 645c.1(d)-(g)) → betting.
"""

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from games.cards import poker
from games.cards.cards import Card
from games.engine import LOSE, RETURN, WIN, Action, ChipMove, IllegalAction, Outcome, Timer, format_chips
from games.pai_gow import dice, house_way, paytables
from games.pai_gow import round as pg
from games.pai_gow.config import mystery_needs, table_clocks
from games.pai_gow.round import (  # noqa: F401  (the round's names, as this module always had them)
    BET,
    BETTING,
    CLEAR,
    CLOSE_BETTING,
    CLOSE_SETTING,
    DEAL,
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
    SHAKE,
    SHAKE_TIMEOUT,
    SHAKING,
    State,
    new_state,
    parse_stack,
    round_summary,
)
from games.pai_gow.settlement import LogLine
from games.pai_gow.seven_cards import seven_card_line
from games.pai_gow.variant import Spot
from games.submission import BET_LIMITS, SIDE_MAX, Checked, Choice, Limit, switches

TIGER_9 = "tiger9"
SUM = "sum"
BEAT_IT = "beat_it"
MATCH_AREAS = tuple(f"match_{face}" for face in dice.FACES)  # § 645c.2(d): six Match areas
AREAS = (MAIN, FORTUNE, PROGRESSIVE, TIGER_9, SUM, *MATCH_AREAS, BEAT_IT)
DICE_AREAS = (SUM, *MATCH_AREAS, BEAT_IT)
PLAYER_ACTIONS = pg.BASE_ACTIONS
LETTERS = "ABCD"
MYSTERY_SECTION = "§ 645c.3"


@dataclass(frozen=True)
class Config(Checked):
    """The table's Rules Submission for Pai Gow Poker (§ 601a.2)."""

    commission_free: int = field(
        default=1, metadata={"help": "1: commission-free with Tiger 9 (§ 645c.1); 0: 5% commission."}
    )
    min_bet: int = field(default=5, metadata={"help": "Minimum Pai Gow Poker wager, in chips."})
    max_bet: int = field(default=500, metadata={"help": "Maximum Pai Gow Poker wager, in chips."})
    side_max: int = field(default=100, metadata={"help": "Maximum Fortune, Tiger 9 or dice wager, in chips."})
    fortune: int = field(default=1, metadata={"help": "1: the Fortune bonus wager is offered."})
    progressive: int = field(default=1, metadata={"help": "1: the $1 progressive payout wager is offered."})
    mystery: int = field(
        default=1, metadata={"help": "1: the Must-Hit-By Mystery bonus is offered with it (§ 645c.3)."}
    )
    dice: int = field(
        default=1, metadata={"help": "1: the player-activated shaker and the dice wagers (§ 645c.2)."}
    )
    sum_paytable: int = field(default=1, metadata={"help": "Sum paytable 1–4 = A–D (§ 645c.2(g)(1))."})
    beat_it_paytable: int = field(
        default=1, metadata={"help": "Beat It paytable 1–3 = A–C (§ 645c.2(g)(3))."}
    )
    betting_seconds: int = field(default=15, metadata={"help": "How long betting stays open."})
    shake_seconds: int = field(default=10, metadata={"help": "How long the chosen player has to shake."})
    roll_seconds: int = field(
        default=5, metadata={"help": "The dice tumble at least 5 seconds (§ 645c.2(b)(2))."}
    )
    set_seconds: int = field(
        default=45, metadata={"help": "The setting clock; at expiry the house way sets."}
    )
    result_seconds: int = field(default=8, metadata={"help": "How long the result stays up."})

    CHECKS = (
        *switches("commission_free", "fortune", "progressive", "mystery", "dice"),
        *BET_LIMITS,
        SIDE_MAX,
        mystery_needs(MYSTERY_SECTION),
        Choice("sum_paytable", tuple(paytables.SUM_PAYTABLES), "Choose Sum paytable 1 to 4 (A to D)."),
        Choice(
            "beat_it_paytable", tuple(paytables.BEAT_IT_PAYTABLES), "Choose Beat It paytable 1 to 3 (A to C)."
        ),
        Limit("roll_seconds", 5, message="The shaker shakes at least 5 seconds (§ 645c.2(b)(2))."),
        *table_clocks(("shake_seconds", 1, 120), ("roll_seconds", 5, 30)),
    )

    @property
    def variation(self) -> str:
        return paytables.COMMISSION_FREE if self.commission_free else paytables.STANDARD

    def offers(self, area: str) -> bool:
        if area == MAIN:
            return True
        if area == TIGER_9:
            return bool(self.commission_free)  # § 645c.1(c): only with commission-free play
        if area in DICE_AREAS:
            return bool(self.dice)
        return getattr(self, area, 0) == 1


def _name(area: str) -> str:
    if area in MATCH_AREAS:
        return f"Match {area[-1]}"
    return AREA_NAMES[area]


AREA_NAMES = {
    MAIN: "Pai Gow Poker",
    FORTUNE: "Fortune bonus",
    PROGRESSIVE: "progressive payout",
    TIGER_9: "Tiger 9",
    SUM: "Sum",
    BEAT_IT: "Beat It",
    **{area: f"Match {area[-1]}" for area in MATCH_AREAS},
}

# The five-card high hand and the two-card low hand (docs/rules/pai_gow.md rules 4-6).
HANDS = (
    pg.Hand("high", "High hand", 5, poker.evaluate5, poker.describe5),
    pg.Hand("low", "Low hand", 2, poker.evaluate2, poker.describe2),
)
FOUL_MESSAGE = "That is a foul: the high hand must outrank the low hand. Set it again."


def setting_error(hands: Sequence[Sequence[Card | str]]) -> str | None:
    """§ 2, rule 6: the high hand must rank equal to or higher than the low hand."""
    return FOUL_MESSAGE if house_way.is_foul(*hands) else None


def _tiger_9(hands: Sequence[Sequence[Card]], seven: list[Card], config: Config) -> str | None:
    """§ 645c.1(h): the dealer's low hand, as set, is 9-high; only with commission-free play."""
    return "Tiger 9" if config.commission_free and paytables.is_tiger_9(hands[1]) else None


def _settle_tiger_9(
    state: State, seat: int, spot: Spot, dealer: object, push: str | None, config: Config
) -> tuple[list[LogLine], list[ChipMove]]:
    """§ 645c.1(g): Tiger 9 wagers win 30 to 1 on a dealer Tiger 9, else lose."""
    player, amount = spot["player"], spot["bets"][TIGER_9]
    if push:
        winnings = paytables.TIGER_9.winnings_cents(amount)
        pg.result_line(state, seat, "Tiger 9", staked=amount, paid=amount + winnings, detail="30 to 1")
        return [], [
            ChipMove(RETURN, player, amount, f"seat {seat} tiger9"),
            ChipMove(WIN, player, winnings, f"seat {seat} tiger9"),
        ]
    pg.result_line(state, seat, "Tiger 9", staked=amount)
    return [], [ChipMove(LOSE, player, amount, f"seat {seat} tiger9")]


def _settle_dice(state: State, roll: dice.Roll, config: Config, log: list[LogLine]) -> list[ChipMove]:
    """§ 645c.2(g), closing paragraph: the dice wagers are settled on the roll
    before any card is delivered."""
    moves: list[ChipMove] = []
    for seat in state.seats():
        spot = state.spot(seat)
        for area in DICE_AREAS:
            amount = spot["bets"].get(area)
            if not amount:
                continue
            if area == SUM:
                won = paytables.dice_odds(paytables.SUM, roll, paytable=LETTERS[config.sum_paytable - 1])
            elif area == BEAT_IT:
                won = paytables.dice_odds(
                    paytables.BEAT_IT, roll, paytable=LETTERS[config.beat_it_paytable - 1]
                )
            else:
                won = paytables.dice_odds(paytables.MATCH, roll, face=int(area[-1]))
            if won is None:
                pg.result_line(state, seat, _name(area), staked=amount)
                moves.append(ChipMove(LOSE, spot["player"], amount, f"seat {seat} {area}"))
                continue
            line, odds = won
            winnings = odds.winnings_cents(amount)
            pg.result_line(state, seat, _name(area), staked=amount, paid=amount + winnings, detail=str(odds))
            log.append(
                {"player": None, "text": f"Seat {seat}: {_name(area)}, {odds}: +{format_chips(winnings)}."}
            )
            moves += [
                ChipMove(RETURN, spot["player"], amount, f"seat {seat} {area}"),
                ChipMove(WIN, spot["player"], winnings, f"seat {seat} {area}"),
            ]
    return moves


def _envy_cents(other_lines: list[str], bets: dict[str, int]) -> int:
    """Rule 34: with a Fortune wager of $5 or more, per other player's line."""
    return paytables.envy_cents(other_lines, bets[FORTUNE]) if bets.get(FORTUNE) else 0


VARIANT = pg.Variant(
    name="Pai Gow Poker",
    main_name="Pai Gow Poker",
    table_name="Pai Gow",
    hands=HANDS,
    areas=AREAS,
    area_names=AREA_NAMES,
    house_way=house_way.set_house_way,
    setting_error=setting_error,
    compare=house_way.compare,
    main_win_cents=lambda wager, config: paytables.main_win_cents(wager, config.variation),
    dice_switch="dice",
    deal_clock="roll_seconds",
    settle_dice=_settle_dice,
    dealer_push=_tiger_9,
    side_wagers=((TIGER_9, _settle_tiger_9),),
    bonus_line=seven_card_line,
    line_names=paytables.SEVEN_CARD_LINE_NAMES,
    fortune_paytable=paytables.FORTUNE,
    progressive_paytable=paytables.PROGRESSIVE,
    progressive_cents=paytables.PROGRESSIVE_WAGER_CENTS,
    envy_cents=_envy_cents,
    mystery_section=MYSTERY_SECTION,
)


def timer(state: State, config: Config) -> Timer:
    return pg.timer(VARIANT, state, config)


def _check_area(area: str) -> None:
    if area.startswith("match") and area not in MATCH_AREAS:
        # § 645c.2(d)(2): the Match areas are the faces 1 to 6.
        raise IllegalAction("A Match wager goes on one of the faces 1 to 6; there is no such face.")


def parse_action(kind: str, data: dict[str, Any]) -> Action:
    return pg.parse_action(VARIANT, kind, data, _check_area)


def apply(state: State, action: Action, config: Config, rng: random.Random) -> Outcome:
    return pg.apply(VARIANT, state, action, config, rng)


STACK_HELP = (
    'Optionally the dice first, red then the two blues: "dice 3 3 3" (total 9: the first hand '
    "goes to seat 1; 8 or 15 to the dealer). Then cards in deal order, "
    'seven per hand from that first position on, around the table, e.g. "AS KS QS JS TS JK 2D"; '
    "JK is the joker, ? any card. The rest of the 53-card deck is shuffled. Both serve the next "
    "roll and the next deal only."
)


def stack(state: State, config: Config, text: object, rng: random.Random | None = None) -> State:
    """A test table's stacked dice and deck (docs/architecture.md, "Randomness"): the
    dice are the next roll, the count of rule 15 picks the first position;
    the cards are the front of the next round's 53-card deck, seven per
    position in the order of rule 16 (``round.stack``)."""
    return pg.stack(
        VARIANT,
        state,
        config,
        text,
        rng,
        no_dice_message=(
            "This table plays without the shaker (dice = 0): an RNG number 1–7 picks the first hand, "
            "so there are no dice to stack."
        ),
    )
