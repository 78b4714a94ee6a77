"""Rebet, double and undo at every live game, through the real table runtime
and ledger (games/betting.py): each chip they place is checked as a click
is, a refused one changes nothing, and the ledger stays balanced."""

import pytest
from django.db import transaction

from casino.tables.exceptions import Refused
from casino.tables.models import Table
from casino.tables.runtime import TableRuntime
from casino.wallet.ledger import balance_of, house_account, player_account, post
from tests.conftest import assert_ledger_balanced
from tests.test_runtime import Clock

pytestmark = pytest.mark.django_db

# game: (the wager the others go with, a side wager, a fixed-size wager or None, fast clocks)
GAMES = {
    "dreamcatcher": ("5", "10", None, {"betting_seconds": 5, "spin_seconds": 1, "result_seconds": 1}),
    "spanish21": ("main", "match_the_dealer", "progressive", {"betting_seconds": 5, "result_seconds": 1}),
    "players_edge21": ("main", "match_up", "monster_match", {"betting_seconds": 5, "result_seconds": 1}),
    "pai_gow": ("main", "tiger9", "progressive", {"betting_seconds": 5, "result_seconds": 1}),
    "three_card_poker": ("ante", "pair_plus", "three_card", {"betting_seconds": 5, "result_seconds": 1}),
}


def wagers(runtime, player):
    state = runtime.snapshot["game"]
    if "bets" in state:  # Dreamcatcher keeps them by player
        return state["bets"].get(str(player.pk), {})
    spot = state["spots"].get(str(runtime.seat_of(player.pk)))
    return spot["bets"] if spot else {}


def act(runtime, player, action, **fields):
    return runtime.act(player.pk, player.nickname, {"action": action, "round": runtime.round, **fields})


def next_round(runtime, clock):
    start = runtime.round
    for _ in range(40):
        clock.now = runtime.snapshot["timer"]["deadline"]
        runtime.tick()
        if runtime.round > start:
            return
    raise AssertionError(f"round {start} never ended")


@pytest.fixture(params=sorted(GAMES))
def table(request, make_player):
    game = request.param
    main, side, fixed, clocks = GAMES[game]
    table = Table.objects.create(game=game, name=game, config=clocks, max_seats=6)
    clock = Clock()
    runtime = TableRuntime(table, clock=clock)
    runtime.start()
    ann = make_player("Ann")
    act(runtime, ann, "sit")
    return runtime, clock, ann, main, side, fixed


def test_undo_takes_back_the_last_chip_then_nothing(table):
    runtime, clock, ann, main, side, _ = table
    start = balance_of(ann)
    act(runtime, ann, "bet", spot=main, amount="10")
    act(runtime, ann, "bet", spot=side, amount="5")
    act(runtime, ann, "bet", spot=main, amount="10")
    assert wagers(runtime, ann) == {main: 2000, side: 500}
    act(runtime, ann, "undo")
    assert wagers(runtime, ann) == {main: 1000, side: 500}
    assert balance_of(ann) == start - 1500
    act(runtime, ann, "undo")
    act(runtime, ann, "undo")
    assert wagers(runtime, ann) == {} and balance_of(ann) == start
    version = runtime.version
    with pytest.raises(Refused, match="Nothing to undo"):
        act(runtime, ann, "undo")
    assert runtime.version == version and balance_of(ann) == start
    assert_ledger_balanced()


def test_rebet_and_double_repeat_last_rounds_bets(table):
    runtime, clock, ann, main, side, _ = table
    with pytest.raises(Refused, match="no previous bets"):
        act(runtime, ann, "rebet")
    act(runtime, ann, "bet", spot=main, amount="10")
    act(runtime, ann, "bet", spot=side, amount="5")
    next_round(runtime, clock)
    before = balance_of(ann)
    act(runtime, ann, "rebet")
    assert wagers(runtime, ann) == {main: 1000, side: 500}
    assert balance_of(ann) == before - 1500
    with pytest.raises(Refused, match="Clear your bets first"):
        act(runtime, ann, "rebet")
    act(runtime, ann, "undo")  # the whole rebet, as it was placed
    assert wagers(runtime, ann) == {} and balance_of(ann) == before
    act(runtime, ann, "double_bets")  # the last round's, twice over
    assert wagers(runtime, ann) == {main: 2000, side: 1000}
    act(runtime, ann, "double_bets")  # what lies on the layout, doubled
    assert wagers(runtime, ann) == {main: 4000, side: 2000}
    assert balance_of(ann) == before - 6000
    assert_ledger_balanced()


def test_a_rebet_over_the_limits_places_nothing_and_says_why(table):
    runtime, clock, ann, main, side, _ = table
    act(runtime, ann, "bet", spot=main, amount="40")
    act(runtime, ann, "bet", spot=side, amount="30")
    next_round(runtime, clock)
    table = runtime.table
    known = table.spec.rules.Config.__dataclass_fields__  # the Rules Submission changed
    table.config = {
        **table.config,
        **{k: v for k, v in {"max_bet": 30, "side_max": 20}.items() if k in known},
    }
    table.save(update_fields=["config"])
    runtime.reload_config()
    before, version = balance_of(ann), runtime.version
    with pytest.raises(Refused, match=r"^Rebet placed nothing: .*\b30\b"):
        act(runtime, ann, "rebet")
    act(runtime, ann, "bet", spot=main, amount="20")
    with pytest.raises(Refused, match=r"^Double placed nothing: .*\b30\b"):
        act(runtime, ann, "double_bets")
    assert wagers(runtime, ann) == {main: 2000} and runtime.version == version + 1
    assert balance_of(ann) == before - 2000
    assert_ledger_balanced()


def test_a_rebet_beyond_the_balance_places_nothing(table):
    runtime, clock, ann, main, side, _ = table
    act(runtime, ann, "bet", spot=main, amount="10")
    act(runtime, ann, "bet", spot=side, amount="5")
    next_round(runtime, clock)
    with transaction.atomic():  # Ann keeps 12 chips: enough for the main wager only
        left = balance_of(ann) - 1200
        post([(player_account(ann), -left), (house_account(), left)], kind="adjustment", memo="test")
    with pytest.raises(Refused, match="Not enough chips"):
        act(runtime, ann, "rebet")
    assert wagers(runtime, ann) == {} and balance_of(ann) == 1200
    assert_ledger_balanced()


def test_a_fixed_size_wager_stays_as_it_is_when_doubled(table):
    runtime, clock, ann, main, side, fixed = table
    if fixed is None:
        pytest.skip("Dreamcatcher has no wager of one fixed size")
    assert runtime.config.offers(fixed)  # offered by default
    act(runtime, ann, "bet", spot=main, amount="10")
    act(runtime, ann, "bet", spot=fixed, amount="1")
    act(runtime, ann, "double_bets")
    assert wagers(runtime, ann) == {main: 2000, fixed: 100}


def test_after_no_more_bets_every_tool_is_refused(table):
    runtime, clock, ann, main, side, _ = table
    act(runtime, ann, "bet", spot=main, amount="10")
    clock.now = runtime.snapshot["timer"]["deadline"]
    runtime.tick()  # no more bets
    for action in ("rebet", "double_bets", "undo"):
        with pytest.raises(Refused, match="No more bets"):
            act(runtime, ann, action)


def test_a_spectator_cannot_use_them(table, make_player):
    runtime, clock, ann, main, side, _ = table
    bob = make_player("Bob")
    for action in ("rebet", "double_bets", "undo"):
        with pytest.raises(Refused, match="Take a seat"):
            act(runtime, bob, action)
