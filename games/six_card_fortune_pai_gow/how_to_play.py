"""Six-Card Fortune Pai Gow's "How to play" (games/how_to_play.py), from its
paytables and the table's Rules Submission: the two hands and the joker low,
the Double Down, the Fortune and Envy bonuses, the progressive and the
Mystery bonus."""

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
from games.six_card_fortune_pai_gow import lines, paytables, rules


def how_to_play(config, table=None):
    sections = [
        Section(
            "The game",
            intro=(
                "You get six cards: set them as a five-card high hand and a one-card low hand (or let the "
                "house way set them). Both beat the dealer's: you win; one of them: a push; neither: you "
                "lose. The dealer wins ties."
            ),
            lines=(
                Line("The joker counts as an ace, or completes a straight or a flush."),
                Line("Your joker as the low card beats any dealer low card, an ace included."),
                Line(
                    "The high hand must outrank the low card: a pair or better, or a top card at least the "
                    "low card. Otherwise the hand is a foul and loses, Double Down too."
                ),
            ),
            source="docs/rules/six_card_fortune_pai_gow.md rules 1, 9, 12; 58 Pa. Code Chapter 670a",
        ),
        Section(
            "Six-Card Fortune Pai Gow wager",
            intro="No commission: a win is paid in full.",
            lines=(Line("Both your hands beat the dealer's", payout_text(paytables.WIN), "rule 11"),),
            source="§ 670a.7(d)",
        ),
    ]
    if config.double_down:
        sections.append(
            Section(
                "Double Down",
                intro=(
                    "After you see your six cards you may add a Double Down equal to your main wager. It "
                    "wins only when both your hands win; a push loses it."
                ),
                lines=(
                    Line("Both your hands beat the dealer's", payout_text(paytables.DOUBLE_DOWN)),
                    Line("One hand wins, or neither", "loses"),
                ),
                source="§ 670a.7(e)(1); rules 5, 8",
            )
        )
    if config.offers(rules.FORTUNE):
        sections.append(
            Section(
                "Fortune bonus",
                intro="Pays on the best five of your six cards, whatever the dealer holds:",
                lines=paytable_lines(paytables.FORTUNE, lines.LINE_NAMES),
                source=f"rule 13; {paytables.FORTUNE_SOURCE}",
            )
        )
        sections.append(
            Section(
                "Envy bonus",
                intro=(
                    f"With a Fortune wager of {format_chips(paytables.ENVY_MIN_FORTUNE_WAGER_CENTS)} or more, "
                    "you are also paid for every other player whose six cards make:"
                ),
                lines=paytable_lines(paytables.ENVY_CENTS, lines.LINE_NAMES),
                source=f"rule 14; {paytables.ENVY_SOURCE}",
            )
        )
    if config.offers(rules.PROGRESSIVE) and meter_linked(table, paytables.PROGRESSIVE_METER_KIND):
        sections.append(
            Section(
                f"Progressive ({format_chips(paytables.PROGRESSIVE_WAGER_CENTS)} chip)",
                intro=(
                    "Pays on the best five of your six cards, a straight or better; five aces win the meter, "
                    "a royal flush 10% of it:"
                ),
                lines=paytable_lines(paytables.PROGRESSIVE, lines.LINE_NAMES),
                source=f"rule 15; {paytables.PROGRESSIVE_SOURCE}",
            )
        )
        if config.mystery and meter_linked(table, "must_hit_by"):
            sections.append(
                Section(
                    "Mystery bonus",
                    intro=(
                        "With a Six-Card Fortune Pai Gow wager and the progressive wager you also play for "
                        "the Mystery bonus: its meter grows with each progressive wager and is won, in full, "
                        "by the wager that lifts it past a secret amount, always before it reaches the "
                        "must-hit-by amount shown."
                    ),
                    source="§ 670c.1",
                )
            )
    limits = [
        f"Six-Card Fortune Pai Gow wager: {config.min_bet:,} to {config.max_bet:,} "
        f"{chip_word(config.max_bet * CENTS_PER_CHIP)}."
    ]
    if config.double_down:
        limits.append("Double Down: exactly your main wager.")
    if config.offers(rules.FORTUNE):
        limits.append(f"Fortune: up to {config.side_max:,} {chip_word(config.side_max * CENTS_PER_CHIP)}.")
    sections.append(limits_section(limits))
    return with_odds_note(sections)
