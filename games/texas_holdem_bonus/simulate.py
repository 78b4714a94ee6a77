"""The simulated lab rows of Texas Hold 'Em Bonus Poker: the Ante and the
Flop, Turn and River wagers together, one player against the dealer, per
unit of the Ante, under the stated strategy (strategy.py), under it with the
lab's own pre-flop fold set (``preflop_evs``: the 169 starting hands against
random boards and dealer hands), and under the lab's own strategy: Turn and
River decisions learnt per class of hand (``street_classes``,
``learn_streets``) and the fold set they give.

Pure (no Django, no I/O). Each round is a fresh shuffle of the deck (numpy's
seeded generator, a chunk of rounds at a time), nine cards used: the player's
two, the dealer's two, the five board cards (burns are cards nobody sees: they
change no probability). Both seven-card hands are valued a chunk at a time by
``games.cards.seven_card.value_of_seven_batch`` (the values of
``rules.hand_value``); the decisions are strategy.py's on rank indices; the
settlement is ``rules.main_result`` (rule 10) on each distinct pair of
values. tests/test_texas_holdem_bonus_lab.py plays seeded rounds through
``rules.apply`` and checks that both settle alike.

Published for these rules (the Ante on a straight or better): a house edge
of about 2% of the Ante under optimal play ("only slightly over 2%",
casinosite.net; 2.04% with an element of risk of 0.53%, Wizard of Odds).
"""

import numpy as np

from games.cards import poker, seven_card
from games.lab.rows import SIMULATION, RowSpec, RunningStats, paytable_specs, simulated_row
from games.poker import game as g
from games.texas_holdem_bonus import paytables, rules, strategy

GAME = "texas_holdem_bonus"
MAIN = "ante_streets"
STATED = "stated"
LAB_FOLDS = "lab_folds"
LAB_CLASSES = "lab_classes"
CHUNK = 20_000  # rounds shuffled at once
DEFAULT_ROUNDS = 1_000_000
# The lab's fold set: 20,000 deals for each of the 169 starting hands, and 80,000 more
# for those within three standard errors of the fold's -1.
PREFLOP_ROUNDS = 3_380_000
# The lab's Turn and River decisions: the result of each class of hand (street_classes)
# over this many deals of its own; a class seen fewer than MIN_CLASS_DEALS times keeps the
# stated rule.
LEARN_ROUNDS = 4_000_000
MIN_CLASS_DEALS = 100
PUBLISHED_HOUSE_EDGE = 0.0204  # of the Ante, optimal play, straight or better (Wizard of Odds)
PUBLISHED_ELEMENT_OF_RISK = 0.0053

_NET = {g.WIN: 1, g.PUSH: 0, g.LOSE: -1}


def specs():
    return paytable_specs(
        GAME,
        MAIN,
        paytables.ANTE_PAYS_NAMES,
        "Ante, Flop, Turn and River wagers, Ante on a {name}, stated strategy",
        method=SIMULATION,
        variant=STATED,
        default_rounds=DEFAULT_ROUNDS,
    ) + [
        RowSpec(
            game=GAME,
            wager=MAIN,
            paytable=paytables.ANTE_PAYS_NAMES[0],
            decks=1,
            method=SIMULATION,
            title=f"Ante, Flop, Turn and River wagers, Ante on a {paytables.ANTE_PAYS_NAMES[0]}, {strategy_name}",
            variant=variant,
            default_rounds=DEFAULT_ROUNDS,
        )
        for variant, strategy_name in (
            (LAB_FOLDS, "the lab's pre-flop fold set"),
            (LAB_CLASSES, "the lab's own strategy"),
        )
    ]


def fold_table(folds):
    """A (13, 13, 2) boolean array: True where (high, low, suited) folds pre-flop."""
    table = np.zeros((13, 13, 2), dtype=bool)
    for high, low, suited in folds:
        table[high, low, int(suited)] = True
    return table


def deals(rng, total, fixed=None):
    """(n, 9) int arrays of card indices, a chunk at a time: the player's two,
    the dealer's two, the board's five, from a fresh shuffle each round; with
    ``fixed`` (two card indices) the player's two are those, the rest from the 50 left."""
    left = total
    pool = np.array([c for c in range(52) if fixed is None or c not in fixed], dtype=np.int8)
    drawn = 9 if fixed is None else 7
    while left:
        count = min(left, CHUNK)
        cards = rng.permuted(np.tile(pool, (count, 1)), axis=1)[:, :drawn].astype(np.int64)
        if fixed is not None:
            cards = np.hstack([np.tile(np.array(fixed, dtype=np.int64), (count, 1)), cards])
        yield cards
        left -= count


def _pairs_a_hole_card(ranks, board):
    """Per row: a pocket pair, or a hole card whose rank is on ``board`` (ranks' columns)."""
    pocket = ranks[:, 0] == ranks[:, 1]
    on_board = (ranks[:, 0:1] == board).any(axis=1) | (ranks[:, 1:2] == board).any(axis=1)
    return pocket | on_board


def _four_flush_with_a_hole_card(cards):
    """Per row of (n, 5) card indices (the hole cards first): four of one suit, a hole card among them."""
    suits = cards & 3
    found = np.zeros(len(cards), dtype=bool)
    for suit in range(4):
        held = suits[:, :2] == suit
        found |= held.any(axis=1) & ((held.sum(axis=1) + (suits[:, 2:] == suit).sum(axis=1)) >= 4)
    return found


CLASSES = 2 * 4 * 4 * 5 * 5 * 3 * 3 * 3 * 3 * 2


def street_classes(cards, shown):
    """Per row of ``cards`` (n, 9), the class of the hand with ``shown`` board
    cards up (3 on the flop, 4 on the turn), of what a player sees: a pocket
    pair; how many board cards pair each hole card and how many rank above
    it; the board's most repeated rank (none, a pair, trips or more); a flush
    (four or five of a suit with a hole card among them) and a straight (four
    or five ranks of one five-rank window, the ace high or low) made or drawn;
    the higher hole card an ace, a king or queen, or lower; three or more
    board cards of one suit. An int in range(CLASSES)."""
    count = len(cards)
    hole, board = cards[:, :2] >> 2, cards[:, 4 : 4 + shown] >> 2
    high, low = hole.max(axis=1), hole.min(axis=1)
    pocket = (high == low).astype(np.int64)
    pairs_high, pairs_low = (board == high[:, None]).sum(axis=1), (board == low[:, None]).sum(axis=1)
    above_high, above_low = (board > high[:, None]).sum(axis=1), (board > low[:, None]).sum(axis=1)
    repeated = np.minimum((board[:, :, None] == board[:, None, :]).sum(axis=2).max(axis=1), 3) - 1
    seen = np.hstack([cards[:, :2], cards[:, 4 : 4 + shown]])
    suits, flush, board_suit = seen & 3, np.zeros(count, dtype=np.int64), np.zeros(count, dtype=np.int64)
    for suit in range(4):
        held = (suits[:, :2] == suit).any(axis=1)
        flush = np.maximum(flush, np.where(held, (suits == suit).sum(axis=1), 0))
        board_suit = np.maximum(board_suit, (suits[:, 2:] == suit).sum(axis=1))
    present = np.zeros((count, 14), dtype=np.int64)
    np.put_along_axis(present, (seen >> 2) + 1, 1, axis=1)
    present[:, 0] = present[:, 13]  # the ace low too
    run = sum(present[:, start : start + 10] for start in range(5)).max(axis=1)
    made_or_drawn = [np.where(value >= 5, 2, np.where(value == 4, 1, 0)) for value in (flush, run)]
    top = np.where(high == 12, 2, np.where(high >= 10, 1, 0))
    key = pocket
    for value, size in (
        (pairs_high, 4),
        (pairs_low, 4),
        (above_high, 5),
        (above_low, 5),
        (repeated, 3),
        (made_or_drawn[0], 3),
        (made_or_drawn[1], 3),
        (top, 3),
        (board_suit >= 3, 2),
    ):
        key = key * size + value
    return key


def learn_streets(rng, rounds=LEARN_ROUNDS):
    """(Turn, River) boolean tables over the classes: bet where the class's deals
    won more often than they lost (each street wager pays 1 to 1 on the final
    result, whatever the other decisions: its worth is P(win) - P(lose) given
    what the player sees); None where a class was dealt too rarely."""
    sums = {shown: np.zeros(CLASSES) for shown in (3, 4)}
    counts = {shown: np.zeros(CLASSES) for shown in (3, 4)}
    for cards in deals(rng, rounds):
        player = seven_card.value_of_seven_batch(np.hstack([cards[:, :2], cards[:, 4:]]))
        dealer = seven_card.value_of_seven_batch(cards[:, 2:])
        result = np.sign(player - dealer).astype(float)
        for shown in (3, 4):
            classes = street_classes(cards, shown)
            sums[shown] += np.bincount(classes, weights=result, minlength=CLASSES)
            counts[shown] += np.bincount(classes, minlength=CLASSES)
    return tuple(
        np.where(counts[shown] >= MIN_CLASS_DEALS, np.where(sums[shown] > 0, 1, 0), -1) for shown in (3, 4)
    )


def settle(cards, folds, ante_category, streets=None):
    """(net per unit Ante, units wagered, Turn wager made, River wager made) per
    row of ``cards`` (n, 9) under the stated later-street rule and the pre-flop
    ``folds`` table (fold_table); with ``streets`` (learn_streets' tables) the
    Turn and River wagers are the tables', the stated rule where they have none."""
    ranks = cards >> 2
    hole = ranks[:, :2]
    high, low = hole.max(axis=1), hole.min(axis=1)
    suited = (cards[:, 0] & 3) == (cards[:, 1] & 3)
    plays = ~folds[high, low, suited.astype(np.intp)]
    flop = np.hstack([cards[:, :2], cards[:, 4:7]])
    turn = (_pairs_a_hole_card(hole, ranks[:, 4:7]) | _four_flush_with_a_hole_card(flop)).astype(np.int64)
    river = _pairs_a_hole_card(hole, ranks[:, 4:8]).astype(np.int64)  # the River wager, on the turn
    if streets is not None:
        learned = [table[street_classes(cards, shown)] for table, shown in zip(streets, (3, 4), strict=True)]
        turn = np.where(learned[0] >= 0, learned[0], turn)
        river = np.where(learned[1] >= 0, learned[1], river)
    player = seven_card.value_of_seven_batch(np.hstack([cards[:, :2], cards[:, 4:]]))
    dealer = seven_card.value_of_seven_batch(cards[:, 2:])
    wins, ties = player > dealer, player == dealer
    ante = np.where(wins & ((player >> 20) >= ante_category), 1, 0)  # rule 10: the Ante 1 to 1, else a push
    streets = 2 + turn + river
    net = np.where(wins, ante + streets, np.where(ties, 0, -(1 + streets)))
    net = np.where(plays, net, -1)  # rule 5: a fold loses the Ante
    wagered = np.where(plays, 1 + streets, 1)
    return net, wagered, plays & (turn == 1), plays & (river == 1)


def round_net(hole, dealer, board, folds=strategy.STATED_FOLDS, ante_category=poker.STRAIGHT):
    """One round's (net per unit Ante, units wagered) by the game's own pure
    code (rules.main_result on rules.hand_value), for the tests to hold
    ``settle`` to: Cards or their texts."""
    if not strategy.makes_flop_wager(hole, folds):
        return -1, 1
    turn = strategy.makes_street_wager(hole, board[:3])
    river = strategy.makes_street_wager(hole, board[:4])
    ante, streets = rules.main_result(
        rules.hand_value([*hole, *board]), rules.hand_value([*dealer, *board]), ante_category
    )
    wager = 2 + turn + river
    return _NET[ante] + wager * _NET[streets], 1 + wager


def play(chunks, folds, ante_category, stats, total=0, progress=None, streets=None):
    """Settle every chunk into ``stats``; returns the units wagered and the counts
    of (folds, Turn wagers, River wagers)."""
    wagered = folded = turns = rivers = 0
    for cards in chunks:
        net, units, turn, river = settle(cards, folds, ante_category, streets)
        stats.add_array(net)
        wagered += int(units.sum())
        folded += int((units == 1).sum())
        turns += int(turn.sum())
        rivers += int(river.sum())
        if progress is not None:
            progress(stats.n, total, stats.trace)
    return wagered, folded, turns, rivers


def preflop_evs(rounds=PREFLOP_ROUNDS, seed=0, ante_category=poker.STRAIGHT, streets=None):
    """{(high, low, suited): (EV of the Flop wager, its standard error)} per unit
    Ante, for each of the 169 starting hands (one suit pattern each: suits are
    alike before the flop), under the stated later-street rule (or ``streets``,
    learn_streets' tables); folding is -1."""
    rng = np.random.default_rng(seed)
    each = max(rounds // len(strategy.STARTING_HANDS), 2)
    never = fold_table(())
    nets = {}

    def deal(hand, count):
        high, low, suited = hand
        fixed = (high * 4, low * 4 + (0 if suited else 1))
        found = [settle(cards, never, ante_category, streets)[0] for cards in deals(rng, count, fixed)]
        nets[hand] = np.concatenate([nets.get(hand, np.zeros(0, dtype=np.int64)), *found])

    for hand in strategy.STARTING_HANDS:
        deal(hand, each)
    # The hands within three standard errors of a fold's -1 get four times as many deals again.
    for hand in list(nets):
        ev, error = _mean_error(nets[hand])
        if abs(ev + 1) < 3 * error:
            deal(hand, 4 * each)
    return {hand: _mean_error(found) for hand, found in nets.items()}


def _mean_error(nets):
    return float(nets.mean()), float(nets.std(ddof=1) / np.sqrt(len(nets)))


def lab_folds(evs):
    """The starting hands whose Flop wager returns less than a fold's -1."""
    return frozenset(hand for hand, (ev, _) in evs.items() if ev < -1)


def hand_text(hand):
    high, low, suited = hand
    ranks = "23456789TJQKA"
    return f"{ranks[high]}{ranks[low]}{'s' if suited else ('' if high == low else 'o')}".replace("T", "10")


def run(spec, *, payouts=None, rounds=None, seed=0, progress=None):
    if spec.wager != MAIN:
        raise ValueError(f"Texas Hold 'Em Bonus simulates no wager {spec.wager!r}")
    ante_category = paytables.ANTE_PAYS_ON[spec.paytable]
    total = rounds or spec.default_rounds
    rng = np.random.default_rng(seed)
    details = {}
    streets = None
    if spec.variant == LAB_CLASSES:
        # Its Turn and River tables from deals of their own (LEARN_ROUNDS, fewer for a short
        # run), then the fold set under them, then the row's rounds.
        streets = learn_streets(np.random.default_rng(seed + 2), min(LEARN_ROUNDS, max(4 * total, 100_000)))
        evs = preflop_evs(
            min(PREFLOP_ROUNDS, max(4 * total, 169 * 200)),
            seed=seed + 1,
            ante_category=ante_category,
            streets=streets,
        )
        folds = lab_folds(evs)
        fold_words = ", ".join(hand_text(hand) for hand in sorted(folds)) or "none"
        strategy_text = (
            "the lab's own: the Turn and the River wagers where its own deals (a seed of their own) of the "
            "hand's class won more often than they lost (each street wager is worth P(win) - P(lose) given "
            "what the player sees; the classes: a pocket pair, how many board cards pair and rank above each "
            "hole card, the board's most repeated rank, a flush or straight made or drawn with four, the top "
            "hole card ace / king or queen / lower, three of a suit on the board), the stated rule for a "
            f"class dealt fewer than {MIN_CLASS_DEALS} times; the Flop wager with every hand but the "
            f"fold set these decisions give ({fold_words})"
        )
        details["lab_folds"] = sorted(hand_text(hand) for hand in folds)
        details["bets_by_class"] = {
            "turn": int((streets[0] == 1).sum()),
            "river": int((streets[1] == 1).sum()),
        }
    elif spec.variant == LAB_FOLDS:
        # The lab's fold set first, from its own deals (PREFLOP_ROUNDS, fewer for a
        # short run: four times its rounds, at least 200 a starting hand), then the
        # row's rounds with it.
        evs = preflop_evs(
            min(PREFLOP_ROUNDS, max(4 * total, 169 * 200)), seed=seed + 1, ante_category=ante_category
        )
        folds = lab_folds(evs)
        fold_words = ", ".join(hand_text(hand) for hand in sorted(folds)) or "none"
        strategy_text = (
            f"the Flop wager with every hand but the lab's fold set ({fold_words}: the hands whose Flop "
            "wager returned less than a fold's -1 in the lab's own deals of each of the 169 starting hands "
            "under the Turn/River rule below); the Turn wager with a pair using a hole card or a four-flush "
            "with one, the River wager with a pair using a hole card; else check"
        )
        details["lab_folds"] = sorted(hand_text(hand) for hand in folds)
    else:
        folds = strategy.STATED_FOLDS
        strategy_text = strategy.STRATEGY_NAME
    stats = RunningStats(total)
    wagered, folded, turns, rivers = play(
        deals(rng, total), fold_table(folds), ante_category, stats, total, progress, streets
    )
    edge = -stats.mean
    average = wagered / stats.n
    return simulated_row(
        spec,
        stats,
        assumptions=[
            "One 52-card deck, a fresh shuffle each round; the player's two cards, the dealer's two, the five "
            "board cards (the burns change no probability); one player against the dealer.",
            f"Strategy: {strategy_text}.",
            f"Per unit of the Ante; the Ante pays 1 to 1 on a win with a {spec.paytable}, else a win "
            "pushes it (rule 10); the Flop, Turn and River wagers 1 to 1 on any win; no dealer "
            "qualification (rule 9); a tie pushes all. The Bonus and the progressive are their own rows.",
            f"Published for the straight-or-better rules: about {PUBLISHED_HOUSE_EDGE:.2%} of the Ante "
            f"(element of risk {PUBLISHED_ELEMENT_OF_RISK:.2%}) under optimal play, a strategy finer than "
            "this one on the flop and the turn (Wizard of Odds).",
        ],
        details={
            **details,
            "average_wagered": average,
            "element_of_risk": edge / average,
            "fold_frequency": folded / stats.n,
            "turn_wager_frequency": turns / stats.n,
            "river_wager_frequency": rivers / stats.n,
            "published_house_edge": PUBLISHED_HOUSE_EDGE,
            "published_element_of_risk": PUBLISHED_ELEMENT_OF_RISK,
        },
    )
