"""Caribbean Stud Poker on the real table runtime: its page for players and
spectators (nobody's cards before their time; the dealer's face-up card for
all), a stacked round paying the $1 progressive's meter, the Envy Bonus and
the Mystery bonus meter through casino/progressives, refusals through the
runtime, seeded rounds with the ledger and the meters' books balanced and
every record replayed, the demo table, the admin's Rules Submission."""

import random

import pytest
from django.conf import settings

from casino.progressives import api, audit
from casino.progressives.models import Meter, MeterEvent, TableLink
from casino.progressives.paytables import CARIBBEAN_STUD_SEED_CENTS, UNITS_PER_CENT
from casino.tables import registry
from casino.tables.models import Round, Table
from casino.tables.replay import replay
from casino.tables.runtime import Refused
from casino.wallet.ledger import balance_of
from casino.wallet.models import Account, Entry
from games.caribbean_stud import presenter, rules
from tests.conftest import assert_ledger_balanced
from tests.test_spanish21_table import page
from tests.test_three_card_poker_table import Play, names

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

FAST = {"betting_seconds": 5, "deal_seconds": 1, "decision_seconds": 20, "result_seconds": 5}
# Ann (seat 1): a royal flush; Bob (seat 2): three 9s; the dealer: A-K-8-7-4, the A♦ face up.
ANN, BOB, DEALER_DOWN, DEALER_UP = "AS KS QS JS TS", "9H 9D 9C 2C 3D", "KD 7C 4H 8S", "AD"


@pytest.fixture
def table(make_player, clean_redis):
    def make(meters=True, seed=None, **config):
        table = Table.objects.create(
            game="caribbean_stud",
            name="Caribbean Stud test",
            config={**FAST, **config},
            is_test=True,
            seed=seed,
            max_seats=7,
        )
        if meters:
            progressive = Meter.objects.create(name="Caribbean", kind="caribbean_stud", wager_dollars=1)
            mystery = Meter.objects.create(name="Mystery", kind="must_hit_by", paytable="A", wager_dollars=1)
            for meter in (progressive, mystery):
                TableLink.objects.create(meter=meter, table=table)
            api.open_meter(progressive)
            api.open_meter(mystery, rng=random.Random(1))
        return table

    return make


def designer_stack(play, text):
    """The stack a designer types, straight into the rules (the designer check is the runtime's)."""
    snapshot = dict(play.runtime.snapshot)
    state = rules.stack(play.runtime.state, play.runtime.config, text, random.Random(3))
    snapshot["game"] = state.to_json()
    play.runtime.snapshot = snapshot


def test_a_stacked_round_pays_the_meter_the_envy_and_hides_cards_until_their_time(table, make_player):
    ann, bob, spy = make_player("Ann"), make_player("Bob"), make_player("Spy")
    play = Play(table(royal_flush_envy_bonus=250), [ann, bob])
    designer_stack(play, f"{ANN} {BOB} {DEALER_DOWN} {DEALER_UP}")
    for player in (ann, bob):
        play.bet(player, "ante", 10)
        play.bet(player, "progressive", 1)
    play.tick()  # no more bets: both progressive wagers locked, two Mystery contributions
    play.tick()  # the deal
    state = play.runtime.state
    assert state.phase == "deciding" and state.turn == 1
    for viewer, mine in ((ann, ANN), (bob, BOB), (spy, "")):
        html = "".join(play.render(viewer).values())
        for hand in (ANN, BOB, DEALER_DOWN):
            for name in names(hand):
                assert (name in html) == (hand == mine), (viewer.nickname, name)
        assert names(DEALER_UP)[0] in html  # rule 5: the dealer's last card is dealt face up
        assert html.count('aria-label="face-down card"') >= 4
    mine = play.render(ann)["pk-me"]
    for key in ("B", "F"):
        assert f'data-key="{key}"' in mine
    assert 'data-action="raise"' in mine and 'data-action="fold"' in mine and "Royal flush" in mine
    assert 'data-action="raise"' not in play.render(bob)["pk-me"]

    with pytest.raises(Refused, match="seat 1's turn, not yours"):
        play.act(bob, "raise")
    with pytest.raises(Refused, match="locked for this round"):
        play.bet(ann, "progressive", 1)
    play.act(ann, "raise")
    play.act(bob, "raise")
    assert play.runtime.state.phase == "result"

    seed = CARIBBEAN_STUD_SEED_CENTS + 2 * 15  # the meter's seed and 15% of the two $1 wagers
    # Ann: Ante 1 to 1 and the Bet's 100 to 1 on 20 against a qualifying A-K, the meter for her
    # royal, less her $1. Bob: three 9s beat A-K (Ante 1 to 1, Bet 3 to 1), his $1 lost, 250 Envy.
    ann_net = (10 + 2_000 - 1) * 100 + seed
    bob_net = (10 + 60 - 1 + 250) * 100
    start = settings.TEST_START_CHIPS * 100
    assert balance_of(ann, test=True) == start + ann_net
    assert balance_of(bob, test=True) == start + bob_net
    meter = Meter.objects.get(kind="caribbean_stud")
    assert api.read([meter])[0].cents == CARIBBEAN_STUD_SEED_CENTS  # reset to its seed after the award
    assert MeterEvent.objects.get(meter=meter, kind="award").paid_cents == seed
    assert Entry.objects.filter(transaction__memo__contains="caribbean_stud meter", amount=seed).exists()
    public = play.render(spy)
    assert "Dealer: A-K-8-7-4 high: qualifies" in public["pk-status"]
    assert "Progressive, royal flush, 100% of the meter." in public["pk-log"]
    assert "Envy for seat 1&#x27;s royal flush: +250." in public["pk-log"]
    for hand in (ANN, BOB, DEALER_DOWN):
        for name in names(hand):
            assert name in "".join(public.values())
    assert presenter.last_result(play.runtime.state.to_json()) == "Dealer A-K-8-7-4 high: qualifies"
    assert_ledger_balanced()
    assert not Account.objects.filter(kind=Account.ESCROW).exclude(balance=0).exists()
    assert audit.reconcile(list(Meter.objects.all())) == []


def test_two_royal_flushes_in_one_round_share_the_meter(table, make_player):
    # rules/caribbean_stud.md Defaults: several royal flushes share the meter value at the first payment.
    ann, bob = make_player("Ann"), make_player("Bob")
    play = Play(table(), [ann, bob])
    designer_stack(play, f"{ANN} AH KH QH JH TH {DEALER_DOWN} {DEALER_UP}")
    for player in (ann, bob):
        play.bet(player, "ante", 5)
        play.bet(player, "progressive", 1)
    play.tick()
    play.tick()
    play.act(ann, "raise")
    play.act(bob, "fold")  # a royal flush folded forfeits its progressive wager (rule 6)
    assert play.runtime.state.phase == "result"
    meter = CARIBBEAN_STUD_SEED_CENTS + 2 * 15
    start = settings.TEST_START_CHIPS * 100
    assert balance_of(ann, test=True) == start + (5 + 1_000 - 1) * 100 + meter  # Bet 10 at 100 to 1
    assert balance_of(bob, test=True) == start - (5 + 1) * 100
    assert MeterEvent.objects.get(kind="award").paid_cents == meter
    play.tick()  # the next round: both royal flushes again, both played
    designer_stack(play, f"{ANN} AH KH QH JH TH {DEALER_DOWN} {DEALER_UP}")
    for player in (ann, bob):
        play.bet(player, "ante", 5)
        play.bet(player, "progressive", 1)
    play.tick()
    play.tick()
    play.act(ann, "raise")
    play.act(bob, "raise")
    meter = CARIBBEAN_STUD_SEED_CENTS + 2 * 15
    paid = sorted(MeterEvent.objects.filter(kind="award").values_list("paid_cents", flat=True))
    assert sum(paid[:2]) == meter and abs(paid[0] - paid[1]) <= 1, paid
    assert_ledger_balanced()
    assert audit.reconcile(list(Meter.objects.all())) == []


def test_refusals_through_the_runtime_change_nothing(table, make_player):
    play = Play(table(), [make_player("Ann")])
    ann = play.players[0]
    version = play.runtime.version
    for message, words in (
        ({"action": "bet", "spot": "progressive", "amount": "1"}, "Place the Ante wager first"),
        ({"action": "bet", "spot": "ante", "amount": "600"}, "5 to 500 chips; 600 is not"),
        ({"action": "raise"}, "No decision is being taken now"),
        ({"action": "bet", "spot": "bet", "amount": "10"}, "no betting area 'bet'"),
        ({"action": "play"}, "Unknown action 'play'"),
    ):
        with pytest.raises(Refused, match=words):
            play.act(ann, **message)
    play.bet(ann, "ante", 5)
    with pytest.raises(Refused, match="exactly 1 chip"):
        play.bet(ann, "progressive", 2)
    assert play.runtime.version == version + 1  # only Ann's Ante went on
    play.tick()
    play.tick()
    assert play.runtime.state.phase == "deciding"
    before = play.runtime.version
    for message, words in (
        ({"action": "raise", "multiple": "3"}, "Bet is 2× the Ante; not 3×"),
        ({"action": "raise", "multiple": "abc"}, "A multiple is a whole number"),
        ({"action": "fold", "multiple": "2"}, "Fold takes no multiple"),
        ({"action": "bet", "spot": "ante", "amount": "5"}, "No more bets: wait for the next round"),
        ({"action": "bet", "spot": "progressive", "amount": "1"}, "locked for this round"),
    ):
        with pytest.raises(Refused, match=words):
            play.act(ann, **message)
    with pytest.raises(Refused, match="the table is on round 1 now"):
        play.runtime.act(ann.pk, "Ann", {"action": "raise", "round": 0})
    assert play.runtime.version == before
    assert_ledger_balanced()


def test_an_ante_beyond_the_balance_is_refused(table, make_player):
    play = Play(table(max_bet=1_000_000), [make_player("Ann")])
    ann = play.players[0]
    version = play.runtime.version
    with pytest.raises(Refused, match="enough"):
        play.bet(ann, "ante", settings.TEST_START_CHIPS + 1)
    assert play.runtime.version == version and balance_of(ann, test=True) == settings.TEST_START_CHIPS * 100


def test_seeded_rounds_keep_the_ledger_and_the_meters_books(table, make_player):
    csp = table(seed=639, straight_flush_envy_bonus=50)
    mystery = Meter.objects.get(kind="must_hit_by")
    # A trigger a hair above the seed: the first qualifying wager wins the bonus.
    meter_state = api.state(mystery.pk)
    meter_state["trigger"] = 10_000 * UNITS_PER_CENT + 1
    api.load(mystery.pk, meter_state, [f"{meter_state['trigger_seq'] + 1}:{15_000 * UNITS_PER_CENT}"])
    players = [make_player(name) for name in ("Ann", "Bob", "Cy")]
    play = Play(csp, players)
    choices = random.Random(41)
    progressive = 0
    for _ in range(30):
        for player in players:
            if choices.random() < 0.8:
                play.bet(player, "ante", choices.choice([5, 10]))
                if choices.random() < 0.6:
                    play.bet(player, "progressive", 1)
                    progressive += 1
        start = play.runtime.round
        for _step in range(20):
            state = play.runtime.state
            if state.phase == "deciding" and choices.random() < 0.7:
                player = next(p for p in players if p.pk == state.spot(state.turn)["player"])
                play.act(player, "fold" if choices.random() < 0.4 else "raise")
                continue
            play.tick()
            if play.runtime.round > start:
                break
        else:
            raise AssertionError(f"round {play.runtime.round} never ended: {play.runtime.state.phase}")
    assert_ledger_balanced()
    assert not Account.objects.filter(kind=Account.ESCROW).exclude(balance=0).exists()
    meter = Meter.objects.get(kind="caribbean_stud")
    assert MeterEvent.objects.filter(meter=meter, kind="contribution").count() == progressive
    # § 639c.1(c)(1): a progressive wager (always beside an Ante) feeds the Mystery meter.
    assert MeterEvent.objects.filter(meter=mystery, kind="contribution").count() == progressive
    assert audit.reconcile([meter, mystery]) == []
    hit = MeterEvent.objects.get(meter=mystery, kind="hit")
    assert Entry.objects.filter(transaction__memo__contains="mystery bonus", amount=hit.paid_cents).exists()
    records = list(Round.objects.filter(table=csp).order_by("number"))
    assert len(records) == 30
    for record in records:
        report = replay(record)
        assert report.identical, f"round {record.number}: {report.difference}"


def test_the_page_renders_for_a_player_and_a_spectator(table, make_player):
    csp = table()
    ann, spy = make_player("Ann"), make_player("Spy")
    for html in (page(csp, ann), page(csp, spy)):
        assert 'id="pk-status"' in html and 'id="pk-dealer"' in html and 'id="pk-seat-7"' in html
        assert "The dealer needs ace-king or better" in html
        assert "royal flush 100 to 1" in html
    # § 639c.1(b): the progressive display says the Mystery bonus is offered; both meters show live.
    html = page(csp, ann)
    assert 'id="table-meters"' in html and "This table offers the Must-Hit-By Mystery bonus" in html
    assert "Caribbean" in html and "10,000" in html


def test_without_a_linked_meter_the_progressive_area_does_not_show(table, make_player):
    play = Play(table(meters=False), [make_player("Ann")])
    mine = play.render(play.players[0])["pk-me"]
    assert 'data-area="ante"' in mine
    assert 'data-area="progressive"' not in mine


def test_the_demo_has_a_caribbean_stud_table_on_its_own_meters(clean_redis):
    from django.core.management import call_command

    call_command("demo_tables")
    call_command("demo_tables")  # idempotent
    (csp,) = Table.objects.filter(game="caribbean_stud")
    assert not csp.is_test and csp.rules_config().mystery == 1 and csp.rules_config().progressive == 1
    kinds = sorted(csp.meters.values_list("kind", "paytable", "wager_dollars"))
    assert kinds == [("caribbean_stud", "", 1), ("must_hit_by", "A", 1)]
    for other in Table.objects.exclude(game="caribbean_stud"):
        assert set(csp.meters.all()).isdisjoint(other.meters.all())
    assert registry.get("caribbean_stud").limits_text(csp.rules_config()) == "5–500 Ante · Progressive $1"


def test_the_admin_has_every_setting_and_the_lobby_row_the_last_result(
    admin_client, clean_redis, make_player
):
    from casino.lobby.rows import table_row
    from games.caribbean_stud.rules import Config

    form = {"game": "caribbean_stud", "name": "Admin CSP", "max_seats": 7, "is_open": "on", "seed": ""}
    form.update({f"rules_{name}": value for name, value in Config().to_json().items()})
    response = admin_client.post("/admin/tables/table/add/", {**form, "rules_bet_paytable": 7})
    assert response.status_code == 200
    assert "Choose Bet paytable 1 (100-50-20-7-5-4-3-2-1)." in response.content.decode()
    response = admin_client.post("/admin/tables/table/add/", {**form, "rules_royal_flush_envy_bonus": 100})
    assert response.status_code == 302, response.content.decode()[:2000]
    csp = Table.objects.get(name="Admin CSP")
    assert csp.rules_config().envy_cents == {"royal_flush": 10_000}
    html = admin_client.get(f"/admin/tables/table/{csp.pk}/change/").content.decode()
    for name in Config().to_json():  # one field per setting of the Rules Submission
        assert f'name="rules_{name}"' in html, name
    play = Play(csp, [make_player("Ann")])
    assert table_row(play.runtime.table)["last_result"] is None
    designer_stack(play, "2C 5D 8S QH 6D 4C 9H TH 3S KD")
    play.bet(play.players[0], "ante", 5)
    play.tick()  # no more bets
    play.tick()  # the deal
    play.tick()  # the clock folds
    assert play.runtime.state.phase == "result"
    csp.refresh_from_db()
    assert table_row(csp)["last_result"] == "Dealer K-10-9-4-3 high: does not qualify"
