"""What the table tells its chat, and a listed table the lobby too, after a
committed transition: a Must-Hit-By Mystery bonus hit, and a win of at least
CHAT_BIG_WIN_CHIPS chips.

The table's owner hands each committed Step (its chip moves and the meters'
answer) to ``after_step``, which only queues it: a task of its own, one per
event loop, adds up the wins and, only when there is something to say, stores
the line and sends it (one insert and one group_send). The owner goes on to
its broadcast at once, and never waits on its chat."""

import asyncio
import logging
from collections import defaultdict

from channels.db import database_sync_to_async
from django.conf import settings

from casino import redis_outage
from casino.chat import api
from casino.lobby import wins
from casino.progressives.paytables import MUST_HIT_BY
from games.engine import CENTS_PER_CHIP, WIN, chip_word, format_chips

log = logging.getLogger(__name__)

_queues = {}  # event loop -> (its queue of (table id, Step), the task that posts their lines)


def lines_of(step):
    """The chat lines of a committed Step, in order: Mystery bonus hits, then
    big wins (the chips the rules paid the player in this transition, a
    Mystery prize already told left out)."""
    nicknames = step.snapshot.get("nicknames", {})

    def name(player):
        return nicknames.get(str(player), "A player")

    won = defaultdict(int)
    for move in step.moves:
        if move.kind == WIN:
            won[move.player] += move.amount
    lines = []
    for hit in (step.meters or {}).get("hits", ()):
        if hit.get("kind") == MUST_HIT_BY and hit.get("cents"):
            cents = hit["cents"]
            lines.append(f"{name(hit['player'])} wins the Must-Hit-By Mystery bonus: {_chips(cents)}!")
            won[hit["player"]] -= cents
    threshold = settings.CHAT_BIG_WIN_CHIPS * CENTS_PER_CHIP
    for player, cents in won.items():
        if cents >= threshold:
            lines.append(f"Big win: {name(player)} wins {_chips(cents)}!")
    return lines


def _chips(cents):
    return f"{format_chips(cents)} {chip_word(cents)}"


def after_step(table, step):
    """From the owner, after the step's commit: a step that moved chips is
    queued for this event loop's poster. A table the public lobby lists
    tells its wins there too (casino/lobby/wins.py)."""
    if step.moves:
        _queue().put_nowait((table.pk, step, table if table.is_listed else None))


def _queue():
    loop = asyncio.get_running_loop()
    held = _queues.get(loop)
    if held is None or held[1].done():
        for other in [other for other in _queues if other.is_closed()]:
            del _queues[other]
        queue = asyncio.Queue()
        held = _queues[loop] = (queue, loop.create_task(_poster(queue)))
    return held[0]


async def _poster(queue):
    """The lines of the queued steps, posted in the order their steps were committed."""
    while True:
        table_id, step, listed = await queue.get()
        try:
            lines = lines_of(step)
            for line in lines:
                await database_sync_to_async(api.post_system)(table_id, line)
            if lines and listed is not None:
                await wins.tell(listed, lines)
        except Exception:
            redis_outage.report(
                log, "table %s: a chat line could not be posted", table_id, level=logging.ERROR
            )
