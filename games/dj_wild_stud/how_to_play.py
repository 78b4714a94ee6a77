"""DJ Wild Stud Poker's "How to play" (games/how_to_play.py), from its
paytables and the table's Rules Submission, through the poker engine's seam
(games/poker/how_to_play.py)."""

from games.dj_wild_stud import paytables, presenter, rules
from games.how_to_play import Line, Section, payout_text, paytable_lines
from games.poker.how_to_play import how_to_play as poker_how_to_play

SOURCE = "58 Pa. Code Chapter 687a"


def guide(config):
    names = paytables.LINE_NAMES
    even = payout_text(paytables.EVEN)
    sections = [
        Section(
            "The game",
            intro=(
                "A 53-card deck: the four 2s and the Joker are wild, any card you need, even one you "
                "already hold. Bet the Ante and an equal Blind; you and the dealer get five cards each. "
                f"After looking at yours, make the Play wager ({paytables.PLAY_MULTIPLE}× your Ante) or "
                "fold, which loses the Ante and the Blind. The dealer always plays."
            ),
            lines=(
                Line(
                    "Hands, best first: five wilds, royal flush, five of a kind, straight flush, four of a "
                    "kind, full house, flush, straight, three of a kind, two pair, pair, high card. Each hand "
                    "plays at its best: A-Q-8-3 with a 2 is a pair of aces."
                ),
                Line("A hand with wild cards ties the same hand without them."),
            ),
            source=SOURCE,
        ),
        Section(
            "Ante, Play and Blind",
            intro="When you play:",
            lines=(
                Line(
                    "Your hand is higher, a straight or better",
                    f"Ante and Play {even}, the Blind by its table",
                ),
                Line("Your hand is higher, below a straight", f"Ante and Play {even}, the Blind pushes"),
                Line("Exactly the same hand", "all three push"),
                Line("The dealer's hand is higher", "all three lose"),
            ),
            source=SOURCE,
            area=rules.ANTE,
        ),
        Section(
            f"Blind paytable ({config.blind_name})",
            intro="Paid on the Blind when your hand beats the dealer's:",
            lines=paytable_lines(config.blind_table, names),
            source=f"{SOURCE}; {paytables.BLIND_SOURCE}",
            area=rules.BLIND,
        ),
    ]
    if config.trips_table:
        sections.append(
            Section(
                "Trips",
                intro=(
                    "Pays on your own five cards, three of a kind or better, whatever the dealer holds and "
                    "even if you fold. A natural hand (no wild card needed; a 2 not needed as wild counts "
                    "as a 2) pays more than the same hand with wild cards."
                ),
                lines=paytable_lines(config.trips_table, names),
                source=f"{SOURCE}; the table's paytable",
                area=rules.TRIPS,
            )
        )
    if config.progressive:
        sections.append(
            Section(
                f"Progressive ({payout_text(paytables.PROGRESSIVE_WAGER_CENTS)})",
                intro=(
                    "Pays on your own five cards, wild cards as in the game, whatever the dealer holds and "
                    "even if you fold; a natural royal flush wins the meter, five wilds 10% of it, and "
                    "below four of a kind the wager loses."
                ),
                lines=paytable_lines(config.progressive_table, names),
                source=f"{SOURCE}; {paytables.PROGRESSIVE_SOURCE}",
                area=rules.PROGRESSIVE,
            )
        )
    return sections


how_to_play = poker_how_to_play(presenter.PRESENTER, guide, ("an Ante and the progressive", "§ 687c.1"))
