"""What the Pai Gow Poker table shows (templates/pai_gow/), computed from a
table snapshot: the status and its clocks, the shaker and its three dice,
the dealer's and every seat's seven cards, the betting areas the table
offers, and the viewer's own controls (bets, "Shake", setting the hand).

Presentation only: the rules decide, this arranges. No queries: everything
comes from the snapshot and the table's meta.

What never leaves the server before its time:
- the dice while they tumble (``ROLLING``): the rules already hold the roll,
  but the page shows tumbling dice without values until the phase is over;
- every hand before the result: the public fragments (shared by every
  viewer) draw a seat's and the dealer's seven cards as card backs named
  only "face-down card"; a player's own seven cards are in their private
  fragment alone;
- the deck (the cards to come), which nothing here reads.

The setting aid does no poker in the browser: for the viewer's own seven
cards the presenter names the high and low hand of all 21 settings and marks
the fouls (``setting_table``); the page's script only looks the chosen pair up.
"""

import functools
import json
from itertools import combinations

from django.template.loader import render_to_string
from django.utils.safestring import mark_safe

from games import betting
from games.cards import poker
from games.cards.cards import card, cards
from games.engine import CENTS_PER_CHIP
from games.pai_gow import house_way, paytables, rules
from games.settled import seat_result

BACK = "back"
PROGRESSIVE_KIND = "progressive_payout"
LOG_SHOWN = 30
LABELS = {
    rules.MAIN: ("Pai Gow Poker", "Pai Gow"),
    rules.FORTUNE: ("Fortune bonus", "Fortune"),
    rules.PROGRESSIVE: ("Progressive $1", "Progressive"),
    rules.TIGER_9: ("Tiger 9", "Tiger 9"),
    rules.SUM: ("Sum", "Sum"),
    **{area: (f"Match {area[-1]}", f"Match {area[-1]}") for area in rules.MATCH_AREAS},
    rules.BEAT_IT: ("Beat It", "Beat It"),
}
DICE_COLOURS = ("red", "blue", "blue")
# Pips of a die face in a 30×30 box.
_PIP = {
    "tl": (8, 8),
    "tr": (22, 8),
    "ml": (8, 15),
    "c": (15, 15),
    "mr": (22, 15),
    "bl": (8, 22),
    "br": (22, 22),
}
FACE_PIPS = {
    1: ("c",),
    2: ("tl", "br"),
    3: ("tl", "c", "br"),
    4: ("tl", "tr", "bl", "br"),
    5: ("tl", "tr", "c", "bl", "br"),
    6: ("tl", "tr", "ml", "mr", "bl", "br"),
}


@functools.lru_cache(maxsize=128)
def card_svg(text):
    """One card's SVG (templates/cards/_card.html), drawn once per process."""
    return mark_safe(render_to_string("cards/_card.html", {"card": text}).strip())


def _card_views(items):
    return [{"svg": card_svg(item), "card": item, "name": card(item).name} for item in items]


def _backs(count):
    return [{"svg": card_svg(BACK), "card": BACK, "name": "face-down card"}] * count


def _labels(items):
    return " ".join(item.label for item in cards(items))


def hand_names(high, low):
    """(high hand's name, low hand's name, foul?) of a setting of card strings."""
    high_cards, low_cards = cards(high), cards(low)
    return poker.describe5(high_cards), poker.describe2(low_cards), house_way.is_foul(high_cards, low_cards)


def setting_table(seven):
    """{"i-j": [high name, low name, foul]} for the 21 ways to set ``seven``
    (card strings) with cards i and j (positions, i < j) in the low hand."""
    table = {}
    for i, j in combinations(range(len(seven)), 2):
        low = [seven[i], seven[j]]
        high = [item for index, item in enumerate(seven) if index not in (i, j)]
        table[f"{i}-{j}"] = list(hand_names(high, low))
    return table


def offers_progressive(table, config):
    """The $1 progressive area shows when the Rules Submission offers it and
    a progressive payout meter is linked to the table (``meter_kinds``):
    without one the wager would be refused and returned at "no more bets"."""
    if not config.offers(rules.PROGRESSIVE):
        return False
    kinds = table.get("meter_kinds")
    return kinds is None or PROGRESSIVE_KIND in kinds


def betting_areas(table, config):
    areas = []
    for area in rules.AREAS:
        if area == rules.PROGRESSIVE:
            if offers_progressive(table, config):
                areas.append(area)
        elif config.offers(area):
            areas.append(area)
    return areas


def limits_text(config):
    """The lobby's limits: "5–500 Pai Gow Poker · side wagers up to 100 · progressive $1"."""
    parts = [f"{config.min_bet:,}–{config.max_bet:,} Pai Gow Poker"]
    sides = [LABELS[area][0] for area in (rules.FORTUNE, rules.TIGER_9) if config.offers(area)]
    if config.dice:
        sides.append("dice wagers")
    if sides:
        parts.append(f"{', '.join(sides)} up to {config.side_max:,}")
    if config.offers(rules.PROGRESSIVE):
        parts.append("progressive $1")
    return " · ".join(parts)


def layout_text(config):
    if config.commission_free:
        return (
            "Commission-free: a winning Pai Gow Poker wager is paid 1 to 1 with no commission. "
            "A dealer Tiger 9 (a 9-high low hand) pushes all Pai Gow Poker wagers; "
            "the Tiger 9 wager pays 30 to 1."
        )
    return "A winning Pai Gow Poker wager is paid 1 to 1 less a 5% commission. Copies go to the dealer."


def _area_note(area, config):
    if area == rules.MAIN:
        return "1 to 1" if config.commission_free else "1 to 1 less 5%"
    if area == rules.TIGER_9:
        return "30 to 1"
    if area == rules.SUM:
        return f"paytable {rules.LETTERS[config.sum_paytable - 1]}"
    if area == rules.BEAT_IT:
        return f"paytable {rules.LETTERS[config.beat_it_paytable - 1]}"
    if area == rules.PROGRESSIVE:
        return "meter"
    if area == rules.FORTUNE:
        return "seven-card hand"
    return "the dice"


def present(table, snapshot, config, viewer_id, balance):
    state = rules.State.from_json(snapshot["game"])
    nicknames = snapshot.get("nicknames", {})
    timer = snapshot.get("timer") or {}
    areas = betting_areas(table, config)
    seats = [_seat(state, snapshot, nicknames, seat) for seat in range(1, table["max_seats"] + 1)]
    dealer = _dealer(state, config)
    context = {
        "round": state.round,
        "phase": state.phase,
        "phase_label": _phase_label(state, nicknames, dealer),
        "deadline_ms": int(timer["deadline"] * 1000) if timer and state.phase != rules.RESULT else None,
        "clock_label": _clock_label(state.phase),
        "shooter": state.shooter if state.phase == rules.SHAKING else None,
        "shooter_name": _name_of(state, nicknames, state.shooter) if state.shooter else "",
        "dice": _dice(state, config),
        "dealer": dealer,
        "seats": seats,
        "areas": [
            {"area": area, "label": LABELS[area][0], "note": _area_note(area, config)} for area in areas
        ],
        "commission_free": bool(config.commission_free),
        "layout_text": layout_text(config),
        "limits": limits_text(config),
        "log": list(reversed(snapshot.get("log", [])))[:LOG_SHOWN],
        "announce": _announcement(state, snapshot, seats, dealer),
    }
    if viewer_id is not None or balance is not None:
        context.update(_private(state, snapshot, config, viewer_id, balance, table, areas, seats))
    return context


def _name_of(state, nicknames, seat):
    spot = state.spots.get(str(seat))
    if not spot:
        return f"Seat {seat}"
    return nicknames.get(str(spot["player"]), f"Seat {seat}")


def _phase_label(state, nicknames, dealer):
    if state.phase == rules.BETTING:
        return "Place your bets"
    if state.phase == rules.SHAKING:
        return f"{_name_of(state, nicknames, state.shooter)} to shake (seat {state.shooter})"
    if state.phase == rules.ROLLING:
        return "The dice are rolling"
    if state.phase == rules.SETTING:
        return "Set your hands"
    if dealer["high"]:
        if dealer["tiger"]:
            return f"Dealer Tiger 9: {dealer['low']['name']}, all Pai Gow Poker wagers push"
        return f"Dealer: {dealer['high']['name']} / {dealer['low']['name']}"
    return "Round over"


def _clock_label(phase):
    return {
        rules.BETTING: "Betting closes in",
        rules.SHAKING: "The dealer shakes in",
        rules.ROLLING: "The dice land in",
        rules.SETTING: "Setting clock",
    }.get(phase)


def _dice(state, config):
    """The three dice: blank at rest, tumbling (no values anywhere) while
    they roll, their faces once the roll phase is over."""
    if not config.dice:
        return None
    if state.phase == rules.ROLLING:
        return {"state": "rolling", "dice": [{"colour": colour} for colour in DICE_COLOURS], "text": ""}
    if state.phase in (rules.SETTING, rules.RESULT) and state.roll:
        dice = [
            {
                "colour": colour,
                "value": value,
                "pips": [_PIP[name] for name in FACE_PIPS[value]],
            }
            for colour, value in zip(DICE_COLOURS, state.roll, strict=True)
        ]
        red, first, second = state.roll
        text = f"Red {red}, blue {first} and {second}: total {red + first + second}"
        return {"state": "shown", "dice": dice, "text": text}
    return {"state": "rest", "dice": [{"colour": colour} for colour in DICE_COLOURS], "text": ""}


def _setting_view(high, low, set_by=None):
    high_name, low_name, foul = hand_names(high, low)
    return {
        "high": {"cards": _card_views(high), "name": high_name, "labels": _labels(high)},
        "low": {"cards": _card_views(low), "name": low_name, "labels": _labels(low)},
        "foul": foul,
        "set_by": set_by,
    }


def _dealer(state, config):
    view = {"backs": [], "high": None, "low": None, "tiger": False, "dealt": bool(state.dealer)}
    if state.phase == rules.RESULT and state.dealer.get("high"):
        setting = _setting_view(state.dealer["high"], state.dealer["low"])
        view.update(high=setting["high"], low=setting["low"])
        view["tiger"] = bool(config.commission_free) and paytables.is_tiger_9(cards(state.dealer["low"]))
    elif state.dealer.get("cards"):
        view["backs"] = _backs(len(state.dealer["cards"]))
    return view


def staked(spot):
    return sum(spot["bets"].values())


def _seat(state, snapshot, nicknames, seat):
    occupant = snapshot["seats"].get(str(seat))
    spot = state.spots.get(str(seat))
    player = spot["player"] if spot else occupant
    view = {
        "seat": seat,
        "player": player,
        "nickname": nicknames.get(str(player)) if player is not None else None,
        "is_shooter": state.phase == rules.SHAKING and state.shooter == seat,
        "left": bool(spot and spot["left"]),
        "bets": [],
        "backs": [],
        "status": "",
        "setting": None,
        "result": None,
    }
    if player is not None and view["nickname"] is None:
        view["nickname"] = f"Player {player}"
    if not spot:
        return view
    view["bets"] = [
        {"area": area, "label": LABELS[area][1], "title": LABELS[area][0], "amount": spot["bets"][area]}
        for area in rules.AREAS
        if spot["bets"].get(area)
    ]
    if state.phase == rules.RESULT and spot.get("high"):
        view["setting"] = _setting_view(spot["high"], spot["low"], spot["set_by"])
    elif spot.get("cards"):
        # Face down to everyone until the result (the owner sees them in #pg-me).
        view["backs"] = _backs(len(spot["cards"]))
        view["status"] = "Hand set" if spot.get("high") else "Setting…"
    result = state.results.get(str(seat)) if state.phase == rules.RESULT else None
    if result is not None:
        net = result["paid"] - staked(spot)
        view["result"] = seat_result(result, net)
    return view


def _announcement(state, snapshot, seats, dealer):
    """What the page tells screen readers (#announce-src; a new id is read
    out). The runtime announces what the table's clock does (no more bets,
    the dice, the dealer's shake); a player's shake and the last player's
    setting (which settles the round) are announced from the state."""
    announce = snapshot.get("announce") or {"id": 0, "text": ""}
    if state.phase == rules.ROLLING:
        return {"id": f"{state.round}roll", "text": "The dice are rolling."}
    if state.phase not in (rules.RESULT, rules.BETTING):
        return announce
    text = ""
    if state.phase == rules.RESULT:
        parts = [_phase_label(state, snapshot.get("nicknames", {}), dealer) + "."]
        for seat in seats:
            if seat["result"]:
                lines = "; ".join(seat["result"]["lines"])
                parts.append(f"{seat['nickname']}: {lines} ({seat['result']['badge_text']}).")
        text = " ".join(parts)
    return {"id": f"{announce['id']}r", "text": text}


def _private(state, snapshot, config, viewer_id, balance, table, areas, seats):
    seat = next((int(seat) for seat, player in snapshot["seats"].items() if player == viewer_id), None)
    spot = state.spots.get(str(seat)) if seat is not None else None
    if spot is not None and spot["player"] != viewer_id:
        spot = None  # a spot left by the seat's previous player
    mine = spot["bets"] if spot else {}
    nicknames = snapshot.get("nicknames", {})
    context = {
        "my_seat": seat,
        "my_view": seats[seat - 1] if spot is not None else None,
        "my_total_staked": staked(spot) if spot else 0,
        "bet_buttons": [],
        "dice_buttons": [],
        "can_clear": state.phase == rules.BETTING and bool(mine),
        "bet_tools": betting.tools(
            state.phase == rules.BETTING,
            seat is not None,
            mine,
            spot.get("placed") if spot else None,
            state.last_bets.get(str(viewer_id)),
            fixed=(rules.PROGRESSIVE,),
        ),
        "can_shake": False,
        "setting": None,
        "my_cards": [],
        "my_set": None,
        "turn_key": "",
        "turn_text": "",
        "table_full": seat is None and len(snapshot["seats"]) >= table["max_seats"],
        "needs_top_up": balance is not None and balance < config.min_bet * CENTS_PER_CHIP,
    }
    if seat is None:
        return context
    if state.phase == rules.BETTING:
        for area in areas:
            button = {"area": area, "label": LABELS[area][0], "amount": None, "disabled": False}
            if area != rules.MAIN and not mine.get(rules.MAIN):
                button["disabled"] = True  # every other wager goes with a Pai Gow Poker wager
            if area == rules.PROGRESSIVE:
                button["amount"] = paytables.PROGRESSIVE_WAGER_CENTS // CENTS_PER_CHIP
                button["disabled"] = button["disabled"] or bool(mine.get(area))
            group = "dice_buttons" if area in rules.DICE_AREAS else "bet_buttons"
            context[group].append(button)
    if state.phase == rules.SHAKING and state.shooter == seat and spot:
        context["can_shake"] = True
        context["turn_key"] = f"{state.round}:shake"
        context["turn_text"] = "Your turn to shake: press Shake (S)."
    elif state.phase == rules.SHAKING:
        context["shooter_text"] = f"{_name_of(state, nicknames, state.shooter)} shakes this round."
    if state.phase == rules.SETTING and spot and spot.get("cards"):
        seven = spot["cards"]
        context["my_cards"] = _card_views(seven)
        if spot.get("high") is None:
            context["setting"] = {
                "key": f"{state.round}:{seat}",
                "cards": [{**view, "index": index} for index, view in enumerate(_card_views(seven))],
                "json": json.dumps(setting_table(seven), separators=(",", ":")),
                "labels": _labels(seven),
            }
            context["turn_key"] = f"{state.round}:set"
            context["turn_text"] = (
                f"Set your hand: {_labels(seven)}. Pick the two cards of the low hand, or ask for the house way."
            )
        else:
            context["my_set"] = _setting_view(spot["high"], spot["low"], spot["set_by"])
    return context


def last_result(game_state):
    """The lobby's last result: the dealer's setting, from the table's state
    while a round's result is up or from the last finished round's record
    (``round_summary``, which has no "phase"), which the lobby reads between
    results."""
    dealer = game_state.get("dealer") or {}
    if ("phase" in game_state and game_state["phase"] != rules.RESULT) or not dealer.get("high"):
        return None
    high, low, _ = hand_names(dealer["high"], dealer["low"])
    return f"Dealer {high} / {low}"
