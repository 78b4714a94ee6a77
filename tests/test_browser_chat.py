"""Table chat in Debian's Chromium (issue 19): two players in two browser
contexts, served by a real Daphne and table worker, chat at one table and
see each other's messages (one of them at a phone's width, where the panel
sits below the table); markup typed into the chat stays text; the panel is
axe-core clean with messages in it, a registered player's "Hide" control
included. "You are chatting too fast" goes with the next message sent, or
after a few seconds however busy the table (issue 35, item 10)."""

import re
import time

import pytest
from django.contrib.auth.models import User

from casino.chat.models import ChatMessage
from casino.chat.ws import TOO_FAST
from tests.browser import guest_page, launch, new_page, serve, sign_in, wait_live
from tests.conftest import session_cookie
from tests.test_browser_axe import AXE, violations

sync_api = pytest.importorskip("playwright.sync_api")

PASSWORD = "pw-chat-player-1"


def open_table(page, base, table):
    page.get_by_role("link", name=table.name, exact=True).first.click()
    page.wait_for_url(re.compile(rf"/tables/{table.pk}/"))
    wait_live(page)


def say(page, text):
    box = page.get_by_role("textbox", name="Message")
    box.fill(text)
    page.get_by_role("button", name="Send").click()


@pytest.mark.django_db(transaction=True)
def test_two_browsers_chat_at_a_table(processes, make_table):
    table = make_table(name="Chat wheel", betting_seconds=120)
    User.objects.create_user("rita", password=PASSWORD)
    base = serve(processes, table)

    with sync_api.sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            ann = guest_page(browser, base, "Ann")
            open_table(ann, base, table)

            # Rita is registered (she may hide players) and plays on a phone.
            rita = new_page(browser, viewport={"width": 390, "height": 844}, is_mobile=True)
            rita.goto(base + "/accounts/login/")
            sign_in(rita, "rita", PASSWORD)
            rita.wait_for_url(re.compile(r"/$"))
            open_table(rita, base, table)

            say(ann, "Hi Rita <b>bold</b>")
            rita_log = rita.get_by_role("log", name="Chat messages")
            rita_log.get_by_text("Hi Rita <b>bold</b>").wait_for()
            # The field is emptied once the message is sent.
            assert ann.get_by_role("textbox", name="Message").input_value() == ""
            say(rita, "Hello Ann!")
            ann.get_by_role("log", name="Chat messages").get_by_text("Hello Ann!").wait_for()
            # Markup stays text: no <b> element in either chat.
            bold = [page.locator("#chat-list b:not(.chat-who)").count() for page in (ann, rita)]
            # Ann's line has a Hide control for Rita; her own has none.
            hide = rita.get_by_role("button", name="Hide messages from Ann")
            hide.wait_for()
            own_hide = rita.get_by_role("button", name="Hide messages from rita").count()

            # Below the table at a phone's width, without sideways scrolling.
            widths = rita.evaluate("() => [document.scrollingElement.scrollWidth, window.innerWidth]")
            below = rita.evaluate(
                """() => document.querySelector('#chat-panel').getBoundingClientRect().top >=
                         document.querySelector('#dc-status').getBoundingClientRect().bottom"""
            )
            found = (
                {name: violations(page) for name, page in (("ann", ann), ("rita", rita))}
                if AXE.exists()
                else {}
            )

            hide.click()
            rita.get_by_text("Hidden from your chat: Ann").wait_for()
            gone = rita_log.get_by_text("Hi Rita").count()
        finally:
            browser.close()

    assert bold == [0, 0]
    assert own_hide == 0
    assert widths[0] <= widths[1], f"horizontal scroll at 390 px: {widths}"
    assert below
    assert found in ({}, {"ann": [], "rita": []}), found
    assert gone == 0
    assert list(ChatMessage.objects.values_list("nickname", "text")) == [
        ("Ann", "Hi Rita <b>bold</b>"),
        ("rita", "Hello Ann!"),
    ]


# Every websocket message the page takes in (a table update, a chat line, a flash).
COUNT_MESSAGES = """() => { window.__messages = 0;
  document.addEventListener("htmx:wsAfterMessage", () => { window.__messages++; }); }"""


@pytest.mark.django_db(transaction=True)
def test_too_fast_goes_with_the_next_message_or_after_a_few_seconds(processes, make_table, make_player):
    # A burst of one message, then one every two seconds.
    processes.env.update(CHAT_RATE_BURST="1", CHAT_RATE_PER_SECOND="0.5")
    table = make_table(name="Busy wheel")  # its clocks of a second: an update every second
    cookie = session_cookie(make_player("Ann"))
    base = serve(processes, table)
    too_fast = TOO_FAST.split(":")[0]

    with sync_api.sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            page = new_page(browser, cookie=cookie, base=base)
            page.goto(f"{base}/tables/{table.pk}/")
            wait_live(page)
            flash, lines = page.locator("#flash"), page.locator("#chat-list .chat-text")
            say(page, "one")
            lines.filter(has_text="one").wait_for()
            say(page, "two")
            flash.get_by_text(too_fast).wait_for()
            shown = time.monotonic()
            page.evaluate(COUNT_MESSAGES)
            # The wheel's updates meanwhile do not keep it on screen.
            flash.get_by_text(too_fast).wait_for(state="hidden", timeout=12_000)
            on_screen = time.monotonic() - shown
            updates = page.evaluate("window.__messages")

            say(page, "three")
            lines.filter(has_text="three").wait_for()
            say(page, "four")
            flash.get_by_text(too_fast).wait_for()
            time.sleep(2.2)  # the bucket takes a message again
            say(page, "five")
            lines.filter(has_text="five").wait_for()
            after_five = flash.inner_text()
        finally:
            browser.close()

    assert updates >= 3, updates
    assert 4 < on_screen < 8, on_screen
    assert after_five == "", after_five
