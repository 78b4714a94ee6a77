"""Texas Hold 'Em Bonus on the real table runtime: a stacked round for two
players and a spectator (nobody's hole cards nor the dealer's before their
time, the board as it is dealt, each hand's best five marked at the
showdown) paying the linked Five-Card meter for a royal flush on the hole
cards and the flop, Envy and a Bonus line through casino/progressives; the
refusals the issue names (a Turn wager after folding, a River wager before
the turn, a second Flop wager) and the bad inputs through the runtime;
seeded rounds with the ledger and the meters' books balanced and every record
replayed; the demo table, the admin's Rules Submission and the lobby's last
result (the shared steps: tests/poker_table.py)."""

import random

import pytest

from casino.wallet.ledger import balance_of
from games.poker.paytables import FIVE_CARD_SEED_CENTS, POKER_PROGRESSIVE_PRIMARY_BP
from games.texas_holdem_bonus import presenter
from games.texas_holdem_bonus.rules import Config
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
from tests.test_how_to_play import get, link, panel, panel_html, table_of
from tests.test_spanish21_table import page

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

# Ann (seat 1): A♠ K♠, a royal flush with the flop; Bob (seat 2): 9-9 (the Bonus 3 to 1), beaten
# by the dealer's aces; the turn and the river change nothing.
ANN, BOB, DEALER, FLOP, TURN, RIVER = "AS KS", "9H 9D", "AH AD", "QS JS TS", "2C", "3D"
STACK = f"{ANN} {BOB} {DEALER} ? {FLOP} ? {TURN} ? {RIVER}"

table = table_fixture(
    "texas_holdem_bonus", "Hold 'Em Bonus test", ("Five-Card", "five_card"), wager_dollars=5
)


def html_of(play, viewer):
    return "".join(play.render(viewer).values())


def test_a_stacked_round_pays_the_meter_envy_and_the_bonus_and_hides_cards_until_their_time(
    table, make_player
):
    ann, bob, spy = make_player("Ann"), make_player("Bob"), make_player("Spy")
    play = Play(table(), [ann, bob])
    play.stack(STACK)
    for player in (ann, bob):
        play.bet(player, "ante", 10)
        play.bet(player, "progressive", 5)
    play.bet(bob, "bonus", 5)
    play.tick()  # no more bets: both progressive wagers locked, two Mystery contributions
    play.tick()  # the deal: two cards each and two to the dealer, face down
    streets = [("flop", "flop"), ("turn", "check"), ("river", "check")]
    board = []
    for number, (ann_says, bob_says) in enumerate(streets):
        for viewer, mine in ((ann, ANN), (bob, BOB), (spy, "")):
            html = html_of(play, viewer)
            for hand in (ANN, BOB, DEALER):
                for name in names(hand):
                    assert (name in html) == (hand == mine), (number, viewer.nickname, name)
            # Rules 6-8: the board as it is dealt, for everyone; never a card before its street.
            for name in names(f"{FLOP} {TURN} {RIVER}"):
                assert (name in html) == (name in board), (number, viewer.nickname, name)
        mine = play.render(ann)["pk-me"]
        keys = ("P", "F") if number == 0 else ("P", "C")
        assert all(f'data-key="{key}"' in mine for key in keys)
        assert 'class="my-turn"' not in play.render(bob)["pk-me"]
        play.act(ann, ann_says)
        play.act(bob, bob_says)
        board = names(" ".join([FLOP, TURN, RIVER][: number + 1]))
    assert play.runtime.state.phase == "result"

    meter = FIVE_CARD_SEED_CENTS + 2 * 500 * POKER_PROGRESSIVE_PRIMARY_BP // 10_000
    envy = Config().royal_flush_envy_bonus
    # Ann: a royal flush beats the dealer's aces: Ante, Flop, Turn and River 1 to 1; the meter.
    assert play.runtime.state.results["1"]["lines"] == [
        "Ante 1 to 1: +10",
        "Flop wager 1 to 1: +20",
        "Turn wager 1 to 1: +10",
        "River wager 1 to 1: +10",
        f"Progressive, {meter // 100:,} from the meter: +{meter // 100 - 5:,}",
    ]
    assert_meter_paid("five_card", FIVE_CARD_SEED_CENTS, meter)
    assert balance_of(ann, test=True) == START_CENTS + (50 - 5) * 100 + meter
    # Bob: 9-9 loses the Ante and the Flop wager to the aces; the Bonus 3 to 1; Envy for Ann's royal.
    assert play.runtime.state.results["2"]["lines"] == [
        "Ante, dealer higher: −10",
        "Flop wager, dealer higher: −20",
        "Bonus, 2-2 through 10-10, 3 to 1: +15",
        "Progressive: −5",
        f"Envy for seat 1's royal flush: +{envy:,}",
    ]
    assert balance_of(bob, test=True) == START_CENTS + (-10 - 20 + 15 - 5 + envy) * 100
    public = play.render(spy)
    assert "Progressive, royal flush, 100% of the meter." in public["pk-log"]
    assert "The dealer shows Pair of aces" in public["pk-log"]
    # The showdown: the dealer's cards up, each hand's best five marked and listed.
    assert_all_cards_shown(public, ANN, BOB, DEALER, FLOP, TURN, RIVER)
    assert "Best five: A♠ K♠ Q♠ J♠ 10♠" in public["pk-seat-1"]
    assert public["pk-seat-1"].count('class="best-card"') == 2
    assert "Best five: 9♥ 9♦ Q♠ J♠ 10♠" in public["pk-seat-2"]
    assert "Best five: A♥ A♦ Q♠ J♠ 10♠" in public["pk-dealer"]
    assert presenter.last_result(play.runtime.state.to_json()) == "Board Q♠ J♠ 10♠ 2♣ 3♦"
    assert_books_closed()


def test_refusals_through_the_runtime_change_nothing(table, make_player):
    ann, bob = make_player("Ann"), make_player("Bob")
    play = Play(table(), [ann, bob])
    version = play.runtime.version
    assert_refused(
        play,
        ann,
        (
            ({"action": "bet", "spot": "bonus", "amount": "5"}, "Place the Ante wager first"),
            ({"action": "bet", "spot": "progressive", "amount": "5"}, "Place the Ante wager first"),
            ({"action": "bet", "spot": "ante", "amount": "600"}, "5 to 500 chips; 600 is not"),
            ({"action": "flop"}, "No decision is being taken now"),
            ({"action": "bet", "spot": "turn", "amount": "10"}, "no betting area 'turn'"),
            ({"action": "play"}, "Unknown action 'play'"),
            ({"action": "bet", "spot": "ante", "amount": "ten"}, "."),
        ),
    )
    play.bet(ann, "ante", 5)
    play.bet(bob, "ante", 5)
    assert_refused(
        play,
        ann,
        (
            ({"action": "bet", "spot": "progressive", "amount": "1"}, "exactly 5 chips"),
            ({"action": "bet", "spot": "bonus", "amount": "101"}, "5 to 100 chips"),
        ),
    )
    assert play.runtime.version == version + 2  # only the two Antes went on
    assert_refused_while_deciding(
        play,
        ann,
        (
            ({"action": "flop", "multiple": "1"}, "Flop wager is 2× the Ante; not 1×"),
            ({"action": "fold", "multiple": "2"}, "Fold takes no multiple"),
            ({"action": "river"}, "The River wager comes on a later street"),
            ({"action": "bet", "spot": "ante", "amount": "5"}, "No more bets: wait for the next round"),
            ({"action": "bet", "spot": "progressive", "amount": "5"}, "locked for this round"),
        ),
        stale={"action": "flop"},
    )
    assert_refused(play, bob, (({"action": "flop"}, "seat 1's turn, not yours"),))
    play.act(ann, "flop")
    play.act(bob, "fold")
    before = play.runtime.version
    # Issue 16's named bad inputs: a Turn wager after folding, a second Flop wager, a River
    # wager before the turn.
    assert_refused(
        play,
        bob,
        (({"action": "turn"}, "You folded this hand"),),
    )
    assert_refused(
        play,
        ann,
        (
            ({"action": "flop"}, "The Flop wager was an earlier street's decision"),
            ({"action": "river"}, "The River wager comes on a later street"),
        ),
    )
    assert play.runtime.state.spot(1)["bets"] == {"ante": 500, "flop": 1000}
    assert play.runtime.version == before


def test_seeded_rounds_keep_the_ledger_and_the_meters_books(table, make_player):
    made = table(seed=647)
    mystery_hits_first()
    play = Play(made, [make_player(name) for name in ("Ann", "Bob", "Cy")])
    choices = random.Random(6477)
    progressive = 0

    def place_bets(player):
        nonlocal progressive
        if player == play.players[0] or choices.random() < 0.8:  # a round with a hand every time
            play.bet(player, "ante", choices.choice([5, 10]))
            if choices.random() < 0.4:
                play.bet(player, "bonus", 5)
            if choices.random() < 0.6:
                play.bet(player, "progressive", 5)
                progressive += 1

    def decide(player, state):
        options = {0: ("flop", "flop", "fold"), 1: ("turn", "check"), 2: ("river", "check")}[state.street]
        play.act(player, choices.choice(options))

    play_seeded_rounds(play, choices, 30, place_bets, decide)
    # § 647c.1(c)(1): a progressive wager (always beside an Ante) feeds the Mystery meter.
    assert_seeded_books(made, "five_card", progressive, progressive)


def test_the_page_the_admin_and_the_lobby(admin_client, table, make_player):
    made = table()
    for viewer in (make_player("Ann"), make_player("Spy")):
        html = page(made, viewer)
        assert 'id="pk-status"' in html and 'id="pk-dealer"' in html and 'id="pk-board"' in html
        assert (
            "the dealer needs nothing to play" in html
            and "A-A up to 1,000 to 1 when the dealer holds A-A too" in html
        )
    assert_meters_shown(page(made, make_player("Cy")), "Five-Card", "10,000")
    form = admin_form("texas_holdem_bonus", "Admin THB", 6, Config())
    assert_admin_refuses(
        admin_client,
        {**form, "rules_ante_pays_on": 3},
        "Choose 1 (a straight or better) or 2 (a flush or better).",
    )
    added, _ = admin_adds(admin_client, {**form, "rules_ante_pays_on": 2})
    assert added.rules_config().ante_pays_name == "flush or better"
    # The clock folds pre-flop: the board is still dealt and the round settles.
    assert_lobby_last_result(
        added, make_player("Bo"), "2C 7D 4H 5S ? 8S QH 6D ? KC ? 3H", ("ante", 5), 3, "Board 8♠ Q♥ 6♦ K♣ 3♥"
    )


def test_the_demo_has_a_texas_holdem_bonus_table_on_the_linked_five_card_meter(clean_redis):
    demo = demo_table(
        "texas_holdem_bonus",
        [("five_card", "", 5), ("must_hit_by", "A", 5)],
        "5–500 Ante · Bonus up to 100 · Progressive $5",
    )
    assert demo.rules_config().bonus == 1
    five_card = demo.meters.get(kind="five_card")
    assert {"four_card_poker", "mississippi_stud"} <= set(five_card.tables.values_list("game", flat=True))


def test_how_to_play_and_the_rules_page_say_what_the_clock_does(clean_redis):
    made = table_of("texas_holdem_bonus")
    link(made, "five_card", dollars=5)
    sections = panel(made)
    assert (
        "If your time runs out before the flop, your hand folds; on the flop or the turn, it checks."
        in (sections["The game"])
    )
    assert ("A-A, and the dealer also holds A-A", "1,000 to 1") in sections["Bonus (1000-30-25-20-15-10-5-3)"]
    assert ("Royal flush", "100% of the meter") in sections["Progressive (5 chips)"]
    rules = get(f"/tables/{made.pk}/rules/")
    assert "after the flop the rules name no default, so the table checks, which risks nothing" in rules
    assert "§ 647c.1" in rules and "§" not in panel_html(made)
