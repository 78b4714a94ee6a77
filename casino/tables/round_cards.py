"""The cards on a round's record page (issue 19): the viewer's own cards in
a round they played and, once the round is over, the table's as the game
showed them at its end.

Nothing is drawn here. The round's states come from its replay (replay.py:
the recorded steps through the game's own rules), and the game's presenter
and public template render one as they render the table, so the record shows
a card face exactly where the table showed it: the dealer's, the board's and
every seat's fragment at the round's last state (its result), or, while the
round is in play, the viewer's own seat and the cards their own fragment
showed them (the presenter's ``my_cards``), never anyone else's. A card the
game keeps face down at its end stays so on the record, except to its own
player: a folded poker hand collected unseen (the presenter's
``my_cards_mucked``) is shown apart to the player who held it.
"""

import re

from django.template.loader import render_to_string
from django.utils.safestring import mark_safe

from casino.tables.rendering import split_fragments, table_context
from casino.tables.runtime import fresh_snapshot
from games.engine import STAKE

# The fragments of a game's public template that show cards: the dealer's,
# the board's and each seat's (pg-dealer, pk-board, bj-seat-3...).
CARD_FRAGMENT = re.compile(r"-(?:dealer|board|seat-(\d+))$")


def round_cards(record, spec, meta, report, viewer_id, names):
    """{"fragments": markup of the fragments to show, "my_cards": card views,
    "mucked": whether they are a hand the table never saw,
    "family": the templates' directory (its stylesheet), "grid": the class
    of the table's grid that lays them out} or None when the
    viewer is shown no cards of this round. ``report``: the round's replay,
    ``names``: {player id: nickname} of its players."""
    states = [state for state in report.states if state.get("round") == record.number]
    if not states:
        return None
    finished = record.finished is not None
    last = states[-1]
    seats = _seats(last)
    mine = {int(seat) for seat, player in seats.items() if player == viewer_id and viewer_id is not None}
    if not finished and not mine:
        return None
    context = _context(record, spec, meta, last, len(record.steps) - 1, names, viewer_id)
    fragments, grid = [], ""
    for element_id, markup in split_fragments(render_to_string(spec.public_template, context)):
        found = CARD_FRAGMENT.search(element_id or "")
        if found is None:
            continue
        seat = int(found.group(1)) if found.group(1) else None
        if (finished and (seat is None or str(seat) in seats)) or (not finished and seat in mine):
            fragments.append(mark_safe(markup))  # rendered by the game's own template
            # The table's grid, which lays out and styles these fragments: pk-seat-1 sits in pk-grid.
            grid = element_id[: -len(found.group())] + "-grid"
    # Once the round is over the table's fragments show the viewer's cards, unless the
    # game collected them unseen (a folded poker hand): then they are shown apart.
    own = not finished or context.get("my_cards_mucked")
    my_cards = (context.get("my_cards") or []) if own else []
    if not fragments and not my_cards:
        return None
    return {
        "fragments": fragments,
        "my_cards": my_cards,
        "mucked": bool(finished and my_cards),
        "family": spec.public_template.split("/")[0],
        "grid": grid,
    }


def area_labels(record, spec, meta, report, names):
    """{betting area: its name at the table} for the areas wagered on in
    the round, as the game's presenter names a seat's wagers (the longer
    name where it has two): read from the state after each step that placed
    a wager, so a wager taken back later is named too."""
    labels = {}
    for index, (step, state) in enumerate(zip(record.steps, report.states, strict=False)):
        if state.get("round") != record.number or not any(move["kind"] == STAKE for move in step["moves"]):
            continue
        context = _context(record, spec, meta, state, index, names)
        for seat in context.get("seats") or []:
            for bet in seat.get("bets") or []:
                if "area" in bet:
                    labels[bet["area"]] = bet.get("title") or bet["label"]
    return labels


def _seats(state):
    return {seat: spot["player"] for seat, spot in (state.get("spots") or {}).items()}


def _context(record, spec, meta, state, index, names, viewer_id=None):
    """The game's presentation of ``state``, the round's state after its step ``index``."""
    snapshot = {
        **fresh_snapshot(spec),
        "game": state,
        "seats": _seats(state),
        "nicknames": {str(pid): name for pid, name in names.items()},
    }
    config = record.config_at(index) if record.steps else record.config
    return table_context(meta, snapshot, config, version=None, viewer_id=viewer_id)
