"""Text players type that others see (chat messages, private tables' names):
what it may hold once stored."""

import unicodedata

# Embeddings, overrides and isolates: one left open in a player's text turns
# the rest of its line (a name, the buttons after it) around, whatever the
# CSS isolation, whose closing mark an open isolate takes as its own. The
# marks (U+200E, U+200F) open nothing and stay.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def plain(text):
    """``text`` trimmed, with control characters (bidirectional embeddings
    and isolates too) as spaces."""
    return "".join(
        " " if unicodedata.category(char) == "Cc" or char in BIDI_CONTROLS else char for char in text
    ).strip()
