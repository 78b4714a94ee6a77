"""Geometry of the lab's server-rendered SVG charts (no script, no CDN): the
templates lab/_bar_chart.html and lab/_band_chart.html draw what these return.
Values are RTPs (1.0 = 100%). ``axis`` and ``scale`` are the frame every
chart of the site is drawn in (the "My play" balance chart too,
casino/history/chart.py)."""

import math

WIDTH = 640
HEIGHT = 240
LEFT = 52  # room for the axis labels
RIGHT = 12
TOP = 14
BOTTOM = 46  # room for the bar labels


def axis(low, high, ticks=5):
    """A rounded value range and its tick values covering [low, high]."""
    if high <= low:
        low, high = low - 0.01, high + 0.01
    raw = (high - low) / ticks
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    start = math.floor(low / step) * step
    end = math.ceil(high / step) * step
    values = []
    value = start
    while value <= end + step / 1000:
        values.append(round(value, 10))
        value += step
    return start, end, values


def scale(low, high, top=TOP, height=HEIGHT - TOP - BOTTOM):
    """The y of a value, for a plot ``height`` high from ``top`` down (the lab's frame by default)."""
    span = high - low or 1

    def y(value):
        return round(top + height * (1 - (value - low) / span), 2)

    return y


def bar_chart(bars, title):
    """``bars``: [(label, rtp, note)]. The axis spans the values and 100%."""
    values = [value for _, value, _ in bars]
    low, high, ticks = axis(min(values + [1.0]) - 0.005, max(values + [1.0]))
    low = max(low, 0.0) if min(values) >= 0 else low
    y = scale(low, high)
    plot = WIDTH - LEFT - RIGHT
    slot = plot / max(len(bars), 1)
    width = min(48, slot * 0.7)
    shapes = []
    for index, (label, value, note) in enumerate(bars):
        x = LEFT + slot * index + (slot - width) / 2
        top = y(value)
        shapes.append(
            {
                "x": round(x, 2),
                "y": top,
                "width": round(width, 2),
                "height": round(y(low) - top, 2),
                "label": label,
                "note": note,
                "value": f"{100 * value:.2f}%",
                "center": round(x + width / 2, 2),
                "best": value == max(values),
            }
        )
    return {
        "title": title,
        "width": WIDTH,
        "height": HEIGHT,
        "left": LEFT,
        "right": WIDTH - RIGHT,
        "baseline": y(low),
        "label_y": HEIGHT - BOTTOM + 16,
        "note_y": HEIGHT - BOTTOM + 30,
        "bars": shapes,
        "ticks": [{"y": y(value), "label": f"{100 * value:g}%"} for value in ticks],
        "even": y(1.0) if low <= 1.0 <= high else None,
    }


def band_chart(trace, title, reference=None):
    """``trace``: [[rounds, rtp, low, high], ...] of a simulation; the running
    RTP as a line inside its 99% band, and ``reference`` (an exact or long-run
    RTP) as a dashed line."""
    if not trace:
        return None
    points = [point for point in trace if point[0] > 0]
    if not points:
        return None
    values = [v for point in points for v in point[1:]] + ([reference] if reference is not None else [])
    # Early checkpoints have very wide bands: clip the axis to a sensible window.
    final = points[-1]
    spread = max(final[3] - final[2], 0.002) * 6
    low, high, ticks = axis(max(min(values), final[1] - spread), min(max(values), final[1] + spread))
    y = scale(low, high)
    plot = WIDTH - LEFT - RIGHT
    most = points[-1][0]

    def x(rounds):
        return round(LEFT + plot * rounds / most, 2)

    def clip(value):
        return min(max(value, low), high)

    line = " ".join(f"{x(n)},{y(clip(rtp))}" for n, rtp, _, _ in points)
    upper = [f"{x(n)},{y(clip(hi))}" for n, _, _, hi in points]
    lower = [f"{x(n)},{y(clip(lo))}" for n, _, lo, _ in reversed(points)]
    return {
        "title": title,
        "width": WIDTH,
        "height": HEIGHT,
        "left": LEFT,
        "right": WIDTH - RIGHT,
        "baseline": y(low),
        "line": line,
        "band": " ".join(upper + lower),
        "ticks": [{"y": y(value), "label": f"{100 * value:g}%"} for value in ticks],
        "reference": y(reference) if reference is not None and low <= reference <= high else None,
        "reference_label": f"{100 * reference:.3f}%" if reference is not None else "",
        "rounds": f"{most:,}",
        "final": f"{100 * final[1]:.3f}% (99%: {100 * final[2]:.3f}–{100 * final[3]:.3f}%)",
    }
