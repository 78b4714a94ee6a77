"""What the Four Card Poker table shows: the poker engine's presenter
(games/poker/presenter.py) with Four Card Poker's hand names (the best four
of the player's five, of the dealer's six) and the layout's rules line."""

from games.cards import four_card
from games.cards.cards import cards
from games.four_card_poker import rules
from games.poker.presenter import PokerPresenter, sentences


def dealer_label(items):
    return f"best four of six, {four_card.hand_name(rules.dealer_value(cards(items)))}"


def layout_text(config):
    bonus = config.ante_bonus_table
    four, flush, trips = (
        bonus[line].left for line in ("four_of_a_kind", "straight_flush", "three_of_a_kind")
    )
    return sentences(
        "Your best four of five against the dealer's best four of six; the dealer always plays and ties win.",
        "Play 1×, 2× or 3× your Ante, or fold.",
        f"Ante Bonus when you play: four of a kind {four} to 1, straight flush {flush} to 1, "
        f"three of a kind {trips} to 1, whatever the dealer holds.",
        config.aces_up
        and f"Aces Up pays {config.aces_up_name} to 1 on a pair of aces or better, whatever the dealer holds, "
        "even after a fold.",
        config.five_card_progressive
        and "Five-Card progressive: your five cards; a royal flush wins the meter; Envy for others' straight "
        "flushes and royals.",
        config.mystery
        and "The Must-Hit-By Mystery bonus is offered with the Ante and the Five-Card progressive.",
    )


PRESENTER = PokerPresenter(rules, dealer_label, layout_text)
last_result = PRESENTER.last_result
