"""What the Mississippi Stud table shows: the poker engine's presenter
(games/poker/presenter.py) with the hand named from the player's two cards
and the community cards turned up so far (``board_hand``), no dealer hand, and
the layout's rules line."""

from games.cards import best_five
from games.cards.cards import card, cards
from games.cards.poker import name_partial
from games.mississippi_stud import rules
from games.poker.presenter import PokerPresenter


def hand_name(items):
    """The hand so far: five cards as a poker hand ("Flush, Q-J-9-6-2"); two
    to four by their pairs ("Pair of 7s", "Two pair, kings and 4s") or high
    cards ("A-9-4 high")."""
    if len(items) == 5:
        return best_five.hand_name(rules.hand_value(cards(items)))
    return name_partial(items)


def dealer_label(items):
    return ""  # no dealer hand (rules file: "no dealer hand")


def layout_text(config):
    table = config.base_table
    parts = [
        "Your two cards and three community cards, turned up one at a time. On each of three streets bet "
        "1×, 2× or 3× your Ante, or fold and lose what you have bet.",
        f"Every wager pays alike: royal flush {table['royal_flush'].left} to 1 down to a pair of jacks or "
        "better 1 to 1; a pair of 6s through 10s pushes; anything lower loses. No dealer hand.",
    ]
    if config.progressive:
        parts.append(
            "Progressive $5: three of a kind or better; a royal flush wins the meter; kept after a fold."
        )
        if config.envy_cents:
            parts.append("Envy Bonus for other players' straight flushes and royals.")
    if config.mystery:
        parts.append("The Must-Hit-By Mystery bonus is offered with the Ante and the progressive.")
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
    if ("phase" in game_state and game_state["phase"] != "result") or len(board.get("cards") or []) != 3:
        return None
    return "Board " + " ".join(card(item).label for item in board["cards"])
