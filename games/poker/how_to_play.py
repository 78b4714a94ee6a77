"""The poker games' "How to play" seam (games/how_to_play.py): a game of the
poker engine writes ``guide(config)``, its sections from its own paytables,
each wager's ``Section`` naming its betting area (``area``); ``how_to_play``
keeps the sections of the areas the table shows (a progressive only with its
meter linked, as on the layout), adds the Mystery bonus where the table offers
it and the table limits from the game's areas. A game registers
``how_to_play(PRESENTER, guide, mystery)`` as its GameSpec's ``how_to_play``.

Pure Python, like the presenter's offer rules it reuses."""

from collections.abc import Callable, Mapping
from typing import Any

from games.engine import chip_word, format_chips
from games.how_to_play import Line, Section, limits_section, payout_text, with_odds_note
from games.poker import game as g

# What the showdown does with a folded hand (round.py, _showdown).
FOLDED_HANDS = Section(
    "Folded hands",
    intro=(
        "A folded hand is collected face down: the table sees it only if a wager still riding on "
        "it is settled, or if it wins another player an Envy bonus. You always see your own cards."
    ),
)


# Five cards as a poker hand, ranked (Caribbean Stud, Mississippi Stud, the hold 'em games).
FIVE_CARD_HANDS = Line(
    "Hands, best first: royal flush, straight flush, four of a kind, full house, flush, "
    "straight, three of a kind, two pair, pair, high card. Ace-2-3-4-5 is the lowest straight."
)


def mystery_section(wagers: str, section: str) -> Section:
    """The Must-Hit-By Mystery bonus played with ``wagers`` ("an Ante and the
    progressive"), the seed's ``section`` ("§ 639c.1")."""
    return Section(
        "Mystery bonus",
        intro=(
            f"With {wagers} you also play for the Mystery bonus: its meter grows with each such wager and "
            "is won, in full, by the wager that lifts it past a secret amount, always before it reaches "
            "the must-hit-by amount shown."
        ),
        source=section,
    )


def envy_lines(envy: Mapping[str, int], names: Mapping[str, str], word: str = "Envy") -> tuple[Line, ...]:
    """One line per Envy paid on another player's hand ({line: cents})."""
    return tuple(
        Line(f"{word}: another player's {names[line].lower()}", payout_text(cents))
        for line, cents in envy.items()
    )


def how_to_play(
    presenter: Any,
    guide: Callable[[Any], list[Section]],
    mystery: tuple[str | Callable[[Any], str], str] | None = None,
) -> Callable[..., list[Section]]:
    """The (config, table meta) -> [Section] hook of a poker game; ``mystery``:
    (the wagers that play for the Mystery bonus, or (config) -> them; the
    seed's section), its section shown where the table offers the bonus."""

    def sections(config: Any, table: Mapping[str, Any] | None = None) -> list[Section]:
        shown = {area.name for area in presenter.game.areas if presenter.offers(table or {}, area, config)}
        kept = [section for section in guide(config) if not section.area or section.area in shown]
        if mystery and config.mystery:
            wagers, section = mystery
            kept.append(mystery_section(wagers if isinstance(wagers, str) else wagers(config), section))
        if presenter.game.fold_loses:
            kept.append(FOLDED_HANDS)
        noted: list[Section] = with_odds_note([*kept, limits_section(limits(presenter.game, config, shown))])
        return noted

    return sections


def limits(game: g.Game, config: Any, shown: set[str]) -> list[str]:
    """One line per wager placed with chips: "Ante: 5 to 500 chips."."""
    lines: list[str] = []
    for area in game.areas:
        if area.name not in shown or area.role == g.DECISION or getattr(area, "equals", None):
            continue
        low, high = area.limits(config)
        if low == high:
            lines.append(f"{area.label}: exactly {format_chips(low)} {chip_word(low)}.")
        else:
            lines.append(f"{area.label}: {format_chips(low)} to {format_chips(high)} {chip_word(high)}.")
    return lines
