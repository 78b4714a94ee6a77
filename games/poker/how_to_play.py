"""The poker games' "How to play" seam (games/how_to_play.py): a game of the
poker engine writes ``guide(config)``, its sections from its own paytables,
each wager's ``Section`` naming its betting area (``area``); ``how_to_play``
keeps the sections of the areas the table shows (a progressive only with its
meter linked, as on the layout) and adds the table limits from the game's
areas. A game registers ``how_to_play(PRESENTER, guide)`` as its GameSpec's
``how_to_play``.

Pure Python, like the presenter's offer rules it reuses."""

from games.engine import chip_word, format_chips
from games.how_to_play import Section, limits_section, with_odds_note
from games.poker import game as g

# What the showdown does with a folded hand (round.py, _showdown).
FOLDED_HANDS = Section(
    "Folded hands",
    intro=(
        "A folded hand is collected face down: the table sees it only if a wager still riding on "
        "it is settled, or if it wins another player an Envy bonus. You always see your own cards."
    ),
)


def how_to_play(presenter, guide):
    """The (config, table meta) -> [Section] hook of a poker game."""

    def sections(config, table=None):
        shown = {area.name for area in presenter.game.areas if presenter.offers(table or {}, area, config)}
        kept = [section for section in guide(config) if not section.area or section.area in shown]
        if presenter.game.fold_loses:
            kept.append(FOLDED_HANDS)
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
