"""Dreamcatcher (58 Pa. Code Chapter 689a, created by 54 Pa.B. 2923): pure rules.

A round is: betting -> "no more bets" -> spinning (and bonus spins while the
wheel stops on 2x or 7x) -> result (losing wagers collected, then winners
paid) -> the next round's betting. No Django, no I/O, no clock: the table
runtime applies ``timer()``'s action when the phase's seconds have run out.
"""

from collections import Counter
from dataclasses import dataclass, field

from games import betting
from games.engine import (
    CENTS_PER_CHIP,
    LOSE,
    REFUND,
    RETURN,
    STAKE,
    WIN,
    Action,
    ChipMove,
    IllegalAction,
    Outcome,
    RulesSubmission,
    dataclass_json,
    format_chips,
    json_copy,
    parse_chips,
)

# § 689a.1(b): the 54 sections, clockwise, starting at the 7x section.
WHEEL = (
    "7x", "2", "1", "5", "1", "2", "5", "1", "2", "10", "1", "2", "1", "20",
    "1", "2", "1", "2", "1", "5", "1", "2", "10", "1", "5", "1", "2", "2x",
    "1", "5", "1", "40", "2", "1", "2", "1", "10", "2", "1", "5", "1", "2",
    "1", "5", "2", "1", "20", "1", "2", "1", "10", "1", "2", "1",
)  # fmt: skip

# § 689a.1(a): how many sections carry each symbol.
SECTION_COUNTS = {"1": 23, "2": 15, "5": 7, "10": 4, "20": 2, "40": 1, "2x": 1, "7x": 1}

# § 689a.1(g)(2) betting areas and § 689a.3(a) payout odds ("x to 1").
SPOTS = ("1", "2", "5", "10", "20", "40")
PAYOUT_ODDS = {"1": 1, "2": 2, "5": 5, "10": 10, "20": 20, "40": 40}

# § 689a.1(d), § 689a.3(b)-(c): multiplier sections trigger a bonus spin and
# stack multiplicatively until the wheel stops on a number.
MULTIPLIERS = {"2x": 2, "7x": 7}

HISTORY_LENGTH = 20
RECENT_SPINS = 100  # the statistics panel's window: every spin, bonus spins included

BETTING = "betting"
SPINNING = "spinning"
RESULT = "result"

# Timer actions, applied by the table itself (player=None).
CLOSE_BETTING = "close_betting"
WHEEL_STOPPED = "wheel_stopped"
NEXT_ROUND = "next_round"

# Player actions.
BET = "bet"
CLEAR = "clear"
REBET = betting.REBET
DOUBLE_BETS = betting.DOUBLE
UNDO = betting.UNDO
LEAVE = "leave"
PLAYER_ACTIONS = (BET, CLEAR, REBET, DOUBLE_BETS, UNDO)

MIN_REVOLUTIONS = 3  # § 689a.2(b): at least three revolutions for a valid spin.


@dataclass(frozen=True)
class Config(RulesSubmission):
    """The table's Rules Submission for Dreamcatcher (§ 689a.1(g)(4))."""

    min_bet: int = field(default=1, metadata={"help": "Minimum wager per betting area, in chips."})
    max_bet: int = field(default=500, metadata={"help": "Maximum wager per betting area, in chips."})
    max_payout: int = field(
        default=50_000, metadata={"help": "Maximum payout to one player in one round, in chips."}
    )
    betting_seconds: int = field(default=15, metadata={"help": "How long betting stays open."})
    spin_seconds: int = field(default=8, metadata={"help": "How long each spin turns on screen."})
    result_seconds: int = field(
        default=5, metadata={"help": "How long the result stays up before the next round."}
    )

    def errors(self):
        """Every problem with this configuration, as {field: message}."""
        errors = self.type_errors()
        if errors:
            return errors
        if self.min_bet < 1:
            errors["min_bet"] = "The minimum wager must be at least 1 chip."
        if self.max_bet < self.min_bet:
            errors["max_bet"] = "The maximum wager cannot be below the minimum wager."
        if self.max_payout < self.min_bet:
            errors["max_payout"] = "The maximum payout per round cannot be below the minimum wager."
        if not 1 <= self.betting_seconds <= 300:
            errors["betting_seconds"] = "The betting window must be 1 to 300 seconds."
        if not 1 <= self.spin_seconds <= 30:
            errors["spin_seconds"] = "A spin must take 1 to 30 seconds."
        if not 0 <= self.result_seconds <= 60:
            errors["result_seconds"] = "The result pause must be 0 to 60 seconds."
        return errors


@dataclass
class State:
    round: int = 1
    phase: str = BETTING
    # player id (str) -> {spot: cents}; the wagers of the current round.
    bets: dict = field(default_factory=dict)
    # player id (str) -> {spot: cents}; each player's wagers of their last round, for "rebet".
    last_bets: dict = field(default_factory=dict)
    # player id (str) -> this round's placements, newest last, for "undo" (games/betting.py).
    placed: dict = field(default_factory=dict)
    # This round's spins: [{"section": index into WHEEL, "direction": 1|-1, "turns": n}].
    spins: list = field(default_factory=list)
    # player id (str) -> {"staked", "won", "capped"} once the round is settled.
    results: dict = field(default_factory=dict)
    # Newest first: {"round", "symbols": [...], "sections": [...], "result": spot, "multiplier": m}.
    history: list = field(default_factory=list)
    # The symbols of the last RECENT_SPINS spins, newest first, added when a
    # round is settled (never while its wheel turns).
    recent: list = field(default_factory=list)
    # A test table's stacked wheel results, consumed by the next spins (see
    # ``stack``); never shown to players.
    stacked: list = field(default_factory=list)

    @classmethod
    def from_json(cls, data):
        return cls(**data)

    def to_json(self, copy=True):
        return dataclass_json(self, copy)

    @property
    def symbols(self):
        return [WHEEL[spin["section"]] for spin in self.spins]

    @property
    def multiplier(self):
        """The product of the multiplier sections this round's spins stopped on."""
        product = 1
        for symbol in self.symbols:
            product *= MULTIPLIERS.get(symbol, 1)
        return product

    @property
    def result(self):
        """The number the round ended on, or None while it is still spinning."""
        if self.spins and self.symbols[-1] in PAYOUT_ODDS:
            return self.symbols[-1]
        return None

    def staked(self, player):
        return sum(self.bets.get(str(player), {}).values())


def new_state():
    return State()


def draw_spin(rng):
    """One spin of the wheel.

    The digital wheel picks one of the 54 sections uniformly, so the clapper
    can never come to rest between two sections and the void and respin of
    § 689a.2(d) cannot happen. Direction and revolutions are drawn too, so
    every screen animates the same spin (§ 689a.2(b): either direction, at
    least three revolutions).
    """
    return {
        "section": rng.randrange(len(WHEEL)),
        "direction": rng.choice((1, -1)),
        "turns": MIN_REVOLUTIONS + rng.randrange(3),
    }


def next_spin(state, rng):
    """The next spin of the table: a test table's next stacked result when
    there is one (a section carrying that symbol, picked by the rng among
    them, so the animation lands on it), else ``draw_spin``. A round nobody
    bets on spins at random and leaves the stack for a round with wagers, as
    the card games deal nothing without one."""
    if not state.stacked or not any(state.bets.values()):
        return draw_spin(rng)
    symbol = state.stacked.pop(0)
    return {
        "section": rng.choice([index for index, item in enumerate(WHEEL) if item == symbol]),
        "direction": rng.choice((1, -1)),
        "turns": MIN_REVOLUTIONS + rng.randrange(3),
    }


def winnings(stake, result, multiplier):
    """Winnings (not counting the returned stake) of ``stake`` on ``result``:
    § 689a.3(a) odds times the stacked bonus multiplier of § 689a.3(b)-(c)."""
    return stake * PAYOUT_ODDS[result] * multiplier


def timer(state, config):
    """The clock of the current phase: (key, seconds, action). The table
    applies ``action`` by itself ``seconds`` after the phase named ``key``
    began; player actions within a phase do not restart its clock."""
    key = f"{state.round}:{state.phase}:{len(state.spins)}"
    if state.phase == BETTING:
        return key, config.betting_seconds, Action(CLOSE_BETTING)
    if state.phase == SPINNING:
        return key, config.spin_seconds, Action(WHEEL_STOPPED)
    return key, config.result_seconds, Action(NEXT_ROUND)


def parse_action(kind, data):
    """Turn a player's message into an Action, refusing what is malformed."""
    if kind == BET:
        spot = str(data.get("spot", ""))
        if spot not in SPOTS:
            raise IllegalAction(f"There is no betting area {spot!r}; bet on one of {', '.join(SPOTS)}.")
        return Action(BET, data={"spot": spot, "amount": parse_chips(data.get("amount"))})
    if kind in (CLEAR, *betting.ACTIONS):
        return Action(kind)
    raise IllegalAction(f"Unknown action {kind!r} at a Dreamcatcher table.")


# What a bet changes (_place_bet, betting.bet). The rest of a bet's new state
# (the history, the recent spins, last round's bets...) is shared with the
# state it came from: no transition changes a state it was given in place, so
# sharing what a bet leaves alone is safe, and a deep copy of all of it was a
# quarter of a bet's transition in the table runtime (bench/worker.py).
_BET_CHANGES = ("bets", "placed")


def apply(state, action, config, rng):
    """The one transition function: returns an Outcome or raises IllegalAction.
    The handlers change a copy of ``state``, never ``state`` itself."""
    handler = _HANDLERS.get(action.kind)
    if handler is None:
        raise IllegalAction(f"Unknown action {action.kind!r} at a Dreamcatcher table.")
    if action.kind == BET:
        fields = state.to_json(copy=False)
        fields.update((name, json_copy(fields[name])) for name in _BET_CHANGES)
        return handler(State(**fields), action, config, rng)
    return handler(State.from_json(state.to_json()), action, config, rng)


def _require_betting(state):
    if state.phase != BETTING:
        # § 689a.2(a): once "no more bets" is called, no wager is accepted.
        raise IllegalAction("No more bets: wait for the next round.")


def _place_bet(state, action, config, rng):
    _require_betting(state)
    player = str(action.player)
    spot, amount = action.data["spot"], action.data["amount"]
    mine = state.bets.setdefault(player, {})
    _check_limit(spot, mine.get(spot, 0) + amount, config)
    mine[spot] = mine.get(spot, 0) + amount
    return Outcome(
        state,
        log=[{"player": action.player, "text": f"bets {format_chips(amount)} on {spot}"}],
        moves=[ChipMove(STAKE, action.player, amount, f"bet on {spot}")],
    )


def _check_limit(spot, total, config):
    low, high = config.min_bet * CENTS_PER_CHIP, config.max_bet * CENTS_PER_CHIP
    if total < low:
        raise IllegalAction(
            f"The minimum wager on {spot} is {format_chips(low)}; {format_chips(total)} is below it."
        )
    if total > high:
        raise IllegalAction(
            f"The maximum wager on {spot} is {format_chips(high)}; {format_chips(total)} would exceed it."
        )


def _clear(state, action, config, rng):
    _require_betting(state)
    if not state.bets.get(str(action.player)):
        raise IllegalAction("You have no bets to clear.")
    return _return_bets(state, action.player, "clears {} of bets", "bets cleared")


def _return_bets(state, player, text, memo):
    """Take a player's open bets off the layout and give them back."""
    total = sum(state.bets.pop(str(player)).values())
    state.placed.pop(str(player), None)
    return Outcome(
        state,
        log=[{"player": player, "text": text.format(format_chips(total))}],
        moves=[ChipMove(REFUND, player, total, memo)],
    )


def _own(getter):
    """A Book function reading a player's entry of one of the state's dicts."""
    return lambda state, action: getter(state, str(action.player))


def _drop(state, action):
    state.bets.pop(str(action.player), None)
    state.placed.pop(str(action.player), None)


BOOK = betting.Book(
    wagers=_own(lambda state, player: state.bets.get(player) or {}),
    placed=_own(lambda state, player: state.placed.setdefault(player, [])),
    last=_own(lambda state, player: state.last_bets.get(player) or {}),
    drop=_drop,
    bet=_place_bet,
    is_open=lambda state: state.phase == BETTING,
)


def _betting(handler):
    return lambda state, action, config, rng: handler(BOOK, state, action, config, rng)


def _leave(state, action, config, rng):
    """A player leaves the table: open bets are returned while betting is
    still open; once "no more bets" is called they ride to the result."""
    if state.phase != BETTING or not state.bets.get(str(action.player)):
        return Outcome(state)
    return _return_bets(state, action.player, "leaves; {} of bets returned", "left the table")


def _close_betting(state, action, config, rng):
    if state.phase != BETTING:
        raise IllegalAction("Betting is already closed.")
    state.phase = SPINNING
    state.spins = [next_spin(state, rng)]
    return Outcome(state, log=[{"player": None, "text": "No more bets. The wheel spins."}])


def _wheel_stopped(state, action, config, rng):
    if state.phase != SPINNING:
        raise IllegalAction("The wheel is not spinning.")
    symbol = state.symbols[-1]
    if symbol in MULTIPLIERS:
        # § 689a.2(f), § 689a.3(c): every wager rides on a bonus spin.
        state.spins.append(next_spin(state, rng))
        return Outcome(
            state,
            log=[{
                "player": None,
                "text": f"{symbol}! Bonus spin: winning bets will be multiplied "
                        f"{state.multiplier}×.",
            }],
        )  # fmt: skip
    return _settle(state, config)


def _settle(state, config):
    """§ 689a.2(e): first collect every losing wager, then pay the winners."""
    result, multiplier = state.result, state.multiplier
    odds = PAYOUT_ODDS[result] * multiplier
    text = f"The wheel stops on {result}: {result} pays {odds} to 1"
    if multiplier > 1:
        text += f" ({PAYOUT_ODDS[result]} to 1 × {multiplier})"
    log = [{"player": None, "text": text + "."}]
    losing, winning, paid_lines = [], [], []
    cap = config.max_payout * CENTS_PER_CHIP
    state.results = {}
    for player, spots in state.bets.items():
        pid = int(player)
        won = lost = 0
        for spot, stake in spots.items():
            if spot == result:
                won = winnings(stake, result, multiplier)
                winning.append(ChipMove(RETURN, pid, stake, f"stake on {spot} returned"))
            else:
                lost += stake
                losing.append(ChipMove(LOSE, pid, stake, f"losing bet on {spot}"))
        capped = won > cap
        if capped:
            won = cap  # the table's maximum payout per round (§ 689a.1(g)(4))
        if won:
            winning.append(ChipMove(WIN, pid, won, f"{result} at {odds} to 1"))
            line = f"wins {format_chips(won)} on {result}"
            if capped:
                line += f" (capped at the table's maximum payout of {format_chips(cap)})"
            paid_lines.append({"player": pid, "text": line})
        if lost:
            log.append({"player": pid, "text": f"loses {format_chips(lost)}"})
        state.results[player] = {"staked": sum(spots.values()), "won": won, "capped": capped}
    # The log tells it in the dealer's order too: losers collected, then winners paid.
    log += paid_lines
    state.phase = RESULT
    state.history = [
        {
            "round": state.round,
            "symbols": state.symbols,
            "sections": [spin["section"] for spin in state.spins],
            "result": result,
            "multiplier": multiplier,
        }
    ] + state.history[: HISTORY_LENGTH - 1]
    state.recent = (list(reversed(state.symbols)) + state.recent)[:RECENT_SPINS]
    return Outcome(state, log=log, moves=losing + winning)


def _next_round(state, action, config, rng):
    if state.phase != RESULT:
        raise IllegalAction("The round is not over yet.")
    # Remember each bettor's wagers for "rebet"; players who sat out keep their older ones.
    state.last_bets.update({player: spots for player, spots in state.bets.items() if spots})
    return Outcome(
        State(
            round=state.round + 1,
            last_bets=state.last_bets,
            history=state.history,
            recent=state.recent,
            stacked=state.stacked,
        ),
        log=[{"player": None, "text": f"Round {state.round + 1}: place your bets."}],
    )


_HANDLERS = {
    BET: _betting(betting.bet),
    CLEAR: _clear,
    REBET: _betting(betting.rebet),
    DOUBLE_BETS: _betting(betting.double),
    UNDO: _betting(betting.undo),
    LEAVE: _leave,
    CLOSE_BETTING: _close_betting,
    WHEEL_STOPPED: _wheel_stopped,
    NEXT_ROUND: _next_round,
}


# -- test tables: a stacked wheel ------------------------------------------------

STACK_HELP = (
    "Wheel results in order, one per spin, bonus spins included, separated by spaces: "
    '"7x 2x 10" stops the next round\'s spin on 7x, its bonus spin on 2x and the next one on 10 '
    "(10 to 1 × 14 = 140 to 1). Symbols: 1 2 5 10 20 40 2x 7x. Results left over go on to the "
    "next rounds; after the last one the wheel spins at random again. Rounds nobody bets on spin "
    "at random and leave the stack for the next round with a wager."
)
MAX_STACKED = 500

# What a designer may type for each symbol ("7X", "7×", "×7" all mean 7x).
_STACK_SYMBOLS = {symbol: symbol for symbol in SECTION_COUNTS}
_STACK_SYMBOLS.update({f"x{value}": f"{value}x" for value in MULTIPLIERS.values()})


def parse_stack(text):
    """The symbols of a stacked wheel typed as "7x 2x 10" (spaces or commas)."""
    if not isinstance(text, str):
        raise IllegalAction("Type the wheel results as text, e.g. 7x 2x 10.")
    symbols = []
    for item in text.replace(",", " ").split():
        symbol = _STACK_SYMBOLS.get(item.lower().replace("×", "x"))
        if symbol is None:
            raise IllegalAction(
                f"{item!r} is not on the wheel: its sections carry 1, 2, 5, 10, 20, 40, 2x and 7x "
                "(§ 689a.1(a))."
            )
        symbols.append(symbol)
    if not symbols:
        raise IllegalAction("Nothing to stack: type wheel results, e.g. 7x 2x 10.")
    if len(symbols) > MAX_STACKED:
        raise IllegalAction(f"At most {MAX_STACKED} wheel results can be stacked; {len(symbols)} were typed.")
    return symbols


def stack(state, config, text, rng=None):
    """A test table's stacked wheel (docs/architecture.md, "Randomness"): the next spins
    of rounds with wagers stop on the typed symbols, in order, bonus spins
    included, then the wheel spins at random again. Replaces any stacked results not yet used; a spin
    already shown is not changed. Raises IllegalAction on a symbol that is
    not on the wheel. (``rng`` is not needed: sections are picked when the
    wheel spins.)"""
    symbols = parse_stack(text)
    state = State.from_json(state.to_json())
    state.stacked = symbols
    return state


def section_counts():
    return dict(Counter(WHEEL))


def round_summary(state):
    """The finished round's result for its record, or None while it is open."""
    return state.history[0] if state.phase == RESULT else None
