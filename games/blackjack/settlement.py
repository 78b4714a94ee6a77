"""How a blackjack round pays, pure: the side wagers and the progressive
when they settle (the deal, the hole card turned), the dealer's play, every
main hand against the dealer, the super bonus and the Envy payments.

Money: a winner gets the stake back from escrow (``return``) and the
winnings from the house (``win``), a loser's stake goes to the house
(``lose``). Progressive wagers were collected at "no more bets" (§ 635c.1(f)):
a fixed line is paid from the house, a meter line by the meters (an award)."""

from typing import Any, cast

from games.blackjack import side_wagers
from games.blackjack.dealer import dealer_should_hit
from games.blackjack.hands import is_blackjack, is_ten_value, spoken_total, total
from games.blackjack.variant import (
    BLACKJACK,
    BUST,
    MAIN,
    RESCUED,
    REVEAL,
    STOOD,
    SURRENDERED,
    TWENTY_ONE,
    Hand,
    LogLine,
    Variant,
    hand_cards,
)
from games.cards.cards import Card, card, cards, to_json
from games.cards.shoe import Shoe
from games.engine import LOSE, REFUND, RETURN, WIN, ChipMove, Outcome, ProgressiveAward, format_chips
from games.payouts import MeterShare, Odds
from games.settled import signed
from games.table_round import RESULT, result_line

# The round's State (games/blackjack/round.py), which imports this module: Any here, as
# games/table_round.py takes it, rather than an import back.
RoundState = Any

INSURANCE = "Insurance"  # the insurance wager, leading its result line
MATCH_THE_DEALER = "Match the Dealer"
# The ledger memo of a main wager lost to a dealer blackjack.
MAIN_TO_BLACKJACK = "main loses to the dealer's blackjack"

# What a point of the round settles: (log, moves, awards).
Settled = tuple[list[LogLine], list[ChipMove], list[ProgressiveAward]]


def settle_side_wagers(variant: Variant, state: RoundState, config: Any, point: str) -> Settled:
    """The side wagers (and the progressive) that settle at ``point``; a
    player's first two cards and the dealer's two are what they look at."""
    log: list[LogLine] = []
    moves: list[ChipMove] = []
    awards: list[ProgressiveAward] = []
    dealer_two = cards(state.dealer[:2])
    for seat in state.seats():
        spot = state.spot(seat)
        two = cards(spot["first_two"])
        for name, when in variant.side_wagers.items():
            if when == point and spot["bets"].get(name):
                lines, side_moves = variant.settle_side(state, seat, name, two, dealer_two, config)
                moves += side_moves
                log += lines
        amount = spot["bets"].get(variant.progressive_area) if variant.progressive_area else None
        if amount and variant.progressive_point == point:
            line = variant.progressive_line(two, dealer_two, config)
            awards_, lines, side_moves = _settle_progressive(variant, state, seat, line, amount)
            awards += awards_
            moves += side_moves
            log += lines
    return log, moves, awards


def reveal(variant: Variant, state: RoundState, config: Any) -> Settled:
    """The hole card is turned: what settles then does, before the dealer
    draws (§ 635c.2(e)(1)(iii): Match-Down, then Monster Match). A hole card
    the golden rule already turned (Down Under rule 12) is not turned twice."""
    dealer = cards(state.dealer)
    log: list[LogLine] = []
    if not state.hole_shown:
        log.append({"player": None, "text": f"Dealer turns over {dealer[1].label}: {spoken_total(dealer)}."})
    state.hole_shown = True
    lines, moves, awards = settle_side_wagers(variant, state, config, REVEAL)
    return log + lines, moves, awards


def read_hole_card(variant: Variant, state: RoundState) -> tuple[list[LogLine], list[ChipMove], bool]:
    """Down Under Blackjack (docs/rules/down_under_blackjack.md rules 11-13): the hole
    card passes over the reader, whose class everyone sees before any
    decision; two Large cards turn the hole card face up (the golden rule),
    and a dealer blackjack so exposed ends the round at once: every main
    wager loses but a player blackjack, which pushes. (log, moves, ended)."""
    upcard, hole = cards(state.dealer[:2])
    state.reader, text, expose = variant.hole_reader(upcard, hole)
    log = [{"player": None, "text": text}]
    if not expose:
        return log, [], False
    state.hole_shown = True
    dealer = [upcard, hole]
    log.append(
        {
            "player": None,
            "text": f"Two Large cards: the dealer turns over {hole.label}: {spoken_total(dealer)}.",
        }
    )
    if not is_blackjack(dealer):
        return log, [], False
    log.append({"player": None, "text": "Dealer has blackjack."})
    moves: list[ChipMove] = []
    for seat in state.seats():
        spot = state.spot(seat)
        hand = spot["hands"][0]
        if hand["status"] == BLACKJACK:
            label = variant.hand_label(spot, hand)
            detail = "blackjack pushes the dealer's blackjack"
            result_line(state, seat, label, staked=hand["stake"], paid=hand["stake"], detail=detail)
            moves.append(ChipMove(RETURN, spot["player"], hand["stake"], f"seat {seat} blackjack push"))
            log.append({"player": None, "text": f"Seat {seat}: blackjack pushes the dealer's blackjack."})
        else:
            hand["status"] = STOOD
            label = variant.hand_label(state.spot(seat), hand)
            moves += lose(
                state, seat, label, hand["stake"], "loses to the dealer's blackjack", MAIN_TO_BLACKJACK
            )
    state.phase = RESULT
    state.turn = None
    return log, moves, True


def settle_peek(variant: Variant, state: RoundState, config: Any) -> Settled:
    """The dealer has checked the hole card under an ace or a 10-value upcard
    (docs/rules/spanish21.md rule 15): insurance is settled, and a dealer blackjack ends
    the round (``RESULT``): every main wager loses but a player blackjack,
    paid already. (log, moves, awards)."""
    upcard = card(state.dealer[0])
    dealer = cards(state.dealer)
    dealer_bj = (upcard.rank == "A" or is_ten_value(upcard)) and is_blackjack(dealer)
    moves: list[ChipMove] = []
    for seat in state.seats():
        spot = state.spot(seat)
        if spot["insurance"]:
            if dealer_bj:
                odds = variant.insurance_odds(dealer)
                moves += pay(state, seat, INSURANCE, spot["insurance"], odds, str(odds), "insurance")
            else:
                moves += lose(state, seat, INSURANCE, spot["insurance"], "", "insurance")
    if not dealer_bj:
        return [], moves, []
    log, reveal_moves, awards = reveal(variant, state, config)
    log += [{"player": None, "text": "Dealer has blackjack."}]
    moves += reveal_moves
    for seat in state.seats():
        hand = state.spot(seat)["hands"][0]
        if hand["status"] != BLACKJACK:  # a player blackjack was paid already
            hand["status"] = STOOD
            label = variant.hand_label(state.spot(seat), hand)
            moves += lose(
                state, seat, label, hand["stake"], "loses to the dealer's blackjack", MAIN_TO_BLACKJACK
            )
    state.phase = RESULT
    state.turn = None
    return log, moves, awards


def _settle_progressive(
    variant: Variant, state: RoundState, seat: int, line: Odds | MeterShare | None, amount: int
) -> tuple[list[ProgressiveAward], list[LogLine], list[ChipMove]]:
    """The progressive wager was collected at "no more bets": a fixed line
    returns the stake and the odds from the house; a meter line is paid by the
    meter system (an award); no line, nothing more."""
    spot = state.spot(seat)
    # Settled only at a game with a progressive (settle_side_wagers).
    area, kind = cast(str, variant.progressive_area), cast(str, variant.progressive_kind)
    label = variant.wager_label(area)
    if line is None:
        result_line(state, seat, label, staked=amount)  # collected at "no more bets"
        return [], [], []
    if isinstance(line, MeterShare):
        award = ProgressiveAward(kind, seat, spot["player"], line.percent)
        text = f"Seat {seat}: {variant.area_name(area)}, {line}!"
        return [award], [{"player": None, "text": text}], []
    paid = int(line.returned(amount))
    result_line(state, seat, label, staked=amount, paid=paid, detail=str(line))
    text = f"Seat {seat}: {variant.area_name(area)} {line}: {signed(paid - amount)}"
    return (
        [],
        [{"player": None, "text": text}],
        [ChipMove(WIN, spot["player"], paid, f"seat {seat} {area}")],
    )


def match_the_dealer(paytable: dict[int, dict[str, Odds]], names: dict[str, str]) -> Any:
    """The ``settle_side`` hook (Variant) of a fixed-odds Match the Dealer
    wager, against the upcard only, right after the deal: ``paytable`` is
    {decks: {line: Odds}}, ``names`` {line: its name}."""

    def settle(
        state: RoundState, seat: int, name: str, two: list[Card], dealer_two: list[Card], config: Any
    ) -> tuple[list[LogLine], list[ChipMove]]:
        spot = state.spot(seat)
        amount, player = spot["bets"][name], spot["player"]
        memo = f"seat {seat} match the dealer"
        line = side_wagers.match_the_dealer_fixed(two, dealer_two[0])
        if line is None:
            result_line(state, seat, MATCH_THE_DEALER, staked=amount)
            return [], [ChipMove(LOSE, player, amount, memo)]
        odds = paytable[config.decks][line]
        winnings = odds.winnings_cents(amount)
        detail = f"{names[line].lower()}, {odds}"
        result_line(state, seat, MATCH_THE_DEALER, staked=amount, paid=amount + winnings, detail=detail)
        text = f"Seat {seat}: {MATCH_THE_DEALER}, {detail}: {signed(winnings)}."
        return [{"player": None, "text": text}], [
            ChipMove(RETURN, player, amount, memo),
            ChipMove(WIN, player, winnings, memo),
        ]

    return settle


def pay(
    state: RoundState, seat: int, wager: str, stake: int, odds: Odds, what: str, memo: str = ""
) -> list[ChipMove]:
    """A winning hand or wager (``wager``, as its result line names it; ``what``
    won it; ``memo`` the ledger's words when not those): the stake back from
    escrow, the winnings from the house."""
    player = state.spot(seat)["player"]
    winnings = odds.winnings_cents(stake)
    result_line(state, seat, wager, staked=stake, paid=stake + winnings, detail=what)
    memo = f"seat {seat} {memo or what}"
    moves = [ChipMove(RETURN, player, stake, memo)]
    if winnings:
        moves.append(ChipMove(WIN, player, winnings, memo))
    return moves


def lose(state: RoundState, seat: int, wager: str, amount: int, what: str, memo: str = "") -> list[ChipMove]:
    result_line(state, seat, wager, staked=amount, detail=what)
    return [ChipMove(LOSE, state.spot(seat)["player"], amount, f"seat {seat} {memo or what}")]


def dealer_and_settle(variant: Variant, state: RoundState, config: Any) -> Outcome:
    log, moves, awards = reveal(variant, state, config)
    dealer = cards(state.dealer)
    if not getattr(config, "peek", 1):
        moves += _settle_unpeeked_insurance(variant, state, dealer)
        if is_blackjack(dealer):
            log.append({"player": None, "text": "Dealer has blackjack."})
            for seat in state.seats():
                for hand in state.spot(seat)["hands"]:
                    moves += _lose_to_late_blackjack(variant, state, seat, hand, log)
            state.phase = RESULT
            return Outcome(state, log=log, moves=moves, awards=awards)
    # docs/rules/spanish21.md rule 23: the dealer draws only if a hand still depends on the dealer.
    # Where a player 21 is compared (Down Under rule 20), it depends on the dealer too.
    waiting = (STOOD,) if variant.twenty_one_always_wins else (STOOD, TWENTY_ONE)
    needs_dealer = any(
        hand["status"] in waiting for seat in state.seats() for hand in state.spot(seat)["hands"]
    )
    if needs_dealer:
        shoe = Shoe.from_json(state.shoe)
        while dealer_should_hit(dealer, hits_soft_17=variant.hits_soft_17):
            dealer.append(shoe.draw())
        state.shoe = shoe.to_json()
        state.dealer = to_json(dealer)
        if len(dealer) > 2:
            log.append({"player": None, "text": f"Dealer draws to {spoken_total(dealer)}."})
    dealer_total = total(dealer)[0]
    upcard = dealer[0]
    for seat in state.seats():
        spot = state.spot(seat)
        for hand in spot["hands"]:
            moves += _settlenew_hand(variant, state, seat, hand, dealer_total, upcard, log)
    state.phase = RESULT
    return Outcome(state, log=log, moves=moves, awards=awards)


def _settle_unpeeked_insurance(variant: Variant, state: RoundState, dealer: list[Card]) -> list[ChipMove]:
    moves: list[ChipMove] = []
    for seat in state.seats():
        insurance = state.spot(seat)["insurance"]
        if insurance:
            if is_blackjack(dealer):
                odds = variant.insurance_odds(dealer)
                moves += pay(state, seat, INSURANCE, insurance, odds, str(odds), "insurance")
            else:
                moves += lose(state, seat, INSURANCE, insurance, "", "insurance")
    return moves


def _lose_to_late_blackjack(
    variant: Variant, state: RoundState, seat: int, hand: Hand, log: list[LogLine]
) -> list[ChipMove]:
    """A dealer blackjack found after the players acted: a player 21 still
    wins (§ 635c.2(g)(1)(iii)); a busted hand was lost when it busted; any
    other hand loses only its original wager, its doubles are returned
    (§ 635c.2(f)(4))."""
    status = hand["status"]
    if status in (BLACKJACK, SURRENDERED, RESCUED):
        return []
    if status == TWENTY_ONE:
        return _settlenew_hand(variant, state, seat, hand, 21, card(state.dealer[0]), log)
    spot = state.spot(seat)
    player, label = spot["player"], variant.hand_label(spot, hand)
    if status == BUST:
        return lose(state, seat, label, hand["stake"] + hand["doubled"], "bust")
    what = "original wager to the dealer's blackjack"
    moves = lose(state, seat, label, hand["stake"], what, what)
    if hand["doubled"]:
        doubled = hand["doubled"]
        result_line(state, seat, label, staked=doubled, paid=doubled, detail="doubles returned")
        moves.append(
            ChipMove(REFUND, player, hand["doubled"], f"seat {seat} doubles returned (§ 635c.2(f)(4))")
        )
        log.append(
            {"player": None, "text": f"Seat {seat}: only the original wager is lost; doubles returned."}
        )
    return moves


def _settlenew_hand(
    variant: Variant,
    state: RoundState,
    seat: int,
    hand: Hand,
    dealer_total: int,
    upcard: Card,
    log: list[LogLine],
) -> list[ChipMove]:
    status = hand["status"]
    wager = hand["stake"] + hand["doubled"]
    spot = state.spot(seat)
    player, label = spot["player"], variant.hand_label(spot, hand)
    if status in (BLACKJACK, SURRENDERED, RESCUED):
        return []  # settled when it happened
    items = hand_cards(hand)
    if status == BUST:
        log.append({"player": None, "text": f"Seat {seat}: bust, loses {format_chips(wager)}."})
        return lose(state, seat, label, wager, "bust")
    best = total(items)[0]
    doubled = hand["doubles"] > 0
    if status == TWENTY_ONE and variant.twenty_one_always_wins:
        # A player 21 always wins (docs/rules/spanish21.md rule 18); the bonus 21s pay
        # their odds, but not on a hand with a Double Down wager (§ 635a.12(b)).
        line = side_wagers.bonus_21(items, variant.premium_suit, doubled=doubled)
        odds = variant.bonus_odds[line] if line else variant.win_odds
        what = side_wagers.bonus_21_names(variant.premium_suit)[line] if line else "21"
        moves = pay(state, seat, label, wager, odds, f"{what}, {odds}")
        moves += _bonuses(variant, state, seat, hand, upcard, log)
        text = f"Seat {seat}: {what}, {odds}: +{format_chips(odds.winnings_cents(wager))}."
        log.append({"player": None, "text": text})
        return moves
    if variant.push_total is not None and dealer_total == variant.push_total:
        # Down Under rule 19: the dealer's 22 pushes every standing hand but its exceptions.
        if variant.beats_push_total(hand):
            log.append(
                {
                    "player": None,
                    "text": f"Seat {seat}: {best} beats the dealer's {dealer_total}, +{format_chips(wager)}.",
                }
            )
            return pay(
                state, seat, label, wager, variant.win_odds, f"{best} beats the dealer's {dealer_total}"
            )
        log.append({"player": None, "text": f"Seat {seat}: the dealer's {dealer_total} pushes {best}."})
        result_line(
            state, seat, label, staked=wager, paid=wager, detail=f"the dealer's {dealer_total} pushes"
        )
        return [ChipMove(RETURN, player, wager, f"seat {seat} push")]
    if dealer_total > 21 or best > dealer_total:
        log.append({"player": None, "text": f"Seat {seat}: {best} wins, +{format_chips(wager)}."})
        return pay(state, seat, label, wager, variant.win_odds, f"{best} wins")
    if best == dealer_total:
        log.append({"player": None, "text": f"Seat {seat}: {best} pushes."})
        result_line(state, seat, label, staked=wager, paid=wager, detail=f"{best} pushes")
        return [ChipMove(RETURN, player, wager, f"seat {seat} push")]
    log.append({"player": None, "text": f"Seat {seat}: {best} loses to {dealer_total}, {signed(-wager)}."})
    return lose(state, seat, label, wager, f"{best} loses")


def _bonuses(
    variant: Variant, state: RoundState, seat: int, hand: Hand, upcard: Card, log: list[LogLine]
) -> list[ChipMove]:
    """The super bonus on top of the odds (§ 635a.12(c)), and the payment to
    every other player with a main wager (the Envy Bonus)."""
    items = hand_cards(hand)
    cents = variant.super_bonus_cents(items, upcard, hand, state.spot(seat)["bets"][MAIN])
    if not cents:
        return []
    player = state.spot(seat)["player"]
    moves = [ChipMove(WIN, player, cents, f"seat {seat} super bonus")]
    result_line(state, seat, "Super Bonus", paid=cents)
    log.append({"player": None, "text": f"Seat {seat}: Super Bonus! +{format_chips(cents)}."})
    for other in state.seats():
        other_player = state.spot(other)["player"]
        envy = variant.envy_cents(items, state.spot(other))
        if other_player != player and envy:
            moves.append(ChipMove(WIN, other_player, envy, f"seat {other} envy bonus"))
            result_line(state, other, "Envy bonus", paid=envy)
            log.append({"player": None, "text": f"Seat {other}: envy bonus +{format_chips(envy)}."})
    return moves
