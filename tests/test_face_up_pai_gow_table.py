"""The live Face Up Pai Gow table: what each viewer is shown (the dealer's
hands face up to everyone from the deal, each player's own cards only to
them, the hints in the setting panel), seeded rounds on the real table
runtime with the two linked meters (the progressive payout meter Pai Gow
Poker shares and the Mystery bonus of § 688c.1), and the demo table."""

import itertools
import random
import re

import pytest

from casino.progressives import api, audit
from casino.progressives.models import Meter, MeterEvent, TableLink
from casino.progressives.paytables import UNITS_PER_CENT
from casino.tables import registry
from casino.tables.exceptions import Refused
from casino.tables.models import Table
from casino.tables.rendering import render_private, render_public
from casino.tables.runtime import TableRuntime, fresh_snapshot
from casino.wallet.models import Account, Entry
from games.cards.cards import card
from games.engine import PROGRESSIVE_RESULT, Action
from games.face_up_pai_gow import presenter, rules
from tests.conftest import assert_ledger_balanced
from tests.test_face_up_pai_gow_rules import (
    ACE_HIGH_DEALER,
    ANN_QUADS,
    ANN_TWO_PAIR,
    BOB_TENS,
    BOB_THREE_PAIR,
    QUEENS_DEALER,
)
from tests.test_runtime import Clock

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

ANN, BOB = 1, 2
START = 1_000_000
_renders = itertools.count(7000)
FAST = {"betting_seconds": 1, "deal_seconds": 1, "set_seconds": 5, "result_seconds": 0}


class Played:
    """Drives the pure rules as the runtime does (the meters take every wager)."""

    def __init__(self, *hands, **config):
        self.config = rules.Config(**{"ace_high_bonus": 8, **config})
        self.state = rules.stack(rules.new_state(), self.config, "first dealer; " + " ".join(hands))

    def do(self, kind, player=None, seat=None, **data):
        outcome = rules.apply(
            self.state, Action(kind, player, data, seat=seat), self.config, random.Random(1)
        )
        self.state = outcome.state
        if outcome.lock is not None or outcome.awards:
            paid = [{"kind": a.kind, "seat": a.seat, "player": a.player, "cents": 1} for a in outcome.awards]
            self.do(PROGRESSIVE_RESULT, hits=[], awards=paid, refused=[], error=None)
        return self

    def dealt(self):
        self.do(rules.BET, ANN, 1, spot="main", amount=1000)
        self.do(rules.BET, ANN, 1, spot="ace_high_bonus", amount=500)
        self.do(rules.BET, BOB, 2, spot="main", amount=1000)
        return self.do(rules.CLOSE_BETTING).do(rules.DEAL)

    def render(self, viewer=None, **meta):
        snapshot = fresh_snapshot(registry.get("face_up_pai_gow"))
        snapshot["game"] = self.state.to_json()
        snapshot["seats"] = {"1": ANN, "2": BOB}
        snapshot["nicknames"] = {str(ANN): "Ann", str(BOB): "Bob"}
        snapshot["timer"] = {"key": "k", "deadline": 2e9, "seconds": 30}
        meta = {"id": next(_renders), "name": "T", "game": "face_up_pai_gow", "game_name": "Face Up Pai Gow Poker",
                "is_test": True, "seeded": False, "max_seats": 6, **meta}  # fmt: skip
        config, version = self.config.to_json(), next(_renders)
        fragments = render_public(meta, snapshot, config, version, cached=False)
        fragments += render_private(meta, snapshot, config, version, viewer, START if viewer else None)
        return dict(fragments)


def _names(hand):
    return [card(item).name for item in hand.split()]


def test_the_dealers_hands_are_face_up_to_all_and_each_player_sees_the_hints():
    table = Played(QUEENS_DEALER, ANN_TWO_PAIR, BOB_TENS).dealt()
    assert table.state.phase == rules.SETTING
    for viewer in (ANN, BOB, None):
        shown = table.render(viewer)
        dealer = shown["pg-dealer"]
        assert "Dealer's high hand: Q♣ Q♦ 6♣ 4♥ 2♦, Pair of queens" in dealer
        assert "Dealer's low hand: K♥ J♠, K-J high" in dealer and "Face up, set by the house way" in dealer
        html = "".join(shown.values())
        for seat, hand in ((ANN, ANN_TWO_PAIR), (BOB, BOB_TENS)):
            for name in _names(hand):
                assert (f'aria-label="{name}"' in html) == (viewer == seat), (viewer, name)
    mine = table.render(ANN)["pg-me"].replace("&quot;", '"')
    assert "House way:</strong> high Pair of jacks" in mine and "pushes." in mine
    assert "Best against this dealer:</strong> high Two pair, jacks and 7s" in mine and ": wins." in mine
    values = re.search(r"class=\"act pg-use-hint\"[^>]*hx-vals='([^']*)'", mine).group(1)
    assert '"low": "9S AS"' in values and 'data-key="G"' in mine
    assert (
        'data-hands="[{"key":"high","name":"High hand","size":5},{"key":"low","name":"Low hand","size":2}]"'
        in mine
    )
    assert "The dealer&#x27;s hands: Pair of queens / K-J high." in table.render()["announce-src"]
    assert "A dealer Ace High Pai Gow pushes all Face Up Pai Gow wagers" in table.render()["pg-layout"]
    assert "8 to 1" in table.render()["pg-layout"] and "pg-dice" not in table.render()


def test_an_ace_high_push_is_shown_to_everyone_and_nobody_is_asked_to_set():
    table = Played(ACE_HIGH_DEALER, ANN_QUADS, BOB_THREE_PAIR).dealt()
    shown = table.render(ANN)
    assert table.state.phase == rules.RESULT
    assert "Dealer Ace High Pai Gow, all Face Up Pai Gow wagers push" in shown["pg-status"]
    assert "An Ace High Pai Gow: every Face Up Pai Gow wager pushes." in shown["pg-dealer"]
    assert (
        "the dealer&#x27;s Ace High Pai Gow, a push: ±0" in shown["pg-seat-1"]
        and "Ace High Bonus, 8 to 1: +40" in shown["pg-seat-1"]
    )
    assert "pg-setting" not in shown["pg-me"] and "You won 40." in shown["pg-me"]
    assert presenter.last_result(table.state.to_json()) == "Dealer A-7-5-3-2 high / Q-9 high"


def test_seeded_rounds_feed_both_meters_and_pay_a_mystery_hit(make_player, clean_redis):
    table = Table.objects.create(
        game="face_up_pai_gow", name="Face Up", config={**FAST, "ace_high_bonus": 8}, is_test=True, seed=688,
        max_seats=6,
    )  # fmt: skip
    payout = Meter.objects.create(name="Pai gow progressive", kind="progressive_payout", wager_dollars=1)
    mystery = Meter.objects.create(name="Mystery", kind="must_hit_by", paytable="A", wager_dollars=1)
    for meter in (payout, mystery):
        TableLink.objects.create(meter=meter, table=table)
    api.open_meter(payout)
    api.open_meter(mystery, rng=random.Random(1))
    state = api.state(mystery.pk)  # a trigger a hair above the seed: the first qualifying wager wins
    state["trigger"] = 10_000 * UNITS_PER_CENT + 1
    api.load(mystery.pk, state, [f"{state['trigger_seq'] + 1}:{15_000 * UNITS_PER_CENT}"])

    clock = Clock()
    runtime = TableRuntime(table, clock=clock)
    runtime.start()
    players = [make_player(name) for name in ("Ann", "Bob", "Cy")]
    table.invited.add(*players)
    for player in players:
        runtime.act(player.pk, player.nickname, {"action": "sit", "round": runtime.round})
    choices = random.Random(9)
    progressive_bets = refused = pushes = 0
    for _ in range(30):
        for player in players:
            bets = [("main", choices.choice([5, 10])), ("fortune", 5), ("ace_high_bonus", 5)]
            if choices.random() < 0.7:
                bets.append(("progressive", 1))
            for area, chips in bets:
                runtime.act(
                    player.pk, player.nickname, {"action": "bet", "spot": area, "amount": str(chips), "round": runtime.round}
                )  # fmt: skip
                progressive_bets += area == "progressive"
        start = runtime.round
        for _step in range(30):
            state = runtime.state
            if state.phase == rules.RESULT and state.dealer.get("push") and runtime.round == start:
                pushes += 1
                before = runtime.state.to_json()
                spot = state.spot(state.seats()[0])
                with pytest.raises(Refused, match="no hand to set"):
                    runtime.act(spot["player"], "P", {"action": "house_way", "round": runtime.round})
                refused += runtime.state.to_json() == before
            if state.phase == rules.SETTING and choices.random() < 0.6:
                unset = [s for s in state.seats() if state.spot(s)["high"] is None]
                if unset:
                    runtime.act(
                        state.spot(unset[0])["player"], "P", {"action": "house_way", "round": runtime.round}
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
    for meter in (payout, mystery):
        assert MeterEvent.objects.filter(meter=meter, kind="contribution").count() == progressive_bets
    assert audit.reconcile([payout, mystery]) == []
    hit = MeterEvent.objects.filter(meter=mystery, kind="hit").first()
    assert hit is not None
    assert Entry.objects.filter(transaction__memo__contains="mystery bonus", amount=hit.paid_cents).exists()
    assert refused == pushes >= 1, pushes  # a house way asked for after a push changes nothing


def test_the_demo_table_shares_the_pai_gow_progressive_and_has_its_own_mystery_meter(clean_redis):
    from django.core.management import call_command

    call_command("demo_tables")
    (table,) = Table.objects.filter(game="face_up_pai_gow")
    (pai_gow,) = Table.objects.filter(game="pai_gow")
    assert not table.is_test and table.rules_config().ace_high_bonus == 0  # Defaults: off
    kinds = sorted(table.meters.values_list("kind", "paytable", "wager_dollars"))
    assert kinds == [("must_hit_by", "A", 1), ("progressive_payout", "", 1)]
    shared = table.meters.get(kind="progressive_payout")
    assert pai_gow.meters.filter(pk=shared.pk).exists()  # linked with Pai Gow Poker's (docs/rules/README.md)
    assert not pai_gow.meters.filter(pk=table.meters.get(kind="must_hit_by").pk).exists()


async def test_the_house_bot_plays_legal_wagers_and_the_house_way_from_the_page(monkeypatch):
    """The demo table's bots (demo_bots.PaiGowBot, shared with Pai Gow Poker)
    read the Face Up page: a main wager and side wagers the page offers, then
    the house way; each message is a legal action of the rules."""
    import asyncio
    import json

    from casino.tables.management.commands import demo_bots

    class Socket:
        def __init__(self):
            self.sent = []

        async def send(self, text):
            self.sent.append(json.loads(text))

    async def instantly(*args, **kwargs):
        return None

    monkeypatch.setattr(asyncio, "sleep", instantly)
    table = Played(QUEENS_DEALER, ANN_TWO_PAIR, BOB_TENS)
    bot = demo_bots.BOTS["face_up_pai_gow"](Table(game="face_up_pai_gow", config={}), None, random.Random(4))
    monkeypatch.setattr(bot, "before_betting", instantly)
    ws = Socket()
    for _ in range(8):  # betting windows until it has bet on a side wager too
        table.state.round += 1
        ws.sent.clear()
        bot.betted = None
        await bot.on_frame(ws, "".join(table.render(ANN).values()))
        if len(ws.sent) > 1:
            break
    assert ws.sent[0]["action"] == "bet" and ws.sent[0]["spot"] == "main"
    for message in ws.sent:
        action = rules.parse_action(message["action"], message)
        table.do(action.kind, ANN, 1, **action.data)
    table.do(rules.BET, BOB, 2, spot="main", amount=1000).do(rules.CLOSE_BETTING).do(rules.DEAL)
    ws.sent.clear()
    await bot.on_frame(ws, "".join(table.render(ANN).values()))
    assert [message["action"] for message in ws.sent] == ["house_way"]
    table.do(rules.HOUSE_WAY, ANN, 1)
    assert table.state.spot(1)["set_by"] == "house way"


def test_the_page_renders_for_a_player_and_a_spectator(make_player):
    from tests.test_spanish21_table import page

    table = Table.objects.create(
        game="face_up_pai_gow", name="Face Up", config={"ace_high_bonus": 8}, is_test=True, max_seats=6
    )
    ann, spy = make_player("Ann"), make_player("Spy")
    table.invited.add(spy)
    for html in (page(table, ann), page(table, spy)):
        assert 'id="pg-status"' in html and 'id="pg-dealer"' in html and 'id="pg-seat-6"' in html
        assert 'id="pg-dice"' not in html and "css/pai_gow.css" in html and "Place your bets" in html
        assert "Seven cards to every hand after no more bets." in html and "8 to 1" in html
        assert "§" not in html.split('id="how-to-play"')[0]  # sections stay on the rules page
    assert "Take a seat" in page(table, ann)
    assert "You are watching" in page(table, spy)


def test_a_designer_makes_a_face_up_test_table_with_the_ace_high_bonus_and_a_stack():
    """The lab's test-table form: one field per Rules Submission setting, the
    stacked-deck syntax on the page; the Ace High Bonus odds refused outside
    5-9 to 1, a first position and seven cards a hand taken."""
    from tests.test_browser_lab import NEW, designer_client

    client = designer_client()
    page = client.get(NEW, {"game": "face_up_pai_gow"})
    form = page.context["form"]
    fields = {name for name in form.fields if name.startswith("rules_")}
    assert {f"rules_{name}" for name in rules.Config.__dataclass_fields__} <= fields
    assert "first dealer" in page.content.decode()  # STACK_HELP
    posted = {"game": "face_up_pai_gow", "name": "Face Up lab", "max_seats": 6,
              "stack": f"first dealer; {ACE_HIGH_DEALER} {ANN_QUADS}"}  # fmt: skip
    posted.update({name: field.initial for name, field in form.fields.items() if name.startswith("rules_")})
    refused = client.post(NEW, {**posted, "rules_ace_high_bonus": "10"})
    assert "Choose the Ace High Bonus odds (5, 6, 7, 8, 9 to 1)" in refused.content.decode()
    assert not Table.objects.filter(name="Face Up lab").exists()
    client.post(NEW, {**posted, "rules_ace_high_bonus": "8"})
    table = Table.objects.get(name="Face Up lab")
    assert table.is_test and table.rules_config().ace_high_bonus == 8
    state = table.state["game"]
    assert state["count"] == 1 and state["deck"][:14] == f"{ACE_HIGH_DEALER} {ANN_QUADS}".split()


def test_the_ace_high_bonus_is_offered_on_test_tables_only():
    # No published odds (docs/rules/face_up_pai_gow.md): designers try them on a test table;
    # a public table keeps the wager off (issue 17).
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError, match="ace_high_bonus: This setting is for test tables only."):
        Table.objects.create(game="face_up_pai_gow", name="Public", config={"ace_high_bonus": 8})
    assert not Table.objects.filter(name="Public").exists()
    assert Table.objects.create(game="face_up_pai_gow", name="Public", config={"ace_high_bonus": 0}).pk
    assert Table.objects.create(
        game="face_up_pai_gow", name="Lab", config={"ace_high_bonus": 8}, is_test=True
    ).pk
