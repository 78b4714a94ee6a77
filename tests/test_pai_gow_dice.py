"""Pai Gow Poker dice and paytables: every dice line on fixed dice, the
starting-position count, Tiger 9 and the commission, and the paytables
against the regulation's text (docs/regulation/54-Pa.B.-2923.txt,
§§ 645c.1-645c.3).

Pure: no Django, no database (run with ``-p no:django``).
"""

import itertools
import random
import re
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from games.cards.cards import cards
from games.engine import IllegalAction
from games.meters import MUST_HIT_BY_CONFIGURATIONS
from games.pai_gow import dice
from games.pai_gow import paytables as pt
from games.pai_gow.dice import (
    BEAT_BY_2_OR_3,
    BEAT_BY_4,
    DEALER,
    DOUBLE_MATCH,
    ONE_DIE_BEATS_BY_1_OR_MORE,
    SERIES,
    SUM_3,
    SUM_8,
    SUM_9,
    SUM_16,
    SUM_17,
    THREE_MATCH,
    TIE_OR_BY_1,
    TRIPLE_MATCH,
    TWO_MATCH,
    BadMatchFace,
    Roll,
)
from games.payouts import MeterShare, Odds

# The regulation's text, as published (54 Pa.B. 2923), kept in the repository.
SEED = Path(__file__).resolve().parents[1] / "docs/regulation/54-Pa.B.-2923.txt"

ALL_ROLLS = [Roll(red, (b1, b2)) for red, b1, b2 in itertools.product(dice.FACES, repeat=3)]


def r(red, blue1, blue2):
    return Roll(red, (blue1, blue2))


def a_roll_totalling(total):
    """Some roll with this total (3-18)."""
    return next(item for item in ALL_ROLLS if item.total == total)


# ---------------------------------------------------------------------------
# The roll
# ---------------------------------------------------------------------------


def test_roll_values():
    item = r(5, 1, 2)
    assert item.dice == (5, 1, 2)
    assert item.total == 8
    assert item.blue_total == 3
    assert dice.COLOURS == ("red", "blue", "blue")
    assert Roll.from_json(item.to_json()) == item
    assert item.to_json() == [5, 1, 2]
    assert str(item) == "red 5, blue 1 and 2 (total 8)"
    assert Roll(3, [4, 6]).blues == (4, 6)  # a list from JSON becomes a tuple
    assert len(ALL_ROLLS) == 216


@pytest.mark.parametrize(
    "red, blues",
    [(0, (1, 1)), (7, (1, 1)), (1, (1, 0)), (1, (1,)), (1, (1, 1, 1)), (True, (1, 1)), (2.0, (1, 1))],
)
def test_roll_refuses_impossible_dice(red, blues):
    with pytest.raises(ValueError):
        Roll(red, blues)


class Scripted:
    """An rng whose randint returns the given values in turn."""

    def __init__(self, *values):
        self.values = list(values)
        self.calls = []

    def randint(self, low, high):
        self.calls.append((low, high))
        return self.values.pop(0)


def test_roll_draws_red_then_the_blues():
    rng = Scripted(6, 2, 1)
    assert dice.roll(rng) == r(6, 2, 1)
    assert rng.calls == [(1, 6)] * 3


def test_roll_seeded_is_reproducible_and_covers_every_face():
    assert dice.roll(random.Random(7)) == dice.roll(random.Random(7))
    rng = random.Random(2024)
    rolls = [dice.roll(rng) for _ in range(3000)]
    for position in range(3):
        assert {item.dice[position] for item in rolls} == set(dice.FACES)


# ---------------------------------------------------------------------------
# Sum: § 645c.2(e)(1), (g)(1)
# ---------------------------------------------------------------------------

SUM_A = {17: SUM_17, 16: SUM_16, 8: SUM_8}
SUM_B = {3: SUM_3, 8: SUM_8, 9: SUM_9}


@pytest.mark.parametrize("total", range(3, 19))
def test_sum_a_and_b_every_total(total):
    item = a_roll_totalling(total)
    assert dice.sum_line(item, "A") == SUM_A.get(total)
    assert dice.sum_line(item, "B") == SUM_B.get(total)


def test_sum_a_and_b_read_only_the_total():
    for item in ALL_ROLLS:
        assert dice.sum_line(item, "A") == SUM_A.get(item.total), item
        assert dice.sum_line(item, "B") == SUM_B.get(item.total), item


@pytest.mark.parametrize(
    "roll, expected",
    [
        (r(4, 4, 4), THREE_MATCH),
        (r(1, 1, 1), THREE_MATCH),
        (r(6, 6, 6), THREE_MATCH),
        (r(4, 4, 2), TWO_MATCH),
        (r(4, 2, 4), TWO_MATCH),
        (r(2, 4, 4), TWO_MATCH),
        (r(1, 2, 3), None),
        (r(6, 5, 1), None),
    ],
)
def test_sum_c_matches(roll, expected):
    assert dice.sum_line(roll, "C") == expected


@pytest.mark.parametrize(
    "roll, expected",
    [
        (r(1, 2, 3), SERIES),
        (r(3, 2, 1), SERIES),
        (r(2, 4, 3), SERIES),
        (r(3, 4, 5), SERIES),
        (r(6, 4, 5), SERIES),
        (r(5, 6, 1), None),  # no wraparound
        (r(1, 1, 2), None),
        (r(2, 4, 6), None),
        (r(3, 3, 3), None),
        (r(1, 2, 4), None),
    ],
)
def test_sum_d_series(roll, expected):
    assert dice.sum_line(roll, "D") == expected


def test_sum_c_and_d_over_every_roll():
    lines_c = [dice.sum_line(item, "C") for item in ALL_ROLLS]
    assert lines_c.count(THREE_MATCH) == 6
    assert lines_c.count(TWO_MATCH) == 90
    series = [item for item in ALL_ROLLS if dice.sum_line(item, "D") == SERIES]
    assert len(series) == 24  # 4 runs x 6 orders
    assert {tuple(sorted(item.dice)) for item in series} == {(1, 2, 3), (2, 3, 4), (3, 4, 5), (4, 5, 6)}


@pytest.mark.parametrize("paytable", ["E", "", None, "a"])
def test_sum_unknown_paytable(paytable):
    with pytest.raises(ValueError, match="Sum Paytables A-D"):
        dice.sum_line(r(1, 2, 3), paytable)


# ---------------------------------------------------------------------------
# Match: § 645c.2(e)(2), (g)(2)
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("face", dice.FACES)
def test_match_every_face(face):
    other = 1 if face != 1 else 2
    assert dice.match_line(r(face, face, face), face) == TRIPLE_MATCH
    for the_roll in (r(face, face, other), r(face, other, face), r(other, face, face)):
        assert dice.match_line(the_roll, face) == DOUBLE_MATCH
    for the_roll in (r(face, other, other), r(other, face, other), r(other, other, face)):
        assert dice.match_line(the_roll, face) is None  # one die: no single-match line
    assert dice.match_line(r(other, other, other), face) is None


def test_match_over_every_roll():
    for face in dice.FACES:
        lines = [dice.match_line(item, face) for item in ALL_ROLLS]
        assert lines.count(TRIPLE_MATCH) == 1
        assert lines.count(DOUBLE_MATCH) == 15
        assert lines.count(None) == 200


def test_match_example_of_the_regulation():
    # (e)(2): "a player's Match wager on the one shall win if two or three of the dice rolled is a 1"
    assert dice.match_line(r(1, 1, 5), 1) == DOUBLE_MATCH
    assert dice.match_line(r(1, 1, 1), 1) == TRIPLE_MATCH


def test_match_face_accepts_form_text():
    assert dice.match_face("3") == 3
    assert dice.match_face(" 6 ") == 6
    assert dice.match_line(r(2, 2, 5), "2") == DOUBLE_MATCH


@pytest.mark.parametrize("face", [0, 7, -1, "7", "x", "", None, True, 3.0, "3.0"])
def test_match_refuses_a_face_the_dice_lack(face):
    with pytest.raises(BadMatchFace, match="faces 1 to 6") as raised:
        dice.match_line(r(1, 1, 1), face)
    assert isinstance(raised.value, IllegalAction)
    assert isinstance(raised.value, ValueError)


# ---------------------------------------------------------------------------
# Beat It: § 645c.2(e)(3), (g)(3)
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "roll, expected",
    [
        (r(6, 1, 1), BEAT_BY_4),
        (r(5, 1, 1), BEAT_BY_2_OR_3),
        (r(6, 2, 1), BEAT_BY_2_OR_3),  # (e)(3)(i) example: red 6, blues 2 + 1 = 3
        (r(6, 1, 2), BEAT_BY_2_OR_3),
        (r(4, 1, 1), BEAT_BY_2_OR_3),
        (r(6, 2, 2), BEAT_BY_2_OR_3),
        (r(3, 1, 1), TIE_OR_BY_1),
        (r(6, 3, 2), TIE_OR_BY_1),
        (r(2, 1, 1), TIE_OR_BY_1),  # a tie: "equal in value to"
        (r(6, 3, 3), TIE_OR_BY_1),
        (r(1, 1, 1), None),
        (r(5, 3, 3), None),
        # The blue dice never take the red role.
        (r(1, 6, 1), None),
        (r(1, 1, 6), None),
        (r(2, 5, 1), None),
    ],
)
def test_beat_it_a_and_b_red_against_blue(roll, expected):
    assert dice.beat_it_line(roll, "A") == expected
    assert dice.beat_it_line(roll, "B") == expected


@pytest.mark.parametrize(
    "roll, expected",
    [
        (r(5, 1, 1), ONE_DIE_BEATS_BY_1_OR_MORE),  # (e)(3)(ii) example: 5 - (1 + 1) = 3
        (r(1, 5, 1), ONE_DIE_BEATS_BY_1_OR_MORE),  # any colour
        (r(1, 1, 6), ONE_DIE_BEATS_BY_1_OR_MORE),  # by 4
        (r(1, 6, 1), ONE_DIE_BEATS_BY_1_OR_MORE),
        (r(3, 1, 1), ONE_DIE_BEATS_BY_1_OR_MORE),  # by 1
        (r(2, 6, 3), ONE_DIE_BEATS_BY_1_OR_MORE),
        (r(2, 1, 1), None),  # a tie is no win in C
        (r(1, 4, 3), None),
        (r(3, 3, 3), None),
        (r(6, 3, 3), None),
    ],
)
def test_beat_it_c_any_die(roll, expected):
    assert dice.beat_it_line(roll, "C") == expected


def test_beat_it_over_every_roll():
    by_margin = {}
    for item in ALL_ROLLS:
        line = dice.beat_it_line(item, "A")
        assert line == dice.beat_it_line(item, "B")
        by_margin.setdefault(dice.red_margin(item), set()).add(line)
    assert max(by_margin) == 4  # the red die cannot beat the blues by more than 4
    assert by_margin[4] == {BEAT_BY_4}
    assert by_margin[3] == by_margin[2] == {BEAT_BY_2_OR_3}
    assert by_margin[1] == by_margin[0] == {TIE_OR_BY_1}
    assert all(by_margin[margin] == {None} for margin in by_margin if margin < 0)
    counts = {line: 0 for line in (BEAT_BY_4, BEAT_BY_2_OR_3, TIE_OR_BY_1, None)}
    for item in ALL_ROLLS:
        counts[dice.beat_it_line(item, "A")] += 1
    assert counts == {BEAT_BY_4: 1, BEAT_BY_2_OR_3: 9, TIE_OR_BY_1: 25, None: 181}
    # C: "by one to four points" ((e)(3)(ii)) = "by one or more points" ((g)(3)).
    winners_c = [item for item in ALL_ROLLS if dice.beat_it_line(item, "C")]
    assert len(winners_c) == 60
    for item in ALL_ROLLS:
        margins = [value - (item.total - value) for value in item.dice]
        assert bool(dice.beat_it_line(item, "C")) == any(margin >= 1 for margin in margins)
        assert sum(margin >= 1 for margin in margins) <= 1


def test_coloured_dice():
    assert dice.coloured_dice_required("A") and dice.coloured_dice_required("B")
    assert not dice.coloured_dice_required("C")
    assert not dice.coloured_dice_required(None)


@pytest.mark.parametrize("paytable", ["D", "", None])
def test_beat_it_unknown_paytable(paytable):
    with pytest.raises(ValueError, match="Beat It Paytables A-C"):
        dice.beat_it_line(r(6, 1, 1), paytable)


# ---------------------------------------------------------------------------
# Paytables: every line pays, and the house edges of docs/rules/pai_gow.md § 8
# ---------------------------------------------------------------------------


def _house_edge(settle):
    """Exact house edge of a 1-unit wager: - (expected return) over the 216 rolls."""
    total = Fraction(0)
    for item in ALL_ROLLS:
        found = settle(item)
        total += -1 if found is None else found[1].winnings(1)
    return -total / 216


@pytest.mark.parametrize(
    "wager, paytable, face, edge, percent",
    [
        (pt.SUM, "A", None, Fraction(1, 18), "5.56"),
        (pt.SUM, "B", None, Fraction(5, 108), "4.63"),
        (pt.SUM, "C", None, Fraction(1, 18), "5.56"),
        (pt.SUM, "D", None, Fraction(1, 18), "5.56"),
        (pt.MATCH, None, 1, Fraction(5, 108), "4.63"),
        (pt.MATCH, None, 6, Fraction(5, 108), "4.63"),
        (pt.BEAT_IT, "A", None, Fraction(2, 27), "7.41"),
        (pt.BEAT_IT, "B", None, Fraction(1, 36), "2.78"),
        (pt.BEAT_IT, "C", None, Fraction(1, 36), "2.78"),
    ],
)
def test_house_edges(wager, paytable, face, edge, percent):
    found = _house_edge(lambda item: pt.dice_odds(wager, item, paytable=paytable, face=face))
    assert found == edge
    assert f"{float(found * 100):.2f}" == percent  # the [computed] figures of docs/rules/pai_gow.md § 8


def test_dice_odds_lines_and_amounts():
    assert pt.dice_odds(pt.SUM, r(6, 6, 5), paytable="A") == (SUM_17, Odds(25))
    assert pt.dice_odds(pt.SUM, r(6, 5, 5), paytable="A") == (SUM_16, Odds(6))
    assert pt.dice_odds(pt.SUM, r(6, 1, 1), paytable="A") == (SUM_8, Odds(3))
    assert pt.dice_odds(pt.SUM, r(6, 1, 1), paytable="B") == (SUM_8, Odds(4))
    assert pt.dice_odds(pt.SUM, r(1, 1, 1), paytable="B") == (SUM_3, Odds(25))
    assert pt.dice_odds(pt.SUM, r(3, 3, 3), paytable="B") == (SUM_9, Odds(2))
    assert pt.dice_odds(pt.SUM, r(3, 3, 3), paytable="C") == (THREE_MATCH, Odds(3))
    assert pt.dice_odds(pt.SUM, r(3, 3, 2), paytable="C") == (TWO_MATCH, Odds(1))
    assert pt.dice_odds(pt.SUM, r(3, 1, 2), paytable="D") == (SERIES, Odds(15, 2))
    assert pt.dice_odds(pt.SUM, r(3, 1, 2), paytable="A") is None
    assert pt.dice_odds(pt.MATCH, r(4, 4, 4), face=4) == (TRIPLE_MATCH, Odds(100))
    assert pt.dice_odds(pt.MATCH, r(4, 2, 4), face=4) == (DOUBLE_MATCH, Odds(6))
    assert pt.dice_odds(pt.MATCH, r(4, 2, 4), face=2) is None
    assert pt.dice_odds(pt.BEAT_IT, r(6, 1, 1), paytable="A") == (BEAT_BY_4, Odds(50))
    assert pt.dice_odds(pt.BEAT_IT, r(6, 1, 1), paytable="B") == (BEAT_BY_4, Odds(60))
    assert pt.dice_odds(pt.BEAT_IT, r(5, 2, 1), paytable="B") == (BEAT_BY_2_OR_3, Odds(10))
    assert pt.dice_odds(pt.BEAT_IT, r(3, 2, 1), paytable="A") == (TIE_OR_BY_1, Odds(1))
    assert pt.dice_odds(pt.BEAT_IT, r(1, 5, 1), paytable="C") == (ONE_DIE_BEATS_BY_1_OR_MORE, Odds(5, 2))
    # Winnings in cents, exact for whole chips.
    assert Odds(15, 2).winnings_cents(500) == 3_750
    assert Odds(5, 2).winnings_cents(100) == 250


def test_dice_odds_refuses_nonsense():
    with pytest.raises(ValueError, match="unknown dice wager"):
        pt.dice_odds("craps", r(1, 1, 1))
    with pytest.raises(ValueError, match="Sum Paytables"):
        pt.dice_odds(pt.SUM, r(1, 1, 1), paytable="E")
    with pytest.raises(ValueError, match="Beat It Paytables"):
        pt.dice_odds(pt.BEAT_IT, r(1, 1, 1), paytable="D")
    with pytest.raises(BadMatchFace):
        pt.dice_odds(pt.MATCH, r(1, 1, 1), face=None)


def test_every_dice_line_is_reachable_and_named():
    for letter, table in pt.SUM_PAYTABLES.items():
        reached = {dice.sum_line(item, letter) for item in ALL_ROLLS} - {None}
        assert reached == set(table), letter
        assert set(table) <= set(pt.SUM_LINE_NAMES)
    for letter, table in pt.BEAT_IT_PAYTABLES.items():
        reached = {dice.beat_it_line(item, letter) for item in ALL_ROLLS} - {None}
        assert reached == set(table), letter
        assert set(table) <= set(pt.BEAT_IT_LINE_NAMES)
    reached = {dice.match_line(item, 5) for item in ALL_ROLLS} - {None}
    assert reached == set(pt.MATCH_PAYTABLE) == set(pt.MATCH_LINE_NAMES)
    assert tuple(pt.SUM_PAYTABLES) == dice.SUM_PAYTABLES
    assert tuple(pt.BEAT_IT_PAYTABLES) == dice.BEAT_IT_PAYTABLES
    assert pt.sum_paytable(pt.DEFAULT_SUM_PAYTABLE) is pt.SUM_PAYTABLES["A"]
    assert pt.beat_it_paytable(pt.DEFAULT_BEAT_IT_PAYTABLE) is pt.BEAT_IT_PAYTABLES["A"]


def _all_payouts():
    for table in (
        *pt.SUM_PAYTABLES.values(),
        pt.MATCH_PAYTABLE,
        *pt.BEAT_IT_PAYTABLES.values(),
        pt.FORTUNE,
        pt.PROGRESSIVE,
    ):
        yield from table.values()
    yield pt.WIN
    yield pt.TIGER_9


def test_no_float_anywhere():
    for payout in _all_payouts():
        assert isinstance(payout, Odds | MeterShare), payout
        if isinstance(payout, Odds):
            assert isinstance(payout.left, int) and isinstance(payout.right, int)
    assert isinstance(pt.COMMISSION, Fraction)
    for amount in pt.ENVY_CENTS.values():
        assert isinstance(amount, int)


# ---------------------------------------------------------------------------
# Starting position (docs/rules/pai_gow.md rules 14-16)
# ---------------------------------------------------------------------------

# Dealer = 1, positions 1-6 = 2-7, then around again.
FIRST_POSITION = {
    3: 2,
    4: 3,
    5: 4,
    6: 5,
    7: 6,
    8: DEALER,
    9: 1,
    10: 2,
    11: 3,
    12: 4,
    13: 5,
    14: 6,
    15: DEALER,
    16: 1,
    17: 2,
    18: 3,
}


@pytest.mark.parametrize("total", range(3, 19))
def test_first_position_every_dice_total(total):
    assert dice.first_position(total) == FIRST_POSITION[total]
    assert dice.first_position(total, dice.POSITIONS) == FIRST_POSITION[total]
    # docs/rules/pai_gow.md rule 15: start = ((total - 1) mod 7) + 1 in the count dealer = 1 ... position 6 = 7.
    assert dice.POSITIONS[((total - 1) % 7 + 1) - 1] == FIRST_POSITION[total]


def test_first_position_rng_numbers_and_examples():
    assert [dice.first_position(n) for n in range(1, 8)] == [DEALER, 1, 2, 3, 4, 5, 6]
    assert dice.first_position(8) == dice.first_position(15) == DEALER
    assert dice.first_position(9) == 1
    assert dice.first_position(14) == 6
    assert dice.first_position(a_roll_totalling(11).total) == 3


def test_first_position_counts_any_table_in_the_given_order():
    seats = ["D", "s6", "s5", "s4", "s3", "s2", "s1"]  # the other way round the table
    assert dice.first_position(2, seats) == "s6"
    assert dice.first_position(8, seats) == "D"
    eight = ["bank", 1, 2, 3, 4, 5, 6, 7]  # a tile table: "the Bank is one, nine and seventeen"
    assert [dice.first_position(n, eight) for n in (1, 9, 17)] == ["bank"] * 3
    assert dice.first_position(5, iter(["only"])) == "only"


def test_delivery_order():
    assert dice.delivery_order(8) == (DEALER, 1, 2, 3, 4, 5, 6)
    assert dice.delivery_order(9) == (1, 2, 3, 4, 5, 6, DEALER)
    assert dice.delivery_order(14) == (6, DEALER, 1, 2, 3, 4, 5)
    assert dice.delivery_order(3) == (2, 3, 4, 5, 6, DEALER, 1)
    for total in range(1, 19):
        order = dice.delivery_order(total)
        assert order[0] == dice.first_position(total)
        assert sorted(order, key=str) == sorted(dice.POSITIONS, key=str)


@pytest.mark.parametrize("total", [0, -3, True, 9.0, "9", None])
def test_first_position_refuses_a_bad_count(total):
    with pytest.raises(ValueError, match="count starts at 1"):
        dice.first_position(total)


@pytest.mark.parametrize("positions", [[], ["dealer", 1, 1]])
def test_first_position_refuses_bad_positions(positions):
    with pytest.raises(ValueError):
        dice.first_position(3, positions)


# ---------------------------------------------------------------------------
# Main wager, commission and Tiger 9
# ---------------------------------------------------------------------------


def test_commission():
    assert pt.COMMISSION == Fraction(1, 20)
    assert pt.commission_cents(1_000) == 50
    assert pt.commission_cents(100) == 5
    assert pt.commission_cents(119) == 5  # 5.95 cents, rounded down
    assert pt.commission_cents(19) == 0
    assert pt.commission_cents(0) == 0
    assert pt.commission_cents(1_000, pt.COMMISSION_FREE) == 0
    assert pt.main_win_cents(1_000) == 950
    assert pt.main_win_cents(2_500, pt.STANDARD) == 2_375
    assert pt.main_win_cents(1_000, pt.COMMISSION_FREE) == 1_000
    assert pt.WIN == Odds(1)
    assert pt.DEFAULT_VARIATION == pt.COMMISSION_FREE


@pytest.mark.parametrize("bad", [-1, 1.5, True, "100"])
def test_commission_refuses_nonsense(bad):
    with pytest.raises(ValueError):
        pt.commission_cents(bad)


def test_commission_unknown_variation():
    with pytest.raises(ValueError, match="variation"):
        pt.commission_cents(100, "casino_banked")


def test_tiger_9_odds_and_push():
    assert pt.TIGER_9 == Odds(30)
    assert str(pt.TIGER_9) == "30 to 1"
    assert pt.TIGER_9.winnings_cents(500) == 15_000
    assert pt.MAIN_WAGER_ON_DEALER_TIGER_9 == pt.PUSH


@pytest.mark.parametrize(
    "low, expected",
    [
        ("9S 8H", True),
        ("2C 9D", True),
        ("9H 5H", True),
        ("9S 9H", False),  # a pair
        ("TS 9H", False),  # 10-high
        ("AS 9H", False),
        ("JK 9H", False),  # the joker is an ace in the low hand
        ("8S 7H", False),
        ("KS QH", False),
    ],
)
def test_is_tiger_9(low, expected):
    assert pt.is_tiger_9(cards(low)) is expected


def test_is_tiger_9_needs_two_cards():
    with pytest.raises(ValueError):
        pt.is_tiger_9(cards("9S 8H 2C"))


# ---------------------------------------------------------------------------
# Fortune, Envy, progressive payout (docs/rules/pai_gow.md § 9)
# ---------------------------------------------------------------------------


def test_fortune_envy_progressive_values():
    assert list(pt.FORTUNE) == list(pt.SEVEN_CARD_LINES)
    assert [pt.FORTUNE[line].left for line in pt.SEVEN_CARD_LINES] == [
        8000, 2000, 1000, 400, 150, 50, 25, 5, 4, 3, 2,
    ]  # fmt: skip
    assert all(odds.right == 1 and not odds.for_one for odds in pt.FORTUNE.values())
    assert list(pt.ENVY_CENTS) == list(pt.SEVEN_CARD_LINES[:7])
    assert list(pt.ENVY_CENTS.values()) == [500_000, 100_000, 50_000, 25_000, 5_000, 2_000, 500]
    assert pt.ENVY_MIN_FORTUNE_WAGER_CENTS == 500
    assert list(pt.PROGRESSIVE) == list(pt.SEVEN_CARD_LINES[:8])
    assert list(pt.PROGRESSIVE.values()) == [
        MeterShare(100),
        MeterShare(10),
        MeterShare(10),
        Odds(500, for_one=True),
        Odds(100, for_one=True),
        Odds(50, for_one=True),
        Odds(25, for_one=True),
        Odds(5, for_one=True),
    ]
    assert pt.PROGRESSIVE[pt.FIVE_ACES].winnings_cents(pt.PROGRESSIVE_WAGER_CENTS) == 49_900
    assert pt.PROGRESSIVE_WAGER_CENTS == 100
    assert "not PA text" in pt.FORTUNE_SOURCE and "not PA text" in pt.PROGRESSIVE_SOURCE
    assert set(pt.SEVEN_CARD_LINE_NAMES) == set(pt.SEVEN_CARD_LINES)
    assert pt.DEFAULT_MYSTERY_CONFIGURATION == "A"


def test_envy_cents():
    lines = [pt.FOUR_OF_A_KIND, None, pt.FLUSH, pt.FIVE_ACES]
    assert pt.envy_cents(lines, 500) == 25_500
    assert pt.envy_cents(lines, 499) == 0
    assert pt.envy_cents([], 10_000) == 0


# ---------------------------------------------------------------------------
# Paytables against the regulation's text
# ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def seed_text():
    assert SEED.is_file(), f"the regulation's text is missing from {SEED}"
    return SEED.read_text(encoding="utf-8")


def _between(text, start, end):
    begin = text.index(start)
    return text[begin : text.index(end, begin + len(start))]


def _odds(cell):
    match = re.fullmatch(r"(\d+) to (\d+)", cell.strip())
    assert match, f"unreadable paytable cell {cell!r}"
    return Odds(int(match[1]), int(match[2]))


def _rows(text):
    """The cells of every pipe-table row in ``text`` (separator rows skipped)."""
    rows = []
    for line in text.splitlines():
        if not line.startswith("|") or set(line) <= set("|-"):
            continue
        rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return rows


@pytest.fixture(scope="module")
def section_645c_1(seed_text):
    return _between(seed_text, "§ 645c.1. Commission-free Pai Gow Poker.", "§ 645c.2.")


@pytest.fixture(scope="module")
def section_645c_2(seed_text):
    return _between(seed_text, "§ 645c.2. Player-activated Pai Gow Poker;", "§ 645c.3.")


def test_tiger_9_equals_seed(section_645c_1):
    match = re.search(
        r"\(g\) The certificate holder shall pay out winning Tiger 9 wagers at odds of (.+?)\.",
        section_645c_1,
    )
    assert match
    assert _odds(match[1]) == pt.TIGER_9
    assert "(1) Has a Tiger 9, the player's Pai Gow Poker wager shall push" in section_645c_1
    assert pt.MAIN_WAGER_ON_DEALER_TIGER_9 == pt.PUSH
    assert "Tiger 9—The dealer's two-card low hand which contains a 9-high." in section_645c_1
    assert "in which no vigorish is collected" in section_645c_1
    assert pt.commission_cents(10_000, pt.COMMISSION_FREE) == 0
    # § 645c.1 has no other odds than the Tiger 9's.
    assert re.findall(r"\d+ to \d+", section_645c_1) == ["30 to 1"]


def test_sum_paytables_equal_seed(section_645c_2):
    block = _between(section_645c_2, "(1) A winning Sum wager", "(2) A winning Match wager")
    read, letters = {}, None
    for cells in _rows(block):
        if any(cell.startswith("Paytable") for cell in cells):
            # Two tables side by side: (label, payout) column pairs; the pair's
            # header names the paytable in either of its two cells.
            letters = []
            for i in range(0, len(cells), 2):
                pair = " ".join(cells[i : i + 2])
                letters.append(re.search(r"Paytable ([A-Z])", pair)[1])
            for letter in letters:
                read[letter] = {}
            continue
        assert letters is not None, cells
        for letter, i in zip(letters, range(0, len(cells), 2), strict=True):
            if cells[i]:
                read[letter][cells[i]] = _odds(cells[i + 1])
    assert list(read) == ["A", "B", "C", "D"]
    expected = {
        letter: {pt.SUM_LINE_NAMES[line]: odds for line, odds in table.items()}
        for letter, table in pt.SUM_PAYTABLES.items()
    }
    assert read == expected
    # Row order too, as printed.
    for letter in read:
        assert list(read[letter]) == list(expected[letter])


def test_sum_winning_results_equal_seed(section_645c_2):
    """(e)(1)(i)-(iv) name the results; the (g)(1) paytables A-D pay them, in that order."""
    block = _between(section_645c_2, "(1) A Sum wager", "(2) A Match wager")
    totals_a = re.search(r"\(i\) The total of the three dice is equal to an ([\d, or]+)\.", block)[1]
    totals_b = re.search(r"\(ii\) The total of the three dice is equal to a ([\d, or]+)\.", block)[1]
    for letter, text in (("A", totals_a), ("B", totals_b)):
        numbers = tuple(sorted(int(n) for n in re.findall(r"\d+", text)))
        assert numbers == dice.SUM_TOTALS[letter]
        assert {dice.SUM_TOTAL_LINES[n] for n in numbers} == set(pt.SUM_PAYTABLES[letter])
    assert "(iii) At least two of the dice are matching." in block
    assert "(iv) The three dice form a series, such as a 1, 2 and 3 or 3, 4 and 5." in block
    assert dice.sum_line(r(1, 2, 3), "D") == dice.sum_line(r(3, 4, 5), "D") == SERIES


def test_match_paytable_equals_seed(section_645c_2):
    block = _between(section_645c_2, "(2) A winning Match wager", "(3) A winning Beat It wager")
    rows = _rows(block)
    assert rows[0] == ["Payout"]
    read = {cells[0]: _odds(cells[1]) for cells in rows[1:]}
    expected = {pt.MATCH_LINE_NAMES[line]: odds for line, odds in pt.MATCH_PAYTABLE.items()}
    assert read == expected
    assert list(read) == list(expected)
    assert (
        "(2) A Match wager which shall win if at least two of the dice match the value selected"
        in section_645c_2
    )
    assert "(2) Six separate betting areas for each player inscribed with a one through six" in section_645c_2
    assert dice.FACES == (1, 2, 3, 4, 5, 6)


def test_beat_it_paytables_equal_seed(section_645c_2):
    block = _between(section_645c_2, "(3) A winning Beat It wager", "After settling the Sum wager")
    read, letters = {}, None
    for cells in _rows(block):
        if cells[0].startswith("Red Die") or (len(cells) == 1 and cells[0].startswith("Paytable")):
            letters = [
                cell.removeprefix("Paytable ").strip() for cell in cells if cell.startswith("Paytable")
            ]
            for letter in letters:
                read[letter] = {}
            continue
        assert letters is not None and len(cells) == len(letters) + 1, cells
        for letter, cell in zip(letters, cells[1:], strict=True):
            read[letter][cells[0]] = _odds(cell)
    assert list(read) == ["A", "B", "C"]
    expected = {
        letter: {pt.BEAT_IT_LINE_NAMES[line]: odds for line, odds in table.items()}
        for letter, table in pt.BEAT_IT_PAYTABLES.items()
    }
    assert read == expected
    for letter in read:
        assert list(read[letter]) == list(expected[letter])
    assert "| Red Die Beats Sum of Blue Dice by: | Paytable A | Paytable B |" in block


def test_beat_it_results_and_dice_equal_seed(section_645c_2):
    assert (
        "(i) The red dice is equal in value to or greater than the sum of the two blue dice."
        in section_645c_2
    )
    assert "the red dice is a 6 and the two blue dice are a 2 and a 1" in section_645c_2
    assert dice.beat_it_line(r(6, 2, 1), "A") is not None
    assert "(ii) A single dice beats the sum of the two other dice by one to four points." in section_645c_2
    assert "the dice rolled are a five, a one and a one (5−(1+1)=3)" in section_645c_2
    assert dice.beat_it_line(r(5, 1, 1), "C") is not None
    assert dice.beat_it_line(r(1, 5, 1), "C") is not None
    assert (
        "(c) If the certificate holder is offering the Beat It wager in accordance with subsection (e)(3)(i), "
        "the one red and two blue dice shall be used in the shaker." in section_645c_2
    )
    assert dice.RED_BLUE_PAYTABLES == ("A", "B")
    assert "Shake the dice for at least 5 seconds" in section_645c_2


def test_every_number_of_645c_2_is_in_the_data(section_645c_2):
    """Belt and braces: every "x to y" the section prints is one of our odds,
    as many times as the paytables print it."""
    tables = _between(section_645c_2, "(g) After the dice come to rest", "After settling the Sum wager")
    printed = sorted([_odds(text) for text in re.findall(r"\d+ to \d+", tables)], key=str)
    ours = sorted(
        [
            *(odds for table in pt.SUM_PAYTABLES.values() for odds in table.values()),
            *pt.MATCH_PAYTABLE.values(),
            *(odds for table in pt.BEAT_IT_PAYTABLES.values() for odds in table.values()),
        ],
        key=str,
    )
    assert printed == ours


def test_mystery_bonus_configurations_equal_seed(seed_text):
    section = _between(seed_text, "§ 645c.3. Must-Hit-By Mystery bonus.", "(5) If a player has won")
    pattern = re.compile(
        r"Configuration ([A-D])\n"
        r"Minimum progressive wager amount—\$(\d+)\n"
        r"Minimum dollar value \$([\d,]+)\n"
        r"Maximum dollar value \$([\d,]+)\n"
        r"Incremental contribution rate ([\d.]+)%"
    )
    read = {
        (label, int(wager)): (
            int(low.replace(",", "")),
            int(high.replace(",", "")),
            int(Decimal(rate) * 100),
        )
        for label, wager, low, high, rate in pattern.findall(section)
    }
    assert len(read) == 12
    assert read == MUST_HIT_BY_CONFIGURATIONS
    assert "placing a Pai Gow Poker wager and a progressive payout wager" in section
