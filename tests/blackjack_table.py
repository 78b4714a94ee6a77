"""Drives a blackjack game's pure rules as the table runtime does, keeping
every ChipMove, for the stacked-shoe tests of each blackjack game."""

import random
from collections import defaultdict

from games.cards.shoe import Shoe
from games.engine import LOSE, PROGRESSIVE_RESULT, REFUND, RETURN, STAKE, WIN, Action, IllegalAction

ANN, BOB, CY = 1, 2, 3
# What the test meters pay on a percentage line (the meters themselves are
# tested with the real Redis in test_progressive_hook.py).
METER_PAYS_CENTS = 123_456


class Table:
    """Drives the pure rules as the runtime does, keeping every ChipMove."""

    def __init__(self, rules, shoe, config=None):
        self.rules = rules
        self.config = config or rules.Config()
        self.state = rules.new_state()
        self.state.shoe = Shoe.stacked(shoe).to_json()
        self.moves = []
        self.log = []
        self.locks = []
        self.awards = []

    def do(self, kind, player=None, seat=None, data=None, **fields):
        action = Action(kind, player, fields if data is None else data, seat=seat)
        outcome = self.rules.apply(self.state, action, self.config, random.Random(7))
        self.state = outcome.state
        self.moves += outcome.moves
        self.log += [line["text"] for line in outcome.log]
        if outcome.lock is not None:
            self.locks.append(outcome.lock)
            # The meters accept every wager (the runtime's part, tested with real meters elsewhere).
            self.do(PROGRESSIVE_RESULT, data={"hits": [], "awards": [], "refused": [], "error": None})
        if outcome.awards:
            self.awards += outcome.awards
            paid = [
                {"kind": a.kind, "seat": a.seat, "player": a.player, "cents": METER_PAYS_CENTS}
                for a in outcome.awards
            ]
            self.do(PROGRESSIVE_RESULT, data={"hits": [], "awards": paid, "refused": [], "error": None})
        return outcome

    def bet(self, player, seat, amount, spot="main"):
        return self.do("bet", player, seat, spot=spot, amount=amount * 100)

    def deal(self):
        self.do("close_betting")
        return self.do("deal")

    def net(self, player):
        """Chips the player is up (+) or down (-) so far, in chips."""
        total = 0
        for move in self.moves:
            if move.player == player:
                total += {STAKE: -1, REFUND: 1, RETURN: 1, WIN: 1, LOSE: 0}[move.kind] * move.amount
        return total / 100

    def escrow(self):
        total = 0
        for move in self.moves:
            total += {STAKE: 1, REFUND: -1, RETURN: -1, LOSE: -1, WIN: 0}[move.kind] * move.amount
        return total


def random_rounds(rules, rounds, seed, side_areas=(), config=None):
    """Seeded rounds with three players making random legal choices (side
    wagers, insurance, every hand action); each round's escrow must come back
    to zero. Returns each player's net result in cents."""
    rng = random.Random(seed)
    config = config or rules.Config()
    state = rules.new_state()
    balances = defaultdict(int)
    for _round in range(rounds):
        escrow = 0
        for seat, player in ((1, ANN), (2, BOB), (4, CY)):
            if rng.random() < 0.8:
                wagers = [("main", rng.choice([5, 10, 25]))]
                wagers += [(area, 1) for area in side_areas if rng.random() < 0.5]
                for area, amount in wagers:
                    action = Action("bet", player, {"spot": area, "amount": amount * 100}, seat=seat)
                    outcome = rules.apply(state, action, config, rng)
                    state = outcome.state
                    escrow += _book(outcome.moves, balances)
        for _step in range(200):
            if state.phase == "playing":
                seat = state.turn[0]
                kind = rng.choice(rules.legal_actions(state, seat))
                action = Action(kind, state.spot(seat)["player"], {}, seat=seat)
            elif state.phase == "insurance" and rng.random() < 0.5:
                seat = rng.choice(state.seats())
                action = Action("insure", state.spot(seat)["player"], {}, seat=seat)
            else:
                action = rules.timer(state, config)[2]
            try:
                outcome = rules.apply(state, action, config, rng)
            except IllegalAction:
                continue
            state = outcome.state
            escrow += _book(outcome.moves, balances)
            if outcome.lock is not None or outcome.awards:
                awards = [{"seat": a.seat, "cents": METER_PAYS_CENTS} for a in outcome.awards]
                result = Action(PROGRESSIVE_RESULT, None, {"refused": [], "awards": awards})
                outcome = rules.apply(state, result, config, rng)
                state = outcome.state
                escrow += _book(outcome.moves, balances)
            if state.phase == "betting":
                break
        else:
            raise AssertionError(f"round {state.round} did not end: {state.phase}")
        assert escrow == 0, f"round {state.round - 1} left {escrow} cents in escrow"
    return balances


def _book(moves, balances):
    escrow = 0
    for move in moves:
        escrow += {STAKE: 1, REFUND: -1, RETURN: -1, LOSE: -1, WIN: 0}[move.kind] * move.amount
        balances[move.player] += {STAKE: -1, REFUND: 1, RETURN: 1, WIN: 1, LOSE: 0}[move.kind] * move.amount
    return escrow
