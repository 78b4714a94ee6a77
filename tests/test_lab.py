"""The lab: ``manage.py edge``, the Must-Hit-By figures, the /lab/ page, what-if
paytables and simulations with progress (real database, real threads)."""

import json
import random
import time
from fractions import Fraction
from io import StringIO

import pytest
from django.contrib.auth.models import Group, User
from django.core.management import CommandError, call_command

from casino.lab import progressive, registry
from casino.lab.models import SimulationRun
from casino.progressives.books import Books
from games.meters import MUST_HIT_BY_CONFIGURATIONS, must_hit_by

KEYS = {
    "game", "wager", "paytable", "decks", "kind", "rtp", "rtp_fixed", "rtp_progressive", "house_edge",
    "hit_frequency", "std_dev", "method", "rounds", "ci99", "assumptions",
}  # fmt: skip
BONUS_KEYS = {"adds_to", "contribution", "contribution_fixed", "contribution_progressive"}
GAMES = {
    "dreamcatcher", "spanish21", "players_edge21", "pai_gow", "three_card_poker", "four_card_poker",
    "crazy_4_poker", "caribbean_stud", "dj_wild_stud", "let_it_ride", "mississippi_stud",
    "down_under_blackjack", "texas_holdem_bonus", "ultimate_texas_holdem", "fortune_asia_poker",
    "six_card_fortune_pai_gow", "face_up_pai_gow",
}  # fmt: skip


def edge(*args):
    out, err = StringIO(), StringIO()
    call_command("edge", *args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


# --- manage.py edge -----------------------------------------------------------


@pytest.mark.django_db
def test_edge_json_has_every_game_and_the_keys():
    out, _ = edge("--json", "--exact-only")
    rows = json.loads(out)
    assert {row["game"] for row in rows} == GAMES
    for row in rows:
        assert KEYS <= set(row), row
        assert row["method"] == "exact"
        assert row["rounds"] is None and row["ci99"] is None
        if row["kind"] == "bonus":
            # Paid on top of another wager: what it adds to that wager, never an RTP of its own.
            assert BONUS_KEYS <= set(row) and row["adds_to"], row
            assert row["rtp"] is None and row["house_edge"] is None
            assert row["contribution"] == pytest.approx(
                row["contribution_fixed"] + row["contribution_progressive"]
            )
        else:
            assert row["kind"] == "wager"
            assert row["rtp"] == pytest.approx(row["rtp_fixed"] + row["rtp_progressive"])
            assert row["house_edge"] == pytest.approx(1 - row["rtp"])
        assert isinstance(row["assumptions"], list) and row["assumptions"]
    bonuses = {(row["game"], row["wager"]) for row in rows if row["kind"] == "bonus"}
    assert {
        ("four_card_poker", "ante_bonus"),
        ("four_card_poker", "five_card_envy"),
        ("six_card_fortune_pai_gow", "envy"),
        ("pai_gow", "must_hit_by"),
    } <= bonuses
    spots = {row["wager"]: row["rtp"] for row in rows if row["game"] == "dreamcatcher"}
    assert round(100 * spots["10"], 2) == 96.58  # 50 Pa.B. 6778: the game's best
    wagers = {(row["game"], row["wager"]) for row in rows}
    for expected in [
        ("spanish21", "match_the_dealer"),
        ("players_edge21", "match_up"),
        ("players_edge21", "match_down"),
        ("players_edge21", "monster_match"),
        ("pai_gow", "dice_sum"),
        ("pai_gow", "dice_match"),
        ("pai_gow", "dice_beat_it"),
        ("pai_gow", "must_hit_by"),
    ]:
        assert expected in wagers


@pytest.mark.django_db
def test_edge_one_game_and_a_short_simulation_with_a_progress_bar():
    out, err = edge("--json", "--game", "pai_gow", "--wager", "main", "--rounds", "400", "--seed", "7")
    rows = json.loads(out)
    assert {row["variant"] for row in rows} == {"standard", "commission_free"}
    for row in rows:
        assert row["method"] == "simulation" and row["rounds"] == 400
        low, high = row["ci99"]
        assert low < row["rtp"] < high
    assert "100%" in err and "#" in err  # the progress bar, on stderr only
    again, _ = edge("--json", "--game", "pai_gow", "--wager", "main", "--rounds", "400", "--seed", "7")
    assert json.loads(again) == rows  # seeded: the same figures


@pytest.mark.django_db
def test_edge_prints_an_aligned_table():
    out, _ = edge("--game", "dreamcatcher")
    lines = out.splitlines()
    assert lines[0].split()[:3] == ["game", "wager", "paytable"]
    assert len(lines) == 2 + 6
    assert len({line.index("exact") for line in lines[2:]}) == 1  # one column


@pytest.mark.django_db
def test_edge_refuses_bad_arguments():
    with pytest.raises(CommandError, match="Unknown game"):
        edge("--game", "roulette")
    with pytest.raises(CommandError, match="at least 1"):
        edge("--rounds", "0")


@pytest.mark.django_db
def test_edge_save_keeps_the_run_for_the_page():
    edge("--game", "pai_gow", "--wager", "main", "--rounds", "200", "--save", "--no-progress")
    runs = SimulationRun.objects.filter(status=SimulationRun.DONE)
    assert runs.count() == len([s for s in registry.specs("pai_gow") if s.wager == "main"])
    assert all(run.result["trace"] for run in runs)


# --- Must-Hit-By: closed form against the meter's own books -------------------


def test_must_hit_by_rows_cover_every_configuration():
    rows = progressive.must_hit_by_specs("pai_gow")
    assert {spec.meter[1:] for spec in rows} == set(MUST_HIT_BY_CONFIGURATIONS)


@pytest.mark.parametrize("configuration, dollars", [("A", 1), ("C", 5), ("D", 2)])
def test_must_hit_by_cycle_matches_the_books(configuration, dollars):
    """An independent check: play the meter's reference books (the arithmetic
    the Lua scripts implement) with random triggers for many cycles."""
    rules = must_hit_by(configuration, dollars)
    wagers_per_hit, average_hit, _ = progressive.must_hit_by_cycle(rules)
    rng = random.Random(5)

    def trigger():
        return rng.randrange(rules.seed_cents, rules.must_hit_by_cents)

    books = Books.opened(rules, trigger_cents=trigger())
    prizes = []
    while len(prizes) < 400:
        hit = books.contribute(rules.wager_cents, trigger)
        if hit:
            prizes.append(hit.prize_cents)
    # 400 cycles: the mean of a uniform cycle is within ~4% of its expectation.
    assert books.wagers / len(prizes) == pytest.approx(float(wagers_per_hit), rel=0.06)
    assert sum(prizes) / len(prizes) == pytest.approx(float(average_hit), rel=0.03)
    # Renewal: the long-run return is what the books paid per wagered cent.
    row = progressive.must_hit_by_row(progressive.must_hit_by_specs("pai_gow")[0])
    assert row.rtp == row.rtp_progressive and row.rtp_fixed == 0


def test_must_hit_by_configuration_a_one_dollar_by_hand():
    # $100 to $200, 2% of $1 = 2 cents a wager: triggers average $149.995, so
    # (14999.5 - 10000) / 2 + 1/2 wagers, each cycle paying the meter at the hit.
    wagers, hit, _ = progressive.must_hit_by_cycle(must_hit_by("A", 1))
    assert wagers == Fraction(5001, 2)
    assert hit == 10_000 + 2 * wagers


def test_meter_return_counts_increments_and_reseeds():
    from games.spanish21.paytables import match_the_dealer

    rules = match_the_dealer(1)
    assert progressive.meter_return(rules, 0) == Fraction(15, 100)
    assert progressive.meter_return(rules, Fraction(1, 1000)) == Fraction(15, 100) + 1


# --- the page ------------------------------------------------------------------


@pytest.fixture
def designer(db, client):
    user = User.objects.create_user("dana", password="pw-dana-123")
    user.groups.add(Group.objects.get_or_create(name="designers")[0])
    client.force_login(user)
    return user


@pytest.mark.django_db
def test_the_lab_is_for_staff_and_designers(client):
    response = client.get("/lab/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    User.objects.create_user("pat", password="pw-pat-12345")
    client.login(username="pat", password="pw-pat-12345")
    assert client.get("/lab/").status_code == 403
    staff = User.objects.create_user("sam", password="pw-sam-12345", is_staff=True)
    client.force_login(staff)
    assert client.get("/lab/").status_code == 200


def every_row_worked_out(client):
    """The all-games table once its exact rows are worked out: until then it
    says so and polls (htmx), as a browser showing it would."""
    deadline = time.monotonic() + 180
    while "lab-pending" in (table := client.get("/lab/", HTTP_HX_REQUEST="true").content.decode()):
        assert time.monotonic() < deadline, "the exact rows were never worked out"
        time.sleep(0.2)
    return table


def test_the_page_lists_rows_filters_and_draws_charts(client, designer):
    page = client.get("/lab/").content.decode()
    assert "Paytable lab" in page and 'href="/lab/"' in page  # the nav's Lab link
    assert "https://" not in page.split("<main")[1]  # no chart from a CDN
    table = every_row_worked_out(client)
    assert table.count("<svg") >= 5  # bar charts per wager with several paytables
    assert "Working it out" not in table and "https://" not in table
    only = client.get("/lab/?game=players_edge21", HTTP_HX_REQUEST="true").content.decode()
    assert "Monster Match" in only and "Dreamcatcher" not in only and "<html" not in only


def test_the_all_games_page_comes_at_once_and_fills_in(client, designer, monkeypatch):
    """In a fresh process no exact row is worked out: the page does not wait
    for them (tens of seconds for every game) but says so, polls, and one
    thread works them out; one game's page comes worked out."""
    monkeypatch.setattr(registry, "_exact_figures", {})
    started = time.monotonic()
    page = client.get("/lab/").content.decode()
    assert time.monotonic() - started < 5, "the page waited for the exact rows"
    assert "Working out" in page and "Working it out" in page and 'hx-trigger="every 2s"' in page
    assert "The charts follow when every row is worked out." in page
    table = every_row_worked_out(client)
    exact = [spec for spec in registry.specs() if registry.is_exact(spec)]
    assert all(registry.known_exact_figures(spec) is not None for spec in exact)
    assert "Working it out" not in table and "every 2s" not in table  # the polling stops
    monkeypatch.setattr(registry, "_exact_figures", {})
    one = client.get("/lab/?game=four_card_poker", HTTP_HX_REQUEST="true").content.decode()
    assert "Working" not in one and "Aces Up" in one


def test_what_if_recomputes_an_exact_row_at_once(client, designer):
    spec = next(s for s in registry.specs("dreamcatcher") if s.wager == "10")
    page = client.get(f"/lab/rows/{spec.key}/").content.decode()
    assert "96.5" in page and 'name="line-10"' in page
    response = client.post(f"/lab/rows/{spec.key}/what-if/", {"line-10": "11 to 1"}, HTTP_HX_REQUEST="true")
    text = response.content.decode()
    # 4 sections of 54 carry 10: one more unit of odds on it adds 4/45 of a unit (E[M]).
    expected = float(registry.compute(spec).exact_rtp + Fraction(4, 45))
    assert f"{100 * expected:.3f}%" in text
    bad = client.post(f"/lab/rows/{spec.key}/what-if/", {"line-10": "eleven"}, HTTP_HX_REQUEST="true")
    assert "Nothing recomputed" in bad.content.decode()
    assert registry.compute(spec).exact_rtp < expected  # the regulation's table is untouched


@pytest.mark.django_db(transaction=True)
def test_a_simulation_runs_with_progress_and_shows_its_band(client, designer):
    spec = next(s for s in registry.specs("pai_gow") if s.wager == "main")
    refused = client.post(
        f"/lab/rows/{spec.key}/simulate/", {"rounds": "5", "seed": "1"}, HTTP_HX_REQUEST="true"
    )
    assert "was not started" in refused.content.decode() and not SimulationRun.objects.exists()
    started = client.post(
        f"/lab/rows/{spec.key}/simulate/", {"rounds": "3000", "seed": "3"}, HTTP_HX_REQUEST="true"
    )
    run = SimulationRun.objects.get()
    assert f"/lab/runs/{run.pk}/" in started.content.decode()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        run.refresh_from_db()
        if run.status != SimulationRun.RUNNING:
            break
        time.sleep(0.2)
    assert run.status == SimulationRun.DONE, run.error
    shown = client.get(f"/lab/runs/{run.pk}/").content.decode()
    assert "Running RTP" in shown and "<polygon" in shown and "3,000 rounds" in shown
    assert run.result["rounds"] == 3000
    table = client.get("/lab/?game=pai_gow").content.decode()
    assert "(reference)" in table  # the other variant: its long reference run


@pytest.mark.django_db(transaction=True)
def test_a_what_if_simulation_uses_the_designers_copy(client, designer):
    spec = next(s for s in registry.specs("pai_gow") if s.wager == "tiger9")
    page = client.get(f"/lab/rows/{spec.key}/").content.decode()
    assert 'name="line-tiger_9"' in page and "Reference run" in page
    bad = client.post(f"/lab/rows/{spec.key}/simulate/", {"rounds": "2000", "line-tiger_9": "lots"})
    assert "was not started" in bad.content.decode() and not SimulationRun.objects.exists()
    client.post(
        f"/lab/rows/{spec.key}/simulate/", {"rounds": "20000", "seed": "4", "line-tiger_9": "30 to 1"}
    )
    client.post(
        f"/lab/rows/{spec.key}/simulate/", {"rounds": "20000", "seed": "4", "line-tiger_9": "60 to 1"}
    )
    deadline = time.monotonic() + 60
    while SimulationRun.objects.filter(status=SimulationRun.RUNNING).exists() and time.monotonic() < deadline:
        time.sleep(0.2)
    regulation, doubled = SimulationRun.objects.order_by("id")
    assert regulation.payouts == {} and doubled.payouts == {"tiger_9": "60 to 1"}
    # The same seed deals the same hands: each Tiger 9 now pays 61 back instead of 31.
    hits = regulation.result["hit_frequency"]
    assert doubled.result["rtp"] == pytest.approx(regulation.result["rtp"] + 30 * hits)


def test_no_more_than_two_simulations_run_at_once(client, designer):
    spec = next(s for s in registry.specs("pai_gow") if s.wager == "tiger9")
    for _ in range(2):
        SimulationRun.objects.create(key=spec.key, title=spec.title, rounds=10_000_000)
    refused = client.post(f"/lab/rows/{spec.key}/simulate/", {"rounds": "1000"}, HTTP_HX_REQUEST="true")
    assert "running already" in refused.content.decode()
    assert SimulationRun.objects.count() == 2


@pytest.mark.django_db
def test_a_simulated_row_with_a_meter_keeps_rtp_inside_its_band(client, designer):
    out, _ = edge(
        "--json", "--game", "pai_gow", "--wager", "progressive", "--rounds", "3000", "--no-progress"
    )
    (row,) = json.loads(out)
    assert row["rtp"] == pytest.approx(row["rtp_fixed"] + row["rtp_progressive"])
    assert row["rtp_progressive"] > 0.2  # 20% of each wager, plus the reseeds
    assert row["ci99"][0] < row["rtp"] < row["ci99"][1]
    # The page's table, before anyone runs it, shows the reference run with its meter part.
    page = client.get("/lab/?game=pai_gow").content.decode()
    spec = next(s for s in registry.specs("pai_gow") if s.wager == "progressive")
    reference = registry.reference_run(spec)
    assert f"{100 * (reference['rtp'] + reference['rtp_progressive']):.3f}%" in page


# --- the exact rows kept across restarts ---------------------------------------


def test_kept_exact_rows_are_used_only_with_the_same_digest(monkeypatch, lab_exact_rows):
    """A kept row stands for its figures only while what they come from is
    unchanged: its spec and the source of its game's lab module and of all
    it imports (the paytables among them)."""
    monkeypatch.setattr(registry, "_exact_figures", {})
    monkeypatch.setattr(registry, "_disk", {"seen": None})
    spec, other = [s for s in registry.specs("four_card_poker") if registry.is_exact(s)][:2]
    kept = {"rtp": 0.5, "title": "kept"}
    lab_exact_rows.write_text(
        json.dumps(
            {
                spec.key: {"digest": registry.row_digest(spec), "figures": kept},
                other.key: {"digest": "the digest of older code", "figures": kept},
            }
        )
    )
    assert registry.known_exact_figures(spec) == kept
    assert registry.known_exact_figures(other) is None  # stale: worked out again
    assert registry.exact_figures(other) == registry.compute(other).to_json()
    # What the digest reads: the game's paytables, the evaluators, the meters'
    # rules; not Django, not the tables' runtime.
    read = registry.source_modules("games.four_card_poker.edge", progressive.__name__)
    assert {"games.four_card_poker.paytables", "games.payouts", "games.lab.rows"} <= set(read)
    assert "casino.progressives.paytables" in read and "games.cards.cards" in read
    assert not [name for name in read if name.startswith(("django", "casino.tables.models"))]


def test_lab_exact_rows_works_them_out_once_and_keeps_them(monkeypatch, lab_exact_rows):
    monkeypatch.setattr(registry, "_exact_figures", {})
    only = registry.specs("four_card_poker")
    monkeypatch.setattr(registry, "specs", lambda game=None: only)
    out = StringIO()
    call_command("lab_exact_rows", stdout=out)
    exact = [s for s in only if registry.is_exact(s)]
    assert f"The lab's {len(exact)} exact rows: {len(exact)} worked out, 0 already kept" in out.getvalue()
    kept = json.loads(lab_exact_rows.read_text())
    assert set(kept) == {s.key for s in exact}
    assert kept[exact[0].key]["figures"] == registry.compute(exact[0]).to_json()
    # A restart: only the file is left.
    monkeypatch.setattr(registry, "_exact_figures", {})
    monkeypatch.setattr(registry, "_disk", {"seen": None})
    monkeypatch.setattr(registry, "compute", lambda spec, **kw: pytest.fail("worked out again"))
    out = StringIO()
    call_command("lab_exact_rows", stdout=out)
    assert f"0 worked out, {len(exact)} already kept" in out.getvalue()


def test_a_row_that_fails_does_not_hold_up_the_others(monkeypatch, lab_exact_rows):
    monkeypatch.setattr(registry, "_exact_figures", {})
    monkeypatch.setattr(registry, "_failed", {})
    bad, *good = [s for s in registry.specs("four_card_poker") if registry.is_exact(s)]
    compute = registry.compute

    def failing(spec, **kwargs):
        if spec == bad:
            raise ZeroDivisionError("a broken paytable")
        return compute(spec, **kwargs)

    monkeypatch.setattr(registry, "compute", failing)
    assert registry.work_out([bad, *good]) == len(good)
    assert registry.failed_exact_row(bad) == "a broken paytable"
    assert registry.pending_exact([bad, *good]) == []  # the page stops polling
    assert all(registry.known_exact_figures(spec) for spec in good)


# --- simulations: the running trace and the time bound ---------------------------


def test_simulations_report_their_running_trace():
    from games.caribbean_stud import edge as caribbean

    spec = next(s for s in caribbean.specs() if s.method == "simulation")
    traces = []
    caribbean.compute(
        spec, rounds=2000, seed=1, progress=lambda done, total, trace: traces.append(list(trace))
    )
    assert len(traces) == 100 and traces[-1][-1][0] == 2000
    assert all(low <= rtp <= high for _, rtp, low, high in traces[-1])


def test_a_running_trace_is_thinned_for_the_page():
    from casino.lab import jobs

    trace = [[n, 1.0, 0.9, 1.1] for n in range(1, 1001)]
    kept = jobs.thinned(trace)
    assert len(kept) <= jobs.TRACE_POINTS + 1 and kept[0][0] == 1 and kept[-1][0] == 1000
    assert jobs.thinned(trace[:5]) == trace[:5]


@pytest.mark.django_db
def test_a_run_past_its_time_is_stopped_and_says_so(monkeypatch):
    from casino.lab import jobs

    spec = next(s for s in registry.specs("pai_gow") if s.wager == "tiger9")
    run = SimulationRun.objects.create(key=spec.key, title=spec.title, rounds=200_000)
    assert jobs.run_simulation(run, spec, max_seconds=0) is None
    run.refresh_from_db()
    assert run.status == SimulationRun.FAILED and run.error.startswith("stopped after")
    assert "try fewer rounds" in run.error


def test_ultimate_texas_holdem_simulated_rows_offer_their_paytables_lines():
    from games.ultimate_texas_holdem import paytables

    main, bad_beat = (
        next(
            s
            for s in registry.specs("ultimate_texas_holdem")
            if s.wager == wager and s.method == "simulation"
        )
        for wager in ("ante_blind_play", "bad_beat")
    )
    assert [line["key"] for line in registry.compute_lines(main)] == list(
        paytables.blind_paytable(main.paytable)
    )
    assert [line["key"] for line in registry.compute_lines(bad_beat)] == list(
        paytables.bad_beat_paytable(bad_beat.paytable)
    )
