"""The end of a pai gow round, pure: the dealer's hand set by the house way
(or a player's, at the clock), a dealer push, and every wager settled: the
main wager against the dealer, the variant's extra wagers, Fortune, Envy,
the progressive and the Mystery bonus."""

from typing import Any, cast

from games import table_round as tr
from games.cards.cards import Card, cards, to_json
from games.engine import LOSE, RETURN, WIN, ChipMove, Outcome, ProgressiveAward, format_chips
from games.pai_gow.variant import FORTUNE, MAIN, PROGRESSIVE, Spot, Variant, is_set, setting_of
from games.payouts import MeterShare, Odds
from games.settled import signed
from games.table_round import RESULT, result_line

# The round's State (games/pai_gow/round.py), which imports this module: Any here, as
# games/table_round.py takes it, rather than an import back.
RoundState = Any

LogLine = dict[str, Any]
Setting = tuple[tuple[Card, ...], ...]  # set hands, in the variant's ``hands`` order

# The wagers as the tables label them, leading their result lines.
FORTUNE_LABEL = "Fortune bonus"
PROGRESSIVE_LABEL = "Progressive"


def set_by_house_way(variant: Variant, hand: Spot) -> None:
    setting = variant.house_way(cards(hand["cards"]))
    for spec, given in zip(variant.hands, setting, strict=True):
        hand[spec.key] = to_json(given)
    hand["set_by"] = "house way"


def setting_text(variant: Variant, hand: Spot) -> str:
    return " / ".join(" ".join(item.label for item in cards(hand[key])) for key in variant.hand_keys())


def dealer_push(variant: Variant, state: RoundState, config: Any) -> str | None:
    push = variant.dealer_push(setting_of(variant, state.dealer), cards(state.dealer["cards"]), config)
    state.dealer["push"] = push
    return push


def reveal_and_settle(variant: Variant, state: RoundState, config: Any) -> Outcome:
    """The dealer sets by the house way (already done for a face-up dealer); a
    dealer push (Tiger 9, § 645c.1(e); Ace High Pai Gow, docs/rules/face_up_pai_gow.md rule
    7) pushes every main wager; then the variant's extra wagers, Fortune, Envy,
    progressive and the Mystery bonus."""
    log: list[LogLine] = []
    if not is_set(variant, state.dealer):
        set_by_house_way(variant, state.dealer)
        log.append({"player": None, "text": f"The dealer sets {setting_text(variant, state.dealer)}."})
        push = dealer_push(variant, state, config)
    else:
        push = state.dealer.get("push")
    dealer = setting_of(variant, state.dealer)
    if push:
        log.append({"player": None, "text": f"{push}: every {variant.main_name} wager pushes."})
    moves: list[ChipMove] = []
    awards: list[ProgressiveAward] = []
    lines = {seat: variant.bonus_line(cards(state.spot(seat)["cards"])) for seat in state.seats()}
    for seat in state.seats():
        spot = state.spot(seat)
        player, bets = spot["player"], spot["bets"]
        moves += _settle_main(variant, state, seat, spot, dealer, push, config, log)
        for area, settle in variant.side_wagers:
            if bets.get(area):
                more_log, more_moves = settle(state, seat, spot, dealer, push, config)
                log += more_log
                moves += more_moves
        line = lines[seat]
        if bets.get(FORTUNE):
            moves += _settle_fortune(variant, state, seat, spot, line, config, log)
        others = [other_line for other, other_line in lines.items() if other != seat and other_line]
        envy = variant.envy_cents(others, bets) if variant.envy_cents else 0
        if envy:
            result_line(state, seat, "Envy bonus", paid=envy)
            moves.append(ChipMove(WIN, player, envy, f"seat {seat} envy"))
        if bets.get(PROGRESSIVE):
            # A game with the wager has its paytable.
            paytable = cast(dict[str, Odds | MeterShare], variant.progressive_paytable)
            pays = paytable.get(line) if line else None
            stake = bets[PROGRESSIVE]
            if pays is None or line is None:  # (no line, no payout)
                # Collected at "no more bets"; the summary still tells it.
                result_line(state, seat, PROGRESSIVE_LABEL, staked=stake)
            elif isinstance(pays, MeterShare):
                # The meter's award settles the stake with its line (table_round: progressive_result).
                awards.append(ProgressiveAward(variant.progressive_kind, seat, player, pays.percent))
            else:
                paid = int(pays.returned(stake))  # collected at no more bets: "for 1" is all of it
                detail = f"{variant.line_names[line].lower()}, {pays}"
                result_line(state, seat, PROGRESSIVE_LABEL, staked=stake, paid=paid, detail=detail)
                moves.append(ChipMove(WIN, player, paid, f"seat {seat} progressive"))
    moves += tr.pay_mystery_hits(state)
    state.phase = RESULT
    return Outcome(state, log=log, moves=moves, awards=awards)


def _settle_fortune(
    variant: Variant,
    state: RoundState,
    seat: int,
    spot: Spot,
    line: str | None,
    config: Any,
    log: list[LogLine],
) -> list[ChipMove]:
    player, amount = spot["player"], spot["bets"][FORTUNE]
    paytable = cast(dict[str, Odds], variant.fortune_paytable)  # a game with the wager has its paytable
    odds = paytable.get(line) if line else None
    if odds is None or line is None:  # (no line, no odds)
        result_line(state, seat, FORTUNE_LABEL, staked=amount)
        return [ChipMove(LOSE, player, amount, f"seat {seat} fortune")]
    winnings = odds.winnings_cents(amount)
    name = variant.line_names[line]
    result_line(
        state, seat, FORTUNE_LABEL, staked=amount, paid=amount + winnings, detail=f"{name.lower()}, {odds}"
    )
    log.append(
        {
            "player": None,
            "text": f"Seat {seat}: Fortune bonus, {name.lower()}, {odds}: +{format_chips(winnings)}.",
        }
    )
    return [
        ChipMove(RETURN, player, amount, f"seat {seat} fortune"),
        ChipMove(WIN, player, winnings, f"seat {seat} fortune"),
    ]


def _settle_main(
    variant: Variant,
    state: RoundState,
    seat: int,
    spot: Spot,
    dealer: Setting,
    push: str | None,
    config: Any,
    log: list[LogLine],
) -> list[ChipMove]:
    player, wager = spot["player"], spot["bets"][MAIN]
    if push:
        # § 645c.1(e), docs/rules/face_up_pai_gow.md rule 7: pushed without examining the player's hand
        # (a foul too, Defaults).
        result_line(
            state, seat, variant.main_name, staked=wager, paid=wager, detail=f"the dealer's {push}, a push"
        )
        return [ChipMove(RETURN, player, wager, f"seat {seat} main push")]
    hands = setting_of(variant, spot)
    if variant.setting_error(hands):
        result_line(state, seat, variant.main_name, staked=wager, detail="foul")
        return [ChipMove(LOSE, player, wager, f"seat {seat} main foul")]
    result = variant.compare(hands, dealer)
    story = _story(variant, hands, dealer)
    if result == "win":
        winnings = variant.main_win_cents(wager, config)
        log.append({"player": None, "text": f"Seat {seat}: {story}: wins +{format_chips(winnings)}."})
        detail = _all_hands_win(variant)
        if winnings < wager:  # the commission taken off the winnings
            detail += f", {format_chips(wager - winnings)} commission"
        result_line(state, seat, variant.main_name, staked=wager, paid=wager + winnings, detail=detail)
        moves = [ChipMove(RETURN, player, wager, f"seat {seat} main")]
        return moves + ([ChipMove(WIN, player, winnings, f"seat {seat} main")] if winnings else [])
    if result == "push":
        log.append({"player": None, "text": f"Seat {seat}: {story}: push."})
        result_line(state, seat, variant.main_name, staked=wager, paid=wager, detail="a push")
        return [ChipMove(RETURN, player, wager, f"seat {seat} main push")]
    log.append({"player": None, "text": f"Seat {seat}: {story}: loses {signed(-wager)}."})
    result_line(state, seat, variant.main_name, staked=wager, detail="the dealer wins")
    return [ChipMove(LOSE, player, wager, f"seat {seat} main")]


def _all_hands_win(variant: Variant) -> str:
    return "both hands win" if len(variant.hands) == 2 else "a win"


def _story(variant: Variant, mine: Setting, theirs: Setting) -> str:
    """ "high two pair, kings and 9s beats the dealer's pair of 9s, low A-K
    loses to the dealer's A-Q": each hand against the dealer's, a copy
    going to the dealer (docs/rules/pai_gow.md rule 20)."""
    parts: list[str] = []
    for hand, my_cards, dealer_cards in zip(variant.hands, mine, theirs, strict=True):
        mine_value, theirs_value = hand.value(my_cards), hand.value(dealer_cards)
        verb = (
            "beats" if mine_value > theirs_value else "copies" if mine_value == theirs_value else "loses to"
        )
        parts.append(
            f"{hand.key} {_lower(hand.describe(my_cards))} {verb} the dealer's {_lower(hand.describe(dealer_cards))}"
        )
    return ", ".join(parts)


def _lower(name: str) -> str:
    """ "Two pair, kings and 9s" mid-sentence; "A-K high" stays as it is."""
    return name[0].lower() + name[1:] if name[1:2].islower() else name
