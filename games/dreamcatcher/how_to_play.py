"""Dreamcatcher's "How to play" (games/how_to_play.py), from its rules'
odds and multipliers and the table's Rules Submission."""

import math

from games.dreamcatcher import rules
from games.engine import CENTS_PER_CHIP, chip_word, format_chips
from games.how_to_play import Line, Section, limits_section, with_odds_note


def _sections_text(symbol):
    count = rules.SECTION_COUNTS[symbol]
    return f"{count} of the wheel's {len(rules.WHEEL)} sections" if count > 1 else "1 section"


def how_to_play(config, table=None):
    multipliers = " or ".join(rules.MULTIPLIERS)
    return with_odds_note(
        [
            Section(
                "The game",
                intro=(
                    f"Bet on one or more of the numbers {', '.join(rules.SPOTS)} while betting is open. "
                    "The wheel spins; the number it stops on wins and pays its odds, every other bet loses."
                ),
                source="§ 689a.1, § 689a.2",
            ),
            Section(
                "Payouts",
                intro="The number the wheel stops on pays:",
                lines=tuple(
                    Line(f"{spot} ({_sections_text(spot)})", f"{odds} to 1", "§ 689a.3(a)")
                    for spot, odds in rules.PAYOUT_ODDS.items()
                ),
                source="§ 689a.3(a)",
            ),
            Section(
                "Bonus spins",
                intro=(
                    f"When the wheel stops on {multipliers}, every bet stays on and the wheel spins again: "
                    "the winning number then pays its odds times the multiplier. Multipliers stack: "
                    f"{' then '.join(rules.MULTIPLIERS)} multiply the winnings by "
                    f"{math.prod(rules.MULTIPLIERS.values())}."
                ),
                lines=tuple(
                    Line(f"{symbol} ({_sections_text(symbol)})", f"winnings × {factor}", "§ 689a.3(b)-(c)")
                    for symbol, factor in rules.MULTIPLIERS.items()
                ),
                source="§ 689a.1(d), § 689a.3(b)-(c)",
            ),
            limits_section(
                (
                    f"Each number takes {format_chips(config.min_bet * CENTS_PER_CHIP)} to "
                    f"{format_chips(config.max_bet * CENTS_PER_CHIP)} {chip_word(config.max_bet * CENTS_PER_CHIP)}.",
                    "The most one player can win in a round is "
                    f"{format_chips(config.max_payout * CENTS_PER_CHIP)} {chip_word(config.max_payout * CENTS_PER_CHIP)}.",
                ),
                source="§ 689a.1(g)(4)",
            ),
        ]
    )
