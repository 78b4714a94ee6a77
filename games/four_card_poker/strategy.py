"""Four Card Poker's Play decision: fold, or Play 1× or 3× the Ante, from the
player's five cards and the dealer's face-up card (rules 6–7). Pure Python.

Three strategies, named on the lab rows that use them:

- ``COMPUTED`` (the default), the decision that maximises the expected
  return: with W the chance that the player's best four ties or beats the
  dealer's best four of six (the player wins ties, rule 9), Play 3× when
  W > 1/2, 1× when W > 1/4, else fold (bench/four_card_strategy.py says
  why). W is estimated from seeded deals for each situation ``situation``
  tells apart (the hand's category and first two ranks, the dealer's up rank,
  how many of that rank the player holds) and kept in strategy_table.py;
  where the table has no decision, the Expert Strategy below decides. It
  aims at Wizard of Odds' optimal strategy (house edge 2.78% of the Ante,
  1.30% of the total wagered), which reads every card and suit.

- ``BASIC``, Shuffle Master's (the table's information card; Casino City
  Times, Grochowski, "Beating Three Card Poker"; Wikipedia): fold a pair of 2s
  or less, Play 1× with a pair of 3s through 9s, 3× with a pair of 10s or
  better.
- ``EXPERT``, Elliot Frome's Expert Strategy (Casino City Times, "Four Card
  Poker – Part Two" and the following column, April 2004), which also reads
  the dealer's up card and one kicker: from his figures about 98.5% payback
  and more, against about 98.41% for the basic strategy (the return of the
  total wagered). It is not the optimal strategy Wizard of Odds computes
  (house edge 2.78% of the Ante, 1.30% of the total wagered): that one reads
  every card and its suit. Rules, from the column:

  - fold below a pair of 3s, except a pair of 2s against a 2 up (Play 1×);
  - Play 3× with a pair of aces or better (two pair, straights, flushes and
    above included);
  - a pair of kings: 3×, except against an ace up when the player holds no
    ace: 1×;
  - a pair of queens: 3×, except against an ace or a king up unless the
    player holds a card of the up card's rank: 1×;
  - a pair of jacks: 3× against a 2 through a jack up; against a king or a
    queen, 3× when the player holds a card of that rank, else 1×; 1× against
    an ace;
  - a pair of 10s: 3× against a 2 through a 9 up; against a 10, 3× with a
    jack or higher kicker; 1× against a jack through an ace;
  - a pair of 9s: 3× against a 2 up, else 1×;
  - a pair of 3s through 8s: 1×.

Rule 7 offers 2× as well; with even-money Ante and Play and an Ante Bonus that
does not depend on the Play, the expected return is linear in the multiple,
so 2× is never better than both 1× and 3×.

Cards are ``poker.CARD_INDEX`` ints (``rank * 4 + suit``; rank 0 = 2 … 12 = ace).
"""

from functools import cache

from games.cards import four_card

FOLD = 0
BASIC = "basic"
EXPERT = "expert"
COMPUTED = "computed"
STRATEGIES = (COMPUTED, EXPERT, BASIC)
STRATEGY_NAMES = {
    COMPUTED: (
        "computed: 3× when the best four ties or beats the dealer's best four of six more than half the time, "
        "1× above a quarter, else fold, by hand, up card and the up card's rank held"
    ),
    BASIC: "Shuffle Master's basic strategy: fold a pair of 2s or less, 1× with 3s to 9s, 3× with 10s or better",
    EXPERT: "Elliot Frome's Expert Strategy (Casino City Times, 2004): pairs read against the dealer's up card",
}

TWO, NINE, TEN, JACK, QUEEN, KING, ACE = 0, 7, 8, 9, 10, 11, 12


def basic(value):
    """Shuffle Master's basic strategy on the player's best four-card value."""
    if four_card.category(value) > four_card.PAIR:
        return 3
    if four_card.category(value) < four_card.PAIR:
        return FOLD
    pair = four_card.top_rank(value)
    if pair >= TEN:
        return 3
    return 1 if pair > TWO else FOLD


def expert(value, player_ranks, up_rank):
    """Frome's Expert Strategy: ``value`` the player's best four, ``player_ranks``
    the ranks of all five of the player's cards, ``up_rank`` the dealer's."""
    kind = four_card.category(value)
    if kind > four_card.PAIR:
        return 3
    if kind < four_card.PAIR:
        return FOLD
    pair = four_card.top_rank(value)
    if pair == ACE:
        return 3
    holds_up = up_rank in player_ranks
    if pair == KING:
        return 1 if up_rank == ACE and ACE not in player_ranks else 3
    if pair == QUEEN:
        return 1 if up_rank >= KING and not holds_up else 3
    if pair == JACK:
        if up_rank == ACE:
            return 1
        if up_rank >= QUEEN:
            return 3 if holds_up else 1
        return 3
    if pair == TEN:
        if up_rank < TEN:
            return 3
        if up_rank == TEN:
            return 3 if max(rank for rank in player_ranks if rank != TEN) >= JACK else 1
        return 1
    if pair == NINE:
        return 3 if up_rank == TWO else 1
    if pair > TWO:
        return 1
    return 1 if up_rank == TWO else FOLD


def situation(value, player, up):
    """What the computed strategy tells situations apart by: up to two pair,
    (category, first rank, second rank, the dealer's up rank, the cards of
    that rank among the player's five); above, (category, first rank, up rank).
    ``value`` is the player's best four, ``player`` its five card indices."""
    up_rank = up >> 2
    kind = value >> 16
    if kind <= four_card.TWO_PAIR:
        held = sum(1 for card in player if card >> 2 == up_rank)
        return (kind, (value >> 12) & 15, (value >> 8) & 15, up_rank, held)
    return (kind, (value >> 12) & 15, up_rank)


@cache
def _table():
    from games.four_card_poker.strategy_table import TABLE

    return TABLE


def computed(value, player, up):
    """The computed strategy (strategy_table.py, bench/four_card_strategy.py):
    the table's decision where it has one, the Expert Strategy elsewhere."""
    key = situation(value, player, up)
    if len(key) == 5:
        kind, first, second, up_rank, held = key
        row = _table().get((kind, first, up_rank, held))
        if row is not None and row[second] != ".":
            return int(row[second])
    return expert(value, [card >> 2 for card in player], up >> 2)


def play_multiple(player, up, strategy=COMPUTED):
    """0 (fold), 1 or 3: the Play wager as a multiple of the Ante, for the
    player's five card indices and the dealer's up card index."""
    value = four_card.value_of_five(player)
    if strategy == COMPUTED:
        return computed(value, player, up)
    if strategy == BASIC:
        return basic(value)
    if strategy != EXPERT:
        raise ValueError(f"Four Card Poker's strategies are {', '.join(STRATEGIES)}, not {strategy!r}")
    return expert(value, [card >> 2 for card in player], up >> 2)
