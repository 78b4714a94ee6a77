"""What the Texas Hold 'Em Bonus table shows: the poker engine's presenter
(games/poker/presenter.py) with each hand named from its two cards and the
board dealt so far, the dealer's two cards face down until
the showdown, each hand's best five marked there (``best_five``), and the
layout's rules line."""

from games.how_to_play import payout_text
from games.poker.presenter import PokerPresenter, best_five, sentences
from games.texas_holdem_bonus import paytables, rules


def layout_text(config):
    return sentences(
        "Two cards each and to the dealer. Fold or make the Flop wager (2× your Ante); after the flop and "
        "again after the turn, check or bet 1× your Ante. Best five of your two cards and the five on the "
        "board against the dealer's; the dealer needs nothing to play.",
        f"Beat the dealer: the street wagers pay 1 to 1, the Ante 1 to 1 with a {config.ante_pays_name} "
        "(else it pushes); a tie pushes.",
        config.bonus
        and f"Bonus: your two cards, A-A up to {payout_text(config.bonus_table[paytables.ACES_WITH_DEALER_ACES])} "
        "when the dealer holds A-A too.",
        config.progressive
        and "Progressive $5: your two cards and the flop, three of a kind or better; a royal flush wins "
        "the meter; kept after a fold.",
        config.progressive
        and config.envy_cents
        and "Envy Bonus for other players' straight flushes and royals.",
        config.mystery and "The Must-Hit-By Mystery bonus is offered with the Ante and the progressive.",
    )


# The dealer's hand by its name, the best five of its two cards and the board: no qualification
# (rule 9); each hand's best five of seven marked at the showdown (rule 1).
PRESENTER = PokerPresenter(rules, layout_text=layout_text, best_five=best_five)
last_result = PRESENTER.last_result
