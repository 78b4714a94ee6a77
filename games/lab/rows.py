"""One row of the lab: the figures of one (game, wager, paytable, decks).

A game's ``edge`` module lists its rows as ``RowSpec`` (cheap: nothing is
computed) and turns one into an ``EdgeRow``: exactly, from the probability of
every net result (``exact_row``), or by simulation through its own rules
(``RunningStats`` then ``simulated_row``).

Every figure is per unit of the wager the row names (for a main wager that
may double or split: per unit of the *initial* wager). The net result of a
round is what came back minus what was staked: -1 for a lost wager, +1.5 for
a 3-to-2 win. RTP = 1 + E[net]; the house edge is its complement.

Some rows are not wagers: an Ante Bonus, an Envy, the Mystery bonus are paid
on top of a wager and have no stake to lose. Their spec names that wager
(``adds_to``) and their figure is the *contribution*: the expected bonus per
unit of that wager, which adds to the wager's RTP. Such a row has no RTP and
no house edge of its own (``bonus_row`` builds one).
"""

import functools
import itertools
import math
from dataclasses import asdict, dataclass, field
from fractions import Fraction

from games.payouts import MeterShare, Odds

EXACT = "exact"
SIMULATION = "simulation"
Z99 = 2.5758293035489  # two-sided 99% normal quantile


@dataclass(frozen=True)
class RowSpec:
    """Which row: the keys of ``manage.py edge --json``, and how it is found."""

    game: str  # the app slug
    wager: str  # "10", "match_the_dealer", "main", ...
    paytable: str | None  # the regulation's label ("3", "B"), or None
    decks: int | None
    method: str  # EXACT or SIMULATION
    title: str  # for people: "Match the Dealer progressive, paytable 3, 6 decks"
    variant: str | None = None  # what else tells rows apart ("commission_free", "$5 wager")
    meter: tuple | None = None  # (meter kind, meter paytable label, wager $) the row's meter lines draw on
    default_rounds: int = 0  # a simulation's rounds when nobody says
    # A bonus paid on top of a wager, not a wager: the wager it adds to ("the Ante").
    adds_to: str | None = None

    @property
    def key(self):
        """A stable identifier for URLs and reference runs."""
        parts = [self.game, self.wager, self.paytable or "-", str(self.decks or "-"), self.variant or "-"]
        return ":".join(part.replace(":", "_").replace(" ", "_") for part in parts)


@dataclass
class EdgeRow:
    spec: RowSpec
    rtp_fixed: float
    hit_frequency: float
    std_dev: float
    rounds: int | None = None  # simulations
    ci99: tuple | None = None  # simulations: (low, high) of the RTP
    rtp_progressive: float = 0.0  # the meter's long-run return, filled by casino/lab
    assumptions: list = field(default_factory=list)
    # The paytable as used, line by line: [{"key", "name", "payout", "probability"}]
    lines: list = field(default_factory=list)
    # Progressive lines: probability per wager of each meter share (percent -> probability)
    meter_shares: dict = field(default_factory=dict)
    # Simulations: the running RTP as rounds accumulate, [[rounds, rtp, low, high], ...]
    trace: list = field(default_factory=list)
    details: dict = field(default_factory=dict)  # e.g. Must-Hit-By: wagers between hits, average hit
    exact_rtp: Fraction | None = None  # exact rows: the fixed part as a fraction

    @property
    def is_bonus(self):
        """A bonus on top of another wager (``RowSpec.adds_to``): its figures
        are a contribution to that wager's return, not a return of its own."""
        return self.spec.adds_to is not None

    @property
    def rtp(self):
        """The return per unit of the wager; for a bonus row, the contribution."""
        return self.rtp_fixed + self.rtp_progressive

    @property
    def house_edge(self):
        return 1 - self.rtp

    def to_json(self):
        spec = self.spec
        if self.is_bonus:
            figures = {
                "kind": "bonus",
                "adds_to": spec.adds_to,
                "contribution": self.rtp,
                "contribution_fixed": self.rtp_fixed,
                "contribution_progressive": self.rtp_progressive,
                "rtp": None,
                "rtp_fixed": None,
                "rtp_progressive": None,
                "house_edge": None,
            }
        else:
            figures = {
                "kind": "wager",
                "rtp": self.rtp,
                "rtp_fixed": self.rtp_fixed,
                "rtp_progressive": self.rtp_progressive,
                "house_edge": self.house_edge,
            }
        return {
            "game": spec.game,
            "wager": spec.wager,
            "paytable": spec.paytable,
            "decks": spec.decks,
            "variant": spec.variant,
            "title": spec.title,
            **figures,
            "hit_frequency": self.hit_frequency,
            "std_dev": self.std_dev,
            "method": spec.method,
            "rounds": self.rounds,
            "ci99": list(self.ci99) if self.ci99 else None,
            "assumptions": list(self.assumptions),
            "details": self.details,
            "lines": [{**line, "probability": float(line["probability"])} for line in self.lines],
        }


def exact_row(spec, outcomes, *, lines=(), meter_shares=None, assumptions=(), details=None):
    """An exact row from {net result per unit wager: probability} (Fractions;
    probabilities sum to 1). A meter line's net is -1 here: the fixed part
    only; its probability goes in ``meter_shares`` for the meter's return."""
    total = sum(outcomes.values())
    if total != 1:
        raise ValueError(f"{spec.key}: the probabilities sum to {total}, not 1")
    mean = sum(net * p for net, p in outcomes.items())
    second = sum(net * net * p for net, p in outcomes.items())
    hits = sum(p for net, p in outcomes.items() if net > 0)
    return EdgeRow(
        spec=spec,
        rtp_fixed=float(1 + mean),
        exact_rtp=1 + mean,
        hit_frequency=float(hits),
        std_dev=math.sqrt(float(second - mean * mean)),
        lines=list(lines),
        meter_shares=dict(meter_shares or {}),
        assumptions=list(assumptions),
        details=dict(details or {}),
    )


def exact_spec(game, wager, paytable, title, *, decks=1, **fields):
    """The ``RowSpec`` of an exact row, of one deck unless ``decks`` says;
    ``fields``: its other fields (``meter``, ``adds_to``...)."""
    return RowSpec(
        game=game, wager=wager, paytable=paytable, decks=decks, method=EXACT, title=title, **fields
    )


def paytable_specs(game, wager, names, title, *, method=EXACT, decks=1, **fields):
    """A ``RowSpec`` of ``wager`` for each paytable of ``names`` (one deck
    unless ``decks`` says), titled ``title.format(name=name)``; ``fields``:
    the other fields, the same on each."""
    return [
        RowSpec(
            game=game,
            wager=wager,
            paytable=name,
            decks=decks,
            method=method,
            title=title.format(name=name),
            **fields,
        )
        for name in names
    ]


def select(specs, wager, **fields):
    """The rows of ``specs`` for ``wager`` whose fields equal ``fields``
    (``paytable=``, ``decks=``, ``variant=``): what a game's
    ``table_rows(config)`` picks for one wager a table offers. ValueError when
    there is none: a table may not offer a wager the lab cannot give figures for."""
    found = [
        spec
        for spec in specs
        if spec.wager == wager and all(getattr(spec, name) == value for name, value in fields.items())
    ]
    if not found:
        wanted = ", ".join(f"{name} {value!r}" for name, value in fields.items())
        raise ValueError(f"the lab has no row of the wager {wager!r}" + (f" with {wanted}" if wanted else ""))
    return found


def bonus_row(spec, bonuses, *, lines=(), assumptions=(), details=None):
    """An exact row of a bonus paid on top of the wager ``spec.adds_to``
    names, from {bonus per unit of that wager: probability} (Fractions; no
    bonus need not be listed): its figure is the expected bonus, the
    contribution to that wager's return, with nothing staked to lose."""
    if spec.adds_to is None:
        raise ValueError(f"{spec.key}: a bonus row names the wager it adds to (RowSpec.adds_to)")
    outcomes = dict(bonuses)
    outcomes[Fraction(0)] = outcomes.get(Fraction(0), 0) + 1 - sum(bonuses.values())
    row = exact_row(spec, outcomes, lines=lines, assumptions=assumptions, details=details)
    row.exact_rtp -= 1
    row.rtp_fixed = float(row.exact_rtp)
    return row


class RunningStats:
    """The running sums of a simulation, with a trace of the RTP and its 99%
    band at a few hundred checkpoints (for the lab's running-RTP chart)."""

    def __init__(self, total_rounds=0, points=120):
        self.n = 0
        self.total = 0.0
        self.squares = 0.0
        self.hits = 0
        self.trace = []
        self._every = max(1, total_rounds // points) if total_rounds else 1000
        self._next = self._every

    def add(self, net):
        """One round's net result per unit of the initial wager."""
        self.n += 1
        self.total += net
        self.squares += net * net
        if net > 0:
            self.hits += 1
        if self.n >= self._next:
            self._next += self._every
            self.trace.append([self.n, *self.rtp_band()])

    def add_many(self, count, total, squares, hits):
        """A batch already summed (vectorised simulations)."""
        self.n += count
        self.total += total
        self.squares += squares
        self.hits += hits
        self.trace.append([self.n, *self.rtp_band()])

    def add_nets(self, nets):
        """A batch of rounds' nets (a list), summed for ``add_many``."""
        self.add_many(
            len(nets),
            float(sum(nets)),
            float(sum(net * net for net in nets)),
            sum(1 for net in nets if net > 0),
        )

    def add_array(self, nets):
        """A batch of rounds' nets (a numpy array), summed by numpy for ``add_many``."""
        self.add_many(len(nets), float(nets.sum()), float((nets * nets).sum()), int((nets > 0).sum()))

    @property
    def mean(self):
        return self.total / self.n if self.n else 0.0

    @property
    def std_dev(self):
        if self.n < 2:
            return 0.0
        variance = (self.squares - self.n * self.mean**2) / (self.n - 1)
        return math.sqrt(max(variance, 0.0))

    def rtp_band(self):
        """[rtp, low, high] of the 99% confidence interval."""
        rtp = 1 + self.mean
        half = Z99 * self.std_dev / math.sqrt(self.n) if self.n else 0.0
        return [rtp, rtp - half, rtp + half]


def simulated_row(spec, stats, *, lines=(), meter_shares=None, assumptions=(), details=None):
    rtp, low, high = stats.rtp_band()
    if not stats.trace or stats.trace[-1][0] != stats.n:
        stats.trace.append([stats.n, rtp, low, high])
    return EdgeRow(
        spec=spec,
        rtp_fixed=rtp,
        hit_frequency=stats.hits / stats.n if stats.n else 0.0,
        std_dev=stats.std_dev,
        rounds=stats.n,
        ci99=(low, high),
        lines=list(lines),
        meter_shares=dict(meter_shares or {}),
        assumptions=list(assumptions),
        details=dict(details or {}),
        trace=stats.trace,
    )


def line(key, name, payout, probability):
    """One paytable line as a row shows it (payout: Odds, MeterShare or text)."""
    return {"key": key, "name": name, "payout": str(payout), "probability": probability}


def as_dict(spec):
    return asdict(spec)


# ---------------------------------------------------------------------------
# Helpers of the exact rows: the moments of an infinite distribution, a
# paytable applied to the probability of each of its lines, a designer's
# what-if copy of a paytable, and the deals of a shoe of identical decks.
# ---------------------------------------------------------------------------


def moments_row(
    spec, mean, second_moment, hit_probability, *, lines=(), meter_shares=None, assumptions=(), details=None
):
    """An exact row from the moments of the net result per unit wager (Fractions)
    when its distribution is infinite (Dreamcatcher's stacked multipliers):
    E[net], E[net²] and P(net > 0)."""
    return EdgeRow(
        spec=spec,
        rtp_fixed=float(1 + mean),
        exact_rtp=1 + mean,
        hit_frequency=float(hit_probability),
        std_dev=math.sqrt(float(second_moment - mean * mean)),
        lines=list(lines),
        meter_shares=dict(meter_shares or {}),
        assumptions=list(assumptions),
        details=dict(details or {}),
    )


def what_if(paytable, payouts, *, meter=False):
    """A copy of ``paytable`` ({line key: Odds | MeterShare}) with a designer's
    ``payouts`` in place of its lines. ValueError for a line the paytable does
    not have, or a meter share on a wager without a meter. The regulation's
    dict is never changed."""
    table = dict(paytable)
    for key, payout in (payouts or {}).items():
        if key not in table:
            raise ValueError(f"this paytable has no line {key!r}; its lines are {', '.join(map(str, table))}")
        if isinstance(payout, MeterShare) and not meter:
            raise ValueError(f"line {key!r}: this wager has no progressive meter to pay a share of")
        if not isinstance(payout, Odds | MeterShare):
            raise ValueError(f"line {key!r}: a payout is Odds or a MeterShare, not {payout!r}")
        table[key] = payout
    return table


def paytable_row(spec, probabilities, paytable, names, *, assumptions=(), details=None):
    """An exact row from the probability of each line a round can make
    ({line key: probability}, Fractions; a round making no line loses) and
    the paytable paying them ({line key: Odds | MeterShare}).

    An Odds line nets its winnings (the stake comes back on "to" odds, is
    part of the payout on "for" odds). A MeterShare line is paid by the
    meter: the fixed part nets -1, and its probability goes into
    ``meter_shares`` by percentage. The hit frequency counts the meter lines
    as wins; the standard deviation is the fixed part's.
    """
    outcomes = {}
    meter_shares = {}
    for key, probability in probabilities.items():
        payout = paytable[key]
        if isinstance(payout, MeterShare):
            meter_shares[payout.percent] = meter_shares.get(payout.percent, 0) + probability
            net = Fraction(-1)
        else:
            net = payout.winnings(1)
        outcomes[net] = outcomes.get(net, 0) + probability
    outcomes[Fraction(-1)] = outcomes.get(Fraction(-1), 0) + 1 - sum(probabilities.values())
    lines = [
        line(key, names[key], payout, probabilities.get(key, Fraction(0))) for key, payout in paytable.items()
    ]
    row = exact_row(
        spec, outcomes, lines=lines, meter_shares=meter_shares, assumptions=assumptions, details=details
    )
    row.hit_frequency += float(sum(meter_shares.values()))
    return row


def envy_per_unit(probabilities, envy_cents, wager_cents):
    """What an Envy bonus adds per unit of the wager for each other player at
    the table: the probability of each line another hand makes ({line:
    probability}, Fractions) times its fixed amount, over the wager."""
    return sum(p * Fraction(envy_cents[key], wager_cents) for key, p in probabilities.items())


def envy_bonus_row(spec, probabilities, envy_cents, wager_cents, names, *, assumptions=()):
    """The bonus row of an Envy for one other player's hand: ``envy_cents``
    ({line: fixed amount}) paid with the ``probabilities`` of its lines, per
    unit of the ``wager_cents`` it adds to (``bonus_row``); ``names``: each
    line's name on the row."""
    bonuses, lines = {}, []
    for key, cents in envy_cents.items():
        probability = probabilities.get(key, Fraction(0))
        bonus = Fraction(cents, wager_cents)
        bonuses[bonus] = bonuses.get(bonus, 0) + probability
        lines.append(line(key, names[key], f"${cents // 100:,}", probability))
    return bonus_row(spec, bonuses, lines=lines, assumptions=assumptions)


def falling(n, k):
    """n (n - 1) ... (n - k + 1): the ordered ways to take k of n."""
    return math.perm(n, k)


def deal_probability(copies_taken, decks, deck_size):
    """The probability of one ordered deal of card *types* from a shoe of
    ``decks`` identical decks of ``deck_size`` cards (each type ``decks``
    times), without replacement. ``copies_taken``: how many cards of each
    distinct type the deal holds, e.g. (2, 1) for AS AS 7H in any order."""
    dealt = sum(copies_taken)
    ways = 1
    for count in copies_taken:
        ways *= falling(decks, count)
    return Fraction(ways, falling(decks * deck_size, dealt))


def copies_taken(cards):
    """The shape of a deal for ``deal_probability``: the sorted counts of
    its identical cards."""
    counts = {}
    for item in cards:
        counts[item] = counts.get(item, 0) + 1
    return tuple(sorted(counts.values()))


def rank_patterns(count):
    """Every way ``count`` cards can share ranks, in order: restricted
    growth strings ((0, 0, 1): the first two of one rank, the third of
    another), each rank numbered by first appearance."""
    patterns = [()]
    for _ in range(count):
        patterns = [(*pattern, rank) for pattern in patterns for rank in range(max(pattern, default=-1) + 2)]
    return patterns


def deals(deck, count, *, ranks_alike=False):
    """Every ordered deal of ``count`` cards from the card types of ``deck``
    (a list of ``Card``), as (cards, labellings) pairs.

    Without ``ranks_alike``: every deal once (labellings 1). With it, for a
    classifier that tells ranks apart only by their equality (no rank is
    special): one representative deal per way the cards share ranks and per
    suit of each card, standing for the ``labellings`` deals that differ from
    it only in which ranks they use."""
    if not ranks_alike:
        return [(cards, 1) for cards in itertools.product(deck, repeat=count)]
    ranks = list(dict.fromkeys(item.rank for item in deck))
    suits = list(dict.fromkeys(item.suit for item in deck))
    by_face = {(item.rank, item.suit): item for item in deck}
    if len(by_face) != len(ranks) * len(suits):
        raise ValueError("ranks_alike needs every rank in every suit")
    found = []
    for pattern in rank_patterns(count):
        labellings = falling(len(ranks), max(pattern) + 1)
        for suit_of_each in itertools.product(suits, repeat=count):
            cards = tuple(
                by_face[ranks[rank], suit] for rank, suit in zip(pattern, suit_of_each, strict=True)
            )
            found.append((cards, labellings))
    return found


def line_shapes(deck, count, classify, *, ranks_alike=False):
    """{(line, shape): deals} over ``deals(deck, count)``: how many ordered
    deals of each shape (``copies_taken``) make each line; ``classify(cards)``
    returns a line key or None (a losing deal, not counted). The deck count
    enters only through ``deal_probability`` of each shape."""
    found = {}
    for cards, labellings in deals(deck, count, ranks_alike=ranks_alike):
        line_key = classify(cards)
        if line_key is not None:
            key = (line_key, copies_taken(cards))
            found[key] = found.get(key, 0) + labellings
    return found


def shoe_line_probabilities(shapes, decks, deck_size):
    """{line: probability} from ``line_shapes`` for a shoe of ``decks`` decks."""
    probabilities = {}
    for (line_key, shape), count in shapes.items():
        probability = count * deal_probability(shape, decks, deck_size)
        probabilities[line_key] = probabilities.get(line_key, 0) + probability
    return probabilities


def shoe_lines(deck, count, classify, decks, *, ranks_alike=False):
    """{line: probability} of ``classify`` over the deals of ``count`` cards
    from a shoe of ``decks`` copies of ``deck`` (a fresh dict). The deals are
    classified once per classifier and kept; each deck count is then a sum
    over their shapes, so a what-if costs a dot product."""
    return dict(_shoe_lines(tuple(deck), count, classify, ranks_alike, decks))


@functools.cache
def _line_shapes(deck, count, classify, ranks_alike):
    return line_shapes(list(deck), count, classify, ranks_alike=ranks_alike)


@functools.cache
def _shoe_lines(deck, count, classify, ranks_alike, decks):
    shapes = _line_shapes(deck, count, classify, ranks_alike)
    return tuple(shoe_line_probabilities(shapes, decks, len(deck)).items())
