"""What players see of the progressive meters: the lobby's panel and the
panel of every linked table, the same partials on the first page and in
every push.

A meter travels to the consumers as plain JSON (``meter_data``): the
``api.Reading`` fields and the names of the tables involved. The
Must-Hit-By trigger is not in it: ``api.read`` never reads it, so nothing
here can show it; only the public maximum ("must hit by $X") is.

A private table shares its game's meters, but its name is a player's own
words and the table is for whom its link admits: no panel lists it, and
its wins read "at a private table" everywhere but at that table (``here``,
the table the viewer is at; None in the lobby).
"""

import dataclasses
import logging
import time
from collections import OrderedDict

from django.db.models import Prefetch
from django.template.loader import render_to_string
from redis.exceptions import RedisError

from casino import redis_outage
from casino.progressives import api
from casino.progressives.models import Meter, TableLink
from casino.progressives.paytables import MUST_HIT_BY, kind_name
from casino.tables.models import Table

log = logging.getLogger(__name__)

# How long a meter shows its win light after a hit or a 100% / x% award: the
# light the dealer verifies before paying (§ 605a.7; § 635c.1(h)(2),
# § 639c.1(c)(5)(i)).
LIGHT_SECONDS = 8
# § 639c.1(b) and the like sections: "the progressive table game system
# display shall indicate that the certificate holder offers the Must-Hit-By
# Mystery bonus".
OFFERS_MUST_HIT_BY = "This table offers the Must-Hit-By Mystery bonus"


def now_ms():
    return int(time.time() * 1000)


def dollars(cents):
    """``$1,234.56`` from integer cents."""
    return f"${cents // 100:,}.{cents % 100:02d}"


# -- the data ---------------------------------------------------------------


def active_meters(table_id=None, include_test=False):
    """The active meters (linked to ``table_id``, if given; otherwise the
    casino's, with test tables' own only if ``include_test``), each with
    ``linked``: the names of the open tables it is linked to, but private ones."""
    links = (
        TableLink.objects.filter(table__is_open=True, table__is_private=False)
        .select_related("table")
        .order_by("table__name")
    )
    meters = Meter.objects.filter(is_active=True).prefetch_related(Prefetch("links", queryset=links))
    if table_id is not None:
        meters = meters.filter(links__table_id=table_id)
    elif not include_test:
        meters = meters.filter(is_test=False)
    meters = list(meters)
    for meter in meters:
        meter.linked = [link.table.name for link in meter.links.all()]
    return meters


def table_names(table_ids):
    """{id: (name, is_private)} of the given tables; None for a table that is gone."""
    names = dict.fromkeys(table_ids)
    names.update(
        (pk, (name, is_private))
        for pk, name, is_private in Table.objects.filter(pk__in=names).values_list("pk", "name", "is_private")
    )
    return names


def meter_data(meter, reading, names):
    """A meter as the ticker sends it: plain JSON, the trigger nowhere."""
    name, is_private = names.get(reading.last_hit_table) or (None, False)
    return {
        **dataclasses.asdict(reading),
        "tables": list(getattr(meter, "linked", [])),
        "is_test": meter.is_test,
        "last_hit_table_name": name,
        "last_hit_private": is_private,
    }


def read_meters(meters):
    """``meter_data`` of the given meters, read now (synchronous code).
    While the meters' Redis does not answer, every meter reads as
    unavailable: the lobby and the table pages still show, saying so, and
    the ticker's next push brings the values back."""
    try:
        readings = api.read(meters)
    except RedisError as exc:
        if not redis_outage.failed(exc):
            log.warning("progressive meters unreadable: %s", exc)
        readings = api.unread(meters)
    names = table_names({reading.last_hit_table for reading in readings if reading.last_hit_table})
    return [meter_data(meter, reading, names) for meter, reading in zip(meters, readings, strict=True)]


def panel(table_id=None):
    """The template contexts of the active meters (of one table), read now:
    the first page's panel."""
    at_ms = now_ms()
    return [meter_context(data, at_ms, table_id) for data in read_meters(active_meters(table_id))]


# -- what the templates show ------------------------------------------------


def is_lit(data, at_ms):
    won = data["last_hit_ms"]
    return won is not None and 0 <= at_ms - won < LIGHT_SECONDS * 1000


def kind_label(data):
    return kind_name(data["kind"])


def win_text(data, here=None):
    """``Won $152.30 at Table 2, seat 3`` (the meter's last win), or ''.
    ``here``: the table the viewer is at, which may name itself if private."""
    if data["last_hit_cents"] is None:
        return ""
    text = f"Won {dollars(data['last_hit_cents'])}"
    if data["last_hit_table"] and data.get("last_hit_private") and data["last_hit_table"] != here:
        return text + " at a private table"
    if data["last_hit_table"]:
        table = data["last_hit_table_name"] or f"table {data['last_hit_table']}"
        text += f" at {table}"
        if data["last_hit_seat"]:
            text += f", seat {data['last_hit_seat']}"
    return text


def meter_context(data, at_ms, here=None):
    must_hit_by = data["kind"] == MUST_HIT_BY
    return {
        "id": data["meter_id"],
        "name": data["name"],
        "kind_label": kind_label(data),
        "value": dollars(data["cents"]) if data["cents"] is not None else None,
        "must_hit_by": f"Must hit by {dollars(data['must_hit_by_cents'])}" if must_hit_by else "",
        "offers": OFFERS_MUST_HIT_BY if must_hit_by else "",
        "tables": data["tables"],
        "lit": is_lit(data, at_ms),
        "last_win": win_text(data, here),
    }


def announcement(data, lobby=False, here=None):
    """What screen readers hear when a meter is won, e.g. ``Must-Hit-By
    Mystery bonus won: $152.30 at Table 2, seat 3``. A table has one meter
    of each kind; the lobby may list several, so it names the meter."""
    text = f"{kind_label(data)} won: {win_text(data, here).removeprefix('Won ')}"
    if lobby and data["name"] != kind_label(data):
        text = f"{data['name']}: {text}"
    return text


# -- rendering --------------------------------------------------------------

_CACHE_SIZE = 256
_cache = OrderedDict()


def _render_meter(template, data, at_ms, here=None):
    """One meter's fragment. Every viewer of a push gets the same markup (but
    at the private table that won it), so each process renders it once per change."""
    context = meter_context(data, at_ms, here)
    cache_key = (template, repr(sorted(context.items())))
    markup = _cache.get(cache_key)
    if markup is None:
        markup = _cache[cache_key] = render_to_string(template, {"m": context})
        while len(_cache) > _CACHE_SIZE:
            _cache.popitem(last=False)
    return markup


def table_fragments(meters, at_ms, here):
    """[(element id, markup)] of the meters of table ``here``, one per meter."""
    return [
        (f"meter-{data['meter_id']}", _render_meter("progressives/_table_meter.html", data, at_ms, here))
        for data in meters
    ]


def lobby_fragments(meters, at_ms):
    return [
        (f"meter-{data['meter_id']}", _render_meter("progressives/_lobby_meter.html", data, at_ms))
        for data in meters
    ]


def render_lobby_panel(meters, at_ms):
    """The lobby's whole panel (hidden when no meter is active)."""
    return render_to_string(
        "progressives/_lobby_panel.html", {"meters": [meter_context(data, at_ms) for data in meters]}
    )


def render_announcement(data, lobby=False, here=None):
    """Put the announcement of a win into the page's ``#announce`` live region."""
    return render_to_string("progressives/_announce.html", {"text": announcement(data, lobby, here)})
