"""The simulated lab row of Crazy 4 Poker: Ante, Play and Super Bonus
together, one player against the dealer, under the stated strategy
(games/crazy_4_poker/strategy.py: 3× with a pair of aces or better, 1× from
K-Q-8-4 to a pair of kings, fold below), per unit of the Ante.

Pure (no Django, no I/O). Each round is a fresh shuffle of the deck
(numpy's seeded generator, a chunk of rounds at a time: the shuffle is most
of a round's cost in Python). Every round is settled by the game's own code on
card indices: both hands valued by ``four_card.value_of_five`` (the fast path
of ``rules.hand_value``), the decision by ``strategy.play_multiple_of_value``,
Ante and Play by ``paytables.showdown`` and ``paytables.ANTE_PLAY`` (rules
7–8), the Super Bonus by ``paytables.super_bonus`` (rule 9) on the paytable
``paytables.SUPER_BONUS`` or a designer's what-if copy. A fold loses the
Ante and the Super Bonus (rule 6). tests/test_crazy_4_poker_lab.py plays
seeded rounds through ``rules.apply`` and checks both settle alike.

The published figures for these rules (Wizard of Odds, "Crazy 4 Poker"):
house edge 3.42% of the Ante, element of risk 1.09% of the total wagered.
"""

from collections import Counter
from fractions import Fraction

import numpy as np

from games.cards import four_card
from games.crazy_4_poker import paytables, strategy
from games.lab.rows import SIMULATION, RowSpec, RunningStats, line, simulated_row, what_if

GAME = "crazy_4_poker"
ANTE_PLAY = "ante_play"
CHUNK = 10_000  # rounds shuffled at once
DEFAULT_ROUNDS = 1_000_000
PUBLISHED_HOUSE_EDGE = 0.0342  # of the Ante
PUBLISHED_ELEMENT_OF_RISK = 0.0109  # of the total wagered

_NET = {paytables.PUSH: 0, paytables.LOSE: -1}


def specs():
    return [
        RowSpec(
            game=GAME,
            wager=ANTE_PLAY,
            paytable=None,
            decks=1,
            method=SIMULATION,
            title=f"Ante, Play and Super Bonus, stated strategy ({strategy.STRATEGY_NAME})",
            default_rounds=DEFAULT_ROUNDS,
        )
    ]


def paytable_lines(spec):
    """The Super Bonus lines a designer may change."""
    return [line(key, paytables.LINE_NAMES[key], odds, None) for key, odds in paytables.SUPER_BONUS.items()]


def _net(result):
    return result.winnings(1) if isinstance(result, paytables.Odds) else _NET[result]


def round_net(player_value, dealer_value, table=paytables.SUPER_BONUS):
    """(net per unit Ante, units wagered) of one round under the stated
    strategy: the player's and the dealer's best four-card values."""
    multiple = strategy.play_multiple_of_value(player_value)
    if not multiple:
        return -2, 2  # rule 6: the fold loses the Ante and the Super Bonus
    ante, play = paytables.ANTE_PLAY[paytables.showdown(player_value, dealer_value)]
    net = _net(ante) + multiple * _net(play)
    paid = paytables.lookup(table, paytables.four_card_lines(player_value))
    if paid is not None:
        net += paid[1].winnings(1)
    else:
        net += _NET[paytables.super_bonus(player_value, dealer_value)]
    return net, 2 + multiple


def _player(value, table):
    """round_net's part that depends on the player's hand alone: (Play
    multiple, Super Bonus winnings of a straight or better and its line, or
    None and None)."""
    paid = paytables.lookup(table, paytables.four_card_lines(value))
    if paid is None:
        return strategy.play_multiple_of_value(value), None, None
    return strategy.play_multiple_of_value(value), float(paid[1].winnings(1)), paid[0]


def deals(rng, total):
    """Each round's ten cards (the player's five, then the dealer's) from a
    fresh shuffle of the 52-card deck, shuffled in C a chunk at a time."""
    left = total
    while left:
        count = min(left, CHUNK)
        decks = rng.permuted(np.tile(np.arange(52, dtype=np.int8), (count, 1)), axis=1)
        yield from decks[:, :10].tolist()
        left -= count


def play(rounds, table, stats, total=0, progress=None):
    """Settle each round's ten cards of ``rounds`` (an iterable) into
    ``stats``, as ``round_net`` would; returns (the units wagered, {Super
    Bonus line: rounds paid})."""
    value_of = four_card.value_of_five
    add = stats.add
    wagered = 0
    every = max(1, total // 100)
    players = {}  # player value -> _player(value, table)
    paid_lines = Counter()
    nets = {result: float(_net(result)) for result in (paytables.EVEN, paytables.PUSH, paytables.LOSE)}
    ante_play, showdown, super_bonus = paytables.ANTE_PLAY, paytables.showdown, paytables.super_bonus
    for done, cards in enumerate(rounds, 1):
        player, dealer = value_of(cards[:5]), value_of(cards[5:])
        known = players.get(player)
        if known is None:
            known = players[player] = _player(player, table)
        multiple, paid, paid_line = known
        if multiple:
            ante, won = ante_play[showdown(player, dealer)]
            net = nets[ante] + multiple * nets[won]
            if paid is None:
                net += nets[super_bonus(player, dealer)]
            else:
                net += paid
                paid_lines[paid_line] += 1
            wagered += 2 + multiple
        else:
            net = -2.0  # rule 6: the fold loses the Ante and the Super Bonus
            wagered += 2
        add(net)
        if progress is not None and done % every == 0:
            progress(done, total, stats.trace)
    return wagered, paid_lines


def run(spec, *, payouts=None, rounds=None, seed=0, progress=None):
    if spec.wager != ANTE_PLAY:
        raise ValueError(f"Crazy 4 Poker simulates no wager {spec.wager!r}")
    table = what_if(paytables.SUPER_BONUS, payouts)
    total = rounds or spec.default_rounds
    stats = RunningStats(total)
    wagered, paid_lines = play(deals(np.random.default_rng(seed), total), table, stats, total, progress)
    edge = -stats.mean
    average = wagered / stats.n
    return simulated_row(
        spec,
        stats,
        # The Super Bonus lines as often as the simulation paid them.
        lines=[
            line(key, paytables.LINE_NAMES[key], odds, Fraction(paid_lines[key], stats.n))
            for key, odds in table.items()
        ],
        assumptions=[
            "One 52-card deck, five cards to the player and five to the dealer, a fresh shuffle each round.",
            f"Strategy: {strategy.STRATEGY_NAME}, on the best four of the player's five cards.",
            "Per unit of the Ante; the Super Bonus equals it (rule 3). A fold loses both (rule 6).",
            "The dealer qualifies with king-high or better (rule 7); Ante and Play as rule 8; the Super "
            "Bonus as rule 9.",
            f"Published for these rules: house edge {PUBLISHED_HOUSE_EDGE:.2%} of the Ante, element of "
            f"risk {PUBLISHED_ELEMENT_OF_RISK:.2%} (Wizard of Odds).",
        ],
        details={
            "average_wagered": average,
            "element_of_risk": edge / average,
            "published_house_edge": PUBLISHED_HOUSE_EDGE,
            "published_element_of_risk": PUBLISHED_ELEMENT_OF_RISK,
        },
    )


def exact_net(player_value, dealer_value):
    """``round_net`` as a Fraction (tests compare it with the ledger)."""
    net, wagered = round_net(player_value, dealer_value)
    return Fraction(net), wagered
