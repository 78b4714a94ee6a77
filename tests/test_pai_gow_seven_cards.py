"""The seven-card line of the Fortune, Envy and progressive wagers, pure
(docs/rules/pai_gow.md § 9, rules 33-35; the joker § 1, rule 3)."""

import random
import time
from itertools import combinations

import pytest

from games.cards.cards import cards, joker_deck
from games.cards.poker import category, evaluate5, indices
from games.pai_gow import paytables
from games.pai_gow.paytables import (
    ENVY_CENTS,
    FIVE_ACES,
    FLUSH,
    FORTUNE,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    PROGRESSIVE,
    ROYAL_FLUSH,
    ROYAL_FLUSH_ROYAL_MATCH,
    SEVEN_CARD_LINES,
    SEVEN_CARD_STRAIGHT_FLUSH,
    SEVEN_CARD_STRAIGHT_FLUSH_JOKER,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
)
from games.pai_gow.seven_cards import (
    LINES_BY_RANK,
    NO_LINE_NAME,
    line_name,
    line_of_indices,
    rank_of_line,
    seven_card_line,
)


def line(text):
    return seven_card_line(cards(text))


# --- one example of each line, with and without the joker --------------------


@pytest.mark.parametrize(
    "hand, expected",
    [
        # Seven-card straight flush, no joker.
        ("3H 4H 5H 6H 7H 8H 9H", SEVEN_CARD_STRAIGHT_FLUSH),
        ("8S 9S TS JS QS KS AS", SEVEN_CARD_STRAIGHT_FLUSH),
        ("AD 2D 3D 4D 5D 6D 7D", SEVEN_CARD_STRAIGHT_FLUSH),  # the ace low
        # Royal flush + royal match: natural royal, or the joker in the royal.
        ("AS KS QS JS TS KH QH", ROYAL_FLUSH_ROYAL_MATCH),
        ("AS JK QS JS TS KD QD", ROYAL_FLUSH_ROYAL_MATCH),  # joker is the K♠
        ("JK KC QC JC TC KS QS", ROYAL_FLUSH_ROYAL_MATCH),  # joker is the A♣
        # Seven-card straight flush with the joker, inside or at an end.
        ("3H 4H 5H JK 7H 8H 9H", SEVEN_CARD_STRAIGHT_FLUSH_JOKER),
        ("3H 4H 5H 6H 7H 8H JK", SEVEN_CARD_STRAIGHT_FLUSH_JOKER),
        ("2C 3C 4C 5C 6C 7C JK", SEVEN_CARD_STRAIGHT_FLUSH_JOKER),  # A-7 or 2-8
        ("JK 9S TS JS QS KS AS", SEVEN_CARD_STRAIGHT_FLUSH_JOKER),  # joker the 8♠
        ("AD 2D 3D JK 5D 6D 7D", SEVEN_CARD_STRAIGHT_FLUSH_JOKER),
        # Five aces: A-A-A-A + joker.
        ("AS AH AD AC JK 7D 2C", FIVE_ACES),
        # Royal flush, natural or with the joker.
        ("AS KS QS JS TS 4H 2C", ROYAL_FLUSH),
        ("AH KH JK JH TH 4D 2C", ROYAL_FLUSH),
        ("AS KS QS JS TS KH 3D", ROYAL_FLUSH),  # one K beside: no match
        # Straight flush, natural or with the joker.
        ("9D TD JD QD KD 2S 2C", STRAIGHT_FLUSH),
        ("AC 2C 3C 4C 5C KD KS", STRAIGHT_FLUSH),  # A-2-3-4-5 suited
        ("5S 6S JK 8S 9S AD AH", STRAIGHT_FLUSH),
        ("2H 3H 4H 5H JK KD KC", STRAIGHT_FLUSH),  # joker as the A♥ (A-2-3-4-5)
        ("3H 4H 5H 6H 7H 8H 9D", STRAIGHT_FLUSH),  # six in sequence: only five count
        # Four of a kind, natural or three aces + the joker.
        ("9S 9H 9D 9C 2S 5D KH", FOUR_OF_A_KIND),
        ("AS AH AD JK 2S 5D KH", FOUR_OF_A_KIND),
        # Full house, natural or with the joker as an ace.
        ("KS KH KD 4C 4S 8D 2H", FULL_HOUSE),
        ("AS AH JK 4C 4S 8D 2H", FULL_HOUSE),
        ("KS KH 4C 4S 4D 8D 2H", FULL_HOUSE),
        # Flush, natural or with the joker.
        ("2D 5D 8D JD KD 3S 4C", FLUSH),
        ("2D 5D 8D JD JK 3S 9C", FLUSH),
        # Three of a kind, natural or with the joker as the third ace.
        ("7S 7H 7D KC 2S 4D 9H", THREE_OF_A_KIND),
        ("AS AH JK KC 2S 4D 9H", THREE_OF_A_KIND),
        # Straight, natural, wheel, or with the joker.
        ("5S 6H 7D 8C 9S 2D KH", STRAIGHT),
        ("AS 2H 3D 4C 5S 9D KH", STRAIGHT),
        ("TS JH QD KC JK 2D 4H", STRAIGHT),
        ("5S 6H JK 8C 9S 2D KH", STRAIGHT),
        # Below a straight: no line.
        ("AS AH KD KC 2S 5D 9H", None),  # two pair
        ("AS JK KD 2C 7S 5D 9H", None),  # pair of aces with the joker
        ("AS QH 9D 7C 5S 3D 2H", None),
    ],
)
def test_each_line(hand, expected):
    assert line(hand) == expected


def test_returns_exactly_the_paytable_keys():
    assert set(LINES_BY_RANK) == set(SEVEN_CARD_LINES)
    for key in SEVEN_CARD_LINES:
        assert key in FORTUNE
    assert set(ENVY_CENTS) <= set(SEVEN_CARD_LINES) and set(PROGRESSIVE) <= set(SEVEN_CARD_LINES)


# --- the joker's limits (§ 1, rule 3) -----------------------------------------


def test_joker_does_not_pair_a_non_ace():
    # K-K-joker is K-K-A: a pair, no line; K-K-K-joker is three kings, not four.
    assert line("KS KH JK 2C 5D 8H 9S") is None
    assert line("KS KH KD JK 2C 5D 8H") == THREE_OF_A_KIND
    # K-K-joker + A-A: the joker is the third ace, aces over kings.
    assert line("KS KH JK AC AD 5D 8H") == FULL_HOUSE


def test_joker_cannot_fill_the_royal_match():
    # The royal is natural, the joker would be the Q beside the K: no royal match.
    assert line("AS KS QS JS TS KH JK") == ROYAL_FLUSH
    assert line("AS KS QS JS TS JK QH") == ROYAL_FLUSH


def test_royal_match_needs_the_royal_and_a_suited_king_queen():
    assert line("AS KS QS JS TS KH QD") == ROYAL_FLUSH  # K-Q off-suit
    assert line("KS QS JS TS 9S KH QH") == STRAIGHT_FLUSH  # K-high, not royal
    assert line("AS KS QS JS 9S KH QH") == FLUSH  # no royal at all
    assert line("AS KS QS JS JK KH QH") == ROYAL_FLUSH_ROYAL_MATCH  # joker the T♠


def test_five_aces_needs_four_aces_and_the_joker():
    assert line("AS AH AD AC KS 7D 2C") == FOUR_OF_A_KIND
    assert line("AS AH AD JK KS 7D 2C") == FOUR_OF_A_KIND
    assert line("AS AH AD AC JK KS QS") == FIVE_ACES


def test_five_aces_beside_a_straight_flush_is_five_aces():
    # The joker cannot be both; the best hand wins.
    assert line("AS AH AD AC JK 2S 3S") == FIVE_ACES


# --- sequences: no wraparound, the ace at either end --------------------------


def test_no_wraparound():
    # Q-K-A-2-3-4-5 suited is no seven-card straight flush; its best five is A-2-3-4-5 suited.
    assert line("QS KS AS 2S 3S 4S 5S") == STRAIGHT_FLUSH
    # J-Q-K-A-2-3 + joker: the joker makes a royal (J-Q-K-A + 10), not seven in sequence.
    assert line("JD QD KD AD 2D 3D JK") == ROYAL_FLUSH
    # K-A-2-3-4-5-6 suited: A-2-3-4-5-6 is only a straight flush, 6-high.
    assert line("KH AH 2H 3H 4H 5H 6H") == STRAIGHT_FLUSH
    # Q-K-A-2-3 is no straight.
    assert line("QS KH AD 2C 3S 8D 9H") is None


def test_ace_low_seven_card_straight_flush():
    assert line("AC 2C 3C 4C 5C 6C 7C") == SEVEN_CARD_STRAIGHT_FLUSH
    assert line("JK 2C 3C 4C 5C 6C 7C") == SEVEN_CARD_STRAIGHT_FLUSH_JOKER
    assert line("AC 2C JK 4C 5C 6C 7C") == SEVEN_CARD_STRAIGHT_FLUSH_JOKER


def test_six_suited_and_joker_out_of_sequence_is_not_seven_card():
    # 2-3-4-5-6-8 + joker: the joker fills the 7 -> 2..8, a seven-card straight flush.
    assert line("2C 3C 4C 5C 6C 8C JK") == SEVEN_CARD_STRAIGHT_FLUSH_JOKER
    # 2-3-4-5-6-9 + joker: two gaps, only the five-card straight flush.
    assert line("2C 3C 4C 5C 6C 9C JK") == STRAIGHT_FLUSH
    # Seven suited, a gap, no joker: straight flush, not seven-card.
    assert line("2C 3C 4C 5C 6C 7C 9C") == STRAIGHT_FLUSH


# --- ranking: a straight outranks three of a kind ----------------------------


def test_line_is_by_rank_not_by_payout():
    # Trips and a straight in the same seven cards: the straight is the better
    # hand (§ 2, rule 4), though Fortune pays three of a kind more.
    assert line("5S 6H 7D 8C 9S 9D 9H") == STRAIGHT
    assert FORTUNE[THREE_OF_A_KIND].winnings(100) > FORTUNE[STRAIGHT].winnings(100)
    assert line("5S 6H 7D 8S 9S 2S JS") == FLUSH  # a flush beats the straight beside it
    assert rank_of_line(STRAIGHT) < rank_of_line(THREE_OF_A_KIND) < rank_of_line(None)
    assert [rank_of_line(key) for key in LINES_BY_RANK] == list(range(len(LINES_BY_RANK)))


def test_agrees_with_best_five_of_seven():
    # Below the seven-card hands, the line is the best five-card value's category.
    rng = random.Random(645)
    deck = joker_deck()
    by_category = {
        9: FIVE_ACES,
        7: FOUR_OF_A_KIND,
        6: FULL_HOUSE,
        5: FLUSH,
        4: STRAIGHT,
        3: THREE_OF_A_KIND,
    }
    seven_card_lines = {SEVEN_CARD_STRAIGHT_FLUSH, SEVEN_CARD_STRAIGHT_FLUSH_JOKER, ROYAL_FLUSH_ROYAL_MATCH}
    for _ in range(3000):
        hand = rng.sample(deck, 7)
        got = seven_card_line(hand)
        if got in seven_card_lines:
            continue
        best = max(evaluate5(five) for five in combinations(hand, 5))
        if category(best) == 8:
            expected = ROYAL_FLUSH if (best >> 16) & 15 == 13 else STRAIGHT_FLUSH
        else:
            expected = by_category.get(category(best))
        assert got == expected, hand


# --- input and names ----------------------------------------------------------


def test_accepts_text_and_checks_the_cards():
    assert seven_card_line("AS KS QS JS TS KH QH".split()) == ROYAL_FLUSH_ROYAL_MATCH
    with pytest.raises(ValueError):
        seven_card_line(cards("AS KS QS JS TS KH"))
    with pytest.raises(ValueError):
        seven_card_line(cards("AS KS QS JS TS KH KH"))
    with pytest.raises(ValueError):
        seven_card_line(["AS", "KS", "QS", "JS", "TS", "KH", "ZZ"])


def test_line_names():
    assert line_name(ROYAL_FLUSH_ROYAL_MATCH) == "Royal flush + royal match"
    assert line_name(SEVEN_CARD_STRAIGHT_FLUSH) == "7-card straight flush, no joker"
    assert line_name(None) == NO_LINE_NAME
    for key in SEVEN_CARD_LINES:
        assert line_name(key) == paytables.SEVEN_CARD_LINE_NAMES[key]
    with pytest.raises(ValueError):
        line_name("two_pair")


# --- speed: a smoke loop, no assertion on time -------------------------------


def test_speed_smoke(capsys):
    rng = random.Random(7)
    deck = indices(joker_deck())
    hands = [rng.sample(deck, 7) for _ in range(20_000)]
    start = time.perf_counter()
    counts = {}
    for hand in hands:
        key = line_of_indices(hand)
        counts[key] = counts.get(key, 0) + 1
    elapsed = time.perf_counter() - start
    with capsys.disabled():
        print(f"\nseven_card_line: {len(hands) / elapsed:,.0f} hands/s; {counts}")
    assert sum(counts.values()) == len(hands)
