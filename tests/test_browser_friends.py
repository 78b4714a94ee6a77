"""Issue 19's "Done when", end to end in Debian's Chromium through a real
Daphne and table worker: a host and a friend (guests with nicknames, in two
browser contexts) open a private Pai Gow Poker table from the lobby's form,
share its link, play rounds, chat, the host changes a limit, removes then
bans a third player (who can then neither come in nor watch), hands the
host role over; the new host closes the table. The friend's "My play" shows
the rounds and their nets, the ledger sums to zero, and a lobby open all
along never showed the table.

Then the chat's fuzzing: what a browser's form would never send (too long,
empty, markup, unicode controls, a flood, a frame over 4 KB) sent through a
page's own connection, found inert in every page and push, and nothing
stored beyond the rate limit."""

import re
import time

import pytest
from django.contrib.auth.models import User
from django.utils.html import escape

from casino.accounts.models import Player
from casino.chat.api import clean_text
from casino.chat.models import ChatMessage
from casino.plain_text import BIDI_CONTROLS
from casino.tables.models import Round, Table
from casino.wallet.models import Entry
from games.settled import signed
from tests.browser import guest_page, launch, new_page, pick_nickname, serve, sit, wait_live
from tests.conftest import assert_ledger_balanced, session_cookie, wait_until

sync_api = pytest.importorskip("playwright.sync_api")

# The public table a private one copies its clocks from (a player chooses
# only limits, paytables and optional wagers): short, so rounds go quickly.
PUBLIC_PAI_GOW = {
    "betting_seconds": 4,
    "roll_seconds": 5,
    "set_seconds": 5,
    "result_seconds": 1,
    "dice": 0,
    "progressive": 0,
    "mystery": 0,
}
NAME = "Friday pai gow"

# Every table link and name a lobby page ever showed, kept across its pushes.
LOBBY_SEEN = """(() => {
  window.__seen = new Set();
  const look = () => {
    for (const a of document.querySelectorAll('a[href*="/tables/"]')) {
      window.__seen.add(a.getAttribute('href') + ' ' + a.textContent.trim());
    }
    if (document.body && document.body.textContent.includes('__NAME__')) { window.__seen.add('NAME'); }
  };
  new MutationObserver(look).observe(document, {subtree: true, childList: true, characterData: true});
  document.addEventListener('DOMContentLoaded', look);
})();""".replace("__NAME__", NAME)

SECONDS_LEFT = """() => {
  const el = document.querySelector('#pg-status.phase-betting [data-deadline-ms]');
  return el ? (Number(el.dataset.deadlineMs) - Date.now()) / 1000 : 0;
}"""

# Opens a websocket to the table from the page (its cookies): how it ended, what it got.
SOCKET_OF = """(path) => new Promise((resolve) => {
  const ws = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + path);
  const frames = [];
  ws.onmessage = (e) => frames.push(String(e.data));
  ws.onclose = (e) => resolve({code: e.code, frames});
})"""


# Notes each "my result" line the page shows: a result stays one second
# (result_seconds), and on a loaded machine the next round's update can
# replace it before a locator's poll looks.
WATCH_MY_RESULT = """() => {
  window.__myResults = [];
  const look = () => {
    const shown = document.querySelector('#pg-me .my-result');
    if (shown) { window.__myResults.push(shown.textContent.trim()); }
  };
  new MutationObserver(look).observe(document.body, {subtree: true, childList: true});
}"""


def round_number(page):
    return int(re.search(r"\d+", page.locator("#pg-status .round").inner_text()).group())


def play_round(pages, chips=10):
    """Every page bets ``chips`` in one fresh betting window and sees the
    round settle; returns its number."""
    first = pages[0]
    first.wait_for_function(f"() => ({SECONDS_LEFT})() > 2.5")
    number = round_number(first)
    for page in pages:
        page.evaluate(WATCH_MY_RESULT)
        page.locator(f'#chip-picker label:has(input[value="{chips}"])').click()
        page.get_by_role("button", name="Bet on Pai Gow Poker").click()
    for page in pages:
        page.locator("#pg-me .my-staked", has_text=str(chips)).wait_for()
    assert round_number(first) == number, "the bets missed the betting window"
    for page in pages:
        page.wait_for_function("() => window.__myResults.length > 0", timeout=40_000)
    return number


def say(page, text):
    page.get_by_role("textbox", name="Message").fill(text)
    page.get_by_role("button", name="Send").click()


def nets_at(player, table):
    """{round: net cents} of ``player``'s wallet at ``table``, from the ledger's entries."""
    nets = {}
    for entry in Entry.objects.filter(account__player=player, transaction__table_id=table.pk).select_related(
        "transaction"
    ):
        number = entry.transaction.round_number
        nets[number] = nets.get(number, 0) + entry.amount
    return nets


@pytest.mark.django_db(transaction=True)
def test_friends_at_a_private_pai_gow_table(processes, monkeypatch):
    # The checks of the database run between Playwright's calls, whose loop runs in this thread.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    public = Table.objects.create(game="pai_gow", name="Public pai gow", config=PUBLIC_PAI_GOW)
    base = serve(processes)
    with sync_api.sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            # A visitor's lobby, open from start to end (its rows come by websocket).
            lobby = new_page(browser, LOBBY_SEEN)
            lobby.goto(base + "/")
            lobby.get_by_role("link", name="Public pai gow").first.wait_for()

            # Hana opens the table from the lobby's form.
            hana = guest_page(browser, base, "Hana")
            hana.get_by_role("link", name="Start a private table").click()
            hana.get_by_label("Game", exact=True).select_option(label="Pai Gow Poker")
            hana.get_by_role("group", name="Your Pai Gow Poker table").wait_for()
            hana.get_by_label("Table name").fill(NAME)
            hana.get_by_label("Max bet").fill("200")
            hana.get_by_label("Anyone with the link").check()
            hana.get_by_role("button", name="Open the table").click()
            hana.wait_for_url(re.compile(r"/tables/\d+/$"))
            table = Table.objects.get(is_private=True)
            assert table.config["max_bet"] == 200 and table.config["betting_seconds"] == 4
            link = hana.get_by_label("The table's link").input_value()
            assert link == f"{base}/tables/private/{table.link_key}/"
            wait_live(hana)
            sit(hana, "#pg-me")

            # Finn, a guest, opens the link, picks a nickname, lands at the table.
            friend = new_page(browser)
            friend.goto(link)
            pick_nickname(friend, "Finn")
            friend.wait_for_url(f"{base}/tables/{table.pk}/")
            wait_live(friend)
            sit(friend, "#pg-me")
            hana.locator("#host-panel", has_text="Finn").wait_for()

            # Two rounds with wagers, settled; they chat while the first plays.
            played = [play_round([hana, friend])]
            say(hana, "Good luck, Finn!")
            friend.get_by_role("log", name="Chat messages").get_by_text("Good luck, Finn!").wait_for()
            say(friend, "Thanks Hana")
            hana.get_by_role("log", name="Chat messages").get_by_text("Thanks Hana").wait_for()
            played.append(play_round([hana, friend]))

            # Between rounds: the host pauses, lowers the maximum bet; both see the line.
            hana.get_by_role("button", name="Pause after this round").click()
            friend.locator("#host-status", has_text="Paused by the host").wait_for()
            wait_until(
                lambda: Table.objects.get(pk=table.pk).state.get("timer") is None, 30, "the held table"
            )
            hana.get_by_text("Change the table's rules").click()
            hana.locator("#host-rules").get_by_label("Max bet").fill("100")
            hana.get_by_role("button", name="Change the rules").click()
            line = "The host changed the maximum bet from 200 to 100."
            for page in (hana, friend):
                page.locator("#pg-log", has_text=line).wait_for()
                page.get_by_role("log", name="Chat messages").get_by_text(line).wait_for()
            assert Table.objects.get(pk=table.pk).config["max_bet"] == 100

            # Tess comes in by the link; removed, she may come back; banned, she may not.
            tess = guest_page(browser, base, "Tess")
            tess.goto(link)
            tess.wait_for_url(f"{base}/tables/{table.pk}/")
            wait_live(tess)
            hana.get_by_role("button", name="Remove Tess from the table").click()
            tess.locator("#host-status", has_text="The host removed you from this table").wait_for()
            friend.locator("#pg-log", has_text="The host removed Tess from the table.").wait_for()
            tess.goto(link)
            tess.wait_for_url(f"{base}/tables/{table.pk}/")
            wait_live(tess)
            # Ban asks first: declined, nothing is sent.
            asked = []
            hana.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
            hana.get_by_role("button", name="Ban Tess from the table").click()
            hana.wait_for_timeout(1_000)
            assert asked == ["Ban Tess? They can neither play nor watch here again."], asked
            assert not table.banned.filter(nickname="Tess").exists()
            assert tess.locator("#host-status", has_text="banned").count() == 0
            hana.once("dialog", lambda dialog: dialog.accept())
            hana.get_by_role("button", name="Ban Tess from the table").click()
            tess.locator("#host-status", has_text="The host banned you from this table").wait_for()
            friend.locator("#pg-log", has_text="The host banned Tess from the table.").wait_for()
            for path in (f"/tables/{table.pk}/", f"/tables/private/{table.link_key}/"):
                assert tess.goto(base + path).status == 403, path
                tess.get_by_role("heading", name="You cannot enter this table").wait_for()
                tess.get_by_text("you can neither play nor watch here").wait_for()
            assert tess.goto(f"{base}/tables/{table.pk}/ledger/").status == 403
            socket = tess.evaluate(SOCKET_OF, f"/ws/tables/{table.pk}/")
            # Refused (docs/protocol.md, 4403) before a fragment of the table is sent.
            assert socket == {"code": 4403, "frames": []}, socket
            tess_player = Player.objects.get(nickname="Tess")
            assert table.banned.filter(pk=tess_player.pk).exists()
            assert not table.admitted.filter(pk=tess_player.pk).exists()

            # Hana hands the host role to Finn: the controls move with it.
            hana.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
            hana.get_by_role("button", name="Make Finn the host").click()
            friend.get_by_role("region", name="You host this table").wait_for()
            hana.get_by_role("region", name="You host this table").wait_for(state="detached")
            hana.locator("#host-status", has_text="hosted by Finn").wait_for()
            assert hana.get_by_role("button", name="Close the table").count() == 0
            assert Table.objects.get(pk=table.pk).host.nickname == "Finn"

            # Finn closes it: both see it closed.
            friend.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
            friend.get_by_role("button", name="Close the table").click()
            for page in (hana, friend):
                page.locator("#host-status", has_text="This table is closed.").wait_for()
            assert not Table.objects.get(pk=table.pk).is_open
            assert asked[1:] == [
                "Make Finn the host? Only they can give the role back to you.",
                "Close the table for good? Nobody can play or watch here any more; its rounds and records are kept.",
            ], asked

            # Finn's "My play": the rounds he played there, with their nets.
            finn_player = Player.objects.get(nickname="Finn")
            nets = nets_at(finn_player, table)
            assert sorted(nets) == sorted(played), nets
            friend.get_by_role("link", name="My play").first.click()
            friend.get_by_role("heading", name="My play").wait_for()
            rows = friend.locator("#rounds ~ .table-scroll tbody tr")
            shown = {}
            for index in range(rows.count()):
                cells = rows.nth(index).locator("td")
                number = int(re.search(r"Round (\d+)", cells.nth(0).inner_text()).group(1))
                assert NAME in cells.nth(1).inner_text()
                shown[number] = cells.nth(3).inner_text().strip()
            assert shown == {number: signed(net) for number, net in nets.items()}

            # The lobby never showed the private table; it did show the public one.
            seen = lobby.evaluate("[...window.__seen]")
            lobby.reload()
            lobby.get_by_role("link", name="Public pai gow").first.wait_for()
            seen += lobby.evaluate("[...window.__seen]")
        finally:
            browser.close()

    assert any(f"/tables/{public.pk}/" in item for item in seen), seen
    assert "NAME" not in seen and not any(f"/tables/{table.pk}/" in item for item in seen), seen
    for number in played:
        record = Round.objects.get(table=table, number=number)
        assert record.finished is not None, number
    assert_ledger_balanced()


# What the chat's fuzzing sends: markup for every context it could break out
# of (an element, an attribute), each trying to mark the page if it ran.
MARKUP = (
    '<script>window.__xss = 1</script> <img src=x onerror="window.__xss = 2"> '
    '"><svg onload="window.__xss = 3"> \'><b>bold</b> &amp;'
)
# C0 and C1 controls, a right-to-left override and an isolate left open (all
# stored as spaces: the override would reverse what follows on the line),
# zero-width characters and right-to-left letters (kept: they are text).
CONTROLS = "\x00\x07bell\x1b[31mred\t\x85tail \u202eevil\u2066iso\u200bzw\ufeff \u05e9\u05dc\u05d5\u05dd end"
SEND = """(text) => {
  const form = document.getElementById('chat-form');
  const input = document.getElementById('chat-text');
  form.noValidate = true;  // what the page's own checks (maxlength, required) would stop
  input.value = text;
  const sent = input.value;
  form.requestSubmit();
  return sent;
}"""
RECORD = """(() => {
  window.__xss = 0;
  window.__frames = [];
  document.addEventListener('htmx:wsBeforeMessage', (e) => window.__frames.push(String(e.detail.message)));
  window.__closes = [];
  document.addEventListener('htmx:wsClose', (e) => window.__closes.push(e.detail.event.code));
})();"""
# Markup that would be live had any payload got through.
LIVE = (
    "#chat-panel script, #chat-panel img, #chat-panel svg, #chat-list b:not(.chat-who), [onerror], [onload]"
)
RAW = ("<script>window", "<img src=x", "<svg onload", "<b>bold")


def chat_page(browser, base, table, cookie=None, dialogs=None):
    page = new_page(browser, RECORD, cookie=cookie, base=base)
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    response = page.goto(f"{base}/tables/{table.pk}/")
    wait_live(page)
    page.locator("#chat-list").wait_for(state="attached")
    return page, response.text()


def inert(page, what):
    """Nothing of the payloads runs or is markup in ``page``; its pushes carried it escaped."""
    assert page.locator(LIVE).count() == 0, what
    assert page.evaluate("window.__xss") == 0, what
    frames = page.evaluate("window.__frames")
    for frame in frames:
        assert not any(raw in frame for raw in RAW), (what, frame)
    return frames


@pytest.mark.django_db(transaction=True)
def test_chat_fuzzing_changes_nothing_and_leaks_nothing(
    processes, make_table, make_player, settings, monkeypatch
):
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # the checks between Playwright's calls
    table = make_table(name="Fuzz wheel", betting_seconds=120)
    ann = make_player("Ann")
    rex = make_player("Rex")  # registered: his lines of others' messages carry "Hide"
    rex.user = User.objects.create_user("rex")
    rex.save()
    base = serve(processes, table)
    dialogs = []
    with sync_api.sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            sender, _ = chat_page(browser, base, table, session_cookie(ann), dialogs)
            watcher, _ = chat_page(browser, base, table, session_cookie(rex), dialogs)
            flash = sender.locator("#flash")
            lines = sender.locator("#chat-list .chat-text")

            # One connection's burst (CHAT_RATE_BURST): the empty, 300, 301, markup, controls.
            sender.evaluate(SEND, "")
            flash.get_by_text("an empty one is not sent").wait_for()
            sender.evaluate(SEND, "y" * 300)
            lines.filter(has_text="y" * 300).wait_for()
            sender.evaluate(SEND, "z" * 301)
            flash.get_by_text("at most 300 characters; that one has 301").wait_for()
            sender.evaluate(SEND, MARKUP)
            lines.filter(has_text="window.__xss = 3").wait_for()
            sent = sender.evaluate(SEND, CONTROLS)
            lines.filter(has_text="evil").wait_for()
            accepted = ["y" * 300, MARKUP, clean_text(sent)]
            watcher.locator("#chat-list .chat-text", has_text="evil").wait_for()
            texts = {
                page: page.locator("#chat-list .chat-text").all_text_contents() for page in (sender, watcher)
            }
            # Rex's "Hide" stays after Ann's reversed text, not pulled into it.
            evil = watcher.locator("#chat-list li", has_text="evil")
            text_box = evil.locator(".chat-text").bounding_box()
            hide_box = evil.get_by_role("button", name="Hide messages from Ann").bounding_box()

            # A flood from a fresh connection: no more stored than its bucket allows.
            sender.reload()
            wait_live(sender)
            flood_started = time.monotonic()
            sender.evaluate(
                """() => { for (let n = 0; n < 20; n++) {
                  const input = document.getElementById('chat-text');
                  input.value = 'flood ' + n;
                  document.getElementById('chat-form').requestSubmit();
                } }"""
            )
            # Every one answered: a line for each stored, a refusal for the others (the
            # chat's bucket, then the socket's own, WS_RATE_BURST, past 16 in a burst).
            sender.wait_for_function(
                """() => window.__frames.filter(f => /chatting too fast|Too many messages/.test(f)).length +
                         document.querySelectorAll('#chat-list .chat-text').length - 3 >= 20"""
            )
            too_fast = sender.evaluate("window.__frames.filter(f => f.includes('chatting too fast')).length")
            flood_seconds = time.monotonic() - flood_started
            flooded = list(
                ChatMessage.objects.filter(text__startswith="flood ").values_list("text", flat=True)
            )

            # A frame of 10,000 characters: refused, the socket closed (4413), nothing stored.
            sender.reload()
            wait_live(sender)
            sender.evaluate(SEND, "w" * 10_000)
            flash.get_by_text("at most 4 KB").wait_for()
            sender.wait_for_function("() => window.__closes.length > 0")
            code = sender.evaluate("window.__closes[0]")
            if code == 4413:
                # Not "Reconnecting…" forever: the page says it will not come back by itself.
                sender.locator("#connection", has_text="Disconnected: reload the page").wait_for()
            else:
                # Daphne (autobahn) aborts the connection when the browser has not answered
                # its close within a second; on a loaded machine that abort can overtake the
                # 4413 frame, and the browser, seeing 1006, reconnects as after any outage.
                assert code == 1006, code
                wait_live(sender)

            # Everyone's pages and pushes: the live ones, a reload, a visitor arriving.
            frames = inert(sender, "the sender's page") + inert(watcher, "the watcher's page")
            watcher.reload()
            watcher.locator("#chat-list .chat-text", has_text="evil").wait_for()
            frames += inert(watcher, "the watcher's page reloaded")
            visitor, visitor_html = chat_page(browser, base, table, dialogs=dialogs)
            frames += inert(visitor, "a visitor's page")
            visitor_texts = visitor.locator("#chat-list .chat-text").all_text_contents()
        finally:
            browser.close()

    stored = list(ChatMessage.objects.order_by("id").values_list("text", flat=True))
    assert stored[:3] == accepted and stored[3:] == flooded
    assert not any(ord(char) < 32 or 0x7F <= ord(char) < 0xA0 for char in stored[2]), repr(stored[2])
    assert not BIDI_CONTROLS & set(stored[2]) and "\u200bzw\ufeff \u05e9\u05dc\u05d5\u05dd end" in stored[2]
    # The burst, and at most what refilled while the flood was answered.
    burst, rate = settings.CHAT_RATE_BURST, settings.CHAT_RATE_PER_SECOND
    assert burst <= len(flooded) <= burst + int(rate * flood_seconds) + 1, (len(flooded), flood_seconds)
    assert flooded[:burst] == [f"flood {n}" for n in range(burst)] and too_fast >= 1
    for page, shown in texts.items():
        assert shown == accepted, page
    assert visitor_texts == stored
    assert escape(MARKUP) in visitor_html and not any(raw in visitor_html for raw in RAW)
    assert any(escape(MARKUP) in frame for frame in frames)
    assert dialogs == []
    assert hide_box["x"] >= text_box["x"] + text_box["width"] - 1, (text_box, hide_box)
