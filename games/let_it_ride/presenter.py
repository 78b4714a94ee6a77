"""What the Let It Ride Poker table shows: the poker engine's presenter
(games/poker/presenter.py) with the hand named from the player's three cards
and the community cards turned up so far (``board_hand``), no dealer hand,
and the layout's rules line."""

from games.cards import best_five, three_card
from games.cards.cards import card, cards
from games.cards.poker import name_partial
from games.let_it_ride import rules
from games.poker.presenter import PokerPresenter


def hand_name(items):
    """The hand so far: the three dealt cards as a three-card hand (what the
    Three Card Bonus reads: "Flush, K-9-4"), four by their pairs ("Pair of
    10s", "Two pair, kings and 4s") or high cards, five as a poker hand."""
    if len(items) == 5:
        return best_five.hand_name(rules.hand_value(cards(items)))
    if len(items) == 3:
        return three_card.name(rules.three_card_value(cards(items)))
    return name_partial(items)


def dealer_label(items):
    return ""  # no dealer hand (rules file: "No dealer hand")


def layout_text(config):
    table = config.base_table
    parts = [
        "Three equal bets, your three cards and two community cards. After your cards, pull back Bet 1 or "
        "let it ride; after the first community card, pull back Bet 2 or let it ride. Bet $ always rides.",
        f"Each bet still riding pays alike: royal flush {table['royal_flush'].left:,} to 1 down to a pair of "
        f"10s or better 1 to 1; anything lower loses. No dealer hand. The three bets win at most "
        f"{config.aggregate_payout_limit:,} chips together a round.",
    ]
    if config.three_card_bonus:
        parts.append(f"Three Card Bonus on your three cards, {config.three_card_bonus_name} to 1.")
    if config.three_card_progressive:
        parts.append(
            "Three-Card progressive $1: a spade mini-royal wins the meter; Envy for others' mini-royals."
        )
    if config.five_card_progressive:
        parts.append(
            "Five-Card progressive $5: a royal flush wins the meter; Envy for others' straight flushes."
        )
    if config.mystery:
        parts.append("The Must-Hit-By Mystery bonus is offered with the bets and a progressive wager.")
    return " ".join(parts)


PRESENTER = PokerPresenter(rules, hand_name, dealer_label, layout_text, board_hand=True)
present = PRESENTER.present
present_table = PRESENTER.present_table
present_viewer = PRESENTER.present_viewer
limits_text = PRESENTER.limits_text


def last_result(game_state):
    """The lobby's last result: the community cards, from the table's state
    while a result is up or from the last round's record (which has no "phase")."""
    board = game_state.get("board") or {}
    if ("phase" in game_state and game_state["phase"] != "result") or len(board.get("cards") or []) != 2:
        return None
    return "Board " + " ".join(card(item).label for item in board["cards"])
