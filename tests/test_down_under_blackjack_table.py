"""Down Under Blackjack on the real table runtime: its page for players and
spectators (the reader's class for everyone, never the hole card before its
reveal), a stacked round paying its own Match the Dealer meter through
casino/progressives and the dealer's 22 exception, refusals through the
runtime, seeded rounds with the ledger and the meter's books balanced and
every record replayed, the demo table and the admin's Rules Submission."""

import random
from html import unescape

import pytest
from django.core.management import call_command

from casino.progressives import api, audit
from casino.progressives.models import Meter, MeterEvent, TableLink
from casino.tables import registry
from casino.tables.exceptions import Refused
from casino.tables.models import Round, Table
from casino.tables.replay import replay
from casino.wallet.ledger import balance_of
from casino.wallet.models import Account
from games.down_under_blackjack import rules
from games.down_under_blackjack.paytables import DOWN_UNDER_MATCH
from games.down_under_blackjack.rules import STACK_HELP, Config
from tests.conftest import assert_ledger_balanced
from tests.poker_table import (
    START_CENTS,
    Play,
    admin_adds,
    admin_form,
    assert_admin_refuses,
    assert_books_closed,
    names,
)
from tests.test_spanish21_table import page
from tests.test_test_tables import designer

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

FAST = {"betting_seconds": 5, "deal_seconds": 1, "action_seconds": 20, "result_seconds": 5}
SEED_CENTS = 100_000  # § 685c.1(j): 1,000 × the $1 wager
# Ann (seat 1) A♠ A♠ against the A♠ up: (a)(1), 100% of the meter; Bob (seat 2) 9♦ 7♣, no match.
# The hole card 5♣ reads Small; the dealer's A 5 draws 6♦ and 10♥: 22. Ann's unsplit A-A,
# two Large cards, wins 1 to 1 against it (rule 19(b)); Bob's 16 pushes.
STACK = "AS 9D AS AS 7C 5C 6D TH"
HOLE = "5 of clubs"


@pytest.fixture
def table(clean_redis):
    def make(meters=True, seed=None, **config):
        made = Table.objects.create(
            game="down_under_blackjack",
            name="Down Under test",
            config={**FAST, **config},
            is_test=True,
            seed=seed,
            max_seats=6,
        )
        if meters:
            meter = Meter.objects.create(name="Down Under Match the Dealer $1", kind=DOWN_UNDER_MATCH)
            TableLink.objects.create(meter=meter, table=made)
            api.open_meter(meter)
        return made

    return make


def everything(fragments):
    return "".join(fragments.values())


def test_the_page_renders_for_a_player_and_a_spectator(table, make_player):
    made = table()
    ann, spy = make_player("Ann"), make_player("Spy")
    made.invited.add(ann, spy)
    for html in (page(made, ann), page(made, spy)):
        assert 'id="bj-status"' in html and 'id="bj-seat-6"' in html and 'id="bj-seat-7"' not in html
        assert "Down Under Blackjack" in html and "dealer 22 pushes" in html
        assert "Down Under Match the Dealer $1" in html  # the meter, live on the table
    assert "T J Q K (52-card decks)" in STACK_HELP


def test_a_stacked_round_shows_the_reader_pays_the_meter_and_the_dealers_22(table, make_player):
    ann, bob, spy = make_player("Ann"), make_player("Bob"), make_player("Spy")
    play = Play(table(), [ann, bob])
    play.table.invited.add(spy)
    play.stack(STACK)
    for player in (ann, bob):
        play.bet(player, "main", 10)
        play.bet(player, "match_the_dealer", 5)
        play.bet(player, "progressive", 1)
    with pytest.raises(Refused, match="exactly 1"):
        play.bet(ann, "progressive", 5)  # § 685c.1(e): this table's progressive is $1
    play.tick()  # no more bets: both progressive wagers locked
    with pytest.raises(Refused, match="No more bets|locked"):
        play.bet(ann, "progressive", 1)  # § 685c.1(d)(2): the lock-out
    play.tick()  # the deal
    state = play.runtime.state
    assert state.phase == "playing" and state.turn == [1, 0] and state.reader == "small"
    for viewer in (ann, bob, spy, None):
        shown = play.render(viewer)
        assert "Reader: the hole card is <strong>Small</strong> (blue)" in shown["bj-dealer"]
        assert 'aria-label="face-down card"' in shown["bj-dealer"]
        assert HOLE not in everything(shown) and "5♣" not in everything(shown)
    assert "The reader lights blue: the hole card is Small." in play.render(spy)["bj-log"]
    mine = play.render(ann)["bj-me"]
    assert 'data-action="split"' in mine and 'data-action="insure"' not in mine
    assert 'data-action="hit"' not in play.render(bob)["bj-me"]

    stale = play.runtime.round - 1
    with pytest.raises(Refused, match="no insurance"):
        play.act(ann, "insure")
    with pytest.raises(Refused, match="seat 1's turn, not yours"):
        play.act(bob, "stand")
    with pytest.raises(Refused, match="Take a seat|not seated|sit"):
        play.runtime.act(spy.pk, spy.nickname, {"action": "stand", "round": play.runtime.round})
    with pytest.raises(Refused, match=f"table is on round {play.runtime.round} now"):
        play.runtime.act(ann.pk, ann.nickname, {"action": "stand", "round": stale})
    play.act(ann, "stand")
    play.act(bob, "stand")
    assert play.runtime.state.phase == "result"

    award = SEED_CENTS + 2 * 15  # the seed and 15% of the two $1 wagers
    # Ann: main +10 (rule 19(b)), Match the Dealer two suited 22 to 1: +110, her $1 and the meter.
    assert balance_of(ann, test=True) == START_CENTS + (10 + 110 - 1) * 100 + award
    assert balance_of(bob, test=True) == START_CENTS - (5 + 1) * 100  # 16 pushes the 22
    meter = Meter.objects.get(kind=DOWN_UNDER_MATCH)
    assert api.read([meter])[0].cents == SEED_CENTS  # reseeded after the 100% award (§ 685c.1(j))
    assert MeterEvent.objects.get(meter=meter, kind="award").paid_cents == award
    public = play.render(spy)
    log = public["bj-log"]
    assert (
        "Seat 1: 12 beats the dealer&#x27;s 22, +10." in log
        and "Seat 2: the dealer&#x27;s 22 pushes 16." in log
    )
    assert "pays 1,000.30!" in log
    for name in names("AS 5C 6D TH"):
        assert name in public["bj-dealer"]
    assert_books_closed()


def test_seeded_rounds_keep_the_books_and_replay(table, make_player):
    made = table(seed=20261218)
    ann, bob = make_player("Ann"), make_player("Bob")
    play = Play(made, [ann, bob])
    choices = random.Random(18)
    wagers = 0
    for _ in range(30):
        start = play.runtime.round
        for player in (ann, bob):
            play.bet(player, "main", choices.choice((5, 10, 25)))
            if choices.random() < 0.5:
                play.bet(player, "match_the_dealer", 5)
            if choices.random() < 0.6:
                play.bet(player, "progressive", 1)
                wagers += 1
        for _step in range(30):
            state = play.runtime.state
            if state.phase == "playing" and choices.random() < 0.8:
                seat = state.turn[0]
                player = next(p for p in (ann, bob) if p.pk == state.spot(seat)["player"])
                play.act(player, choices.choice(play.runtime.rules.legal_actions(state, seat)))
                continue
            play.tick()
            if play.runtime.round > start:
                break
        else:
            raise AssertionError(f"round {play.runtime.round} never ended: {play.runtime.state.phase}")
    assert_ledger_balanced()
    assert not Account.objects.filter(kind=Account.ESCROW).exclude(balance=0).exists()
    meter = Meter.objects.get(kind=DOWN_UNDER_MATCH)
    assert MeterEvent.objects.filter(meter=meter, kind="contribution").count() == wagers
    assert audit.reconcile([meter]) == []
    records = list(Round.objects.filter(table=made).order_by("number"))
    assert len(records) == 30
    for record in records:
        report = replay(record)
        assert report.identical, f"round {record.number}: {report.difference}"


def test_the_demo_table(clean_redis):
    call_command("demo_tables")
    call_command("demo_tables")  # idempotent
    (made,) = Table.objects.filter(game="down_under_blackjack")
    assert not made.is_test and made.rules_config().progressive == 1
    assert list(made.meters.values_list("kind", "paytable", "wager_dollars")) == [(DOWN_UNDER_MATCH, "", 1)]
    limits = registry.get("down_under_blackjack").limits_text(made.rules_config())
    assert limits == "5–500 main · Match the Dealer up to 100 · Match the Dealer progressive $1"
    # The demo table stores only what differs from the defaults, so it plays the rules
    # file's current ones: the dealer hits soft 17, a blackjack pays 3 to 2.
    assert not {"hits_soft_17", "blackjack_6_to_5"} & set(made.config)
    assert made.rules_config().hits_soft_17 == 1 and made.rules_config().blackjack_6_to_5 == 0


def test_a_table_saved_before_the_rules_choices_existed_plays_the_new_defaults(table):
    # A Rules Submission stored before soft 17 and the blackjack payout were fields (and
    # before surrender left the game: it was never a field) loads and validates unchanged.
    made = table()
    stored = {"min_bet": 5, "max_bet": 500, "match_the_dealer": 1, "progressive": 1}
    Table.objects.filter(pk=made.pk).update(config=stored)
    made.refresh_from_db()
    made.full_clean(exclude=["state"])
    config = made.rules_config()
    assert (config.hits_soft_17, config.blackjack_6_to_5, config.min_bet) == (1, 0, 5)
    layout = rules.VARIANT.for_table(config).layout_text
    assert "dealer hits soft 17" in layout and "blackjack pays 3 to 2" in layout


def test_the_admin_takes_every_rules_submission_field(admin_client):
    form = admin_form("down_under_blackjack", "Down Under admin", 6, Config(decks=8, progressive=5))
    assert_admin_refuses(admin_client, {**form, "rules_decks": 5}, "§ 685c.1(b)")
    assert_admin_refuses(admin_client, {**form, "rules_progressive_paytable": 11}, "§ 685c.1(i)")
    assert_admin_refuses(admin_client, {**form, "rules_hits_soft_17": 2}, "hits soft 17")
    assert_admin_refuses(admin_client, {**form, "rules_blackjack_6_to_5": 2}, "6 to 5")
    made, html = admin_adds(admin_client, form)
    assert made.rules_config() == Config(decks=8, progressive=5)
    assert "52-card decks in the shoe" in html and "Insurance seconds" not in html


def test_the_lab_test_table_form_takes_the_rules_submission_and_a_stack_with_tens(clean_redis):
    _dana, client = designer()
    html = unescape(client.get("/lab/test-tables/new/?game=down_under_blackjack").content.decode())
    for field in Config().to_json():
        if field != "insurance_seconds":
            assert f'name="rules_{field}"' in html, field
    # The insurance clock blackjack has and Down Under never runs (rule 16) is not asked for.
    assert 'name="rules_insurance_seconds"' not in html
    assert STACK_HELP in html
    form = {"game": "down_under_blackjack", "name": "DUB lab", "max_seats": 6, "seed": "", "stack": "TS TS"}
    form.update({f"rules_{field}": value for field, value in Config(decks=5).to_json().items()})
    assert "§ 685c.1(b)" in unescape(client.post("/lab/test-tables/new/", form).content.decode())
    form["rules_decks"] = 8
    assert client.post("/lab/test-tables/new/", form).status_code == 302
    made = Table.objects.get(name="DUB lab")
    assert made.is_test and made.rules_config().decks == 8
    assert made.state["game"]["shoe"]["cards"].split()[:2] == ["TS", "TS"]
