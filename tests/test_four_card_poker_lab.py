"""Four Card Poker's lab rows (games/four_card_poker/edge.py, simulate.py),
pure: the rows it lists; the exact rows of Aces Up, the Ante Bonus, the
Five-Card progressive (fixed and meter parts apart) and Envy; the simulated
Ante and Play, seeded, reproducible, settled as the table settles, and its
long reference run holding the published house edge (2.78% of the Ante,
1.30% of the total wagered, Wizard of Odds) inside its 99% band; the lab's
pages and test-table form for the game."""

import json
import random
from fractions import Fraction
from pathlib import Path

import pytest

from games.cards import four_card
from games.cards.poker import CARDS
from games.engine import LOSE, RETURN, STAKE, WIN, Action
from games.four_card_poker import edge, paytables, rules, simulate, strategy
from games.lab.rows import EXACT, SIMULATION
from games.payouts import Odds
from games.poker import round as pr

REFERENCE_RUNS = Path(__file__).resolve().parent.parent / "games" / "lab" / "reference_runs.json"
SPECS = {spec.key: spec for spec in edge.specs()}
ANTE_PLAY = SPECS["four_card_poker:ante_play:25-20-2:1:computed"]


def test_the_rows():
    assert list(SPECS) == [
        "four_card_poker:ante_play:25-20-2:1:computed",
        "four_card_poker:ante_play:30-15-2:1:computed",
        "four_card_poker:ante_bonus:25-20-2:1:-",
        "four_card_poker:ante_bonus:30-15-2:1:-",
        "four_card_poker:aces_up:50-40-8-6-4-2-1:1:-",
        "four_card_poker:five_card:-:1:-",
        "four_card_poker:five_card_envy:-:1:-",
    ]
    assert [spec.method for spec in SPECS.values()] == [SIMULATION] * 2 + [EXACT] * 5
    assert SPECS["four_card_poker:five_card:-:1:-"].meter == ("five_card", "", 5)
    assert edge.MYSTERY


# -- exact rows ---------------------------------------------------------------------


def test_aces_up_row_is_the_enumeration():
    row = edge.compute(SPECS["four_card_poker:aces_up:50-40-8-6-4-2-1:1:-"])
    assert row.exact_rtp == 1 + edge.aces_up_return()
    assert row.rtp_fixed == pytest.approx(0.957645, abs=1e-6)
    assert {item["key"] for item in row.lines} == set(paytables.ACES_UP_PAYTABLES["50-40-8-6-4-2-1"])
    assert sum(item["probability"] for item in row.lines) == pytest.approx(row.hit_frequency)


def test_ante_bonus_rows_are_what_the_bonus_adds_to_the_ante():
    for name in paytables.ANTE_BONUS_NAMES:
        row = edge.compute(SPECS[f"four_card_poker:ante_bonus:{name}:1:-"])
        assert row.is_bonus and row.spec.adds_to == "the Ante"
        assert row.exact_rtp == edge.ante_bonus_return(name)
    figures = edge.compute(SPECS["four_card_poker:ante_bonus:25-20-2:1:-"]).to_json()
    # Not a wager: no RTP of its own to read as 106.71%, but 6.71% added to the Ante's.
    assert figures["kind"] == "bonus" and figures["rtp"] is None and figures["house_edge"] is None
    assert figures["contribution"] == pytest.approx(0.067085, abs=1e-6)
    assert edge.compute(SPECS["four_card_poker:ante_bonus:30-15-2:1:-"]).to_json()[
        "contribution"
    ] == pytest.approx(0.064300, abs=1e-6)


def test_the_five_card_progressive_keeps_its_fixed_and_meter_parts_apart():
    row = edge.compute(SPECS["four_card_poker:five_card:-:1:-"])
    fixed, meter = edge.five_card_progressive_fixed_return()
    assert row.exact_rtp == 1 + fixed
    # A royal flush (100% of the meter) in 4 of 2,598,960 hands, a straight flush (10%) in 36.
    assert row.meter_shares == {100: Fraction(4, 2_598_960), 10: Fraction(36, 2_598_960)}
    assert row.details["envy_per_other_player"] == pytest.approx(
        float(edge.five_card_envy_per_other_player())
    )


def test_the_envy_row_per_other_player():
    row = edge.compute(SPECS["four_card_poker:five_card_envy:-:1:-"])
    # $5,000 for each of 4 royal flushes, $1,500 for each of 36 straight flushes, on a $5 wager.
    assert row.is_bonus and row.exact_rtp == Fraction(4 * 1_000 + 36 * 300, 2_598_960)
    assert row.to_json()["contribution"] == pytest.approx(0.005695, abs=1e-6)


# -- the simulated Ante and Play -------------------------------------------------------


def test_a_seeded_run_is_reproducible_and_a_what_if_moves_it():
    row = simulate.run(ANTE_PLAY, rounds=20_000, seed=5)
    again = simulate.run(ANTE_PLAY, rounds=20_000, seed=5)
    assert (row.rtp_fixed, row.std_dev, row.hit_frequency) == (
        again.rtp_fixed,
        again.std_dev,
        again.hit_frequency,
    )
    assert row.rounds == 20_000 and row.ci99[0] < row.rtp_fixed < row.ci99[1]
    richer = simulate.run(ANTE_PLAY, rounds=20_000, seed=5, payouts={paytables.THREE_OF_A_KIND: Odds(3)})
    trips = edge.four_card_line_probabilities(paytables.ANTE_BONUS_PAYTABLES["25-20-2"])
    assert richer.rtp_fixed - row.rtp_fixed == pytest.approx(
        float(trips[paytables.THREE_OF_A_KIND]), abs=0.01
    )
    assert any("computed" in text for text in row.assumptions)


def test_the_simulation_settles_as_the_table_does():
    """Deals through the table's own round (a stacked deck, the strategy's
    decision as the player's) net what the simulation's settlement says."""
    rng = random.Random(641)
    config = rules.Config(aces_up=0, five_card_progressive=0, mystery=0)
    bonus = config.ante_bonus_table
    for _ in range(300):
        drawn = rng.sample(range(52), 11)
        player, dealer = drawn[:5], drawn[5:]
        multiple = strategy.play_multiple(player, dealer[5])
        state = rules.stack(rules.new_state(), config, " ".join(str(CARDS[i]) for i in drawn), rng)
        moves = []
        for action in (
            Action("bet", 1, {"spot": "ante", "amount": 500}, seat=1),
            Action(pr.CLOSE_BETTING),
            Action(pr.DEAL),
            Action("play", 1, {"multiple": multiple}, seat=1) if multiple else Action("fold", 1, {}, seat=1),
        ):
            outcome = rules.apply(state, action, config, rng)
            state, moves = outcome.state, moves + outcome.moves
        assert state.phase == pr.RESULT
        sign = {STAKE: -1, RETURN: 1, WIN: 1, LOSE: 0}
        net = sum(sign[m.kind] * m.amount for m in moves) / 500
        assert net == rules.ante_play_net(
            four_card.value_of_five(player), four_card.value_of_six(dealer), multiple, bonus
        )


@pytest.fixture(scope="module")
def reference():
    return json.loads(REFERENCE_RUNS.read_text())


@pytest.mark.parametrize("key", [key for key, spec in SPECS.items() if spec.method == SIMULATION])
def test_a_short_seeded_run_holds_the_long_reference_run_in_its_band(key, reference):
    run = reference[key]
    assert run["rounds"] >= 5_000_000
    row = simulate.run(SPECS[key], rounds=40_000, seed=11)
    low, high = row.ci99
    assert low < run["rtp"] < high


def test_the_published_house_edge_is_inside_the_reference_runs_band(reference):
    # Wizard of Odds, optimal strategy, Ante Bonus 25-20-2: 2.78% of the Ante.
    run = reference[ANTE_PLAY.key]
    low, high = run["ci99"]
    assert low < 1 - simulate.PUBLISHED_EDGE_OF_ANTE < high
    assert high - low < 0.01  # a band narrow enough to mean something


# -- the lab's pages and test-table form ------------------------------------------------


def test_the_mystery_rows_are_offered():
    from casino.lab import registry

    specs = registry.specs("four_card_poker")
    mystery = [spec for spec in specs if spec.wager == "must_hit_by"]
    assert ("A", "$5") in {(spec.paytable, spec.variant) for spec in mystery}


@pytest.mark.django_db
def test_the_test_table_form_has_every_setting_and_takes_a_stack():
    from casino.lab.testtables import NewTestTableForm
    from casino.tables import registry as tables

    spec = tables.get("four_card_poker")
    data = {"name": "FCP lab", "max_seats": 6, "seed": 7, "stack": "AS AH AD 7C 2S 3D 4C 6H 8S 9D KC"}
    data.update({f"rules_{name}": value for name, value in rules.Config().to_json().items()})
    form = NewTestTableForm(spec, data=data)
    assert {f.name for f in form.config_fields()} == {f"rules_{name}" for name in rules.Config().to_json()}
    assert form.is_valid(), form.errors
    table = form.save()
    assert table.state["game"]["stacked"][:11] == "AS AH AD 7C 2S 3D 4C 6H 8S 9D KC".split()
    bad = NewTestTableForm(spec, data={**data, "rules_ante_bonus_paytable": 9, "stack": "AS AS"})
    assert not bad.is_valid()
    assert "Choose Ante Bonus paytable 1 (25-20-2) or 2 (30-15-2)." in bad.errors["rules_ante_bonus_paytable"]


@pytest.mark.django_db
def test_every_row_page_renders(client):
    from django.contrib.auth.models import Group, User

    from casino.lab import registry

    user = User.objects.create_user("dana", password="pw-dana-123")
    user.groups.add(Group.objects.get_or_create(name="designers")[0])
    client.force_login(user)
    for spec in registry.specs("four_card_poker"):
        page = client.get(f"/lab/rows/{spec.key}/")
        assert page.status_code == 200, spec.key
    page = client.get(f"/lab/rows/{ANTE_PLAY.key}/").content.decode()
    assert 'name="line-three_of_a_kind"' in page and "computed" in page


@pytest.mark.django_db
def test_the_ante_bonus_reads_as_what_it_adds_to_the_ante_never_as_an_rtp(client):
    from django.contrib.auth.models import Group, User

    user = User.objects.create_user("dana", password="pw-dana-123")
    user.groups.add(Group.objects.get_or_create(name="designers")[0])
    client.force_login(user)
    table = client.get("/lab/?game=four_card_poker", HTTP_HX_REQUEST="true").content.decode()
    assert "+6.709%" in table and "added to the Ante" in table
    assert "106.7" not in table and "100.57" not in table
    row = client.get("/lab/rows/four_card_poker:ante_bonus:25-20-2:1:-/").content.decode()
    assert "Adds to the Ante" in row and "+6.709%" in row and "106.7" not in row
    changed = client.post(
        "/lab/rows/four_card_poker:ante_bonus:25-20-2:1:-/what-if/", {"line-four_of_a_kind": "50 to 1"}
    ).content.decode()
    assert "to the Ante" in changed and "RTP" not in changed
