"""A Daphne killed with SIGKILL leaves no count behind (issue 33, item 4).

The sockets per address and per session are counted in Redis across every
Daphne (casino/realtime/ratelimit.py). The sockets of a process that died
without closing them must stop counting within seconds, or everyone behind
one address (a NAT, an office) is refused every table window until they go
stale: a minute and more. Real worker and Daphne processes; the second
Daphne stands for the one supervisord or systemd starts in its place.
"""

import asyncio
import re
import time

import pytest
import websockets

from casino.tables.models import Table
from tests.conftest import wait_until
from tests.test_ws_hardening import open_socket

# solo: it holds a restart to a deadline that a busy neighbour test stretches
pytestmark = pytest.mark.solo

LIMIT = 10
# Well under the minute and a half the dead process's sockets counted for;
# the liveness key of a Daphne lives casino.realtime.ratelimit.ALIVE_SECONDS.
ADMITTED_WITHIN_SECONDS = 10


async def admitted(ws, timeout=20):
    """True once the table is shown, False if refused for too many sockets."""
    try:
        async with asyncio.timeout(timeout):
            while True:
                if re.search(r'<span class="round">Round \d+', await ws.recv()):
                    return True
    except websockets.ConnectionClosed:
        assert ws.close_code == 4429, ws.close_code
        return False


@pytest.mark.django_db(transaction=True)
def test_a_killed_daphnes_sockets_stop_counting_against_the_address(processes, make_table):
    processes.env.update(WS_MAX_PER_ADDRESS=str(LIMIT))
    processes.worker()
    first = processes.daphne()
    table = make_table(betting_seconds=120)
    wait_until(lambda: (Table.objects.get(pk=table.pk).state or {}).get("timer"), 30, "the table to open")

    async def fill():
        # One short of the limit, as a busy address is.
        sockets = [await open_socket(first, table.pk) for _ in range(LIMIT - 1)]
        assert all([await admitted(ws) for ws in sockets])
        return sockets

    held = asyncio.run(fill())
    daphne = processes.running[-1]
    processes.kill(daphne)
    killed = time.monotonic()
    second = processes.daphne()

    async def everyone_back():
        """The same address's windows reconnect to the new Daphne, as
        browsers do, retrying a refused one a moment later."""
        back, attempts = [], 0
        while len(back) < LIMIT - 1 and time.monotonic() - killed < 30:
            ws = await open_socket(second, table.pk)
            attempts += 1
            if await admitted(ws):
                back.append(ws)
            else:
                await asyncio.sleep(0.25)
        seconds = time.monotonic() - killed
        for ws in back:
            await ws.close()
        return len(back), attempts, seconds

    count, attempts, seconds = asyncio.run(everyone_back())
    del held  # their process is gone; nothing to close
    assert count == LIMIT - 1, f"only {count} of {LIMIT - 1} windows admitted in 30 s ({attempts} tries)"
    assert seconds < ADMITTED_WITHIN_SECONDS, f"the address was admitted again after {seconds:.1f} s"
