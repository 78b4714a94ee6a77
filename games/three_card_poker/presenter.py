"""What the Three Card Poker table shows: the poker engine's presenter
(games/poker/presenter.py) with Three Card Poker's hand names, the dealer's
queen-high qualifier and the layout's rules line."""

from games.cards import three_card
from games.poker.presenter import PokerPresenter, qualifier_label
from games.three_card_poker import rules


def layout_text(config):
    parts = [
        "The dealer qualifies with queen-high or better. Play (equal to the Ante) or fold.",
        "Ante Bonus on a straight or better when you play: straight flush 5 to 1, three of a kind 4 to 1, straight 1 to 1.",
    ]
    if config.pair_plus:
        parts.append(
            f"Pair Plus pays {config.pair_plus_name} to 1, whatever the dealer holds; a fold loses it."
        )
    if config.six_card_bonus:
        parts.append(
            "Six Card Bonus: the best five of your three and the dealer's three, royal flush 1,000 to 1."
        )
    if config.three_card_progressive:
        parts.append(
            "Three-Card progressive: a spade mini-royal wins the meter; Envy for others' mini-royals."
        )
    if config.mystery:
        parts.append("The Must-Hit-By Mystery bonus is offered with the Ante and a progressive wager.")
    return " ".join(parts)


PRESENTER = PokerPresenter(
    rules, qualifier_label(rules.hand_value, three_card.name, three_card.qualifies), layout_text
)
last_result = PRESENTER.last_result
