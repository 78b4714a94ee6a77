"""Appending a table's transitions to its round records, one row each.

A round's record used to be one row whose step list and log were read and
written whole at every transition, so a round of a hundred bets wrote the
first bet a hundred times. The table's one owner now keeps where its current
round's record stands (its id, the next place, the Rules Submission in
force) and appends a RoundStep per transition: one INSERT, plus an UPDATE of
the round's row at its first step (where it started) and at its end (the
result). What is kept is only ever advanced once the transaction that wrote
it has committed (``TableRuntime._commit``), so a refused or failed
transition leaves it as it was.
"""

from dataclasses import dataclass, replace

from django.db import transaction
from django.utils import timezone

from casino.tables.models import Round, RoundStep


@dataclass(frozen=True)
class Place:
    """Where a round's record stands: what the next transition appends to."""

    number: int  # the round's number at its table
    record_id: int
    next_entry: int
    config: dict | None  # the Rules Submission in force at its last step; None before its first step


def place_of(table, number):
    """The record of round ``number`` (made if the round has none yet), read
    once: an owner taking a table over mid-round carries on after its last entry."""
    record, _ = Round.objects.get_or_create(table=table, number=number)
    entries = record.entries.count()
    config = record.config_at(len(record.steps) - 1) if record.steps else None
    return Place(number, record.pk, entries, config)


def append(table, place, lines, step=None, round_start=None, summary=None, deferred=None):
    """Write one transition into its round's record; returns the Place after it.
    Call it inside the transaction that commits the transition. ``deferred``:
    a list that takes the new RoundStep row instead (write_deferred inserts
    them), for several transitions committed together."""
    config = place.config
    if step is not None:
        if config is None:
            # The round's first step: where it started, so a replay can re-run it.
            config = round_start["config"]
            Round.objects.filter(pk=place.record_id).update(
                start_state=round_start["start_state"],
                config=config,
                is_test=table.is_test,
                seed=table.seed,
                rng_start=round_start["rng_start"],
            )
        elif round_start["config"] != config:
            config = round_start["config"]
            step = {**step, "config": config}
    entry = (place.record_id, place.next_entry, step, lines)
    if deferred is None:
        write_deferred([entry])
    else:
        deferred.append(entry)
    if summary is not None:
        Round.objects.filter(pk=place.record_id).update(result=summary, finished=timezone.now())
    return replace(place, next_entry=place.next_entry + 1, config=config)


def write_deferred(entries):
    """The RoundStep rows ``append`` deferred, in one INSERT. Plain SQL: the
    ORM's building of a model's INSERT cost more than running it
    (bench/worker.py)."""
    if not entries:
        return
    connection = transaction.get_connection()
    step, lines = RoundStep._meta.get_field("step"), RoundStep._meta.get_field("lines")
    values = []
    for record_id, number, entry_step, entry_lines in entries:
        values += [
            record_id,
            number,
            step.get_db_prep_save(entry_step, connection),
            lines.get_db_prep_save(entry_lines, connection),
        ]
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {RoundStep._meta.db_table} (round_id, number, step, lines) "
            f"VALUES {', '.join(['(%s, %s, %s, %s)'] * len(entries))}",
            values,
        )
