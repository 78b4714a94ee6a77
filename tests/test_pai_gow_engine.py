"""The pai gow family's round (games/pai_gow/round.py) with other hand splits
than Pai Gow Poker's: a (5, 1) and a (4, 2, 1) toy variant set and settle
through the same round, a post-deal decision phase runs before setting, and
the setting aid lists every setting of any split."""

import random
from math import comb

import pytest

from games.cards import poker
from games.cards.cards import cards, to_json
from games.engine import LOSE, RETURN, STAKE, WIN, Action, ChipMove, IllegalAction
from games.pai_gow import presenter
from games.pai_gow import round as pg
from games.pai_gow import rules as pai_gow_poker


def _high_card(items):
    return sorted((poker.RANK_AS_ACE[poker.CARD_INDEX[item]] for item in items), reverse=True)


def _describe(items):
    return " ".join(item.label for item in items)


def _ordered(hands):
    """A toy order test: each hand's top card at least the next hand's."""
    tops = [_high_card(hand)[0] for hand in hands]
    if tops != sorted(tops, reverse=True):
        return "Broken order: each hand's top card must be at least the next hand's."
    return None


def _house_way(sizes):
    def setting(seven):
        ordered = sorted(seven, key=lambda item: _high_card([item]), reverse=True)
        hands, start = [], 0
        for size in sizes:
            hands.append(tuple(ordered[start : start + size]))
            start += size
        return tuple(hands)

    return setting


def _compare(mine, dealer):
    wins = sum(_high_card(a) > _high_card(b) for a, b in zip(mine, dealer, strict=True))
    return "win" if wins == len(mine) else "lose" if wins == 0 else "push"


def _variant(sizes, names, **more):
    hands = tuple(
        pg.Hand(key, f"{key.capitalize()} hand", size, _high_card, _describe)
        for key, size in zip(names, sizes, strict=True)
    )
    return pg.Variant(
        name="Toy",
        main_name="Toy",
        table_name="Toy",
        hands=hands,
        areas=(pg.MAIN,),
        area_names={pg.MAIN: "Toy"},
        house_way=_house_way(sizes),
        setting_error=_ordered,
        compare=_compare,
        main_win_cents=lambda wager, config: wager,
        cards_per_player=sum(sizes),
        bonus_line=lambda items: None,
        **more,
    )


class Config:
    min_bet, max_bet, side_max = 5, 100, 100
    betting_seconds = set_seconds = result_seconds = 10
    progressive = mystery = 0

    def offers(self, area):
        return area == pg.MAIN


def _play(variant, deck, set_hands=None, decide=None):
    state, moves, config = pg.new_state(), [], Config()
    state.deck = deck.split()

    def do(kind, player=None, seat=None, **data):
        nonlocal state
        action = pg.parse_action(variant, kind, data) if kind == pg.SET_HAND else Action(kind, data=data)
        action = Action(action.kind, player, action.data, seat=seat)
        outcome = pg.apply(variant, state, action, config, random.Random(4))
        state = outcome.state
        moves.extend(outcome.moves)
        return outcome

    do(pg.BET, 1, 1, spot=pg.MAIN, amount=1000)
    do(pg.CLOSE_BETTING)
    do(pg.DEAL)
    if decide:
        decide(do, state)
    if set_hands:
        do(pg.SET_HAND, 1, 1, **set_hands(state.spot(1)["cards"]))
    return state, moves, do


def _deck(size):
    """The 52 cards suit by suit, highest first: any seven in a row have seven ranks."""
    by_suit = sorted(poker.CARDS[:52], key=lambda item: (poker.CARD_INDEX[item] & 3, -poker.CARD_INDEX[item]))
    return " ".join(to_json(by_suit[: size * 7]))


@pytest.mark.parametrize(
    ("sizes", "names"), [((5, 1), ("high", "low")), ((4, 2, 1), ("high", "medium", "low"))]
)
def test_other_splits_set_by_key_and_settle_through_the_same_round(sizes, names):
    variant = _variant(sizes, names)
    state, moves, do = _play(variant, _deck(sum(sizes)))
    mine = state.spot(1)["cards"]
    assert len(mine) == sum(sizes) and state.phase == pg.SETTING
    with pytest.raises(IllegalAction, match="Set your own (six|seven) cards: .*in the low hand"):
        do(pg.SET_HAND, 1, 1, **{key: "" for key in names})
    # The highest cards in the last hands, the lowest in the first: the toy order broken.
    ranked = sorted(mine, key=lambda item: _high_card(cards(item)), reverse=True)
    given, start = {}, 0
    for key, size in zip(names[::-1], sizes[::-1], strict=True):
        given[key] = " ".join(ranked[start : start + size])
        start += size
    with pytest.raises(IllegalAction, match="Broken order"):
        do(pg.SET_HAND, 1, 1, **given)
    outcome = do(pg.HOUSE_WAY, 1, 1)
    assert state.phase == pg.SETTING  # the state given to apply is never changed
    final = outcome.state
    assert final.phase == pg.RESULT
    assert [len(final.spot(1)[key]) for key in names] == list(sizes)
    assert all(len(final.dealer[key]) == size for key, size in zip(names, sizes, strict=True))
    settled = [move for move in outcome.moves if move.kind in (RETURN, WIN, LOSE)]
    assert settled and {move.player for move in settled} == {1}


def test_the_setting_aid_lists_every_setting_of_any_split():
    seven = ["AS", "KD", "QC", "JH", "9S", "7D", "3C"]
    assert len(presenter.setting_table(seven)) == 21
    six = _variant((5, 1), ("high", "low"))
    assert sorted(presenter.setting_table(seven[:6], six)) == [str(index) for index in range(6)]
    asia = presenter.setting_table(seven, _variant((4, 2, 1), ("high", "medium", "low")))
    assert len(asia) == comb(7, 2) * 5 and asia["0-1|2"][-1] is True  # A-K behind a queen: broken
    assert asia["4-6|5"][:3] == ["A♠ K♦ Q♣ J♥", "9♠ 3♣", "7♦"] and asia["4-6|5"][3] is False


def _double_down():
    def parse(kind, data):
        return Action(kind, data={"yes": data.get("yes") == "1"})

    def decide(state, seat, spot, action, config):
        if not action.data["yes"]:
            return [], []
        spot["bets"]["double"] = spot["bets"][pg.MAIN]
        return [{"player": action.player, "text": "doubles"}], [
            ChipMove(STAKE, spot["player"], spot["bets"][pg.MAIN], f"seat {seat} double")
        ]

    return pg.Decision(
        kinds=("double",),
        parse=parse,
        decide=decide,
        default=lambda state, seat, spot, config: ([], []),
        seconds=lambda config: 7,
        prompt="Double down?",
    )


def test_a_post_deal_decision_comes_before_setting_and_its_clock_moves_on():
    variant = _variant((5, 1), ("high", "low"), decision=_double_down())
    state, moves, do = _play(variant, _deck(6))
    assert state.phase == pg.DECIDING
    assert pg.timer(variant, state, Config())[1:] == (7, Action(pg.CLOSE_DECIDING))
    with pytest.raises(IllegalAction, match="Hands are not being set now"):
        do(pg.HOUSE_WAY, 1, 1)
    decided = do("double", 1, 1, yes="1")
    assert decided.state.phase == pg.SETTING and decided.moves == [ChipMove(STAKE, 1, 1000, "seat 1 double")]
    with pytest.raises(IllegalAction, match="no decision to take now"):
        pg.apply(
            variant, decided.state, Action("double", 1, {"yes": True}, seat=1), Config(), random.Random()
        )
    assert pg.parse_action(variant, "double", {"yes": "1"}).data == {"yes": True}
    # At the clock, the default for everyone who has not decided.
    state, _, do = _play(variant, _deck(6))
    assert do(pg.CLOSE_DECIDING).state.phase == pg.SETTING


def test_pai_gow_poker_is_the_5_2_binding_of_the_round():
    assert [(hand.key, hand.size) for hand in pai_gow_poker.VARIANT.hands] == [("high", 5), ("low", 2)]
    assert pg.count_message(pai_gow_poker.VARIANT) == (
        "Set your own seven cards: five in the high hand, two in the low hand."
    )
    hands = (tuple(cards("AS AH KD 9C 4S")), tuple(cards("KS KH")))
    assert pai_gow_poker.setting_error(hands) is None
    assert "foul" in pai_gow_poker.setting_error((tuple(cards("AS QD 9C 6S 4S")), hands[1]))
