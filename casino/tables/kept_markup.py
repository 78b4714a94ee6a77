"""Markup kept for the values it was rendered from: ``{% keep %}``.

A table's public fragments are rendered once per version in each Daphne,
yet between two versions (one player's bet) most of a fragment is the same:
the results history, the log, the five betting areas nobody bet on. A
``{% keep %}…{% endkeep %}`` block is rendered once for each set of values
it reads (the paths of template_inputs.py, looked up in the context) and
served from memory while they repeat, at any table of the process.

It is kept only when everything it reads is plain data (strings, numbers,
booleans, None, lists, tuples and dicts of them, as a snapshot is, exact
types: a SafeString is not one): the key is those values' bytes, and an
object's could not be trusted to say what it shows. A block that reads
anything else, or whose inputs cannot be known (an opaque node), is
rendered every time, as without the tag.
"""

import marshal
import threading
from collections import OrderedDict

from django.utils import translation
from django.utils.safestring import mark_safe

from casino.tables.template_inputs import MISSING, lookup, paths_of

CACHE_SIZE = 8192

_kept = OrderedDict()  # (node, its settings, its inputs frozen) -> markup
_lock = threading.Lock()  # views render in Daphne's thread, pushes in its event loop


class Unkept(Exception):
    """A value the block reads is not plain data."""


# Marks an input that does not resolve (it renders as a template's
# string_if_invalid, whatever the context).
_MISSING = ("kept_markup", "missing")


def freeze(values):
    """``values`` as bytes: equal bytes, equal values, so the same markup.
    marshal (version 2: no back-references, so the same values give the
    same bytes) takes only plain data, exact types, and tells True, 1 and
    1.0 apart; anything else raises Unkept."""
    try:
        return marshal.dumps(tuple(_MISSING if value is MISSING else value for value in values), 2)
    except ValueError as exc:
        raise Unkept(str(exc)) from None


def render_kept(node, nodelist, context):
    """``nodelist`` rendered in ``context``, or the markup it gave last time
    ``node`` read the same values."""
    paths = paths_of(node, nodelist)
    if paths is None:
        return nodelist.render(context)
    try:
        inputs = freeze(lookup(context, path) for path in paths)
    except Unkept:
        return nodelist.render(context)
    key = (node, context.autoescape, context.use_l10n, _language(context), inputs)
    with _lock:
        markup = _kept.get(key)
        if markup is not None:
            _kept.move_to_end(key)
            return markup
    markup = mark_safe(nodelist.render(context))
    with _lock:
        _kept[key] = markup
        while len(_kept) > CACHE_SIZE:
            _kept.popitem(last=False)
    return markup


def _language(context):
    """The active language, asked once per template render: asking Django
    costs as much as looking up all of a block's inputs (a thread- and
    task-local read), and a table's fragments have a block per betting
    area and seat."""
    language = context.render_context.get(_LANGUAGE)
    if language is None:
        language = context.render_context[_LANGUAGE] = translation.get_language()
    return language


_LANGUAGE = ("kept_markup", "language")  # its key in a render's render_context


def clear():
    with _lock:
        _kept.clear()
