"""The betting phase every house-banked table shares, pure: what the three
family rounds (games/blackjack/round.py, games/pai_gow/round.py,
games/poker/round.py) run before and after the play that is their own.

A round's state keeps ``round``, ``phase``, ``waits`` (betting windows that
closed with no wager), ``spots`` ({seat (str): {"player", "bets": {area:
cents}, "left", ...}}), ``results`` and ``last_bets`` ({player (str): {area:
cents}}, for rebet). A family binds this phase by subclassing
``BettingPhase`` with its wagers' checks, what "no more bets" leads to and
what a player leaving mid-round does; its ``apply`` routes the phase's
actions (``BettingPhase.handlers``) here.

The phase: placing a wager (and rebet, double and undo through it,
games/betting.py), clearing and leaving while betting is open; "no more
bets", which locks the progressive wagers and their Must-Hit-By Mystery
shares into the meters (``Outcome.lock``, games/engine.py); the meters'
answer (``PROGRESSIVE_RESULT``): refused wagers returned, the others
collected, Mystery hits kept for the result, meter awards paid; the next
round; and the parser of a designer's stacked cards on a test table.

A spot belongs to the player who placed its wagers: only that player bets
on it, clears it or leaves it; a newcomer to the seat waits for the next
round.
"""

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from games import betting
from games.cards.cards import Card, card
from games.engine import (
    LOSE,
    OWED_AWARD,
    PROGRESSIVE_RESULT,
    REFUND,
    STAKE,
    WIN,
    Action,
    ChipMove,
    IllegalAction,
    Outcome,
    ProgressiveWager,
    format_chips,
    parse_chips,
)
from games.settled import result_text

BETTING = "betting"
RESULT = "result"

# The table's own actions at the ends of the phase (its clock).
CLOSE_BETTING = "close_betting"
NEXT_ROUND = "next_round"

# Players' actions.
BET = "bet"
CLEAR = "clear"
LEAVE = "leave"
BETTING_ACTIONS = (BET, CLEAR, *betting.ACTIONS)

# The Must-Hit-By Mystery bonus's meter kind (casino/progressives).
MUST_HIT_BY = "must_hit_by"

ANY_CARD = "?"  # in a stack: any card, drawn from the rest of the deck


class Progressive(NamedTuple):
    """A progressive wager a table offers: its betting area and the kind of
    meter it feeds. ``mystery_with``: where the table offers the Must-Hit-By
    Mystery bonus with it, the base wager a spot must hold with it for a
    share of it to feed the bonus meter (seed (c)(1)-(2) of each game's
    Mystery section); None where it feeds no Mystery meter."""

    area: str
    kind: str
    mystery_with: str | None = None


def seat_of(action: Action) -> int:
    if action.seat is None:
        raise IllegalAction("Take a seat to play.")
    return int(action.seat)


def result_line(
    state: Any, seat: int | str, wager: str, *, staked: int = 0, paid: int = 0, detail: str = ""
) -> None:
    """A line of the seat's result (games/settled.result_text): ``wager`` as
    the table labels it, what settled it, and its net, the ``paid`` cents it
    paid back less the ``staked`` cents it risked. Every cent a seat stakes
    is on exactly one line, so the lines add up to the seat's net."""
    result = state.results.setdefault(str(seat), {"paid": 0, "lines": []})
    result["lines"].append(result_text(wager, paid - staked, detail))
    result["paid"] += paid


def betting_timer(state: Any, config: Any) -> tuple[str, int, Action]:
    """The betting window's clock: a fresh one each window that closes with no wager."""
    return f"{state.round}:bet:{state.waits}", config.betting_seconds, Action(CLOSE_BETTING)


def result_timer(state: Any, config: Any) -> tuple[str, int, Action]:
    return f"{state.round}:result", config.result_seconds, Action(NEXT_ROUND)


def parse_bet(data: dict[str, Any], check: Callable[[str], object], default: str = "") -> Action:
    """A "bet" message as an Action: its betting area (``default`` when none
    is named), which ``check(area)`` refuses with the table's own message if
    the table has no such area, and its amount."""
    # Matched exactly: a padded name is another, unknown area (docs/protocol.md).
    area = str(data.get("spot", default)) or default
    check(area)
    return Action(BET, data={"spot": area, "amount": parse_chips(data.get("amount"))})


def return_spot_wagers(state: Any, seat: int | str, player: int, text: str, memo: str) -> Outcome:
    """Take ``seat``'s spot off the table and give every wager on it back: a
    player who clears or leaves while betting is open. ``text`` gets the
    amount in place of "{}"."""
    amount = sum(state.spots.pop(str(seat))["bets"].values())
    return Outcome(
        state,
        log=[{"player": player, "text": text.format(format_chips(amount))}],
        moves=[ChipMove(REFUND, player, amount, memo)],
    )


def lock_wagers(
    state: Any, seats: Sequence[int], progressives: Sequence[Progressive]
) -> list[ProgressiveWager]:
    """At "no more bets": the ProgressiveWagers to contribute, seat by seat
    from the dealer's left, each followed by its Mystery share where it
    qualifies (the share rides on it: refused with it)."""
    wagers: list[ProgressiveWager] = []
    for seat in seats:
        spot = state.spots[str(seat)]
        bets = spot["bets"]
        for progressive in progressives:
            amount = bets.get(progressive.area)
            if not amount:
                continue
            wagers.append(ProgressiveWager(progressive.kind, seat, spot["player"], amount))
            if progressive.mystery_with and bets.get(progressive.mystery_with):
                wagers.append(
                    ProgressiveWager(MUST_HIT_BY, seat, spot["player"], amount, rides_on=progressive.kind)
                )
    return wagers


def collect_progressive_wagers(
    state: Any, area: str, refused_seats: set[int]
) -> tuple[list[ChipMove], list[dict[str, Any]]]:
    """At "no more bets", after the meters answered (§ 635c.1(f) and its
    twins): each spot's progressive wager in ``area`` is collected by the
    house, or returned when the meter refused it. Returns (moves, log)."""
    moves: list[ChipMove] = []
    log: list[dict[str, Any]] = []
    for seat in sorted(int(seat) for seat in state.spots):
        spot = state.spots[str(seat)]
        amount = spot["bets"].get(area)
        if not amount:
            continue
        if seat in refused_seats:
            del spot["bets"][area]
            moves.append(ChipMove(REFUND, spot["player"], amount, f"seat {seat} {area} refused"))
            log.append({"player": None, "text": f"Seat {seat}: progressive wager not accepted, returned."})
        else:
            moves.append(ChipMove(LOSE, spot["player"], amount, f"seat {seat} {area} collected"))
    return moves, log


def pay_mystery_hits(state: Any) -> list[ChipMove]:
    """At the result: the Mystery bonus won at "no more bets" (kept in
    ``state.mystery_hits``), paid to the seats still at the table. Returns the moves."""
    moves: list[ChipMove] = []
    for hit in state.mystery_hits:
        seat = hit["seat"]
        if str(seat) in state.spots:
            result_line(state, seat, "Mystery bonus", paid=hit["cents"])
            moves.append(
                ChipMove(WIN, state.spots[str(seat)]["player"], hit["cents"], f"seat {seat} mystery bonus")
            )
    state.mystery_hits = []
    return moves


# A phase's handler: (the family's rules object, state, action, config, rng).
Handler = Callable[[Any, Any, Action, Any, Any], Outcome]


class BettingPhase:
    """The betting phase a family round binds. Its handlers take the
    family's own rules object first (a blackjack or pai gow ``Variant``, a
    poker ``Game``), which the hooks below receive as ``rules``."""

    # The phases "no more bets" may lead to: the meters' answer to the lock
    # arrives there (``PROGRESSIVE_RESULT`` in any other phase pays awards only).
    closes_to: tuple[str, ...] = ()
    # The log line of a player clearing the layout, "{}" the amount.
    clear_text = "clears {}"
    # The State fields the next round keeps (a shoe, the stacked cards to deal).
    carry: tuple[str, ...] = ()

    # -- hooks ------------------------------------------------------------------

    def new_spot(self, rules: Any, player: int | None) -> dict[str, Any]:
        """A fresh spot for ``player``'s first wager of the round."""
        raise NotImplementedError

    def check_bet(
        self, rules: Any, seat: int, bets: dict[str, int], area: str, amount: int, config: Any
    ) -> list[tuple[str, str]]:
        """Refuse (IllegalAction) ``amount`` more on ``area`` at ``seat``,
        whose wagers are ``bets``, if the table does not take it; else the
        [(area, name)] it places: the area and those placed with it."""
        raise NotImplementedError

    def first(self, rules: Any) -> str | None:
        """The wager the others go with, placed first by rebet and double."""
        raise NotImplementedError

    def fixed(self, rules: Any, config: Any) -> tuple[str, ...]:
        """The areas whose wager has one size: a double leaves them."""
        return ()

    def follows(self, rules: Any) -> tuple[tuple[str, str], ...]:
        """(follower, leader) pairs: a wager placed with its leader, equal to it."""
        return ()

    def closed_message(self, rules: Any, area: str) -> str:
        """The refusal of a wager on ``area`` after "no more bets"."""
        return "No more bets: wait for the next round."

    def dealt_seats(self, rules: Any, state: Any) -> list[int]:
        """The seats "no more bets" deals in (a base wager): none, and the window opens again."""
        seats: list[int] = state.seats()
        return seats

    def progressives(self, rules: Any, config: Any) -> list[Progressive]:
        """The Progressive wagers the table of ``config`` offers; none, and
        "no more bets" locks nothing."""
        return []

    def close(self, rules: Any, state: Any, seats: list[int], config: Any) -> str:
        """Move ``state`` on from betting, ``seats`` being dealt; the log line to say so."""
        raise NotImplementedError

    def award_texts(self, rules: Any, seat: int, kind: str | None, cents: int) -> tuple[str, str]:
        """(move memo, log line) of ``cents`` paid to ``seat`` by the ``kind`` meter."""
        raise NotImplementedError

    def award_label(self, rules: Any, kind: str | None) -> str:
        """The ``kind`` meter's wager as the table labels it, in a seat's result line."""
        return "Progressive"

    def left(self, rules: Any, state: Any, seat: int, config: Any) -> Outcome:
        """``seat``'s player left mid-round (its spot is marked ``left``): what the round does now."""
        return Outcome(state)

    def rebets(self, rules: Any, area: str) -> bool:
        """Whether rebet repeats a wager on ``area`` (not a wager a decision places)."""
        return True

    # -- the phase ----------------------------------------------------------------

    def handlers(self) -> dict[str, Handler]:
        """{action kind: handler(rules, state, action, config, rng)} of the phase."""

        def tool(run: Callable[[betting.Book, Any, Action, Any, Any], Outcome]) -> Handler:
            return lambda rules, state, action, config, rng: run(self.book(rules), state, action, config, rng)

        return {
            BET: tool(betting.bet),
            betting.REBET: tool(betting.rebet),
            betting.DOUBLE: tool(betting.double),
            betting.UNDO: tool(betting.undo),
            CLEAR: self.clear,
            LEAVE: self.leave,
            CLOSE_BETTING: self.close_betting,
            PROGRESSIVE_RESULT: self.progressive_result,
            NEXT_ROUND: self.next_round,
        }

    def book(self, rules: Any) -> betting.Book:
        """Rebet, double and undo (games/betting.py) through ``place``."""
        return betting.spot_book(
            lambda state, action, config, rng: self.place(rules, state, action, config, rng),
            first=self.first(rules),
            fixed=lambda config: self.fixed(rules, config),
            phase=BETTING,
            follows=self.follows(rules),
        )

    def place(self, rules: Any, state: Any, action: Action, config: Any, rng: Any) -> Outcome:
        """One wager, as clicked; rebet and double place theirs through it too."""
        area, amount = action.data["spot"], action.data["amount"]
        if state.phase != BETTING:
            raise IllegalAction(self.closed_message(rules, area))
        seat = seat_of(action)
        spot = state.spots.get(str(seat))
        if spot is not None and spot["player"] != action.player:
            raise IllegalAction("These wagers belong to the seat's previous player: wait for the next round.")
        placed = self.check_bet(rules, seat, spot["bets"] if spot else {}, area, amount, config)
        if spot is None:
            spot = state.spots[str(seat)] = self.new_spot(rules, action.player)
        bets = spot["bets"]
        for name, _ in placed:
            bets[name] = bets.get(name, 0) + amount
        labels = " and ".join([f"{format_chips(amount)} on {label}" for _, label in placed])
        return Outcome(
            state,
            log=[{"player": action.player, "text": f"bets {labels}"}],
            # A player's action: the runtime sets its player.
            moves=[
                ChipMove(STAKE, action.player, amount, f"seat {seat} {name}")  # type: ignore[arg-type]
                for name, _ in placed
            ],
        )

    def clear(self, rules: Any, state: Any, action: Action, config: Any, rng: Any) -> Outcome:
        if state.phase != BETTING:
            raise IllegalAction("No more bets: wagers cannot be taken back now.")
        seat = seat_of(action)
        spot = state.spots.get(str(seat))
        if not spot or not spot["bets"] or spot["player"] != action.player:
            raise IllegalAction("You have no wagers to clear.")
        return return_spot_wagers(state, seat, action.player, self.clear_text, "wagers cleared")

    def leave(self, rules: Any, state: Any, action: Action, config: Any, rng: Any) -> Outcome:
        """While betting, a leaving player's wagers are returned; once dealt,
        the hand plays on as the family says (``left``)."""
        seat = action.seat
        spot = state.spots.get(str(seat)) if seat is not None else None
        if seat is None or spot is None or spot["player"] != action.player:
            return Outcome(state)
        if state.phase == BETTING:
            return return_spot_wagers(
                state, seat, action.player, "leaves; {} of wagers returned", "left the table"
            )
        spot["left"] = True
        return self.left(rules, state, int(seat), config)

    def close_betting(self, rules: Any, state: Any, action: Action, config: Any, rng: Any) -> Outcome:
        if state.phase != BETTING:
            raise IllegalAction("Betting is already closed.")
        seats = self.dealt_seats(rules, state)
        if not seats:
            state.waits += 1
            return Outcome(state)
        progressives = self.progressives(rules, config)
        wagers = lock_wagers(state, seats, progressives)
        text = self.close(rules, state, seats, config)
        return Outcome(state, log=[{"player": None, "text": text}], lock=wagers if progressives else None)

    def progressive_result(self, rules: Any, state: Any, action: Action, config: Any, rng: Any) -> Outcome:
        """The meters' answer, applied by the platform in the same transition.
        At "no more bets": accepted progressive wagers are collected, refused
        ones returned, Mystery hits kept for the result (docs/rules/README.md,
        "When paid"). Then, or at the result: the meters' awards paid."""
        moves: list[ChipMove] = []
        log: list[dict[str, Any]] = []
        if state.phase in self.closes_to:
            refused = action.data.get("refused", [])
            for progressive in self.progressives(rules, config):
                seats = {item["seat"] for item in refused if item["kind"] == progressive.kind}
                area_moves, area_log = collect_progressive_wagers(state, progressive.area, seats)
                moves += area_moves
                log += area_log
            for hit in action.data.get("hits", []):
                state.mystery_hits.append({"seat": hit["seat"], "cents": hit["cents"]})
                text = f"Seat {hit['seat']} wins the Must-Hit-By Mystery bonus: {format_chips(hit['cents'])}!"
                log.append({"player": None, "text": text})
        # A meter's award settles its progressive wager, collected at "no more
        # bets": the line nets the award against that stake.
        for award in action.data.get("awards", []):
            seat, cents, kind = award["seat"], award["cents"], award.get("kind")
            memo, text = self.award_texts(rules, seat, kind, cents)
            if cents:
                moves.append(ChipMove(WIN, state.spots[str(seat)]["player"], cents, memo))
            staked = self._progressive_stake(rules, state, seat, kind, config)
            detail = f"{format_chips(cents)} from the meter"
            result_line(state, seat, self.award_label(rules, kind), staked=staked, paid=cents, detail=detail)
            log.append({"player": None, "text": text})
        for item in action.data.get("owed", []):
            seat, kind = item["seat"], item.get("kind")
            staked = self._progressive_stake(rules, state, seat, kind, config)
            result_line(state, seat, self.award_label(rules, kind), staked=staked, detail=OWED_AWARD)
        if action.data.get("error"):  # why wagers were refused, or wins are owed
            log.append({"player": None, "text": action.data["error"]})
        return Outcome(state, log=log, moves=moves)

    def _progressive_stake(self, rules: Any, state: Any, seat: int, kind: str | None, config: Any) -> int:
        """The progressive wager ``seat`` staked on the ``kind`` meter (the only one, without a kind)."""
        progressives = self.progressives(rules, config)
        area = next((item.area for item in progressives if item.kind == kind), None)
        if area is None and len(progressives) == 1:
            area = progressives[0].area
        spot = state.spots.get(str(seat))
        return int(spot["bets"].get(area, 0)) if spot and area else 0

    def next_round(self, rules: Any, state: Any, action: Action, config: Any, rng: Any) -> Outcome:
        """A fresh round, remembering each player's wagers for rebet: those
        placed before the decisions, a wager a decision took back included
        (``withdrawn``: Let It Ride's pulls)."""
        if state.phase != RESULT:
            raise IllegalAction("The round is not over.")
        last_bets: dict[str, dict[str, int]] = {}
        for spot in state.spots.values():
            if spot["bets"] and not spot["left"]:
                bets = {**spot["bets"], **spot["withdrawn"]} if "withdrawn" in spot else spot["bets"]
                last_bets[str(spot["player"])] = {
                    area: cents for area, cents in bets.items() if self.rebets(rules, area)
                }
        kept = {name: getattr(state, name) for name in self.carry}
        return Outcome(type(state)(round=state.round + 1, last_bets=last_bets, **kept))


# -- test tables: stacked cards ------------------------------------------------------


def stack_words(text: str) -> list[str]:
    """The words of a designer's stack: spaces, commas and semicolons separate them."""
    return text.replace(",", " ").replace(";", " ").split()


def stacked_card(word: str, what: str = "Stacked deck") -> Card | None:
    """The Card a stack's word names, or None for ``?`` (any card)."""
    if word == ANY_CARD:
        return None
    try:
        return card(word)
    except ValueError as error:
        raise IllegalAction(f"{what}: {error}.") from None


def typed_cards(text: object, example: str, what: str = "Stacked deck") -> list[Card | None]:
    """The cards typed in dealing order (None for ``?``), ``example`` in the
    refusals of a stack that is not text or holds no card."""
    if not isinstance(text, str):
        raise IllegalAction(f"Type the cards as text, e.g. {example}.")
    typed = [stacked_card(word, what) for word in stack_words(text)]
    if not typed:
        raise IllegalAction(f"Nothing to stack: type cards in dealing order, e.g. {example}.")
    return typed


def check_typed(
    typed: Sequence[Card | None],
    deck: Sequence[Card],
    copies: int = 1,
    shoe: str = "The deck",
    deck_name: str = "this game's deck",
    repeated: str = "{card} is typed {times} times: the deck holds one.",
) -> None:
    """Refuse typed cards that ``copies`` of ``deck`` cannot deal: more cards
    than it holds (``shoe`` names it), a card not in ``deck`` (named by
    ``deck_name``), a card typed more often than it holds (``repeated``,
    with ``{card}``, ``{times}`` and ``{held}``)."""
    size = len(deck) * copies
    if len(typed) > size:
        raise IllegalAction(f"{shoe} holds {size} cards; {len(typed)} were typed.")
    known = [item for item in typed if item is not None]
    for item in known:
        if item not in deck:
            raise IllegalAction(f"{item.label} is not in {deck_name}.")
    for item in dict.fromkeys(known):
        times, held = known.count(item), deck.count(item) * copies
        if times > held:
            raise IllegalAction(repeated.format(card=item.label, times=times, held=held))


def stacked_front(typed: Sequence[Card | None], rest: list[Card]) -> list[Card]:
    """The typed cards with each ``?`` drawn from the end of ``rest`` (shuffled; it keeps the others)."""
    return [item if item is not None else rest.pop() for item in typed]
