"""The game registry: every game app joins it from its AppConfig.ready().

The table runtime, the consumer, the lobby and the admin know games only
through a GameSpec; nothing in casino/ imports a game.

The registry also collects the kinds of progressive meters the games
declare: ``METER_KINDS`` in a game's paytables module (games/<game>/paytables.py),
games.meters.MeterKind each, its own or one it links with other games; the
Must-Hit-By Mystery bonus is every game's. So a game with a progressive of its
own adds its kind with no edit here and no migration (a meter's kind is a
plain string, checked against these).
"""

import importlib
import importlib.util
from collections.abc import Callable
from dataclasses import dataclass

from games.engine import CENTS_PER_CHIP, RulesModule
from games.meters import MUST_HIT_BY_KIND

_GAMES = {}
_METER_KINDS = {MUST_HIT_BY_KIND.kind: MUST_HIT_BY_KIND}


@dataclass(frozen=True)
class GameSpec:
    slug: str
    name: str
    # The pure rules module: Config, State, new_state(), apply(), timer(),
    # parse_action(), stack(), PLAYER_ACTIONS, LEAVE, STACK_HELP: the contract
    # games.engine.RulesModule states (tests/test_rules_contract.py checks it).
    rules: RulesModule
    # present(table, snapshot, config, viewer_id, balance) -> template context
    present: Callable
    # Templates of the table page (arranging the fragments), of the public
    # fragments every viewer shares and of the ones rendered for each viewer.
    page_template: str
    public_template: str
    private_template: str
    default_max_seats: int = 7
    # The smallest wager the table takes, in cents (the chip denominations).
    min_wager: Callable = None
    # (config) -> the fewest cents a hand needs to be dealt in, when more than
    # min_wager (Let It Ride's three equal bets): the top-up threshold.
    min_to_play: Callable | None = None
    # Short limits text for the lobby, e.g. "1–500 per spot".
    limits_text: Callable = None
    # last_result(game state JSON) -> short text of the last result for the
    # lobby ("10 ×2"), or None before the first round ends.
    last_result: Callable = lambda game_state: None
    # lobby_view(game state JSON, as last_result reads it) -> the lobby tile's
    # picture of the last result: {"label", "cards": [card strings]} or
    # {"label", "results": [{"result", "multiplier"}]}; None before one.
    lobby_view: Callable = lambda game_state: None
    # The game's pure lab module (games/<game>/edge.py) by its dotted path:
    # specs() lists its rows, compute(spec, ...) works one out (see
    # games/lab/rows.py). A path, imported by lab_of() on first use, so that
    # the table worker and Daphne, which never compute a row, do not import
    # the lab's simulations and numpy at start-up.
    lab: str | None = None
    # how_to_play(config, table meta) -> [games.how_to_play.Section]: the
    # table's "How to play" panel and rules page, from its Rules Submission.
    how_to_play: Callable | None = None
    # Optional, both or neither: present() in two parts, so that a Daphne
    # works out what every viewer of a version shares once, not once per
    # viewer. present_table(table, snapshot, config) -> the shared context;
    # present_viewer(shared, table, snapshot, config, viewer_id, balance) ->
    # what the viewer alone sees, added to a copy (it must not change shared).
    # present() stays their composition, for the pages.
    present_table: Callable | None = None
    present_viewer: Callable | None = None

    # (config) -> [(lowest, highest) cents] of each progressive wager that
    # qualifies for the Must-Hit-By Mystery bonus at a table of that config
    # (its contributions are of those amounts); None for a game without the
    # bonus. TableLink.clean refuses a Mystery meter no such wager reaches.
    mystery_wagers: Callable | None = None

    # What the demo tables' house bots play this game by
    # (casino/tables/management/commands/demo_bots.py): a module by its dotted
    # path, imported on first use as ``lab`` is, whose
    # ``house_bot_strategy(rules, config)`` gives it (strategy_of).
    bot_strategy: str | None = None

    def least_to_play(self, config):
        """The top-up threshold, in cents: min_to_play, or min_wager when a game has none."""
        return (self.min_to_play or self.min_wager)(config)


def game_spec(slug, name, rules, presenter, family, max_seats, how_to_play, bot_strategy=None):
    """The GameSpec of a game of ``family`` (its templates in templates/<family>/)
    from its rules module, its presenter (present, present_table,
    present_viewer, last_result, lobby_view, limits_text; and, where its family has them,
    min_to_play and mystery_wagers), its ``how_to_play`` and the module its
    house bots play by (``bot_strategy``, or None); its lab rows are in the
    ``edge`` module beside its rules, and its smallest wager is the table's
    minimum bet."""
    return GameSpec(
        slug=slug,
        name=name,
        rules=rules,
        present=presenter.present,
        present_table=presenter.present_table,
        present_viewer=presenter.present_viewer,
        last_result=presenter.last_result,
        lobby_view=presenter.lobby_view,
        page_template=f"{family}/table.html",
        public_template=f"{family}/_public.html",
        private_template=f"{family}/_private.html",
        default_max_seats=max_seats,
        min_wager=lambda config: config.min_bet * CENTS_PER_CHIP,
        min_to_play=getattr(presenter, "min_to_play", None),
        limits_text=presenter.limits_text,
        lab=rules.__name__.rpartition(".")[0] + ".edge",
        how_to_play=how_to_play,
        mystery_wagers=getattr(presenter, "mystery_wagers", None),
        bot_strategy=bot_strategy,
    )


def register(spec):
    if spec.slug in _GAMES and _GAMES[spec.slug] is not spec:
        raise ValueError(f"game {spec.slug!r} registered twice")
    for kind in _declared_meter_kinds(spec):
        if _METER_KINDS.setdefault(kind.kind, kind) != kind:
            raise ValueError(f"meter kind {kind.kind!r} declared twice, differently")
    _GAMES[spec.slug] = spec


def _declared_meter_kinds(spec):
    """The MeterKinds of ``METER_KINDS`` in the paytables module of a game's
    package (the package of its rules module), or () for a game without."""
    package = getattr(spec.rules, "__package__", None)
    if not package or importlib.util.find_spec(f"{package}.paytables") is None:
        return ()
    return getattr(importlib.import_module(f"{package}.paytables"), "METER_KINDS", ())


def meter_kinds():
    """{kind: games.meters.MeterKind} of every meter kind the registered games declare."""
    return _METER_KINDS


def lab_of(spec):
    """The lab module of a GameSpec, or None if the game has no lab rows."""
    return None if spec.lab is None else importlib.import_module(spec.lab)


def strategy_of(spec, config):
    """What the house bots play ``spec``'s game by at a table of ``config``
    (blackjack's best play, Six-Card Fortune Pai Gow's Double Down rule), or
    None for a game whose bots need none."""
    if spec.bot_strategy is None:
        return None
    return importlib.import_module(spec.bot_strategy).house_bot_strategy(spec.rules, config)


def get(slug):
    return _GAMES[slug]


def from_request(request):
    """The game a form names in ``game`` (the query string's, or the posted
    one on a POST): the first game when it names none, None for an unknown one.
    The lab's test-table form and the lobby's private-table form choose their
    game with it."""
    data = request.POST if request.method == "POST" else request.GET
    slug = data.get("game")
    if not slug:
        return all_games()[0]
    return _GAMES.get(slug)


def all_games():
    return sorted(_GAMES.values(), key=lambda spec: spec.name)


def choices():
    return [(spec.slug, spec.name) for spec in all_games()]
