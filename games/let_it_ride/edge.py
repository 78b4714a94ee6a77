"""Let It Ride Poker's figures, all exact, through the game's own evaluators
(games/cards/best_five.py for the five-card hand, games/cards/three_card.py
for the three dealt cards).

Pure Python (no Django, no I/O). The lab's rows (``specs``/``compute``, the
shape games/lab/__init__.py states), joined to the lab by the GameSpec's ``lab``.

- The base wagers under the optimal pull-back strategy, computed here, not
  typed in. The payout of a base wager depends on the five cards only, so a
  4-card decision point is worth the mean over its 48 fifth cards, and a
  3-card point the mean over its 49 × 48 completions; each decision lets the
  wager ride when that mean is above zero (rules 6, 8, 11). The $ bet rides
  always (rule 9). Suit symmetry: the 22,100 three-card hands fall into
  1,755 classes under the 24 permutations of the suits (Three Card Poker's
  ``suit_classes``), each worked once and weighed by its size; a four-card
  point is keyed by its four per-suit rank masks, sorted (two hands are alike
  under a suit permutation exactly when those agree), and its 48 fifth cards
  are dealt once per key. All 22,100 × 49 × 48 = 51,979,200 deals are
  counted, about 600,000 evaluated.
- Three Card Bonus and the Three-Card progressive: the 22,100 three-card hands.
- The Five-Card progressive: the 2,598,960 five-card hands (three cards and
  two community cards, every five-card set equally likely); Four Card Poker's
  enumeration of the same hands.
"""

from collections import Counter
from fractions import Fraction
from functools import cache

from games.cards import best_five, three_card
from games.four_card_poker.edge import (
    FIVE_CARD,
    five_card_envy_per_other_player,
    five_card_row,
    five_card_spec,
)
from games.lab.rows import exact_row, line, paytable_row, paytable_specs, select, what_if
from games.let_it_ride import paytables, strategy
from games.three_card_poker.edge import THREE_CARD, suit_classes, three_card_probabilities, three_card_spec
from games.three_card_poker.edge import envy_per_other_player as three_card_envy_per_other_player

GAME = "let_it_ride"
MYSTERY = True  # § 643c.1: the Must-Hit-By Mystery bonus is offered with the progressive payout wagers

BASE = "base"
THREE_CARD_BONUS = "three_card_bonus"
DEALS = three_card.HANDS * 49 * 48
DEFAULT_TABLE = tuple(paytables.BASE_PAYTABLES[paytables.DEFAULT_BASE_PAYTABLE].items())


def specs():
    return [
        *paytable_specs(GAME, BASE, paytables.BASE_NAMES, "Base wagers, paytable {name}, optimal pull-backs"),
        *paytable_specs(
            GAME, THREE_CARD_BONUS, paytables.THREE_CARD_BONUS_NAMES, "Three Card Bonus, paytable {name}"
        ),
        three_card_spec(GAME),
        five_card_spec(GAME),
    ]


def paytable_lines(spec):
    """The lines a designer may change: the base paytable's (the strategy is recomputed for them)."""
    if spec.wager != BASE:
        return []
    table = paytables.base_paytable(spec.paytable)
    return [line(key, paytables.LINE_NAMES[key], payout, None) for key, payout in table.items()]


def compute(spec, *, payouts=None, rounds=None, seed=0, progress=None):
    if spec.wager == BASE:
        return base_row(spec, what_if(paytables.base_paytable(spec.paytable), payouts))
    if spec.wager == THREE_CARD_BONUS:
        table = what_if(paytables.three_card_bonus_paytable(spec.paytable), payouts)
        return paytable_row(
            spec,
            three_card_probabilities(tuple(table)),
            table,
            paytables.LINE_NAMES,
            assumptions=[
                "One 52-card deck; each of the 22,100 three-card hands equally likely.",
                "Pays on the player's three dealt cards (rule 12), in action whatever is pulled back.",
                paytables.THREE_CARD_BONUS_SOURCE + ".",
            ],
        )
    if spec.wager == THREE_CARD:
        table = what_if(paytables.THREE_CARD_PROGRESSIVE, payouts, meter=True)
        envy = float(three_card_envy_per_other_player())
        return paytable_row(
            spec,
            three_card_probabilities(tuple(table)),
            table,
            paytables.LINE_NAMES,
            assumptions=[
                "The player's three dealt cards (rule 13); fixed lines 'for 1', the $1 collected at no more "
                "bets; only the highest line pays.",
                f"Envy is not in the row: each other player adds {envy:.4%} of the wager "
                "(a mini-royal $25, in spades $100).",
                paytables.THREE_CARD_SOURCE + ".",
            ],
            details={"envy_per_other_player": envy},
        )
    if spec.wager == FIVE_CARD:
        table = what_if(paytables.FIVE_CARD_PROGRESSIVE, payouts, meter=True)
        envy = float(five_card_envy_per_other_player())
        return five_card_row(
            spec,
            table,
            paytables.LINE_NAMES,
            [
                "The final hand, three cards and two community cards (rule 13): each of the 2,598,960 "
                "five-card sets equally likely; fixed lines 'for 1', the $5 collected at no more bets.",
                f"Envy is not in the row: each other player adds {envy:.4%} of the wager "
                "(a straight flush $1,500, a royal flush $5,000).",
                paytables.FIVE_CARD_SOURCE + ".",
            ],
            details={"envy_per_other_player": envy},
        )
    raise ValueError(f"Let It Ride has no row for the wager {spec.wager!r}")


# -- the three dealt cards -----------------------------------------------------------


# -- the base wagers under the optimal pull-backs -------------------------------------


def suit_key(cards):
    """Cards (``rank * 4 + suit`` ints) up to a permutation of the suits: their four
    per-suit rank masks, sorted."""
    masks = [0, 0, 0, 0]
    for item in cards:
        masks[item & 3] |= 1 << (item >> 2)
    return tuple(sorted(masks))


# A card's share of a hand's rank multiset: 3 bits a rank (at most four of a rank).
_RANK_KEY = tuple(1 << (3 * (index >> 2)) for index in range(52))


@cache
def four_card_points(table_items):
    """{suit key: Counter {(line, net per unit): fifth cards}} of every 4-card decision
    point reached from the 3-card classes, and the classes ((hand, size,
    [(4th card, key)])). A five-card hand's payout depends on its rank
    multiset and whether it is a flush only, so each such pair is valued once,
    through the game's evaluator, and looked up for the other hands; the 48
    fifth cards of a point fall into at most 13 ranks, each one or two ways."""
    table = dict(table_items)
    nets_of = {}  # (rank multiset key, flush) -> net of a unit base wager
    points, classes = {}, []
    for hand, size in suit_classes():
        fourths = []
        for fourth in range(52):
            if fourth in hand:
                continue
            four = (*hand, fourth)
            key = suit_key(four)
            if key not in points:
                points[key] = _fifth_cards(four, table, nets_of)
            fourths.append((fourth, key))
        classes.append((hand, size, fourths))
    return points, classes


def _fifth_cards(four, table, nets_of, _rk=_RANK_KEY):
    """Counter {(line paid or None, net): fifth cards} of a 4-card point: the
    48 fifth cards taken rank by rank, those of one rank alike but for the one
    that makes a flush."""
    ranks = sum(_rk[item] for item in four)
    suits = {item & 3 for item in four}
    suit = suits.pop() if len(suits) == 1 else None
    nets = Counter()

    def add(rank, flush, count):
        shape = (ranks + (1 << 3 * rank), flush)
        paid = nets_of.get(shape)
        if paid is None:
            fifth = next(
                item
                for item in range(rank * 4, rank * 4 + 4)
                if item not in four and (item & 3 == suit) == flush
            )
            value = best_five.best_five_value_indices([*four, fifth])
            won = paytables.lookup(table, paytables.base_lines(value))
            paid = nets_of[shape] = (won[0] if won else None, paytables.base_multiple(value, table))
        nets[paid] += count

    for rank in range(13):
        left = 4 - (ranks >> 3 * rank & 7)
        if suit is not None and rank * 4 + suit not in four:
            add(rank, True, 1)
            left -= 1
        if left:
            add(rank, False, left)
    return nets


def riding_sums(points):
    """{suit key: the net of a unit wager riding there, summed over its 48 fifth cards}."""
    return {key: sum(net * count for (_line, net), count in nets.items()) for key, nets in points.items()}


@cache
def optimal(table_items):
    """The optimal pull-backs and what they return: ({net per unit of one base
    wager: probability}, details, the average units riding). A wager rides
    when its mean net at the decision point is above zero; a tie (a mean of
    exactly zero) pulls back. The details hold each line's probability."""
    points, classes = four_card_points(table_items)
    sums = riding_sums(points)
    outcomes, lines, rides = Counter(), Counter(), Counter()
    for _hand, size, fourths in classes:
        ride_one = sum(sums[key] for _, key in fourths) > 0
        rides["first"] += size * ride_one
        for _fourth, key in fourths:
            ride_two = sums[key] > 0
            rides["second"] += size * ride_two
            riding = 1 + ride_one + ride_two
            rides[riding] += size
            for (paid, net), count in points[key].items():
                outcomes[riding * net] += size * count
                lines[paid] += size * count
    probabilities = {net: Fraction(count, DEALS) for net, count in outcomes.items()}
    first = Fraction(rides["first"], three_card.HANDS)
    second = Fraction(rides["second"], three_card.HANDS * 49)
    average = sum(k * Fraction(rides[k], three_card.HANDS * 49) for k in (1, 2, 3))
    details = {
        "first_ride_probability": float(first),
        "second_ride_probability": float(second),
        "average_wagered": float(average),
        "decision_points": {"three_card_classes": len(classes), "four_card_classes": len(points)},
        "line_probabilities": {paid: Fraction(count, DEALS) for paid, count in lines.items() if paid},
    }
    return probabilities, details, average


def _worse(choice, total):
    """Whether ``choice`` loses on average against the other one at a point
    whose riding wager nets ``total`` (at exactly zero either choice is optimal)."""
    return total > 0 if choice == strategy.PULL else total < 0


def basic_strategy_disagreements(table_items=DEFAULT_TABLE):
    """The decision points where ``strategy`` chooses worse than the optimal
    strategy: ([3 cards], [4 cards]) representatives, for the tests; and how
    many points the two meet with an expected net of exactly zero."""
    points, classes = four_card_points(table_items)
    sums = riding_sums(points)
    first, second, seen, ties = [], [], set(), 0
    for hand, _size, fourths in classes:
        total = sum(sums[key] for _, key in fourths)
        ties += total == 0
        if _worse(strategy.first(hand), total):
            first.append(hand)
        for fourth, key in fourths:
            if key in seen:
                continue
            seen.add(key)
            ties += sums[key] == 0
            if _worse(strategy.second((*hand, fourth)), sums[key]):
                second.append((*hand, fourth))
    return first, second, ties


def base_row(spec, table):
    outcomes, details, average = optimal(tuple(table.items()))
    found = details["line_probabilities"]
    row = exact_row(
        spec,
        outcomes,
        lines=[
            line(key, paytables.LINE_NAMES[key], payout, found.get(key, Fraction(0)))
            for key, payout in table.items()
        ],
        assumptions=[
            "Strategy: the optimal pull-backs, computed here: each of Bet 1 and Bet 2 rides when its "
            "expected net at the decision (three cards; then four) is above zero; the $ bet always rides.",
            f"Every deal of one deck counted: {three_card.HANDS:,} three-card hands × 49 first community "
            "cards × 48 second ones, by suit class.",
            "Figures per unit of one base wager (the three are equal); the house edge per unit of all that "
            "is left riding is in the details. The aggregate cap (rule 14) is not in the figures: it "
            "binds only above 50 chips a wager, on a royal flush.",
            paytables.BASE_SOURCE + ".",
        ],
    )
    mean = row.exact_rtp - 1
    details = {key: value for key, value in details.items() if key != "line_probabilities"}
    row.details = {**row.details, **details, "house_edge_of_total_wagered": float(-mean / average)}
    return row


def table_rows(config):
    """The rows a table with the Rules Submission ``config`` plays: each
    wager it offers, at its paytables (games/lab/__init__.py)."""
    rows = specs()
    found = select(rows, BASE, paytable=config.base_name)
    if config.three_card_bonus:
        found += select(rows, THREE_CARD_BONUS, paytable=config.three_card_bonus_name)
    if config.three_card_progressive:
        found += select(rows, THREE_CARD)
    if config.five_card_progressive:
        found += select(rows, FIVE_CARD)
    return found
