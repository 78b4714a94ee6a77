"""Every row of the lab, from every game that brings an edge module.

Games join through their GameSpec's ``lab`` (games/<game>/edge.py, see
games/lab/__init__.py); this module lists their rows, adds the Must-Hit-By
Mystery bonus rows of the games that offer it, and finishes each computed row
with its meter's long-run return. Later games add rows by registering an edge
module; nothing here names a game.
"""

import json
import threading
from functools import cache
from pathlib import Path

from casino.lab import progressive
from casino.tables import registry
from games.lab.rows import EXACT, SIMULATION

# Long seeded runs of every simulated row (bench/reference_runs.py writes it):
# the tests check short runs against them, the page shows them until a
# designer runs their own.
REFERENCE_RUNS = Path(__file__).resolve().parent.parent.parent / "games" / "lab" / "reference_runs.json"


class UnknownRow(KeyError):
    pass


@cache
def _reference_runs():
    try:
        return json.loads(REFERENCE_RUNS.read_text())
    except FileNotFoundError:
        return {}


def reference_run(spec):
    """{"rounds", "rtp", "ci99", "std_dev", "seed"} of the row's long run, or None."""
    return _reference_runs().get(spec.key)


def lab_games():
    return [spec for spec in registry.all_games() if spec.lab is not None]


def specs(game=None):
    """Every RowSpec, in the games' order (``game``: one app slug only)."""
    found = []
    for game_spec in lab_games():
        if game is not None and game_spec.slug != game:
            continue
        lab = registry.lab_of(game_spec)
        found += lab.specs()
        if getattr(lab, "MYSTERY", False):
            found += progressive.must_hit_by_specs(game_spec.slug)
    return found


def spec_for(key):
    for spec in specs(key.split(":", 1)[0]):
        if spec.key == key:
            return spec
    raise UnknownRow(key)


def compute(spec, *, payouts=None, rounds=None, seed=0, progress=None):
    """The finished EdgeRow of one spec: fixed part from the game, meter part here."""
    if spec.wager == progressive.MUST_HIT_BY_WAGER:
        return progressive.must_hit_by_row(spec)
    lab = registry.lab_of(registry.get(spec.game))
    row = lab.compute(spec, payouts=payouts, rounds=rounds, seed=seed, progress=progress)
    return progressive.finish(row)


# The exact rows' figures on the regulation's paytables, worked out once a
# process: every game's together take tens of seconds (enumerations,
# Mississippi Stud's backward induction), so the all-games page shows those
# not worked out yet as pending while one thread works them out (below).
_exact_figures = {}
_exact_lock = threading.Lock()  # guards _row_locks and the background thread
_row_locks = {}  # one lock a row: no row worked out twice
_warming = {"thread": None}


def _row_lock(key):
    with _exact_lock:
        return _row_locks.setdefault(key, threading.Lock())


def exact_figures(spec):
    """The figures (EdgeRow JSON) of an exact row on its regulation paytable.
    A lock per row, not one for all: a page asking for one game's rows waits
    only for a row the background thread is working out itself, not for the
    every-game work queued behind it (a 20 s wait with seventeen games)."""
    found = _exact_figures.get(spec.key)
    if found is not None:
        return found
    with _row_lock(spec.key):
        if spec.key not in _exact_figures:
            _exact_figures[spec.key] = compute(spec).to_json()
        return _exact_figures[spec.key]


def known_exact_figures(spec):
    """``exact_figures(spec)`` if this process has worked it out, else None."""
    return _exact_figures.get(spec.key)


def work_out_in_background(specs):
    """Start one thread working out the exact rows of ``specs`` this process
    has not (no second thread while one runs: the page polls until done)."""
    with _exact_lock:
        running = _warming["thread"]
        if running is not None and running.is_alive():
            return
        missing = [spec for spec in specs if is_exact(spec) and spec.key not in _exact_figures]
        if not missing:
            return
        thread = threading.Thread(
            target=lambda: [exact_figures(spec) for spec in missing], name="lab-exact-rows", daemon=True
        )
        _warming["thread"] = thread
        thread.start()


def is_exact(spec):
    return spec.method == EXACT


def is_simulated(spec):
    return spec.method == SIMULATION


def compute_lines(spec):
    """The paytable lines a designer may edit for a row ({key, name, payout});
    exact rows have them from their computation, simulated ones ask the
    game's ``paytable_lines(spec)`` if it has one (no simulation is run)."""
    if spec.wager == progressive.MUST_HIT_BY_WAGER:
        return []
    if is_exact(spec):
        return compute(spec).lines
    lab = registry.lab_of(registry.get(spec.game))
    lines = getattr(lab, "paytable_lines", lambda spec: [])(spec)
    return [{**line, "probability": None} for line in lines]  # a simulation finds them
