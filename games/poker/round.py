"""A round of house-banked poker at a multi-seat table, pure: the state
machine every poker game of games/poker/ binds (games/poker/game.py says how).
The betting phase is the one every house-banked table shares
(games/table_round.py); the showdown is games/poker/settlement.py.

Phases: betting → (no more bets: progressive wagers locked into their meters
and the Mystery bonus, docs/rules/progressives.md rule 6) → dealing → deciding
(street by street: the street's cards, then each hand holding the decision's
base wager in seat order, with an action clock) → result (the dealer's cards
and the board turned up, every wager settled in the game's order) → betting.

Money: every wager is staked into the round's escrow when placed (a Play
wager when the decision makes it); at settlement a winning stake comes back
(``return``) with its winnings from the house (``win``), a losing one goes to
the house (``lose``). Progressive wagers are collected by the house at "no
more bets" and their wins paid from the house or, for a share of the meter,
by the meter system (``Outcome.awards``). Every stake is settled exactly once:
the showdown checks it, so a game whose settlers forget a wager fails loudly.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import partial
from random import Random
from typing import TYPE_CHECKING, Any, NamedTuple, Self

from games import table_round as tr
from games.cards.cards import to_json
from games.cards.rng import system_rng
from games.engine import (
    REFUND,
    STAKE,
    Action,
    ChipMove,
    IllegalAction,
    Outcome,
    Timer,
    chip_word,
    dataclass_json,
    format_chips,
)
from games.poker import game as g
from games.poker.settlement import Table, showdown
from games.table_round import (  # noqa: F401  (the round's names, for the bindings and the tests)
    ANY_CARD,
    BET,
    BETTING,
    CLEAR,
    CLOSE_BETTING,
    LEAVE,
    MUST_HIT_BY,
    NEXT_ROUND,
    RESULT,
    result_line,
    seat_of,
)

if TYPE_CHECKING:
    from games.poker.config import PokerConfig

DEALING = "dealing"
DECIDING = "deciding"

DEAL = "deal"
DECISION_TIMEOUT = "decision_timeout"


@dataclass
class State:
    round: int = 1
    phase: str = BETTING
    waits: int = 0  # betting windows that closed with no wager (a fresh clock each)
    deck: list[str] | None = None  # the cards to come this round; never shown
    stacked: list[str] | None = None  # a test table's stacked deck for the next deal; never shown
    street: int = 0
    turn: int | None = None  # the seat deciding now
    # seat (str) -> {"player", "bets": {area: cents}, "cards": [str], "up": [bool],
    #                "folded": bool, "decisions": [[street, action, multiple]], "left": bool,
    #                "dealt": bool (a hand this round), "withdrawn": {area: cents} (taken back)}
    spots: dict[str, dict[str, Any]] = field(default_factory=dict)
    dealer: dict[str, Any] = field(default_factory=dict)  # {"cards": [str], "up": [bool]}
    board: dict[str, Any] = field(default_factory=dict)  # {"cards": [str], "up": [bool]}
    # [{"seat", "cents"}], paid at the result
    mystery_hits: list[dict[str, int]] = field(default_factory=list)
    # seat -> {"paid": cents, "lines": [str]}
    results: dict[str, dict[str, Any]] = field(default_factory=dict)
    # player id (str) -> {area: cents}, for "rebet"
    last_bets: dict[str, dict[str, int]] = field(default_factory=dict)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        return cls(**data)

    def to_json(self, copy: bool = True) -> dict[str, Any]:
        return dataclass_json(self, copy)

    def seats(self) -> list[int]:
        """The seats dealt a hand this round (a base wager), from the dealer's left."""
        return sorted(int(seat) for seat, spot in self.spots.items() if spot.get("dealt"))

    def betting_seats(self) -> list[int]:
        return sorted(int(seat) for seat in self.spots)

    def spot(self, seat: int | str) -> dict[str, Any]:
        return self.spots[str(seat)]


def new_state() -> State:
    return State()


def timer(game: g.Game, state: State, config: "PokerConfig") -> Timer:
    if state.phase == BETTING:
        return tr.betting_timer(state, config)
    if state.phase == DEALING:
        return f"{state.round}:deal", config.deal_seconds, Action(DEAL)
    if state.phase == DECIDING:
        return (
            f"{state.round}:decide:{state.street}:{state.turn}",
            config.decision_seconds,
            Action(DECISION_TIMEOUT),
        )
    return tr.result_timer(state, config)


def player_actions(game: g.Game) -> tuple[str, ...]:
    return (*tr.BETTING_ACTIONS, *game.actions)


def parse_action(game: g.Game, kind: str, data: dict[str, Any]) -> Action:
    if kind == BET:

        def check(area: str) -> None:
            known = game.area(area)
            if known is None or known.role == g.DECISION:
                names = ", ".join(item.label for item in game.areas if item.role != g.DECISION)
                raise IllegalAction(f"There is no betting area {area!r} at a {game.name} table: {names}.")

        return tr.parse_bet(data, check)
    if kind in tr.BETTING_ACTIONS:
        return Action(kind)
    if kind in game.actions:
        named: dict[str, str] = {}
        spot = data.get("spot")
        if spot not in (None, ""):
            # The wager a withdrawal names (Let It Ride's pulls), checked by ``_decide``.
            if game.area(str(spot).strip()) is None:
                raise IllegalAction(f"There is no wager {spot!r} at a {game.name} table.")
            named = {"spot": str(spot).strip()}
        multiple = data.get("multiple")
        if multiple in (None, ""):
            return Action(kind, data=named)
        if not (isinstance(multiple, int) and not isinstance(multiple, bool)) and not (
            isinstance(multiple, str) and multiple.strip().isascii() and multiple.strip().isdigit()
        ):
            raise IllegalAction("A multiple is a whole number, such as 1, 2 or 3.")
        return Action(kind, data={**named, "multiple": int(multiple)})
    raise IllegalAction(f"Unknown action {kind!r} at a {game.name} table.")


def apply(game: g.Game, state: State, action: Action, config: "PokerConfig", rng: Random) -> Outcome:
    state = State.from_json(state.to_json())
    if action.kind in game.actions:
        return _decide(game, state, action, config, rng)
    handler = _HANDLERS.get(action.kind)
    if handler is None:
        raise IllegalAction(f"Unknown action {action.kind!r} at a {game.name} table.")
    return handler(game, state, action, config, rng)


# -- betting -----------------------------------------------------------------------


class Betting(tr.BettingPhase):
    """The shared betting phase (games/table_round.py) with a Game's areas."""

    closes_to = (DEALING,)
    carry = ("stacked",)

    def new_spot(self, game: g.Game, player: int | None) -> dict[str, Any]:
        return {
            "player": player,
            "bets": {},
            "cards": [],
            "up": [],
            "folded": False,
            "decisions": [],
            "left": False,
        }

    def check_bet(
        self, game: g.Game, seat: int, bets: dict[str, int], name: str, amount: int, config: "PokerConfig"
    ) -> list[tuple[str, str]]:
        area = game.area(name)
        if not area.offered(config):
            raise IllegalAction(f"This table does not offer the {area.label} wager.")
        if area.equals:
            leader = game.area(area.equals).label
            raise IllegalAction(
                f"The {area.label} is always equal to the {leader}: bet the {leader} and it goes with it."
            )
        if area.needs and not any(bets.get(needed) for needed in area.needs):
            needed = " or ".join(game.area(needed).label for needed in area.needs)
            raise IllegalAction(f"Place the {needed} wager first: the {area.label} goes with it.")
        # The area and those whose wager equals it (placed with it, rule of each game).
        placed = [area, *(game.area(follower) for follower in game.followers(area.name))]
        for item in placed:
            _check_limits(item, bets.get(item.name, 0) + amount, config)
        return [(item.name, item.label) for item in placed]

    def first(self, game: g.Game) -> str:
        return game.base_areas[0]

    def fixed(self, game: g.Game, config: "PokerConfig") -> tuple[str, ...]:
        # A progressive wager has one size.
        return tuple(area.name for area in game.areas if area.role == g.PROGRESSIVE)

    def follows(self, game: g.Game) -> tuple[tuple[str, str], ...]:
        return tuple((area.name, area.equals) for area in game.areas if area.equals)

    def closed_message(self, game: g.Game, name: str) -> str:
        area = game.area(name)
        if area.role == g.PROGRESSIVE:
            # docs/rules/progressives.md rule 5: the lock-out refuses every later progressive wager.
            return f"No more bets: the {area.label} is locked for this round. Bet it in the next round."
        return super().closed_message(game, name)

    def dealt_seats(self, game: g.Game, state: State) -> list[int]:
        # A spot with only side wagers left over cannot stand (they need a base); none can be
        # placed so, but a spot whose base was never placed holds nothing.
        return _dealt(game, state)

    def progressives(self, game: g.Game, config: "PokerConfig") -> list[tr.Progressive]:
        return [
            tr.Progressive(
                area.name,
                area.meter_kind,
                # seed (c)(1)-(2) of each game's Mystery section: the base wager and a
                # qualifying progressive wager; a share of that wager feeds the bonus meter.
                game.mystery_base if config.mystery and area.mystery(config) else None,
            )
            for area in game.offered_areas(config, g.PROGRESSIVE)
        ]

    def close(self, game: g.Game, state: State, seats: list[int], config: "PokerConfig") -> str:
        state.phase = DEALING
        return "No more bets."

    def award_texts(self, game: g.Game, seat: int, kind: str | None, cents: int) -> tuple[str, str]:
        label = self.award_label(game, kind)
        return f"seat {seat} {kind} meter", f"Seat {seat}: {label}, {format_chips(cents)} from the meter!"

    def award_label(self, game: g.Game, kind: str | None) -> str:
        area = next((item for item in game.areas if item.meter_kind == kind), None)
        return area.label if area else "Progressive"

    def left(self, game: g.Game, state: State, seat: int, config: "PokerConfig") -> Outcome:
        # The hand plays on: its decisions take the clock's default.
        if state.phase == DECIDING and state.turn == seat:
            return _take_default(game, state, config, seat, "leaves")
        return Outcome(state)

    def rebets(self, game: g.Game, area: str) -> bool:
        # Rebet repeats what was wagered before the decisions: the Play wager is the decision's.
        return game.area(area).role != g.DECISION


PHASE = Betting()


def _check_limits(area: g.Area, total: int, config: "PokerConfig") -> None:
    low, high = area.limits(config)
    if area.role == g.PROGRESSIVE and not low <= total <= high:
        raise IllegalAction(f"The {area.label} wager is exactly {format_chips(low)} {chip_word(low)}.")
    if not low <= total <= high:
        raise IllegalAction(
            f"The {area.label} wager is {format_chips(low)} to {format_chips(high)} {chip_word(high)}; {format_chips(total)} is not."
        )


# -- the deal and the decisions ------------------------------------------------------


def _deal(game: g.Game, state: State, action: Action, config: "PokerConfig", rng: Random) -> Outcome:
    if state.phase != DEALING:
        raise IllegalAction("The cards are not being dealt now.")
    if state.stacked:
        state.deck, state.stacked = state.stacked, None
    else:
        deck = game.deck()
        rng.shuffle(deck)  # a fresh shuffle of one deck every round
        state.deck = to_json(deck)
    state.dealer = {"cards": [], "up": []}
    state.board = {"cards": [], "up": []}
    for seat in _dealt(game, state):
        state.spot(seat)["dealt"] = True
    state.street = 0
    return _start_street(game, state, config, log=[{"player": None, "text": "The cards are dealt."}])


def _has_base(game: g.Game, state: State, seat: int) -> bool:
    return any(state.spot(seat)["bets"].get(area) for area in game.base_areas)


def _dealt(game: g.Game, state: State) -> list[int]:
    return [seat for seat in state.betting_seats() if _has_base(game, state, seat)]


def _draw(state: State, count: int) -> list[str]:
    drawn, state.deck = state.deck[:count], state.deck[count:]
    return drawn


def _start_street(game: g.Game, state: State, config: "PokerConfig", log: list[dict[str, Any]]) -> Outcome:
    """Deal the street's cards in its order, then hand the decision to the
    first hand that takes it, or go on to the next street (or the showdown)."""
    street = game.streets[state.street]
    seats = [seat for seat in _dealt(game, state) if not state.spot(seat)["folded"]]
    for deal in street.deals:
        if isinstance(deal, g.Reveal):
            target = state.dealer if deal.to == g.DEALER else state.board
            down = [index for index, is_up in enumerate(target["up"]) if not is_up][: deal.count]
            for index in down:
                target["up"][index] = True
        elif deal.to == g.PLAYERS:
            for seat in seats:
                spot = state.spot(seat)
                spot["cards"] += _draw(state, deal.count)
                spot["up"] += [deal.face_up] * deal.count
        elif deal.to == g.DISCARD:
            _draw(state, deal.count)  # set aside unseen: no hand, no record
        else:
            target = state.dealer if deal.to == g.DEALER else state.board
            target["cards"] += _draw(state, deal.count)
            target["up"] += [deal.face_up] * deal.count
    state.phase = DECIDING
    state.turn = None
    return _advance(game, state, config, log=log, moves=[])


def deciders(game: g.Game, state: State) -> list[int]:
    """The seats that take the current street's decision, in order."""
    decision = game.streets[state.street].decision
    if decision is None:
        return []
    return [
        seat
        for seat in state.seats()
        if state.spot(seat)["bets"].get(decision.base)
        and not state.spot(seat)["folded"]
        and not (decision.once and state.spot(seat)["bets"].get(decision.once))
    ]


def _advance(
    game: g.Game, state: State, config: "PokerConfig", log: list[dict[str, Any]], moves: list[ChipMove]
) -> Outcome:
    """The next seat to decide on this street, else the next street, else the showdown."""
    order = deciders(game, state)
    later = [seat for seat in order if state.turn is None or seat > state.turn]
    if later:
        state.turn = later[0]
        spot = state.spot(state.turn)
        if spot["left"]:
            outcome = _take_default(game, state, config, state.turn, "has left")
            return Outcome(outcome.state, log + outcome.log, moves + outcome.moves, awards=outcome.awards)
        return Outcome(state, log=log, moves=moves)
    state.turn = None
    # The next street is dealt even when every hand has folded: its board or
    # dealer cards may settle a wager that stays in action after a fold.
    if state.street + 1 < len(game.streets):
        state.street += 1
        outcome = _start_street(game, state, config, log)
        return Outcome(outcome.state, outcome.log, moves + outcome.moves, awards=outcome.awards)
    outcome = showdown(game, state, config)
    return Outcome(outcome.state, log + outcome.log, moves + outcome.moves, awards=outcome.awards)


def legal_options(game: g.Game, state: State, seat: int) -> list[tuple[g.Option, tuple[int, ...]]]:
    """[(Option, multiples)] the hand at ``seat`` may choose now: its player's
    buttons; ``_decide`` refuses all else with the same reading."""
    if state.phase != DECIDING or state.turn != seat:
        return []
    decision = game.streets[state.street].decision
    view = Table(game, state, None)
    legal: list[tuple[g.Option, tuple[int, ...]]] = []
    for option in decision.options:
        multiples = tuple(option.allowed(view, seat)) if option.allowed else option.multiples
        if option.places and not multiples:
            continue
        if option.withdraws and not state.spot(seat)["bets"].get(option.withdraws):
            continue
        legal.append((option, multiples if option.places else ()))
    return legal


def _decide(game: g.Game, state: State, action: Action, config: "PokerConfig", rng: Random) -> Outcome:
    if state.phase != DECIDING or state.turn is None:
        raise IllegalAction("No decision is being taken now.")
    seat = seat_of(action)
    spot = state.spots.get(str(seat))
    if spot and spot.get("dealt") and spot["folded"] and spot["player"] == action.player:
        # A later street's wager after folding (Mississippi Stud's rules 6-8: a fold leaves the hand).
        raise IllegalAction("You folded this hand: it takes no more decisions this round.")
    once = game.streets[state.street].decision.once
    if spot and spot.get("dealt") and once and spot["bets"].get(once) and spot["player"] == action.player:
        # Decision.once: the wager is made once a round (Ultimate Texas Hold 'Em's Play, rule 8).
        label = game.area(once).label
        raise IllegalAction(f"You have made your {label} wager: one {label} wager a round.")
    if seat != state.turn:
        raise IllegalAction(f"It is seat {state.turn}'s turn, not yours.")
    if state.spot(seat)["player"] != action.player:
        raise IllegalAction("This hand belongs to the seat's previous player: wait for the next round.")
    legal = dict((option.action, multiples) for option, multiples in legal_options(game, state, seat))
    decision = game.streets[state.street].decision
    if action.kind not in legal:
        words = " or ".join(decision.option(name).label.lower() for name in legal)
        other = _other_street(game, state.street, action.kind)
        if other:
            # Another street's decision (Texas Hold 'Em Bonus's River wager before the turn,
            # a second Flop wager): say when it comes, and what this street offers.
            raise IllegalAction(f"The {other}; now you may {words}.")
        raise IllegalAction(f"You cannot {action.kind.replace('_', ' ')} now: you may {words}.")
    option = decision.option(action.kind)
    multiple = action.data.get("multiple")
    if option.places:
        choices = legal[action.kind]
        allowed = ", ".join(f"{m}×" for m in choices)
        if multiple is None and len(choices) > 1:
            raise IllegalAction(f"{option.label} is {allowed} the {game.area(option.of).label}: choose one.")
        if multiple is None:
            multiple = choices[0]
        if multiple not in choices:
            raise IllegalAction(
                f"{option.label} is {allowed} the {game.area(option.of).label}; not {multiple}×."
            )
    elif multiple is not None:
        raise IllegalAction(f"{option.label} takes no multiple.")
    named = action.data.get("spot")
    if named is not None and named != option.withdraws:
        raise IllegalAction(_not_withdrawn(game, option, named))
    return _choose(game, state, config, seat, option, multiple, action.player)


def _other_street(game: g.Game, street: int, action: str) -> str:
    """The refusal "River wager comes on a later street" for an action no option of ``street``'s
    decision takes but another street's does; "" otherwise."""
    if game.streets[street].decision.option(action):
        return ""
    others = [
        (index, item.decision.option(action))
        for index, item in enumerate(game.streets)
        if item.decision and item.decision.option(action)
    ]
    if not others:
        return ""
    index, option = others[0]
    when = "was an earlier street's decision" if index < street else "comes on a later street"
    return f"{option.label} {when}"


def _not_withdrawn(game: g.Game, option: g.Option, named: str) -> str:
    """Why the wager ``named`` cannot be taken back by ``option`` now."""
    label = game.area(named).label
    options = [item for street in game.streets if street.decision for item in street.decision.options]
    if not any(item.withdraws == named for item in options):
        return f"The {label} wager can never be taken back: it stays in action to the end of the round."
    if option.withdraws:
        return f"Now you may take back the {game.area(option.withdraws).label} wager, not the {label}."
    return f"{option.label} takes back no wager."


def _decision_timeout(
    game: g.Game, state: State, action: Action, config: "PokerConfig", rng: Random
) -> Outcome:
    if state.phase != DECIDING or state.turn is None:
        raise IllegalAction("No decision is being taken now.")
    return _take_default(game, state, config, state.turn, "is out of time")


def _take_default(game: g.Game, state: State, config: "PokerConfig", seat: int, why: str) -> Outcome:
    decision = game.streets[state.street].decision
    option = decision.option(decision.default)
    outcome = _choose(game, state, config, seat, option, option.multiples[0] if option.places else None, None)
    line = {"player": None, "text": f"Seat {seat} {why}: {option.label.lower()}."}
    return Outcome(outcome.state, [line] + outcome.log, outcome.moves, awards=outcome.awards)


def _choose(
    game: g.Game,
    state: State,
    config: "PokerConfig",
    seat: int,
    option: g.Option,
    multiple: int | None,
    player: int | None,
) -> Outcome:
    spot = state.spot(seat)
    moves: list[ChipMove] = []
    log: list[dict[str, Any]] = []
    spot["decisions"].append([state.street, option.action, multiple])
    if option.places:
        amount = spot["bets"][option.of] * multiple
        spot["bets"][option.places] = spot["bets"].get(option.places, 0) + amount
        label = game.area(option.places).label
        moves.append(ChipMove(STAKE, spot["player"], amount, f"seat {seat} {option.places}"))
        times = f" ({multiple}× the {game.area(option.of).label})" if len(option.multiples) > 1 else ""
        text = f"bets {format_chips(amount)} on {label}{times}"
        log.append(
            {"player": player, "text": text} if player else {"player": None, "text": f"Seat {seat} {text}"}
        )
    if option.withdraws:
        amount = spot["bets"].pop(option.withdraws)
        # Kept for "rebet", which repeats the wagers placed before the decisions.
        spot.setdefault("withdrawn", {})[option.withdraws] = amount
        moves.append(ChipMove(REFUND, spot["player"], amount, f"seat {seat} {option.withdraws} withdrawn"))
        log.append({"player": player, "text": f"takes back the {game.area(option.withdraws).label} wager"})
    if option.folds:
        spot["folded"] = True
        if player:
            log.append({"player": player, "text": "folds"})
    if option.says:
        log.append(
            {"player": player, "text": option.says}
            if player
            else {"player": None, "text": f"Seat {seat} {option.says}"}
        )
    outcome = _advance(game, state, config, log=log, moves=moves)
    return outcome


# -- test tables: a stacked deck -------------------------------------------------------


def stack(game: g.Game, state: State, config: "PokerConfig", text: str, rng: Random | None = None) -> State:
    """A test table's stacked deck (docs/architecture.md, "Randomness"): the typed cards
    are the front of the next round's deck, dealt in the game's order
    (``game.stack_help`` says it); ``?`` is any card; the rest of the deck is
    shuffled with ``rng`` (the table's, or the CSPRNG). Raises IllegalAction
    on an unknown card, a card typed twice (one deck) or too many cards."""
    typed = tr.typed_cards(text, "AS KS QS")
    deck = game.deck()
    tr.check_typed(typed, deck, deck_name=f"the {len(deck)}-card deck of {game.name}")
    known = [item for item in typed if item is not None]
    rest = [item for item in deck if item not in known]
    (rng or system_rng()).shuffle(rest)
    state = State.from_json(state.to_json())
    front = tr.stacked_front(typed, rest)
    state.stacked = to_json(front + rest)
    return state


def round_summary(state: State) -> dict[str, Any] | None:
    if state.phase != RESULT:
        return None
    return {"dealer": state.dealer, "board": state.board, "results": state.results}


_HANDLERS: dict[str, tr.Handler] = {
    **PHASE.handlers(),
    DEAL: _deal,
    DECISION_TIMEOUT: _decision_timeout,
}


# -- a game's rules module: GAME bound to this round -------------------------------------


class Binding(NamedTuple):
    """What a poker game's rules module gives the platform (games/engine.py)
    beyond its Config and the round's own State, new_state, LEAVE and
    round_summary: this round playing its GAME. Unpacked into module names,
    so the runtime, the lab and the tests read ``rules.apply``, ``rules.timer``...
    as from any other game."""

    PLAYER_ACTIONS: tuple[str, ...]
    parse_action: Callable[[str, dict[str, Any]], Action]
    apply: "Callable[[State, Action, PokerConfig, Random], Outcome]"
    timer: "Callable[[State, PokerConfig], Timer]"
    # (state, config, text, rng=None) -> State
    stack: "Callable[..., State]"
    legal_options: Callable[[State, int], list[tuple[g.Option, tuple[int, ...]]]]


def bind(game: g.Game) -> Binding:
    """``game``'s entry points, which its rules module unpacks:
    ``PLAYER_ACTIONS, parse_action, apply, timer, stack, legal_options = pr.bind(GAME)``.
    Partials of this module's functions: their signatures are the platform's."""
    return Binding(
        player_actions(game),
        partial(parse_action, game),
        partial(apply, game),
        partial(timer, game),
        partial(stack, game),
        partial(legal_options, game),
    )
