"""Sign-in lockout and look-alike nicknames in Debian's Chromium, through a
real Daphne (Django's ASGI path, where django-axes answers asynchronously)."""

import pytest
from django.contrib.auth.models import User

from casino.accounts.models import Player

sync_api = pytest.importorskip("playwright.sync_api")

PASSWORD = "a-long-Passphrase-9"


@pytest.mark.django_db(transaction=True)
def test_a_locked_out_player_and_a_look_alike_name_read_why(processes, settings):
    from tests.test_browser import CHROMIUM, CHROMIUM_ARGS, TIMEOUT_MS

    User.objects.create_user("ann", password=PASSWORD)
    Player.objects.create(nickname="admin")
    base = "http://" + processes.daphne()

    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            context = browser.new_context()
            context.set_default_timeout(TIMEOUT_MS)
            page = context.new_page()
            for _ in range(settings.AXES_FAILURE_LIMIT):
                page.goto(base + "/accounts/login/")
                page.get_by_label("Username").fill("ann")
                page.get_by_label("Password").fill("wrong")
                page.get_by_role("button", name="Sign in").click()
            page.get_by_text("Too many failed sign-ins; try again in 15 minutes.").wait_for()
            page.goto(base + "/accounts/login/")
            page.get_by_label("Username").fill("ann")
            page.get_by_label("Password").fill(PASSWORD)
            with page.expect_response(lambda r: r.request.method == "POST") as answer:
                page.get_by_role("button", name="Sign in").click()
            assert answer.value.status == 429
            page.get_by_role("heading", name="Too many failed sign-ins").wait_for()
            assert page.get_by_role("button", name="Sign out").count() == 0

            page.goto(base + "/")
            page.get_by_label("Nickname").fill("\u0430dmin")  # Cyrillic а
            page.get_by_role("button", name="Play").click()
            page.get_by_role("alert").get_by_text(
                "That name is taken or looks too much like one that is."
            ).wait_for()
        finally:
            browser.close()
    assert Player.objects.count() == 1
