"""Let It Ride Poker's figures (games/let_it_ride/edge.py), all exact: the base
wagers under the optimal pull-backs the lab computes (holding the published
house edge of 3.51%), checked against a plain enumeration of whole hands
without the suit symmetry; the basic strategy as good as the optimal one at
every decision point; the Three Card Bonus and both progressives' fixed parts
from the enumerations, the meter apart."""

from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb

from games.cards.cards import cards
from games.cards.poker import CARD_INDEX
from games.lab.rows import EXACT
from games.let_it_ride import edge, paytables, rules, strategy

SPECS = {spec.wager: spec for spec in edge.specs()}
TABLE = paytables.BASE_PAYTABLES[paytables.DEFAULT_BASE_PAYTABLE]


def test_the_rows_are_exact_and_the_progressives_name_their_meters():
    assert {spec.wager: spec.method for spec in edge.specs()} == {
        edge.BASE: EXACT,
        edge.THREE_CARD_BONUS: EXACT,
        edge.THREE_CARD: EXACT,
        edge.FIVE_CARD: EXACT,
    }
    assert SPECS[edge.THREE_CARD].meter == ("three_card", "", 1)
    assert SPECS[edge.FIVE_CARD].meter == ("five_card", "", 5)
    assert [item["key"] for item in edge.paytable_lines(SPECS[edge.BASE])] == list(TABLE)


def test_the_base_wagers_under_the_optimal_pull_backs_hold_the_published_3_51_percent():
    row = edge.compute(SPECS[edge.BASE])
    house_edge = 1 - row.exact_rtp
    # Published (issue 15; Wizard of Odds, "Let It Ride"): 3.51% per unit of one base wager.
    assert round(float(house_edge) * 100, 2) == 3.51
    assert abs(float(house_edge) - 0.035057) < 0.000001
    # The element of risk: the house edge per unit of all that rides (1.2237 units on average).
    assert round(row.details["average_wagered"], 4) == 1.2237
    assert round(row.details["house_edge_of_total_wagered"] * 100, 2) == 2.86
    assert row.details["decision_points"] == {"three_card_classes": 1755, "four_card_classes": 16432}
    outcomes, _details, _average = edge.optimal(tuple(TABLE.items()))
    assert sum(outcomes.values()) == 1
    # Every deal counted (22,100 × 49 × 48); all three riding win 3 × the line, or lose 3.
    assert max(outcomes) == 3 * 1000 and min(outcomes) == -3
    assert all((probability * edge.DEALS).denominator == 1 for probability in outcomes.values())
    # Each line as often as five-card hands make it: every deal is a five-card set, each alike.
    shown = {item["key"]: item["probability"] for item in row.lines}
    hands = comb(52, 5)
    assert shown["royal_flush"] == Fraction(4, hands) and shown["full_house"] == Fraction(3_744, hands)
    assert shown["two_pair"] == Fraction(123_552, hands)
    assert shown["tens_or_better"] == Fraction(5 * 84_480, hands)


def _plain_expected_nets(hand):
    """(mean net of a unit wager over all 49 × 48 completions of the three cards,
    {fourth card: mean over its 48 fifths}), through rules.hand_value, one deal at a time."""
    deck = [item for item in range(52) if item not in hand]
    fours = {}
    for fourth in deck:
        total = 0
        for fifth in deck:
            if fifth == fourth:
                continue
            value = rules.hand_value(cards(" ".join(_label(item) for item in (*hand, fourth, fifth))))
            total += paytables.base_multiple(value, TABLE)
        fours[fourth] = Fraction(total, 48)
    return sum(fours.values()) / 49, fours


def _label(index):
    return "23456789TJQKA"[index >> 2] + "SHDC"[index & 3]


def test_the_suit_classes_give_what_a_plain_enumeration_gives():
    points, classes = edge.four_card_points(tuple(TABLE.items()))
    sums = edge.riding_sums(points)
    # Hands that are not their class's representative: the keys must carry them over.
    for text in ("QH JH TH", "7D 7C 2S", "AC 5H 9D"):
        hand = tuple(sorted(CARD_INDEX[item] for item in text.split()))
        three, fours = _plain_expected_nets(hand)
        total = 0
        for fourth, mean in fours.items():
            key = edge.suit_key((*hand, fourth))
            assert Fraction(sums[key], 48) == mean
            total += sums[key]
        assert Fraction(total, 49 * 48) == three


def test_the_classes_weigh_every_three_card_hand_once():
    _points, classes = edge.four_card_points(tuple(TABLE.items()))
    assert sum(size for _hand, size, _fourths in classes) == comb(52, 3)
    assert all(len(fourths) == 49 for _hand, _size, fourths in classes)
    # The suit key: alike exactly under a permutation of the suits.
    assert edge.suit_key((0, 4, 8, 13)) == edge.suit_key((1, 5, 9, 14))
    assert edge.suit_key((0, 4, 8, 13)) != edge.suit_key((0, 4, 8, 12))


def test_the_basic_strategy_is_optimal_at_every_decision_point():
    first, second, ties = edge.basic_strategy_disagreements()
    assert (first, second) == ([], [])
    # At 126 points the wager nets exactly zero on average: either choice is optimal there
    # (four to the 10-J-Q-K-A straight with one gap among them, which the strategy lets ride).
    assert ties == 126
    assert strategy.second([CARD_INDEX[item] for item in "TS QH KD AC".split()]) == strategy.RIDE


def test_the_three_card_bonus_is_the_enumeration_of_the_three_dealt_cards():
    row = edge.compute(SPECS[edge.THREE_CARD_BONUS])
    probabilities = edge.three_card_probabilities(tuple(paytables.THREE_CARD_BONUS_PAYTABLES["40-30-6-3-1"]))
    assert {line: p * 22_100 for line, p in probabilities.items()} == {
        "straight_flush": 48,
        "three_of_a_kind": 52,
        "straight": 720,
        "flush": 1_096,
        "pair": 3_744,
    }
    returned = 41 * 48 + 31 * 52 + 7 * 720 + 4 * 1_096 + 2 * 3_744
    assert row.exact_rtp == Fraction(returned, 22_100)
    assert round(float(1 - row.exact_rtp) * 100, 2) == 7.28


def test_the_three_card_progressive_fixed_part_and_meter_apart():
    row = edge.compute(SPECS[edge.THREE_CARD])
    counts = Counter()
    for hand in combinations(range(52), 3):
        lines = paytables.three_card_lines(
            rules.three_card_value(cards(" ".join(_label(item) for item in hand))), _label(hand[0])[1]
        )
        won = paytables.lookup(paytables.THREE_CARD_PROGRESSIVE, lines)
        if won:
            counts[won[0]] += 1
    assert counts == {"mini_royal_in_spades": 1, "mini_royal": 3, "straight_flush": 44, "three_of_a_kind": 52}
    assert row.exact_rtp == Fraction(500 * 3 + 100 * 44 + 50 * 52, 22_100)
    assert row.meter_shares == {100: Fraction(1, 22_100)}
    assert row.details["envy_per_other_player"] == float(Fraction(100 + 25 * 3, 22_100))


def test_the_five_card_progressive_fixed_part_on_every_five_card_hand():
    row = edge.compute(SPECS[edge.FIVE_CARD])
    hands = comb(52, 5)
    fixed = 300 * 624 + 50 * 3_744 + 40 * 5_108 + 30 * 10_200 + 9 * 54_912
    assert row.exact_rtp == Fraction(fixed, hands)
    assert row.meter_shares == {100: Fraction(4, hands), 10: Fraction(36, hands)}
    envy = Fraction(500_000 * 4 + 150_000 * 36, hands) / 500
    assert row.details["envy_per_other_player"] == float(envy)
