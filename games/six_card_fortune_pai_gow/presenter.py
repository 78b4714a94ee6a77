"""What a Six-Card Fortune Pai Gow table shows: the pai gow family's presenter
(games/pai_gow/presenter.py, the shared templates/pai_gow/ and its setting
panel: click one card for the low hand, the other five are the high hand)
with this game's words, its Double Down decision after the deal and the
Double Down's chips on the seat. Presentation only; no queries."""

from games import keymap
from games.engine import CENTS_PER_CHIP
from games.pai_gow.presenter import Presenter
from games.six_card_fortune_pai_gow import paytables, rules
from games.six_card_fortune_pai_gow.settlement import DOUBLE_DOWN

LABELS = {
    rules.MAIN: ("Six-Card Fortune Pai Gow", "Pai Gow"),
    rules.FORTUNE: ("Fortune bonus", "Fortune"),
    rules.PROGRESSIVE: ("Progressive $1", "Progressive"),
    DOUBLE_DOWN: ("Double Down", "Double"),
}


class SixCardPresenter(Presenter):
    def layout_text(self, config):
        text = (
            "Six cards: a five-card high hand and a one-card low hand; no commission; copies go to the "
            "dealer. Your joker as the low card beats any dealer low card, an ace included."
        )
        if config.double_down:
            text += (
                " After you see your cards you may Double Down, exactly your main wager: it wins 1 to 1 only "
                "when both hands win, and loses otherwise."
            )
        if config.fortune:
            text += (
                " Fortune bonus on the best five of your six cards, three of a kind or better; Envy on "
                "another player's full house or better with a Fortune wager of $5 or more "
                f"({paytables.FORTUNE_SOURCE})."
            )
        return text

    def area_note(self, area, config):
        if area == rules.MAIN:
            return "1 to 1"
        if area == rules.PROGRESSIVE:
            return "best five of six · straight or better"
        if area == rules.FORTUNE:
            return "six-card hand"
        return ""

    def limits_text(self, config):
        text = super().limits_text(config)
        if config.double_down:
            text += " · Double Down equal to the main wager"
        return text

    def _seat(self, state, snapshot, nicknames, seat):
        view = super()._seat(state, snapshot, nicknames, seat)
        spot = state.spots.get(str(seat))
        if spot and spot["bets"].get(DOUBLE_DOWN):
            view["bets"].append(
                {
                    "area": DOUBLE_DOWN,
                    "label": self.labels[DOUBLE_DOWN][1],
                    "title": self.labels[DOUBLE_DOWN][0],
                    "amount": spot["bets"][DOUBLE_DOWN],
                }
            )
        return view

    def decision_context(self, state, seat, spot, config):
        """The Double Down after the deal (rule 8): double the main wager (D) or not (N)."""
        main = spot["bets"][rules.MAIN] // CENTS_PER_CHIP
        return {
            "decision": {
                "key": f"{state.round}:{seat}:double_down",
                "cards": " ".join(spot["cards"]),  # the player's own six, for a client deciding by them
                "text": (
                    "Your six cards are dealt. Double Down with your main wager again (it wins only if both "
                    "hands win), or play on."
                ),
                "buttons": [
                    {
                        "action": rules.DOUBLE,
                        "key": keymap.DOUBLE_DOWN,
                        "label": f"Double Down {main:,}",
                        "amount": main,
                    },
                    {
                        "action": rules.NO_DOUBLE,
                        "key": keymap.DECLINE,
                        "label": "No Double Down",
                        "amount": None,
                    },
                ],
            },
            "turn_key": f"{state.round}:decide",
            "turn_text": "Your cards are dealt: Double Down (D) or not (N).",
        }


SIX_CARD = SixCardPresenter(rules, LABELS)
present = SIX_CARD.present
present_table = SIX_CARD.present_table
present_viewer = SIX_CARD.present_viewer
last_result = SIX_CARD.last_result
limits_text = SIX_CARD.limits_text
