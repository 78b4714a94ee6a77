"""A table's "How to play": what each wager the table offers pays and when,
in player language, built by each game from its own Rules Submission and
paytables (never typed-in numbers that could disagree with what it pays).

Pure Python. A game's hook ``how_to_play(config, table)`` (``table``: the
table's meta, for the progressive meters linked to it) returns a list of
``Section``; the table page shows them in its collapsible panel
(templates/tables/_how_to_play.html) and the table's rules page adds each
one's ``source``, the regulation's section, which stays out of the
player's way on the table itself.
"""

from dataclasses import dataclass

from games.engine import chip_word, format_chips
from games.payouts import MeterShare, Odds


@dataclass(frozen=True)
class Line:
    """One row: what happens ("Two dice show your number") and what it pays
    ("6 to 1"); a plain rule has no ``pays``."""

    text: str
    pays: str = ""
    source: str = ""


@dataclass(frozen=True)
class Section:
    """One wager (or the game itself): a sentence saying when it pays, then
    its paytable or rules, one ``Line`` each."""

    title: str
    intro: str = ""
    lines: tuple = ()
    source: str = ""
    # The betting area it explains, for a family's seam that shows it only
    # where the table offers the area (games/poker/how_to_play.py).
    area: str = ""

    @property
    def has_pays(self):
        return any(line.pays for line in self.lines)


def payout_text(payout):
    """What a paytable line pays, as a player reads it: "3 to 2", "200 for 1",
    "10% of the meter", or a fixed amount in cents as "50 chips"."""
    if isinstance(payout, Odds):
        return f"{payout.left:,} {'for' if payout.for_one else 'to'} {payout.right:,}"
    if isinstance(payout, MeterShare):
        return str(payout)
    if isinstance(payout, int) and not isinstance(payout, bool):
        return f"{format_chips(payout)} {chip_word(payout)}"
    raise TypeError(f"not a payout: {payout!r}")


def paytable_lines(table, names, sources=None):
    """One ``Line`` per line of ``table`` ({line: Odds | MeterShare | cents}),
    in the paytable's order, named by ``names`` ({line: text})."""
    sources = sources or {}
    return tuple(
        Line(names[line], payout_text(payout), sources.get(line, "")) for line, payout in table.items()
    )


def limits_section(lines, source=""):
    return Section("Table limits", lines=tuple(Line(text) for text in lines), source=source)


def with_odds_note(sections):
    """``sections`` and, after them, how to read the kinds of payout they
    use ("to 1", "for 1", "% of the meter")."""
    pays = [line.pays for section in sections for line in section.lines if line.pays]
    notes = []
    if any(" to " in text for text in pays):
        notes.append(Line("“3 to 2” or “6 to 1”: your winnings, and your wager comes back too."))
    if any(" for " in text for text in pays):
        notes.append(Line("“200 for 1”: everything you get back, your wager included."))
    if any("% of the meter" in text for text in pays):
        notes.append(Line("“% of the meter”: that share of the progressive meter shown at the table."))
    if not notes:
        return list(sections)
    return [*sections, Section("Reading the payouts", lines=tuple(notes))]


def meter_linked(table, kind):
    """Whether the table (its meta) has a progressive meter of ``kind``: a
    progressive wager is on the layout only then (the presenters' rule), so
    the panel tells it only then. Without meta, as offered."""
    kinds = (table or {}).get("meter_kinds")
    return kinds is None or kind in kinds
