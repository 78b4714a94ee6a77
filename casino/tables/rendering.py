"""Rendering a table for a viewer: the same templates for the first page
and every websocket push. The public fragments are the same for every viewer
of one table version, so each process renders them once per version."""

import functools
import re
import time
from collections import OrderedDict

from django.conf import settings
from django.template.loader import render_to_string

from casino.progressives import api as progressives
from casino.tables import registry
from casino.tables.template_inputs import inputs_of, key_of
from games.engine import CENTS_PER_CHIP

_CACHE_SIZE = 256
_cache = OrderedDict()


def table_meta(table):
    """What templates need to know of the table itself (no queries later)."""
    return {
        "id": table.pk,
        "name": table.name,
        "game": table.game,
        "game_name": table.spec.name,
        "is_test": table.is_test,
        "seeded": table.seed is not None,
        "max_seats": table.max_seats,
        # Kinds of the progressive meters linked to the table: a game offers
        # a progressive wager only where a meter will take it.
        "meter_kinds": sorted(progressives.linked_meters(table.pk)),
    }


def table_context(meta, snapshot, config, version, viewer_id=None, balance=None):
    spec = registry.get(meta["game"])
    context = spec.present(meta, snapshot, spec.rules.Config.from_json(config or {}), viewer_id, balance)
    context.update(
        table=meta,
        version=version,
        server_now_ms=int(time.time() * 1000),
        viewer_id=viewer_id,
        balance=balance,
        # A test table plays with the player's test chips, never their wallet.
        balance_label="Test chips" if meta["is_test"] else "Balance",
        start_chips=(settings.TEST_START_CHIPS if meta["is_test"] else settings.WALLET_START_CHIPS)
        * CENTS_PER_CHIP,
    )
    return context


def render_public(meta, snapshot, config, version, cached=True, changed_at=None):
    """``changed_at`` (epoch seconds) is when the owner broadcast this version;
    templates may show it as ``changed_at_ms`` (bench/broadcast.py measures
    latency from it). A fresh render (``cached=False``, on connect) does not
    know it, so it is not remembered for the pushes. Returns the fragments
    as ``split_fragments`` gives them."""
    cache_key = (meta["id"], version)
    if cached and cache_key in _cache:
        return _cache[cache_key]
    spec = registry.get(meta["game"])
    context = table_context(meta, snapshot, config, version)
    context["changed_at_ms"] = f"{changed_at * 1000:.3f}" if changed_at else ""
    fragments = split_fragments(render_to_string(spec.public_template, context))
    if cached:
        _remember(cache_key, fragments)
    return fragments


class LastRender:
    """One connection's last private render (render_private)."""

    __slots__ = ("key", "fragments")

    def __init__(self):
        self.key = None
        self.fragments = None


def render_private(meta, snapshot, config, version, viewer_id, balance, last=None):
    """The viewer's own fragments, as pushed on the websocket (they also
    refresh the balance in the page header); a spectator's are shared, so
    cached. Given the connection's ``last`` render (a LastRender), a player
    whose template reads the same values as last time (another player's
    bet) gets the same fragments without a render (template_inputs.py)."""
    cache_key = (meta["id"], version, "spectator")
    if viewer_id is None and cache_key in _cache:
        return _cache[cache_key]
    spec = registry.get(meta["game"])
    context = table_context(meta, snapshot, config, version, viewer_id, balance)
    context["pushed"] = True
    paths = inputs_of(spec.private_template) if last is not None else None
    if paths is not None:
        key = (spec.private_template, key_of(paths, context))
        if key == last.key:
            return last.fragments
    fragments = split_fragments(render_to_string(spec.private_template, context))
    if viewer_id is None:
        _remember(cache_key, fragments)
    if paths is not None:
        last.key, last.fragments = key, fragments
    return fragments


def _remember(cache_key, fragments):
    _cache[cache_key] = fragments
    while len(_cache) > _CACHE_SIZE:
        _cache.popitem(last=False)


_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
# Django autoescapes every ">" in text and attribute values, so in rendered
# templates a ">" only ever closes a tag: a regex over tags is enough, and is
# several times faster than html.parser on the hot path of a push.
_TAG = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9-]*)([^>]*)>")
_ID = re.compile(r'\sid="([^"]*)"')


@functools.lru_cache(maxsize=64)
def _same_name(name):
    """Opening and closing tags of one element name only."""
    return re.compile(rf"<(/?){re.escape(name)}(?=[\s/>])([^>]*)>", re.IGNORECASE)


def split_fragments(html):
    """[(id, markup), ...], one per top-level element, for sending only the
    fragments a connection does not already show.

    From each top-level opening tag it looks only for tags of the same name
    to find where the element ends: a wheel's hundred SVG paths or a card
    row's spans are skipped in one regex search instead of walked tag by tag
    (the split was a tenth of a Daphne's CPU under load)."""
    starts, position = [], 0
    while (tag := _TAG.search(html, position)) is not None:
        position = tag.end()
        closing, name, attrs = tag.groups()
        if closing:
            continue  # a stray closing tag at the top: it ends nothing
        found = _ID.search(attrs)
        starts.append((tag.start(), found.group(1) if found else None))
        if name.lower() in _VOID or attrs.endswith("/"):
            continue
        same, depth = _same_name(name), 1
        while depth and (inner := same.search(html, position)) is not None:
            position = inner.end()
            if inner.group(1):
                depth -= 1
            elif not inner.group(2).endswith("/"):
                depth += 1
        if depth:
            position = len(html)
    if not starts:
        return ()
    ends = [start for start, _ in starts[1:]] + [len(html)]
    return tuple((element_id, html[start:end]) for (start, element_id), end in zip(starts, ends, strict=True))


@functools.lru_cache(maxsize=256)
def render_flash(text, kind="error"):
    # Cached: a flooding socket is told "slow down" for every message it
    # sends, and that must cost its Daphne next to nothing.
    return render_to_string("tables/_flash.html", {"text": text, "kind": kind})
