"""What the Mississippi Stud table shows: the poker engine's presenter
(games/poker/presenter.py) with the hand named from the player's two cards
and the community cards turned up so far, no dealer hand, and
the layout's rules line."""

from games.mississippi_stud import rules
from games.poker.presenter import PokerPresenter, sentences


def layout_text(config):
    table = config.base_table
    return sentences(
        "Your two cards and three community cards, turned up one at a time. On each of three streets bet "
        "1×, 2× or 3× your Ante, or fold and lose what you have bet.",
        f"Every wager pays alike: royal flush {table['royal_flush'].left} to 1 down to a pair of jacks or "
        "better 1 to 1; a pair of 6s through 10s pushes; anything lower loses. No dealer hand.",
        config.progressive
        and "Progressive $5: three of a kind or better; a royal flush wins the meter; kept after a fold.",
        config.progressive
        and config.envy_cents
        and "Envy Bonus for other players' straight flushes and royals.",
        config.mystery and "The Must-Hit-By Mystery bonus is offered with the Ante and the progressive.",
    )


PRESENTER = PokerPresenter(rules, layout_text=layout_text)  # no dealer hand (rules file: "no dealer hand")
last_result = PRESENTER.last_result
