"""The driver the pure rules tests of every poker game on games/poker share:
a stacked round played through the game's rules module as the platform
plays it (parsed actions, the progressive meters answering each lock and
award), and the chips it moved.

A game's rules tests::

    from tests import poker_rules
    from games.four_card_poker import rules


    class Round(poker_rules.Round):
        rules = rules
        seed = 641  # the seeded deck's rest, reproducible per game

and keep in the test what is the game's own: its ``one_hand``, hands,
wagers, decisions, paytable lines and chips."""

import random

from games.engine import LOSE, PROGRESSIVE_RESULT, REFUND, RETURN, STAKE, WIN, Action
from games.poker import round as pr

CHIP = 100
MYSTERY_CENTS = 150_00  # what a Mystery hit pays in these tests


class Round:
    """Drives the rules as the platform does, the meters answering as told
    (``locks`` and ``awards`` keep what they were asked):
    every progressive wager accepted unless ``refuse`` names its kind, a
    Mystery hit for the seats in ``mystery``, a "x% of meter" award paid
    from a meter of ``meter`` cents."""

    rules = None  # the game's rules module
    seed = 0  # the shuffle of what a stack leaves, unless a round names its own

    def __init__(self, config=None, meter=1_000_00, refuse=(), mystery=(), seed=None):
        self.config = config or self.rules.Config()
        self.state = self.rules.new_state()
        self.moves, self.locks, self.awards, self.log = [], [], [], []
        self.meter, self.refuse, self.mystery = meter, refuse, mystery
        self.rng = random.Random(self.seed if seed is None else seed)

    def act(self, kind, player=None, seat=None, **data):
        # The runtime makes "leave" itself (casino/tables/runtime.py); the rest is parsed.
        parsed = player is not None and kind != pr.LEAVE
        action = self.rules.parse_action(kind, data) if parsed else Action(kind)
        outcome = self.rules.apply(
            self.state, Action(action.kind, player, action.data, seat=seat), self.config, self.rng
        )
        self._take(outcome)
        if outcome.lock is not None or outcome.awards:
            self.locks.append(outcome.lock)
            self.awards += outcome.awards
            answer = self.rules.apply(
                self.state, Action(PROGRESSIVE_RESULT, None, self._meters(outcome)), self.config, self.rng
            )
            self._take(answer)
        return outcome

    def _meters(self, outcome):
        """The meters' answer to a lock and its awards (games/engine.py, PROGRESSIVE_RESULT)."""
        data = {"hits": [], "awards": [], "refused": [], "error": None}
        for wager in outcome.lock or ():
            item = {"kind": wager.kind, "seat": wager.seat, "player": wager.player, "amount": wager.amount}
            if wager.kind in self.refuse:
                data["refused"].append(item)
            elif wager.kind == pr.MUST_HIT_BY and wager.seat in self.mystery:
                data["hits"].append({**item, "cents": MYSTERY_CENTS})
        for award in outcome.awards:
            cents = self.meter * int(award.percent) // 100
            data["awards"].append(
                {"kind": award.kind, "seat": award.seat, "player": award.player, "cents": cents}
            )
        return data

    def _take(self, outcome):
        self.state = outcome.state
        self.moves += outcome.moves
        self.log += [item["text"] for item in outcome.log]

    def bet(self, player, seat, area, chips):
        return self.act("bet", player, seat, spot=area, amount=str(chips))

    def stack(self, text):
        self.state = self.rules.stack(self.state, self.config, text, self.rng)

    def deal(self):
        self.act(pr.CLOSE_BETTING)
        self.act(pr.DEAL)

    def net(self, player):
        """What the round did to the player's balance, in chips."""
        sign = {STAKE: -1, REFUND: 1, RETURN: 1, WIN: 1, LOSE: 0}
        return sum(sign[m.kind] * m.amount for m in self.moves if m.player == player) / CHIP

    def escrow(self):
        """Chips in the round's escrow: staked, less returned, refunded and lost."""
        staked = sum(m.amount for m in self.moves if m.kind == STAKE)
        return staked - sum(m.amount for m in self.moves if m.kind in (REFUND, RETURN, LOSE))

    def lines(self, seat=1):
        return self.state.results[str(seat)]["lines"]
