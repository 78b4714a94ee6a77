"""The showdown of a house-banked poker round, pure: the dealer's cards and
the board turned up, and every wager settled by the game's settlers in its
order (games/poker/game.py), each ``Pay`` booked as chips, result lines and
meter awards. Every stake is settled exactly once: a game whose settlers
forget a wager, or settle one twice, fails loudly."""

from typing import TYPE_CHECKING, Any

from games import table_round as tr
from games.cards.cards import Card, cards
from games.engine import LOSE, RETURN, WIN, ChipMove, Outcome, ProgressiveAward
from games.poker import game as g
from games.settled import signed
from games.table_round import RESULT, result_line

if TYPE_CHECKING:
    from games.poker.config import PokerConfig

# The round's state, as games/table_round.py takes it: round.py imports this
# module, so naming its State here would make an import cycle.
State = Any


class Table:
    """What a settler reads: the round's cards and wagers, and which stakes
    are settled so far (``stake`` is 0 once they are)."""

    def __init__(self, game: g.Game, state: State, config: "PokerConfig") -> None:
        self.game, self.state, self.config = game, state, config
        self.settled: dict[int, set[str]] = {}
        # seat -> the winnings its BASE and DECISION wagers have won (Game.aggregate_cap)
        self.won: dict[int, int] = {}

    def cards(self, seat: int) -> list[Card]:
        return cards(self.state.spot(seat)["cards"])

    def dealer_cards(self) -> list[Card]:
        return cards(self.state.dealer.get("cards", []))

    def board_cards(self) -> list[Card]:
        return cards(self.state.board.get("cards", []))

    def folded(self, seat: int) -> bool:
        folded: bool = self.state.spot(seat)["folded"]
        return folded

    def bet(self, seat: int, area: str) -> int:
        """The wager placed on ``area``, settled or not (cents, 0 if none)."""
        cents: int = self.state.spot(seat)["bets"].get(area, 0)
        return cents

    def stake(self, seat: int, area: str) -> int:
        """The wager on ``area`` still to settle (0 if none, or settled)."""
        if area in self.settled.get(seat, ()):
            return 0
        return self.bet(seat, area)

    def seats(self) -> list[int]:
        seats: list[int] = self.state.seats()
        return seats

    def others(self, seat: int) -> list[int]:
        return [other for other in self.state.seats() if other != seat]


def showdown(game: g.Game, state: State, config: "PokerConfig") -> Outcome:
    """The dealer's cards and the board turned up, every wager settled in the game's order."""
    state.dealer["up"] = [True] * len(state.dealer.get("cards", []))
    state.board["up"] = [True] * len(state.board.get("cards", []))
    view = Table(game, state, config)
    log: list[dict[str, Any]] = []
    moves: list[ChipMove] = []
    awards: list[ProgressiveAward] = []
    dealer = game.dealer_name(view)
    if dealer:
        log.append({"player": None, "text": f"The dealer shows {dealer}."})
    for seat in state.seats():
        for area in game.fold_loses if view.folded(seat) else ():
            if view.stake(seat, area):
                _settle(
                    game,
                    view,
                    seat,
                    g.Pay(area, g.LOSE, f"{game.area(area).label} folded"),
                    log,
                    moves,
                    awards,
                )
    order = state.seats()[::-1] if game.settle_from_right else state.seats()
    sources: set[int] = set()
    for settler in game.settlers:
        for seat in order:
            for pay in settler(view, seat):
                if pay.source is not None:
                    sources.add(pay.source)
                _settle(game, view, seat, pay, log, moves, awards)
    # A folded hand goes to the discards unseen, unless the dealer turns it up to
    # settle a wager it still carries (a Six Card Bonus, a progressive) or another
    # player's Envy paid on it.
    for seat in state.seats():
        spot = state.spot(seat)
        live = any(amount and area not in game.fold_loses for area, amount in spot["bets"].items())
        if spot["folded"] and not live and seat not in sources:
            spot["mucked"] = True
    for seat in state.seats():
        for area, amount in state.spot(seat)["bets"].items():
            role = game.area(area).role
            if role != g.PROGRESSIVE and amount and area not in view.settled.get(seat, ()):
                raise AssertionError(f"{game.name}: seat {seat}'s {area} wager was never settled")
    moves += tr.pay_mystery_hits(state)
    state.phase = RESULT
    state.turn = None
    state.deck = None
    return Outcome(state, log=log, moves=moves, awards=awards)


def _settle(
    game: g.Game,
    view: Table,
    seat: int,
    pay: g.Pay,
    log: list[dict[str, Any]],
    moves: list[ChipMove],
    awards: list[ProgressiveAward],
) -> None:
    state = view.state
    player = state.spot(seat)["player"]
    area = game.area(pay.area)
    progressive = area.role == g.PROGRESSIVE
    stake = view.bet(seat, pay.area)
    memo = f"seat {seat} {pay.area}"
    # A Pay's words start with its wager's label: "Pair Plus 4 to 1", "Ante, a tie".
    text = pay.text
    if pay.outcome in (g.LOSE, g.PUSH, g.WIN):
        if progressive:
            if pay.outcome != g.LOSE:
                raise ValueError("a progressive wager wins FIXED or METER, never WIN or PUSH")
            # Collected at "no more bets": nothing moves now, the line tells the loss.
            result_line(state, seat, text, staked=stake)
            return
        if pay.area in view.settled.get(seat, ()):
            raise AssertionError(f"seat {seat}'s {pay.area} settled twice")
        view.settled.setdefault(seat, set()).add(pay.area)
    if pay.outcome == g.LOSE:
        moves.append(ChipMove(LOSE, player, stake, memo))
        result_line(state, seat, text, staked=stake)
        return
    if pay.outcome == g.PUSH:
        moves.append(ChipMove(RETURN, player, stake, memo))
        result_line(state, seat, text, staked=stake, paid=stake)
        return
    hand = game.hand_name(view, seat)
    if pay.outcome == g.METER:
        # The meter's award settles the stake with its line (table_round: progressive_result).
        awards.append(ProgressiveAward(area.meter_kind, seat, player, pay.percent))
        _say(log, seat, hand, f"{pay.text}, {pay.percent}% of the meter")
        return
    if pay.outcome == g.WIN:
        winnings, capped = _capped(game, view, seat, area, pay.odds.winnings_cents(stake))
        text += ", the table's payout limit" if capped else ""
        moves.append(ChipMove(RETURN, player, stake, memo))
        if winnings:
            moves.append(ChipMove(WIN, player, winnings, memo))
        result_line(state, seat, text, staked=stake, paid=stake + winnings)
        _say(log, seat, hand, f"{text}: {signed(winnings)}")
        return
    # BONUS on top of a stake (Ante Bonus, Envy), FIXED on a collected progressive stake.
    cents = pay.cents if pay.odds is None else _odds_cents(pay, stake)
    if cents:
        moves.append(ChipMove(WIN, player, cents, memo + (" bonus" if pay.outcome == g.BONUS else "")))
    staked = stake if pay.outcome == g.FIXED else 0
    result_line(state, seat, text, staked=staked, paid=cents)
    _say(log, seat, hand, f"{text}: {signed(cents - staked)}")


def _capped(game: g.Game, view: Table, seat: int, area: g.Area, winnings: int) -> tuple[int, bool]:
    """(winnings, whether the cap cut them): a hand's BASE and DECISION wagers
    together win at most ``game.aggregate_cap(config)``, paid in settling order."""
    if game.aggregate_cap is None or area.role not in (g.BASE, g.DECISION):
        return winnings, False
    room = max(game.aggregate_cap(view.config) - view.won.get(seat, 0), 0)
    paid = min(winnings, room)
    view.won[seat] = view.won.get(seat, 0) + paid
    return paid, paid < winnings


def _odds_cents(pay: g.Pay, stake: int) -> int:
    if pay.outcome == g.FIXED:
        return int(pay.odds.returned(stake))  # collected at the lock: "for 1" is all of it
    return pay.odds.winnings_cents(stake)


def _say(log: list[dict[str, Any]], seat: int, hand: str, text: str) -> None:
    log.append(
        {
            "player": None,
            "text": f"Seat {seat}: {_in_sentence(hand)}, {text}." if hand else f"Seat {seat}: {text}.",
        }
    )


def _in_sentence(hand: str) -> str:
    """A hand's name inside a sentence: "pair of kings", but "A-K-Q-7-2 high" keeps its ranks."""
    return hand[:1].lower() + hand[1:] if hand[1:2].islower() else hand
