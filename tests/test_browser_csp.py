"""The Content-Security-Policy in Debian's Chromium (issue 11, item 12): the
lobby, a live table over its websocket, a pai gow table (its own script),
the sign-in page, the lab's pages and htmx forms and the admin, with no violation reported (neither a `securitypolicyviolation`
event nor a console message), served by a real Daphne and table worker."""

import re

import pytest
from django.contrib.auth.models import User

from casino.lab import registry
from casino.tables.models import Table
from tests.conftest import wait_until

sync_api = pytest.importorskip("playwright.sync_api")

PASSWORD = "pw-csp-designer-1"

# Recorded in every document before its own scripts run.
VIOLATIONS = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", function (e) {
  window.__csp.push(e.violatedDirective + " " + e.blockedURI + " " + (e.sample || ""));
});
"""


@pytest.mark.django_db(transaction=True)
def test_no_page_breaks_the_content_security_policy(processes, make_table):
    from tests.test_browser import CHROMIUM, CHROMIUM_ARGS, TIMEOUT_MS

    table = make_table(name="Policy wheel", betting_seconds=3, spin_seconds=1, result_seconds=1)
    pai_gow = Table.objects.create(game="pai_gow", name="Policy pai gow", config={"betting_seconds": 30})
    User.objects.create_superuser("dana", password=PASSWORD)  # staff may open the lab
    processes.worker()
    base = "http://" + processes.daphne()
    for started in (table, pai_gow):
        wait_until(lambda t=started: Table.objects.get(pk=t.pk).state, 40, "the worker to start the tables")

    console, seen = [], []
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            context = browser.new_context()
            context.set_default_timeout(TIMEOUT_MS)
            context.add_init_script(VIOLATIONS)
            page = context.new_page()
            page.on("console", lambda message: console.append(f"{message.type}: {message.text}"))

            def check(where):
                seen.append((where, page.evaluate("window.__csp")))

            response = page.goto(base + "/")
            assert "default-src 'self'" in response.headers["content-security-policy"]
            page.get_by_label("Nickname").fill("Polly")
            page.get_by_role("button", name="Play").click()
            page.get_by_text("Welcome, Polly!").wait_for()
            check("lobby")

            page.get_by_role("link", name=table.name, exact=True).first.click()
            page.wait_for_url(re.compile(rf"/tables/{table.pk}/"))
            page.locator("#connection", has_text="Live").wait_for()
            # Live: the server's pushes keep arriving over the websocket.
            first = page.locator("#dc-status").get_attribute("data-version")
            page.wait_for_function(
                "v => document.querySelector('#dc-status').dataset.version !== v", arg=first, timeout=20_000
            )
            page.get_by_role("button", name="Take a seat").click()
            page.locator("#dc-me").get_by_text("You sit at seat").wait_for()
            check("table")

            # Pai gow's table has its own script (the setting aid).
            page.goto(f"{base}/tables/{pai_gow.pk}/")
            page.locator("#connection", has_text="Live").wait_for()
            page.locator("#pg-status").wait_for()
            check("pai gow table")

            page.get_by_role("button", name="Sign out").click()
            page.goto(f"{base}/accounts/login/?next=/lab/")
            page.get_by_label("Username").fill("dana")
            page.get_by_label("Password").fill(PASSWORD)
            page.get_by_role("button", name="Sign in").click()
            page.wait_for_url(re.compile(r"/lab/$"))
            check("lab")

            # An htmx form of the lab: a what-if recomputed in place.
            spec = next(s for s in registry.specs("dreamcatcher") if s.wager == "10")
            page.goto(f"{base}/lab/rows/{spec.key}/")
            page.locator("input[name='line-10']").fill("11 to 1")
            page.locator("#what-if").get_by_text(re.compile(r"\d%")).first.wait_for()
            check("lab row")

            for where in ("/lab/test-tables/new/", "/admin/", f"/admin/tables/table/{table.pk}/change/"):
                page.goto(base + where)
                page.locator("h1").first.wait_for()
                check(where)
        finally:
            browser.close()

    assert all(not found for _, found in seen), seen
    refused = [line for line in console if "Content Security Policy" in line or "Refused to" in line]
    assert refused == [], refused
