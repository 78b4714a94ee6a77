"""A Must-Hit-By Mystery contribution rides on its own progressive wager.

At the games where two progressive wagers of a seat qualify for the one
Mystery meter (Let It Ride's § 643c.1(c)(1)-(2), Three Card Poker's
§ 649c.1(c)(1)-(2) with both progressives offered), the meter of one of them
refusing its wager voids exactly the Mystery contribution riding on that
wager: the other one, accepted by its meter, still feeds the bonus meter
(docs/rules/README.md, "Refused progressive wager"). On the real table runtime,
Redis and database; a meter refuses as it does when the operator unlinks it
from the table between the bets and "no more bets"."""

import pytest

from casino.progressives import api
from casino.progressives.models import Meter, MeterEvent, TableLink
from casino.wallet.ledger import balance_of
from games.meters import must_hit_by
from tests.poker_table import START_CENTS, Play, assert_books_closed, play_out, two_progressive_table

pytestmark = pytest.mark.django_db

THREE_CARD_CENTS, FIVE_CARD_CENTS = 100, 500
MYSTERY = must_hit_by("A", 1)

# Every game with two progressive wagers that may both qualify for the Mystery bonus
# (the ``mystery=`` areas of games/*/rules.py): its config offering both, its base wager.
GAMES = {
    "let_it_ride": ({}, "one"),
    "three_card_poker": ({"five_card_progressive": 1, "mystery_wagers": 3}, "ante"),
}


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
