"""Ultimate Texas Hold 'Em's lab figures: the final hand's distribution over all
C(52, 7) hands counted exactly (Trips A-D, the Blind's lines), the progressive's
fixed part on the hole cards and the flop (the five-card counts), the
simulation's arithmetic equal to the settler's, the lab's own pre-flop choice,
the river decision exact, the long reference run holding the published house
edge in its band, and a short seeded run holding the reference in its band."""

import json
from fractions import Fraction
from pathlib import Path

import pytest

from games.cards import best_five
from games.ultimate_texas_holdem import edge, paytables, rules, seven_card_counts, simulate, strategy

REFERENCE_RUNS = Path(__file__).resolve().parent.parent / "games" / "lab" / "reference_runs.json"
MAIN_A, MAIN_B, BAD_BEAT = simulate.specs()
# The lab's strategy (strategy.py: pre-flop computed, flop by the simple rule, river exact)
# gives up a few hundredths of a point to optimal play (0.06 ± 0.04 against Wizard's own raise
# set on the same deals), far inside the reference run's band: the published optimal 2.185%
# must lie in it. (It lay 1.7 points outside while the river was estimated, issue 16.)


def test_the_final_hand_distribution_is_the_known_one():
    counts = {}
    for value, count in seven_card_counts.value_counts().items():
        key = "royal_flush" if value >= best_five.ROYAL_FLUSH_VALUE else value >> 20
        counts[key] = counts.get(key, 0) + count
    # The published seven-card distribution (high card ... straight flush, royal flush apart).
    assert counts == {
        0: 23_294_460,
        1: 58_627_800,
        2: 31_433_400,
        3: 6_461_620,
        4: 6_180_020,
        5: 4_047_644,
        6: 3_473_184,
        7: 224_848,
        8: 37_260,
        "royal_flush": 4_324,
    }


@pytest.mark.parametrize("name", paytables.TRIPS_NAMES)
def test_every_trips_row_is_exact(name):
    (spec,) = [spec for spec in edge.specs() if spec.wager == "trips" and spec.paytable == name]
    row = edge.compute(spec)
    table = paytables.trips_paytable(name)
    probabilities = edge.final_hand_probabilities(table)
    net = sum(table[line].winnings(1) * p for line, p in probabilities.items()) - (
        1 - sum(probabilities.values())
    )
    assert row.exact_rtp == 1 + net and row.spec.method == "exact"
    assert row.hit_frequency == pytest.approx(float(sum(probabilities.values())))
    if name == "B":  # 50-40-30-8-6-5-3, the common Trips table: published house edge 1.90%
        assert row.house_edge == pytest.approx(0.0190, abs=0.00005)


def test_the_progressive_row_is_the_five_card_hand_of_the_hole_cards_and_the_flop():
    (spec,) = [spec for spec in edge.specs() if spec.wager == "progressive"]
    row = edge.compute(spec)
    fixed = Fraction(624 * 300 + 3_744 * 50 + 5_108 * 40 + 10_200 * 30 + 54_912 * 9, 2_598_960)
    assert row.rtp_fixed == pytest.approx(float(fixed))
    assert spec.meter == ("five_card", "", 5)


def test_the_simulations_arithmetic_is_the_settlers():
    import numpy as np

    decks = strategy.shuffled_decks(np.random.default_rng(16), 2_000)
    blind = paytables.blind_paytable("A")
    mine = strategy.values(decks, slice(0, 2))
    dealer = strategy.values(decks, slice(2, 4))
    for multiple in (4, 2, 1):
        nets = strategy.main_nets(mine, dealer, multiple, strategy.wins_by_line(blind))
        expected = [
            float(rules.main_net(int(m), int(d), multiple, blind)) for m, d in zip(mine, dealer, strict=True)
        ]
        assert nets.tolist() == expected


@pytest.mark.parametrize(
    "hole, flop, plays",
    [
        ("7C 2D", "7H KS 4D", True),  # a hidden pair
        ("2C 2D", "9H KS 4D", False),  # pocket deuces alone
        ("2C 2D", "2H KS 4D", True),  # three 2s
        ("AH 3C", "KH 8H 4H", True),  # four to a flush with a hidden ace
        ("9H 3C", "KH 8H 4H", False),  # four to a flush, the hidden card below a ten
        ("QC JD", "KS 8H 4H", False),  # nothing
        ("5C 6D", "7H 8S 9D", True),  # a straight
    ],
)
def test_the_flop_rule(hole, flop, plays):
    import numpy as np

    from games.cards.cards import card
    from games.cards.poker import CARD_INDEX

    cards = [CARD_INDEX[card(item)] for item in f"{hole} 3S 3H {flop}".split()]
    rest = [index for index in range(52) if index not in cards]
    assert strategy.flop_plays(np.array([cards + rest]))[0] == plays


def test_the_lab_raises_the_strong_starting_hands_and_checks_the_weak():
    raises, found = strategy.preflop_raises("A", 600)
    raised = set(strategy.describe_raises(raises).split())
    assert {"AA", "KK", "AKs", "AKo", "A2s", "K9s", "QJs"} <= raised
    assert not {"72o", "83o", "94o", "J2o"} & raised
    assert found["AA"][0] > found["AA"][1] > 0


def _river_by_enumeration(decks, mine, blind_wins):
    """The river decision the slow way: every pair of the 45 cards the player does not see, valued."""
    import numpy as np

    from games.cards import seven_card

    first, second = np.triu_indices(45, 1)
    unseen = np.concatenate([decks[:, 2:4], decks[:, 9:]], axis=1)
    hands = np.concatenate(
        [unseen[:, first, None], unseen[:, second, None], np.repeat(decks[:, None, 4:9], len(first), axis=1)],
        axis=2,
    )
    dealer = seven_card.value_of_seven_batch(hands.reshape(-1, 7)).reshape(len(decks), len(first))
    return strategy.main_nets(mine[:, None], dealer, 1, blind_wins).mean(axis=1) > -2


def test_the_river_decision_is_exact_and_blind_to_the_dealers_cards():
    import numpy as np

    rng = np.random.default_rng(653)
    decks = strategy.shuffled_decks(rng, 400)
    # A board of four spades and one of five (spades are suit 0), so that every way of counting is used.
    for row, spades in ((0, (48, 44, 40, 36)), (1, (48, 44, 40, 36, 28))):
        rest = [card for card in decks[row] if card not in spades]
        decks[row] = rest[:4] + list(spades) + rest[4 : 4 + 5 - len(spades)] + rest[9 - len(spades) :]
    most_suited = np.array([max(np.bincount(deck[4:9] & 3, minlength=4)) for deck in decks])
    assert {3, 4, 5} <= set(most_suited.tolist())
    blind_wins = strategy.wins_by_line(paytables.blind_paytable("A"))
    mine = strategy.values(decks, slice(0, 2))
    plays = strategy.river_plays(decks, mine, blind_wins)
    assert plays.tolist() == _river_by_enumeration(decks, mine, blind_wins).tolist()
    assert 0.5 < plays.mean() < 0.95
    # Which of the unseen cards the dealer holds cannot move the decision (it did when the
    # estimate drew the dealer's hands from the deck past the nine dealt, issue 16).
    swapped = decks.copy()
    swapped[:, [2, 3]], swapped[:, [9, 10]] = decks[:, [9, 10]], decks[:, [2, 3]]
    assert strategy.river_plays(swapped, mine, blind_wins).tolist() == plays.tolist()


@pytest.fixture(scope="module")
def reference():
    runs = json.loads(REFERENCE_RUNS.read_text())
    return {spec.key: runs[spec.key] for spec in (MAIN_A, MAIN_B, BAD_BEAT)}


def test_the_reference_run_against_the_published_house_edge(reference):
    run = reference[MAIN_A.key]
    assert run["rounds"] >= 10_000_000
    low, high = run["ci99"]
    assert high - low < 0.009  # a band narrow enough to mean something
    assert low < 1 - simulate.PUBLISHED_EDGE_OF_ANTE < high
    # Blind B (a straight pushes) gives back less.
    assert reference[MAIN_B.key]["rtp"] < run["rtp"]


def test_a_short_seeded_run_holds_the_long_reference_run_in_its_band(reference):
    row = simulate.run(MAIN_A, rounds=40_000, seed=11, preflop_deals=600)
    low, high = row.ci99
    assert low < reference[MAIN_A.key]["rtp"] < high
    assert {line["key"] for line in row.lines} >= {"fold", "play_4", "play_2", "play_1", "royal_flush"}


def test_the_bad_beat_row_under_the_lab_strategy(reference):
    row = simulate.run(BAD_BEAT, rounds=40_000, seed=12, preflop_deals=600)
    low, high = row.ci99
    assert low < reference[BAD_BEAT.key]["rtp"] < high
    assert [line["key"] for line in row.lines] == list(paytables.BAD_BEAT_PAYTABLES["C"])


def test_the_rows_through_the_lab():
    from casino.lab import registry

    specs = registry.specs("ultimate_texas_holdem")
    assert {spec.wager for spec in specs} == {
        "ante_blind_play",
        "bad_beat",
        "trips",
        "progressive",
        "must_hit_by",
    }
    mystery = {(spec.paytable, spec.variant) for spec in specs if spec.wager == "must_hit_by"}
    assert ("A", "$5") in mystery
    (spec,) = [spec for spec in specs if spec.wager == "progressive"]
    assert registry.compute(spec).rtp_progressive > 0.2  # the linked Five-Card meter's part, apart
