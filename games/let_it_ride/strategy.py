"""Let It Ride's two decisions: pull back the wager or let it ride, on the
player's three cards (decision 1) and on those and the first community card
(decision 2). Pure Python.

``BASIC``: the strategy of Michael Shackleford (Wizard of Odds, "Let It Ride",
the strategy section), for the 1000-200-50-11-8-5-3-2-1 paytable:

- Decision 1, let it ride with: a paying hand (a pair of 10s or better, three
  of a kind; on four cards two pair too); three to a royal flush; three suited in a row, except 2-3-4 and
  A-2-3; three to a straight flush spread 4 (one gap) with at least one high
  card (10 or better); three to a straight flush spread 5 (two gaps) with at
  least two high cards.
- Decision 2, let it ride with: a paying hand; four to a flush; four to an
  outside straight, 8 high or better; four to an inside straight with four
  high cards.

The lab (games/let_it_ride/edge.py) computes the optimal decision at every
3-card and 4-card point by enumeration; the tests hold ``BASIC`` to it.
Cards are ``poker.CARD_INDEX`` ints (``rank * 4 + suit``; rank 0 = 2 … 12 = ace).
"""

PULL = "pull"
RIDE = "ride"
BASIC = "basic"
STRATEGY_NAMES = {
    BASIC: (
        "Wizard of Odds strategy: first decision, let it ride with 10s or better, three to a royal flush, "
        "three suited in a row (not 2-3-4 or A-2-3), three to a straight flush with one gap and a 10 or "
        "better, or with two gaps and two; second decision, with a paying hand, four to a flush, four to "
        "an outside straight 8 high or better, or four to an inside straight of 10s and up"
    ),
}

EIGHT, TEN, ACE = 6, 8, 12


def _paying(ranks):
    """A pair of 10s or better, two pair, or three (or four) of a kind in these cards."""
    counts = {}
    for rank in ranks:
        counts[rank] = counts.get(rank, 0) + 1
    pairs = [rank for rank, count in counts.items() if count == 2]
    return len(pairs) >= 2 or any(
        count >= 3 or (count == 2 and rank >= TEN) for rank, count in counts.items()
    )


def first(cards):
    """RIDE or PULL on the three dealt cards."""
    ranks = [item >> 2 for item in cards]
    if _paying(ranks):
        return RIDE
    if len({item & 3 for item in cards}) != 1 or len(set(ranks)) != 3:
        return PULL
    high = sum(rank >= TEN for rank in ranks)
    if high == 3:
        return RIDE  # three to a royal flush
    ace_high = max(ranks) - min(ranks) + 1
    if ace_high == 3 and sorted(ranks) != [0, 1, 2]:
        return RIDE  # three suited in a row, not 2-3-4 (A-2-3 is not in a row ace high)
    if ace_high == 4 and high >= 1:
        return RIDE
    if ace_high == 5 and high >= 2:
        return RIDE
    # Ace low (A-2-4, A-3-5 ...) the spread counts the ace high: those are pulled back.
    return PULL


def second(cards):
    """RIDE or PULL on the three dealt cards and the first community card."""
    ranks = [item >> 2 for item in cards]
    if _paying(ranks):
        return RIDE
    if len({item & 3 for item in cards}) == 1:
        return RIDE  # four to a flush
    distinct = sorted(set(ranks))
    if len(distinct) != 4:
        return PULL
    if distinct[-1] - distinct[0] == 3 and distinct[-1] != ACE and distinct[-1] >= EIGHT:
        return RIDE  # four in a row, open at both ends, 8 high or better
    if distinct[0] >= TEN:
        return RIDE  # four of 10-J-Q-K-A: to the one straight of four high cards
    return PULL


def decide(street, cards):
    """The basic strategy's choice at decision ``street`` (0: three cards, 1: four)."""
    return first(cards) if street == 0 else second(cards)
