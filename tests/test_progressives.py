"""Progressive meters against the real Redis: concurrency, conservation,
restore, bad input and the lock-out at "no more bets"."""

import random
import threading

import pytest
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command
from redis.exceptions import ResponseError

from casino.progressives import api, audit
from casino.progressives.books import Books
from casino.progressives.models import Meter, MeterEvent, TableLink, Trigger
from casino.progressives.paytables import UNITS_PER_CENT, meter_rules
from casino.tables.models import Table

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


def opened(kind, paytable="", wager_dollars=1, rng=None, name="Meter"):
    """A meter in Redis. Outside a transactional test the post-save opening
    waits for a commit that never comes, so it is opened here, with ``rng``
    drawing its triggers when given."""
    meter = Meter.objects.create(name=name, kind=kind, paytable=paytable, wager_dollars=wager_dollars)
    assert api.open_meter(meter, rng=rng)
    return meter


def redis_state(meter):
    return api.state(meter.pk), api.get_sync_redis().lrange(api.triggers_key(meter.pk), 0, -1)


def books_of(meter):
    state = api.state(meter.pk)
    return {name: state[name] for name in ("seeded", "contributed", "paid", "meter", "reserve")}


def assert_balanced(meter):
    books = books_of(meter)
    assert books["seeded"] + books["contributed"] == books["paid"] + books["meter"] + books["reserve"], books


# -- concurrency --------------------------------------------------------------


def test_eight_concurrent_contributors_match_a_sequential_replay(clean_redis, make_table, monkeypatch):
    # The contributors' threads have database connections of their own, which
    # do not see this test's uncommitted meter: the rules the main thread
    # cached must not expire during the run (a loaded machine took longer
    # than RULES_CACHE_SECONDS and the threads found no meter).
    monkeypatch.setattr(api, "RULES_CACHE_SECONDS", 3600)
    seeded = random.Random(20261129)
    meter = opened("must_hit_by", "A", 1, rng=seeded)
    rules = meter.rules
    # Enough seeded triggers queued for every hit the run can make.
    api.draw_triggers(meter.pk, 300, rng=seeded)
    expected_triggers = random.Random(20261129)
    sequence = [expected_triggers.randrange(10_000, 20_000) for _ in range(304)]
    assert [t.value_units // UNITS_PER_CENT for t in Trigger.objects.filter(meter=meter)] == sequence
    tables = [make_table(name=f"Contributor {n}") for n in range(8)]
    results, errors = {}, []
    start = threading.Barrier(8)

    def contributor(n, table):
        rng = random.Random(n)
        mine = []
        try:
            start.wait()
            for round_number in range(2000):
                wager = api.Wager(meter.pk, seat=n % 7 + 1, amount_cents=100 * rng.randint(1, 25))
                mine.append(api.contribute(table.pk, round_number, [wager], record=False))
        except Exception as exc:  # reported below, not lost in the thread
            errors.append(exc)
        results[table.pk] = mine

    threads = [threading.Thread(target=contributor, args=(n, table)) for n, table in enumerate(tables)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []

    moves = sorted((move for mine in results.values() for r in mine for move in r.moves), key=lambda m: m.seq)
    contributions = [move for move in moves if move.kind == "contribution"]
    hits = [move for move in moves if move.kind == "hit"]
    assert len(contributions) == 16_000
    assert [move.seq for move in moves] == list(range(2, 2 + len(moves)))
    # The calls really interleaved: every contributor's wagers are spread out.
    assert len({move.table_id for move in contributions[:4000]}) == 8

    # The same contributions, one at a time, in the order Redis applied them.
    books = Books.opened(rules, trigger_cents=sequence[0])
    upcoming = iter(sequence[1:])
    replayed_hits = []
    for move in contributions:
        hit = books.contribute(move.wager_cents, lambda: next(upcoming))
        if hit is not None:
            replayed_hits.append((move.table_id, move.round_number, hit.prize_cents, hit.trigger))
    assert replayed_hits == [(m.table_id, m.round_number, m.paid_cents, m.trigger_units) for m in hits]
    assert len(hits) >= 20 and len({move.table_id for move in hits}) > 1
    # Each hit directly follows the contribution that made it, by the same player.
    by_seq = {move.seq: move for move in moves}
    for hit in hits:
        crossing = by_seq[hit.seq - 1]
        assert (crossing.kind, crossing.table_id, crossing.round_number) == (
            "contribution",
            hit.table_id,
            hit.round_number,
        )
    # Never two winners for one trigger; never a meter past its maximum.
    assert len({hit.trigger_index for hit in hits}) == len(hits)
    assert [hit.trigger_index for hit in hits] == list(range(1, len(hits) + 1))
    # What a player can ever see is the meter between two scripts: after a
    # contribution that did not win, or after a hit's reset, when it is back
    # at the minimum plus at most a sub-cent rest. (A crossing contribution
    # may overshoot the maximum; the winner then gets the whole meter.)
    cap = rules.must_hit_by_cents * UNITS_PER_CENT
    crossing_seqs = {hit.seq - 1 for hit in hits}
    assert all(move.meter_after <= cap for move in moves if move.seq not in crossing_seqs)
    assert all(hit.paid_cents == hit.meter_before // UNITS_PER_CENT for hit in hits)
    assert all(
        rules.seed_cents * UNITS_PER_CENT <= hit.meter_after < (rules.seed_cents + 1) * UNITS_PER_CENT
        for hit in hits
    )
    state, _ = redis_state(meter)
    assert state["meter"] == books.meter and state["hits"] == books.hits == len(hits)
    assert_balanced(meter)

    api.record_moves(moves)
    assert audit.reconcile([meter]) == []


# -- conservation -------------------------------------------------------------


@pytest.mark.parametrize(
    "kind, paytable, wager_dollars",
    [
        ("must_hit_by", "B", 2),
        ("match_the_dealer", "", 5),
        ("monster_match", "A", 1),
        ("monster_match", "C", 1),
        ("progressive_payout", "", 1),
    ],
)
def test_books_balance_after_thousands_of_random_operations(
    clean_redis, make_table, kind, paytable, wager_dollars
):
    rng = random.Random(f"{kind}{paytable}")
    meter = opened(kind, paytable, wager_dollars, rng=rng)
    rules = meter.rules
    table = make_table()
    triggers = [t.value_units // UNITS_PER_CENT for t in Trigger.objects.filter(meter=meter)]
    books = Books.opened(rules, trigger_cents=triggers[0] if triggers else None)
    paid_to_players = 0
    for round_number in range(1500):
        seats = rng.sample(range(1, 8), rng.randint(1, 4))
        amounts = [
            rules.wager_cents if rules.exact_wager else rules.wager_cents + 100 * rng.randint(0, 20)
            for _ in seats
        ]
        wagers = [api.Wager(meter.pk, seat, amount) for seat, amount in zip(seats, amounts, strict=True)]
        result = api.contribute(table.pk, round_number, wagers)
        replayed = []
        for move in result.moves:
            if move.kind == "contribution":
                hit = books.contribute(move.wager_cents, lambda: _trigger_after(meter, books))
                if hit is not None:
                    replayed.append(hit.prize_cents)
        # A round can make more than one hit (a trigger drawn near the
        # minimum is crossed again by the next seat's contribution).
        assert replayed == [win.paid_cents for win in result.wins]
        paid_to_players += sum(win.paid_cents for win in result.wins)
        if kind != "must_hit_by" and rng.random() < 0.03:
            percents = [rng.choice([100, 10]) for _ in range(rng.randint(1, 3))]
            winners = [api.Winner(seat, percent) for seat, percent in enumerate(percents, start=1)]
            award = api.award(table.pk, round_number, meter.pk, winners)
            expected = books.award([percent * 100 for percent in percents])
            paid = {win.seat: win.paid_cents for win in award.wins}
            assert [paid[seat] for seat in range(1, len(percents) + 1)] == expected
            paid_to_players += sum(paid.values())
    state = books_of(meter)
    assert_balanced(meter)
    assert (state["meter"], state["reserve"], state["seeded"], state["paid"]) == (
        books.meter,
        books.reserve,
        books.seeded,
        books.paid,
    )
    assert state["paid"] == paid_to_players * UNITS_PER_CENT
    assert books.hits > 0
    assert audit.reconcile([meter]) == []


def _trigger_after(meter, books):
    """The trigger Redis moved on to after the replay's latest hit: the
    replay's own count, not the hits recorded, which already hold every hit
    of the round being replayed."""
    return Trigger.objects.get(meter=meter, index=books.hits + 1).value_units // UNITS_PER_CENT


def test_match_the_dealer_reseeds_from_the_reserve_and_the_house_covers_the_rest(clean_redis, make_table):
    meter = opened("match_the_dealer", "", 1)
    table = make_table()
    api.contribute(table.pk, 1, [api.Wager(meter.pk, seat, 100) for seat in range(1, 8)])
    # 7 × $1: meter $1,000 + 7 × 15¢, reserve 7 × 6¢.
    assert books_of(meter)["meter"] == (100_000 + 105) * UNITS_PER_CENT
    assert books_of(meter)["reserve"] == 42 * UNITS_PER_CENT
    result = api.award(table.pk, 1, meter.pk, [api.Winner(2, 100), api.Winner(5, 100), api.Winner(3, 10)])
    shares = {win.seat: win.paid_cents for win in result.wins}
    # Two 100% winners share $1,001.05 (rule 20), then the meter reseeds to
    # $1,000: 42¢ from the reserve, $999.58 from the house; 10% of it follows.
    assert shares == {2: 50_052, 5: 50_052, 3: 10_000 + 0}
    reseed = result.wins[1]
    assert reseed.reserve_to_meter_units == 42 * UNITS_PER_CENT
    assert reseed.seeded_units == (100_000 - 42) * UNITS_PER_CENT
    assert books_of(meter)["reserve"] == 0
    assert books_of(meter)["meter"] == (90_000 + 1) * UNITS_PER_CENT  # the odd cent of the share stays
    assert_balanced(meter)


def test_a_must_hit_by_prize_past_the_maximum_pays_the_whole_meter_and_resets_to_the_minimum(
    clean_redis, make_table
):
    # docs/rules/README.md, Prize; § 639c.1(c)(5)(iv), (7): "100% of the bonus
    # jackpot amount on the progressive meter", then "reset to the minimum".
    meter = opened("must_hit_by", "A", 1, rng=random.Random(7))
    rules = meter.rules
    table = make_table()
    # One $6,000 wager at 2% adds $120: from $100 to $220, past the $200 maximum.
    result = api.contribute(table.pk, 1, [api.Wager(meter.pk, 1, 600_000)])
    (win,) = result.wins
    assert win.paid_cents == 22_000 > rules.must_hit_by_cents
    assert books_of(meter)["meter"] == rules.seed_cents * UNITS_PER_CENT == 10_000 * UNITS_PER_CENT
    books = Books.opened(rules, trigger_cents=win.trigger_units // UNITS_PER_CENT)
    hit = books.contribute(600_000, lambda: 15_000)
    assert (hit.prize_cents, books.meter) == (22_000, 10_000 * UNITS_PER_CENT)
    assert_balanced(meter)
    api.record_moves(result.moves)
    assert audit.reconcile([meter]) == []


def test_two_hits_in_one_round_each_cross_their_own_trigger(clean_redis, make_table):
    # Each $6,000 wager lifts the meter past the $200 maximum, so seat 1 wins
    # the first trigger and seat 3 the next one, in the same round; the
    # replay follows the triggers in the order Redis used them.
    meter = opened("must_hit_by", "A", 1, rng=random.Random(11))
    table = make_table()
    result = api.contribute(table.pk, 1, [api.Wager(meter.pk, 1, 600_000), api.Wager(meter.pk, 3, 600_000)])
    assert [(win.seat, win.paid_cents) for win in result.wins] == [(1, 22_000), (3, 22_000)]
    triggers = [
        t.value_units // UNITS_PER_CENT for t in Trigger.objects.filter(meter=meter).order_by("index")
    ]
    books = Books.opened(meter.rules, trigger_cents=triggers[0])
    hits = [books.contribute(600_000, lambda: triggers[books.hits]) for _ in range(2)]
    assert [hit.trigger // UNITS_PER_CENT for hit in hits] == triggers[:2]
    assert [win.trigger_units for win in result.wins] == [hit.trigger for hit in hits]
    assert books.meter == books_of(meter)["meter"] and api.state(meter.pk)["hits"] == 2
    assert_balanced(meter)


# -- restore and reconcile ----------------------------------------------------


def test_restore_brings_every_meter_back_to_the_cent_after_redis_is_lost(clean_redis, make_table):
    rng = random.Random(5)
    meters = [
        opened("must_hit_by", "A", 1, rng=rng, name="Mystery"),
        opened("match_the_dealer", "", 5, name="Match the Dealer"),
        opened("monster_match", "B", 1, name="Monster Match"),
    ]
    mystery, mtd, monster = meters
    table = make_table()
    for round_number in range(400):
        api.contribute(
            table.pk,
            round_number,
            [
                api.Wager(mystery.pk, 1, 100 * rng.randint(1, 40)),
                api.Wager(mtd.pk, 2, 500),
                api.Wager(monster.pk, 3, 100 * rng.randint(1, 10)),
            ],
        )
        if round_number % 97 == 0:
            api.award(table.pk, round_number, monster.pk, [api.Winner(3, rng.choice([10, 100]))])
    assert MeterEvent.objects.filter(meter=mystery, kind="hit").exists()
    before = {meter.pk: redis_state(meter) for meter in meters}

    clean_redis.flushdb()
    with pytest.raises(api.MeterUnavailable, match="restored"):
        api.contribute(table.pk, 999, [api.Wager(mystery.pk, 1, 100)])
    call_command("meters", "restore")

    after = {meter.pk: redis_state(meter) for meter in meters}
    for meter in meters:
        state_before, queue_before = before[meter.pk]
        state_after, queue_after = after[meter.pk]
        # last_hit_ms is rebuilt from the audit's timestamp, to the millisecond.
        state_before.pop("last_hit_ms", None), state_after.pop("last_hit_ms", None)
        assert state_after == state_before, meter
        assert queue_after == queue_before  # the same hidden triggers, in the same order
    assert audit.reconcile() == []
    call_command("meters", "reconcile")

    # Play goes on exactly where it stopped.
    api.contribute(table.pk, 1000, [api.Wager(mystery.pk, 1, 100)])
    assert audit.reconcile() == []


def test_reconcile_reports_a_difference_to_the_cent(clean_redis, make_table, capsys):
    meter = opened("monster_match", "C", 1)
    api.contribute(make_table().pk, 1, [api.Wager(meter.pk, 1, 500)])
    tampered = api.state(meter.pk)
    tampered["meter"] += UNITS_PER_CENT  # one cent more in Redis
    api.load(meter.pk, tampered, [])
    with pytest.raises(CommandError, match="difference"):
        call_command("meters", "reconcile")
    assert "difference $0.01" in capsys.readouterr().out


def test_an_event_missing_from_the_audit_is_reported(clean_redis, make_table):
    meter = opened("monster_match", "C", 1)
    table = make_table()
    api.contribute(table.pk, 1, [api.Wager(meter.pk, 1, 500)])
    api.contribute(table.pk, 2, [api.Wager(meter.pk, 1, 500)], record=False)  # lost write
    api.contribute(table.pk, 3, [api.Wager(meter.pk, 1, 500)])
    fields = {difference.field for difference in audit.reconcile([meter])}
    assert {"meter", "wagers", "audit gap before move 4"} <= fields


# -- bad input ----------------------------------------------------------------


@pytest.mark.parametrize(
    "amount, message",
    [
        (-100, "more than zero"),
        (0, "more than zero"),
        (100.5, "whole number of cents"),
        ("100", "whole number of cents"),
        (True, "whole number of cents"),
        (100, "minimum progressive wager for this meter is \\$2.00"),
    ],
)
def test_bad_contributions_are_refused_and_change_nothing(clean_redis, make_table, amount, message):
    meter = opened("must_hit_by", "A", 2)
    table = make_table()
    before = redis_state(meter)
    with pytest.raises(api.BadWager, match=message):
        api.contribute(table.pk, 1, [api.Wager(meter.pk, 1, 200), api.Wager(meter.pk, 2, amount)])
    assert redis_state(meter) == before
    assert not api.is_locked(table.pk, 1)
    assert MeterEvent.objects.filter(meter=meter).count() == 1  # the seed


def test_unknown_or_inactive_meters_and_wrong_amounts_are_refused(clean_redis, make_table):
    table = make_table()
    with pytest.raises(api.UnknownMeter, match="no active progressive meter 9999"):
        api.contribute(table.pk, 1, [api.Wager(9999, 1, 100)])
    mtd = opened("match_the_dealer", "", 1)
    with pytest.raises(api.BadWager, match="exactly \\$1.00"):
        api.contribute(table.pk, 1, [api.Wager(mtd.pk, 1, 500)])
    mtd.is_active = False
    mtd.save()
    with pytest.raises(api.UnknownMeter):
        api.contribute(table.pk, 1, [api.Wager(mtd.pk, 1, 100)])


def test_the_lua_script_itself_refuses_what_python_would_have(clean_redis, make_table):
    """No partial write even if a caller skips the Python checks."""
    meter = opened("must_hit_by", "C", 5)
    before = redis_state(meter)
    keys = [api.lock_key(1), api.meter_key(meter.pk), api.triggers_key(meter.pk)]
    for bad in ["-5", "0", "2.5", "499", "abc"]:
        args = ["digest", 60, 0, 1, 1, 2, 1, 500, 1, 0, 1, bad, 2, 0]
        with pytest.raises(ResponseError, match="BAD_WAGER"):
            api._script("CONTRIBUTE")(keys=keys, args=args)
    assert redis_state(meter) == before
    assert not api.is_locked(1, 1)


def test_bad_awards_are_refused(clean_redis, make_table):
    table = make_table()
    mystery = opened("must_hit_by", "A", 1)
    with pytest.raises(api.BadWager, match="crosses its trigger"):
        api.award(table.pk, 1, mystery.pk, [api.Winner(1, 100)])
    pool = opened("monster_match", "A", 1)
    before = redis_state(pool)
    for percent in (0, 101, -10, "ten", 12.345):
        with pytest.raises(api.BadWager, match="percentage"):
            api.award(table.pk, 1, pool.pk, [api.Winner(1, percent)])
    assert redis_state(pool) == before


def test_a_meter_missing_from_redis_refuses_wagers(clean_redis, make_table):
    meter = opened("monster_match", "D", 1)
    clean_redis.delete(api.meter_key(meter.pk))
    with pytest.raises(api.MeterUnavailable, match="refused"):
        api.contribute(make_table().pk, 1, [api.Wager(meter.pk, 1, 100)])
    assert not clean_redis.exists(api.meter_key(meter.pk))


# -- the lock-out at "no more bets" -------------------------------------------


def test_after_no_more_bets_a_progressive_wager_is_refused(clean_redis, make_table):
    meter = opened("monster_match", "E", 1)
    table = make_table()
    accepted = [api.Wager(meter.pk, 1, 100, None), api.Wager(meter.pk, 4, 300, None)]
    api.ensure_open(table.pk, 7)
    locked = api.contribute(table.pk, 7, accepted)
    assert [move.seat for move in locked.moves] == [1, 4]
    state = redis_state(meter)

    with pytest.raises(api.LockedOut, match="No more bets"):
        api.ensure_open(table.pk, 7)
    with pytest.raises(api.LockedOut, match="No more bets"):
        api.contribute(table.pk, 7, [*accepted, api.Wager(meter.pk, 6, 100)])
    assert redis_state(meter) == state  # the late wager contributed nothing

    again = api.contribute(table.pk, 7, accepted)  # a retried transition
    assert again.replayed and again.moves == locked.moves
    assert redis_state(meter) == state
    assert MeterEvent.objects.filter(meter=meter, kind="contribution").count() == 2
    with pytest.raises(api.LockedOut):
        api.contribute(table.pk, 6, accepted)  # an earlier round is long closed
    assert redis_state(meter) == state
    api.ensure_open(table.pk, 8)  # the next round is open
    with pytest.raises(api.ProgressiveError, match="round's number"):
        api.contribute(table.pk, "8", accepted)


# -- definitions and admin ----------------------------------------------------


def test_meter_rules_follow_the_regulation():
    assert meter_rules("must_hit_by", "D", 2).primary_bp == 300  # § 639c.1(c)(4): 3%
    assert meter_rules("must_hit_by", "C", 5).must_hit_by_cents == 50_000
    mtd = meter_rules("match_the_dealer", "", 5)  # § 635c.1(j)
    assert (mtd.seed_cents, mtd.primary_bp, mtd.reserve_bp) == (500_000, 1500, 600)
    payout = meter_rules("progressive_payout", "", 1)  # docs/rules/pai_gow.md § 9, project default
    assert (payout.seed_cents, payout.reseed_from_reserve, payout.primary_bp, payout.exact_wager) == (
        500_000,
        False,
        2000,
        True,
    )
    pool_a, pool_c = meter_rules("monster_match", "A", 1), meter_rules("monster_match", "C", 1)
    assert (pool_a.seed_cents, pool_a.reseed_from_reserve, pool_a.primary_bp, pool_a.reserve_bp) == (
        500_000,
        True,
        2200,
        100,
    )
    assert (pool_c.seed_cents, pool_c.reseed_cents, pool_c.reseed_from_reserve, pool_c.reserve_bp) == (
        150_000,
        150_000,
        False,
        0,
    )


def test_admin_links_tables_and_refuses_changes_to_a_live_meter(clean_redis, make_table, admin_client):
    first, second = make_table(name="Left"), make_table(name="Right")
    response = admin_client.post(
        "/admin/progressives/meter/add/",
        {
            "name": "Mystery link",
            "kind": "must_hit_by",
            "paytable": "Q",
            "wager_dollars": 1,
            "is_active": "on",
            "links-TOTAL_FORMS": 0,
            "links-INITIAL_FORMS": 0,
        },
    )
    assert b"takes paytable A, B, C, D" in response.content
    response = admin_client.post(
        "/admin/progressives/meter/add/",
        {
            "name": "Mystery link",
            "kind": "must_hit_by",
            "paytable": "A",
            "wager_dollars": 1,
            "is_active": "on",
            "links-TOTAL_FORMS": 2,
            "links-INITIAL_FORMS": 0,
            "links-0-table": first.pk,
            "links-1-table": second.pk,
        },
    )
    assert response.status_code == 302, response.content
    meter = Meter.objects.get(name="Mystery link")
    assert set(api.linked_meters(first.pk)) == {"must_hit_by"}
    assert {table.name for table in meter.tables.all()} == {"Left", "Right"}
    api.open_meter(meter)
    api.contribute(first.pk, 1, [api.Wager(meter.pk, 1, 100)])
    page = admin_client.get(f"/admin/progressives/meter/{meter.pk}/change/")
    state = api.state(meter.pk)
    trigger, now = state["trigger"] // UNITS_PER_CENT, state["meter"] // UNITS_PER_CENT
    if trigger != now:  # a trigger drawn at the meter's own value would be on the page as the value
        assert f"{trigger / 100:,.2f}" not in page.content.decode()  # the trigger stays hidden
    response = admin_client.post(
        f"/admin/progressives/meter/{meter.pk}/change/",
        {
            "name": "Mystery link",
            "kind": "must_hit_by",
            "paytable": "D",
            "wager_dollars": 1,
            "is_active": "on",
            "links-TOTAL_FORMS": 0,
            "links-INITIAL_FORMS": 0,
        },
    )
    assert b"cannot change" in response.content
    assert Meter.objects.get(pk=meter.pk).paytable == "A"


def game_table(game, name="Linked", **config):
    return Table.objects.create(game=game, name=name, config=config)


def mystery_meter(dollars, name=None):
    return Meter.objects.create(
        name=name or f"Mystery ${dollars}", kind="must_hit_by", paytable="A", wager_dollars=dollars
    )


@pytest.mark.parametrize(
    ("game", "config", "refused", "taken"),
    [
        # Three Card Poker's only qualifying wager is the $1 Three-Card one (§ 649c.1(c)(1)).
        ("three_card_poker", {}, 5, 1),
        # Let It Ride naming only the Three-Card wager; naming either, the $5 Five-Card one reaches it.
        ("let_it_ride", {"mystery_wagers": 1}, 5, 1),
        ("let_it_ride", {"mystery_wagers": 3}, None, 5),
        ("four_card_poker", {}, None, 5),  # the $5 Five-Card wager
        ("pai_gow", {"progressive": 1, "mystery": 1}, 2, 1),  # the $1 progressive payout wager
    ],
)
def test_a_mystery_meter_no_qualifying_wager_reaches_cannot_be_linked(
    clean_redis, game, config, refused, taken
):
    # A contribution under the meter's row is refused (MeterRules.wager_error): such a link
    # would refuse every one while the table shows the bonus as offered (§ 639c.1(b) and twins).
    table = game_table(game, **config)
    if refused:
        with pytest.raises(
            ValidationError, match=rf"takes no contribution under \${refused}\.00.*would refuse"
        ):
            TableLink.objects.create(meter=mystery_meter(refused), table=table)
        assert not TableLink.objects.exists()
    TableLink.objects.create(meter=mystery_meter(taken), table=table)


def test_a_rules_submission_that_leaves_a_linked_mystery_meter_unreached_is_refused(clean_redis):
    table = game_table("let_it_ride")  # either progressive qualifies: the $5 row is reached
    TableLink.objects.create(meter=mystery_meter(5), table=table)
    table.config = {"mystery_wagers": 1}  # the Three-Card wager alone: $1
    with pytest.raises(ValidationError, match=r"takes no contribution under \$5\.00"):
        table.save()
    assert Table.objects.get(pk=table.pk).config == {}


def test_a_table_without_the_mystery_bonus_may_still_be_linked(clean_redis, make_table):
    # No qualifying wager: nothing to check (the bonus is not shown as offered).
    table = game_table("three_card_poker", mystery=0)
    TableLink.objects.create(meter=mystery_meter(5), table=table)
    TableLink.objects.create(meter=mystery_meter(5, "Wheel"), table=make_table(name="Wheel"))


def test_the_admin_refuses_a_mystery_link_no_qualifying_wager_reaches(clean_redis, admin_client):
    table = game_table("three_card_poker", name="Mini-Royal")
    form = {"name": "Mystery five", "kind": "must_hit_by", "paytable": "A", "is_active": "on"}
    links = {"links-TOTAL_FORMS": 1, "links-INITIAL_FORMS": 0, "links-0-table": table.pk}
    response = admin_client.post("/admin/progressives/meter/add/", {**form, "wager_dollars": 5, **links})
    assert response.status_code == 200
    assert "takes no contribution under $5.00" in response.content.decode()
    assert not Meter.objects.filter(name="Mystery five").exists()

    # A linked meter changed to a row the table's wagers never reach: refused as well.
    response = admin_client.post("/admin/progressives/meter/add/", {**form, "wager_dollars": 1, **links})
    assert response.status_code == 302, response.content
    meter = Meter.objects.get(name="Mystery five")
    link = TableLink.objects.get(meter=meter)
    existing = {"links-TOTAL_FORMS": 1, "links-INITIAL_FORMS": 1, "links-0-id": link.pk}
    existing |= {"links-0-table": table.pk, "links-0-meter": meter.pk}
    response = admin_client.post(
        f"/admin/progressives/meter/{meter.pk}/change/", {**form, "wager_dollars": 5, **existing}
    )
    assert response.status_code == 200
    assert "takes no contribution under $5.00" in response.content.decode()
    assert Meter.objects.get(pk=meter.pk).wager_dollars == 1


@pytest.mark.django_db(transaction=True)
def test_a_meter_opens_on_commit_and_restarts_if_corrected_before_any_wager(clean_redis):
    meter = Meter.objects.create(name="Mystery", kind="must_hit_by", paytable="A", wager_dollars=1)
    state, queue = redis_state(meter)
    assert state["meter"] == 10_000 * UNITS_PER_CENT and state["trigger"] > 0 and len(queue) == 3
    meter.paytable = "D"
    meter.save()
    state, _ = redis_state(meter)
    assert state["meter"] == 25_000 * UNITS_PER_CENT and state["primary_bp"] == 500
    assert 25_000 * UNITS_PER_CENT <= state["trigger"] < 100_000 * UNITS_PER_CENT
    assert audit.reconcile([meter]) == []


def test_meters_show_and_the_audit_pages_never_show_a_live_trigger(
    clean_redis, make_table, admin_client, capsys
):
    meter = opened("must_hit_by", "B", 1, rng=random.Random(3), name="Shown mystery")
    api.contribute(make_table().pk, 1, [api.Wager(meter.pk, 1, 500)])
    call_command("meters", "show")
    out = capsys.readouterr().out
    assert "Shown mystery" in out and "$100.25" in out and "must hit by $500.00" in out
    pages = "".join(
        admin_client.get(url).content.decode()
        for url in [
            "/admin/progressives/meter/",
            "/admin/progressives/meterevent/",
            f"/admin/progressives/meter/{meter.pk}/change/",
        ]
    )
    for _index, units in audit.unspent_triggers(meter):
        cents = units // UNITS_PER_CENT
        assert f"{cents / 100:,.2f}" not in out + pages and str(units) not in pages


def test_every_meter_kind_is_named_as_its_game_calls_it():
    from casino.progressives import paytables
    from games.dj_wild_stud.paytables import PROGRESSIVE_METER_KIND as DJ_WILD_STUD
    from games.pai_gow.paytables import PROGRESSIVE_METER_KIND as PROGRESSIVE_PAYOUT
    from games.players_edge21.paytables import MONSTER_MATCH_KIND as MONSTER_MATCH
    from games.spanish21.paytables import MATCH_THE_DEALER_KIND as MATCH_THE_DEALER

    own = {  # the kinds with a name of their own; every other is its title and wager
        paytables.MUST_HIT_BY: "Must-Hit-By Mystery bonus, configuration A ($1)",
        MATCH_THE_DEALER: "Match the Dealer progressive ($1)",
        PROGRESSIVE_PAYOUT: "Pai gow progressive payout ($1)",
        MONSTER_MATCH: "Monster Match progressive, pool A",
    }
    names = {}
    for kind, title in paytables.kinds():
        labels, wagers = paytables.paytable_choices(kind)
        names[kind] = meter_rules(kind, labels[0], wagers[0]).name
        assert names[kind] == own.get(kind, f"{title} (${wagers[0]})")
    assert names[DJ_WILD_STUD] == "DJ Wild Stud progressive ($5)"
    assert len(set(names.values())) == len(names)  # no two kinds look alike
