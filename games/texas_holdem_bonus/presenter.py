"""What the Texas Hold 'Em Bonus table shows: the poker engine's presenter
(games/poker/presenter.py) with each hand named from its two cards and the
board dealt so far, the dealer's two cards face down until
the showdown, each hand's best five marked there (``best_five``), and the
layout's rules line."""

from games.cards import best_five as five
from games.cards.cards import cards
from games.how_to_play import payout_text
from games.poker.presenter import PokerPresenter
from games.texas_holdem_bonus import paytables, rules


def best_five(items):
    """The card strings of the best five of the hole cards and the board (rule 1)."""
    return [str(item) for item in five.best_five(items)[1]]


def dealer_label(items):
    """The dealer's best five of its two cards and the board; no qualification (rule 9)."""
    return rules.hand_name(cards(items)) if items else ""


def layout_text(config):
    parts = [
        "Two cards each and to the dealer. Fold or make the Flop wager (2× your Ante); after the flop and "
        "again after the turn, check or bet 1× your Ante. Best five of your two cards and the five on the "
        "board against the dealer's; the dealer needs nothing to play.",
        f"Beat the dealer: the street wagers pay 1 to 1, the Ante 1 to 1 with a {config.ante_pays_name} "
        "(else it pushes); a tie pushes.",
    ]
    if config.bonus:
        top = config.bonus_table[paytables.ACES_WITH_DEALER_ACES]
        parts.append(f"Bonus: your two cards, A-A up to {payout_text(top)} when the dealer holds A-A too.")
    if config.progressive:
        parts.append(
            "Progressive $5: your two cards and the flop, three of a kind or better; a royal flush wins "
            "the meter; kept after a fold."
        )
        if config.envy_cents:
            parts.append("Envy Bonus for other players' straight flushes and royals.")
    if config.mystery:
        parts.append("The Must-Hit-By Mystery bonus is offered with the Ante and the progressive.")
    return " ".join(parts)


PRESENTER = PokerPresenter(rules, dealer_label, layout_text, best_five=best_five)
present = PRESENTER.present
present_table = PRESENTER.present_table
present_viewer = PRESENTER.present_viewer
limits_text = PRESENTER.limits_text
last_result = PRESENTER.last_result
