"""A Must-Hit-By Mystery contribution rides on its own progressive wager.

At the games where two progressive wagers of a seat qualify for the one
Mystery meter (Let It Ride's § 643c.1(c)(1)-(2), Three Card Poker's
§ 649c.1(c)(1)-(2) with both progressives offered), the meter of one of them
refusing its wager voids exactly the Mystery contribution riding on that
wager: the other one, accepted by its meter, still feeds the bonus meter
(rules/README.md, "Refused progressive wager"). On the real table runtime,
Redis and database; a meter refuses as it does when the operator unlinks it
from the table between the bets and "no more bets"."""

import random

import pytest

from casino.progressives import api
from casino.progressives.models import Meter, MeterEvent, TableLink
from casino.progressives.paytables import must_hit_by
from casino.tables.models import Table
from casino.wallet.ledger import balance_of
from tests.poker_table import FAST, START_CENTS, Play, assert_books_closed

pytestmark = pytest.mark.django_db

THREE_CARD_CENTS, FIVE_CARD_CENTS = 100, 500
MYSTERY = must_hit_by("A", 1)

# Every game with two progressive wagers that may both qualify for the Mystery bonus
# (the ``mystery=`` areas of games/*/rules.py): its config offering both, its base wager.
GAMES = {
    "let_it_ride": ({}, "one"),
    "three_card_poker": ({"five_card_progressive": 1, "mystery_wagers": 3}, "ante"),
}


def two_progressive_table(game, config):
    """A test table of ``game`` with the Three-Card ($1), Five-Card ($5) and Mystery (A, $1) meters linked."""
    table = Table.objects.create(game=game, name="Mystery pairing", config={**FAST, **config}, is_test=True)
    for name, kind, dollars, paytable in (
        ("Three-Card", "three_card", 1, ""),
        ("Five-Card", "five_card", 5, ""),
        ("Mystery", "must_hit_by", 1, "A"),
    ):
        meter = Meter.objects.create(name=name, kind=kind, paytable=paytable, wager_dollars=dollars)
        TableLink.objects.create(meter=meter, table=table)
        api.open_meter(meter, rng=random.Random(1))
    return table


def play_out(play):
    """The clock runs out until the next round begins."""
    number = play.runtime.round
    for _ in range(20):
        if play.runtime.round != number:
            return
        play.tick()
    raise AssertionError("the round never ended")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(
    ("refused", "accepted", "accepted_cents"),
    [("three_card", "five_card", FIVE_CARD_CENTS), ("five_card", "three_card", THREE_CARD_CENTS)],
)
def test_a_refused_progressive_wager_voids_only_its_own_mystery_contribution(
    game, refused, accepted, accepted_cents, clean_redis, make_player
):
    config, base = GAMES[game]
    table = two_progressive_table(game, config)
    ann = make_player("Ann")
    play = Play(table, [ann])
    play.bet(ann, base, 10)
    play.bet(ann, "three_card", THREE_CARD_CENTS // 100)
    play.bet(ann, "five_card", FIVE_CARD_CENTS // 100)
    staked = START_CENTS - balance_of(ann, test=True)
    TableLink.objects.filter(table=table, meter__kind=refused).delete()

    step = play.tick()  # no more bets

    meters = {meter.kind: meter for meter in Meter.objects.all()}
    mystery = meters["must_hit_by"]
    contributions = MeterEvent.objects.filter(meter=mystery, kind=MeterEvent.CONTRIBUTION)
    assert [(event.seat, event.player_id, event.wager_cents) for event in contributions] == [
        (1, ann.pk, accepted_cents)
    ]
    # The meter grew by its rate of the accepted wager only: 2% of $5 is 10 cents, of $1 2 cents.
    assert api.state(mystery.pk)["amount_in"] == accepted_cents
    assert api.read([mystery])[0].cents == MYSTERY.seed_cents + accepted_cents * MYSTERY.primary_bp // 10_000
    assert not MeterEvent.objects.filter(meter=meters[refused], kind=MeterEvent.CONTRIBUTION).exists()
    assert MeterEvent.objects.filter(meter=meters[accepted], kind=MeterEvent.CONTRIBUTION).count() == 1
    refused_cents = FIVE_CARD_CENTS + THREE_CARD_CENTS - accepted_cents
    assert balance_of(ann, test=True) == START_CENTS - staked + refused_cents  # the refused wager came back
    assert any("meter: its wagers are refused" in line for line in step.lines)
    assert any(
        "A Mystery bonus wager rides on a progressive wager that was refused" in line for line in step.lines
    )

    play_out(play)
    assert_books_closed()
