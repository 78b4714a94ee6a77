"""What the table tells its chat after a committed transition: a Must-Hit-By
Mystery bonus hit, and a win of at least CHAT_BIG_WIN_CHIPS chips.

The table's owner calls ``after_step`` with each committed Step (its chip
moves and the meters' answer): it adds up the wins in memory, and only when
there is something to say stores the line and sends it (one insert and one
group_send, in a task of its own, so the table never waits on its chat)."""

import asyncio
import logging
from collections import defaultdict

from channels.db import database_sync_to_async
from django.conf import settings

from casino import redis_outage
from casino.chat import api
from casino.progressives.paytables import MUST_HIT_BY
from games.engine import CENTS_PER_CHIP, WIN, chip_word, format_chips

log = logging.getLogger(__name__)

_tasks = set()  # lines being posted (a task nobody holds may be collected)


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


def after_step(table_id, step):
    """From the owner, after the step's commit."""
    if not step.moves:
        return
    lines = lines_of(step)
    if lines:
        task = asyncio.create_task(_post(table_id, lines))
        _tasks.add(task)
        task.add_done_callback(_tasks.discard)


async def _post(table_id, lines):
    try:
        for line in lines:
            await database_sync_to_async(api.post_system)(table_id, line)
    except Exception:
        redis_outage.report(log, "table %s: a chat line could not be posted", table_id, level=logging.ERROR)
