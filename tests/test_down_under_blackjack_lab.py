"""The lab's Down Under Blackjack rows: the fixed Match the Dealer and the
§ 685c.1(i) progressive exact (held against closed forms counted here
independently of the lab's enumeration, and the fixed wager against the
house edges its per-card rates give: 4.0618% at 6 decks, 3.6738% at 8), the
main wager simulated through the game's own round."""

import json
from fractions import Fraction
from pathlib import Path

import pytest

from games.blackjack import round as bj
from games.blackjack import simulate as blackjack
from games.down_under_blackjack import edge, paytables, rules, simulate, strategy
from games.lab.rows import EXACT, SIMULATION
from games.payouts import MeterShare, Odds

REFERENCE_RUNS = Path(__file__).resolve().parent.parent / "games" / "lab" / "reference_runs.json"
# docs/rules/down_under_blackjack.md, Paytables: the main wager's house edge under best play, in
# percent as printed there, for the defaults and each choice the Rules Submission offers.
PRINTED_HOUSE_EDGES = {
    6: {"defaults": "0.563", "blackjack_6_to_5": "1.922", "stands_on_soft_17": "0.304"},
    8: {"defaults": "0.592", "blackjack_6_to_5": "1.950", "stands_on_soft_17": "0.331"},
}


def printed_edges(solver_rtp, choices_rtp):
    """The house edges of a main row, rounded as the rules file prints them."""
    rtps = {"defaults": solver_rtp, **choices_rtp}
    return {key: f"{100 * (1 - rtp):.3f}" for key, rtp in rtps.items()}


def spec_for(wager, paytable, decks):
    return next(
        spec for spec in edge.specs() if (spec.wager, spec.paytable, spec.decks) == (wager, paytable, decks)
    )


def closed_form(decks):
    """{line: probability} of the player's two cards against the upcard, by
    counting: after the upcard, ``decks - 1`` cards equal it, ``3 × decks``
    share its rank only, the rest neither."""
    left = 52 * decks - 1
    suited, unsuited = decks - 1, 3 * decks
    other = left - suited - unsuited
    pairs = Fraction(1, left * (left - 1))  # each ordered pair of the remaining cards
    return {
        "two_suited": suited * (suited - 1) * pairs,
        "suited_and_unsuited": 2 * suited * unsuited * pairs,
        "one_suited": 2 * suited * other * pairs,
        "two_unsuited": unsuited * (unsuited - 1) * pairs,
        "one_unsuited": 2 * unsuited * other * pairs,
    }


def test_the_rows():
    keys = {(spec.wager, spec.paytable, spec.decks, spec.method) for spec in edge.specs()}
    assert keys == (
        {("match_the_dealer", str(number), decks, EXACT) for decks in (6, 8) for number in range(1, 11)}
        | {("match_the_dealer_fixed", None, decks, EXACT) for decks in (6, 8)}
        | {("main", None, decks, SIMULATION) for decks in (6, 8)}
    )
    assert all(
        spec.meter == ("down_under_match", "", 1) for spec in edge.specs() if spec.wager == "match_the_dealer"
    )


@pytest.mark.parametrize("decks, edge_percent", [(6, "4.0618"), (8, "3.6738")])
def test_fixed_match_the_dealer_is_exact_and_holds_the_per_card_rates_edge(decks, edge_percent):
    row = edge.compute(spec_for("match_the_dealer_fixed", None, decks))
    probabilities = closed_form(decks)
    assert {item["key"]: item["probability"] for item in row.lines} == probabilities
    expected = sum(p * (paytables.MATCH_THE_DEALER[decks][key].left + 1) for key, p in probabilities.items())
    assert row.exact_rtp == expected
    assert f"{100 * (1 - float(row.exact_rtp)):.4f}" == edge_percent


@pytest.mark.parametrize("decks", [6, 8])
@pytest.mark.parametrize("number", range(1, 11))
def test_progressive_rows_are_exact_with_the_meter_apart(decks, number):
    row = edge.compute(spec_for("match_the_dealer", str(number), decks))
    lines = closed_form(decks)
    aces_of_spades = lines["two_suited"] / 52  # (a)(1): the upcard is the A♠
    others = lines["two_suited"] - aces_of_spades
    fixed = {"a3": "suited_and_unsuited", "a4": "one_suited", "a5": "two_unsuited", "a6": "one_unsuited"}
    table = paytables.MATCH_THE_DEALER_PROGRESSIVE[decks][number]
    assert row.meter_shares == {100: aces_of_spades, 10: others}
    expected = sum(lines[name] * (table[key].left + 1) for key, name in fixed.items())
    assert row.exact_rtp == expected  # the meter lines' fixed part is the lost wager
    assert "§ 685c.1(i)" in " ".join(row.assumptions)


def test_what_if_payouts_leave_the_regulation_alone():
    spec = spec_for("match_the_dealer", "1", 6)
    row = edge.compute(spec)
    richer = edge.compute(spec, payouts={"a3": Odds(100)})
    assert richer.exact_rtp - row.exact_rtp == closed_form(6)["suited_and_unsuited"] * (100 - 12)
    assert paytables.MATCH_THE_DEALER_PROGRESSIVE[6][1]["a3"] == Odds(12)
    assert isinstance(paytables.MATCH_THE_DEALER_PROGRESSIVE[6][1]["a1"], MeterShare)


def test_the_fast_path_plays_the_same_rounds_as_rules_apply():
    """The lab's handlers on an owned state against apply() with its JSON
    copies and the whole shoe: same seed, same cards, same net every round;
    the reader's golden rule, the dealer's 22 and the split aces all met."""
    config = simulate.config(6)
    fast = blackjack.Table(rules.VARIANT, config, 11, strategy.Bot())
    plain = blackjack.Table(rules.VARIANT, config, 11, strategy.Bot(), through_apply=True)
    seen = set()
    for _ in range(300):
        net, state = fast.play_round()
        assert plain.play_round()[0] == net
        seen.update(hand["status"] for hand in state.spot(blackjack.SEAT)["hands"])
        seen.add(state.reader)
        if state.hole_shown and len(state.dealer) == 2 and state.phase == bj.RESULT:
            seen.add("exposed")
    assert {bj.BUST, bj.STOOD, bj.TWENTY_ONE, "small", "medium", "large", "exposed"} <= seen


def test_the_strategy_against_an_exposed_twenty_and_the_chart():
    from games.cards.cards import cards

    legal = [bj.HIT, bj.STAND, bj.DOUBLE]  # no surrender (rule 15)
    twenty = cards("KH QC")
    assert strategy.choose(cards("9S 7D"), twenty[0], legal, twenty) == bj.HIT
    assert strategy.choose(cards("6S 5D"), twenty[0], legal, twenty) == bj.HIT
    assert strategy.choose(cards("KS QD"), twenty[0], legal, twenty) == bj.STAND
    assert strategy.choose(cards("6S 5D"), cards("6H")[0], legal) == bj.DOUBLE
    assert strategy.choose(cards("TS 6D"), cards("TH")[0], legal) == bj.HIT
    assert strategy.choose(cards("TS 2D"), cards("4H")[0], legal) == bj.STAND
    # The dealer hits soft 17 (rule 17): 11 doubles against an ace, soft 19 against a 6.
    assert strategy.choose(cards("6S 5D"), cards("AH")[0], legal) == bj.DOUBLE
    assert strategy.choose(cards("AS 8D"), cards("6H")[0], legal) == bj.DOUBLE
    assert strategy.choose(cards("AS 8D"), cards("5H")[0], legal) == bj.STAND


@pytest.fixture(scope="module")
def reference():
    return json.loads(REFERENCE_RUNS.read_text())


def test_every_main_row_has_a_long_reference_run(reference):
    for spec in simulate.specs():
        run = reference[spec.key]
        assert run["rounds"] >= 300_000 and run["ci99"][0] < run["rtp"] < run["ci99"][1]


def test_every_main_rows_reference_run_gives_the_rules_files_house_edges(reference):
    # The solver's figures recorded with each long run (bench/reference_runs.py); the short
    # run below checks that the solver still gives the 6-deck ones.
    for spec in simulate.specs():
        run = reference[spec.key]
        assert printed_edges(run["solver_rtp"], run["choices_rtp"]) == PRINTED_HOUSE_EDGES[spec.decks]
        assert run["ci99"][0] <= run["solver_rtp"] <= run["ci99"][1]


def test_a_short_seeded_run_holds_the_reference_rtp_and_the_solvers_in_its_99_percent_band(reference):
    # One deck count here (three best-play solves of several seconds each: the defaults and
    # the two choices); bench/reference_runs.py runs both.
    spec = simulate.specs()[0]
    row = simulate.run(spec, rounds=2_500, seed=1)
    low, high = row.ci99
    assert low <= reference[spec.key]["rtp"] <= high
    assert low <= row.details["solver_rtp"] <= high and row.details["solver_in_band"]
    assert printed_edges(row.details["solver_rtp"], row.details["choices_rtp"]) == PRINTED_HOUSE_EDGES[6]
    assert row.details["solver_rtp"] == pytest.approx(reference[spec.key]["solver_rtp"], abs=1e-12)
    assert row.details["choices_rtp"] == pytest.approx(reference[spec.key]["choices_rtp"], abs=1e-12)
    shown = " ".join(row.assumptions)
    assert "house edge 0.5628%" in shown and "6 to 5, house edge 1.922%" in shown
    assert "stands on soft 17, house edge 0.304%" in shown and "no surrender" in shown
    assert row.rounds == 2_500 and 0 < row.hit_frequency < 1 and row.std_dev > 0
    assert "Best play reads the reader" in " ".join(row.assumptions)
    assert [item["key"] for item in row.lines] == ["blackjack"]
