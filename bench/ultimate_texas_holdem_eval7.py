"""An independent check of Ultimate Texas Hold 'Em's lab simulation (issue 16):
Wizard of Odds' pre-flop raise set, the simple flop rule and the exact river
decision, played one round at a time in plain Python on eval7 (bench-only,
bench/requirements.txt) with its own settlement of rule 10, against the lab's
code (``strategy.play``, numpy, games/cards/seven_card.py) on the same deals
and the same raise set: the nets must agree deal by deal, and the house edge
should be near the published 2.185% of the Ante (optimal play; the simple
flop rule and the raise set give up a little).

    python bench/ultimate_texas_holdem_eval7.py [--rounds 200000] [--seed 16]

About 1 ms of CPU a round (the river looks at all 990 dealer hands with
eval7, one at a time). Exit status 1 when any deal nets differently.
"""

import argparse
import math
import os
import sys
import time
from itertools import combinations

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import eval7  # noqa: E402
import numpy as np  # noqa: E402

from games.cards.poker import CARDS  # noqa: E402
from games.ultimate_texas_holdem import paytables, simulate, strategy  # noqa: E402

RANKS = "23456789TJQKA"
SUITS = "cdhs"
# Blind A (§ 653a.12(b)) by eval7's hand types: a royal flush 500, straight flush 50, ...
BLIND_A = {"Straight Flush": 50, "Quads": 10, "Full House": 3, "Flush": 1.5, "Straight": 1}
ROYAL = eval7.evaluate([eval7.Card(text) for text in ("As", "Ks", "Qs", "Js", "Ts")])


def eval7_card(index):
    """Our card index (rank * 4 + suit, in poker.CARDS' order) as an eval7 Card, through its text."""
    text = str(CARDS[index])
    rank, suit = text[:-1], text[-1]
    return eval7.Card(("T" if rank == "10" else rank) + suit.lower())


def wizard_raises(first, second):
    """Wizard of Odds' simple pre-flop rule: any pair 3-3 or better, any ace,
    K2s+ / K5o+, Q6s+ / Q8o+, J8s+ / JTo+."""
    high, low = max(first >> 2, second >> 2), min(first >> 2, second >> 2)
    suited = (first & 3) == (second & 3)
    if high == low:
        return high >= RANKS.index("3")
    least = {"A": 0, "K": (0, 3), "Q": (4, 6), "J": (6, 8)}.get(RANKS[high])
    if least is None:
        return False
    if isinstance(least, int):
        return True
    return low >= least[0 if suited else 1]


def flop_plays(hole, flop):
    """Two pair or better with a hidden card in it (a straight or flush needs
    none), a hidden pair but pocket deuces alone, four to a flush with a hidden
    ten or better of that suit."""
    hole_ranks = [card >> 2 for card in hole]
    flop_ranks = [card >> 2 for card in flop]
    pocket = hole_ranks[0] == hole_ranks[1]
    hidden = pocket or any(rank in flop_ranks for rank in hole_ranks)
    kind = eval7.handtype(eval7.evaluate([eval7_card(card) for card in hole + flop]))
    if kind in ("Straight", "Flush", "Full House", "Quads", "Straight Flush") and (
        hidden or kind in ("Straight", "Flush", "Straight Flush")
    ):
        return True
    if hidden and kind != "High Card" and not (pocket and hole_ranks[0] == 0 and kind == "Pair"):
        return True
    suits = [card & 3 for card in hole + flop]
    return any(suits.count(card & 3) == 4 and card >> 2 >= RANKS.index("T") for card in hole)


def blind_wins(value):
    if value == ROYAL:
        return 500
    return BLIND_A.get(eval7.handtype(value), 0)


def net(mine, dealer, multiple):
    """Rule 10 per unit of the Ante, for a Play of ``multiple``."""
    qualified = eval7.handtype(dealer) != "High Card"
    if mine > dealer:
        return qualified + multiple + blind_wins(mine)
    if dealer > mine:
        return -(qualified + 1 + multiple)
    return 0


def river_plays(mine, board, unseen):
    total = sum(net(mine, eval7.evaluate(list(pair) + board), 1) for pair in combinations(unseen, 2))
    return total > -2 * math.comb(len(unseen), 2)


def one_round(deck):
    cards = [eval7_card(int(index)) for index in deck]
    hole, board = cards[:2], cards[4:9]
    mine = eval7.evaluate(hole + board)
    dealer = eval7.evaluate(cards[2:4] + board)
    if wizard_raises(int(deck[0]), int(deck[1])):
        return net(mine, dealer, 4), 4
    if flop_plays([int(card) for card in deck[:2]], [int(card) for card in deck[4:7]]):
        return net(mine, dealer, 2), 2
    if river_plays(mine, board, cards[2:4] + cards[9:]):
        return net(mine, dealer, 1), 1
    return -2, 0


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=16)
    args = parser.parse_args(argv)
    decks = strategy.shuffled_decks(np.random.default_rng(args.seed), args.rounds)
    raises = np.zeros(169, dtype=bool)
    for index, (first, second), _ in strategy.starting_hands():
        raises[index] = wizard_raises(first, second)
    started = time.process_time()
    lab_nets, lab_made, _, _ = strategy.play(
        decks, raises, strategy.wins_by_line(paytables.blind_paytable("A"))
    )
    lab_cpu = time.process_time() - started
    started = time.process_time()
    nets, made = np.zeros(len(decks)), np.zeros(len(decks), dtype=np.int64)
    for place, deck in enumerate(decks):
        nets[place], made[place] = one_round(deck)
    cpu = time.process_time() - started
    differ = int((nets != lab_nets).sum() + (made != lab_made).sum())
    for name, found in (("eval7, one round at a time", nets), ("the lab's strategy.play", lab_nets)):
        half = 2.5758 * found.std() / math.sqrt(len(found))
        print(f"{name}: house edge {-found.mean():.4%} of the Ante, 99% band ±{half:.4%}")
    print(f"published (optimal play): {simulate.PUBLISHED_EDGE_OF_ANTE:.3%}")
    print(f"Play 4x / 2x / 1x / fold: {[round(float((made == m).mean()), 4) for m in (4, 2, 1, 0)]}")
    print(f"{len(decks):,} rounds (seed {args.seed}); CPU eval7 {cpu:,.0f} s, lab {lab_cpu:,.1f} s")
    print(f"deals netting or deciding differently: {differ}; load {os.getloadavg()[0]:.1f}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
