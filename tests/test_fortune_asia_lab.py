"""Fortune Asia Poker's lab rows, pure: the simulated main wager (its
tabled house way against the house way itself, its seeded figures against
the reference run) and the exact progressive payout wager (every seven cards
of 53 through suit symmetry, the batch classifier against the table's)."""

import json
import random
from fractions import Fraction
from itertools import combinations
from math import comb
from pathlib import Path

import numpy as np
import pytest

from games.cards.cards import cards
from games.cards.poker import RANK_AS_ACE, indices
from games.fortune_asia import edge, simulate
from games.fortune_asia.hands import STRAIGHT, high_value_indices, medium_value_indices, setting_values
from games.fortune_asia.house_way import house_way_indices
from games.pai_gow import paytables as pai_gow_paytables
from games.pai_gow import seven_card_exact
from games.pai_gow.seven_cards import line_of_indices

MAIN_SPEC, PROGRESSIVE_SPEC = edge.specs()
REFERENCE_RUNS = Path(__file__).resolve().parent.parent / "games" / "lab" / "reference_runs.json"
SMALL_DECK = [c for c in range(52) if c >> 2 in (0, 1, 2, 3, 8, 9, 10, 11, 12)][:30] + [52]


def seeded_hands(count, seed):
    """Seven-card hands: half from the 53-card deck, half from 20 cards and
    the joker (straights, flushes and the joker's fills far more common)."""
    rng = random.Random(seed)
    hands = []
    for number in range(count):
        if number % 2:
            hands.append(rng.sample(range(53), 7))
        else:
            hands.append(rng.sample(rng.sample(range(52), 20) + [52], 7))
    return hands


def distinct_ranks(seven):
    """The seven cards high to low (the joker an ace), if no two share a rank."""
    ordered = sorted(seven, key=lambda c: (RANK_AS_ACE[c], c), reverse=True)
    return ordered if len({RANK_AS_ACE[c] for c in seven}) == 7 else None


def rule_7_by_every_four(ordered):
    """The rules file's rule 7, the slow way: all 35 fours tried in order."""
    best = None
    for four in combinations(ordered, 4):
        if high_value_indices(*four) >= STRAIGHT << 16:
            r1, r2, r3 = [c for c in ordered if c not in four]
            key = (medium_value_indices(r1, r3), RANK_AS_ACE[r2], high_value_indices(*four))
            if best is None or key > best[0]:
                best = (key, list(four), [r1, r3], [r2])
    return best


def test_rule_7_finds_the_fours_trying_all_35_would():
    found = 0
    for seven in seeded_hands(10_000, 7):
        ordered = distinct_ranks(seven)
        if ordered is None:
            continue
        slow = rule_7_by_every_four(ordered)
        branch, *setting = house_way_indices(seven)
        if slow is None:
            assert branch == "7 no pair"
        else:
            found += 1
            assert branch == "7 no pair, straight or flush" and list(setting) == list(slow[1:])
    assert found > 300


def test_the_tabled_house_way_gives_the_house_ways_values():
    """Two hands with the same key are set to the same three values: checked
    on hands of every branch, each against its own setting by the house way."""
    hands = np.array(seeded_hands(6_000, 11), dtype=np.int64)
    table = simulate.SettingValues()
    high, medium, low = table.of(hands)
    for number, seven in enumerate(hands.tolist()):
        values = setting_values(house_way_indices(seven)[1:])
        assert values == (high[number], medium[number], low[number]), seven
    assert table.worked_out < len(hands)  # some keys were shared


def test_the_deal_is_fourteen_distinct_cards():
    player, dealer = simulate.deal(np.random.Generator(np.random.PCG64(1)), 2_000)
    both = np.concatenate([player, dealer], axis=1)
    assert both.shape == (2_000, 14) and (np.sort(both, axis=1)[:, 1:] != np.sort(both, axis=1)[:, :-1]).all()
    assert both.min() == 0 and both.max() == 52
    counts = np.bincount(player.reshape(-1), minlength=53)
    assert counts.min() > 180 and counts.max() < 360  # 2,000 x 7 / 53 = 264 each


def test_the_simulated_main_wager_is_seeded_and_within_the_reference_band():
    table = simulate.SettingValues()  # shared: the later runs find the settings worked out
    row = simulate.run(MAIN_SPEC, rounds=20_000, seed=5, setting=table)
    again = simulate.run(MAIN_SPEC, rounds=20_000, seed=5, setting=table)
    assert row.rtp_fixed == again.rtp_fixed and row.rounds == 20_000
    low, high = row.ci99
    assert low < row.rtp_fixed < high and high - low < 0.04
    reference = json.loads(REFERENCE_RUNS.read_text())[MAIN_SPEC.key]
    assert reference["rounds"] >= 10_000_000
    # The short run's band holds the long run's figure; the long run's band is narrow.
    assert low < reference["rtp"] < high
    assert reference["ci99"][0] < reference["rtp"] < reference["ci99"][1]
    assert reference["ci99"][1] - reference["ci99"][0] < 0.002
    assert row.hit_frequency == pytest.approx(row.lines[0]["probability"])
    doubled = simulate.run(
        MAIN_SPEC, rounds=20_000, seed=5, setting=table, payouts={"win": simulate.paytables.Odds(2)}
    )
    assert doubled.rtp_fixed == pytest.approx(row.rtp_fixed + row.hit_frequency)


def test_the_batch_classifier_names_the_lines_the_table_does():
    """The long count's classifier (bench/fortune_asia_poker.py runs it in
    full against the quick one) on seeded hands and on a hand of every line
    in each suit."""
    hands = seeded_hands(3_000, 3)
    rng = random.Random(4)
    hands += [rng.sample(SMALL_DECK, 7) for _ in range(2_000)]
    top = ["2S 3S 4S 5S 6S 7S 8S", "AH KH QH JH TH KS QS", "JK 3D 4D 5D 6D 7D 8D", "AS AH AD AC JK 9H 3D"]
    top += ["AC KC QC JK TC 9H 3D", "9C 8C 7C 6C 5C KH 3D", "JK 8C 7C 6C 5C KH 3D", "7S 7H 7D 7C KS 9H 3D"]
    for text in top:
        for suit in range(4):  # the suits turned round
            hands.append([c if c == 52 else (c & ~3) | ((c + suit) & 3) for c in indices(cards(text), 7)])
    lines = seven_card_exact.classify_batch(np.array(hands)).tolist()
    ranked = seven_card_exact.FULL_HOUSE_AND_UP
    expected = [ranked.index(line) if line in ranked else -1 for line in map(line_of_indices, hands)]
    assert lines == expected
    assert set(expected) == set(range(-1, len(ranked)))  # every line met


def test_the_progressive_row_is_exact_over_every_seven_cards_of_53():
    counts = seven_card_exact.line_counts()
    # The lines a hand can count by hand: 7-card straight flushes A-7 ... 8-A
    # in four suits; a royal of one suit (the joker may fill one of its five
    # cards) beside the K-Q of one of three others; four aces, the joker and
    # any two of the other 48 cards.
    assert counts[pai_gow_paytables.SEVEN_CARD_STRAIGHT_FLUSH] == 8 * 4
    assert counts[pai_gow_paytables.ROYAL_FLUSH_ROYAL_MATCH] == 4 * (1 + 5) * 3
    assert counts[pai_gow_paytables.FIVE_ACES] == comb(48, 2)
    # The published figures (README): every line's count of C(53, 7) hands.
    assert counts == {
        "seven_card_straight_flush": 32,
        "royal_flush_royal_match": 72,
        "seven_card_straight_flush_joker": 196,
        "five_aces": 1_128,
        "royal_flush": 26_020,
        "straight_flush": 184_644,
        "four_of_a_kind": 307_472,
        "full_house": 4_188_528,
    }
    row = edge.compute(PROGRESSIVE_SPEC)
    assert row.exact_rtp == Fraction(1025691, 3853577)  # fixed part: 26.617%
    assert f"{float(row.exact_rtp):.5f}" == "0.26617"
    assert row.meter_shares == {100: Fraction(32, comb(53, 7)), 10: Fraction(72 + 196, comb(53, 7))}
    assert f"{row.hit_frequency:.5f}" == "0.03054" and f"{row.std_dev:.4f}" == "2.8926"
