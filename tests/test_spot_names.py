"""A wager's name is matched exactly (issue 33, item 8): at every game's
table, a bet on an area's name with a space, tab or no-break space around it
is refused with a message naming what was sent, and changes nothing."""

import pytest

from casino.tables import registry
from casino.tables.models import Table
from casino.tables.rendering import table_meta
from casino.tables.runtime import Refused, TableRuntime
from casino.wallet.ledger import balance_of
from games.dreamcatcher import rules as dreamcatcher
from games.engine import CENTS_PER_CHIP
from tests.test_runtime import Clock, bet, sit

PADDED = ("{} ", " {}", "{}\u00a0", "{}\t", "\u2003{}", "{}\n")


@pytest.mark.django_db
@pytest.mark.parametrize("game", sorted(spec.slug for spec in registry.all_games()))
def test_a_padded_spot_name_is_refused_and_changes_nothing(game, make_player, clean_redis):
    table = Table.objects.create(game=game, name="Any")
    runtime = TableRuntime(table, clock=Clock())
    runtime.start()
    ann = make_player("Ann")
    sit(runtime, ann)
    spec = registry.get(game)
    config = spec.rules.Config.from_json(table.config)
    offered = spec.present(table_meta(table), runtime.snapshot, config, ann.pk, 10_000).get("bet_buttons")
    area = offered[0]["area"] if offered else dreamcatcher.SPOTS[0]
    chips = spec.min_wager(config) // CENTS_PER_CHIP
    before = (runtime.version, runtime.snapshot, balance_of(ann))
    for padded in (pattern.format(area) for pattern in PADDED):
        with pytest.raises(Refused) as refused:
            bet(runtime, ann, padded, chips)
        assert repr(padded) in str(refused.value), str(refused.value)
        assert (runtime.version, runtime.snapshot, balance_of(ann)) == before
    # The exact name is taken (with the wagers that go with it, at some games).
    bet(runtime, ann, area, chips)
    assert balance_of(ann) <= before[2] - chips * CENTS_PER_CHIP
