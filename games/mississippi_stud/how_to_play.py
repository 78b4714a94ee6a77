"""Mississippi Stud's "How to play" (games/how_to_play.py), from its paytables
and the table's Rules Submission, through the poker engine's seam
(games/poker/how_to_play.py)."""

from games.engine import format_chips
from games.how_to_play import Line, Section, payout_text, paytable_lines
from games.mississippi_stud import paytables, presenter, rules
from games.poker.how_to_play import FIVE_CARD_HANDS, envy_lines
from games.poker.how_to_play import how_to_play as poker_how_to_play

SOURCE = "58 Pa. Code Chapter 655a"


def guide(config):
    names = paytables.LINE_NAMES
    limit = config.aggregate_limit_cents
    return [
        Section(
            "The game",
            intro=(
                "You get two cards; three community cards lie face down. Bet 1×, 2× or 3× your Ante (3rd "
                "Street) or fold; one community card is turned up; bet again (4th Street) or fold; the second "
                "is turned up; bet once more (5th Street) or fold; the last is turned up. Folding loses what "
                "you have bet so far. There is no dealer hand: your two cards and the three community cards "
                "make your hand."
            ),
            lines=(FIVE_CARD_HANDS, Line("If your time runs out on a street, your hand folds.")),
            source=SOURCE,
        ),
        Section(
            f"Paytable ({config.base_name})",
            intro="Your Ante and every street wager are paid alike:",
            lines=paytable_lines(config.base_table, names)
            + (
                Line(names[paytables.SIXES_THROUGH_TENS], "push"),
                Line("Anything lower", "loses"),
                Line(f"Most one hand's Ante and street wagers win together: {format_chips(limit)} chips"),
            ),
            source=f"{SOURCE}; {paytables.BASE_SOURCE}; § 655a.12(b)",
            area=rules.ANTE,
        ),
        Section(
            f"Progressive ({payout_text(paytables.PROGRESSIVE_WAGER_CENTS)})",
            intro=(
                "Pays on your two cards and the three community cards; a royal flush wins the meter. It stays "
                "in play if you fold."
            ),
            lines=paytable_lines(config.progressive_table, names)
            + envy_lines(config.envy_cents, names, "Envy Bonus"),
            source=f"{SOURCE}; {paytables.PROGRESSIVE_SOURCE}; Envy {paytables.ENVY_SOURCE}",
            area=rules.PROGRESSIVE,
        ),
    ]


how_to_play = poker_how_to_play(presenter.PRESENTER, guide, ("an Ante and the progressive", "§ 655c.1"))
