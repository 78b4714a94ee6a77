"""Dreamcatcher in Debian's Chromium against a real Daphne and table worker,
on a test table with a stacked wheel (issue 13): a spin's result reaches no
page before the wheel has stopped on it, and a round's result reads as the
player's net."""

import html
import json
import re

import pytest

from casino.tables import registry
from casino.tables.models import Table
from casino.tables.runtime import fresh_snapshot
from games.dreamcatcher import rules
from games.dreamcatcher.presenter import STEP
from tests.conftest import assert_ledger_balanced, session_cookie, wait_until
from tests.test_browser import CHROMIUM, CHROMIUM_ARGS, TIMEOUT_MS, seconds_left

sync_api = pytest.importorskip("playwright.sync_api")


def stacked_table(symbols, **config):
    table = Table.objects.create(
        game="dreamcatcher",
        name="Stacked wheel",
        is_test=True,
        max_seats=7,
        config={"betting_seconds": 8, "spin_seconds": 3, "result_seconds": 8, **config},
    )
    snapshot = fresh_snapshot(registry.get("dreamcatcher"))
    snapshot["game"]["stacked"] = symbols
    Table.objects.filter(pk=table.pk).update(state=snapshot)
    return table


def seated_page(browser, base, table, cookie, frames, reduced_motion="no-preference"):
    """Ann's page, seated, every websocket frame it receives appended to ``frames``."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion=reduced_motion)
    context.set_default_timeout(TIMEOUT_MS)
    context.add_cookies([{"name": "sessionid", "value": cookie, "url": base}])
    page = context.new_page()
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(str(payload))))
    page.goto(f"{base}/tables/{table.pk}/?join=1")
    page.locator("#dc-me", has_text="You sit at seat 1.").wait_for()
    return page


def bet(page, chips, spot):
    page.locator(f'#chip-picker label:has(input[value="{chips}"])').click()
    page.get_by_role("button", name=re.compile(rf"^Bet on {spot},")).click()


def wheel_angle(page):
    """The wheel's rotation as the page draws it, in degrees."""
    style = page.locator(".wheel-rotor").get_attribute("style")
    return float(re.search(r"rotate\((-?[\d.e+-]+)deg\)", style).group(1))


def shows_section(page, section):
    """Whether the wheel drawn stands with ``section`` under the pointer."""
    return abs((wheel_angle(page) + section * STEP + 180) % 360 - 180) < 0.01


def first(frames, text):
    """The index of the first frame containing ``text``."""
    found = [index for index, frame in enumerate(frames) if text in frame]
    assert found, f"no frame contains {text!r}"
    return found[0]


ROTOR = re.compile(r'<g class="wheel-rotor" data-rest="([^"]*)" data-spin="([^"]*)"(?: data-land="([^"]*)")?')


def wheels(frames):
    """[(frame index, rest angle, spin, land)] of the frames that carry the wheel."""
    found = []
    for index, frame in enumerate(frames):
        for rest, spin, land in ROTOR.findall(frame):
            spin, land = (json.loads(html.unescape(text)) if text else None for text in (spin, land))
            found.append((index, float(rest), spin, land))
    return found


def assert_no_stop_before_it_happened(frames, stops):
    """``stops``: [(index of the frame that stops the spin, its symbol)], in
    order. Before a spin has stopped, no frame tells where: a turning wheel's
    data carries no target, where it rests is where it started, and its
    landing comes with its stop."""
    seen = wheels(frames)
    assert seen, "no frame carried the wheel"
    for _, _, spin, _ in seen:
        assert spin is None or set(spin) == {"id", "direction", "start_ms", "duration_ms"}, spin
    turning = [(index, spin["id"]) for index, _, spin, _ in seen if spin]
    stop_ids = []
    for stop, symbol in stops:
        spin_id = [spin_id for index, spin_id in turning if index < stop][-1]
        stop_ids.append(spin_id)
        started = min(index for index, current in turning if current == spin_id)
        rests = {rest for index, rest, _, _ in seen if started <= index < stop}
        assert len(rests) == 1, f"the wheel's rest moved during spin {spin_id}: {rests}"
        for index, _, _, land in seen:
            if index < stop:
                assert land is None or land["id"] != spin_id, f"frame {index} told spin {spin_id}'s stop"
        landed = [land for index, _, _, land in seen if index == stop and land]
        assert landed and landed[0]["id"] == spin_id
        assert rules.WHEEL[landed[0]["section"]] == symbol
        assert landed[0]["angle"] == pytest.approx(-landed[0]["section"] * STEP, abs=0.01)
    for frame in frames[: stops[-1][0]]:
        assert "stopped on" not in frame
    return stop_ids


STACK_WHEN = """total => {
  const stack = document.querySelector("#dc-wheel .multiplier-stack");
  if (!stack || !stack.textContent.includes(total)) { return null; }
  return [...stack.querySelectorAll(".mult")].map(mult => mult.textContent.trim());
}"""


def stack_when(page, total):
    """The multipliers stacked under the wheel once it shows ``total``."""
    return page.wait_for_function(STACK_WHEN, arg=total, timeout=30_000).json_value()


@pytest.mark.django_db(transaction=True)
def test_a_bonus_spin_is_not_told_before_the_wheel_stops(processes, make_player):
    table = stacked_table(["7x", "2x", "10"])
    cookie = session_cookie(make_player("Ann"))
    processes.worker()
    base = "http://" + processes.daphne()
    wait_until(lambda: Table.objects.get(pk=table.pk).state.get("timer"), 40, "the worker to start the table")
    frames = []
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            page = seated_page(browser, base, table, cookie, frames)
            wait_until(lambda: seconds_left(page) > 2, 30, "a betting window with time to bet")
            # The frames from the window bet in: a round before it (when the
            # page came too late to bet in it) spun at random and told its stop.
            begin = len(frames)
            bet(page, 10, "10")
            page.locator("#dc-me .my-bets", has_text="10").wait_for()
            # The clock is big, and turns red in its last three seconds.
            clock = page.locator("#dc-status .countdown")
            calm = clock.evaluate(
                "el => [getComputedStyle(el).color, parseFloat(getComputedStyle(el).fontSize)]"
            )
            page.locator("#dc-status .countdown.urgent").wait_for()
            urgent = clock.evaluate("el => getComputedStyle(el).color")
            # The first spin turns towards 7x: the wheel is animated, nothing told.
            page.locator("#dc-status.phase-spinning").wait_for()
            assert page.locator(".wheel-rotor").get_attribute("data-spin")
            assert page.locator("#dc-status .phase").inner_text() == "No more bets"
            assert page.locator("#dc-wheel .hub").text_content() == "★"
            # It turns freely meanwhile.
            turned = wheel_angle(page)
            page.wait_for_timeout(300)
            assert wheel_angle(page) != turned
            # Each multiplier appears under the wheel once it has landed, stacking.
            # Read in the same instant as the total it goes with: on a loaded
            # machine the next stop's push (hidden while the wheel eases on)
            # could come between a wait and a read.
            first_stack = stack_when(page, "winners × 7")
            second_stack = stack_when(page, "winners × 14")
            page.locator("#dc-status .phase", has_text="Result: 10 × 14").wait_for(timeout=30_000)
            page.locator("#dc-me .my-result", has_text="You won 1,400!").wait_for()
            # The winning area lights up; the round's winners and the statistics show.
            page.locator("#dc-layout .spot.winner .spot-number", has_text="10").wait_for()
            winners = page.locator("#dc-wheel .dc-winners").inner_text()
            stats = page.locator("#dc-history .dc-stats")
            caption = stats.locator("caption").inner_text()
            counts = dict(
                (row.locator("th").inner_text(), int(re.search(r"(\d+) \(", row.inner_text()).group(1)))
                for row in stats.locator("tbody tr").all()
            )
            # Shown (not hidden while the wheel eases on) once the wheel stands on its stop.
            land = json.loads(page.locator(".wheel-rotor").get_attribute("data-land"))
            assert rules.WHEEL[land["section"]] == "10" and shows_section(page, land["section"])
            # And read out (a line a second, in order).
            page.locator("#announce", has_text="The wheel stops on 10").wait_for()
        finally:
            browser.close()
    assert calm[1] >= 30 and urgent != calm[0], (calm, urgent)
    assert first_stack == ["7x"] and second_stack == ["7x", "2x"]
    assert "Winners" in winners and "Ann +1,400" in " ".join(winners.split())
    spins = int(re.search(r"last (\d+) spin", caption).group(1))
    assert sum(counts.values()) == spins and counts["7x"] >= 1 and counts["2x"] >= 1 and counts["10"] >= 1
    frames = frames[begin:]
    # The pushes of the wheel stopping on 7x, then on 2x (their log lines).
    on_7x = first(frames, "7x! Bonus spin")
    on_2x = first(frames, "2x! Bonus spin")
    on_10 = first(frames, "The wheel stops on 10")
    assert on_7x < on_2x < on_10
    assert_no_stop_before_it_happened(frames, [(on_7x, "7x"), (on_2x, "2x"), (on_10, "10")])
    for frame in frames[:on_7x]:
        assert "Bonus" not in frame and "× 7" not in frame and "×7" not in frame
    for frame in frames[on_7x:on_2x]:
        assert "× 14" not in frame and "×14" not in frame
    for frame in frames[:on_10]:
        assert "Result:" not in frame and "spot winner" not in frame and "my-result" not in frame
    assert "Bonus spin — winners × 7" in frames[on_7x]
    assert "Bonus spin — winners × 14" in frames[on_2x]
    assert_ledger_balanced()


@pytest.mark.django_db(transaction=True)
def test_a_round_that_won_less_than_it_lost_reads_as_a_loss(processes, make_player):
    # 1 chip on 2 and 10 on 40, the wheel stops on 2: 2 won, 10 lost, 8 down.
    table = stacked_table(["2"])
    cookie = session_cookie(make_player("Ann"))
    processes.worker()
    base = "http://" + processes.daphne()
    wait_until(lambda: Table.objects.get(pk=table.pk).state.get("timer"), 40, "the worker to start the table")
    frames = []
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            # A player who asked for less motion: the wheel does not turn, it
            # stands on the result once it has stopped.
            page = seated_page(browser, base, table, cookie, frames, reduced_motion="reduce")
            wait_until(lambda: seconds_left(page) > 3, 30, "a betting window with time to bet")
            bet(page, 1, "2")
            bet(page, 10, "40")
            page.locator("#dc-me .my-bets", has_text="total 11").wait_for()
            page.locator("#dc-status.phase-spinning").wait_for()
            still = wheel_angle(page)
            page.wait_for_timeout(300)
            assert wheel_angle(page) == still
            result = page.locator("#dc-me .my-result")
            result.wait_for(timeout=30_000)
            land = json.loads(page.locator(".wheel-rotor").get_attribute("data-land"))
            assert rules.WHEEL[land["section"]] == "2" and shows_section(page, land["section"])
            # The winning area is lit without a glow that pulses.
            lit = page.locator("#dc-layout .spot.winner")
            assert lit.evaluate("el => getComputedStyle(el).animationName") == "none"
            mine = result.inner_text()
            seat = page.locator("#dc-players li", has_text="Ann").inner_text()
        finally:
            browser.close()
    assert mine.startswith("You lost 8."), mine
    assert "Bet on 2: +2; Bet on 40: −10" in mine
    assert "−8" in seat and "+2" not in seat
    assert_ledger_balanced()
