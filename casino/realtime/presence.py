"""Who is watching a table: one sorted-set member per websocket connection,
scored by when it last said it was alive, so connections of a Daphne that
died fall out of the count by themselves."""

import time

from casino.redis_client import get_redis, get_sync_redis, key

STALE_SECONDS = 90
REFRESH_SECONDS = 30


def _key(table_id):
    return key("presence", table_id)


def _member(channel_name, player_id):
    return f"{channel_name}|{player_id or ''}"


async def mark(table_id, channel_name, player_id):
    await get_redis().zadd(_key(table_id), {_member(channel_name, player_id): time.time()})


async def unmark(table_id, channel_name, player_id):
    await get_redis().zrem(_key(table_id), _member(channel_name, player_id))


def connected_players(table_id):
    """[(player id or None), ...], one item per live connection."""
    members = get_sync_redis().zrangebyscore(_key(table_id), time.time() - STALE_SECONDS, "+inf")
    result = []
    for member in members:
        player = member.rpartition("|")[2]
        result.append(int(player) if player else None)
    return result


def watching_count(table_id, seated_ids):
    """Connections, counting each player once, of everyone not seated."""
    seen = set()
    count = 0
    for player in connected_players(table_id):
        if player is not None:
            if player in seated_ids or player in seen:
                continue
            seen.add(player)
        count += 1
    return count
