"""The table runtime on the real database: ledger, snapshots, rounds, bad input."""

import random

import pytest

from casino.tables.exceptions import Refused
from casino.tables.models import Round, Table
from casino.tables.runtime import TableRuntime
from casino.wallet.ledger import balance_of
from casino.wallet.models import Account, Entry
from games.dreamcatcher import rules
from tests.conftest import assert_ledger_balanced

pytestmark = pytest.mark.postgres


class Clock:
    def __init__(self):
        self.now = 1_000_000.0

    def __call__(self):
        return self.now


def run_until(runtime, clock, phase):
    """Let the table's clock run until it reaches ``phase``."""
    for _ in range(20):
        if runtime.state.phase == phase:
            return
        clock.now = runtime.snapshot["timer"]["deadline"]
        runtime.tick()
    raise AssertionError(f"never reached {phase}")


@pytest.fixture
def table_runtime(make_table):
    def make(**kwargs):
        clock = Clock()
        runtime = TableRuntime(make_table(**kwargs), clock=clock)
        runtime.start()
        return runtime, clock

    return make


def sit(runtime, player):
    return runtime.act(player.pk, player.nickname, {"action": "sit", "round": runtime.round})


def bet(runtime, player, spot, chips):
    return runtime.act(
        player.pk,
        player.nickname,
        {"action": "bet", "spot": spot, "amount": str(chips), "round": runtime.round},
    )


@pytest.mark.soak
def test_hundreds_of_seeded_rounds_keep_the_ledger_balanced(table_runtime, make_player):
    runtime, clock = table_runtime(seed=2024, max_payout=5_000)
    players = [make_player(f"P{i}") for i in range(5)]
    for player in players:
        sit(runtime, player)
    choices = random.Random(7)
    rounds = 300
    multipliers = set()
    for _ in range(rounds):
        for player in players:
            if choices.random() < 0.8 and balance_of(player) >= 5000:
                for _ in range(choices.randint(1, 3)):
                    bet(runtime, player, choices.choice(rules.SPOTS), choices.randint(1, 20))
            if choices.random() < 0.05 and runtime.state.bets.get(str(player.pk)):
                runtime.act(player.pk, player.nickname, {"action": "clear", "round": runtime.round})
        run_until(runtime, clock, rules.RESULT)
        multipliers.add(runtime.state.multiplier)
        run_until(runtime, clock, rules.BETTING)
    assert runtime.round == rounds + 1
    assert_ledger_balanced()
    # Every round's escrow is empty once the round is settled.
    assert not Account.objects.filter(kind=Account.ESCROW).exclude(balance=0).exists()
    # Each balance is its entries, and the house holds what the players lost.
    for player in players:
        entries = sum(Entry.objects.filter(account__player=player).values_list("amount", flat=True))
        assert balance_of(player) == entries
    assert Round.objects.filter(table=runtime.table, result__isnull=False).count() == rounds
    assert max(multipliers) > 1  # 300 rounds see bonus spins


def test_same_seed_same_results(table_runtime, make_player):
    histories = []
    for _ in range(2):
        runtime, clock = table_runtime(seed=42)
        player = make_player()
        sit(runtime, player)
        for _ in range(15):
            bet(runtime, player, "1", 1)  # players' actions do not change the draws
            run_until(runtime, clock, rules.RESULT)
            run_until(runtime, clock, rules.BETTING)
        histories.append([entry["symbols"] for entry in runtime.state.history])
    assert histories[0] == histories[1]


def test_public_tables_carry_no_seed(make_table):
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError):
        Table.objects.create(game="dreamcatcher", name="x", seed=3, is_test=False)
    with pytest.raises(ValidationError):
        Table.objects.create(game="dreamcatcher", name="x", config={"max_bet": 0})
    with pytest.raises(ValidationError):
        Table.objects.create(game="dreamcatcher", name="x", config={"colour": "red"})


def unchanged(runtime, player):
    """A snapshot of everything a refused action must leave alone."""
    runtime.table.refresh_from_db()
    return (runtime.table.version, runtime.table.state, balance_of(player), Entry.objects.count())


BAD_MESSAGES = [
    ({"action": "bet", "spot": "3", "amount": "1"}, "no betting area"),
    ({"action": "bet", "spot": "1", "amount": "0"}, "more than zero"),
    ({"action": "bet", "spot": "1", "amount": "-5"}, "more than zero"),
    ({"action": "bet", "spot": "1", "amount": "2.5"}, "fraction"),
    ({"action": "bet", "spot": "1", "amount": "lots"}, "whole number"),
    ({"action": "bet", "spot": "1", "amount": "600"}, "maximum"),
    ({"action": "bet", "spot": "1"}, "whole number"),
    ({"action": "dance"}, "Unknown action"),
    ({"action": ""}, "no action"),
    ({"spot": "1"}, "no action"),
]


@pytest.mark.parametrize("message,expected", BAD_MESSAGES)
def test_bad_actions_change_nothing(table_runtime, make_player, message, expected):
    runtime, _ = table_runtime(min_bet=2, max_bet=500)
    player = make_player()
    sit(runtime, player)
    before = unchanged(runtime, player)
    with pytest.raises(Refused, match=expected):
        runtime.act(player.pk, player.nickname, {**message, "round": runtime.round})
    assert unchanged(runtime, player) == before


def test_under_minimum_and_over_balance(table_runtime, make_player):
    runtime, _ = table_runtime(min_bet=5, max_bet=20_000)
    player = make_player()
    sit(runtime, player)
    before = unchanged(runtime, player)
    with pytest.raises(Refused, match="minimum"):
        bet(runtime, player, "2", 4)
    with pytest.raises(Refused, match="Not enough chips"):
        bet(runtime, player, "2", 10_001)
    bet(runtime, player, "2", 10_000)  # everything is fine
    with pytest.raises(Refused, match="Not enough chips"):
        bet(runtime, player, "5", 5)
    assert balance_of(player) == 0
    runtime.table.refresh_from_db()
    assert runtime.table.version == before[0] + 1


def test_stale_round_late_bets_and_seats(table_runtime, make_player):
    runtime, clock = table_runtime()
    ann, bob, eve = make_player("Ann"), make_player("Bob"), make_player("Eve")
    sit(runtime, ann)
    sit(runtime, bob)
    before = unchanged(runtime, ann)
    with pytest.raises(Refused, match="round"):
        runtime.act(ann.pk, "Ann", {"action": "bet", "spot": "1", "amount": "1", "round": runtime.round - 1})
    with pytest.raises(Refused, match="round id"):
        runtime.act(ann.pk, "Ann", {"action": "bet", "spot": "1", "amount": "1"})
    with pytest.raises(Refused, match="not yours"):
        runtime.act(
            ann.pk, "Ann", {"action": "bet", "spot": "1", "amount": "1", "round": runtime.round, "seat": "2"}
        )
    with pytest.raises(Refused, match="Take a seat"):
        bet(runtime, eve, "1", 1)
    with pytest.raises(Refused, match="not yours"):
        runtime.act(
            eve.pk, "Eve", {"action": "bet", "spot": "1", "amount": "1", "round": runtime.round, "seat": "1"}
        )
    with pytest.raises(Refused, match="no player session"):
        runtime.act(None, None, {"action": "bet", "spot": "1", "amount": "1", "round": runtime.round})
    with pytest.raises(Refused, match="already sit"):
        sit(runtime, ann)
    assert unchanged(runtime, ann) == before
    run_until(runtime, clock, rules.SPINNING)
    with pytest.raises(Refused, match="No more bets"):
        bet(runtime, ann, "1", 1)
    assert balance_of(ann) == 1_000_000


def test_a_sit_from_a_page_a_round_behind_still_seats(table_runtime, make_player):
    """The lobby's Join sends "sit" with the round its page was loaded on; when
    the round turned before the owner reached it, the player was refused as
    stale and left standing (the load bench's players, issue 12). A seat is not
    a wager: any round's page may take one; the round id must still be there."""
    runtime, clock = table_runtime()
    ann, bob = make_player("Ann"), make_player("Bob")
    loaded_on = runtime.round
    run_until(runtime, clock, rules.SPINNING)
    for _ in range(20):
        if runtime.round != loaded_on:
            break
        clock.now = runtime.snapshot["timer"]["deadline"]
        runtime.tick()
    assert runtime.round == loaded_on + 1
    runtime.act(ann.pk, "Ann", {"action": "sit", "round": loaded_on})
    assert runtime.snapshot["seats"] == {"1": ann.pk}
    with pytest.raises(Refused, match="round id"):
        runtime.act(bob.pk, "Bob", {"action": "sit"})
    with pytest.raises(Refused, match="round id"):
        runtime.act(bob.pk, "Bob", {"action": "sit", "round": "soon"})
    # A wager still names the round it is for.
    with pytest.raises(Refused, match="table is on round"):
        runtime.act(ann.pk, "Ann", {"action": "bet", "spot": "1", "amount": "1", "round": loaded_on})
    assert_ledger_balanced()


def test_full_table_and_leaving(table_runtime, make_player):
    runtime, clock = table_runtime(max_seats=1)
    ann, bob = make_player("Ann"), make_player("Bob")
    sit(runtime, ann)
    with pytest.raises(Refused, match="full"):
        sit(runtime, bob)
    bet(runtime, ann, "10", 7)
    runtime.act(ann.pk, "Ann", {"action": "leave", "round": runtime.round})
    assert balance_of(ann) == 1_000_000  # open bets come back when leaving during betting
    assert runtime.snapshot["seats"] == {}
    sit(runtime, bob)
    bet(runtime, bob, "1", 3)
    run_until(runtime, clock, rules.SPINNING)
    runtime.act(bob.pk, "Bob", {"action": "leave", "round": runtime.round})
    run_until(runtime, clock, rules.RESULT)
    # Bob's bet rode to the result after he left.
    assert str(bob.pk) in runtime.state.results
    assert_ledger_balanced()


def test_restart_resumes_from_the_snapshot(table_runtime, make_player):
    runtime, clock = table_runtime(seed=9)
    player = make_player()
    sit(runtime, player)
    bet(runtime, player, "2", 10)
    run_until(runtime, clock, rules.SPINNING)
    drawn = runtime.state.spins
    # A new runtime (a restarted worker) loads the snapshot and finishes the round.
    resumed = TableRuntime.load(runtime.table.pk, clock=clock)
    assert resumed.start() is None  # the clock was already running: nothing to redo
    run_until(resumed, clock, rules.RESULT)
    assert resumed.state.spins[: len(drawn)] == drawn
    assert_ledger_balanced()


def test_a_second_owner_cannot_overwrite(table_runtime, make_player):
    from casino.tables.exceptions import StaleOwner

    runtime, _ = table_runtime()
    player = make_player()
    other = TableRuntime.load(runtime.table.pk)
    sit(runtime, player)
    with pytest.raises(StaleOwner):
        other.act(player.pk, "Ann", {"action": "sit", "round": other.round, "seat": "3"})
