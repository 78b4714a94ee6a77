"""A dealing shoe for multi-deck games, kept in a table's snapshot between rounds.

Pure: the shuffle and the cut card's place come from the rng passed in, never
from a module-level generator or the clock. A shoe is the full ordered list of
its cards plus how many have been taken out, so ``to_json`` / ``from_json``
give back exactly the same shoe, mid-shoe included. Its JSON holds the order of
the undealt cards: it belongs in the server-side snapshot only, never in
anything sent to a player.

Shoe play (docs/rules/spanish21.md rule 3, docs/rules/down_under_blackjack.md rule 3; PA § 685a.7(a)–(d)):
the first card of each new shoe is burned (``burn``), and when the cut (cover)
card comes out the current round is finished and the shoe is reshuffled
(``needs_shuffle``).

A *stacked* shoe deals exactly the cards a designer typed, in order, for test
tables and scenario tests (docs/architecture.md, "Randomness"); it may continue with a
normally shuffled shoe once the typed cards are used up.
"""

import random
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any

from games.cards.cards import Card, joker_deck, spanish_deck, standard_deck
from games.cards.cards import cards as parse_cards

# Decks a shoe can be built from, by the name stored in its JSON.
DECKS: dict[str, Callable[[], list[Card]]] = {
    "standard": standard_deck,
    "spanish": spanish_deck,
    "joker": joker_deck,
}

# Where the cut card goes, as fractions of the shoe in front of it: drawn
# uniformly between the two bounds for each new shoe.
DEFAULT_PENETRATION: tuple[float, float] = (0.60, 0.80)

# A fraction of the shoe, or a (lower, upper) range of fractions.
Penetration = float | tuple[float, float]


class ShoeEmpty(LookupError):
    """A card was asked for and the shoe has none left."""


def deck_name(deck: str | Callable[[], list[Card]]) -> str:
    """The registered name of a deck given by name or by factory (``spanish_deck``)."""
    if isinstance(deck, str) and deck in DECKS:
        return deck
    for name, factory in DECKS.items():
        if deck is factory:
            return name
    raise ValueError(f"Unknown deck {deck!r}: use one of {', '.join(DECKS)} (or its factory function).")


def _check_deck_count(decks: object) -> None:
    if isinstance(decks, bool) or not isinstance(decks, int) or decks < 1:
        raise ValueError(f"A shoe needs a whole number of decks, at least 1; got {decks!r}.")


def _cut_position(size: int, penetration: Penetration, rng: random.Random) -> int:
    """How many cards lie in front of the cut card, for a shoe of ``size`` cards."""
    if isinstance(penetration, (int, float)) and not isinstance(penetration, bool):
        low = high = penetration
    else:
        try:
            low, high = penetration  # type: ignore[misc]  # a bool lands here, refused below
        except (TypeError, ValueError):
            raise ValueError(
                f"Penetration must be a fraction of the shoe (e.g. 0.75) or a range (e.g. (0.6, 0.8)); "
                f"got {penetration!r}."
            ) from None
    for bound in (low, high):
        if isinstance(bound, bool) or not isinstance(bound, (int, float)) or not 0 < bound <= 1:
            raise ValueError(f"Penetration must lie above 0 and at most 1 (the whole shoe); got {bound!r}.")
    if low > high:
        raise ValueError(f"Penetration range {penetration!r} runs backwards: write (lower, upper).")
    first, last = max(1, round(low * size)), max(1, round(high * size))
    return first if first == last else rng.randint(first, last)


class Shoe:
    """An ordered pile of cards, dealt from the front.

    ``cut_at`` is how many cards lie in front of the cut card: the cut card
    comes out with the draw after the ``cut_at``-th card (``cut_card_out``).
    ``stacked`` is how many of the front cards were typed by a designer rather
    than shuffled. ``deck`` / ``decks`` say what the shoe was built from (None
    for a purely stacked shoe). Build shoes with ``Shoe.shuffled`` or
    ``Shoe.stacked``; the constructor takes a shoe's stored parts.
    """

    def __init__(
        self,
        cards: Iterable[Card],
        *,
        position: int = 0,
        cut_at: int | None = None,
        stacked: int = 0,
        deck: str | Callable[[], list[Card]] | None = None,
        decks: int | None = None,
    ) -> None:
        self.cards = list(cards)
        size = len(self.cards)
        if isinstance(position, bool) or not isinstance(position, int) or not 0 <= position <= size:
            raise ValueError(f"Shoe position must be 0 to {size}; got {position!r}.")
        if cut_at is not None and (
            isinstance(cut_at, bool) or not isinstance(cut_at, int) or not 1 <= cut_at <= size
        ):
            raise ValueError(f"The cut card must have 1 to {size} cards in front of it; got {cut_at!r}.")
        if isinstance(stacked, bool) or not isinstance(stacked, int) or not 0 <= stacked <= size:
            raise ValueError(f"Stacked card count must be 0 to {size}; got {stacked!r}.")
        name = deck_name(deck) if deck is not None else None
        if decks is not None:
            _check_deck_count(decks)
        self.position = position
        self.cut_at = cut_at
        # The count shadows the classmethod on instances (Shoe.stacked builds, shoe.stacked counts).
        self.stacked: int = stacked  # type: ignore[method-assign, assignment]
        self.deck = name
        self.decks = decks

    @classmethod
    def shuffled(
        cls,
        deck: str | Callable[[], list[Card]],
        decks: int,
        rng: random.Random,
        *,
        penetration: Penetration = DEFAULT_PENETRATION,
        cut_at: int | None = None,
    ) -> "Shoe":
        """``decks`` copies of ``deck`` (a factory such as ``spanish_deck``, or its
        name), shuffled with ``rng.shuffle`` (Fisher–Yates; ``secrets.SystemRandom``
        for live tables, a seeded ``random.Random`` for test tables).

        The cut card goes ``cut_at`` cards from the front when given, else at
        ``penetration``: a fraction of the shoe (fixed) or a (lower, upper)
        range within which the rng picks the place, after the shuffle.
        """
        name = deck_name(deck)
        _check_deck_count(decks)
        pile = DECKS[name]() * decks
        rng.shuffle(pile)
        if cut_at is None:
            cut_at = _cut_position(len(pile), penetration, rng)
        return cls(pile, cut_at=cut_at, deck=name, decks=decks)

    @classmethod
    def stacked(cls, cards: str | Iterable[Card | str], then: "Shoe | None" = None) -> "Shoe":
        """A shoe that deals exactly ``cards`` first ("AS KD 7H" or a list of
        cards or card strings), in order and with no burn.

        ``then``: a shoe (usually ``Shoe.shuffled(...)``) whose undealt cards
        follow the stacked ones, cut card included; without it the shoe raises
        ``ShoeEmpty`` once the stacked cards are used up, and ``needs_shuffle``
        turns true when the last one is dealt. With ``then``, stacked cards must
        come from its deck (no 10 in a Spanish shoe).
        """
        if not isinstance(cards, str):
            cards = [str(item) if isinstance(item, Card) else item for item in cards]
        try:
            stack = parse_cards(cards)
        except ValueError as error:
            raise ValueError(f"Stacked shoe: {error}") from None
        if then is None:
            if not stack:
                raise ValueError("A stacked shoe needs at least one card.")
            return cls(stack, stacked=len(stack))
        if not isinstance(then, Shoe):
            raise ValueError(f"A stacked shoe continues with a Shoe (e.g. Shoe.shuffled(...)), not {then!r}.")
        if then.deck is not None:
            allowed = set(DECKS[then.deck]())
            for item in stack:
                if item not in allowed:
                    raise ValueError(f"Stacked shoe: {item} is not in a {then.deck} deck.")
        rest = then.cards[then.position :]
        cut_at = None
        if then.cut_at is not None:
            cut_at = len(stack) + max(then.cut_at - then.position, 0)
            cut_at = max(cut_at, 1)
        return cls(stack + rest, cut_at=cut_at, stacked=len(stack), deck=then.deck, decks=then.decks)

    # -- state --------------------------------------------------------------

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def remaining(self) -> int:
        """Cards not yet taken out of the shoe."""
        return len(self.cards) - self.position

    @property
    def dealt(self) -> int:
        """Cards taken out so far, burns included."""
        return self.position

    @property
    def needs_burn(self) -> bool:
        """A freshly shuffled shoe whose first card has not been burned yet
        (docs/rules/spanish21.md rule 3). Stacked shoes deal their typed cards unburned."""
        return self.position == 0 and self.stacked == 0

    @property
    def cut_card_out(self) -> bool:
        """The cut card has come out: finish the current round, then reshuffle
        (docs/rules/spanish21.md rule 3; PA § 685a.7(d))."""
        return self.cut_at is not None and self.position > self.cut_at

    @property
    def needs_shuffle(self) -> bool:
        """Start the next round with a new shoe: the cut card is out, or no card is left."""
        return self.cut_card_out or self.remaining == 0

    # -- dealing ------------------------------------------------------------

    def draw(self) -> Card:
        """Take the next card out of the shoe; ``ShoeEmpty`` when there is none."""
        if self.remaining == 0:
            if self.stacked == len(self.cards):
                raise ShoeEmpty(
                    f"The stacked shoe ran out after its {self.stacked} cards: stack more cards "
                    "or continue with a shuffled shoe (Shoe.stacked(cards, then=...))."
                )
            raise ShoeEmpty(f"The shoe is empty (all {len(self.cards)} cards dealt): reshuffle first.")
        item = self.cards[self.position]
        self.position += 1
        return item

    def draw_many(self, count: int) -> list[Card]:
        """The next ``count`` cards, in order."""
        return [self.draw() for _ in range(count)]

    def burn(self) -> Card:
        """Take the next card out unseen and return it (for the audit log only):
        the first card of each new shoe, and one per new dealer (docs/rules/spanish21.md rule 3)."""
        return self.draw()

    # -- JSON ---------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "cards": " ".join(str(item) for item in self.cards),
            "position": self.position,
            "cut_at": self.cut_at,
            "stacked": self.stacked,
            "deck": self.deck,
            "decks": self.decks,
        }

    @classmethod
    def from_json(cls, data: object) -> "Shoe":
        if not isinstance(data, dict) or "cards" not in data:
            raise ValueError(f"Not a stored shoe: {data!r:.80}")
        text = data["cards"]
        return cls(
            list(_parsed_shoe(text)) if isinstance(text, str) else parse_cards(text),
            position=data.get("position", 0),
            cut_at=data.get("cut_at"),
            stacked=data.get("stacked", 0),
            deck=data.get("deck"),
            decks=data.get("decks"),
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Shoe):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        kind = f"{self.decks}×{self.deck}" if self.deck else "stacked"
        return f"<Shoe {kind}: {self.remaining} of {len(self.cards)} left, cut at {self.cut_at}>"


# A blackjack shoe is read back from its text at every card drawn, and its
# text does not change while it is dealt: each is parsed once (cards are
# immutable; each Shoe gets its own list).
@lru_cache(maxsize=64)
def _parsed_shoe(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))
