"""Simulated lab rows of Face Up Pai Gow Poker: the main wager with the player
setting by the house way, and with the player's best setting against the
dealer's visible hands (docs/rules/face_up_pai_gow.md rules 5-9), one player against the
dealer on the same seeded deals, so the second row shows its gain.

Pure (no Django, no I/O). Every round is the game's own code on card
indices: the dealer's seven cards are set by ``house_way_indices``
(docs/rules/pai_gow.md § 5), checked for an Ace High Pai Gow by
``rules.is_ace_high_indices`` (rule 6: a push of the wager, rule 7), and the
player's hands are compared by ``compare_values`` (rule 9: a copy goes to
the dealer, 1 to 1 with no commission). The best setting is
``solver.best_indices``'s: all 21 settings not fouled, scored exactly
against the dealer's set hands; the table's hint is the same function.

Tabled for speed: when no suit holds five cards (four with the joker)
nothing can make a flush, and then every figure a round needs — the house
way's two hand values, whether it is an Ace High Pai Gow, and the legal
settings' (high, low) values that are not beaten on both hands by another
legal setting (the frontier) — depends on the ranks and the joker only, so it
is worked out once per rank multiset (``_TABLE``, a few tens of thousands of
keys) and
looked up afterwards. Hands that could make a flush (about 1 in 24) are
worked out card by card. ``tally`` plays blocks of deals in numpy
(``_Columns``): the deals themselves come one by one from ``deal``, so a
seed gives the cards it always gave, and the new rank multisets of a block
get their frontiers together (``_frontiers``), which is most of what a cold
run (its table empty) used to pay. tests/test_face_up_pai_gow_rules.py
checks the tally against the direct path (the rules' house way and the
solver) on seeded deals, and a seeded run's totals against the per-deal
tally it replaced.
"""

import random

from games.cards.poker import TWO_CARD, eval5_indices
from games.face_up_pai_gow import paytables, rules
from games.face_up_pai_gow.solver import best_indices
from games.lab.rows import SIMULATION, RowSpec, RunningStats, line, simulated_row
from games.lab.simulation import chunks
from games.pai_gow.house_way import (
    LOSE,
    PUSH,
    SPLITS,
    WIN,
    are_foul_values,
    compare_values,
    house_way_indices,
    is_foul_values,
)
from games.pai_gow.simulate import deal

GAME = "face_up_pai_gow"
DEFAULT_ROUNDS = 1_000_000
BLOCK = 20_000  # rounds a numpy block of tally's
HOUSE_WAY = "house_way"
BEST = "best_setting"
STRATEGIES = {
    HOUSE_WAY: "the player sets by the house way",
    BEST: "the player's best setting against the dealer's visible hands",
}

# One sum a hand: the rank counts (3 bits a rank, the joker at bit 39) and,
# above bit 41, the suit counts (a byte a suit, the joker in none).
_RANK_MASK = (1 << 41) - 1
_SUIT_SHIFT = 41
_WEIGHT = tuple(
    (1 << (3 * (index >> 2))) + ((1 << (8 * (index & 3))) << _SUIT_SHIFT) for index in range(52)
) + (1 << 39,)
_JOKER_BIT = 1 << 39
_FIVE_OF_A_SUIT = 0x03030303  # added to the suit bytes, a count of 5 or more sets the byte's bit 3
_FOUR_OF_A_SUIT = 0x04040404  # with the joker, 4 or more
_BIT_3 = 0x08080808
_FLUSH_SHIFT = 42  # above the rank part of a five-card key (back_values)


def specs():
    return [
        RowSpec(
            game=GAME,
            wager=rules.MAIN,
            paytable=None,
            decks=None,
            method=SIMULATION,
            title=f"Face Up Pai Gow wager, {STRATEGIES[strategy]}",
            variant=strategy,
            default_rounds=DEFAULT_ROUNDS,
        )
        for strategy in STRATEGIES
    ]


def _may_flush(total):
    """Whether a hand's ``_WEIGHT`` sum holds five cards of a suit, or four and the joker."""
    add = _FOUR_OF_A_SUIT if total & _JOKER_BIT else _FIVE_OF_A_SUIT
    return bool(((total >> _SUIT_SHIFT) + add) & _BIT_3)


def _legal_values(cs):
    """The (high, low) values of the settings of seven card indices that are not fouls."""
    pairs = []
    for (i, j), (k, m, n, o, p) in SPLITS:
        high = eval5_indices(cs[k], cs[m], cs[n], cs[o], cs[p])
        low = TWO_CARD[cs[i] * 53 + cs[j]]
        if not is_foul_values(high, low):
            pairs.append((high, low))
    return pairs


def _house_figures(cs):
    """(house way high, low, Ace High Pai Gow?) of seven card indices: all a dealer's hand needs."""
    back, front = house_way_indices(cs)
    return eval5_indices(*back), TWO_CARD[front[0] * 53 + front[1]], rules.is_ace_high_indices(cs)


def _entry(cs, tabled=True):
    """(house way high, low, Ace High Pai Gow?, settings' values) of seven card
    indices: the frontier (``_frontiers``) when the entry is tabled, else
    every legal setting."""
    return (*_house_figures(cs), _frontiers(_np().array([cs]))[0] if tabled else _legal_values(cs))


_TABLE = {}


def figures(cs):
    """``_entry`` of seven card indices, tabled by rank multiset when no flush can be made."""
    total = 0
    for c in cs:
        total += _WEIGHT[c]
    return _figures(cs, total)


def _figures(cs, total, _table=_TABLE):
    if _may_flush(total):
        return _entry(cs, tabled=False)
    found = _table.get(total & _RANK_MASK)
    if found is None:
        found = _table[total & _RANK_MASK] = _entry(cs)
    return found


def best_result(frontier, dealer_high, dealer_low):
    """WIN, PUSH or LOSE of the best legal setting (solver.best_indices's result)."""
    result = LOSE
    for high, low in frontier:
        if high > dealer_high:
            if low > dealer_low:
                return WIN
            result = PUSH
        elif low > dealer_low:
            result = PUSH
    return result


def round_results(player, dealer):
    """(house way result, best setting result) of one deal: PUSH both on a
    dealer Ace High Pai Gow (rule 7)."""
    dealer_high, dealer_low, ace_high, _ = figures(dealer)
    if ace_high:
        return PUSH, PUSH
    high, low, _, frontier = figures(player)
    return compare_values(high, low, dealer_high, dealer_low), best_result(frontier, dealer_high, dealer_low)


def direct_results(player, dealer):
    """The same two results by the untabled path (the table's own functions)."""
    back, front = house_way_indices(dealer)
    if rules.is_ace_high_indices(dealer):
        return PUSH, PUSH
    dealer_high, dealer_low = eval5_indices(*back), TWO_CARD[front[0] * 53 + front[1]]
    back, front = house_way_indices(player)
    house = compare_values(eval5_indices(*back), TWO_CARD[front[0] * 53 + front[1]], dealer_high, dealer_low)
    return house, best_indices(player, dealer_high, dealer_low)[0]


def _np():
    import numpy  # on first use: the live table never needs it

    return numpy


class _Columns:
    """``_TABLE``'s entries as numpy columns, a row a rank multiset, for
    ``tally`` to look a block of hands up at once: the house way's high and
    low values, the Ace High Pai Gow check, and the frontier's highs and lows
    padded with -1, which beats no hand (every hand value is 0 or more)."""

    def __init__(self):
        np = _np()
        self.keys = np.empty(0, dtype=np.int64)  # the rank multiset keys tabled, sorted
        self.key_rows = np.empty(0, dtype=np.int64)  # and their rows
        self.high = np.empty(0, dtype=np.int64)
        self.low = np.empty(0, dtype=np.int64)
        self.ace = np.empty(0, dtype=bool)
        self.frontier_high = np.full((0, 1), -1, dtype=np.int64)
        self.frontier_low = np.full((0, 1), -1, dtype=np.int64)
        # _WEIGHT's two parts (73 bits together), summed apart in int64
        self.rank_part = np.array([weight & _RANK_MASK for weight in _WEIGHT], dtype=np.int64)
        self.suit_part = np.array([weight >> _SUIT_SHIFT for weight in _WEIGHT], dtype=np.int64)
        self.two_card = np.array(TWO_CARD, dtype=np.int64)
        self.suit_bit = np.array([1 << (index & 3) for index in range(52)] + [0b1111], dtype=np.int64)
        # five cards' rank multiset keys and flush bits (back_values), sorted, and their values
        self.back_keys = np.empty(0, dtype=np.int64)
        self.back_value = np.empty(0, dtype=np.int64)

    def split(self, hands):
        """``_figures``'s choice for each row of an (n, 7) int64 array of card
        indices: (the positions of the hands tabled by rank multiset, their
        rows here, the positions of the hands that could make a flush). The
        rank multisets not tabled yet are worked out on their first hands,
        their frontiers together."""
        np = _np()
        keys = self.rank_part[hands].sum(axis=1)
        suits = self.suit_part[hands].sum(axis=1)
        add = np.where(keys & _JOKER_BIT, _FOUR_OF_A_SUIT, _FIVE_OF_A_SUIT)
        loose = ((suits + add) & _BIT_3) != 0  # _may_flush
        tabled = np.flatnonzero(~loose)
        keys = keys[tabled]
        rows = self._rows(keys)
        missing = np.flatnonzero(rows < 0)
        if len(missing):
            new, first = np.unique(keys[missing], return_index=True)
            hands = hands[tabled[missing[first]]]
            new = new.tolist()
            unknown = [place for place, key in enumerate(new) if key not in _TABLE]
            for place, frontier in zip(unknown, _frontiers(hands[unknown]), strict=True):
                _TABLE[new[place]] = (*_house_figures(hands[place].tolist()), frontier)
            self._add(new, [_TABLE[key] for key in new])
            rows = self._rows(keys)
        return tabled, rows, np.flatnonzero(loose)

    def _rows(self, keys):
        """The row of each of ``keys`` (an int64 array), -1 for a key not here."""
        np = _np()
        if not len(self.keys):
            return np.full(len(keys), -1, dtype=np.int64)
        place = np.minimum(np.searchsorted(self.keys, keys), len(self.keys) - 1)
        return np.where(self.keys[place] == keys, self.key_rows[place], -1)

    def back_values(self, backs):
        """``eval5_indices`` of each five cards along the last axis of an int64
        array: a five-card hand's value is its ranks' and whether it is a
        flush (its cards' suit bits share one, the joker's being all four),
        so it is worked out once for each of those and looked up after."""
        np = _np()
        flush = np.bitwise_and.reduce(self.suit_bit[backs], axis=-1) != 0
        keys = self.rank_part[backs].sum(axis=-1) | (flush.astype(np.int64) << _FLUSH_SHIFT)
        place = np.searchsorted(self.back_keys, keys)
        known = np.zeros(keys.shape, dtype=bool)
        if len(self.back_keys):
            known = self.back_keys[np.minimum(place, len(self.back_keys) - 1)] == keys
        if not known.all():
            new, first = np.unique(keys[~known], return_index=True)
            cards = backs[~known][first].tolist()
            keys_now = np.concatenate([self.back_keys, new])
            order = np.argsort(keys_now)
            self.back_keys = keys_now[order]
            values = [eval5_indices(*five) for five in cards]
            self.back_value = np.concatenate([self.back_value, values])[order]
            place = np.searchsorted(self.back_keys, keys)
        return self.back_value[place]

    def _add(self, keys, entries):
        """Rows for the ``entries`` of new ``keys``, after those there are."""
        np = _np()
        start, stop = len(self.keys), len(self.keys) + len(keys)
        everything = np.concatenate([self.keys, keys])
        order = np.argsort(everything)
        self.keys = everything[order]
        self.key_rows = np.concatenate([self.key_rows, np.arange(start, stop)])[order]
        width = max(self.frontier_high.shape[1], *(len(entry[3]) for entry in entries))
        if stop > len(self.high) or width > self.frontier_high.shape[1]:
            capacity = max(stop, 2 * len(self.high), 1024)  # doubling: most blocks add a few rows
            self.high, self.low, self.ace = (
                np.resize(column, capacity) for column in (self.high, self.low, self.ace)
            )
            self.frontier_high, self.frontier_low = (
                np.pad(
                    column, ((0, capacity - len(column)), (0, width - column.shape[1])), constant_values=-1
                )
                for column in (self.frontier_high, self.frontier_low)
            )
        frontier = np.full((len(entries), width, 2), -1, dtype=np.int64)
        for row, entry in enumerate(entries):
            frontier[row, : len(entry[3])] = entry[3]
        self.high[start:stop] = [entry[0] for entry in entries]
        self.low[start:stop] = [entry[1] for entry in entries]
        self.ace[start:stop] = [entry[2] for entry in entries]
        self.frontier_high[start:stop] = frontier[:, :, 0]
        self.frontier_low[start:stop] = frontier[:, :, 1]


_COLUMNS = []


def _columns():
    """The one ``_Columns``, made on first use."""
    if not _COLUMNS:
        _COLUMNS.append(_Columns())
    return _COLUMNS[0]


_FRONTS = tuple(tuple(front[side] for front, _ in SPLITS) for side in (0, 1))  # the 21 fronts' two positions
_BACKS = tuple(back for _, back in SPLITS)


def _settings(hands):
    """(high, low): two (k, 21) int64 arrays of the values of the 21 settings
    of each row of a (k, 7) array of card indices (``_legal_values``, a
    block at once: ``eval5_indices`` by ``_Columns.back_values``,
    ``TWO_CARD``), -1 both for a foul (``are_foul_values``), which beats no
    hand (every hand value is 0 or more)."""
    np = _np()
    columns = _columns()
    low = columns.two_card[hands[:, _FRONTS[0]] * 53 + hands[:, _FRONTS[1]]]
    high = columns.back_values(hands[:, _BACKS])
    foul = are_foul_values(high, low)
    return np.where(foul, -1, high), np.where(foul, -1, low)


def _frontiers(hands):
    """The frontier of each row of a (k, 7) int64 array of card indices that
    cannot make a flush: the legal settings' (high, low) values that no other
    legal setting matches or beats on both hands, highest high first (all
    ``best_result`` needs), a block of hands at once: the ``_settings``
    sorted high to low, each kept when its low beats every low before it."""
    np = _np()
    high, low = _settings(hands)
    codes = np.where(high < 0, -1, (high << 9) | low)  # a two-card value is under 2 ** 9
    codes = -np.sort(-codes, axis=1)  # each row high to low, the fouls last
    lows = np.where(codes < 0, -1, codes & 511)
    before = np.maximum.accumulate(lows, axis=1)
    kept = (codes >= 0) & (lows > np.concatenate([np.full((len(hands), 1), -1), before[:, :-1]], axis=1))
    rows, places = np.nonzero(kept)  # row by row, high to low
    codes = codes[rows, places]
    pairs = list(zip((codes >> 9).tolist(), (codes & 511).tolist(), strict=True))
    ends = np.bincount(rows, minlength=len(hands)).cumsum().tolist()
    return [tuple(pairs[start:end]) for start, end in zip([0, *ends[:-1]], ends, strict=True)]


def tally(rng, total, progress=None):
    """{strategy: {WIN, PUSH, LOSE: count}} and the Ace High Pai Gow count of
    ``total`` deals: ``round_results`` on each, a block of deals at a time
    (dealt one by one by ``deal``: the same seed, the same cards). Tabled
    hands are compared in numpy, the others (about 1 in 20) one by one."""
    np = _np()
    columns = _columns()
    counts = {strategy: {WIN: 0, PUSH: 0, LOSE: 0} for strategy in STRATEGIES}
    house, best = counts[HOUSE_WAY], counts[BEST]
    ace_highs = 0
    for size in chunks(total, progress, min(BLOCK, max(1, total // 20))):
        cards = np.array([deal(rng, 14) for _ in range(size)], dtype=np.int64)
        dealer_high = np.empty(size, dtype=np.int64)
        dealer_low = np.empty(size, dtype=np.int64)
        ace_high = np.empty(size, dtype=bool)
        tabled, rows, loose = columns.split(cards[:, 7:])
        dealer_high[tabled], dealer_low[tabled], ace_high[tabled] = (
            columns.high[rows],
            columns.low[rows],
            columns.ace[rows],
        )
        for place, dealer in zip(loose.tolist(), cards[loose, 7:].tolist(), strict=True):
            dealer_high[place], dealer_low[place], ace_high[place] = _house_figures(dealer)
        played = np.flatnonzero(~ace_high)
        ace_highs += size - len(played)
        house[PUSH] += size - len(played)  # rule 7
        best[PUSH] += size - len(played)
        tabled, rows, loose = columns.split(cards[played, :7])
        versus = np.concatenate([played[tabled], played[loose]])  # the dealer of each player, in order
        loose = cards[played[loose], :7]  # could make a flush: worked out here
        house_way = np.array([_house_figures(cs)[:2] for cs in loose.tolist()], dtype=np.int64).reshape(-1, 2)
        hands = {
            HOUSE_WAY: [
                (columns.high[rows, None], columns.low[rows, None]),
                (house_way[:, :1], house_way[:, 1:]),
            ],
            BEST: [(columns.frontier_high[rows], columns.frontier_low[rows]), _settings(loose)],
        }
        for strategy, blocks in hands.items():
            _count(counts[strategy], blocks, dealer_high[versus], dealer_low[versus])
    return counts, ace_highs


def _count(part, hands, dealer_high, dealer_low):
    """Add to ``part`` the results of blocks of hands against the dealer's
    values: ``hands`` a list of (highs, lows), two (n, k) arrays of the values
    of a block's settings, the blocks' rows in the order of the dealer's
    arrays; a hand wins if one of its settings wins both hands, else pushes if
    one wins a hand (``best_result``; ``compare_values`` for one setting; a -1
    beats nothing)."""
    start = 0
    for highs, lows in hands:
        stop = start + len(highs)
        higher = highs > dealer_high[start:stop, None]
        lower = lows > dealer_low[start:stop, None]
        wins = int((higher & lower).any(axis=1).sum())
        either = int((higher | lower).any(axis=1).sum())
        part[WIN] += wins
        part[PUSH] += either - wins
        part[LOSE] += stop - start - either
        start = stop


def _stats(part, total):
    stats = RunningStats(total)
    wins, losses = part[WIN], part[LOSE]
    stats.add_many(total, wins - losses, wins + losses, wins)
    return stats


def run(spec, *, payouts=None, rounds=None, seed=0, progress=None):
    """The EdgeRow of ``spec`` from ``rounds`` seeded deals; the best-setting
    row also tells the house way's figures on the same deals and the gain."""
    if spec.variant not in STRATEGIES:
        raise ValueError(f"{spec.key}: unknown strategy {spec.variant!r}")
    if payouts:
        raise ValueError("The Face Up Pai Gow wager pays 1 to 1 (rule 9); there is no line to change.")
    total = rounds or spec.default_rounds
    counts, ace_highs = tally(random.Random(seed), total, progress)
    part = counts[spec.variant]
    stats = _stats(part, total)
    assumptions = [
        "One player against the dealer, a fresh 53-card deck every round (docs/rules/face_up_pai_gow.md rule 1).",
        "The dealer's seven cards face up, set by the house way (Trump Plaza, docs/rules/pai_gow.md § 5) "
        "before the player sets (rule 5).",
        "A dealer Ace High Pai Gow pushes the wager (rules 6-7); otherwise both hands win 1 to 1, no "
        "commission; one hand a push; a copy goes to the dealer (rule 9).",
        f"Strategy: {STRATEGIES[spec.variant]}"
        + (
            " — every one of the 21 settings that is not a foul compared with the dealer's set hands, "
            "exactly (the table's 'Best against this dealer' hint, games/face_up_pai_gow/solver.py)."
            if spec.variant == BEST
            else " (docs/rules/pai_gow.md § 5)."
        ),
    ]
    details = {"ace_high_pai_gow_rounds": ace_highs}
    if spec.variant == BEST:
        house = _stats(counts[HOUSE_WAY], total)
        gain = stats.mean - house.mean
        assumptions.append(
            f"Gain over the house way on the same {total:,} deals: {gain:+.4%} of the wager "
            f"(house way RTP {1 + house.mean:.4%})."
        )
        details.update(house_way_rtp=1 + house.mean, gain_over_house_way=gain)
    lines = [
        line("win", "Both hands win", paytables.WIN, part[WIN] / total),
        line("push", "Push (one hand each, or a dealer Ace High Pai Gow)", "stake back", part[PUSH] / total),
        line("lose", "Loses", "stake lost", part[LOSE] / total),
    ]
    return simulated_row(spec, stats, lines=lines, assumptions=assumptions, details=details)
