"""Six-Card Fortune Pai Gow on the real table runtime (real DB, real Redis, the
meters through casino/progressives): a stacked round with every kind of
payout in exact chips and the refusals the issue names, seeded rounds with
random legal actions (the ledger at zero, the meters' books balanced), the
page for a player and a spectator, and the demo table."""

import random

import pytest

from casino.progressives import api, audit
from casino.progressives.models import Meter, MeterEvent, TableLink
from casino.progressives.paytables import UNITS_PER_CENT
from casino.tables import registry
from casino.tables.exceptions import Refused
from casino.tables.models import Table
from casino.tables.runtime import TableRuntime, fresh_snapshot
from casino.wallet.ledger import balance_of
from casino.wallet.models import Account
from games.cards.cards import joker_deck
from games.six_card_fortune_pai_gow import rules
from tests.conftest import assert_ledger_balanced
from tests.test_runtime import Clock
from tests.test_spanish21_table import page

pytestmark = [pytest.mark.django_db]

SLUG = "six_card_fortune_pai_gow"
FAST = {
    "betting_seconds": 1,
    "decide_seconds": 3,
    "set_seconds": 5,
    "result_seconds": 0,
    "fortune": 1,
    "double_down": 1,  # off by default; this table offers it
}
# Dealt from the dealer (the stack's "first dealer"): dealer, seat 1, 2, 3 (rule 7).
HANDS = [
    "KS KH AD 7C 5H 3S",  # dealer: pair of kings / ace (house way)
    "JK QS QH QD 9S 4H",  # Ann: three queens / joker: both win, the joker beats the dealer's ace
    "7S 7H 7D 4C 4D 2H",  # Bob: full house / 2: a push, his Double Down lost; Envy for the others
    "AC KC QC JC TC 2D",  # Cat: royal flush / 2: a push; the progressive's 10%-of-the-meter line
]


def stacked_deck():
    used = " ".join(HANDS).split()
    return used + [str(item) for item in joker_deck() if str(item) not in used]


def make_table(meters=True, seed=670, stack=True):
    table = Table.objects.create(
        game=SLUG, name="Six-Card", config=FAST, is_test=True, seed=seed, max_seats=6
    )
    if stack:
        snapshot = fresh_snapshot(registry.get(SLUG))
        snapshot["game"]["deck"] = stacked_deck()
        snapshot["game"]["count"] = 1  # the RNG number 1: the first stack to the dealer
        Table.objects.filter(pk=table.pk).update(state=snapshot)
        table.refresh_from_db()
    found = []
    if meters:
        payout = Meter.objects.create(name="Six-Card progressive", kind="six_card_fortune", wager_dollars=1)
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


def test_a_stacked_round_pays_every_kind_of_wager_in_exact_chips(make_player, clean_redis):
    table, (payout, mystery) = make_table()
    # A Mystery trigger a hair above its seed: the first qualifying wager (Ann's) wins it.
    state = api.state(mystery.pk)
    state["trigger"] = 10_000 * UNITS_PER_CENT + 1
    api.load(mystery.pk, state, [f"{state['trigger_seq'] + 1}:{15_000 * UNITS_PER_CENT}"])
    clock = Clock()
    runtime = TableRuntime(table, clock=clock)
    runtime.start()
    ann, bob, cat = (make_player(name) for name in ("Ann", "Bob", "Cat"))
    for player in (ann, bob, cat):
        act(runtime, player, action="sit")
    start = {player.pk: balance_of(player, test=True) for player in (ann, bob, cat)}

    for player in (ann, bob, cat):
        for area, chips in (("main", 10), ("fortune", 5), ("progressive", 1)):
            act(runtime, player, action="bet", spot=area, amount=str(chips))
    # The Double Down before the cards: refused, whichever way it is asked for.
    refused(
        runtime, ann, {"action": "double_down", "amount": "10"}, "after you have looked at your six cards"
    )
    refused(runtime, ann, {"action": "bet", "spot": "double_down", "amount": "10"}, "not before the deal")
    refused(runtime, ann, {"action": "bet", "spot": "progressive", "amount": "2"}, "exactly 1 chip")
    refused(runtime, ann, {"action": "bet", "spot": "fortune", "amount": "500"}, "maximum on the Fortune")
    refused(runtime, ann, {"action": "bet", "spot": "main", "amount": "zebra"}, "whole number of chips")
    clock.now = runtime.snapshot["timer"]["deadline"]
    runtime.tick()  # no more bets: the progressive wagers locked, Ann's Mystery contribution wins
    refused(runtime, bob, {"action": "bet", "spot": "main", "amount": "5"}, "No more bets")
    clock.now = runtime.snapshot["timer"]["deadline"]
    runtime.tick()  # the deal
    assert runtime.state.phase == rules.DECIDING
    assert runtime.state.spot(1)["cards"] == HANDS[1].split()

    refused(runtime, ann, {"action": "double_down", "amount": "20"}, "exactly your Six-Card Fortune")
    refused(runtime, ann, {"action": "double_down", "amount": "5"}, "exactly your Six-Card Fortune")
    refused(runtime, ann, {"action": "set_hand", "high": "QS QH QD 9S 4H", "low": "JK"}, "not being set")
    act(runtime, ann, action="double_down", amount="10")
    refused(runtime, ann, {"action": "double_down", "amount": "10"}, "decided already")
    act(runtime, bob, action="double_down", amount="10")
    clock.now = runtime.snapshot["timer"]["deadline"]
    runtime.tick()  # Cat's decision clock: no Double Down
    assert runtime.state.phase == rules.SETTING

    # A fouled setting is refused with its message and changes nothing.
    refused(runtime, cat, {"action": "set_hand", "high": "KC QC JC TC 2D", "low": "AC"}, "foul")
    act(runtime, cat, action="set_hand", high="AC KC QC JC TC", low="2D")
    refused(runtime, cat, {"action": "double_down", "amount": "10"}, "too late this round")
    act(runtime, ann, action="set_hand", high="QS QH QD 9S 4H", low="JK")
    act(runtime, bob, action="house_way")
    assert runtime.state.phase == rules.RESULT
    lines = {int(seat): result["lines"] for seat, result in runtime.state.results.items()}
    assert "Double Down, 1 to 1: +10" in lines[1] and "Envy bonus: +505" in lines[1]
    assert "Seat 1: Double Down 1 to 1: +10." in [line["text"] for line in runtime.snapshot["log"]]
    # Bob's hands push: the Double Down wins only when both hands win (the rules file's Defaults).
    assert "Double Down, loses on a push: −10" in lines[2]

    hit = MeterEvent.objects.get(meter=mystery, kind="hit")
    award = MeterEvent.objects.get(meter=payout, kind="award")
    net = {player.pk: balance_of(player, test=True) - start[player.pk] for player in (ann, bob, cat)}
    # Ann: main +10 and Double Down +10 (both hands win: the joker beats the dealer's ace), Fortune
    # three of a kind 5 to 1 +25, progressive lost (below a straight), Envy for Bob's full house (5)
    # and Cat's royal flush (500), and the Mystery bonus.
    assert net[ann.pk] == (10 + 10 + 25 - 1 + 505) * 100 + hit.paid_cents
    # Bob: main push, Double Down lost; Fortune full house 20 to 1 +100; progressive 10 for 1 (+9);
    # Envy for Cat's royal (500).
    assert net[bob.pk] == (-10 + 100 + 9 + 500) * 100
    # Cat: push; Fortune royal flush 1000 to 1 +5,000; progressive 10% of the meter; Envy for Bob (5).
    assert net[cat.pk] == (5000 - 1 + 5) * 100 + award.paid_cents
    assert award.paid_cents >= 20_000  # 10% of the six_card_fortune meter, its $2,000 seed and more
    assert_ledger_balanced()
    assert not Account.objects.filter(kind=Account.ESCROW).exclude(balance=0).exists()
    assert audit.reconcile([payout, mystery]) == []


def test_seeded_rounds_with_random_legal_actions_keep_the_books(make_player, clean_redis):
    table, meters = make_table(stack=False, seed=6)
    clock = Clock()
    runtime = TableRuntime(table, clock=clock)
    runtime.start()
    players = [make_player(name) for name in ("Ann", "Bob", "Cat")]
    for player in players:
        act(runtime, player, action="sit")
    choices = random.Random(11)
    progressive_bets = 0
    for _ in range(25):
        for player in players:
            bets = [("main", choices.choice([5, 10]))]
            if choices.random() < 0.5:
                bets.append(("fortune", choices.choice([1, 5])))
            if choices.random() < 0.7:
                bets.append(("progressive", 1))
            for area, chips in bets:
                act(runtime, player, action="bet", spot=area, amount=str(chips))
                progressive_bets += area == "progressive"
        start = runtime.round
        for _step in range(40):
            state = runtime.state
            if state.phase == rules.DECIDING and choices.random() < 0.7:
                waiting = [s for s in state.seats() if not state.spot(s).get("decided")]
                if waiting:
                    spot = state.spot(waiting[0])
                    player = next(p for p in players if p.pk == spot["player"])
                    if choices.random() < 0.5:
                        act(runtime, player, action="double_down", amount=str(spot["bets"]["main"] // 100))
                    else:
                        act(runtime, player, action="no_double_down")
                    continue
            if state.phase == rules.SETTING and choices.random() < 0.6:
                unset = [s for s in state.seats() if state.spot(s)["high"] is None]
                if unset:
                    spot = state.spot(unset[0])
                    player = next(p for p in players if p.pk == spot["player"])
                    six = spot["cards"]
                    low = min(six, key=lambda text: "23456789TJQKA".find(text[0]) if text != "JK" else 99)
                    act(
                        runtime, player, action="set_hand", high=" ".join(c for c in six if c != low), low=low
                    )
                    continue
            clock.now = runtime.snapshot["timer"]["deadline"]
            runtime.tick()
            if runtime.round > start:
                break
        else:
            raise AssertionError(f"round {runtime.round} never ended: {runtime.state.phase}")
    assert_ledger_balanced()
    assert not Account.objects.filter(kind=Account.ESCROW).exclude(balance=0).exists()
    for meter in meters:
        assert MeterEvent.objects.filter(meter=meter, kind="contribution").count() == progressive_bets
    assert audit.reconcile(meters) == []


def test_the_page_shows_a_player_and_a_spectator_no_hidden_card(make_player):
    table, _ = make_table(meters=False)
    ann, spy = make_player("Ann"), make_player("Spy")
    for html in (page(table, ann), page(table, spy)):
        assert 'id="pg-status"' in html and 'id="pg-seat-6"' in html and 'id="pg-seat-7"' not in html
        assert "joker as the low card beats any dealer low card" in html and "§" not in html
        assert "Double Down" in html
    assert "You are watching" in page(table, spy)


def test_the_demo_has_a_six_card_table_with_its_two_meters(clean_redis):
    from django.core.management import call_command

    call_command("demo_tables")
    table = Table.objects.get(game=SLUG, is_test=False)
    kinds = set(table.meters.values_list("kind", flat=True))
    assert kinds == {"six_card_fortune", "must_hit_by"}
    config = table.rules_config()
    assert config.fortune and config.progressive and config.mystery
    assert not config.double_down  # off by default (the rules file's Defaults)
    assert table.name == "Six-Card Fortune Pai Gow — Fortune Bonus"


def test_every_round_replays_to_the_identical_outcome(make_player, clean_redis):
    from casino.tables.models import Round
    from casino.tables.replay import replay

    table, _ = make_table(meters=False, seed=9)
    clock = Clock()
    runtime = TableRuntime(table, clock=clock)
    runtime.start()
    ann, bob = make_player("Ann"), make_player("Bob")
    for player in (ann, bob):
        act(runtime, player, action="sit")
    for number in range(3):
        for player in (ann, bob):
            act(runtime, player, action="bet", spot="main", amount="5")
            act(runtime, player, action="bet", spot="fortune", amount="5")
        start = runtime.round
        while runtime.round == start:
            if runtime.state.phase == rules.DECIDING and number == 1:
                act(runtime, ann, action="double_down", amount="5")
                number = None
                continue
            clock.now = runtime.snapshot["timer"]["deadline"]
            runtime.tick()
    records = list(Round.objects.filter(table=table).order_by("number"))
    assert len(records) == 3
    assert any(line.startswith("Ann doubles down") for record in records for line in record.log)
    for record in records:
        report = replay(record)
        assert report.identical, f"round {record.number}: {report.difference}"
    assert_ledger_balanced()


def test_the_test_table_form_has_every_setting_and_takes_a_stack():
    from casino.lab.testtables import NewTestTableForm

    spec = registry.get(SLUG)
    data = {"name": "Six-Card lab", "max_seats": 6, "seed": 7, "stack": "first 2 AS KS QS JS JK 2D"}
    data.update({f"rules_{name}": value for name, value in rules.Config().to_json().items()})
    form = NewTestTableForm(spec, data=data)
    assert {f.name for f in form.config_fields()} == {f"rules_{name}" for name in rules.Config().to_json()}
    assert "six per hand" in form.fields["stack"].help_text
    assert form.is_valid(), form.errors
    table = form.save()
    assert table.state["game"]["deck"][:6] == ["AS", "KS", "QS", "JS", "JK", "2D"]
    assert table.state["game"]["count"] == 3  # seat 2 gets the first six cards
    for stack, message in (
        ("dice 3 3 3", "no dice"),
        ("AS AS", "typed 2 times"),
        ("first 9", "first dealer"),
        ("ZZ", "not a card"),
    ):
        bad = NewTestTableForm(spec, data={**data, "stack": stack})
        assert not bad.is_valid() and message in bad.errors["stack"][0], (stack, bad.errors)
    bad = NewTestTableForm(spec, data={**data, "rules_progressive": 0})
    assert not bad.is_valid() and "needs the progressive" in bad.errors["rules_mystery"][0]
    bad = NewTestTableForm(spec, data={**data, "rules_double_down": 2})
    assert not bad.is_valid() and "1 to offer it" in bad.errors["rules_double_down"][0]


def test_how_to_play_follows_the_rules_submission():
    from games.six_card_fortune_pai_gow.how_to_play import how_to_play

    titles = [
        section.title
        for section in how_to_play(
            rules.Config(fortune=1, double_down=1), {"meter_kinds": ["six_card_fortune", "must_hit_by"]}
        )
    ]
    assert titles[:6] == [
        "The game",
        "Six-Card Fortune Pai Gow wager",
        "Double Down",
        "Fortune bonus",
        "Envy bonus",
        "Progressive (1 chip)",
    ]
    assert "Mystery bonus" in titles
    plain = [section.title for section in how_to_play(rules.Config(), {"meter_kinds": []})]
    assert (
        "Double Down" not in plain
        and "Fortune bonus" not in plain
        and not any("Progressive" in t for t in plain)
    )
    fortune = next(s for s in how_to_play(rules.Config(fortune=1)) if s.title == "Fortune bonus")
    assert [(line.text, line.pays) for line in fortune.lines][:2] == [
        ("Five aces", "2,000 to 1"),
        ("Royal flush", "1,000 to 1"),
    ]
    double = next(s for s in how_to_play(rules.Config(double_down=1)) if s.title == "Double Down")
    assert [(line.text, line.pays) for line in double.lines] == [
        ("Both your hands beat the dealer's", "1 to 1"),
        ("One hand wins, or neither", "loses"),
    ]


def test_the_migration_turns_the_old_demo_tables_double_down_off():
    from importlib import import_module

    from django.apps import apps

    migration = import_module("casino.tables.migrations.0006_six_card_demo_double_down_off")
    old = {"min_bet": 5, "max_bet": 500, "double_down": 1, "fortune": 1, "progressive": 1, "mystery": 1}
    demo = Table.objects.create(game=SLUG, name=migration.OLD_NAME, config=old, max_seats=6)
    designers = Table.objects.create(game=SLUG, name="High stakes", config=old, max_seats=6)
    migration.double_down_off(apps, None)
    demo.refresh_from_db()
    designers.refresh_from_db()
    assert demo.name == "Six-Card Fortune Pai Gow — Fortune Bonus"
    assert "double_down" not in demo.config and not demo.rules_config().double_down
    assert designers.config == old  # a table set up with the Double Down keeps it
    migration.double_down_on(apps, None)
    demo.refresh_from_db()
    assert (demo.name, demo.config) == (migration.OLD_NAME, old)
