"""axe-core on every page type (issue 13, "Contrast and screen readers"):
the lobby, each live game's table (seated, with wagers on the layout, then
with its How to play panel open) and its rules page, the round records, the
lab and its row and test-table pages, the account pages and the error pages
(404, 500 and the refused-form 403),
in Debian's Chromium against a real Daphne and table worker. No serious or
critical violation, colour contrast (WCAG AA 4.5:1) included.

axe-core comes from npm (package.json, installed by ``make axe``) and is put
into each page by Playwright; the test is skipped where it is not installed."""

import re
import time
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import RequestFactory
from django.utils.module_loading import import_string
from django.views.defaults import server_error

from casino.lab import registry
from casino.tables import registry as games
from casino.tables.models import Table
from tests.browser import launch, new_page, serve, sign_in, wait_live
from tests.conftest import ROOT, session_cookie
from tests.test_browser_meters import in_thread

sync_api = pytest.importorskip("playwright.sync_api")

AXE = Path(ROOT, "node_modules", "axe-core", "axe.min.js")
PASSWORD = "pw-axe-designer-1"

# The card tables' and the wheel's main and side wagers, placed before the check.
GAMES = {
    "dreamcatcher": ("dc", {"betting_seconds": 120}),
    "spanish21": ("bj", {"betting_seconds": 120}),
    "players_edge21": ("bj", {"betting_seconds": 120}),
    "down_under_blackjack": ("bj", {"betting_seconds": 120}),
    "pai_gow": ("pg", {"betting_seconds": 120}),
}


def every_game():
    """GAMES and every poker and pai gow game there is (each family shares its
    templates, each game with its own layout, How to play and rules page)."""
    family = {"poker/": "pk", "pai_gow/": "pg"}
    found = {
        spec.slug: (prefix, {"betting_seconds": 120})
        for spec in games.all_games()
        for start, prefix in family.items()
        if spec.page_template.startswith(start)
    }
    return {**GAMES, **found}


SPINNING = {"betting_seconds": 5, "spin_seconds": 30, "result_seconds": 1}

RUN = """async () => {
  const result = await axe.run(document, {resultTypes: ["violations"]});
  return result.violations
    .filter(v => v.impact === "serious" || v.impact === "critical")
    .map(v => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map(n => n.target.join(" ") + " " + (n.failureSummary || "").replace(/\\s+/g, " ")).join(" | ")}`);
}"""


# The contrast of each text under ``selector`` against what lies behind it, as
# drawn: every ancestor's background and opacity composited (axe leaves out
# disabled controls, such as the betting areas while the wheel turns).
CONTRAST = """selector => {
  const rgba = text => { const m = text.match(/[\\d.]+/g).map(Number); return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1]; };
  const over = (top, below, alpha) => below.map((c, i) => top[i] * alpha + c * (1 - alpha));
  const luminance = rgb => { const [r, g, b] = rgb.map(c => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; }); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const ratio = (a, b) => { const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  function pixel(chain, level, below, fg) {
    const style = getComputedStyle(chain[level]);
    const bg = rgba(style.backgroundColor);
    let colour = over(bg.slice(0, 3), below, bg[3]);
    if (level === chain.length - 1) { if (fg) { const f = rgba(style.color); colour = over(f.slice(0, 3), colour, f[3]); } }
    else { colour = pixel(chain, level + 1, colour, fg); }
    return over(colour, below, Number(style.opacity));
  }
  const found = [];
  for (const el of document.querySelectorAll(selector)) {
    const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own || !el.getClientRects().length || getComputedStyle(el).visibility === "hidden") { continue; }
    if (el.closest(".sr-only")) { continue; }  // read, never drawn
    const chain = []; for (let node = el; node; node = node.parentElement) { chain.unshift(node); }
    const value = ratio(pixel(chain, 0, [255, 255, 255], true), pixel(chain, 0, [255, 255, 255], false));
    found.push([el.textContent.trim().slice(0, 30), Math.round(value * 100) / 100]);
  }
  return found;
}"""


def error_pages():
    csrf_failure = import_string(settings.CSRF_FAILURE_VIEW)
    return [
        ("500", server_error(RequestFactory().get("/"))),
        ("403", csrf_failure(RequestFactory().post("/wallet/top-up/"), reason="CSRF token missing.")),
    ]


def spinning_table():
    """A wheel made just before its page is opened, once the worker has
    started it: its first betting window is still open when the page comes
    (made at the start, the test would wait out most of a 30-second spin)."""
    table = Table.objects.create(game="dreamcatcher", name="Axe spin", config=SPINNING, max_seats=6)
    deadline = time.monotonic() + 40
    while not Table.objects.get(pk=table.pk).state and time.monotonic() < deadline:
        time.sleep(0.05)
    return table


# Template syntax that reached the page as text: a {# #} comment over two
# lines, say, which Django prints since its {# #} is one line only.
LEAKED = r"""() => (document.body.innerText.match(/\{[#%][^\n]{0,40}|[^\n]{0,40}[#%]\}/g) || [])"""


def violations(page):
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.evaluate(AXE.read_text())
    return page.evaluate(RUN) + [f"template text shown: {text!r}" for text in page.evaluate(LEAKED)]


@pytest.mark.skipif(not AXE.exists(), reason="axe-core is not installed: make axe")
@pytest.mark.django_db(transaction=True)
def test_no_page_type_has_serious_accessibility_violations(processes, make_player):
    shown = every_game()
    tables = {
        game: Table.objects.create(game=game, name=f"Axe {game}", config=config, max_seats=6)
        for game, (_, config) in shown.items()
    }
    User.objects.create_superuser("dana", password=PASSWORD)
    cookie = session_cookie(make_player("Ann"))
    base = serve(processes, *tables.values())
    row = next(s for s in registry.specs("dreamcatcher") if s.wager == "10")

    found = {}
    with sync_api.sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            # A visitor without a session: the lobby, the account pages, an error page.
            page = new_page(browser)
            for where in ("/", "/accounts/login/", "/accounts/register/", "/no-such-page/"):
                page.goto(base + where)
                page.locator("main").first.wait_for()
                found[where] = violations(page)
            # The 500 and the refused-form 403 as a browser gets them, with the
            # site's styles (no page of ours fails on purpose to show them).
            for name, response in error_pages():
                page.route(
                    f"{base}/shown-{name}/",
                    lambda route, request, response=response: route.fulfill(
                        status=response.status_code,
                        body=response.content,
                        content_type="text/html; charset=utf-8",
                    ),
                )
                page.goto(f"{base}/shown-{name}/")
                page.locator("main").first.wait_for()
                found[f"the {name} page"] = violations(page)
            page.goto(f"{base}/tables/{tables['dreamcatcher'].pk}/")  # watching as a guest
            wait_live(page)
            found["table, as a guest"] = violations(page)
            page.context.close()

            # A seated player with wagers on the layout, at every game.
            page = new_page(browser, cookie=cookie, base=base)
            for game, table in tables.items():
                prefix = shown[game][0]
                page.goto(f"{base}/tables/{table.pk}/?join=1")
                page.locator(f"#{prefix}-me", has_text="You sit at seat").wait_for()
                if prefix == "dc":
                    page.keyboard.press("3")
                    page.locator("#dc-layout .spot-total").first.wait_for()
                elif prefix == "pk":  # the game's first wager, whatever it is called
                    button = page.locator("#pk-me button.bet").first
                    area = button.get_attribute("data-area")
                    button.click()
                    page.locator(f"#pk-seat-1 .area-{area}").wait_for()
                else:
                    page.locator(f'#{prefix}-me button.bet[data-area="main"]').click()
                    page.locator(f"#{prefix}-seat-1 .area-main").wait_for()
                found[game] = violations(page)
                # The How to play panel, opened from the keyboard.
                page.locator("#how-to-play summary").focus()
                page.keyboard.press("Enter")
                page.locator("#how-to-play .paytable").first.wait_for()
                found[f"{game}, How to play open"] = violations(page)
            for table in tables.values():
                page.goto(f"{base}/tables/{table.pk}/rules/")
                page.locator("h1").first.wait_for()
                found[f"{table.game} rules page"] = violations(page)
            # While the wheel turns: the own bets on the closed areas stay readable.
            spinning = in_thread(spinning_table)
            page.goto(f"{base}/tables/{spinning.pk}/?join=1")
            page.locator("#dc-me", has_text="You sit at seat").wait_for()
            page.locator("#dc-status.phase-betting").wait_for(timeout=40_000)
            page.keyboard.press("3")
            page.locator("#dc-layout .spot-total").first.wait_for()
            page.locator("#dc-status.phase-spinning").wait_for()
            found["a spinning wheel"] = violations(page)
            found["a spinning wheel"] += [
                f"{text!r} at {value}:1"
                for text, value in page.evaluate(CONTRAST, "#dc-layout *")
                if value < 4.5
            ]
            page.goto(f"{base}/")
            found["lobby, as a player"] = violations(page)
            page.goto(f"{base}/tables/{tables['pai_gow'].pk}/rounds/")
            page.locator("main").first.wait_for()
            found["round records"] = violations(page)
            page.context.close()

            # A designer: the lab, a lab row, the test-table form.
            page = new_page(browser)
            page.goto(f"{base}/accounts/login/?next=/lab/")
            sign_in(page, "dana", PASSWORD)
            page.wait_for_url(re.compile(r"/lab/$"))
            for where in ("/lab/", f"/lab/rows/{row.key}/", "/lab/test-tables/new/"):
                page.goto(base + where)
                page.locator("h1").first.wait_for()
                found[where] = violations(page)
        finally:
            browser.close()
    bad = {where: items for where, items in found.items() if items}
    assert bad == {}, "\n".join(f"{where}: {item}" for where, items in bad.items() for item in items)


# What the clock's live region says, as a screen reader would hear it.
HEARD = """
window.__heard = [];
document.addEventListener("DOMContentLoaded", function () {
  var found = new MutationObserver(function () {
    var live = document.getElementById("announce-clock");
    if (!live) { return; }
    found.disconnect();
    new MutationObserver(function () { if (live.textContent) { window.__heard.push(live.textContent); } })
      .observe(live, {childList: true, characterData: true, subtree: true});
  });
  found.observe(document.body, {childList: true, subtree: true});
});
"""


SECONDS_LEFT = """() => {
  const el = document.querySelector('#dc-status.phase-betting [data-deadline-ms]');
  return el ? (Number(el.dataset.deadlineMs) - Date.now()) / 1000 : 0;
}"""


@pytest.mark.django_db(transaction=True)
def test_the_countdown_is_read_out_at_ten_and_five_seconds_only(processes, make_player):
    # A window long enough that the page, loaded a few seconds into the
    # first one, still hears it from before ten seconds are left; short spins
    # and results, so that the next comes soon if it did not.
    table = Table.objects.create(
        game="dreamcatcher",
        name="Axe clock",
        config={"betting_seconds": 20, "spin_seconds": 1, "result_seconds": 1},
    )
    cookie = session_cookie(make_player("Ann"))
    base = serve(processes, table)
    with sync_api.sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            page = new_page(browser, HEARD, cookie=cookie, base=base)
            page.goto(f"{base}/tables/{table.pk}/?join=1")
            page.locator("#dc-me", has_text="You sit at seat").wait_for()
            assert page.locator("#announce-clock[aria-live=polite]").count() == 1
            assert page.locator("#dc-status .countdown").get_attribute("aria-hidden") == "true"
            # A whole betting window, from before ten seconds are left to no
            # more bets: the first one if the page came early enough in it,
            # else the next from its start.
            left = page.evaluate(SECONDS_LEFT)
            if left > 11.5:
                page.evaluate("window.__heard = []")
            else:
                page.locator("#dc-status.phase-spinning").wait_for(timeout=40_000)
                page.evaluate("window.__heard = []")
                page.locator("#dc-status.phase-betting").wait_for(timeout=40_000)
            page.locator("#dc-status.phase-spinning").wait_for(timeout=40_000)
            heard = page.evaluate("window.__heard")
        finally:
            browser.close()
    assert heard == ["10 seconds left to bet.", "5 seconds left to bet."]
