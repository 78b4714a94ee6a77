"""Texas Hold 'Em Bonus's "How to play" (games/how_to_play.py), from its
paytables and the table's Rules Submission, through the poker engine's seam
(games/poker/how_to_play.py)."""

from games.how_to_play import Line, Section, payout_text, paytable_lines
from games.poker.how_to_play import FIVE_CARD_HANDS, envy_lines
from games.poker.how_to_play import how_to_play as poker_how_to_play
from games.texas_holdem_bonus import paytables, presenter, rules

SOURCE = "58 Pa. Code Chapter 647a"


def guide(config):
    progressive_names = paytables.PROGRESSIVE_LINE_NAMES
    return [
        Section(
            "The game",
            intro=(
                "You and the dealer get two cards face down. Fold (you lose your Ante and your Bonus wager) or "
                "make the Flop wager, twice your Ante. Three community cards are turned up (the flop): check or "
                "make the Turn wager, once your Ante. The fourth card (the turn): check or make the River "
                "wager, once your Ante. Then the last card (the river) and the dealer's two cards. Your hand is "
                "the best five of your two cards and the five community cards; the dealer's the same way."
            ),
            lines=(
                FIVE_CARD_HANDS,
                Line("The dealer needs no qualifying hand.", source="rule 9"),
                Line(
                    "If your time runs out before the flop, your hand folds; on the flop or the turn, it checks.",
                    source="§ 647a.1 (Fold: not making the Flop wager); after the flop the rules name no "
                    "default, so the table checks, which risks nothing",
                ),
            ),
            source=SOURCE,
        ),
        Section(
            "Ante and street wagers",
            intro="Against the dealer's hand:",
            lines=(
                Line(f"You win with a {config.ante_pays_name}", "every wager 1 to 1"),
                Line(
                    f"You win with less than a {config.ante_pays_name.removesuffix(' or better')}",
                    "Ante pushes; Flop, Turn and River wagers 1 to 1",
                ),
                Line("A tie", "every wager pushes"),
                Line("The dealer wins", "every wager loses"),
            ),
            source=f"{SOURCE}; {paytables.MAIN_SOURCE}",
            area=rules.ANTE,
        ),
        Section(
            f"Bonus ({config.bonus_name})",
            intro="Pays on your two cards, whatever the dealer holds (the top line needs the dealer's A-A too). "
            "If you fold, it is lost.",
            lines=paytable_lines(config.bonus_table, paytables.BONUS_LINE_NAMES)
            + (Line("Anything else", "loses"),),
            source=f"{SOURCE}; {paytables.BONUS_SOURCE}",
            area=rules.BONUS,
        ),
        Section(
            f"Progressive ({payout_text(paytables.PROGRESSIVE_WAGER_CENTS)})",
            intro=(
                "Pays on your two cards and the flop; a royal flush wins the meter. It stays in play if you fold."
            ),
            lines=paytable_lines(config.progressive_table, progressive_names)
            + envy_lines(config.envy_cents, progressive_names, "Envy Bonus"),
            source=f"{SOURCE}; {paytables.PROGRESSIVE_SOURCE}; Envy {paytables.ENVY_SOURCE}",
            area=rules.PROGRESSIVE,
        ),
    ]


how_to_play = poker_how_to_play(presenter.PRESENTER, guide, ("an Ante and the progressive", "§ 647c.1"))
