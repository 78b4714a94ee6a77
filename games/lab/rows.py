"""One row of the lab: the figures of one (game, wager, paytable, decks).

A game's ``edge`` module lists its rows as ``RowSpec`` (cheap: nothing is
computed) and turns one into an ``EdgeRow``: exactly, from the probability of
every net result (``exact_row``), or by simulation through its own rules
(``RunningStats`` then ``simulated_row``).

Every figure is per unit of the wager the row names (for a main wager that
may double or split: per unit of the *initial* wager). The net result of a
round is what came back minus what was staked: -1 for a lost wager, +1.5 for
a 3-to-2 win. RTP = 1 + E[net]; the house edge is its complement.
"""

import math
from dataclasses import asdict, dataclass, field
from fractions import Fraction

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
    def rtp(self):
        return self.rtp_fixed + self.rtp_progressive

    @property
    def house_edge(self):
        return 1 - self.rtp

    def to_json(self):
        spec = self.spec
        return {
            "game": spec.game,
            "wager": spec.wager,
            "paytable": spec.paytable,
            "decks": spec.decks,
            "variant": spec.variant,
            "title": spec.title,
            "rtp": self.rtp,
            "rtp_fixed": self.rtp_fixed,
            "rtp_progressive": self.rtp_progressive,
            "house_edge": self.house_edge,
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
