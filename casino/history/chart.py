"""The "My play" balance chart: a line on the axis of the site's other
server-rendered SVG charts (casino/lab/charts.py), drawn by
templates/history/_balance_chart.html. No script and no <style> element, so
the Content-Security-Policy has nothing to refuse."""

from django.utils import timezone

from casino.lab import charts
from games.engine import CENTS_PER_CHIP, format_chips

# A flat or nearly flat balance still gets an axis of whole chips.
LEAST_SPAN = 10 * CENTS_PER_CHIP

# Smaller than the lab's frame, so that its labels stay legible on a phone,
# where the chart is drawn at about 340 px wide (casino.css caps it on a desktop).
WIDTH, HEIGHT = 400, 200
LEFT, RIGHT, TOP, BOTTOM = 56, 8, 10, 26


def tick_label(cents):
    chips = cents / CENTS_PER_CHIP
    if abs(chips) >= 100_000:
        return f"{chips / 1000:,.0f}k"
    return format_chips(int(cents))


def date_labels(first, last):
    """The labels of the time axis's two ends, in the page's time zone, never
    two alike: the days, or within one day the day and time then the time;
    within one minute, the one label ("" for the other)."""
    first, last = timezone.localtime(first), timezone.localtime(last)
    if first.date() != last.date():
        return f"{first:%Y-%m-%d}", f"{last:%Y-%m-%d}"
    start, end = f"{first:%Y-%m-%d %H:%M}", f"{last:%H:%M}"
    return (start, end) if not start.endswith(end) else (start, "")


def balance_chart(points, facts):
    """``points``, ``facts``: play.balance_points(). None without movements."""
    if not points:
        return None
    low, high = facts["low"], facts["high"]
    if high - low < LEAST_SPAN:
        middle = (high + low) / 2
        low, high = max(0, middle - LEAST_SPAN / 2), max(0, middle - LEAST_SPAN / 2) + LEAST_SPAN
    low, high, ticks = charts.axis(low, high)
    y = charts.scale(low, high, top=TOP, height=HEIGHT - TOP - BOTTOM)
    plot = WIDTH - LEFT - RIGHT
    last = points[-1][0] or 1

    def x(index):
        return round(LEFT + plot * index / last, 2)

    line = " ".join(f"{x(index)},{y(balance)}" for index, balance in points)
    if len(points) == 1:  # one movement: a level line across the chart
        line = f"{LEFT},{y(points[0][1])} {WIDTH - RIGHT},{y(points[0][1])}"
    results = facts["results"]
    first, last = date_labels(facts["first"], facts["last"])
    summary = (
        f"Your balance after each of {results:,} settled result{'s' if results != 1 else ''}, "
        f"{f'from {first} to {last}' if last else f'on {first}'}: "
        f"it started at {format_chips(facts['start'])} and is {format_chips(facts['end'])} now; "
        f"lowest {format_chips(facts['low'])}, highest {format_chips(facts['high'])}."
    )
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "left": LEFT,
        "right": WIDTH - RIGHT,
        "date_y": HEIGHT - BOTTOM + 18,
        "line": line,
        "ticks": [{"y": y(value), "label": tick_label(value)} for value in ticks],
        "first": first,
        "last": last,
        "summary": summary,
    }
