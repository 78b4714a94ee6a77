"""Betting like at a real table: rebet, double and undo, for every game.

Pure (no Django, no I/O). A game binds a ``Book`` (where its state keeps a
player's wagers) to its own one-wager transition, and routes the three
actions here, so each chip a rebet or a double places is validated exactly
as a click would be: the phase, the limits, the wager a side wager needs.
The ledger checks the balance of the whole transition at once.

What a refused rebet or double does (docs/protocol.md): it places nothing.
Its message names the first wager that could not go on and why, and the
player bets by hand; a layout never ends up with half of what was asked.

Undo takes back the last placement of this round: one chip clicked, or a
whole rebet or double. Every earlier layout of the round was valid, so going
back to one needs no new check.
"""

from collections.abc import Callable, Collection, Iterable
from typing import Any, NamedTuple

from games import keymap
from games.engine import REFUND, Action, ChipMove, IllegalAction, Outcome, format_chips

BET = "bet"
REBET = "rebet"
DOUBLE = "double_bets"
UNDO = "undo"
ACTIONS = (REBET, DOUBLE, UNDO)

# The buttons, in the order a table shows them, with their keys (games/keymap.py:
# no decision anywhere uses a betting key).
BUTTONS = (
    (UNDO, keymap.UNDO, "Undo"),
    (REBET, keymap.REBET, "Rebet"),
    (DOUBLE, keymap.DOUBLE_BETS, "Double"),
)


class Book(NamedTuple):
    """How a game keeps one player's wagers of this round, its placements
    (for undo) and its last round's wagers (for rebet). Each function takes
    (state, action); ``action.player`` and ``action.seat`` say whose. A
    tuple: the card games build one for each betting action."""

    wagers: Callable[
        [Any, Action], dict[str, int]
    ]  # -> {area: cents} of this round, the live dict (an empty one if none)
    placed: Callable[
        [Any, Action], list[list[list[Any]]]
    ]  # -> the live list of this round's placements, [[[area, cents], ...], ...]
    last: Callable[[Any, Action], dict[str, int]]  # -> {area: cents} of the player's last round ({} if none)
    drop: Callable[[Any, Action], None]  # forget the player's layout once undo has emptied it
    bet: Callable[
        [Any, Action, Any, Any], Outcome
    ]  # (state, action, config, rng) -> Outcome: the game's own wager
    is_open: Callable[[Any], bool]  # state -> bool: betting is open
    first: str | None = None  # the wager the others go with, placed first
    fixed: Callable[[Any], Iterable[str]] = (
        lambda config: ()
    )  # areas whose wager has one size (a double leaves them)
    # (follower, leader) pairs: a follower's wager is placed by the game with its
    # leader's, equal to it (Crazy 4 Poker's Super Bonus and Ante), never on its own.
    follows: tuple[tuple[str, str], ...] = ()

    def followers(self, area: str) -> list[str]:
        return [follower for follower, leader in self.follows if leader == area]


def bet(book: Book, state: Any, action: Action, config: Any, rng: Any) -> Outcome:
    """One chip, as clicked; remembered for undo."""
    outcome = book.bet(state, action, config, rng)
    spot, amount = action.data["spot"], action.data["amount"]
    group = [[spot, amount], *([follower, amount] for follower in book.followers(spot))]
    book.placed(outcome.state, action).append(group)
    return outcome


def _require_open(book: Book, state: Any) -> None:
    if not book.is_open(state):
        raise IllegalAction("No more bets: wait for the next round.")


def rebet(book: Book, state: Any, action: Action, config: Any, rng: Any) -> Outcome:
    """The player's last round's wagers again, on an empty layout."""
    _require_open(book, state)
    if book.wagers(state, action):
        raise IllegalAction("Clear your bets first: rebet repeats your last round's bets on an empty layout.")
    last = book.last(state, action)
    if not last:
        raise IllegalAction("You have no previous bets to repeat.")
    return _place(book, state, action, config, rng, last, "Rebet", "repeats last round's bets: {}")


def double(book: Book, state: Any, action: Action, config: Any, rng: Any) -> Outcome:
    """This round's wagers doubled; on an empty layout, the last round's
    twice over. A wager of one fixed size (a progressive) stays as it is."""
    _require_open(book, state)
    fixed = set(book.fixed(config))
    current = book.wagers(state, action)
    if current:
        amounts = {area: cents for area, cents in current.items() if area not in fixed}
        text = "doubles the bets: +{}"
    else:
        last = book.last(state, action)
        if not last:
            raise IllegalAction("You have no bets to double: place some, or play a round first.")
        amounts = {area: cents if area in fixed else 2 * cents for area, cents in last.items()}
        text = "doubles last round's bets: {}"
    if not amounts:
        raise IllegalAction("Your bets have one fixed size each: there is nothing to double.")
    return _place(book, state, action, config, rng, amounts, "Double", text)


def undo(book: Book, state: Any, action: Action, config: Any, rng: Any) -> Outcome:
    """Take back this round's last placement."""
    _require_open(book, state)
    placed = book.placed(state, action)
    if not placed:
        raise IllegalAction("Nothing to undo: you have placed no chip this round.")
    group = placed.pop()
    wagers = book.wagers(state, action)
    for area, cents in group:
        left = wagers.get(area, 0) - cents
        if left > 0:
            wagers[area] = left
        else:
            wagers.pop(area, None)
    if not wagers:
        book.drop(state, action)
    total = sum(cents for _, cents in group)
    return Outcome(
        state,
        log=[{"player": action.player, "text": f"takes back {format_chips(total)}"}],
        # A player's action (the runtime sets its player); not the clock's.
        moves=[ChipMove(REFUND, action.player, total, "undo")],  # type: ignore[arg-type]
    )


def _place(
    book: Book,
    state: Any,
    action: Action,
    config: Any,
    rng: Any,
    amounts: dict[str, int],
    what: str,
    text: str,
) -> Outcome:
    """Every wager of ``amounts`` through the game's own bet, or none."""
    followers = {follower for follower, _leader in book.follows}
    # The wager the others go with first; a follower is placed with its leader.
    order = sorted((area for area in amounts if area not in followers), key=lambda area: area != book.first)
    moves: list[ChipMove] = []
    group: list[list[Any]] = []
    for area in order:
        cents = amounts[area]
        one = Action(BET, action.player, {"spot": area, "amount": cents}, seat=action.seat)
        try:
            outcome = book.bet(state, one, config, rng)
        except IllegalAction as exc:
            # The rules worked on a copy: raising leaves the table as it was.
            raise IllegalAction(f"{what} placed nothing: {exc}") from None
        state = outcome.state
        moves += outcome.moves
        group += [[area, cents], *([follower, cents] for follower in book.followers(area))]
    book.placed(state, action).append(group)
    total = sum(cents for _, cents in group)
    return Outcome(
        state, log=[{"player": action.player, "text": text.format(format_chips(total))}], moves=moves
    )


def spot_book(
    bet: Callable[[Any, Action, Any, Any], Outcome],
    first: str | None,
    fixed: Callable[[Any], Iterable[str]] = lambda config: (),
    phase: str = "betting",
    follows: tuple[tuple[str, str], ...] = (),
) -> Book:
    """The Book of a game whose state keeps ``spots`` ({seat: {"player",
    "bets": {area: cents}, ...}}) and ``last_bets`` ({player: {area: cents}}):
    the card games. Placements live in the spot (``placed``), so clearing
    or leaving, which drop the spot, drop them too."""

    def spot(state: Any, action: Action) -> dict[str, Any] | None:
        found = state.spots.get(str(action.seat))
        return found if found and found["player"] == action.player else None

    def wagers(state: Any, action: Action) -> dict[str, int]:
        found = spot(state, action)
        return found["bets"] if found else {}

    def placed(state: Any, action: Action) -> list[list[list[Any]]]:
        found = spot(state, action)
        return found.setdefault("placed", []) if found else []

    def last(state: Any, action: Action) -> dict[str, int]:
        return state.last_bets.get(str(action.player)) or {}

    def drop(state: Any, action: Action) -> None:
        state.spots.pop(str(action.seat), None)

    return Book(
        wagers=wagers,
        placed=placed,
        last=last,
        drop=drop,
        bet=bet,
        is_open=lambda state: state.phase == phase,
        first=first,
        fixed=fixed,
        follows=follows,
    )


def tools(
    is_open: bool,
    seated: bool,
    wagers: dict[str, int] | None,
    placed: list[Any] | None,
    last: dict[str, int] | None,
    fixed: Collection[str] = (),
) -> list[dict[str, Any]]:
    """What a table's Undo, Rebet and Double buttons show for the viewer:
    [{"action", "key", "label", "disabled"}], for the shared template
    (templates/tables/_bet_tools.html)."""
    doubles = any(area not in fixed for area in (wagers or last or {}))
    enabled = {
        UNDO: bool(placed),
        REBET: bool(last) and not wagers,
        DOUBLE: doubles,
    }
    return [
        {"action": kind, "key": key, "label": label, "disabled": not (is_open and seated and enabled[kind])}
        for kind, key, label in BUTTONS
    ]
