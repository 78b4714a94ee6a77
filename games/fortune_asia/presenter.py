"""What a Fortune Asia Poker table shows: the pai gow family's presenter
(games/pai_gow/presenter.py, the shared templates/pai_gow/ and its setting
panel: click the cards into the High, Medium and Low hands, each hand's name
shown, a broken order refused with the order test's message) with this
game's words. Presentation only; no queries."""

from games.fortune_asia import rules
from games.pai_gow.presenter import Presenter

LABELS = {
    rules.MAIN: ("Fortune Asia Poker", "Asia Poker"),
    rules.PROGRESSIVE: ("Progressive $1", "Progressive"),
}


class FortuneAsiaPresenter(Presenter):
    def layout_text(self, config):
        return (
            "Seven cards: a four-card High, a two-card Medium and a one-card Low hand, High at least "
            "Medium at least Low. Beat the dealer in two of the three to win 1 to 1; no commission, "
            "copies go to the dealer. The joker is an ace, or completes a straight or flush in the High hand."
        )

    def area_note(self, area, config):
        if area == rules.MAIN:
            return "1 to 1, two of three"
        if area == rules.PROGRESSIVE:
            return "seven-card hand"
        return ""


FORTUNE_ASIA = FortuneAsiaPresenter(rules, LABELS)
present = FORTUNE_ASIA.present
present_table = FORTUNE_ASIA.present_table
present_viewer = FORTUNE_ASIA.present_viewer
last_result = FORTUNE_ASIA.last_result
limits_text = FORTUNE_ASIA.limits_text
