"""Spanish 21 and Player's Edge 21 side wagers and paytables: the pure
classifiers on hand-built hands, and the paytables against the seed text.

The seed-text checks read the regulation as published, kept in the
repository (docs/regulation/54-Pa.B.-2923.txt); the hard-coded checks below
pin the most important values as well.
"""

import re
from fractions import Fraction
from pathlib import Path

import pytest

from games.blackjack import side_wagers as sw
from games.cards.cards import card, cards
from games.down_under_blackjack import paytables as down_under
from games.payouts import MeterShare, Odds
from games.players_edge21 import paytables as pe21
from games.spanish21 import paytables as s21

# The regulation's text, as published (54 Pa.B. 2923), kept in the repository.
SEED = Path(__file__).resolve().parents[1] / "docs/regulation/54-Pa.B.-2923.txt"


# ---------------------------------------------------------------------------
# Payout kinds
# ---------------------------------------------------------------------------


def test_odds_to_and_for():
    assert Odds(3, 2).winnings(1000) == 1500
    assert Odds(3, 2).returned(1000) == 2500
    assert Odds(8).winnings(100) == 800
    assert Odds(200, for_one=True).winnings(100) == 19_900
    assert Odds(200, for_one=True).returned(100) == 20_000
    assert Odds(3, 2).winnings(1) == Fraction(3, 2)
    assert Odds(3, 2).winnings_cents(101) == 151
    assert str(Odds(3, 2)) == "3 to 2"
    assert str(Odds(25, for_one=True)) == "25 for 1"
    assert str(MeterShare(10)) == "10% of the meter"
    assert MeterShare(10).basis_points == 1000


@pytest.mark.parametrize("bad", [(0, 1), (1, 0), (-2, 1), (1.5, 1), (True, 1)])
def test_odds_refuse_nonsense(bad):
    with pytest.raises(ValueError):
        Odds(*bad)


@pytest.mark.parametrize("bad", [0, 101, 10.0, True])
def test_meter_share_refuses_nonsense(bad):
    with pytest.raises(ValueError):
        MeterShare(bad)


def _all_payouts():
    for table in s21.BONUS_21, *s21.MATCH_THE_DEALER.values():
        yield from table.values()
    for tables in s21.MATCH_THE_DEALER_PROGRESSIVE.values():
        for table in tables.values():
            yield from table.values()
    for tables in pe21.MATCH_UP_MATCH_DOWN.values():
        for table in tables.values():
            yield from table.values()
    for table in pe21.MONSTER_MATCH.values():
        yield from table.values()


def test_no_float_anywhere():
    for payout in _all_payouts():
        assert isinstance(payout, Odds | MeterShare)
        for value in vars(payout).values():
            assert not isinstance(value, float)


# ---------------------------------------------------------------------------
# Match the Dealer progressive: § 635c.1(a)
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "player, upcard, expected",
    [
        ("AS AS", "AS", "a1"),  # (a)(1) two suited, aces of spades
        ("AH AH", "AH", "a2"),  # (a)(2) two suited aces, not spades
        ("KS KS", "KS", "a2"),  # (a)(2) two suited, spades but not aces
        ("7D 7D", "7D", "a2"),
        ("AS AH", "AS", "a3"),  # (a)(3) one suited + one non-suited
        ("9C 9C", "9D", "a5"),  # two identical cards, not the upcard's suit
        ("AH AS", "AS", "a3"),
        ("AS 5H", "AS", "a4"),  # (a)(4) one suited
        ("2C QD", "QD", "a4"),
        ("AH AD", "AS", "a5"),  # (a)(5) two non-suited
        ("AH 4D", "AS", "a6"),  # (a)(6) one non-suited
        ("KH 4D", "AS", None),  # no match: loses
        ("KH QH", "JH", None),  # equal value is not equal rank
    ],
)
def test_match_the_dealer_combination(player, upcard, expected):
    assert sw.match_the_dealer_combination(cards(player), card(upcard)) == expected


def test_match_the_dealer_combination_needs_two_cards():
    with pytest.raises(ValueError):
        sw.match_the_dealer_combination(cards("AS"), card("AS"))
    with pytest.raises(ValueError):
        sw.match_the_dealer_combination(cards("AS AS AS"), card("AS"))


def test_every_combination_reachable_and_ordered():
    """All combinations in order, and the match counts behind each."""
    assert sw.MATCH_THE_DEALER_COMBINATIONS == tuple(sw.MATCH_THE_DEALER_COMBINATION_NAMES)
    assert sw.match_counts(cards("AS AH"), card("AS")) == (1, 1)
    assert sw.match_counts(cards("AD AH"), card("AS")) == (0, 2)
    assert sw.match_counts(cards("AS AS"), card("AS")) == (2, 0)


# ---------------------------------------------------------------------------
# Fixed match lines: Spanish 21 Match the Dealer, Match-Up, Match-Down
# ---------------------------------------------------------------------------

MATCH_CASES = [
    ("8H 8H", "8H", sw.TWO_SUITED),
    ("AS AS", "AS", sw.TWO_SUITED),  # the ace-of-spades line is only the progressive's
    ("8H 8C", "8H", sw.SUITED_AND_UNSUITED),
    ("8C 8H", "8H", sw.SUITED_AND_UNSUITED),
    ("8H 3C", "8H", sw.ONE_SUITED),
    ("8D 8C", "8H", sw.TWO_UNSUITED),
    ("3C 8S", "8H", sw.ONE_UNSUITED),
    ("3C 9S", "8H", None),
]


@pytest.mark.parametrize("player, dealer, expected", MATCH_CASES)
def test_match_lines(player, dealer, expected):
    assert sw.match_the_dealer_fixed(cards(player), card(dealer)) == expected
    assert sw.match_up(cards(player), card(dealer)) == expected
    assert sw.match_down(cards(player), card(dealer)) == expected


def test_match_up_reads_upcard_match_down_reads_hole_card():
    player, upcard, hole = cards("QS 5D"), card("QS"), card("5H")
    assert sw.match_up(player, upcard) == sw.ONE_SUITED
    assert sw.match_down(player, hole) == sw.ONE_UNSUITED


def test_every_match_line_has_a_payout():
    for table in s21.MATCH_THE_DEALER.values():
        assert set(table) == set(sw.MATCH_LINES)
    for tables in pe21.MATCH_UP_MATCH_DOWN.values():
        for table in tables.values():
            assert tuple(table) == sw.MATCH_LINES


# ---------------------------------------------------------------------------
# Monster Match: § 635c.2(d)(2)(iii)(B), highest only
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "player, dealer, expected",
    [
        ("9C 9C", "9C 9C", sw.FOUR_OF_A_KIND_SUITED),
        ("9H 9D", "9H 9H", sw.FOUR_OF_A_KIND_SAME_COLOR),
        ("9S 9C", "9C 9S", sw.FOUR_OF_A_KIND_SAME_COLOR),
        ("9S 9H", "9D 9C", sw.FOUR_OF_A_KIND),
        ("9H 9H", "9H 9S", sw.FOUR_OF_A_KIND),  # holds a suited three: still four of a kind
        ("9H 9D", "9H KS", sw.THREE_OF_A_KIND_SAME_COLOR),
        ("QS QS", "QS 2D", sw.THREE_OF_A_KIND_SAME_COLOR),  # suited three: same colour line
        ("9H 9S", "9D KS", sw.THREE_OF_A_KIND),
        ("9H 9H", "9S KS", sw.THREE_OF_A_KIND),  # a suited pair inside: three of a kind only
        ("9H 9H", "2S KS", sw.SUITED_PAIR),  # the player's own suited pair
        ("9H 2C", "9H KS", sw.SUITED_PAIR),  # player card + dealer card
        ("3H 2C", "KS KS", sw.SUITED_PAIR),  # the dealer's two cards (literal reading)
        ("9H 9H", "KS KS", sw.SUITED_PAIR),  # two suited pairs: paid once
        ("9H 9D", "2S KS", None),  # an unsuited pair wins nothing
        ("9H 9D", "KS KC", None),
        ("AH 2D", "3S 4C", None),
    ],
)
def test_monster_match_event(player, dealer, expected):
    assert sw.monster_match_event(cards(player), cards(dealer)) == expected


def test_monster_match_events_follow_the_paytable_order():
    assert sw.MONSTER_MATCH_EVENTS == tuple(sw.MONSTER_MATCH_EVENT_NAMES)
    for table in pe21.MONSTER_MATCH.values():
        assert tuple(table) == sw.MONSTER_MATCH_EVENTS


# ---------------------------------------------------------------------------
# Bonus 21s: § 635a.12(b); diamonds in Player's Edge 21 (§ 635c.2(g)(2))
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "hand, spanish, players_edge",
    [
        ("6H 7S 8D", sw.SIX_SEVEN_EIGHT_MIXED, sw.SIX_SEVEN_EIGHT_MIXED),
        ("8C 6C 7C", sw.SIX_SEVEN_EIGHT_SUITED, sw.SIX_SEVEN_EIGHT_SUITED),
        ("6S 7S 8S", sw.SIX_SEVEN_EIGHT_PREMIUM, sw.SIX_SEVEN_EIGHT_SUITED),
        ("6D 7D 8D", sw.SIX_SEVEN_EIGHT_SUITED, sw.SIX_SEVEN_EIGHT_PREMIUM),
        ("7H 7S 7D", sw.SEVEN_SEVEN_SEVEN_MIXED, sw.SEVEN_SEVEN_SEVEN_MIXED),
        ("7H 7H 7H", sw.SEVEN_SEVEN_SEVEN_SUITED, sw.SEVEN_SEVEN_SEVEN_SUITED),
        ("7S 7S 7S", sw.SEVEN_SEVEN_SEVEN_PREMIUM, sw.SEVEN_SEVEN_SEVEN_SUITED),
        ("7D 7D 7D", sw.SEVEN_SEVEN_SEVEN_SUITED, sw.SEVEN_SEVEN_SEVEN_PREMIUM),
        ("2H 3S 4D 5C 7H", sw.FIVE_CARD_21, sw.FIVE_CARD_21),
        ("AH 2S 3D 5C KH", sw.FIVE_CARD_21, sw.FIVE_CARD_21),  # ace as 1
        ("AH 2S 3D 2C 3H", sw.FIVE_CARD_21, sw.FIVE_CARD_21),  # soft 21
        ("2H 2S 3D 4C 5H 5D", sw.SIX_CARD_21, sw.SIX_CARD_21),
        ("AH 2S 2D 3C 3H 4D 6C", sw.SEVEN_CARD_21, sw.SEVEN_CARD_21),
        ("AH AS AD AC 2H 2S 3D 3C 7S", sw.SEVEN_CARD_21, sw.SEVEN_CARD_21),  # 9 cards
        ("AS KS", None, None),  # blackjack or split 21: no bonus line
        ("9H 5S 7D", None, None),  # three-card 21 that is neither 6-7-8 nor 7-7-7
        ("5H 5S 4D 7C", None, None),  # four-card 21
        ("2H 3S 4D 5C 6H", None, None),  # five cards, 20
        ("6H 7S 9D", None, None),  # bust
    ],
)
def test_bonus_21(hand, spanish, players_edge):
    assert sw.bonus_21(cards(hand)) == spanish
    assert sw.bonus_21(cards(hand), s21.PREMIUM_SUIT) == spanish
    assert sw.bonus_21(cards(hand), pe21.PREMIUM_SUIT) == players_edge
    assert sw.bonus_21(cards(hand), doubled=True) is None


def test_bonus_21_odds_and_suits():
    assert s21.PREMIUM_SUIT == "S" and pe21.PREMIUM_SUIT == "D"
    assert set(s21.BONUS_21) == set(sw.BONUS_21_LINES) == set(pe21.BONUS_21)
    assert s21.BONUS_21[sw.SIX_SEVEN_EIGHT_MIXED] == Odds(3, 2)
    assert s21.BONUS_21[sw.SIX_SEVEN_EIGHT_SUITED] == Odds(2)
    assert s21.BONUS_21[sw.SEVEN_SEVEN_SEVEN_PREMIUM] == Odds(3)
    assert s21.BONUS_21[sw.FIVE_CARD_21] == Odds(3, 2)
    assert s21.BONUS_21[sw.SIX_CARD_21] == Odds(2)
    assert s21.BONUS_21[sw.SEVEN_CARD_21] == Odds(3)
    assert pe21.BONUS_21 == s21.BONUS_21
    # The 3-to-1 line is spades in one game, diamonds in the other.
    spade_678 = cards("6S 7S 8S")
    assert s21.BONUS_21[sw.bonus_21(spade_678, s21.PREMIUM_SUIT)] == Odds(3)
    assert pe21.BONUS_21[sw.bonus_21(spade_678, pe21.PREMIUM_SUIT)] == Odds(2)
    assert pe21.BONUS_21[sw.bonus_21(cards("7D 7D 7D"), pe21.PREMIUM_SUIT)] == Odds(3)
    assert s21.BONUS_21_NAMES[sw.SIX_SEVEN_EIGHT_PREMIUM] == "6-7-8 of spades"
    assert pe21.BONUS_21_NAMES[sw.SEVEN_SEVEN_SEVEN_PREMIUM] == "7-7-7 of diamonds"


# ---------------------------------------------------------------------------
# Super bonuses, insurance, main wager
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "hand, upcard, doubled, split, expected",
    [
        ("7H 7H 7H", "7S", False, False, True),  # any 7 up
        ("7S 7S 7S", "7S", False, False, True),
        ("7H 7H 7H", "8H", False, False, False),  # no 7 up
        ("7H 7H 7D", "7H", False, False, False),  # not suited
        ("7H 7H 7H", "7H", True, False, False),  # doubled
        ("7H 7H 7H", "7H", False, True, False),  # split
        ("7H 7H 7H 7H", "7H", False, False, False),  # busted four-card hand
    ],
)
def test_super_bonus_conditions(hand, upcard, doubled, split, expected):
    assert sw.super_bonus(cards(hand), card(upcard), doubled=doubled, split=split) is expected
    assert sw.seven_seven_seven_seven(cards(hand), card(upcard), doubled=doubled, split=split) is expected


def test_super_bonus_amounts():
    assert s21.super_bonus_cents(499) == 0
    assert s21.super_bonus_cents(500) == 100_000
    assert s21.super_bonus_cents(2_499) == 100_000
    assert s21.super_bonus_cents(2_500) == 500_000
    assert s21.super_bonus_cents(1_000_000) == 500_000
    assert pe21.super_bonus_cents(2_500) == 500_000
    assert s21.ENVY_BONUS_CENTS == 5_000


def test_players_edge_other_player_payments():
    """§ 635c.2(g)(3)(i): $50, or $100 with a seven in the first two cards."""
    assert pe21.other_player_cents(cards("KS 9D")) == 5_000
    assert pe21.other_player_cents(cards("KS 7D")) == 10_000
    assert pe21.other_player_cents(cards("7S 7D")) == 10_000
    assert sw.has_seven(cards("2C 7H")) and not sw.has_seven(cards("2C 8H"))


def test_players_edge_insurance():
    """§ 635c.2(b)(1): 2 to 1 non-suited, 5 to 1 suited dealer blackjack."""
    assert pe21.insurance_odds(cards("AS KS")) == Odds(5)
    assert pe21.insurance_odds(cards("AD JD")) == Odds(5)
    assert pe21.insurance_odds(cards("AS KH")) == Odds(2)
    assert pe21.insurance_odds(cards("AS 9S")) is None
    assert pe21.insurance_odds(cards("AS AS")) is None
    assert sw.is_suited_blackjack(cards("QC AC"))
    assert pe21.INSURANCE == Odds(2) and pe21.INSURANCE_SUITED_BLACKJACK == Odds(5)


def test_main_wager_odds():
    assert s21.WIN == pe21.WIN == Odds(1)
    assert s21.BLACKJACK == pe21.BLACKJACK == Odds(3, 2)
    assert s21.INSURANCE == Odds(2)


# ---------------------------------------------------------------------------
# Paytables: key values, hard-coded (run without the seed)
# ---------------------------------------------------------------------------


def test_spanish21_match_the_dealer_fixed():
    def column(decks):
        return [str(s21.MATCH_THE_DEALER[decks][line]) for line in sw.MATCH_LINES]

    # two suited, suited + non-suited, one suited, two non-suited, one non-suited
    assert column(6) == ["18 to 1", "13 to 1", "9 to 1", "8 to 1", "4 to 1"]
    assert column(8) == ["24 to 1", "15 to 1", "12 to 1", "6 to 1", "3 to 1"]


def test_match_the_dealer_progressive_key_values():
    progressive = s21.MATCH_THE_DEALER_PROGRESSIVE
    assert set(progressive) == {6, 8}
    for decks in (6, 8):
        assert list(progressive[decks]) == list(range(1, 11))
        for table in progressive[decks].values():
            assert table["a1"] == MeterShare(100)
            assert table["a2"] == MeterShare(10)
            assert all(not table[key].for_one for key in ("a3", "a4", "a5", "a6"))
    assert progressive[6][3]["a3"] == Odds(75) and progressive[6][3]["a5"] == Odds(25)
    assert progressive[6][10]["a4"] == Odds(7)
    assert progressive[8][6]["a3"] == Odds(100) and progressive[8][6]["a5"] == Odds(20)
    assert progressive[8][10]["a3"] == Odds(13)
    assert s21.match_the_dealer_progressive(6, 1) is progressive[6][1]
    with pytest.raises(ValueError):
        s21.match_the_dealer_progressive(5, 1)
    with pytest.raises(ValueError):
        s21.match_the_dealer_progressive(6, 11)


def test_players_edge_match_key_values():
    assert pe21.match_paytable(5, "C") is pe21.match_paytable(6, "C")
    assert pe21.match_paytable(6, "C")[sw.TWO_SUITED] == Odds(26)
    assert pe21.match_paytable(8, "A")[sw.ONE_UNSUITED] == Odds(4)
    assert pe21.match_paytable(8, "B")[sw.SUITED_AND_UNSUITED] == Odds(15)
    with pytest.raises(ValueError):
        pe21.match_paytable(8, "C")
    with pytest.raises(ValueError):
        pe21.match_paytable(7, "A")


def test_monster_match_key_values():
    table = pe21.MONSTER_MATCH
    assert list(table) == ["A", "B", "C", "D", "E"]
    assert table["A"][sw.FOUR_OF_A_KIND_SAME_COLOR] == MeterShare(10)
    assert table["C"][sw.FOUR_OF_A_KIND_SAME_COLOR] == MeterShare(100)
    assert table["E"][sw.THREE_OF_A_KIND_SAME_COLOR] == Odds(25, for_one=True)
    assert table["A"][sw.SUITED_PAIR].returned(100) == 300  # 3 for 1: stake included
    assert all(t[sw.FOUR_OF_A_KIND] == Odds(200, for_one=True) for t in table.values())
    assert pe21.monster_match_paytable("D") is table["D"]
    with pytest.raises(ValueError):
        pe21.monster_match_paytable("F")


def test_monster_match_paytables_pair_with_the_pools():
    """The § 635c.2(h) paytables carry the letters of the § 635c.2(d)(2)(iii)(C)
    pools, which live with the meters."""
    from games.players_edge21.paytables import MONSTER_MATCH_POOLS

    assert set(pe21.MONSTER_MATCH) == set(MONSTER_MATCH_POOLS)


# ---------------------------------------------------------------------------
# Paytables against the seed text
# ---------------------------------------------------------------------------

needs_seed = pytest.mark.skipif(
    not SEED.is_file(),
    reason=f"the regulation's text is missing from {SEED}",
)


@pytest.fixture(scope="module")
def seed_text():
    return SEED.read_text(encoding="utf-8")


def _between(text, start, end):
    begin = text.index(start)
    return text[begin : text.index(end, begin + len(start))]


def _payout(cell):
    cell = cell.strip()
    match = re.fullmatch(r"(\d+)% (?:of )?progressive", cell)
    if match:
        return MeterShare(int(match[1]))
    match = re.fullmatch(r"(\d+) (to|for) (\d+)", cell)
    assert match, f"unreadable paytable cell {cell!r}"
    return Odds(int(match[1]), int(match[3]), for_one=match[2] == "for")


def _cells(line):
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def _tables(text, first_header_cell):
    """The seed's pipe tables in ``text`` whose header row starts with
    ``first_header_cell``: a list of (title, {column label: {row name: payout}}),
    the title being the one-cell row above the header ("Six Decks") or ""."""
    found = []
    title, columns, rows = "", None, None
    for line in text.splitlines():
        if not line.startswith("|"):
            columns = None
            continue
        cells = _cells(line)
        if set(line) <= set("|-"):
            continue
        if len(cells) == 1:
            title, columns = cells[0], None
            continue
        if cells[0] == first_header_cell:
            columns = [cell.removeprefix("Paytable ").strip() for cell in cells[1:]]
            rows = {label: {} for label in columns}
            found.append((title, rows))
            continue
        if columns is None:
            continue
        assert len(cells) == len(columns) + 1, line
        for label, value in zip(columns, cells[1:], strict=True):
            rows[label][cells[0]] = _payout(value)
    return found


MTD_ROWS = {
    "a1": "Two suited match—aces of spades",
    "a2": "Two suited match—all others",
    "a3": "One non-suited and one suited match",
    "a4": "One suited match",
    "a5": "Two non-suited matches",
    "a6": "One non-suited match",
}
# Six decks, Paytables 9-10 write the second row "Two other suited match—all others".
MTD_ROW_VARIANTS = {"Two other suited match—all others": "Two suited match—all others"}


@needs_seed
def test_match_the_dealer_progressive_equals_seed(seed_text):
    section = _between(seed_text, "§ 635c.1. Match the Dealer progressive Spanish 21 wager.", "§ 635c.2")
    tables = _between(section, "(i) The certificate holder shall pay", "(j) The initial seed")
    read = {6: {}, 8: {}}
    for title, columns in _tables(tables, "Result"):
        decks = {"Six Decks": 6, "Eight Decks": 8}[title]
        for label, rows in columns.items():
            rows = {MTD_ROW_VARIANTS.get(name, name): payout for name, payout in rows.items()}
            assert list(rows) == list(MTD_ROWS.values()), (decks, label)
            read[decks][int(label)] = {key: rows[name] for key, name in MTD_ROWS.items()}
    assert {decks: sorted(tables) for decks, tables in read.items()} == {
        6: list(range(1, 11)),
        8: list(range(1, 11)),
    }
    assert read == s21.MATCH_THE_DEALER_PROGRESSIVE


@needs_seed
def test_down_under_match_the_dealer_progressive_equals_seed(seed_text):
    """§ 685c.1(i), read from the seed's own tables, is Down Under Blackjack's data (not § 635c.1(i))."""
    section = _between(
        seed_text, "§ 685c.1. Match the Dealer progressive Down Under Blackjack wager.", "CHAPTER 687c"
    )
    tables = _between(section, "(i) The certificate holder shall pay", "(j) The initial seed")
    read = {6: {}, 8: {}}
    for title, columns in _tables(tables, "Result"):
        decks = {"Six Decks": 6, "Eight Decks": 8}[title]
        for label, rows in columns.items():
            rows = {MTD_ROW_VARIANTS.get(name, name): payout for name, payout in rows.items()}
            assert list(rows) == list(MTD_ROWS.values()), (decks, label)
            read[decks][int(label)] = {key: rows[name] for key, name in MTD_ROWS.items()}
    assert {decks: sorted(found) for decks, found in read.items()} == {
        6: list(range(1, 11)),
        8: list(range(1, 11)),
    }
    assert read == down_under.MATCH_THE_DEALER_PROGRESSIVE
    assert read != s21.MATCH_THE_DEALER_PROGRESSIVE


@needs_seed
def test_match_the_dealer_combinations_equal_in_down_under(seed_text):
    """§ 685c.1(a) lists the same six combinations as § 635c.1(a), word for
    word, so one classifier serves both games."""

    def combinations(section_start):
        section = _between(seed_text, section_start, "(b) ")
        return [line for line in section.splitlines() if re.match(r"\([1-6]\) ", line)]

    spanish = combinations("§ 635c.1. Match the Dealer progressive Spanish 21 wager.")
    down_under = combinations("§ 685c.1. Match the Dealer progressive Down Under Blackjack wager.")
    assert len(spanish) == 6
    assert spanish == down_under
    for key, line in zip(sw.MATCH_THE_DEALER_COMBINATIONS, spanish, strict=True):
        assert line.split("—")[0].endswith(sw.MATCH_THE_DEALER_COMBINATION_NAMES[key]), line


@needs_seed
def test_match_up_match_down_equal_seed(seed_text):
    section = _between(seed_text, "(4) A winning Match-Up wager", "(h) A winning Monster")
    five_six = _between(section, "(i) A certificate holder", "(ii) A certificate holder")
    eight = section[section.index("(ii) A certificate holder") :]
    names = [sw.MATCH_LINE_NAMES[line] for line in sw.MATCH_LINES]
    for text, expected in ((five_six, pe21.MATCH_FIVE_OR_SIX_DECKS), (eight, pe21.MATCH_EIGHT_DECKS)):
        [(_, columns)] = _tables(text, "Hand")
        assert list(columns) == list(expected)
        for label, rows in columns.items():
            assert list(rows) == names
            assert rows == {sw.MATCH_LINE_NAMES[line]: odds for line, odds in expected[label].items()}
    for decks in (5, 6):
        assert pe21.MATCH_UP_MATCH_DOWN[decks] is pe21.MATCH_FIVE_OR_SIX_DECKS
    assert pe21.MATCH_UP_MATCH_DOWN[8] is pe21.MATCH_EIGHT_DECKS


@needs_seed
def test_monster_match_equals_seed(seed_text):
    section = _between(seed_text, "(h) A winning Monster Match wager", "CHAPTER 639c")
    read = {}
    for _, columns in _tables(section, "Triggering Event"):
        read.update(columns)
    assert sorted(read) == ["A", "B", "C", "D", "E"]
    names = [sw.MONSTER_MATCH_EVENT_NAMES[event] for event in sw.MONSTER_MATCH_EVENTS]
    for label, rows in read.items():
        assert list(rows) == names
        expected = pe21.MONSTER_MATCH[label]
        assert rows == {sw.MONSTER_MATCH_EVENT_NAMES[event]: payout for event, payout in expected.items()}
