"""A win, push or loss on each settled hand is visible at a glance (issue 13,
"Drama"): every card table draws a seat's result through one partial
(templates/tables/_seat_result.html, from games/settled.py) as a badge with
the outcome in words and the round's net, on a colour of its own, its text
at WCAG AA contrast on each family's felt, in Debian's Chromium. The tables'
own browser tests (blackjack, pai gow, the poker games) read the badge from
a played round."""

from pathlib import Path

import pytest
from django.template.loader import render_to_string

from games.settled import seat_result
from tests.conftest import ROOT
from tests.test_browser import CHROMIUM, CHROMIUM_ARGS
from tests.test_browser_axe import CONTRAST

sync_api = pytest.importorskip("playwright.sync_api")

# Each family's grid and stylesheet: the seat is drawn on its felt.
FAMILIES = {"bj": "blackjack.css", "pg": "pai_gow.css", "pk": "poker.css"}
NETS = {"win": 2_500, "push": 0, "lose": -1_000}

BADGES = """() => [...document.querySelectorAll('.seat-result')].map(b => ({
  text: b.textContent.trim(),
  outcome: [...b.classList].find(c => c.startsWith('outcome-')),
  background: getComputedStyle(b).backgroundColor,
}))"""


def page_html():
    css = "".join(
        Path(ROOT, "static", "css", name).read_text() for name in ("casino.css", *FAMILIES.values())
    )
    badges = {
        outcome: render_to_string("tables/_seat_result.html", {"result": seat_result({"lines": []}, net)})
        for outcome, net in NETS.items()
    }
    seats = "".join(
        f'<div class="{prefix}-grid"><section class="seat felt">{badge}</section></div>'
        for prefix in FAMILIES
        for badge in badges.values()
    )
    return f"<!doctype html><html lang='en'><head><style>{css}</style></head><body><main>{seats}</main></body></html>"


def test_seat_results_read_win_push_or_lose_with_the_net_on_contrasting_badges():
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            page = browser.new_page()
            page.set_content(page_html())
            badges = page.evaluate(BADGES)
            contrast = page.evaluate(CONTRAST, ".seat-result, .seat-result *")
        finally:
            browser.close()
    assert [badge["text"] for badge in badges] == ["Win +25", "Push ±0", "Lose −10"] * len(FAMILIES)
    assert [badge["outcome"] for badge in badges] == ["outcome-win", "outcome-push", "outcome-lose"] * len(
        FAMILIES
    )
    # Not the felt's colour, and not one colour for two outcomes.
    assert len({badge["background"] for badge in badges}) == len(NETS)
    assert all(badge["background"] not in ("rgba(0, 0, 0, 0)", "transparent") for badge in badges)
    assert len(contrast) == 2 * len(badges)  # the word and the net of every badge
    assert all(ratio >= 4.5 for _, ratio in contrast), contrast


def test_a_seat_result_is_a_win_a_push_or_a_loss_by_its_net():
    assert seat_result({"lines": ["Ante wins"]}, 2_500) | {"lines": ["Ante wins"]} == {
        "lines": ["Ante wins"],
        "net": 2_500,
        "net_text": "+25",
        "outcome": "win",
        "outcome_label": "Win",
        "badge_net": "+25",
        "badge_text": "Win +25",
    }
    assert seat_result({}, 0)["badge_text"] == "Push ±0" and seat_result({}, 0)["net_text"] == "even"
    assert seat_result({}, -150)["badge_text"] == "Lose −1.50"
