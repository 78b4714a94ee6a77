"""What the Let It Ride Poker table shows: the poker engine's presenter
(games/poker/presenter.py) with the hand named from the player's three cards
and the community cards turned up so far, no dealer hand,
and the layout's rules line."""

from games.let_it_ride import rules
from games.poker.presenter import PokerPresenter, sentences


def layout_text(config):
    table = config.base_table
    return sentences(
        "Three equal bets, your three cards and two community cards. After your cards, pull back Bet 1 or "
        "let it ride; after the first community card, pull back Bet 2 or let it ride. Bet $ always rides.",
        f"Each bet still riding pays alike: royal flush {table['royal_flush'].left:,} to 1 down to a pair of "
        f"10s or better 1 to 1; anything lower loses. No dealer hand. The three bets win at most "
        f"{config.aggregate_payout_limit:,} chips together a round.",
        config.three_card_bonus
        and f"Three Card Bonus on your three cards, {config.three_card_bonus_name} to 1.",
        config.three_card_progressive
        and "Three-Card progressive $1: a spade mini-royal wins the meter; Envy for others' mini-royals.",
        config.five_card_progressive
        and "Five-Card progressive $5: a royal flush wins the meter; Envy for others' straight flushes.",
        config.mystery and "The Must-Hit-By Mystery bonus is offered with the bets and a progressive wager.",
    )


PRESENTER = PokerPresenter(rules, layout_text=layout_text)  # no dealer hand (rules file: "No dealer hand")
last_result = PRESENTER.last_result
