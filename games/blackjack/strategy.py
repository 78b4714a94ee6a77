"""A fixed basic-strategy chart for the Spanish 21 family, as data: what the
lab's blackjack rows played before best play (games/blackjack/solver.py);
now the bench's baseline (bench/blackjack_solver.py, bench/lab.py) and the
bot of the tests that check the lab's fast path against ``round.apply``.

Pure Python (no Django, no I/O). It is the widely published Spanish 21 basic
strategy for six or eight 48-card decks with the dealer hitting soft 17
(docs/rules/spanish21.md rule 22; Player's Edge 21 too, docs/rules/players_edge21.md rule 19),
doubling on any number of cards (rule 19), doubling after splits,
resplitting to four hands aces included (rule 21) and late surrender
(rule 17), with its card-count exceptions for the stiff hands, and without
the exceptions for a 6-7-8 or 7-7-7 bonus in the making. Insurance is never
taken. A doubled hand is never rescued (rule 20).

Player's Edge 21 (docs/rules/players_edge21.md rules 13-15) plays the same tables; after
a double it redoubles when the table says double for the hand's new total
(hard or soft), stands otherwise, and never rescues.

A cell is the action for (player's hand, dealer's upcard 2..9, T, A):

- ``H`` hit, ``S`` stand, ``P`` split;
- ``D`` double (hit when doubling is not allowed), ``d`` double (else stand);
- ``R`` surrender (else hit), ``r`` surrender (else stand), ``Q`` surrender
  (else split): late surrender is only on the first two cards of an unsplit
  hand (rule 17);
- a digit after ``S``, ``D`` or ``d``: with that many cards or more, hit
  instead (``S5``: stand with up to four cards, hit with five or more).
"""

from collections.abc import Collection

HIT = "hit"
STAND = "stand"
DOUBLE = "double"
SPLIT = "split"
SURRENDER = "surrender"

UPCARDS = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "A")
UPCARD_INDEX = {
    "2": 0,
    "3": 1,
    "4": 2,
    "5": 3,
    "6": 4,
    "7": 5,
    "8": 6,
    "9": 7,
    "T": 8,
    "J": 8,
    "Q": 8,
    "K": 8,
    "A": 9,
}


def chart_rows(text: str) -> dict[str, tuple[str, ...]]:
    """A strategy chart's rows: {row key: its ten cells, upcards 2..9, T, A}."""
    rows = {}
    for row in text.strip().splitlines():
        key, *cells = row.split()
        if len(cells) != len(UPCARDS):
            raise ValueError(f"row {key}: {len(cells)} cells, not {len(UPCARDS)}")
        rows[key] = tuple(cells)
    return rows


# Hard totals (4-8 always hit, 18 and more always stand).
#        2   3   4   5   6   7   8   9   T   A
_HARD = chart_rows("""
    9    H   H   H   H   D3  H   H   H   H   H
    10   D   D   D   D   D   D   H   H   H   H
    11   D   D   D   D   D   D   D   H   H   H
    12   H   H   H   H   H   H   H   H   H   H
    13   H   H   H   S5  S5  H   H   H   H   H
    14   H   H   S4  S5  S5  H   H   H   H   H
    15   S4  S5  S5  S6  S6  H   H   H   H   H
    16   S5  S5  S6  S6  S6  H   H   H   H   R
    17   S   S   S   S   S   S   S   S   S   r
""")
HARD = {int(total): cells for total, cells in _HARD.items()}

# Soft totals (an ace counting 11); 19 and more always stand.
#        2   3   4   5   6   7   8   9   T   A
_SOFT = chart_rows("""
    12   H   H   H   H   H   H   H   H   H   H
    13   H   H   H   H   H   H   H   H   H   H
    14   H   H   H   H   H   H   H   H   H   H
    15   H   H   H   H   H   H   H   H   H   H
    16   H   H   H   H   D3  H   H   H   H   H
    17   H   H   D3  D3  D3  H   H   H   H   H
    18   S   S   d   d   d   S   S   H   H   H
""")
SOFT = {int(total): cells for total, cells in _SOFT.items()}

# Pairs, by the value of one card (A, 2..9, T for any 10-value pair); a
# hand the table does not split is played by its total. Pairs of 4s and 5s
# and 10-values are never split.
#        2   3   4   5   6   7   8   9   T   A
PAIRS = chart_rows("""
    A    P   P   P   P   P   P   P   P   P   P
    2    P   P   P   P   P   P   H   H   H   H
    3    P   P   P   P   P   P   P   H   H   H
    6    H   H   P   P   P   H   H   H   H   H
    7    P   P   P   P   P   P   H   H   H   H
    8    P   P   P   P   P   P   P   P   P   Q
    9    S   P   P   P   P   S   P   P   S   S
""")


def table_code(total: int, soft: bool, upcard_index: int) -> str:
    """The hard or soft table's cell for a total (an always-hit or always-stand
    total gives ``H`` or ``S``)."""
    if soft:
        return SOFT[total][upcard_index] if total in SOFT else ("S" if total >= 19 else "H")
    if total in HARD:
        return HARD[total][upcard_index]
    return "S" if total >= 18 else "H"


def pair_code(pair_rank: str, upcard_index: int) -> str | None:
    """The pair table's cell, or None when the pair is played by its total."""
    cells = PAIRS.get("T" if pair_rank in "TJQK" else pair_rank)
    return None if cells is None else cells[upcard_index]


def resolve(code: str, card_count: int, legal: Collection[str]) -> str | None:
    """The action a cell asks for, given the hand's card count and the actions
    the round allows (``legal``: the strings of games/blackjack/round.py)."""
    letter = code[0]
    if len(code) > 1 and card_count >= int(code[1:]):
        return HIT
    if letter == "H":
        return HIT
    if letter == "S":
        return STAND
    if letter == "P":
        return SPLIT if SPLIT in legal else None
    if letter in "Dd":
        if DOUBLE in legal:
            return DOUBLE
        return HIT if letter == "D" else STAND
    if letter in "RrQ":
        if SURRENDER in legal:
            return SURRENDER
        return {"R": HIT, "r": STAND, "Q": SPLIT if SPLIT in legal else HIT}[letter]
    raise ValueError(f"unknown strategy cell {code!r}")


def says_double(total: int, soft: bool, upcard_index: int, card_count: int) -> bool:
    """Whether the hard or soft table doubles this total with this many cards
    (Player's Edge 21's redouble rule)."""
    code = table_code(total, soft, upcard_index)
    return code[0] in "Dd" and not (len(code) > 1 and card_count >= int(code[1:]))
