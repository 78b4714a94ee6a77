"""Let It Ride Poker's "How to play" (games/how_to_play.py), from its
paytables and the table's Rules Submission, through the poker engine's seam
(games/poker/how_to_play.py)."""

from games.how_to_play import Line, Section, payout_text, paytable_lines
from games.let_it_ride import paytables, presenter, rules
from games.poker.how_to_play import envy_lines
from games.poker.how_to_play import how_to_play as poker_how_to_play

SOURCE = "58 Pa. Code Chapter 643a"


def guide(config):
    names = paytables.LINE_NAMES
    three_card_names = {**names, paytables.STRAIGHT_FLUSH: "Straight flush (mini-royal included)"}
    return [
        Section(
            "The game",
            intro=(
                "Place three equal bets: Bet 1, Bet 2 and Bet $. You get three cards; two community cards "
                "lie face down for everyone. After looking at your cards, pull back Bet 1 or let it ride. "
                "The first community card is turned up: pull back Bet 2 or let it ride, whatever you did "
                "with Bet 1. Bet $ always rides. The second community card is turned up and your three "
                "cards and the two community cards make your hand. There is no dealer hand."
            ),
            lines=(
                Line(
                    "Hands, best first: royal flush, straight flush, four of a kind, full house, flush, "
                    "straight, three of a kind, two pair, pair, high card. Ace-2-3-4-5 is a straight."
                ),
                Line("If you do not decide in time, the bet is pulled back for you."),
            ),
            source=SOURCE,
        ),
        Section(
            f"Bets 1, 2 and $ (paytable {config.base_name})",
            intro=(
                "Every bet still riding is paid at these odds on a pair of 10s or better; anything lower "
                f"loses them all. The three bets win at most {config.aggregate_payout_limit:,} chips "
                "together in a round:"
            ),
            lines=paytable_lines(config.base_table, names),
            source=f"{SOURCE}; {paytables.BASE_SOURCE}",
            area=rules.ONE,
        ),
        Section(
            f"Three Card Bonus (paytable {config.three_card_bonus_name})",
            intro="Pays on your three cards alone, whatever you pull back. A straight beats a flush:",
            lines=paytable_lines(config.three_card_bonus_table, three_card_names),
            source=f"{SOURCE}; {paytables.THREE_CARD_BONUS_SOURCE}",
            area=rules.THREE_CARD_BONUS,
        ),
        Section(
            f"Three-Card progressive ({payout_text(paytables.THREE_CARD_WAGER_CENTS)})",
            intro=(
                "Pays on your three cards; a mini-royal (A-K-Q suited) in spades wins the meter. You are "
                "also paid Envy for every other player's mini-royal:"
            ),
            lines=paytable_lines(paytables.THREE_CARD_PROGRESSIVE, names)
            + envy_lines(paytables.THREE_CARD_ENVY_CENTS, names),
            source=f"{SOURCE}; {paytables.THREE_CARD_SOURCE}",
            area=rules.THREE_CARD,
        ),
        Section(
            f"Five-Card progressive ({payout_text(paytables.FIVE_CARD_WAGER_CENTS)})",
            intro=(
                "Pays on your final hand, your three cards and the two community cards; a royal flush wins "
                "the meter. You are also paid Envy for every other player's straight flush or royal flush:"
            ),
            lines=paytable_lines(paytables.FIVE_CARD_PROGRESSIVE, names)
            + envy_lines(paytables.FIVE_CARD_ENVY_CENTS, names),
            source=f"{SOURCE}; {paytables.FIVE_CARD_SOURCE}",
            area=rules.FIVE_CARD,
        ),
    ]


how_to_play = poker_how_to_play(
    presenter.PRESENTER, guide, ("your three bets and a progressive wager", "§ 643c.1")
)
