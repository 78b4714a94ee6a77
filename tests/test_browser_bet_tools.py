"""Betting like at a real table, in Debian's Chromium against a real Daphne
and table worker, at every live game (issue 13): a player places chips,
takes the last one back with U, repeats the round's bets with B in the next
round and doubles them with X, and sees each wager drawn as a chip stack
with its amount. A plain (sync) test, like tests/test_browser.py."""

import pytest

from casino.tables.models import Table
from tests.browser import launch, serve
from tests.conftest import assert_ledger_balanced, session_cookie, wait_until
from tests.test_browser_meters import seated_pages

sync_api = pytest.importorskip("playwright.sync_api")

BLACKJACK = {"betting_seconds": 14, "deal_seconds": 0, "insurance_seconds": 1, "action_seconds": 3}
# game: (config, prefix of its fragments' ids, the main wager's area, a side wager's area)
GAMES = {
    "dreamcatcher": ({"betting_seconds": 14, "spin_seconds": 1, "result_seconds": 1}, "dc", "5", "10"),
    "spanish21": ({**BLACKJACK, "result_seconds": 1, "progressive": 0}, "bj", "main", "match_the_dealer"),
    "players_edge21": ({**BLACKJACK, "result_seconds": 1, "monster_match": 0}, "bj", "main", "match_up"),
    "pai_gow": (
        {
            "betting_seconds": 14,
            "shake_seconds": 1,
            "roll_seconds": 5,
            "set_seconds": 5,
            "result_seconds": 1,
            "progressive": 0,
            "mystery": 0,
        },
        "pg",
        "main",
        "tiger9",
    ),
    # The poker games share one template: Three Card Poker, whose clock folds
    # an unplayed hand, so the next round comes without a decision.
    "three_card_poker": (
        {"betting_seconds": 14, "deal_seconds": 0, "decision_seconds": 3, "result_seconds": 1},
        "pk",
        "ante",
        "pair_plus",
    ),
}

# The viewer's wagers as the page draws them: {area: the stack's amount}.
DRAWN = """prefix => {
  const found = {};
  if (prefix === "dc") {
    document.querySelectorAll("#dc-layout .spot").forEach(spot => {
      const amount = spot.querySelector(".spot-total .chip-stack .stack-amount");
      if (amount && spot.querySelector(".spot-total .disc")) {
        found[spot.querySelector(".spot-number").textContent.trim()] = amount.textContent.trim();
      }
    });
  } else {
    document.querySelectorAll(`#${prefix}-seat-1 .area`).forEach(area => {
      const amount = area.querySelector(".chip-stack .stack-amount");
      if (amount && area.querySelector(".disc")) {
        found[[...area.classList].find(c => c.startsWith("area-")).slice(5)] = amount.textContent.trim();
      }
    });
  }
  return found;
}"""

LEFT = """prefix => {
  const el = document.querySelector(`#${prefix}-status.phase-betting [data-deadline-ms]`);
  return el ? (Number(el.dataset.deadlineMs) - Date.now()) / 1000 : 0;
}"""


def drawn(page, prefix):
    return page.evaluate(DRAWN, prefix)


def wait_drawn(page, prefix, expected, what):
    wait_until(
        lambda: drawn(page, prefix) == expected, 15, f"{what}: {expected} (shown {drawn(page, prefix)})"
    )


def place(page, prefix, area):
    """One chip of the picked value on ``area``: Dreamcatcher's areas by their
    number keys (1-6 in the layout's order), the card games' by their button."""
    if prefix == "dc":
        page.keyboard.press(str(["1", "2", "5", "10", "20", "40"].index(area) + 1))
    else:
        page.locator(f'#{prefix}-me button.bet[data-area="{area}"]').click()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_undo_rebet_and_double_by_key(processes, make_player, game):
    config, prefix, main, side = GAMES[game]
    table = Table.objects.create(game=game, name=f"Rebet {game}", config=config, max_seats=6)
    ann = make_player("Ann")
    cookie = session_cookie(ann)
    base = serve(processes, table)
    with sync_api.sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            page = seated_pages(
                browser, base, table.pk, {"Ann": cookie}, {"Ann": {"width": 1280, "height": 900}},
                f"#{prefix}-me", 20_000,
            )["Ann"]  # fmt: skip
            for key, label in (("U", "Undo"), ("B", "Rebet"), ("X", "Double")):
                button = page.locator(f'#{prefix}-me button[data-key="{key}"]')
                assert button.inner_text().split() == [key, label]  # the key is shown on the button
            wait_until(lambda: page.evaluate(LEFT, prefix) > 9, 60, "a fresh betting window")
            page.locator('#chip-picker label:has(input[value="10"])').click()
            place(page, prefix, main)
            wait_drawn(page, prefix, {main: "10"}, "the main wager")
            place(page, prefix, side)
            wait_drawn(page, prefix, {main: "10", side: "10"}, "the side wager")
            place(page, prefix, side)
            wait_drawn(page, prefix, {main: "10", side: "20"}, "a second chip")
            page.keyboard.press("u")
            wait_drawn(page, prefix, {main: "10", side: "10"}, "the last chip taken back")
            # The next round: B repeats the last round's bets, X doubles them.
            wait_until(
                lambda: drawn(page, prefix) == {} and page.evaluate(LEFT, prefix) > 6, 90, "the next round"
            )
            page.keyboard.press("b")
            wait_drawn(page, prefix, {main: "10", side: "10"}, "the rebet")
            page.keyboard.press("x")
            wait_drawn(page, prefix, {main: "20", side: "20"}, "the double")
            assert page.locator("#flash").inner_text().strip() == ""
        finally:
            browser.close()
    assert_ledger_balanced()
