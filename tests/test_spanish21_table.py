"""The live Spanish 21 table: its page for players and spectators, a whole
round over real websockets (channels' WebsocketCommunicator, the real Redis
channel layer and a real table owner in this event loop) dealt from a stacked
shoe, so every card, total and chip is known in advance, and what each viewer
is shown at the moments a round passes through (insurance, a split, a double
and its rescue, the optional wagers)."""

import asyncio
import itertools
import json
import random
import re
import time

import pytest
from channels.db import database_sync_to_async
from django.test import Client

from casino.tables import registry
from casino.tables.models import Round, Table
from casino.tables.owner import TableWorker
from casino.tables.rendering import render_private, render_public, split_fragments
from casino.tables.runtime import fresh_snapshot
from casino.wallet.ledger import balance_of
from games.blackjack import round as bj
from games.cards.shoe import Shoe
from games.engine import PROGRESSIVE_RESULT, Action
from games.spanish21 import rules
from tests.conftest import assert_ledger_balanced, session_cookie, staked
from tests.test_consumer import connect, round_of

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]

START = 1_000_000  # a new wallet, in cents
TEST_START = 10_000_000  # test chips (a test table never touches the wallet)
TIMERS = {"betting_seconds": 3, "deal_seconds": 1, "action_seconds": 30, "result_seconds": 30}
# Ann (seat 1) 5♠ 6♥ = 11 doubles onto 9♣ = 20; Bob (seat 2) A♦ 5♣ = 6/16 hits 2♥ = 8/18.
# The dealer shows 9♠ with 8♥ in the hole: 17, stands. K♥ and Q♣ stay in the shoe.
SHOE = "5S AD 9S 6H 5C 8H 9C 2H KH QC"
HOLE = "8 of hearts"
NEVER_DEALT = ("king of hearts", "queen of clubs")


def make_table(shoe=SHOE, **config):
    """A Spanish 21 test table whose snapshot holds a stacked shoe before its
    owner starts."""
    table = Table.objects.create(
        game="spanish21", name="Spanish test", config={**TIMERS, **config}, is_test=True, max_seats=6
    )
    snapshot = fresh_snapshot(registry.get("spanish21"))
    snapshot["game"]["shoe"] = Shoe.stacked(shoe).to_json()
    Table.objects.filter(pk=table.pk).update(state=snapshot)
    return table


@pytest.fixture
async def owner(clean_redis):
    """Runs the owner of the given table in this event loop until the test ends."""
    stop, tasks = asyncio.Event(), []

    async def run(table):
        worker = TableWorker(scan_seconds=0.2, table_ids=[table.pk])
        tasks.append(asyncio.create_task(worker.run(stop)))
        for _ in range(100):
            await asyncio.sleep(0.05)
            state = await database_sync_to_async(lambda: Table.objects.get(pk=table.pk).state)()
            if table.pk in worker.owners and state.get("timer"):
                return

    yield run
    stop.set()
    await asyncio.gather(*tasks)


class View:
    """What one connection shows: the latest markup of every fragment id,
    as htmx swaps them in, and every frame it got."""

    def __init__(self, ws):
        self.ws = ws
        self.fragments = {}
        self.frames = []

    def feed(self, frame):
        self.frames.append(frame)
        for element_id, markup in split_fragments(frame):
            self.fragments[element_id] = markup

    def __getitem__(self, element_id):
        return self.fragments.get(element_id, "")

    @property
    def html(self):
        return "".join(self.fragments.values())

    def actions(self):
        """The hand buttons this connection shows (data-action), in order."""
        return re.findall(r'data-action="(\w+)"', self["bj-me"])

    async def until(self, predicate, what, timeout=10):
        deadline = asyncio.get_running_loop().time() + timeout
        while not predicate(self):
            left = deadline - asyncio.get_running_loop().time()
            assert left > 0, f"timed out waiting for {what}"
            self.feed(await self.ws.receive_from(timeout=left))
        return self

    async def send(self, **message):
        await self.ws.send_to(text_data=json.dumps(message))


async def watch(table, player=None):
    ws, connected = await connect(table.pk, player)
    assert connected
    view = View(ws)
    view.feed(await ws.receive_from(timeout=5))
    return view


async def seat(table, player, number):
    view = await watch(table, player)
    await view.send(action="sit", round=round_of(view["bj-status"]))
    await view.until(lambda v: f"You sit at seat <strong>{number}</strong>" in v["bj-me"], "a seat")
    return view


def seconds_left(view):
    """Seconds left to bet, by the status this connection shows (the server is this machine)."""
    status = view["bj-status"]
    deadline = re.search(r'data-deadline-ms="(\d+)"', status)
    if "phase-betting" not in status or not deadline:
        return 0
    return int(deadline.group(1)) / 1000 - time.time()


async def betting_window(view, at_least=1.5):
    """Wait until a betting window has ``at_least`` seconds left (an empty
    window closes and a fresh one opens, the shoe untouched)."""
    while seconds_left(view) < at_least:
        view.feed(await view.ws.receive_from(timeout=10))
    return round_of(view["bj-status"])


async def assert_refused(view, expected, player, table, **message):
    before = await database_sync_to_async(
        lambda: (Table.objects.get(pk=table.pk).version, balance_of(player, test=True))
    )()
    await view.send(**message)
    await view.until(lambda v: expected in v["flash"], f"the refusal {expected!r}")
    assert 'role="alert"' in view["flash"]
    await asyncio.sleep(0.2)
    after = await database_sync_to_async(
        lambda: (Table.objects.get(pk=table.pk).version, balance_of(player, test=True))
    )()
    assert after == before, "a refused action changed the table or the balance"


def page(table, player=None):
    client = Client()
    if player is not None:
        client.cookies["sessionid"] = session_cookie(player)
    response = client.get(f"/tables/{table.pk}/")
    assert response.status_code == 200
    return response.content.decode()


def test_the_page_renders_for_a_player_and_a_spectator(make_player):
    table = make_table(progressive=0)
    ann = make_player("Ann")
    spy = make_player("Spy")  # invited to the test table, watching
    for html in (page(table, ann), page(table, spy)):
        assert 'id="bj-status"' in html and 'id="bj-dealer"' in html and 'id="bj-seat-6"' in html
        assert 'id="bj-seat-7"' not in html  # Spanish 21 seats six (docs/rules/spanish21.md rule 5)
        assert "Place your bets" in html and "css/blackjack.css" in html
        for name in NEVER_DEALT + (HOLE, "5 of spades"):
            assert name not in html
    assert "Take a seat" in page(table, ann)
    assert "Take a seat" in page(table, spy) and "You are watching" in page(table, spy)


async def test_a_round_over_websockets(owner, make_player):
    table = await database_sync_to_async(make_table)(progressive=0)
    await owner(table)
    ann = await database_sync_to_async(make_player)("Ann")
    bob = await database_sync_to_async(make_player)("Bob")
    spy = await database_sync_to_async(make_player)("Spy")  # invited to the test table, watching
    spectator = await watch(table, spy)
    ws_ann = await seat(table, ann, 1)
    ws_bob = await seat(table, bob, 2)
    assert "Bet on Main wager" in ws_ann["bj-me"] and "Bet on Match the Dealer" in ws_ann["bj-me"]
    assert "progressive" not in ws_ann["bj-me"]  # not offered at this table

    number = await betting_window(ws_ann)
    await ws_ann.send(action="bet", spot="main", amount="10", round=number)
    await ws_bob.send(action="bet", spot="main", amount="10", round=number)
    await ws_bob.send(action="bet", spot="match_the_dealer", amount="5", round=number)
    await spectator.until(lambda v: staked(v["bj-seat-2"], "Match the Dealer", 5), "Bob's bets")
    assert staked(spectator["bj-seat-1"], "Main", 10)

    # No more bets, then the deal: seat 1 first.
    await spectator.until(lambda v: "No more bets" in v["bj-status"], "no more bets")
    await spectator.until(lambda v: "Ann to play (seat 1)" in v["bj-status"], "the deal")
    dealer = spectator["bj-dealer"]
    assert 'aria-label="9 of spades"' in dealer and 'aria-label="face-down card"' in dealer
    assert "shows 9" in dealer
    assert (
        'aria-label="5 of spades"' in spectator["bj-seat-1"]
        and 'aria-label="6 of hearts"' in spectator["bj-seat-1"]
    )
    assert 'aria-label="ace of diamonds"' in spectator["bj-seat-2"] and ">6/16<" in spectator["bj-seat-2"]

    # Only the player whose turn it is gets the buttons: exactly the legal ones.
    await ws_ann.until(lambda v: v.actions(), "Ann's buttons")
    assert ws_ann.actions() == ["hit", "stand", "double", "surrender"]
    assert 'data-key="D"' in ws_ann["bj-me"] and "Your turn" in ws_ann["bj-me"]
    await ws_bob.until(lambda v: "Ann to play" in v["bj-status"], "the deal at Bob's")
    assert ws_bob.actions() == [] and "Your turn" not in ws_bob["bj-me"]

    # Neither the hole card nor the shoe is on any page or in any frame.
    for html in await asyncio.gather(
        database_sync_to_async(page)(table, ann), database_sync_to_async(page)(table, spy)
    ):
        assert 'aria-label="face-down card"' in html and "Ann to play" in html
        for name in (HOLE, "9 of clubs", "2 of hearts") + NEVER_DEALT:
            assert name not in html, name
    for view in (spectator, ws_ann, ws_bob):
        assert not any(HOLE in frame for frame in view.frames)

    # Out of turn: a clear message, nothing changed.
    await assert_refused(
        ws_bob, "It is seat 1&#x27;s turn, not yours.", bob, table, action="hit", round=number
    )

    # Ann doubles (11 + 9 = 20); now she may only stand or rescue the double.
    await ws_ann.send(action="double", round=number)
    await ws_ann.until(lambda v: 'aria-label="9 of clubs"' in v["bj-seat-1"], "Ann's double")
    assert ">20<" in ws_ann["bj-seat-1"] and staked(ws_ann["bj-seat-1"], "Wager", 20)
    assert "(doubled 10)" in ws_ann["bj-seat-1"]
    await ws_ann.until(lambda v: v.actions() == ["stand", "rescue"], "stand or rescue")
    await ws_ann.send(action="stand", round=number)

    # Bob hits his soft 16 and stands on 8/18.
    await ws_bob.until(lambda v: v.actions(), "Bob's turn")
    assert ws_bob.actions() == ["hit", "stand", "double", "surrender"]
    await ws_ann.until(lambda v: v.actions() == [] and "Bob to play" in v["bj-status"], "Ann's turn over")
    await ws_bob.send(action="hit", round=number)
    await ws_bob.until(lambda v: ">8/18<" in v["bj-seat-2"], "Bob's hit")
    # A push carries only what changed: Bob's seat, not the dealer nor Ann's seat.
    await spectator.until(
        lambda v: 'aria-label="2 of hearts"' in v["bj-seat-2"], "Bob's hit at the spectator"
    )
    (hit,) = [frame for frame in spectator.frames if 'aria-label="2 of hearts"' in frame]
    assert 'id="bj-seat-2"' in hit and 'id="bj-seat-1"' not in hit and 'id="bj-dealer"' not in hit
    assert not any(HOLE in frame for view in (spectator, ws_ann, ws_bob) for frame in view.frames)
    await ws_bob.until(lambda v: v.actions() == ["hit", "stand", "double"], "Bob's next decision")
    await ws_bob.send(action="stand", round=number)

    # The dealer turns over 8♥: 17, stands. Ann +20 (doubled), Bob +10 − 5.
    await spectator.until(lambda v: "Dealer has 17" in v["bj-status"], "the result")
    assert f'aria-label="{HOLE}"' in spectator["bj-dealer"] and "face-down" not in spectator["bj-dealer"]
    assert "+20" in spectator["bj-seat-1"] and "+5" in spectator["bj-seat-2"]
    log = spectator["bj-log"]
    assert (
        "Seat 1: 20 wins, +20." in log
        and "Seat 2: 18 wins, +10." in log
        and "Dealer turns over 8♥: 17." in log
    )
    await ws_ann.until(lambda v: "You won 20." in v["bj-me"], "Ann's result")
    await ws_bob.until(lambda v: "You won 5." in v["bj-me"], "Bob's result")
    assert "100,020" in ws_ann["bj-me"] and "100,005" in ws_bob["bj-me"]
    assert await database_sync_to_async(balance_of)(ann, test=True) == TEST_START + 2_000
    assert await database_sync_to_async(balance_of)(bob, test=True) == TEST_START + 500
    # Screen readers hear the deal and the result (#announce-src: a new id is read out).
    announced = re.findall(
        r'id="announce-src" hidden data-id="([^"]*)" data-text="([^"]*)"', "".join(spectator.frames)
    )
    assert any("Dealer shows 9♠." in text for _, text in announced)
    assert announced[-1][1] == "Dealer has 17. Ann wins 20. Bob wins 5."

    for view in (spectator, ws_ann, ws_bob):
        assert not any(name in frame for name in NEVER_DEALT for frame in view.frames)
        await view.ws.disconnect()
    record = await database_sync_to_async(Round.objects.get)(table=table, number=number)
    assert record.result["dealer"] == ["9S", "8H"]
    await database_sync_to_async(assert_ledger_balanced)()


# -- what each viewer is shown, rendered from the pure rules' states -----------------

ANN, BOB = 1, 2
_renders = itertools.count(1000)


class Dealt:
    """Drives the pure rules as the runtime does (the meters take every wager)."""

    def __init__(self, shoe, config=None):
        self.config = config or rules.Config.from_json(TIMERS)
        self.state = rules.new_state()
        self.state.shoe = Shoe.stacked(shoe).to_json()

    def do(self, kind, player=None, seat=None, **data):
        outcome = rules.apply(
            self.state, Action(kind, player, data, seat=seat), self.config, random.Random(1)
        )
        self.state = outcome.state
        if outcome.lock is not None or outcome.awards:
            paid = [{"kind": a.kind, "seat": a.seat, "player": a.player, "cents": 1} for a in outcome.awards]
            self.do(PROGRESSIVE_RESULT, hits=[], awards=paid, refused=[], error=None)
        return self

    def bet(self, player, seat, chips, spot=bj.MAIN):
        return self.do(bj.BET, player, seat, spot=spot, amount=chips * 100)

    def deal(self):
        return self.do(bj.CLOSE_BETTING).do(bj.DEAL)

    def render(self, viewer=None, **meta):
        """{fragment id: markup} of the public fragments and ``viewer``'s own."""
        snapshot = fresh_snapshot(registry.get("spanish21"))
        snapshot["game"] = self.state.to_json()
        snapshot["seats"] = {"1": ANN, "2": BOB}
        snapshot["nicknames"] = {str(ANN): "Ann", str(BOB): "Bob"}
        snapshot["timer"] = {"key": "k", "deadline": 2e9, "seconds": 30}
        meta = {"id": next(_renders), "name": "T", "game": "spanish21", "game_name": "Spanish 21",
                "is_test": True, "seeded": False, "max_seats": 6, **meta}  # fmt: skip
        config, version = self.config.to_json(), next(_renders)
        balance = START if viewer else None
        fragments = render_public(meta, snapshot, config, version, cached=False)
        fragments += render_private(meta, snapshot, config, version, viewer, balance)
        return dict(fragments)


def test_insurance_is_offered_to_whom_it_may_concern_and_the_hole_card_stays_hidden():
    # Ann 9♠ 9♣; Bob A♦ K♦, a blackjack (paid, no insurance); the dealer shows A♥ with K♠ in the hole.
    table = Dealt("9S AD AH 9C KD KS").bet(ANN, 1, 10).bet(BOB, 2, 10).deal()
    assert table.state.phase == bj.INSURANCE
    ann, bob, spectator = table.render(ANN), table.render(BOB), table.render()
    assert "Insurance 5</button>" in ann["bj-me"] and "No insurance</button>" in ann["bj-me"]
    assert "Insurance?" in ann["bj-status"] and "Insurance closes in" in ann["bj-status"]
    assert "insure" not in bob["bj-me"] and "Blackjack" in bob["bj-seat-2"]
    for shown in (ann, bob, spectator):
        html = "".join(shown.values())
        assert "king of spades" not in html and "K♠" not in html and 'aria-label="face-down card"' in html
        assert "data-action" not in html  # nobody plays a hand yet
    # The last answer closes insurance at once (issue 13): the peek, a dealer blackjack.
    table.do(bj.NO_INSURANCE, ANN, 1)
    spectator = table.render()
    assert (
        'aria-label="king of spades"' in spectator["bj-dealer"]
        and "Dealer has blackjack" in spectator["bj-status"]
    )


def test_split_double_and_rescue_buttons_follow_the_legal_actions():
    # Ann 8♠ 8♦ against a 9♥ (hole 7♦): she may split; after the split, 8♠ 3♣ doubles onto 2♥.
    table = Dealt("8S 5C 9H 8D 6C 7D 3C KS 2H").bet(ANN, 1, 10).bet(BOB, 2, 10).deal()
    mine = table.render(ANN)["bj-me"]
    assert re.findall(r'data-action="(\w+)"', mine) == ["hit", "stand", "double", "split", "surrender"]
    assert re.findall(r'data-key="(\w)"', mine) == ["H", "S", "D", "T", "R"]
    assert '<kbd aria-hidden="true">T</kbd> Split' in mine and 'aria-keyshortcuts="T"' in mine
    assert f'"round": "{table.state.round}"' in mine
    table.do(bj.SPLIT, ANN, 1).do(bj.DOUBLE, ANN, 1)
    shown = table.render(ANN)
    assert "hand 1 of 2" in shown["bj-me"] and ">13<" in shown["bj-me"]
    assert re.findall(r'data-action="(\w+)"', shown["bj-me"]) == ["stand", "rescue"]
    assert staked(shown["bj-seat-1"], "Wager", 20) and "(doubled 10)" in shown["bj-seat-1"]
    assert "hand 1 of 2" in shown["bj-status"]
    assert 'data-text="Your turn: hand 1, 13. You may stand or rescue."' in shown["bj-me-announce"]
    assert "data-action" not in "".join(table.render(BOB).values())


def test_the_progressive_area_shows_only_when_offered_and_linked():
    table = Dealt("8S 5C 9H 8D 6C 7D").bet(ANN, 1, 10)
    linked = table.render(ANN, meter_kinds=["match_the_dealer"])["bj-me"]
    assert 'data-area="progressive"' in linked and "Match the Dealer progressive $1" in linked
    assert '"spot": "progressive", "amount": "1"' in linked
    assert 'data-area="progressive"' not in table.render(ANN, meter_kinds=[])["bj-me"]
    table.config = rules.Config.from_json({**TIMERS, "progressive": 0, "match_the_dealer": 0})
    shown = table.render(ANN, meter_kinds=["match_the_dealer"])["bj-me"]
    assert re.findall(r'data-area="(\w+)"', shown) == ["main"]
