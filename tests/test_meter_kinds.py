"""A meter kind is data its game declares (games/meters.py, ``METER_KINDS`` in
the game's paytables module), collected by the game registry: a game with a
progressive of its own needs no platform edit and no migration, and the
admin names every kind."""

from io import StringIO
from types import SimpleNamespace

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command

from casino.lab import registry as lab
from casino.progressives.models import Meter
from casino.progressives.paytables import kind_name, meter_rules
from casino.tables import registry

pytestmark = pytest.mark.django_db

NEW_GAME = """
from games.meters import house_funded

METER_KINDS = (house_funded("new_progressive", "New Game progressive", (2,), 300_000, 1000, "test"),)
"""


def _game(tmp_path, monkeypatch, package, paytables):
    """A game package of its own, outside the tree, registered for one test."""
    (tmp_path / package).mkdir()
    (tmp_path / package / "__init__.py").write_text("")
    (tmp_path / package / "paytables.py").write_text(paytables)
    monkeypatch.syspath_prepend(str(tmp_path))
    return registry.GameSpec(
        slug=package,
        name=package,
        rules=SimpleNamespace(__package__=package),
        present=lambda *args: {},
        page_template="dreamcatcher/table.html",
        public_template="dreamcatcher/_public.html",
        private_template="dreamcatcher/_private.html",
    )


@pytest.fixture
def new_game(tmp_path, monkeypatch):
    spec = _game(tmp_path, monkeypatch, "new_meter_game", NEW_GAME)
    registry.register(spec)
    yield spec
    registry._GAMES.pop(spec.slug, None)
    registry._METER_KINDS.pop("new_progressive", None)


def test_a_new_games_kind_needs_no_platform_edit_and_no_migration(new_game, admin_client):
    rules = meter_rules("new_progressive", "", 2)
    assert (rules.name, rules.seed_cents, rules.primary_bp, rules.exact_wager) == (
        "New Game progressive ($2)",
        300_000,
        1000,
        True,
    )
    meter = Meter(name="New", kind="new_progressive", paytable="", wager_dollars=2)
    meter.full_clean(exclude=["tables"])
    with pytest.raises(
        ValidationError, match=r"New Game progressive takes paytable \(blank\) and a wager of \$2"
    ):
        Meter(name="New", kind="new_progressive", paytable="", wager_dollars=5).full_clean(exclude=["tables"])
    out = StringIO()
    call_command("makemigrations", "progressives", "--check", "--dry-run", stdout=out)
    assert "No changes detected" in out.getvalue()
    page = admin_client.get("/admin/progressives/meter/add/").content.decode()
    assert '<option value="new_progressive">New Game progressive</option>' in page


def test_a_kind_declared_twice_differently_is_refused(new_game, tmp_path, monkeypatch):
    clash = _game(tmp_path, monkeypatch, "clashing_meter_game", NEW_GAME.replace("300_000", "400_000"))
    with pytest.raises(ValueError, match="'new_progressive' declared twice, differently"):
        registry.register(clash)
    assert clash.slug not in {spec.slug for spec in registry.all_games()}


def test_an_unknown_kind_is_refused():
    with pytest.raises(ValidationError) as refused:
        Meter(name="Nothing", kind="no_such_kind", paytable="", wager_dollars=1).full_clean(
            exclude=["tables"]
        )
    assert refused.value.message_dict == {"kind": ["Value 'no_such_kind' is not a valid choice."]}


def test_every_meter_the_lab_and_the_games_use_is_a_declared_kind():
    meters = [row.meter for row in lab.specs() if row.meter is not None]
    assert {kind for kind, _, _ in meters} >= {
        "five_card",
        "six_card_fortune",
        "monster_match",
        "must_hit_by",
    }
    for kind, label, dollars in meters:
        assert meter_rules(kind, label, dollars).kind == kind
    assert kind_name("six_card_fortune") == "Six-Card Fortune Pai Gow progressive"


def test_the_admin_lists_and_filters_meters_by_their_kinds_names(admin_client):
    Meter.objects.create(name="Six-Card $1", kind="six_card_fortune", paytable="", wager_dollars=1)
    page = admin_client.get("/admin/progressives/meter/").content.decode()
    assert '<td class="field-kind_name">Six-Card Fortune Pai Gow progressive</td>' in page
    assert "?kind=six_card_fortune" in page
    filtered = admin_client.get("/admin/progressives/meter/?kind=must_hit_by").content.decode()
    assert "Six-Card $1" not in filtered
