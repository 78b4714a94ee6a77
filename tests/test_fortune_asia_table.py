"""Fortune Asia Poker on the real table runtime (real DB, real Redis, the
meters through casino/progressives): a stacked round in exact chips (copies
going to the dealer, two of three won, win-lose-copy lost, the progressive's
meter line and a fixed line, the Mystery bonus) with the refusals the issue
names, every worked example of the rules file through the live round's house
way, seeded rounds with random legal settings (the ledger at zero, the
meters' books balanced), the page for a player and a spectator, a house bot
playing a round, the demo table."""

import asyncio
import json
import random

import pytest
from django.test import Client

from casino.progressives import api, audit
from casino.progressives.models import Meter, MeterEvent, TableLink
from casino.progressives.paytables import UNITS_PER_CENT
from casino.tables import registry
from casino.tables.exceptions import Refused
from casino.tables.management.commands import demo_bots
from casino.tables.models import Round, Table
from casino.tables.replay import replay
from casino.tables.runtime import TableRuntime, fresh_snapshot
from casino.wallet.ledger import balance_of
from casino.wallet.models import Account
from games.cards.cards import cards, joker_deck
from games.engine import IllegalAction
from games.fortune_asia import rules
from games.pai_gow.presenter import setting_table
from tests.conftest import assert_ledger_balanced, session_cookie
from tests.test_fortune_asia_house_way import WORKED_EXAMPLES, ranks, sorted_ranks
from tests.test_runtime import Clock
from tests.test_spanish21_table import page

pytestmark = [pytest.mark.django_db]

SLUG = "fortune_asia_poker"
FAST = {"betting_seconds": 1, "deal_seconds": 0, "set_seconds": 5, "result_seconds": 0}
# Dealt from the dealer (the stack's "first dealer"): dealer, seats 1 to 4 (rule 5).
HANDS = [
    "QS QH 6D 6C 2S 2H 9D",  # dealer, three pair: High 6-6-2-2, Medium Q-Q, Low 9 (house way rule 4)
    "KS KH 5C 5D AS AH 9S",  # Ann: K-K-5-5 and A-A win, her 9 a copy: two of three, wins
    "6S 6H 2D 2C QD QC 3S",  # Bob: High and Medium copies, Low 3 loses: loses
    "3H 4H 5H 7H 8H 9H JK",  # Cat: the house way wins High, loses Medium, copies Low: loses;
    #                          a 7-card straight flush with the joker: 10% of the meter
    "TS TD TC 8S 8D 4C 7C",  # Dan: three 10s win, 8-8 and 7 lose: loses; full house 5 for 1
]


def stacked_deck(hands_text=HANDS):
    used = " ".join(hands_text).split()
    return used + [str(item) for item in joker_deck() if str(item) not in used]


def make_table(meters=True, seed=659, deck=None):
    table = Table.objects.create(game=SLUG, name="Asia", config=FAST, is_test=True, seed=seed, max_seats=6)
    if deck is not None:
        snapshot = fresh_snapshot(registry.get(SLUG))
        snapshot["game"]["deck"] = deck
        snapshot["game"]["count"] = 1  # the RNG number 1: the first seven cards to the dealer
        Table.objects.filter(pk=table.pk).update(state=snapshot)
        table.refresh_from_db()
    found = []
    if meters:
        payout = Meter.objects.create(name="Pai gow progressive", kind="progressive_payout", wager_dollars=1)
        mystery = Meter.objects.create(name="Mystery", kind="must_hit_by", paytable="A", wager_dollars=1)
        for meter in (payout, mystery):
            TableLink.objects.create(meter=meter, table=table)
        api.open_meter(payout)
        api.open_meter(mystery, rng=random.Random(1))
        found = [payout, mystery]
    return table, found


def refused(runtime, player, message, text):
    with pytest.raises(Refused, match=text):
        runtime.act(player.pk, player.nickname, {**message, "round": runtime.round})


def act(runtime, player, **message):
    return runtime.act(player.pk, player.nickname, {**message, "round": runtime.round})


def run_out(runtime, clock):
    clock.now = runtime.snapshot["timer"]["deadline"]
    runtime.tick()


def test_a_stacked_round_in_exact_chips_with_copies_to_the_dealer(make_player, clean_redis):
    table, (payout, mystery) = make_table(deck=stacked_deck())
    # A Mystery trigger a hair above its seed: the first qualifying wager (Ann's) wins it.
    state = api.state(mystery.pk)
    state["trigger"] = 10_000 * UNITS_PER_CENT + 1
    api.load(mystery.pk, state, [f"{state['trigger_seq'] + 1}:{15_000 * UNITS_PER_CENT}"])
    clock = Clock()
    runtime = TableRuntime(table, clock=clock)
    runtime.start()
    players = ann, bob, cat, dan = [make_player(name) for name in ("Ann", "Bob", "Cat", "Dan")]
    for player in players:
        act(runtime, player, action="sit")
    start = {player.pk: balance_of(player, test=True) for player in players}

    refused(
        runtime,
        ann,
        {"action": "bet", "spot": "progressive", "amount": "1"},
        "Fortune Asia Poker wager first",
    )
    for player in players:
        for area, chips in (("main", 10), ("progressive", 1)):
            act(runtime, player, action="bet", spot=area, amount=str(chips))
    refused(runtime, ann, {"action": "bet", "spot": "progressive", "amount": "1"}, "exactly 1 chip")
    refused(runtime, ann, {"action": "bet", "spot": "main", "amount": "600"}, "5 to 500 chips")
    refused(runtime, ann, {"action": "bet", "spot": "fortune", "amount": "5"}, "no fortune wager here")
    refused(runtime, ann, {"action": "bet", "spot": "main", "amount": "zebra"}, "whole number of chips")
    refused(
        runtime,
        ann,
        {"action": "set_hand", "high": "KS KH 5C 5D", "medium": "AS AH", "low": "9S"},
        "not being set",
    )
    run_out(runtime, clock)  # no more bets: the progressive wagers locked, Ann's Mystery contribution wins
    refused(runtime, bob, {"action": "bet", "spot": "progressive", "amount": "1"}, "No more bets")
    run_out(runtime, clock)  # the deal
    assert runtime.state.phase == rules.SETTING
    assert [runtime.state.spot(seat)["cards"] for seat in (1, 2, 3, 4)] == [
        hand.split() for hand in HANDS[1:]
    ]

    # A broken order is refused with the order test's message and changes nothing.
    refused(
        runtime,
        bob,
        {"action": "set_hand", "high": "6S 2D 2C 3S", "medium": "QD QC", "low": "6H"},
        r"Your Medium hand \(Pair of queens\) outranks your High hand \(Pair of 2s\)",
    )
    refused(
        runtime,
        bob,
        {"action": "set_hand", "high": "6S 6H 2D", "medium": "2C QD QC", "low": "3S"},
        "four in the high hand, two in the medium hand, one in the low hand",
    )
    refused(
        runtime,
        bob,
        {"action": "set_hand", "high": "KS KH 5C 5D", "medium": "AS AH", "low": "9S"},  # Ann's cards
        "Set your own seven cards",
    )
    assert runtime.state.spot(2)["high"] is None
    act(runtime, ann, action="set_hand", high="KS KH 5C 5D", medium="AS AH", low="9S")
    refused(runtime, ann, {"action": "house_way"}, "cannot be changed")
    act(runtime, bob, action="house_way")
    act(runtime, cat, action="house_way")
    run_out(runtime, clock)  # Dan's clock: the house way sets his hand
    assert runtime.state.phase == rules.RESULT
    assert runtime.state.spot(4)["set_by"] == "house way"
    dealer = runtime.state.dealer
    assert sorted(dealer["high"]) == sorted("6D 6C 2S 2H".split())  # house way rule 4
    assert sorted(dealer["medium"]) == ["QH", "QS"] and dealer["low"] == ["9D"]
    lines = {int(seat): result["lines"] for seat, result in runtime.state.results.items()}
    assert lines[1][0] == "Fortune Asia Poker, a win: +10"
    assert lines[2][0] == lines[3][0] == "Fortune Asia Poker, the dealer wins: −10"
    assert "Progressive, full house, 5 for 1: +4" in lines[4]
    log = " ".join(line["text"] for line in runtime.snapshot["log"])
    assert "low 9 copies the dealer's 9" in log  # Ann's copy goes to the dealer, she wins two of three
    assert "high two pair, 6s and 2s copies the dealer's two pair, 6s and 2s" in log

    hit = MeterEvent.objects.get(meter=mystery, kind="hit")
    award = MeterEvent.objects.get(meter=payout, kind="award")
    net = {player.pk: balance_of(player, test=True) - start[player.pk] for player in players}
    assert net[ann.pk] == (10 - 1) * 100 + hit.paid_cents  # main 1 to 1, progressive lost, Mystery
    assert net[bob.pk] == (-10 - 1) * 100  # two copies and a loss: the dealer wins
    assert net[cat.pk] == (-10 - 1) * 100 + award.paid_cents  # win-lose-copy loses; 10% of the meter
    assert award.paid_cents >= 50_000  # 10% of the meter's $5,000 seed
    assert net[dan.pk] == (-10 + 4) * 100  # main lost; full house 5 for 1 on the $1
    assert_ledger_balanced()
    assert not Account.objects.filter(kind=Account.ESCROW).exclude(balance=0).exists()
    assert audit.reconcile([payout, mystery]) == []


@pytest.mark.parametrize("seven, high, medium, low", WORKED_EXAMPLES)
def test_every_worked_example_through_the_live_rounds_house_way(seven, high, medium, low, make_player):
    """Each of the rules file's worked examples dealt to the dealer of a
    stacked round: the table sets it by the house way at the result."""
    deck = seven.split() + [str(item) for item in joker_deck() if str(item) not in seven.split()]
    table, _ = make_table(meters=False, deck=deck)
    clock = Clock()
    runtime = TableRuntime(table, clock=clock)
    runtime.start()
    ann = make_player("Ann")
    act(runtime, ann, action="sit")
    act(runtime, ann, action="bet", spot="main", amount="5")
    run_out(runtime, clock)
    run_out(runtime, clock)
    act(runtime, ann, action="house_way")
    dealer = runtime.state.dealer
    assert dealer["cards"] == seven.split()
    shown = [sorted_ranks(ranks(cards(dealer[key]))) for key in ("high", "medium", "low")]
    assert shown == [sorted_ranks(high), sorted_ranks(medium), [low]]
    assert_ledger_balanced()


def test_the_stack_syntax_of_a_test_table():
    config = rules.Config()
    state = rules.stack(rules.new_state(), config, "first 3 AS AH AD AC JK KS QS", rng=random.Random(1))
    assert state.count == 4 and state.deck[:7] == "AS AH AD AC JK KS QS".split() and len(state.deck) == 53
    with pytest.raises(IllegalAction, match="no dice"):
        rules.stack(rules.new_state(), config, "dice 3 3 3", rng=random.Random(1))
    with pytest.raises(IllegalAction, match="typed 2 times"):
        rules.stack(rules.new_state(), config, "AS AS", rng=random.Random(1))
    assert "seven per hand" in rules.STACK_HELP


def test_seeded_rounds_with_random_legal_settings_keep_the_books(make_player, clean_redis):
    table, meters = make_table(seed=6)
    clock = Clock()
    runtime = TableRuntime(table, clock=clock)
    runtime.start()
    players = [make_player(name) for name in ("Ann", "Bob", "Cat")]
    for player in players:
        act(runtime, player, action="sit")
    choices = random.Random(11)
    progressive_bets = 0
    for _ in range(20):
        for player in players:
            act(runtime, player, action="bet", spot="main", amount=str(choices.choice([5, 10])))
            if choices.random() < 0.7:
                act(runtime, player, action="bet", spot="progressive", amount="1")
                progressive_bets += 1
        start = runtime.round
        for _step in range(20):
            state = runtime.state
            unset = (
                [s for s in state.seats() if state.spot(s)["high"] is None]
                if state.phase == rules.SETTING
                else []
            )
            if unset and choices.random() < 0.8:
                spot = state.spot(unset[0])
                player = next(p for p in players if p.pk == spot["player"])
                seven = spot["cards"]
                # A random setting of the 105: a legal one is set, a broken one refused.
                key, (*names, foul) = choices.choice(list(setting_table(seven, rules.VARIANT).items()))
                (medium, low) = [[seven[int(i)] for i in part.split("-")] for part in key.split("|")]
                high = [c for c in seven if c not in medium + low]
                message = {
                    "action": "set_hand",
                    "high": " ".join(high),
                    "medium": " ".join(medium),
                    "low": low[0],
                }
                if foul:
                    refused(runtime, player, message, "outranks")
                else:
                    act(runtime, player, **message)
                continue
            run_out(runtime, clock)
            if runtime.round > start:
                break
        else:
            raise AssertionError(f"round {runtime.round} never ended: {runtime.state.phase}")
    assert_ledger_balanced()
    assert not Account.objects.filter(kind=Account.ESCROW).exclude(balance=0).exists()
    for meter in meters:
        assert MeterEvent.objects.filter(meter=meter, kind="contribution").count() == progressive_bets
    assert audit.reconcile(meters) == []
    # Every round keeps its record and replays to the identical outcome (manage.py replay).
    records = list(Round.objects.filter(table=table).order_by("number"))
    assert len(records) == 20
    for record in records[:5]:
        report = replay(record)
        assert report.identical, f"round {record.number}: {report.difference}"


def test_the_page_shows_a_player_her_cards_and_a_spectator_none(make_player, clean_redis):
    table, _ = make_table(meters=False, deck=stacked_deck())
    clock = Clock()
    runtime = TableRuntime(table, clock=clock)
    runtime.start()
    ann, spy = make_player("Ann"), make_player("Spy")
    act(runtime, ann, action="sit")
    act(runtime, ann, action="bet", spot="main", amount="5")
    run_out(runtime, clock)
    run_out(runtime, clock)  # Ann (seat 1) is dealt KS KH 5C 5D AS AH 9S
    mine, theirs = page(table, ann), page(table, spy)
    for html in (mine, theirs):
        assert 'id="pg-status"' in html and 'id="pg-seat-6"' in html and 'id="pg-seat-7"' not in html
        assert "two of the three" in html and "§" not in html
    assert "Medium hand" in mine and "High hand" in mine and "Low hand" in mine
    assert 'data-card="KS"' in mine or "K♠" in mine
    assert "K♠" not in theirs and 'data-card="KS"' not in theirs  # no hidden card for the spectator
    assert "You are watching" in theirs
    # How to play, with the sections the table pays by on its rules page.
    client = Client()
    client.cookies["sessionid"] = session_cookie(ann)
    rules_page = client.get(f"/tables/{table.pk}/rules/").content.decode()
    for text in ("Fortune Asia Poker wager", "§ 659a.7(d)", "No full house", "Two or three of your hands"):
        assert text in rules_page, text


def test_a_house_bot_bets_and_sets_by_the_house_way(make_player, clean_redis, monkeypatch):
    table, _ = make_table(meters=False)
    bot_player = make_player("Ada")
    clock = Clock()
    runtime = TableRuntime(table, clock=clock)
    runtime.start()
    act(runtime, bot_player, action="sit")

    async def at_once(*args, **kwargs):
        return None

    monkeypatch.setattr(demo_bots.asyncio, "sleep", at_once)
    bot = demo_bots.BOTS[SLUG](table, bot_player, random.Random(3))
    monkeypatch.setattr(bot, "before_betting", at_once)
    sent = []

    class Socket:
        async def send(self, text):
            sent.append(text)

    def play(html):
        sent.clear()
        asyncio.run(bot.on_frame(Socket(), bot.view(html)))
        for text in list(sent):
            message = json.loads(text)
            runtime.act(bot_player.pk, bot_player.nickname, message)

    play(page(table, bot_player))
    assert runtime.state.spot(1)["bets"]["main"] >= 500
    run_out(runtime, clock)
    run_out(runtime, clock)
    play(page(table, bot_player))
    assert runtime.state.phase == rules.RESULT and runtime.state.spot(1)["set_by"] == "house way"
    assert_ledger_balanced()


def test_the_demo_has_a_table_on_the_pai_gow_meter_and_its_own_mystery(clean_redis):
    from django.core.management import call_command

    call_command("demo_tables")
    table = Table.objects.get(game=SLUG, is_test=False)
    assert set(table.meters.values_list("kind", flat=True)) == {"progressive_payout", "must_hit_by"}
    pai_gow = Table.objects.get(game="pai_gow", is_test=False)
    shared = set(table.meters.filter(kind="progressive_payout")) & set(pai_gow.meters.all())
    assert shared  # linked with the Pai Gow Poker table's progressive
    config = table.rules_config()
    assert config.progressive and config.mystery


def test_the_test_table_form_has_every_setting_and_takes_a_stack():
    """The lab's test-table form (and so the admin's): one field per Rules
    Submission setting, validated; the stack in the syntax its help shows."""
    from casino.lab.testtables import NewTestTableForm

    spec = registry.get(SLUG)
    data = {"name": "Asia lab", "max_seats": 6, "seed": 7, "stack": "first dealer " + HANDS[0]}
    data.update({f"rules_{name}": value for name, value in rules.Config().to_json().items()})
    form = NewTestTableForm(spec, data=data)
    assert {f.name for f in form.config_fields()} == {f"rules_{name}" for name in rules.Config().to_json()}
    assert form.fields["stack"].help_text == rules.STACK_HELP
    assert form.is_valid(), form.errors
    table = form.save()
    assert table.state["game"]["deck"][:7] == HANDS[0].split() and table.state["game"]["count"] == 1
    bad = NewTestTableForm(spec, data={**data, "rules_progressive": 0, "stack": "dice 3 3 3"})
    assert not bad.is_valid()
    assert "needs the progressive payout wager" in bad.errors["rules_mystery"][0]
