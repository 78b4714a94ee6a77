"""The stated strategy of Texas Hold 'Em Bonus Poker, pure: what the demo bots
play and what the lab's simulated row (simulate.py) settles.

- Pre-flop: the Flop wager with every starting hand except a fold set;
  ``STATED_FOLDS`` is the published one (2-3 through 2-7 offsuit: "the only
  hands that are worth folding", casinosite.net and Discount Gambling's
  simple strategy); simulate.py's ``preflop_evs`` computes the fold set for
  these rules itself, from the 169 starting hands against random boards and
  dealer hands under the later streets' rule below.
- The flop: the Turn wager with a made pair or better that uses a hole card
  (a pocket pair, or a hole card pairing a board card) or four cards to a
  flush with a hole card among them; else check.
- The turn: the River wager with a pair using a hole card, else check (a
  four-flush alone no longer: the lab finds that bet slightly losing).

A starting hand is (high rank, low rank, suited) by rank index (2 = 0 …
ace = 12); the 169 of them are ``STARTING_HANDS``.
"""

from games.cards.poker import CARD_INDEX

STRATEGY_NAME = (
    "the Flop wager with every hand but 2-3 to 2-7 offsuit; the Turn wager with a pair or better using a "
    "hole card (a pocket pair or a hole card paired on the board) or four to a flush with a hole card, the "
    "River wager with a pair using a hole card; else check"
)

# (high, low, suited): 2-3, 2-4, 2-5, 2-6 and 2-7 offsuit.
STATED_FOLDS = frozenset((high, 0, False) for high in range(1, 6))

STARTING_HANDS = tuple(
    (high, low, suited)
    for high in range(13)
    for low in range(high + 1)
    for suited in ((False,) if high == low else (False, True))
)


def starting_hand(hole):
    """(high, low, suited) of two hole cards (Cards or their text)."""
    first, second = (CARD_INDEX[item] for item in hole)
    return max(first >> 2, second >> 2), min(first >> 2, second >> 2), first & 3 == second & 3


def makes_flop_wager(hole, folds=STATED_FOLDS):
    """Pre-flop (rule 5): the Flop wager unless the hand is in ``folds``."""
    return starting_hand(hole) not in folds


def pairs_a_hole_card(hole, board):
    """A pocket pair, or a hole card whose rank is on the board."""
    ranks = [CARD_INDEX[item] >> 2 for item in hole]
    board_ranks = {CARD_INDEX[item] >> 2 for item in board}
    return ranks[0] == ranks[1] or any(rank in board_ranks for rank in ranks)


def four_flush_with_a_hole_card(hole, board):
    suits = [CARD_INDEX[item] & 3 for item in (*hole, *board)]
    return any(suits.count(suit) >= 4 for suit in set(suits[:2]))


def makes_street_wager(hole, board):
    """Rule 6 on the flop (three board cards): the Turn wager with a pair using
    a hole card or a four-flush with one; rule 7 on the turn (four): the River
    wager with a pair using a hole card."""
    if pairs_a_hole_card(hole, board):
        return True
    return len(board) == 3 and four_flush_with_a_hole_card(hole, board)
