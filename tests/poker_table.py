"""The runtime table tests every poker game on games/poker shares: a test
table with its progressive and Mystery meters linked, players seated and
driven through the real TableRuntime on a test clock, a designer's stacked
deck, what each viewer's rendered fragments show, refusals, seeded rounds and
the books (ledger, escrow, meters, replays) they must leave balanced, the
demo table, the admin's Rules Submission and the lobby's last result.

A new poker game's tests::

    from tests.poker_table import Play, table_fixture, ...

    # The game's slug, the table's name, its progressive meter (name, kind), the wager of both meters.
    table = table_fixture("four_card_poker", "Four Card test", ("Five-Card", "five_card"), wager_dollars=5)

    def test_a_stacked_round_...(table, make_player):
        play = Play(table(), [ann, bob])
        play.stack(f"{ANN} {BOB} {DEALER}")
        play.bet(ann, "ante", 10)
        play.tick()  # no more bets
        play.tick()  # the deal
        assert_each_sees_only_their_own_cards(play, {ann: ANN, bob: BOB}, spy, DEALER)
        ...

and keeps in the test what is the game's own: its hands, wagers, decisions,
paytable lines, chips and refusal messages."""

import dataclasses
import random

import pytest
from django.conf import settings
from django.core.management import call_command

from casino.lobby.rows import table_row
from casino.progressives import api, audit
from casino.progressives.models import Meter, MeterEvent, TableLink
from casino.progressives.paytables import UNITS_PER_CENT
from casino.tables import registry
from casino.tables.exceptions import Refused
from casino.tables.models import Round, Table
from casino.tables.rendering import render_private, render_public, table_meta
from casino.tables.replay import replay
from casino.tables.runtime import TableRuntime
from casino.wallet.ledger import balance_of
from casino.wallet.models import Account, Entry
from games.cards.cards import card
from tests.conftest import assert_ledger_balanced
from tests.test_runtime import Clock

FAST = {"betting_seconds": 5, "deal_seconds": 1, "decision_seconds": 20, "result_seconds": 5}
START_CHIPS = settings.TEST_START_CHIPS
START_CENTS = START_CHIPS * 100


def names(hand):
    return [card(item).name for item in hand.split()]


def table_fixture(game, name, progressive, wager_dollars, max_seats=6):
    """A ``table`` fixture: ``table(meters=True, seed=None, **config)`` makes a
    test table of ``game`` on the FAST clocks, with its progressive meter
    (``progressive``: its name and kind) and a Must-Hit-By Mystery meter of
    the same wager linked and opened."""

    @pytest.fixture
    def table(clean_redis):
        def make(meters=True, seed=None, **config):
            made = Table.objects.create(
                game=game, name=name, config={**FAST, **config}, is_test=True, seed=seed, max_seats=max_seats
            )
            if meters:
                meter_name, kind = progressive
                linked = Meter.objects.create(name=meter_name, kind=kind, wager_dollars=wager_dollars)
                mystery = Meter.objects.create(
                    name="Mystery", kind="must_hit_by", paytable="A", wager_dollars=wager_dollars
                )
                for meter in (linked, mystery):
                    TableLink.objects.create(meter=meter, table=made)
                api.open_meter(linked)
                api.open_meter(mystery, rng=random.Random(1))
            return made

        return make

    return table


def two_progressive_table(game, config, name="Two progressives"):
    """A test table of ``game`` on the FAST clocks with the Three-Card ($1),
    Five-Card ($5) and Mystery (A, $1) meters linked and opened."""
    table = Table.objects.create(game=game, name=name, config={**FAST, **config}, is_test=True)
    for meter_name, kind, dollars, paytable in (
        ("Three-Card", "three_card", 1, ""),
        ("Five-Card", "five_card", 5, ""),
        ("Mystery", "must_hit_by", 1, "A"),
    ):
        meter = Meter.objects.create(name=meter_name, kind=kind, paytable=paytable, wager_dollars=dollars)
        TableLink.objects.create(meter=meter, table=table)
        api.open_meter(meter, rng=random.Random(1))
    return table


def play_out(play):
    """The clock runs out until the next round begins."""
    number = play.runtime.round
    for _ in range(20):
        if play.runtime.round != number:
            return
        play.tick()
    raise AssertionError("the round never ended")


class Play:
    """Players seated at a table whose runtime runs on a test clock."""

    def __init__(self, table, players):
        self.table, self.players = table, players
        self.clock = Clock()
        self.runtime = TableRuntime(table, clock=self.clock)
        self.runtime.start()
        table.invited.add(*players)
        for player in players:
            self.act(player, "sit")

    def act(self, player, action, **message):
        return self.runtime.act(
            player.pk, player.nickname, {"action": action, "round": self.runtime.round, **message}
        )

    def bet(self, player, area, chips):
        return self.act(player, "bet", spot=area, amount=str(chips))

    def tick(self):
        self.clock.now = self.runtime.snapshot["timer"]["deadline"]
        return self.runtime.tick()

    def stack(self, text):
        """The stack a designer types, straight into the rules (the designer check is the runtime's, tested elsewhere)."""
        snapshot = dict(self.runtime.snapshot)
        state = self.runtime.rules.stack(self.runtime.state, self.runtime.config, text, random.Random(3))
        snapshot["game"] = state.to_json()
        self.runtime.snapshot = snapshot

    def render(self, viewer=None):
        meta = table_meta(self.table)
        snapshot, config, version = self.runtime.snapshot, self.table.config, self.runtime.version
        fragments = dict(render_public(meta, snapshot, config, version, cached=False))
        balance = balance_of(viewer, test=True) if viewer else None
        fragments.update(
            render_private(meta, snapshot, config, version, viewer.pk if viewer else None, balance)
        )
        return fragments

    def seat_holder(self, state):
        """The player whose seat is to decide."""
        return next(p for p in self.players if p.pk == state.spot(state.turn)["player"])


def assert_each_sees_only_their_own_cards(play, hands, spectator, dealer, up="", face_down=0):
    """At the deal: every fragment a player is sent holds their own cards
    (``hands``: player -> cards) and nobody else's, the spectator's none, and
    the dealer's face-down cards (``dealer``) nobody's; the dealer's face-up
    card(s) ``up`` everyone's; at least ``face_down`` cards drawn face down."""
    for viewer, mine in (*hands.items(), (spectator, "")):
        html = "".join(play.render(viewer).values())
        for hand in (*hands.values(), dealer):
            for name in names(hand):
                assert (name in html) == (hand == mine), (viewer.nickname, name)
        for name in names(up):
            assert name in html, (viewer.nickname, name)
        assert html.count('aria-label="face-down card"') >= face_down, viewer.nickname


def assert_all_cards_shown(fragments, *hands):
    html = "".join(fragments.values())
    for hand in hands:
        for name in names(hand):
            assert name in html, name


def assert_refused(play, player, cases):
    """Each (message, words): the runtime refuses the message with those words."""
    for message, words in cases:
        with pytest.raises(Refused, match=words):
            play.act(player, **message)


def assert_refused_while_deciding(play, player, cases, stale):
    """The clock closes the betting and deals; with ``player`` to decide,
    each (message, words) is refused with those words, and ``stale`` (a
    decision message) as one of the round before; nothing changes."""
    play.tick()
    play.tick()
    assert play.runtime.state.phase == "deciding"
    before = play.runtime.version
    assert_refused(play, player, cases)
    with pytest.raises(Refused, match="the table is on round 1 now"):
        play.runtime.act(player.pk, player.nickname, {**stale, "round": 0})
    assert play.runtime.version == before
    assert_ledger_balanced()


def assert_beyond_the_balance_refused(play, area, chips):
    ann = play.players[0]
    version = play.runtime.version
    with pytest.raises(Refused, match="enough"):
        play.bet(ann, area, chips)
    assert play.runtime.version == version and balance_of(ann, test=True) == START_CENTS


def assert_books_closed():
    """The ledger sums to zero, no chip is left in escrow, every meter reconciles."""
    assert_ledger_balanced()
    assert not Account.objects.filter(kind=Account.ESCROW).exclude(balance=0).exists()
    assert audit.reconcile(list(Meter.objects.all())) == []


def assert_meter_paid(kind, seed_cents, paid_cents):
    """The meter of ``kind`` paid one award of ``paid_cents`` through the ledger and is back at its seed."""
    meter = Meter.objects.get(kind=kind)
    assert api.read([meter])[0].cents == seed_cents  # reset to its seed after the award
    assert MeterEvent.objects.get(meter=meter, kind="award").paid_cents == paid_cents
    assert Entry.objects.filter(transaction__memo__contains=f"{kind} meter", amount=paid_cents).exists()


def mystery_hits_first():
    """Sets the Mystery meter's trigger a hair above its seed, so that the first qualifying wager wins it."""
    mystery = Meter.objects.get(kind="must_hit_by")
    meter_state = api.state(mystery.pk)
    meter_state["trigger"] = 10_000 * UNITS_PER_CENT + 1
    api.load(mystery.pk, meter_state, [f"{meter_state['trigger_seq'] + 1}:{15_000 * UNITS_PER_CENT}"])
    return mystery


def play_seeded_rounds(play, choices, rounds, place_bets, decide):
    """``rounds`` rounds: ``place_bets(player)`` for each player, then the
    seat to decide decides (``decide(player, state)``) seven times in ten, the
    clock runs out otherwise, until the next round begins."""
    for _ in range(rounds):
        for player in play.players:
            place_bets(player)
        start = play.runtime.round
        for _step in range(20):
            state = play.runtime.state
            if state.phase == "deciding" and choices.random() < 0.7:
                decide(play.seat_holder(state), state)
                continue
            play.tick()
            if play.runtime.round > start:
                break
        else:
            raise AssertionError(f"round {play.runtime.round} never ended: {play.runtime.state.phase}")


def assert_seeded_books(table, kind, progressive, mystery_contributions, rounds=30):
    """After seeded rounds: the books closed, each progressive wager one
    contribution to its meter, the Mystery meter's contributions as the game's
    (c)(1) qualifies them, its hit paid, every round's record replaying to the
    identical outcome (manage.py replay)."""
    assert_ledger_balanced()
    assert not Account.objects.filter(kind=Account.ESCROW).exclude(balance=0).exists()
    meter, mystery = Meter.objects.get(kind=kind), Meter.objects.get(kind="must_hit_by")
    assert MeterEvent.objects.filter(meter=meter, kind="contribution").count() == progressive
    assert MeterEvent.objects.filter(meter=mystery, kind="contribution").count() == mystery_contributions
    assert audit.reconcile([meter, mystery]) == []
    hit = MeterEvent.objects.get(meter=mystery, kind="hit")
    assert Entry.objects.filter(transaction__memo__contains="mystery bonus", amount=hit.paid_cents).exists()
    records = list(Round.objects.filter(table=table).order_by("number"))
    assert len(records) == rounds
    for record in records:
        report = replay(record)
        assert report.identical, f"round {record.number}: {report.difference}"


def assert_poker_page(html, seats):
    assert 'id="pk-status"' in html and 'id="pk-dealer"' in html and f'id="pk-seat-{seats}"' in html


def assert_meters_shown(html, meter_name, seed_text):
    """The progressive display says the Mystery bonus is offered (§ (b) of each game); both meters show live."""
    assert 'id="table-meters"' in html and "This table offers the Must-Hit-By Mystery bonus" in html
    assert meter_name in html and seed_text in html


def demo_table(game, meters, limits):
    """The one demo table of ``game`` (demo_tables run twice: idempotent),
    public, with the Mystery bonus, these (kind, paytable, wager) meters and
    this limits line."""
    call_command("demo_tables")
    call_command("demo_tables")  # idempotent
    (table,) = Table.objects.filter(game=game)
    assert not table.is_test and table.rules_config().mystery == 1
    assert sorted(table.meters.values_list("kind", "paytable", "wager_dollars")) == meters
    assert registry.get(game).limits_text(table.rules_config()) == limits
    return table


def admin_form(game, name, max_seats, config):
    """The admin's add form for a table of ``game``, every Rules Submission field at ``config``'s value."""
    form = {"game": game, "name": name, "max_seats": max_seats, "is_open": "on", "seed": ""}
    form.update({f"rules_{field}": value for field, value in config.to_json().items()})
    return form


def assert_admin_refuses(admin_client, form, message):
    response = admin_client.post("/admin/tables/table/add/", form)
    assert response.status_code == 200 and message in response.content.decode()


def admin_adds(admin_client, form):
    """Adds the table through the admin; returns it with its change page, which has one field per setting."""
    response = admin_client.post("/admin/tables/table/add/", form)
    assert response.status_code == 302, response.content.decode()[:2000]
    table = Table.objects.get(name=form["name"])
    html = admin_client.get(f"/admin/tables/table/{table.pk}/change/").content.decode()
    for field in dataclasses.fields(table.rules_config()):  # one per setting of the Rules Submission
        shown = f'name="rules_{field.name}"' in html
        assert shown != bool(field.metadata.get("unused")), field.name  # none for a setting never read
    return table, html


def assert_lobby_last_result(table, player, stack, wager, ticks, expected):
    """The lobby row has no last result until a stacked round of ``player``'s
    ``wager`` (area, chips), ``ticks`` clock runs long, ends; then ``expected``."""
    play = Play(table, [player])
    assert table_row(play.runtime.table)["last_result"] is None
    play.stack(stack)
    play.bet(player, *wager)
    for _ in range(ticks):
        play.tick()
    assert play.runtime.state.phase == "result"
    table.refresh_from_db()
    assert table_row(table)["last_result"] == expected
