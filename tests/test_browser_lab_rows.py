"""The lab page as a designer meets it (issue 35, "the lab"), in Debian's
Chromium against a real Daphne: exact rows kept from an earlier start shown
at once, deck counts in words ("1 deck"), a what-if on a simulated row re-run
as a simulation with its progress and set beside the regulation's paytable,
and the running RTP drawn inside its 99% band while a simulation goes on.
Each page is checked with axe-core. Short runs: seconds each."""

import json
import re
import time
from contextlib import contextmanager

import pytest

from casino.lab import registry
from casino.lab.models import SimulationRun
from tests.test_browser_axe import AXE, violations
from tests.test_browser_lab import designer_page, make_designer

sync_api = pytest.importorskip("playwright.sync_api")

CARIBBEAN = "caribbean_stud:ante_bet:100-50-20-7-5-4-3-2-1:1:basic"
UTH = "ultimate_texas_holdem:ante_blind_play:A:1:lab_strategy"
PAI_GOW = "pai_gow:main:-:-:standard"
# Figures a kept row is shown with: not any row's real ones, so the page can
# only have them from the file.
KEPT_RTP = 0.91234


def keep_every_exact_row(path):
    """The file a `manage.py lab_exact_rows` of an earlier start leaves, each
    row with its digest and (here) made-up figures."""
    kept = {}
    for spec in registry.specs():
        if registry.is_exact(spec):
            figures = {
                **{key: None for key in ("rounds", "ci99", "paytable", "decks", "variant")},
                "kind": "bonus" if spec.adds_to else "wager",
                "adds_to": spec.adds_to,
                "rtp": None if spec.adds_to else KEPT_RTP,
                "rtp_fixed": None if spec.adds_to else KEPT_RTP,
                "rtp_progressive": 0.0,
                "house_edge": None if spec.adds_to else 1 - KEPT_RTP,
                "contribution": 0.01,
                "contribution_fixed": 0.01,
                "contribution_progressive": 0.0,
                "hit_frequency": 0.25,
                "std_dev": 1.5,
                "method": spec.method,
                "title": spec.title,
                "assumptions": [],
                "details": {},
                "lines": [],
            }
            kept[spec.key] = {"digest": registry.row_digest(spec), "figures": figures}
    path.write_text(json.dumps(kept))
    return len(kept)


@contextmanager
def designer_at(processes, url):
    """(base URL, page) of the designer dana at ``url`` on a fresh Daphne, in Chromium."""
    from tests.browser import launch

    make_designer()
    base = "http://" + processes.daphne()
    with sync_api.sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            yield base, designer_page(browser, base, url)
        finally:
            browser.close()


def assert_accessible(page):
    if AXE.exists():
        assert violations(page) == [], page.url


@pytest.mark.django_db(transaction=True)
def test_kept_exact_rows_show_at_once_in_a_fresh_server(processes, lab_exact_rows):
    count = keep_every_exact_row(lab_exact_rows)
    # A fresh Daphne: nothing worked out in it.
    with designer_at(processes, "/lab/") as (base, page):
        page.wait_for_url(re.compile(r"/lab/$"))
        started = time.monotonic()
        page.goto(base + "/lab/")
        seconds = time.monotonic() - started
        table = page.locator("#lab-table").inner_text()
        shown = page.locator("#lab-table td", has_text="91.234%").count()
        charts = page.locator("#lab-table .lab-charts svg").count()
        assert_accessible(page)
    print(f"the all-games lab page with {count} kept exact rows: {seconds:.2f} s")
    assert "Working out" not in table and "Working it out" not in table
    assert shown >= count - sum(1 for spec in registry.specs() if spec.adds_to and registry.is_exact(spec))
    assert charts >= 5  # the charts need every row: they come at once too


@pytest.mark.django_db(transaction=True)
def test_deck_counts_read_as_words(processes):
    with designer_at(processes, f"/lab/rows/{CARIBBEAN}/") as (base, page):
        page.locator("h1").wait_for()
        one = page.locator("main").inner_text()
        page.goto(f"{base}/lab/rows/players_edge21:main:-:6:-/")
        six = page.locator("main").inner_text()
    assert "· 1 deck ·" in one and "1 decks" not in one
    assert "· 6 decks ·" in six


@pytest.mark.django_db(transaction=True)
def test_a_what_if_on_a_simulated_row_is_simulated_with_progress(processes):
    # A row that had no line to change has its paytable's now.
    with designer_at(processes, f"/lab/rows/{UTH}/") as (base, page):
        what_if = page.get_by_role("group", name="What if: your copy of the paytable")
        uth_lines = what_if.get_by_role("textbox").count()
        page.set_viewport_size({"width": 390, "height": 844})
        page.goto(f"{base}/lab/rows/{CARIBBEAN}/")
        page.get_by_label("Rounds").fill("20000")
        what_if = page.get_by_role("group", name="What if: your copy of the paytable")
        what_if.get_by_label("Bet, royal flush").fill("1000 to 1")
        assert_accessible(page)
        page.get_by_role("button", name="Start the simulation").click()
        page.locator("#run progress").wait_for()
        result = page.locator("#run .what-if-result")
        result.wait_for(timeout=60_000)
        text = result.inner_text()
        wide = page.evaluate("document.documentElement.scrollWidth > window.innerWidth + 1")
        assert_accessible(page)
    assert uth_lines == 6  # the Blind paytable's lines
    assert "With your copy (royal_flush = 1000 to 1)" in text
    assert "against the regulation's paytable's" in text and "long reference run" in text
    assert not wide, "the row page scrolls sideways on a phone"
    run = SimulationRun.objects.get()
    assert run.status == SimulationRun.DONE and run.payouts == {"royal_flush": "1000 to 1"}


@pytest.mark.django_db(transaction=True)
def test_a_running_simulation_draws_its_running_rtp_in_its_band(processes):
    with designer_at(processes, f"/lab/rows/{PAI_GOW}/") as (_, page):
        # Long enough to be seen running (about a minute); the server is
        # stopped with the test, the run with it.
        page.get_by_label("Rounds").fill("2000000")
        page.get_by_role("button", name="Start the simulation").click()
        running = page.locator("#run [aria-busy=true]")
        running.locator("figure svg polygon").wait_for(timeout=20_000)
        assert running.locator("progress").count() == 1  # still running
        first = running.locator("figcaption").inner_text()
        page.wait_for_function(
            "first => { const c = document.querySelector('#run [aria-busy=true] figcaption');"
            " return c && c.textContent !== first; }",
            arg=first,
            timeout=20_000,
        )
        assert_accessible(page)
    assert "Running RTP with its 99% band" in first and "rounds so far" in first
    run = SimulationRun.objects.get()
    assert run.status == SimulationRun.RUNNING and run.running_trace
