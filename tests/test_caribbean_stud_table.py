"""Caribbean Stud Poker on the real table runtime: its page for players and
spectators (nobody's cards before their time; the dealer's face-up card for
all), a stacked round paying the $1 progressive's meter, the Envy Bonus and
the Mystery bonus meter through casino/progressives, refusals through the
runtime, seeded rounds with the ledger and the meters' books balanced and
every record replayed, the demo table, the admin's Rules Submission (the
shared parts: tests/poker_table.py)."""

import random

import pytest

from casino.progressives import audit
from casino.progressives.models import Meter, MeterEvent
from casino.tables.exceptions import Refused
from casino.tables.models import Table
from casino.wallet.ledger import balance_of
from games.caribbean_stud import presenter
from games.caribbean_stud.paytables import PROGRESSIVE_SEED_CENTS as CARIBBEAN_STUD_SEED_CENTS
from games.caribbean_stud.rules import Config
from tests.conftest import assert_ledger_balanced
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

# Ann (seat 1): a royal flush; Bob (seat 2): three 9s; the dealer: A-K-8-7-4, the A♦ face up.
ANN, BOB, DEALER_DOWN, DEALER_UP = "AS KS QS JS TS", "9H 9D 9C 2C 3D", "KD 7C 4H 8S", "AD"

table = table_fixture(
    "caribbean_stud", "Caribbean Stud test", ("Caribbean", "caribbean_stud"), wager_dollars=1, max_seats=7
)


def test_a_stacked_round_pays_the_meter_the_envy_and_hides_cards_until_their_time(table, make_player):
    ann, bob, spy = make_player("Ann"), make_player("Bob"), make_player("Spy")
    play = Play(table(royal_flush_envy_bonus=250), [ann, bob])
    play.stack(f"{ANN} {BOB} {DEALER_DOWN} {DEALER_UP}")
    for player in (ann, bob):
        play.bet(player, "ante", 10)
        play.bet(player, "progressive", 1)
    play.tick()  # no more bets: both progressive wagers locked, two Mystery contributions
    play.tick()  # the deal
    state = play.runtime.state
    assert state.phase == "deciding" and state.turn == 1
    # Rule 5: the dealer's last card is dealt face up.
    assert_each_sees_only_their_own_cards(
        play, {ann: ANN, bob: BOB}, spy, DEALER_DOWN, up=DEALER_UP, face_down=4
    )
    mine = play.render(ann)["pk-me"]
    for key in ("P", "F"):
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
    assert balance_of(ann, test=True) == START_CENTS + ann_net
    assert balance_of(bob, test=True) == START_CENTS + bob_net
    assert_meter_paid("caribbean_stud", CARIBBEAN_STUD_SEED_CENTS, seed)
    public = play.render(spy)
    assert "Dealer: A-K-8-7-4 high: qualifies" in public["pk-status"]
    assert "Progressive, royal flush, 100% of the meter." in public["pk-log"]
    assert "Envy for seat 1&#x27;s royal flush: +250." in public["pk-log"]
    assert_all_cards_shown(public, ANN, BOB, DEALER_DOWN)
    assert presenter.last_result(play.runtime.state.to_json()) == "Dealer A-K-8-7-4 high: qualifies"
    assert_books_closed()


def test_two_royal_flushes_in_one_round_share_the_meter(table, make_player):
    # docs/rules/caribbean_stud.md Defaults: several royal flushes share the meter value at the first payment.
    ann, bob = make_player("Ann"), make_player("Bob")
    play = Play(table(), [ann, bob])
    play.stack(f"{ANN} AH KH QH JH TH {DEALER_DOWN} {DEALER_UP}")
    for player in (ann, bob):
        play.bet(player, "ante", 5)
        play.bet(player, "progressive", 1)
    play.tick()
    play.tick()
    play.act(ann, "raise")
    play.act(bob, "fold")  # a royal flush folded forfeits its progressive wager (rule 6)
    assert play.runtime.state.phase == "result"
    meter = CARIBBEAN_STUD_SEED_CENTS + 2 * 15
    assert balance_of(ann, test=True) == START_CENTS + (5 + 1_000 - 1) * 100 + meter  # Bet 10 at 100 to 1
    assert balance_of(bob, test=True) == START_CENTS - (5 + 1) * 100
    assert MeterEvent.objects.get(kind="award").paid_cents == meter
    play.tick()  # the next round: both royal flushes again, both played
    play.stack(f"{ANN} AH KH QH JH TH {DEALER_DOWN} {DEALER_UP}")
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
    assert_refused(
        play,
        ann,
        (
            ({"action": "bet", "spot": "progressive", "amount": "1"}, "Place the Ante wager first"),
            ({"action": "bet", "spot": "ante", "amount": "600"}, "5 to 500 chips; 600 is not"),
            ({"action": "raise"}, "No decision is being taken now"),
            ({"action": "bet", "spot": "bet", "amount": "10"}, "no betting area 'bet'"),
            ({"action": "play"}, "Unknown action 'play'"),
        ),
    )
    play.bet(ann, "ante", 5)
    with pytest.raises(Refused, match="exactly 1 chip"):
        play.bet(ann, "progressive", 2)
    assert play.runtime.version == version + 1  # only Ann's Ante went on
    assert_refused_while_deciding(
        play,
        ann,
        (
            ({"action": "raise", "multiple": "3"}, "Bet is 2× the Ante; not 3×"),
            ({"action": "raise", "multiple": "abc"}, "A multiple is a whole number"),
            ({"action": "fold", "multiple": "2"}, "Fold takes no multiple"),
            ({"action": "bet", "spot": "ante", "amount": "5"}, "No more bets: wait for the next round"),
            ({"action": "bet", "spot": "progressive", "amount": "1"}, "locked for this round"),
        ),
        {"action": "raise"},
    )


def test_an_ante_beyond_the_balance_is_refused(table, make_player):
    play = Play(table(max_bet=1_000_000), [make_player("Ann")])
    assert_beyond_the_balance_refused(play, "ante", START_CHIPS + 1)


def test_seeded_rounds_keep_the_ledger_and_the_meters_books(table, make_player):
    csp = table(seed=639, straight_flush_envy_bonus=50)
    mystery_hits_first()
    play = Play(csp, [make_player(name) for name in ("Ann", "Bob", "Cy")])
    choices = random.Random(41)
    counts = {"progressive": 0}

    def place_bets(player):
        if choices.random() < 0.8:
            play.bet(player, "ante", choices.choice([5, 10]))
            if choices.random() < 0.6:
                play.bet(player, "progressive", 1)
                counts["progressive"] += 1

    def decide(player, state):
        play.act(player, "fold" if choices.random() < 0.4 else "raise")

    play_seeded_rounds(play, choices, 30, place_bets, decide)
    # § 639c.1(c)(1): a progressive wager (always beside an Ante) feeds the Mystery meter.
    assert_seeded_books(csp, "caribbean_stud", counts["progressive"], counts["progressive"])


def test_the_page_renders_for_a_player_and_a_spectator(table, make_player):
    csp = table()
    ann, spy = make_player("Ann"), make_player("Spy")
    for html in (page(csp, ann), page(csp, spy)):
        assert_poker_page(html, seats=7)
        assert "The dealer needs ace-king or better" in html
        assert "royal flush 100 to 1" in html
    # § 639c.1(b): the progressive display says the Mystery bonus is offered; both meters show live.
    assert_meters_shown(page(csp, ann), "Caribbean", "10,000")


def test_without_a_linked_meter_the_progressive_area_does_not_show(table, make_player):
    play = Play(table(meters=False), [make_player("Ann")])
    mine = play.render(play.players[0])["pk-me"]
    assert 'data-area="ante"' in mine
    assert 'data-area="progressive"' not in mine


def test_the_demo_has_a_caribbean_stud_table_on_its_own_meters(clean_redis):
    csp = demo_table(
        "caribbean_stud", [("caribbean_stud", "", 1), ("must_hit_by", "A", 1)], "5–500 Ante · Progressive $1"
    )
    assert csp.rules_config().progressive == 1
    for other in Table.objects.exclude(game="caribbean_stud"):
        assert set(csp.meters.all()).isdisjoint(other.meters.all())


def test_the_admin_has_every_setting_and_the_lobby_row_the_last_result(
    admin_client, clean_redis, make_player
):
    form = admin_form("caribbean_stud", "Admin CSP", 7, Config())
    assert_admin_refuses(
        admin_client, {**form, "rules_bet_paytable": 7}, "Choose Bet paytable 1 (100-50-20-7-5-4-3-2-1)."
    )
    csp, _html = admin_adds(admin_client, {**form, "rules_royal_flush_envy_bonus": 100})
    assert csp.rules_config().envy_cents == {"royal_flush": 10_000}
    # No more bets, the deal, and the clock folds.
    assert_lobby_last_result(
        csp,
        make_player("Ann"),
        "2C 5D 8S QH 6D 4C 9H TH 3S KD",
        ("ante", 5),
        3,
        "Dealer K-10-9-4-3 high: does not qualify",
    )
