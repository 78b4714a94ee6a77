"""A round of blackjack at a multi-seat table, pure: the state machine that
Spanish 21, Player's Edge 21 and Down Under Blackjack share.

A game's ``rules.py`` binds it to its ``Variant`` (games/blackjack/variant.py:
the small differences, such as which suit pays 3 to 1, how many doubles, the
rescue, insurance odds, the side wagers and when they settle) and its
``Config`` (the table's Rules Submission). Everything here is plain data that
round-trips through JSON, and every transition returns an ``Outcome`` whose
ChipMoves the platform books in the same transaction.

Phases: betting → (no more bets: progressive wagers locked, § 635c.1(f)) →
dealing (then, at a table with a hole-card reader, its reading and the golden
rule) → insurance (ace up, where the game offers it) → playing (seat by seat, hand by hand, with an
action clock) → result → betting. Cards go from the ``Shoe`` kept in the
state, so a stacked shoe deals any scenario on purpose.

Money: every wager is staked into the round's escrow when placed (doubles and
splits when made); the betting phase is the one every house-banked table
shares (games/table_round.py), the settlement games/blackjack/settlement.py.
"""

import random
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any, cast

from games import table_round as tr
from games.blackjack.hands import can_split, is_blackjack, spoken_total, total
from games.blackjack.settlement import (
    dealer_and_settle,
    pay,
    read_hole_card,
    settle_peek,
    settle_side_wagers,
)
from games.blackjack.stacked_shoe import STACK_HELP, stacked_shoe  # noqa: F401  (STACK_HELP: for the bindings)
from games.blackjack.variant import (  # noqa: F401  (the family's names, for the bindings and the tests)
    BLACKJACK,
    BUST,
    MAIN,
    MAX_HANDS,
    OPEN,
    RESCUED,
    REVEAL,
    STOOD,
    SURRENDERED,
    TWENTY_ONE,
    Hand,
    LogLine,
    Variant,
    hand_cards,
    new_hand,
)
from games.cards.cards import Card, card
from games.cards.shoe import Shoe
from games.engine import (
    LOSE,
    REFUND,
    STAKE,
    Action,
    ChipMove,
    IllegalAction,
    Outcome,
    Timer,
    dataclass_json,
    format_chips,
    parse_chips,
)
from games.table_round import (  # noqa: F401  (the round's names, for the bindings and the tests)
    ANY_CARD,
    BET,
    BETTING,
    BETTING_ACTIONS,
    CLEAR,
    CLOSE_BETTING,
    LEAVE,
    NEXT_ROUND,
    RESULT,
    result_line,
    seat_of,
)

DEALING = "dealing"
INSURANCE = "insurance"
PLAYING = "playing"

# The table's own actions (timer).
DEAL = "deal"
CLOSE_INSURANCE = "close_insurance"
ACTION_TIMEOUT = "action_timeout"

# Players' actions.
INSURE = "insure"
NO_INSURANCE = "no_insurance"
HIT = "hit"
STAND = "stand"
DOUBLE = "double"
SPLIT = "split"
SURRENDER = "surrender"
RESCUE = "rescue"
PLAYER_ACTIONS = (*BETTING_ACTIONS, INSURE, NO_INSURANCE, HIT, STAND, DOUBLE, SPLIT, SURRENDER, RESCUE)
HAND_ACTIONS = (HIT, STAND, DOUBLE, SPLIT, SURRENDER, RESCUE)


@dataclass
class State:
    round: int = 1
    phase: str = BETTING
    waits: int = 0  # betting windows that closed with no wager (a fresh clock each)
    shoe: dict[str, Any] | None = None  # Shoe.to_json(); never shown (the cards to come)
    # seat (str) -> {"player": id, "bets": {area: cents}, "hands": [hand], "insurance": cents | None,
    #                "insured": bool, "left": bool}
    spots: dict[str, dict[str, Any]] = field(default_factory=dict)
    dealer: list[str] = field(default_factory=list)  # card strings; [1] is the hole card
    hole_shown: bool = False
    reader: str | None = None  # the hole card's class as the reader shows it to all (Down Under)
    turn: list[int] | None = None  # [seat, hand index] while playing
    last_bets: dict[str, dict[str, int]] = field(default_factory=dict)  # player id (str) -> {area: cents}
    results: dict[str, dict[str, Any]] = field(
        default_factory=dict
    )  # seat -> {"paid": cents back this round, "lines": [...]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "State":
        return cls(**data)

    def to_json(self, copy: bool = True) -> dict[str, Any]:
        return dataclass_json(self, copy)

    def seats(self) -> list[int]:
        """Seats with a main wager, from the dealer's left (seat 1) on."""
        return sorted((int(seat) for seat, spot in self.spots.items() if spot["bets"].get(MAIN)), key=int)

    def spot(self, seat: int | str) -> dict[str, Any]:
        return self.spots[str(seat)]

    def hand(self, seat: int | str, index: int) -> Hand:
        hand: Hand = self.spot(seat)["hands"][index]
        return hand


def new_state() -> State:
    return State()


# -- the clock -------------------------------------------------------------


def timer(state: State, config: Any) -> Timer:
    """(key, seconds, action) of the current phase's clock."""
    if state.phase == BETTING:
        return tr.betting_timer(state, config)
    if state.phase == DEALING:
        return f"{state.round}:deal", config.deal_seconds, Action(DEAL)
    if state.phase == INSURANCE:
        return f"{state.round}:insurance", config.insurance_seconds, Action(CLOSE_INSURANCE)
    if state.phase == PLAYING:
        seat, index = cast(list[int], state.turn)  # set while playing
        hand = state.hand(seat, index)
        key = f"{state.round}:turn:{seat}:{index}:{len(hand['cards'])}:{hand['doubles']}"
        return key, config.action_seconds, Action(ACTION_TIMEOUT)
    return tr.result_timer(state, config)


# -- parsing players' messages ----------------------------------------------


def parse_action(kind: str, data: dict[str, Any], areas: Collection[str]) -> Action:
    if kind == BET:

        def check(area: str) -> None:
            if area not in areas:
                raise IllegalAction(
                    f"There is no betting area {area!r} here; bet on one of {', '.join(areas)}."
                )

        return tr.parse_bet(data, check, MAIN)
    if kind in (INSURE, DOUBLE):
        amount = data.get("amount")
        return Action(kind, data={"amount": None if amount in (None, "") else parse_chips(amount)})
    if kind in PLAYER_ACTIONS:
        return Action(kind)
    raise IllegalAction(f"Unknown action {kind!r}.")


# -- the transition function ------------------------------------------------


def apply(variant: Variant, state: State, action: Action, config: Any, rng: random.Random) -> Outcome:
    return apply_in_place(variant, State.from_json(state.to_json()), action, config, rng)


def apply_in_place(
    variant: Variant, state: State, action: Action, config: Any, rng: random.Random
) -> Outcome:
    """``apply`` on a state the caller owns and gives up (no copy): the lab's
    simulations play millions of rounds through the same handlers."""
    handler = _HANDLERS.get(action.kind)
    if handler is None:
        raise IllegalAction(f"Unknown action {action.kind!r}.")
    return handler(variant.for_table(config), state, action, config, rng)


# betting --------------------------------------------------------------------


class Betting(tr.BettingPhase):
    """The shared betting phase (games/table_round.py) with a Variant's wagers."""

    closes_to = (DEALING,)
    clear_text = "clears {} of wagers"
    carry = ("shoe", "results")

    def new_spot(self, variant: Variant, player: int | None) -> dict[str, Any]:
        return {"player": player, "bets": {}, "hands": [], "insurance": None, "left": False}

    def check_bet(
        self, variant: Variant, seat: int, bets: dict[str, int], area: str, amount: int, config: Any
    ) -> list[tuple[str, str]]:
        _check_wager(variant, bets, area, bets.get(area, 0) + amount, config)
        return [(area, variant.area_name(area))]

    def first(self, variant: Variant) -> str | None:
        return MAIN

    def fixed(self, variant: Variant, config: Any) -> tuple[str, ...]:
        return (variant.progressive_area,) if variant.progressive_area else ()

    def progressives(self, variant: Variant, config: Any) -> list[tr.Progressive]:
        # A side wager without a main wager cannot exist (_check_wager), so every spot is dealt.
        if not (variant.progressive_area and config.progressive_cents):
            return []
        return [tr.Progressive(variant.progressive_area, cast(str, variant.progressive_kind))]

    def close(self, variant: Variant, state: State, seats: list[int], config: Any) -> str:
        state.phase = DEALING
        return "No more bets."

    def award_texts(self, variant: Variant, seat: int, kind: str | None, cents: int) -> tuple[str, str]:
        area = variant.progressive_area
        name = variant.area_name(cast(str, area))  # a progressive award: the game has one
        return (
            f"seat {seat} {area} meter",
            f"Seat {seat}: {name[0].upper()}{name[1:]} pays {format_chips(cents)}!",
        )

    def award_label(self, variant: Variant, kind: str | None) -> str:
        # A progressive award: the game has a progressive wager.
        return variant.wager_label(cast(str, variant.progressive_area))

    def left(self, variant: Variant, state: State, seat: int, config: Any) -> Outcome:
        # Once dealt, the hands are played out as they stand (the action clock stands them).
        if state.phase == PLAYING and state.turn and state.turn[0] == seat:
            return _advance(variant, state, config, log=[], moves=[], stand_current=True)
        return Outcome(state)


PHASE = Betting()


def _check_wager(variant: Variant, bets: dict[str, int], area: str, amount: int, config: Any) -> None:
    if area == MAIN:
        low, high = config.min_bet_cents, config.max_bet_cents
        if amount < low:
            raise IllegalAction(
                f"The minimum main wager is {format_chips(low)}; {format_chips(amount)} is below it."
            )
        if amount > high:
            raise IllegalAction(
                f"The maximum main wager is {format_chips(high)}; {format_chips(amount)} would exceed it."
            )
        return
    if not config.offers(area):
        raise IllegalAction(f"This table does not offer the {variant.area_name(area)} wager.")
    if not bets.get(MAIN):
        # docs/rules/spanish21.md rule 6; § 635c.1(e): every other wager needs a main wager at the spot.
        raise IllegalAction("Place the main wager first: the other wagers go with it.")
    if area == variant.progressive_area:
        offered = config.progressive_cents
        if amount != offered:
            # § 635c.1(e): a Match the Dealer progressive wager of $1 or $5, as the table offers.
            raise IllegalAction(f"The progressive wager at this table is exactly {format_chips(offered)}.")
        return
    high = config.side_max_cents
    if amount > high:
        raise IllegalAction(f"The maximum on this wager is {format_chips(high)}.")


# dealing ----------------------------------------------------------------------


def _deal(variant: Variant, state: State, action: Action, config: Any, rng: random.Random) -> Outcome:
    if state.phase != DEALING:
        raise IllegalAction("The cards are not being dealt now.")
    shoe = Shoe.from_json(state.shoe) if state.shoe else None
    log = []
    if shoe is None or shoe.needs_shuffle:
        shoe = Shoe.shuffled(config.deck, config.decks, rng)
        log.append({"player": None, "text": "A new shoe is shuffled."})
    if shoe.needs_burn:
        shoe.burn()  # docs/rules/spanish21.md rule 3: the first card of each shoe is burned
    seats = state.seats()
    # docs/rules/spanish21.md rule 11: a card to each spot, the upcard, a second card to
    # each spot, the hole card; clockwise from the dealer's left.
    for seat in seats:
        spot = state.spot(seat)
        spot["hands"] = [new_hand([shoe.draw()], spot["bets"][MAIN])]
    state.dealer = [str(shoe.draw())]
    for seat in seats:
        spot = state.spot(seat)
        spot["hands"][0]["cards"].append(str(shoe.draw()))
        spot["first_two"] = list(spot["hands"][0]["cards"])  # what the side wagers look at
    state.dealer.append(str(shoe.draw()))
    state.shoe = shoe.to_json()
    state.results = {str(seat): {"paid": 0, "lines": []} for seat in seats}
    upcard = card(state.dealer[0])
    log.append({"player": None, "text": f"Dealer shows {upcard.label}."})
    # § 635c.1(g): immediately after the second card, before any other card,
    # the progressive and the Match the Dealer wagers are settled.
    lines, moves, awards = settle_side_wagers(variant, state, config, DEAL)
    log += lines
    for seat in seats:
        hand = state.spot(seat)["hands"][0]
        if is_blackjack(hand_cards(hand)):
            hand["status"] = BLACKJACK
    if variant.hole_reader is not None:
        # Down Under rule 9 then 11: the reader is used only once the side wagers are settled.
        lines, reader_moves, ended = read_hole_card(variant, state)
        log += lines
        moves += reader_moves
        if ended:
            return Outcome(state, log=log, moves=moves, awards=awards)
    # Player blackjacks are paid at once, 3 to 2 (§ 635a.12(a); docs/rules/spanish21.md rule 16).
    for seat in seats:
        hand = state.spot(seat)["hands"][0]
        if hand["status"] == BLACKJACK:
            label = variant.hand_label(state.spot(seat), hand)
            odds = variant.blackjack_odds
            moves += pay(state, seat, label, hand["stake"], odds, f"blackjack, {odds}", "blackjack")
            log.append({"player": None, "text": f"Seat {seat}: blackjack, paid 3 to 2."})
    if upcard.rank == "A" and variant.insurance_odds is not None and _may_still_insure(state):
        state.phase = INSURANCE
        log.append({"player": None, "text": "Insurance is open."})
        return Outcome(state, log=log, moves=moves, awards=awards)
    outcome = _peek(variant, state, config)
    return Outcome(
        outcome.state, log=log + outcome.log, moves=moves + outcome.moves, awards=awards + outcome.awards
    )


# insurance ----------------------------------------------------------------------


def _insure(variant: Variant, state: State, action: Action, config: Any, rng: random.Random) -> Outcome:
    if state.phase != INSURANCE:
        raise IllegalAction("Insurance is offered only while the dealer shows an ace, before play.")
    seat, spot = _insurance_spot(state, action)
    if spot["hands"][0]["status"] == BLACKJACK:
        raise IllegalAction("Your blackjack is already paid; it needs no insurance.")
    half = spot["bets"][MAIN] // 2
    amount = action.data.get("amount") or half
    if amount > half:
        raise IllegalAction(f"Insurance is at most half the main wager: {format_chips(half)}.")
    spot["insurance"] = amount
    return _close_insurance_if_all_answered(
        variant,
        state,
        config,
        rng,
        Outcome(
            state,
            log=[{"player": action.player, "text": f"insures for {format_chips(amount)}"}],
            moves=[ChipMove(STAKE, cast(int, action.player), amount, f"seat {seat} insurance")],
        ),
    )


def _no_insurance(variant: Variant, state: State, action: Action, config: Any, rng: random.Random) -> Outcome:
    if state.phase != INSURANCE:
        raise IllegalAction("Insurance is not open.")
    _, spot = _insurance_spot(state, action)
    spot["insurance"] = 0
    return _close_insurance_if_all_answered(
        variant,
        state,
        config,
        rng,
        Outcome(state, log=[{"player": action.player, "text": "declines insurance"}]),
    )


def _insurance_spot(state: State, action: Action) -> tuple[int, dict[str, Any]]:
    """(seat, spot) of the player's hand with an insurance decision to make."""
    seat = seat_of(action)
    spot = state.spots.get(str(seat))
    if not spot or not spot["hands"] or spot["insurance"] is not None or spot["player"] != action.player:
        raise IllegalAction("You have no insurance to decide.")
    return seat, spot


def _may_still_insure(state: State) -> bool:
    """Whether a seat has an insurance decision to make."""
    return any(
        spot["insurance"] is None and not spot["left"] and spot["hands"][0]["status"] != BLACKJACK
        for spot in map(state.spot, state.seats())
    )


def _close_insurance_if_all_answered(
    variant: Variant, state: State, config: Any, rng: random.Random, decided: Outcome
) -> Outcome:
    """Once every seat that may insure has answered (a blackjack needs no
    insurance, a player who left answers no), the round goes on at once
    rather than wait out the clock."""
    if _may_still_insure(state):
        return decided
    closed = _close_insurance(variant, state, Action(CLOSE_INSURANCE), config, rng)
    return Outcome(
        closed.state,
        log=decided.log + closed.log,
        moves=decided.moves + closed.moves,
        lock=closed.lock,
        awards=list(decided.awards) + list(closed.awards),
    )


def _close_insurance(
    variant: Variant, state: State, action: Action, config: Any, rng: random.Random
) -> Outcome:
    if state.phase != INSURANCE:
        raise IllegalAction("Insurance is not open.")
    for seat in state.seats():
        if state.spot(seat)["insurance"] is None:
            state.spot(seat)["insurance"] = 0
    return _peek(variant, state, config)


def _peek(variant: Variant, state: State, config: Any) -> Outcome:
    """docs/rules/spanish21.md rule 15: on an ace or a 10-value upcard the dealer checks
    the hole card; a dealer blackjack ends the round."""
    log: list[LogLine] = []
    moves: list[ChipMove] = []
    if getattr(config, "peek", 1):
        log, moves, awards = settle_peek(variant, state, config)
        if state.phase == RESULT:
            return Outcome(state, log=log, moves=moves, awards=awards)
    # else no peek (Player's Edge 21 with peek = 0): insurance and a dealer
    # blackjack are settled when the hole card is turned (§ 635c.2(f)(4)).
    state.phase = PLAYING
    state.turn = None
    return _advance(variant, state, config, log=log, moves=moves)


# playing -------------------------------------------------------------------------


def legal_actions(variant: Variant, state: State, seat: int | None = None) -> list[str]:
    """The actions the hand whose turn it is may take (for its player's buttons)."""
    if state.phase != PLAYING or not state.turn or (seat is not None and state.turn[0] != int(seat)):
        return []
    turn_seat, index = state.turn
    spot = state.spot(turn_seat)
    hand = state.hand(turn_seat, index)
    items = hand_cards(hand)
    actions = [STAND]
    if hand["doubles"] == 0:
        actions.insert(0, HIT)
    if (
        hand["doubles"] < variant.max_doubles
        and hand["status"] == OPEN
        and (len(items) == 2 or not variant.double_two_cards_only)
    ):
        actions.append(DOUBLE)
    if (
        len(items) == 2
        and hand["doubles"] == 0
        and can_split(items)
        and len(spot["hands"]) < variant.max_hands
    ):
        actions.append(SPLIT)
    if (
        variant.surrender
        and len(items) == 2
        and not hand["split"]
        and hand["doubles"] == 0
        and len(spot["hands"]) == 1
    ):
        actions.append(SURRENDER)  # late surrender on the first two cards (docs/rules/spanish21.md rule 17)
    if hand["doubles"] and variant.rescue_amounts(hand) is not None:
        actions.append(RESCUE)
    return actions


def _require_turn(variant: Variant, state: State, action: Action, kind: str) -> tuple[int, int]:
    if state.phase != PLAYING or not state.turn:
        raise IllegalAction("No hand is being played now.")
    seat = seat_of(action)
    if state.turn[0] != seat:
        raise IllegalAction(f"It is seat {state.turn[0]}'s turn, not yours.")
    _require_own_spot(state, seat, action)
    if kind not in legal_actions(variant, state):
        raise IllegalAction(f"You cannot {kind} now: you may {', '.join(legal_actions(variant, state))}.")
    return seat, state.turn[1]


def _require_own_spot(state: State, seat: int, action: Action) -> None:
    """A seat taken over mid-round does not give its hands to the newcomer."""
    if state.spot(seat)["player"] != action.player:
        raise IllegalAction("These hands belong to the seat's previous player: wait for the next round.")


def _draw(state: State) -> Card:
    shoe = Shoe.from_json(state.shoe)
    drawn = shoe.draw()
    # A draw moves the shoe's position only: its cards' text stays as it was.
    state.shoe = {**cast(dict[str, Any], state.shoe), "position": shoe.position}
    return drawn


def _after_card(hand: Hand) -> None:
    best, _ = total(hand_cards(hand))
    if best > 21:
        hand["status"] = BUST
    elif best == 21:
        hand["status"] = TWENTY_ONE  # a player 21 stops the hand and always wins (rule 18)


def _hit(variant: Variant, state: State, action: Action, config: Any, rng: random.Random) -> Outcome:
    seat, index = _require_turn(variant, state, action, HIT)
    hand = state.hand(seat, index)
    drawn = _draw(state)
    hand["cards"].append(str(drawn))
    _after_card(hand)
    log = [{"player": action.player, "text": f"hits: {drawn.label} ({spoken_total(hand_cards(hand))})"}]
    return _advance(variant, state, config, log=log, moves=[])


def _stand(variant: Variant, state: State, action: Action, config: Any, rng: random.Random) -> Outcome:
    seat, index = _require_turn(variant, state, action, STAND)
    state.hand(seat, index)["status"] = STOOD
    log = [{"player": action.player, "text": f"stands on {total(hand_cards(state.hand(seat, index)))[0]}"}]
    return _advance(variant, state, config, log=log, moves=[])


def _double(variant: Variant, state: State, action: Action, config: Any, rng: random.Random) -> Outcome:
    seat, index = _require_turn(variant, state, action, DOUBLE)
    hand = state.hand(seat, index)
    amount = variant.double_amount(hand, action.data.get("amount"))
    hand["doubled"] += amount
    hand["doubles"] += 1
    drawn = _draw(state)
    hand["cards"].append(str(drawn))
    _after_card(hand)
    if variant.double_ends_hand and hand["status"] == OPEN:
        hand["status"] = STOOD
    text = f"doubles for {format_chips(amount)}: {drawn.label} ({spoken_total(hand_cards(hand))})"
    moves = [ChipMove(STAKE, cast(int, action.player), amount, f"seat {seat} double")]
    return _advance(variant, state, config, log=[{"player": action.player, "text": text}], moves=moves)


def _split(variant: Variant, state: State, action: Action, config: Any, rng: random.Random) -> Outcome:
    seat, index = _require_turn(variant, state, action, SPLIT)
    spot = state.spot(seat)
    hand = state.hand(seat, index)
    first, second = hand["cards"]
    stake = hand["stake"]
    left = new_hand([card(first), _draw(state)], stake, split=True)
    right = new_hand([card(second), _draw(state)], stake, split=True)
    for new in (left, right):
        _after_card(new)
        if variant.split_aces_one_card and first[0] == "A" and new["status"] == OPEN:
            new["status"] = STOOD  # Down Under rule 15: one card to each split ace
    spot["hands"][index : index + 1] = [left, right]
    text = f"splits: {' '.join(card(c).label for c in left['cards'])} and {' '.join(card(c).label for c in right['cards'])}"
    moves = [ChipMove(STAKE, cast(int, action.player), stake, f"seat {seat} split")]
    return _advance(variant, state, config, log=[{"player": action.player, "text": text}], moves=moves)


def _surrender(variant: Variant, state: State, action: Action, config: Any, rng: random.Random) -> Outcome:
    seat, index = _require_turn(variant, state, action, SURRENDER)
    hand = state.hand(seat, index)
    hand["status"] = SURRENDERED
    half = hand["stake"] // 2
    player = cast(int, action.player)  # a player's action: the runtime sets its player
    label = variant.hand_label(state.spot(seat), hand)
    result_line(state, seat, label, staked=hand["stake"], paid=half, detail="surrendered")
    moves = [ChipMove(REFUND, player, half, f"seat {seat} surrender")]
    moves.append(ChipMove(LOSE, player, hand["stake"] - half, f"seat {seat} surrender"))
    return _advance(
        variant, state, config, log=[{"player": player, "text": "surrenders half the wager"}], moves=moves
    )


def _rescue(variant: Variant, state: State, action: Action, config: Any, rng: random.Random) -> Outcome:
    """After a double, a hand not busted may be rescued: part of its wager
    comes back and the rest is forfeited, as the variant says."""
    seat, index = _require_turn(variant, state, action, RESCUE)
    hand = state.hand(seat, index)
    returned, forfeited = variant.rescue_amounts(hand)
    hand["status"] = RESCUED
    player = cast(int, action.player)  # a player's action: the runtime sets its player
    label = variant.hand_label(state.spot(seat), hand)
    result_line(state, seat, label, staked=returned + forfeited, paid=returned, detail="rescued")
    moves = [ChipMove(REFUND, player, returned, f"seat {seat} rescue")]
    if forfeited:
        moves.append(ChipMove(LOSE, player, forfeited, f"seat {seat} rescue"))
    return _advance(
        variant, state, config, log=[{"player": player, "text": "rescues the double"}], moves=moves
    )


def _action_timeout(
    variant: Variant, state: State, action: Action, config: Any, rng: random.Random
) -> Outcome:
    if state.phase != PLAYING or not state.turn:
        raise IllegalAction("No hand is being played now.")
    seat, index = state.turn
    hand = state.hand(seat, index)
    log = [
        {
            "player": None,
            "text": f"Seat {seat}: time is up, the hand stands on {total(hand_cards(hand))[0]}.",
        }
    ]
    return _advance(variant, state, config, log=log, moves=[], stand_current=True)


def _advance(
    variant: Variant,
    state: State,
    config: Any,
    log: list[LogLine],
    moves: list[ChipMove],
    stand_current: bool = False,
) -> Outcome:
    """Move the turn to the next hand that needs a decision; when none is
    left, the dealer plays and the round is settled."""
    if stand_current and state.turn:
        hand = state.hand(*state.turn)
        if hand["status"] == OPEN:
            hand["status"] = STOOD
    for seat in state.seats():
        spot = state.spot(seat)
        for index, hand in enumerate(spot["hands"]):
            if hand["status"] == OPEN:
                if spot["left"]:
                    hand["status"] = STOOD
                    continue
                state.turn = [seat, index]
                return Outcome(state, log=log, moves=moves)
    state.turn = None
    outcome = dealer_and_settle(variant, state, config)
    return Outcome(outcome.state, log=log + outcome.log, moves=moves + outcome.moves, awards=outcome.awards)


_HANDLERS = {
    **PHASE.handlers(),
    DEAL: _deal,
    INSURE: _insure,
    NO_INSURANCE: _no_insurance,
    CLOSE_INSURANCE: _close_insurance,
    HIT: _hit,
    STAND: _stand,
    DOUBLE: _double,
    SPLIT: _split,
    SURRENDER: _surrender,
    RESCUE: _rescue,
    ACTION_TIMEOUT: _action_timeout,
}


# -- test tables: a stacked shoe (games/blackjack/stacked_shoe.py) -------------------


def stack(state: State, config: Any, text: str, rng: random.Random | None = None) -> State:
    """A test table's stacked shoe (``STACK_HELP``): the typed cards are the next out of the shoe."""
    state = State.from_json(state.to_json())
    state.shoe = stacked_shoe(config, text, rng)
    return state
