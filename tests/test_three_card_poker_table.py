"""Three Card Poker on the real table runtime: its page for players and
spectators (nobody's cards before their time), a stacked round with the
linked Three-Card progressive and Mystery bonus meters through
casino/progressives, refusals through the runtime, seeded rounds with the
ledger and the meters' books balanced, the demo table (the shared parts:
tests/poker_table.py)."""

import random

import pytest

from casino.tables.exceptions import Refused
from casino.tables.models import Round, Table
from casino.tables.replay import replay
from casino.wallet.ledger import balance_of
from games.three_card_poker import presenter
from games.three_card_poker.how_to_play import how_to_play as rules_page_sections
from games.three_card_poker.rules import Config
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
    names,
    play_seeded_rounds,
    table_fixture,
)
from tests.test_spanish21_table import page
from tests.test_test_tables import client_of

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

# Ann (seat 1): the spade mini-royal; Bob (seat 2): a pair of 9s; the dealer: K-7-4.
ANN, BOB, DEALER = "AS KS QS", "9H 9D 2C", "KD 7C 4H"

table = table_fixture("three_card_poker", "Three Card test", ("Three-Card", "three_card"), wager_dollars=1)


def stacked_round(table, make_player):
    ann, bob = make_player("Ann"), make_player("Bob")
    play = Play(table, [ann, bob])
    play.stack(f"{ANN} {BOB} {DEALER}")
    play.bet(ann, "ante", 10)
    play.bet(ann, "pair_plus", 5)
    play.bet(ann, "three_card", 1)
    play.bet(bob, "ante", 10)
    play.bet(bob, "three_card", 1)
    return play, ann, bob


def test_a_stacked_round_pays_the_meter_the_envy_and_hides_cards_until_their_time(table, make_player):
    play, ann, bob = stacked_round(table(), make_player)
    spy = make_player("Spy")
    play.tick()  # no more bets: both progressive wagers locked, two Mystery contributions
    play.tick()  # the deal
    state = play.runtime.state
    assert state.phase == "deciding" and state.turn == 1
    assert_each_sees_only_their_own_cards(play, {ann: ANN, bob: BOB}, spy, DEALER, face_down=6)
    mine = play.render(ann)["pk-me"]
    assert 'data-action="play"' in mine and 'data-key="P"' in mine and 'data-action="fold"' in mine
    assert "Mini-royal" in mine
    assert 'data-action="play"' not in play.render(bob)["pk-me"]
    assert "Ann to decide (seat 1)" in play.render(spy)["pk-status"]

    with pytest.raises(Refused, match="seat 1's turn, not yours"):
        play.act(bob, "play")
    with pytest.raises(Refused, match="Seat 1 is not yours"):
        play.act(bob, "play", seat="1")
    with pytest.raises(Refused, match="the table is on round 1 now"):
        play.runtime.act(ann.pk, "Ann", {"action": "play", "round": 0})
    with pytest.raises(Refused, match="locked for this round"):
        play.bet(ann, "three_card", 1)
    play.act(ann, "play")
    play.act(bob, "play")
    assert play.runtime.state.phase == "result"

    seed = 1_000_00 + 2 * 20  # the meter's $1,000 seed and 20% of the two $1 wagers
    # In cents: Ann's Ante and Play 1 to 1, Ante Bonus 5 to 1, Pair Plus 40 to 1, the meter, no
    # Envy (Bob has no mini-royal), less her $1 progressive; Bob's pair of 9s beats K-7-4 (Ante
    # and Play 1 to 1), his progressive loses, and he is paid $100 Envy for Ann's spade mini-royal.
    ann_net = (10 + 10 + 50 + 5 * 40 - 1) * 100 + seed
    bob_net = (10 + 10 - 1 + 100) * 100
    assert balance_of(ann, test=True) == START_CENTS + ann_net
    assert balance_of(bob, test=True) == START_CENTS + bob_net
    assert_meter_paid("three_card", 1_000_00, seed)  # reset to its seed after the 100% award
    public = play.render(spy)
    assert "Dealer: K-7-4 high, qualifies" in public["pk-status"]
    assert (
        "Seat 1: mini-royal, Three-Card progressive, mini-royal in spades, 100% of the meter."
        in public["pk-log"]
    )
    assert "Seat 2: pair of 9s, Envy for seat 1&#x27;s mini-royal in spades: +100." in public["pk-log"]
    assert_all_cards_shown(public, ANN, BOB, DEALER)
    assert presenter.last_result(play.runtime.state.to_json()) == "Dealer K-7-4 high"
    assert_books_closed()


def folded_round(table, make_player, ann_bets, bob_bets):
    """Ann folds, Bob plays; the round's result as a spectator sees it, and Ann's own fragment."""
    ann, bob, spy = make_player("Ann"), make_player("Bob"), make_player("Spy")
    play = Play(table, [ann, bob])
    play.stack(f"{ANN} {BOB} {DEALER}")
    for player, bets in ((ann, ann_bets), (bob, bob_bets)):
        for area, chips in bets.items():
            play.bet(player, area, chips)
    play.tick()  # no more bets
    play.tick()  # the deal
    play.act(ann, "fold")
    play.act(bob, "play")
    assert play.runtime.state.phase == "result"
    public = play.render(spy)
    assert "Spy" not in public["pk-me"] or "watching" in public["pk-me"]
    return public, play.render(ann)["pk-me"], play


def test_a_folded_hand_with_nothing_riding_on_it_is_never_turned_up(table, make_player):
    # Rule 6: a fold loses the Ante and the Pair Plus; with no other wager the dealer
    # collects the three cards unseen. Bob's hand, played, is turned up as always.
    public, mine, play = folded_round(
        table(meters=False), make_player, {"ante": 10, "pair_plus": 5}, {"ante": 10}
    )
    seen = "".join(html for name, html in public.items() if name != "pk-me")
    for name in names(ANN):
        assert name not in seen, name
    # Nor its name: not on the seat, in the log or in what screen readers are told.
    assert "Mini-royal" not in seen and "mini-royal" not in public["pk-log"]
    assert "Folded" in public["pk-seat-1"] and "Ante folded" in public["pk-seat-1"]
    assert_all_cards_shown(public, BOB, DEALER)
    # Ann still sees her own cards.
    for name in names(ANN):
        assert name in mine, name
    # The round's record shows the table as it ended: Ann's hand face down there too.
    record = Round.objects.get(table=play.table, number=1)
    report = replay(record)
    assert report.identical and report.states[-1]["spots"]["1"]["mucked"] is True
    # On the round's record, Ann alone sees her folded hand, apart from the table's.
    ann, bob = play.players
    url = f"/tables/{play.table.pk}/rounds/1/"
    own, other = (client_of(player).get(url).content.decode() for player in (ann, bob))
    assert "Your folded hand, collected face down" in own
    assert all(f'aria-label="{name}"' in own for name in names(ANN))
    assert "Your folded hand" not in other
    assert not any(f'aria-label="{name}"' in other for name in names(ANN))
    assert all(f'aria-label="{name}"' in other for name in names(BOB))
    # The rules page says so.
    assert "Folded hands" in [section.title for section in rules_page_sections(Config())]
    assert_ledger_balanced()


@pytest.mark.parametrize(
    "ann_bets, bob_bets, why",
    [
        # The progressive stays in action after a fold (Defaults): settled on her cards.
        ({"ante": 10, "three_card": 1}, {"ante": 10}, "Three-Card progressive"),
        # Bob's Envy is paid on Ann's spade mini-royal, folded or not (rule 12).
        ({"ante": 10}, {"ante": 10, "three_card": 1}, "Envy for seat 1"),
    ],
)
def test_a_folded_hand_that_settles_a_wager_is_turned_up(table, make_player, ann_bets, bob_bets, why):
    public, _mine, _play = folded_round(table(), make_player, ann_bets, bob_bets)
    assert why in public["pk-log"]
    assert_all_cards_shown({"seat": public["pk-seat-1"]}, ANN)


def test_refusals_through_the_runtime_change_nothing(table, make_player):
    play = Play(table(), [make_player("Ann"), make_player("Bob")])
    ann, bob = play.players
    version = play.runtime.version
    assert_refused(
        play,
        ann,
        (
            ({"action": "bet", "spot": "six_card", "amount": "5"}, "Place the Ante or Pair Plus wager first"),
            ({"action": "bet", "spot": "ante", "amount": "600"}, "5 to 500 chips; 600 is not"),
            ({"action": "bet", "spot": "ante", "amount": "10000000"}, "The Ante wager is 5 to 500"),
            ({"action": "play"}, "No decision is being taken now"),
            ({"action": "bet", "spot": "nowhere", "amount": "5"}, "no betting area 'nowhere'"),
        ),
    )
    with pytest.raises(Refused, match="every action must carry the round id"):
        play.runtime.act(ann.pk, "Ann", {"action": "bet", "spot": "ante", "amount": "5"})
    play.bet(ann, "ante", 5)
    with pytest.raises(Refused, match="exactly 1 chip"):
        play.bet(ann, "three_card", 5)
    with pytest.raises(Refused, match="Take a seat to play"):
        play.runtime.act(
            make_player("Spy").pk, "Spy", {"action": "bet", "spot": "ante", "amount": "5", "round": 1}
        )
    assert play.runtime.version == version + 1  # only Ann's Ante went on
    assert_ledger_balanced()


def test_a_wager_beyond_the_balance_is_refused(table, make_player):
    play = Play(table(max_bet=1_000_000), [make_player("Ann")])
    assert_beyond_the_balance_refused(play, "ante", START_CHIPS + 1)


def test_seeded_rounds_keep_the_ledger_and_the_meters_books(table, make_player):
    tcp = table(seed=649)
    mystery_hits_first()
    play = Play(tcp, [make_player(name) for name in ("Ann", "Bob", "Cy")])
    choices = random.Random(14)
    counts = {"progressive": 0, "qualifying": 0}

    def place_bets(player):
        ante = choices.random() < 0.8
        if ante:
            play.bet(player, "ante", choices.choice([5, 10]))
        if not ante or choices.random() < 0.5:
            play.bet(player, "pair_plus", 5)
        if choices.random() < 0.4:
            play.bet(player, "six_card", 5)
        if choices.random() < 0.6:
            play.bet(player, "three_card", 1)
            counts["progressive"] += 1
            counts["qualifying"] += ante

    def decide(player, state):
        play.act(player, choices.choice(["play", "fold"]))

    play_seeded_rounds(play, choices, 30, place_bets, decide)
    # § 649c.1(c)(1): only a progressive wager beside an Ante feeds the Mystery meter.
    assert_seeded_books(tcp, "three_card", counts["progressive"], counts["qualifying"])


def test_without_a_linked_meter_the_progressive_areas_do_not_show(table, make_player):
    play = Play(table(meters=False), [make_player("Ann")])
    mine = play.render(play.players[0])["pk-me"]
    assert 'data-area="ante"' in mine and 'data-area="pair_plus"' in mine and 'data-area="six_card"' in mine
    assert 'data-area="three_card"' not in mine
    # Undo, rebet and double (games/betting.py), with their keys, as at every game.
    assert 'data-tool="undo"' in mine and 'data-tool="rebet"' in mine and 'data-tool="double_bets"' in mine


def test_the_page_renders_for_a_player_and_a_spectator(table, make_player):
    tcp = table()
    ann, spy = make_player("Ann"), make_player("Spy")
    for html in (page(tcp, ann), page(tcp, spy)):
        assert_poker_page(html, seats=6)
        assert "css/poker.css" in html and "Place your bets" in html
        assert "The dealer qualifies with queen-high or better." in html
        assert "Pair Plus pays 40-30-6-4-1 to 1" in html
    assert "Take a seat" in page(tcp, ann)
    # § 649c.1(b): the progressive display says the Mystery bonus is offered; both meters show live.
    assert_meters_shown(page(tcp, ann), "Three-Card", "1,000")


def test_bad_messages_are_refused(table, make_player):
    play = Play(table(), [make_player("Ann")])
    ann = play.players[0]
    play.bet(ann, "ante", 5)
    assert_refused_while_deciding(
        play,
        ann,
        (
            ({"action": "play", "multiple": "abc"}, "A multiple is a whole number"),
            ({"action": "play", "multiple": "١"}, "A multiple is a whole number"),
            ({"action": "play", "multiple": "2"}, "Play is 1× the Ante; not 2×"),
            ({"action": "raise"}, "Unknown action 'raise'"),
            ({"action": "bet", "spot": "ante", "amount": "5"}, "No more bets: wait for the next round"),
        ),
        {"action": "play"},
    )


def test_the_demo_has_a_three_card_poker_table_with_its_own_meters(clean_redis):
    tcp = demo_table(
        "three_card_poker",
        [("must_hit_by", "A", 1), ("three_card", "", 1)],
        "5–500 Ante · Pair Plus, Six Card Bonus up to 100 · Three-Card progressive $1",
    )
    pai_gow = Table.objects.get(game="pai_gow")
    # Each game's Mystery bonus has a meter of its own (docs/rules/README.md, "Meter scope").
    assert set(tcp.meters.all()).isdisjoint(pai_gow.meters.all())


def test_the_admin_has_every_setting_and_the_lobby_row_the_last_result(
    admin_client, clean_redis, make_player
):
    form = admin_form("three_card_poker", "Admin TCP", 6, Config())
    assert_admin_refuses(
        admin_client, {**form, "rules_pair_plus_paytable": 7}, "Choose Pair Plus paytable 1, 2 or 3."
    )
    tcp, html = admin_adds(admin_client, {**form, "rules_pair_plus_paytable": 2})
    assert tcp.rules_config().pair_plus_name == "40-30-6-3-1"
    assert 'name="rules_pair_plus_paytable" value="2"' in html
    assert_lobby_last_result(
        tcp, make_player("Ann"), "2C 5D 8S QH 6D 4C", ("pair_plus", 5), ticks=2, expected="Dealer Q-6-4 high"
    )
