"""Caribbean Stud Poker's decision: fold, or Bet 2× the Ante, from the
player's five cards and the dealer's face-up card (rules 5–6). Pure Python.

``BASIC``: the standard basic strategy of Michael Shackleford (Wizard of Odds,
"Caribbean Stud Poker", the strategy section; reproduced by Rob Roy's
pokercard page and in the same three conditions by gameshout.com, "High-Level
Caribbean Stud in Four Lessons", 2014):

- Bet with a pair or better; fold with less than ace-king;
- Bet with ace-king (no pair) if any of:

  1. the dealer's card is a 2 through a queen and matches one of the player's;
  2. the dealer's card is an ace or a king and the player holds a queen or a
     jack;
  3. the dealer's card matches none of the player's, the player holds a queen,
     and the dealer's card is lower than the player's fourth highest card.

Published: John Grochowski (Casino Answer Man, "Splitting hairs in Caribbean
Stud strategy", 2013) gives about 5.23% of the Ante and 2.56% of the total
action for it; issue 15 quotes 5.225% for the rules of thumb against 5.224%
(element of risk 2.555%) under the optimal strategy.

Cards are ``poker.CARD_INDEX`` ints (``rank * 4 + suit``; rank 0 = 2 … 12 = ace).
"""

from games.cards import poker

FOLD = 0
BET = 2  # the Bet is exactly 2 times the Ante (rule 6)
BASIC = "basic"
STRATEGIES = (BASIC,)
STRATEGY_NAMES = {
    BASIC: (
        "basic strategy (Wizard of Odds): Bet with a pair or better; with ace-king, Bet when the dealer's "
        "2 to queen matches one of yours, when the dealer's ace or king faces your queen or jack, or when "
        "you hold a queen and the unmatched up card is below your fourth highest card; fold the rest"
    ),
}

ACE, KING, QUEEN, JACK = 12, 11, 10, 9


def basic(value, ranks, up):
    """0 (fold) or 2 (Bet): ``value`` the player's five-card value
    (games.cards.best_five), ``ranks`` the ranks of the player's five cards,
    ``up`` the rank of the dealer's face-up card."""
    if poker.category(value) >= poker.PAIR:
        return BET
    if value >> 16 & 15 != ACE or value >> 12 & 15 != KING:
        return FOLD  # below ace-king
    if up <= QUEEN and up in ranks:
        return BET  # 1. a 2 through a queen up, matching one of the player's cards
    if up >= KING:
        # 2. an ace or a king up: Bet with a queen or a jack.
        return BET if QUEEN in ranks or JACK in ranks else FOLD
    fourth = value >> 4 & 15  # the fourth highest of five distinct ranks
    # 3. an unmatched card up: Bet with a queen when the up card is below the fourth highest.
    return BET if QUEEN in ranks and up < fourth else FOLD


def decide(value, cards, up_card):
    """``basic`` from card indices: the player's five and the dealer's face-up
    card (the ranks are read only for an ace-king, the one hand that needs them)."""
    if value >= _PAIR_VALUE:
        return BET
    if value >> 12 != _ACE_KING_TOP:
        return FOLD
    return basic(value, [item >> 2 for item in cards], up_card >> 2)


_PAIR_VALUE = poker.PAIR << 20  # every pair and better is at least this
_ACE_KING_TOP = ACE << 4 | KING  # a high card's value >> 12: category 0, then ace, king
