"""Exact returns of Crazy 4 Poker's wagers, or parts of wagers, that depend on
the player's own five cards only, by enumerating all 2,598,960 five-card
hands through the game's own evaluators (the counts are Four Card Poker's,
games/four_card_poker/edge.py):

- Queens Up (rule 10), whole;
- the Super Bonus's paying lines (rule 9: straight or better, paid whatever
  the dealer holds, to a player who did not fold; the stated strategy plays
  every such hand 3×); below a straight the wager pushes or loses on the
  dealer's hand, which the simulation of Ante + Play settles;
- the Five-Card progressive's fixed lines and Envy (same product as Four Card
  Poker's).

The lab's rows (``specs``/``compute``, games/lab/__init__.py): Queens Up and
the Five-Card progressive exact from these counts (fixed part and meter part
apart); Ante, Play and Super Bonus together simulated under the stated
strategy (games/crazy_4_poker/simulate.py); the Must-Hit-By Mystery rows
added by the lab (``MYSTERY``). Pure Python.
"""

from games.crazy_4_poker import paytables, simulate
from games.four_card_poker import edge as four_card_edge
from games.lab.rows import SIMULATION, exact_spec, paytable_row, select, what_if

GAME = "crazy_4_poker"
MYSTERY = True  # § 657c.1: the Must-Hit-By Mystery bonus is offered with the Five-Card progressive
QUEENS_UP = "queens_up"
FIVE_CARD = four_card_edge.FIVE_CARD
QUEENS_UP_PAYTABLE = "50-40-8-4-3-2-1"  # the rules file's one table, by its odds from the top line

HANDS = four_card_edge.HANDS
fixed_return = four_card_edge.fixed_return
five_card_progressive_fixed_return = four_card_edge.five_card_progressive_fixed_return
five_card_envy_per_other_player = four_card_edge.five_card_envy_per_other_player


def queens_up_probabilities():
    return four_card_edge.four_card_line_probabilities(paytables.QUEENS_UP)


def queens_up_return():
    """Exact expected net of a unit Queens Up wager (a hand that folds loses
    it, Defaults; whoever bets Queens Up holding queens or better plays: the
    stated strategy plays K-Q-8-4 and up)."""
    return fixed_return(queens_up_probabilities(), paytables.QUEENS_UP)[0]


def super_bonus_paying_probabilities():
    """{line: probability} of the Super Bonus lines, straight or better."""
    return four_card_edge.four_card_line_probabilities(paytables.SUPER_BONUS)


def super_bonus_paying_return():
    """The Super Bonus's winnings from straight-or-better hands per unit
    wagered (the stake stays: rule 9), without the push-or-lose part below a
    straight."""
    table = paytables.SUPER_BONUS
    return sum(table[line].winnings(1) * p for line, p in super_bonus_paying_probabilities().items())


def five_card_probabilities():
    return four_card_edge.five_card_line_probabilities(paytables.FIVE_CARD_PROGRESSIVE)


def specs():
    return [
        *simulate.specs(),
        exact_spec(GAME, QUEENS_UP, QUEENS_UP_PAYTABLE, f"Queens Up, paytable {QUEENS_UP_PAYTABLE}"),
        four_card_edge.five_card_spec(GAME),
    ]


def compute(spec, *, payouts=None, rounds=None, seed=0, progress=None):
    if spec.method == SIMULATION:
        return simulate.run(spec, payouts=payouts, rounds=rounds, seed=seed, progress=progress)
    if spec.wager == QUEENS_UP:
        table = what_if(paytables.QUEENS_UP, payouts)
        return paytable_row(
            spec,
            four_card_edge.four_card_line_probabilities(table),
            table,
            paytables.LINE_NAMES,
            assumptions=[
                f"The best four of the player's five cards (rule 10): each of the {HANDS:,} five-card hands "
                "of one deck equally likely; pays whatever the dealer holds; the stake is returned on a win.",
                "A fold loses it (Defaults): the figure is for a player who plays every hand of a pair of "
                "queens or better, as the stated strategy does. Four aces pay as a four of a kind. "
                f"{paytables.QUEENS_UP_SOURCE}.",
            ],
        )
    if spec.wager == FIVE_CARD:
        table = what_if(paytables.FIVE_CARD_PROGRESSIVE, payouts, meter=True)
        envy = five_card_envy_per_other_player()
        return four_card_edge.five_card_row(
            spec,
            table,
            paytables.LINE_NAMES,
            [
                f"The player's five cards as a poker hand (rule 11), each of the {HANDS:,} hands equally "
                "likely; fixed lines 'for 1', the $5 stake collected at no more bets; only the highest line "
                "pays; settled after a fold too.",
                f"Envy is not in the row: it depends on the other players. Each other player adds "
                f"{float(envy):.4%} of the wager (royal flush $5,000, straight flush $1,500).",
                f"{paytables.FIVE_CARD_SOURCE}.",
            ],
            details={"envy_per_other_player": float(envy)},
        )
    raise ValueError(f"Crazy 4 Poker has no row for the wager {spec.wager!r}")


def paytable_lines(spec):
    """The lines a designer may change for the simulated row."""
    return simulate.paytable_lines(spec)


def table_rows(config):
    """The rows a table with the Rules Submission ``config`` plays: each
    wager it offers, at its paytables (games/lab/__init__.py)."""
    rows = specs()
    found = select(rows, simulate.ANTE_PLAY)
    if config.queens_up:
        found += select(rows, QUEENS_UP)
    if config.five_card_progressive:
        found += select(rows, FIVE_CARD)
    return found
