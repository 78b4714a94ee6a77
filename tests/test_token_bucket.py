"""The in-memory token bucket (casino/realtime/ratelimit.py): a socket's
message limit, and the pace of a table's broadcasts (owner.py: a burst of
UPDATE_BURST at once, then one an UPDATE_SECONDS)."""

import pytest

from casino.realtime.ratelimit import TokenBucket
from casino.tables.owner import UPDATE_BURST, UPDATE_SECONDS


class Clock:
    now = 100.0

    def __call__(self):
        return self.now


def test_a_burst_then_one_a_period_and_the_wait_until_the_next():
    clock = Clock()
    pace = TokenBucket(1 / UPDATE_SECONDS, UPDATE_BURST, clock=clock)
    assert [pace.take() for _ in range(UPDATE_BURST)] == [True] * UPDATE_BURST
    assert pace.seconds_to_next() == pytest.approx(UPDATE_SECONDS)
    assert not pace.take()
    clock.now += UPDATE_SECONDS / 2
    assert pace.seconds_to_next() == pytest.approx(UPDATE_SECONDS / 2)
    assert not pace.take()
    clock.now += UPDATE_SECONDS / 2 + 1e-9
    assert pace.seconds_to_next() == 0 and pace.take() and not pace.take()
    # A quiet table has its burst again: nothing waits.
    clock.now += 10
    assert [pace.take() for _ in range(UPDATE_BURST)] == [True] * UPDATE_BURST
