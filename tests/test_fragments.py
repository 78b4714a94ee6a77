"""Splitting a rendered table into its top-level fragments (rendering.py):
what each push compares with what a connection already shows."""

from html.parser import HTMLParser

import pytest

from casino.tables import registry, rendering, template_inputs
from casino.tables.models import Table
from casino.tables.rendering import (
    LastRender,
    changed_parts,
    render_private,
    render_public,
    split_fragments,
    swap_into,
    table_meta,
)
from casino.tables.runtime import TableRuntime
from games.blackjack import round as blackjack_round
from games.dreamcatcher import rules as dreamcatcher
from games.engine import CENTS_PER_CHIP
from games.pai_gow import round as pai_gow_round
from games.poker import round as poker_round
from tests.test_runtime import Clock, bet, run_until, sit

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class _Reference(HTMLParser):
    """The same split by the standard library's HTML parser, tag by tag."""

    def __init__(self, html):
        super().__init__(convert_charrefs=False)
        self.lines = [0]
        for line in html.splitlines(keepends=True):
            self.lines.append(self.lines[-1] + len(line))
        self.depth, self.starts = 0, []
        self.feed(html)
        self.close()

    def _offset(self):
        line, column = self.getpos()
        return self.lines[line - 1] + column

    def handle_starttag(self, tag, attrs):
        if self.depth == 0:
            self.starts.append((self._offset(), dict(attrs).get("id")))
        if tag not in VOID:
            self.depth += 1

    def handle_startendtag(self, tag, attrs):
        if self.depth == 0:
            self.starts.append((self._offset(), dict(attrs).get("id")))

    def handle_endtag(self, tag):
        self.depth -= 1


def reference_split(html):
    starts = _Reference(html).starts
    if not starts:
        return ()
    ends = [start for start, _ in starts[1:]] + [len(html)]
    return tuple((element_id, html[start:end]) for (start, element_id), end in zip(starts, ends, strict=True))


@pytest.mark.parametrize(
    "html",
    [
        '<section id="a"><section id="inner"><p>x</p></section><p>y</p></section>\n<div id="b">z</div>',
        '<div id="a"><svg viewBox="0 0 1 1"><path d="M0,0"/><g><path d="M1,1"/></g></svg></div><p id="b"></p>',
        '<input id="a" type="text"><br><div id="b"><img src="x"></div>',
        '<strong id="nav" hx-swap-oob="true">10</strong><section id="s">a &lt;b&gt; c</section>',
        '<div id="a"><div><div></div></div></div>  <DIV id="b"></DIV>',
        '<svg id="s"><use href="#x"/></svg><span id="t">1</span>',
        "",
        "text only",
    ],
)
def test_the_split_is_the_html_parsers(html):
    assert split_fragments(html) == reference_split(html)


def test_a_nested_element_of_the_same_name_does_not_end_its_parent():
    html = '<section id="a"><section>in</section>still a</section><section id="b">b</section>'
    assert [element_id for element_id, _ in split_fragments(html)] == ["a", "b"]
    assert split_fragments(html)[0][1].endswith("still a</section>")


@pytest.mark.django_db
@pytest.mark.parametrize("game", sorted(spec.slug for spec in registry.all_games()))
def test_every_games_table_splits_as_the_html_parser_does(game, make_player, clean_redis):
    runtime = TableRuntime(Table.objects.create(game=game, name="Any"), clock=Clock())
    runtime.start()
    ann = make_player("Ann")
    sit(runtime, ann)
    meta = table_meta(runtime.table)
    for viewer in (ann.pk, None):
        html = "".join(
            markup
            for _, markup in render_public(
                meta, runtime.snapshot, runtime.table.config, runtime.version, cached=False
            )
        ) + "".join(
            markup
            for _, markup in render_private(
                meta, runtime.snapshot, runtime.table.config, runtime.version, viewer, 10
            )
        )
        fragments = split_fragments(html)
        assert fragments == reference_split(html)
        assert "".join(markup for _, markup in fragments) == html
        assert len([element_id for element_id, _ in fragments if element_id]) >= 3


@pytest.fixture
def wheel(make_table, make_player, clean_redis):
    """A wheel's runtime on a test clock, Ann and Bob seated: (runtime, clock, ann, bob)."""
    clock = Clock()
    runtime = TableRuntime(make_table(), clock=clock)
    runtime.start()
    ann, bob = make_player("Ann"), make_player("Bob")
    sit(runtime, ann)
    sit(runtime, bob)
    return runtime, clock, ann, bob


@pytest.mark.django_db
def test_a_wheel_round_splits_as_the_html_parser_does_at_every_phase(wheel):
    runtime, clock, ann, bob = wheel
    bet(runtime, ann, "1", 5)
    bet(runtime, bob, "40", 2)
    meta = table_meta(runtime.table)
    seen = set()
    for phase in (dreamcatcher.SPINNING, dreamcatcher.RESULT, dreamcatcher.BETTING):
        run_until(runtime, clock, phase)
        seen.add(runtime.state.phase)
        html = "".join(
            markup
            for _, markup in render_public(
                meta, runtime.snapshot, runtime.table.config, runtime.version, cached=False
            )
        )
        assert split_fragments(html) == reference_split(html)
    assert len(seen) == 3


def _paths(source):
    from django.template import engines

    paths = set()
    template_inputs._walk(engines["django"].from_string(source).template.nodelist, frozenset(), paths)
    return paths


def test_the_inputs_of_a_template_are_the_paths_it_looks_up():
    assert _paths(
        "{% load casino_tags %}{% for spot, amount in my_bets %}{{ spot }}{% chip_stack amount %}{% endfor %}"
        "{% if a.b and not c or d == 'x' %}{{ e|default:f.g }}{% endif %}{% with h=i.j %}{{ h.k }}{% endwith %}"
        "{% url 'tables:table' table.id %}{% include 'tables/_flash.html' with text=t only %}"
    ) == {"my_bets", "a.b", "c", "d", "e", "f.g", "i.j", "table.id", "t"}


@pytest.mark.parametrize("source", ["{% cycle 'a' 'b' %}", "{% include name %}", "{% now 'Y' %}"])
def test_a_template_whose_inputs_cannot_be_known_is_opaque(source):
    with pytest.raises(template_inputs.Opaque):
        _paths(source)


@pytest.mark.parametrize("game", sorted(spec.slug for spec in registry.all_games()))
def test_every_games_private_template_has_known_inputs(game):
    assert template_inputs.inputs_of(registry.get(game).private_template)


@pytest.mark.django_db
def test_a_players_fragments_are_reused_only_while_what_they_show_is_unchanged(wheel):
    runtime, clock, ann, bob = wheel
    meta, last = table_meta(runtime.table), LastRender()

    def both(balance=1_000):
        args = (meta, runtime.snapshot, runtime.table.config, runtime.version, ann.pk, balance)
        reused = render_private(*args, last=last)
        assert reused == render_private(*args)  # what a fresh render gives
        return reused

    first = both()
    bet(runtime, bob, "2", 5)  # another player's bet: Ann's own view is unchanged
    assert both() is first
    assert both(balance=995) is not first  # her balance moved
    bet(runtime, ann, "1", 5)
    mine = both(balance=990)
    assert mine is not first and "Your bets" in "".join(markup for _, markup in mine)
    for phase in (dreamcatcher.SPINNING, dreamcatcher.RESULT, dreamcatcher.BETTING):
        run_until(runtime, clock, phase)
        both(balance=990)


PIECEMEAL = (
    '<section id="area" data-parts><p>Limits</p><div class="row">'
    '<button id="spot-1">1 <b>5</b></button><button id="spot-2">2</button></div>'
    '<svg><g id="inside-svg"><path d="M0,0"/></g></svg></section>'
)


def test_a_fragment_marked_data_parts_is_sent_as_the_parts_that_changed():
    changed = PIECEMEAL.replace("<b>5</b>", "<b>10</b>")
    assert changed_parts(PIECEMEAL, changed) == ('<button id="spot-1">1 <b>10</b></button>',)
    assert changed_parts(PIECEMEAL, PIECEMEAL) == ()
    assert changed_parts(None, PIECEMEAL) == (PIECEMEAL,)
    # The frame changed (a new paragraph): the whole fragment.
    framed = changed.replace("<p>Limits</p>", "<p>New limits</p>")
    assert changed_parts(PIECEMEAL, framed) == (framed,)
    # An element inside an SVG is never sent alone.
    drawn = PIECEMEAL.replace('d="M0,0"', 'd="M1,1"')
    assert changed_parts(PIECEMEAL, drawn) == (drawn,)
    # Without data-parts, always the whole fragment.
    plain = PIECEMEAL.replace(" data-parts", "")
    assert changed_parts(plain, plain.replace("<b>5</b>", "<b>10</b>")) == (
        plain.replace("<b>5</b>", "<b>10</b>"),
    )


def test_swapping_the_parts_in_gives_the_new_fragment():
    changed = PIECEMEAL.replace("<b>5</b>", "<b>10</b>").replace(">2<", ">two<")
    shown = {"area": PIECEMEAL, "other": '<div id="other">x</div>'}
    swap_into(shown, "".join(changed_parts(PIECEMEAL, changed)))
    assert shown == {"area": changed, "other": '<div id="other">x</div>'}


@pytest.mark.django_db
def test_another_players_bet_sends_a_spectator_only_the_area_and_the_seat(wheel):
    runtime, _, ann, bob = wheel
    meta = table_meta(runtime.table)

    def page():
        return dict(
            render_public(meta, runtime.snapshot, runtime.table.config, runtime.version, cached=False)
        )

    before = page()
    bet(runtime, bob, "10", 5)
    after = page()
    sent = [part for name, markup in after.items() for part in changed_parts(before.get(name), markup)]
    ids = [element_id for element_id, _ in split_fragments("".join(sent))]
    assert "dc-spot-10" in ids and "dc-seat-2" in ids
    assert "dc-layout" not in ids and "dc-players" not in ids
    assert (
        sum(map(len, sent)) < sum(len(after[name]) for name in after if after[name] != before.get(name)) * 0.7
    )
    assert swap_into(dict(before), "".join(sent)) == after


# The phases of a card game's round where its players decide (the clock plays the others by itself).
DECIDING = {
    poker_round.DECIDING,
    blackjack_round.INSURANCE,
    blackjack_round.PLAYING,
    pai_gow_round.DECIDING,
    pai_gow_round.SETTING,
}


def a_round_with_two_players(game, make_player):
    """A table of ``game`` with Ann and Bob seated, each with the first wager
    their page offers, and (a card game) its clock run into the round's first
    decision: the seats, hands and controls a push shows mid-round."""
    clock = Clock()
    table = Table.objects.create(game=game, name="Any", seed=7, is_test=True)
    runtime = TableRuntime(table, clock=clock)
    runtime.start()
    players = [make_player("Ann"), make_player("Bob")]  # invited to the test table
    spec, meta = registry.get(game), table_meta(table)
    rules_config = spec.rules.Config.from_json(table.config)
    chips = spec.min_wager(rules_config) // CENTS_PER_CHIP
    for player in players:
        sit(runtime, player)
        offered = spec.present(meta, runtime.snapshot, rules_config, player.pk, 10_000).get("bet_buttons")
        bet(runtime, player, offered[0]["area"] if offered else dreamcatcher.SPOTS[0], chips)
    if spec.rules is not dreamcatcher:  # Dreamcatcher's players decide only while betting
        for _ in range(6):
            clock.now = runtime.snapshot["timer"]["deadline"]
            runtime.tick()
            if runtime.state.phase in DECIDING:
                break
        assert runtime.state.phase in DECIDING
    return runtime, players


@pytest.mark.django_db
@pytest.mark.parametrize("game", sorted(spec.slug for spec in registry.all_games()))
def test_a_versions_shared_context_is_worked_out_once_and_no_viewer_changes_it(
    game, make_player, clean_redis
):
    from casino.tables.rendering import table_context

    runtime, (ann, bob) = a_round_with_two_players(game, make_player)
    carol = make_player("Carol")  # signed in, not seated
    spec, meta = registry.get(game), table_meta(runtime.table)
    assert spec.present_table is not None and spec.present_viewer is not None
    snapshot, config, version = runtime.snapshot, runtime.table.config, runtime.version
    rules_config = spec.rules.Config.from_json(config)
    fresh = spec.present_table(meta, snapshot, rules_config)
    for viewer in (ann.pk, bob.pk, carol.pk, None, ann.pk):
        balance = None if viewer is None else 1_000
        context = table_context(meta, snapshot, config, version, viewer, balance)
        expected = spec.present(meta, snapshot, rules_config, viewer, balance)
        assert {key: context[key] for key in expected} == expected
        # The templates read the shared context too.
        render_private(meta, snapshot, config, version, viewer, balance)
    render_public(meta, snapshot, config, version, cached=False)
    shared = rendering._shared[(meta["id"], version)]
    assert shared.snapshot is snapshot and shared.shared == fresh
    # Another snapshot of the same version (a reconnect reads it from the database) is worked out anew.
    assert table_context(meta, dict(snapshot), config, version)["seats"] == fresh["seats"]
    assert rendering._shared[(meta["id"], version)].snapshot is not snapshot


@pytest.mark.django_db
@pytest.mark.parametrize("game", sorted(spec.slug for spec in registry.all_games()))
def test_every_games_private_fragments_reused_between_versions_equal_a_fresh_render(
    game, make_player, clean_redis
):
    """Through a round, each seated player's and a watching player's
    connection (its LastRender, the values of the version looked up once
    for them all) gets what a render from nothing gives, and some versions
    are served without a render."""
    runtime, (ann, bob) = a_round_with_two_players(game, make_player)
    carol = make_player("Carol")  # signed in, not seated
    meta, clock = table_meta(runtime.table), runtime.clock
    lasts = {viewer: LastRender() for viewer in (ann.pk, bob.pk, carol.pk)}
    reused, phases = 0, set()
    for _ in range(12):
        args = (meta, runtime.snapshot, runtime.table.config, runtime.version)
        for viewer, last in lasts.items():
            before = last.fragments
            got = render_private(*args, viewer, 1_000, last=last)
            reused += got is before
            assert got == render_private(*args, viewer, 1_000), (viewer, runtime.state.phase)
        phases.add(runtime.state.phase)
        clock.now = runtime.snapshot["timer"]["deadline"] or clock.now + 60
        runtime.tick()
    assert len(phases) >= 2
    assert reused  # a version that changes nothing a viewer sees is not rendered again


@pytest.mark.django_db
@pytest.mark.parametrize("game", sorted(spec.slug for spec in registry.all_games()))
def test_a_players_clock_runs_out_before_the_lock_out(game, make_player, clean_redis):
    """The countdown a page shows (data-deadline-ms) reaches zero
    CLOCK_LEAD_SECONDS before the table's deadline, betting and deciding
    alike: a click as it shows zero still reaches the casino in time."""
    import re

    from games.presenting import CLOCK_LEAD_SECONDS

    runtime, _ = a_round_with_two_players(game, make_player)
    meta = table_meta(runtime.table)
    for snapshot in (runtime.snapshot, TableRuntime.load(runtime.table.pk).snapshot):
        fragments = render_public(meta, snapshot, runtime.table.config, runtime.version, cached=False)
        shown = "".join(html for _, html in fragments)
        clocks = re.findall(r'data-deadline-ms="(\d+)"', shown)
        assert clocks, "a clock runs in this phase"
        expected = int((snapshot["timer"]["deadline"] - CLOCK_LEAD_SECONDS) * 1000)
        assert {int(ms) for ms in clocks} == {expected}


@pytest.mark.django_db
def test_a_bet_made_as_the_clock_shows_zero_counts(make_player, clean_redis):
    from games.presenting import CLOCK_LEAD_SECONDS

    clock = Clock()
    table = Table.objects.create(game="dreamcatcher", name="Any", seed=7, is_test=True)
    runtime = TableRuntime(table, clock=clock)
    runtime.start()
    ann = make_player("Ann")
    sit(runtime, ann)
    deadline = runtime.snapshot["timer"]["deadline"]
    # The page shows 0 s left, and the bet is still on its way.
    clock.now = deadline - CLOCK_LEAD_SECONDS + 0.2
    bet(runtime, ann, "1", 1)
    assert runtime.state.bets[str(ann.pk)] == {"1": CENTS_PER_CHIP}
    clock.now = deadline
    runtime.tick()
    assert runtime.state.phase != dreamcatcher.BETTING
