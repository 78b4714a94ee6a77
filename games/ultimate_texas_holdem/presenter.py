"""What the Ultimate Texas Hold 'Em table shows: the poker engine's presenter
(games/poker/presenter.py) with each hand named from its two cards and the
board turned up so far, the dealer's two cards face down until
the last decision is taken, each hand's best five marked at the showdown
(``best_five``), the dealer's qualifier said with its hand, and the layout's
rules line."""

from games.cards import best_five as five
from games.cards.cards import cards
from games.poker.presenter import PokerPresenter, best_five, sentences
from games.ultimate_texas_holdem import paytables, rules


def dealer_label(items):
    """The dealer's best five of its two cards and the board, and whether it qualifies (rule 9)."""
    if len(items) < 7:
        return rules.hand_name(cards(items)) if items else ""
    value = five.best_five_value(items)
    qualifies = "qualifies" if paytables.dealer_qualifies(value) else "does not qualify: the Ante pushes"
    return f"{five.hand_name(value)}: {qualifies}"


def layout_text(config):
    blind = config.blind_table
    return sentences(
        "Two cards each and to the dealer. Check, or Play 3× or 4× your Ante; after the flop, check or Play "
        "2×; after the turn and river, Play 1× or fold. One Play wager a hand.",
        "Beat the dealer: Play 1 to 1, the Ante 1 to 1 if the dealer has a pair or better (else it pushes); "
        f"the Blind pays a royal flush {blind[paytables.ROYAL_FLUSH]} down to a "
        f"{'straight' if paytables.STRAIGHT in blind else 'flush'} on a win, else it pushes; a tie pushes.",
        config.trips and "Trips: your final hand, three of a kind or better, win or lose, even after a fold.",
        config.bad_beat and "Bad Beat: three of a kind or better that loses to the dealer.",
        config.progressive
        and "Progressive $5: your two cards and the flop, three of a kind or better; a royal flush wins "
        "the meter; kept after a fold.",
        config.progressive
        and config.envy_cents
        and "Envy Bonus for other players' straight flushes and royals.",
        config.mystery
        and "The Must-Hit-By Mystery bonus is offered with the Ante and Blind and the progressive.",
    )


PRESENTER = PokerPresenter(
    rules, dealer_label, layout_text, best_five=best_five
)  # rule 2: best five of seven
last_result = PRESENTER.last_result
