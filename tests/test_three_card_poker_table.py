"""Three Card Poker on the real table runtime: its page for players and
spectators (nobody's cards before their time), a stacked round with the
linked Three-Card progressive and Mystery bonus meters through
casino/progressives, refusals through the runtime, seeded rounds with the
ledger and the meters' books balanced, the demo table."""

import random

import pytest
from django.conf import settings

from casino.progressives import api, audit
from casino.progressives.models import Meter, MeterEvent, TableLink
from casino.progressives.paytables import UNITS_PER_CENT
from casino.tables import registry
from casino.tables.models import Round, Table
from casino.tables.rendering import render_private, render_public, table_meta
from casino.tables.replay import replay
from casino.tables.runtime import Refused, TableRuntime
from casino.wallet.ledger import balance_of
from casino.wallet.models import Account, Entry
from games.cards.cards import card
from games.three_card_poker import presenter, rules
from tests.conftest import assert_ledger_balanced
from tests.test_runtime import Clock
from tests.test_spanish21_table import page

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

FAST = {"betting_seconds": 5, "deal_seconds": 1, "decision_seconds": 20, "result_seconds": 5}
# Ann (seat 1): the spade mini-royal; Bob (seat 2): a pair of 9s; the dealer: K-7-4.
ANN, BOB, DEALER = "AS KS QS", "9H 9D 2C", "KD 7C 4H"


def names(hand):
    return [card(item).name for item in hand.split()]


@pytest.fixture
def table(make_player, clean_redis):
    def make(meters=True, seed=None, **config):
        table = Table.objects.create(
            game="three_card_poker",
            name="Three Card test",
            config={**FAST, **config},
            is_test=True,
            seed=seed,
            max_seats=6,
        )
        if meters:
            three = Meter.objects.create(name="Three-Card", kind="three_card", wager_dollars=1)
            mystery = Meter.objects.create(name="Mystery", kind="must_hit_by", paytable="A", wager_dollars=1)
            for meter in (three, mystery):
                TableLink.objects.create(meter=meter, table=table)
            api.open_meter(three)
            api.open_meter(mystery, rng=random.Random(1))
        return table

    return make


class Play:
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

    def render(self, viewer=None):
        meta = table_meta(self.table)
        snapshot, config, version = self.runtime.snapshot, self.table.config, self.runtime.version
        fragments = dict(render_public(meta, snapshot, config, version, cached=False))
        balance = balance_of(viewer, test=True) if viewer else None
        fragments.update(
            render_private(meta, snapshot, config, version, viewer.pk if viewer else None, balance)
        )
        return fragments


def stacked_round(table, make_player):
    ann, bob = make_player("Ann"), make_player("Bob")
    play = Play(table, [ann, bob])
    designer_stack(play, f"{ANN} {BOB} {DEALER}")
    play.bet(ann, "ante", 10)
    play.bet(ann, "pair_plus", 5)
    play.bet(ann, "three_card", 1)
    play.bet(bob, "ante", 10)
    play.bet(bob, "three_card", 1)
    return play, ann, bob


def designer_stack(play, text):
    """The stack a designer types, straight into the rules (the designer check is the runtime's, tested elsewhere)."""
    snapshot = dict(play.runtime.snapshot)
    state = rules.stack(play.runtime.state, play.runtime.config, text, random.Random(3))
    snapshot["game"] = state.to_json()
    play.runtime.snapshot = snapshot


def test_a_stacked_round_pays_the_meter_the_envy_and_hides_cards_until_their_time(table, make_player):
    play, ann, bob = stacked_round(table(), make_player)
    spy = make_player("Spy")
    play.tick()  # no more bets: both progressive wagers locked, two Mystery contributions
    play.tick()  # the deal
    state = play.runtime.state
    assert state.phase == "deciding" and state.turn == 1
    for viewer, mine in ((ann, ANN), (bob, BOB), (spy, "")):
        shown = play.render(viewer)
        html = "".join(shown.values())
        for hand in (ANN, BOB, DEALER):
            for name in names(hand):
                assert (name in html) == (hand == mine), (viewer.nickname, name)
        assert html.count('aria-label="face-down card"') >= 6
    mine = play.render(ann)["pk-me"]
    assert 'data-action="play"' in mine and 'data-key="P"' in mine and 'data-action="fold"' in mine
    assert "Mini-royal" in mine
    assert 'data-action="play"' not in play.render(bob)["pk-me"]
    assert "Ann to decide (seat 1)" in play.render(spy)["pk-status"]

    with pytest.raises(Refused, match="seat 1's turn, not yours"):
        play.act(bob, "play")
    with pytest.raises(Refused, match="Seat 1 is not yours"):
        play.act(bob, "play", seat="1")
    with pytest.raises(Refused, match="the table is on round 1 now"):
        play.runtime.act(ann.pk, "Ann", {"action": "play", "round": 0})
    with pytest.raises(Refused, match="locked for this round"):
        play.bet(ann, "three_card", 1)
    play.act(ann, "play")
    play.act(bob, "play")
    assert play.runtime.state.phase == "result"

    seed = 1_000_00 + 2 * 20  # the meter's $1,000 seed and 20% of the two $1 wagers
    # In cents: Ann's Ante and Play 1 to 1, Ante Bonus 5 to 1, Pair Plus 40 to 1, the meter, no
    # Envy (Bob has no mini-royal), less her $1 progressive; Bob's pair of 9s beats K-7-4 (Ante
    # and Play 1 to 1), his progressive loses, and he is paid $100 Envy for Ann's spade mini-royal.
    ann_net = (10 + 10 + 50 + 5 * 40 - 1) * 100 + seed
    bob_net = (10 + 10 - 1 + 100) * 100
    start = settings.TEST_START_CHIPS * 100
    assert balance_of(ann, test=True) == start + ann_net
    assert balance_of(bob, test=True) == start + bob_net
    three = Meter.objects.get(kind="three_card")
    assert api.read([three])[0].cents == 1_000_00  # reset to its seed after the 100% award
    award = MeterEvent.objects.get(meter=three, kind="award")
    assert award.paid_cents == seed
    assert Entry.objects.filter(transaction__memo__contains="three_card meter", amount=seed).exists()
    public = play.render(spy)
    assert "Dealer: K-7-4 high, qualifies" in public["pk-status"]
    assert (
        "Seat 1: mini-royal, Three-Card progressive, mini-royal in spades, 100% of the meter."
        in public["pk-log"]
    )
    assert "Seat 2: pair of 9s, Envy for seat 1&#x27;s mini-royal in spades: +100." in public["pk-log"]
    for hand in (ANN, BOB, DEALER):
        for name in names(hand):
            assert name in "".join(public.values())
    assert presenter.last_result(play.runtime.state.to_json()) == "Dealer K-7-4 high"
    assert_ledger_balanced()
    assert not Account.objects.filter(kind=Account.ESCROW).exclude(balance=0).exists()
    assert audit.reconcile(list(Meter.objects.all())) == []


def test_refusals_through_the_runtime_change_nothing(table, make_player):
    play = Play(table(), [make_player("Ann"), make_player("Bob")])
    ann, bob = play.players
    version = play.runtime.version
    for message, words in (
        ({"action": "bet", "spot": "six_card", "amount": "5"}, "Place the Ante or Pair Plus wager first"),
        ({"action": "bet", "spot": "ante", "amount": "600"}, "5 to 500 chips; 600 is not"),
        ({"action": "bet", "spot": "ante", "amount": "10000000"}, "The Ante wager is 5 to 500"),
        ({"action": "play"}, "No decision is being taken now"),
        ({"action": "bet", "spot": "nowhere", "amount": "5"}, "no betting area 'nowhere'"),
    ):
        with pytest.raises(Refused, match=words):
            play.act(ann, **message)
    with pytest.raises(Refused, match="every action must carry the round id"):
        play.runtime.act(ann.pk, "Ann", {"action": "bet", "spot": "ante", "amount": "5"})
    play.bet(ann, "ante", 5)
    with pytest.raises(Refused, match="exactly 1 chip"):
        play.bet(ann, "three_card", 5)
    with pytest.raises(Refused, match="Take a seat to play"):
        play.runtime.act(
            make_player("Spy").pk, "Spy", {"action": "bet", "spot": "ante", "amount": "5", "round": 1}
        )
    assert play.runtime.version == version + 1  # only Ann's Ante went on
    assert_ledger_balanced()


def test_a_wager_beyond_the_balance_is_refused(table, make_player):
    play = Play(table(max_bet=1_000_000), [make_player("Ann")])
    ann = play.players[0]
    version = play.runtime.version
    with pytest.raises(Refused, match="enough"):
        play.bet(ann, "ante", settings.TEST_START_CHIPS + 1)
    assert play.runtime.version == version and balance_of(ann, test=True) == settings.TEST_START_CHIPS * 100


def test_seeded_rounds_keep_the_ledger_and_the_meters_books(table, make_player):
    tcp = table(seed=649)
    mystery = Meter.objects.get(kind="must_hit_by")
    # A trigger a hair above the seed: the first qualifying wager wins the bonus.
    meter_state = api.state(mystery.pk)
    meter_state["trigger"] = 10_000 * UNITS_PER_CENT + 1
    api.load(mystery.pk, meter_state, [f"{meter_state['trigger_seq'] + 1}:{15_000 * UNITS_PER_CENT}"])
    players = [make_player(name) for name in ("Ann", "Bob", "Cy")]
    play = Play(tcp, players)
    choices = random.Random(14)
    progressive, qualifying = 0, 0
    for _ in range(30):
        for player in players:
            ante = choices.random() < 0.8
            if ante:
                play.bet(player, "ante", choices.choice([5, 10]))
            if not ante or choices.random() < 0.5:
                play.bet(player, "pair_plus", 5)
            if choices.random() < 0.4:
                play.bet(player, "six_card", 5)
            if choices.random() < 0.6:
                play.bet(player, "three_card", 1)
                progressive += 1
                qualifying += ante
        start = play.runtime.round
        for _step in range(20):
            state = play.runtime.state
            if state.phase == "deciding" and choices.random() < 0.7:
                player = next(p for p in players if p.pk == state.spot(state.turn)["player"])
                play.act(player, choices.choice(["play", "fold"]))
                continue
            play.tick()
            if play.runtime.round > start:
                break
        else:
            raise AssertionError(f"round {play.runtime.round} never ended: {play.runtime.state.phase}")
    assert_ledger_balanced()
    assert not Account.objects.filter(kind=Account.ESCROW).exclude(balance=0).exists()
    three = Meter.objects.get(kind="three_card")
    assert MeterEvent.objects.filter(meter=three, kind="contribution").count() == progressive
    # § 649c.1(c)(1): only a progressive wager beside an Ante feeds the Mystery meter.
    assert MeterEvent.objects.filter(meter=mystery, kind="contribution").count() == qualifying
    assert audit.reconcile([three, mystery]) == []
    hit = MeterEvent.objects.get(meter=mystery, kind="hit")
    assert Entry.objects.filter(transaction__memo__contains="mystery bonus", amount=hit.paid_cents).exists()
    # Every round's record replays to the identical outcome (manage.py replay).
    records = list(Round.objects.filter(table=tcp).order_by("number"))
    assert len(records) == 30
    for record in records:
        report = replay(record)
        assert report.identical, f"round {record.number}: {report.difference}"


def test_without_a_linked_meter_the_progressive_areas_do_not_show(table, make_player):
    play = Play(table(meters=False), [make_player("Ann")])
    mine = play.render(play.players[0])["pk-me"]
    assert 'data-area="ante"' in mine and 'data-area="pair_plus"' in mine and 'data-area="six_card"' in mine
    assert 'data-area="three_card"' not in mine
    # Undo, rebet and double (games/betting.py), with their keys, as at every game.
    assert 'data-tool="undo"' in mine and 'data-tool="rebet"' in mine and 'data-tool="double_bets"' in mine


def test_the_page_renders_for_a_player_and_a_spectator(table, make_player):
    tcp = table()
    ann, spy = make_player("Ann"), make_player("Spy")
    for html in (page(tcp, ann), page(tcp, spy)):
        assert 'id="pk-status"' in html and 'id="pk-dealer"' in html and 'id="pk-seat-6"' in html
        assert "css/poker.css" in html and "Place your bets" in html
        assert "The dealer qualifies with queen-high or better." in html
        assert "Pair Plus pays 40-30-6-4-1 to 1" in html
    assert "Take a seat" in page(tcp, ann)
    # § 649c.1(b): the progressive display says the Mystery bonus is offered; both meters show live.
    html = page(tcp, ann)
    assert 'id="table-meters"' in html and "This table offers the Must-Hit-By Mystery bonus" in html
    assert "Three-Card" in html and "1,000" in html


def test_bad_messages_are_refused(table, make_player):
    play = Play(table(), [make_player("Ann")])
    ann = play.players[0]
    play.bet(ann, "ante", 5)
    play.tick()
    play.tick()
    assert play.runtime.state.phase == "deciding"
    for message, words in (
        ({"action": "play", "multiple": "abc"}, "A multiple is a whole number"),
        ({"action": "play", "multiple": "١"}, "A multiple is a whole number"),
        ({"action": "play", "multiple": "2"}, "Play is 1× the Ante; not 2×"),
        ({"action": "raise"}, "Unknown action 'raise'"),
        ({"action": "bet", "spot": "ante", "amount": "5"}, "No more bets: wait for the next round"),
    ):
        with pytest.raises(Refused, match=words):
            play.act(ann, **message)


def test_the_demo_has_a_three_card_poker_table_with_its_own_meters(clean_redis):
    from django.core.management import call_command

    call_command("demo_tables")
    call_command("demo_tables")  # idempotent
    (tcp,) = Table.objects.filter(game="three_card_poker")
    assert not tcp.is_test and tcp.rules_config().mystery == 1
    kinds = sorted(tcp.meters.values_list("kind", "paytable", "wager_dollars"))
    assert kinds == [("must_hit_by", "A", 1), ("three_card", "", 1)]
    pai_gow = Table.objects.get(game="pai_gow")
    # Each game's Mystery bonus has a meter of its own (rules/README.md, "Meter scope").
    assert set(tcp.meters.all()).isdisjoint(pai_gow.meters.all())
    assert registry.get("three_card_poker").limits_text(tcp.rules_config()) == (
        "5–500 Ante · Pair Plus, Six Card Bonus up to 100 · Three-Card progressive $1"
    )


def test_the_admin_has_every_setting_and_the_lobby_row_the_last_result(
    admin_client, clean_redis, make_player
):
    from casino.lobby.rows import table_row
    from games.three_card_poker.rules import Config

    form = {"game": "three_card_poker", "name": "Admin TCP", "max_seats": 6, "is_open": "on", "seed": ""}
    form.update({f"rules_{name}": value for name, value in Config().to_json().items()})
    response = admin_client.post("/admin/tables/table/add/", {**form, "rules_pair_plus_paytable": 7})
    assert response.status_code == 200 and "Choose Pair Plus paytable 1, 2 or 3." in response.content.decode()
    response = admin_client.post("/admin/tables/table/add/", {**form, "rules_pair_plus_paytable": 2})
    assert response.status_code == 302, response.content.decode()[:2000]
    tcp = Table.objects.get(name="Admin TCP")
    assert tcp.rules_config().pair_plus_name == "40-30-6-3-1"
    page = admin_client.get(f"/admin/tables/table/{tcp.pk}/change/").content.decode()
    for name in Config().to_json():  # one field per setting of the Rules Submission
        assert f'name="rules_{name}"' in page, name
    assert 'name="rules_pair_plus_paytable" value="2"' in page
    play = Play(tcp, [make_player("Ann")])
    assert table_row(play.runtime.table)["last_result"] is None
    designer_stack(play, "2C 5D 8S QH 6D 4C")
    play.bet(play.players[0], "pair_plus", 5)
    play.tick()
    play.tick()
    assert play.runtime.state.phase == "result"
    tcp.refresh_from_db()
    assert table_row(tcp)["last_result"] == "Dealer Q-6-4 high"
