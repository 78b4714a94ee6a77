"""DJ Wild Stud Poker's decision: fold (losing the Ante and the Blind, 2
units) or Play 2x the Ante (rule 7), from the player's five cards. Pure Python.

The sources publish no playing strategy, only the house edge, "about 3.5% of
an Ante" for the full analysis (Stephen How, discountgambling.net, "DJ Wild
Poker", 2015; issue 15's figure). So the lab computes one: for each number of
wild cards the player holds (0-5), ``thresholds`` gives the lowest hand whose
Play is worth at least the fold's -2 units against the dealer's hands (rule
8: no qualifier), the Ante, Play and Blind settled by rule 9
(``rules.ante_blind_play_net``). The dealer's five come from the 48 unseen
cards: the wild cards the player does not hold and 43 or more naturals, the
naturals taken as a sample of the 48 (the player's own naturals are not
removed; the simulated row then plays with every card removed). Play is worth
more as the hand rises (more dealer hands lose to it, the Blind pays more),
so one threshold per wild count is the best strategy of this form.
"""

from functools import cache
from math import comb

from games.cards import wild

FOLD = 0
PLAY = 2  # the Play wager is exactly 2 times the Ante (rule 7)
THRESHOLD_STRATEGY = "threshold"
STRATEGIES = (THRESHOLD_STRATEGY,)
FOLD_NET = -2  # the Ante and the Blind lost (rule 7)
WILD_CARDS = 5


def dealer_distribution(held_wilds):
    """[(value, probability)] of the dealer's hand, ascending, when the player
    holds ``held_wilds`` of the five wild cards: the dealer's wild count is
    hypergeometric over the 48 unseen cards, its naturals as in the full deck."""
    by_wilds = wild.value_counts_by_wilds()
    left = WILD_CARDS - held_wilds
    unseen = 48
    probability = {}
    for wilds in range(0, min(left, 5) + 1):
        hands = by_wilds[wilds]
        weight = comb(left, wilds) * comb(unseen - left, 5 - wilds) / comb(unseen, 5) / sum(hands.values())
        for value, count in hands.items():
            probability[value] = probability.get(value, 0.0) + weight * count
    return sorted(probability.items())


def threshold_for(blind_table, held_wilds):
    """The lowest hand value worth playing with ``held_wilds`` wild cards under ``blind_table``."""
    from games.dj_wild_stud import rules

    below = 0  # the probability that the dealer's hand is lower than the candidate
    for value, probability in dealer_distribution(held_wilds):
        above = 1 - below - probability
        win = rules.ante_blind_play_net(value, value - 1, blind_table)
        lose = rules.ante_blind_play_net(value, value + 1, blind_table)
        if below * win + above * lose >= FOLD_NET:
            return value
        below += probability
    return wild.FIVE_WILDS << 20  # five wild cards always win


@cache
def _thresholds(blind_items):
    table = dict(blind_items)
    return tuple(threshold_for(table, held) for held in range(WILD_CARDS + 1))


def thresholds(blind_table):
    """(threshold with 0 wild cards held, with 1, … with 5) for ``blind_table``."""
    return _thresholds(tuple(sorted(blind_table.items())))


# How many ranks a value's tie-break holds, by category (games/cards/wild.py's encoding).
_RANKS_HELD = {0: 5, 1: 4, 2: 3, 3: 3, 4: 1, 5: 5, 6: 2, 7: 2, 8: 1, 9: 1, 10: 0, 11: 0}


def hand_words(value):
    """A threshold hand for people: "a pair of 4s, 9-8-7"."""
    kind = wild.category(value)
    ranks = [(value >> shift) & 15 for shift in (16, 12, 8, 4, 0)][: _RANKS_HELD[kind]]
    name = wild.hand_name(value)
    if kind in (wild.HIGH_CARD, wild.FLUSH) or len(ranks) < 2:
        return name
    return name + ", " + "-".join("23456789TJQKA"[rank] for rank in ranks[1:]).replace("T", "10")


def describe(blind_table):
    """The strategy for people: "Play 2x holding any wild card; with none, Pair
    of 4s, 9-8-7 or better; fold the rest"."""
    found = thresholds(blind_table)
    by_wilds = wild.value_counts_by_wilds()
    always = [held for held in range(1, WILD_CARDS + 1) if found[held] <= min(by_wilds[held])]
    parts = [
        f"holding {held} wild cards, {hand_words(found[held])} or better"
        for held in range(1, 6)
        if held not in always
    ]
    if always == list(range(1, WILD_CARDS + 1)):
        parts.insert(0, "Play 2x holding any wild card")
    else:
        parts.insert(0, "Play 2x holding " + ", ".join(str(held) for held in always) + " wild cards")
    return "; ".join([*parts, f"with none, {hand_words(found[0])} or better; fold the rest"])


def decide(hand_indices, blind_table):
    """PLAY or FOLD for the player's five card indices (games.cards.poker)."""
    held = wild.wilds_in(hand_indices)
    value = wild.value_indices(*hand_indices)
    return PLAY if value >= thresholds(blind_table)[held] else FOLD
