"""What the DJ Wild Stud Poker table shows: the poker engine's presenter
(games/poker/presenter.py) with DJ Wild Stud's hand names (five cards with
the deuces and the joker wild, at their best) and the layout's rules line."""

from games.dj_wild_stud import rules
from games.poker.presenter import PokerPresenter, sentences


def layout_text(config):
    table = config.blind_table
    return sentences(
        "Deuces and the Joker are wild. Your five cards against the dealer's five: Play 2× your Ante, "
        "or fold and lose the Ante and the Blind. The dealer always plays.",
        f"Beat the dealer: Ante and Play 1 to 1, the Blind from five wilds {table['five_wilds'].left} to 1 "
        "down to a straight 1 to 1 (below a straight it pushes); ties push.",
        config.trips_table
        and "Trips: three of a kind or better on your own cards, natural hands pay more, even folded.",
        config.progressive
        and "Progressive $5 (project default paytable): your five cards, even folded, four of a kind or "
        "better; a natural royal flush wins the meter, five wilds 10% of it.",
        config.mystery and "The Must-Hit-By Mystery bonus is offered with the Ante and the progressive.",
    )


PRESENTER = PokerPresenter(
    rules, layout_text=layout_text
)  # the dealer's hand by its name: no qualifier (rule 8)
last_result = PRESENTER.last_result
