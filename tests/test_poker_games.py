"""Every game on the poker engine, walked by one parametrised test
(docs/architecture.md, "Tests that come almost free"): seeded random rounds with
several players, random wagers on every area the table offers and random
legal decisions, every chip of every round settled; and each decision
refused out of turn, after a fold and with a multiple it does not take.
A game joins by registering rules with a poker ``GAME``."""

import random

import pytest

from casino.tables import registry
from games.engine import LOSE, PROGRESSIVE_RESULT, REFUND, RETURN, STAKE, Action, IllegalAction
from games.poker import game as g
from games.poker import round as pr

POKER_RULES = {
    spec.slug: spec.rules
    for spec in registry.all_games()
    if isinstance(getattr(spec.rules, "GAME", None), g.Game)
}
POKER_GAMES = sorted(POKER_RULES)


def test_three_card_poker_is_one_of_them():
    assert "three_card_poker" in POKER_GAMES


def test_four_card_poker_is_one_of_them():
    assert "four_card_poker" in POKER_GAMES


def test_crazy_4_poker_is_one_of_them():
    assert "crazy_4_poker" in POKER_GAMES


def test_caribbean_stud_is_one_of_them():
    assert "caribbean_stud" in POKER_GAMES


def test_let_it_ride_is_one_of_them():
    assert "let_it_ride" in POKER_GAMES


def test_mississippi_stud_is_one_of_them():
    assert "mississippi_stud" in POKER_GAMES


def test_dj_wild_stud_is_one_of_them():
    assert "dj_wild_stud" in POKER_GAMES


@pytest.mark.parametrize("slug", POKER_GAMES)
def test_the_rules_module_names_the_round_bound_to_its_game(slug):
    """``pr.bind(GAME)`` unpacked under its own names: out of order, the
    platform would call the round's ``timer`` for ``apply``."""
    rules = POKER_RULES[slug]
    for name, bound in pr.bind(rules.GAME)._asdict().items():
        mine = getattr(rules, name)
        if name == "PLAYER_ACTIONS":
            assert mine == bound
        else:
            assert (mine.func, mine.args) == (bound.func, bound.args), name


def test_texas_holdem_bonus_is_one_of_them():
    assert "texas_holdem_bonus" in POKER_GAMES


def test_ultimate_texas_holdem_is_one_of_them():
    assert "ultimate_texas_holdem" in POKER_GAMES


class Table:
    def __init__(self, rules, seed):
        self.rules, self.game = rules, rules.GAME
        # Every optional wager on, so that every settler runs.
        optional = ("progressive", "bonus", "plus", "mystery")
        fields = rules.Config.__dataclass_fields__
        self.config = rules.Config(**{name: 1 for name in fields if name.endswith(optional)})
        assert self.config.errors() == {}
        self.state = rules.new_state()
        self.rng = random.Random(seed)
        self.moves = []

    def apply(self, action):
        outcome = self.rules.apply(self.state, action, self.config, self.rng)
        self.state, self.moves = outcome.state, self.moves + outcome.moves
        if outcome.lock is not None or outcome.awards:
            data = {"hits": [], "awards": [], "refused": [], "error": None}
            for award in outcome.awards:
                data["awards"].append(
                    {"kind": award.kind, "seat": award.seat, "player": award.player, "cents": 10_000}
                )
            result = self.rules.apply(
                self.state, Action(PROGRESSIVE_RESULT, None, data), self.config, self.rng
            )
            self.state, self.moves = result.state, self.moves + result.moves
        return outcome

    def player_action(self, kind, player, seat, **data):
        action = self.rules.parse_action(kind, data)
        return self.apply(Action(action.kind, player, action.data, seat=seat))


def _bets(table, choices, players):
    for seat, player in players.items():
        for area in table.game.offered_areas(table.config):
            if area.role == g.DECISION or choices.random() < 0.4:
                continue
            low, high = area.limits(table.config)
            amount = low if low == high else choices.randrange(low, min(high, low * 10) + 1, 100)
            try:
                table.player_action("bet", player, seat, spot=area.name, amount=str(amount // 100))
            except IllegalAction:
                pass  # a side wager before its base: refused, as it should be


@pytest.mark.parametrize("slug", POKER_GAMES)
def test_random_rounds_settle_every_chip(slug):
    table = Table(POKER_RULES[slug], seed=14)
    choices = random.Random(41)
    players = {seat: 100 + seat for seat in range(1, 6)}
    for _ in range(300):
        before = len(table.moves)
        _bets(table, choices, players)
        table.apply(Action(pr.CLOSE_BETTING))
        if table.state.phase == pr.DEALING:
            table.apply(Action(pr.DEAL))
        while table.state.phase == pr.DECIDING:
            seat = table.state.turn
            legal = pr.legal_options(table.game, table.state, seat)
            option, multiples = choices.choice(legal)
            data = {"multiple": str(choices.choice(multiples))} if len(multiples) > 1 else {}
            table.player_action(option.action, players[seat], seat, **data)
        if table.state.phase == pr.RESULT:
            table.apply(Action(pr.NEXT_ROUND))
        assert table.state.phase == pr.BETTING
        moves = table.moves[before:]
        staked = sum(m.amount for m in moves if m.kind == STAKE)
        assert staked == sum(m.amount for m in moves if m.kind in (REFUND, RETURN, LOSE))


@pytest.mark.parametrize("slug", POKER_GAMES)
def test_every_decision_is_refused_out_of_turn_after_a_fold_and_with_a_wrong_multiple(slug):
    table = Table(POKER_RULES[slug], seed=7)
    base = table.game.streets[0].decision.base
    low = table.game.area(base).limits(table.config)[0] // 100
    for seat in (1, 2):
        table.player_action("bet", 100 + seat, seat, spot=base, amount=str(low))
    table.apply(Action(pr.CLOSE_BETTING))
    table.apply(Action(pr.DEAL))
    assert table.state.turn == 1
    decision = table.game.streets[table.state.street].decision
    for option in decision.options:
        with pytest.raises(IllegalAction, match="seat 1's turn, not yours"):
            table.player_action(option.action, 102, 2)
        if option.places:
            with pytest.raises(IllegalAction, match="not 99×"):
                table.player_action(option.action, 101, 1, multiple="99")
        else:
            with pytest.raises(IllegalAction, match="takes no multiple"):
                table.player_action(option.action, 101, 1, multiple="2")
    fold = next((option for option in decision.options if option.folds), None)
    if fold is None:
        pytest.skip(f"{slug}'s first decision has no fold")
    table.player_action(fold.action, 101, 1)
    assert table.state.spot(1)["folded"]
    for option in decision.options:
        with pytest.raises(IllegalAction):
            table.player_action(option.action, 101, 1)
