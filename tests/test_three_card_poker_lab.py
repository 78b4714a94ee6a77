"""The lab's rows of Three Card Poker, exact through the game's own
evaluators, held to the published house edges (docs/rules/three_card_poker.md;
issue 14): Ante and Play under Q-6-4, 3.37% of the Ante and 2.01% of the
total wagered; Pair Plus 2.32%, 7.28% and 5.57%."""

import time
from fractions import Fraction

import pytest

from casino.lab import registry
from games.cards import poker
from games.lab.rows import EXACT
from games.payouts import Odds
from games.three_card_poker import edge, paytables

pytestmark = pytest.mark.django_db


def row(wager, paytable=None, **kwargs):
    (spec,) = [s for s in edge.specs() if s.wager == wager and s.paytable == paytable]
    return registry.compute(spec, **kwargs)


def test_ante_and_play_under_q64_is_the_published_figure_and_fast():
    for cached in (edge.ante_play_outcomes, edge.suit_classes, edge.dealer_tables):
        cached.cache_clear()  # from nothing, as the lab computes it the first time
    started = time.perf_counter()
    ante = row(edge.ANTE_PLAY)
    seconds = time.perf_counter() - started
    assert seconds < 60, f"the exact Ante/Play row took {seconds:.1f} s"
    assert round(ante.house_edge * 100, 2) == 3.37
    assert round(ante.details["house_edge_of_total_wagered"] * 100, 2) == 2.01
    assert ante.details["play_probability"] == pytest.approx(0.6742, abs=1e-4)
    assert ante.spec.method == EXACT and "queen-6-4 or better" in ante.assumptions[0]
    # The Ante Bonus lines: straight flush 48, three of a kind 52, straight 720 of 22,100.
    assert {item["key"]: item["probability"] for item in ante.lines} == {
        "straight_flush": Fraction(48, 22_100),
        "three_of_a_kind": Fraction(52, 22_100),
        "straight": Fraction(720, 22_100),
    }


def test_every_outcome_is_counted_once():
    outcomes, play = edge.ante_play_outcomes(tuple(paytables.ANTE_BONUS.items()))
    assert sum(outcomes.values()) == 1
    assert play == Fraction(14_900, 22_100)  # hands of Q-6-4 or better
    assert sum(size for _hand, size in edge.suit_classes()) == 22_100


def test_a_designers_ante_bonus_changes_the_row():
    richer = row(edge.ANTE_PLAY, payouts={"straight": Odds(2)})
    assert richer.house_edge < row(edge.ANTE_PLAY).house_edge


@pytest.mark.parametrize(
    "name, edge_percent", [("40-30-6-4-1", 2.32), ("40-30-6-3-1", 7.28), ("40-30-5-4-1", 5.57)]
)
def test_pair_plus_is_the_published_figure_for_every_paytable(name, edge_percent):
    assert round(row(edge.PAIR_PLUS, name).house_edge * 100, 2) == edge_percent


def test_the_best_five_of_six_are_counted_exactly():
    # The known distribution of the best five-card hand of six cards.
    assert edge.six_card_categories() == {
        "royal": 188,
        poker.STRAIGHT_FLUSH: 1_656,
        poker.FOUR_OF_A_KIND: 14_664,
        poker.FULL_HOUSE: 165_984,
        poker.FLUSH: 205_792,
        poker.STRAIGHT: 361_620,
        poker.THREE_OF_A_KIND: 732_160,
        poker.TWO_PAIR: 2_532_816,
        poker.PAIR: 9_730_740,
        poker.HIGH_CARD: 6_612_900,
    }


def test_six_card_bonus():
    six = row(edge.SIX_CARD)
    n = 20_358_520
    winnings = (
        188 * 1000 + 1656 * 200 + 14664 * 50 + 165984 * 25 + 205792 * 20 + 361620 * 10 + 732160 * 5
    ) / n
    hits = (188 + 1656 + 14664 + 165984 + 205792 + 361620 + 732160) / n
    assert six.rtp == pytest.approx(winnings + hits, abs=1e-12)  # the stake back on every win


def test_the_progressive_rows_keep_their_fixed_and_meter_parts_apart():
    three = row(edge.THREE_CARD)
    # Fixed: other mini-royal $500, straight flush $100, three of a kind $50 on $1 ("for 1").
    assert three.rtp_fixed == pytest.approx((3 * 500 + 44 * 100 + 52 * 50) / 22_100)
    assert three.meter_shares == {100: Fraction(1, 22_100)}
    # The meter: 20% of each wager and its $1,000 seed after each 100% award.
    assert three.rtp_progressive == pytest.approx(0.20 + 1_000 / 22_100)
    assert three.details["envy_per_other_player"] == pytest.approx((100 + 3 * 25) / 22_100)
    five = row(edge.FIVE_CARD)
    assert five.meter_shares[100] == Fraction(47, 20_358_520)  # royal flushes in spades: 188 / 4
    assert five.meter_shares[25] == Fraction(3 * 47, 20_358_520)
    assert five.rtp < 1


def test_the_mystery_rows_are_offered():
    specs = registry.specs("three_card_poker")
    mystery = [spec for spec in specs if spec.wager == "must_hit_by"]
    assert {(spec.paytable, spec.variant) for spec in mystery} >= {("A", "$1"), ("A", "$5"), ("D", "$1")}
    assert len({spec.key for spec in specs}) == len(specs)


def test_the_test_table_form_has_every_setting_and_takes_a_stack():
    from casino.lab.testtables import NewTestTableForm
    from casino.tables import registry as tables
    from games.three_card_poker.rules import Config

    spec = tables.get("three_card_poker")
    data = {"name": "TCP lab", "max_seats": 6, "seed": 7, "stack": "AS KS QS 2D 7C 9H"}
    data.update({f"rules_{name}": value for name, value in Config().to_json().items()})
    form = NewTestTableForm(spec, data=data)
    assert {field.name for field in form.config_fields()} == {f"rules_{name}" for name in Config().to_json()}
    assert form.is_valid(), form.errors
    table = form.save()
    assert table.state["game"]["stacked"][:6] == ["AS", "KS", "QS", "2D", "7C", "9H"]
    bad = NewTestTableForm(spec, data={**data, "rules_pair_plus_paytable": 9, "stack": "AS AS"})
    assert not bad.is_valid()
    assert "Choose Pair Plus paytable 1, 2 or 3." in bad.errors["rules_pair_plus_paytable"]


def test_every_row_page_renders_and_the_ante_bonus_takes_a_what_if(client):
    from django.contrib.auth.models import Group, User

    user = User.objects.create_user("dana", password="pw-dana-123")
    user.groups.add(Group.objects.get_or_create(name="designers")[0])
    client.force_login(user)
    for spec in registry.specs("three_card_poker"):
        page = client.get(f"/lab/rows/{spec.key}/")
        assert page.status_code == 200, spec.key
    (spec,) = [s for s in edge.specs() if s.wager == edge.ANTE_PLAY]
    page = client.get(f"/lab/rows/{spec.key}/").content.decode()
    assert 'name="line-straight"' in page and "96.6" in page  # 3.373% house edge: RTP 96.627%
    response = client.post(
        f"/lab/rows/{spec.key}/what-if/", {"line-straight": "2 to 1"}, HTTP_HX_REQUEST="true"
    )
    # One more unit on each of the 720 straights, all played: +720/22,100 of the Ante.
    expected = float(registry.compute(spec).exact_rtp + Fraction(720, 22_100))
    assert f"{100 * expected:.3f}%" in response.content.decode()
