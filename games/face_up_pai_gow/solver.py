"""The player's best setting against the Face Up dealer's set hands, pure.

At Face Up Pai Gow the dealer's hands are set and shown before any player
sets (docs/rules/face_up_pai_gow.md rules 5, 8), so a setting's main-wager result is
known exactly: each of the 21 settings of the player's seven cards that is
not a foul is compared with the dealer's hands (rule 9: each hand wins only
if strictly higher, a copy going to the dealer; both win → win, one → push,
none → loss). The best result wins; among settings with the best result the
house way's own setting is kept when it is one of them (it is what the player
is told already), else the one with the higher high hand, then the higher
low hand. The table's "Best against this dealer" hint and the lab's
best-setting row both come from here.
"""

from typing import NamedTuple

from games.cards.poker import CARDS, TWO_CARD, eval2_indices, eval5_indices, indices
from games.pai_gow.house_way import (
    LOSE,
    PUSH,
    SPLITS,
    WIN,
    compare_values,
    house_way_indices,
    is_foul_values,
)

SCORE = {WIN: 1, PUSH: 0, LOSE: -1}
RESULT_WORDS = {WIN: "wins", PUSH: "pushes", LOSE: "loses"}


class Advice(NamedTuple):
    """The best setting, its result, and the house way's setting and result."""

    setting: tuple  # (high5, low2) of Card
    result: str
    house_way: tuple
    house_way_result: str


def best_indices(cs, dealer_high, dealer_low):
    """(result, back, front) of the best legal setting of seven card indices
    against the dealer's hand values (``eval5_indices`` / ``TWO_CARD``)."""
    house_back, house_front = house_way_indices(cs)
    house_high = eval5_indices(*house_back)
    house_low = TWO_CARD[house_front[0] * 53 + house_front[1]]
    house_result = compare_values(house_high, house_low, dealer_high, dealer_low)
    best = (SCORE[house_result], 1, house_high, house_low)
    chosen = (house_result, tuple(house_back), tuple(house_front))
    if house_result == WIN:
        return chosen
    for (i, j), (k, m, n, o, p) in SPLITS:
        high = eval5_indices(cs[k], cs[m], cs[n], cs[o], cs[p])
        low = TWO_CARD[cs[i] * 53 + cs[j]]
        if is_foul_values(high, low):
            continue
        result = compare_values(high, low, dealer_high, dealer_low)
        key = (SCORE[result], 0, high, low)
        if key > best:
            best = key
            chosen = (result, (cs[k], cs[m], cs[n], cs[o], cs[p]), (cs[i], cs[j]))
    return chosen


def best_against(seven, dealer_setting):
    """The ``Advice`` for a player's seven cards against the dealer's set
    (high5, low2): the best setting and its result, the house way's and its."""
    cs = indices(seven, 7)
    dealer_high = eval5_indices(*indices(dealer_setting[0], 5))
    dealer_low = eval2_indices(*indices(dealer_setting[1], 2))
    result, back, front = best_indices(cs, dealer_high, dealer_low)
    house_back, house_front = house_way_indices(cs)
    house_result = compare_values(
        eval5_indices(*house_back), TWO_CARD[house_front[0] * 53 + house_front[1]], dealer_high, dealer_low
    )
    return Advice(
        (tuple(CARDS[c] for c in back), tuple(CARDS[c] for c in front)),
        result,
        (tuple(CARDS[c] for c in house_back), tuple(CARDS[c] for c in house_front)),
        house_result,
    )
