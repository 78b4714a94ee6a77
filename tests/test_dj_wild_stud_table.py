"""DJ Wild Stud Poker on the real table runtime: its page for players and
spectators (nobody's cards before their time), a stacked round paying the $5
progressive's meter for a natural royal flush, five wilds' 10% and the
Mystery bonus meter through casino/progressives, refusals through the runtime
(a Play of the wrong size among them), seeded rounds with the ledger and the
meters' books balanced and every record replayed, the demo table, the admin's
Rules Submission (the shared parts: tests/poker_table.py)."""

import random

import pytest

from casino.progressives.models import MeterEvent
from casino.tables.exceptions import Refused
from casino.tables.models import Table
from casino.wallet.ledger import balance_of
from games.dj_wild_stud import presenter
from games.dj_wild_stud.rules import Config
from games.poker.paytables import FIVE_CARD_SEED_CENTS
from tests.poker_table import (
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
    assert_poker_page,
    assert_refused,
    assert_refused_while_deciding,
    assert_seeded_books,
    demo_table,
    mystery_hits_first,
    play_seeded_rounds,
    table_fixture,
)
from tests.test_spanish21_table import page

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

# Ann (seat 1): a natural royal flush; Bob (seat 2): five wilds; the dealer: three kings; the layout card.
ANN, BOB, DEALER, LAYOUT = "AS KS QS JS TS", "2S 2H 2D 2C JK", "KD KC KH 8S 5H", "4C"
TRIPS = {"trips_three_of_a_kind_natural": 5, "trips_three_of_a_kind_wild": 1}

table = table_fixture("dj_wild_stud", "DJ Wild test", ("DJ Wild", "dj_wild_stud"), wager_dollars=5)


def test_a_stacked_round_pays_the_meter_and_hides_cards_until_their_time(table, make_player):
    ann, bob, spy = make_player("Ann"), make_player("Bob"), make_player("Spy")
    play = Play(table(), [ann, bob])
    play.stack(f"{ANN} {BOB} {DEALER} {LAYOUT}")
    for player in (ann, bob):
        play.bet(player, "ante", 10)
        play.bet(player, "progressive", 5)
    play.tick()  # no more bets: both progressive wagers locked, two Mystery contributions
    play.tick()  # the deal
    state = play.runtime.state
    assert state.phase == "deciding" and state.turn == 1
    assert_each_sees_only_their_own_cards(play, {ann: ANN, bob: BOB}, spy, DEALER)
    mine = play.render(ann)["pk-me"]
    for key in ("P", "F"):
        assert f'data-key="{key}"' in mine
    assert 'data-action="play"' in mine and 'data-action="fold"' in mine and "Royal flush" in mine
    assert "Five wilds" in play.render(bob)["pk-me"]
    assert 'data-action="play"' not in play.render(bob)["pk-me"]

    with pytest.raises(Refused, match="seat 1's turn, not yours"):
        play.act(bob, "play")
    with pytest.raises(Refused, match="locked for this round"):
        play.bet(ann, "progressive", 5)
    play.act(ann, "play")
    play.act(bob, "fold")  # five wilds folded: the progressive is settled all the same (rule 11)
    assert play.runtime.state.phase == "result"

    meter = FIVE_CARD_SEED_CENTS + 2 * 100  # the meter's seed and 20% of the two $5 wagers
    # Ann: her royal beats three kings: Ante and Play 1 to 1, the Blind's 50 to 1, the whole meter.
    ann_net = (10 + 20 + 500 - 5) * 100 + meter
    # Bob folds five wilds: Ante and Blind lost, 10% of what is left of the meter after Ann's award.
    bob_net = (-20 - 5) * 100 + FIVE_CARD_SEED_CENTS // 10
    assert balance_of(ann, test=True) == START_CENTS + ann_net
    assert balance_of(bob, test=True) == START_CENTS + bob_net
    paid = sorted(MeterEvent.objects.filter(kind="award").values_list("paid_cents", flat=True))
    assert paid == [FIVE_CARD_SEED_CENTS // 10, meter]
    public = play.render(spy)
    assert "Dealer: Three of a kind, kings" in public["pk-status"]
    assert "Progressive, royal flush, natural, 100% of the meter." in public["pk-log"]
    assert "Progressive, five wilds, 10% of the meter." in public["pk-log"]
    assert_all_cards_shown(public, ANN, BOB, DEALER)
    assert presenter.last_result(play.runtime.state.to_json()) == "Dealer Three of a kind, kings"
    assert_books_closed()


def test_a_natural_royal_flush_alone_takes_the_whole_meter(table, make_player):
    ann = make_player("Ann")
    play = Play(table(), [ann])
    play.stack(f"{ANN} {DEALER} {LAYOUT}")
    play.bet(ann, "ante", 5)
    play.bet(ann, "progressive", 5)
    play.tick()
    play.tick()
    play.act(ann, "fold")  # folded: the progressive still pays (rule 11)
    meter = FIVE_CARD_SEED_CENTS + 100
    assert balance_of(ann, test=True) == START_CENTS + (-10 - 5) * 100 + meter
    assert_meter_paid("dj_wild_stud", FIVE_CARD_SEED_CENTS, meter)
    assert_books_closed()


def test_refusals_through_the_runtime_change_nothing(table, make_player):
    play = Play(table(), [make_player("Ann")])
    ann = play.players[0]
    version = play.runtime.version
    assert_refused(
        play,
        ann,
        (
            ({"action": "bet", "spot": "progressive", "amount": "5"}, "Place the Ante wager first"),
            ({"action": "bet", "spot": "blind", "amount": "5"}, "Blind is always equal to the Ante"),
            ({"action": "bet", "spot": "ante", "amount": "600"}, "5 to 500 chips; 600 is not"),
            ({"action": "bet", "spot": "trips", "amount": "5"}, "does not offer the Trips"),
            ({"action": "play"}, "No decision is being taken now"),
            ({"action": "bet", "spot": "play", "amount": "10"}, "no betting area 'play'"),
            ({"action": "raise"}, "Unknown action 'raise'"),
        ),
    )
    play.bet(ann, "ante", 5)
    with pytest.raises(Refused, match="exactly 5 chips"):
        play.bet(ann, "progressive", 1)
    assert play.runtime.version == version + 1  # only Ann's Ante (and its Blind) went on
    assert_refused_while_deciding(
        play,
        ann,
        (
            ({"action": "play", "multiple": "3"}, "Play is 2× the Ante; not 3×"),
            ({"action": "play", "multiple": "1"}, "Play is 2× the Ante; not 1×"),
            ({"action": "play", "multiple": "abc"}, "A multiple is a whole number"),
            ({"action": "fold", "multiple": "2"}, "Fold takes no multiple"),
            ({"action": "bet", "spot": "ante", "amount": "5"}, "No more bets: wait for the next round"),
            ({"action": "bet", "spot": "progressive", "amount": "5"}, "locked for this round"),
        ),
        {"action": "play"},
    )


def test_an_ante_beyond_the_balance_is_refused(table, make_player):
    # The Blind goes with the Ante: an Ante of half the balance and one chip is already too much.
    play = Play(table(max_bet=1_000_000), [make_player("Ann")])
    assert_beyond_the_balance_refused(play, "ante", START_CHIPS // 2 + 1)


def test_seeded_rounds_keep_the_ledger_and_the_meters_books(table, make_player):
    dj = table(seed=687, **TRIPS)
    mystery_hits_first()
    play = Play(dj, [make_player(name) for name in ("Ann", "Bob", "Cy")])
    choices = random.Random(43)
    counts = {"progressive": 0}

    def place_bets(player):
        if choices.random() < 0.8:
            play.bet(player, "ante", choices.choice([5, 10]))
            if choices.random() < 0.4:
                play.bet(player, "trips", 5)
            if choices.random() < 0.6:
                play.bet(player, "progressive", 5)
                counts["progressive"] += 1

    def decide(player, state):
        play.act(player, "fold" if choices.random() < 0.3 else "play")

    play_seeded_rounds(play, choices, 30, place_bets, decide)
    # § 687c.1(c)(1): a progressive bonus wager (always beside an Ante and Blind) feeds the Mystery meter.
    assert_seeded_books(dj, "dj_wild_stud", counts["progressive"], counts["progressive"])


def test_the_page_renders_for_a_player_and_a_spectator(table, make_player):
    dj = table()
    ann, spy = make_player("Ann"), make_player("Spy")
    for html in (page(dj, ann), page(dj, spy)):
        assert_poker_page(html, seats=6)
        assert "Deuces and the Joker are wild" in html
        assert "five wilds 1000 to 1" in html
    # § 687c.1(b): the progressive display says the Mystery bonus is offered; both meters show live.
    assert_meters_shown(page(dj, ann), "DJ Wild", "10,000")


def test_the_demo_has_a_dj_wild_stud_table_on_its_own_meters(clean_redis):
    dj = demo_table(
        "dj_wild_stud", [("dj_wild_stud", "", 5), ("must_hit_by", "A", 5)], "5–500 Ante · Progressive $5"
    )
    assert dj.rules_config().progressive == 1
    for other in Table.objects.exclude(game="dj_wild_stud"):
        assert set(dj.meters.all()).isdisjoint(other.meters.all())


def test_the_admin_has_every_setting_and_the_lobby_row_the_last_result(
    admin_client, clean_redis, make_player
):
    form = admin_form("dj_wild_stud", "Admin DJ", 6, Config())
    assert_admin_refuses(
        admin_client,
        {**form, "rules_trips_flush_natural": 3, "rules_trips_flush_wild": 4},
        "A hand with wild cards cannot pay more than the natural one.",
    )
    dj, _html = admin_adds(
        admin_client, {**form, **{f"rules_{name}": value for name, value in TRIPS.items()}}
    )
    assert set(dj.rules_config().trips_table) == {"three_of_a_kind_natural", "three_of_a_kind_wild"}
    # No more bets, the deal, and the clock folds.
    assert_lobby_last_result(
        dj,
        make_player("Ann"),
        f"3C 5D 8S QH 6D 4H 9H TH 7S KD {LAYOUT}",
        ("ante", 5),
        3,
        "Dealer K-10-9-7-4 high",
    )
