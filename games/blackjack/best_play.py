"""Best play at a blackjack table: the solver's (games/blackjack/solver.py)
best legal action for the hand whose turn it is, read from the round's own
state. Pure (no Django, no I/O). The lab's simulated rows play it through the
game's round (games/blackjack/simulate.py) and the demo bots play it from what
their page shows them (casino/tables/management/commands/demo_bots.py).

What the player knows is what the table shows: the hand's cards, the upcard,
and at Down Under Blackjack the reader's class or the hole card the golden
rule turned (down_under_blackjack.md rules 11-12). Insurance is never taken
(at 2 to 1, or 5 to 1 on a suited blackjack, it costs more than it returns
with 48-card decks: § 635c.2(b)(1)).
"""

from games.blackjack import solver
from games.blackjack.solver import HIT, MIXED, NO_SUIT, OTHER_SUIT, PREMIUM, STAND
from games.cards.cards import card

_SUIT_HANDS = 2  # a suit state is kept for hands of one or two cards (the solver's SUITED_HANDS)


class BestPlay:
    """The solver's strategy for one table configuration (``variant``, ``config``,
    the wager that prices a fixed-amount bonus); the solution is cached per
    configuration, so a second table of the same rules costs nothing."""

    def __init__(self, variant, config, wager_cents=None, **changes):
        self.game = solver.game_of(variant, config, wager_cents, **changes)
        self.solution = solver.solve(self.game)

    @property
    def expectation(self):
        """E[net] of a round per unit of the initial wager under this strategy."""
        return self.solution.expectation

    def values(self, cards, upcard, *, split=False, doubles=0, hands_now=1, reader=None, hole=None):
        """{action: EV per unit of the hand's original wager} for a hand of
        ``cards`` (Cards; the first is the pair card of a split hand)."""
        game = self.game
        values = tuple(solver.value_of(item) for item in cards)
        situation = solver.situation_for(
            game,
            solver.value_of(upcard),
            reader=reader if game.reader else None,
            hole=solver.value_of(hole) if hole is not None and game.reader else None,
        )
        return self.solution.action_values(
            situation,
            values,
            suit=self._suit(cards),
            split_from=values[0] if split else 0,
            doubles=doubles,
            hands_now=hands_now,
        )

    def _suit(self, cards):
        if len(cards) > _SUIT_HANDS:
            return NO_SUIT
        suits = {item.suit for item in cards}
        if len(suits) > 1:
            return MIXED
        return PREMIUM if suits == {self.game.premium_suit} else OTHER_SUIT

    def choose(self, cards, upcard, legal, **facts):
        """The legal action of the highest EV (stand when the solver has none of them)."""
        values = self.values(cards, upcard, **facts)
        offered = [action for action in legal if action in values]
        if not offered:
            return STAND if STAND in legal else (HIT if HIT in legal else legal[0])
        return max(offered, key=values.__getitem__)

    def action(self, hand, upcard, legal, state=None):
        """The lab's bot interface (games/blackjack/simulate.py): the hand (the
        round's dict), the upcard, the legal actions and the round's state."""

        cards = [card(text) for text in hand["cards"]]
        facts = {"split": hand["split"], "doubles": hand["doubles"]}
        if state is not None:
            seat = state.turn[0] if state.turn else None
            if seat is not None:
                facts["hands_now"] = len(state.spot(seat)["hands"])
            if self.game.reader:
                if state.hole_shown:
                    facts["hole"] = card(state.dealer[1])
                else:
                    facts["reader"] = state.reader
        return self.choose(cards, upcard, legal, **facts)
