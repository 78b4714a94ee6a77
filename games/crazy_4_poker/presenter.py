"""What the Crazy 4 Poker table shows: the poker engine's presenter
(games/poker/presenter.py) with the four-card hand names (best four of five),
the dealer's king-high qualifier and the layout's rules line."""

from games.cards import four_card
from games.crazy_4_poker import rules
from games.poker.presenter import PokerPresenter, qualifier_label, sentences


def layout_text(config):
    return sentences(
        "Your best four of five cards against the dealer's. The Super Bonus equals your Ante and goes with it.",
        "Play 1× the Ante, or 3× with a pair of aces or better, or fold (a fold loses every wager but "
        "the progressive).",
        "The dealer qualifies with king-high or better; if not, the Ante pushes and the Play wins.",
        "Super Bonus: four aces 200 to 1, four of a kind 30 to 1, straight flush 15 to 1, three of a kind "
        "2 to 1, flush 3 to 2, straight 1 to 1, whatever the dealer holds; below a straight it loses "
        "only to a qualifying dealer hand that beats yours.",
        config.queens_up and "Queens Up pays a pair of queens or better, up to four of a kind 50 to 1.",
        config.five_card_progressive
        and "Five-Card progressive ($5): your five cards, royal flush the whole meter; Envy for others' "
        "straight flushes or better.",
        config.mystery
        and "The Must-Hit-By Mystery bonus is offered with the Ante and the Five-Card progressive.",
    )


PRESENTER = PokerPresenter(
    rules, qualifier_label(rules.hand_value, four_card.hand_name, rules.qualifies), layout_text
)
last_result = PRESENTER.last_result
