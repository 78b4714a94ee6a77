"""A fixed chart for Down Under Blackjack, as data: what the lab's rows played
before best play (games/blackjack/solver.py, which reads the reader); now the
bench's baseline (bench/blackjack_solver.py) and the fast-path test's bot.

Pure Python (no Django, no I/O). It is the widely published basic strategy
for four to eight 52-card decks with the dealer hitting soft 17
(docs/rules/down_under_blackjack.md rule 17), doubling on any first two cards and
after splits, no surrender (rule 15), read against the dealer's upcard
only: the reader's colour is not used. When the golden rule
has turned the hole card over (rule 12) the dealer's hand is known: against
a 20 the bot stands on 20 or more and otherwise hits to beat it; against
two aces (a soft 12 that still draws) it plays the chart against an ace.
Insurance does not exist here and there is no rescue.

The cells use the notation of games/blackjack/strategy.py: ``H`` hit, ``S``
stand, ``P`` split, ``D`` double (else hit), ``d`` double (else stand).
"""

from games.blackjack import strategy
from games.blackjack.hands import total
from games.cards.cards import cards

# Hard totals (8 or less always hit, 17 and more always stand).
#        2   3   4   5   6   7   8   9   T   A
HARD = {
    int(key): cells
    for key, cells in strategy.chart_rows("""
    9    H   D   D   D   D   H   H   H   H   H
    10   D   D   D   D   D   D   D   D   H   H
    11   D   D   D   D   D   D   D   D   D   D
    12   H   H   S   S   S   H   H   H   H   H
    13   S   S   S   S   S   H   H   H   H   H
    14   S   S   S   S   S   H   H   H   H   H
    15   S   S   S   S   S   H   H   H   H   H
    16   S   S   S   S   S   H   H   H   H   H
""").items()
}
# Soft totals (an ace counting 11); 20 and more always stand.
#        2   3   4   5   6   7   8   9   T   A
SOFT = {
    int(key): cells
    for key, cells in strategy.chart_rows("""
    13   H   H   H   D   D   H   H   H   H   H
    14   H   H   H   D   D   H   H   H   H   H
    15   H   H   D   D   D   H   H   H   H   H
    16   H   H   D   D   D   H   H   H   H   H
    17   H   D   D   D   D   H   H   H   H   H
    18   d   d   d   d   d   S   S   H   H   H
    19   S   S   S   S   d   S   S   S   S   S
""").items()
}
# Pairs, by the value of one card; a pair not listed (5s, 10-values) plays by its total.
#        2   3   4   5   6   7   8   9   T   A
PAIRS = strategy.chart_rows("""
    A    P   P   P   P   P   P   P   P   P   P
    2    P   P   P   P   P   P   H   H   H   H
    3    P   P   P   P   P   P   H   H   H   H
    4    H   H   H   P   P   H   H   H   H   H
    6    P   P   P   P   P   H   H   H   H   H
    7    P   P   P   P   P   P   H   H   H   H
    8    P   P   P   P   P   P   P   P   P   P
    9    P   P   P   P   P   S   P   P   S   S
""")
EXPOSED_TWENTY = 20


def chart_code(best, soft, upcard_index):
    if soft:
        return SOFT[best][upcard_index] if best in SOFT else ("S" if best >= 20 else "H")
    if best in HARD:
        return HARD[best][upcard_index]
    return "S" if best >= 17 else "H"


def against_exposed_twenty(best):
    """The golden rule has shown the dealer's 20 (the dealer stands on it)."""
    return strategy.STAND if best >= EXPOSED_TWENTY else strategy.HIT


def choose(items, upcard, legal, dealer_shown=None):
    """The action for a hand of ``items`` (Cards) against ``upcard`` (a Card),
    given the round's legal actions and, when the golden rule turned the hole
    card over, the dealer's two cards."""
    best, soft = total(items)
    if dealer_shown is not None and total(dealer_shown)[0] == EXPOSED_TWENTY:
        return against_exposed_twenty(best)
    index = strategy.UPCARD_INDEX[upcard.rank]
    if strategy.SPLIT in legal:
        cells = PAIRS.get("T" if items[0].rank in "TJQK" else items[0].rank)
        if cells is not None:
            choice = strategy.resolve(cells[index], len(items), legal)
            if choice is not None:
                return choice
    return strategy.resolve(chart_code(best, soft, index), len(items), legal) or strategy.HIT


class Bot:
    """The strategy at a seat of the lab's simulated table (games/blackjack/simulate.py)."""

    def action(self, hand, upcard, legal, state=None):
        shown = cards(state.dealer) if state is not None and state.hole_shown else None
        return choose(cards(hand["cards"]), upcard, legal, shown)
