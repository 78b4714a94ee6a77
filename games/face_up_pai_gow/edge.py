"""The paytable lab's rows of Face Up Pai Gow Poker (games/lab/__init__.py):

- the Ace High Bonus wager at each odds a Rules Submission may choose, exact:
  the probability that the dealer's seven cards are an Ace High Pai Gow
  (docs/rules/face_up_pai_gow.md rule 6), by enumeration of rank sets checked by the
  game's own ``rules.is_ace_high_indices``, times the suitings that make no
  flush, counted by the same check (``ace_high_probability``; a few
  milliseconds);
- the main wager under the house way and under the best setting against the
  dealer's visible hands, simulated (games/face_up_pai_gow/simulate.py);
- the $1 progressive payout wager (Pai Gow Poker's table on the same seven
  cards, docs/rules/face_up_pai_gow.md, Paytables): exact over all C(53, 7) hands by the
  pai gow family's shared count (games/pai_gow/seven_card_exact.py, about
  1.5 s of CPU once a process), the fixed part and the meter's shares apart;
- the Fortune bonus (Pai Gow Poker's table): exact over the same hands, every
  line down to a straight (``seven_card_exact.all_line_counts``, about 3 s of
  CPU once a process);
- the Must-Hit-By Mystery bonus rows, added by the lab (``MYSTERY``).

Pure Python (no Django, no I/O).
"""

from fractions import Fraction
from functools import cache
from itertools import combinations, product
from math import comb

from games.cards.poker import ACE, JOKER_INDEX
from games.face_up_pai_gow import paytables, rules, simulate
from games.lab.rows import EXACT, SIMULATION, RowSpec, line, paytable_row, select, what_if
from games.pai_gow import paytables as pai_gow_paytables
from games.pai_gow import seven_card_exact
from games.pai_gow import simulate as pai_gow_simulate

GAME = simulate.GAME
MYSTERY = True  # § 688c.1: the Must-Hit-By Mystery bonus is offered with the progressive payout wager
ACE_HIGH_LINE = "ace_high_pai_gow"
ACE_HIGH_NAMES = {ACE_HIGH_LINE: "Dealer's Ace High Pai Gow"}
OTHER_RANKS = tuple(range(ACE))  # 2 to king, as rank indices


def specs():
    rows = [
        RowSpec(
            game=GAME,
            wager=rules.ACE_HIGH_BONUS,
            paytable=f"{odds} to 1",
            decks=None,
            method=EXACT,
            title=f"Ace High Bonus wager, {odds} to 1 (no published odds: a Rules Submission choice)",
        )
        for odds in paytables.ACE_HIGH_BONUS_ODDS
    ]
    rows += simulate.specs()
    rows.append(
        RowSpec(
            game=GAME,
            wager=rules.FORTUNE,
            paytable=None,  # one common-practice table, not the regulation's
            decks=None,
            method=EXACT,
            title="Fortune bonus, common-practice paytable (not PA text)",
        )
    )
    rows.append(
        RowSpec(
            game=GAME,
            wager=rules.PROGRESSIVE,
            paytable=None,
            decks=None,
            method=EXACT,
            title="Progressive payout wager, $1, project-default paytable (not PA text)",
            meter=pai_gow_simulate.PROGRESSIVE_METER,  # the meter shared with Pai Gow Poker
        )
    )
    return rows


def compute(spec, *, payouts=None, rounds=None, seed=0, progress=None):
    if spec.method == SIMULATION and spec.wager == rules.MAIN:
        return simulate.run(spec, payouts=payouts, rounds=rounds, seed=seed, progress=progress)
    if spec.wager == rules.FORTUNE:
        return _seven_card_row(spec, paytables.FORTUNE, payouts, meter=False)
    if spec.wager == rules.ACE_HIGH_BONUS:
        odds = int(spec.paytable.split()[0])
        paytable = what_if({ACE_HIGH_LINE: paytables.ACE_HIGH_BONUS_ODDS[odds]}, payouts)
        probability, naturals, with_joker = ace_high_probability()
        return paytable_row(
            spec,
            {ACE_HIGH_LINE: probability},
            paytable,
            ACE_HIGH_NAMES,
            assumptions=[
                "Wins when the dealer's seven cards are an Ace High Pai Gow: no pair (the joker and an ace "
                "are a pair of aces), no straight or flush (the joker may complete either), the highest card "
                "an ace or the joker (docs/rules/face_up_pai_gow.md rules 6-7).",
                f"Exact over the C(53, 7) = {comb(53, 7):,} seven-card hands: {naturals:,} without the joker "
                f"and {with_joker:,} with it ({float(probability):.6f}); the 'to 1' odds return the stake.",
                f"Odds: {paytables.ACE_HIGH_BONUS_SOURCE}.",
            ],
        )
    if spec.wager == rules.PROGRESSIVE:
        return _seven_card_row(spec, paytables.PROGRESSIVE, payouts, meter=True)
    raise ValueError(f"Face Up Pai Gow has no row for the wager {spec.wager!r}")


def _seven_card_row(spec, table, payouts, meter):
    """The Fortune or progressive row, exact: each line's share of the C(53, 7) hands."""
    paytable = what_if(table, payouts, meter=meter)
    counts = seven_card_exact.all_line_counts()
    probabilities = {
        key: Fraction(count, seven_card_exact.HANDS) for key, count in counts.items() if key in paytable
    }
    source = pai_gow_paytables.PROGRESSIVE_SOURCE if meter else pai_gow_paytables.FORTUNE_SOURCE
    assumptions = [
        f"Every seven cards of the 53-card deck, C(53, 7) = {comb(53, 7):,} hands, counted exactly by the "
        "pai gow games' shared count (games/pai_gow/seven_card_exact.py: rank multisets and their "
        "suitings, the hands that may hold a straight flush named one by one by the table's own "
        "seven-card classifier); only the highest line pays, whatever the setting or an Ace High push "
        "(docs/rules/face_up_pai_gow.md rules 7, 10, 12).",
        f"Paytable: {source}, Pai Gow Poker's (docs/rules/face_up_pai_gow.md, Paytables; docs/rules/README.md).",
    ]
    if meter:
        assumptions.append(
            "A fixed $1 wager; the fixed lines are 'for 1'; below a full house it loses. The % of the meter "
            "lines are the meter's: their fixed part is the lost wager."
        )
    else:
        assumptions.append("All 'to 1', the stake returned on a win; below a straight it loses. No Envy.")
    return paytable_row(
        spec, probabilities, paytable, pai_gow_paytables.SEVEN_CARD_LINE_NAMES, assumptions=assumptions
    )


def paytable_lines(spec):
    """The lines a designer may change in a what-if copy."""
    if spec.wager == rules.ACE_HIGH_BONUS:
        odds = paytables.ACE_HIGH_BONUS_ODDS[int(spec.paytable.split()[0])]
        return [line(ACE_HIGH_LINE, ACE_HIGH_NAMES[ACE_HIGH_LINE], odds, 0)]
    if spec.wager == rules.MAIN:
        return []
    return pai_gow_simulate.paytable_lines(spec)


def _hand(ranks, suits):
    return [rank * 4 + suit for rank, suit in zip(ranks, suits, strict=True)]


@cache
def ace_high_probability():
    """(P(Ace High Pai Gow), hands without the joker, hands with it) of seven
    cards from the 53-card deck, by the game's own check: every set of seven
    distinct ranks with an ace (six and the joker, no ace: the joker is the
    ace), dealt in a suiting that can make no flush, is checked for a
    straight; each passing set counts the suitings that make no flush, which
    the same check counts on the first set."""
    spread = (0, 1, 2, 3, 0, 1, 2)  # at most two cards a suit: no flush possible
    counts = []
    for joker in (False, True):
        size = 6 if joker else 7
        sets = [ranks for ranks in combinations(OTHER_RANKS, 6)]
        if not joker:
            sets = [(*ranks, ACE) for ranks in sets]
        passing = [
            ranks
            for ranks in sets
            if rules.is_ace_high_indices(_hand(ranks, spread[:size]) + ([JOKER_INDEX] if joker else []))
        ]
        sample = passing[0]
        suitings = sum(
            rules.is_ace_high_indices(_hand(sample, suits) + ([JOKER_INDEX] if joker else []))
            for suits in product(range(4), repeat=size)
        )
        counts.append(len(passing) * suitings)
    naturals, with_joker = counts
    return Fraction(naturals + with_joker, comb(53, 7)), naturals, with_joker


def table_rows(config):
    """The rows a table with the Rules Submission ``config`` plays: each
    wager it offers, at its paytables (games/lab/__init__.py)."""
    rows = specs()
    found = select(rows, rules.MAIN)
    if config.fortune:
        found += select(rows, rules.FORTUNE)
    if config.ace_high_bonus:
        found += select(rows, rules.ACE_HIGH_BONUS, paytable=f"{config.ace_high_bonus} to 1")
    if config.progressive:
        found += select(rows, rules.PROGRESSIVE)
    return found
