"""Crazy 4 Poker's "How to play" (games/how_to_play.py), from its paytables
and the table's Rules Submission, through the poker engine's seam
(games/poker/how_to_play.py)."""

from games.crazy_4_poker import paytables, presenter, rules
from games.how_to_play import Line, Section, payout_text, paytable_lines
from games.poker.how_to_play import envy_lines
from games.poker.how_to_play import how_to_play as poker_how_to_play

SOURCE = "58 Pa. Code Chapter 657a"


def guide(config):
    names = paytables.LINE_NAMES
    even = payout_text(paytables.EVEN)
    return [
        Section(
            "The game",
            intro=(
                "You bet the Ante, and the Super Bonus goes with it at the same amount. You and the dealer "
                "get five cards each, all face down; the best four of your five meet the dealer's best "
                "four. Make the Play wager (equal to your Ante, or three times it with a pair of aces or "
                "better) or fold, which loses the Ante, the Super Bonus and Queens Up. The dealer "
                "qualifies with a king-high or better."
            ),
            lines=(
                Line(
                    "Hands, best first: four of a kind, straight flush, three of a kind, flush, straight, "
                    "two pair, pair, high card. With four cards three of a kind beats a flush."
                ),
            ),
            source=SOURCE,
        ),
        Section(
            "Ante and Play",
            intro="When you play, your hand meets the dealer's:",
            lines=(
                Line("The dealer does not qualify", f"Ante pushes, Play {even}"),
                Line("Your hand beats the dealer's", f"Ante and Play {even}"),
                Line("A tie", "both push"),
                Line("The dealer's hand is better", "both lose"),
            ),
            source=SOURCE,
            area=rules.ANTE,
        ),
        Section(
            "Super Bonus",
            intro=(
                "Equal to your Ante. When you play, a straight or better is paid whatever the dealer holds; "
                "below a straight it pushes, unless a qualifying dealer hand beats yours:"
            ),
            lines=paytable_lines(paytables.SUPER_BONUS, names),
            source=f"{SOURCE}; {paytables.SUPER_BONUS_SOURCE}",
            area=rules.SUPER_BONUS,
        ),
        Section(
            "Queens Up",
            intro="Pays on your best four cards, whatever the dealer holds; a fold loses it:",
            lines=paytable_lines(paytables.QUEENS_UP, names),
            source=f"{SOURCE}; {paytables.QUEENS_UP_SOURCE}",
            area=rules.QUEENS_UP,
        ),
        Section(
            f"Five-Card progressive ({payout_text(paytables.FIVE_CARD_WAGER_CENTS)})",
            intro=(
                "Pays on your five cards as a poker hand, even after a fold. You are also paid an Envy "
                "bonus for every other player's straight flush or better:"
            ),
            lines=paytable_lines(paytables.FIVE_CARD_PROGRESSIVE, names)
            + envy_lines(paytables.FIVE_CARD_ENVY_CENTS, names),
            source=f"{SOURCE}; {paytables.FIVE_CARD_SOURCE}",
            area=rules.FIVE_CARD,
        ),
    ]


how_to_play = poker_how_to_play(
    presenter.PRESENTER, guide, ("an Ante and the Five-Card progressive", "§ 657c.1")
)
