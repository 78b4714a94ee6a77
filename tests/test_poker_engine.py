"""The poker round (games/poker/round.py) on a toy game with what the later
games need and Three Card Poker does not: two decision streets, board cards,
a wager of 1–3× another, a pull-back (Let It Ride), a multiple narrowed by
the hand (Crazy 4 Poker's 3× with aces), a forgotten wager caught."""

import random

import pytest

from games.cards.cards import cards
from games.engine import LOSE, REFUND, RETURN, STAKE, WIN, Action, IllegalAction
from games.payouts import Odds
from games.poker import game as g
from games.poker import round as pr


class Config:
    betting_seconds = 10
    deal_seconds = 1
    decision_seconds = 15
    result_seconds = 5
    mystery = 0


def _aces_allow_three(view, seat):
    return (1, 2, 3) if any(item.rank == "A" for item in view.cards(seat)) else (1, 2)


def _settle(view, seat):
    """High card of the player's two and the board against the dealer's: toy rules."""
    mine = max("23456789TJQKA".index(c.rank) for c in view.cards(seat) + view.board_cards())
    theirs = max("23456789TJQKA".index(c.rank) for c in view.dealer_cards() + view.board_cards())
    pays = []
    for area in ("ante", "bet", "raise"):
        if view.stake(seat, area):
            if mine > theirs:
                pays.append(g.Pay(area, g.WIN, area, odds=Odds(1)))
            elif mine == theirs:
                pays.append(g.Pay(area, g.PUSH, area))
            else:
                pays.append(g.Pay(area, g.LOSE, area))
    return pays


def _game(settlers=(_settle,)):
    return g.Game(
        name="Toy Stud",
        areas=(
            g.Area("ante", "Ante", g.BASE, limits=lambda c: (100, 10_000)),
            g.Area("bet", "Bet", g.SIDE, needs=("ante",), limits=lambda c: (100, 10_000)),
            g.Area("raise", "Raise", g.DECISION),
        ),
        streets=(
            g.Street(
                deals=(g.Deal(g.PLAYERS, 2), g.Deal(g.DEALER, 2), g.Deal(g.BOARD, 1)),
                decision=g.Decision(
                    "pull",
                    "ante",
                    options=(g.Option("pull", "Pull", "L", withdraws="bet"), g.Option("ride", "Ride", "R")),
                    default="ride",
                ),
            ),
            g.Street(
                deals=(g.Deal(g.BOARD, 1, face_up=True),),
                decision=g.Decision(
                    "raise",
                    "ante",
                    options=(
                        g.Option("raise", "Raise", "A", places="raise", of="ante", multiples=(1, 2, 3), allowed=_aces_allow_three),
                        g.Option("fold", "Fold", "F", folds=True),
                    ),
                    default="fold",
                ),
            ),
        ),
        settlers=settlers,
        fold_loses=("ante", "bet"),
    )  # fmt: skip


GAME = _game()


def play(state, kind, player=None, seat=None, game=GAME, **data):
    if player is not None and kind != pr.LEAVE:
        action = pr.parse_action(game, kind, data)
        action = Action(action.kind, player, action.data, seat=seat)
    else:
        action = Action(kind, player, data, seat=seat)
    return pr.apply(game, state, action, Config(), random.Random(1))


def dealt(stack_text, bets, game=GAME):
    state = pr.stack(game, pr.new_state(), Config(), stack_text, random.Random(2))
    moves = []
    for seat, areas in bets.items():
        for area, chips in areas.items():
            outcome = play(state, "bet", 100 + seat, seat, game=game, spot=area, amount=str(chips))
            state, moves = outcome.state, moves + outcome.moves
    for kind in (pr.CLOSE_BETTING, pr.DEAL):
        outcome = play(state, kind, game=game)
        state, moves = outcome.state, moves + outcome.moves
    return state, moves


def test_the_player_actions_are_the_games_options():
    assert pr.player_actions(GAME) == (
        "bet",
        "clear",
        "rebet",
        "double_bets",
        "undo",
        "pull",
        "ride",
        "raise",
        "fold",
    )


def test_two_streets_board_cards_and_turns():
    # Seat 1: 2C 3C, seat 2: AH 4D; dealer KS QS; board 5H then 6H.
    state, _ = dealt("2C 3C AH 4D KS QS 5H 6H", {1: {"ante": 5, "bet": 5}, 2: {"ante": 5}})
    assert state.phase == pr.DECIDING and state.street == 0 and state.turn == 1
    assert state.board == {"cards": ["5H"], "up": [False]}
    # Seat 2 has no Bet: pulling it back is not among its options.
    assert [o.action for o, _ in pr.legal_options(GAME, state, 1)] == ["pull", "ride"]
    outcome = play(state, "pull", 101, 1)
    assert [(m.kind, m.amount) for m in outcome.moves] == [(REFUND, 500)]
    state = outcome.state
    assert state.turn == 2 and [o.action for o, _ in pr.legal_options(GAME, state, 2)] == ["ride"]
    state = play(state, "ride", 102, 2).state
    assert state.street == 1 and state.turn == 1
    assert state.board == {"cards": ["5H", "6H"], "up": [False, True]}
    # Without an ace seat 1 may raise 1× or 2×; seat 2's ace allows 3×.
    assert pr.legal_options(GAME, state, 1)[0][1] == (1, 2)
    with pytest.raises(IllegalAction, match=r"Raise is 1×, 2× the Ante; not 3×"):
        play(state, "raise", 101, 1, multiple="3")
    with pytest.raises(IllegalAction, match="Raise is 1×, 2× the Ante: choose one"):
        play(state, "raise", 101, 1)
    outcome = play(state, "raise", 101, 1, multiple="2")
    assert [(m.kind, m.amount) for m in outcome.moves] == [(STAKE, 1000)]
    state = outcome.state
    assert pr.legal_options(GAME, state, 2)[0][1] == (1, 2, 3)
    outcome = play(state, "raise", 102, 2, multiple=3)
    assert outcome.state.phase == pr.RESULT
    assert outcome.state.dealer["up"] == [True, True] and outcome.state.board["up"] == [True, True]
    # The dealer's king beats seat 1's 6; seat 2's ace beats it.
    assert sorted((m.player, m.kind, m.amount) for m in outcome.moves) == [
        (101, LOSE, 500),
        (101, LOSE, 1000),
        (102, RETURN, 500),
        (102, RETURN, 1500),
        (102, STAKE, 1500),
        (102, WIN, 500),
        (102, WIN, 1500),
    ]


def test_after_a_fold_the_next_streets_are_dealt_without_a_decision():
    street = g.Street(deals=(g.Deal(g.PLAYERS, 1), g.Deal(g.BOARD, 1)), decision=GAME.streets[1].decision)
    game = g.Game(
        name="Toy Stud",
        areas=GAME.areas,
        streets=(street, street),
        settlers=(_settle,),
        fold_loses=("ante", "bet"),
    )
    state, _ = dealt("6H 7H 2C 3C", {1: {"ante": 5, "bet": 5}}, game=game)
    assert state.turn == 1 and state.spot(1)["cards"] == ["6H"] and state.board["cards"] == ["7H"]
    outcome = play(state, "fold", 101, 1, game=game)
    # No second decision; the board card is dealt (a wager still in action may need it), the folded hand's is not.
    assert outcome.state.phase == pr.RESULT and outcome.state.board["cards"] == ["7H", "2C"]
    assert outcome.state.spot(1)["cards"] == ["6H"]
    assert sorted((m.kind, m.amount) for m in outcome.moves) == [(LOSE, 500), (LOSE, 500)]


def test_a_win_returns_the_stake_and_pays_the_odds():
    state, _ = dealt("AC 3C 2H 4D KS QS 5H 6H", {1: {"ante": 5}})
    state = play(state, "ride", 101, 1).state
    outcome = play(state, "raise", 101, 1, multiple="3")
    assert sorted((m.kind, m.amount) for m in outcome.moves) == [
        (RETURN, 500),
        (RETURN, 1500),
        (STAKE, 1500),
        (WIN, 500),
        (WIN, 1500),
    ]


def test_a_wager_no_settler_settles_fails_loudly():
    game = _game(settlers=())
    state, _ = dealt("AC 3C KS QS 5H 6H", {1: {"ante": 5}}, game=game)
    state = play(state, "ride", 101, 1, game=game).state
    with pytest.raises(AssertionError, match="never settled"):
        play(state, "raise", 101, 1, game=game, multiple="1")


def test_the_action_clock_takes_each_streets_default():
    state, _ = dealt("2C 3C AH 4D KS QS 5H 6H", {1: {"ante": 5, "bet": 5}})
    assert pr.timer(GAME, state, Config())[0] == "1:decide:0:1"
    state = play(state, pr.DECISION_TIMEOUT).state  # street 0's default: ride
    assert state.street == 1 and pr.timer(GAME, state, Config())[0] == "1:decide:1:1"
    outcome = play(state, pr.DECISION_TIMEOUT)  # street 1's default: fold
    assert outcome.state.phase == pr.RESULT
    assert outcome.log[0]["text"] == "Seat 1 is out of time: fold."


def test_the_state_round_trips_through_json():
    import json

    state, _ = dealt("2C 3C AH 4D KS QS 5H 6H", {1: {"ante": 5}, 2: {"ante": 5}})
    assert pr.State.from_json(json.loads(json.dumps(state.to_json()))) == state
    assert len(cards(state.deck)) == 52 - 7


def test_the_presenter_shows_face_up_cards_to_all_and_face_down_ones_to_nobody():
    from types import SimpleNamespace

    from games.poker.presenter import PokerPresenter

    rules = SimpleNamespace(
        GAME=GAME, State=pr.State, legal_options=lambda state, seat: pr.legal_options(GAME, state, seat)
    )
    presenter = PokerPresenter(
        rules, lambda items: "a hand", lambda items: "the dealer's hand", lambda config: ""
    )
    state, _ = dealt("2C 3C AH 4D KS QS 5H 6H", {1: {"ante": 5, "bet": 5}})
    state = play(state, "ride", 101, 1).state  # street 1: a board card face up
    snapshot = {"game": state.to_json(), "seats": {"1": 101}, "nicknames": {"101": "Ann"}}
    table = {"max_seats": 2, "meter_kinds": []}
    public = presenter.present(table, snapshot, Config(), None, None)
    assert public["board"]["labels"] == "face down Q♠"  # one player: dealer A♥ 4♦, board K♠ then Q♠
    assert [item["card"] for item in public["board"]["cards"]] == ["back", "QS"]
    assert public["dealer"]["labels"] == "" and {item["card"] for item in public["dealer"]["cards"]} == {
        "back"
    }
    assert {item["card"] for item in public["seats"][0]["cards"]} == {"back"}
    mine = presenter.present(table, snapshot, Config(), 101, 10_000)
    assert [item["card"] for item in mine["my_cards"]] == ["2C", "3C"]
    assert [b["label"] for b in mine["decision"]["buttons"]] == ["Raise 1×", "Raise 2×", "Fold"]
