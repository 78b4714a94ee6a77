"""Pai Gow Poker (Ch. 645a) with the seed's commission-free play and Tiger 9
(§ 645c.1), the player-activated shaker and its dice wagers (§ 645c.2) and the
Must-Hit-By Mystery bonus (§ 645c.3), pure: a state machine over a 53-card
deck shuffled every round (or a stacked deck on a test table).

Phases: betting → (no more bets: progressive wagers locked, § 645c.3; the
shaker's player is chosen) → shaking (the chosen player presses "Shake";
at the clock the dealer shakes) → rolling (the dice tumble at least five
seconds, § 645c.2(b)(2)) → setting (dice wagers settled, seven cards to
every position from the one the dice count to; players set five and two
cards, or ask for the house way; at the clock the house way sets them) →
result (the dealer sets by the house way; main, Tiger 9, Fortune, Envy,
progressive and Mystery bonus settled, § 645c.1(d)-(g)) → betting.
"""

from dataclasses import dataclass, field

from games import betting
from games.cards import poker
from games.cards.cards import card, cards, joker_deck, to_json
from games.cards.rng import system_rng
from games.engine import (
    CENTS_PER_CHIP,
    LOSE,
    PROGRESSIVE_RESULT,
    RETURN,
    STAKE,
    WIN,
    Action,
    ChipMove,
    IllegalAction,
    Outcome,
    ProgressiveAward,
    ProgressiveWager,
    RulesSubmission,
    chip_word,
    collect_progressive_wagers,
    dataclass_json,
    format_chips,
    parse_chips,
    return_spot_wagers,
)
from games.pai_gow import dice, house_way, paytables
from games.pai_gow.seven_cards import seven_card_line
from games.payouts import MeterShare

BETTING = "betting"
SHAKING = "shaking"
ROLLING = "rolling"
SETTING = "setting"
RESULT = "result"

CLOSE_BETTING = "close_betting"
SHAKE_TIMEOUT = "shake_timeout"
DEAL = "deal"
CLOSE_SETTING = "close_setting"
NEXT_ROUND = "next_round"

BET = "bet"
CLEAR = "clear"
SHAKE = "shake"
SET_HAND = "set_hand"
HOUSE_WAY = "house_way"
LEAVE = "leave"
PLAYER_ACTIONS = (BET, CLEAR, *betting.ACTIONS, SHAKE, SET_HAND, HOUSE_WAY)

MAIN = "main"
FORTUNE = "fortune"
PROGRESSIVE = "progressive"
TIGER_9 = "tiger9"
SUM = "sum"
BEAT_IT = "beat_it"
MATCH_AREAS = tuple(f"match_{face}" for face in dice.FACES)  # § 645c.2(d): six Match areas
AREAS = (MAIN, FORTUNE, PROGRESSIVE, TIGER_9, SUM, *MATCH_AREAS, BEAT_IT)
DICE_AREAS = (SUM, *MATCH_AREAS, BEAT_IT)
POSITIONS = ("dealer", 1, 2, 3, 4, 5, 6)  # pai_gow_poker.md rule 15: the dealer counts as 1
LETTERS = "ABCD"


@dataclass(frozen=True)
class Config(RulesSubmission):
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

    def errors(self):
        errors = self.type_errors()
        if errors:
            return errors
        for name in ("commission_free", "fortune", "progressive", "mystery", "dice"):
            if getattr(self, name) not in (0, 1):
                errors[name] = "1 to offer it, 0 not to."
        if self.min_bet < 1:
            errors["min_bet"] = "The minimum wager must be at least 1 chip."
        if self.max_bet < self.min_bet:
            errors["max_bet"] = "The maximum wager cannot be below the minimum wager."
        if self.side_max < 1:
            errors["side_max"] = "The side wager maximum must be at least 1 chip."
        if self.mystery and not self.progressive:
            errors["mystery"] = "The Mystery bonus needs the progressive payout wager (§ 645c.3(a))."
        if self.sum_paytable not in range(1, 5):
            errors["sum_paytable"] = "Choose Sum paytable 1 to 4 (A to D)."
        if self.beat_it_paytable not in range(1, 4):
            errors["beat_it_paytable"] = "Choose Beat It paytable 1 to 3 (A to C)."
        if self.roll_seconds < 5:
            errors["roll_seconds"] = "The shaker shakes at least 5 seconds (§ 645c.2(b)(2))."
        for name, low, high in (
            ("betting_seconds", 1, 300),
            ("shake_seconds", 1, 120),
            ("roll_seconds", 5, 30),
            ("set_seconds", 5, 300),
            ("result_seconds", 0, 60),
        ):
            if name not in errors and not low <= getattr(self, name) <= high:
                errors[name] = f"Must be {low} to {high} seconds."
        return errors

    @property
    def variation(self):
        return paytables.COMMISSION_FREE if self.commission_free else paytables.STANDARD

    def offers(self, area):
        if area == MAIN:
            return True
        if area == TIGER_9:
            return bool(self.commission_free)  # § 645c.1(c): only with commission-free play
        if area in DICE_AREAS:
            return bool(self.dice)
        return getattr(self, area, 0) == 1


@dataclass
class State:
    round: int = 1
    phase: str = BETTING
    waits: int = 0
    deck: list | None = None  # a stacked deck for the next deal (test tables); never shown
    dice: list | None = None  # fixed dice [red, blue, blue] for the next roll (test tables)
    # seat (str) -> {"player", "bets": {area: cents}, "cards": [7] | [], "high": [5] | None,
    #                "low": [2] | None, "set_by": "player" | "house way" | None, "left": bool}
    spots: dict = field(default_factory=dict)
    dealer: dict = field(default_factory=dict)  # {"cards", "high", "low"}; shown at the result
    shooter: int | None = None  # the seat that presses "Shake"
    last_shooter: int = 0
    roll: list | None = None  # dice.Roll.to_json(): [red, blue, blue]; shown once the tumble ends
    first_position: str | None = None
    mystery_hits: list = field(default_factory=list)  # [{"seat", "cents"}], paid at the result
    results: dict = field(default_factory=dict)  # seat -> {"paid", "lines"}
    last_bets: dict = field(default_factory=dict)  # player id (str) -> {area: cents}, for "rebet"

    @classmethod
    def from_json(cls, data):
        return cls(**data)

    def to_json(self, copy=True):
        return dataclass_json(self, copy)

    def seats(self):
        return sorted(int(seat) for seat, spot in self.spots.items() if spot["bets"].get(MAIN))

    def spot(self, seat):
        return self.spots[str(seat)]


def new_state():
    return State()


def timer(state, config):
    if state.phase == BETTING:
        return f"{state.round}:bet:{state.waits}", config.betting_seconds, Action(CLOSE_BETTING)
    if state.phase == SHAKING:
        return f"{state.round}:shake", config.shake_seconds, Action(SHAKE_TIMEOUT)
    if state.phase == ROLLING:
        return f"{state.round}:roll", config.roll_seconds, Action(DEAL)
    if state.phase == SETTING:
        return f"{state.round}:set", config.set_seconds, Action(CLOSE_SETTING)
    return f"{state.round}:result", config.result_seconds, Action(NEXT_ROUND)


def parse_action(kind, data):
    if kind == BET:
        area = str(data.get("spot", MAIN)).strip() or MAIN
        if area.startswith("match") and area not in MATCH_AREAS:
            # § 645c.2(d)(2): the Match areas are the faces 1 to 6.
            raise IllegalAction("A Match wager goes on one of the faces 1 to 6; there is no such face.")
        if area not in AREAS:
            raise IllegalAction(f"There is no betting area {area!r} at a Pai Gow table.")
        return Action(BET, data={"spot": area, "amount": parse_chips(data.get("amount"))})
    if kind == SET_HAND:
        try:
            high, low = cards(str(data.get("high", ""))), cards(str(data.get("low", "")))
        except ValueError as exc:
            raise IllegalAction(str(exc)) from None
        return Action(SET_HAND, data={"high": to_json(high), "low": to_json(low)})
    if kind in PLAYER_ACTIONS:
        return Action(kind)
    raise IllegalAction(f"Unknown action {kind!r} at a Pai Gow table.")


def apply(state, action, config, rng):
    handler = _HANDLERS.get(action.kind)
    if handler is None:
        raise IllegalAction(f"Unknown action {action.kind!r} at a Pai Gow table.")
    return handler(State.from_json(state.to_json()), action, config, rng)


def _seat_of(action):
    if action.seat is None:
        raise IllegalAction("Take a seat to play.")
    return int(action.seat)


def _line(state, seat, text, paid):
    result = state.results.setdefault(str(seat), {"paid": 0, "lines": []})
    result["lines"].append(text)
    result["paid"] += paid


# -- betting -----------------------------------------------------------------------


def _place_bet(state, action, config, rng):
    if state.phase != BETTING:
        raise IllegalAction("No more bets: wait for the next round.")
    seat = _seat_of(action)
    spot = state.spots.setdefault(str(seat), _spot(action.player))
    area, amount = action.data["spot"], action.data["amount"]
    if not config.offers(area):
        raise IllegalAction(f"This table does not offer the {_name(area)} wager.")
    total = spot["bets"].get(area, 0) + amount
    if area == MAIN:
        if not config.min_bet * 100 <= total <= config.max_bet * 100:
            raise IllegalAction(
                f"The Pai Gow Poker wager is {config.min_bet} to {config.max_bet} {chip_word(config.max_bet * CENTS_PER_CHIP)}; {format_chips(total)} is not."
            )
    else:
        if not spot["bets"].get(MAIN):
            raise IllegalAction("Place the Pai Gow Poker wager first: the other wagers go with it.")
        if area == PROGRESSIVE and total != paytables.PROGRESSIVE_WAGER_CENTS:
            raise IllegalAction("The progressive payout wager is exactly 1 chip ($1).")
        if area != PROGRESSIVE and total > config.side_max * 100:
            raise IllegalAction(
                f"The maximum on the {_name(area)} wager is {config.side_max} {chip_word(config.side_max * CENTS_PER_CHIP)}."
            )
    spot["bets"][area] = total
    return Outcome(
        state,
        log=[{"player": action.player, "text": f"bets {format_chips(amount)} on {_name(area)}"}],
        moves=[ChipMove(STAKE, action.player, amount, f"seat {seat} {area}")],
    )


# Rebet, double and undo (games/betting.py) through the one wager above; the
# progressive payout wager has one size (pai_gow_poker.md § 9).
BOOK = betting.spot_book(_place_bet, first=MAIN, fixed=lambda config: (PROGRESSIVE,))


def _betting(handler):
    return lambda state, action, config, rng: handler(BOOK, state, action, config, rng)


def _spot(player):
    return {
        "player": player,
        "bets": {},
        "cards": [],
        "high": None,
        "low": None,
        "set_by": None,
        "left": False,
    }


def _name(area):
    if area in MATCH_AREAS:
        return f"Match {area[-1]}"
    return {
        MAIN: "Pai Gow Poker",
        FORTUNE: "Fortune bonus",
        PROGRESSIVE: "progressive payout",
        TIGER_9: "Tiger 9",
        SUM: "Sum",
        BEAT_IT: "Beat It",
    }[area]


def _clear(state, action, config, rng):
    if state.phase != BETTING:
        raise IllegalAction("No more bets: wagers cannot be taken back now.")
    seat = _seat_of(action)
    spot = state.spots.get(str(seat))
    if not spot or not spot["bets"]:
        raise IllegalAction("You have no wagers to clear.")
    return return_spot_wagers(state, seat, action.player, "clears {}", "wagers cleared")


def _leave(state, action, config, rng):
    seat = action.seat
    if seat is None or str(seat) not in state.spots:
        return Outcome(state)
    if state.phase == BETTING:
        return return_spot_wagers(
            state, seat, action.player, "leaves; {} of wagers returned", "left the table"
        )
    state.spot(seat)["left"] = True  # the hand is set by the house way; wagers ride
    return Outcome(state)


def _close_betting(state, action, config, rng):
    if state.phase != BETTING:
        raise IllegalAction("Betting is already closed.")
    seats = state.seats()
    if not seats:
        state.waits += 1
        return Outcome(state)
    wagers = []
    for seat in seats:
        spot = state.spot(seat)
        if spot["bets"].get(PROGRESSIVE):
            # § 645c.3(c)(1)-(2): the progressive payout wager feeds its meter
            # and, with a Pai Gow wager, the Mystery bonus meter.
            wagers.append(
                ProgressiveWager("progressive_payout", seat, spot["player"], spot["bets"][PROGRESSIVE])
            )
            if config.mystery:
                wagers.append(
                    ProgressiveWager("must_hit_by", seat, spot["player"], spot["bets"][PROGRESSIVE])
                )
    if config.dice:
        # pai_gow_poker.md Defaults: the shaker goes round from the dealer's left.
        later = [seat for seat in seats if seat > state.last_shooter]
        state.shooter = (later or seats)[0]
        state.phase = SHAKING
        text = f"No more bets. Seat {state.shooter}, press Shake."
    else:
        state.phase = ROLLING
        text = "No more bets."
    offered = config.progressive
    return Outcome(state, log=[{"player": None, "text": text}], lock=wagers if offered else None)


def _progressive_result(state, action, config, rng):
    """At "no more bets": accepted progressive wagers are collected, refused
    ones returned, Mystery hits kept for the result (paid at the end of the
    round, rules/README.md). At the result: meter awards paid."""
    moves, log = [], []
    if state.phase in (SHAKING, ROLLING):
        refused = {
            item["seat"] for item in action.data.get("refused", []) if item["kind"] == "progressive_payout"
        }
        moves, log = collect_progressive_wagers(state, PROGRESSIVE, refused)
        for hit in action.data.get("hits", []):
            state.mystery_hits.append({"seat": hit["seat"], "cents": hit["cents"]})
            log.append(
                {
                    "player": None,
                    "text": f"Seat {hit['seat']} wins the Must-Hit-By Mystery bonus: {format_chips(hit['cents'])}!",
                }
            )
        if action.data.get("error"):
            log.append({"player": None, "text": action.data["error"]})
    for award in action.data.get("awards", []):
        seat, cents = award["seat"], award["cents"]
        if cents:
            moves.append(ChipMove(WIN, state.spot(seat)["player"], cents, f"seat {seat} progressive meter"))
        _line(state, seat, f"progressive: {format_chips(cents)} from the meter", cents)
        log.append(
            {
                "player": None,
                "text": f"Seat {seat}: progressive payout, {format_chips(cents)} from the meter!",
            }
        )
    return Outcome(state, log=log, moves=moves)


# -- the shaker and the deal -------------------------------------------------------


def _shake(state, action, config, rng):
    if state.phase != SHAKING:
        raise IllegalAction("The shaker is not waiting for anyone now.")
    seat = _seat_of(action)
    if seat != state.shooter:
        raise IllegalAction(f"Seat {state.shooter} presses Shake this round.")
    return _start_roll(state, rng, f"Seat {seat} shakes the dice.")


def _shake_timeout(state, action, config, rng):
    if state.phase != SHAKING:
        raise IllegalAction("The shaker is not waiting.")
    return _start_roll(state, rng, f"Seat {state.shooter} did not shake: the dealer shakes.")


def _start_roll(state, rng, text):
    if state.dice:
        state.roll, state.dice = dice.Roll.from_json(state.dice).to_json(), None
    else:
        state.roll = dice.roll(rng).to_json()
    state.last_shooter = state.shooter or 0
    state.phase = ROLLING
    return Outcome(state, log=[{"player": None, "text": text}])


def _deal(state, action, config, rng):
    if state.phase != ROLLING:
        raise IllegalAction("The cards are not being dealt now.")
    log, moves = [], []
    if config.dice:
        roll = dice.Roll.from_json(state.roll)
        log.append({"player": None, "text": f"The dice: {roll}."})
        moves += _settle_dice(state, roll, config, log)
        count = roll.total
    else:
        count = rng.randint(1, len(POSITIONS))  # rule 14: an RNG number 1–7 without dice
    first = dice.first_position(count, POSITIONS)
    state.first_position = str(first)
    deck = cards(state.deck) if state.deck else _shuffled(rng)
    state.deck = None
    # rule 16: seven stacks of seven from the first position on; empty spots' stacks are discarded.
    order = list(POSITIONS[POSITIONS.index(first) :]) + list(POSITIONS[: POSITIONS.index(first)])
    for number, position in enumerate(order):
        stack = to_json(deck[number * 7 : number * 7 + 7])
        if position == "dealer":
            state.dealer = {"cards": stack, "high": None, "low": None}
        elif position in state.seats():
            state.spot(position)["cards"] = stack
    log.append(
        {
            "player": None,
            "text": f"The first hand goes to {'the dealer' if first == 'dealer' else f'seat {first}'}.",
        }
    )
    state.phase = SETTING
    return Outcome(state, log=log, moves=moves)


def _shuffled(rng):
    deck = joker_deck()
    rng.shuffle(deck)  # rule 13: a fresh 53-card shuffle every round
    return deck


def _settle_dice(state, roll, config, log):
    """§ 645c.2(g), closing paragraph: the dice wagers are settled on the roll
    before any card is delivered."""
    moves = []
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
                _line(state, seat, f"{_name(area)} loses", 0)
                moves.append(ChipMove(LOSE, spot["player"], amount, f"seat {seat} {area}"))
                continue
            line, odds = won
            winnings = odds.winnings_cents(amount)
            _line(state, seat, f"{_name(area)} {odds}: +{format_chips(winnings)}", amount + winnings)
            log.append(
                {"player": None, "text": f"Seat {seat}: {_name(area)}, {odds}: +{format_chips(winnings)}."}
            )
            moves += [
                ChipMove(RETURN, spot["player"], amount, f"seat {seat} {area}"),
                ChipMove(WIN, spot["player"], winnings, f"seat {seat} {area}"),
            ]
    return moves


# -- setting the hands ---------------------------------------------------------------


def _require_setting(state, action):
    if state.phase != SETTING:
        raise IllegalAction("Hands are not being set now.")
    seat = _seat_of(action)
    spot = state.spots.get(str(seat))
    if not spot or not spot["cards"] or spot["player"] != action.player:
        raise IllegalAction("You have no hand to set this round.")
    if spot["high"] is not None:
        raise IllegalAction("Your hand is set; it cannot be changed.")  # rule 17
    return seat, spot


def _set_hand(state, action, config, rng):
    seat, spot = _require_setting(state, action)
    high, low = action.data["high"], action.data["low"]
    if len(high) != 5 or len(low) != 2 or sorted(high + low) != sorted(spot["cards"]):
        raise IllegalAction("Set your own seven cards: five in the high hand, two in the low hand.")
    if house_way.is_foul(cards(high), cards(low)):
        raise IllegalAction("That is a foul: the high hand must outrank the low hand. Set it again.")
    spot["high"], spot["low"], spot["set_by"] = high, low, "player"
    return _after_set(state, config, [{"player": action.player, "text": "sets the hand"}])


def _house_way(state, action, config, rng):
    seat, spot = _require_setting(state, action)
    _set_by_house_way(spot)
    return _after_set(state, config, [{"player": action.player, "text": "asks for the house way"}])


def _set_by_house_way(hand):
    high, low = house_way.set_house_way(cards(hand["cards"]))
    hand["high"], hand["low"] = to_json(high), to_json(low)
    hand["set_by"] = "house way"


def _after_set(state, config, log):
    if all(state.spot(seat)["high"] is not None for seat in state.seats()):
        outcome = _reveal_and_settle(state, config)
        return Outcome(outcome.state, log=log + outcome.log, moves=outcome.moves, awards=outcome.awards)
    return Outcome(state, log=log)


def _close_setting(state, action, config, rng):
    if state.phase != SETTING:
        raise IllegalAction("Hands are not being set now.")
    log = []
    for seat in state.seats():
        spot = state.spot(seat)
        if spot["high"] is None:
            _set_by_house_way(spot)
            log.append({"player": None, "text": f"Seat {seat}: time is up, the house way sets the hand."})
    outcome = _reveal_and_settle(state, config)
    return Outcome(outcome.state, log=log + outcome.log, moves=outcome.moves, awards=outcome.awards)


# -- the dealer and settlement ---------------------------------------------------------


def _reveal_and_settle(state, config):
    """§ 645c.1(d)-(g): the dealer sets by the house way; a dealer Tiger 9
    pushes every Pai Gow wager and pays Tiger 9 wagers; then Fortune, Envy,
    progressive and the Mystery bonus."""
    _set_by_house_way(state.dealer)
    dealer = (cards(state.dealer["high"]), cards(state.dealer["low"]))
    tiger = bool(config.commission_free) and paytables.is_tiger_9(dealer[1])
    log = [
        {
            "player": None,
            "text": f"The dealer sets {' '.join(c.label for c in dealer[0])} / {' '.join(c.label for c in dealer[1])}.",
        }
    ]
    if tiger:
        log.append({"player": None, "text": "Tiger 9: every Pai Gow Poker wager pushes."})
    moves, awards = [], []
    lines = {seat: seven_card_line(cards(state.spot(seat)["cards"])) for seat in state.seats()}
    for seat in state.seats():
        spot = state.spot(seat)
        player, bets = spot["player"], spot["bets"]
        moves += _settle_main(state, seat, spot, dealer, tiger, config, log)
        if bets.get(TIGER_9):
            if tiger:
                winnings = paytables.TIGER_9.winnings_cents(bets[TIGER_9])
                _line(state, seat, f"Tiger 9 30 to 1: +{format_chips(winnings)}", bets[TIGER_9] + winnings)
                moves += [
                    ChipMove(RETURN, player, bets[TIGER_9], f"seat {seat} tiger9"),
                    ChipMove(WIN, player, winnings, f"seat {seat} tiger9"),
                ]
            else:
                _line(state, seat, "Tiger 9 loses", 0)
                moves.append(ChipMove(LOSE, player, bets[TIGER_9], f"seat {seat} tiger9"))
        line = lines[seat]
        if bets.get(FORTUNE):
            odds = paytables.FORTUNE.get(line) if line else None
            if odds is None:
                _line(state, seat, "Fortune loses", 0)
                moves.append(ChipMove(LOSE, player, bets[FORTUNE], f"seat {seat} fortune"))
            else:
                winnings = odds.winnings_cents(bets[FORTUNE])
                name = paytables.SEVEN_CARD_LINE_NAMES[line]
                _line(
                    state, seat, f"Fortune {name} {odds}: +{format_chips(winnings)}", bets[FORTUNE] + winnings
                )
                log.append(
                    {
                        "player": None,
                        "text": f"Seat {seat}: Fortune bonus, {name.lower()}, {odds}: +{format_chips(winnings)}.",
                    }
                )
                moves += [
                    ChipMove(RETURN, player, bets[FORTUNE], f"seat {seat} fortune"),
                    ChipMove(WIN, player, winnings, f"seat {seat} fortune"),
                ]
            others = [other_line for other, other_line in lines.items() if other != seat and other_line]
            envy = paytables.envy_cents(others, bets[FORTUNE])
            if envy:
                _line(state, seat, f"Envy bonus +{format_chips(envy)}", envy)
                moves.append(ChipMove(WIN, player, envy, f"seat {seat} envy"))
        if bets.get(PROGRESSIVE):
            pays = paytables.PROGRESSIVE.get(line) if line else None
            if pays is None:
                # Collected at "no more bets"; the summary still tells it.
                _line(state, seat, "progressive loses", 0)
            elif isinstance(pays, MeterShare):
                awards.append(ProgressiveAward("progressive_payout", seat, player, pays.percent))
            else:
                paid = int(
                    pays.returned(bets[PROGRESSIVE])
                )  # collected at no more bets: "for 1" is all of it
                _line(state, seat, f"progressive {pays}: {format_chips(paid)}", paid)
                moves.append(ChipMove(WIN, player, paid, f"seat {seat} progressive"))
    for hit in state.mystery_hits:
        seat = hit["seat"]
        if str(seat) in state.spots:
            _line(state, seat, f"Mystery bonus +{format_chips(hit['cents'])}", hit["cents"])
            moves.append(
                ChipMove(WIN, state.spot(seat)["player"], hit["cents"], f"seat {seat} mystery bonus")
            )
    state.mystery_hits = []
    state.phase = RESULT
    return Outcome(state, log=log, moves=moves, awards=awards)


def _settle_main(state, seat, spot, dealer, tiger, config, log):
    player, wager = spot["player"], spot["bets"][MAIN]
    if tiger:
        # § 645c.1(e): pushed without examining the player's hand (a foul too, Defaults).
        _line(state, seat, "Tiger 9: push", wager)
        return [ChipMove(RETURN, player, wager, f"seat {seat} main push")]
    high, low = cards(spot["high"]), cards(spot["low"])
    if house_way.is_foul(high, low):
        _line(state, seat, "foul: loses", 0)
        return [ChipMove(LOSE, player, wager, f"seat {seat} main foul")]
    result = house_way.compare((high, low), dealer)
    story = _story(high, low, dealer)
    if result == "win":
        winnings = paytables.main_win_cents(wager, config.variation)
        log.append({"player": None, "text": f"Seat {seat}: {story}: wins +{format_chips(winnings)}."})
        _line(state, seat, f"both hands win: +{format_chips(winnings)}", wager + winnings)
        moves = [ChipMove(RETURN, player, wager, f"seat {seat} main")]
        return moves + ([ChipMove(WIN, player, winnings, f"seat {seat} main")] if winnings else [])
    if result == "push":
        log.append({"player": None, "text": f"Seat {seat}: {story}: push."})
        _line(state, seat, "push", wager)
        return [ChipMove(RETURN, player, wager, f"seat {seat} main push")]
    log.append({"player": None, "text": f"Seat {seat}: {story}: loses -{format_chips(wager)}."})
    _line(state, seat, "loses", 0)
    return [ChipMove(LOSE, player, wager, f"seat {seat} main")]


def _story(high, low, dealer):
    """ "high two pair, kings and 9s beats the dealer's pair of 9s, low A-K
    loses to the dealer's A-Q": each hand against the dealer's, a copy
    going to the dealer (rule 20)."""
    parts = []
    for which, mine, theirs, value in (
        ("high", high, dealer[0], poker.evaluate5),
        ("low", low, dealer[1], poker.evaluate2),
    ):
        describe = poker.describe5 if which == "high" else poker.describe2
        verb = (
            "beats"
            if value(mine) > value(theirs)
            else "copies"
            if value(mine) == value(theirs)
            else "loses to"
        )
        parts.append(f"{which} {_lower(describe(mine))} {verb} the dealer's {_lower(describe(theirs))}")
    return ", ".join(parts)


def _lower(name):
    """ "Two pair, kings and 9s" mid-sentence; "A-K high" stays as it is."""
    return name[0].lower() + name[1:] if name[1:2].islower() else name


def _next_round(state, action, config, rng):
    if state.phase != RESULT:
        raise IllegalAction("The round is not over.")
    state.last_bets = {
        str(spot["player"]): dict(spot["bets"])
        for spot in state.spots.values()
        if spot["bets"] and not spot["left"]
    }
    state.round += 1
    state.phase = BETTING
    state.waits = 0
    state.spots = {}
    state.dealer = {}
    state.shooter = None
    state.roll = None
    state.first_position = None
    state.results = {}
    return Outcome(state)


# -- test tables: stacked dice and deck ---------------------------------------------

ANY_CARD = "?"
STACK_HELP = (
    'Optionally the dice first, red then the two blues: "dice 3 3 3" (total 9: the first hand '
    "goes to seat 1; 8 or 15 to the dealer). Then cards in deal order, "
    'seven per hand from that first position on, around the table, e.g. "AS KS QS JS TS JK 2D"; '
    "JK is the joker, ? any card. The rest of the 53-card deck is shuffled. Both serve the next "
    "roll and the next deal only."
)


def parse_stack(text):
    """(dice [red, blue, blue] or None, [card or None for "?"]) typed as
    "dice 3 3 3; AS KS ?" (spaces, commas or semicolons)."""
    if not isinstance(text, str):
        raise IllegalAction("Type the stack as text, e.g. dice 3 3 3; AS KS QS.")
    words = text.replace(",", " ").replace(";", " ").split()
    rolled, typed = None, []
    index = 0
    while index < len(words):
        word = words[index]
        index += 1
        if word.lower() == "dice":
            if rolled is not None:
                raise IllegalAction("Type the dice once: dice, then red, blue, blue.")
            values = words[index : index + 3]
            index += 3
            rolled = [_stacked_die(value) for value in values]
            if len(rolled) != 3:
                raise IllegalAction(
                    "The shaker holds three dice (§ 645c.2(c)): type dice, then red, blue, blue."
                )
            if index < len(words) and words[index].isascii() and words[index].isdigit():
                raise IllegalAction(
                    f"The shaker holds three dice (§ 645c.2(c)); {words[index]!r} is one too many."
                )
        elif word == ANY_CARD:
            typed.append(None)
        else:
            try:
                typed.append(card(word))
            except ValueError as error:
                raise IllegalAction(f"Stacked deck: {error}.") from None
    return rolled, typed


def _stacked_die(value):
    if value not in {str(face) for face in dice.FACES}:  # "1" to "6", never "²" (int() refuses it)
        raise IllegalAction(f"A die shows 1 to 6 pips, not {value!r}.")
    return int(value)


def stack(state, config, text, rng=None):
    """A test table's stacked dice and deck (DESIGN.md, "Randomness").

    The dice are the next roll (``state.dice``), the count of rule 15 picks
    the first position; the cards are the front of the next round's 53-card
    deck (``state.deck``), dealt seven per position in the order of rule 16,
    ``?`` standing for any card; the rest of the deck is shuffled with
    ``rng`` (the table's, or the CSPRNG). What is not typed is random again:
    a stack without dice leaves the roll to the shaker, one without cards
    the deck to the shuffle. Raises IllegalAction on an unknown card, a card
    typed twice (one deck, rule 13), more than 53 cards, impossible dice, or
    dice at a table that plays without the shaker (rule 14's RNG count).
    """
    rolled, typed = parse_stack(text)
    if rolled is None and not typed:
        raise IllegalAction("Nothing to stack: type dice, cards or both, e.g. dice 3 3 3; AS KS QS.")
    if rolled is not None and not config.dice:
        raise IllegalAction(
            "This table plays without the shaker (dice = 0): an RNG number 1–7 picks the first hand, "
            "so there are no dice to stack."
        )
    deck = joker_deck()
    if len(typed) > len(deck):
        raise IllegalAction(f"The deck holds {len(deck)} cards; {len(typed)} were typed.")
    known = [item for item in typed if item is not None]
    for item in dict.fromkeys(known):
        if known.count(item) > 1:
            raise IllegalAction(
                f"{item.label} is typed {known.count(item)} times: the deck holds one (rule 13)."
            )
    rest = [item for item in deck if item not in known]
    (rng or system_rng()).shuffle(rest)
    state = State.from_json(state.to_json())
    state.dice = dice.Roll(rolled[0], tuple(rolled[1:])).to_json() if rolled else None
    if typed:
        front = [item if item is not None else rest.pop() for item in typed]
        state.deck = to_json(front + rest)
    else:
        state.deck = None
    return state


def round_summary(state):
    if state.phase != RESULT:
        return None
    return {"dealer": state.dealer, "roll": state.roll, "results": state.results}


_HANDLERS = {
    BET: _betting(betting.bet),
    betting.REBET: _betting(betting.rebet),
    betting.DOUBLE: _betting(betting.double),
    betting.UNDO: _betting(betting.undo),
    CLEAR: _clear,
    LEAVE: _leave,
    CLOSE_BETTING: _close_betting,
    PROGRESSIVE_RESULT: _progressive_result,
    SHAKE: _shake,
    SHAKE_TIMEOUT: _shake_timeout,
    DEAL: _deal,
    SET_HAND: _set_hand,
    HOUSE_WAY: _house_way,
    CLOSE_SETTING: _close_setting,
    NEXT_ROUND: _next_round,
}
