"""The lab's simulated rows of Ultimate Texas Hold 'Em: the Ante, Blind and
Play under the lab's strategy (strategy.py: the pre-flop raises it computes
itself, the flop and river rules it states), one row per Blind paytable, and
the Bad Beat wager under the same strategy (a fold loses it), seeded, with the
99% band. Each round is rule 10's arithmetic on games/cards/seven_card.py's
numpy batch (``strategy.main_nets``, the same table as ``rules.main_net``,
which the settler reads; a test holds them equal).

Pure (numpy; no Django, no I/O). One player against the dealer, a fresh
52-card deck every round (rule 1).

Published for the same rules (Blind A): house edge 2.185% of the Ante under
optimal play (Wizard of Odds, "Ultimate Texas Hold 'Em"; issue 16: "about
2.19%").
"""

from games.lab.rows import SIMULATION, RunningStats, line, paytable_specs, simulated_row, what_if
from games.lab.simulation import chunks
from games.ultimate_texas_holdem import paytables, strategy

GAME = "ultimate_texas_holdem"
ANTE_BLIND_PLAY = "ante_blind_play"
BAD_BEAT = "bad_beat"
DEFAULT_ROUNDS = 1_000_000
CHUNK = 50_000
PUBLISHED_EDGE_OF_ANTE = 0.02185  # "about 2.19%" (issue 16), optimal play, Blind A
VARIANT = "lab_strategy"


def specs():
    main = paytable_specs(
        GAME,
        ANTE_BLIND_PLAY,
        paytables.BLIND_NAMES,
        "Ante, Blind and Play, Blind paytable {name}, the lab's strategy",
        method=SIMULATION,
        variant=VARIANT,
        default_rounds=DEFAULT_ROUNDS,
    )
    bad_beat = paytable_specs(
        GAME,
        BAD_BEAT,
        paytables.BAD_BEAT_NAMES,
        "Bad Beat, Paytable {name}, under the lab's strategy",
        method=SIMULATION,
        variant=VARIANT,
        default_rounds=DEFAULT_ROUNDS,
    )
    return main + bad_beat


def run(spec, *, payouts=None, rounds=None, seed=0, progress=None, preflop_deals=strategy.PREFLOP_DEALS):
    """The EdgeRow of ``spec`` from ``rounds`` seeded deals."""
    import numpy as np

    if spec.wager not in (ANTE_BLIND_PLAY, BAD_BEAT):
        raise ValueError(
            f"{spec.key}: Ultimate Texas Hold 'Em simulates the Ante, Blind and Play and the Bad Beat"
        )
    total = rounds or spec.default_rounds
    blind_name = spec.paytable if spec.wager == ANTE_BLIND_PLAY else paytables.BLIND_NAMES[0]
    blind = paytables.blind_paytable(blind_name)
    if spec.wager == ANTE_BLIND_PLAY:
        blind = what_if(blind, payouts)
    blind_wins = strategy.wins_by_line(blind)
    bad_beat = paytables.bad_beat_paytable(spec.paytable if spec.wager == BAD_BEAT else "C")
    if spec.wager == BAD_BEAT:
        bad_beat = what_if(bad_beat, payouts)
    bad_beat_wins = strategy.wins_by_line(bad_beat)
    raises, _ = strategy.preflop_raises(blind_name, preflop_deals)
    rng = np.random.default_rng(seed)
    stats = RunningStats(total)
    multiples = np.zeros(5, dtype=np.int64)
    blind_lines = np.zeros(len(strategy.LINES) + 1, dtype=np.int64)
    beats = np.zeros(len(strategy.LINES) + 1, dtype=np.int64)
    for size in chunks(total, progress, CHUNK, stats):
        decks = strategy.shuffled_decks(rng, size)
        nets, made, mine, dealer = strategy.play(decks, raises, blind_wins)
        np.add.at(multiples, made, 1)
        won = (made > 0) & (mine > dealer)
        blind_lines += np.bincount(strategy.line_index(mine[won]), minlength=len(blind_lines))
        lost = (made > 0) & (dealer > mine)
        lines = np.where(lost, strategy.line_index(mine), strategy.NO_LINE)
        beats += np.bincount(lines, minlength=len(beats))
        if spec.wager == BAD_BEAT:
            nets = np.where(lines < strategy.NO_LINE, bad_beat_wins[lines], -1.0)
            nets[bad_beat_wins[lines] == 0] = -1.0
        stats.add_array(nets)
    if spec.wager == BAD_BEAT:
        return _bad_beat_row(spec, stats, bad_beat, beats, total, raises)
    return _main_row(spec, stats, blind, blind_lines, multiples, total, raises)


def _rules_lines(table, counts, total):
    return [
        line(key, paytables.LINE_NAMES[key], table[key], int(counts[strategy.LINES.index(key)]) / total)
        for key in table
    ]


def _main_row(spec, stats, blind, blind_lines, multiples, total, raises):
    wagered = 2 * total + int((multiples * [0, 1, 2, 3, 4]).sum())
    edge_of_total = -stats.mean * total / wagered
    assumptions = [
        "One player against the dealer, a fresh 52-card deck every round (rule 1); the dealer qualifies with "
        "a pair (rule 9); Ante, Play and Blind by rule 10's table.",
        f"Strategy, the lab's own (games/ultimate_texas_holdem/strategy.py): {strategy.STRATEGY}. "
        f"Raised 4× pre-flop: {strategy.describe_raises(raises)}.",
        "Per unit of the Ante (the Blind is a second unit, the Play 1 to 4 more); RTP = 1 + the mean net per "
        f"Ante unit. The element of risk (house edge of the average total wagered) is {edge_of_total:.3%}. "
        f"Published for the same rules under optimal play: {PUBLISHED_EDGE_OF_ANTE:.3%} of the Ante.",
        "Line probabilities: the Blind's lines on a winning hand (it pushes below them, and loses with the hand).",
        paytables.BLIND_SOURCE + ".",
    ]
    lines = [
        line("fold", "Fold on the river", "Ante and Blind lost", int(multiples[0]) / total),
        line("play_4", "Play 4× pre-flop", "rule 10", int(multiples[4]) / total),
        line("play_2", "Play 2× on the flop", "rule 10", int(multiples[2]) / total),
        line("play_1", "Play 1× on the river", "rule 10", int(multiples[1]) / total),
        *_rules_lines(blind, blind_lines, total),
    ]
    details = {
        "element_of_risk": edge_of_total,
        "average_wager": wagered / total,
        "preflop_raises": strategy.describe_raises(raises),
        "published_edge_of_ante": PUBLISHED_EDGE_OF_ANTE,
    }
    return simulated_row(spec, stats, lines=lines, assumptions=assumptions, details=details)


def _bad_beat_row(spec, stats, table, beats, total, raises):
    assumptions = [
        "One player against the dealer, a fresh 52-card deck every round (rule 1); the Bad Beat pays when the "
        "player's hand, three of a kind or better, loses to the dealer's (rule 13); a fold loses it (no showdown).",
        f"Strategy, the lab's own: {strategy.STRATEGY}.",
        "Simulated: the wager needs the dealer's hand against the player's, 133,784,560 × 990 deals of the "
        "nine cards, out of reach exactly here.",
        paytables.BAD_BEAT_SOURCE + ".",
    ]
    lines = _rules_lines(table, beats, total)
    return simulated_row(spec, stats, lines=lines, assumptions=assumptions)
