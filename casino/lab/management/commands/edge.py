"""``manage.py edge``: the return to player and house edge of every wager and
paytable the regulation allows, exact or simulated (docs/designers.md)."""

import json
import time

from django.core.management.base import BaseCommand, CommandError

from casino.lab import registry
from casino.lab.models import SimulationRun

COLUMNS = [
    ("game", "game", "<"),
    ("wager", "wager", "<"),
    ("paytable", "paytable", "<"),
    ("decks", "decks", ">"),
    ("variant", "variant", "<"),
    ("method", "method", "<"),
    ("rtp", "RTP %", ">"),
    ("rtp_fixed", "fixed %", ">"),
    ("rtp_progressive", "meter %", ">"),
    ("house_edge", "edge %", ">"),
    ("contribution", "adds %", ">"),
    ("hit_frequency", "hit %", ">"),
    ("std_dev", "SD", ">"),
    ("rounds", "rounds", ">"),
    ("ci99", "99% CI (RTP %)", "<"),
]
PERCENT_KEYS = {"rtp", "rtp_fixed", "rtp_progressive", "house_edge", "hit_frequency", "contribution"}


class ProgressBar:
    """One line on stderr, redrawn in place: long simulations show progress."""

    WIDTH = 30

    def __init__(self, stream, label):
        self.stream = stream
        self.label = label
        self.started = time.monotonic()
        self.shown = -1

    def __call__(self, done, total, trace=None):
        percent = int(100 * done / total) if total else 100
        if percent == self.shown:
            return
        self.shown = percent
        filled = self.WIDTH * percent // 100
        bar = "#" * filled + "." * (self.WIDTH - filled)
        elapsed = time.monotonic() - self.started
        self.stream.write(
            f"\r[{bar}] {percent:3d}% {done:,}/{total:,} {self.label} ({elapsed:.0f} s)", ending=""
        )
        self.stream.flush()

    def close(self):
        if self.shown >= 0:
            self.stream.write("")


class Command(BaseCommand):
    help = (
        "Print the RTP and house edge of every wager and paytable (exact or simulated); a bonus paid on "
        "top of a wager (an Ante Bonus, an Envy, the Mystery bonus) shows what it adds to that wager "
        "instead (adds %, per unit of that wager)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--json", action="store_true", help="Print a JSON array, one object per row.")
        parser.add_argument("--game", help="Only this game (its app slug, e.g. pai_gow).")
        parser.add_argument("--wager", help="Only this wager (e.g. match_the_dealer).")
        parser.add_argument(
            "--rounds", type=int, help="Rounds for each simulated row (default: each row's own default)."
        )
        parser.add_argument("--seed", type=int, default=0, help="Seed of the simulations (default 0).")
        parser.add_argument("--exact-only", action="store_true", help="Skip the simulated rows.")
        parser.add_argument(
            "--save", action="store_true", help="Keep simulated rows as lab runs (shown on the /lab/ page)."
        )
        parser.add_argument("--no-progress", action="store_true", help="No progress bar on stderr.")

    def handle(self, *args, **options):
        game = options["game"]
        slugs = [spec.slug for spec in registry.lab_games()]
        if game is not None and game not in slugs:
            raise CommandError(f"Unknown game {game!r}; the lab knows: {', '.join(slugs)}.")
        if options["rounds"] is not None and options["rounds"] < 1:
            raise CommandError("--rounds must be at least 1.")
        specs = [
            spec
            for spec in registry.specs(game)
            if (options["wager"] is None or spec.wager == options["wager"])
            and not (options["exact_only"] and registry.is_simulated(spec))
        ]
        rows = [self._row(spec, options) for spec in specs]
        if options["json"]:
            self.stdout.write(json.dumps([row.to_json() for row in rows], indent=1))
        else:
            self.stdout.write(table([row.to_json() for row in rows]))

    def _row(self, spec, options):
        if registry.is_exact(spec):
            return registry.compute(spec)
        rounds = options["rounds"] or spec.default_rounds
        bar = None
        if not options["no_progress"]:
            bar = ProgressBar(self.stderr, spec.title)
        try:
            row = registry.compute(spec, rounds=rounds, seed=options["seed"], progress=bar)
        finally:
            if bar is not None:
                bar.close()
        if options["save"]:
            SimulationRun.objects.create(
                key=spec.key,
                title=spec.title,
                seed=options["seed"],
                rounds=rounds,
                status=SimulationRun.DONE,
                done=row.rounds,
                result={**row.to_json(), "trace": row.trace},
            )
        return row


def cell(key, value):
    if value is None:
        return ""
    if key in PERCENT_KEYS:
        return f"{100 * value:.4f}"
    if key == "std_dev":
        return f"{value:.4f}"
    if key == "rounds":
        return f"{value:,}"
    if key == "ci99":
        return f"{100 * value[0]:.3f} – {100 * value[1]:.3f}"
    return str(value)


def table(rows):
    """The rows as an aligned text table."""
    cells = [[cell(key, row.get(key)) for key, _, _ in COLUMNS] for row in rows]
    widths = [max([len(title)] + [len(line[i]) for line in cells]) for i, (_, title, _) in enumerate(COLUMNS)]

    def render(values):
        parts = [
            f"{value:{align}{width}}"
            for value, width, (_, _, align) in zip(values, widths, COLUMNS, strict=True)
        ]
        return "  ".join(parts).rstrip()

    lines = [render([title for _, title, _ in COLUMNS]), render(["-" * width for width in widths])]
    lines += [render(line) for line in cells]
    return "\n".join(lines) + "\n"
