"""What the browser tests share: Debian's Chromium through Playwright, a page
in a fresh context, a guest picking a nickname, a player signing in, the
table's socket live, taking a seat.

Plain (sync) helpers, for plain test functions (see tests/test_browser.py).
Importing this module skips the importing test module where Playwright is
not installed: a module with tests that need no browser imports it in its
browser tests only (as tests/test_browser_lab.py does)."""

import time

import pytest

from casino.tables.models import Table
from tests.conftest import wait_until

sync_api = pytest.importorskip("playwright.sync_api")

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
TIMEOUT_MS = 30_000


def launch(playwright):
    """Debian's Chromium, headless (never a downloaded browser)."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)


def serve(processes, *tables):
    """A table worker and a Daphne, once the worker has started ``tables``;
    the Daphne's base URL."""
    processes.worker()
    base = "http://" + processes.daphne()
    for table in tables:
        wait_until(lambda t=table: Table.objects.get(pk=t.pk).state, 40, "the worker to start the table")
    return base


def new_page(browser, *scripts, cookie=None, base=None, timeout=TIMEOUT_MS, **options):
    """A page in a new browser context (``options``: its viewport, is_mobile...)
    that waits ``timeout`` ms at most for anything, runs ``scripts`` before
    each document's own and, given a session ``cookie``, is that player at
    ``base``."""
    context = browser.new_context(**options)
    context.set_default_timeout(timeout)
    for script in scripts:
        context.add_init_script(script)
    if cookie:
        context.add_cookies([{"name": "sessionid", "value": cookie, "url": base}])
    return context.new_page()


def pick_nickname(page, nickname):
    """On a page with the lobby's nickname form: play as ``nickname``."""
    page.get_by_label("Nickname").fill(nickname)
    page.get_by_role("button", name="Play").click()


def guest_page(browser, base, nickname, **options):
    """A new page, in the lobby as the guest ``nickname`` (welcomed)."""
    page = new_page(browser, **options)
    page.goto(base + "/")
    pick_nickname(page, nickname)
    page.get_by_text(f"Welcome, {nickname}!").wait_for()
    return page


def sign_in(page, username, password):
    """On a page with the sign-in form: sign in (where it goes is the caller's to wait for)."""
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Sign in").click()


def wait_live(page):
    """Until the table page's websocket is connected."""
    page.locator("#connection", has_text="Live").wait_for()


def sit(page, me):
    """Takes a seat at the table page, whose own panel is ``me`` (e.g. "#dc-me")."""
    panel = page.locator(me)
    deadline = time.monotonic() + 30
    while "You sit at seat" not in panel.inner_text():
        if time.monotonic() > deadline:
            pytest.fail(f"could not sit: {page.locator('#flash').inner_text()}")
        # The button names the round: a click just as the round turns is refused; click again.
        page.get_by_role("button", name="Take a seat").click()
        try:
            panel.get_by_text("You sit at seat").wait_for(timeout=5_000)
        except sync_api.TimeoutError:
            pass
