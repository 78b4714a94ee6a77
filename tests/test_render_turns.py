"""One viewer's render a turn of the event loop (casino/tables/fanout.py,
Turns): an update that wakes many viewers at once no longer keeps the
loop from its sockets until all of them have rendered."""

import asyncio

from casino.tables import fanout


async def test_each_waiting_viewer_renders_in_a_turn_of_its_own_in_order():
    turns = 0

    async def count_turns():
        nonlocal turns
        while True:
            turns += 1
            await asyncio.sleep(0)

    counter = asyncio.create_task(count_turns())
    granted = []

    async def viewer(name):
        await fanout.render_turn()
        granted.append((name, turns))

    await asyncio.gather(*(viewer(n) for n in range(6)))
    counter.cancel()
    assert [name for name, _ in granted] == list(range(6))
    at = [turn for _, turn in granted]
    assert all(later > earlier for earlier, later in zip(at, at[1:], strict=False)), at


async def test_a_viewer_that_closed_while_waiting_does_not_hold_up_the_others():
    granted = []

    async def viewer(name):
        await fanout.render_turn()
        granted.append(name)

    first = asyncio.create_task(viewer("gone"))
    others = [asyncio.create_task(viewer(n)) for n in ("a", "b")]
    await asyncio.sleep(0)  # all three wait for their turn
    first.cancel()
    await asyncio.wait_for(asyncio.gather(*others), 1)
    assert granted == ["a", "b"]
