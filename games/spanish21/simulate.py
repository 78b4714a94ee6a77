"""Simulated lab rows of Spanish 21: the main wager at each deck count the
game allows (paytables.DECKS), played through the game's own round by best
play for the table's rules (games/blackjack/simulate.py,
games/blackjack/solver.py), with the solver's exact figure and, rule by
rule, how our rules differ from the published house edge's. Pure: no
Django, no I/O."""

from games.blackjack import best_play, simulate
from games.blackjack.round import MAIN
from games.engine import format_chips
from games.lab.rows import SIMULATION, RowSpec
from games.spanish21 import paytables, rules

GAME = "spanish21"
DEFAULT_ROUNDS = 200_000
# The published house edge for the same rules (dealer hits soft 17, late surrender,
# double any cards with rescue, resplit to four hands aces included, the bonus 21s),
# without the fixed-dollar Super Bonus: Wizard of Odds, Spanish 21,
# https://wizardofodds.com/games/spanish-21/ (the tests hold the solver to it).
PUBLISHED_HOUSE_EDGE = {6: 0.0078, 8: 0.0080}


def specs():
    return [
        RowSpec(
            game=GAME,
            wager=MAIN,
            paytable=None,
            decks=decks,
            method=SIMULATION,
            title=f"Spanish 21 main wager, {decks} decks, best play",
            default_rounds=DEFAULT_ROUNDS,
        )
        for decks in paytables.DECKS
    ]


def paytable_lines(spec):
    return simulate.paytable_lines(rules.VARIANT)


def config(decks):
    """The table's defaults (rules.Config) at ``decks`` decks, side wagers off."""
    return rules.Config(decks=decks, match_the_dealer=0, progressive=0)


def published_rules_note(config):
    """Where our rules differ from the published figure's, and by how much: the
    solver with the Super Bonus switched off is the published rules."""
    ours = best_play.BestPlay(rules.VARIANT, config)
    published_rules = best_play.BestPlay(rules.VARIANT, config, super_bonus_units=0.0)
    bonus = published_rules.expectation - ours.expectation
    return (
        f"Published house edge for these rules without the Super Bonus: "
        f"{PUBLISHED_HOUSE_EDGE[config.decks]:.2%} (Wizard of Odds); the solver without it: "
        f"{-published_rules.expectation:.3%}. The one rule that differs: the Super Bonus "
        f"(§ 635a.12(c)), ${ours.game.super_bonus_units * config.min_bet:,.0f} on the "
        f"{format_chips(config.min_bet_cents)}-chip minimum, lowers the house edge by {-bonus:.3%}."
    )


def run(spec, *, payouts=None, rounds=None, seed=0, progress=None):
    if spec.wager != MAIN or spec.decks not in paytables.DECKS:
        raise ValueError(f"{spec.key}: Spanish 21 simulates the main wager at {paytables.DECKS} decks")
    table = config(spec.decks)
    return simulate.main_row(
        spec,
        rules.VARIANT,
        table,
        payouts=payouts,
        rounds=rounds,
        seed=seed,
        progress=progress,
        # A what-if paytable is not the published one: the comparison is for the regulation's.
        assumptions=[] if payouts else [published_rules_note(table)],
    )
