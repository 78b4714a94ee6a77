"""What the Face Up Pai Gow table shows: the pai gow family's presenter and
templates (games/pai_gow/presenter.py, templates/pai_gow/) with the dealer's
hands face up from the deal, the Ace High Pai Gow push, and two hints in the
setting panel: the house way's setting and the best setting against the
dealer's hands (games/face_up_pai_gow/solver.py), each with its result."""

import json

from games import keymap
from games.cards.cards import cards, to_json
from games.face_up_pai_gow import rules, solver
from games.pai_gow import presenter as family

LABELS = {
    rules.MAIN: ("Face Up Pai Gow", "Face Up"),
    rules.ACE_HIGH_BONUS: ("Ace High Bonus", "Ace High"),
    rules.FORTUNE: ("Fortune bonus", "Fortune"),
    rules.PROGRESSIVE: ("Progressive $1", "Progressive"),
}
BEST_KEY = keymap.BEST_SETTING


def _names(setting):
    """ "high Pair of 8s (8♠ 8♦ 9♣ 5♥ 2♦), low A-Q high (A♠ Q♦)" """
    high, low = setting
    high_name, low_name, _ = family.PAI_GOW.hand_names([to_json(high), to_json(low)])
    return (
        f"high {high_name} ({' '.join(c.label for c in high)}), "
        f"low {low_name} ({' '.join(c.label for c in low)})"
    )


class FaceUpPresenter(family.Presenter):
    def layout_text(self, config):
        return (
            "The dealer's cards are dealt face up and set by the house way before you set. "
            "No commission: a winning Face Up Pai Gow wager is paid 1 to 1. "
            "A dealer Ace High Pai Gow pushes all Face Up Pai Gow wagers. Copies go to the dealer."
        )

    def area_note(self, area, config):
        if area == rules.ACE_HIGH_BONUS:
            return f"{config.ace_high_bonus} to 1"
        return super().area_note(area, config)

    def hints(self, state, spot):
        """The house way's setting and the best one against the dealer's hands, with their results."""
        dealer = (tuple(cards(state.dealer["high"])), tuple(cards(state.dealer["low"])))
        advice = solver.best_against(cards(spot["cards"]), dealer)
        best_high, best_low = advice.setting
        values = {
            "action": "set_hand",
            "high": " ".join(to_json(best_high)),
            "low": " ".join(to_json(best_low)),
            "round": str(state.round),
        }
        same = set(advice.setting[1]) == set(advice.house_way[1])
        return [
            {
                "kind": "house-way",
                "title": "House way",
                "text": f"{_names(advice.house_way)}: {solver.RESULT_WORDS[advice.house_way_result]}.",
                "values": "",
                "key": "",
            },
            {
                "kind": "best",
                "title": "Best against this dealer",
                "text": (
                    f"{_names(advice.setting)}: {solver.RESULT_WORDS[advice.result]}"
                    + (" (the house way)." if same else ".")
                ),
                "values": json.dumps(values),
                "key": BEST_KEY,
            },
        ]


FACE_UP = FaceUpPresenter(rules, LABELS)
present = FACE_UP.present
present_table = FACE_UP.present_table
present_viewer = FACE_UP.present_viewer
last_result = FACE_UP.last_result
limits_text = FACE_UP.limits_text
