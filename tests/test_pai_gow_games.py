"""Every pai gow game on games/pai_gow/round.py, walked the same way through
its pure rules module: thousands of seeded rounds, three players placing
random wagers on every area the game has (some refused: outside the limits,
a side wager without the main one, the progressive at the wrong size), the
shaker shaken or left to its clock, the post-deal decision taken or left,
hands set by the house way or left to the setting clock. Every round ends with
its escrow at zero (each chip staked is returned, lost or paid out with its
winnings) and a refused action changes nothing.

A new pai gow game is found by its templates (tests/test_browser_axe.py
finds the families the same way) and walked with no change here."""

import dataclasses
import random
from collections import Counter

import pytest

from casino.tables import registry
from games.engine import LOSE, PROGRESSIVE_RESULT, RETURN, STAKE, WIN, Action, IllegalAction

ROUNDS = 1_000  # per game; up to three players a round
PLAYERS = {1: 11, 3: 13, 5: 15}  # seat: player id
SIGN = {STAKE: 1, RETURN: -1, LOSE: -1, WIN: 0}  # chips held in escrow


def pai_gow_games():
    return sorted(spec.slug for spec in registry.all_games() if spec.page_template.startswith("pai_gow/"))


def player_action(rules, kind, data, seat):
    return dataclasses.replace(rules.parse_action(kind, data), player=PLAYERS[seat], seat=seat)


def bets(rules, rng):
    """(seat, area, chips) of a round's random wagers, the main one first."""
    placed = []
    for seat in PLAYERS:
        if rng.random() < 0.15:
            continue  # sits out
        for area in rules.AREAS:
            if area != rules.MAIN and rng.random() < 0.5:
                continue
            # In chips, as a page sends them: the progressive's one chip, usual
            # amounts, and a thousand (over every limit).
            placed.append((seat, area, rng.choice((1, 5, 10, 25, 1_000))))
    return placed


def step(rules, state, action, config, rng, held, accepted=None):
    """Apply ``action``; a refusal leaves ``state`` as it was. Returns (state,
    held); ``accepted`` counts the player actions taken (a bet by its area)."""
    before = state.to_json() if hasattr(state, "to_json") else None
    try:
        outcome = rules.apply(state, action, config, rng)
    except IllegalAction as refused:
        assert str(refused), f"{action.kind} refused without a message"
        if before is not None:
            assert state.to_json() == before, f"a refused {action.kind} changed the state"
        return state, held
    held += sum(SIGN[move.kind] * move.amount for move in outcome.moves)
    state = outcome.state
    if accepted is not None and action.player is not None:
        accepted[action.data.get("spot", action.kind) if action.kind == rules.pg.BET else action.kind] += 1
    if outcome.lock is not None:  # no more bets: the meters take the progressive wagers
        data = {"hits": [], "awards": [], "refused": [], "error": None}
        outcome = rules.apply(state, Action(PROGRESSIVE_RESULT, data=data), config, rng)
        held += sum(SIGN[move.kind] * move.amount for move in outcome.moves)
        state = outcome.state
    return state, held


@pytest.mark.parametrize("game", pai_gow_games())
def test_seeded_rounds_of_every_pai_gow_game_keep_every_escrow_at_zero(game):
    rules = registry.get(game).rules
    config = rules.Config(mystery=0)
    if hasattr(config, "double_down"):
        # Six-Card Fortune's Double Down is off by default: the walk tries it where a table offers it.
        config = dataclasses.replace(config, double_down=1)
    rng = random.Random(f"pai gow walk {game}")
    state, held, settled, accepted = rules.new_state(), 0, 0, Counter()
    decisions = [kind for kind in rules.PLAYER_ACTIONS if kind not in (*rules.pg.BASE_ACTIONS,)]
    for _round in range(ROUNDS):
        assert state.phase == rules.pg.BETTING
        for seat, area, chips in bets(rules, rng):
            action = player_action(rules, rules.pg.BET, {"spot": area, "amount": chips}, seat)
            state, held = step(rules, state, action, config, rng, held, accepted)
        for _step in range(60):
            seats = [seat for seat in state.seats()] if state.phase != rules.pg.BETTING else []
            seat = rng.choice(seats) if seats else None
            if state.phase == rules.pg.SHAKING and rng.random() < 0.7:
                action = player_action(rules, rules.pg.SHAKE, {}, state.shooter)
            elif state.phase == rules.pg.DECIDING and decisions and seat and rng.random() < 0.7:
                action = player_action(
                    rules, rng.choice(decisions), {"amount": rng.choice((5, 10, 25))}, seat
                )
            elif state.phase == rules.pg.SETTING and seat and rng.random() < 0.7:
                action = player_action(rules, rules.pg.HOUSE_WAY, {}, seat)
            else:
                action = rules.timer(state, config)[2]
            state, held = step(rules, state, action, config, rng, held, accepted)
            if state.phase == rules.pg.BETTING:
                break
        else:
            pytest.fail(f"round {_round} of {game} never ended: {state.phase}")
        assert held == 0, f"{game} round {_round}: {held} cents left in escrow"
        settled += 1
    assert settled == ROUNDS
    # The walk took every kind of step it tries, not only refusals.
    offered = (
        [area for area in rules.AREAS if config.offers(area)] if hasattr(config, "offers") else rules.AREAS
    )
    expected = [*offered, rules.pg.HOUSE_WAY, *decisions]
    if rules.VARIANT.uses_dice(config):
        expected.append(rules.pg.SHAKE)
    assert all(accepted[kind] > 0 for kind in expected), accepted
