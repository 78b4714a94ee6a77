"""Mississippi Stud on the real table runtime: its page for players and
spectators (nobody's cards before their time, each community card shown to
all once turned up), a stacked round paying the linked Five-Card meter, a
push and the Envy Bonus through casino/progressives, refusals through the
runtime (a street wager after folding among them), seeded rounds with the
ledger and the meters' books balanced and every record replayed, the demo
table, the admin's Rules Submission and the lobby's last result (the shared
steps: tests/poker_table.py)."""

import random

import pytest

from casino.tables.exceptions import Refused
from casino.wallet.ledger import balance_of
from games.mississippi_stud import presenter
from games.mississippi_stud.rules import Config
from games.poker.paytables import FIVE_CARD_SEED_CENTS, POKER_PROGRESSIVE_PRIMARY_BP
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
    assert_lobby_last_result,
    assert_meter_paid,
    assert_meters_shown,
    assert_refused,
    assert_refused_while_deciding,
    assert_seeded_books,
    demo_table,
    mystery_hits_first,
    names,
    play_seeded_rounds,
    table_fixture,
)
from tests.test_spanish21_table import page

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

# Ann (seat 1): A♠ K♠, a royal flush with the board; Bob (seat 2): a pair of 9s, the push.
ANN, BOB, BOARD = "AS KS", "9H 9D", "QS JS TS"

table = table_fixture(
    "mississippi_stud", "Mississippi Stud test", ("Five-Card", "five_card"), wager_dollars=5
)


def test_a_stacked_round_pays_the_meter_a_push_and_envy_and_hides_cards_until_their_time(table, make_player):
    ann, bob, spy = make_player("Ann"), make_player("Bob"), make_player("Spy")
    play = Play(table(), [ann, bob])
    play.stack(f"{ANN} {BOB} {BOARD}")
    for player in (ann, bob):
        play.bet(player, "ante", 10)
        play.bet(player, "progressive", 5)
    play.tick()  # no more bets: both progressive wagers locked, two Mystery contributions
    play.tick()  # the deal: two cards each, the three community cards face down
    board = names(BOARD)
    for street in range(3):
        for viewer, mine in ((ann, ANN), (bob, BOB), (spy, "")):
            html = "".join(play.render(viewer).values())
            for hand in (ANN, BOB):
                for name in names(hand):
                    assert (name in html) == (hand == mine), (street, viewer.nickname, name)
            # Rules 7-9: each community card is turned up after its street, for everyone.
            assert [name in html for name in board] == [index < street for index in range(3)], street
        mine = play.render(ann)["pk-me"]
        assert 'data-action="raise"' in mine and 'data-action="fold"' in mine
        assert all(f'data-key="{key}"' in mine for key in ("1", "2", "3", "F"))
        assert 'data-action="raise"' not in play.render(bob)["pk-me"]
        play.act(ann, "raise", multiple="1")
        play.act(bob, "raise", multiple="3")
    assert play.runtime.state.phase == "result"

    meter = FIVE_CARD_SEED_CENTS + 2 * 500 * POKER_PROGRESSIVE_PRIMARY_BP // 10_000
    envy = Config().royal_flush_envy_bonus
    # Ann: the royal flush 500 to 1 on 10 + 10 + 10 + 10, the meter for her progressive, less her $5.
    assert play.runtime.state.results["1"]["lines"][:4] == [
        f"{label}, royal flush, 500 to 1: +5,000"
        for label in ("Ante", "3rd Street", "4th Street", "5th Street")
    ]
    assert_meter_paid("five_card", FIVE_CARD_SEED_CENTS, meter)
    # Bob: a pair of 9s pushes all four wagers (rule 10); his $5 lost; Envy for Ann's royal (rule 13).
    assert balance_of(ann, test=True) == START_CENTS + (20_000 - 5) * 100 + meter
    assert balance_of(bob, test=True) == START_CENTS + (envy - 5) * 100
    public = play.render(spy)
    assert play.runtime.state.results["2"]["lines"][:4] == [
        f"{label}, pair of 6s through 10s: ±0" for label in ("Ante", "3rd Street", "4th Street", "5th Street")
    ]
    assert "Progressive, royal flush, 100% of the meter." in public["pk-log"]
    assert f"Envy for seat 1&#x27;s royal flush: +{envy:,}." in public["pk-log"]
    assert "Royal flush" in public["pk-seat-1"]
    assert_all_cards_shown(public, ANN, BOB, BOARD)
    assert presenter.last_result(play.runtime.state.to_json()) == "Board Q♠ J♠ 10♠"
    assert_books_closed()


def test_the_aggregate_limit_cuts_a_big_royal_flush(table, make_player):
    ann = make_player("Ann")
    play = Play(table(meters=False), [ann])
    play.stack(f"{ANN} {BOARD}")
    play.bet(ann, "ante", 100)
    play.tick()
    play.tick()
    for _ in range(3):
        play.act(ann, "raise", multiple="3")
    # 1,000 chips at 500 to 1 would win 500,000: § 655a.12(b) caps the hand at $50,000.
    assert balance_of(ann, test=True) == START_CENTS + 50_000 * 100
    assert "the table&#x27;s payout limit" in play.render(ann)["pk-seat-1"]
    assert_books_closed()


def test_refusals_through_the_runtime_change_nothing(table, make_player):
    ann, bob = make_player("Ann"), make_player("Bob")
    play = Play(table(), [ann, bob])
    version = play.runtime.version
    assert_refused(
        play,
        ann,
        (
            ({"action": "bet", "spot": "progressive", "amount": "5"}, "Place the Ante wager first"),
            ({"action": "bet", "spot": "ante", "amount": "600"}, "5 to 500 chips; 600 is not"),
            ({"action": "raise", "multiple": "1"}, "No decision is being taken now"),
            ({"action": "bet", "spot": "third", "amount": "10"}, "no betting area 'third'"),
            ({"action": "play"}, "Unknown action 'play'"),
        ),
    )
    play.bet(ann, "ante", 5)
    play.bet(bob, "ante", 5)
    with pytest.raises(Refused, match="exactly 5 chips"):
        play.bet(ann, "progressive", 1)
    assert play.runtime.version == version + 2  # only the two Antes went on
    assert_refused_while_deciding(
        play,
        ann,
        (
            ({"action": "raise", "multiple": "4"}, "Bet is 1×, 2×, 3× the Ante; not 4×"),
            ({"action": "raise"}, "choose one"),
            ({"action": "raise", "multiple": "abc"}, "A multiple is a whole number"),
            ({"action": "fold", "multiple": "2"}, "Fold takes no multiple"),
            ({"action": "bet", "spot": "ante", "amount": "5"}, "No more bets: wait for the next round"),
            ({"action": "bet", "spot": "progressive", "amount": "5"}, "locked for this round"),
        ),
        stale={"action": "raise", "multiple": "1"},
    )
    assert_refused(play, bob, (({"action": "raise", "multiple": "1"}, "seat 1's turn, not yours"),))
    play.act(ann, "fold")
    before = play.runtime.version
    # Issue 15's named bad input: a street wager after folding.
    assert_refused(play, ann, (({"action": "raise", "multiple": "1"}, "You folded this hand"),))
    play.act(bob, "raise", multiple="1")
    assert_refused(play, ann, (({"action": "raise", "multiple": "3"}, "You folded this hand"),))
    assert play.runtime.state.spot(1)["bets"] == {"ante": 500} and play.runtime.version == before + 1


def test_an_ante_beyond_the_balance_is_refused(table, make_player):
    assert_beyond_the_balance_refused(
        Play(table(max_bet=1_000_000), [make_player("Ann")]), "ante", START_CHIPS + 1
    )


def test_seeded_rounds_keep_the_ledger_and_the_meters_books(table, make_player):
    made = table(seed=655)
    mystery_hits_first()
    play = Play(made, [make_player(name) for name in ("Ann", "Bob", "Cy")])
    choices = random.Random(6555)
    progressive = 0

    def place_bets(player):
        nonlocal progressive
        if player == play.players[0] or choices.random() < 0.8:  # a round with a hand every time
            play.bet(player, "ante", choices.choice([5, 10]))
            if choices.random() < 0.6:
                play.bet(player, "progressive", 5)
                progressive += 1

    def decide(player, state):
        if choices.random() < 0.25:
            play.act(player, "fold")
        else:
            play.act(player, "raise", multiple=str(choices.choice([1, 2, 3])))

    play_seeded_rounds(play, choices, 30, place_bets, decide)
    # § 655c.1(c)(1): a progressive wager (always beside an Ante) feeds the Mystery meter.
    assert_seeded_books(made, "five_card", progressive, progressive)


def test_the_page_renders_for_a_player_and_a_spectator(table, make_player):
    made = table()
    for viewer in (make_player("Ann"), make_player("Spy")):
        html = page(made, viewer)
        assert 'id="pk-status"' in html and 'id="pk-seat-6"' in html
        assert "No dealer hand" in html and "a pair of 6s through 10s pushes" in html
    assert_meters_shown(page(made, make_player("Cy")), "Five-Card", "10,000")


def test_without_a_linked_meter_the_progressive_area_does_not_show(table, make_player):
    play = Play(table(meters=False), [make_player("Ann")])
    mine = play.render(play.players[0])["pk-me"]
    assert 'data-area="ante"' in mine and 'data-area="progressive"' not in mine


def test_the_demo_has_a_mississippi_stud_table_on_the_linked_five_card_meter(clean_redis):
    made = demo_table(
        "mississippi_stud", [("five_card", "", 5), ("must_hit_by", "A", 5)], "5–500 Ante · Progressive $5"
    )
    assert made.rules_config().progressive == 1
    five_card = made.meters.get(kind="five_card")
    # Linked with the other five-card progressives (rules file Defaults).
    assert {"four_card_poker", "crazy_4_poker"} <= set(five_card.tables.values_list("game", flat=True))


def test_the_admin_has_every_setting_and_the_lobby_row_the_last_result(
    admin_client, clean_redis, make_player
):
    form = admin_form("mississippi_stud", "Admin MS", 6, Config())
    assert_admin_refuses(
        admin_client, {**form, "rules_paytable": 3}, "Choose paytable 1 (500-100-40-10-6-4-3-2-1)."
    )
    assert_admin_refuses(
        admin_client, {**form, "rules_progressive_paytable": 2}, "paytables B to D need meters"
    )
    made, _ = admin_adds(admin_client, {**form, "rules_straight_flush_envy_bonus": 100})
    assert made.rules_config().envy_cents["straight_flush"] == 10_000
    # The clock folds 3rd Street: the board is turned up and the round settles.
    assert_lobby_last_result(made, make_player("Ann"), "2C 5D 8S QH 6D", ("ante", 5), 3, "Board 8♠ Q♥ 6♦")
