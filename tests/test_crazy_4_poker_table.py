"""Crazy 4 Poker on the real table runtime: its page for players and
spectators (nobody's cards before their time), a stacked round with the
linked Five-Card progressive, its Envy and the Mystery bonus meter through
casino/progressives, refusals through the runtime, seeded rounds with the
ledger and the meters' books balanced and every record replayed, the demo
table on the Five-Card meter it shares with Four Card Poker, the admin's
Rules Submission."""

import random

import pytest
from django.conf import settings

from casino.progressives import api, audit
from casino.progressives.models import Meter, MeterEvent, TableLink
from casino.progressives.paytables import FIVE_CARD_SEED_CENTS, UNITS_PER_CENT
from casino.tables import registry
from casino.tables.models import Round, Table
from casino.tables.replay import replay
from casino.tables.runtime import Refused
from casino.wallet.ledger import balance_of
from casino.wallet.models import Account, Entry
from games.crazy_4_poker import presenter, rules
from tests.conftest import assert_ledger_balanced, staked
from tests.test_spanish21_table import page
from tests.test_three_card_poker_table import Play, names

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

FAST = {"betting_seconds": 5, "deal_seconds": 1, "decision_seconds": 20, "result_seconds": 5}
# Ann (seat 1): a royal flush; Bob (seat 2): three 9s; the dealer: K-8-7-5 high, which qualifies.
ANN, BOB, DEALER = "AS KS QS JS TS", "9H 9D 9C 2C 3D", "KD 8C 7H 5S 4D"


@pytest.fixture
def table(make_player, clean_redis):
    def make(meters=True, seed=None, **config):
        table = Table.objects.create(
            game="crazy_4_poker",
            name="Crazy 4 test",
            config={**FAST, **config},
            is_test=True,
            seed=seed,
            max_seats=6,
        )
        if meters:
            five = Meter.objects.create(name="Five-Card", kind="five_card", wager_dollars=5)
            mystery = Meter.objects.create(name="Mystery", kind="must_hit_by", paytable="A", wager_dollars=5)
            for meter in (five, mystery):
                TableLink.objects.create(meter=meter, table=table)
            api.open_meter(five)
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
    play = Play(table(), [ann, bob])
    designer_stack(play, f"{ANN} {BOB} {DEALER}")
    play.bet(ann, "ante", 10)
    play.bet(ann, "queens_up", 5)
    play.bet(ann, "five_card", 5)
    play.bet(bob, "ante", 10)
    play.bet(bob, "five_card", 5)
    seats = play.render(spy)
    assert staked(seats["pk-seat-1"], "Super Bonus", 10)  # placed with the Ante, at its amount
    play.tick()  # no more bets: both progressive wagers locked, two Mystery contributions
    play.tick()  # the deal
    state = play.runtime.state
    assert state.phase == "deciding" and state.turn == 1
    for viewer, mine in ((ann, ANN), (bob, BOB), (spy, "")):
        html = "".join(play.render(viewer).values())
        for hand in (ANN, BOB, DEALER):
            for name in names(hand):
                assert (name in html) == (hand == mine), (viewer.nickname, name)
        assert html.count('aria-label="face-down card"') >= 10
    mine = play.render(ann)["pk-me"]
    for key in ("1", "3", "F"):
        assert f'data-key="{key}"' in mine
    assert "Play 3×" in mine and "Play 1×" in mine and "Straight flush" in mine
    assert 'data-action="play"' not in play.render(bob)["pk-me"]

    with pytest.raises(Refused, match="seat 1's turn, not yours"):
        play.act(bob, "play", multiple="1")
    with pytest.raises(Refused, match="Seat 1 is not yours"):
        play.act(bob, "play", multiple="3", seat="1")  # another seat's decision
    with pytest.raises(Refused, match="locked for this round"):
        play.bet(ann, "five_card", 5)
    play.act(ann, "play", multiple="3")
    play.act(bob, "play", multiple="3")
    assert play.runtime.state.phase == "result"

    seed = FIVE_CARD_SEED_CENTS + 2 * 100  # the meter's seed and 20% of the two $5 wagers
    # Ann beats K-8-7-5: Ante and Play 3× 1 to 1, Queens Up straight flush 40 to 1, Super Bonus
    # straight flush 15 to 1, the meter for her royal, less her $5 progressive. Bob's three 9s:
    # Ante and Play 3× 1 to 1, Super Bonus 2 to 1, his progressive's 9 for 1, $5,000 Envy.
    ann_net = (10 + 30 + 200 + 150 - 5) * 100 + seed
    bob_net = (10 + 30 + 20 + 45 - 5 + 5_000) * 100
    start = settings.TEST_START_CHIPS * 100
    assert balance_of(ann, test=True) == start + ann_net
    assert balance_of(bob, test=True) == start + bob_net
    five = Meter.objects.get(kind="five_card")
    assert api.read([five])[0].cents == FIVE_CARD_SEED_CENTS  # reset to its seed after the 100% award
    assert MeterEvent.objects.get(meter=five, kind="award").paid_cents == seed
    assert Entry.objects.filter(transaction__memo__contains="five_card meter", amount=seed).exists()
    public = play.render(spy)
    assert "Dealer: K-8-7-5 high, qualifies" in public["pk-status"]
    assert "Five-Card progressive, royal flush, 100% of the meter." in public["pk-log"]
    assert "Envy for seat 1&#x27;s royal flush: +5,000." in public["pk-log"]
    assert "Super Bonus, straight flush, 15 to 1: +150" in public["pk-log"]
    for hand in (ANN, BOB, DEALER):
        for name in names(hand):
            assert name in "".join(public.values())
    assert presenter.last_result(play.runtime.state.to_json()) == "Dealer K-8-7-5 high"
    assert_ledger_balanced()
    assert not Account.objects.filter(kind=Account.ESCROW).exclude(balance=0).exists()
    assert audit.reconcile(list(Meter.objects.all())) == []


def test_refusals_through_the_runtime_change_nothing(table, make_player):
    play = Play(table(), [make_player("Ann")])
    ann = play.players[0]
    version = play.runtime.version
    for message, words in (
        ({"action": "bet", "spot": "super_bonus", "amount": "5"}, "Super Bonus is always equal to the Ante"),
        ({"action": "bet", "spot": "queens_up", "amount": "5"}, "Place the Ante wager first"),
        ({"action": "bet", "spot": "five_card", "amount": "5"}, "Place the Ante wager first"),
        ({"action": "bet", "spot": "ante", "amount": "600"}, "5 to 500 chips; 600 is not"),
        ({"action": "play", "multiple": "1"}, "No decision is being taken now"),
        ({"action": "bet", "spot": "play", "amount": "5"}, "no betting area 'play'"),
        ({"action": "raise"}, "Unknown action 'raise'"),
    ):
        with pytest.raises(Refused, match=words):
            play.act(ann, **message)
    play.bet(ann, "ante", 5)
    with pytest.raises(Refused, match="exactly 5 chips"):
        play.bet(ann, "five_card", 1)
    with pytest.raises(Refused, match="5 to 100 chips; 101 is not"):
        play.bet(ann, "queens_up", 101)
    assert play.runtime.version == version + 1  # only Ann's Ante (and its Super Bonus) went on
    designer_stack(play, "KS KH 9D 5C 2S")
    play.tick()
    play.tick()
    assert play.runtime.state.phase == "deciding"
    before = play.runtime.version
    for message, words in (
        ({"action": "play", "multiple": "3"}, "Play is 1× the Ante; not 3×"),  # no pair of aces
        ({"action": "play", "multiple": "abc"}, "A multiple is a whole number"),
        ({"action": "fold", "multiple": "2"}, "Fold takes no multiple"),
        ({"action": "bet", "spot": "ante", "amount": "5"}, "No more bets: wait for the next round"),
        ({"action": "bet", "spot": "five_card", "amount": "5"}, "Five-Card progressive is locked"),
    ):
        with pytest.raises(Refused, match=words):
            play.act(ann, **message)
    with pytest.raises(Refused, match="the table is on round 1 now"):
        play.runtime.act(ann.pk, "Ann", {"action": "play", "round": 0})
    assert play.runtime.version == before
    assert_ledger_balanced()


def test_an_ante_whose_super_bonus_the_balance_cannot_cover_is_refused(table, make_player):
    play = Play(table(max_bet=1_000_000), [make_player("Ann")])
    ann = play.players[0]
    version = play.runtime.version
    with pytest.raises(Refused, match="enough"):
        play.bet(ann, "ante", settings.TEST_START_CHIPS // 2 + 1)
    assert play.runtime.version == version and balance_of(ann, test=True) == settings.TEST_START_CHIPS * 100


def test_seeded_rounds_keep_the_ledger_and_the_meters_books(table, make_player):
    c4 = table(seed=657)
    mystery = Meter.objects.get(kind="must_hit_by")
    # A trigger a hair above the seed: the first qualifying wager wins the bonus.
    meter_state = api.state(mystery.pk)
    meter_state["trigger"] = 10_000 * UNITS_PER_CENT + 1
    api.load(mystery.pk, meter_state, [f"{meter_state['trigger_seq'] + 1}:{15_000 * UNITS_PER_CENT}"])
    players = [make_player(name) for name in ("Ann", "Bob", "Cy")]
    play = Play(c4, players)
    choices = random.Random(57)
    progressive = 0
    for _ in range(30):
        for player in players:
            if choices.random() < 0.2 and player != players[0]:
                continue  # someone always bets: a round with no wager waits
            play.bet(player, "ante", choices.choice([5, 10]))
            if choices.random() < 0.5:
                play.bet(player, "queens_up", 5)
            if choices.random() < 0.6:
                play.bet(player, "five_card", 5)
                progressive += 1
        start = play.runtime.round
        for _step in range(20):
            state = play.runtime.state
            if state.phase == "deciding" and choices.random() < 0.7:
                seat = state.turn
                player = next(p for p in players if p.pk == state.spot(seat)["player"])
                option, multiples = choices.choice(rules.legal_options(state, seat))
                extra = {"multiple": str(choices.choice(multiples))} if len(multiples) > 1 else {}
                play.act(player, option.action, **extra)
                continue
            play.tick()
            if play.runtime.round > start:
                break
        else:
            raise AssertionError(f"round {play.runtime.round} never ended: {play.runtime.state.phase}")
    assert_ledger_balanced()
    assert not Account.objects.filter(kind=Account.ESCROW).exclude(balance=0).exists()
    five = Meter.objects.get(kind="five_card")
    assert MeterEvent.objects.filter(meter=five, kind="contribution").count() == progressive
    # § 657c.1(c)(1): a Crazy 4 Poker wager and a Five-Card wager; every Five-Card wager here has its Ante.
    assert MeterEvent.objects.filter(meter=mystery, kind="contribution").count() == progressive
    assert audit.reconcile([five, mystery]) == []
    hit = MeterEvent.objects.get(meter=mystery, kind="hit")
    assert Entry.objects.filter(transaction__memo__contains="mystery bonus", amount=hit.paid_cents).exists()
    records = list(Round.objects.filter(table=c4).order_by("number"))
    assert len(records) == 30
    for record in records:
        report = replay(record)
        assert report.identical, f"round {record.number}: {report.difference}"


def test_the_page_renders_for_a_player_and_a_spectator(table, make_player):
    c4 = table()
    ann, spy = make_player("Ann"), make_player("Spy")
    for html in (page(c4, ann), page(c4, spy)):
        assert 'id="pk-status"' in html and 'id="pk-dealer"' in html and 'id="pk-seat-6"' in html
        assert "Your best four of five cards against the dealer&#x27;s." in html
        assert "The dealer qualifies with king-high or better" in html
        assert "Super Bonus" in html and "equal to the Ante" in html
    # § 657c.1(b): the progressive display says the Mystery bonus is offered; both meters show live.
    html = page(c4, ann)
    assert 'id="table-meters"' in html and "This table offers the Must-Hit-By Mystery bonus" in html
    assert "Five-Card" in html and "10,000" in html


def test_the_ante_button_places_the_super_bonus_and_no_area_is_missing(table, make_player):
    play = Play(table(), [make_player("Ann")])
    mine = play.render(play.players[0])["pk-me"]
    assert "Bet on Ante + Super Bonus" in mine
    assert 'data-area="super_bonus"' not in mine  # never bet on its own
    assert 'data-area="queens_up"' in mine and 'data-area="five_card"' in mine
    play = Play(table(meters=False), [make_player("Bob")])
    assert 'data-area="five_card"' not in play.render(play.players[0])["pk-me"]


def test_the_demo_has_a_crazy_4_poker_table_on_the_five_card_meter_of_four_card_poker(clean_redis):
    from django.core.management import call_command

    call_command("demo_tables")
    call_command("demo_tables")  # idempotent
    (c4,) = Table.objects.filter(game="crazy_4_poker")
    assert not c4.is_test and c4.rules_config().mystery == 1
    kinds = sorted(c4.meters.values_list("kind", "paytable", "wager_dollars"))
    assert kinds == [("five_card", "", 5), ("must_hit_by", "A", 5)]
    fcp = Table.objects.get(game="four_card_poker")
    # One linked Five-Card meter for the two games (the same five-card table); a Mystery meter each.
    assert set(c4.meters.filter(kind="five_card")) == set(fcp.meters.filter(kind="five_card"))
    assert set(c4.meters.filter(kind="must_hit_by")).isdisjoint(fcp.meters.filter(kind="must_hit_by"))
    assert registry.get("crazy_4_poker").limits_text(c4.rules_config()) == (
        "5–500 Ante · Queens Up up to 100 · Five-Card progressive $5"
    )


def test_the_admin_has_every_setting_and_the_lobby_row_the_last_result(
    admin_client, clean_redis, make_player
):
    from casino.lobby.rows import table_row

    form = {"game": "crazy_4_poker", "name": "Admin C4", "max_seats": 6, "is_open": "on", "seed": ""}
    form.update({f"rules_{name}": value for name, value in rules.Config().to_json().items()})
    response = admin_client.post(
        "/admin/tables/table/add/", {**form, "rules_five_card_progressive": 0, "rules_mystery": 1}
    )
    assert response.status_code == 200
    assert "The Mystery bonus needs the Five-Card progressive payout wager" in response.content.decode()
    response = admin_client.post("/admin/tables/table/add/", {**form, "rules_queens_up": 0})
    assert response.status_code == 302, response.content.decode()[:2000]
    c4 = Table.objects.get(name="Admin C4")
    assert c4.rules_config().queens_up == 0
    html = admin_client.get(f"/admin/tables/table/{c4.pk}/change/").content.decode()
    for name in rules.Config().to_json():  # one field per setting of the Rules Submission
        assert f'name="rules_{name}"' in html, name
    play = Play(c4, [make_player("Ann")])
    assert table_row(play.runtime.table)["last_result"] is None
    designer_stack(play, "2C 5D 8S QH 6D KD 9H TH 3S 4C")
    play.bet(play.players[0], "ante", 5)
    play.tick()
    play.tick()
    play.tick()  # the decision clock: the hand folds
    assert play.runtime.state.phase == "result"
    c4.refresh_from_db()
    assert table_row(c4)["last_result"] == "Dealer K-10-9-4 high"


def test_how_to_play_reads_the_tables_rules_submission(clean_redis):
    from tests.test_how_to_play import panel, reconfigure, table_of
    from tests.test_how_to_play import (
        test_the_sections_are_on_the_rules_page_not_in_the_panel as on_rules_page,
    )

    c4 = table_of("crazy_4_poker")
    meter = Meter.objects.create(name="Five-Card", kind="five_card", wager_dollars=5)
    TableLink.objects.create(meter=meter, table=c4)
    shown = panel(c4)
    assert ("Four aces", "200 to 1") in shown["Super Bonus"]
    assert ("Straight", "1 to 1") in shown["Super Bonus"]
    assert ("Four of a kind", "50 to 1") in shown["Queens Up"]
    assert ("Pair of queens or better", "1 to 1") in shown["Queens Up"]
    assert ("Royal flush", "100% of the meter") in shown["Five-Card progressive (5 chips)"]
    assert ("Envy: another player's royal flush", "5,000 chips") in shown["Five-Card progressive (5 chips)"]
    assert "Mystery bonus" in shown
    assert "Ante: 5 to 500 chips." in shown["Table limits"]
    assert not any(line.startswith("Super Bonus:") for line in shown["Table limits"])  # it equals the Ante
    reconfigure(c4, queens_up=0, mystery=0)
    shown = panel(c4)
    assert "Queens Up" not in shown and "Mystery bonus" not in shown
    on_rules_page("crazy_4_poker")
