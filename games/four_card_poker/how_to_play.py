"""Four Card Poker's "How to play" (games/how_to_play.py), from its
paytables and the table's Rules Submission, through the poker engine's seam
(games/poker/how_to_play.py)."""

from games.four_card_poker import paytables, presenter, rules
from games.how_to_play import Line, Section, payout_text, paytable_lines
from games.poker.how_to_play import envy_lines
from games.poker.how_to_play import how_to_play as poker_how_to_play

SOURCE = "58 Pa. Code Chapter 641a"


def guide(config):
    names = paytables.LINE_NAMES
    even = payout_text(paytables.EVEN)
    *most, last = (f"{multiple}×" for multiple in paytables.PLAY_MULTIPLES)
    multiples = f"{', '.join(most)} or {last}"
    return [
        Section(
            "The game",
            intro=(
                "You get five cards, the dealer six (one face up); each side plays its best four. After "
                f"looking at yours, make the Play wager ({multiples} your Ante) or fold, which loses the Ante. "
                "The dealer always plays, and you win ties."
            ),
            lines=(
                Line(
                    "Hands, best first: four of a kind, straight flush, three of a kind, flush, straight, "
                    "two pair, pair, high card."
                ),
            ),
            source=SOURCE,
        ),
        Section(
            "Ante and Play",
            intro="When you play, your best four meet the dealer's:",
            lines=(
                Line("Your hand beats or ties the dealer's", f"Ante and Play {even}"),
                Line("The dealer's hand is better", "both lose"),
            ),
            source=SOURCE,
            area=rules.ANTE,
        ),
        Section(
            f"Ante Bonus (paytable {config.ante_bonus_name})",
            intro="Paid on the Ante when you play with three of a kind or better, whatever the dealer holds:",
            lines=paytable_lines(config.ante_bonus_table, names),
            source=SOURCE,
            area=rules.ANTE,
        ),
        Section(
            f"Aces Up (paytable {config.aces_up_name})",
            intro=(
                "Pays on your best four cards with a pair of aces or better, whatever the dealer holds, "
                "even after a fold; it can be played without an Ante:"
            ),
            lines=paytable_lines(config.aces_up_table, names),
            source=f"{SOURCE}; {paytables.ACES_UP_SOURCE}",
            area=rules.ACES_UP,
        ),
        Section(
            f"Five-Card progressive ({payout_text(paytables.FIVE_CARD_WAGER_CENTS)})",
            intro=(
                "Pays on your five cards, even after a fold; a royal flush wins the meter. You are also "
                "paid an Envy bonus for every other player's straight flush or royal flush:"
            ),
            lines=paytable_lines(paytables.FIVE_CARD_PROGRESSIVE, names)
            + envy_lines(paytables.FIVE_CARD_ENVY_CENTS, names),
            source=f"{SOURCE}; {paytables.FIVE_CARD_SOURCE}",
            area=rules.FIVE_CARD,
        ),
    ]


how_to_play = poker_how_to_play(
    presenter.PRESENTER, guide, ("an Ante and the Five-Card progressive", "§ 641c.1")
)
