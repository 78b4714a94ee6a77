"""A flood of bets at one table from seated players' sockets, in a process
of its own so the test measuring another table is not slowed by reading it:
``python -m tests.flood_client HOST TABLE_ID ROUND SOCKETS_EACH BETS SESSION_KEY...``."""

import asyncio
import sys

import websockets


async def drain(ws):
    try:
        async for _ in ws:
            pass
    except websockets.ConnectionClosed:
        pass


async def one(host, table_id, round_id, key, bets):
    ws = await websockets.connect(
        f"ws://{host}/ws/tables/{table_id}/",
        origin=f"http://{host}",
        additional_headers={"Cookie": f"sessionid={key}"},
        open_timeout=30,
    )
    reader = asyncio.create_task(drain(ws))
    bet = f'{{"action": "bet", "spot": "1", "amount": "1", "round": {round_id}}}'
    for _ in range(bets):
        await ws.send(bet)
        await asyncio.sleep(0.005)
    await asyncio.sleep(1)
    await ws.close()
    await reader


async def main(host, table_id, round_id, sockets_each, bets, keys):
    await asyncio.gather(
        *[one(host, table_id, round_id, key, bets) for key in keys for _ in range(sockets_each)]
    )


if __name__ == "__main__":
    host, table_id, round_id, sockets_each, bets, *keys = sys.argv[1:]
    asyncio.run(main(host, int(table_id), int(round_id), int(sockets_each), int(bets), keys))
