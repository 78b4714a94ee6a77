"""A designer's test table plays its progressive and Mystery wagers against
meters of its own: copies of the meters the game's public tables are linked
to (same kind, paytable and wager, so the same seed and rates), opened at
their seed, fed by test chips only and shown nowhere but at that table. A
stacked royal at a test table then hits a meter a designer can watch, and
the casino's real meters never see it."""

from django.core.exceptions import ValidationError

from casino.progressives.models import Meter, TableLink
from casino.tables.models import Table


def link_test_meters(table):
    """Link ``table`` (a test table) to a new test copy of each meter kind
    that the open public tables of its game are linked to. A Mystery meter
    that none of the table's own progressive wagers reaches (its Rules
    Submission turned the wager off or under the meter's row) is left out,
    as the admin refuses such a link. Returns the meters linked. Call it
    inside the transaction that creates the table: the meters open in Redis
    when it commits."""
    public = Table.objects.filter(game=table.game, is_open=True, is_test=False, is_private=False)
    models = {}
    for meter in Meter.objects.filter(links__table__in=public, is_active=True, is_test=False).order_by("pk"):
        models.setdefault(meter.kind, meter)
    linked = []
    for model in models.values():
        meter = Meter(
            name=f"{model.name} (test)"[:60],
            kind=model.kind,
            paytable=model.paytable,
            wager_dollars=model.wager_dollars,
            is_test=True,
        )
        link = TableLink(meter=meter, table=table)
        try:
            link.clean()  # before anything is saved: an unsaved meter is checked as it stands
        except ValidationError:
            continue
        meter.save()
        link.meter = meter
        link.save()
        linked.append(meter)
    return linked
