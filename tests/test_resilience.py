"""End-to-end resilience: real ``manage.py tableworker`` and Daphne processes
on the test database and the real Redis, laid out as in docs/deploy.md.

- A worker killed with SIGKILL mid-spin: another worker takes the table over
  once the lease runs out and finishes the round from its snapshot, with the
  spins already drawn (the restart policy of docs/deploy.md).
- Two Daphne processes feeding one worker: players connected to different
  Daphnes play the same round and see the same result and each other's bets.
"""

import asyncio
import html
import json
import re
import signal
import time

import pytest
import websockets

from casino.tables.models import Round, Table
from casino.tables.rendering import swap_into
from casino.tables.runtime import TableRuntime
from casino.wallet.models import Account, Entry
from games.cards.rng import dump_state, seeded_rng
from games.dreamcatcher import rules
from games.engine import CENTS_PER_CHIP, Action, format_chips
from tests.conftest import assert_ledger_balanced, expected_balance, session_cookie, stakes_of, wait_until

pytestmark = pytest.mark.postgres


def table_state(table_id):
    return Table.objects.values_list("state", flat=True).get(pk=table_id)


def assert_settled_escrows_zero(table_id):
    settled = set(
        Round.objects.filter(table_id=table_id, result__isnull=False).values_list("number", flat=True)
    )
    assert settled, "no settled round"
    escrows = Account.objects.filter(kind=Account.ESCROW, name__startswith=f"escrow:table:{table_id}:")
    for account in escrows:
        number = int(account.name.rsplit(":", 1)[1])
        if number in settled:
            assert account.balance == 0, f"{account.name} holds {account.balance} after its round settled"


def replay_round(seed, config):
    """Round 1 of a seeded table, played by the pure rules alone (bets draw
    nothing from the generator, so they do not change the result)."""
    state, saved = rules.new_state(), None
    for kind in (rules.CLOSE_BETTING, *[rules.WHEEL_STOPPED] * 10):
        rng = seeded_rng(seed, saved)
        state = rules.apply(state, Action(kind), config, rng).state
        saved = dump_state(rng)
        if state.phase == rules.RESULT:
            return state.history[0]
    raise AssertionError("the round did not settle")


# -- a worker killed mid-round ---------------------------------------------

WALLET_START = 1_000_000  # a new wallet: 10,000 chips
TEST_START = 10_000_000  # test chips: 100,000

RESTART_BETS = {
    "Ann": {"2": 10 * CENTS_PER_CHIP, "10": 5 * CENTS_PER_CHIP},
    "Bob": {"1": 20 * CENTS_PER_CHIP, "5": 3 * CENTS_PER_CHIP},
}


def pick_seed(config):
    """A seed whose round 1 ends on its first spin, on a spot somebody bet on:
    the round is decided the moment the wheel starts, before the kill."""
    for seed in range(1, 10_000):
        record = replay_round(seed, config)
        if len(record["sections"]) == 1 and record["result"] in ("2", "1"):
            return seed, record
    raise AssertionError("no suitable seed")


@pytest.mark.django_db(transaction=True)
def test_killed_worker_table_finishes_round_with_same_result(processes, make_table, make_player):
    timing = {"betting_seconds": 1, "spin_seconds": 3, "result_seconds": 1}
    seed, replayed = pick_seed(rules.Config(**timing))
    table = make_table(seed=seed, **timing)
    players = {name: make_player(name) for name in RESTART_BETS}

    # Seat the players and place their bets through the runtime, before any
    # worker runs (nobody else writes the table yet).
    runtime = TableRuntime.load(table.pk)
    for name, player in players.items():
        runtime.act(player.pk, name, {"action": "sit", "round": 1})
        for spot, cents in RESTART_BETS[name].items():
            runtime.act(
                player.pk,
                name,
                {"action": "bet", "spot": spot, "amount": cents // CENTS_PER_CHIP, "round": 1},
            )

    first = processes.worker()

    def spinning_with_bets():
        state = table_state(table.pk)
        game = state and state["game"]
        return game and game["round"] == 1 and game["phase"] == rules.SPINNING and game["bets"]

    wait_until(spinning_with_bets, 40, "the first worker to close betting and spin")
    processes.kill(first)  # SIGKILL: no clean-up, the lease stays until it expires

    snapshot = table_state(table.pk)
    game = snapshot["game"]
    assert game["round"] == 1 and game["phase"] == rules.SPINNING, "the kill came too late to be mid-round"
    drawn = [spin["section"] for spin in game["spins"]]
    assert drawn == replayed["sections"][: len(drawn)]
    assert set(game["bets"]) == {str(player.pk) for player in players.values()}
    assert not Round.objects.filter(table=table, number=1, result__isnull=False).exists()

    second = processes.worker()
    record = wait_until(
        lambda: Round.objects.filter(table=table, number=1, result__isnull=False).first(),
        40,
        "the second worker to settle round 1",
    )
    processes.kill(second, signal.SIGTERM)  # a clean stop, so nothing moves while we check

    # The round finished from its snapshot: the spins drawn before the kill
    # are the round's spins, and its result is theirs.
    assert record.result["sections"] == drawn
    assert record.result["result"] == rules.WHEEL[drawn[-1]]
    assert record.result == {**replayed, "round": 1}
    # The wheel was spun once: the restart did not redraw it.
    assert record.log.count("No more bets. The wheel spins.") == 1

    results = {1: record.result}
    for name, player in players.items():
        account = Account.objects.get(test_player=player)  # a seeded table plays with test chips
        assert account.balance == expected_balance({1: RESTART_BETS[name]}, results, TEST_START), name
        assert Account.objects.get(player=player).balance == WALLET_START, name  # the wallet never moved
        # Each wager settled exactly once (collected, or returned and paid).
        settled = Entry.objects.filter(
            account=account, transaction__round_number=1, transaction__kind__in=["lose", "return", "win"]
        )
        kinds = sorted(settled.values_list("transaction__kind", flat=True))
        winning_spots = [spot for spot in RESTART_BETS[name] if spot == record.result["result"]]
        assert kinds.count("return") == len(winning_spots)
        assert kinds.count("win") == len(winning_spots)
    assert_settled_escrows_zero(table.pk)
    assert_ledger_balanced()


# -- two Daphne processes, one worker ----------------------------------------

SECTION = re.compile(r'<section id="(dc-[a-z]+)"([^>]*)>(.*?)</section>', re.S)
SPOT = re.compile(r'<button type="button" id="dc-spot-[^"]*" class="spot[^"]*"(.*?)</button>', re.S)
BET_CHIP = re.compile(r'<span class="bet-chip" title="([^"]*)">')
HISTORY = re.compile(
    r'<li class="sym sym-[^"]*" title="Round (\d+): [^"]*">([^<]+)(?:<sup>×(\d+)</sup>)?</li>'
)
FLASH = re.compile(r'<div id="flash"[^>]*>(.*?)</div>', re.S)


def text_of(fragment):
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


class View:
    """The table as a client shows it after a push, parsed. A push carries
    only the fragments that changed, so it is laid over the previous view,
    as htmx swaps fragments by id."""

    def __init__(self, message, previous=None):
        # A fragment may come whole or as its parts that changed (rendering.changed_parts).
        self.fragments = swap_into(dict(previous.fragments) if previous else {}, message)
        self.sections = {
            name: (attrs, body)
            for fragment in self.fragments.values()
            for name, attrs, body in SECTION.findall(fragment)
        }
        attrs, body = self.sections["dc-status"]
        self.round = int(re.search(r"Round (\d+)", body).group(1))
        self.phase = re.search(r"phase-(\w+)", attrs).group(1)
        self.phase_label = text_of(
            re.search(r'<strong class="phase"[^>]*>(.*?)</strong>', body, re.S).group(1)
        )
        deadline = re.search(r'data-deadline-ms="(\d+)"', body)
        self.deadline = int(deadline.group(1)) / 1000 if deadline else None
        self.bets = {}  # spot -> [nickname, ...]
        for button in SPOT.findall(self.sections["dc-layout"][1]):
            spot = re.search(r'"spot": "(\w+)"', button).group(1)
            self.bets[spot] = [html.unescape(name) for name in BET_CHIP.findall(button)]
        self.history = {
            int(number): (result, int(multiplier or 1))
            for number, result, multiplier in HISTORY.findall(self.sections["dc-history"][1])
        }
        self.me = text_of(self.sections["dc-me"][1])


class Client:
    """A player's websocket to one Daphne, reading every push in the background."""

    def __init__(self, host, table_id, session_key, nickname):
        self.url = f"ws://{host}/ws/tables/{table_id}/"
        self.session_key = session_key
        self.nickname = nickname
        self.views = []
        self.flashes = []
        self.changed = asyncio.Event()

    async def __aenter__(self):
        self.ws = await websockets.connect(
            self.url,
            origin=f"http://{self.url.split('/')[2]}",
            additional_headers={"Cookie": f"sessionid={self.session_key}"},
            open_timeout=30,
        )
        self.reader = asyncio.create_task(self._read())
        return self

    async def __aexit__(self, *exc):
        self.reader.cancel()
        await self.ws.close()

    async def _read(self):
        async for message in self.ws:
            if 'id="dc-status"' in message:
                self.views.append(View(message, self.view))
            else:
                flash = FLASH.search(message)
                if flash:
                    self.flashes.append(text_of(flash.group(1)))
            self.changed.set()

    @property
    def view(self):
        return self.views[-1] if self.views else None

    async def wait(self, predicate, timeout, what):
        deadline = time.monotonic() + timeout
        while True:
            value = predicate()
            if value:
                return value
            if self.reader.done():
                self.reader.result()  # raises what closed the socket
                pytest.fail(f"{self.nickname}'s websocket closed while waiting for {what}")
            left = deadline - time.monotonic()
            if left <= 0:
                pytest.fail(f"{self.nickname}: timed out after {timeout} s waiting for {what}")
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), left)
            except TimeoutError:
                pass

    async def send(self, **message):
        await self.ws.send(json.dumps(message))

    async def sit(self):
        """Take a seat, retrying when the round moved on under the request."""
        await self.wait(lambda: self.view, 30, "the first push")
        for _ in range(5):
            await self.send(action="sit", round=self.view.round)
            refusals = len(self.flashes)
            await self.wait(
                lambda seen=refusals: "You sit at seat" in self.view.me or len(self.flashes) > seen,
                15,
                "a seat",
            )
            if "You sit at seat" in self.view.me:
                return
        pytest.fail(f"{self.nickname} could not sit: {self.flashes}")


TWO_DAPHNE_BETS = {"Ann": ("10", 5), "Bob": ("2", 7)}


async def play_round_on_two_daphnes(clients):
    """Both players bet in one round (retrying in a later round if a bet
    misses the window); returns that round's number."""
    for client in clients:
        await client.sit()
    for _attempt in range(4):
        # A round whose betting window has time left for both bets.
        def fresh_window(client):
            view = client.view
            return view.phase == rules.BETTING and view.deadline and view.deadline - time.time() > 1.5

        await clients[0].wait(lambda: fresh_window(clients[0]), 30, "a fresh betting window")
        number = clients[0].view.round
        for client in clients:
            spot, chips = TWO_DAPHNE_BETS[client.nickname]
            await client.send(action="bet", spot=spot, amount=str(chips), round=number)

        def both_bets_shown(client, number=number):
            view = client.view
            if view.round > number:
                return "missed"
            if view.round == number and all(
                name in view.bets[spot] for name, (spot, _) in TWO_DAPHNE_BETS.items()
            ):
                return "shown"
            return None

        outcome = [
            await client.wait(lambda c=client: both_bets_shown(c), 30, "both bets") for client in clients
        ]
        if outcome == ["shown", "shown"]:
            return number
    pytest.fail("the two players never got their bets into one round")


async def two_daphne_scenario(hosts, table_id, sessions):
    async with (
        Client(hosts[0], table_id, sessions["Ann"], "Ann") as ann,
        Client(hosts[1], table_id, sessions["Bob"], "Bob") as bob,
    ):
        clients = [ann, bob]
        number = await play_round_on_two_daphnes(clients)
        for client in clients:
            await client.wait(lambda c=client: number in c.view.history, 30, f"the result of round {number}")
        seen = {}
        for client in clients:
            results = [view for view in client.views if view.round == number and view.phase == rules.RESULT]
            assert results, f"{client.nickname} never saw round {number}'s result pushed"
            betting = [view for view in client.views if view.round == number and view.phase == rules.BETTING]
            # The other's bet reached this player's layout while betting was open.
            other = next(name for name in TWO_DAPHNE_BETS if name != client.nickname)
            other_spot = TWO_DAPHNE_BETS[other][0]
            assert any(other in view.bets[other_spot] for view in betting), client.nickname
            seen[client.nickname] = {
                "status": results[-1].phase_label,
                "history": client.view.history[number],
                "me": results[-1].me,
            }
        return number, seen


@pytest.mark.django_db(transaction=True)
def test_two_daphnes_one_worker_same_round(processes, make_table, make_player):
    table = make_table(betting_seconds=4, spin_seconds=1, result_seconds=1)
    players = {name: make_player(name) for name in TWO_DAPHNE_BETS}
    sessions = {name: session_cookie(player) for name, player in players.items()}

    worker = processes.worker()
    hosts = [processes.daphne(), processes.daphne()]
    assert hosts[0] != hosts[1]
    wait_until(lambda: table_state(table.pk), 40, "the worker to start the table")

    number, seen = asyncio.run(asyncio.wait_for(two_daphne_scenario(hosts, table.pk, sessions), 60))
    processes.kill(worker, signal.SIGTERM)

    record = Round.objects.get(table=table, number=number)
    result, multiplier = record.result["result"], record.result["multiplier"]
    label = f"Result: {result}" + (f" × {multiplier}" if multiplier > 1 else "")
    for name, (spot, chips) in TWO_DAPHNE_BETS.items():
        assert seen[name]["status"] == label, name
        assert seen[name]["history"] == (result, multiplier), name
        stake = chips * CENTS_PER_CHIP
        if spot == result:
            mine = f"You won {format_chips(rules.winnings(stake, spot, multiplier))}!"
        else:
            mine = f"You lost {format_chips(stake)}."
        assert mine in seen[name]["me"], (name, seen[name]["me"])
    assert seen["Ann"]["history"] == seen["Bob"]["history"]

    # Balances: what each staked (the ledger's stake entries, per round) and
    # what the round records say those stakes won.
    results = {r.number: r.result for r in Round.objects.filter(table=table, result__isnull=False)}
    for name, player in players.items():
        stakes = stakes_of(player)
        assert stakes[number] == {TWO_DAPHNE_BETS[name][0]: TWO_DAPHNE_BETS[name][1] * CENTS_PER_CHIP}
        expected = expected_balance(stakes, results)
        assert Account.objects.get(player=player).balance == expected, name
    assert_settled_escrows_zero(table.pk)
    assert_ledger_balanced()
