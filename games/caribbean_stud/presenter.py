"""What the Caribbean Stud Poker table shows: the poker engine's presenter
(games/poker/presenter.py) with Caribbean Stud's hand names (five cards as a
poker hand), the dealer's qualifier and the layout's rules line."""

from games.cards import best_five
from games.caribbean_stud import rules
from games.poker.presenter import PokerPresenter, qualifier_label, sentences

# Rule 7: the dealer qualifies with ace-king or better.
dealer_label = qualifier_label(rules.hand_value, best_five.hand_name, rules.qualifies, ": ")


def layout_text(config):
    table = config.bet_table
    return sentences(
        "Your five cards against the dealer's five (one face up): Bet 2× your Ante, or fold and lose it.",
        "The dealer needs ace-king or better: if not, the Ante wins 1 to 1 and the Bet pushes.",
        f"Beat a qualifying dealer: Ante 1 to 1, the Bet from royal flush {table['royal_flush'].left} to 1 "
        "down to one pair or less 1 to 1; ties push.",
        config.progressive
        and "Progressive $1: your five cards, whatever the dealer holds; a royal flush wins the meter; "
        "lost with a fold.",
        config.progressive
        and config.envy_cents
        and "Envy Bonus for other players' straight flushes and royals.",
        config.mystery and "The Must-Hit-By Mystery bonus is offered with the Ante and the progressive.",
    )


PRESENTER = PokerPresenter(rules, dealer_label, layout_text, lobby_dealer=dealer_label)
last_result = PRESENTER.last_result
