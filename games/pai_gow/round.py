"""The pai gow family's round, pure: one state machine for every pai gow
game, each game a ``Variant`` (games/pai_gow/variant.py: configuration and
small hooks) over it, as the blackjack family shares games/blackjack/round.py.
The hooks are listed in games/pai_gow/__init__.py. The betting phase is the
one every house-banked table shares (games/table_round.py); the dealer's
hand and the settlement are games/pai_gow/settlement.py.

Phases: betting → (no more bets: progressive wagers locked, the Mystery
bonus's contributions made) → shaking and rolling (the player-activated
shaker, where the variant has one and the table uses it) or a short pause
before the deal → the deal (cards to every position from the one the count
picks; a face-up dealer is set by the house way at once, and a dealer push
found then settles the round without setting) → deciding (a post-deal
decision such as Six-Card's Double Down, where the variant has one) →
setting (players set their cards into the variant's hands, or ask for the
house way; at the clock the house way sets them) → result (the dealer sets
by the house way if not yet set; main wagers, the variant's extra wagers,
Fortune, Envy, progressive and Mystery bonus settled) → betting.

A set hand is stored in the spot under each hand's key ("high", "low"; Fortune
Asia's "medium"), card strings, so the split is data: ``Variant.hands``.
"""

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, cast

from games import table_round as tr
from games.cards.cards import Card, cards, to_json
from games.cards.rng import system_rng
from games.engine import (
    CENTS_PER_CHIP,
    Action,
    ChipMove,
    IllegalAction,
    Outcome,
    Timer,
    chip_word,
    dataclass_json,
    format_chips,
)
from games.pai_gow import dice
from games.pai_gow.settlement import (
    LogLine,
    dealer_push,
    reveal_and_settle,
    set_by_house_way,
    setting_text,
)
from games.pai_gow.variant import (  # noqa: F401  (the family's names, for the bindings and the tests)
    FORTUNE,
    MAIN,
    PROGRESSIVE,
    PROGRESSIVE_KIND,
    Decision,
    Hand,
    Hook,
    Spot,
    Variant,
    is_set,
    setting_of,
)
from games.table_round import (  # noqa: F401  (the round's names, for the bindings and the tests)
    ANY_CARD,
    BET,
    BETTING,
    CLEAR,
    CLOSE_BETTING,
    LEAVE,
    NEXT_ROUND,
    RESULT,
    result_line,
    seat_of,
)

SHAKING = "shaking"
ROLLING = "rolling"
DECIDING = "deciding"
SETTING = "setting"

SHAKE_TIMEOUT = "shake_timeout"
DEAL = "deal"
CLOSE_DECIDING = "close_deciding"
CLOSE_SETTING = "close_setting"

SHAKE = "shake"
SET_HAND = "set_hand"
HOUSE_WAY = "house_way"
BASE_ACTIONS = (*tr.BETTING_ACTIONS, SHAKE, SET_HAND, HOUSE_WAY)

POSITIONS = ("dealer", 1, 2, 3, 4, 5, 6)  # docs/rules/pai_gow.md rule 15: the dealer counts as 1

_NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven"}


@dataclass
class State:
    round: int = 1
    phase: str = BETTING
    waits: int = 0
    deck: list[str] | None = None  # a stacked deck for the next deal (test tables); never shown
    dice: list[int] | None = None  # fixed dice [red, blue, blue] for the next roll (test tables)
    count: int | None = None  # a fixed RNG number 1–7 for the next deal (test tables without dice)
    # seat (str) -> {"player", "bets": {area: cents}, "cards": [7] | [], one key per hand
    #                ("high", "low", ...): [cards] | None, "set_by": "player" | "house way" | None,
    #                "left": bool, "decided": bool (after a post-deal decision)}
    spots: dict[str, Spot] = field(default_factory=dict)
    # {"cards", one key per hand, "push": name | None}; a face-down dealer is shown at the result
    dealer: Spot = field(default_factory=dict)
    shooter: int | None = None  # the seat that presses "Shake"
    last_shooter: int = 0
    roll: list[int] | None = None  # dice.Roll.to_json(): [red, blue, blue]; shown once the tumble ends
    first_position: str | None = None
    mystery_hits: list[dict[str, int]] = field(
        default_factory=list
    )  # [{"seat", "cents"}], paid at the result
    results: dict[str, dict[str, Any]] = field(default_factory=dict)  # seat -> {"paid", "lines"}
    last_bets: dict[str, dict[str, int]] = field(
        default_factory=dict
    )  # player id (str) -> {area: cents}, for "rebet"

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "State":
        return cls(**data)

    def to_json(self, copy: bool = True) -> dict[str, Any]:
        return dataclass_json(self, copy)

    def seats(self) -> list[int]:
        return sorted(int(seat) for seat, spot in self.spots.items() if spot["bets"].get(MAIN))

    def spot(self, seat: int | str) -> Spot:
        return self.spots[str(seat)]


def new_state() -> State:
    return State()


def timer(variant: Variant, state: State, config: Any) -> Timer:
    if state.phase == BETTING:
        return tr.betting_timer(state, config)
    if state.phase == SHAKING:
        return f"{state.round}:shake", config.shake_seconds, Action(SHAKE_TIMEOUT)
    if state.phase == ROLLING:
        seconds = config.roll_seconds if variant.uses_dice(config) else variant.deal_seconds(config)
        return f"{state.round}:roll", seconds, Action(DEAL)
    if state.phase == DECIDING:
        decision = cast(Decision, variant.decision)  # a game without one never decides
        return f"{state.round}:decide", decision.seconds(config), Action(CLOSE_DECIDING)
    if state.phase == SETTING:
        return f"{state.round}:set", config.set_seconds, Action(CLOSE_SETTING)
    return tr.result_timer(state, config)


def player_actions(variant: Variant) -> tuple[str, ...]:
    return BASE_ACTIONS + (variant.decision.kinds if variant.decision else ())


def parse_action(
    variant: Variant,
    kind: str,
    data: dict[str, Any],
    check_area: Callable[[str], object] | None = None,
) -> Action:
    """A message's action. ``check_area(area)`` may refuse an area with its own
    message (Pai Gow Poker's Match faces) before the unknown-area refusal."""
    if kind == BET:

        def check(area: str) -> None:
            if check_area is not None:
                check_area(area)
            if area not in variant.areas:
                raise IllegalAction(f"There is no betting area {area!r} at a {variant.table_name} table.")

        return tr.parse_bet(data, check, MAIN)
    if kind == SET_HAND:
        hands: dict[str, Any] = {}
        try:
            for key in variant.hand_keys():
                hands[key] = to_json(cards(str(data.get(key, ""))))
        except ValueError as exc:
            raise IllegalAction(str(exc)) from None
        return Action(SET_HAND, data=hands)
    if variant.decision and kind in variant.decision.kinds:
        return variant.decision.parse(kind, data)
    if kind in BASE_ACTIONS:
        return Action(kind)
    raise IllegalAction(f"Unknown action {kind!r} at a {variant.table_name} table.")


def apply(variant: Variant, state: State, action: Action, config: Any, rng: random.Random) -> Outcome:
    handler = _HANDLERS.get(action.kind)
    if handler is None and variant.decision and action.kind in variant.decision.kinds:
        handler = _decide
    if handler is None:
        raise IllegalAction(f"Unknown action {action.kind!r} at a {variant.table_name} table.")
    return handler(variant, State.from_json(state.to_json()), action, config, rng)


# -- betting -----------------------------------------------------------------------


class Betting(tr.BettingPhase):
    """The shared betting phase (games/table_round.py) with a Variant's wagers."""

    closes_to = (SHAKING, ROLLING)
    # The stacked deck, dice or first position for the next deal, and the shaker's turn.
    carry = ("deck", "dice", "count", "last_shooter", "mystery_hits")

    def new_spot(self, variant: Variant, player: int | None) -> Spot:
        spot: Spot = {"player": player, "bets": {}, "cards": []}
        spot.update(dict.fromkeys(variant.hand_keys()))
        spot.update(set_by=None, left=False)
        return spot

    def check_bet(
        self, variant: Variant, seat: int, bets: dict[str, int], area: str, amount: int, config: Any
    ) -> list[tuple[str, str]]:
        if not 1 <= seat < len(POSITIONS):
            # docs/rules/pai_gow.md rule 7 (docs/rules/six_card_fortune_pai_gow.md rule 2): six player positions are
            # dealt; a table set up with more seats must not take a wager that gets no cards.
            raise IllegalAction(
                f"Only seats 1 to {len(POSITIONS) - 1} are dealt at a {variant.table_name} table."
            )
        if not config.offers(area):
            raise IllegalAction(f"This table does not offer the {variant.area_name(area)} wager.")
        total = bets.get(area, 0) + amount
        if area == MAIN:
            if not config.min_bet * 100 <= total <= config.max_bet * 100:
                raise IllegalAction(
                    f"The {variant.main_name} wager is {config.min_bet} to {config.max_bet} {chip_word(config.max_bet * CENTS_PER_CHIP)}; {format_chips(total)} is not."
                )
        else:
            if not bets.get(MAIN):
                raise IllegalAction(
                    f"Place the {variant.main_name} wager first: the other wagers go with it."
                )
            if area == PROGRESSIVE and total != variant.progressive_cents:
                chips = variant.progressive_cents // CENTS_PER_CHIP
                raise IllegalAction(
                    f"The progressive payout wager is exactly {chips} {chip_word(variant.progressive_cents)} (${chips})."
                )
            if area != PROGRESSIVE and total > config.side_max * 100:
                raise IllegalAction(
                    f"The maximum on the {variant.area_name(area)} wager is {config.side_max} {chip_word(config.side_max * CENTS_PER_CHIP)}."
                )
        return [(area, variant.area_name(area))]

    def first(self, variant: Variant) -> str | None:
        return MAIN

    def fixed(self, variant: Variant, config: Any) -> tuple[str, ...]:
        # The progressive payout wager has one size (docs/rules/pai_gow.md § 9).
        return (PROGRESSIVE,)

    def progressives(self, variant: Variant, config: Any) -> list[tr.Progressive]:
        if not config.progressive:
            return []
        # Each game's (c)(1)-(2): the progressive payout wager feeds its meter and, with the
        # main wager, the Mystery bonus meter.
        return [tr.Progressive(PROGRESSIVE, variant.progressive_kind, MAIN if config.mystery else None)]

    def close(self, variant: Variant, state: State, seats: list[int], config: Any) -> str:
        if variant.uses_dice(config):
            # docs/rules/pai_gow.md Defaults: the shaker goes round from the dealer's left.
            later = [seat for seat in seats if seat > state.last_shooter]
            state.shooter = (later or seats)[0]
            state.phase = SHAKING
            return f"No more bets. Seat {state.shooter}, press Shake."
        state.phase = ROLLING
        return "No more bets."

    def award_texts(self, variant: Variant, seat: int, kind: str | None, cents: int) -> tuple[str, str]:
        return (
            f"seat {seat} progressive meter",
            f"Seat {seat}: progressive payout, {format_chips(cents)} from the meter!",
        )

    def rebets(self, variant: Variant, area: str) -> bool:
        # Not a wager a post-deal decision placed (Six-Card Fortune Pai Gow's Double Down).
        return area in variant.areas


PHASE = Betting()


# -- the shaker and the deal -------------------------------------------------------


def _shake(variant: Variant, state: State, action: Action, config: Any, rng: random.Random) -> Outcome:
    if state.phase != SHAKING:
        raise IllegalAction("The shaker is not waiting for anyone now.")
    seat = seat_of(action)
    if seat != state.shooter:
        raise IllegalAction(f"Seat {state.shooter} presses Shake this round.")
    return _start_roll(state, rng, f"Seat {seat} shakes the dice.")


def _shake_timeout(
    variant: Variant, state: State, action: Action, config: Any, rng: random.Random
) -> Outcome:
    if state.phase != SHAKING:
        raise IllegalAction("The shaker is not waiting.")
    return _start_roll(state, rng, f"Seat {state.shooter} did not shake: the dealer shakes.")


def _start_roll(state: State, rng: random.Random, text: str) -> Outcome:
    if state.dice:
        state.roll, state.dice = dice.Roll.from_json(state.dice).to_json(), None
    else:
        state.roll = dice.roll(rng).to_json()
    state.last_shooter = state.shooter or 0
    state.phase = ROLLING
    return Outcome(state, log=[{"player": None, "text": text}])


def _deal(variant: Variant, state: State, action: Action, config: Any, rng: random.Random) -> Outcome:
    if state.phase != ROLLING:
        raise IllegalAction("The cards are not being dealt now.")
    log: list[LogLine] = []
    moves: list[ChipMove] = []
    if variant.uses_dice(config):
        roll = dice.Roll.from_json(cast(list[int], state.roll))  # rolled at the shake
        log.append({"player": None, "text": f"The dice: {roll}."})
        moves += cast(Hook, variant.settle_dice)(state, roll, config, log)  # a game with dice has it
        count = roll.total
    else:
        # rule 14: an RNG number 1–7 without dice (a test table may have fixed it)
        count = state.count or rng.randint(1, len(POSITIONS))
        state.count = None
    first = dice.first_position(count, POSITIONS)
    state.first_position = str(first)
    deck = cards(state.deck) if state.deck else _shuffled(variant, rng)
    state.deck = None
    # rule 16: one stack per position from the first position on; empty spots' stacks are discarded.
    size = variant.cards_per_player
    order = list(POSITIONS[POSITIONS.index(first) :]) + list(POSITIONS[: POSITIONS.index(first)])
    for number, position in enumerate(order):
        stack = to_json(deck[number * size : number * size + size])
        if position == "dealer":
            state.dealer = {"cards": stack, **dict.fromkeys(variant.hand_keys()), "push": None}
        elif position in state.seats():
            state.spot(position)["cards"] = stack
    log.append(
        {
            "player": None,
            "text": f"The first hand goes to {'the dealer' if first == 'dealer' else f'seat {first}'}.",
        }
    )
    if variant.dealer_face_up:
        # docs/rules/face_up_pai_gow.md rules 5-7: face up, set by the house way before any player acts;
        # a dealer push settles every wager at once and nobody sets.
        set_by_house_way(variant, state.dealer)
        push = dealer_push(variant, state, config)
        log.append(
            {
                "player": None,
                "text": f"The dealer's cards are face up: {setting_text(variant, state.dealer)}.",
            }
        )
        if push:
            outcome = reveal_and_settle(variant, state, config)
            return Outcome(
                outcome.state, log=log + outcome.log, moves=moves + outcome.moves, awards=outcome.awards
            )
    if variant.decision and variant.decision.offered(config):
        for seat in state.seats():
            state.spot(seat)["decided"] = False
        state.phase = DECIDING
    else:
        state.phase = SETTING
    return Outcome(state, log=log, moves=moves)


def _shuffled(variant: Variant, rng: random.Random) -> list[Card]:
    deck = variant.deck()
    rng.shuffle(deck)  # rule 13: a fresh shuffle every round
    return deck


# -- a post-deal decision (Six-Card Fortune Pai Gow's Double Down) -----------------


def _decide(variant: Variant, state: State, action: Action, config: Any, rng: random.Random) -> Outcome:
    if state.phase != DECIDING:
        raise IllegalAction("There is no decision to take now.")
    seat = seat_of(action)
    spot = state.spots.get(str(seat))
    if not spot or not spot["cards"] or spot["player"] != action.player:
        raise IllegalAction("You have no hand this round.")
    if spot.get("decided"):
        raise IllegalAction("You have decided already.")
    log, moves = cast(Decision, variant.decision).decide(state, seat, spot, action, config)
    spot["decided"] = True
    return _after_decision(state, log, moves)


def _after_decision(state: State, log: list[LogLine], moves: list[ChipMove]) -> Outcome:
    if all(state.spot(seat).get("decided") for seat in state.seats()):
        state.phase = SETTING
    return Outcome(state, log=log, moves=moves)


def _close_deciding(
    variant: Variant, state: State, action: Action, config: Any, rng: random.Random
) -> Outcome:
    if state.phase != DECIDING:
        raise IllegalAction("There is no decision to take now.")
    log: list[LogLine] = []
    moves: list[ChipMove] = []
    for seat in state.seats():
        spot = state.spot(seat)
        if not spot.get("decided"):
            more_log, more_moves = cast(Decision, variant.decision).default(state, seat, spot, config)
            log += more_log
            moves += more_moves
            spot["decided"] = True
    return _after_decision(state, log, moves)


# -- setting the hands ---------------------------------------------------------------


def _require_setting(variant: Variant, state: State, action: Action) -> tuple[int, Spot]:
    if state.phase != SETTING:
        push = state.dealer.get("push") if state.phase == RESULT and variant.dealer_face_up else None
        if push:
            raise IllegalAction(
                f"The dealer has {_a(push)}: every {variant.main_name} wager pushed, so there is no hand to set."
            )
        raise IllegalAction("Hands are not being set now.")
    seat = seat_of(action)
    spot = state.spots.get(str(seat))
    if not spot or not spot["cards"] or spot["player"] != action.player:
        raise IllegalAction("You have no hand to set this round.")
    if is_set(variant, spot):
        raise IllegalAction("Your hand is set; it cannot be changed.")  # docs/rules/pai_gow.md rule 17
    return seat, spot


def _a(name: str) -> str:
    """ "an Ace High Pai Gow", "a Tiger 9" """
    return f"{'an' if name[:1] in 'AEIOU' else 'a'} {name}"


def count_message(variant: Variant) -> str:
    """ "Set your own seven cards: five in the high hand, two in the low hand." """
    parts = [f"{_NUMBER_WORDS[hand.size]} in the {hand.name.lower()}" for hand in variant.hands]
    return f"Set your own {_NUMBER_WORDS[variant.cards_per_player]} cards: {', '.join(parts)}."


def _set_hand(variant: Variant, state: State, action: Action, config: Any, rng: random.Random) -> Outcome:
    seat, spot = _require_setting(variant, state, action)
    hands = [action.data[hand.key] for hand in variant.hands]
    if any(len(given) != hand.size for given, hand in zip(hands, variant.hands, strict=True)) or sorted(
        sum(hands, [])
    ) != sorted(spot["cards"]):
        raise IllegalAction(count_message(variant))
    message = variant.setting_error(tuple(tuple(cards(given)) for given in hands))
    if message:
        raise IllegalAction(message)
    for hand, given in zip(variant.hands, hands, strict=True):
        spot[hand.key] = given
    spot["set_by"] = "player"
    return _after_set(variant, state, config, [{"player": action.player, "text": "sets the hand"}])


def _house_way(variant: Variant, state: State, action: Action, config: Any, rng: random.Random) -> Outcome:
    seat, spot = _require_setting(variant, state, action)
    set_by_house_way(variant, spot)
    return _after_set(variant, state, config, [{"player": action.player, "text": "asks for the house way"}])


def _after_set(variant: Variant, state: State, config: Any, log: list[LogLine]) -> Outcome:
    if all(is_set(variant, state.spot(seat)) for seat in state.seats()):
        outcome = reveal_and_settle(variant, state, config)
        return Outcome(outcome.state, log=log + outcome.log, moves=outcome.moves, awards=outcome.awards)
    return Outcome(state, log=log)


def _close_setting(
    variant: Variant, state: State, action: Action, config: Any, rng: random.Random
) -> Outcome:
    if state.phase != SETTING:
        raise IllegalAction("Hands are not being set now.")
    log: list[LogLine] = []
    for seat in state.seats():
        spot = state.spot(seat)
        if not is_set(variant, spot):
            set_by_house_way(variant, spot)
            log.append({"player": None, "text": f"Seat {seat}: time is up, the house way sets the hand."})
    outcome = reveal_and_settle(variant, state, config)
    return Outcome(outcome.state, log=log + outcome.log, moves=outcome.moves, awards=outcome.awards)


# -- test tables: stacked dice and deck ---------------------------------------------


def parse_stack(text: object) -> tuple[list[int] | None, list[Card | None]]:
    """(dice [red, blue, blue] or None, [card or None for "?"]) typed as
    "dice 3 3 3; AS KS ?" (spaces, commas or semicolons)."""
    if not isinstance(text, str):
        raise IllegalAction("Type the stack as text, e.g. dice 3 3 3; AS KS QS.")
    words = tr.stack_words(text)
    rolled: list[int] | None = None
    typed: list[Card | None] = []
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
        else:
            typed.append(tr.stacked_card(word))
    return rolled, typed


def _first_position(text: object) -> tuple[int | None, object]:
    """A stack's "first dealer" or "first 3" (a seat): the RNG number 1–7 of
    rule 15 that gives the first hand there (the dealer 1, seat n n + 1), and
    the text without it; (None, text) when not typed."""
    if not isinstance(text, str):
        return None, text
    words = tr.stack_words(text)
    lowered = [word.lower() for word in words]
    if "first" not in lowered:
        return None, text
    at = lowered.index("first")
    where = lowered[at + 1] if at + 1 < len(words) else ""
    if where == "dealer":
        count = 1
    elif where in {str(seat) for seat in POSITIONS[1:]}:
        count = int(where) + 1
    else:
        raise IllegalAction('Type the first hand as "first dealer" or "first" and a seat 1 to 6.')
    return count, " ".join(words[:at] + words[at + 2 :])


def _stacked_die(value: str) -> int:
    if value not in {str(face) for face in dice.FACES}:  # "1" to "6", never "²" (int() refuses it)
        raise IllegalAction(f"A die shows 1 to 6 pips, not {value!r}.")
    return int(value)


def stack(
    variant: Variant,
    state: State,
    config: Any,
    text: object,
    rng: random.Random | None = None,
    no_dice_message: str | None = None,
) -> State:
    """A test table's stacked dice and deck (docs/architecture.md, "Randomness").

    The dice are the next roll (``state.dice``), the count of rule 15 picks
    the first position; the cards are the front of the next round's deck
    (``state.deck``), dealt ``cards_per_player`` per position in the order of
    rule 16, ``?`` standing for any card; the rest of the deck is shuffled
    with ``rng`` (the table's, or the CSPRNG). What is not typed is random
    again. Raises IllegalAction on an unknown card, a card typed twice, more
    cards than the deck, impossible dice, or dice at a table without the
    shaker (``no_dice_message``).
    """
    first, text = _first_position(text)
    rolled, typed = parse_stack(text)
    if rolled is None and not typed and first is None:
        raise IllegalAction("Nothing to stack: type dice, cards or both, e.g. dice 3 3 3; AS KS QS.")
    if rolled is not None and not variant.uses_dice(config):
        raise IllegalAction(
            no_dice_message or "This table plays without the shaker: there are no dice to stack."
        )
    if first is not None and variant.uses_dice(config):
        raise IllegalAction("This table's dice pick the first hand: type dice, e.g. dice 3 3 3, not first.")
    deck = variant.deck()
    tr.check_typed(typed, deck, repeated="{card} is typed {times} times: the deck holds one (rule 13).")
    known = [item for item in typed if item is not None]
    rest = [item for item in deck if item not in known]
    (rng or system_rng()).shuffle(rest)
    state = State.from_json(state.to_json())
    state.dice = dice.Roll(rolled[0], (rolled[1], rolled[2])).to_json() if rolled else None
    state.count = first
    if typed:
        state.deck = to_json(tr.stacked_front(typed, rest) + rest)
    else:
        state.deck = None
    return state


def round_summary(state: State) -> dict[str, Any] | None:
    if state.phase != RESULT:
        return None
    return {"dealer": state.dealer, "roll": state.roll, "results": state.results}


_HANDLERS = {
    **PHASE.handlers(),
    SHAKE: _shake,
    SHAKE_TIMEOUT: _shake_timeout,
    DEAL: _deal,
    CLOSE_DECIDING: _close_deciding,
    SET_HAND: _set_hand,
    HOUSE_WAY: _house_way,
    CLOSE_SETTING: _close_setting,
}
