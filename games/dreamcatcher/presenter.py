"""What the Dreamcatcher templates show, computed from a table snapshot.

Presentation only: the rules decide, this arranges (wheel geometry, who bet
what where, labels). No queries: everything comes from the snapshot.
"""

import functools
import json
import math

from django.utils.html import format_html
from django.utils.safestring import mark_safe

from games import betting, presenting
from games.dreamcatcher import rules
from games.engine import CENTS_PER_CHIP
from games.settled import result_text

STEP = 360 / len(rules.WHEEL)
COLOURS = {
    "1": "#f2c94c", "2": "#56a0f5", "5": "#b07cf0", "10": "#3ecf8e",
    "20": "#f2994a", "40": "#eb5757", "2x": "#d9dde3", "7x": "#f7e08b",
}  # fmt: skip


def _point(radius, degrees):
    radians = math.radians(degrees - 90)  # 0 degrees is the pointer, at the top
    return round(100 + radius * math.cos(radians), 2), round(100 + radius * math.sin(radians), 2)


def _sections():
    sections = []
    for index, symbol in enumerate(rules.WHEEL):
        start, end = index * STEP - STEP / 2, index * STEP + STEP / 2
        (x0, y0), (x1, y1) = _point(96, start), _point(96, end)
        (x2, y2), (x3, y3) = _point(34, end), _point(34, start)
        label_x, label_y = _point(80, index * STEP)
        sections.append({
            "index": index,
            "symbol": symbol,
            "colour": COLOURS[symbol],
            "path": f"M{x0},{y0} A96,96 0 0,1 {x1},{y1} L{x2},{y2} A34,34 0 0,0 {x3},{y3} Z",
            "label_x": label_x,
            "label_y": label_y,
            "angle": round(index * STEP, 3),
        })  # fmt: skip
    return sections


SECTIONS = _sections()

# The sections never change: drawn once here, not at every push (looping over
# them in the template was three quarters of the table's render time).
WHEEL_PATHS = mark_safe("".join(
    format_html('<path d="{}" fill="{}" stroke="#1b1f2a" stroke-width=".6"/>', s["path"], s["colour"])
    for s in SECTIONS
))  # fmt: skip
WHEEL_LABELS = mark_safe("".join(
    format_html(
        '<text x="{0}" y="{1}" transform="rotate({2} {0} {1})" class="wl">{3}</text>',
        s["label_x"], s["label_y"], s["angle"], s["symbol"],
    )
    for s in SECTIONS
))  # fmt: skip


def _odds_text(spot):
    return f"{rules.PAYOUT_ODDS[spot]} to 1"


def present_table(table, snapshot, config):
    """What every viewer of this version sees (a Daphne works it out once
    per version, casino/tables/rendering.py)."""
    state = rules.State.from_json(snapshot["game"])
    nicknames = snapshot.get("nicknames", {})
    timer = snapshot.get("timer") or {}
    last = state.history[0] if state.history else None
    rest_section = _rest_section(state)

    # § 689a.2(c): the result is where the wheel comes to rest. A spin in
    # progress was drawn at "no more bets", but the pages learn only that it
    # turns ("spin", no target: they turn the wheel freely); the push of the
    # wheel stopping tells where ("land", which the pages ease it onto).
    spin = None
    if state.phase == rules.SPINNING and timer:
        spin = {
            "id": _spin_id(state, len(state.spins)),
            "direction": state.spins[-1]["direction"],
            "start_ms": int((timer["deadline"] - timer["seconds"]) * 1000),
            "duration_ms": int(timer["seconds"] * 1000),
        }
    stopped = len(state.spins) if state.phase == rules.RESULT else len(state.spins) - 1
    land = None
    if state.phase != rules.BETTING and stopped > 0:
        section = state.spins[stopped - 1]["section"]
        land = {"id": _spin_id(state, stopped), "section": section, "angle": round(-section * STEP, 3)}

    spots = []
    for spot in rules.SPOTS:
        bets = [
            {
                "nickname": nicknames.get(player, f"Player {player}"),
                "short": presenting.short_name(nicknames.get(player, f"Player {player}")),
                "amount": mine[spot],
                "player": int(player),
            }
            for player, mine in state.bets.items()
            if spot in mine
        ]
        spots.append({
            "spot": spot,
            "odds": _odds_text(spot),
            "colour": COLOURS[spot],
            "bets": bets,
            "total": sum(bet["amount"] for bet in bets),
            "winner": state.phase == rules.RESULT and state.result == spot,
        })  # fmt: skip

    seats = []
    for seat in range(1, table["max_seats"] + 1):
        player = snapshot["seats"].get(str(seat))
        entry = {"seat": seat, "player": player}
        if player is not None:
            entry["nickname"] = nicknames.get(str(player), f"Player {player}")
            entry["staked"] = state.staked(player)
            entry["result"] = _settled(state, player) if state.phase == rules.RESULT else None
        seats.append(entry)

    # What the spin in progress will stop on (a number, or one more
    # multiplier) is shown only once it has stopped.
    multiplier = _stopped_multiplier(state)
    if state.phase == rules.BETTING:
        phase_label = "Place your bets"
    elif state.phase == rules.SPINNING:
        phase_label = f"Bonus spin — winners × {multiplier}" if multiplier > 1 else "No more bets"
    else:
        phase_label = f"Result: {state.result}" + (f" × {multiplier}" if multiplier > 1 else "")

    context = {
        "state": state,
        "round": state.round,
        "phase": state.phase,
        "phase_label": phase_label,
        "betting_open": state.phase == rules.BETTING,
        "deadline_ms": presenting.shown_deadline_ms(timer) if timer else None,
        "wheel_paths": WHEEL_PATHS,
        "wheel_labels": WHEEL_LABELS,
        "rest_section": rest_section,
        "rest_angle": -rest_section * STEP,
        "spin_json": json.dumps(spin) if spin else "",
        "land_json": json.dumps(land) if land else "",
        # While the wheel turns, only the spins that have already stopped.
        "symbols_this_round": _stopped_symbols(state),
        "multiplier": multiplier,
        "spots": spots,
        # The multipliers the wheel has stopped on this round, stacking.
        "multiplier_stack": [symbol for symbol in _stopped_symbols(state) if symbol in rules.MULTIPLIERS],
        "winners": _winners(state, nicknames) if state.phase == rules.RESULT else [],
        "stats": _statistics(state.recent),
        "history": state.history,
        "last": last,
        "seats": seats,
        "log": list(reversed(snapshot.get("log", [])))[:14],
        "announce": snapshot.get("announce") or {"id": 0, "text": ""},
        "limit_min": config.min_bet * CENTS_PER_CHIP,
        "limit_max": config.max_bet * CENTS_PER_CHIP,
        "limit_payout": config.max_payout * CENTS_PER_CHIP,
        "colours": COLOURS,
    }
    return context


def present_viewer(context, table, snapshot, config, viewer_id, balance):
    """What only this viewer sees, added to ``context`` (present_table's,
    shared by every viewer: read it, never change it)."""
    state, max_seats = context["state"], table["max_seats"]
    seat = next((int(seat) for seat, player in snapshot["seats"].items() if player == viewer_id), None)
    mine = state.bets.get(str(viewer_id), {})
    return {
        "my_seat": seat,
        "my_bets": [(spot, mine[spot]) for spot in rules.SPOTS if spot in mine],
        "my_total": sum(mine.values()),
        "my_result": _settled(state, viewer_id) if state.phase == rules.RESULT else None,
        "can_rebet": bool(state.last_bets.get(str(viewer_id))) and not mine,
        "bet_tools": betting.tools(
            state.phase == rules.BETTING,
            seat is not None,
            mine,
            state.placed.get(str(viewer_id)),
            state.last_bets.get(str(viewer_id)),
        ),
        "table_full": seat is None and len(snapshot["seats"]) >= max_seats,
        "needs_top_up": balance is not None and balance < config.min_bet * CENTS_PER_CHIP,
    }


def _winners(state, nicknames):
    """The round's winners, biggest net win first: [{"nickname", "net"}]."""
    winners = []
    for player in state.results:
        settled = _settled(state, player)
        if settled["net"] > 0:
            winners.append({"nickname": nicknames.get(player, f"Player {player}"), "net": settled["net"]})
    return sorted(winners, key=lambda winner: -winner["net"])


def _statistics(recent):
    """How often each symbol came up in the last spins, beside what the wheel
    makes of it (§ 689a.1(a): its count of the 54 sections). Percentages to
    one decimal, for the bars' widths as well."""
    if not recent:
        return None
    counts = {symbol: 0 for symbol in rules.SECTION_COUNTS}
    for symbol in recent:
        counts[symbol] += 1
    rows = [
        {
            "symbol": symbol,
            "count": count,
            "seen_pct": round(100 * count / len(recent), 1),
            "expected_pct": round(100 * rules.SECTION_COUNTS[symbol] / len(rules.WHEEL), 1),
        }
        for symbol, count in counts.items()
    ]
    return {"spins": len(recent), "rows": rows}


def _spin_id(state, number):
    """The name of a round's ``number``-th spin (from 1), the same on every page."""
    return f"{state.round}-{number}"


def _settled(state, player):
    """A player's settled round: the rules' {"staked", "won", "capped"} plus
    what a player wants to read first, the net ("won" is the winnings on the
    winning area alone, which can be less than the wagers lost on the others),
    and those lost wagers. None for a player without a result."""
    result = state.results.get(str(player))
    if result is None:
        return None
    bets = state.bets.get(str(player), {})
    returned = bets.get(state.result, 0)
    lost = result["staked"] - returned
    lines = []
    for spot in rules.SPOTS:
        if spot not in bets:
            continue
        if spot == state.result:
            detail = "capped at the table maximum" if result["capped"] else ""
            lines.append(result_text(f"Bet on {spot}", result["won"], detail))
        else:
            lines.append(result_text(f"Bet on {spot}", -bets[spot]))
    return {
        **result,
        "lost": lost,
        "net": result["won"] - lost,
        "loss": lost - result["won"],
        "lines": lines,
    }


def _rest_section(state):
    """Where the wheel stands still: while it turns, where this spin started
    (where it will stop is not told before it has, see ``present``)."""
    if state.spins and state.phase == rules.RESULT:
        return state.spins[-1]["section"]
    if state.phase == rules.SPINNING and len(state.spins) > 1:
        return state.spins[-2]["section"]
    return _rest_section_before(state)


def _rest_section_before(state):
    """Where the wheel stood before this round's first spin: the last round's result."""
    if state.history:
        return _last_section(state.history[0])
    return 0


def _last_section(entry):
    symbols = entry.get("sections")
    if symbols:
        return symbols[-1]
    return rules.WHEEL.index(entry["result"])


def _stopped_multiplier(state):
    """The product of the multiplier sections the wheel has already stopped on."""
    product = 1
    for symbol in _stopped_symbols(state):
        product *= rules.MULTIPLIERS.get(symbol, 1)
    return product


def _stopped_symbols(state):
    if state.phase == rules.SPINNING:
        return state.symbols[:-1]
    if state.phase == rules.RESULT:
        return state.symbols
    return []


present = functools.partial(presenting.present, present_table, present_viewer)


def last_result(game_state):
    """The lobby's "last result" of a table: "10", or "10 ×14" after bonus spins."""
    history = game_state.get("history") or []
    if not history:
        return None
    last = history[0]
    return last["result"] + (f" ×{last['multiplier']}" if last["multiplier"] > 1 else "")


def lobby_view(game_state):
    """The lobby tile's picture of the table: the wheel's last results, newest first."""
    history = (game_state.get("history") or [])[:LOBBY_RESULTS]
    if not history:
        return None
    return {
        "label": "Last spins",
        "results": [{"result": h["result"], "multiplier": h["multiplier"]} for h in history],
    }


LOBBY_RESULTS = 8


def limits_text(config):
    """The lobby's limits: "1–500 per spot · max payout 50,000"."""
    return f"{config.min_bet:,}–{config.max_bet:,} per spot · max payout {config.max_payout:,}"
