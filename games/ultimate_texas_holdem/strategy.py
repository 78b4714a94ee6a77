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
  hands beats folding's -2 (the Ante and the Blind), counted exactly over the
  990 pairs of the 45 cards the player does not see; else fold. (An estimate
  on 42 pairs of the deck past the nine dealt, as here before, left the
  dealer's own two cards out of what it weighed, so it knew something of them
  and leaned the wrong way: 1.70 points of the Ante on the house edge, issue 16.)

Cards are poker.CARD_INDEX ints (``rank * 4 + suit``), hands in numpy arrays
of one row a deal: a shuffled 52-card deck, the player's two cards first, the
dealer's two, the five community cards, then the rest.
"""

from functools import cache

from games.cards import poker, seven_card
from games.ultimate_texas_holdem import paytables

PREFLOP_DEALS = 6_000  # deals a starting hand in ``preflop_raises``
PREFLOP_SEED = 16_653
TEN = 8  # rank index of the ten (2 = 0 … ace = 12)
DEUCE = 0
NAMES = "23456789TJQKA"

STRATEGY = (
    "pre-flop, Play 4× the starting hands the lab's own estimate finds worth it (the 169 hands, "
    f"{PREFLOP_DEALS:,} seeded deals each, 4× against checking on the same cards); "
    "flop, Play 2× with two pair or better, a hidden pair (pocket deuces alone excepted) or four to a flush "
    "with a hidden ten or better of its suit; river, Play 1× when the Play's expected net against "
    "the dealer's 990 possible hands (any two of the 45 unseen cards) beats folding's -2, else fold"
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
    """Which deals Play 1× on the river: the Play's expected net against all
    C(45, 2) = 990 hands the dealer may hold (any two of the 45 cards the
    player does not see, the dealer's own two among them) beats folding's -2.

    Counted exactly and cheaply: with at most two cards of a suit on the board
    the dealer cannot make a flush, so the 990 hands are the 91 pairs of ranks,
    each weighed by how many pairs of unseen cards have those ranks; with three
    of a suit, the pairs of that suit (at most 45) are then counted again by
    their cards in place of their ranks; with four or five, by the 990 hands."""
    np = _np()
    count = len(decks)
    if not count:
        return np.zeros(0, dtype=bool)
    board = decks[:, 4:9]
    seen = np.zeros((count, 52), dtype=bool)
    rows = np.arange(count)[:, None]
    seen[rows, decks[:, [0, 1, 4, 5, 6, 7, 8]]] = True
    suited_on_board = ((board & 3)[:, :, None] == np.arange(4)).sum(axis=1)
    most_suited = suited_on_board.max(axis=1)
    total = np.zeros(count)
    ranks = np.flatnonzero(most_suited <= 3)
    total[ranks] = _by_ranks(board[ranks], seen[ranks], mine[ranks], blind_wins)
    three = np.flatnonzero(most_suited == 3)
    suit = suited_on_board[three].argmax(axis=1)
    total[three] += _suited_pairs_again(board[three], seen[three], suit, mine[three], blind_wins)
    cards = np.flatnonzero(most_suited >= 4)
    total[cards] = _by_cards(board[cards], seen[cards], mine[cards], blind_wins)
    return total > -2 * DEALER_HANDS


DEALER_HANDS = 990  # C(45, 2)


@cache
def _pairs(size):
    """Two int arrays, the first and second places of the C(size, 2) pairs."""
    np = _np()
    first, second = np.triu_indices(size, 1)
    return first, second


def _play_nets(mine, dealer, blind_wins):
    return main_nets(mine, dealer, 1, blind_wins)


def _board_rank_sums(board):
    np = _np()
    return np.array(seven_card.RANK_WEIGHTS, dtype=np.int64)[board >> 2].sum(axis=1)


def _by_ranks(board, seen, mine, blind_wins):
    """The Play's net summed over the dealer's 990 hands, by ranks alone (no flush)."""
    np = _np()
    weights_of_rank = np.array(seven_card.RANK_WEIGHTS, dtype=np.int64)
    unseen = 4 - seen.reshape(len(seen), 13, 4).sum(axis=2)
    first, second = _pairs(14)  # places 0-12 of two ranks; second = 13 stands for a pair of the first's rank
    low, high = first, np.where(second == 13, first, second)
    same = second == 13
    hands = np.where(same, unseen[:, low] * (unseen[:, low] - 1) // 2, unseen[:, low] * unseen[:, high])
    sums = _board_rank_sums(board)[:, None] + weights_of_rank[low] + weights_of_rank[high]
    dealer = seven_card.value_of_ranks_batch(np.where(hands > 0, sums, 0))
    return (hands * _play_nets(mine[:, None], dealer, blind_wins)).sum(axis=1)


def _suited_pairs_again(board, seen, suit, mine, blind_wins):
    """What the dealer's two cards of the board's three-card suit change to ``_by_ranks``' sums."""
    np = _np()
    count = len(board)
    cards = np.arange(13)[None, :] * 4 + suit[:, None]
    first, second = _pairs(13)
    held = ~seen[np.arange(count)[:, None], cards]
    deal, pair = np.nonzero(held[:, first] & held[:, second])
    low, high = cards[deal, first[pair]], cards[deal, second[pair]]
    weights_of_rank = np.array(seven_card.RANK_WEIGHTS, dtype=np.int64)
    by_ranks = seven_card.value_of_ranks_batch(
        _board_rank_sums(board)[deal] + weights_of_rank[low >> 2] + weights_of_rank[high >> 2]
    )
    by_cards = seven_card.value_of_seven_batch(
        np.concatenate([low[:, None], high[:, None], board[deal]], axis=1)
    )
    change = _play_nets(mine[deal], by_cards, blind_wins) - _play_nets(mine[deal], by_ranks, blind_wins)
    return np.bincount(deal, weights=change, minlength=count)


def _by_cards(board, seen, mine, blind_wins):
    """The Play's net summed over the dealer's 990 hands, each evaluated."""
    np = _np()
    count = len(board)
    unseen = np.nonzero(~seen)[1].reshape(count, 45)
    first, second = _pairs(45)
    hands = np.concatenate(
        [unseen[:, first, None], unseen[:, second, None], np.repeat(board[:, None, :], len(first), axis=1)],
        axis=2,
    )
    dealer = seven_card.value_of_seven_batch(hands.reshape(-1, 7)).reshape(count, len(first))
    return _play_nets(mine[:, None], dealer, blind_wins).sum(axis=1)


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
