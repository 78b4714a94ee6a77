"""Face Up Pai Gow Poker's "How to play" (games/how_to_play.py), from its
paytables and the table's Rules Submission: the face-up dealer, the Ace High
Pai Gow push, the Ace High Bonus where offered, Fortune and Envy, the
progressive and the Mystery bonus."""

from games.engine import CENTS_PER_CHIP, chip_word, format_chips
from games.face_up_pai_gow import paytables, rules
from games.how_to_play import (
    Line,
    Section,
    limits_section,
    meter_linked,
    payout_text,
    paytable_lines,
    with_odds_note,
)
from games.pai_gow import paytables as pai_gow_paytables

PROGRESSIVE_KIND = "progressive_payout"
NAMES = pai_gow_paytables.SEVEN_CARD_LINE_NAMES


def how_to_play(config, table=None):
    sections = [
        Section(
            "The game",
            intro=(
                "The dealer's seven cards are dealt face up and set first, by the house way: you set your "
                "seven cards as a five-card high hand and a two-card low hand seeing the dealer's hands. "
                "Both your hands beat the dealer's: you win; one of them: a push; neither: you lose. "
                "The dealer wins ties."
            ),
            lines=(
                Line("The joker counts as an ace, or completes a straight or a flush."),
                Line("A hand set with the low hand beating the high hand is a foul and loses."),
                Line(
                    '"House way" sets your hand the dealer\'s way; "Best against this dealer" shows the '
                    "setting that does best against the hands you see."
                ),
            ),
            source="58 Pa. Code Chapter 688a",
        ),
        Section(
            "Face Up Pai Gow wager",
            intro="No commission: a win is paid in full.",
            lines=(
                Line("Both your hands beat the dealer's", payout_text(paytables.WIN), "rule 9"),
                Line(
                    "The dealer has an Ace High Pai Gow (ace high, no pair, straight or flush): every "
                    "Face Up Pai Gow wager",
                    "pushes",
                    "rules 6-7",
                ),
            ),
            source="PA § 688a.1",
        ),
    ]
    if config.offers(rules.ACE_HIGH_BONUS):
        odds = paytables.ACE_HIGH_BONUS_ODDS[config.ace_high_bonus]
        sections.append(
            Section(
                "Ace High Bonus",
                intro="Pays when the dealer's seven cards are an Ace High Pai Gow.",
                lines=(Line("The dealer has an Ace High Pai Gow", payout_text(odds), "rule 7"),),
                source=f"PA § 688a.1; {paytables.ACE_HIGH_BONUS_SOURCE}",
            )
        )
    if config.offers(rules.FORTUNE):
        sections.append(
            Section(
                "Fortune bonus",
                intro="Pays on the best hand of all your seven cards, whatever the dealer holds:",
                lines=paytable_lines(paytables.FORTUNE, NAMES),
                source=pai_gow_paytables.FORTUNE_SOURCE,
            )
        )
        sections.append(
            Section(
                "Envy bonus",
                intro=(
                    f"With a Fortune or progressive wager of "
                    f"{format_chips(paytables.ENVY_MIN_QUALIFYING_WAGER_CENTS)} or more, you are also paid "
                    "for every other player whose seven cards make:"
                ),
                lines=paytable_lines(paytables.ENVY_CENTS, NAMES),
                source=pai_gow_paytables.ENVY_SOURCE,
            )
        )
    if config.offers(rules.PROGRESSIVE) and meter_linked(table, PROGRESSIVE_KIND):
        sections.append(
            Section(
                f"Progressive ({format_chips(paytables.PROGRESSIVE_WAGER_CENTS)} chip)",
                intro="Pays on the best hand of your seven cards; the top hands win a share of the meter:",
                lines=paytable_lines(paytables.PROGRESSIVE, NAMES),
                source=pai_gow_paytables.PROGRESSIVE_SOURCE,
            )
        )
        if config.mystery and meter_linked(table, "must_hit_by"):
            sections.append(
                Section(
                    "Mystery bonus",
                    intro=(
                        "With a Face Up Pai Gow wager and the progressive wager you also play for the "
                        "Mystery bonus: its meter grows with each progressive wager and is won, in full, by "
                        "the wager that lifts it past a secret amount, always before it reaches the "
                        "must-hit-by amount shown."
                    ),
                    source="§ 688c.1",
                )
            )
    sides = [
        name
        for area, name in ((rules.FORTUNE, "Fortune"), (rules.ACE_HIGH_BONUS, "Ace High Bonus"))
        if config.offers(area)
    ]
    lines = [
        f"Face Up Pai Gow wager: {config.min_bet:,} to {config.max_bet:,} "
        f"{chip_word(config.max_bet * CENTS_PER_CHIP)}."
    ]
    if sides:
        lines.append(
            f"{', '.join(sides)}: up to {config.side_max:,} {chip_word(config.side_max * CENTS_PER_CHIP)}."
        )
    sections.append(limits_section(lines))
    return with_odds_note(sections)
