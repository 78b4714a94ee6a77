"""Playing cards as small immutable values, written as players write them.

A card is two characters: rank (``A 2 3 4 5 6 7 8 9 T J Q K``; ``10`` is
accepted as input for T) and suit (``S H D C``), e.g. ``AS``, ``TD``, ``7H``;
the joker of the 53-card pai gow deck is ``JK``. Cards round-trip through
JSON as these strings, so a stacked shoe is typed as ``"AS KD 7H ..."``.
"""

from collections.abc import Iterable
from functools import lru_cache
from typing import NamedTuple

RANKS = "23456789TJQKA"
SUITS = "SHDC"
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK_NAMES = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "10"}
# By rank index (RANKS order), as hand names write them: "A-J-9 high", "Pair of 10s".
RANK_SHORT = tuple("2 3 4 5 6 7 8 9 10 J Q K A".split())
RANK_PLURALS = tuple("2s 3s 4s 5s 6s 7s 8s 9s 10s jacks queens kings aces".split())
RANK_WORDS = tuple("2 3 4 5 6 7 8 9 10 jack queen king ace".split())
RED_SUITS = frozenset("HD")
JOKER = "JK"


class Card(NamedTuple):
    rank: str  # one of RANKS (the joker is rank "J", suit "K": see JOKER)
    suit: str

    def __str__(self) -> str:
        return self.rank + self.suit

    @property
    def is_joker(self) -> bool:
        return str(self) == JOKER

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS

    @property
    def label(self) -> str:
        """For people and screen readers: "10♦", "A♠", "Joker"."""
        if self.is_joker:
            return "Joker"
        return ("10" if self.rank == "T" else self.rank) + SUIT_SYMBOLS[self.suit]

    @property
    def name(self) -> str:
        """ "ace of spades", "10 of diamonds"."""
        if self.is_joker:
            return "joker"
        return f"{RANK_NAMES.get(self.rank, self.rank)} of {SUIT_NAMES[self.suit]}"


def card(text: object) -> Card:
    """Parse one card ("AS", "10d", "td", "JK"); ValueError with a clear message."""
    if not isinstance(text, str):
        raise ValueError(f"{text!r} is not a card")
    return _parse(text)


# Cards are immutable, and a blackjack shoe's hundreds are read back from
# their text at every card drawn: each text is parsed once.
@lru_cache(maxsize=1024)
def _parse(text: str) -> Card:
    cleaned = text.strip().upper()
    if cleaned == JOKER:
        return Card("J", "K")
    if cleaned.startswith("10"):
        cleaned = "T" + cleaned[2:]
    if len(cleaned) != 2 or cleaned[0] not in RANKS or cleaned[1] not in SUITS:
        raise ValueError(
            f"{text!r} is not a card: write rank then suit, e.g. AS, 10D, 7H (ranks A 2–9 10 J Q K, suits S H D C)"
        )
    return Card(cleaned[0], cleaned[1])


def cards(text: str | Iterable[object]) -> list[Card]:
    """Parse cards separated by spaces or commas: "AS KD 7H" -> [Card, ...]."""
    if isinstance(text, str):
        text = text.replace(",", " ").split()
    return [card(item) for item in text]


def to_json(items: Iterable[Card]) -> list[str]:
    return [str(item) for item in items]


def from_json(items: Iterable[object]) -> list[Card]:
    return [card(item) for item in items]


def standard_deck() -> list[Card]:
    """The 52-card deck."""
    return [Card(rank, suit) for suit in SUITS for rank in RANKS]


def spanish_deck() -> list[Card]:
    """The 48-card Spanish deck: a 52-card deck less the four 10s
    (docs/rules/spanish21.md rule 1; § 635c.2(c))."""
    return [item for item in standard_deck() if item.rank != "T"]


def joker_deck() -> list[Card]:
    """The 53-card deck of pai gow poker: 52 cards and one joker (Ch. 645a)."""
    return [*standard_deck(), Card("J", "K")]
