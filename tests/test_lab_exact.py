"""The lab's exact rows (games/<game>/edge.py), each against an independent
computation written here from the regulation's wording: Dreamcatcher's
published returns and a series summed spin by spin, the 216 dice rolls
counted by hand-written conditions, and Match the Dealer, Match-Up/Down and
Monster Match by closed-form combinatorics over ranks and suits (math.comb),
never through the classifiers the edge modules use.

Pure: no Django, no database (run with ``-p no:django``).
"""

import copy
import itertools
import math
import time
from fractions import Fraction

import pytest

from games.dreamcatcher import edge as dreamcatcher_edge
from games.dreamcatcher import rules as dreamcatcher_rules
from games.lab.rows import EXACT, SIMULATION, RowSpec
from games.pai_gow import edge as pai_gow_edge
from games.pai_gow import paytables as pai_gow_paytables
from games.payouts import MeterShare, Odds
from games.players_edge21 import edge as players_edge21_edge
from games.players_edge21 import paytables as players_edge21_paytables
from games.spanish21 import edge as spanish21_edge
from games.spanish21 import paytables as spanish21_paytables

EDGES = (dreamcatcher_edge, pai_gow_edge, spanish21_edge, players_edge21_edge)
SPANISH_RANKS = 12  # 48-card decks: A, 2-9, J, Q, K
SUITS = 4


def exact_specs(edge):
    return [spec for spec in edge.specs() if spec.method == EXACT]


def spec_for(edge, wager, paytable=None, decks=None):
    for spec in exact_specs(edge):
        if (spec.wager, spec.paytable, spec.decks) == (wager, paytable, decks):
            return spec
    raise LookupError((wager, paytable, decks))


def moments(outcomes):
    """(rtp, hit frequency, std dev) of [(probability, net), ...]."""
    mean = sum(p * net for p, net in outcomes)
    second = sum(p * net * net for p, net in outcomes)
    hits = sum(p for p, net in outcomes if net > 0)
    return 1 + mean, hits, math.sqrt(second - mean * mean)


def odds_outcomes(lines, paytable):
    """[(probability, net)] of a "to"/"for" paytable from {line: probability};
    the rest loses."""
    outcomes = [(p, paytable[key].winnings(1)) for key, p in lines.items()]
    return outcomes + [(1 - sum(lines.values()), Fraction(-1))]


# --- Every row the regulation lists ------------------------------------------


def test_every_row_the_regulation_lists():
    def keys(edge):
        return {(spec.wager, spec.paytable, spec.decks) for spec in exact_specs(edge)}

    assert keys(dreamcatcher_edge) == {(spot, None, None) for spot in dreamcatcher_rules.PAYOUT_ODDS}
    assert keys(pai_gow_edge) == (
        {("dice_sum", label, None) for label in pai_gow_paytables.SUM_PAYTABLES}
        | {("dice_match", None, None)}
        | {("dice_beat_it", label, None) for label in pai_gow_paytables.BEAT_IT_PAYTABLES}
    )
    assert keys(spanish21_edge) == (
        {
            ("match_the_dealer", str(number), decks)
            for decks, tables in spanish21_paytables.MATCH_THE_DEALER_PROGRESSIVE.items()
            for number in tables
        }
        | {("match_the_dealer_fixed", None, decks) for decks in spanish21_paytables.MATCH_THE_DEALER}
    )
    assert keys(players_edge21_edge) == (
        {
            (wager, letter, decks)
            for wager in ("match_up", "match_down")
            for decks, tables in players_edge21_paytables.MATCH_UP_MATCH_DOWN.items()
            for letter in tables
        }
        | {
            ("monster_match", letter, decks)
            for decks in (5, 6, 8)
            for letter in players_edge21_paytables.MONSTER_MATCH
        }
    )


def test_the_regulation_counts():
    # 6 spots; Sum A-D, Match, Beat It A-C; 2 × 10 progressive + 2 fixed; 2 × (3 + 3 + 2) + 3 × 5.
    assert [len(exact_specs(edge)) for edge in EDGES] == [6, 8, 22, 31]


def test_specs_are_unique_and_name_their_game():
    for edge in EDGES:
        specs = exact_specs(edge)
        assert len({spec.key for spec in specs}) == len(specs)
        assert {spec.game for spec in specs} == {edge.GAME}


def test_meters_of_the_progressive_rows():
    for spec in exact_specs(spanish21_edge):
        expected = ("match_the_dealer", "", 1) if spec.wager == "match_the_dealer" else None
        assert spec.meter == expected
    for spec in exact_specs(players_edge21_edge):
        expected = ("monster_match", spec.paytable, 1) if spec.wager == "monster_match" else None
        assert spec.meter == expected


def test_pai_gow_offers_the_mystery_bonus():
    assert pai_gow_edge.MYSTERY is True


@pytest.mark.parametrize("edge", EDGES, ids=lambda edge: edge.GAME)
def test_simulated_rows_are_the_simulation_modules(edge, monkeypatch):
    simulated = RowSpec(game=edge.GAME, wager="main", paytable=None, decks=None, method=SIMULATION, title="t")
    calls = []

    def run(spec, *, payouts=None, rounds=None, seed=0, progress=None):
        calls.append((spec, payouts, rounds, seed, progress))
        return "simulated"

    simulate = edge.simulate
    monkeypatch.setattr(simulate, "specs", lambda: [simulated])
    monkeypatch.setattr(simulate, "run", run)
    assert edge.specs()[-1] is simulated
    assert edge.compute(simulated, payouts={"x": Odds(1)}, rounds=10, seed=3) == "simulated"
    assert calls == [(simulated, {"x": Odds(1)}, 10, 3, None)]


@pytest.mark.parametrize("edge", EDGES, ids=lambda edge: edge.GAME)
def test_rows_are_sound(edge):
    for spec in exact_specs(edge):
        row = edge.compute(spec)
        assert row.spec is spec
        assert row.exact_rtp is not None and float(row.exact_rtp) == pytest.approx(row.rtp_fixed)
        assert 0 < row.hit_frequency < 1 and row.std_dev > 0
        assert row.lines and row.assumptions
        assert all(set(line) == {"key", "name", "payout", "probability"} for line in row.lines)


# --- Dreamcatcher: § 689a ------------------------------------------------------

# 50 Pa.B. 6778 and the game's published figures: return per spot, in percent.
PUBLISHED_RTP = {"1": 95.34, "2": 95.51, "5": 91.24, "10": 96.58, "20": 92.74, "40": 90.81}
SECTIONS = {"1": 23, "2": 15, "5": 7, "10": 4, "20": 2, "40": 1}  # § 689a.1(a)
MULTIPLIER_SECTIONS = {2: 1, 7: 1}  # one 2× and one 7× section


def series_moments(spot, odds, depth=6000):
    """(P(win), E[net], E[net²]) of a wager on ``spot`` paid ``odds`` to 1,
    summing the chains spin by spin: n multiplier spins, then the spot."""
    one_spin = Fraction(1, 54)
    final = SECTIONS[spot] * one_spin
    chains = first = second = 0.0
    # Over the chains of n multiplier spins: Σ P, Σ P·M, Σ P·M².
    weight, weight_m, weight_m2 = 1.0, 1.0, 1.0
    for _ in range(depth):
        chains += weight
        first += weight_m
        second += weight_m2
        weight *= sum(count * one_spin for count in MULTIPLIER_SECTIONS.values())
        weight_m *= sum(count * one_spin * factor for factor, count in MULTIPLIER_SECTIONS.items())
        weight_m2 *= sum(count * one_spin * factor**2 for factor, count in MULTIPLIER_SECTIONS.items())
    wins = float(final) * chains
    mean = odds * float(final) * first - (1 - wins)
    second_moment = odds**2 * float(final) * second + (1 - wins)
    return wins, mean, second_moment


def short_chains_exactly(spot, odds, longest=5):
    """E[net · 1{at most ``longest`` multiplier spins}] by listing every chain."""
    total = Fraction(0)
    for length in range(longest + 1):
        for factors in itertools.product(MULTIPLIER_SECTIONS, repeat=length):
            probability = Fraction(1, 54) ** length * Fraction(SECTIONS[spot], 54)
            total += probability * odds * math.prod(factors)
    return total


@pytest.mark.parametrize("spot", list(PUBLISHED_RTP))
def test_dreamcatcher_published_returns(spot):
    row = dreamcatcher_edge.compute(spec_for(dreamcatcher_edge, spot))
    assert round(row.rtp * 100, 2) == PUBLISHED_RTP[spot]
    assert row.hit_frequency == pytest.approx(SECTIONS[spot] / 52)


@pytest.mark.parametrize("spot", list(PUBLISHED_RTP))
def test_dreamcatcher_against_the_series(spot):
    odds = int(spot)
    row = dreamcatcher_edge.compute(spec_for(dreamcatcher_edge, spot))
    wins, mean, second_moment = series_moments(spot, odds)
    assert row.hit_frequency == pytest.approx(wins, rel=1e-12)
    assert row.rtp_fixed == pytest.approx(1 + mean, rel=1e-12)
    assert row.std_dev == pytest.approx(math.sqrt(second_moment - mean * mean), rel=1e-9)
    # The expected winnings (the return less the stakes given back): the chains
    # of six multipliers or more hold (9/54)^6 of them, a geometric tail.
    winnings = row.exact_rtp - Fraction(SECTIONS[spot], 52)
    assert winnings - short_chains_exactly(spot, odds) == Fraction(9, 54) ** 6 * winnings


def test_dreamcatcher_probabilities_sum_to_one():
    row = dreamcatcher_edge.compute(spec_for(dreamcatcher_edge, "1"))
    spots = [line["probability"] for line in row.lines if line["key"] in SECTIONS]
    assert sum(spots) == 1
    multipliers = {line["key"]: line["probability"] for line in row.lines if line["key"] not in SECTIONS}
    assert multipliers == {"2x": Fraction(1, 53), "7x": Fraction(1, 53)}


def test_dreamcatcher_what_if():
    spec = spec_for(dreamcatcher_edge, "10")
    before = dict(dreamcatcher_rules.PAYOUT_ODDS), dict(dreamcatcher_edge.PAYTABLE)
    row = dreamcatcher_edge.compute(spec)
    richer = dreamcatcher_edge.compute(spec, payouts={"10": Odds(20)})
    # Ten more to 1, times E[M·1{10}] = 4/45.
    assert richer.exact_rtp - row.exact_rtp == 10 * Fraction(4, 45)
    assert [line["payout"] for line in richer.lines if line["key"] == "10"] == ["20 to 1"]
    # Another spot's line does not move this wager.
    assert dreamcatcher_edge.compute(spec, payouts={"40": Odds(80)}).exact_rtp == row.exact_rtp
    assert (dict(dreamcatcher_rules.PAYOUT_ODDS), dict(dreamcatcher_edge.PAYTABLE)) == before
    with pytest.raises(ValueError):
        dreamcatcher_edge.compute(spec, payouts={"7x": Odds(8)})
    with pytest.raises(ValueError):
        dreamcatcher_edge.compute(spec, payouts={"10": MeterShare(10)})


# --- Pai Gow dice wagers: § 645c.2 ----------------------------------------------

ROLLS = list(itertools.product(range(1, 7), repeat=3))  # (red, blue, blue)


def count(condition):
    return Fraction(sum(1 for roll in ROLLS if condition(*roll)), 216)


def is_run(red, blue, other):
    low, middle, high = sorted((red, blue, other))
    return middle == low + 1 and high == low + 2


def beats_the_other_two(red, blue, other):
    dice = (red, blue, other)
    return any(1 <= value - (sum(dice) - value) <= 4 for value in dice)


# § 645c.2(e): which rolls make which line, as the regulation words them.
DICE_LINES = {
    ("dice_sum", "A"): {
        "total_17": lambda r, b, o: r + b + o == 17,
        "total_16": lambda r, b, o: r + b + o == 16,
        "total_8": lambda r, b, o: r + b + o == 8,
    },
    ("dice_sum", "B"): {
        "total_3": lambda r, b, o: r + b + o == 3,
        "total_8": lambda r, b, o: r + b + o == 8,
        "total_9": lambda r, b, o: r + b + o == 9,
    },
    ("dice_sum", "C"): {
        "three_match": lambda r, b, o: r == b == o,
        "two_match": lambda r, b, o: len({r, b, o}) == 2,
    },
    ("dice_sum", "D"): {"series": is_run},
    ("dice_match", None): {
        "triple_match": lambda r, b, o: (r, b, o).count(1) == 3,
        "double_match": lambda r, b, o: (r, b, o).count(1) == 2,
    },
    ("dice_beat_it", "A"): {
        "by_4": lambda r, b, o: r - (b + o) == 4,
        "by_2_or_3": lambda r, b, o: r - (b + o) in (2, 3),
        "tie_or_1": lambda r, b, o: r - (b + o) in (0, 1),
    },
    ("dice_beat_it", "C"): {"one_die_beats": beats_the_other_two},
}
DICE_LINES["dice_beat_it", "B"] = DICE_LINES["dice_beat_it", "A"]
# § 645c.2(g), as printed.
DICE_ODDS = {
    ("dice_sum", "A"): {"total_17": 25, "total_16": 6, "total_8": 3},
    ("dice_sum", "B"): {"total_3": 25, "total_8": 4, "total_9": 2},
    ("dice_sum", "C"): {"three_match": 3, "two_match": 1},
    ("dice_sum", "D"): {"series": Fraction(15, 2)},
    ("dice_match", None): {"triple_match": 100, "double_match": 6},
    ("dice_beat_it", "A"): {"by_4": 50, "by_2_or_3": 10, "tie_or_1": 1},
    ("dice_beat_it", "B"): {"by_4": 60, "by_2_or_3": 10, "tie_or_1": 1},
    ("dice_beat_it", "C"): {"one_die_beats": Fraction(5, 2)},
}


@pytest.mark.parametrize("wager, paytable", list(DICE_LINES))
def test_dice_rows_against_the_rolls_counted_by_hand(wager, paytable):
    row = pai_gow_edge.compute(spec_for(pai_gow_edge, wager, paytable))
    lines = {key: count(condition) for key, condition in DICE_LINES[wager, paytable].items()}
    assert {line["key"]: line["probability"] for line in row.lines} == lines
    outcomes = [(p, Fraction(DICE_ODDS[wager, paytable][key])) for key, p in lines.items()]
    outcomes.append((1 - sum(lines.values()), Fraction(-1)))
    assert sum(p for p, net in outcomes) == 1
    rtp, hits, std_dev = moments(outcomes)
    assert row.exact_rtp == rtp
    assert row.hit_frequency == pytest.approx(float(hits))
    assert row.std_dev == pytest.approx(float(std_dev))


def test_dice_figures_worked_by_hand():
    # Sum A: 17 on 3 rolls, 16 on 6, 8 on 21 -> (3·26 + 6·7 + 21·4) / 216.
    assert pai_gow_edge.compute(spec_for(pai_gow_edge, "dice_sum", "A")).exact_rtp == Fraction(204, 216)
    # Match: 1 triple, 15 doubles -> (101 + 15·7) / 216.
    assert pai_gow_edge.compute(spec_for(pai_gow_edge, "dice_match")).exact_rtp == Fraction(206, 216)


@pytest.mark.parametrize("face", range(1, 7))
def test_the_match_wager_returns_the_same_on_every_face(face):
    triple = count(lambda r, b, o: (r, b, o).count(face) == 3)
    double = count(lambda r, b, o: (r, b, o).count(face) == 2)
    rtp, _, _ = moments([(triple, Fraction(100)), (double, Fraction(6)), (1 - triple - double, Fraction(-1))])
    assert pai_gow_edge.compute(spec_for(pai_gow_edge, "dice_match")).exact_rtp == rtp


def test_dice_what_if():
    spec = spec_for(pai_gow_edge, "dice_beat_it", "A")
    before = copy.deepcopy(pai_gow_paytables.BEAT_IT_PAYTABLES)
    row = pai_gow_edge.compute(spec)
    richer = pai_gow_edge.compute(spec, payouts={"by_4": Odds(70)})
    assert richer.exact_rtp - row.exact_rtp == 20 * count(lambda r, b, o: r - (b + o) == 4)
    assert pai_gow_paytables.BEAT_IT_PAYTABLES == before
    with pytest.raises(ValueError):
        pai_gow_edge.compute(spec, payouts={"by_4": MeterShare(100)})
    with pytest.raises(ValueError):
        pai_gow_edge.compute(spec, payouts={"total_17": Odds(30)})


# --- Match the Dealer, Match-Up, Match-Down: § 635c.1, § 635c.2(g)(4) --------


def match_probabilities(decks):
    """The player's two cards against one card of the dealer's, every card
    from a full shoe of ``decks`` 48-card decks: {(suited, unsuited): P}.
    Of the 48·decks - 1 cards left after the dealer's, decks - 1 match it in
    rank and suit, 3·decks in rank only, 44·decks not at all."""
    suited, unsuited, other = decks - 1, 3 * decks, 44 * decks
    hands = math.comb(48 * decks - 1, 2)
    ways = {
        (2, 0): math.comb(suited, 2),
        (1, 1): suited * unsuited,
        (1, 0): suited * other,
        (0, 2): math.comb(unsuited, 2),
        (0, 1): unsuited * other,
        (0, 0): math.comb(other, 2),
    }
    assert sum(ways.values()) == hands
    return {key: Fraction(count, hands) for key, count in ways.items()}


MATCH_KEYS = {
    "two_suited": (2, 0),
    "suited_and_unsuited": (1, 1),
    "one_suited": (1, 0),
    "two_unsuited": (0, 2),
    "one_unsuited": (0, 1),
}
# § 635c.1(a): the progressive's combinations; (a)(1) needs the upcard to be the ace of spades.
PROGRESSIVE_KEYS = {"a3": (1, 1), "a4": (1, 0), "a5": (0, 2), "a6": (0, 1)}


def progressive_probabilities(decks):
    by_matches = match_probabilities(decks)
    lines = {key: by_matches[matches] for key, matches in PROGRESSIVE_KEYS.items()}
    lines["a1"] = Fraction(1, 48) * by_matches[2, 0]
    lines["a2"] = Fraction(47, 48) * by_matches[2, 0]
    return lines


@pytest.mark.parametrize("decks", [6, 8])
@pytest.mark.parametrize("number", range(1, 11))
def test_match_the_dealer_progressive(decks, number):
    row = spanish21_edge.compute(spec_for(spanish21_edge, "match_the_dealer", str(number), decks))
    lines = progressive_probabilities(decks)
    assert sum(lines.values()) + match_probabilities(decks)[0, 0] == 1
    assert {line["key"]: line["probability"] for line in row.lines} == lines
    paytable = spanish21_paytables.MATCH_THE_DEALER_PROGRESSIVE[decks][number]
    # The meter pays the 100% and 10% lines: in the fixed part they lose the wager.
    fixed = {key: lines[key] for key in PROGRESSIVE_KEYS}
    outcomes = odds_outcomes(fixed, paytable)
    rtp, _, std_dev = moments(outcomes)
    assert row.exact_rtp == rtp
    assert row.std_dev == pytest.approx(float(std_dev))
    assert row.meter_shares == {100: lines["a1"], 10: lines["a2"]}
    assert row.hit_frequency == pytest.approx(float(sum(lines.values())))


@pytest.mark.parametrize("decks", [6, 8])
def test_match_the_dealer_fixed(decks):
    row = spanish21_edge.compute(spec_for(spanish21_edge, "match_the_dealer_fixed", None, decks))
    by_matches = match_probabilities(decks)
    lines = {key: by_matches[matches] for key, matches in MATCH_KEYS.items()}
    rtp, hits, std_dev = moments(odds_outcomes(lines, spanish21_paytables.MATCH_THE_DEALER[decks]))
    assert (row.exact_rtp, row.meter_shares) == (rtp, {})
    assert row.hit_frequency == pytest.approx(float(hits))
    assert row.std_dev == pytest.approx(float(std_dev))


def test_match_the_dealer_fixed_published_edges():
    # The common-practice tables' published house edges: 3.06% (6 decks), 2.99% (8 decks).
    six = spanish21_edge.compute(spec_for(spanish21_edge, "match_the_dealer_fixed", None, 6))
    eight = spanish21_edge.compute(spec_for(spanish21_edge, "match_the_dealer_fixed", None, 8))
    assert round(100 * (1 - six.rtp), 2) == 3.06
    assert round(100 * (1 - eight.rtp), 2) == 2.99


@pytest.mark.parametrize("wager", ["match_up", "match_down"])
def test_match_up_and_match_down(wager):
    for decks, tables in players_edge21_paytables.MATCH_UP_MATCH_DOWN.items():
        by_matches = match_probabilities(decks)
        lines = {key: by_matches[matches] for key, matches in MATCH_KEYS.items()}
        for letter, paytable in tables.items():
            row = players_edge21_edge.compute(spec_for(players_edge21_edge, wager, letter, decks))
            assert {line["key"]: line["probability"] for line in row.lines} == lines
            rtp, hits, std_dev = moments(odds_outcomes(lines, paytable))
            assert row.exact_rtp == rtp
            assert row.hit_frequency == pytest.approx(float(hits))
            assert row.std_dev == pytest.approx(float(std_dev))


def test_match_the_dealer_what_if():
    spec = spec_for(spanish21_edge, "match_the_dealer", "1", 6)
    before = copy.deepcopy(spanish21_paytables.MATCH_THE_DEALER_PROGRESSIVE)
    lines = progressive_probabilities(6)
    row = spanish21_edge.compute(spec)
    richer = spanish21_edge.compute(spec, payouts={"a3": Odds(100)})
    assert richer.exact_rtp - row.exact_rtp == (100 - 8) * lines["a3"]
    # A fixed line made a meter share: its fixed part now loses, its probability joins the meter's.
    shared = spanish21_edge.compute(spec, payouts={"a3": MeterShare(50), "a1": Odds(1000)})
    assert shared.meter_shares == {10: lines["a2"], 50: lines["a3"]}
    assert shared.exact_rtp - row.exact_rtp == -9 * lines["a3"] + 1001 * lines["a1"]
    assert spanish21_paytables.MATCH_THE_DEALER_PROGRESSIVE == before
    assert spanish21_edge.compute(spec).exact_rtp == row.exact_rtp
    fixed = spec_for(spanish21_edge, "match_the_dealer_fixed", None, 6)
    with pytest.raises(ValueError):
        spanish21_edge.compute(fixed, payouts={"two_suited": MeterShare(10)})


# --- Monster Match: § 635c.2(d)(2)(iii)(B), § 635c.2(h) ------------------------


def monster_match_probabilities(decks):
    """The four cards (the player's two, the dealer's two) from a full shoe,
    counted as unordered hands of 4 of the 48·decks cards, by how they share
    ranks. A rank has 4·decks cards: decks of each suit, 2·decks of each colour."""
    per_rank, per_colour, per_suit = 4 * decks, 2 * decks, decks
    comb = math.comb
    four_suited = SPANISH_RANKS * SUITS * comb(per_suit, 4)
    four_colour = SPANISH_RANKS * 2 * (comb(per_colour, 4) - 2 * comb(per_suit, 4))
    four_any = SPANISH_RANKS * comb(per_rank, 4) - four_suited - four_colour
    others = per_rank * (SPANISH_RANKS - 1)  # a fourth card of another rank
    three_colour = SPANISH_RANKS * 2 * comb(per_colour, 3) * others
    three_any = SPANISH_RANKS * comb(per_rank, 3) * others - three_colour
    # (I) "A suited pair": two identical cards among the four, no rank three times.
    pairs = comb(per_rank, 2)
    identical_pairs = SUITS * comb(per_suit, 2)
    one_pair = SPANISH_RANKS * comb(SPANISH_RANKS - 1, 2) * per_rank**2 * identical_pairs
    two_pairs = comb(SPANISH_RANKS, 2) * (pairs**2 - (pairs - identical_pairs) ** 2)
    hands = comb(48 * decks, 4)
    counts = {
        "four_of_a_kind_suited": four_suited,
        "four_of_a_kind_same_color": four_colour,
        "four_of_a_kind": four_any,
        "three_of_a_kind_same_color": three_colour,
        "three_of_a_kind": three_any,
        "suited_pair": one_pair + two_pairs,
    }
    return {key: Fraction(value, hands) for key, value in counts.items()}


def monster_match_losing(decks):
    """Hands with no event: no rank three times and no two identical cards."""
    per_rank, comb = 4 * decks, math.comb
    distinct_pairs = comb(per_rank, 2) - SUITS * comb(decks, 2)
    no_pair = comb(SPANISH_RANKS, 4) * per_rank**4
    one_pair = SPANISH_RANKS * comb(SPANISH_RANKS - 1, 2) * per_rank**2 * distinct_pairs
    two_pairs = comb(SPANISH_RANKS, 2) * distinct_pairs**2
    return Fraction(no_pair + one_pair + two_pairs, comb(48 * decks, 4))


@pytest.mark.parametrize("decks", [5, 6, 8])
@pytest.mark.parametrize("letter", list("ABCDE"))
def test_monster_match(decks, letter):
    row = players_edge21_edge.compute(spec_for(players_edge21_edge, "monster_match", letter, decks))
    lines = monster_match_probabilities(decks)
    assert sum(lines.values()) + monster_match_losing(decks) == 1
    assert {line["key"]: line["probability"] for line in row.lines} == lines
    paytable = players_edge21_paytables.MONSTER_MATCH[letter]
    shares = {}
    fixed = {}
    for key, payout in paytable.items():
        if isinstance(payout, MeterShare):
            shares[payout.percent] = shares.get(payout.percent, 0) + lines[key]
        else:
            fixed[key] = lines[key]
    # The fixed lines are "for 1": the stake is part of the payout.
    outcomes = [(p, Fraction(paytable[key].left - 1)) for key, p in fixed.items()]
    outcomes.append((1 - sum(fixed.values()), Fraction(-1)))
    rtp, _, std_dev = moments(outcomes)
    assert row.exact_rtp == rtp
    assert row.std_dev == pytest.approx(float(std_dev))
    assert row.meter_shares == shares
    assert row.hit_frequency == pytest.approx(float(sum(lines.values())))


def test_monster_match_what_if():
    spec = spec_for(players_edge21_edge, "monster_match", "A", 6)
    before = copy.deepcopy(players_edge21_paytables.MONSTER_MATCH)
    lines = monster_match_probabilities(6)
    row = players_edge21_edge.compute(spec)
    richer = players_edge21_edge.compute(spec, payouts={"suited_pair": Odds(4, for_one=True)})
    assert richer.exact_rtp - row.exact_rtp == lines["suited_pair"]
    assert players_edge21_paytables.MONSTER_MATCH == before


def test_a_what_if_is_instant_once_the_row_is_known():
    specs = [
        spec_for(spanish21_edge, "match_the_dealer", "3", 8),
        spec_for(players_edge21_edge, "monster_match", "C", 5),
        spec_for(players_edge21_edge, "match_down", "B", 8),
    ]
    for spec in specs:
        edge = spanish21_edge if spec.game == "spanish21" else players_edge21_edge
        edge.compute(spec)
        start = time.perf_counter()
        edge.compute(spec, payouts={spec_lines(edge, spec)[-1]: Odds(2)})
        assert time.perf_counter() - start < 0.05


def spec_lines(edge, spec):
    return [line["key"] for line in edge.compute(spec).lines]
