"""Blackjack hand arithmetic, pure.

Values (docs/rules/spanish21.md rule 1, docs/rules/down_under_blackjack.md rule 1): 2–9 face value,
10, J, Q, K count 10, an ace counts 1 or 11. A total is *soft* when an ace
counts 11 and *hard* otherwise (PA § 685a.1). Spanish decks have no 10s, so
there the 10-value cards are J, Q and K.
"""

from collections.abc import Sequence

from games.cards.cards import Card

TEN_VALUE_RANKS = frozenset("TJQK")
BLACKJACK = 21


def card_value(card: object) -> int:
    """A card's hard value: 2–9 face value, T/J/Q/K 10, an ace 1 (``total``
    counts one ace as 11 when that does not bust the hand)."""
    if not isinstance(card, Card) or card.is_joker:
        raise ValueError(f"{card!r} is not a blackjack card")
    if card.rank == "A":
        return 1
    if card.rank in TEN_VALUE_RANKS:
        return 10
    return int(card.rank)


def is_ace(card: Card) -> bool:
    return card.rank == "A" and not card.is_joker


def is_ten_value(card: Card) -> bool:
    """10, J, Q or K (J, Q or K in a Spanish deck)."""
    return card.rank in TEN_VALUE_RANKS and not card.is_joker


def total(cards: Sequence[Card]) -> tuple[int, bool]:
    """(best total, is_soft): aces count 1, and one of them 11 when that keeps the
    hand at 21 or under. Two aces can never both count 11 (22)."""
    hard = sum(card_value(card) for card in cards)
    if hard + 10 <= BLACKJACK and any(is_ace(card) for card in cards):
        return hard + 10, True
    return hard, False


def total_text(cards: Sequence[Card]) -> str:
    """The total as a player reads it: "7/17" while soft (both ways of counting
    the ace), "21" at 21, "Bust 24" over 21, else the number."""
    best, soft = total(cards)
    if best > BLACKJACK:
        return f"Bust {best}"
    if soft and best < BLACKJACK:
        return f"{best - 10}/{best}"
    return str(best)


def spoken_total(cards: Sequence[Card]) -> str:
    """The total as a sentence says it: "soft 18" rather than the display's "8/18"."""
    best, soft = total(cards)
    if soft and best < BLACKJACK:
        return f"soft {best}"
    return total_text(cards)


def is_bust(cards: Sequence[Card]) -> bool:
    return total(cards)[0] > BLACKJACK


def is_blackjack(cards: Sequence[Card], split: bool = False) -> bool:
    """An ace and a 10-value card as the first two cards of an unsplit hand
    (docs/rules/spanish21.md rules 16 and 21: ace + J/Q/K after a split is 21, not a
    blackjack; PA § 685a.1)."""
    if split or len(cards) != 2:
        return False
    first, second = cards
    return (is_ace(first) and is_ten_value(second)) or (is_ten_value(first) and is_ace(second))


def can_split(cards: Sequence[Card], by_rank: bool = False) -> bool:
    """Two cards of equal value (docs/rules/spanish21.md rule 21 and its defaults: J-Q
    splits); ``by_rank=True`` asks for the same rank instead."""
    if len(cards) != 2:
        return False
    first, second = cards
    if by_rank:
        return first.rank == second.rank
    return card_value(first) == card_value(second)
