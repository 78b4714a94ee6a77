"""Let It Ride Poker on the real table runtime: its page for players and
spectators (nobody's cards before their time, the community cards face down
until turned), a stacked round paying both progressive meters, both Envies
and the cap-free side wagers through casino/progressives, a pull-back of both
wagers, the refusals the issue names (a pull of the $ bet) and the bad inputs
of docs/architecture.md through the runtime, seeded rounds with the ledger and the three
meters' books balanced and every record replayed, the demo table on the
meters it shares with Three Card Poker and Four Card Poker, the admin's Rules
Submission and the lobby row (the shared parts: tests/poker_table.py)."""

import random

import pytest

from casino.progressives import api, audit
from casino.progressives.models import Meter, MeterEvent, TableLink
from casino.tables.exceptions import Refused
from casino.tables.models import Round, Table
from casino.tables.replay import replay
from casino.wallet.ledger import balance_of
from casino.wallet.models import Account, Entry
from games.let_it_ride import presenter
from games.let_it_ride.rules import Config
from games.poker.paytables import FIVE_CARD_SEED_CENTS, THREE_CARD_SEED_CENTS
from tests.conftest import assert_ledger_balanced
from tests.poker_table import (
    FAST,
    START_CENTS,
    START_CHIPS,
    Play,
    admin_adds,
    admin_form,
    assert_admin_refuses,
    assert_all_cards_shown,
    assert_beyond_the_balance_refused,
    assert_books_closed,
    assert_each_sees_only_their_own_cards,
    assert_lobby_last_result,
    assert_meter_paid,
    assert_meters_shown,
    assert_refused,
    assert_refused_while_deciding,
    demo_table,
    mystery_hits_first,
    play_seeded_rounds,
)
from tests.test_spanish21_table import page

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

# Ann (seat 1): A-K-Q of spades, a royal flush with the board; Bob (seat 2): 9-8-7 of hearts,
# a jack-high straight with it. The community cards: J♠ then 10♠.
ANN, BOB, BOARD = "AS KS QS", "9H 8H 7H", "JS TS"


@pytest.fixture
def table(clean_redis):
    """``table(meters=True, seed=None, **config)``: a test table on the FAST clocks with
    the Three-Card ($1) and Five-Card ($5) meters and one Mystery meter (A, $1) linked."""

    def make(meters=True, seed=None, **config):
        made = Table.objects.create(
            game="let_it_ride",
            name="Let It Ride test",
            config={**FAST, **config},
            is_test=True,
            seed=seed,
            max_seats=7,
        )
        if meters:
            for name, kind, dollars, paytable in (
                ("Three-Card", "three_card", 1, ""),
                ("Five-Card", "five_card", 5, ""),
                ("Mystery", "must_hit_by", 1, "A"),
            ):
                meter = Meter.objects.create(name=name, kind=kind, paytable=paytable, wager_dollars=dollars)
                TableLink.objects.create(meter=meter, table=made)
                api.open_meter(meter, rng=random.Random(1))
        return made

    return make


def test_a_stacked_round_pays_both_meters_both_envies_and_hides_cards_until_their_time(table, make_player):
    ann, bob, spy = make_player("Ann"), make_player("Bob"), make_player("Spy")
    play = Play(table(), [ann, bob])
    play.stack(f"{ANN} {BOB} {BOARD}")
    for player in (ann, bob):
        play.bet(player, "one", 10)
        play.bet(player, "three_card", 1)
        play.bet(player, "five_card", 5)
    play.tick()  # no more bets: four progressive wagers locked, four Mystery contributions
    play.tick()  # the deal
    state = play.runtime.state
    assert state.phase == "deciding" and (state.street, state.turn) == (0, 1)
    # Rule 5: the two community cards are dealt face down: nobody sees them yet.
    assert_each_sees_only_their_own_cards(play, {ann: ANN, bob: BOB}, spy, BOARD, face_down=2)
    mine = play.render(ann)["pk-me"]
    assert 'data-key="W"' in mine and 'data-key="L"' in mine and "Mini-royal" in mine
    assert '"spot": "one"' in mine  # the pull names the wager it takes back
    assert 'data-action="pull"' not in play.render(bob)["pk-me"]
    assert 'id="pk-dealer"' not in "".join(play.render(spy).values())  # no dealer hand

    with pytest.raises(Refused, match="seat 1's turn, not yours"):
        play.act(bob, "pull")
    with pytest.raises(Refused, match=r"The Bet \$ wager can never be taken back"):
        play.act(ann, "pull", spot="dollar")
    play.act(ann, "ride")
    play.act(bob, "pull", spot="one")
    # Rule 7: the first community card, J♠, is turned up for all; the second stays down.
    public = "".join(play.render(spy).values())
    assert "jack of spades" in public and "10 of spades" not in public
    play.act(ann, "ride")
    play.act(bob, "pull", spot="two")  # Bob has pulled back both wagers: only his $ bet rides
    assert play.runtime.state.phase == "result"

    three_card = THREE_CARD_SEED_CENTS + 2 * 20  # the seed and 20% of the two $1 wagers
    five_card = FIVE_CARD_SEED_CENTS + 2 * 100  # the seed and 20% of the two $5 wagers
    # Ann: the royal flush 1,000 to 1 on each of her three bets of 10 (30,000, under the cap), both
    # meters in full for her spade mini-royal and her royal flush, less her 1 + 5.
    ann_net = (30_000 - 6) * 100 + three_card + five_card
    # Bob: his $ bet 5 to 1 on his straight (50), the Three-Card straight flush 100 for 1, the
    # Five-Card straight 30 for 1, Three-Card Envy 100 for Ann's spade mini-royal, Five-Card Envy
    # 5,000 for her royal flush, less his 1 + 5.
    bob_net = (50 + 100 + 150 + 100 + 5_000 - 6) * 100
    assert balance_of(ann, test=True) == START_CENTS + ann_net
    assert balance_of(bob, test=True) == START_CENTS + bob_net
    assert_meter_paid("three_card", THREE_CARD_SEED_CENTS, three_card)
    assert_meter_paid("five_card", FIVE_CARD_SEED_CENTS, five_card)
    public = play.render(spy)
    log = public["pk-log"]
    assert "takes back the Bet 1 wager" in log and "takes back the Bet 2 wager" in log
    assert "Three-Card progressive, mini-royal in spades, 100% of the meter." in log
    assert "Five-Card progressive, royal flush, 100% of the meter." in log
    assert "Three-Card progressive Envy for seat 1&#x27;s mini-royal in spades: +100." in log
    assert "Five-Card progressive Envy for seat 1&#x27;s royal flush: +5,000." in log
    assert_all_cards_shown(public, ANN, BOB, BOARD)
    assert "Royal flush" in public["pk-seat-1"] and "Bet $, straight, 5 to 1: +50" in public["pk-seat-2"]
    assert presenter.last_result(play.runtime.state.to_json()) == "Board J♠ 10♠"
    assert_books_closed()


def test_the_aggregate_cap_through_the_runtime(table, make_player):
    ann = make_player("Ann")
    play = Play(table(max_bet=1_000), [ann])
    play.stack(f"{ANN} {BOARD}")
    play.bet(ann, "one", 100)  # three bets of 100: a royal flush would win 300,000
    play.tick()
    play.tick()
    play.act(ann, "ride")
    play.act(ann, "ride")
    assert balance_of(ann, test=True) == START_CENTS + 50_000 * 100  # rule 14: 50,000 chips
    assert "the table&#x27;s payout limit: +50,000" in play.render(ann)["pk-seat-1"]
    assert_books_closed()


def test_refusals_through_the_runtime_change_nothing(table, make_player):
    play = Play(table(), [make_player("Ann")])
    ann = play.players[0]
    version = play.runtime.version
    assert_refused(
        play,
        ann,
        (
            ({"action": "bet", "spot": "three_card_bonus", "amount": "5"}, "Place the Bet 1 wager first"),
            ({"action": "bet", "spot": "five_card", "amount": "5"}, "Place the Bet 1 wager first"),
            ({"action": "bet", "spot": "one", "amount": "600"}, "5 to 500 chips; 600 is not"),
            ({"action": "bet", "spot": "dollar", "amount": "5"}, "always equal to the Bet 1"),
            ({"action": "bet", "spot": "one", "amount": "five"}, "whole number of chips"),
            ({"action": "bet", "spot": "one", "amount": "2.5"}, "whole number of chips|not a fraction"),
            ({"action": "pull"}, "No decision is being taken now"),
            ({"action": "fold"}, "Unknown action 'fold'"),
        ),
    )
    play.bet(ann, "one", 5)
    with pytest.raises(Refused, match="exactly 5 chips"):
        play.bet(ann, "five_card", 1)
    with pytest.raises(Refused, match="exactly 1 chip"):
        play.bet(ann, "three_card", 5)
    assert play.runtime.version == version + 1  # only Ann's three bets went on
    assert_refused_while_deciding(
        play,
        ann,
        (
            ({"action": "pull", "spot": "dollar"}, r"The Bet \$ wager can never be taken back"),
            ({"action": "pull", "spot": "two"}, "take back the Bet 1 wager, not the Bet 2"),
            ({"action": "pull", "spot": "three"}, "no wager 'three'"),
            ({"action": "ride", "multiple": "2"}, "Let it ride takes no multiple"),
            ({"action": "ride", "spot": "one"}, "Let it ride takes back no wager"),
            ({"action": "bet", "spot": "one", "amount": "5"}, "No more bets: wait for the next round"),
            ({"action": "bet", "spot": "three_card", "amount": "1"}, "locked for this round"),
        ),
        {"action": "ride"},
    )


def test_a_bet_beyond_the_balance_is_refused(table, make_player):
    play = Play(table(max_bet=1_000_000), [make_player("Ann")])
    assert_beyond_the_balance_refused(play, "one", START_CHIPS // 3 + 1)


def test_seeded_rounds_keep_the_ledger_and_the_three_meters_books(table, make_player):
    lir = table(seed=643)
    mystery_hits_first()
    play = Play(lir, [make_player(name) for name in ("Ann", "Bob", "Cy")])
    choices = random.Random(43)
    counts = {"three_card": 0, "five_card": 0}

    def place_bets(player):
        if choices.random() < 0.85:
            play.bet(player, "one", choices.choice([5, 10]))
            if choices.random() < 0.5:
                play.bet(player, "three_card_bonus", 5)
            for kind, chips in (("three_card", 1), ("five_card", 5)):
                if choices.random() < 0.5:
                    play.bet(player, kind, chips)
                    counts[kind] += 1

    def decide(player, state):
        play.act(player, choices.choice(["pull", "ride"]))

    play_seeded_rounds(play, choices, 20, place_bets, decide)
    assert_ledger_balanced()
    assert not Account.objects.filter(kind=Account.ESCROW).exclude(balance=0).exists()
    meters = {meter.kind: meter for meter in Meter.objects.all()}
    for kind, placed in counts.items():
        assert MeterEvent.objects.filter(meter=meters[kind], kind="contribution").count() == placed
    # § 643c.1(c)(1)-(2): either progressive wager (always beside the base wagers) feeds the one Mystery meter.
    mystery = meters["must_hit_by"]
    assert MeterEvent.objects.filter(meter=mystery, kind="contribution").count() == sum(counts.values())
    assert audit.reconcile(list(meters.values())) == []
    hit = MeterEvent.objects.get(meter=mystery, kind="hit")
    assert Entry.objects.filter(transaction__memo__contains="mystery bonus", amount=hit.paid_cents).exists()
    records = list(Round.objects.filter(table=lir).order_by("number"))
    assert len(records) == 20
    for record in records:
        report = replay(record)
        assert report.identical, f"round {record.number}: {report.difference}"


def test_the_page_renders_for_a_player_and_a_spectator(table, make_player):
    lir = table()
    ann, spy = make_player("Ann"), make_player("Spy")
    for html in (page(lir, ann), page(lir, spy)):
        assert 'id="pk-status"' in html and 'id="pk-seat-7"' in html
        assert 'id="pk-dealer"' not in html  # no dealer hand
        assert "Bet $ always rides" in html and "royal flush 1,000 to 1" in html
    # § 643c.1(b): the progressive display says the Mystery bonus is offered; the meters show live.
    assert_meters_shown(page(lir, ann), "Five-Card", "10,000")
    assert "Three-Card" in page(lir, ann)


def test_without_linked_meters_the_progressive_areas_do_not_show(table, make_player):
    play = Play(table(meters=False, mystery=0), [make_player("Ann")])
    mine = play.render(play.players[0])["pk-me"]
    assert "Bet on Bet 1 + Bet 2 + Bet $" in mine  # the three equal bets go on together
    assert 'data-area="one"' in mine and 'data-area="three_card_bonus"' in mine
    assert 'data-area="three_card"' not in mine and 'data-area="five_card"' not in mine


def test_the_demo_table_shares_the_three_card_and_five_card_meters(clean_redis):
    lir = demo_table(
        "let_it_ride",
        [("five_card", "", 5), ("must_hit_by", "A", 1), ("three_card", "", 1)],
        "5–500 Bet 1 · Three Card Bonus up to 100 · Three-Card progressive $1 · Five-Card progressive $5",
    )
    config = lir.rules_config()
    assert config.three_card_progressive == config.five_card_progressive == config.three_card_bonus == 1
    linked = {meter.kind: meter for meter in lir.meters.all()}
    three_card_poker = Table.objects.get(game="three_card_poker")
    four_card_poker = Table.objects.get(game="four_card_poker")
    assert linked["three_card"] in three_card_poker.meters.all()
    assert linked["five_card"] in four_card_poker.meters.all()
    for other in Table.objects.exclude(game="let_it_ride"):
        assert linked["must_hit_by"] not in other.meters.all()  # its own Mystery meter


def test_the_admin_has_every_setting_and_the_lobby_row_the_last_result(
    admin_client, clean_redis, make_player
):
    form = admin_form("let_it_ride", "Admin LIR", 7, Config())
    assert_admin_refuses(
        admin_client, {**form, "rules_base_paytable": 7}, "Choose base paytable 1 (1000-200-50-11-8-5-3-2-1)."
    )
    lir, _html = admin_adds(admin_client, {**form, "rules_aggregate_payout_limit": 25_000})
    assert lir.rules_config().aggregate_payout_limit == 25_000
    # No more bets, the deal, and the clock pulls back both wagers.
    assert_lobby_last_result(lir, make_player("Ann"), "2C 5D 8S QH 6D", ("one", 5), 4, "Board Q♥ 6♦")
