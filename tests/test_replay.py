"""Round records and their replay: every game played through the real table
runtime, on public (SystemRandom) and seeded test tables, replays to the
identical outcome; a tampered record is caught; the command and the round
page."""

import io
import random

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connections
from django.test import Client

from casino.progressives import api
from casino.progressives.models import Meter, TableLink
from casino.progressives.paytables import UNITS_PER_CENT
from casino.tables.exceptions import Refused
from casino.tables.management.commands.replay import Command
from casino.tables.models import Round, Table
from casino.tables.replay import replay, state_hash
from casino.tables.runtime import TableRuntime
from games.blackjack import round as bj
from games.cards.rng import (
    PlaybackError,
    PlaybackRandom,
    RecordingRandom,
    dump_state,
    redraw,
    seeded_rng,
    system_rng,
)
from games.cards.shoe import Shoe
from games.dreamcatcher import rules as dreamcatcher
from games.pai_gow import dice
from games.pai_gow import rules as pai_gow
from games.players_edge21 import rules as players_edge21
from games.spanish21 import rules as spanish21
from tests.conftest import assert_ledger_balanced
from tests.test_runtime import Clock

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

FAST = {
    "dreamcatcher": {"betting_seconds": 1, "spin_seconds": 1, "result_seconds": 1},
    "spanish21": {
        "betting_seconds": 1,
        "deal_seconds": 0,
        "insurance_seconds": 1,
        "action_seconds": 3,
        "result_seconds": 0,
    },
    "pai_gow": {
        "betting_seconds": 1,
        "shake_seconds": 1,
        "roll_seconds": 5,
        "set_seconds": 5,
        "result_seconds": 0,
    },
}
FAST["players_edge21"] = FAST["spanish21"]
# The progressive meter each game's table links (pai gow also gets a Must-Hit-By).
METERS = {
    "spanish21": ("match_the_dealer", "", spanish21.PROGRESSIVE, [spanish21.MATCH_THE_DEALER]),
    "players_edge21": (
        "monster_match",
        "A",
        players_edge21.MONSTER_MATCH,
        [players_edge21.MATCH_UP, players_edge21.MATCH_DOWN],
    ),
}
GAMES = ["dreamcatcher", "spanish21", "players_edge21", "pai_gow"]


# -- the generators ----------------------------------------------------------


def test_the_recorder_gives_exactly_what_the_seeded_generator_gives():
    """A seeded table's sequences are the same as before the recorder."""
    for seed in (1, 635, 2024):
        bare, recording = seeded_rng(seed), RecordingRandom(seeded_rng(seed))
        for rng in (bare, recording):
            rng.results = [
                Shoe.shuffled("standard", 8, rng).to_json(),
                [dreamcatcher.draw_spin(rng) for _ in range(5)],
                [str(dice.roll(rng)) for _ in range(5)],
                rng.sample(range(53), 7),
                rng.random(),
            ]
        assert bare.results == recording.results
        assert dump_state(recording) == dump_state(bare)
        # The record replays, and the seed gives it again.
        playback = PlaybackRandom(recording.draws)
        assert Shoe.shuffled("standard", 8, playback).to_json() == bare.results[0]
        assert redraw(seeded_rng(seed), recording.draws) is None
    assert dump_state(RecordingRandom(system_rng())) is None


def test_playback_refuses_a_call_that_was_not_recorded():
    recording = RecordingRandom(seeded_rng(3))
    recording.randint(1, 6)
    with pytest.raises(PlaybackError, match="asked for random"):
        PlaybackRandom(recording.draws).random()
    with pytest.raises(PlaybackError, match="asked for getrandbits\\(9\\)"):
        PlaybackRandom(recording.draws).getrandbits(9)
    with pytest.raises(PlaybackError, match="only 1 draws"):
        playback = PlaybackRandom(recording.draws)
        playback.randint(1, 6)
        playback.randint(1, 6)


# -- tables played through the real runtime ------------------------------------


def make_table(game, seed, meters=True):
    table = Table.objects.create(
        game=game,
        name=f"{game} {'seeded' if seed else 'public'}",
        config=FAST[game],
        is_test=seed is not None,
        seed=seed,
        max_seats=6,
    )
    if meters and game in METERS:
        kind, paytable = METERS[game][:2]
        meter = Meter.objects.create(name=kind, kind=kind, paytable=paytable, wager_dollars=1)
        TableLink.objects.create(meter=meter, table=table)
        api.open_meter(meter)
    if meters and game == "pai_gow":
        payout = Meter.objects.create(name="Pai gow progressive", kind="progressive_payout", wager_dollars=1)
        mystery = Meter.objects.create(name="Mystery", kind="must_hit_by", paytable="A", wager_dollars=1)
        for meter in (payout, mystery):
            TableLink.objects.create(meter=meter, table=table)
        api.open_meter(payout)
        api.open_meter(mystery, rng=random.Random(1))
        # A trigger a hair above the seed: the first qualifying wager hits the Mystery bonus.
        state = api.state(mystery.pk)
        state["trigger"] = 10_000 * UNITS_PER_CENT + 1
        api.load(mystery.pk, state, [f"{state['trigger_seq'] + 1}:{15_000 * UNITS_PER_CENT}"])
    clock = Clock()
    runtime = TableRuntime(table, clock=clock)
    runtime.start()
    return runtime, clock


def tick(runtime, clock):
    clock.now = runtime.snapshot["timer"]["deadline"]
    runtime.tick()


def bet(runtime, player, spot, chips):
    message = {"action": "bet", "spot": spot, "amount": str(chips), "round": runtime.round}
    runtime.act(player.pk, player.nickname, message)


def play(runtime, clock, players, rounds, choices):
    """``rounds`` rounds with the players betting and acting at random; the
    last player leaves during the last round."""
    game = runtime.table.game
    for number in range(rounds):
        for player in players:
            if player != players[0] and choices.random() < 0.15:
                continue  # Ann always bets: a round without wagers would not start
            if game == "dreamcatcher":
                for _ in range(choices.randint(1, 3)):
                    bet(runtime, player, choices.choice(dreamcatcher.SPOTS), choices.randint(1, 20))
            elif game == "pai_gow":
                for area, chips in (("main", choices.choice([5, 10])), ("fortune", 5), ("progressive", 1)):
                    bet(runtime, player, area, chips)
            else:
                _kind, _pool, progressive, sides = METERS[game]
                bet(runtime, player, bj.MAIN, choices.choice([5, 10, 25]))
                for area in sides + [progressive]:
                    if choices.random() < 0.5:
                        bet(runtime, player, area, 5 if area in sides else 1)
        if number == rounds - 1:
            runtime.act(players[-1].pk, players[-1].nickname, {"action": "leave", "round": runtime.round})
        start = runtime.round
        for _step in range(100):
            state = runtime.state
            if game in ("spanish21", "players_edge21") and state.phase == bj.PLAYING:
                seat = state.turn[0]
                kind = choices.choice(runtime.rules.legal_actions(state, seat))
                runtime.act(state.spot(seat)["player"], "P", {"action": kind, "round": runtime.round})
            elif (
                game in ("spanish21", "players_edge21")
                and state.phase == bj.INSURANCE
                and choices.random() < 0.3
            ):
                seat = choices.choice(state.seats())
                try:
                    runtime.act(state.spot(seat)["player"], "P", {"action": "insure", "round": runtime.round})
                except Refused:
                    tick(runtime, clock)
            elif game == "pai_gow" and state.phase == pai_gow.SETTING and choices.random() < 0.5:
                unset = [s for s in state.seats() if state.spot(s)["high"] is None]
                if unset:
                    player = state.spot(unset[0])["player"]
                    runtime.act(player, "P", {"action": "house_way", "round": runtime.round})
                else:
                    tick(runtime, clock)
            else:
                tick(runtime, clock)
            if runtime.round > start:
                break
        else:
            raise AssertionError(f"round {runtime.round} never ended: {runtime.state.phase}")


def played(game, seed, make_player, rounds=4, meters=True):
    runtime, clock = make_table(game, seed, meters)
    players = [make_player(name) for name in ("Ann", "Bob", "Cy")]
    for player in players:
        runtime.act(player.pk, player.nickname, {"action": "sit", "round": runtime.round})
    play(runtime, clock, players, rounds, random.Random(21))
    return runtime


def records(table):
    return list(Round.objects.filter(table=table).order_by("number"))


@pytest.mark.parametrize("seed", [None, 635], ids=["public", "seeded"])
@pytest.mark.parametrize("game", GAMES)
def test_every_round_replays_to_the_identical_outcome(game, seed, make_player, clean_redis):
    runtime = played(game, seed, make_player)
    assert_ledger_balanced()
    rounds = records(runtime.table)
    assert [record.number for record in rounds] == [1, 2, 3, 4]
    for record in rounds:
        report = replay(record)
        assert report.identical, f"round {record.number}: {report.difference}"
        assert record.finished is not None and report.steps and all(item.ok for item in report.steps)
        assert record.config == runtime.config.to_json()
        assert (record.is_test, record.seed) == (seed is not None, seed)
        assert (record.rng_start is None) == (seed is None or record.number == 1)
        if record.number > 1:
            assert any("where round" in note for note in report.notes)  # chained to the previous record
    # Every rules transition is a step: the table's clock, the players' and the leaving.
    kinds = {step["action"]["kind"] for record in rounds for step in record.steps}
    assert "leave" in kinds and "bet" in kinds
    assert any(step["action"]["player"] is None for step in rounds[0].steps)
    assert any(step["draws"] for record in rounds for step in record.steps)
    # The last step of the last round leads to the game state the table is in now.
    assert rounds[-1].steps[-1]["state_hash"] == state_hash(runtime.snapshot["game"])
    if game != "dreamcatcher":
        meters = [step["meters"] for record in rounds for step in record.steps if step["meters"] is not None]
        assert meters, "the meters were called"


def test_a_round_with_meter_moves_replays_without_the_meters(make_player, clean_redis, monkeypatch):
    runtime = played("pai_gow", None, make_player, rounds=3)
    hits = [
        (record, step)
        for record in records(runtime.table)
        for step in record.steps
        if step["meters"] and step["meters"]["hits"]
    ]
    assert hits, "the Mystery bonus hit"
    record, step = hits[0]
    # The rules pay the hit at the showdown, from the meters' recorded answer.
    assert any("mystery" in move["memo"].lower() for later in record.steps for move in later["moves"])

    def forbidden(*args, **kwargs):
        raise AssertionError("a replay never calls the meters")

    for name in ("contribute", "award", "linked_meters"):
        monkeypatch.setattr(api, name, forbidden)
    report = replay(record)
    assert report.identical, report.difference


# -- tampering -----------------------------------------------------------------


def first_step(record, test):
    for index, step in enumerate(record.steps):
        if test(step):
            return index
    raise AssertionError("no such step")


def test_tampered_moves_log_or_meters_are_differences(make_player, clean_redis):
    runtime = played("spanish21", None, make_player, rounds=2)
    record = records(runtime.table)[0]
    assert replay(record).identical

    index = first_step(record, lambda step: step["moves"])
    record.steps[index]["moves"][0]["amount"] += 100
    report = replay(record)
    assert f"Step {index + 1}" in report.difference and "chip moves differ" in report.difference
    assert [item.ok for item in report.steps] == [True] * index + [False]

    record.refresh_from_db()
    index = first_step(record, lambda step: step["log"])
    record.steps[index]["log"][0]["text"] = "pays everyone double"
    assert "log differs" in replay(record).difference

    record.refresh_from_db()
    index = first_step(record, lambda step: step["meters"] is not None)
    record.steps[index]["meters"] = None
    assert "meters" in replay(record).difference

    record.refresh_from_db()
    record.steps[-1]["state_hash"] = "0" * 64
    assert "state after the step differs" in replay(record).difference


def test_tampered_draws_are_differences(make_player, clean_redis):
    for seed in (None, 7):
        runtime = played("dreamcatcher", seed, make_player, rounds=1)
        record = records(runtime.table)[0]
        index = first_step(record, lambda step: step["draws"])
        draws = record.steps[index]["draws"]
        # A value below 2**(k-1) was accepted by random.Random's _randbelow
        # (n > 2**(k-1)): its neighbour is accepted too, and draws another result.
        at = next(i for i, (k, value) in enumerate(draws) if k >= 2 and value < 2 ** (k - 1))
        draws[at][1] ^= 1
        report = replay(record)
        assert not report.identical
        assert f"Step {index + 1}" in report.difference
        if seed is not None:
            assert "not what seed 7 gives" in report.difference
        record.refresh_from_db()
        record.steps[index]["draws"].append([5, 3])
        expected = "the record has" if seed is None else "draw 5 is not what seed 7 gives"
        assert expected in replay(record).difference


def test_tampered_start_state_breaks_the_chain(make_player, clean_redis):
    runtime = played("dreamcatcher", None, make_player, rounds=2)
    record = records(runtime.table)[1]
    record.start_state["history"] = []
    assert "not where round 1's record ended" in replay(record).difference


# -- the command ------------------------------------------------------------------


def test_the_replay_command(make_player, clean_redis, monkeypatch):
    runtime = played("players_edge21", 635, make_player, rounds=1)
    record = records(runtime.table)[0]
    out = io.StringIO()
    call_command("replay", str(record.pk), stdout=out)
    text = out.getvalue()
    assert f"Round 1 of {runtime.table.name} (players_edge21, test table, seed 635)" in text
    assert "   1. " in text and "table: close_betting" in text and "Ann (seat 1): bet" in text
    assert "$ Ann: stake 5" in text
    assert text.strip().splitlines()[-1].startswith("identical:")

    record.steps[0]["moves"] = []
    record.save()
    out = io.StringIO()
    with pytest.raises(CommandError) as raised:
        call_command("replay", str(record.pk), stdout=out)
    assert raised.value.returncode == 1
    assert "DIFFERENT: Step 1 (Ann (seat 1): bet): the chip moves differ" in out.getvalue()

    with pytest.raises(CommandError) as raised:
        call_command("replay", "999999")
    assert raised.value.returncode == 2
    # From the command line, those are the exit statuses (the test keeps its
    # database connection, which a command run from the shell closes at the end).
    monkeypatch.setattr(connections, "close_all", lambda: None)
    for argument, status in ((record.pk, 1), (999999, 2)):
        with pytest.raises(SystemExit) as exited:
            Command(stdout=io.StringIO(), stderr=io.StringIO()).run_from_argv(
                ["manage.py", "replay", str(argument)]
            )
        assert exited.value.code == status


# -- the round page ------------------------------------------------------------------


def test_the_round_page_shows_the_steps_never_the_shoe(make_player, clean_redis):
    runtime = played("spanish21", None, make_player, rounds=2)
    first, second = records(runtime.table)
    response = Client().get(f"/tables/{runtime.table.pk}/rounds/1/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Identical: replaying the" in html
    assert "test table" not in html
    assert "Ann (seat 1)" in html and "bet" in html and "No more bets." in html
    assert "Ann: stake 5" in html or "Ann: stake 10" in html or "Ann: stake 25" in html
    assert "Round 2 →" in html
    # Nothing of the shoe: neither the cards the round started from nor those still to come.
    for shoe in (second.start_state["shoe"], runtime.state.shoe):
        cards = shoe["cards"].split()
        for start in range(0, len(cards) - 5, 50):
            assert " ".join(cards[start : start + 5]) not in html
    assert str(first.steps[0]["state_hash"]) not in html
    # The table page links the records, which open at the last finished round.
    assert "Round records" in Client().get(f"/tables/{runtime.table.pk}/").content.decode()
    response = Client().get(f"/tables/{runtime.table.pk}/rounds/")
    assert response.status_code == 302 and response.url.endswith("/rounds/2/")


def test_an_unfinished_public_round_shows_only_what_the_table_showed(make_player, clean_redis):
    runtime, clock = make_table("dreamcatcher", None)
    ann = make_player("Ann")
    runtime.act(ann.pk, "Ann", {"action": "sit", "round": runtime.round})
    bet(runtime, ann, "10", 5)
    tick(runtime, clock)  # no more bets: the spin is drawn, the wheel still turns
    record = records(runtime.table)[0]
    assert record.finished is None and record.steps[-1]["draws"]
    html = Client().get(f"/tables/{runtime.table.pk}/rounds/1/").content.decode()
    assert "still in play" in html and "replayed once it is over" in html
    assert "random draw" not in html and "Identical" not in html
    assert "Ann (seat 1)" in html and "Ann: stake 5" in html
    assert "direction" not in html and "section&quot;" not in html and '"section"' not in html


def test_a_test_table_round_page_shows_its_badge_and_seed_to_designers_only(
    make_player, clean_redis, admin_client
):
    runtime = played("dreamcatcher", 4242, make_player, rounds=1)
    html = admin_client.get(f"/tables/{runtime.table.pk}/rounds/1/").content.decode()
    assert "test table" in html and "4242" in html and "Identical" in html
    assert "random draw" in html
    assert admin_client.get(f"/tables/{runtime.table.pk}/rounds/99/").status_code == 404
    refused = Client().get(f"/tables/{runtime.table.pk}/rounds/1/")
    assert refused.status_code == 403 and "4242" not in refused.content.decode()


def test_the_record_stays_small(make_player, clean_redis):
    """The round record is rewritten at each transition: keep it a few kB
    (a blackjack shuffle of 416 cards is ~600 draws, about 5 kB)."""
    import json

    runtime = played("spanish21", None, make_player, rounds=3)
    for record in records(runtime.table):
        size = len(json.dumps(record.steps)) + len(json.dumps(record.start_state))
        assert size < 60_000, f"round {record.number}: {size} bytes"


def test_a_rules_submission_changed_mid_round_is_recorded_and_replayed(make_player, clean_redis):
    import dataclasses

    runtime, clock = make_table("dreamcatcher", 99)
    ann = make_player("Ann")
    runtime.act(ann.pk, "Ann", {"action": "sit", "round": runtime.round})
    bet(runtime, ann, "1", 5)
    # What the owner's reload_config does when an admin edits the table between phases.
    runtime.config = dataclasses.replace(runtime.config, result_seconds=2)
    while runtime.round == 1:
        tick(runtime, clock)
    record = records(runtime.table)[0]
    changed = [step for step in record.steps if "config" in step]
    assert len(changed) == 1 and changed[0]["config"]["result_seconds"] == 2
    assert record.config["result_seconds"] == 1
    assert replay(record).identical


def test_the_admin_links_each_round_to_its_record(make_player, clean_redis, admin_client):
    runtime = played("dreamcatcher", None, make_player, rounds=1, meters=False)
    table = runtime.table
    record = records(table)[0]
    page = admin_client.get("/admin/tables/round/").content.decode()
    assert f'href="/tables/{table.pk}/rounds/{record.number}/"' in page
    assert f"{len(record.steps)} steps, replay" in page


# -- a designer's stack on a running test table ---------------------------------


def designer_player(make_player, name="Dee"):
    from django.contrib.auth.models import Group, User

    player = make_player(name)
    user = User.objects.create_user(name.lower(), password="pw-designer-1")
    user.groups.add(Group.objects.get_or_create(name="designers")[0])
    player.user = user
    player.save()
    return player


def test_a_designer_stacks_a_running_test_table_and_the_round_replays(make_player, clean_redis):
    runtime, clock = make_table("dreamcatcher", 99, meters=False)
    dee = designer_player(make_player)
    runtime.act(dee.pk, dee.nickname, {"action": "sit", "round": runtime.round})
    version = runtime.version
    with pytest.raises(Refused, match="not on the wheel"):
        runtime.act(dee.pk, dee.nickname, {"action": "stack", "text": "7x 3"})
    assert runtime.version == version  # nothing changed
    runtime.act(dee.pk, dee.nickname, {"action": "stack", "text": "7x 2x 10"})
    bet(runtime, dee, "10", 1)
    number = runtime.round
    while runtime.round == number:
        tick(runtime, clock)
    record = Round.objects.get(table=runtime.table, number=number)
    assert record.steps[0]["action"]["kind"] == "stack"
    assert "140 to 1" in " ".join(record.log)
    assert replay(record).identical


def test_only_a_designer_stacks_and_only_a_test_table(make_player, clean_redis):
    runtime, _ = make_table("dreamcatcher", 99, meters=False)
    ann = make_player("Ann")
    with pytest.raises(Refused, match="designer"):
        runtime.act(ann.pk, ann.nickname, {"action": "stack", "text": "7x 10"})
    public, _ = make_table("dreamcatcher", None, meters=False)
    dee = designer_player(make_player)
    with pytest.raises(Refused, match="Only a test table"):
        public.act(dee.pk, dee.nickname, {"action": "stack", "text": "7x 10"})
    with pytest.raises(Refused, match="Type what to stack"):
        runtime.act(dee.pk, dee.nickname, {"action": "stack", "text": "  "})
    assert not public.snapshot["game"].get("stacked")
