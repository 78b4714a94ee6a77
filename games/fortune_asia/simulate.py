"""The simulated lab row of Fortune Asia Poker: the Fortune Asia Poker wager
(§ 659a.7(d)), one player against the dealer, both setting by the house way
(docs/rules/fortune_asia_poker.md, "Dealer house way"), settled two of three with copies
to the dealer (rule 9). Pure (no Django, no I/O); numpy.

Every hand is set by the game's own ``house_way.house_way_indices`` and its
three hands valued by ``hands.setting_values`` and checked by the order test
(``hands.order_problem_values``), as the table does; only how often this is
done is cut down. The house way at about 46,000 hands a second could not
play 50,000 rounds (100,000 hands) a second, so the rounds are played in
numpy batches and each hand's three values come from a table keyed by what
they depend on:

- the rank multiset of the natural cards (one sum of ``seven_card.RANK_WEIGHTS``,
  which tells every multiset of up to seven ranks apart) and whether the
  joker is in the hand;
- the 13-bit rank mask of each suit that could give the High hand a flush,
  i.e. holds four natural cards, or three and the joker (at most two such
  suits among seven cards).

The Medium and Low values are ranks only (rule 7) and a High hand is suited
only within such a suit, so two hands with the same key are set to the same
three values (tests/test_fortune_asia_lab.py checks it on seeded hands). A
key not seen yet is worked out once by the house way on the hand that
brought it; about a fifth of hands hold a flushing suit, and their keys are
the ones that keep arriving, so a short run works out more of its hands than
a long one: see docs/benchmarks.md for the rounds a second.

The deal: ``numpy.random.Generator(PCG64(seed))`` shuffles a 53-card deck a
round (``Generator.permuted``, Fisher-Yates in C); its first seven cards are
the player's, the next seven the dealer's.
"""

from games.cards.poker import ACE, JOKER_INDEX
from games.cards.seven_card import RANK_WEIGHTS
from games.fortune_asia import paytables
from games.fortune_asia.hands import order_problem_values, setting_values
from games.fortune_asia.house_way import house_way_indices
from games.lab.rows import SIMULATION, RowSpec, RunningStats, line, simulated_row
from games.lab.simulation import chunks

GAME = "fortune_asia_poker"
MAIN = "main"
WIN_LINE = "win"
DEFAULT_ROUNDS = 1_000_000
BATCH = 50_000  # rounds a numpy batch
CARDS = 53


def _np():
    import numpy  # on first use: the live table never needs it

    return numpy


def specs():
    return [
        RowSpec(
            game=GAME,
            wager=MAIN,
            paytable=None,  # one payout: 1 to 1 (rule 9)
            decks=None,
            method=SIMULATION,
            title="Fortune Asia Poker wager, player and dealer by the house way",
            default_rounds=DEFAULT_ROUNDS,
        )
    ]


def paytable_lines(spec):
    return [line(WIN_LINE, "Two or three hands win", paytables.MAIN_WIN, 0)]


class SettingValues:
    """(High, Medium, Low) values of hands set by the house way, by key (module docstring)."""

    def __init__(self):
        np = _np()
        self._known = np.empty(0, dtype=np.int64)  # the keys worked out, sorted
        self._table = np.empty((0, 3), dtype=np.int64)  # their (high, medium, low), in that order
        self.worked_out = 0

    def keys(self, hands):
        """The key of each row of ``hands``, an (n, 7) int64 array of card indices."""
        np = _np()
        joker = hands == JOKER_INDEX
        has_joker = joker.any(axis=1)
        weights = np.append(np.asarray(RANK_WEIGHTS, dtype=np.int64), 0)  # the joker weighs nothing
        rank_code = weights[np.where(joker, 13, hands >> 2)].sum(axis=1)
        # The house way's shape counts the joker as an ace; only rules 3, 6
        # and 7 look for a flush, among the cards of a rank of their own.
        ranks = np.where(joker, ACE, hands >> 2)
        counts = np.zeros((len(hands), 13), dtype=np.int64)
        rows = np.arange(len(hands))
        for column in ranks.T:
            counts[rows, column] += 1
        single = np.take_along_axis(counts, ranks, axis=1) == 1
        most = counts.max(axis=1)
        pairs = (counts == 2).sum(axis=1)
        looks = (most == 1) | ((most == 2) & (pairs == 1)) | ((most == 3) & (pairs == 0))
        single &= looks[:, None]
        joker_single = (joker & single).any(axis=1)
        # The joker pairing a natural ace goes with it into a High hand (rules
        # 5, 6), where it may still fill a flush: every card counts then.
        joker_ace = has_joker & ((hands >> 2) == ACE).any(axis=1)
        single = np.where(joker_ace[:, None], ~joker, single)
        joker_single |= joker_ace
        suits = hands & 3
        bits = np.left_shift(1, hands >> 2)
        masks = []
        for suit in range(4):
            here = single & ~joker & (suits == suit)
            mask = np.where(here, bits, 0).sum(axis=1)
            # only a suit that can fill a four-card flush among those cards
            masks.append(np.where(here.sum(axis=1) + joker_single >= 4, mask, 0))
        masks = np.sort(np.stack(masks, axis=1), axis=1)
        return (rank_code << 27) | (has_joker.astype(np.int64) << 26) | (masks[:, 3] << 13) | masks[:, 2]

    def of(self, hands):
        """Three int64 arrays (High, Medium, Low values) of ``hands`` set by the house way."""
        np = _np()
        keys = self.keys(hands)
        place = np.searchsorted(self._known, keys)
        found = place < len(self._known)
        found[found] = self._known[place[found]] == keys[found]
        if not found.all():
            new, first = np.unique(keys[~found], return_index=True)
            rows = np.flatnonzero(~found)[first]
            worked = np.array([self._work_out(hands[row].tolist()) for row in rows.tolist()], dtype=np.int64)
            known = np.concatenate([self._known, new])
            order = np.argsort(known, kind="stable")
            self._known = known[order]
            self._table = np.concatenate([self._table, worked])[order]
            place = np.searchsorted(self._known, keys)
        chosen = self._table[place]
        return chosen[:, 0], chosen[:, 1], chosen[:, 2]

    def _work_out(self, seven):
        self.worked_out += 1
        _, high, medium, low = house_way_indices(seven)
        values = setting_values((high, medium, low))
        problem = order_problem_values(*values)
        if problem:  # "Every branch satisfies the order test; a failure is a bug."
            raise AssertionError(f"the house way fouls {seven}: {problem}")
        return values


def deal(generator, rounds):
    """(player, dealer): two (rounds, 7) int64 arrays of card indices, the 14
    cards of each round distinct and every ordered deal equally likely."""
    np = _np()
    cards = generator.permuted(np.tile(np.arange(CARDS, dtype=np.int64), (rounds, 1)), axis=1)[:, :14]
    return cards[:, :7], cards[:, 7:]


def wins(player, dealer, setting=None):
    """A boolean array: does each round's main wager win (two of three
    hands strictly higher, copies to the dealer; rule 9)?"""
    setting = setting or SettingValues()
    mine = setting.of(player)
    theirs = setting.of(dealer)
    won = sum((a > b).astype(int) for a, b in zip(mine, theirs, strict=True))
    return won >= paytables.WINS_NEEDED


def run(spec, *, payouts=None, rounds=None, seed=0, progress=None, setting=None):
    """The EdgeRow of the main wager from ``rounds`` seeded deals."""
    if spec.wager != MAIN:
        raise ValueError(f"{spec.key}: Fortune Asia Poker simulates the main wager only")
    np = _np()
    payouts = payouts or {}
    odds = payouts.get(WIN_LINE, paytables.MAIN_WIN)
    if not hasattr(odds, "winnings"):
        raise ValueError(f"{WIN_LINE}: the main wager pays fixed odds ('1 to 1'), not {odds}")
    pays = float(odds.winnings(1))
    total = rounds or spec.default_rounds
    generator = np.random.Generator(np.random.PCG64(seed))
    setting = setting or SettingValues()
    stats = RunningStats(total)
    won_total = 0
    for size in chunks(total, progress, min(BATCH, max(1, total // 20)), stats):
        player, dealer = deal(generator, size)
        won = int(wins(player, dealer, setting).sum())
        lost = size - won
        stats.add_many(size, won * pays - lost, won * pays * pays + lost, won)
        won_total += won
    assumptions = [
        "One player against the dealer, a fresh 53-card deck every round (docs/rules/fortune_asia_poker.md rule 1).",
        "The player and the dealer both set by the house way of the rules file; the order test is checked "
        "on every setting (rule 6; the house way never fouls).",
        "Two or three hands strictly higher win 1 to 1, no commission; a copy goes to the dealer, so "
        "win-lose-copy loses (rule 9). No push.",
    ]
    if WIN_LINE in payouts:
        assumptions.append(f"What-if: a win pays {odds}.")
    lines = [
        line(WIN_LINE, "Two or three hands win", odds, won_total / total),
        line("lose", "Loses (fewer than two hands win)", "stake lost", (total - won_total) / total),
    ]
    return simulated_row(
        spec,
        stats,
        lines=lines,
        assumptions=assumptions,
        details={"house_way_settings_worked_out": setting.worked_out},
    )
