"""Caribbean Stud Poker's "How to play" (games/how_to_play.py), from its
paytables and the table's Rules Submission, through the poker engine's seam
(games/poker/how_to_play.py)."""

from games.caribbean_stud import paytables, presenter, rules
from games.how_to_play import Line, Section, payout_text, paytable_lines
from games.poker.how_to_play import FIVE_CARD_HANDS, envy_lines
from games.poker.how_to_play import how_to_play as poker_how_to_play

SOURCE = "58 Pa. Code Chapter 639a"


def guide(config):
    names = paytables.LINE_NAMES
    even = payout_text(paytables.EVEN)
    return [
        Section(
            "The game",
            intro=(
                "You and the dealer get five cards each; one of the dealer's is face up. After looking at "
                f"yours, make the Bet wager ({paytables.BET_MULTIPLE}× your Ante) or fold, which loses the "
                "Ante. The dealer then shows the other four cards."
            ),
            lines=(FIVE_CARD_HANDS,),
            source=SOURCE,
        ),
        Section(
            "Ante and Bet",
            intro="The dealer needs ace-king or better to qualify. When you bet:",
            lines=(
                Line("The dealer does not qualify", f"Ante {even}, the Bet pushes"),
                Line("Your hand beats a qualifying dealer", f"Ante {even}, the Bet by the table below"),
                Line("The dealer's hand is better", "both lose"),
                Line("Exactly the same hand", "both push"),
            ),
            source=SOURCE,
            area=rules.ANTE,
        ),
        Section(
            f"Bet paytable ({config.bet_name})",
            intro="Paid on the Bet when your hand beats a qualifying dealer:",
            lines=paytable_lines(config.bet_table, names),
            source=f"{SOURCE}; {paytables.BET_SOURCE}",
            area=rules.ANTE,
        ),
        Section(
            f"Progressive ({payout_text(paytables.PROGRESSIVE_WAGER_CENTS)})",
            intro=(
                "Pays on your own five cards, whatever the dealer holds or whether the dealer qualifies; a "
                "royal flush wins the meter. A fold loses it with your cards."
            ),
            lines=paytable_lines(config.progressive_table, names)
            + envy_lines(config.envy_cents, names, "Envy Bonus"),
            source=f"{SOURCE}; {paytables.PROGRESSIVE_SOURCE}",
            area=rules.PROGRESSIVE,
        ),
    ]


how_to_play = poker_how_to_play(presenter.PRESENTER, guide, ("an Ante and the progressive", "§ 639c.1"))
