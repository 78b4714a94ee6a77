"""Simulations started from the lab page run in a thread of the web process
and report progress in their SimulationRun row, which any process can read
(the page polls it). A run is seeded: the same settings give the same figures.
"""

import logging
import threading
import time
from datetime import timedelta

from django.db import connections
from django.utils import timezone

from casino.lab import registry
from casino.lab.models import SimulationRun
from games.payouts import parse_payout

log = logging.getLogger(__name__)

MAX_ROUNDS = 5_000_000
# A run that has not finished after this long is stopped (and says so): a
# designer's what-if on a slow row must not hold a simulation slot for hours.
MAX_SECONDS = 10 * 60
# Simulations share the web process's CPU with the tables: at most this many
# at once (a run left "running" by a stopped process stops counting after STALE).
MAX_RUNNING = 2
STALE = timedelta(hours=1)
PROGRESS_EVERY = 0.5  # seconds between progress writes
TRACE_POINTS = 120  # points of the running RTP kept while a run goes on


class BadPayouts(ValueError):
    def __init__(self, errors):
        super().__init__("; ".join(f"{key}: {message}" for key, message in errors.items()))
        self.errors = errors


def parse_payouts(texts, allowed_keys):
    """{line key: Odds | MeterShare} from a designer's {line key: text}; only
    lines that differ from nothing are kept. BadPayouts names every bad line."""
    payouts, errors = {}, {}
    for key, text in texts.items():
        if key not in allowed_keys:
            errors[key] = "This paytable has no such line."
            continue
        try:
            payouts[key] = parse_payout(text)
        except ValueError as exc:
            errors[key] = str(exc)
    if errors:
        raise BadPayouts(errors)
    return payouts


class TooLong(RuntimeError):
    pass


def run_simulation(run, spec, max_seconds=MAX_SECONDS):
    """Run ``run`` to the end in this thread; its row records progress and result."""
    last = [0.0]
    started = time.monotonic()

    def progress(done, total, trace=None):
        now = time.monotonic()
        if now - started > max_seconds:
            raise TooLong(
                f"stopped after {max_seconds // 60} minutes at {done:,} of {total:,} rounds: try fewer rounds."
            )
        if now - last[0] >= PROGRESS_EVERY:
            last[0] = now
            fields = {"done": done}
            if trace:
                fields["running_trace"] = thinned(trace)
            SimulationRun.objects.filter(pk=run.pk).update(**fields)

    try:
        payouts = parse_payouts(run.payouts, {line["key"] for line in registry.compute_lines(spec)})
        row = registry.compute(
            spec, payouts=payouts or None, rounds=run.rounds, seed=run.seed, progress=progress
        )
    except Exception as exc:  # a failed run says why on the page; the process goes on
        log.exception("simulation %s failed", run.pk)
        SimulationRun.objects.filter(pk=run.pk).update(
            status=SimulationRun.FAILED, error=str(exc) or exc.__class__.__name__, finished=timezone.now()
        )
        return None
    result = {**row.to_json(), "trace": row.trace}
    SimulationRun.objects.filter(pk=run.pk).update(
        status=SimulationRun.DONE, done=row.rounds or run.rounds, result=result, finished=timezone.now()
    )
    return row


def thinned(trace, points=TRACE_POINTS):
    """At most about ``points`` of a running trace, evenly taken, the last kept:
    what the page's chart needs, not every checkpoint of a long run."""
    step = max(1, -(-len(trace) // points))
    kept = [list(point) for point in trace[::step]]
    if kept[-1][0] != trace[-1][0]:
        kept.append(list(trace[-1]))
    return kept


def busy():
    """Why no simulation may start now, or None."""
    running = SimulationRun.objects.filter(status=SimulationRun.RUNNING, created__gte=timezone.now() - STALE)
    if running.count() >= MAX_RUNNING:
        return f"{MAX_RUNNING} simulations are running already: start this one when one of them is done."
    return None


def start(spec, *, rounds, seed, payouts_text, user=None):
    """Create the run and start its thread; returns the SimulationRun."""
    run = SimulationRun.objects.create(
        key=spec.key,
        title=spec.title,
        seed=seed,
        rounds=rounds,
        payouts=payouts_text,
        created_by=user if user is not None and user.is_authenticated else None,
    )
    thread = threading.Thread(target=_in_thread, args=(run, spec), name=f"lab-run-{run.pk}", daemon=True)
    thread.start()
    return run


def _in_thread(run, spec):
    try:
        run_simulation(run, spec)
    finally:
        # All of this thread's connections, not only the stale ones: the
        # thread ends here, and a persistent connection (CONN_MAX_AGE) it
        # kept would hold a database backend as long as the process lives.
        connections.close_all()
