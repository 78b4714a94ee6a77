"""Fortune Asia Poker's "How to play" (games/how_to_play.py), from its
paytables and the table's Rules Submission: the three hands and their order,
two of three with copies to the dealer, the progressive and the Mystery
bonus."""

from games.engine import CENTS_PER_CHIP, chip_word, format_chips
from games.fortune_asia import paytables, rules
from games.how_to_play import (
    Line,
    Section,
    limits_section,
    meter_linked,
    payout_text,
    paytable_lines,
    with_odds_note,
)


def how_to_play(config, table=None):
    sections = [
        Section(
            "The game",
            intro=(
                "You get seven cards: set them as a four-card High hand, a two-card Medium hand and a "
                "one-card Low hand (or let the house way set them). Each is played against the dealer's "
                "hand of the same size; the dealer wins ties."
            ),
            lines=(
                Line(
                    "High hand, best first: four of a kind, straight flush, flush, straight, three of a "
                    "kind, two pair, pair, high card. No full house; A-K-Q-J is the top straight, A-2-3-4 "
                    "the lowest."
                ),
                Line("Medium hand: a pair beats two odd cards. Low hand: the card's rank, ace high."),
                Line(
                    "The joker completes a straight or a flush in the High hand; otherwise, and in the "
                    "Medium and Low hands, it is an ace."
                ),
                Line(
                    "The High hand must be at least as strong as the Medium, and the Medium at least the "
                    "Low card. Otherwise the hand is a foul and loses."
                ),
            ),
            source="docs/rules/fortune_asia_poker.md rules 1, 2, 6, 7; 58 Pa. Code Chapter 659a",
        ),
        Section(
            "Fortune Asia Poker wager",
            intro="No commission and no push: win two of the three hands or lose.",
            lines=(
                Line(
                    "Two or three of your hands beat the dealer's", payout_text(paytables.MAIN_WIN), "rule 9"
                ),
                Line("One hand or none (a tie counts for the dealer)", "loses", "rule 9"),
            ),
            source="§ 659a.7(d)",
        ),
    ]
    if config.offers(rules.PROGRESSIVE) and meter_linked(table, paytables.PROGRESSIVE_METER_KIND):
        sections.append(
            Section(
                f"Progressive ({format_chips(paytables.PROGRESSIVE_WAGER_CENTS)} chip)",
                intro=(
                    "Pays on the best hand of your seven cards, however you set them; the top lines win a "
                    "share of the meter:"
                ),
                lines=paytable_lines(paytables.PROGRESSIVE, paytables.SEVEN_CARD_LINE_NAMES),
                source=f"§ 659a.7(e)(3); {paytables.PROGRESSIVE_SOURCE} (docs/rules/pai_gow.md § 9)",
            )
        )
        if config.mystery and meter_linked(table, "must_hit_by"):
            sections.append(
                Section(
                    "Mystery bonus",
                    intro=(
                        "With a Fortune Asia Poker wager and the progressive wager you also play for the "
                        "Mystery bonus: its meter grows with each progressive wager and is won, in full, by "
                        "the wager that lifts it past a secret amount, always before it reaches the "
                        "must-hit-by amount shown."
                    ),
                    source="§ 659c.1",
                )
            )
    limits = [
        f"Fortune Asia Poker wager: {config.min_bet:,} to {config.max_bet:,} "
        f"{chip_word(config.max_bet * CENTS_PER_CHIP)}."
    ]
    if config.offers(rules.PROGRESSIVE):
        limits.append(f"Progressive: exactly {format_chips(paytables.PROGRESSIVE_WAGER_CENTS)}.")
    sections.append(limits_section(limits))
    return with_odds_note(sections)
