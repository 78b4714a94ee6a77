"""Crazy 4 Poker on the real table runtime: its page for players and
spectators (nobody's cards before their time), a stacked round with the
linked Five-Card progressive, its Envy and the Mystery bonus meter through
casino/progressives, refusals through the runtime, seeded rounds with the
ledger and the meters' books balanced and every record replayed, the demo
table on the Five-Card meter it shares with Four Card Poker, the admin's
Rules Submission (the shared parts: tests/poker_table.py)."""

import random

import pytest

from casino.progressives.models import Meter, TableLink
from casino.tables.exceptions import Refused
from casino.tables.models import Table
from casino.wallet.ledger import balance_of
from games.crazy_4_poker import presenter, rules
from games.poker.paytables import FIVE_CARD_SEED_CENTS
from tests.conftest import staked
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

# Ann (seat 1): a royal flush; Bob (seat 2): three 9s; the dealer: K-8-7-5 high, which qualifies.
ANN, BOB, DEALER = "AS KS QS JS TS", "9H 9D 9C 2C 3D", "KD 8C 7H 5S 4D"

table = table_fixture("crazy_4_poker", "Crazy 4 test", ("Five-Card", "five_card"), wager_dollars=5)


def test_a_stacked_round_pays_the_meter_the_envy_and_hides_cards_until_their_time(table, make_player):
    ann, bob, spy = make_player("Ann"), make_player("Bob"), make_player("Spy")
    play = Play(table(), [ann, bob])
    play.stack(f"{ANN} {BOB} {DEALER}")
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
    assert_each_sees_only_their_own_cards(play, {ann: ANN, bob: BOB}, spy, DEALER, face_down=10)
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
    assert balance_of(ann, test=True) == START_CENTS + ann_net
    assert balance_of(bob, test=True) == START_CENTS + bob_net
    assert_meter_paid("five_card", FIVE_CARD_SEED_CENTS, seed)  # reset to its seed after the 100% award
    public = play.render(spy)
    assert "Dealer: K-8-7-5 high, qualifies" in public["pk-status"]
    assert "Five-Card progressive, royal flush, 100% of the meter." in public["pk-log"]
    assert "Envy for seat 1&#x27;s royal flush: +5,000." in public["pk-log"]
    assert "Super Bonus, straight flush, 15 to 1: +150" in public["pk-log"]
    assert_all_cards_shown(public, ANN, BOB, DEALER)
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
            (
                {"action": "bet", "spot": "super_bonus", "amount": "5"},
                "Super Bonus is always equal to the Ante",
            ),
            ({"action": "bet", "spot": "queens_up", "amount": "5"}, "Place the Ante wager first"),
            ({"action": "bet", "spot": "five_card", "amount": "5"}, "Place the Ante wager first"),
            ({"action": "bet", "spot": "ante", "amount": "600"}, "5 to 500 chips; 600 is not"),
            ({"action": "play", "multiple": "1"}, "No decision is being taken now"),
            ({"action": "bet", "spot": "play", "amount": "5"}, "no betting area 'play'"),
            ({"action": "raise"}, "Unknown action 'raise'"),
        ),
    )
    play.bet(ann, "ante", 5)
    with pytest.raises(Refused, match="exactly 5 chips"):
        play.bet(ann, "five_card", 1)
    with pytest.raises(Refused, match="5 to 100 chips; 101 is not"):
        play.bet(ann, "queens_up", 101)
    assert play.runtime.version == version + 1  # only Ann's Ante (and its Super Bonus) went on
    play.stack("KS KH 9D 5C 2S")
    assert_refused_while_deciding(
        play,
        ann,
        (
            ({"action": "play", "multiple": "3"}, "Play is 1× the Ante; not 3×"),  # no pair of aces
            ({"action": "play", "multiple": "abc"}, "A multiple is a whole number"),
            ({"action": "fold", "multiple": "2"}, "Fold takes no multiple"),
            ({"action": "bet", "spot": "ante", "amount": "5"}, "No more bets: wait for the next round"),
            ({"action": "bet", "spot": "five_card", "amount": "5"}, "Five-Card progressive is locked"),
        ),
        {"action": "play"},
    )


def test_an_ante_whose_super_bonus_the_balance_cannot_cover_is_refused(table, make_player):
    play = Play(table(max_bet=1_000_000), [make_player("Ann")])
    assert_beyond_the_balance_refused(play, "ante", START_CHIPS // 2 + 1)


def test_seeded_rounds_keep_the_ledger_and_the_meters_books(table, make_player):
    c4 = table(seed=657)
    mystery_hits_first()
    players = [make_player(name) for name in ("Ann", "Bob", "Cy")]
    play = Play(c4, players)
    choices = random.Random(57)
    counts = {"progressive": 0}

    def place_bets(player):
        if choices.random() < 0.2 and player != players[0]:
            return  # someone always bets: a round with no wager waits
        play.bet(player, "ante", choices.choice([5, 10]))
        if choices.random() < 0.5:
            play.bet(player, "queens_up", 5)
        if choices.random() < 0.6:
            play.bet(player, "five_card", 5)
            counts["progressive"] += 1

    def decide(player, state):
        option, multiples = choices.choice(rules.legal_options(state, state.turn))
        extra = {"multiple": str(choices.choice(multiples))} if len(multiples) > 1 else {}
        play.act(player, option.action, **extra)

    play_seeded_rounds(play, choices, 30, place_bets, decide)
    # § 657c.1(c)(1): a Crazy 4 Poker wager and a Five-Card wager; every Five-Card wager here has its Ante.
    assert_seeded_books(c4, "five_card", counts["progressive"], counts["progressive"])


def test_the_page_renders_for_a_player_and_a_spectator(table, make_player):
    c4 = table()
    ann, spy = make_player("Ann"), make_player("Spy")
    for html in (page(c4, ann), page(c4, spy)):
        assert_poker_page(html, seats=6)
        assert "Your best four of five cards against the dealer&#x27;s." in html
        assert "The dealer qualifies with king-high or better" in html
        assert "Super Bonus" in html and "equal to the Ante" in html
    # § 657c.1(b): the progressive display says the Mystery bonus is offered; both meters show live.
    assert_meters_shown(page(c4, ann), "Five-Card", "10,000")


def test_the_ante_button_places_the_super_bonus_and_no_area_is_missing(table, make_player):
    play = Play(table(), [make_player("Ann")])
    mine = play.render(play.players[0])["pk-me"]
    assert "Bet on Ante + Super Bonus" in mine
    assert 'data-area="super_bonus"' not in mine  # never bet on its own
    assert 'data-area="queens_up"' in mine and 'data-area="five_card"' in mine
    play = Play(table(meters=False), [make_player("Bob")])
    assert 'data-area="five_card"' not in play.render(play.players[0])["pk-me"]


def test_the_demo_has_a_crazy_4_poker_table_on_the_five_card_meter_of_four_card_poker(clean_redis):
    c4 = demo_table(
        "crazy_4_poker",
        [("five_card", "", 5), ("must_hit_by", "A", 5)],
        "5–500 Ante · Queens Up up to 100 · Five-Card progressive $5",
    )
    fcp = Table.objects.get(game="four_card_poker")
    # One linked Five-Card meter for the two games (the same five-card table); a Mystery meter each.
    assert set(c4.meters.filter(kind="five_card")) == set(fcp.meters.filter(kind="five_card"))
    assert set(c4.meters.filter(kind="must_hit_by")).isdisjoint(fcp.meters.filter(kind="must_hit_by"))


def test_the_admin_has_every_setting_and_the_lobby_row_the_last_result(
    admin_client, clean_redis, make_player
):
    form = admin_form("crazy_4_poker", "Admin C4", 6, rules.Config())
    assert_admin_refuses(
        admin_client,
        {**form, "rules_five_card_progressive": 0, "rules_mystery": 1},
        "The Mystery bonus needs the Five-Card progressive payout wager",
    )
    c4, _html = admin_adds(admin_client, {**form, "rules_queens_up": 0})
    assert c4.rules_config().queens_up == 0
    # The third tick is the decision clock: the hand folds.
    assert_lobby_last_result(
        c4, make_player("Ann"), "2C 5D 8S QH 6D KD 9H TH 3S 4C", ("ante", 5), 3, "Dealer K-10-9-4 high"
    )


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
