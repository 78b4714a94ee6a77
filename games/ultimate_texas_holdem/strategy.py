"""The lab's strategy for Ultimate Texas Hold 'Em, pure (numpy, no Django, no I/O).

- Pre-flop: Play 4× with the starting hands the lab finds worth it itself
  (``preflop_raises``): for each of the 169 starting hands (13 pairs, 78
  suited, 78 offsuit, weighed 6, 4 and 12 of the 1,326 deals), seeded deals
  of the dealer's two cards and the board, each played both ways on the same
  cards: Play 4× at once, or check and follow the flop and river rules below;
  the hand is raised when its mean net under 4× beats its mean net checking.
  (3× is never better than 4× when a Play pays: the same hands, a smaller
  stake.)
- Flop (the common "Wizard of Odds" simple rule): Play 2× with two pair or
  better, a hidden pair (a hole card paired, pocket deuces alone excepted),
  or four to a flush holding a hidden ten or better of that suit; else check.
- River: Play 1× when the Play's expected net against the dealer's possible
  hands beats folding's -2 (the Ante and the Blind), estimated on 42 of the
  dealer's possible hands drawn from the unseen cards (never the dealer's own:
  the cards left in the shuffled deck past the nine dealt); else fold.

Cards are poker.CARD_INDEX ints (``rank * 4 + suit``), hands in numpy arrays
of one row a deal: a shuffled 52-card deck, the player's two cards first, the
dealer's two, the five community cards, then the rest.
"""

from functools import cache

from games.cards import poker, seven_card
from games.ultimate_texas_holdem import paytables

PREFLOP_DEALS = 6_000  # deals a starting hand in ``preflop_raises``
PREFLOP_SEED = 16_653
RIVER_SAMPLES = 42
TEN = 8  # rank index of the ten (2 = 0 … ace = 12)
DEUCE = 0
NAMES = "23456789TJQKA"

STRATEGY = (
    "pre-flop, Play 4× the starting hands the lab's own estimate finds worth it (the 169 hands, "
    f"{PREFLOP_DEALS:,} seeded deals each, 4× against checking on the same cards); "
    "flop, Play 2× with two pair or better, a hidden pair (pocket deuces alone excepted) or four to a flush "
    "with a hidden ten or better of its suit; river, Play 1× when the Play's expected net against "
    f"{RIVER_SAMPLES} of the dealer's possible hands from the unseen cards beats folding's -2, else fold"
)


def _np():
    import numpy as np

    return np


# -- starting hands -------------------------------------------------------------------


def hand_class(first, second):
    """The starting hand's index in a 13 × 13 grid (numpy arrays or ints): a
    pair on the diagonal, suited above it (row = high rank), offsuit below."""
    np = _np()
    high = np.maximum(first >> 2, second >> 2)
    low = np.minimum(first >> 2, second >> 2)
    suited = (first & 3) == (second & 3)
    return np.where(suited, high * 13 + low, low * 13 + high)


def class_name(index):
    row, col = divmod(int(index), 13)
    if row == col:
        return NAMES[row] * 2
    if row > col:
        return f"{NAMES[row]}{NAMES[col]}s"
    return f"{NAMES[col]}{NAMES[row]}o"


def starting_hands():
    """[(grid index, two card indices of one such hand, weight among the 1,326)] of the 169 hands."""
    hands = []
    for high in range(13):
        for low in range(high + 1):
            if high == low:
                hands.append((high * 13 + high, (high * 4, high * 4 + 1), 6))
            else:
                hands.append((high * 13 + low, (high * 4, low * 4), 4))
                hands.append((low * 13 + high, (high * 4, low * 4 + 1), 12))
    return hands


# -- the flop and the river -----------------------------------------------------------


def flop_plays(decks):
    """Which deals Play 2× on the flop (the rule above), from the two hole cards and the flop."""
    np = _np()
    hole = decks[:, :2]
    flop = decks[:, 4:7]
    ranks_hole, ranks_flop = hole >> 2, flop >> 2
    pocket = ranks_hole[:, 0] == ranks_hole[:, 1]
    paired = (ranks_hole[:, :, None] == ranks_flop[:, None, :]).any(
        axis=2
    )  # each hole card paired by the flop
    hidden = pocket | paired.any(axis=1)
    five = np.concatenate([hole, flop], axis=1)
    ranks = five >> 2
    counts = (ranks[:, :, None] == ranks[:, None, :]).sum(axis=2)
    suits = five & 3
    suit_counts = (suits[:, :, None] == suits[:, None, :]).sum(axis=2)
    flush5 = suit_counts.max(axis=1) == 5
    distinct = np.sort(ranks, axis=1)
    unpaired = counts.max(axis=1) == 1
    straight = unpaired & (
        (distinct[:, 4] - distinct[:, 0] == 4) | ((distinct[:, 4] == 12) & (distinct[:, 3] == 3))
    )
    two_pair_or_better = (counts.max(axis=1) >= 3) | ((counts == 2).sum(axis=1) >= 4)
    deuces_alone = (
        pocket & (ranks_hole[:, 0] == DEUCE) & (counts.max(axis=1) == 2) & ((counts == 2).sum(axis=1) == 2)
    )
    hole_suits = hole & 3
    four_flush = np.zeros(len(decks), dtype=bool)
    for card in range(2):
        of_suit = (suits == hole_suits[:, card, None]).sum(axis=1) == 4
        four_flush |= of_suit & (ranks_hole[:, card] >= TEN)
    return flush5 | straight | (two_pair_or_better & hidden) | (hidden & ~deuces_alone) | four_flush


def values(decks, seats):
    """Best five of seven for the two cards at ``seats`` (a slice) with the board."""
    np = _np()
    return seven_card.value_of_seven_batch(np.concatenate([decks[:, seats], decks[:, 4:9]], axis=1))


def main_nets(mine, dealer, multiple, blind_wins):
    """Rule 10 per unit of the Ante for hands that made a Play of ``multiple``
    (an array or an int): ``blind_wins[line]`` the Blind's winnings on a win."""
    np = _np()
    qualified = (dealer >> 20) >= poker.PAIR
    win = mine > dealer
    lose = dealer > mine
    blind = blind_wins[line_index(mine)]
    return np.where(win, qualified + multiple + blind, np.where(lose, -(qualified + 1 + multiple), 0.0))


LINES = (
    paytables.ROYAL_FLUSH,
    paytables.STRAIGHT_FLUSH,
    paytables.FOUR_OF_A_KIND,
    paytables.FULL_HOUSE,
    paytables.FLUSH,
    paytables.STRAIGHT,
    paytables.THREE_OF_A_KIND,
)
NO_LINE = len(LINES)
_ROYAL = (poker.STRAIGHT_FLUSH << 20) | (13 << 16)


def line_index(values_):
    """Each value's place in ``LINES`` (royal flush 0 … three of a kind 6), else NO_LINE."""
    np = _np()
    category = values_ >> 20
    index = np.where(category >= poker.THREE_OF_A_KIND, poker.STRAIGHT_FLUSH + 1 - category, NO_LINE)
    return np.where(values_ >= _ROYAL, 0, index)


def wins_by_line(table):
    """numpy array: the winnings of a unit wager on each of ``LINES`` (0 off the table)."""
    np = _np()
    return np.array([float(table[line].winnings(1)) if line in table else 0.0 for line in LINES] + [0.0])


def river_plays(decks, mine, blind_wins):
    """Which deals Play 1× on the river: the estimated expected net of the Play
    against ``RIVER_SAMPLES`` dealer hands from the cards past the nine dealt
    (pairs of places 9-50) beats folding's -2."""
    np = _np()
    count = len(decks)
    if not count:
        return np.zeros(0, dtype=bool)
    half = RIVER_SAMPLES // 4
    places = [(9 + 2 * i, 10 + 2 * i) for i in range(2 * half)] + [
        (9 + i, 30 + i) for i in range(RIVER_SAMPLES - 2 * half)
    ]
    first = np.array([a for a, _ in places])
    second = np.array([b for _, b in places])
    board = np.repeat(decks[:, 4:9], len(places), axis=0)
    dealer_cards = np.stack([decks[:, first].ravel(), decks[:, second].ravel()], axis=1)
    dealer = seven_card.value_of_seven_batch(np.concatenate([dealer_cards, board], axis=1)).reshape(
        count, len(places)
    )
    nets = main_nets(np.repeat(mine[:, None], len(places), axis=1), dealer, 1, blind_wins)
    return nets.mean(axis=1) > -2


def play(decks, raises, blind_wins):
    """(nets per unit of the Ante, Play multiples with 0 a fold, the player's
    values, the dealer's values) of the deals ``decks`` under the strategy,
    ``raises`` a 169-long boolean array of the starting hands raised 4×."""
    np = _np()
    mine = values(decks, slice(0, 2))
    dealer = values(decks, slice(2, 4))
    multiple = np.zeros(len(decks), dtype=np.int64)
    raised = raises[hand_class(decks[:, 0], decks[:, 1])]
    multiple[raised] = 4
    checked = np.flatnonzero(~raised)
    flop = flop_plays(decks[checked])
    multiple[checked[flop]] = 2
    river = checked[~flop]
    multiple[river[river_plays(decks[river], mine[river], blind_wins)]] = 1
    nets = np.where(multiple > 0, main_nets(mine, dealer, multiple, blind_wins), -2.0)
    return nets, multiple, mine, dealer


def shuffled_decks(rng, count, fixed=()):
    """``count`` shuffled decks (numpy Generator ``rng``), ``fixed`` cards first."""
    np = _np()
    rest = np.array([card for card in range(52) if card not in fixed], dtype=np.int64)
    order = np.argsort(rng.random((count, len(rest))), axis=1)
    decks = rest[order]
    if fixed:
        decks = np.concatenate([np.tile(np.array(fixed, dtype=np.int64), (count, 1)), decks], axis=1)
    return decks


def preflop_raises(blind_name="A", deals=PREFLOP_DEALS, seed=PREFLOP_SEED):
    """numpy bool array of the 169 starting hands (``hand_class``) the lab raises
    4×, and {hand name: (mean net raising 4×, mean net checking)}: each hand's
    ``deals`` seeded deals played both ways on the same cards; worked out once a
    process for each (paytable, deals, seed), however the arguments are passed."""
    return _preflop_raises(blind_name, deals, seed)


@cache
def _preflop_raises(blind_name, deals, seed):
    np = _np()
    blind_wins = wins_by_line(paytables.blind_paytable(blind_name))
    rng = np.random.default_rng(seed)
    raises = np.zeros(169, dtype=bool)
    never = np.zeros(169, dtype=bool)
    found = {}
    for index, cards, _ in starting_hands():
        decks = shuffled_decks(rng, deals, fixed=cards)
        mine = values(decks, slice(0, 2))
        dealer = values(decks, slice(2, 4))
        raised = main_nets(mine, dealer, 4, blind_wins).mean()
        checked = play(decks, never, blind_wins)[0].mean()
        raises[index] = raised > checked
        found[class_name(index)] = (float(raised), float(checked))
    return raises, found


def describe_raises(raises):
    return " ".join(class_name(index) for index, _, _ in starting_hands() if raises[index])
