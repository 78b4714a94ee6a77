"""Three Card Poker's "How to play" (games/how_to_play.py), from its
paytables and the table's Rules Submission, through the poker engine's seam
(games/poker/how_to_play.py)."""

from games.engine import chip_word, format_chips
from games.how_to_play import Line, Section, payout_text, paytable_lines
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
            f"Three-Card progressive ({format_chips(paytables.THREE_CARD_WAGER_CENTS)} chip)",
            intro=(
                "Pays on your three cards; a mini-royal (A-K-Q of one suit) in spades wins the meter. "
                "You are also paid an Envy bonus for every other player's mini-royal:"
            ),
            lines=paytable_lines(paytables.THREE_CARD_PROGRESSIVE, names)
            + tuple(
                Line(
                    f"Envy: another player's {names[line].lower()}",
                    f"{format_chips(cents)} {chip_word(cents)}",
                )
                for line, cents in paytables.THREE_CARD_ENVY_CENTS.items()
            ),
            source=f"{SOURCE}; {paytables.THREE_CARD_SOURCE}",
            area=rules.THREE_CARD,
        ),
        Section(
            f"Five-Card progressive ({format_chips(paytables.FIVE_CARD_WAGER_CENTS)} {chip_word(paytables.FIVE_CARD_WAGER_CENTS)})",
            intro="Pays on the best five of your three cards and the dealer's three:",
            lines=paytable_lines(paytables.FIVE_CARD_PROGRESSIVE, names),
            source=f"{SOURCE}; {paytables.FIVE_CARD_SOURCE}",
            area=rules.FIVE_CARD,
        ),
        *([_mystery(config)] if config.mystery else []),
    ]


def _mystery(config):
    wagers = " or the ".join(
        rules.GAME.area(area).label
        for area in (rules.THREE_CARD, rules.FIVE_CARD)
        if config.qualifies_for_mystery(area)
    )
    return Section(
        "Mystery bonus",
        intro=(
            f"With an Ante and the {wagers} you also play for the Mystery bonus: its meter grows with each "
            "such wager and is won, in full, by the wager that lifts it past a secret amount, always "
            "before it reaches the must-hit-by amount shown."
        ),
        source="§ 649c.1",
    )


how_to_play = poker_how_to_play(presenter.PRESENTER, guide)
