"""Simulated lab rows of Six-Card Fortune Pai Gow: the main wager with both
sides set by the house way, and the main wager with the Double Down under the
strategy the lab works out (docs/rules/six_card_fortune_pai_gow.md rules 8, 11, 12).

Pure (no Django, no I/O), numpy-batched: each round deals twelve cards of a
fresh 53-card deck (six to the player, six to the dealer: a uniformly random
order of the deck from seeded random keys), sets both hands by the house way
and settles them with ``batch``, whose values and choices are the table's own
(``house_way.house_way_indices``, ``hands.compare_values``); the lab's tests
check the batch against them round by round.

The Double Down (off by default; where a table offers it, exactly the main
wager, winning 1 to 1 only when both hands win and lost otherwise: the rules
file's Paytables and Defaults) is worth making exactly when, given the six
cards, both hands win more often than not. The lab estimates that per
*class* of six cards, the house way's setting read as (tier, the high hand's
leading rank, the low card; the joker a low of its own, since it beats every
dealer low), and doubles the classes whose mean Double Down result is above
zero: the strategy the rules file's figures come from. The figure is
cross-fitted, so it is not fitted to the rounds that measure it: the
odd-numbered rounds' means decide the doubling on the even-numbered rounds
and the even rounds' on the odd ones; the strategy the row states is the one
from all its rounds.
"""

import numpy as np

from games.cards.poker import JOKER_INDEX
from games.lab.rows import SIMULATION, RowSpec, RunningStats, line, simulated_row
from games.lab.simulation import chunks
from games.six_card_fortune_pai_gow import batch, paytables
from games.six_card_fortune_pai_gow.house_way import TIER_NAMES
from games.six_card_fortune_pai_gow.settlement import DOUBLE_DOWN, MAIN

GAME = "six_card_fortune_pai_gow"
DEFAULT_ROUNDS = 2_000_000
CHUNK = 100_000
WIN_LINE = "win"

_LOW_CLASSES = 14  # ranks 0-12, the joker 13
CLASS_COUNT = 9 * 16 * _LOW_CLASSES


def specs():
    return [
        RowSpec(
            game=GAME,
            wager=wager,
            paytable=None,
            decks=None,
            method=SIMULATION,
            title=title,
            default_rounds=DEFAULT_ROUNDS,
        )
        for wager, title in (
            (MAIN, "Six-Card Fortune Pai Gow Poker wager, both sides by the house way"),
            (
                DOUBLE_DOWN,
                "Main wager with the Double Down (1x, wins only when both hands win), the lab's doubling strategy",
            ),
        )
    ]


def paytable_lines(spec):
    return [line(WIN_LINE, "Both hands win", paytables.WIN, 0)]


def deal(rng, rounds):
    """(rounds, 12) card indices: a uniformly random order of the 53-card
    deck per round, its first twelve cards."""
    return np.argsort(rng.random((rounds, 53)), axis=1)[:, :12]


def play(cards):
    """(results, classes) of (n, 12) deals: the player's six first, the
    dealer's six after, both set by the house way; results +1, 0, -1."""
    player_high, player_low, tiers = batch.house_way(cards[:, :6])
    dealer_high, dealer_low, _ = batch.house_way(cards[:, 6:])
    results = batch.main_results(player_high, player_low, dealer_high, dealer_low)
    return results, classes_of(player_high, player_low, tiers)


def classes_of(high_values, lows, tiers):
    """The Double Down class of house-way settings: (tier, leading rank of the
    high hand, low card rank or 13 for the joker) as one int."""
    low_class = np.where(lows == JOKER_INDEX, 13, lows >> 2)
    return (tiers * 16 + ((high_values >> 16) & 15)) * _LOW_CLASSES + low_class


def class_name(index):
    """ "one pair, leading rank 9, low card K" for people and the row."""
    tier, rest = divmod(index, 16 * _LOW_CLASSES)
    lead, low = divmod(rest, _LOW_CLASSES)
    ranks = "23456789TJQKA"
    lead_text = "A-2-3-4-5" if tier == 4 and lead == 12 else ("A" if lead == 13 else ranks[lead])
    low_text = "joker" if low == 13 else ranks[low]
    return f"{TIER_NAMES[tier]}, leading {lead_text}, low {low_text}"


def double_down_nets(results, win=1.0):
    """The Double Down's net per unit of results +1, 0, -1: it wins only when
    both hands win and loses on a push as on a loss (the rules file's rule)."""
    return np.where(results > 0, win, -1.0)


def class_means(results, classes):
    """(means, counts) of the main result per class (zero where none)."""
    sums = np.bincount(classes, weights=results, minlength=CLASS_COUNT)
    counts = np.bincount(classes, minlength=CLASS_COUNT).astype(float)
    return np.divide(sums, counts, out=np.zeros(CLASS_COUNT), where=counts > 0), counts


def run(spec, *, payouts=None, rounds=None, seed=0, progress=None):
    total = rounds or spec.default_rounds
    odds = (payouts or {}).get(WIN_LINE, paytables.WIN)
    win = float(odds.winnings(1))
    if spec.wager not in (MAIN, DOUBLE_DOWN):
        raise ValueError(f"{spec.key}: this game simulates the main wager and the Double Down")
    rng = np.random.default_rng(seed)
    played = []
    for size in chunks(total, progress, CHUNK):
        results, classes = play(deal(rng, size))
        played.append((results, classes.astype(np.int16)))
    doubled = None
    if spec.wager == DOUBLE_DOWN:
        results = np.concatenate([part[0] for part in played])
        classes = np.concatenate([part[1] for part in played])
        doubles_net = double_down_nets(results, win)
        # Cross-fitting: the even rounds are doubled by the odd rounds' means and the odd by the even's.
        strategies = (
            class_means(doubles_net[1::2], classes[1::2])[0] > 0,
            class_means(doubles_net[::2], classes[::2])[0] > 0,
        )
        means, counts = class_means(doubles_net, classes)
        doubled = means > 0
    stats = RunningStats(total)
    tally = {1: 0, 0: 0, -1: 0}
    doubles = 0
    undoubled = 0.0  # the main wager's own net on the same rounds: the Double Down's value is the rest
    start = 0
    for results, classes in played:
        nets = np.where(results > 0, win, results.astype(float))
        undoubled += float(nets.sum())
        if doubled is not None:
            parity = (start + np.arange(len(results))) % 2
            made = np.where(parity == 0, strategies[0][classes], strategies[1][classes])
            doubles += int(made.sum())
            nets = nets + np.where(made, double_down_nets(results, win), 0.0)
        start += len(results)
        stats.add_array(nets)
        for value in tally:
            tally[value] += int((results == value).sum())
    lines = [
        line(WIN_LINE, "Both hands win", odds, tally[1] / total),
        line("push", "Push (one hand each)", "stake back", tally[0] / total),
        line("lose", "Loses (both hands lose or copy)", "stake lost", tally[-1] / total),
    ]
    assumptions = [
        "One player against the dealer, a fresh 53-card deck every round (rule 1); six cards each (rule 2).",
        "Both the player and the dealer set by the house way of the rules file (tier, highest low card, "
        "higher high hand); the house way never fouls.",
        "Both hands win: 1 to 1, no commission; one each: push; both lose or copy: loss; a copy goes to the "
        "dealer; the player's joker low beats any dealer low, a dealer joker low is an ace (rules 11, 12).",
    ]
    details = {}
    if doubled is not None:
        share = doubles / total
        value = stats.total / total - undoubled / total
        assumptions += [
            "The Double Down, exactly the main wager, is made after the player sees the six cards; it wins 1 to "
            "1 only when both hands win and loses on a push or a loss; figures are per unit of the main wager "
            "(RTP over the main wager alone).",
            "Strategy: double the classes of six cards (the house way's tier, the high hand's leading rank, the "
            "low card; the joker its own low) whose mean Double Down result is above zero (both hands win more "
            "often than not); cross-fitted: the even rounds are doubled by the odd rounds' means and the odd "
            "rounds by the even rounds'.",
            f"From all {total:,} rounds: {int(doubled.sum())} of {int((counts > 0).sum())} classes seen are "
            f"doubled; {share:.1%} of the hands here were doubled.",
            f"The Double Down's value: {value:+.3%} of the main wager on these rounds (their RTP "
            f"{1 + undoubled / total:.3%} without it).",
        ]
        details = {
            "double_down_value": value,
            "doubled_share": share,
            "doubled_classes": [class_name(index) for index in np.flatnonzero(doubled)],
        }
    if WIN_LINE in (payouts or {}):
        assumptions.append(f"What-if: a win pays {odds}.")
    return simulated_row(spec, stats, lines=lines, assumptions=assumptions, details=details)
