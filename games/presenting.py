"""A game's presentation in two parts (casino/tables/registry.py, GameSpec
present_table and present_viewer): what every viewer of a table version
shares, and what one viewer alone sees. ``present`` is their composition,
the one the pages use; a Daphne calls the parts apart, the shared one once
per version."""

import functools
import re

from django.template.loader import render_to_string
from django.utils.safestring import mark_safe


def present(present_table, present_viewer, table, snapshot, config, viewer_id, balance):
    context = present_table(table, snapshot, config)
    if viewer_id is not None or balance is not None:
        context.update(present_viewer(context, table, snapshot, config, viewer_id, balance))
    return context


class TwoParts:
    """For a presenter class with present_table and present_viewer methods."""

    def present(self, table, snapshot, config, viewer_id, balance):
        return present(self.present_table, self.present_viewer, table, snapshot, config, viewer_id, balance)


@functools.lru_cache(maxsize=128)
def card_svg(text):
    """One card's SVG (templates/cards/_card.html), drawn once per process:
    a table shows at most a few dozen of the 53 faces and the back."""
    return mark_safe(render_to_string("cards/_card.html", {"card": text}).strip())


# A clock a player sees runs out this long before the table's own deadline,
# so that a bet or a decision made as it reaches zero still reaches the
# casino before the lock-out: what counts is when a Daphne received the
# action (casino/tables/owner.py, arrival), and a click needs time to get
# there (a phone's network: a few hundred ms). The lock-out itself stays at
# the deadline and fires on time (docs/architecture.md, "Timers").
CLOCK_LEAD_SECONDS = 0.5


def shown_deadline_ms(timer):
    """The epoch ms at which a player's clock shows zero (data-deadline-ms)."""
    return int((timer["deadline"] - CLOCK_LEAD_SECONDS) * 1000)


def short_name(shown, length=12):
    """``shown`` (a name as a table shows it: casino/accounts/names.py,
    table_name and distinct_name) cut to about ``length`` characters for a
    small label, keeping what tells players apart: the bot badge or the
    number at its end."""
    if len(shown) <= length:
        return shown
    base, suffix = shown, ""
    found = re.search(r" \((?:bot|\d+)\)$", shown)
    if found:
        base, suffix = shown[: found.start()], found.group()
    return base[: max(1, length - len(suffix) - 1)].rstrip() + "…" + suffix
