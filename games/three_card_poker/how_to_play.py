"""Three Card Poker's "How to play" (games/how_to_play.py), from its
paytables and the table's Rules Submission, through the poker engine's seam
(games/poker/how_to_play.py)."""

from games.how_to_play import Line, Section, payout_text, paytable_lines
from games.poker.how_to_play import envy_lines
from games.poker.how_to_play import how_to_play as poker_how_to_play
from games.three_card_poker import paytables, presenter, rules

SOURCE = "58 Pa. Code Chapter 649a"


def guide(config):
    names = paytables.LINE_NAMES
    even = payout_text(paytables.EVEN)
    return [
        Section(
            "The game",
            intro=(
                "You and the dealer get three cards each. After looking at yours, make the Play wager "
                "(equal to your Ante) or fold, which loses the Ante and the Pair Plus. The dealer "
                "qualifies with a queen-high or better."
            ),
            lines=(
                Line(
                    "Hands, best first: straight flush, three of a kind, straight, flush, pair, high card. "
                    "With three cards a straight beats a flush."
                ),
            ),
            source=SOURCE,
        ),
        Section(
            "Ante and Play",
            intro="When you play, your hand meets the dealer's:",
            lines=(
                Line("The dealer does not qualify", f"Ante {even}, Play pushes"),
                Line("Your hand beats the dealer's", f"Ante and Play {even}"),
                Line("A tie", "both push"),
                Line("The dealer's hand is better", "both lose"),
            ),
            source=SOURCE,
            area=rules.ANTE,
        ),
        Section(
            "Ante Bonus",
            intro="Paid on the Ante when you play with a straight or better, whatever the dealer holds:",
            lines=paytable_lines(paytables.ANTE_BONUS, names),
            source=SOURCE,
            area=rules.ANTE,
        ),
        Section(
            f"Pair Plus (paytable {config.pair_plus_name})",
            intro="Pays on your three cards, whatever the dealer holds; it can be played without an Ante:",
            lines=paytable_lines(config.pair_plus_table, names),
            source=SOURCE,
            area=rules.PAIR_PLUS,
        ),
        Section(
            "Six Card Bonus",
            intro="Pays on the best five of your three cards and the dealer's three, even after a fold:",
            lines=paytable_lines(paytables.SIX_CARD_BONUS, names),
            source=SOURCE,
            area=rules.SIX_CARD,
        ),
        Section(
            f"Three-Card progressive ({payout_text(paytables.THREE_CARD_WAGER_CENTS)})",
            intro=(
                "Pays on your three cards; a mini-royal (A-K-Q of one suit) in spades wins the meter. "
                "You are also paid an Envy bonus for every other player's mini-royal:"
            ),
            lines=paytable_lines(paytables.THREE_CARD_PROGRESSIVE, names)
            + envy_lines(paytables.THREE_CARD_ENVY_CENTS, names),
            source=f"{SOURCE}; {paytables.THREE_CARD_SOURCE}",
            area=rules.THREE_CARD,
        ),
        Section(
            f"Five-Card progressive ({payout_text(paytables.FIVE_CARD_WAGER_CENTS)})",
            intro="Pays on the best five of your three cards and the dealer's three:",
            lines=paytable_lines(paytables.FIVE_CARD_PROGRESSIVE, names),
            source=f"{SOURCE}; {paytables.FIVE_CARD_SOURCE}",
            area=rules.FIVE_CARD,
        ),
    ]


def _mystery_wagers(config):
    qualifying = (area for area in (rules.THREE_CARD, rules.FIVE_CARD) if config.qualifies_for_mystery(area))
    return "an Ante and the " + " or the ".join(rules.GAME.area(area).label for area in qualifying)


how_to_play = poker_how_to_play(presenter.PRESENTER, guide, (_mystery_wagers, "§ 649c.1"))
