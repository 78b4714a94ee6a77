"""A round's record in Debian's Chromium, through a real Daphne, as the table
showed the round (issue 35, item 9): a designer's test table links its
result to the round's record; there the seats are laid out and styled as at
the table, a house bot has the name it had at the table (there and in the
table's ledger), and the step by step names the betting areas by the table's labels, never by their keys;
nothing wider than a phone, no serious or critical axe-core violation."""

import re

import pytest

from casino.accounts.models import Player
from casino.accounts.names import table_name
from casino.wallet.ledger import open_wallet
from tests.browser import launch, new_page
from tests.conftest import session_cookie
from tests.poker_table import Play, table_fixture
from tests.test_browser_axe import AXE, violations
from tests.test_browser_history import TOO_WIDE
from tests.test_browser_phone import PHONE

sync_api = pytest.importorskip("playwright.sync_api")

table = table_fixture("three_card_poker", "Designer's test", ("Three-Card", "three_card"), wager_dollars=1)

# What the table's CSS gives a seat, to compare with the record's.
SEAT_STYLE = """(seat) => {
  const style = getComputedStyle(seat);
  return [style.borderTopWidth, style.borderTopStyle, style.backgroundImage, style.gridColumnEnd];
}"""
KEYS = ("pair_plus", "six_card", "three_card")
LABELS = ("Pair Plus", "Six Card Bonus", "Three-Card progressive")


def played_to_its_result(made, ann, grace):
    """Ann (every wager, one taken back and placed again) and the house bot
    Grace play one round to its result, which the table shows."""
    play = Play(made, [ann])
    made.invited.add(grace)
    play.players.append(grace)
    play.runtime.act(grace.pk, table_name(grace.nickname, True), {"action": "sit", "round": 1})
    for area, chips in (("ante", 10), ("pair_plus", 5), ("six_card", 5), ("three_card", 1)):
        play.bet(ann, area, chips)
    play.act(ann, "undo")
    play.bet(ann, "three_card", 1)
    play.runtime.act(
        grace.pk,
        table_name(grace.nickname, True),
        {"action": "bet", "spot": "ante", "amount": "10", "round": 1},
    )
    play.tick()  # no more bets
    play.tick()  # the deal
    while play.runtime.state.phase == "deciding":
        holder = play.seat_holder(play.runtime.state)
        play.runtime.act(
            holder.pk, table_name(holder.nickname, holder.is_bot), {"action": "play", "round": 1}
        )
    assert play.runtime.state.phase == "result"


@pytest.mark.skipif(not AXE.exists(), reason="axe-core is not installed: make axe")
@pytest.mark.django_db(transaction=True)
def test_a_test_tables_result_links_a_record_shown_as_the_table_showed_it(processes, table, make_player):
    ann = make_player("Ann")
    grace = Player.objects.create(nickname="Bot Grace", is_bot=True)
    open_wallet(grace)
    made = table(seed=7)
    played_to_its_result(made, ann, grace)
    cookie = session_cookie(ann)
    base = "http://" + processes.daphne()

    with sync_api.sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            page = new_page(browser, cookie=cookie, base=base, viewport={"width": 1280, "height": 900})
            page.goto(f"{base}/tables/{made.pk}/")
            # A seat replaced by a websocket update while it is read has no style (detached):
            # read once the page has its seats styled.
            page.wait_for_function(
                "() => getComputedStyle(document.querySelector('#pk-seat-1')).borderTopStyle === 'solid'"
            )
            at_table = {
                seat: (
                    page.locator(f"#pk-seat-{seat} .seat-head").inner_text(),
                    page.locator(f"#pk-seat-{seat}").evaluate(SEAT_STYLE),
                )
                for seat in (1, 2)
            }
            assert at_table[2][0].split() == ["2", "Grace", "bot"]

            page.get_by_role("link", name="Round 1's record").click()
            page.wait_for_url(re.compile(rf"/tables/{made.pk}/rounds/1/$"))
            cards = page.locator(".round-cards")
            on_record = {
                seat: (
                    cards.locator(f"#pk-seat-{seat} .seat-head").inner_text(),
                    cards.locator(f"#pk-seat-{seat}").evaluate(SEAT_STYLE),
                )
                for seat in (1, 2)
            }
            assert on_record == at_table
            # A seat is a cell of the table's grid, not a row across the page.
            seat_box, cards_box = cards.locator("#pk-seat-1").bounding_box(), cards.bounding_box()
            assert seat_box["width"] < cards_box["width"] / 2, (seat_box, cards_box)

            text = page.locator("main").inner_text()
            assert "Bot Grace" not in text and "Grace (bot) bets 10 on Ante" in text
            steps = page.locator(".round-steps").inner_text()
            assert [key for key in KEYS if key in steps] == []
            for label in LABELS:
                assert f"(seat 1, {label})" in steps, label
            found = violations(page)
            page.set_viewport_size(PHONE)
            too_wide = page.evaluate(TOO_WIDE)

            # The table's ledger, its rounds' list, names the bot as the table did.
            page.get_by_role("link", name="Back to the table").click()
            page.get_by_role("link", name="Ledger").click()
            page.wait_for_url(re.compile(rf"/tables/{made.pk}/ledger/$"))
            ledger = page.locator("main").inner_text()
        finally:
            browser.close()
    assert (found, too_wide) == ([], [])
    assert "Bot Grace" not in ledger and "Grace bot" in ledger, ledger
