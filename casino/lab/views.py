"""The lab page (/lab/): every row's figures, charts per wager, what-if
paytables and simulations with progress. Staff and designer accounts only."""

from itertools import groupby

from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.template.defaultfilters import pluralize
from django.views.decorators.http import require_POST

from casino.lab import charts, jobs, registry
from casino.lab.access import designer_required
from casino.lab.models import SimulationRun
from casino.tables import registry as games
from casino.tables.models import Table

DEFAULT_SEED = 0


def _games():
    return [(spec.slug, spec.name) for spec in registry.lab_games()]


def _latest_runs(keys):
    """The latest finished run of each simulated row on the regulation's paytable."""
    latest = {}
    for run in SimulationRun.objects.filter(key__in=keys, status=SimulationRun.DONE, payouts={}).order_by(
        "-id"
    ):
        latest.setdefault(run.key, run)
    return latest


def _rows(specs, pending=None):
    """[(spec, figures JSON or None, run or None)] for the table. With a
    ``pending`` list, exact rows not worked out yet (neither by this process
    nor kept from an earlier one) come without figures and are added to it
    (the all-games page), instead of being worked out before the page is sent."""
    runs = _latest_runs([spec.key for spec in specs if registry.is_simulated(spec)])
    rows = []
    for spec in specs:
        if registry.is_exact(spec):
            if pending is None:
                figures = registry.exact_figures(spec)
            else:
                figures = registry.known_exact_figures(spec)
                if figures is None and not registry.failed_exact_row(spec):
                    pending.append(spec)
            rows.append((spec, figures, None))
        else:
            run = runs.get(spec.key)
            rows.append((spec, run.result if run else _reference_figures(spec), run))
    return rows


def _reference_figures(spec):
    """The figures of the row's long reference run (until a designer runs one)."""
    reference = registry.reference_run(spec)
    if reference is None:
        return None
    meter = reference.get("rtp_progressive", 0.0)  # exact: the band is the fixed part's
    rtp = reference["rtp"] + meter
    return {
        "rtp": rtp,
        "rtp_fixed": reference["rtp"],
        "rtp_progressive": meter,
        "house_edge": 1 - rtp,
        "hit_frequency": None,
        "std_dev": reference["std_dev"],
        "rounds": reference["rounds"],
        "ci99": [bound + meter for bound in reference["ci99"]],
        "seed": reference["seed"],
        "reference": True,
        # A blackjack main row: the solver's exact RTP of the strategy the run played.
        "details": {"solver_rtp": reference["solver_rtp"]} if "solver_rtp" in reference else {},
    }


def _bar_label(spec):
    """(label, note) of a row's bar: its paytable (or variant), and the deck count."""
    label = " ".join(part for part in (spec.paytable, spec.variant) if part)
    decks = f"{spec.decks}d" if spec.decks else ""
    if label:
        return label, decks
    return (f"{spec.decks} deck{pluralize(spec.decks)}" if spec.decks else spec.wager), ""


def _charts(rows):
    """One bar chart per (game, wager): RTP by paytable and deck count. A
    bonus row has no RTP (what it adds to another wager is in the table)."""
    found = []
    key = lambda item: (item[0].game, item[0].wager)  # noqa: E731
    for (game, wager), group in groupby(rows, key=key):
        bars = [
            (*_bar_label(spec), figures["rtp"])
            for spec, figures, _ in group
            if figures is not None and figures.get("rtp") is not None
        ]
        if len(bars) < 2:
            continue
        title = f"{games.get(game).name}: {wager.replace('_', ' ')}, RTP by paytable"
        if any(note for _, note, _ in bars):
            title += " (under each bar: its decks)"
        found.append(charts.bar_chart([(label, rtp, note) for label, note, rtp in bars], title))
    return found


@designer_required
def home(request):
    game = request.GET.get("game") or None
    if game is not None and game not in dict(_games()):
        game = None
    # Every game's exact rows take tens of seconds in a fresh process: the
    # all-games page comes at once and polls while a thread works them out;
    # one game's rows (a few seconds at most) come worked out.
    pending = [] if game is None else None
    rows = _rows(registry.specs(game), pending)
    if pending:
        registry.work_out_in_background(pending)
    context = {
        "rows": rows,
        "games": _games(),
        "game": game,
        "pending": len(pending or ()),
        "failed": {
            spec.key for spec, figures, _ in rows if figures is None and registry.failed_exact_row(spec)
        },
    }
    context["charts"] = [] if pending else _charts(rows)
    if not request.htmx:
        # Test tables are listed here, never in the public lobby (docs/architecture.md, "Randomness").
        context["test_tables"] = list(Table.objects.filter(is_open=True, is_test=True))
    template = "lab/_table.html" if request.htmx else "lab/home.html"
    return render(request, template, context)


def _spec(key):
    try:
        return registry.spec_for(key)
    except (registry.UnknownRow, KeyError):
        raise Http404("No such lab row.") from None


@designer_required
def row(request, key):
    spec = _spec(key)
    context = {"spec": spec, "game_name": games.get(spec.game).name, "lines": registry.compute_lines(spec)}
    if registry.is_exact(spec):
        context["figures"] = registry.exact_figures(spec)
    else:
        runs = list(SimulationRun.objects.filter(key=spec.key)[:20])
        context["runs"] = runs
        context["run"] = runs[0] if runs else None
        context["default_rounds"] = spec.default_rounds
        context["default_seed"] = DEFAULT_SEED
        context["max_rounds"] = jobs.MAX_ROUNDS
        context["max_minutes"] = jobs.MAX_SECONDS // 60
        context["reference"] = _reference_figures(spec)
        if context["run"]:
            context.update(_run_context(context["run"]))
    return render(request, "lab/row.html", context)


def _payout_texts(request, lines):
    """The lines a designer changed: {key: text} (unchanged lines left out)."""
    changed = {}
    for line in lines:
        text = request.POST.get(f"line-{line['key']}", "").strip()
        if text and text != line["payout"]:
            changed[line["key"]] = text
    return changed


@designer_required
@require_POST
def what_if(request, key):
    """An exact row recomputed at once with a designer's copy of its paytable."""
    spec = _spec(key)
    if not registry.is_exact(spec):
        raise Http404("Simulated rows take a simulation: start one below.")
    lines = registry.compute_lines(spec)
    texts = _payout_texts(request, lines)
    context = {"spec": spec, "regulation": registry.compute(spec).to_json(), "changed": texts}
    try:
        payouts = jobs.parse_payouts(texts, {line["key"] for line in lines})
    except jobs.BadPayouts as exc:
        context["errors"] = exc.errors
    else:
        context["figures"] = registry.compute(spec, payouts=payouts or None).to_json()
    return render(request, "lab/_what_if.html", context)


def _number(text, default, low, high, what, errors):
    if text in (None, ""):
        return default
    try:
        value = int(text)
    except ValueError:
        errors.append(f"{what} must be a whole number.")
        return default
    if not low <= value <= high:
        errors.append(f"{what} must be from {low:,} to {high:,}.")
    return value


@designer_required
@require_POST
def simulate(request, key):
    spec = _spec(key)
    if not registry.is_simulated(spec):
        raise Http404("Exact rows need no simulation.")
    errors = []
    rounds = _number(request.POST.get("rounds"), spec.default_rounds, 100, jobs.MAX_ROUNDS, "Rounds", errors)
    seed = _number(request.POST.get("seed"), DEFAULT_SEED, 0, 2**63 - 1, "The seed", errors)
    lines = registry.compute_lines(spec)
    texts = _payout_texts(request, lines)
    try:
        jobs.parse_payouts(texts, {line["key"] for line in lines})
    except jobs.BadPayouts as exc:
        errors += [f"{key}: {message}" for key, message in exc.errors.items()]
    if not errors and jobs.busy():
        errors.append(jobs.busy())
    if errors:
        return render(request, "lab/_run.html", {"spec": spec, "errors": errors})
    run = jobs.start(spec, rounds=rounds, seed=seed, payouts_text=texts, user=request.user)
    if not request.htmx:
        return redirect("lab:row", key=spec.key)
    return render(request, "lab/_run.html", {"spec": spec, **_run_context(run)})


def _run_context(run):
    """The run and its chart: the running RTP inside its 99% band, drawn from
    the trace so far while it runs (updated as the page polls), in full when done."""
    context = {"run": run}
    if run.status == SimulationRun.DONE and run.result:
        trace = run.result.get("trace") or []
    elif run.status == SimulationRun.RUNNING:
        trace = run.running_trace
    else:
        return context
    spec = registry.spec_for(run.key)
    reference = None if run.is_what_if else _reference_figures(spec)
    context["chart"] = charts.band_chart(trace, run.title, reference["rtp"] if reference else None)
    if run.is_what_if and run.status == SimulationRun.DONE:
        # What the designer's copy is set beside: the regulation's paytable's latest run, or its reference.
        latest = _latest_runs([run.key]).get(run.key)
        context["regulation"] = latest.result if latest else _reference_figures(spec)
    return context


@designer_required
def run_status(request, pk):
    run = get_object_or_404(SimulationRun, pk=pk)
    spec = _spec(run.key)
    return render(request, "lab/_run.html", {"spec": spec, **_run_context(run)})
