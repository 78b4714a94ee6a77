"""Pai gow poker hands and the house way, pure (docs/rules/pai_gow.md §§ 1, 2, 5, 6, 7)."""

import random
from collections import Counter

import pytest

from games.cards.cards import card, cards, joker_deck
from games.cards.poker import (
    FIVE_ACES,
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    HIGH_CARD,
    PAIR,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
    TWO_PAIR,
    category,
    describe2,
    describe5,
    evaluate2,
    evaluate5,
)
from games.pai_gow.house_way import (
    HOUSE_WAYS,
    LOSE,
    PUSH,
    WIN,
    all_settings,
    best_setting,
    compare,
    is_foul,
    set_house_way,
    setting_chances,
)


def ranks(hand):
    """A hand's ranks as the rules file writes them, sorted: "jkr" for the joker, "10" for T."""
    return sorted("jkr" if item.is_joker else ("10" if item.rank == "T" else item.rank) for item in hand)


def written(text):
    return sorted(text.split())


def text(hand):
    return " ".join(str(item) for item in hand)


# ---------------------------------------------------------------------------
# The worked examples of docs/rules/pai_gow.md § 5 ("Worked examples (test vectors)"),
# every row, with the suits chosen as the row says ("no flush", "rainbow": no
# five, or four + joker, of a suit; no other straight than the one named).
WORKED_EXAMPLES = [
    # (seven cards, rule, back as written, front as written)
    ("KS JH 9D 7C 5S 3H 2D", "8b", "K 7 5 3 2", "J 9"),  # line 109
    ("8S 8H AD QC 9S 5H 2D", "7c", "8 8 9 5 2", "A Q"),  # line 110
    ("QS QH 7D 7C KS 4H 2D", "6 (Medium + High, split)", "Q Q K 4 2", "7 7"),  # line 111
    ("5S 5H 3D 3C KS 9H 2D", "6 (Low + Low, K held: together)", "5 5 3 3 2", "K 9"),  # line 112
    ("JS JH 4D 4C AS 8H 6D", "6 (Low + High, ace held: together)", "J J 4 4 6", "A 8"),  # line 113
    ("AS AH 3D 3C KS 8H 6D", "6 (aces: split)", "A A K 8 6", "3 3"),  # line 114
    ("KS KH 9D 9C 4S 4H AD", "5", "9 9 4 4 A", "K K"),  # line 115
    ("7S 7H 7D KC QS 5H 2D", "4c", "7 7 7 5 2", "K Q"),  # line 116
    ("AS AH AD KC 9S 5H 2D", "4b", "A A 9 5 2", "A K"),  # line 117
    ("QS QH QD 6C 6S AH 3D", "3c", "Q Q Q A 3", "6 6"),  # line 118
    ("9S 9H 9D 2C 2S AH KD", "3c exception", "9 9 9 2 2", "A K"),  # line 119
    ("7S 7H 7D 7C KS 9H 3D", "2b (K held: together)", "7 7 7 7 3", "K 9"),  # line 120
    ("JS JH JD JC KS 8H 4D", "2b (no ace: split)", "J J K 8 4", "J J"),  # line 121
    ("AS AH AD AC JK KS KH", "1", "A A A A jkr", "K K"),  # line 122
    ("TS 9H 8D 7C 6S 5H 2D", "8a", "9 8 7 6 5", "10 2"),  # line 123
    ("4S 4H 9D 8C 7S 6H 5D", "7a", "9 8 7 6 5", "4 4"),  # line 124
    ("9S 9H 8D 7C 6S 5H KD", "7b", "9 8 7 6 5", "K 9"),  # line 125
    ("JK AS KH 8D 6C 4S 2H", "7c (jkr + A = pair)", "A jkr 6 4 2", "K 8"),  # line 126
]


def test_the_rules_file_has_eighteen_worked_examples_and_all_are_here():
    assert len(WORKED_EXAMPLES) == 18


@pytest.mark.parametrize("seven, rule, back, front", WORKED_EXAMPLES, ids=[row[1] for row in WORKED_EXAMPLES])
def test_worked_example(seven, rule, back, front):
    high, low = set_house_way(cards(seven))
    assert (ranks(high), ranks(low)) == (written(back), written(front)), rule
    assert sorted(high + low) == sorted(cards(seven))
    assert not is_foul(high, low)


def house_way(seven):
    return set_house_way(cards(seven))


def assert_setting(seven, back, front, exact=False):
    """The house way's setting has these ranks (the joker apart); ``exact``: these
    very cards, where the choice among same-rank cards changes the back."""
    high, low = house_way(seven)
    if exact:
        assert (set(high), set(low)) == (set(cards(back)), set(cards(front))), text(high) + " / " + text(low)
    else:
        assert (ranks(high), ranks(low)) == (ranks(cards(back)), ranks(cards(front))), (
            text(high) + " / " + text(low)
        )


# ---------------------------------------------------------------------------
# Every rule and exception of § 5, beyond the worked examples.


def test_rule_1_five_aces_without_kings_split_two_aces_front_and_the_joker_stays_back():
    assert_setting("AS AH AD AC JK QS QH", "JK AC AD QS QH", "AS AH")
    assert_setting("AS AH AD AC JK KS QH", "JK AC AD KS QH", "AS AH")  # one king is not a pair of kings


def test_rule_2a_quads_with_a_pair_or_trips_among_the_others():
    assert_setting("7S 7H 7D 7C 5S 5H KD", "7S 7H 7D 7C KD", "5S 5H")
    assert_setting("2S 2H 2D 2C KS KH KD", "2S 2H 2D 2C KS", "KH KD")  # a pair from the trips
    assert_setting("7S 7H 7D 7C AS JK 3D", "7S 7H 7D 7C 3D", "AS JK")  # joker + ace is a pair of aces


def test_rule_2b_quads_by_rank():
    assert_setting("5S 5H 5D 5C AS KH 3D", "5S 5H 5D 5C 3D", "AS KH")  # 2–6: always together
    assert_setting("8S 8H 8D 8C QS 9H 3D", "8S 8H QS 9H 3D", "8D 8C")  # 7–10, no K+: split
    assert_setting("TS TH TD TC AS 9H 3D", "TS TH TD TC 3D", "AS 9H")  # 7–10, ace held: together
    assert_setting("8S 8H 8D 8C JK 9H 3D", "8S 8H 8D 8C 3D", "JK 9H")  # the joker is a king-or-better
    assert_setting("QS QH QD QC AS 8H 4D", "QS QH QD QC 4D", "AS 8H")  # J–K, ace held: together
    assert_setting("KS KH KD KC JK 8H 4D", "KS KH KD KC 4D", "JK 8H")  # the joker is an ace singleton
    assert_setting("AS AH AD AC KS QH 3D", "AD AC KS QH 3D", "AS AH")  # aces: always split


def test_rule_2b_three_aces_and_the_joker_split_and_the_back_takes_the_best_ace_and_the_joker():
    # Joker + A♠ + K♠ Q♠ 5♠ is a flush (the joker is the J♠), better than a pair of aces.
    high, low = house_way("AS AH AD JK KS QS 5S")
    assert set(low) == set(cards("AH AD")) and describe5(high) == "Flush, A-K-Q-J-5"
    # Joker + A + K Q J: the joker completes an ace-high straight (straights ignored in the choice).
    high, low = house_way("AS AH AD JK KC QD JH")
    assert ranks(low) == ["A", "A"] and describe5(high) == "Straight, ace high"


def test_rule_3a_two_trips():
    assert_setting("KS KH KD 5C 5S 5H 2D", "5C 5S 5H KS 2D", "KH KD")


def test_rule_3b_trips_and_two_pairs():
    assert_setting("5S 5H 5D KC KS 3H 3D", "5S 5H 5D 3H 3D", "KC KS")


def test_rule_3c_exception_takes_the_joker_as_the_ace():
    assert_setting("9S 9H 9D 2C 2S JK KD", "9S 9H 9D 2C 2S", "JK KD")
    assert_setting("9S 9H 9D 3C 3S AH KD", "9S 9H 9D AH KD", "3C 3S")  # not 2-2: the pair goes front
    assert_setting("9S 9H 9D 2C 2S AH QD", "9S 9H 9D AH QD", "2C 2S")  # A-Q is not A-K


def test_rules_3_and_5_ignore_a_royal_flush_the_joker_could_make():
    # Joker + ace count as aces first (§ 5 pre-processing); rules 3 and 5 ignore straights and flushes.
    assert_setting("AS AH JK KS KH QS JS", "AS AH JK QS JS", "KS KH")  # 3c: trips of aces + kings
    assert_setting("AS JK KS KH QS QH JS", "KS KH QS QH JS", "AS JK")  # 5: three pair, aces front


def test_rule_4a_trips_with_a_straight_or_flush():
    assert_setting("7S 7H 7D 8C 9S TH JD", "7S 8C 9S TH JD", "7H 7D")
    # Flush: the trips card of the flush suit stays back.
    assert_setting("5S 5H 5D AS KS 9S 2S", "5S AS KS 9S 2S", "5H 5D", exact=True)


def test_rule_4b_trips_of_aces_with_the_joker_play_the_best_back():
    # The ace of spades stays back with the joker: A♠ + joker + 9♠ 5♠ 2♠ is a flush.
    high, low = house_way("AS AH JK KD 9S 5S 2S")
    assert set(low) == set(cards("AH KD"))
    assert describe5(high) == "Flush, A-K-9-5-2"
    high, low = house_way("AS AH JK KD 9C 5S 2H")
    assert ranks(low) == ["A", "K"] and card("JK") in high


def test_rule_5_three_pair_with_the_joker_pair():
    assert_setting("JK AS 9H 9D 4C 4S KH", "9H 9D 4C 4S KH", "JK AS")


@pytest.mark.parametrize(
    "seven, back, front",
    [
        ("AS AH KD KC 5S 4H 2D", "AS AH 5S 4H 2D", "KD KC"),  # aces + any pair: split
        ("KS KH JD JC AS 4H 2D", "KS KH AS 4H 2D", "JD JC"),  # high + high: split, even with an ace
        ("9S 9H 8D 8C 4S 3H 2D", "9S 9H 4S 3H 2D", "8D 8C"),  # medium + medium, no ace: split
        ("9S 9H 8D 8C AS 3H 2D", "9S 9H 8D 8C 2D", "AS 3H"),  # medium + medium, ace: together
        ("9S 9H 8D 8C KS 3H 2D", "9S 9H KS 3H 2D", "8D 8C"),  # a king is not an ace
        ("KS KH 4D 4C QS 9H 2D", "KS KH QS 9H 2D", "4D 4C"),  # low + high, no ace: split
        ("TS TH 4D 4C KS 9H 2D", "TS TH 4D 4C 2D", "KS 9H"),  # low + medium, king: together
        ("TS TH 4D 4C QS 9H 2D", "TS TH QS 9H 2D", "4D 4C"),  # low + medium, no K+: split
        ("6S 6H 4D 4C QS 9H 2D", "6S 6H QS 9H 2D", "4D 4C"),  # low + low, no K+: split
        ("6S 6H 4D 4C JK 9H 2D", "6S 6H 4D 4C 2D", "JK 9H"),  # low + low, joker: together
    ],
)
def test_rule_6_two_pair_table(seven, back, front):
    assert_setting(seven, back, front)


def test_rule_6_ignores_straights_and_flushes():
    assert_setting("9S 9H 8D 8C 7S 6H 5D", "9S 9H 7S 6H 5D", "8D 8C")  # 9-8-7-6-5 not played
    assert_setting("9S 9H 8S 8C 7S 6S 2S", "9S 9H 7S 6S 2S", "8S 8C")  # nor the spade flush


def test_rule_7b_plays_the_straight_leaving_the_highest_front():
    # 6-7-8-9-10 leaves 6-5 in front, 5-6-7-8-9 leaves 10-6: the latter.
    assert_setting("6S 6H 5D 7C 8S 9H TD", "6S 5D 7C 8S 9H", "6H TD")


def test_rule_7b_flush_with_a_card_of_the_pair():
    assert_setting("9S 9H AS 8S 5S 2S KD", "9S AS 8S 5S 2S", "9H KD", exact=True)


def test_rule_7b_joker_and_ace_pair_when_the_joker_fills_the_flush():
    # Joker + A counts as a pair of aces; the only flush needs the ace and the joker (as the J♠).
    high, low = house_way("AS JK KS QS 9S 5D 3H")
    assert set(low) == set(cards("5D 3H")) and describe5(high) == "Flush, A-K-Q-J-9"


def test_rule_8a_the_straight_or_flush_leaving_the_highest_front():
    # Six spades: the flush leaving A-Q in front (the ace of spades goes front).
    assert_setting("AS KS 9S 7S 5S 3S QH", "KS 9S 7S 5S 3S", "AS QH", exact=True)
    # Straight 9-high leaves K-2, the flush leaves K-7: the flush.
    assert_setting("9S 8S 7H 6S 5S 2S KH", "9S 8S 6S 5S 2S", "7H KH", exact=True)
    # The joker completes A-2-3-4-5 (the highest it can make with 2-3-4-5).
    high, low = house_way("JK 2S 3H 4D 5C KH 9D")
    assert describe5(high) == "Straight, A-2-3-4-5" and set(low) == set(cards("KH 9D"))


def test_rule_8b_the_joker_counts_as_the_highest_card():
    assert_setting("JK KS 9H 7D 5C 3S 2H", "JK 7D 5C 3S 2H", "KS 9H")


# A second, plain reading of § 5 (rank counts by Counter, straights and flushes
# found by evaluating all 21 settings), checked against the house way on random
# hands, half of them holding the joker.
ORDER = "23456789TJQKA"


def reference_house_way(seven):
    """("front", ranks of the front, joker as A) or ("values", (high, low))."""

    def rank(item):
        return "A" if item.is_joker else item.rank

    counts = Counter(rank(item) for item in seven)
    groups = sorted(counts.items(), key=lambda kv: (kv[1], ORDER.index(kv[0])), reverse=True)
    shape = [count for _, count in groups]
    first, second = groups[0][0], groups[1][0] if len(groups) > 1 else None
    singles = [rank_ for rank_, count in groups if count == 1]  # high to low
    settings = [
        (evaluate5(high), evaluate2(low), sorted(rank(item) for item in low))
        for high, low in all_settings(seven)
    ]
    straights = [s for s in settings if category(s[0]) in (STRAIGHT, FLUSH, STRAIGHT_FLUSH)]

    def front(*ranks_):
        return "front", sorted(ranks_)

    if shape[0] == 5:  # rule 1
        return front("K", "K") if shape[1:] == [2] and second == "K" else front("A", "A")
    if shape[0] == 4:  # rule 2
        if shape[1] >= 2:
            return front(second, second)
        quad = ORDER.index(first)
        if quad <= 4:
            split = False
        elif quad <= 8:
            split = singles[0] not in "KA"
        elif quad <= 11:
            split = singles[0] != "A"
        else:
            split = True
        return front(first, first) if split else front(*singles[:2])
    if shape[:2] == [3, 3]:  # rule 3a
        return front(first, first)
    if shape == [3, 2, 2]:  # rule 3b
        return front(second, second)
    if shape == [3, 2, 1, 1]:  # rule 3c
        return front(*singles) if second == "2" and singles == ["A", "K"] else front(second, second)
    if shape[0] == 3:  # rule 4
        made = [s for s in straights if s[2] == [first, first]]
        if made:
            return "values", max(made)[:2]
        return front("A", singles[0]) if first == "A" else front(*singles[:2])
    if shape == [2, 2, 2, 1]:  # rule 5
        return front(first, first)
    if shape == [2, 2, 1, 1, 1]:  # rule 6
        classes = ["low"] * 5 + ["medium"] * 4 + ["high"] * 3 + ["aces"]
        pair_classes = {classes[ORDER.index(first)], classes[ORDER.index(second)]}
        if "aces" in pair_classes or pair_classes in ({"high"}, {"medium", "high"}):
            together = False
        elif pair_classes in ({"medium"}, {"low", "high"}):
            together = singles[0] == "A"
        else:
            together = singles[0] in "KA"
        return front(*singles[:2]) if together else front(second, second)
    if shape[0] == 2:  # rule 7
        if any(s[2] == [first, first] for s in straights):
            return front(first, first)
        if straights:
            return "values", max((low, high) for high, low, _ in straights)[::-1]
        return front(*singles[:2])
    if straights:  # rule 8
        return "values", max((low, high) for high, low, _ in straights)[::-1]
    return front(*singles[1:3])


def test_house_way_agrees_with_a_plain_reading_of_section_5():
    rng = random.Random(7)
    deck = joker_deck()
    naturals = deck[:-1]
    for number in range(6_000):
        seven = rng.sample(deck, 7) if number % 2 else [*rng.sample(naturals, 6), card("JK")]
        high, low = set_house_way(seven)
        kind, expected = reference_house_way(seven)
        if kind == "values":
            assert (evaluate5(high), evaluate2(low)) == expected, text(seven)
        else:
            assert sorted("A" if item.is_joker else item.rank for item in low) == expected, text(seven)
            # Among the settings with that front, the house way's back is the best.
            same_front = [
                evaluate5(other_high)
                for other_high, other_low in all_settings(seven)
                if sorted("A" if item.is_joker else item.rank for item in other_low) == expected
            ]
            assert evaluate5(high) == max(same_front), text(seven)


def test_house_way_never_fouls_and_keeps_the_seven_cards():
    rng = random.Random(5)
    deck = joker_deck()
    for _ in range(20_000):
        seven = rng.sample(deck, 7)
        high, low = set_house_way(seven)
        assert sorted(high + low) == sorted(seven)
        assert not is_foul(high, low), text(seven)


def test_house_way_rejects_a_bad_hand():
    with pytest.raises(ValueError):
        set_house_way(cards("AS KS QS JS TS 9S"))
    with pytest.raises(ValueError):
        set_house_way(cards("AS AS QS JS TS 9S 8S"))
    assert HOUSE_WAYS["trump_plaza"].set_hands is set_house_way


# ---------------------------------------------------------------------------
# Hand values: § 1, rule 3 (joker) and § 2, rules 4–5 (rankings).


def test_joker_is_an_ace_in_pairs_and_never_pairs_another_rank():
    assert describe5(cards("JK AS KH 8D 2C")) == "Pair of aces"
    assert evaluate5(cards("JK AS KH 8D 2C")) == evaluate5(cards("AH AS KH 8D 2C"))
    assert describe5(cards("KS KH JK 4D 2C")) == "Pair of kings"  # K-K-joker is K-K-A
    assert evaluate5(cards("KS KH JK 4D 2C")) == evaluate5(cards("KS KH AD 4D 2C"))
    assert describe5(cards("KS KH KD JK 2C")) == "Three of a kind, kings"
    assert describe5(cards("7S 7H JK 9D 9C")) == "Two pair, 9s and 7s"
    assert describe5(cards("AS AH AD JK 2C")) == "Four of a kind, aces"
    assert describe5(cards("AS AH AD AC JK")) == "Five aces"
    assert describe5(cards("JK KS 9H 7D 5C")) == "A-K-9-7-5 high"


def test_joker_completes_a_straight_the_highest_one():
    assert describe5(cards("JK KS QH JD TC")) == "Straight, ace high"
    assert describe5(cards("9S 8H 7D 6C JK")) == "Straight, 10 high"
    assert describe5(cards("2S 3H 4D 5C JK")) == "Straight, A-2-3-4-5"  # § 1, rule 3's example
    assert describe5(cards("AS 2H 3D 4C JK")) == "Straight, A-2-3-4-5"
    assert describe5(cards("AS KH QD TC JK")) == "Straight, ace high"  # the joker as the jack


def test_joker_completes_a_flush_with_the_highest_missing_rank():
    assert describe5(cards("AS 9S 7S 3S JK")) == "Flush, A-K-9-7-3"
    assert describe5(cards("KS 9S 7S 3S JK")) == "Flush, A-K-9-7-3"
    assert evaluate5(cards("KS 9S 7S 3S JK")) == evaluate5(cards("AS KS 9S 7S 3S"))


def test_joker_completes_a_straight_flush_and_a_royal_flush():
    assert describe5(cards("9S 8S 7S 6S JK")) == "Straight flush, 10 high"
    assert describe5(cards("AS KS QS JS JK")) == "Royal flush"
    assert describe5(cards("2H 3H 4H 5H JK")) == "Straight flush, A-2-3-4-5"


def test_joker_in_the_low_hand_is_an_ace():
    assert describe2(cards("JK AS")) == "Pair of aces"
    assert evaluate2(cards("JK AS")) == evaluate2(cards("AH AS"))
    assert describe2(cards("JK KS")) == "A-K high"
    assert evaluate2(cards("JK KS")) == evaluate2(cards("AD KS"))
    assert describe2(cards("JK 9S")) == "A-9 high"


FIVE_CARD_ORDER = [
    ("AS AH AD AC JK", FIVE_ACES),
    ("AS KS QS JS TS", STRAIGHT_FLUSH),  # royal
    ("AH 2H 3H 4H 5H", STRAIGHT_FLUSH),  # A-2-3-4-5 second
    ("KS QS JS TS 9S", STRAIGHT_FLUSH),
    ("6D 5D 4D 3D 2D", STRAIGHT_FLUSH),
    ("AS AH AD AC KS", FOUR_OF_A_KIND),
    ("KS KH KD KC AS", FOUR_OF_A_KIND),
    ("KS KH KD KC QS", FOUR_OF_A_KIND),
    ("2S 2H 2D 2C 3S", FOUR_OF_A_KIND),
    ("AS AH AD 2C 2S", FULL_HOUSE),
    ("KS KH KD AC AS", FULL_HOUSE),
    ("AS KS QS JS 9S", FLUSH),
    ("AH KH QH JH 8H", FLUSH),
    ("7C 5C 4C 3C 2C", FLUSH),
    ("AS KH QD JC TS", STRAIGHT),
    ("AS 2H 3D 4C 5S", STRAIGHT),  # A-2-3-4-5 second highest
    ("KS QH JD TC 9S", STRAIGHT),
    ("6S 5H 4D 3C 2S", STRAIGHT),
    ("AS AH AD KC QS", THREE_OF_A_KIND),
    ("2S 2H 2D 4C 3S", THREE_OF_A_KIND),
    ("AS AH KD KC QS", TWO_PAIR),
    ("AS AH KD KC JS", TWO_PAIR),
    ("3S 3H 2D 2C 4S", TWO_PAIR),
    ("AS AH KD QC JS", PAIR),
    ("AS AH KD QC TS", PAIR),
    ("2S 2H 5D 4C 3S", PAIR),
    ("AS KH QD JC 9S", HIGH_CARD),
    ("QS KH AD 2C 3S", HIGH_CARD),  # no wraparound: Q-K-A-2-3 is A-K-Q-3-2
    ("7S 5H 4D 3C 2S", HIGH_CARD),
]


def test_five_card_ranking_order():
    values = [evaluate5(cards(hand)) for hand, _ in FIVE_CARD_ORDER]
    assert [category(value) for value in values] == [kind for _, kind in FIVE_CARD_ORDER]
    for place in range(len(values) - 1):
        assert values[place] > values[place + 1], (FIVE_CARD_ORDER[place], FIVE_CARD_ORDER[place + 1])


def test_five_card_names():
    names = [describe5(cards(hand)) for hand, _ in FIVE_CARD_ORDER]
    assert names[:6] == [
        "Five aces",
        "Royal flush",
        "Straight flush, A-2-3-4-5",
        "Straight flush, king high",
        "Straight flush, 6 high",
        "Four of a kind, aces",
    ]
    assert "Full house, kings over aces" in names
    assert "Flush, A-K-Q-J-9" in names and "Straight, A-2-3-4-5" in names
    assert "Two pair, 3s and 2s" in names and "Pair of 2s" in names
    assert names[-2:] == ["A-K-Q-3-2 high", "7-5-4-3-2 high"]


def test_copies_are_equal_values_whatever_the_suits():
    assert evaluate5(cards("AS KH QD JC 9S")) == evaluate5(cards("AH KD QC JS 9H"))
    assert evaluate5(cards("9S 8H 7D 6C JK")) == evaluate5(cards("TS 9H 8D 7C 6S"))
    assert evaluate2(cards("AS KH")) == evaluate2(cards("AD KC"))


def test_two_card_ranking_order():
    order = ["AS AH", "JK AD", "KS KH", "2S 2H", "AS KH", "AS QH", "AS 2H", "KS QH", "4S 2H", "3S 2H"]
    values = [evaluate2(cards(hand)) for hand in order]
    assert values[0] == values[1]  # joker + ace = A-A
    assert all(a > b for a, b in zip(values[1:], values[2:], strict=False))
    assert [describe2(cards(hand)) for hand in ("KS KH", "AS QH", "9S 4H")] == [
        "Pair of kings",
        "A-Q high",
        "9-4 high",
    ]


def test_evaluators_reject_bad_hands():
    for bad in (cards("AS KS"), cards("AS AS KS QS JS"), ["XX"] * 5):
        with pytest.raises(ValueError):
            evaluate5(bad)
    with pytest.raises(ValueError):
        evaluate2(cards("AS"))


# ---------------------------------------------------------------------------
# Foul test: § 2, rule 6.


@pytest.mark.parametrize(
    "high, low, fouled",
    [
        ("KS QH 9D 7C 5S", "2S 2H", True),  # low pair behind no pair
        ("9S 9H KD 7C 5S", "9D 9C", False),  # equal pairs
        ("9S 9H KD 7C 5S", "TD TC", True),  # higher pair in front
        ("3S 3H 2D 2C 5S", "AD AC", False),  # two pair beats any pair
        ("JK AH KD 7C 5S", "AD AC", False),  # joker + ace = pair of aces behind
        ("2S 2H 7D 5C 3S", "AD KC", False),  # a pair beats any no-pair
        ("KS QH 9D 7C 5S", "KD JC", False),  # K-Q ≥ K-J
        ("KS QH 9D 7C 5S", "KD QC", False),  # equal: legal
        ("KS JH 9D 7C 5S", "KD QC", True),
        ("KS QH 9D 7C 5S", "AD 2C", True),  # ace high in front of king high
        ("JK QH 9D 7C 5S", "AD KC", True),  # the joker is the ace: A-Q behind A-K
        ("9S 8H 7D 6C JK", "AD AC", False),  # a joker straight beats a pair
    ],
)
def test_foul_rule(high, low, fouled):
    assert is_foul(cards(high), cards(low)) is fouled


def test_wrong_card_count_or_a_card_twice_is_a_foul():
    assert is_foul(cards("AS KS QS JS"), cards("2D 3C 4H"))
    assert is_foul(cards("AS KS QS JS TS 9S"), cards("2D"))
    assert is_foul(cards("AS KS QS JS TS"), cards("AS 2C"))


# ---------------------------------------------------------------------------
# The 21 settings.


def test_all_settings_are_the_21_splits():
    seven = cards("AS KH 9D 7C 5S 3H JK")
    settings = all_settings(seven)
    assert len(settings) == 21
    assert len({frozenset(low) for _, low in settings}) == 21
    for high, low in settings:
        assert len(high) == 5 and len(low) == 2 and sorted(high + low) == sorted(seven)
    house = set_house_way(seven)
    assert any(set(high) == set(house[0]) for high, _ in settings)


# ---------------------------------------------------------------------------
# Settlement: § 6, rules 20–22 (Tiger 9: games/pai_gow/paytables.py).


def setting(high, low):
    return cards(high), cards(low)


DEALER = setting("KS KH 9D 7C 5S", "QD JC")  # pair of kings; Q-J


@pytest.mark.parametrize(
    "player, result",
    [
        (setting("AS AH 9H 7D 5C", "KD 2C"), WIN),  # both higher
        (setting("AS AH 9H 7D 5C", "QH TC"), PUSH),  # high wins, low loses
        (setting("QS QH 9H 7D 5C", "AD 2C"), PUSH),  # high loses, low wins
        (setting("QS QH 9H 7D 5C", "TD 2C"), LOSE),  # both lower
        (setting("KC KD 9H 7D 5C", "AD 2C"), PUSH),  # high copy (to the dealer), low wins
        (setting("AS AH 9H 7D 5C", "QH JH"), PUSH),  # low copy goes to the dealer
        (setting("KC KD 9H 7H 5C", "QH JH"), LOSE),  # both copies: lose
    ],
)
def test_compare(player, result):
    assert compare(player, DEALER) == result


def test_a_fouled_player_setting_loses_and_a_fouled_dealer_setting_is_refused():
    assert compare(setting("AS KH 9H 7D 5C", "QH QC"), DEALER) == LOSE
    with pytest.raises(ValueError):
        compare(DEALER, setting("AS KH 9H 7D 5C", "QH QC"))


# ---------------------------------------------------------------------------
# best_setting: the legal setting with the highest p_high + p_low.


def test_best_setting_is_legal_deterministic_and_maximizes_the_chances():
    rng = random.Random(11)
    deck = joker_deck()
    for _ in range(300):
        seven = rng.sample(deck, 7)
        best = best_setting(seven)
        assert not is_foul(*best) and sorted(best[0] + best[1]) == sorted(seven)
        assert best_setting(list(reversed(seven))) is not None
        score = sum(setting_chances(*best))
        for high, low in all_settings(seven):
            if not is_foul(high, low):
                assert sum(setting_chances(high, low)) <= score + 1e-12
        assert sum(setting_chances(*best)) >= sum(setting_chances(*set_house_way(seven))) - 1e-12


def test_best_setting_splits_kings_and_queens():
    best = best_setting(cards("KS KH QD QC 5S 4H 3D"))
    assert ranks(best[1]) == ["Q", "Q"] and Counter(ranks(best[0]))["K"] == 2
    p_high, p_low = setting_chances(*best)
    assert 0.5 < p_high < 0.7 and 0.9 < p_low < 1
