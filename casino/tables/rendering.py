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
_shared = OrderedDict()  # (table id, version) -> _Version


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
    return _context(meta, snapshot, config, version, viewer_id, balance)[0]


# Context entries that may differ between two viewers of one version.
_PER_VIEWER = frozenset({"viewer_id", "balance", "server_now_ms"})


class _Version:
    """One version of a table as this process presents it to all its viewers."""

    __slots__ = ("snapshot", "config", "shared", "rules_config", "keys")

    def __init__(self, snapshot, config, shared, rules_config):
        self.snapshot, self.config = snapshot, config
        self.shared, self.rules_config = shared, rules_config
        self.keys = {}  # (template, paths) -> their values, the same for every viewer (_private_key)


def _context(meta, snapshot, config, version, viewer_id, balance):
    """(table_context's context, the names in it that are this viewer's
    own, and the _Version whose shared context the rest is; the last two
    None when a game presents its table for each viewer whole)."""
    spec = registry.get(meta["game"])
    if spec.present_table is None:
        rules_config = spec.rules.Config.from_json(config or {})
        context = spec.present(meta, snapshot, rules_config, viewer_id, balance)
        own = kept = None
    else:
        kept = _shared_context(spec, meta, snapshot, config, version)
        context = dict(kept.shared)
        own = _PER_VIEWER
        if viewer_id is not None or balance is not None:
            viewer = spec.present_viewer(kept.shared, meta, snapshot, kept.rules_config, viewer_id, balance)
            context.update(viewer)
            own = own.union(viewer)
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
    return context, own, kept


def _shared_context(spec, meta, snapshot, config, version):
    """present_table's context of this version and the rules' Config (a
    _Version), worked out once for all of a process's viewers: they are
    handed the same snapshot object with each push (fanout.py), so it is
    kept while that very snapshot and config are the ones asked about (held
    here, so the check by identity is sound)."""
    cache_key = (meta["id"], version)
    kept = _shared.get(cache_key)
    if kept is not None and kept.snapshot is snapshot and kept.config is config:
        return kept
    rules_config = spec.rules.Config.from_json(config or {})
    kept = _shared[cache_key] = _Version(
        snapshot, config, spec.present_table(meta, snapshot, rules_config), rules_config
    )
    while len(_shared) > _CACHE_SIZE:
        _shared.popitem(last=False)
    return kept


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
    context, own, kept = _context(meta, snapshot, config, version, viewer_id, balance)
    context["pushed"] = True
    paths = inputs_of(spec.private_template) if last is not None else None
    if paths is not None:
        key = _private_key(spec.private_template, paths, own, kept, context)
        if key == last.key:
            return last.fragments
    fragments = split_fragments(render_to_string(spec.private_template, context))
    if viewer_id is None:
        _remember(cache_key, fragments)
    if paths is not None:
        last.key, last.fragments = key, fragments
    return fragments


def _private_key(template_name, paths, own, kept, context):
    """The values the private template reads: those of the version (kept,
    a _Version), looked up once for all its viewers, and the viewer's own."""
    if own is None:
        return (template_name, key_of(paths, context))
    shared_paths, own_paths = _split_paths(paths, own)
    shared = kept.keys.get((template_name, shared_paths))
    if shared is None:
        shared = kept.keys[template_name, shared_paths] = key_of(shared_paths, context)
    return (template_name, shared, key_of(own_paths, context))


@functools.lru_cache(maxsize=256)
def _split_paths(paths, own):
    """(the paths that read the version's shared context, the viewer's own)."""
    mine = tuple(path for path in paths if path.partition(".")[0] in own)
    return tuple(path for path in paths if path not in mine), mine


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
        position = _element_end(html, tag)
    if not starts:
        return ()
    ends = [start for start, _ in starts[1:]] + [len(html)]
    return tuple((element_id, html[start:end]) for (start, element_id), end in zip(starts, ends, strict=True))


# A top-level fragment marked data-parts may be pushed piecemeal: when only
# some of its elements with an id changed (a bet: one betting area and one
# seat), a connection is sent those elements alone, and htmx swaps each by its
# id, as it swaps a whole fragment. SVG, MathML, tables, selects and templates
# are never entered: a piece of them is not markup of its own.
_PARTS = re.compile(r"^<[^>]*\sdata-parts[\s>=]")
_SEALED = {"svg", "math", "table", "select", "template", "textarea"}


def _element_end(html, tag):
    """Where the element that ``tag`` (a _TAG match) opens ends."""
    name, attrs = tag.group(2), tag.group(3)
    if name.lower() in _VOID or attrs.endswith("/"):
        return tag.end()
    same, depth, position = _same_name(name), 1, tag.end()
    while depth and (inner := same.search(html, position)) is not None:
        position = inner.end()
        if inner.group(1):
            depth -= 1
        elif not inner.group(2).endswith("/"):
            depth += 1
    return position if not depth else len(html)


def _parts(markup):
    """(the markup with each outermost inner element that has an id put as
    a placeholder, {id: element markup})."""
    first = _TAG.match(markup)
    pieces, parts, position, scan = [], {}, 0, first.end()
    while (tag := _TAG.search(markup, scan)) is not None:
        closing, name, attrs = tag.groups()
        scan = tag.end()
        if closing:
            continue
        found = _ID.search(attrs)
        if found is None and name.lower() not in _SEALED:
            continue
        end = _element_end(markup, tag)
        scan = end
        if found is None:
            continue  # sealed, skipped whole
        element_id = found.group(1)
        if element_id in parts:
            return None, None  # an id twice: swapping by id would be ambiguous
        pieces.append(markup[position : tag.start()])
        pieces.append(f"\x00{element_id}\x00")
        parts[element_id] = markup[tag.start() : end]
        position = end
    pieces.append(markup[position:])
    return "".join(pieces), parts


@functools.lru_cache(maxsize=1024)
def changed_parts(shown, markup):
    """What to send a connection that shows ``shown`` (None: nothing) of a
    top-level fragment that is now ``markup``: nothing, the whole fragment,
    or, for a fragment marked data-parts whose frame is unchanged, only its
    elements that changed. Cached: every viewer of a table goes from the
    same version to the same next one."""
    if shown == markup:
        return ()
    if shown is None or not _PARTS.match(markup):
        return (markup,)
    frame, parts = _parts(markup)
    shown_frame, shown_parts = _parts(shown)
    if frame is None or frame != shown_frame:
        return (markup,)
    return tuple(part for element_id, part in parts.items() if shown_parts[element_id] != part)


def not_shown(shown, fragments):
    """The markup of ``fragments`` that a connection showing ``shown``
    ({id: markup}, updated here to what it will show) does not show yet."""
    changed = []
    for element_id, markup in fragments:
        if element_id is None:
            changed.append(markup)
            continue
        before = shown.get(element_id)
        if before != markup:
            # The whole fragment, or only its parts that changed.
            changed.extend(changed_parts(before, markup))
            shown[element_id] = markup
    return changed


def swap_into(fragments, frame):
    """Lay a pushed frame over ``fragments`` ({id: top-level markup}) as
    htmx does, each element replacing the one of its id, whether a whole
    fragment or a part of one; for clients in tests and benches."""
    for element_id, markup in split_fragments(frame):
        if element_id is None:
            continue
        if element_id in fragments or not element_id:
            fragments[element_id] = markup
            continue
        marker = f' id="{element_id}"'
        for name, whole in fragments.items():
            at = whole.find(marker)
            if at < 0:
                continue
            tag = _TAG.match(whole, whole.rfind("<", 0, at))
            fragments[name] = whole[: tag.start()] + markup + whole[_element_end(whole, tag) :]
            break
        else:
            fragments[element_id] = markup
    return fragments
