"""The house keeps its edge at every table a Rules Submission can make.

For every game in the registry this walks its default Rules Submission and
every choice the Submission offers (paytables, deck counts, options, the
wagers it may switch on), asks the game's lab which rows such a table plays
(``edge.table_rows``) and holds each house-banked wager's return below 100%:

- at the seed: the fixed lines plus the meter lines paid from a meter that
  stands at its seed (a progressive's worst case for the house on the day it
  opens), with no exception;
- in the long run: the lab's RTP, the meter paying back every increment
  (casino/lab/progressive.py), except the paytables the regulation itself
  sets that pay more than they take once the meter has grown (LONG_RUN_SET_BY_REGULATION);
- the main game under the lab's best play: the blackjack solver's exact
  figure for the table's own rules, the exact rows, or the long reference
  run of a simulated row (tests/test_lab_simulated.py holds those current).

A bonus paid on top of a wager (an Ante Bonus, an Envy, the Mystery bonus)
is not a wager: its row says what it adds to one (RowSpec.adds_to).

A failure names the game, the wager, the paytable and the return, so a
default that gives the player the edge cannot land unnoticed.
"""

import dataclasses
import itertools
from fractions import Fraction

import pytest

from casino.lab import registry as lab
from casino.progressives.paytables import meter_rules
from casino.tables import registry
from games.blackjack import solver

# Values tried on each whole-number field of a Rules Submission. A field that
# takes 100 is an amount (a limit, odds a designer types, an Envy in chips),
# not a choice; one that takes only a few of the small values is a choice.
PROBES = (*range(13), 100)
# The clocks (games/poker/config.py CLOCKS) and the wagers' limits are amounts too.
NOT_AMOUNTS = "_seconds"
MOST_COMBINATIONS = 4096  # beyond that, one choice changed at a time

# Paytables the regulation sets whose long-run return, the meter paying back
# its increments, is above 100%: the house may not refuse them, only choose
# another. At the seed every one of them is below 100% (checked below).
LONG_RUN_SET_BY_REGULATION = {
    # § 635c.1(i): Match the Dealer progressive paytables 7-10 (6 decks) and
    # 8-10 (8 decks); the primary increment is § 635c.1(j)'s 15%.
    *(f"spanish21:match_the_dealer:{paytable}:6:-" for paytable in (7, 8, 9, 10)),
    *(f"spanish21:match_the_dealer:{paytable}:8:-" for paytable in (8, 9, 10)),
    # § 685c.1(i): Down Under's own Match the Dealer paytables 8-10, 6 and 8 decks.
    *(
        f"down_under_blackjack:match_the_dealer:{paytable}:{decks}:-"
        for paytable in (8, 9, 10)
        for decks in (6, 8)
    ),
}


def _numbers(config):
    return [
        item.name
        for item in dataclasses.fields(config)
        if item.type in (int, "int") and not item.name.endswith(NOT_AMOUNTS) and "bet" not in item.name
    ]


def _everything_off(config):
    """``config`` with every field that may be 0 set to 0, one at a time,
    while the Submission stays valid: so a wager another one needs (the
    progressive under the Mystery bonus) can be tried off too."""
    for _ in range(2):
        for name in _numbers(config):
            off = dataclasses.replace(config, **{name: 0})
            if not off.errors():
                config = off
    return config


def _choices(config):
    """{field: [values the Rules Submission accepts]} of the fields that are
    choices, each tried on ``config`` and on it with everything off."""
    found = {}
    bases = (config, _everything_off(config))
    for name in _numbers(config):
        accepted = sorted(
            {
                value
                for base in bases
                for value in PROBES
                if not dataclasses.replace(base, **{name: value}).errors()
            }
        )
        if 100 not in accepted and len(accepted) > 1:
            found[name] = accepted
    return found


def rules_submissions(config_class):
    """The default Rules Submission and every valid one its choices make:
    every combination while there are few enough, otherwise the default and
    the default with every wager offered, each with one choice changed."""
    default = config_class()
    assert not default.errors(), f"{config_class.__module__}: the default Rules Submission is refused"
    choices = _choices(default)
    names = list(choices)
    combinations = 1
    for values in choices.values():
        combinations *= len(values)
    if combinations <= MOST_COMBINATIONS:
        candidates = (
            dataclasses.replace(default, **dict(zip(names, values, strict=True)))
            for values in itertools.product(*choices.values())
        )
    else:
        every_wager = default
        for name, values in choices.items():
            if values == [0, 1]:
                switched = dataclasses.replace(every_wager, **{name: 1})
                every_wager = every_wager if switched.errors() else switched
        candidates = [default, every_wager] + [
            dataclasses.replace(base, **{name: value})
            for base in (default, every_wager)
            for name, values in choices.items()
            for value in values
        ]
    return [default] + [config for config in candidates if not config.errors()]


def _at_seed(row):
    """The fixed part plus the meter lines paid from a meter at its seed."""
    total = Fraction(row.exact_rtp)
    if row.spec.meter is not None:
        kind, label, dollars = row.spec.meter
        rules = meter_rules(kind, label, dollars)
        for percent, probability in row.meter_shares.items():
            total += (
                Fraction(probability) * Fraction(percent, 100) * Fraction(rules.seed_cents, rules.wager_cents)
            )
    return total


def _blackjack_rtp(rules, config):
    """The solver's exact RTP of best play at this table's rules, or None
    for a game that is not a blackjack game."""
    variant = getattr(rules, "VARIANT", None)
    if variant is None or not hasattr(config, "deck"):
        return None
    return 1 + solver.solve(solver.game_of(variant, config)).expectation


def _label(spec):
    parts = [spec.game, spec.wager]
    parts += [f"paytable {spec.paytable}"] if spec.paytable else []
    parts += [f"{spec.decks} decks"] if spec.decks and spec.decks > 1 else []
    parts += [spec.variant] if spec.variant else []
    return ", ".join(parts)


GAMES = [spec.slug for spec in registry.all_games()]


def test_every_game_has_a_lab_that_knows_its_tables():
    for slug in GAMES:
        game = registry.get(slug)
        module = registry.lab_of(game)
        assert module is not None and hasattr(module, "table_rows"), f"{slug}: no lab rows for its tables"


def test_the_choices_found_are_the_rules_submissions_choices():
    """The walk finds what a designer chooses among, and leaves amounts alone."""
    ultimate = _choices(registry.get("ultimate_texas_holdem").rules.Config())
    assert ultimate["blind_paytable"] == [1, 2] and ultimate["trips_paytable"] == [1, 2, 3, 4]
    assert ultimate["progressive"] == [0, 1] and "min_bet" not in ultimate
    assert "royal_flush_envy_bonus" not in ultimate  # an amount in chips
    assert _choices(registry.get("spanish21").rules.Config())["decks"] == [6, 8]
    wild = _choices(registry.get("dj_wild_stud").rules.Config())
    assert not any(name.startswith("trips_") for name in wild)  # odds a designer types: a test table's own


@pytest.mark.parametrize("slug", GAMES)
def test_every_rules_submission_keeps_the_house_edge(slug):
    game = registry.get(slug)
    module = registry.lab_of(game)
    configs = rules_submissions(game.rules.Config)
    played = {}
    main_rtps = {}
    for config in configs:
        for spec in module.table_rows(config):
            played.setdefault(spec.key, spec)
        rtp = _blackjack_rtp(game.rules, config)
        if rtp is not None:
            main_rtps.setdefault(rtp, config)
    problems = []
    for key, spec in played.items():
        if spec.adds_to is not None:
            continue  # a bonus on top of a wager, not a wager
        if lab.is_exact(spec):
            row = lab.compute(spec)
            at_seed = _at_seed(row)
            if at_seed >= 1:
                problems.append(f"{_label(spec)}: returns {float(at_seed):.4%} with the meter at its seed")
            if row.rtp >= 1 and key not in LONG_RUN_SET_BY_REGULATION:
                problems.append(f"{_label(spec)}: returns {row.rtp:.4%} in the long run")
        elif not main_rtps:
            reference = lab.reference_run(spec)
            assert reference is not None, f"{key}: a simulated row with no reference run"
            rtp = reference["rtp"] + reference.get("rtp_progressive", 0.0)
            if rtp >= 1:
                problems.append(f"{_label(spec)}: returns {rtp:.4%} (its reference run)")
    for rtp, config in main_rtps.items():
        if rtp >= 1:
            changed = {
                item.name: getattr(config, item.name)
                for item in dataclasses.fields(config)
                if getattr(config, item.name) != getattr(game.rules.Config(), item.name)
            }
            problems.append(
                f"{slug}, main wager under best play {changed or 'by default'}: returns {rtp:.4%}"
            )
    assert not problems, f"{len(configs)} Rules Submissions of {slug}:\n" + "\n".join(problems)


def test_the_regulations_own_exceptions_are_below_100_percent_at_the_seed():
    for key in sorted(LONG_RUN_SET_BY_REGULATION):
        row = lab.compute(lab.spec_for(key))
        assert _at_seed(row) < 1, key
        assert row.rtp > 1, f"{key} no longer pays more than it takes: drop it from the exceptions"
