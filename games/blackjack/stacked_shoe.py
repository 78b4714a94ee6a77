"""A test table's stacked shoe at the blackjack games (docs/architecture.md,
"Randomness"): the typed cards are the next cards out of the shoe, whatever
the phase. They start a new shoe, not burned (``Shoe.needs_burn``:
docs/rules/spanish21.md rule 3's burn is for a shuffled shoe); behind them come the
other cards of ``config.decks`` decks, shuffled with ``rng`` (the table's,
or the CSPRNG), the cut card at the usual penetration.

Pure Python (no Django, no I/O)."""

import random
from typing import Any, cast

from games import table_round as tr
from games.cards.rng import system_rng
from games.cards.shoe import Shoe, deck_name

STACK_HELP = (
    "Cards in dealing order, separated by spaces: rank A 2–9 J Q K (a Spanish deck has no 10s), "
    'suit S H D C, ? for any card, e.g. "KS 5C KS KS". At the next deal: a first card to each '
    "spot with a wager from seat 1 on, the dealer's upcard, a second card to each spot, the hole "
    "card; then hits, doubles and split hands' cards in the order of play, then the dealer's "
    "draws. The typed cards start a new shoe and are not burned; the rest of the shoe (the decks "
    "less the typed cards) follows, shuffled, with the cut card placed as usual."
)


def stacked_shoe(config: Any, text: str, rng: random.Random | None = None) -> dict[str, Any]:
    """The stacked shoe of ``text`` (``STACK_HELP``) for a table of ``config``, as JSON."""
    typed = tr.typed_cards(text, "KS 5C KS KS", what="Stacked shoe")
    name = deck_name(config.deck)
    shoe = f"a {config.decks}-deck shoe"
    tr.check_typed(
        typed,
        config.deck(),
        config.decks,
        shoe=shoe[0].upper() + shoe[1:],
        deck_name="a Spanish deck (48 cards, no 10s)" if name == "spanish" else f"a {name} deck",
        repeated="{times} × {card} typed, but " + shoe + " holds only {held}.",
    )
    full = Shoe.shuffled(config.deck, config.decks, rng or system_rng())
    rest = list(full.cards)
    for item in typed:
        if item is not None:
            rest.remove(item)  # the shuffled order of the others is kept
    front = tr.stacked_front(typed, rest)
    then = Shoe(rest, cut_at=min(cast(int, full.cut_at), len(rest)) or None, deck=full.deck, decks=full.decks)
    return Shoe.stacked(front, then=then).to_json()
