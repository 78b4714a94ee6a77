"""Daphne's work for one push: what rendering a table update for its viewers
costs, in process, without websockets, so the figure holds on a noisy machine.

    make bench-render      (python bench/render.py)

A Dreamcatcher table with ``--players`` seated players plays ``--rounds``
rounds through its real runtime (each player bets ``--bets`` times a round,
then the table's clock plays the round out); every step's broadcast is kept
as the owner sends it (``owner.update_message``) and packed as the channel
layer packs it (msgpack). Then each version is delivered, as a Daphne's
table subscriber does (casino/realtime/fanout.py), to the players' connections
and ``--spectators`` more: unpacked once for the process, then for each
connection the public and private fragments (casino/tables/rendering.py)
and the markup it does not show yet (``not_shown``), joined into the frame
it would send.

Two ways, alternating in ``--chunks`` bursts so they meet the same load:

- pushes: the path Daphne runs (public fragments once per version, private
  renders skipped when their inputs did not change, only changed fragments
  and parts sent);
- uncached: every connection rendering both templates in full at every
  version (what a push cost before the caches);
- relay: the baseline of the same run, what a bare relay does with the same
  broadcasts (bench/relay.py: each message JSON-encoded for each of the
  table's connections), code the casino does not change, so the ratio to it
  compares two commits' pushes on a machine whose speed drifts.

CPU time is process time (steal does not count), per connection and
version; the ratios are pushes and uncached over relay. ``--profile FILE``: cProfile of
the push bursts. Exit status 1 if a connection's frames, laid over what it
showed (``swap_into``), do not give the full render of the last version.
"""

import argparse
import cProfile
import json
import os
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.layout import in_throwaway_casino  # noqa: E402  (after the path: run as a script)
from bench.worker import Clock, make_players, next_betting, sit_message  # noqa: E402

CONFIG = {"betting_seconds": 15, "spin_seconds": 1, "result_seconds": 0, "max_bet": 500}
# The server's clock, stamped when a version is first rendered: not a difference.
_CLOCK = re.compile(r' data-server-now="[0-9]*"')
SPOTS = ("1", "2", "5", "10", "20", "40")


def log(text):
    print(text, file=sys.stderr, flush=True)


def play(players_count, rounds, bets):
    """The broadcasts of ``rounds`` rounds at one table, packed for the layer."""
    import msgpack

    from casino.tables.models import Table
    from casino.tables.owner import update_message
    from casino.tables.runtime import TableRuntime
    from games.dreamcatcher import rules

    table = Table.objects.create(game="dreamcatcher", name="Render", config=CONFIG, max_seats=players_count)
    runtime = TableRuntime(table, clock=Clock())
    runtime.start()
    players = make_players(players_count, "R")
    packed = []

    def keep(step):
        if step is None:
            return
        table.config = {**(table.config or {}), **runtime.config.to_json()}
        packed.append(msgpack.packb(update_message(table, step), use_bin_type=True))

    for player in players:
        keep(runtime.act(player.pk, player.nickname, sit_message(runtime)))
    for round_index in range(rounds):
        number = runtime.round
        for index in range(bets * players_count):
            player = players[index % players_count]
            spot = SPOTS[(index + round_index) % len(SPOTS)]
            message = {"action": "bet", "spot": spot, "amount": "1", "round": runtime.round}
            keep(runtime.act(player.pk, player.nickname, message))
        until = next_betting(number, rules.BETTING)
        while not until(runtime.state):
            runtime.clock.now = max(runtime.clock.now, runtime.snapshot["timer"]["deadline"])
            keep(runtime.tick())
    return table, players, packed


class Connection:
    """What a TableConsumer keeps between pushes."""

    def __init__(self, player_id, balance):
        from casino.tables.rendering import LastRender

        self.player_id = player_id
        self.balance = balance
        self.shown = {}
        self.last = LastRender()
        self.version = -1
        self.bytes = 0
        self.frames = 0


def connect(connections, meta, message):
    from casino.tables.rendering import not_shown, render_private, render_public

    for connection in connections:
        fragments = render_public(
            meta, message["snapshot"], message["config"], message["version"], cached=False
        )
        fragments += render_private(
            meta,
            message["snapshot"],
            message["config"],
            message["version"],
            connection.player_id,
            connection.balance,
            last=connection.last,
        )
        not_shown(connection.shown, fragments)
        connection.version = message["version"]


def push(connections, meta, packed, cached):
    """Deliver each packed broadcast to every connection; CPU seconds."""
    import msgpack

    from casino.tables.rendering import not_shown, render_private, render_public

    started = time.process_time()
    for data in packed:
        message = msgpack.unpackb(data, raw=False)  # once a process (fanout.py)
        version, snapshot, config = message["version"], message["snapshot"], message["config"]
        for connection in connections:
            if version <= connection.version:
                continue
            connection.version = version
            if connection.player_id is not None:
                mine = message["balances"].get(str(connection.player_id))
                if mine is not None:
                    connection.balance = mine
            if not cached:
                connection.shown = {}
            fragments = render_public(
                meta, snapshot, config, version, cached=cached, changed_at=message.get("changed_at")
            ) + render_private(
                meta,
                snapshot,
                config,
                version,
                connection.player_id,
                connection.balance,
                last=connection.last if cached else None,
            )
            changed = not_shown(connection.shown, fragments)
            if changed:
                frame = "".join(changed)
                connection.bytes += len(frame.encode())
                connection.frames += 1
    return time.process_time() - started


def relay(connections, packed):
    """Each broadcast unpacked once, then JSON-encoded for each connection."""
    import msgpack

    started = time.process_time()
    for data in packed:
        message = msgpack.unpackb(data, raw=False)
        for connection in connections:
            connection.bytes += len(json.dumps(message))
            connection.frames += 1
    return time.process_time() - started


def check(connections, meta, last_message):
    """Every connection shows what a full render of the last version shows."""
    from casino.tables.rendering import render_private, render_public

    problems = []
    for connection in connections:
        full = dict(
            render_public(
                meta,
                last_message["snapshot"],
                last_message["config"],
                last_message["version"],
                cached=False,
                changed_at=last_message.get("changed_at"),
            )
            + render_private(
                meta,
                last_message["snapshot"],
                last_message["config"],
                last_message["version"],
                connection.player_id,
                connection.balance,
            )
        )
        full.pop(None, None)
        full = {key: _CLOCK.sub("", value) for key, value in full.items()}
        shown = {key: _CLOCK.sub("", value) for key, value in connection.shown.items() if key is not None}
        if shown != full:
            differing = sorted(key for key in full.keys() | shown.keys() if full.get(key) != shown.get(key))
            problems.append(f"viewer {connection.player_id}: fragments {differing} differ from a full render")
    return problems


def measure(args):
    import msgpack

    from casino.tables.rendering import table_meta

    table, players, packed = play(args.players, args.rounds, args.bets)
    meta = table_meta(table)
    first = msgpack.unpackb(packed[0], raw=False)
    balances = {str(player.pk): first["balances"].get(str(player.pk), 0) for player in players}

    def fresh(before):
        connections = [Connection(player.pk, balances[str(player.pk)]) for player in players]
        connections += [Connection(None, None) for _ in range(args.spectators)]
        connect(connections, meta, msgpack.unpackb(before, raw=False))
        return connections

    size = -(-(len(packed) - 1) // args.chunks)
    bounds = [(start, min(start + size, len(packed))) for start in range(1, len(packed), size)]
    profile = cProfile.Profile() if args.profile else None
    seconds = {"pushes": 0.0, "uncached": 0.0, "relay": 0.0}
    kept = []
    problems = []
    for start, end in bounds:
        # Each burst starts from viewers who connected at the version before
        # it, so both ways push the same versions to the same views.
        for way in ("pushes", "uncached", "relay"):
            connections = fresh(packed[start - 1])
            if way == "relay":
                seconds[way] += relay(connections, packed[start:end])
                continue
            cached = way == "pushes"
            if profile is not None and cached:
                profile.enable()
            seconds[way] += push(connections, meta, packed[start:end], cached)
            if profile is not None and cached:
                profile.disable()
            if cached:
                kept += connections
                problems += check(connections, meta, msgpack.unpackb(packed[end - 1], raw=False))
    if profile is not None:
        profile.dump_stats(args.profile)
    viewers = args.players + args.spectators
    pushed = len(packed) - 1
    per = {way: 1e6 * value / (pushed * viewers) for way, value in seconds.items()}
    frames = sum(connection.frames for connection in kept)
    sent = sum(connection.bytes for connection in kept)
    return {
        "versions": pushed,
        "viewers": viewers,
        "us_per_viewer_push": {way: round(value, 1) for way, value in per.items()},
        "ratio_to_relay": {way: round(per[way] / per["relay"], 2) for way in ("pushes", "uncached")},
        "bytes_per_frame": round(sent / frames) if frames else 0,
        "problems": problems,
    }


def parse_args(argv=None):
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--players", type=int, default=10)
    parser.add_argument("--spectators", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--bets", type=int, default=3, help="bets each player places a round")
    parser.add_argument("--chunks", type=int, default=8)
    parser.add_argument("--profile", metavar="FILE")
    parser.add_argument("--keep", action="store_true", help="keep the throwaway directory")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    result = in_throwaway_casino("casino-bench-render-", lambda: measure(args), keep=args.keep)
    result.update(bench="render", date=time.strftime("%Y-%m-%d"), cpus=os.cpu_count())
    per, ratios = result["us_per_viewer_push"], result["ratio_to_relay"]
    log(
        f"{result['versions']} versions x {result['viewers']} viewers: "
        f"pushes {per['pushes']} µs a viewer and version ({ratios['pushes']}× the relay's {per['relay']} µs), "
        f"uncached {per['uncached']} µs ({ratios['uncached']}×); "
        f"{result['bytes_per_frame']} bytes a frame"
    )
    for problem in result["problems"]:
        log(f"PROBLEM: {problem}")
    print(json.dumps(result))
    return 1 if result["problems"] else 0


if __name__ == "__main__":
    sys.exit(main())
