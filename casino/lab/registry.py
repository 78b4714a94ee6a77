"""Every row of the lab, from every game that brings an edge module.

Games join through their GameSpec's ``lab`` (games/<game>/edge.py, see
games/lab/__init__.py); this module lists their rows, adds the Must-Hit-By
Mystery bonus rows of the games that offer it, and finishes each computed row
with its meter's long-run return. Later games add rows by registering an edge
module; nothing here names a game.
"""

import ast
import hashlib
import importlib.util
import json
import logging
import os
import sys
import tempfile
import threading
import time
from functools import cache
from pathlib import Path

from django.conf import settings

from casino.lab import progressive
from casino.tables import registry
from games.lab.rows import EXACT, SIMULATION

# Long seeded runs of every simulated row (bench/reference_runs.py writes it):
# the tests check short runs against them, the page shows them until a
# designer runs their own.
PROJECT = Path(__file__).resolve().parent.parent.parent
REFERENCE_RUNS = PROJECT / "games" / "lab" / "reference_runs.json"
VENV = Path(sys.prefix).resolve()

log = logging.getLogger(__name__)


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


# The exact rows' figures on the regulation's paytables: every game's together
# take tens of seconds (enumerations, Mississippi Stud's backward induction),
# so they are worked out once (``manage.py lab_exact_rows``, which make setup
# runs, or a thread of the first process that needs them) and kept in a file
# (settings.LAB_EXACT_ROWS) that survives restarts. Each entry is kept with the
# digest of what its figures depend on (``row_digest``): a changed paytable or
# rule is a changed digest, and the row is worked out again.
_exact_figures = {}
_exact_lock = threading.Lock()  # guards _row_locks, the file and the background thread
_row_locks = {}  # one lock a row: no row worked out twice
_warming = {"thread": None}
_failed = {}  # {row key: why} of the rows that could not be worked out in this process
_disk = {"seen": None}  # (path, mtime) of the file when this process last read it
SAVE_EVERY = 1.0  # seconds between the background thread's writes of the file


def _row_lock(key):
    with _exact_lock:
        return _row_locks.setdefault(key, threading.Lock())


@cache
def _project_module_file(name):
    """The source file of module ``name`` if it is this project's, else None."""
    try:
        found = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return None
    if found is None or not found.origin or not found.origin.endswith(".py"):
        return None
    path = Path(found.origin).resolve()
    if PROJECT not in path.parents or VENV in path.parents:
        return None
    return path


@cache
def _imported_names(name, path):
    """The absolute names a module's imports may refer to (a "from a import b"
    gives both a and a.b: b may be a module), those inside functions too.
    Once a module a process: the games share most of what they import."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_bytes())):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{parent}.{base}" if base else parent
            found += [base, *(f"{base}.{alias.name}" for alias in node.names)]
    return tuple(found)


@cache
def source_modules(*roots):
    """{module name: source file} of ``roots`` and of every module of this
    project they import, directly or not: what a row's figures depend on
    besides its spec (paytables, rules, evaluators)."""
    files, todo = {}, list(roots)
    while todo:
        name = todo.pop()
        if name in files:
            continue
        path = _project_module_file(name)
        files[name] = path
        if path is not None:
            todo += [found for found in _imported_names(name, path) if found not in files]
    return {name: path for name, path in sorted(files.items()) if path is not None}


@cache
def source_digest(*roots):
    """SHA-256 of the source of ``source_modules(*roots)``."""
    digest = hashlib.sha256()
    for name, path in source_modules(*roots).items():
        digest.update(f"{name}\n{_file_digest(path)}\n".encode())
    return digest.hexdigest()


@cache
def _file_digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def row_digest(spec):
    """What an exact row's figures depend on: its spec, and the source of the
    code that works it out (the game's lab module, the meters' returns)."""
    lab = registry.get(spec.game).lab
    return hashlib.sha256(f"{spec!r}\n{source_digest(lab, progressive.__name__)}".encode()).hexdigest()


def _cache_path():
    return Path(settings.LAB_EXACT_ROWS)


def _read_file():
    try:
        return json.loads(_cache_path().read_text())
    except (FileNotFoundError, ValueError):
        return {}


def _refresh_from_disk():
    """Take in the rows another process (or a restart ago) worked out, when
    the file has changed since this process last read it."""
    path = _cache_path()
    try:
        seen = (path, path.stat().st_mtime_ns)
    except FileNotFoundError:
        return
    if seen == _disk["seen"]:
        return
    _disk["seen"] = seen
    known = _read_file()
    for spec in specs():
        entry = known.get(spec.key)
        if spec.key not in _exact_figures and entry and entry.get("digest") == row_digest(spec):
            _exact_figures[spec.key] = entry["figures"]


def save_exact_figures():
    """Write every row this process knows to the file, keeping the entries of
    rows it does not (another game's, another version's), atomically."""
    worked_out = dict(_exact_figures)
    with _exact_lock:
        known = _read_file()
        for spec in specs():
            if spec.key in worked_out:
                known[spec.key] = {"digest": row_digest(spec), "figures": worked_out[spec.key]}
        path = _cache_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", dir=path.parent, delete=False, suffix=".tmp") as out:
            json.dump(known, out, separators=(",", ":"))
        os.replace(out.name, path)
        # Nothing new in it for this process to read back (its own rows are in memory).
        _disk["seen"] = (path, path.stat().st_mtime_ns)


def exact_figures(spec):
    """The figures (EdgeRow JSON) of an exact row on its regulation paytable.
    A lock per row, not one for all: a page asking for one game's rows waits
    only for a row the background thread is working out itself, not for the
    every-game work queued behind it (a 20 s wait with seventeen games)."""
    found = known_exact_figures(spec)
    if found is not None:
        return found
    with _row_lock(spec.key):
        if spec.key not in _exact_figures:
            _exact_figures[spec.key] = compute(spec).to_json()
        return _exact_figures[spec.key]


def known_exact_figures(spec):
    """``exact_figures(spec)`` if it is worked out (by this process, or in
    the file with the same digest), else None."""
    found = _exact_figures.get(spec.key)
    if found is None:
        _refresh_from_disk()
        found = _exact_figures.get(spec.key)
    return found


def failed_exact_row(spec):
    """Why the row could not be worked out in this process, or None."""
    return _failed.get(spec.key)


def work_out(specs, *, save_every=SAVE_EVERY):
    """Work out the exact rows of ``specs`` not known yet and save them in the
    file as they come (every ``save_every`` seconds, and at the end). A row
    that fails is logged and left out, so it does not hold up the others.
    Returns how many were worked out."""
    worked, saved = 0, time.monotonic()
    for spec in specs:
        if not is_exact(spec) or known_exact_figures(spec) is not None or spec.key in _failed:
            continue
        try:
            exact_figures(spec)
        except Exception as exc:  # one broken row must not leave the page waiting on the rest
            log.exception("lab row %s could not be worked out", spec.key)
            _failed[spec.key] = str(exc) or exc.__class__.__name__
            continue
        worked += 1
        if time.monotonic() - saved >= save_every:
            _save_or_log()
            saved = time.monotonic()
    if worked:
        _save_or_log()
    return worked


def _save_or_log():
    """Keep what is worked out; a file that cannot be written (a full disk, a
    read-only var/) costs the next start the work, not this page its figures."""
    try:
        save_exact_figures()
    except OSError:
        log.exception("the lab's exact rows could not be kept in %s", _cache_path())


def pending_exact(specs):
    """The exact rows of ``specs`` still to be worked out (failed ones are not pending)."""
    return [s for s in specs if is_exact(s) and s.key not in _failed and known_exact_figures(s) is None]


def work_out_in_background(specs):
    """Start one thread working out the exact rows of ``specs`` not known
    yet (no second thread while one runs: the page polls until done)."""
    with _exact_lock:
        running = _warming["thread"]
        if running is not None and running.is_alive():
            return
        thread = threading.Thread(target=work_out, args=(list(specs),), name="lab-exact-rows", daemon=True)
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
