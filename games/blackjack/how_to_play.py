"""What the blackjack games' "How to play" panels share (games/how_to_play.py):
the game, the main wager and the bonus 21s, from a game's rules (its
``VARIANT``) and paytables and the table's Rules Submission."""

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from games.blackjack.side_wagers import BONUS_21_SECTIONS
from games.engine import CENTS_PER_CHIP, chip_word, format_chips
from games.how_to_play import Line, Section, limits_section, payout_text
from games.payouts import MeterShare, Odds

# A game's rules or paytables module, read for its names (VARIANT, WIN, BONUS_21...).
Module = Any


def game_section(rules: Module, config: Any, source: str, spanish: bool = True) -> Section:
    """``spanish``: the shoe holds Spanish decks (48 cards), else 52-card decks."""
    if spanish:
        tens = "jacks, queens and kings 10"
        shoe = f"{config.decks} Spanish decks of 48 cards: the four 10s of each deck are taken out."
    else:
        tens = "10s, jacks, queens and kings 10"
        shoe = f"{config.decks} standard decks of 52 cards."
    return Section(
        "The game",
        intro=(
            "Get closer to 21 than the dealer without going over. Cards 2 to 9 count their number, "
            f"{tens}, an ace 1 or 11. The shoe holds {shoe}"
        ),
        lines=tuple(
            Line(part[0].upper() + part[1:] + ".")
            for part in rules.VARIANT.for_table(config).layout_text.split(" · ")
        ),
        source=source,
    )


def main_section(paytables: Module, extra: Iterable[Line] = (), source: str = "§ 635a.12(a)") -> Section:
    """The main wager: a win, a blackjack, then the game's own lines (insurance...)."""
    return Section(
        "Main wager",
        intro="Your hand beats the dealer's, the dealer busts, or you make 21: the main wager wins.",
        lines=(
            Line("A winning hand", payout_text(paytables.WIN), "§ 635a.12(a)"),
            Line(
                "Blackjack: an ace and a jack, queen or king as your first two cards",
                payout_text(paytables.BLACKJACK),
                "§ 635a.12(a)",
            ),
            Line("Late surrender (first two cards)", "half the wager back"),
            *extra,
        ),
        source=source,
    )


def bonus_section(paytables: Module) -> Section:
    return Section(
        "Bonus 21s",
        intro="A winning 21 made of these cards pays more than 1 to 1 (not on a doubled hand):",
        lines=tuple(
            Line(paytables.BONUS_21_NAMES[line], payout_text(odds), BONUS_21_SECTIONS[line])
            for line, odds in paytables.BONUS_21.items()
        ),
        source="§ 635a.12(b)",
    )


def super_bonus_lines(paytables: Module, hand: str) -> tuple[Line, ...]:
    """The Super Bonus amounts by original wager (``paytables.SUPER_BONUS``)."""
    lines: list[Line] = []
    for low, high, cents in paytables.SUPER_BONUS:
        wager = (
            f"from {format_chips(low)} to under {format_chips(high)}"
            if high
            else f"of {format_chips(low)} or more"
        )
        lines.append(Line(f"{hand}, main wager {wager}", payout_text(cents), "§ 635a.12(c)"))
    return tuple(lines)


def match_section(
    title: str, intro: str, table: Mapping[str, Odds | MeterShare], names: Mapping[str, str], source: str
) -> Section:
    return Section(
        title,
        intro=intro,
        lines=tuple(Line(names[line], payout_text(payout), source) for line, payout in table.items()),
        source=source,
    )


def limits(config: Any, sides: Sequence[str]) -> Section:
    """The table limits: the main wager's, and each fixed-odds side wager named in ``sides``."""
    lines = [
        f"Main wager: {config.min_bet:,} to {config.max_bet:,} {chip_word(config.max_bet * CENTS_PER_CHIP)}."
    ]
    if sides:
        lines.append(
            f"{' and '.join(sides)}: up to {config.side_max:,} {chip_word(config.side_max * CENTS_PER_CHIP)} each, with a main wager."
        )
    return limits_section(lines)
