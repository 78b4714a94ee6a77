"""The paytable lab's rows of Player's Edge 21 (seed § 635c.2): the exact rows
of the Match-Up and Match-Down wagers (§ 635c.2(g)(4)) and of the Monster
Match progressive (§ 635c.2(h)).

Pure Python (no Django, no I/O; games/lab/__init__.py). The three wagers read
four cards at most: the player's first two, the dealer's upcard and hole
card, from a shoe of 48-card decks (§ 635c.2(c)). The classifiers of
games/blackjack/side_wagers.py tell ranks apart only by their equality, so
one representative deal per way the four cards share ranks and per suit of
each card is classified (``games.lab.rows.deals(..., ranks_alike=True)``);
the deck count only weighs the deals, once per count, cached, and each
paytable is a dot product with its lines.
"""

from games.blackjack import side_wagers
from games.cards.cards import spanish_deck
from games.lab.rows import (
    EXACT,
    SIMULATION,
    RowSpec,
    paytable_row,
    select,
    shoe_lines,
    what_if,
)
from games.players_edge21 import paytables, rules, simulate

GAME = "players_edge21"

MATCH_UP = "match_up"  # § 635c.2(d)(2)(i)
MATCH_DOWN = "match_down"  # § 635c.2(d)(2)(ii)
MONSTER_MATCH = "monster_match"  # § 635c.2(d)(2)(iii)
MONSTER_MATCH_METER_KIND = "monster_match"  # casino/progressives
MONSTER_MATCH_WAGER_DOLLARS = 1
DECK = spanish_deck()
DEAL = 4  # the player's first two cards, the dealer's upcard, the dealer's hole card
WAGER_NAMES = {MATCH_UP: "Match-Up", MATCH_DOWN: "Match-Down", MONSTER_MATCH: "Monster Match progressive"}


def specs():
    rows = [
        _spec(wager, paytable, decks)
        for wager in (MATCH_UP, MATCH_DOWN)
        for decks, tables in paytables.MATCH_UP_MATCH_DOWN.items()
        for paytable in tables
    ]
    rows += [
        _spec(
            MONSTER_MATCH,
            paytable,
            decks,
            meter=(MONSTER_MATCH_METER_KIND, paytable, MONSTER_MATCH_WAGER_DOLLARS),
        )
        for decks in paytables.DECKS
        for paytable in paytables.MONSTER_MATCH
    ]
    return rows + simulate.specs()


def _spec(wager, paytable, decks, meter=None):
    return RowSpec(
        game=GAME,
        wager=wager,
        paytable=paytable,
        decks=decks,
        method=EXACT,
        title=f"{WAGER_NAMES[wager]}, paytable {paytable}, {decks} decks",
        meter=meter,
    )


def compute(spec, *, payouts=None, rounds=None, seed=0, progress=None):
    if spec.method == SIMULATION:
        return simulate.run(spec, payouts=payouts, rounds=rounds, seed=seed, progress=progress)
    if spec.wager in (MATCH_UP, MATCH_DOWN):
        paytable = what_if(paytables.match_paytable(spec.decks, spec.paytable), payouts)
        names, assumptions = paytables.MATCH_NAMES, MATCH_ASSUMPTIONS[spec.wager]
    elif spec.wager == MONSTER_MATCH:
        if spec.decks not in paytables.DECKS:
            raise ValueError(f"Player's Edge 21 is played with 5, 6 or 8 decks, not {spec.decks!r}")
        paytable = what_if(paytables.monster_match_paytable(spec.paytable), payouts, meter=True)
        names, assumptions = paytables.MONSTER_MATCH_NAMES, MONSTER_MATCH_ASSUMPTIONS
    else:
        raise ValueError(f"Player's Edge 21 has no exact row for the wager {spec.wager!r}")
    return paytable_row(
        spec,
        line_probabilities(spec.wager, spec.decks),
        paytable,
        names,
        assumptions=deal_assumptions(spec.decks) + assumptions,
    )


_MATCH_COMMON = [
    "Only a hand's highest line pays; stake returned on every line ('to 1').",
]
MATCH_ASSUMPTIONS = {
    MATCH_UP: [
        "The player's first two cards against the dealer's upcard (§ 635c.2(d)(2)(i)), paid under (g)(4).",
        *_MATCH_COMMON,
    ],
    MATCH_DOWN: [
        "The player's first two cards against the dealer's hole card (§ 635c.2(d)(2)(ii)), paid under "
        "(g)(4); settled even when the dealer has a blackjack (§ 635c.2(e)(1)(ii)).",
        *_MATCH_COMMON,
    ],
}
MONSTER_MATCH_ASSUMPTIONS = [
    "The player's first two cards with the dealer's first two (§ 635c.2(d)(2)(iii)(B)); only the highest "
    "event pays.",
    "A suited pair is any two identical cards of the four: the player's, the dealer's, or one of each "
    "(docs/rules/players_edge21.md Defaults, literal reading).",
    "'For 1' lines: the payout includes the stake (§ 635c.2(h)).",
    "The % of progressive lines are paid by the meter (the amount only, not the stake): their fixed part "
    "is the lost wager.",
    "The hit frequency counts the meter lines as wins; the standard deviation is the fixed part's.",
]


def deal_assumptions(decks):
    return [
        f"{decks} decks of 48 cards (the 10s removed, § 635c.2(c)); the four cards are dealt from a full "
        "shoe (cards dealt to other spots, unseen, change nothing on average).",
    ]


def _match_up_line(cards):
    return side_wagers.match_up(cards[:2], cards[2])


def _match_down_line(cards):
    return side_wagers.match_down(cards[:2], cards[3])


def _monster_match_line(cards):
    return side_wagers.monster_match_event(cards[:2], cards[2:])


CLASSIFIERS = {MATCH_UP: _match_up_line, MATCH_DOWN: _match_down_line, MONSTER_MATCH: _monster_match_line}


def line_probabilities(wager, decks):
    """{line: probability} of one wager with ``decks`` decks (a fresh dict)."""
    return shoe_lines(DECK, DEAL, CLASSIFIERS[wager], decks, ranks_alike=True)


def paytable_lines(spec):
    """The lines a designer may change for a simulated row (games/lab)."""
    return simulate.paytable_lines(spec)


def table_rows(config):
    """The rows a table with the Rules Submission ``config`` plays: each
    wager it offers, at its paytables (games/lab/__init__.py)."""
    rows = specs()
    found = select(rows, simulate.MAIN, decks=config.decks)
    match = rules.LETTERS[config.match_paytable - 1]
    if config.match_up:
        found += select(rows, MATCH_UP, paytable=match, decks=config.decks)
    if config.match_down:
        found += select(rows, MATCH_DOWN, paytable=match, decks=config.decks)
    if config.monster_match:
        monster = rules.LETTERS[config.monster_paytable - 1]
        found += select(rows, MONSTER_MATCH, paytable=monster, decks=config.decks)
    return found
