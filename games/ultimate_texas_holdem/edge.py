"""Ultimate Texas Hold 'Em's figures for the lab: Trips A-D and the $5
progressive exact, the Ante, Blind and Play (per Blind paytable) and the Bad
Beat simulated (simulate.py), the Mystery bonus rows through the lab's
registry (``MYSTERY``).

- Trips (rule 11) pays on the player's final hand, whatever the dealer holds
  and after a fold too, so its figures are the distribution of the best five
  of seven over all C(52, 7) hands, worked out by rank multisets
  (seven_card_counts.py, about 2 s of CPU, once a process).
- The Blind's lines are the same hands, but it pays only when the player beats
  the dealer, which depends on the dealer's hand and on the decisions: its
  figures come from the simulated Ante, Blind and Play rows (the final hand's
  exact line probabilities are on the Trips rows).
- The progressive (rule 12) pays on the two hole cards and the flop: a uniform
  five of the deck, the five-card counts of games/four_card_poker/edge.py.

Pure Python (no Django, no I/O).
"""

from fractions import Fraction

from games.four_card_poker.edge import five_card_envy_per_other_player, five_card_row
from games.lab.rows import line, paytable_row, paytable_specs, select, what_if
from games.ultimate_texas_holdem import paytables, rules, seven_card_counts, simulate

GAME = "ultimate_texas_holdem"
MYSTERY = True  # § 653c.1: the Must-Hit-By Mystery bonus is offered with the progressive
TRIPS = "trips"
PROGRESSIVE = "progressive"


def final_hand_probabilities(table):
    """{line: probability} of the lines ``table`` pays on the player's best five of seven."""
    found = {}
    for value, count in seven_card_counts.value_counts().items():
        won = paytables.lookup(table, paytables.hand_lines(value))
        if won is not None:
            found[won[0]] = found.get(won[0], 0) + count
    return {key: Fraction(count, seven_card_counts.HANDS) for key, count in found.items()}


def specs():
    return [
        *simulate.specs(),
        *paytable_specs(GAME, TRIPS, paytables.TRIPS_NAMES, "Trips, paytable {name}"),
        *paytable_specs(
            GAME,
            PROGRESSIVE,
            paytables.PROGRESSIVE_NAMES,
            "Progressive ($5) on the hole cards and the flop, paytable {name}",
            meter=(rules.PROGRESSIVE_KIND, "", 5),
        ),
    ]


def compute(spec, *, payouts=None, rounds=None, seed=0, progress=None):
    if spec.wager in (simulate.ANTE_BLIND_PLAY, simulate.BAD_BEAT):
        return simulate.run(spec, payouts=payouts, rounds=rounds, seed=seed, progress=progress)
    if spec.wager == TRIPS:
        table = what_if(paytables.trips_paytable(spec.paytable), payouts)
        return paytable_row(
            spec,
            final_hand_probabilities(table),
            table,
            paytables.LINE_NAMES,
            assumptions=[
                "One 52-card deck; the player's best five of the two hole cards and the five community cards, "
                "each of the 133,784,560 seven-card hands equally likely, counted exactly by rank multisets.",
                "Paid whatever the dealer holds and after a fold too (rule 11): the figure holds for any strategy.",
                "The same lines' probabilities are the Blind's on the final hand; the Blind pays them only on a "
                "win, so its return is on the simulated Ante, Blind and Play rows.",
                paytables.TRIPS_SOURCE + ".",
            ],
        )
    if spec.wager == PROGRESSIVE:
        table = what_if(paytables.progressive_paytable(spec.paytable), payouts, meter=True)
        envy = float(five_card_envy_per_other_player())
        return five_card_row(
            spec,
            table,
            paytables.LINE_NAMES,
            [
                "One 52-card deck; the two hole cards and the flop, each of the 2,598,960 five-card hands "
                "equally likely (rule 12).",
                "Fixed lines 'for 1', the $5 collected at no more bets; only the highest line pays; settled "
                "after a fold too, so the figure holds for any strategy.",
                f"Envy is not in the row: each other player adds {envy:.4%} of the wager.",
                paytables.PROGRESSIVE_SOURCE + ".",
            ],
            details={"envy_per_other_player": envy},
        )
    raise ValueError(f"Ultimate Texas Hold 'Em has no row for the wager {spec.wager!r}")


def table_rows(config):
    """The rows a table with the Rules Submission ``config`` plays: each
    wager it offers, at its paytables (games/lab/__init__.py)."""
    rows = specs()
    found = select(rows, simulate.ANTE_BLIND_PLAY, paytable=config.blind_name)
    if config.trips:
        found += select(rows, TRIPS, paytable=config.trips_name)
    if config.bad_beat:
        found += select(rows, simulate.BAD_BEAT)
    if config.progressive:
        found += select(rows, PROGRESSIVE, paytable=config.progressive_name)
    return found


def paytable_lines(spec):
    """The lines a designer may change in a what-if copy of a simulated row:
    the Blind's, or the Bad Beat's (the strategy stays the lab's, worked out
    for the regulation's Blind paytable)."""
    if spec.wager == simulate.ANTE_BLIND_PLAY:
        table = paytables.blind_paytable(spec.paytable)
    elif spec.wager == simulate.BAD_BEAT:
        table = paytables.bad_beat_paytable(spec.paytable)
    else:
        return []
    return [line(key, paytables.LINE_NAMES[key], payout, None) for key, payout in table.items()]
