"""The stated strategy of Texas Hold 'Em Bonus Poker, pure: what the demo bots
play and what the lab's simulated row (simulate.py) settles.

- Pre-flop: the Flop wager with every starting hand except a fold set;
  ``STATED_FOLDS`` is the published one (2-3 through 2-7 offsuit: "the only
  hands that are worth folding", casinosite.net and Discount Gambling's
  simple strategy); simulate.py's ``preflop_evs`` computes the fold set for
  these rules itself, from the 169 starting hands against random boards and
  dealer hands under the later streets' rule below.
- The flop and the turn: the Turn (River) wager with a made pair or better
  that uses a hole card (a pocket pair, or a hole card pairing a board card),
  else check.

A starting hand is (high rank, low rank, suited) by rank index (2 = 0 …
ace = 12); the 169 of them are ``STARTING_HANDS``.
"""

from games.cards.poker import CARD_INDEX

STRATEGY_NAME = (
    "the Flop wager with every hand but 2-3 to 2-7 offsuit; the Turn and River wagers with a pair or better "
    "using a hole card (a pocket pair or a hole card paired on the board), else check"
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


def makes_street_wager(hole, board):
    """The flop and the turn (rules 6-7): bet with a pocket pair or a hole card
    whose rank is on the board."""
    ranks = [CARD_INDEX[item] >> 2 for item in hole]
    board_ranks = {CARD_INDEX[item] >> 2 for item in board}
    return ranks[0] == ranks[1] or any(rank in board_ranks for rank in ranks)
