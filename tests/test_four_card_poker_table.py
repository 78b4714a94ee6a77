"""Four Card Poker on the real table runtime: its page for players and
spectators (nobody's cards before their time; the dealer's face-up card for
all), a stacked round with the linked Five-Card progressive, its Envy and the
Mystery bonus meter through casino/progressives, refusals through the
runtime, seeded rounds with the ledger and the meters' books balanced and
every record replayed, the demo table, the admin's Rules Submission (the
shared parts: tests/poker_table.py)."""

import random

import pytest

from casino.tables.exceptions import Refused
from casino.tables.models import Table
from casino.wallet.ledger import balance_of
from games.four_card_poker import presenter
from games.four_card_poker.rules import Config
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

# Ann (seat 1): a royal flush; Bob (seat 2): three 9s; the dealer: K-8-7-5 high, the 2♥ face up.
ANN, BOB, DEALER_DOWN, DEALER_UP = "AS KS QS JS TS", "9H 9D 9C 2C 3D", "KD 7C 4H 8S 5D", "2H"

table = table_fixture("four_card_poker", "Four Card test", ("Five-Card", "five_card"), wager_dollars=5)


def test_a_stacked_round_pays_the_meter_the_envy_and_hides_cards_until_their_time(table, make_player):
    ann, bob, spy = make_player("Ann"), make_player("Bob"), make_player("Spy")
    play = Play(table(), [ann, bob])
    play.stack(f"{ANN} {BOB} {DEALER_DOWN} {DEALER_UP}")
    play.bet(ann, "ante", 10)
    play.bet(ann, "aces_up", 5)
    play.bet(ann, "five_card", 5)
    play.bet(bob, "ante", 10)
    play.bet(bob, "five_card", 5)
    play.tick()  # no more bets: both progressive wagers locked, two Mystery contributions
    play.tick()  # the deal
    state = play.runtime.state
    assert state.phase == "deciding" and state.turn == 1
    # Rule 6: the dealer's sixth card is dealt face up.
    assert_each_sees_only_their_own_cards(
        play, {ann: ANN, bob: BOB}, spy, DEALER_DOWN, up=DEALER_UP, face_down=10
    )
    mine = play.render(ann)["pk-me"]
    for key in ("1", "2", "3", "F"):
        assert f'data-key="{key}"' in mine
    assert "Play 3×" in mine and 'data-action="fold"' in mine and "Straight flush" in mine
    assert 'data-action="play"' not in play.render(bob)["pk-me"]

    with pytest.raises(Refused, match="seat 1's turn, not yours"):
        play.act(bob, "play", multiple="1")
    with pytest.raises(Refused, match="locked for this round"):
        play.bet(ann, "five_card", 5)
    play.act(ann, "play", multiple="3")
    play.act(bob, "play", multiple="1")
    assert play.runtime.state.phase == "result"

    seed = FIVE_CARD_SEED_CENTS + 2 * 100  # the meter's seed and 20% of the two $5 wagers
    # Ann: Ante and Play 3× 1 to 1, Ante Bonus straight flush 20 to 1, Aces Up straight flush
    # 40 to 1, the meter for her royal, less her $5 progressive. Bob: three 9s beat K-8-7-5
    # (Ante and Play 1×), Ante Bonus 2 to 1, his progressive's 9 for 1, $5,000 Envy for Ann's royal.
    ann_net = (10 + 30 + 200 + 200 - 5) * 100 + seed
    bob_net = (10 + 10 + 20 + 45 - 5 + 5_000) * 100
    assert balance_of(ann, test=True) == START_CENTS + ann_net
    assert balance_of(bob, test=True) == START_CENTS + bob_net
    assert_meter_paid("five_card", FIVE_CARD_SEED_CENTS, seed)  # reset to its seed after the 100% award
    public = play.render(spy)
    assert "Dealer: best four of six, K-8-7-5 high" in public["pk-status"]
    assert "Five-Card progressive, royal flush, 100% of the meter." in public["pk-log"]
    assert "Envy for seat 1&#x27;s royal flush: +5,000." in public["pk-log"]
    assert_all_cards_shown(public, ANN, BOB, DEALER_DOWN)
    assert presenter.last_result(play.runtime.state.to_json()) == "Dealer K-8-7-5 high"
    assert_books_closed()


def test_refusals_through_the_runtime_change_nothing(table, make_player):
    play = Play(table(), [make_player("Ann")])
    ann = play.players[0]
    version = play.runtime.version
    assert_refused(
        play,
        ann,
        (
            ({"action": "bet", "spot": "five_card", "amount": "5"}, "Place the Ante or Aces Up wager first"),
            ({"action": "bet", "spot": "ante", "amount": "600"}, "5 to 500 chips; 600 is not"),
            ({"action": "bet", "spot": "aces_up", "amount": "101"}, "5 to 100 chips; 101 is not"),
            ({"action": "play", "multiple": "1"}, "No decision is being taken now"),
            ({"action": "bet", "spot": "play", "amount": "5"}, "no betting area 'play'"),
            ({"action": "raise"}, "Unknown action 'raise'"),
        ),
    )
    play.bet(ann, "ante", 5)
    with pytest.raises(Refused, match="exactly 5 chips"):
        play.bet(ann, "five_card", 1)
    assert play.runtime.version == version + 1  # only Ann's Ante went on
    assert_refused_while_deciding(
        play,
        ann,
        (
            ({"action": "play", "multiple": "4"}, "Play is 1×, 2×, 3× the Ante; not 4×"),
            ({"action": "play", "multiple": "abc"}, "A multiple is a whole number"),
            ({"action": "fold", "multiple": "2"}, "Fold takes no multiple"),
            ({"action": "bet", "spot": "ante", "amount": "5"}, "No more bets: wait for the next round"),
        ),
        {"action": "play", "multiple": "1"},
    )


def test_a_wager_beyond_the_balance_is_refused(table, make_player):
    play = Play(table(side_max=1_000_000), [make_player("Ann")])
    assert_beyond_the_balance_refused(play, "aces_up", START_CHIPS + 1)


def test_seeded_rounds_keep_the_ledger_and_the_meters_books(table, make_player):
    fcp = table(seed=641)
    mystery_hits_first()
    play = Play(fcp, [make_player(name) for name in ("Ann", "Bob", "Cy")])
    choices = random.Random(41)
    counts = {"progressive": 0, "qualifying": 0}

    def place_bets(player):
        ante = choices.random() < 0.8
        if ante:
            play.bet(player, "ante", choices.choice([5, 10]))
        if not ante or choices.random() < 0.5:
            play.bet(player, "aces_up", 5)
        if choices.random() < 0.6:
            play.bet(player, "five_card", 5)
            counts["progressive"] += 1
            counts["qualifying"] += ante

    def decide(player, state):
        if choices.random() < 0.3:
            play.act(player, "fold")
        else:
            play.act(player, "play", multiple=str(choices.choice([1, 2, 3])))

    play_seeded_rounds(play, choices, 30, place_bets, decide)
    # § 641c.1(c)(1): only a Five-Card wager beside an Ante feeds the Mystery meter.
    assert_seeded_books(fcp, "five_card", counts["progressive"], counts["qualifying"])


def test_the_page_renders_for_a_player_and_a_spectator(table, make_player):
    fcp = table()
    ann, spy = make_player("Ann"), make_player("Spy")
    for html in (page(fcp, ann), page(fcp, spy)):
        assert_poker_page(html, seats=6)
        assert "Your best four of five against the dealer&#x27;s best four of six" in html
        assert "Aces Up pays 50-40-8-6-4-2-1 to 1" in html
    # § 641c.1(b): the progressive display says the Mystery bonus is offered; both meters show live.
    assert_meters_shown(page(fcp, ann), "Five-Card", "10,000")


def test_without_a_linked_meter_the_progressive_area_does_not_show(table, make_player):
    play = Play(table(meters=False), [make_player("Ann")])
    mine = play.render(play.players[0])["pk-me"]
    assert 'data-area="ante"' in mine and 'data-area="aces_up"' in mine
    assert 'data-area="five_card"' not in mine


def test_the_demo_has_a_four_card_poker_table_on_the_linked_five_card_meter(clean_redis):
    fcp = demo_table(
        "four_card_poker",
        [("five_card", "", 5), ("must_hit_by", "A", 5)],
        "5–500 Ante · Aces Up up to 100 · Five-Card progressive $5",
    )
    tcp = Table.objects.get(game="three_card_poker")
    assert set(fcp.meters.all()).isdisjoint(tcp.meters.all())


def test_the_admin_has_every_setting_and_the_lobby_row_the_last_result(
    admin_client, clean_redis, make_player
):
    form = admin_form("four_card_poker", "Admin FCP", 6, Config())
    assert_admin_refuses(
        admin_client,
        {**form, "rules_ante_bonus_paytable": 7},
        "Choose Ante Bonus paytable 1 (25-20-2) or 2 (30-15-2).",
    )
    fcp, _html = admin_adds(admin_client, {**form, "rules_ante_bonus_paytable": 2})
    assert fcp.rules_config().ante_bonus_name == "30-15-2"
    assert_lobby_last_result(
        fcp, make_player("Ann"), "2C 5D 8S QH 6D 4C 9H TH 3S KD 2D", ("aces_up", 5), 2, "Dealer K-10-9-4 high"
    )
