"""Fortune Asia Poker's dealer house way, pure (docs/rules/fortune_asia_poker.md, "Dealer
house way"): the file's worked examples, one hand per branch, and seeded
samples on which no branch fouls or loses a card."""

import random
from collections import Counter
from itertools import combinations

import pytest

from games.cards.cards import cards, joker_deck
from games.cards.poker import RANK_AS_ACE, indices
from games.fortune_asia.hands import (
    STRAIGHT,
    describe,
    high_value_indices,
    order_problem_values,
    setting_error,
    setting_values,
)
from games.fortune_asia.house_way import HOUSE_WAYS, explain_house_way, house_way_indices, set_house_way


def ranks(hand):
    return " ".join("A" if item.is_joker else item.rank.replace("T", "10") for item in hand)


# The worked examples table of the rules file: seven cards -> High, Medium, Low.
WORKED_EXAMPLES = [
    ("KS JH 9D 7C 5S 3H 2D", "K 5 3 2", "J 7", "9"),
    ("8S 8H AD QC 9S 5H 2D", "8 8 5 2", "A 9", "Q"),
    ("QS QH 7D 7C KS 4H 2D", "Q Q 4 2", "7 7", "K"),
    ("KS KH 9D 9C 4S 4H AD", "9 9 4 4", "K K", "A"),
    ("KS KH KD 5C 5S 5H QD", "5 5 5 Q", "K K", "K"),
    ("6S 6H 6D 6C AS 9H 3D", "6 6 6 6", "A 3", "9"),
]


def sorted_ranks(text):
    order = "2 3 4 5 6 7 8 9 10 J Q K A".split()
    return sorted(text.split(), key=order.index, reverse=True)


@pytest.mark.parametrize("seven, high, medium, low", WORKED_EXAMPLES)
def test_the_rules_files_worked_examples(seven, high, medium, low):
    set_high, set_medium, set_low = set_house_way(cards(seven))
    assert sorted_ranks(ranks(set_high)) == sorted_ranks(high)
    assert sorted_ranks(ranks(set_medium)) == sorted_ranks(medium)
    assert ranks(set_low) == low


# One hand per branch of the way (and the joker's cases), with its setting.
BRANCHES = [
    ("6S 6H 6D 6C AS 9H 9D", "1 quads + pair", "6 6 6 6", "9 9", "A"),
    ("6S 6H 6D 6C 9S 9H 9D", "1 quads + pair", "6 6 6 6", "9 9", "9"),
    ("AS AH AD JK KS 9H 3D", "1 quads", "A A A A", "K 3", "9"),  # A-A-A + joker
    ("AS AH AD AC JK 9H 3D", "1 quads", "A A A A", "A 3", "9"),  # five aces: four High
    ("KS KH KD 5C 5S 9H 2D", "2 trips + pair", "K K K 2", "5 5", "9"),
    ("KS KH KD 5C 5S 2H 2D", "2 trips + two pairs", "K K K 2", "5 5", "2"),
    ("KS KH KD 5C 5S 5H QD", "2 two trips", "5 5 5 Q", "K K", "K"),
    ("KS KH KD 9C 8S 7H 6D", "3 trips + straight or flush", "9 8 7 6", "K K", "K"),
    ("KS KH KD 9H 7H 4H 2H", "3 trips + straight or flush", "9 7 4 2", "K K", "K"),
    ("4S 4H 4D KC QS 8H 2D", "3 trips", "4 4 4 2", "K 8", "Q"),
    ("KS KH 9D 9C 4S 4H AD", "4 three pair", "9 9 4 4", "K K", "A"),
    ("QS QH 7D 7C KS 4H 2D", "5 two pair", "Q Q 4 2", "7 7", "K"),
    ("9S 9H KD 8C 7S 6H 5D", "6 pair + straight or flush", "8 7 6 5", "9 9", "K"),
    ("9S 9H 2C 5C 7C JC QD", "6 pair + straight or flush", "J 7 5 2", "9 9", "Q"),
    ("8S 8H AD QC 9S 5H 2D", "6 pair", "8 8 5 2", "A 9", "Q"),
    ("KS JH 9D 8C 7S 6H 2D", "7 no pair, straight or flush", "9 8 7 6", "K 2", "J"),
    ("KS QH JD 10C 9S 6H 2D", "7 no pair, straight or flush", "Q J 10 9", "K 2", "6"),  # K-2 over 9-2
    ("2S 3S 4S JK 9H 8D KC", "7 no pair, straight or flush", "A 4 3 2", "K 8", "9"),  # joker fills 5
    ("KS JH 9D 7C 5S 3H 2D", "7 no pair", "K 5 3 2", "J 7", "9"),
]


@pytest.mark.parametrize("seven, branch, high, medium, low", BRANCHES)
def test_each_branch(seven, branch, high, medium, low):
    way = explain_house_way(seven)
    assert way.branch == branch
    assert sorted_ranks(ranks(way.high)) == sorted_ranks(high)
    assert sorted_ranks(ranks(way.medium)) == sorted_ranks(medium)
    assert ranks(way.low) == low
    assert setting_error(way.setting, cards(seven)) is None


def test_the_joker_completes_a_straight_flush_in_high():
    way = explain_house_way("2S 3S 4S JK 9H 8D KC")
    assert describe(way.setting) == ("Straight flush, 5-4-3-2", "K-8 high", "9")
    trips = explain_house_way("KS KH KD JK 9H 8H 7H")  # the joker is no king: the singles JK 9 8 7
    assert describe(trips.setting) == ("Straight flush, 10-9-8-7", "Pair of kings", "King")


def test_pair_with_a_straight_or_flush_leaves_the_highest_low():
    way = explain_house_way("9S 9H 2C 5C 7C JC QC")  # five clubs: leave the queen out
    assert ranks(way.low) == "Q"
    assert describe(way.setting)[0] == "Flush, J-7-5-2"


def test_no_pair_straight_or_flush_maximises_medium_then_low():
    # 9-8-7-6 leaves K 10 2 (Medium K-2, Low 10); 10-9-8-7 would leave K 6 2 (Medium K-2, Low 6).
    way = explain_house_way("KS 10H 9D 8C 7S 6H 2D")
    assert describe(way.setting) == ("Straight, 9-8-7-6", "K-2 high", "10")


def _check(seven, branches):
    branch, high, medium, low = house_way_indices(seven)
    branches[branch] += 1
    assert (len(high), len(medium), len(low)) == (4, 2, 1), (seven, branch)
    assert sorted(high + medium + low) == sorted(seven), (seven, branch)
    values = setting_values((high, medium, low))
    if branch in ("3 trips", "6 pair", "7 no pair"):  # no straight or flush among the singles was missed
        counts = Counter(RANK_AS_ACE[c] for c in seven)
        singles = [c for c in seven if counts[RANK_AS_ACE[c]] == 1]
        assert all(high_value_indices(*four) < STRAIGHT << 16 for four in combinations(singles, 4)), seven
    assert order_problem_values(*values) is None, (seven, branch)
    return values


def test_no_branch_fouls_on_seeded_samples():
    """10,000 deals from the 53-card deck, and 4,000 from its 2s-5s, aces and
    joker (21 cards) where quads, two trips and trips + two pairs are common:
    every setting passes the order test, uses the seven cards once each, and
    does not depend on the order the cards come in."""
    rng = random.Random(659)
    deck = list(range(53))
    small = [c for c in range(52) if c >> 2 in (0, 1, 2, 3, 12)] + [52]
    branches = Counter()
    for source, deals in ((deck, 10_000), (small, 4_000)):
        for _ in range(deals):
            seven = rng.sample(source, 7)
            values = _check(seven, branches)
            assert setting_values(house_way_indices(seven[::-1])[1:]) == values
    every_branch = {branch for _, branch, *_ in BRANCHES}
    assert set(branches) == every_branch, branches
    assert min(branches.values()) >= 50, branches


def test_public_path_takes_cards_and_text():
    seven = cards("8S 8H AD QC 9S 5H 2D")
    assert (
        set_house_way(seven)
        == set_house_way("8S 8H AD QC 9S 5H 2D")
        == HOUSE_WAYS["project_default"].set_hands(seven)
    )
    with pytest.raises(ValueError):
        set_house_way(seven[:6])
    assert len(indices(joker_deck())) == 53
