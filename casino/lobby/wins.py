"""The lobby's "Latest wins": the big wins and Mystery bonus hits that the
listed tables tell their chat (casino/chat/highlights.py), kept in Redis
(the newest few) so that the first page and every push show the same list,
and read out to screen readers as they come (the page's polite ``#announce``).

A test or private table's wins never come here: they are not even named to
the lobby's viewers."""

import json
import logging

from channels.layers import get_channel_layer
from django.template.loader import render_to_string
from redis.exceptions import RedisError

from casino import redis_outage
from casino.realtime.groups import LOBBY_GROUP
from casino.redis_client import get_redis, get_sync_redis, key

log = logging.getLogger(__name__)

SHOWN = 5


def _key():
    return key("lobby", "wins")


def recent():
    """The newest wins, newest first: [{"text", "table_id", "table"}]; [] while Redis is away."""
    try:
        return [json.loads(item) for item in get_sync_redis().lrange(_key(), 0, SHOWN - 1)]
    except RedisError:
        redis_outage.report(log, "the lobby's latest wins could not be read")
        return []


def render_list(wins):
    return render_to_string("lobby/_wins.html", {"wins": wins})


async def tell(table, lines):
    """From a listed ``table``'s chat poster: its ``lines`` join the list,
    which every lobby viewer gets again (rendered once, here), and the
    newest is read out."""
    wins = [{"text": line, "table_id": table.pk, "table": table.name} for line in lines]
    redis = get_redis()
    async with redis.pipeline(transaction=True) as pipe:
        for win in wins:
            pipe.lpush(_key(), json.dumps(win))
        pipe.ltrim(_key(), 0, SHOWN - 1)
        pipe.lrange(_key(), 0, SHOWN - 1)
        *_, stored = await pipe.execute()
    shown = [json.loads(item) for item in stored]
    spoken = render_to_string(
        "progressives/_announce.html", {"text": " ".join(f"{w['text']} At {w['table']}." for w in wins)}
    )
    html = render_to_string("lobby/_wins.html", {"wins": shown, "oob": True}) + spoken
    await get_channel_layer().group_send(LOBBY_GROUP, {"type": "lobby.highlight", "html": html})
