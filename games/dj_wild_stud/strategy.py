"""DJ Wild Stud Poker's decision: fold (losing the Ante and the Blind, 2
units) or Play 2x the Ante (rule 7), from the player's five cards. Pure Python.

The sources publish no playing strategy, only the house edge, "about 3.5% of
an Ante" for the full analysis (Stephen How, discountgambling.net, "DJ Wild
Poker", 2015; issue 15's figure). So the lab computes one: ``THRESHOLD``
plays every hand at least as high as the lowest hand whose Play is worth at
least the fold's -2 units against the dealer's hands (rule 8: no qualifier),
the dealer's five cards taken from the whole 53-card deck (the player's own
five not removed, which the simulated row then plays with), the Ante, Play
and Blind settled by rule 9 (``rules.ante_blind_play_net``). Play is worth
more as the hand rises (more dealer hands lose to it, the Blind pays more),
so one threshold is the best strategy of this form.
"""

from functools import cache

from games.cards import wild

FOLD = 0
PLAY = 2  # the Play wager is exactly 2 times the Ante (rule 7)
THRESHOLD_STRATEGY = "threshold"
STRATEGIES = (THRESHOLD_STRATEGY,)
FOLD_NET = -2  # the Ante and the Blind lost (rule 7)


@cache
def threshold(blind_name=None):
    """The lowest hand value worth playing against the whole deck's dealer
    hands under the Blind table ``blind_name`` (the default table when None)."""
    from games.dj_wild_stud import paytables, rules

    table = paytables.blind_paytable(blind_name or paytables.DEFAULT_BLIND_PAYTABLE)
    dealer = sorted(wild.value_counts().items())
    total = sum(count for _, count in dealer)
    below = 0  # dealer hands lower than the candidate
    for value, count in dealer:
        above = total - below - count
        win = rules.ante_blind_play_net(value, value - 1, table)
        lose = rules.ante_blind_play_net(value, value + 1, table)
        if below * win + above * lose >= FOLD_NET * total:
            return value
        below += count
    raise AssertionError("no hand is worth playing")  # unreachable: five wilds always wins


# How many ranks a value's tie-break holds, by category (games/cards/wild.py's encoding).
_RANKS_HELD = {0: 5, 1: 4, 2: 3, 3: 3, 4: 1, 5: 5, 6: 2, 7: 2, 8: 1, 9: 1, 10: 0, 11: 0}


def describe(value):
    """The threshold for people: "Pair of 3s, J-10-7 or better: Play 2x; fold the rest"."""
    ranks = [(value >> shift) & 15 for shift in (16, 12, 8, 4, 0)][: _RANKS_HELD[wild.category(value)]]
    kickers = "-".join("23456789TJQKA"[rank] for rank in ranks[1:]).replace("T", "10")
    return f"{wild.hand_name(value)}{', ' + kickers if kickers else ''} or better: Play 2x; fold the rest"


def decide(value, blind_name=None):
    """PLAY or FOLD for the player's hand value (games/cards/wild.py)."""
    return PLAY if value >= threshold(blind_name) else FOLD
