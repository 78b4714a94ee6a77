"""How the dealer plays out the hand, pure.

The dealer draws to 17. Spanish 21 and Player's Edge 21 hit soft 17
(docs/rules/spanish21.md rule 22; docs/rules/players_edge21.md rule 19, seed § 635c.2(b)(2),
(e)(1)(iv)); Down Under Blackjack stands on soft 17 (docs/rules/down_under_blackjack.md
rule 17), so ``hits_soft_17=False`` there. Whether the dealer draws at all when
every player hand is already settled (docs/rules/spanish21.md rule 23) is the caller's call.
"""

from collections.abc import Iterable, Sequence

from games.blackjack.hands import total
from games.cards.cards import Card
from games.cards.shoe import Shoe


def dealer_should_hit(cards: Sequence[Card], hits_soft_17: bool = True) -> bool:
    """Below 17 the dealer hits; on soft 17 only when ``hits_soft_17``; otherwise stands."""
    best, soft = total(cards)
    if best < 17:
        return True
    return best == 17 and soft and hits_soft_17


def play_dealer(cards: Iterable[Card], shoe: Shoe, hits_soft_17: bool = True) -> list[Card]:
    """Draw from ``shoe`` until the dealer stands; returns the dealer's whole hand
    as a new list (the cards drawn are ``hand[len(cards):]``); ``cards`` is left as is."""
    hand = list(cards)
    while dealer_should_hit(hand, hits_soft_17):
        hand.append(shoe.draw())
    return hand
