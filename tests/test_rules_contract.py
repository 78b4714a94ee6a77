"""The rules-module contract (games.engine.RulesModule) holds for every
registered game: checked at run time here (each member present, each
function callable as the platform calls it, by inspect.signature), and by
mypy, which `make test` runs on this file too (pyproject's [tool.mypy]
files): ``RULES`` passes each rules module as the Protocol."""

import inspect
from collections.abc import Collection

import pytest

from casino.tables import registry
from games.caribbean_stud import rules as caribbean_stud
from games.crazy_4_poker import rules as crazy_4_poker
from games.dj_wild_stud import rules as dj_wild_stud
from games.down_under_blackjack import rules as down_under_blackjack
from games.dreamcatcher import rules as dreamcatcher
from games.engine import RulesConfig, RulesModule, RulesState
from games.face_up_pai_gow import rules as face_up_pai_gow
from games.fortune_asia import rules as fortune_asia
from games.four_card_poker import rules as four_card_poker
from games.let_it_ride import rules as let_it_ride
from games.mississippi_stud import rules as mississippi_stud
from games.pai_gow import rules as pai_gow
from games.players_edge21 import rules as players_edge21
from games.six_card_fortune_pai_gow import rules as six_card_fortune_pai_gow
from games.spanish21 import rules as spanish21
from games.texas_holdem_bonus import rules as texas_holdem_bonus
from games.three_card_poker import rules as three_card_poker
from games.ultimate_texas_holdem import rules as ultimate_texas_holdem

# Each module as the Protocol: mypy refuses a module that lacks a member or
# whose member does not fit.
RULES: tuple[RulesModule, ...] = (
    caribbean_stud,
    crazy_4_poker,
    dj_wild_stud,
    down_under_blackjack,
    dreamcatcher,
    face_up_pai_gow,
    fortune_asia,
    four_card_poker,
    let_it_ride,
    mississippi_stud,
    pai_gow,
    players_edge21,
    six_card_fortune_pai_gow,
    spanish21,
    texas_holdem_bonus,
    three_card_poker,
    ultimate_texas_holdem,
)


def _members(protocol: type) -> dict[str, object]:
    return {
        name: value
        for name, value in vars(protocol).items()
        if not name.startswith("_") and (callable(value) or isinstance(value, property | classmethod))
    }


def _fits(function: object, wanted: inspect.Signature) -> str | None:
    """Why ``function`` cannot be called as ``wanted`` (a Protocol method's
    signature without self) is, or None: each parameter by position and
    name, of a kind that takes it so, and none left over without a default."""
    if not callable(function):
        return f"{function!r} is not callable"
    got = list(inspect.signature(function).parameters.values())
    taking = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.POSITIONAL_ONLY)
    for index, want in enumerate(wanted.parameters.values()):
        if index >= len(got):
            if got and got[-1].kind is inspect.Parameter.VAR_POSITIONAL:
                continue
            return f"takes no parameter {want.name!r}"
        have = got[index]
        if have.kind not in taking or have.name != want.name:
            return f"parameter {index} is {have}, wanted {want.name!r}"
        if want.default is not inspect.Parameter.empty and have.default is inspect.Parameter.empty:
            return f"parameter {want.name!r} needs a default"
    for have in got[len(wanted.parameters) :]:
        if have.default is inspect.Parameter.empty and have.kind in taking:
            return f"parameter {have.name!r} is not in the contract and has no default"
    return None


def _signature_without_self(method: object) -> inspect.Signature:
    signature = inspect.signature(method)  # type: ignore[arg-type]
    parameters = list(signature.parameters.values())[1:]
    return signature.replace(parameters=parameters)


def test_every_registered_game_is_checked_here():
    assert {spec.rules for spec in registry.all_games()} == set(RULES)


@pytest.mark.parametrize("spec", registry.all_games(), ids=lambda spec: spec.slug)
def test_a_registered_rules_module_satisfies_the_contract(spec):
    rules = spec.rules
    problems = {}
    for name, member in _members(RulesModule).items():
        if not hasattr(rules, name):
            problems[name] = "missing"
        elif isinstance(member, property):
            continue  # the constants and classes: below
        else:
            problem = _fits(getattr(rules, name), _signature_without_self(member))
            if problem:
                problems[name] = problem
    assert problems == {}
    assert isinstance(rules.LEAVE, str) and isinstance(rules.STACK_HELP, str)
    assert isinstance(rules.PLAYER_ACTIONS, Collection)
    assert all(isinstance(kind, str) for kind in rules.PLAYER_ACTIONS)
    for cls, protocol in ((rules.Config, RulesConfig), (rules.State, RulesState)):
        assert isinstance(cls, type)
        for name, member in _members(protocol).items():
            assert hasattr(cls, name), f"{cls.__qualname__} has no {name}"
            # A classmethod binds to the class; an instance method takes self there.
            if isinstance(member, classmethod):
                wanted = _signature_without_self(member.__func__)
            else:
                wanted = inspect.signature(member)
            assert _fits(getattr(cls, name), wanted) is None, (cls, name)


def test_the_contract_round_trips_a_new_table():
    # The calls the runtime makes on a table's first snapshot, for each game.
    for rules in RULES:
        config = rules.Config.from_json({})
        assert config.errors() == {}
        state = rules.State.from_json(rules.new_state().to_json())
        key, seconds, action = rules.timer(state, config)
        assert action is None or action.kind
