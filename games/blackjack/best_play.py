"""Best play at a blackjack table: the solver's (games/blackjack/solver.py)
best legal action for the hand whose turn it is, read from the round's own
state. Pure (no Django, no I/O). The lab's simulated rows play it through the
game's round (games/blackjack/simulate.py) and the demo bots play it from what
their page shows them (casino/tables/management/commands/demo_bots.py).

What the player knows is what the table shows: the hand's cards, the upcard,
and at Down Under Blackjack the reader's class or the hole card the golden
rule turned (docs/rules/down_under_blackjack.md rules 11-12). Insurance is never taken
(at 2 to 1, or 5 to 1 on a suited blackjack, it costs more than it returns
with 48-card decks: § 635c.2(b)(1)).
"""

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from games.blackjack import solver
from games.blackjack.solver import HIT, MIXED, NO_SUIT, OTHER_SUIT, PREMIUM, STAND
from games.blackjack.variant import Hand, Variant
from games.cards.cards import Card, standard_deck

if TYPE_CHECKING:
    from games.blackjack.round import State

_SUIT_HANDS = 2  # a suit state is kept for hands of one or two cards (the solver's SUITED_HANDS)


class BestPlay:
    """The solver's strategy for one table configuration (``variant``, ``config``,
    the wager that prices a fixed-amount bonus); the solution is cached per
    configuration, so a second table of the same rules costs nothing."""

    def __init__(self, variant: Variant, config: Any, wager_cents: int | None = None, **changes: Any) -> None:
        self.game = solver.game_of(variant, config, wager_cents, **changes)
        self.solution = solver.solve(self.game)
        self._situations: dict[tuple[int, str | None, int | None], solver.Situation] = {}
        self._decisions: dict[tuple[Any, ...], str] = {}

    @property
    def expectation(self) -> float:
        """E[net] of a round per unit of the initial wager under this strategy."""
        return self.solution.expectation

    def values(
        self,
        cards: Sequence[Card],
        upcard: Card,
        *,
        split: bool = False,
        doubles: int = 0,
        hands_now: int = 1,
        reader: str | None = None,
        hole: Card | None = None,
    ) -> dict[str, float]:
        """{action: EV per unit of the hand's original wager} for a hand of
        ``cards`` (Cards; the first is the pair card of a split hand)."""
        values = tuple(solver.value_of(item) for item in cards)
        situation = self._situation(
            solver.value_of(upcard), reader, solver.value_of(hole) if hole is not None else None
        )
        return self.solution.action_values(
            situation,
            values,
            suit=self._suit(cards),
            split_from=values[0] if split else 0,
            doubles=doubles,
            hands_now=hands_now,
        )

    def _situation(self, upcard: int, reader: str | None, hole: int | None) -> solver.Situation:
        key = (upcard, reader, hole)
        found = self._situations.get(key)
        if found is None:
            reading = (reader, hole) if self.game.reader else (None, None)
            found = self._situations[key] = solver.situation_for(self.game, upcard, *reading)
        return found

    def _suit(self, cards: Sequence[Card]) -> int:
        if len(cards) > _SUIT_HANDS:
            return NO_SUIT
        suits = {item.suit for item in cards}
        if len(suits) > 1:
            return MIXED
        return PREMIUM if suits == {self.game.premium_suit} else OTHER_SUIT

    def choose(self, cards: Sequence[Card], upcard: Card, legal: Sequence[str], **facts: Any) -> str:
        """The legal action of the highest EV (stand when the solver has none of them)."""
        values = self.values(cards, upcard, **facts)
        offered = [action for action in legal if action in values]
        if not offered:
            return STAND if STAND in legal else (HIT if HIT in legal else legal[0])
        return max(offered, key=values.__getitem__)

    def action(self, hand: Hand, upcard: Card, legal: Sequence[str], state: "State | None" = None) -> str:
        """The lab's bot interface (games/blackjack/simulate.py): the hand (the
        round's dict), the upcard, the legal actions and the round's state.
        Decisions are kept by what decides them (the hand's values and suit
        state, the dealer situation, the legal actions), so a long run asks the
        solver once per distinct decision."""
        items = [_CARDS[text] for text in hand["cards"]]
        facts: dict[str, Any] = {"split": hand["split"], "doubles": hand["doubles"]}
        if state is not None:
            if state.turn:
                facts["hands_now"] = len(state.spot(state.turn[0])["hands"])
            if self.game.reader:
                if state.hole_shown:
                    facts["hole"] = _CARDS[state.dealer[1]]
                else:
                    facts["reader"] = state.reader
        values = tuple(sorted(solver.value_of(item) for item in items[1:]))
        key = (
            solver.value_of(items[0]),
            values,
            self._suit(items),
            solver.value_of(upcard),
            facts.get("reader"),
            facts.get("hole") and solver.value_of(facts["hole"]),
            tuple(legal),
            *facts.values(),
        )
        found = self._decisions.get(key)
        if found is None:
            found = self._decisions[key] = self.choose(items, upcard, legal, **facts)
        return found


def house_bot_strategy(rules: Any, config: Any) -> BestPlay:
    """The demo tables' house bots play best play (GameSpec.bot_strategy):
    solved for the table's rules, which takes a while."""
    return BestPlay(rules.VARIANT, config)


_CARDS = {str(item): item for item in standard_deck()}  # card text -> Card, every blackjack deck's cards
