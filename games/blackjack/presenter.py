"""What the blackjack tables show (templates/blackjack/), computed from a
table snapshot; each blackjack game binds a ``Presenter`` to its rules and
the names of its betting areas.

Presentation only: the rules decide, this arranges (the dealer's cards, every
seat's wagers and hands, whose turn it is, the viewer's own controls). No
queries: everything comes from the snapshot and the table's meta.

Two things never leave the server: the dealer's hole card before the rules
turn it over (``hole_shown``), which is drawn as a card back whose name is
only "face-down card", and the shoe (the cards to come), which nothing here
reads.
"""

from games import betting, keymap
from games.blackjack import round as bj
from games.blackjack.hands import total, total_text
from games.cards.cards import cards
from games.engine import format_chips
from games.presenting import TwoParts, card_svg, shown_deadline_ms
from games.settled import seat_result

BACK = "back"
STATUS_LABELS = {
    bj.OPEN: "",
    bj.STOOD: "Stands",
    bj.BUST: "Bust",
    bj.TWENTY_ONE: "21",
    bj.BLACKJACK: "Blackjack",
    bj.SURRENDERED: "Surrendered",
    bj.RESCUED: "Rescued",
}
# The player's decisions, in the order the buttons show, with their keys.
HAND_BUTTONS = (
    (bj.HIT, keymap.HIT, "Hit"),
    (bj.STAND, keymap.STAND, "Stand"),
    (bj.DOUBLE, keymap.DOUBLE_DOWN, "Double"),
    (bj.SPLIT, keymap.SPLIT, "Split"),
    (bj.SURRENDER, keymap.SURRENDER, "Surrender"),
    (bj.RESCUE, keymap.RESCUE, "Rescue"),
)
LOG_SHOWN = 30


def _card_views(items):
    return [{"svg": card_svg(item), "card": item} for item in items]


class Presenter(TwoParts):
    """A blackjack game's presentation: ``rules`` (its rules module, with
    ``AREAS`` and ``VARIANT``) and ``labels``: {area: (long label, short
    label)}, the progressive's long label taking its dollar amount."""

    def __init__(self, rules, labels):
        self.rules = rules
        self.labels = labels
        self.progressive = rules.VARIANT.progressive_area
        self.progressive_kind = rules.VARIANT.progressive_kind
        self.last_result = last_result  # every blackjack table's lobby says it alike
        self.lobby_view = lobby_view

    def offers_progressive(self, table, config):
        """The progressive betting area shows when the Rules Submission
        offers it and the table has a linked meter of its kind (the table's
        meta names its meters' kinds, ``meter_kinds``); without one the
        wager would be refused and returned at "no more bets"."""
        if not self.progressive or not config.offers(self.progressive):
            return False
        kinds = table.get("meter_kinds")
        return kinds is None or self.progressive_kind in kinds

    def betting_areas(self, table, config):
        areas = [bj.MAIN]
        for area in self.rules.AREAS[1:]:
            if area == self.progressive:
                if self.offers_progressive(table, config):
                    areas.append(area)
            elif config.offers(area):
                areas.append(area)
        return areas

    def area_label(self, area, config):
        label = self.labels[area][0]
        if area == self.progressive:
            return f"{label} ${config.progressive_cents // 100}"
        return label

    def present_table(self, table, snapshot, config):
        return present_table(self, table, snapshot, config)

    def present_viewer(self, shared, table, snapshot, config, viewer_id, balance):
        return present_viewer(self, shared, table, snapshot, config, viewer_id, balance)

    def limits_text(self, config):
        """The lobby's limits: "5–500 main · Match the Dealer up to 100 · progressive $1"."""
        parts = [f"{config.min_bet:,}–{config.max_bet:,} main"]
        for area in self.rules.AREAS[1:]:
            if area != self.progressive and config.offers(area):
                parts.append(f"{self.labels[area][0]} up to {config.side_max:,}")
        if self.progressive and config.offers(self.progressive):
            parts.append(f"{self.labels[self.progressive][0]} ${config.progressive_cents // 100}")
        return " · ".join(parts)


def present_table(presenter, table, snapshot, config):
    """What every viewer of this version sees (a Daphne works it out once per
    version, casino/tables/rendering.py), with what ``present_viewer`` reads
    under names templates cannot (Django refuses a leading "_")."""
    rules = presenter.rules
    state = rules.State.from_json(snapshot["game"])
    nicknames = snapshot.get("nicknames", {})
    timer = snapshot.get("timer") or {}
    turn = state.turn if state.phase == bj.PLAYING else None
    seats = [
        _seat(presenter, state, snapshot, nicknames, seat, turn, config)
        for seat in range(1, table["max_seats"] + 1)
    ]
    context = {
        "game_name": rules.VARIANT.name,
        "layout_text": rules.VARIANT.for_table(config).layout_text,
        "round": state.round,
        "phase": state.phase,
        "phase_label": _phase_label(state, nicknames),
        "deadline_ms": shown_deadline_ms(timer) if timer and state.phase != bj.RESULT else None,
        "clock_label": _clock_label(state.phase),
        "dealer": _dealer(state, rules.VARIANT),
        "seats": seats,
        "limits": presenter.limits_text(config),
        "log": list(reversed(snapshot.get("log", [])))[:LOG_SHOWN],
        "announce": _announcement(state, snapshot, seats),
        "_state": state,
        "_areas": presenter.betting_areas(table, config),
    }
    return context


def _phase_label(state, nicknames):
    if state.phase == bj.BETTING:
        return "Place your bets"
    if state.phase == bj.DEALING:
        return "No more bets"
    if state.phase == bj.INSURANCE:
        return "Insurance? The dealer shows an ace"
    if state.phase == bj.PLAYING and state.turn:
        seat, index = state.turn
        spot = state.spot(seat)
        name = nicknames.get(str(spot["player"]), f"Seat {seat}")
        hand = f", hand {index + 1} of {len(spot['hands'])}" if len(spot["hands"]) > 1 else ""
        return f"{name} to play (seat {seat}{hand})"
    dealer = cards(state.dealer)
    if not dealer or not state.hole_shown:
        return "Round over"
    best = total(dealer)[0]
    if len(dealer) == 2 and best == 21:
        return "Dealer has blackjack"
    if best > 21:
        return f"Dealer busts with {best}"
    return f"Dealer has {best}"


def _announcement(state, snapshot, seats):
    """What the page tells screen readers (#announce-src; a new id is read
    out). The runtime announces the transitions of the table's clock; a
    blackjack round is settled by the last player's decision instead, so the
    result is announced from the state, under an id of its own that stays
    through the next betting window (whose clock transition says nothing)."""
    announce = snapshot.get("announce") or {"id": 0, "text": ""}
    if state.phase not in (bj.RESULT, bj.BETTING):
        return announce
    text = ""
    if state.phase == bj.RESULT:
        parts = [_phase_label(state, snapshot.get("nicknames", {})) + "."]
        for seat in seats:
            if seat["result"]:
                net = seat["result"]["net"]
                if net > 0:
                    parts.append(f"{seat['nickname']} wins {format_chips(net)}.")
                elif net < 0:
                    parts.append(f"{seat['nickname']} loses {format_chips(-net)}.")
                else:
                    parts.append(f"{seat['nickname']} breaks even.")
        text = " ".join(parts)
    return {"id": f"{announce['id']}r", "text": text}


def _clock_label(phase):
    return {
        bj.BETTING: "Betting closes in",
        bj.INSURANCE: "Insurance closes in",
        bj.PLAYING: "Action clock",
    }.get(phase)


def _dealer(state, variant):
    """The dealer's cards as everyone may see them: the hole card face down
    until the rules turn it over; at a table with a hole-card reader (Down
    Under), its class and colour, which everyone sees (never the card)."""
    shown = list(state.dealer) if state.hole_shown else state.dealer[:1]
    items = _card_views(shown)
    if len(state.dealer) > 1 and not state.hole_shown:
        items.insert(1, {"svg": card_svg(BACK), "card": BACK})
    if not shown:
        total_label = ""
    elif state.hole_shown:
        total_label = _final_total(cards(shown))
    else:
        # One card up: "shows an ace", "shows 10" (not the ace's "1/11").
        total_label = "shows an ace" if shown[0].startswith("A") else f"shows {total_text(cards(shown))}"
    reader = None
    if state.reader and variant.reader_lights:
        name, colour = variant.reader_lights[state.reader]
        reader = {"key": state.reader, "name": name, "colour": colour}
    return {"cards": items, "total": total_label, "hole_shown": state.hole_shown, "reader": reader}


def _final_total(items):
    """The dealer's total once the hole card is up: the dealer has no choice
    left, so one number ("18", "Bust 22", "Blackjack")."""
    best = total(items)[0]
    if len(items) == 2 and best == 21:
        return "Blackjack"
    return f"Bust {best}" if best > 21 else str(best)


def _hand_total(hand):
    if hand["status"] == bj.BLACKJACK:
        return "Blackjack"
    return total_text(cards(hand["cards"]))


def _seat(presenter, state, snapshot, nicknames, seat, turn, config):
    occupant = snapshot["seats"].get(str(seat))
    spot = state.spots.get(str(seat))
    player = spot["player"] if spot else occupant
    view = {
        "seat": seat,
        "player": player,
        "nickname": nicknames.get(str(player)) if player is not None else None,
        "is_turn": bool(turn and turn[0] == seat),
        "left": bool(spot and spot["left"]),
        "bets": [],
        "hands": [],
        "insurance": None,
        "result": None,
    }
    if player is not None and view["nickname"] is None:
        view["nickname"] = f"Player {player}"
    if not spot:
        return view
    view["bets"] = [
        {
            "area": area,
            "label": presenter.labels[area][1],
            "title": presenter.area_label(area, config),
            "amount": spot["bets"][area],
        }
        for area in presenter.rules.AREAS
        if spot["bets"].get(area)
    ]
    view["insurance"] = spot.get("insurance") or None
    for index, hand in enumerate(spot["hands"]):
        view["hands"].append({
            "number": index + 1,
            "cards": _card_views(hand["cards"]),
            "labels": " ".join(item.label for item in cards(hand["cards"])),
            "total": _hand_total(hand),
            "wager": hand["stake"] + hand["doubled"],
            "doubled": hand["doubled"],
            "status": hand["status"],
            "status_label": STATUS_LABELS.get(hand["status"], hand["status"]),
            "active": bool(turn and turn == [seat, index]),
        })  # fmt: skip
    result = state.results.get(str(seat)) if state.phase == bj.RESULT else None
    if result is not None:
        net = result["paid"] - staked(spot)
        view["result"] = seat_result(result, net)
    return view


def staked(spot):
    """Everything a spot put at risk this round: its wagers, with every
    split hand's stake and every double, and its insurance."""
    main = sum(hand["stake"] + hand["doubled"] for hand in spot["hands"]) or spot["bets"].get(bj.MAIN, 0)
    others = sum(amount for area, amount in spot["bets"].items() if area != bj.MAIN)
    return main + others + (spot.get("insurance") or 0)


def present_viewer(presenter, shared, table, snapshot, config, viewer_id, balance):
    """What only this viewer sees, added to ``shared`` (present_table's, shared
    by every viewer: read it, never change it)."""
    state, areas, seats = shared["_state"], shared["_areas"], shared["seats"]
    seat = next((int(seat) for seat, player in snapshot["seats"].items() if player == viewer_id), None)
    spot = state.spots.get(str(seat)) if seat is not None else None
    if spot is not None and spot["player"] != viewer_id:
        spot = None  # a spot left by the seat's previous player
    mine = spot["bets"] if spot else {}
    context = {
        "my_seat": seat,
        "my_view": seats[seat - 1] if spot is not None else None,
        "my_total_staked": staked(spot) if spot else 0,
        "bet_buttons": [],
        "can_clear": state.phase == bj.BETTING and bool(mine),
        "bet_tools": betting.tools(
            state.phase == bj.BETTING,
            seat is not None,
            mine,
            spot.get("placed") if spot else None,
            state.last_bets.get(str(viewer_id)),
            fixed=(presenter.progressive,),
        ),
        "insurance_open": False,
        "my_actions": [],
        "turn_key": "",
        "turn_text": "",
        "table_full": seat is None and len(snapshot["seats"]) >= table["max_seats"],
        "needs_top_up": balance is not None and balance < config.min_bet_cents,
    }
    if seat is None:
        return context
    if state.phase == bj.BETTING:
        for area in areas:
            button = {
                "area": area,
                "label": presenter.area_label(area, config),
                "amount": None,
                "disabled": False,
            }
            if area != bj.MAIN and not mine.get(bj.MAIN):
                button["disabled"] = True  # every other wager goes with a main wager
            if area == presenter.progressive:
                button["amount"] = config.progressive_cents // 100
                button["disabled"] = button["disabled"] or bool(mine.get(area))
            context["bet_buttons"].append(button)
    if (
        state.phase == bj.INSURANCE
        and spot
        and spot["hands"]
        and spot.get("insurance") is None
        and spot["hands"][0]["status"] != bj.BLACKJACK
    ):
        context["insurance_open"] = True
        context["insurance_amount"] = spot["bets"][bj.MAIN] // 2
    if state.phase == bj.PLAYING and state.turn and state.turn[0] == seat and spot:
        index = state.turn[1]
        hand = spot["hands"][index]
        legal = presenter.rules.legal_actions(state, seat)
        context["my_actions"] = [
            {
                "action": kind,
                "key": key,
                "label": label,
                "amount": hand["stake"] if kind == bj.DOUBLE else None,
            }
            for kind, key, label in HAND_BUTTONS
            if kind in legal
        ]
        context["turn_key"] = f"{state.round}:{seat}:{index}:{len(hand['cards'])}:{hand['doubles']}"
        context["my_hand_total"] = total(cards(hand["cards"]))[0]
        context["my_hand_text"] = total_text(cards(hand["cards"]))
        context["my_hand_number"] = index + 1
        context["my_hand_count"] = len(spot["hands"])
        # What a strategy reads, in the player's own fragment (the demo bots play best play
        # from it): the hand's cards, the dealer's cards face up, the reader's class.
        context["my_hand_cards"] = " ".join(hand["cards"])
        context["my_hand_split"] = int(hand["split"])
        context["my_hand_doubles"] = hand["doubles"]
        context["dealer_seen"] = " ".join(state.dealer if state.hole_shown else state.dealer[:1])
        context["reader_key"] = state.reader or ""
        labels = [action["label"].lower() for action in context["my_actions"]]
        choices = ", ".join(labels[:-1]) + f" or {labels[-1]}" if len(labels) > 1 else labels[0]
        which = f"hand {index + 1}, " if len(spot["hands"]) > 1 else ""
        context["turn_text"] = f"Your turn: {which}{context['my_hand_text']}. You may {choices}."
    return context


def last_result(game_state):
    """The lobby's "last result" of a table: the dealer's total ("Dealer 19",
    "Dealer bust 24", "Dealer blackjack"), from the table's state while a
    round's result is up or, since the rules keep no history of earlier
    rounds, from the last finished round's record (``round_summary``, which
    has no "phase"): the lobby reads it between results. Every round that
    reaches its result has turned the hole card over."""
    live = "phase" in game_state
    if live and (game_state["phase"] != bj.RESULT or not game_state.get("hole_shown")):
        return None
    if not game_state.get("dealer"):
        return None
    dealer = cards(game_state["dealer"])
    best = total(dealer)[0]
    if len(dealer) == 2 and best == 21:
        return "Dealer blackjack"
    if best > 21:
        return f"Dealer bust {best}"
    return f"Dealer {best}"


def lobby_view(game_state):
    """The lobby tile's picture of the table: the dealer's last hand, when
    ``last_result`` has one to tell."""
    if last_result(game_state) is None:
        return None
    return {"label": "Dealer's last hand", "cards": list(game_state["dealer"])}
