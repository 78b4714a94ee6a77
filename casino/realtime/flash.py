"""The flash line a websocket answers its sender with (a refusal, "one
moment"): swapped into the page's ``#flash`` out of band."""

import functools

from django.template.loader import render_to_string


@functools.lru_cache(maxsize=256)
def render_flash(text, kind="error"):
    # Cached: a flooding socket is told "slow down" for every message it
    # sends, and that must cost its Daphne next to nothing.
    return render_to_string("tables/_flash.html", {"text": text, "kind": kind})
