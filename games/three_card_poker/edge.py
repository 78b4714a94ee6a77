"""The paytable lab's rows of Three Card Poker (docs/rules/three_card_poker.md,
seed § 649c.1), all exact, through the game's own evaluators
(games/cards/three_card.py, games/cards/best_five.py).

Pure Python (no Django, no I/O; games/lab/__init__.py).

- Ante and Play with the Ante Bonus, under the "Q-6-4" strategy (play
  queen-6-4 or better, fold the rest), per unit of the Ante: every one of the
  22,100 player hands against every one of the 18,424 dealer hands of the 49
  cards left. Suit symmetry: the hands fall into classes under the 24
  permutations of the suits, each worked out once and weighed by its size;
  and for each class the dealer's hands are counted without being dealt: the
  hands below a value among all 22,100 hands, less those sharing a card with
  the player's (inclusion–exclusion over the hands holding each of its cards
  and each pair of them), by bisection in sorted value lists.
- Pair Plus (every paytable), the Ante Bonus's lines, and the Three-Card
  progressive: the 22,100 three-card hands.
- Six Card Bonus and Five-Card progressive: the best five of the player's
  three and the dealer's three, over all C(52, 6) = 20,358,520 six-card sets
  without dealing them: per multiset of six ranks, its suit assignments fall
  into those with no five of a suit (all worth what one representative is
  worth) and the flush ones (five or six of one suit), each kind counted and
  evaluated once. A royal flush is in spades in a quarter of them (suit
  symmetry).
"""

from bisect import bisect_left
from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import combinations, combinations_with_replacement
from math import comb

from games.cards import best_five, three_card
from games.cards.cards import RANKS, SUITS, Card
from games.four_card_poker.edge import FIVE_CARD, five_card_spec
from games.lab.rows import (
    envy_per_unit,
    exact_row,
    exact_spec,
    line,
    paytable_row,
    paytable_specs,
    select,
    what_if,
)
from games.poker.paytables import THREE_CARD_KIND
from games.three_card_poker import paytables

GAME = "three_card_poker"
MYSTERY = True  # § 649c.1: the Must-Hit-By Mystery bonus is offered with the progressive payout wagers

ANTE_PLAY = "ante_play"
PAIR_PLUS = "pair_plus"
SIX_CARD = "six_card"
THREE_CARD = "three_card"  # the wager of the linked Three-Card progressive, in every game offering it
Q64 = three_card.evaluate("QS 6H 4D")  # the strategy's threshold: play Q-6-4 or better
DEALER_HANDS = comb(49, 3)
SIX_CARD_SETS = comb(52, 6)


def specs():
    rows = [
        exact_spec(GAME, ANTE_PLAY, None, "Ante and Play with the Ante Bonus, Q-6-4 strategy"),
        *paytable_specs(GAME, PAIR_PLUS, paytables.PAIR_PLUS_NAMES, "Pair Plus, paytable {name}"),
        exact_spec(GAME, SIX_CARD, None, "Six Card Bonus"),
        three_card_spec(GAME),
        five_card_spec(GAME),
    ]
    return rows


def compute(spec, *, payouts=None, rounds=None, seed=0, progress=None):
    if spec.wager == ANTE_PLAY:
        return ante_play_row(spec, what_if(paytables.ANTE_BONUS, payouts))
    if spec.wager == PAIR_PLUS:
        table = what_if(paytables.PAIR_PLUS_PAYTABLES[spec.paytable], payouts)
        return paytable_row(
            spec,
            three_card_probabilities(tuple(table)),
            table,
            paytables.LINE_NAMES,
            assumptions=[
                "One 52-card deck; each of the 22,100 three-card hands equally likely.",
                "Pays on the player's three cards whatever the dealer holds (rule 10); the stake is returned "
                "on a win. A fold loses the Pair Plus (rule 6): the figure is for a player who plays it alone "
                "or plays the hand.",
            ],
        )
    if spec.wager == SIX_CARD:
        table = what_if(paytables.SIX_CARD_BONUS, payouts)
        return paytable_row(
            spec,
            six_card_probabilities(tuple(table)),
            table,
            paytables.LINE_NAMES,
            assumptions=[
                "The best five of the player's three cards and the dealer's three (rule 11): every one of "
                f"the {SIX_CARD_SETS:,} six-card sets of one deck equally likely.",
                "It stays in action after a fold (rule 6).",
            ],
        )
    if spec.wager == THREE_CARD:
        table = what_if(paytables.THREE_CARD_PROGRESSIVE, payouts, meter=True)
        return paytable_row(
            spec,
            three_card_probabilities(tuple(table)),
            table,
            paytables.LINE_NAMES,
            assumptions=[
                "The player's three cards (rule 12); fixed lines are 'for 1', the $1 stake collected at "
                "no more bets. Only the highest line pays.",
                f"Envy is not in the row: it depends on the other players. Each other player adds "
                f"{float(envy_per_other_player()):.4%} of the wager (a mini-royal $25, in spades $100).",
            ],
            details={"envy_per_other_player": float(envy_per_other_player())},
        )
    if spec.wager == FIVE_CARD:
        table = what_if(paytables.FIVE_CARD_PROGRESSIVE, payouts, meter=True)
        return paytable_row(
            spec,
            six_card_probabilities(tuple(table)),
            table,
            paytables.LINE_NAMES,
            assumptions=[
                "The best five of the player's three cards and the dealer's three (rule 13); fixed lines "
                "'for 1', the $5 stake collected at no more bets. Top lines published (Gila River), lower "
                "lines a project default.",
                "A royal flush is in spades in a quarter of the six-card sets that hold one (suit symmetry).",
            ],
        )
    raise ValueError(f"Three Card Poker has no row for the wager {spec.wager!r}")


# -- three-card lines ---------------------------------------------------------------


@cache
def three_card_line_counts():
    """{tuple of lines (``paytables.three_card_lines``): hands} over the 22,100 hands."""
    counts = Counter()
    for hand in combinations(range(52), 3):
        value = three_card.value_indices(*hand)
        counts[tuple(paytables.three_card_lines(value, SUITS[hand[0] & 3]))] += 1
    return dict(counts)


@cache
def three_card_probabilities(table_lines):
    """{line: probability} of the first line of each hand that ``table_lines`` pays."""
    found = {}
    for lines, count in three_card_line_counts().items():
        paid = next((item for item in lines if item in table_lines), None)
        if paid is not None:
            found[paid] = found.get(paid, 0) + Fraction(count, three_card.HANDS)
    return found


def three_card_spec(game):
    """The row of the $1 Three-Card progressive of ``game``, on the meter it
    is linked on across the poker games."""
    return exact_spec(game, THREE_CARD, None, "Three-Card progressive ($1)", meter=(THREE_CARD_KIND, "", 1))


def envy_per_other_player():
    """The Envy a $1 Three-Card progressive wager is paid, per other player at the table."""
    envy = paytables.THREE_CARD_ENVY_CENTS
    return envy_per_unit(three_card_probabilities(tuple(envy)), envy, paytables.THREE_CARD_WAGER_CENTS)


# -- Ante and Play -------------------------------------------------------------------


@cache
def dealer_tables():
    """Sorted values of all 22,100 hands, of the hands holding each card, and
    of those holding each pair of cards."""
    every, by_card, by_pair = [], [[] for _ in range(52)], {}
    for a, b, c in combinations(range(52), 3):
        value = three_card.value_indices(a, b, c)
        every.append(value)
        for item in (a, b, c):
            by_card[item].append(value)
        for pair in ((a, b), (a, c), (b, c)):
            by_pair.setdefault(pair, []).append(value)
    return sorted(every), [sorted(values) for values in by_card], {k: sorted(v) for k, v in by_pair.items()}


def _dealer_below(hand, value, tables):
    """How many of the 18,424 dealer hands disjoint from ``hand`` are worth less than ``value``."""
    every, by_card, by_pair = tables
    a, b, c = hand
    count = bisect_left(every, value)
    count -= bisect_left(by_card[a], value) + bisect_left(by_card[b], value) + bisect_left(by_card[c], value)
    count += sum(bisect_left(by_pair[pair], value) for pair in ((a, b), (a, c), (b, c)))
    return count - (three_card.value_indices(a, b, c) < value)


@cache
def suit_classes():
    """((representative hand, hands in its class), ...): the 22,100 hands in
    their 1,755 classes under the 24 permutations of the suits, written down
    by rank and suit pattern rather than found (card index = rank * 4 + suit,
    each hand sorted):

    - three ranks: all of one suit (4 hands), two of one suit and the third of
      another, in each of the three places (12 each), three suits (24);
    - a pair and a kicker: the kicker in one of the pair's suits (12) or in
      neither (12);
    - three of a kind: 4 hands."""
    classes = []
    for high, middle, low in combinations(range(12, -1, -1), 3):
        for suits, size in (
            ((0, 0, 0), 4),
            ((0, 0, 1), 12),
            ((0, 1, 0), 12),
            ((1, 0, 0), 12),
            ((0, 1, 2), 24),
        ):
            classes.append(
                (tuple(sorted((high * 4 + suits[0], middle * 4 + suits[1], low * 4 + suits[2]))), size)
            )
    for pair in range(13):
        for kicker in range(13):
            if kicker != pair:
                classes.append((tuple(sorted((pair * 4, pair * 4 + 1, kicker * 4))), 12))
                classes.append((tuple(sorted((pair * 4, pair * 4 + 1, kicker * 4 + 2))), 12))
        classes.append(((pair * 4, pair * 4 + 1, pair * 4 + 2), 4))
    return tuple(classes)


@cache
def ante_play_outcomes(bonus_items):
    """{net per unit Ante: probability} under the Q-6-4 strategy, and P(play)."""
    return ante_play_counts(dict(bonus_items), suit_classes())


def ante_play_counts(bonus, hands):
    """``ante_play_outcomes`` over ``hands``: [(player hand, weight)], the
    suit classes or (bench/three_card_poker.py's baseline) every hand once."""
    tables = dealer_tables()
    qualifier = three_card.QUEEN_HIGH
    counts = Counter()
    played = 0
    for hand, weight in hands:
        value = three_card.value_indices(*hand)
        if value < Q64:
            counts[Fraction(-1)] += weight * DEALER_HANDS
            continue
        played += weight
        won = paytables.lookup(bonus, paytables.three_card_lines(value, None))
        extra = won[1].winnings(1) if won else 0  # rule 9, whatever the dealer holds
        not_qualified = _dealer_below(hand, qualifier, tables)
        below = _dealer_below(hand, value, tables)
        tie = _dealer_below(hand, value + 1, tables) - below
        above = DEALER_HANDS - below - tie
        lower_qualified = below - not_qualified  # Q-6-4 and better are above the qualifier
        # rule 8: no qualifier → Ante 1 to 1, Play pushes; higher → both win; tie → push; lower → both lose.
        counts[1 + extra] += weight * not_qualified
        counts[2 + extra] += weight * lower_qualified
        counts[0 + extra] += weight * tie
        counts[-2 + extra] += weight * above
    total = three_card.HANDS * DEALER_HANDS
    return {net: Fraction(count, total) for net, count in counts.items()}, Fraction(played, three_card.HANDS)


def ante_play_row(spec, bonus):
    outcomes, play = ante_play_outcomes(tuple(bonus.items()))
    # Every straight or better is above Q-6-4: played, so its Ante Bonus is paid.
    probabilities = three_card_probabilities(tuple(bonus))
    row = exact_row(
        spec,
        outcomes,
        lines=[
            line(
                key,
                f"Ante Bonus, {paytables.LINE_NAMES[key].lower()}",
                odds,
                probabilities.get(key, Fraction(0)),
            )
            for key, odds in bonus.items()
        ],
        assumptions=[
            "Strategy: play (a Play wager equal to the Ante) with queen-6-4 or better, fold the rest.",
            "The dealer qualifies with queen-high (rule 7); Ante and Play as rule 8, the Ante Bonus on the "
            "Ante for a straight or better when the player plays (rule 9).",
            f"Every player hand against every dealer hand of the 49 cards left: {three_card.HANDS:,} × "
            f"{DEALER_HANDS:,}, worked out per suit class.",
            "Figures per unit of the Ante; the house edge per unit of all that is wagered (Ante and Play) "
            "is in the details.",
        ],
    )
    mean = row.exact_rtp - 1
    row.details = {
        **row.details,
        "play_probability": float(play),
        "average_wagered": float(1 + play),
        "house_edge_of_total_wagered": float(-mean / (1 + play)),
    }
    return row


# -- the best five of six ------------------------------------------------------------


@cache
def six_card_counts():
    """{(lines, category): six-card sets} over all C(52, 6) sets, by rank
    multiset and suit pattern (module docstring); ``lines`` as
    ``paytables.five_card_lines``, ``category`` as ``games.cards.poker``."""
    counts = Counter()
    for ranks in combinations_with_replacement(range(13), 6):
        multiplicity = Counter(ranks)
        if max(multiplicity.values()) > 4:
            continue
        assignments = 1
        for copies in multiplicity.values():
            assignments *= comb(4, copies)
        flushes = _count_flushes(multiplicity, counts)
        # No five of a suit: the same value whatever the suits; the cards
        # take the suits in turn, so none is used more than twice.
        hand = [Card(RANKS[rank], SUITS[position % 4]) for position, rank in enumerate(ranks)]
        _add(counts, best_five.best_five_value(hand), None, assignments - flushes)
    assert sum(counts.values()) == SIX_CARD_SETS
    return dict(counts)


def _add(counts, value, suit, sets):
    counts[(tuple(paytables.five_card_lines(value, suit)), best_five.category(value))] += sets


def _count_flushes(multiplicity, counts):
    """Add the flush suit assignments of a rank multiset to ``counts``; return how many there are."""
    distinct = sorted(multiplicity)
    if len(distinct) < 5:
        return 0
    if len(distinct) == 6:
        # All six of one suit (4 ways), or five of one suit and the sixth of another (4 × 3 per odd card).
        cases = [(distinct, None, 4)] + [
            ([rank for rank in distinct if rank != odd], odd, 12) for odd in distinct
        ]
    else:
        # Five distinct ranks, one of them twice: the five of one suit, the pair's other card of another.
        paired = next(rank for rank, copies in multiplicity.items() if copies == 2)
        cases = [(distinct, paired, 12)]
    found = 0
    for suited, other, ways in cases:
        hand = [Card(RANKS[rank], "S") for rank in suited]
        if other is not None:
            hand.append(Card(RANKS[other], "H"))
        value = best_five.best_five_value(hand)
        # The flush is in each suit alike: a quarter of the ways in spades.
        _add(counts, value, "S", ways // 4)
        _add(counts, value, "H", ways - ways // 4)
        found += ways
    return found


@cache
def six_card_probabilities(table_lines):
    """{line: probability} of the first line of each set that ``table_lines`` pays."""
    found = {}
    for (lines, _category), count in six_card_counts().items():
        paid = next((item for item in lines if item in table_lines), None)
        if paid is not None:
            found[paid] = found.get(paid, 0) + Fraction(count, SIX_CARD_SETS)
    return found


def six_card_categories():
    """{category: six-card sets}, royal flushes apart ("royal"): for the tests."""
    categories = Counter()
    for (lines, category), count in six_card_counts().items():
        categories["royal" if paytables.ROYAL_FLUSH in lines else category] += count
    return dict(categories)


def table_rows(config):
    """The rows a table with the Rules Submission ``config`` plays: each
    wager it offers, at its paytables (games/lab/__init__.py)."""
    rows = specs()
    found = select(rows, ANTE_PLAY)
    if config.pair_plus:
        found += select(rows, PAIR_PLUS, paytable=config.pair_plus_name)
    if config.six_card_bonus:
        found += select(rows, SIX_CARD)
    if config.three_card_progressive:
        found += select(rows, THREE_CARD)
    if config.five_card_progressive:
        found += select(rows, FIVE_CARD)
    return found
