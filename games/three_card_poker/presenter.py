"""What the Three Card Poker table shows: the poker engine's presenter
(games/poker/presenter.py) with Three Card Poker's hand names, the dealer's
queen-high qualifier and the layout's rules line."""

from games.cards import three_card
from games.poker.presenter import PokerPresenter, qualifier_label, sentences
from games.three_card_poker import rules


def layout_text(config):
    return sentences(
        "The dealer qualifies with queen-high or better. Play (equal to the Ante) or fold.",
        "Ante Bonus on a straight or better when you play: straight flush 5 to 1, three of a kind 4 to 1, straight 1 to 1.",
        config.pair_plus
        and f"Pair Plus pays {config.pair_plus_name} to 1, whatever the dealer holds; a fold loses it.",
        config.six_card_bonus
        and "Six Card Bonus: the best five of your three and the dealer's three, royal flush 1,000 to 1.",
        config.three_card_progressive
        and "Three-Card progressive: a spade mini-royal wins the meter; Envy for others' mini-royals.",
        config.mystery and "The Must-Hit-By Mystery bonus is offered with the Ante and a progressive wager.",
    )


PRESENTER = PokerPresenter(
    rules, qualifier_label(rules.hand_value, three_card.name, three_card.qualifies), layout_text
)
last_result = PRESENTER.last_result
