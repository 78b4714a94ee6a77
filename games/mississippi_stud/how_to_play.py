"""Mississippi Stud's "How to play" (games/how_to_play.py), from its paytables
and the table's Rules Submission, through the poker engine's seam
(games/poker/how_to_play.py)."""

from games.engine import format_chips
from games.how_to_play import Line, Section, payout_text, paytable_lines
from games.mississippi_stud import paytables, presenter, rules
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
            lines=(
                Line(
                    "Hands, best first: royal flush, straight flush, four of a kind, full house, flush, "
                    "straight, three of a kind, two pair, pair, high card. Ace-2-3-4-5 is the lowest straight."
                ),
                Line("If your time runs out on a street, your hand folds."),
            ),
            source=SOURCE,
        ),
        Section(
            f"Paytable ({config.base_name})",
            intro="Your Ante and every street wager are paid alike:",
            lines=paytable_lines(config.base_table, names)
            + (
                Line(names[paytables.SIXES_THROUGH_TENS], "push"),
                Line("Anything lower", "loses"),
                Line(
                    f"Most one hand's Ante and street wagers win together: {format_chips(limit)} chips",
                ),
            ),
            source=f"{SOURCE}; {paytables.BASE_SOURCE}; § 655a.12(b)",
            area=rules.ANTE,
        ),
        Section(
            f"Progressive ({format_chips(paytables.PROGRESSIVE_WAGER_CENTS)} chips)",
            intro=(
                "Pays on your two cards and the three community cards; a royal flush wins the meter. It stays "
                "in play if you fold."
            ),
            lines=paytable_lines(config.progressive_table, names)
            + tuple(
                Line(f"Envy Bonus: another player's {names[line].lower()}", payout_text(cents))
                for line, cents in config.envy_cents.items()
            ),
            source=f"{SOURCE}; {paytables.PROGRESSIVE_SOURCE}; Envy {paytables.ENVY_SOURCE}",
            area=rules.PROGRESSIVE,
        ),
        *([_mystery()] if config.mystery else []),
    ]


def _mystery():
    return Section(
        "Mystery bonus",
        intro=(
            "With an Ante and the progressive you also play for the Mystery bonus: its meter grows with "
            "each such wager and is won, in full, by the wager that lifts it past a secret amount, always "
            "before it reaches the must-hit-by amount shown."
        ),
        source="§ 655c.1",
    )


how_to_play = poker_how_to_play(presenter.PRESENTER, guide)
