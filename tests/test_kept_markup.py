"""{% keep %}: markup reused while the values it reads repeat
(casino/tables/kept_markup.py)."""

import pytest
from django.template import engines
from django.utils.safestring import mark_safe

from casino.tables import kept_markup, registry, template_inputs
from casino.tables.rendering import render_public, table_meta
from casino.tables.runtime import TableRuntime
from games.dreamcatcher import rules as dreamcatcher
from tests.test_fragments import a_round_with_two_players
from tests.test_runtime import Clock, bet, run_until, sit


def _template(source):
    return engines["django"].from_string("{% load casino_tags %}" + source)


@pytest.fixture(autouse=True)
def empty():
    kept_markup.clear()
    yield
    kept_markup.clear()


def test_a_kept_block_renders_again_only_when_what_it_reads_changes(monkeypatch):
    renders = []
    template = _template(
        "{% for s in spots %}{% keep %}[{{ s.name }}:{{ s.total|chips }}{% if open %}+{% endif %}]{% endkeep %}{% endfor %}"
    )
    node = template.template.nodelist[1].nodelist_loop[0]
    original = node.nodelist.render

    def counting(context):
        renders.append(context["s"]["name"])
        return original(context)

    monkeypatch.setattr(node.nodelist, "render", counting)
    spots = [{"name": "a", "total": 100}, {"name": "b", "total": 0}]
    assert template.render({"spots": spots, "open": True}) == "[a:1+][b:0+]"
    assert renders == ["a", "b"]
    # The same values: nothing rendered.
    assert template.render({"spots": [dict(s) for s in spots], "open": True}) == "[a:1+][b:0+]"
    assert renders == ["a", "b"]
    # One spot's total changed: that spot alone.
    spots[1]["total"] = 500
    assert template.render({"spots": spots, "open": True}) == "[a:1+][b:5+]"
    assert renders == ["a", "b", "b"]
    # A value outside the loop that the block reads: every spot again.
    assert template.render({"spots": spots, "open": False}) == "[a:1][b:5]"
    assert renders == ["a", "b", "b", "a", "b"]


def test_a_kept_block_is_kept_apart_for_each_language_asked_once_a_render(monkeypatch):
    from django.utils import translation

    asked = []
    original = translation.get_language
    monkeypatch.setattr(translation, "get_language", lambda: asked.append(1) or original())
    template = _template("{% for n in numbers %}{% keep %}[{{ n }}]{% endkeep %}{% endfor %}")
    with translation.override("en"):
        asked.clear()  # override itself asks
        assert template.render({"numbers": [1, 2, 3]}) == "[1][2][3]"
        assert len(asked) == 1  # once for the render, not once a block
    with translation.override("fr"):
        assert template.render({"numbers": [1, 2, 3]}) == "[1][2][3]"
    assert len(kept_markup._kept) == 6  # nothing kept in English served in French


@pytest.mark.parametrize(
    ("first", "second"),
    [(1, True), (1, 1.0), (0, False), ("1", 1), (None, "None"), ([1], (1,)), ("<b>", mark_safe("<b>"))],
)
def test_values_that_print_differently_never_share_a_render(first, second):
    template = _template("{% keep %}{{ value }}{% endkeep %}")
    assert template.render({"value": first}) == _template("{{ value }}").render({"value": first})
    assert template.render({"value": second}) == _template("{{ value }}").render({"value": second})


def test_a_block_that_reads_an_object_is_rendered_every_time():
    class Seat:
        def __init__(self):
            self.name = "Ann"

    seat = Seat()
    template = _template("{% keep %}{{ seat.name }}{% endkeep %}")
    assert template.render({"seat": seat}) == "Ann"
    seat.name = "Bob"  # the same object, changed inside
    assert template.render({"seat": seat}) == "Bob"


def test_a_block_whose_inputs_cannot_be_known_is_rendered_every_time():
    template = _template("{% keep %}{% cycle 'a' 'b' %}{{ x }}{% endkeep %}")
    node = template.template.nodelist[1]
    assert template_inputs.paths_of(node, node.nodelist) is None
    assert template.render({"x": 1}) == "a1"
    assert template.render({"x": 2}) == "a2"


def test_a_kept_block_escapes_as_its_place_in_the_template_says():
    kept = "{% keep %}{{ value }}{% endkeep %}"
    escaped = _template(kept)
    raw = _template("{% autoescape off %}" + kept + "{% endautoescape %}")
    assert escaped.render({"value": "<b>"}) == "&lt;b&gt;"
    assert raw.render({"value": "<b>"}) == "<b>"


def test_the_walk_sees_through_a_kept_block():
    template = _template("{% keep %}{{ a.b }}{% if c %}{{ d|default:e }}{% endif %}{% endkeep %}")
    paths = set()
    template_inputs._walk(template.template.nodelist, frozenset(), paths)
    assert paths == {"a.b", "c", "d", "e"}


def test_keep_takes_no_arguments():
    from django.template import TemplateSyntaxError

    with pytest.raises(TemplateSyntaxError):
        _template("{% keep x %}{% endkeep %}")


@pytest.mark.django_db
def test_a_wheel_round_renders_as_without_kept_markup_at_every_step(make_table, make_player, clean_redis):
    """Every version of a round of bets, spins and results, each rendered
    after the one before it (the cache warm), is the markup of a render
    from nothing."""
    clock = Clock()
    runtime = TableRuntime(make_table(), clock=clock)
    runtime.start()
    players = [make_player(f"P{n}") for n in range(4)]
    for player in players:
        sit(runtime, player)
    meta = table_meta(runtime.table)

    def both():
        args = (meta, runtime.snapshot, runtime.table.config, runtime.version)
        warm = render_public(*args, cached=False)
        kept_markup.clear()
        cold = render_public(*args, cached=False)
        render_public(*args, cached=False)  # warm again for the next version
        # dc-status carries the server's clock of the moment.
        assert warm[1:] == cold[1:]
        return warm

    rendered = set()
    spots = ["1", "2", "5", "10", "20", "40"]
    for number in range(3):
        for index, player in enumerate(players):
            bet(runtime, player, spots[(index + number) % 6], index + 1)
            rendered.add(both())
        for phase in (dreamcatcher.SPINNING, dreamcatcher.RESULT, dreamcatcher.BETTING):
            run_until(runtime, clock, phase)
            rendered.add(both())
    assert len(rendered) > 10


@pytest.mark.django_db
@pytest.mark.parametrize("game", sorted(spec.slug for spec in registry.all_games()))
def test_every_games_table_renders_as_without_kept_markup_through_a_round(game, make_player, clean_redis):
    """From the first bets to the next round, each version rendered after
    the one before it (what was kept for it in the cache) equals a render
    from nothing."""
    runtime, players = a_round_with_two_players(game, make_player)
    clock = runtime.clock
    meta = table_meta(runtime.table)
    seen = set()
    for _ in range(12):
        args = (meta, runtime.snapshot, runtime.table.config, runtime.version)
        warm = render_public(*args, cached=False)
        kept_markup.clear()
        assert warm[1:] == render_public(*args, cached=False)[1:]
        seen.add(runtime.state.phase)
        clock.now = runtime.snapshot["timer"]["deadline"] or clock.now + 60
        runtime.tick()
    assert len(seen) >= 2
