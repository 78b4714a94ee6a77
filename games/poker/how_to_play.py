"""The poker games' "How to play" seam (games/how_to_play.py): a game of the
poker engine writes ``guide(config)``, its sections from its own paytables,
each wager's ``Section`` naming its betting area (``area``); ``how_to_play``
keeps the sections of the areas the table shows (a progressive only with its
meter linked, as on the layout) and adds the table limits from the game's
areas. A game registers ``how_to_play(PRESENTER, guide)`` as its GameSpec's
``how_to_play``.

Pure Python, like the presenter's offer rules it reuses."""

from games.engine import chip_word, format_chips
from games.how_to_play import limits_section, with_odds_note
from games.poker import game as g


def how_to_play(presenter, guide):
    """The (config, table meta) -> [Section] hook of a poker game."""

    def sections(config, table=None):
        shown = {area.name for area in presenter.game.areas if presenter.offers(table or {}, area, config)}
        kept = [section for section in guide(config) if not section.area or section.area in shown]
        return with_odds_note([*kept, limits_section(limits(presenter.game, config, shown))])

    return sections


def limits(game, config, shown):
    """One line per wager placed with chips: "Ante: 5 to 500 chips."."""
    lines = []
    for area in game.areas:
        if area.name not in shown or area.role == g.DECISION or getattr(area, "equals", None):
            continue
        low, high = area.limits(config)
        if low == high:
            lines.append(f"{area.label}: exactly {format_chips(low)} {chip_word(low)}.")
        else:
            lines.append(f"{area.label}: {format_chips(low)} to {format_chips(high)} {chip_word(high)}.")
    return lines
