"""Pai Gow Poker's "How to play" (games/how_to_play.py), from its paytables
and the table's Rules Submission: commission-free play and Tiger 9, the
Fortune and Envy bonuses, the progressive and the Mystery bonus, and the
dice wagers with the table's Sum and Beat It paytables."""

from collections.abc import Mapping
from typing import Any

from games.engine import CENTS_PER_CHIP, chip_word, format_chips
from games.how_to_play import (
    Line,
    Section,
    limits_section,
    meter_linked,
    payout_text,
    paytable_lines,
    with_odds_note,
)
from games.pai_gow import dice, paytables, rules

PROGRESSIVE_KIND = "progressive_payout"

SUM_INTROS = {
    "A": "Pays on the total of the three dice:",
    "B": "Pays on the total of the three dice:",
    "C": "Pays when at least two of the dice show the same number:",
    "D": "Pays when the three dice show three numbers in a row, such as 2, 3 and 4:",
}
SUM_LINE_TEXT = {
    dice.SUM_17: "The dice total 17",
    dice.SUM_16: "The dice total 16",
    dice.SUM_8: "The dice total 8",
    dice.SUM_3: "The dice total 3",
    dice.SUM_9: "The dice total 9",
    dice.THREE_MATCH: "All three dice show the same number",
    dice.TWO_MATCH: "Exactly two dice show the same number",
    dice.SERIES: "Three numbers in a row",
}
BEAT_IT_INTROS = {
    "A": "Pays when the red die ties or beats the total of the two blue dice, by:",
    "B": "Pays when the red die ties or beats the total of the two blue dice, by:",
    "C": "Pays when any one die beats the total of the other two:",
}
BEAT_IT_LINE_TEXT = {
    dice.BEAT_BY_4: "4 points",
    dice.BEAT_BY_2_OR_3: "2 or 3 points",
    dice.TIE_OR_BY_1: "A tie or 1 point",
    dice.ONE_DIE_BEATS_BY_1_OR_MORE: "By one point or more",
}
MATCH_LINE_TEXT = {
    dice.TRIPLE_MATCH: "All three dice show your number",
    dice.DOUBLE_MATCH: "Two dice show your number",
}


def how_to_play(config: rules.Config, table: Mapping[str, Any] | None = None) -> list[Section]:
    sections = [
        Section(
            "The game",
            intro=(
                "You get seven cards: set them as a five-card high hand and a two-card low hand that "
                "ranks below it (or let the house way set them). Both hands beat "
                "the dealer's: you win; one of them: a push; neither: you lose. The dealer wins ties."
            ),
            lines=(
                Line("The joker counts as an ace, or completes a straight or a flush."),
                Line("A hand set with the low hand beating the high hand is a foul and loses."),
            ),
            source="58 Pa. Code Chapter 645a",
        ),
        _main(config),
    ]
    if config.offers(rules.TIGER_9):
        sections.append(
            Section(
                "Tiger 9",
                intro="Pays when the dealer's low hand is 9-high: a 9 and a lower card, no pair and no joker.",
                lines=(
                    Line("The dealer's low hand is a Tiger 9", payout_text(paytables.TIGER_9), "§ 645c.1(g)"),
                ),
                source="§ 645c.1(c)-(g)",
            )
        )
    if config.offers(rules.FORTUNE):
        sections.append(
            Section(
                "Fortune bonus",
                intro="Pays on the best hand of all your seven cards, whatever the dealer holds:",
                lines=paytable_lines(paytables.FORTUNE, paytables.SEVEN_CARD_LINE_NAMES),
                source=paytables.FORTUNE_SOURCE,
            )
        )
        sections.append(
            Section(
                "Envy bonus",
                intro=(
                    f"With a Fortune wager of {format_chips(paytables.ENVY_MIN_FORTUNE_WAGER_CENTS)} or more, "
                    "you are also paid for every other player whose seven cards make:"
                ),
                lines=paytable_lines(paytables.ENVY_CENTS, paytables.SEVEN_CARD_LINE_NAMES),
                source=paytables.ENVY_SOURCE,
            )
        )
    if config.offers(rules.PROGRESSIVE) and meter_linked(table, PROGRESSIVE_KIND):
        sections.append(
            Section(
                f"Progressive ({format_chips(paytables.PROGRESSIVE_WAGER_CENTS)} chip)",
                intro="Pays on the best hand of your seven cards; the top hands win a share of the meter:",
                lines=paytable_lines(paytables.PROGRESSIVE, paytables.SEVEN_CARD_LINE_NAMES),
                source=paytables.PROGRESSIVE_SOURCE,
            )
        )
        if config.mystery and meter_linked(table, "must_hit_by"):
            sections.append(_mystery())
    if config.dice:
        sections += _dice(config)
    sides = [
        name for area, name in ((rules.FORTUNE, "Fortune"), (rules.TIGER_9, "Tiger 9")) if config.offers(area)
    ]
    if config.dice:
        sides.append("each dice wager")
    lines = [
        f"Pai Gow Poker wager: {config.min_bet:,} to {config.max_bet:,} {chip_word(config.max_bet * CENTS_PER_CHIP)}."
    ]
    if sides:
        lines.append(
            f"{', '.join(sides)}: up to {config.side_max:,} {chip_word(config.side_max * CENTS_PER_CHIP)}."
        )
    sections.append(limits_section(lines))
    return with_odds_note(sections)


def _main(config: rules.Config) -> Section:
    if config.commission_free:
        return Section(
            "Pai Gow Poker wager",
            intro="Commission-free: a win is paid in full.",
            lines=(
                Line("Both your hands beat the dealer's", payout_text(paytables.WIN), "§ 645c.1(a)"),
                Line(
                    "The dealer's low hand is a Tiger 9 (9-high): every Pai Gow Poker wager",
                    "pushes",
                    "§ 645c.1(e)(1)",
                ),
            ),
            source="§ 645c.1",
        )
    percent = int(paytables.COMMISSION * 100)
    return Section(
        "Pai Gow Poker wager",
        intro=f"A win pays 1 to 1 less a {percent}% commission on the winnings.",
        lines=(Line("Both your hands beat the dealer's", f"{paytables.WIN} less {percent}%"),),
        source="58 Pa. Code § 645a.7(d)",
    )


def _mystery() -> Section:
    return Section(
        "Mystery bonus",
        intro=(
            "With a Pai Gow Poker wager and the progressive wager you also play for the Mystery bonus: "
            "its meter grows with each progressive wager and is won, in full, by the wager that lifts "
            "it past a secret amount, always before it reaches the must-hit-by amount shown."
        ),
        source="§ 645c.3",
    )


def _dice(config: rules.Config) -> list[Section]:
    sum_letter = rules.LETTERS[config.sum_paytable - 1]
    beat_letter = rules.LETTERS[config.beat_it_paytable - 1]
    return [
        Section(
            "The shaker",
            intro=(
                "After no more bets one player shakes three dice, one red and two blue. Their total picks "
                "the hand that gets the first seven cards; the dice wagers are settled on them."
            ),
            source="§ 645c.2(a)-(c)",
        ),
        Section(
            "Sum",
            intro=SUM_INTROS[sum_letter],
            lines=paytable_lines(paytables.sum_paytable(sum_letter), SUM_LINE_TEXT),
            source=f"§ 645c.2(e)(1), (g)(1), Paytable {sum_letter}",
        ),
        Section(
            "Match 1 to 6",
            intro=(
                "Bet on a number: Match 3 pays when two or three dice show 3, and so on for each number. "
                "One die or none loses."
            ),
            lines=paytable_lines(paytables.MATCH_PAYTABLE, MATCH_LINE_TEXT),
            source="§ 645c.2(e)(2), (g)(2)",
        ),
        Section(
            "Beat It",
            intro=BEAT_IT_INTROS[beat_letter],
            lines=paytable_lines(paytables.beat_it_paytable(beat_letter), BEAT_IT_LINE_TEXT),
            source=f"§ 645c.2(e)(3), (g)(3), Paytable {beat_letter}",
        ),
    ]
