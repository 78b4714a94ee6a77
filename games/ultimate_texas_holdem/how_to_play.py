"""Ultimate Texas Hold 'Em's "How to play" (games/how_to_play.py), from its
paytables and the table's Rules Submission, through the poker engine's seam
(games/poker/how_to_play.py)."""

from games.how_to_play import Line, Section, payout_text, paytable_lines
from games.poker.how_to_play import FIVE_CARD_HANDS, envy_lines
from games.poker.how_to_play import how_to_play as poker_how_to_play
from games.ultimate_texas_holdem import paytables, presenter, rules

SOURCE = "58 Pa. Code Chapters 653a and 653b"


def guide(config):
    names = paytables.LINE_NAMES
    blind = config.blind_table
    return [
        Section(
            "The game",
            intro=(
                "Bet the Ante and an equal Blind. You and the dealer get two cards each; five community cards "
                "lie face down. Before the flop, check or make a Play wager of 3× or 4× your Ante. After the "
                "flop, if you have not played, check or Play 2×. After the turn and the river, if you still "
                "have not played, Play 1× or fold (losing the Ante and the Blind). You make one Play wager a "
                "hand at most. Your hand is the best five of your two cards and the five community cards."
            ),
            lines=(
                FIVE_CARD_HANDS,
                Line(
                    "The dealer's cards are turned up after the last decision. The dealer needs a pair or "
                    "better to qualify."
                ),
                Line(
                    "Beat the dealer: the Play pays 1 to 1, the Ante 1 to 1 (it pushes if the dealer does not "
                    "qualify), the Blind by its paytable. Lose: the Play and the Blind lose, and the Ante too "
                    "if the dealer qualifies. A tie pushes everything."
                ),
                Line(
                    "If your time runs out, you check before the flop and on the flop, and fold on the river "
                    "(this table's rule: the regulation says nothing about the clock)."
                ),
            ),
            source=f"{SOURCE}; § 653a.12(a)",
        ),
        Section(
            f"Blind (paytable {config.blind_name})",
            intro="Paid only when you beat the dealer; a winning hand below the table pushes:",
            lines=paytable_lines(blind, names) + (Line("Lower", "push"),),
            source=f"{SOURCE}; {paytables.BLIND_SOURCE}",
            area=rules.ANTE,
        ),
        Section(
            f"Trips (paytable {config.trips_name})",
            intro="Your final hand, whatever the dealer holds; it stays in play if you fold.",
            lines=paytable_lines(config.trips_table, names) + (Line("Anything lower", "loses"),),
            source=f"{SOURCE}; {paytables.TRIPS_SOURCE}",
            area=rules.TRIPS,
        ),
        Section(
            "Bad Beat (Paytable C)",
            intro="Pays when your hand, three of a kind or better, loses to the dealer's; lost if you fold.",
            lines=paytable_lines(config.bad_beat_table, names) + (Line("Otherwise", "loses"),),
            source=f"{SOURCE}; {paytables.BAD_BEAT_SOURCE}",
            area=rules.BAD_BEAT,
        ),
        Section(
            f"Progressive ({payout_text(paytables.PROGRESSIVE_WAGER_CENTS)})",
            intro=(
                "Pays on your two cards and the flop; a royal flush wins the meter. It stays in play if you fold."
            ),
            lines=paytable_lines(config.progressive_table, names)
            + envy_lines(config.envy_cents, names, "Envy Bonus"),
            source=f"{SOURCE}; {paytables.PROGRESSIVE_SOURCE}; Envy {paytables.ENVY_SOURCE}",
            area=rules.PROGRESSIVE,
        ),
    ]


how_to_play = poker_how_to_play(
    presenter.PRESENTER, guide, ("the Ante and Blind and the progressive", "§ 653c.1")
)
