"""The paytable lab's rows of Down Under Blackjack: the exact rows of the
§ 685c.1(i) Match the Dealer progressive (paytables 1-10 at 6 and 8 decks)
and of the fixed-odds Match the Dealer (common practice), and the simulated
main wager (games/down_under_blackjack/simulate.py).

Pure Python (no Django, no I/O; games/lab/__init__.py). Both side wagers
read the player's first two cards against the dealer's upcard: three cards
from a shoe of 52-card decks, classified once by the table's own
classifiers (games/blackjack/side_wagers.py): every deal for the
progressive, whose (a)(1) line singles out the ace of spades, one per way
the cards share ranks for the fixed wager. The deck count only weighs the
deals (``games.lab.rows.deal_probability``), so each deck count is one pass
over the classified deals, cached, and each paytable a dot product.
"""

from games.blackjack import side_wagers
from games.blackjack import simulate as blackjack_simulate
from games.cards.cards import standard_deck
from games.down_under_blackjack import paytables, rules, simulate
from games.lab.rows import EXACT, SIMULATION, RowSpec, paytable_row, shoe_lines, what_if

GAME = simulate.GAME

PROGRESSIVE = "match_the_dealer"  # § 685c.1
FIXED = "match_the_dealer_fixed"  # docs/rules/down_under_blackjack.md table, common practice
METER = (rules.METER_KIND, "", 1)  # casino/progressives: kind, label, $ wager
DECK = standard_deck()
DEAL = 3  # the player's first two cards, then the dealer's upcard


def specs():
    rows = [
        RowSpec(
            game=GAME,
            wager=PROGRESSIVE,
            paytable=str(paytable),
            decks=decks,
            method=EXACT,
            title=f"Match the Dealer progressive, paytable {paytable}, {decks} decks",
            meter=METER,
        )
        for decks, tables in paytables.MATCH_THE_DEALER_PROGRESSIVE.items()
        for paytable in tables
    ]
    rows += [
        RowSpec(
            game=GAME,
            wager=FIXED,
            paytable=None,
            decks=decks,
            method=EXACT,
            title=f"Match the Dealer (fixed odds), {decks} decks",
        )
        for decks in paytables.MATCH_THE_DEALER
    ]
    return rows + simulate.specs()


def compute(spec, *, payouts=None, rounds=None, seed=0, progress=None):
    if spec.method == SIMULATION:
        return simulate.run(spec, payouts=payouts, rounds=rounds, seed=seed, progress=progress)
    if spec.wager == PROGRESSIVE:
        regulation = paytables.match_the_dealer_progressive(spec.decks, int(spec.paytable))
        return paytable_row(
            spec,
            line_probabilities(PROGRESSIVE, spec.decks),
            what_if(regulation, payouts, meter=True),
            paytables.MATCH_THE_DEALER_PROGRESSIVE_NAMES,
            assumptions=deal_assumptions(spec.decks) + PROGRESSIVE_ASSUMPTIONS,
        )
    if spec.wager == FIXED:
        if spec.decks not in paytables.MATCH_THE_DEALER:
            raise ValueError(f"the fixed Match the Dealer paytable is for 6 or 8 decks, not {spec.decks!r}")
        return paytable_row(
            spec,
            line_probabilities(FIXED, spec.decks),
            what_if(paytables.MATCH_THE_DEALER[spec.decks], payouts),
            paytables.MATCH_THE_DEALER_NAMES,
            assumptions=deal_assumptions(spec.decks) + FIXED_ASSUMPTIONS,
        )
    raise ValueError(f"Down Under Blackjack has no exact row for the wager {spec.wager!r}")


PROGRESSIVE_ASSUMPTIONS = [
    "§ 685c.1(a) combinations, odds in § 685c.1(i) (not Spanish 21's § 635c.1(i)); only a hand's "
    "highest combination pays.",
    "Settled right after the deal, before the reader is used (§ 685c.1(g)): the reader and the golden "
    "rule change nothing.",
    "Stake returned on the 'to 1' lines.",
    "The 100% and 10% lines are paid by the game's own meter (the amount only, not the stake): "
    "their fixed part is the lost wager.",
    "The hit frequency counts the meter lines as wins; the standard deviation is the fixed part's.",
]
FIXED_ASSUMPTIONS = [
    "Common-practice paytable (docs/rules/down_under_blackjack.md: WoO's 52-card per-card rates), not PA text; "
    "two suited aces of spades are two suited matches.",
    "Stake returned on every line ('to 1').",
]


def deal_assumptions(decks):
    return [
        f"{decks} decks of 52 cards; the player's two cards and the dealer's upcard are dealt from a full "
        "shoe (cards dealt to other spots, unseen, change nothing on average).",
    ]


def _progressive_line(cards):
    return side_wagers.match_the_dealer_combination(cards[:2], cards[2])


def _fixed_line(cards):
    return side_wagers.match_the_dealer_fixed(cards[:2], cards[2])


CLASSIFIERS = {PROGRESSIVE: _progressive_line, FIXED: _fixed_line}


def line_probabilities(wager, decks):
    """{line: probability} of one wager with ``decks`` decks (a fresh dict)."""
    return shoe_lines(DECK, DEAL, CLASSIFIERS[wager], decks, ranks_alike=wager == FIXED)


def paytable_lines(spec):
    """The lines a designer may change for a simulated row (games/lab)."""
    return simulate.paytable_lines(spec)


def table_rows(config):
    """The rows a table with the Rules Submission ``config`` plays: each
    wager it offers, at its paytables (games/lab/__init__.py)."""
    return blackjack_simulate.match_the_dealer_table_rows(specs(), config, FIXED, PROGRESSIVE)
