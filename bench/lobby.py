"""Daphne's work for one lobby push: what a listed table's change costs, per
lobby viewer, in process and without websockets, so the figure holds on a
noisy machine (the way bench/render.py measures a table's pushes).

    make bench-lobby      (python bench/lobby.py)

A Dreamcatcher table plays ``--rounds`` rounds with ``--players`` seated
players (bench/render.py's play), so its tile has seats, limits and the
wheel's last results. Then ``--updates`` lobby messages for it reach
``--viewers`` lobby connections of one process, each handled as a Daphne
handles them: every viewer's handler runs on one event loop, concurrently,
and its frame is kept (not sent).

Three ways, alternating in ``--chunks`` bursts so they meet the same load:

- pushes: the lobby's own handler (casino/lobby/consumers.py,
  ``LobbyConsumer.lobby_table``) for each viewer;
- per-viewer: every viewer's handler reading the table and rendering its
  tile itself, in the database thread (what a push cost before the tiles
  were rendered once per change and process);
- relay: the baseline, what a bare relay does with the same messages (each
  JSON-encoded for each viewer), code the casino does not change, so the
  ratio to it compares two commits' pushes on a machine whose speed drifts.

CPU time is process time (the database thread's included; steal does not
count), per viewer and update. Run on an older commit, the file measures
that commit's own handler as "pushes".
"""

import argparse
import asyncio
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.layout import in_throwaway_casino  # noqa: E402  (after the path: run as a script)


def log(text):
    print(text, file=sys.stderr, flush=True)


class Viewer:
    """A lobby connection: its frames are counted, not sent."""

    def __init__(self):
        from casino.lobby.consumers import LobbyConsumer

        self.consumer = LobbyConsumer()
        self.frames = 0
        self.bytes = 0
        self.consumer.send = self.send

    async def send(self, text_data=None, bytes_data=None, close=False):
        self.frames += 1
        self.bytes += len(text_data or "")


async def per_viewer(viewer, event):
    from channels.db import database_sync_to_async

    from casino.lobby.rows import render_row

    row = await database_sync_to_async(render_row)(event["table_id"])
    if row:
        await viewer.send(text_data=row)


async def relay(viewer, event):
    await viewer.send(text_data=json.dumps(event))


async def burst(way, viewers, events):
    started = time.process_time()
    for event in events:
        if way == "pushes":
            handlers = [viewer.consumer.lobby_table(event) for viewer in viewers]
        elif way == "per-viewer":
            handlers = [per_viewer(viewer, event) for viewer in viewers]
        else:
            handlers = [relay(viewer, event) for viewer in viewers]
        await asyncio.gather(*handlers)
    return time.process_time() - started


def measure(args):
    from bench.render import play

    table, _, _ = play(args.players, args.rounds, 1)
    # As the owner and the table's consumers send it (casino/realtime/groups.py):
    # one stamp for every viewer of one change.
    events = [
        {"type": "lobby.table", "table_id": table.pk, "stamp": f"bench.{number}"}
        for number in range(args.updates)
    ]
    size = -(-args.updates // args.chunks)
    seconds = {"pushes": 0.0, "per-viewer": 0.0, "relay": 0.0}
    frames = {way: [0, 0] for way in seconds}

    async def run():
        for start in range(0, args.updates, size):
            for way in seconds:
                viewers = [Viewer() for _ in range(args.viewers)]
                seconds[way] += await burst(way, viewers, events[start : start + size])
                frames[way][0] += sum(viewer.frames for viewer in viewers)
                frames[way][1] += sum(viewer.bytes for viewer in viewers)

    asyncio.run(run())
    per = {way: 1e6 * value / (args.updates * args.viewers) for way, value in seconds.items()}
    return {
        "updates": args.updates,
        "viewers": args.viewers,
        "us_per_viewer_update": {way: round(value, 1) for way, value in per.items()},
        "ratio_to_relay": {way: round(per[way] / per["relay"], 2) for way in ("pushes", "per-viewer")},
        "bytes_per_frame": {
            way: round(sent / count) if count else 0 for way, (count, sent) in frames.items()
        },
    }


def parse_args(argv=None):
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--viewers", type=int, default=100)
    parser.add_argument("--updates", type=int, default=40)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--chunks", type=int, default=4)
    parser.add_argument("--keep", action="store_true", help="keep the throwaway directory")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    result = in_throwaway_casino("casino-bench-lobby-", lambda: measure(args), keep=args.keep)
    result.update(bench="lobby", date=time.strftime("%Y-%m-%d"), cpus=os.cpu_count())
    per, ratios = result["us_per_viewer_update"], result["ratio_to_relay"]
    log(
        f"{result['updates']} updates x {result['viewers']} lobby viewers: "
        f"pushes {per['pushes']} µs a viewer and update ({ratios['pushes']}× the relay's {per['relay']} µs), "
        f"per-viewer renders {per['per-viewer']} µs ({ratios['per-viewer']}×); "
        f"{result['bytes_per_frame']['pushes']} bytes a frame"
    )
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
