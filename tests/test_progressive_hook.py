"""The table runtime's progressive hook, on the real Redis and database: a
game's pure rules name progressive wagers and wins in their Outcome, the
runtime calls the meters in the same transition, feeds the result back as
PROGRESSIVE_RESULT and records the meters' moves with the ledger."""

from dataclasses import asdict, dataclass, field
from decimal import Decimal
from types import SimpleNamespace

import pytest
from django.db import transaction
from django.db.models import F
from redis.exceptions import ConnectionError as RedisConnectionError

from casino.progressives import api, audit, owed
from casino.progressives.models import Meter, MeterEvent, OwedAward, TableLink
from casino.tables import progressive_hook, registry
from casino.tables.exceptions import Refused, StaleOwner
from casino.tables.models import Round, Table
from casino.tables.runtime import TableRuntime
from casino.wallet.ledger import balance_of
from casino.wallet.models import Account, LedgerTransaction
from games.engine import (
    LOSE,
    PROGRESSIVE_RESULT,
    REFUND,
    RETURN,
    STAKE,
    WIN,
    Action,
    ChipMove,
    IllegalAction,
    Outcome,
    ProgressiveAward,
    ProgressiveWager,
    format_chips,
    parse_chips,
)
from tests.conftest import assert_ledger_balanced, session_cookie

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

START = 1_000_000

# -- a tiny pure game: a coin flip with progressive side wagers ---------------

BETTING, FLIPPED, RESULT = "betting", "flipped", "result"
BET, SIDE, LEAVE = "bet", "side", "leave"
CLOSE, SETTLE, NEXT = "close", "settle", "next"


@dataclass(frozen=True)
class Config:
    betting_seconds: int = 10
    spin_seconds: int = 5
    result_seconds: int = 5

    @classmethod
    def from_json(cls, data):
        return cls(**{name: data[name] for name in cls.__dataclass_fields__ if name in data})

    def to_json(self):
        return asdict(self)

    def errors(self):
        return {}


@dataclass
class State:
    round: int = 1
    phase: str = BETTING
    bets: dict = field(default_factory=dict)  # player (str) -> {"call", "amount"}
    # Progressive side wagers in the order placed: {"kind", "seat", "player", "amount", "wins",
    # "rides_on"}; "wins" (a percent, as text) rigs a Match the Dealer / Monster Match win for the
    # tests; "rides_on" makes a Mystery contribution ride on the seat's wager of that kind.
    sides: list = field(default_factory=list)
    flip: str | None = None
    progressive: list = field(default_factory=list)  # the PROGRESSIVE_RESULT data received
    results: dict = field(default_factory=dict)

    @classmethod
    def from_json(cls, data):
        return cls(**data)

    def to_json(self):
        return asdict(self)


def parse_action(kind, data):
    if kind == BET:
        call = data.get("call")
        if call not in ("heads", "tails"):
            raise IllegalAction("Call heads or tails.")
        return Action(BET, data={"call": call, "amount": parse_chips(data.get("amount"))})
    if kind == SIDE:
        wins = data.get("wins") or None
        amount = parse_chips(data.get("amount"))
        return Action(
            SIDE,
            data={"kind": data.get("kind"), "amount": amount, "wins": wins, "rides_on": data.get("rides_on")},
        )
    raise IllegalAction(f"Unknown action {kind!r}.")


def timer(state, config):
    key = f"{state.round}:{state.phase}"
    if state.phase == BETTING:
        return key, config.betting_seconds, Action(CLOSE)
    if state.phase == FLIPPED:
        return key, config.spin_seconds, Action(SETTLE)
    return key, config.result_seconds, Action(NEXT)


def apply(state, action, config, rng):
    state = State.from_json(state.to_json())
    handler = _HANDLERS.get(action.kind)
    if handler is None:
        raise IllegalAction(f"Unknown action {action.kind!r}.")
    return handler(state, action, rng)


def _betting(state):
    if state.phase != BETTING:
        raise IllegalAction("No more bets.")


def _bet(state, action, rng):
    _betting(state)
    state.bets[str(action.player)] = dict(action.data)
    return Outcome(
        state,
        log=[{"player": action.player, "text": f"calls {action.data['call']}"}],
        moves=[ChipMove(STAKE, action.player, action.data["amount"], "coin")],
    )


def _side(state, action, rng):
    _betting(state)
    assert action.seat is not None  # the runtime says where the player sits
    side = {"seat": action.seat, "player": action.player, **action.data}
    state.sides.append(side)
    return Outcome(
        state, moves=[ChipMove(STAKE, action.player, side["amount"], f"progressive {side['kind']}")]
    )


def _leave(state, action, rng):
    if state.phase != BETTING:
        return Outcome(state)
    mine = [side for side in state.sides if side["seat"] == action.seat]
    state.sides = [side for side in state.sides if side["seat"] != action.seat]
    moves = [ChipMove(REFUND, action.player, side["amount"], "left") for side in mine]
    bet = state.bets.pop(str(action.player), None)
    if bet:
        moves.append(ChipMove(REFUND, action.player, bet["amount"], "left"))
    return Outcome(state, moves=moves)


def _close(state, action, rng):
    _betting(state)
    state.phase = FLIPPED
    state.flip = rng.choice(("heads", "tails"))
    lock = [
        ProgressiveWager(side["kind"], side["seat"], side["player"], side["amount"], side["rides_on"])
        for side in sorted(state.sides, key=lambda side: side["seat"])
    ]
    return Outcome(state, log=[{"player": None, "text": "No more bets."}], lock=lock)


def _progressive_result(state, action, rng):
    data = action.data
    state.progressive.append(data)
    log, moves = [], []
    for wager in data["refused"]:
        placed = {key: wager[key] for key in ("kind", "seat", "player", "amount")}
        for side in state.sides:
            if {key: side[key] for key in placed} == placed:
                state.sides.remove(side)
                break
        moves.append(
            ChipMove(REFUND, wager["player"], wager["amount"], f"progressive {wager['kind']} refused")
        )
        log.append({"player": wager["player"], "text": f"gets the {wager['kind']} wager back"})
    for win in data["hits"] + data["awards"]:
        if win["cents"]:
            moves.append(ChipMove(WIN, win["player"], win["cents"], f"progressive {win['kind']}"))
            log.append(
                {"player": win["player"], "text": f"wins {format_chips(win['cents'])} ({win['kind']})"}
            )
    if data["error"]:
        log.append({"player": None, "text": data["error"]})
    return Outcome(state, log=log, moves=moves)


def _settle(state, action, rng):
    if state.phase != FLIPPED:
        raise IllegalAction("The coin is not in the air.")
    state.phase = RESULT
    moves = []
    for player, bet in state.bets.items():
        pid, amount = int(player), bet["amount"]
        if bet["call"] == state.flip:
            moves += [ChipMove(RETURN, pid, amount, "coin"), ChipMove(WIN, pid, amount, "coin")]
        else:
            moves.append(ChipMove(LOSE, pid, amount, "coin"))
        state.results[player] = bet["call"] == state.flip
    moves += [ChipMove(LOSE, side["player"], side["amount"], "progressive") for side in state.sides]
    awards = [
        ProgressiveAward(side["kind"], side["seat"], side["player"], Decimal(side["wins"]))
        for side in state.sides
        if side["wins"]
    ]
    return Outcome(state, log=[{"player": None, "text": f"It is {state.flip}."}], moves=moves, awards=awards)


def _next(state, action, rng):
    if state.phase != RESULT:
        raise IllegalAction("The round is not over.")
    return Outcome(State(round=state.round + 1), log=[{"player": None, "text": "Place your bets."}])


_HANDLERS = {
    BET: _bet,
    SIDE: _side,
    LEAVE: _leave,
    CLOSE: _close,
    PROGRESSIVE_RESULT: _progressive_result,
    SETTLE: _settle,
    NEXT: _next,
}

coin = SimpleNamespace(
    Config=Config,
    State=State,
    new_state=State,
    apply=apply,
    timer=timer,
    parse_action=parse_action,
    PLAYER_ACTIONS=(BET, SIDE),
    LEAVE=LEAVE,
    round_summary=lambda state: {"flip": state.flip} if state.phase == RESULT else None,
)

SLUG = "test-coin-progressive"
SPEC = registry.GameSpec(
    slug=SLUG,
    name="Coin with a progressive (tests)",
    rules=coin,
    present=lambda *args: {},
    page_template="dreamcatcher/table.html",
    public_template="dreamcatcher/_public.html",
    private_template="dreamcatcher/_private.html",
)


@pytest.fixture(autouse=True)
def coin_game():
    """The test game is registered only while a test of this module runs, so
    the lobby and the admin the other tests look at never offer it."""
    registry.register(SPEC)
    yield
    registry._GAMES.pop(SLUG, None)


# -- helpers --------------------------------------------------------------------


class Clock:
    def __init__(self):
        self.now = 1_000_000.0

    def __call__(self):
        return self.now


class Draws:
    """Must-Hit-By triggers drawn as given (cents), then just below the maximum."""

    def __init__(self, *cents):
        self.cents = list(cents)

    def randrange(self, low, high):
        return self.cents.pop(0) if self.cents else high - 1


def opened(kind, paytable="", wager_dollars=1, rng=None):
    """A meter in Redis (a test transaction never commits, so the post-save
    opening never runs): triggers well above anything the tests contribute
    unless ``rng`` draws others."""
    meter = Meter.objects.create(name=kind, kind=kind, paytable=paytable, wager_dollars=wager_dollars)
    assert api.open_meter(meter, rng=rng or Draws())
    return meter


@pytest.fixture
def coin_table(make_table, clean_redis):
    def make(*meters, seed=None):
        table = make_table(name="Coin", game=SLUG, seed=seed)
        for meter in meters:
            TableLink.objects.create(meter=meter, table=table)
        clock = Clock()
        runtime = TableRuntime(table, clock=clock)
        runtime.start()
        return runtime, clock

    return make


def sit(runtime, player, seat):
    runtime.act(player.pk, player.nickname, {"action": "sit", "round": runtime.round, "seat": str(seat)})


def side(runtime, player, kind, chips=1, wins=None, rides_on=None):
    message = {"action": SIDE, "kind": kind, "amount": str(chips), "round": runtime.round}
    if wins:
        message["wins"] = wins
    if rides_on:
        message["rides_on"] = rides_on
    return runtime.act(player.pk, player.nickname, message)


def bet(runtime, player, call, chips):
    message = {"action": BET, "call": call, "amount": str(chips), "round": runtime.round}
    return runtime.act(player.pk, player.nickname, message)


def advance(runtime, clock):
    clock.now = runtime.snapshot["timer"]["deadline"]
    return runtime.tick()


def events(meter, kind=None):
    found = MeterEvent.objects.filter(meter=meter).exclude(kind=MeterEvent.SEED)
    if kind:
        found = found.filter(kind=kind)
    return [(event.kind, event.seat, event.player_id, event.wager_cents, event.paid_cents) for event in found]


def assert_round_settled(runtime):
    assert_ledger_balanced()
    assert not Account.objects.filter(kind=Account.ESCROW).exclude(balance=0).exists()
    assert audit.reconcile(list(Meter.objects.all())) == []  # Redis and its audit agree


# -- (a) the lock contributes exactly the accepted wagers -----------------------


def test_no_more_bets_contributes_the_accepted_wagers_in_seat_order(coin_table, make_player):
    mystery, match = opened("must_hit_by", "A", 1), opened("match_the_dealer", "", 1)
    runtime, clock = coin_table(mystery, match)
    ann, bob, cat, dan = make_player("Ann"), make_player("Bob"), make_player("Cat"), make_player("Dan")
    sit(runtime, ann, 3)
    sit(runtime, bob, 1)
    sit(runtime, cat, 2)
    sit(runtime, dan, 4)
    side(runtime, ann, "must_hit_by", 5)
    side(runtime, ann, "match_the_dealer", 1)
    side(runtime, bob, "match_the_dealer", 1)
    side(runtime, bob, "must_hit_by", 1)
    side(runtime, dan, "match_the_dealer", 2)  # Match the Dealer is exactly $1: refused at the lock
    side(runtime, dan, "must_hit_by", 1, rides_on="match_the_dealer")  # ... so it does not qualify either
    bet(runtime, ann, "heads", 10)
    side(runtime, cat, "must_hit_by", 1)
    runtime.act(cat.pk, "Cat", {"action": "leave", "round": runtime.round})  # never contributes
    assert [(s["seat"], s["player"]) for s in runtime.state.sides] == [(3, ann.pk)] * 2 + [
        (1, bob.pk)
    ] * 2 + [(4, dan.pk)] * 2
    assert events(mystery) == events(match) == []
    version = runtime.version

    step = advance(runtime, clock)  # no more bets: one transition, one commit
    assert runtime.version == version + 1
    assert events(mystery) == [("contribution", 1, bob.pk, 100, 0), ("contribution", 3, ann.pk, 500, 0)]
    assert events(match) == [("contribution", 1, bob.pk, 100, 0), ("contribution", 3, ann.pk, 100, 0)]
    assert api.state(mystery.pk)["amount_in"] == 600 and api.state(match.pk)["amount_in"] == 200
    (result,) = runtime.state.progressive
    assert result["hits"] == result["awards"] == []
    assert result["refused"] == [
        {"kind": "match_the_dealer", "seat": 4, "player": dan.pk, "amount": 200, "rides_on": None},
        {"kind": "must_hit_by", "seat": 4, "player": dan.pk, "amount": 100, "rides_on": "match_the_dealer"},
    ]
    assert "exactly $1.00" in result["error"] and "Mystery bonus" in result["error"]
    assert step.lines[0] == "No more bets." and "Dan gets the match_the_dealer wager back" in step.lines
    assert "Dan gets the must_hit_by wager back" in step.lines
    assert balance_of(dan) == START  # the refused wagers came back in the same transition
    record = Round.objects.get(table=runtime.table, number=1)
    assert "Dan gets the match_the_dealer wager back" in record.log

    # The hard lock-out: the rules refuse a late wager, the meters refuse the round.
    with pytest.raises(Refused, match="No more bets"):
        side(runtime, bob, "must_hit_by", 1)
    with pytest.raises(api.LockedOut):
        api.ensure_open(runtime.table.pk, 1)

    advance(runtime, clock)  # settle
    flip = runtime.state.flip
    assert balance_of(ann) == START - 600 + (1000 if flip == "heads" else -1000)
    assert balance_of(bob) == START - 200
    assert balance_of(cat) == balance_of(dan) == START
    assert_round_settled(runtime)
    advance(runtime, clock)
    api.ensure_open(runtime.table.pk, runtime.round)  # the next round is open


def test_a_mystery_wager_riding_on_a_refused_progressive_wager_never_wins(coin_table, make_player):
    # docs/rules/README.md, "Refused progressive wager": the Mystery meter's
    # trigger is just above its minimum, so any contribution would win it.
    mystery = opened("must_hit_by", "A", 1, rng=Draws(10_001))
    runtime, clock = coin_table(mystery)  # no Match the Dealer meter at this table
    ann = make_player("Ann")
    sit(runtime, ann, 2)
    side(runtime, ann, "match_the_dealer", 1)
    side(runtime, ann, "must_hit_by", 1, rides_on="match_the_dealer")
    advance(runtime, clock)
    (result,) = runtime.state.progressive
    assert result["hits"] == []
    assert [(w["kind"], w["seat"]) for w in result["refused"]] == [
        ("match_the_dealer", 2),
        ("must_hit_by", 2),
    ]
    assert events(mystery) == [] and api.state(mystery.pk)["amount_in"] == 0
    assert balance_of(ann) == START
    advance(runtime, clock)
    advance(runtime, clock)
    assert_round_settled(runtime)


def test_a_refused_wager_voids_its_own_mystery_contribution_not_the_seats_last(coin_table, make_player):
    # seed §§ 643c.1(c)(2), 649c.1(c)(2): only a qualifying wager feeds the Mystery meter. The refused
    # wager's contribution is placed first, so voiding the seat's last one would keep the wrong one.
    mystery, match = opened("must_hit_by", "A", 1), opened("match_the_dealer", "", 1)
    monster = opened("monster_match", "A")
    runtime, clock = coin_table(mystery, match, monster)
    ann = make_player("Ann")
    sit(runtime, ann, 2)
    side(runtime, ann, "match_the_dealer", 2)  # Match the Dealer is exactly $1: refused at the lock
    side(runtime, ann, "must_hit_by", 2, rides_on="match_the_dealer")
    side(runtime, ann, "monster_match", 5)
    side(runtime, ann, "must_hit_by", 5, rides_on="monster_match")
    advance(runtime, clock)
    (result,) = runtime.state.progressive
    assert [(w["kind"], w["amount"]) for w in result["refused"]] == [
        ("match_the_dealer", 200),
        ("must_hit_by", 200),
    ]
    assert events(mystery) == [("contribution", 2, ann.pk, 500, 0)]
    assert events(match) == [] and events(monster) == [("contribution", 2, ann.pk, 500, 0)]
    assert api.state(mystery.pk)["amount_in"] == 500
    assert balance_of(ann) == START - 1000  # the $5 monster wager and its $5 share of the Mystery stay in
    advance(runtime, clock)
    advance(runtime, clock)
    assert_round_settled(runtime)


def test_a_round_without_progressive_wagers_is_still_locked(coin_table, make_player):
    mystery = opened("must_hit_by", "B", 1)
    runtime, clock = coin_table(mystery)
    ann = make_player("Ann")
    sit(runtime, ann, 1)
    bet(runtime, ann, "tails", 1)
    advance(runtime, clock)
    assert runtime.state.progressive == [{"hits": [], "awards": [], "refused": [], "error": None}]
    with pytest.raises(api.LockedOut):
        api.ensure_open(runtime.table.pk, 1)
    assert events(mystery) == []


# -- (b) a Must-Hit-By hit is paid to the right player -------------------------


def test_a_must_hit_by_hit_is_paid_through_the_ledger(coin_table, make_player):
    mystery = opened("must_hit_by", "A", 1, rng=Draws(10_002))  # triggers at $100.02, then high
    runtime, clock = coin_table(mystery)
    ann, bob = make_player("Ann"), make_player("Bob")
    sit(runtime, ann, 3)
    sit(runtime, bob, 1)
    side(runtime, ann, "must_hit_by", 1)
    side(runtime, bob, "must_hit_by", 1)
    # Seat order: Bob's 2¢ lifts the meter to the trigger, Ann's crosses it.
    step = advance(runtime, clock)
    hit = {"kind": "must_hit_by", "seat": 3, "player": ann.pk, "cents": 10_004}
    assert runtime.state.progressive[0]["hits"] == [hit]
    assert "Ann wins 100.04 (must_hit_by)" in step.lines
    assert events(mystery, "hit") == [("hit", 3, ann.pk, 100, 10_004)]
    paid = LedgerTransaction.objects.get(kind=WIN, table_id=runtime.table.pk)
    assert (paid.memo, paid.round_number) == ("progressive must_hit_by", 1)
    assert balance_of(ann) == START - 100 + 10_004
    assert balance_of(bob) == START - 100
    advance(runtime, clock)
    assert balance_of(ann) == START - 100 + 10_004  # the side wager itself is collected
    assert_round_settled(runtime)


# -- (c) 100% and x% awards ----------------------------------------------------


def test_progressive_awards_are_paid_from_their_meters(coin_table, make_player):
    match, monster = opened("match_the_dealer", "", 1), opened("monster_match", "D", 1)
    runtime, clock = coin_table(match, monster)
    ann, bob, cat = make_player("Ann"), make_player("Bob"), make_player("Cat")
    sit(runtime, ann, 2)
    sit(runtime, bob, 5)
    sit(runtime, cat, 1)
    side(runtime, ann, "match_the_dealer", 1, wins="100")
    side(runtime, bob, "match_the_dealer", 1, wins="10")
    side(runtime, cat, "match_the_dealer", 1)
    side(runtime, cat, "monster_match", 1, wins="0.5")
    advance(runtime, clock)
    assert runtime.state.progressive[0]["hits"] == []
    step = advance(runtime, clock)  # the awards are asked for at the settlement
    # Ann's 100% takes $1,000 + 3 × 15¢; the meter reseeds to $1,000 (18¢ from
    # the reserve, the house the rest) and Bob's 10% is of that.
    # Cat's 0.5% of the Monster Match pool ($1,500 + 17¢) rounds down to $7.50.
    assert runtime.state.progressive[1] == {
        "hits": [],
        "awards": [
            {"kind": "match_the_dealer", "seat": 2, "player": ann.pk, "cents": 100_045},
            {"kind": "match_the_dealer", "seat": 5, "player": bob.pk, "cents": 10_000},
            {"kind": "monster_match", "seat": 1, "player": cat.pk, "cents": 750},
        ],
        "refused": [],
        "error": None,
    }
    assert "Ann wins 1,000.45 (match_the_dealer)" in step.lines
    assert events(match, "award") == [("award", 2, ann.pk, 0, 100_045), ("award", 5, bob.pk, 0, 10_000)]
    assert events(monster, "award") == [("award", 1, cat.pk, 0, 750)]
    assert balance_of(ann) == START - 100 + 100_045
    assert balance_of(bob) == START - 100 + 10_000
    assert balance_of(cat) == START - 200 + 750
    assert_round_settled(runtime)


def test_an_award_of_a_kind_the_table_does_not_have_is_reported(coin_table):
    runtime, _ = coin_table(opened("must_hit_by", "A", 1))
    data, moves = progressive_hook.call_meters(
        runtime.table.pk, 1, None, [ProgressiveAward("match_the_dealer", 4, None, 100)]
    )
    assert moves == [] and data["awards"] == []
    assert data["error"] == (
        "This table has no Match the Dealer progressive meter: its wins cannot be paid now. "
        "The progressive win of seat 4 is owed: it is paid as soon as the meter answers."
    )
    assert data["owed"] == [{"kind": "match_the_dealer", "seat": 4, "player": None, "percent": "100"}]


# -- (c') a won award the meter cannot pay is owed, never dropped ---------------


def test_an_award_the_meter_cannot_pay_is_owed_shown_and_paid_when_it_answers(
    coin_table, make_player, monkeypatch, client
):
    match = opened("match_the_dealer", "", 1)
    runtime, clock = coin_table(match)
    ann, bob = make_player("Ann"), make_player("Bob")
    sit(runtime, ann, 2)
    sit(runtime, bob, 5)
    side(runtime, ann, "match_the_dealer", 1, wins="100")
    side(runtime, bob, "match_the_dealer", 1, wins="10")
    advance(runtime, clock)  # no more bets: the meter takes the wagers
    working = api._script

    def award_unreachable(name):
        if name == "AWARD":

            def run(keys, args):
                raise RedisConnectionError("connection refused")

            return run
        return working(name)

    monkeypatch.setattr(api, "_script", award_unreachable)
    step = advance(runtime, clock)  # the settlement asks for the awards: the meter does not answer
    (result,) = runtime.state.progressive[1:]
    assert result["awards"] == [] and len(result["owed"]) == 2
    assert any("The progressive win of seat 2, 5 is owed" in line for line in step.lines)
    owed_rows = list(OwedAward.objects.order_by("seat"))
    assert [(r.seat, r.player_id, r.percent_bp, r.paid) for r in owed_rows] == [
        (2, ann.pk, 10_000, None),
        (5, bob.pk, 1_000, None),
    ]
    assert len({r.batch for r in owed_rows}) == 1  # one meter call pays them, 100% first
    assert balance_of(ann) == balance_of(bob) == START - 100  # nothing paid yet, nothing dropped
    assert_round_settled(runtime)
    # The owed win is shown to the player, and listed in the admin.
    client.cookies["sessionid"] = session_cookie(ann)
    lobby = Table.objects.filter(pk=runtime.table.pk)
    lobby.update(is_open=False)  # the lobby lists no test game (it has no limits to show)
    assert "A progressive win is owed to you" in client.get("/").content.decode()
    lobby.update(is_open=True)
    assert owed.pay_due() == {}  # still unreachable: still owed
    assert OwedAward.objects.filter(paid__isnull=True).count() == 2

    # The table goes on; a later round's award is paid at once, as usual.
    monkeypatch.setattr(api, "_script", working)
    advance(runtime, clock)
    side(runtime, bob, "match_the_dealer", 1, wins="10")
    advance(runtime, clock)
    advance(runtime, clock)
    later = MeterEvent.objects.get(meter=match, kind="award", round_number=2)
    # The meter answers again: the owed wins are paid through the ledger, once.
    # (From the meter as it stands now: round 2's 10% came out of it first.)
    paid = owed.pay_due()
    ann_paid, bob_paid = (
        MeterEvent.objects.get(meter=match, kind="award", round_number=1, seat=seat).paid_cents
        for seat in (2, 5)
    )
    assert paid == {(ann.pk, False): ann_paid, (bob.pk, False): bob_paid}
    assert ann_paid > 90_000 and bob_paid == 10_000  # 100% of the meter, then 10% of its reseed
    assert owed.pay_due() == {}
    assert balance_of(ann) == START - 100 + ann_paid
    assert balance_of(bob) == START - 200 + bob_paid + later.paid_cents
    assert not OwedAward.objects.filter(paid__isnull=True).exists()
    assert OwedAward.objects.get(seat=2).paid_cents == ann_paid
    lobby.update(is_open=False)
    assert "A progressive win is owed to you" not in client.get("/").content.decode()
    assert_round_settled(runtime)


def test_an_owed_win_is_paid_once_when_two_payers_run_at_the_same_time(coin_table, make_player, monkeypatch):
    """The meter ticker of each process and ``manage.py meters pay-owed`` pay
    owed batches: one that read a batch as unpaid while another paid it pays
    nothing (here the other payer runs while the first waits for the meter)."""
    match = opened("match_the_dealer", "", 1)
    runtime, clock = coin_table(match)
    ann = make_player("Ann")
    sit(runtime, ann, 2)
    side(runtime, ann, "match_the_dealer", 1, wins="10")
    advance(runtime, clock)
    working = api._script

    def award_unreachable(name):
        if name == "AWARD":

            def run(keys, args):
                raise RedisConnectionError("connection refused")

            return run
        return working(name)

    monkeypatch.setattr(api, "_script", award_unreachable)
    advance(runtime, clock)  # the award is owed
    assert OwedAward.objects.filter(paid__isnull=True).count() == 1
    monkeypatch.setattr(api, "_script", working)
    real_award, other = api.award, {}

    def award_while_another_pays(*args, **kwargs):
        result = real_award(*args, **kwargs)
        if "paid" not in other:
            other["paid"] = None
            other["paid"] = owed.pay_due()  # the other payer, start to end
        return result

    monkeypatch.setattr(api, "award", award_while_another_pays)
    assert owed.pay_due() == {}  # the batch it read was paid meanwhile
    (row,) = OwedAward.objects.all()
    assert other["paid"] == {(ann.pk, False): row.paid_cents} and row.paid_cents > 0
    assert balance_of(ann) == START - 100 + row.paid_cents  # once
    assert MeterEvent.objects.filter(meter=match, kind="award").count() == 1
    assert_round_settled(runtime)


def test_a_win_owed_for_want_of_a_meter_is_paid_once_one_is_linked(coin_table, make_player):
    mystery = opened("must_hit_by", "A", 1)
    runtime, clock = coin_table(mystery)
    ann = make_player("Ann")
    sit(runtime, ann, 1)
    side(runtime, ann, "must_hit_by", 1)
    data, _ = progressive_hook.call_meters(
        runtime.table.pk, 1, None, [ProgressiveAward("monster_match", 1, ann.pk, Decimal("0.5"))]
    )
    with transaction.atomic():
        owed.record(runtime.table.pk, 1, data["owed"], data["error"])
    assert owed.pay_due() == {}
    monster = opened("monster_match", "D", 1)
    TableLink.objects.create(meter=monster, table=runtime.table)
    assert owed.pay_due() == {(ann.pk, False): 750}  # 0.5% of the $1,500 pool
    assert OwedAward.objects.get().meter == monster
    assert_ledger_balanced()


# -- (d) refused wagers are refunded and the table goes on ---------------------


def test_a_wager_for_a_meter_the_table_does_not_have_is_refunded(coin_table, make_player):
    mystery = opened("must_hit_by", "A", 1)
    runtime, clock = coin_table(mystery)
    ann, bob = make_player("Ann"), make_player("Bob")
    sit(runtime, ann, 1)
    sit(runtime, bob, 2)
    side(runtime, ann, "match_the_dealer", 1)
    side(runtime, bob, "must_hit_by", 2)
    step = advance(runtime, clock)
    (result,) = runtime.state.progressive
    assert result["refused"] == [
        {"kind": "match_the_dealer", "seat": 1, "player": ann.pk, "amount": 100, "rides_on": None}
    ]
    assert result["error"] == "This table has no Match the Dealer progressive meter: its wagers are refused."
    assert result["error"] in step.lines
    assert events(mystery) == [("contribution", 2, bob.pk, 200, 0)]
    assert balance_of(ann) == START
    advance(runtime, clock)
    advance(runtime, clock)
    assert runtime.round == 2
    assert_round_settled(runtime)


def test_a_meter_missing_from_redis_refuses_the_round_and_the_table_goes_on(
    coin_table, make_player, clean_redis
):
    mystery, match = opened("must_hit_by", "A", 1), opened("match_the_dealer", "", 5)
    runtime, clock = coin_table(mystery, match)
    ann, bob = make_player("Ann"), make_player("Bob")
    sit(runtime, ann, 1)
    sit(runtime, bob, 2)
    clean_redis.delete(api.meter_key(match.pk))  # Redis lost it; nobody restored it yet
    before = api.state(mystery.pk)
    side(runtime, ann, "must_hit_by", 1)
    side(runtime, ann, "match_the_dealer", 5)
    side(runtime, bob, "must_hit_by", 3)
    bet(runtime, bob, "heads", 4)
    advance(runtime, clock)
    (result,) = runtime.state.progressive
    assert [(w["kind"], w["player"], w["amount"]) for w in result["refused"]] == [
        ("must_hit_by", ann.pk, 100),
        ("match_the_dealer", ann.pk, 500),
        ("must_hit_by", bob.pk, 300),
    ]
    assert "not available" in result["error"]
    # Nothing half-applied: the meter Redis still holds took none of the round's wagers.
    assert api.state(mystery.pk) == before
    assert events(mystery) == events(match) == []
    assert balance_of(ann) == START and balance_of(bob) == START - 400
    advance(runtime, clock)
    advance(runtime, clock)
    assert_ledger_balanced()
    # Restored, the meters take the next round's wagers.
    assert api.open_meter(match)
    side(runtime, ann, "match_the_dealer", 5)
    advance(runtime, clock)
    assert runtime.state.progressive[0]["refused"] == []
    assert events(match) == [("contribution", 1, ann.pk, 500, 0)]


def test_an_unreachable_redis_refuses_the_wagers_and_the_table_goes_on(coin_table, make_player, monkeypatch):
    mystery = opened("must_hit_by", "A", 1)
    runtime, clock = coin_table(mystery)
    ann = make_player("Ann")
    sit(runtime, ann, 4)
    side(runtime, ann, "must_hit_by", 1)

    def unreachable(name):
        def run(keys, args):
            raise RedisConnectionError("connection refused")

        return run

    monkeypatch.setattr(api, "_script", unreachable)
    advance(runtime, clock)
    (result,) = runtime.state.progressive
    assert result["refused"] == [
        {"kind": "must_hit_by", "seat": 4, "player": ann.pk, "amount": 100, "rides_on": None}
    ]
    assert "not reachable" in result["error"]
    assert balance_of(ann) == START
    advance(runtime, clock)
    assert_ledger_balanced()


# -- (e) a failed commit records nothing; the retry replays and records once ---


def test_a_failed_commit_records_nothing_and_the_retry_records_the_same_moves_once(
    coin_table, make_player, monkeypatch
):
    mystery = opened("must_hit_by", "A", 1, rng=Draws(10_002))
    runtime, clock = coin_table(mystery)
    ann, bob = make_player("Ann"), make_player("Bob")
    sit(runtime, ann, 3)
    sit(runtime, bob, 1)
    side(runtime, ann, "must_hit_by", 1)
    side(runtime, bob, "must_hit_by", 1)
    results = []
    contribute = api.contribute

    def spy(*args, **kwargs):
        results.append(contribute(*args, **kwargs))
        return results[-1]

    monkeypatch.setattr(api, "contribute", spy)
    # Someone else writes the table first: the snapshot write refuses, all rolls back.
    Table.objects.filter(pk=runtime.table.pk).update(version=F("version") + 1)
    with pytest.raises(StaleOwner):
        advance(runtime, clock)
    assert events(mystery) == []
    assert balance_of(ann) == START - 100
    assert not LedgerTransaction.objects.filter(kind=WIN).exists()
    assert api.state(mystery.pk)["hits"] == 1  # Redis moved; its audit waits for the commit

    fresh = TableRuntime.load(runtime.table.pk, clock=clock)  # the table's next owner
    fresh.tick()
    first, retry = results
    assert not first.replayed and retry.replayed and retry.moves == first.moves
    assert events(mystery) == [
        ("contribution", 1, bob.pk, 100, 0),
        ("contribution", 3, ann.pk, 100, 0),
        ("hit", 3, ann.pk, 100, 10_004),
    ]
    assert api.state(mystery.pk)["hits"] == 1 and api.state(mystery.pk)["wagers"] == 2
    assert balance_of(ann) == START - 100 + 10_004  # paid once
    advance(fresh, clock)
    assert_round_settled(fresh)


# -- (f) games without progressive wagers never reach the meters ---------------


def test_dreamcatcher_never_calls_the_meters(make_table, make_player, clean_redis, monkeypatch):
    def forbidden(*args, **kwargs):
        raise AssertionError("a game without progressive wagers reached the meters")

    for name in ("linked_meters", "contribute", "award", "record_moves"):
        monkeypatch.setattr(api, name, forbidden)
    clock = Clock()
    runtime = TableRuntime(make_table(seed=5), clock=clock)
    runtime.start()
    ann = make_player("Ann")
    sit(runtime, ann, 1)
    runtime.act(ann.pk, "Ann", {"action": "bet", "spot": "1", "amount": "2", "round": 1})
    while runtime.round == 1:
        advance(runtime, clock)
    runtime.act(ann.pk, "Ann", {"action": "leave", "round": runtime.round})
    assert_ledger_balanced()


def test_progressive_wagers_and_awards_refuse_what_no_meter_could_take():
    with pytest.raises(ValueError):
        ProgressiveWager("must_hit_by", 1, 7, 0)
    with pytest.raises(ValueError):
        ProgressiveWager("must_hit_by", None, 7, 100)
    with pytest.raises(ValueError):
        ProgressiveWager("", 1, 7, 100)
    for rides_on in ("", "must_hit_by", 5):  # a contribution rides on another wager's kind
        with pytest.raises(ValueError):
            ProgressiveWager("must_hit_by", 1, 7, 100, rides_on=rides_on)
    for percent in (0, "100.01", "0.001", "ten", True, None):
        with pytest.raises(ValueError):
            ProgressiveAward("match_the_dealer", 1, 7, percent)
    for percent in (100, 10, "12.5", Decimal("0.01")):
        ProgressiveAward("match_the_dealer", 1, 7, percent)
    assert Action("bet").seat is None
