"""The live Pai Gow Poker table: its page for players and spectators, a whole
round over real websockets (channels' WebsocketCommunicator, the real Redis
channel layer and a real table owner in this event loop) with a stacked deck
and fixed dice, and what each viewer is shown as a round passes through
(nobody else's cards before the result, no dice values while they tumble)."""

import itertools
import json
import random
import re

import pytest
from channels.db import database_sync_to_async

from casino.tables import registry
from casino.tables.models import Round, Table
from casino.tables.rendering import render_private, render_public
from casino.tables.runtime import fresh_snapshot
from casino.wallet.ledger import balance_of
from games.cards.cards import card, joker_deck
from games.engine import PROGRESSIVE_RESULT, Action
from games.pai_gow import dice, house_way, presenter, rules
from tests.conftest import assert_ledger_balanced, staked
from tests.test_consumer import round_of
from tests.test_spanish21_table import View, assert_refused, owner, page, watch  # noqa: F401

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]

START = 1_000_000  # a new wallet, in cents
TEST_START = 10_000_000  # test chips (a test table never touches the wallet)
TIMERS = {
    "betting_seconds": 3,
    "shake_seconds": 30,
    "roll_seconds": 5,
    "set_seconds": 60,
    "result_seconds": 30,
}
DICE = [2, 3, 3]  # total 8: the dealer takes the first stack (docs/rules/pai_gow.md rule 15)
# The dealer's house way: pair of kings / 8-7. Ann (seat 1) sets two pair
# behind 9-6: both hands win. Bob (seat 2) takes the house way, jacks / 10-5:
# one hand each, a push; his Sum wager wins 3 to 1 on the total of 8.
HANDS = {
    "dealer": "KC KD 8H 7D 5S 4C 3H",
    1: "AS AH QS QH 9C 6D 2S",
    2: "JC JD TC 4D 3S 2C 5H",
}


TOTAL = sum(DICE)


def stacked_deck(hands=HANDS, total=TOTAL):
    """A 53-card deck whose stacks deliver ``hands`` for a roll of ``total``."""
    order = dice.delivery_order(total)
    stacks = [hands.get(position, "").split() for position in order]
    used = {item for stack in stacks for item in stack}
    rest = [str(item) for item in joker_deck() if str(item) not in used]
    deck = []
    for stack in stacks:
        deck += stack
        while len(deck) % 7:
            deck.append(rest.pop())
    return deck + rest


def names(hand):
    return [card(item).name for item in hand.split()]


def make_table(**config):
    """A Pai Gow test table whose snapshot holds a stacked deck and fixed dice
    before its owner starts."""
    table = Table.objects.create(
        game="pai_gow",
        name="Pai Gow test",
        config={**TIMERS, "progressive": 0, "mystery": 0, **config},
        is_test=True,
        max_seats=6,
    )
    snapshot = fresh_snapshot(registry.get("pai_gow"))
    snapshot["game"]["deck"] = stacked_deck()
    snapshot["game"]["dice"] = DICE
    Table.objects.filter(pk=table.pk).update(state=snapshot)
    return table


async def seat(table, player, number):
    view = await watch(table, player)
    await view.send(action="sit", round=round_of(view["pg-status"]))
    await view.until(lambda v: f"You sit at seat <strong>{number}</strong>" in v["pg-me"], "a seat")
    return view


async def betting_window(view, at_least=1.5):
    import time

    def left():
        status = view["pg-status"]
        deadline = re.search(r'data-deadline-ms="(\d+)"', status)
        if "phase-betting" not in status or not deadline:
            return 0
        return int(deadline.group(1)) / 1000 - time.time()

    while left() < at_least:
        view.feed(await view.ws.receive_from(timeout=10))
    return round_of(view["pg-status"])


def test_the_page_renders_for_a_player_and_a_spectator(make_player):
    table = make_table()
    ann = make_player("Ann")
    spy = make_player("Spy")  # invited to the test table, watching
    for html in (page(table, ann), page(table, spy)):
        assert 'id="pg-status"' in html and 'id="pg-dealer"' in html and 'id="pg-seat-6"' in html
        assert 'id="pg-seat-7"' not in html  # six players and the dealer (rule 7)
        assert 'id="pg-dice"' in html and "css/pai_gow.css" in html and "Place your bets" in html
        # Its section is on the table's rules page, not in the player's way.
        assert "pushes all Pai Gow Poker wagers;" in html and "§" not in html
        for hand in HANDS.values():
            for name in names(hand):
                assert f'aria-label="{name}"' not in html
    assert "Take a seat" in page(table, ann)
    assert "Take a seat" in page(table, spy) and "You are watching" in page(table, spy)


async def test_a_round_over_websockets(owner, make_player):  # noqa: F811
    table = await database_sync_to_async(make_table)()
    await owner(table)
    ann = await database_sync_to_async(make_player)("Ann")
    bob = await database_sync_to_async(make_player)("Bob")
    spy = await database_sync_to_async(make_player)("Spy")  # invited to the test table, watching
    spectator = await watch(table, spy)
    ws_ann = await seat(table, ann, 1)
    ws_bob = await seat(table, bob, 2)
    assert "Bet on Pai Gow Poker" in ws_ann["pg-me"] and "Bet on Tiger 9" in ws_ann["pg-me"]
    assert 'data-area="match_6"' in ws_ann["pg-me"] and 'data-area="beat_it"' in ws_ann["pg-me"]
    assert 'data-area="progressive"' not in ws_ann["pg-me"]  # no meter linked here

    number = await betting_window(ws_ann)
    await ws_ann.send(action="bet", spot="main", amount="10", round=number)
    await ws_ann.send(action="bet", spot="fortune", amount="5", round=number)
    await ws_bob.send(action="bet", spot="main", amount="10", round=number)
    await ws_bob.send(action="bet", spot="sum", amount="5", round=number)
    await spectator.until(
        lambda v: staked(v["pg-seat-2"], "Sum", 5) and staked(v["pg-seat-1"], "Fortune", 5),
        "the bets",
    )

    # No more bets: Ann, the first seat after the dealer, shakes; everyone sees whose turn it is.
    await spectator.until(lambda v: "Ann to shake (seat 1)" in v["pg-status"], "the shaker's turn")
    await ws_ann.until(lambda v: 'data-action="shake"' in v["pg-me"], "Ann's Shake button")
    assert 'aria-keyshortcuts="K"' in ws_ann["pg-me"]
    await ws_bob.until(lambda v: "Ann shakes this round." in v["pg-me"], "Bob waits")
    assert 'data-action="shake"' not in ws_bob["pg-me"]
    await assert_refused(ws_bob, "Seat 1 presses Shake this round.", bob, table, action="shake", round=number)
    await ws_ann.send(action="shake", round=number)

    # The tumble: the dice carry no values while they roll.
    await spectator.until(lambda v: "dice-rolling" in v["pg-dice"], "the roll")
    rolling = spectator.html
    assert "The dice are rolling" in spectator["pg-status"] and "data-value" not in spectator["pg-dice"]
    assert "Red 2" not in rolling and "total 8" not in rolling

    # The deal: each player sees their own seven cards, nobody else's, nor the dealer's.
    await spectator.until(lambda v: "Set your hands" in v["pg-status"], "the deal")
    assert 'aria-label="Red 2, blue 3 and 3: total 8"' in spectator["pg-dice"]
    assert re.findall(r'data-value="(\d)"', spectator["pg-dice"]) == ["2", "3", "3"]
    await ws_ann.until(lambda v: "pg-setting" in v["pg-me"], "Ann's setting")
    await ws_bob.until(lambda v: "pg-setting" in v["pg-me"], "Bob's setting")
    own = {ws_ann: HANDS[1], ws_bob: HANDS[2], spectator: ""}
    for view, mine in own.items():
        html = view.html
        assert html.count('aria-label="face-down card"') >= 14  # the dealer's and the other hands
        for hand in HANDS.values():
            for name in names(hand):
                if hand == mine:
                    assert f'aria-label="{name}"' in html and f'title="{name}"' in html
                else:
                    assert name not in html, name
    for html, mine in (
        (await database_sync_to_async(page)(table, ann), HANDS[1]),
        (await database_sync_to_async(page)(table, spy), ""),
    ):
        for hand in HANDS.values():
            for name in names(hand):
                assert (name in html) == (hand == mine), name
    settings = json.loads(
        re.search(r'data-settings="([^"]*)"', ws_ann["pg-me"]).group(1).replace("&quot;", '"')
    )
    assert len(settings) == 21 and settings["4-5"] == ["Two pair, aces and queens", "9-6 high", False]
    assert settings["0-1"][2] is True  # the aces in front: a foul

    # A foul is refused; Ann sets two pair behind 9-6, Bob asks for the house way.
    await assert_refused(
        ws_ann, "That is a foul", ann, table, action="set_hand", high="QS QH 9C 6D 2S", low="AS AH",
        round=number,
    )  # fmt: skip
    await ws_ann.send(action="set_hand", high="AS AH QS QH 2S", low="9C 6D", round=number)
    await ws_ann.until(lambda v: "Your hand is set" in v["pg-me"], "Ann's hand set")
    assert "Two pair, aces and queens" in ws_ann["pg-me"] and "pg-setting" not in ws_ann["pg-me"]
    await spectator.until(lambda v: "Hand set" in v["pg-seat-1"], "Ann set, for all to see")
    assert "face-down card" in spectator["pg-seat-1"] and "ace of spades" not in spectator.html
    await ws_bob.send(action="house_way", round=number)

    # The result: the dealer's house way, every setting with its names, every line.
    await spectator.until(lambda v: "Dealer: Pair of kings / 8-7 high" in v["pg-status"], "the result")
    dealer = spectator["pg-dealer"]
    assert "Dealer's high hand: K♣ K♦ 5♠ 4♣ 3♥, Pair of kings" in dealer
    assert "Dealer's low hand: 8♥ 7♦, 8-7 high" in dealer
    seat1, seat2 = spectator["pg-seat-1"], spectator["pg-seat-2"]
    assert "Two pair, aces and queens" in seat1 and "9-6 high" in seat1 and "set by the player" in seat1
    assert "Pair of jacks" in seat2 and "set by the house way" in seat2
    assert "Pai Gow Poker, both hands win: +10" in seat1 and "Fortune bonus: −5" in seat1 and ">+5<" in seat1
    assert "Sum, 3 to 1: +15" in seat2 and "<li>Pai Gow Poker, a push: ±0</li>" in seat2 and ">+15<" in seat2
    log = spectator["pg-log"]
    assert re.search(
        r"Seat 1: high [^<]* beats the dealer&#x27;s [^<]*, low [^<]* beats [^<]*: wins \+10\.", log
    )
    assert re.search(r"Seat 2: high [^<]*, low [^<]*: push\.", log)
    assert "The dice: red 2, blue 3 and 3" in log and "Seat 2: Sum, 3 to 1: +15." in log
    await ws_ann.until(lambda v: "You won 5." in v["pg-me"], "Ann's result")
    await ws_bob.until(lambda v: "You won 15." in v["pg-me"], "Bob's result")
    assert await database_sync_to_async(balance_of)(ann, test=True) == TEST_START + 500
    assert await database_sync_to_async(balance_of)(bob, test=True) == TEST_START + 1_500
    announced = re.findall(
        r'id="announce-src" hidden data-id="([^"]*)" data-text="([^"]*)"', "".join(spectator.frames)
    )
    assert any("No more bets. Seat 1, press Shake." in text for _, text in announced)
    assert any("The dice: red 2, blue 3 and 3" in text for _, text in announced)
    assert announced[-1][1].startswith(
        "Dealer: Pair of kings / 8-7 high. Ann: Pai Gow Poker, both hands win: +10"
    )

    for view in (spectator, ws_ann, ws_bob):
        await view.ws.disconnect()
    record = await database_sync_to_async(Round.objects.get)(table=table, number=number)
    assert record.result["dealer"]["low"] == ["8H", "7D"] and record.result["roll"] == DICE
    await database_sync_to_async(assert_ledger_balanced)()


# -- what each viewer is shown, rendered from the pure rules' states -----------------

ANN, BOB = 1, 2
_renders = itertools.count(5000)


class Played:
    """Drives the pure rules as the runtime does (the meters take every wager)."""

    def __init__(self, config=None):
        self.config = config or rules.Config.from_json(TIMERS)
        self.state = rules.new_state()
        self.state.deck, self.state.dice = stacked_deck(), list(DICE)

    def do(self, kind, player=None, seat=None, **data):
        outcome = rules.apply(
            self.state, Action(kind, player, data, seat=seat), self.config, random.Random(1)
        )
        self.state = outcome.state
        if outcome.lock is not None or outcome.awards:
            paid = [{"kind": a.kind, "seat": a.seat, "player": a.player, "cents": 1} for a in outcome.awards]
            self.do(PROGRESSIVE_RESULT, hits=[], awards=paid, refused=[], error=None)
        return self

    def bets(self):
        self.do(rules.BET, ANN, 1, spot="main", amount=1000)
        return self.do(rules.BET, BOB, 2, spot="main", amount=1000)

    def render(self, viewer=None, **meta):
        snapshot = fresh_snapshot(registry.get("pai_gow"))
        snapshot["game"] = self.state.to_json()
        snapshot["seats"] = {"1": ANN, "2": BOB}
        snapshot["nicknames"] = {str(ANN): "Ann", str(BOB): "Bob"}
        snapshot["timer"] = {"key": "k", "deadline": 2e9, "seconds": 30}
        meta = {"id": next(_renders), "name": "T", "game": "pai_gow", "game_name": "Pai Gow Poker",
                "is_test": True, "seeded": False, "max_seats": 6, **meta}  # fmt: skip
        config, version = self.config.to_json(), next(_renders)
        fragments = render_public(meta, snapshot, config, version, cached=False)
        fragments += render_private(meta, snapshot, config, version, viewer, START if viewer else None)
        return dict(fragments)


def test_the_dice_values_stay_off_the_page_while_they_tumble():
    table = Played().bets().do(rules.CLOSE_BETTING).do(rules.SHAKE, ANN, 1)
    assert table.state.phase == rules.ROLLING and table.state.roll == DICE
    for viewer in (ANN, BOB, None):
        shown = table.render(viewer)
        html = "".join(shown.values())
        assert "dice-rolling" in shown["pg-dice"] and "The dice are tumbling" in shown["pg-dice"]
        assert "data-value" not in html and "total 8" not in html and "Red 2" not in html
        assert shown["announce-src"].count("The dice are rolling.") == 1
    table.do(rules.DEAL)
    assert "Red 2, blue 3 and 3: total 8" in table.render()["pg-dice"]


def test_the_setting_aid_names_all_21_settings_of_the_viewers_own_cards():
    table = Played().bets().do(rules.CLOSE_BETTING).do(rules.SHAKE, ANN, 1).do(rules.DEAL)
    seven = table.state.spot(2)["cards"]
    aid = presenter.setting_table(seven)
    assert len(aid) == 21
    for key, (_high, _low, foul) in aid.items():
        i, j = map(int, key.split("-"))
        low = [card(seven[i]), card(seven[j])]
        high = [card(item) for index, item in enumerate(seven) if index not in (i, j)]
        assert foul == house_way.is_foul(high, low), key
    mine = table.render(BOB)["pg-me"]
    assert 'data-action="house_way"' in mine and 'data-key="A"' in mine
    assert re.search(r'class="primary act pg-submit"[^>]*disabled', mine)  # nothing chosen yet
    assert "Pair of jacks" in mine.replace("&quot;", '"')


def test_the_areas_follow_the_rules_submission_and_the_linked_meters():
    table = Played().do(rules.BET, ANN, 1, spot="main", amount=1000)
    linked = table.render(ANN, meter_kinds=["progressive_payout", "must_hit_by"])
    assert '"spot": "progressive", "amount": "1"' in linked["pg-me"] and "Progressive $1" in linked["pg-me"]
    assert 'data-area="progressive"' not in table.render(ANN, meter_kinds=[])["pg-me"]
    assert "Tiger 9" in linked["pg-layout"] and "pushes all Pai Gow Poker wagers" in linked["pg-layout"]
    table.config = rules.Config.from_json({**TIMERS, "commission_free": 0, "dice": 0, "fortune": 0})
    shown = table.render(ANN, meter_kinds=["progressive_payout"])
    assert re.findall(r'data-area="(\w+)"', shown["pg-me"]) == ["main", "progressive"]
    assert "Tiger 9" not in shown["pg-layout"] and "5% commission" in shown["pg-layout"]
    assert "pg-dice" not in shown  # no shaker without the dice wagers


def test_a_dealer_tiger_9_is_announced_as_a_push_of_every_pai_gow_wager():
    hands = {"dealer": "KC KD 9H 7D 5S 4C 3H", 1: HANDS[1], 2: HANDS[2]}
    table = Played()
    table.state.deck = stacked_deck(hands)
    table.bets().do(rules.CLOSE_BETTING).do(rules.SHAKE, ANN, 1).do(rules.DEAL)
    table.do(rules.HOUSE_WAY, ANN, 1).do(rules.HOUSE_WAY, BOB, 2)
    shown = table.render()
    assert (
        "Dealer Tiger 9" in shown["pg-status"]
        and "the dealer&#x27;s Tiger 9, a push: ±0" in shown["pg-seat-1"]
    )
    assert "every Pai Gow Poker wager pushes" in shown["pg-dealer"]
    assert presenter.last_result(table.state.to_json()) == "Dealer Pair of kings / 9-7 high"


def test_the_demo_has_a_commission_free_pai_gow_table_with_both_meters(clean_redis):
    from django.core.management import call_command

    from casino.progressives.models import Meter

    call_command("demo_tables")
    call_command("demo_tables")  # idempotent
    (table,) = Table.objects.filter(game="pai_gow")
    assert table.rules_config().commission_free == 1 and not table.is_test
    kinds = sorted(table.meters.values_list("kind", "paytable", "wager_dollars"))
    assert kinds == [("must_hit_by", "A", 1), ("progressive_payout", "", 1)]
    assert Meter.objects.filter(kind="progressive_payout").count() == 1
