"""Ultimate Texas Hold 'Em on the real table runtime: its page for players and
spectators (nobody's cards before their time: the dealer's two only after the
last decision, the flop and then the turn and river shown to all as turned
up), a stacked round paying the linked Five-Card meter for a royal flush on
the hole cards and the flop, the Blind, Trips, a Bad Beat and the Envy Bonus
through casino/progressives, each hand's best five marked at the showdown; the
refusals the issue names through the runtime (a second Play wager, a 4× Play
on the flop, a 2× Play on the river, a Play after folding) and bad inputs;
seeded rounds with the ledger and the meters' books balanced and every record
replayed; the demo table, the admin's Rules Submission and the lobby's last
result (the shared steps: tests/poker_table.py)."""

import random

import pytest

from casino.tables.exceptions import Refused
from casino.wallet.ledger import balance_of
from games.poker.paytables import FIVE_CARD_SEED_CENTS, POKER_PROGRESSIVE_PRIMARY_BP
from games.ultimate_texas_holdem import presenter
from games.ultimate_texas_holdem.rules import Config
from tests.poker_table import (
    START_CENTS,
    Play,
    admin_adds,
    admin_form,
    assert_admin_refuses,
    assert_all_cards_shown,
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

# Ann (seat 1): A♠ K♠, a royal flush on the flop; Bob (seat 2): three 2s that lose to the
# dealer's queens full (a Bad Beat); the dealer: Q♥ Q♦.
ANN, BOB, DEALER, FLOP, TURN_RIVER = "AS KS", "2H 7C", "QH QD", "QS JS TS", "2D 2C"

table = table_fixture(
    "ultimate_texas_holdem", "Ultimate Texas Hold 'Em test", ("Five-Card", "five_card"), wager_dollars=5
)


def test_a_stacked_round_pays_the_meter_the_blind_trips_a_bad_beat_and_envy(table, make_player):
    ann, bob, spy = make_player("Ann"), make_player("Bob"), make_player("Spy")
    play = Play(table(), [ann, bob])
    play.stack(f"{ANN} {BOB} {DEALER} {FLOP} {TURN_RIVER}")
    for player, side in ((ann, "trips"), (bob, "bad_beat")):
        play.bet(player, "ante", 10)
        play.bet(player, side, 5)
        play.bet(player, "progressive", 5)
    play.tick()  # no more bets: both progressive wagers locked, two Mystery contributions
    play.tick()  # the deal
    flop, later, dealer = names(FLOP), names(TURN_RIVER), names(DEALER)

    def shown(street):
        for viewer, mine in ((ann, ANN), (bob, BOB), (spy, "")):
            html = "".join(play.render(viewer).values())
            for hand in (ANN, BOB):
                for name in names(hand):
                    assert (name in html) == (hand == mine), (street, viewer.nickname, name)
            assert all((name in html) == (street >= 1) for name in flop), street
            assert all((name in html) == (street >= 2) for name in later), street
            assert not any(name in html for name in dealer), street  # after the last decision only

    shown(0)
    mine = play.render(ann)["pk-me"]
    assert 'data-action="check"' in mine and 'data-action="play"' in mine and 'data-action="fold"' not in mine
    assert all(f'data-key="{key}"' in mine for key in ("C", "3", "4"))
    assert 'data-action="play"' not in play.render(bob)["pk-me"]
    play.act(ann, "play", multiple="4")
    play.act(bob, "check")
    shown(1)
    assert 'data-action="play"' not in play.render(ann)["pk-me"]  # one Play wager a round
    play.act(bob, "check")
    shown(2)
    mine = play.render(bob)["pk-me"]
    assert 'data-action="play"' in mine and 'data-action="fold"' in mine and 'data-action="check"' not in mine
    play.act(bob, "play", multiple="1")
    assert play.runtime.state.phase == "result"

    meter = FIVE_CARD_SEED_CENTS + 2 * 500 * POKER_PROGRESSIVE_PRIMARY_BP // 10_000
    envy = Config().royal_flush_envy_bonus
    assert play.runtime.state.results["1"]["lines"] == [
        "Ante 1 to 1: +10",
        "Play 1 to 1: +40",
        "Blind, royal flush, 500 to 1: +5,000",
        "Trips, royal flush, 50 to 1: +250",
        f"Progressive, {meter // 100:,} from the meter: +{meter // 100 - 5:,}",
    ]
    assert play.runtime.state.results["2"]["lines"] == [
        "Ante: −10",
        "Play: −10",
        "Blind: −10",
        "Bad Beat, three of a kind, 9 to 1: +45",
        "Progressive: −5",
        f"Envy for seat 1's royal flush: +{envy:,}",
    ]
    assert_meter_paid("five_card", FIVE_CARD_SEED_CENTS, meter)
    assert balance_of(ann, test=True) == START_CENTS + (10 + 40 + 5_000 + 250 - 5) * 100 + meter
    assert balance_of(bob, test=True) == START_CENTS + (-30 + 45 - 5 + envy) * 100
    public = play.render(spy)
    assert "The dealer shows Q♥ Q♦: full house, queens over 2s; the dealer qualifies." in public["pk-log"]
    assert "Progressive, royal flush, 100% of the meter." in public["pk-log"]
    assert f"Envy for seat 1&#x27;s royal flush: +{envy:,}." in public["pk-log"]
    # Each hand's best five marked at the showdown.
    assert "Best five: A♠ K♠ Q♠ J♠ 10♠" in public["pk-seat-1"] and "best-card" in public["pk-seat-1"]
    assert "Best five:" in public["pk-seat-2"] and "Best five:" in public["pk-dealer"]
    assert_all_cards_shown(public, ANN, BOB, DEALER, FLOP, TURN_RIVER)
    assert presenter.last_result(play.runtime.state.to_json()) == "Board Q♠ J♠ 10♠ 2♦ 2♣"
    assert_books_closed()


def test_a_dealer_without_a_pair_pushes_the_ante(table, make_player):
    ann = make_player("Ann")
    play = Play(table(meters=False), [ann])
    play.stack("AH 9H QC JD 2H 5H KH 7C 8D")  # Ann's flush; the dealer's K-Q-J-8-7
    play.bet(ann, "ante", 10)
    play.tick()
    play.tick()
    play.act(ann, "play", multiple="3")
    assert play.runtime.state.results["1"]["lines"] == [
        "Ante, dealer not qualified: ±0",
        "Play 1 to 1: +30",
        "Blind, flush, 3 to 2: +15",
    ]
    assert balance_of(ann, test=True) == START_CENTS + 45 * 100
    assert "does not qualify" in play.render(ann)["pk-dealer"]
    assert_books_closed()


def test_refusals_through_the_runtime_change_nothing(table, make_player):
    ann, bob, cy = make_player("Ann"), make_player("Bob"), make_player("Cy")
    play = Play(table(), [ann, bob, cy])
    version = play.runtime.version
    assert_refused(
        play,
        ann,
        (
            ({"action": "bet", "spot": "trips", "amount": "5"}, "Place the Ante wager first"),
            ({"action": "bet", "spot": "blind", "amount": "5"}, "always equal to the Ante"),
            ({"action": "bet", "spot": "ante", "amount": "600"}, "5 to 500 chips; 600 is not"),
            ({"action": "play", "multiple": "4"}, "No decision is being taken now"),
            ({"action": "bet", "spot": "play", "amount": "10"}, "no betting area 'play'"),
            ({"action": "raise"}, "Unknown action 'raise'"),
        ),
    )
    for player in (ann, bob, cy):
        play.bet(player, "ante", 5)
    with pytest.raises(Refused, match="exactly 5 chips"):
        play.bet(ann, "progressive", 1)
    with pytest.raises(Refused, match="1 to 25 chips"):
        play.bet(ann, "bad_beat", 50)
    assert play.runtime.version == version + 3  # only the three Antes (with their Blinds) went on
    assert_refused_while_deciding(
        play,
        ann,
        (
            ({"action": "play", "multiple": "2"}, "Play is 3×, 4× the Ante; not 2×"),
            ({"action": "play"}, "choose one"),
            ({"action": "play", "multiple": "abc"}, "A multiple is a whole number"),
            ({"action": "check", "multiple": "2"}, "Check takes no multiple"),
            ({"action": "fold"}, "you may check or play"),
            ({"action": "bet", "spot": "ante", "amount": "5"}, "No more bets: wait for the next round"),
            ({"action": "bet", "spot": "progressive", "amount": "5"}, "locked for this round"),
        ),
        stale={"action": "check"},
    )
    assert_refused(play, bob, (({"action": "check"}, "seat 1's turn, not yours"),))
    play.act(ann, "play", multiple="4")
    play.act(bob, "check")
    play.act(cy, "check")
    before = play.runtime.version
    # The flop: issue 16's bad inputs: a second Play wager, a 4× Play on the flop.
    assert_refused(play, ann, (({"action": "play", "multiple": "2"}, "one Play wager a round"),))
    assert_refused(play, bob, (({"action": "play", "multiple": "4"}, "Play is 2× the Ante; not 4×"),))
    play.act(bob, "check")
    play.act(cy, "check")
    # The river: a 2× Play, a check; then a Play after folding.
    assert_refused(play, bob, (({"action": "play", "multiple": "2"}, "Play is 1× the Ante; not 2×"),))
    assert_refused(play, bob, (({"action": "check"}, "you may play or fold"),))
    play.act(bob, "fold")
    assert_refused(play, bob, (({"action": "play", "multiple": "1"}, "You folded this hand"),))
    assert play.runtime.state.spot(2)["bets"] == {"ante": 500, "blind": 500}
    assert play.runtime.version == before + 3
    play.act(cy, "play", multiple="1")
    assert play.runtime.state.phase == "result"
    assert_books_closed()


def test_seeded_rounds_keep_the_ledger_and_the_meters_books(table, make_player):
    made = table(seed=653)
    mystery_hits_first()
    play = Play(made, [make_player(name) for name in ("Ann", "Bob", "Cy")])
    choices = random.Random(6533)
    progressive = 0

    def place_bets(player):
        nonlocal progressive
        if player == play.players[0] or choices.random() < 0.8:  # a round with a hand every time
            play.bet(player, "ante", choices.choice([5, 10]))
            for area, chips in (("trips", 5), ("bad_beat", 1)):
                if choices.random() < 0.4:
                    play.bet(player, area, chips)
            if choices.random() < 0.6:
                play.bet(player, "progressive", 5)
                progressive += 1

    def decide(player, state):
        street = state.street
        if street == 0:
            choice = choices.choice([("check", None), ("play", "3"), ("play", "4")])
        elif street == 1:
            choice = choices.choice([("check", None), ("play", "2")])
        else:
            choice = choices.choice([("fold", None), ("play", "1")])
        action, multiple = choice
        play.act(player, action, **({"multiple": multiple} if multiple else {}))

    play_seeded_rounds(play, choices, 30, place_bets, decide)
    # § 653c.1(c)(1): a progressive wager (always beside the Ante and Blind) feeds the Mystery meter.
    assert_seeded_books(made, "five_card", progressive, progressive)


def test_the_page_renders_for_a_player_and_a_spectator(table, make_player):
    made = table()
    for viewer in (make_player("Ann"), make_player("Spy")):
        html = page(made, viewer)
        assert 'id="pk-status"' in html and 'id="pk-dealer"' in html and 'id="pk-board"' in html
        assert "One Play wager a hand" in html and "the Ante 1 to 1 if the dealer has a pair" in html
    assert_meters_shown(page(made, make_player("Cy")), "Five-Card", "10,000")


def test_the_demo_has_an_ultimate_texas_holdem_table_on_the_linked_five_card_meter(clean_redis):
    made = demo_table(
        "ultimate_texas_holdem",
        [("five_card", "", 5), ("must_hit_by", "A", 5)],
        "5–500 Ante · Trips, Bad Beat up to 100 · Progressive $5",
    )
    config = made.rules_config()
    assert config.progressive == config.trips == config.bad_beat == 1
    five_card = made.meters.get(kind="five_card")
    assert {"four_card_poker", "mississippi_stud"} <= set(five_card.tables.values_list("game", flat=True))


def test_the_admin_has_every_setting_and_the_lobby_row_the_last_result(
    admin_client, clean_redis, make_player
):
    form = admin_form("ultimate_texas_holdem", "Admin UTH", 6, Config())
    assert_admin_refuses(admin_client, {**form, "rules_blind_paytable": 3}, "Choose 1 = A, 2 = B.")
    assert_admin_refuses(
        admin_client, {**form, "rules_trips_paytable": 5}, "Choose 1 = A, 2 = B, 3 = C, 4 = D."
    )
    made, _ = admin_adds(admin_client, {**form, "rules_trips_paytable": 2, "rules_blind_paytable": 2})
    assert made.rules_config().trips_name == "B" and made.rules_config().blind_name == "B"
    # The clocks check pre-flop and on the flop and fold on the river: the board is out and the round settles.
    assert_lobby_last_result(
        made, make_player("Ann"), "2C 5D 8S QH 6D 9C TH JS AC", ("ante", 5), 5, "Board 6♦ 9♣ 10♥ J♠ A♣"
    )
