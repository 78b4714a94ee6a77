"""Dreamcatcher's pure rules against Chapter 689a."""

import random
from collections import Counter

import pytest

from games.dreamcatcher import rules
from games.dreamcatcher.rules import Config, State
from games.engine import LOSE, RETURN, STAKE, WIN, Action, IllegalAction, parse_chips


def test_wheel_counts_equal_689a_1_a():
    assert len(rules.WHEEL) == 54
    assert Counter(rules.WHEEL) == rules.SECTION_COUNTS
    assert rules.SECTION_COUNTS == {
        "1": 23, "2": 15, "5": 7, "10": 4, "20": 2, "40": 1, "2x": 1, "7x": 1,
    }  # fmt: skip


def test_wheel_order_is_the_seed_text():
    seed_text = (
        "7×, 2, 1, 5, 1, 2, 5, 1, 2, 10, 1, 2, 1, 20, 1, 2, 1, 2, 1, 5, 1, 2, 10, 1, 5, 1, 2, 2×, "
        "1, 5, 1, 40, 2, 1, 2, 1, 10, 2, 1, 5, 1, 2, 1, 5, 2, 1, 20, 1, 2, 1, 10, 1, 2, 1"
    )
    assert tuple(part.strip().replace("×", "x") for part in seed_text.split(",")) == rules.WHEEL


def test_odds_are_689a_3_a():
    assert rules.PAYOUT_ODDS == {"1": 1, "2": 2, "5": 5, "10": 10, "20": 20, "40": 40}
    assert rules.SPOTS == ("1", "2", "5", "10", "20", "40")


class Stacked:
    """An rng whose wheel stops where the test says (a designer's stacked wheel)."""

    def __init__(self, *symbols):
        self.sections = [rules.WHEEL.index(symbol) for symbol in symbols]

    def randrange(self, n):
        return self.sections.pop(0) if n == len(rules.WHEEL) else 0

    def choice(self, seq):
        return seq[0]


CONFIG = Config(min_bet=1, max_bet=100, max_payout=100_000)


def play(bets, *symbols, config=CONFIG):
    """Play one round; returns (state, every chip move, log lines)."""
    state, moves, log = State(), [], []
    for player, spot, chips in bets:
        out = rules.apply(
            state, Action(rules.BET, player, {"spot": spot, "amount": chips * 100}), config, None
        )
        state, moves = out.state, moves + out.moves
    rng = Stacked(*symbols)
    out = rules.apply(state, Action(rules.CLOSE_BETTING), config, rng)
    state = out.state
    while state.phase == rules.SPINNING:
        out = rules.apply(state, Action(rules.WHEEL_STOPPED), config, rng)
        state, moves, log = out.state, moves + out.moves, log + out.log
    return state, moves, log


def net(moves, player):
    sign = {STAKE: -1, LOSE: 0, RETURN: 1, WIN: 1, "refund": 1}
    return sum(sign[m.kind] * m.amount for m in moves if m.player == player)


@pytest.mark.parametrize("spot", rules.SPOTS)
def test_each_number_pays_its_odds(spot):
    state, moves, _ = play([(1, spot, 10), (2, "1" if spot != "1" else "2", 10)], spot)
    assert state.result == spot and state.multiplier == 1
    assert net(moves, 1) == 10 * 100 * rules.PAYOUT_ODDS[spot]
    assert net(moves, 2) == -1000


def test_2x_then_10_pays_20_to_1():
    # § 689a.3(b): "a 2× bonus spin ... 10 ... paid at 20 to 1 odds".
    state, moves, _ = play([(1, "10", 5)], "2x", "10")
    assert state.symbols == ["2x", "10"] and state.multiplier == 2
    assert net(moves, 1) == 5 * 100 * 20


def test_2x_then_7x_then_10_pays_140_to_1():
    # § 689a.3(c): multipliers stack until a number comes.
    state, moves, log = play([(1, "10", 1), (2, "40", 1)], "2x", "7x", "10")
    assert state.multiplier == 14
    assert net(moves, 1) == 100 * 140
    assert net(moves, 2) == -100
    assert any("140 to 1" in item["text"] for item in log)


def test_every_bet_rides_through_bonus_spins():
    state, moves, _ = play([(1, "1", 3), (1, "2", 4)], "7x", "2")
    assert net(moves, 1) == -300 + 400 * 14
    assert state.results["1"] == {"staked": 700, "won": 400 * 14, "capped": False}


def test_losers_collected_before_winners_paid():
    # § 689a.2(e)
    _, moves, log = play([(1, "5", 2), (2, "1", 2), (3, "5", 1), (1, "2", 1)], "5")
    texts = [item["text"].split()[0] for item in log[1:]]
    assert texts == ["loses", "loses", "wins", "wins"]  # player 1 lost on 2 and won on 5
    settle = [m for m in moves if m.kind != STAKE]
    kinds = [m.kind for m in settle]
    assert kinds.index(LOSE) < kinds.index(RETURN)
    assert kinds[-1] == WIN and LOSE not in kinds[kinds.index(RETURN) :]


def test_payout_cap_per_round():
    capped = Config(min_bet=1, max_bet=100, max_payout=1000)
    state, moves, log = play([(1, "40", 100)], "2x", "40", config=capped)
    assert state.results["1"]["capped"] is True
    assert net(moves, 1) == 1000 * 100
    assert any("capped" in item["text"] for item in log)


def test_limits_and_bad_bets():
    state = State()
    with pytest.raises(IllegalAction, match="minimum"):
        rules.apply(state, Action(rules.BET, 1, {"spot": "1", "amount": 100}), Config(min_bet=5), None)
    with pytest.raises(IllegalAction, match="maximum"):
        rules.apply(state, Action(rules.BET, 1, {"spot": "1", "amount": 10_100}), CONFIG, None)
    # Adding chips counts the total on the spot.
    out = rules.apply(state, Action(rules.BET, 1, {"spot": "1", "amount": 9_000}), CONFIG, None)
    with pytest.raises(IllegalAction, match="maximum"):
        rules.apply(out.state, Action(rules.BET, 1, {"spot": "1", "amount": 2_000}), CONFIG, None)
    with pytest.raises(IllegalAction, match="no betting area"):
        rules.parse_action("bet", {"spot": "3", "amount": "1"})
    with pytest.raises(IllegalAction, match="Unknown action"):
        rules.parse_action("split", {})


@pytest.mark.parametrize(
    "value",
    ["0", "-5", "1.5", "abc", "", None, True, "1e400", "NaN", "Infinity", float("inf"), 2**64, "1e3"]
    # int() and Decimal() read these as numbers: only ASCII digits are.
    + ["1_0", "\u0661\u0660", "\uff11\uff10", "1" * 5000],
)
def test_amounts_must_be_whole_positive_chips(value):
    with pytest.raises(IllegalAction):
        parse_chips(value)


def test_amounts_are_ascii_digits_or_json_numbers():
    assert [parse_chips(value) for value in ("25", " 25 ", 25, 25.0)] == [2500] * 4


def test_no_bets_after_no_more_bets():
    state, _, _ = play([], "1")
    for action in (
        Action(rules.BET, 1, {"spot": "1", "amount": 100}),
        Action(rules.CLEAR, 1),
        Action(rules.REBET, 1),
    ):
        with pytest.raises(IllegalAction, match="No more bets"):
            rules.apply(state, action, CONFIG, None)
    spinning = rules.apply(State(), Action(rules.CLOSE_BETTING), CONFIG, Stacked("2x")).state
    with pytest.raises(IllegalAction, match="No more bets"):
        rules.apply(spinning, Action(rules.BET, 1, {"spot": "1", "amount": 100}), CONFIG, None)


def test_clear_and_rebet():
    state, _, _ = play([(1, "5", 3), (1, "20", 2)], "1")
    state = rules.apply(state, Action(rules.NEXT_ROUND), CONFIG, None).state
    assert state.round == 2 and state.bets == {} and state.phase == rules.BETTING
    out = rules.apply(state, Action(rules.REBET, 1), CONFIG, None)
    assert out.state.bets == {"1": {"5": 300, "20": 200}}
    assert sum(m.amount for m in out.moves if m.kind == STAKE) == 500
    with pytest.raises(IllegalAction, match="Clear your bets first"):
        rules.apply(out.state, Action(rules.REBET, 1), CONFIG, None)
    cleared = rules.apply(out.state, Action(rules.CLEAR, 1), CONFIG, None)
    assert cleared.state.bets == {} and cleared.moves[0].amount == 500
    with pytest.raises(IllegalAction, match="no previous bets"):
        rules.apply(state, Action(rules.REBET, 2), CONFIG, None)


def test_leaving_returns_open_bets_only_while_betting():
    out = rules.apply(State(), Action(rules.BET, 1, {"spot": "2", "amount": 500}), CONFIG, None)
    left = rules.apply(out.state, Action(rules.LEAVE, 1), CONFIG, None)
    assert left.state.bets == {} and left.moves[0].kind == "refund"
    spinning = rules.apply(out.state, Action(rules.CLOSE_BETTING), CONFIG, Stacked("1")).state
    stays = rules.apply(spinning, Action(rules.LEAVE, 1), CONFIG, None)
    assert stays.state.bets == {"1": {"2": 500}} and stays.moves == []


def test_phases_and_timers():
    config = Config(betting_seconds=7, spin_seconds=4, result_seconds=2)
    state = State()
    key, seconds, action = rules.timer(state, config)
    assert (seconds, action.kind) == (7, rules.CLOSE_BETTING)
    state = rules.apply(state, action, config, Stacked("7x", "1")).state
    key2, seconds, action = rules.timer(state, config)
    assert (state.phase, seconds, action.kind) == (rules.SPINNING, 4, rules.WHEEL_STOPPED)
    state = rules.apply(state, action, config, Stacked("1")).state
    key3, _, action = rules.timer(state, config)
    assert state.phase == rules.SPINNING and key3 != key2  # a bonus spin has its own clock
    state = rules.apply(state, action, config, None).state
    assert state.phase == rules.RESULT
    assert rules.round_summary(state)["multiplier"] == 7
    _, seconds, action = rules.timer(state, config)
    assert (seconds, action.kind) == (2, rules.NEXT_ROUND)
    assert len({key, key2, key3}) == 3


def test_history_keeps_last_20():
    state = State()
    for _ in range(25):
        state = rules.apply(state, Action(rules.CLOSE_BETTING), CONFIG, Stacked("5")).state
        state = rules.apply(state, Action(rules.WHEEL_STOPPED), CONFIG, None).state
        state = rules.apply(state, Action(rules.NEXT_ROUND), CONFIG, None).state
    assert len(state.history) == 20 and state.history[0]["round"] == 25


def test_the_last_100_spins_are_kept_bonus_spins_included_once_settled():
    state = State()
    for symbols in [("2x", "5")] + [("1",)] * 120 + [("7x", "2x", "10")]:
        rng = Stacked(*symbols)
        state = rules.apply(state, Action(rules.CLOSE_BETTING), CONFIG, rng).state
        while state.phase == rules.SPINNING:
            before = list(state.recent)
            state = rules.apply(state, Action(rules.WHEEL_STOPPED), CONFIG, rng).state
            if state.phase == rules.SPINNING:
                assert state.recent == before  # nothing while the round's wheel still turns
        state = rules.apply(state, Action(rules.NEXT_ROUND), CONFIG, None).state
    assert len(state.recent) == rules.RECENT_SPINS
    assert state.recent[:4] == ["10", "2x", "7x", "1"]


def test_spins_turn_at_least_three_times_either_way():
    rng = random.Random(5)
    spins = [rules.draw_spin(rng) for _ in range(2000)]
    assert all(spin["turns"] >= 3 for spin in spins)
    assert {spin["direction"] for spin in spins} == {1, -1}
    hits = Counter(rules.WHEEL[spin["section"]] for spin in spins)
    assert set(hits) == set(rules.SECTION_COUNTS)


def test_state_round_trips_through_json():
    state, _, _ = play([(1, "10", 5)], "2x", "10")
    assert State.from_json(state.to_json()) == state


def test_config_validation():
    assert Config().errors() == {}
    errors = Config(min_bet=10, max_bet=5, max_payout=1, betting_seconds=0).errors()
    assert set(errors) == {"max_bet", "max_payout", "betting_seconds"}
    assert "min_bet" in Config(min_bet=0).errors()
    assert Config(min_bet="5").errors() == {"min_bet": "Must be a whole number."}


def test_rules_import_no_django():
    import subprocess
    import sys

    code = (
        "import sys, games.dreamcatcher.rules, games.cards.rng, games.engine; "
        "sys.exit(any(m.split('.')[0] == 'django' for m in sys.modules))"
    )
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_a_bet_changes_a_copy_and_shares_only_what_it_leaves_alone():
    """apply never changes the state it is given; a bet's new state shares
    the parts a bet does not touch (no deep copy of the history every bet)."""
    import copy
    import random

    from games.engine import Action

    config = rules.Config()
    state = rules.State()
    rng = random.Random(5)
    # A few rounds played, so the history and the recent spins are there.
    for number in range(1, 4):
        state = rules.apply(state, Action(rules.BET, 1, {"spot": "1", "amount": 100}), config, rng).state
        while state.round == number:  # its clock plays the round out
            state = rules.apply(state, rules.timer(state, config)[2], config, rng).state
    assert state.history and state.recent and state.last_bets
    before = copy.deepcopy(state.to_json())
    after = rules.apply(state, Action(rules.BET, 1, {"spot": "5", "amount": 200}), config, rng).state
    after = rules.apply(after, Action(rules.BET, 2, {"spot": "5", "amount": 100}), config, rng).state
    assert state.to_json() == before  # the state given is as it was
    assert after.bets == {"1": {"5": 200}, "2": {"5": 100}} and state.bets == before["bets"]
    assert after.history is state.history and after.recent is state.recent
    # The next round's transitions work on copies of their own: the old state stays as it was.
    while after.round == state.round:
        after = rules.apply(after, rules.timer(after, config)[2], config, rng).state
    assert after.history[1:] == state.history[: rules.HISTORY_LENGTH - 1]
    assert state.to_json() == before
