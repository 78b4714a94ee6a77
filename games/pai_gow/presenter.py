"""What a pai gow table shows (templates/pai_gow/), computed from a table
snapshot: the status and its clocks, the shaker and its three dice, the
dealer's and every seat's cards, the betting areas the table offers, and the
viewer's own controls (bets, "Shake", setting the hand). One ``Presenter``
per game of the family, from its rules module (its ``VARIANT``: the hands,
their names and sizes, the wagers); Pai Gow Poker's is ``PAI_GOW``.

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

The setting aid does no poker in the browser: for the viewer's own cards
the presenter names every hand of every setting and marks the fouls
(``setting_table``: 21 settings at (5, 2)); the page's script only looks the
player's choice up.
"""

import json
from itertools import combinations

from games import betting
from games.cards.cards import card, cards
from games.engine import CENTS_PER_CHIP
from games.pai_gow import rules
from games.pai_gow.round import BETTING, DECIDING, MAIN, PROGRESSIVE, RESULT, ROLLING, SETTING, SHAKING
from games.presenting import TwoParts, card_svg, shown_deadline_ms
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


def _card_views(items):
    return [{"svg": card_svg(item), "card": item, "name": card(item).name} for item in items]


def _backs(count):
    return [{"svg": card_svg(BACK), "card": BACK, "name": "face-down card"}] * count


def _labels(items):
    return " ".join(item.label for item in cards(items))


def hand_names(high, low):
    """(high hand's name, low hand's name, foul?) of a Pai Gow Poker setting of card strings."""
    return PAI_GOW.hand_names([high, low])


def setting_table(seven, variant=None):
    """{key: [each hand's name..., foul]} for every way to set ``seven`` (card
    strings) into the variant's hands (Pai Gow Poker's by default). The key
    names the card positions of each hand after the first, sorted and joined
    by "-", hands apart by "|": "i-j" (i < j) for the (5, 2) low hand, "i" for
    the (5, 1) low card, "i-j|k" for Fortune Asia's medium and low hands."""
    variant = variant or rules.VARIANT
    table = {}
    for assignment in _assignments(tuple(range(len(seven))), [hand.size for hand in variant.hands[1:]]):
        rest = [index for index in range(len(seven)) if all(index not in part for part in assignment)]
        hands = [[seven[index] for index in rest]] + [[seven[index] for index in part] for part in assignment]
        key = "|".join("-".join(str(index) for index in part) for part in assignment)
        table[key] = list(Presenter.names_of(variant, hands))
    return table


def _assignments(positions, sizes):
    """Every way to pick disjoint sorted position tuples of the given sizes."""
    if not sizes:
        yield ()
        return
    for part in combinations(positions, sizes[0]):
        left = tuple(index for index in positions if index not in part)
        for more in _assignments(left, sizes[1:]):
            yield (part, *more)


class Presenter(TwoParts):
    """The pai gow family's presenter, bound to one game's rules module."""

    def __init__(self, rules_module, labels):
        self.rules = rules_module
        self.variant = rules_module.VARIANT
        self.labels = labels
        self.mystery_wagers = self.variant.mystery_wager_limits  # for the registry's GameSpec

    # -- hands ------------------------------------------------------------------

    @staticmethod
    def names_of(variant, hands):
        """(each hand's name..., foul?) of a setting given as card-string lists."""
        given = [tuple(cards(hand)) for hand in hands]
        names = [spec.describe(items) for spec, items in zip(variant.hands, given, strict=True)]
        return (*names, bool(variant.setting_error(tuple(given))))

    def hand_names(self, hands):
        return self.names_of(self.variant, hands)

    def setting_view(self, hand, set_by=None):
        """A set spot's or the dealer's hands: ``hands`` in order, and each by its key."""
        hands = [hand[spec.key] for spec in self.variant.hands]
        *names, foul = self.hand_names(hands)
        view = {"hands": [], "foul": foul, "set_by": set_by}
        for spec, items, name in zip(self.variant.hands, hands, names, strict=True):
            shown = {
                "key": spec.key,
                "title": spec.name,
                "short": spec.name.removesuffix(" hand"),
                "cards": _card_views(items),
                "name": name,
                "labels": _labels(items),
            }
            view["hands"].append(shown)
            view[spec.key] = shown
        return view

    def setting_text(self, hand):
        """ "Pair of kings / 9-7 high": each hand's name."""
        return " / ".join(self.hand_names([hand[spec.key] for spec in self.variant.hands])[:-1])

    # -- the table ----------------------------------------------------------------

    def offers_progressive(self, table, config):
        """The $1 progressive area shows when the Rules Submission offers it and
        a progressive payout meter is linked to the table (``meter_kinds``):
        without one the wager would be refused and returned at "no more bets"."""
        if not config.offers(self.rules.PROGRESSIVE):
            return False
        kinds = table.get("meter_kinds")
        return kinds is None or self.variant.progressive_kind in kinds

    def betting_areas(self, table, config):
        areas = []
        for area in self.variant.areas:
            if area == self.rules.PROGRESSIVE:
                if self.offers_progressive(table, config):
                    areas.append(area)
            elif config.offers(area):
                areas.append(area)
        return areas

    def limits_text(self, config):
        """The lobby's limits: "5–500 Pai Gow Poker · side wagers up to 100 · progressive $1"."""
        parts = [f"{config.min_bet:,}–{config.max_bet:,} {self.variant.main_name}"]
        sides = [
            self.labels[area][0]
            for area in self.variant.areas
            if area not in (MAIN, PROGRESSIVE) and area not in self.dice_areas() and config.offers(area)
        ]
        if any(config.offers(area) for area in self.dice_areas()):
            sides.append("dice wagers")
        if sides:
            parts.append(f"{', '.join(sides)} up to {config.side_max:,}")
        if config.offers(PROGRESSIVE):
            parts.append(f"progressive ${self.variant.progressive_cents // CENTS_PER_CHIP}")
        return " · ".join(parts)

    def dice_areas(self):
        return getattr(self.rules, "DICE_AREAS", ())

    def layout_text(self, config):
        """What the layout states: the game's own presenter says it."""
        return ""

    def area_note(self, area, config):
        if area == MAIN:
            return "1 to 1"
        if area == PROGRESSIVE:
            return "meter"
        if area == rules.FORTUNE:
            return f"{_NUMBER_WORDS[self.variant.cards_per_player]}-card hand"
        return ""

    def push_label(self, state, config):
        """The dealer's push ("Tiger 9") once it is known to everyone, else None."""
        return state.dealer.get("push") if self.dealer_shown(state) else None

    def dealer_shown(self, state):
        """The dealer's hands are public: face up from the deal (Face Up), else at the result."""
        if not state.dealer.get(self.variant.hands[0].key):
            return False
        return state.phase == RESULT or self.variant.dealer_face_up

    def present_table(self, table, snapshot, config):
        """What every viewer of this version sees (a Daphne works it out once
        per version, casino/tables/rendering.py), with what ``present_viewer``
        reads under names templates cannot (Django refuses a leading "_")."""
        state = self.rules.State.from_json(snapshot["game"])
        nicknames = snapshot.get("nicknames", {})
        timer = snapshot.get("timer") or {}
        areas = self.betting_areas(table, config)
        seats = [self._seat(state, snapshot, nicknames, seat) for seat in range(1, table["max_seats"] + 1)]
        dealer = self._dealer(state, config)
        context = {
            "round": state.round,
            "phase": state.phase,
            "phase_label": self._phase_label(state, nicknames, config, dealer),
            "deadline_ms": shown_deadline_ms(timer) if timer and state.phase != RESULT else None,
            "clock_label": _clock_label(state.phase),
            "shooter": state.shooter if state.phase == SHAKING else None,
            "shooter_name": _name_of(state, nicknames, state.shooter) if state.shooter else "",
            "dice": _dice(state, config) if self.variant.uses_dice(config) else None,
            "dealer": dealer,
            "seats": seats,
            "areas": [
                {"area": area, "label": self.labels[area][0], "note": self.area_note(area, config)}
                for area in areas
            ],
            "commission_free": bool(getattr(config, "commission_free", 1)),
            "layout_text": self.layout_text(config),
            "limits": self.limits_text(config),
            "log": list(reversed(snapshot.get("log", [])))[:LOG_SHOWN],
            "announce": self._announcement(state, snapshot, config, seats, dealer),
            "game_name": self.variant.name,
            "hand_word": _NUMBER_WORDS[self.variant.cards_per_player],
            "deal_text": (
                f"{_NUMBER_WORDS[self.variant.cards_per_player].capitalize()} cards to every hand "
                f"after {'the roll' if self.variant.uses_dice(config) else 'no more bets'}."
            ),
            "_state": state,
            "_areas": areas,
        }
        return context

    def _phase_label(self, state, nicknames, config, dealer):
        if state.phase == BETTING:
            return "Place your bets"
        if state.phase == SHAKING:
            return f"{_name_of(state, nicknames, state.shooter)} to shake (seat {state.shooter})"
        if state.phase == ROLLING:
            return "The dice are rolling" if self.variant.uses_dice(config) else "Dealing"
        if state.phase == DECIDING:
            return self.variant.decision.prompt or "Decide"
        if state.phase == SETTING:
            return "Set your hands"
        if dealer["high"]:
            if dealer["push"]:
                return f"Dealer {dealer['push_text']}, all {self.variant.main_name} wagers push"
            return f"Dealer: {dealer['text']}"
        return "Round over"

    def _dealer(self, state, config):
        first = self.variant.hands[0].key
        view = {
            "backs": [],
            "hands": [],
            "high": None,
            "low": None,
            "tiger": False,
            "push": None,
            "push_text": "",
            "text": "",
            "face_up": self.variant.dealer_face_up,
            "dealt": bool(state.dealer),
        }
        if self.dealer_shown(state) and state.dealer.get(first):
            setting = self.setting_view(state.dealer)
            view.update(setting)
            view["high"] = setting[first]
            view["text"] = self.setting_text(state.dealer)
            view["push"] = self.push_label(state, config)
            view["tiger"] = view["push"] == "Tiger 9"
            view["push_text"] = self.push_text(view["push"], setting) if view["push"] else ""
            if view["push"]:
                article = "An" if view["push"][0] in "AEIOU" else "A"
                view["push_sentence"] = (
                    f"{article} {view['push']}: every {self.variant.main_name} wager pushes."
                )
        elif state.dealer.get("cards"):
            view["backs"] = _backs(len(state.dealer["cards"]))
        return view

    def push_text(self, push, setting):
        """ "Tiger 9: 9-7 high" on the status line; a push's own name elsewhere."""
        if push == "Tiger 9":
            return f"Tiger 9: {setting['low']['name']}"
        return push

    def _seat(self, state, snapshot, nicknames, seat):
        occupant = snapshot["seats"].get(str(seat))
        spot = state.spots.get(str(seat))
        player = spot["player"] if spot else occupant
        view = {
            "seat": seat,
            "player": player,
            "nickname": nicknames.get(str(player)) if player is not None else None,
            "is_shooter": state.phase == SHAKING and state.shooter == seat,
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
            {
                "area": area,
                "label": self.labels[area][1],
                "title": self.labels[area][0],
                "amount": spot["bets"][area],
            }
            for area in self.variant.areas
            if spot["bets"].get(area)
        ]
        if state.phase == RESULT and spot.get(self.variant.hands[0].key):
            view["setting"] = self.setting_view(spot, spot["set_by"])
        elif spot.get("cards"):
            # Face down to everyone until the result (the owner sees them in #pg-me).
            view["backs"] = _backs(len(spot["cards"]))
            view["status"] = "Hand set" if spot.get(self.variant.hands[0].key) else "Setting…"
        result = state.results.get(str(seat)) if state.phase == RESULT else None
        if result is not None:
            net = result["paid"] - staked(spot)
            view["result"] = seat_result(result, net)
        return view

    def _announcement(self, state, snapshot, config, seats, dealer):
        """What the page tells screen readers (#announce-src; a new id is read
        out). The runtime announces what the table's clock does (no more bets,
        the dice, the dealer's shake); a player's shake and the last player's
        setting (which settles the round) are announced from the state."""
        announce = snapshot.get("announce") or {"id": 0, "text": ""}
        if state.phase == ROLLING:
            text = "The dice are rolling." if self.variant.uses_dice(config) else "Dealing."
            return {"id": f"{state.round}roll", "text": text}
        if state.phase == SETTING and self.variant.dealer_face_up and dealer["text"]:
            return {"id": f"{state.round}dealer", "text": f"The dealer's hands: {dealer['text']}."}
        if state.phase not in (RESULT, BETTING):
            return announce
        text = ""
        if state.phase == RESULT:
            parts = [self._phase_label(state, snapshot.get("nicknames", {}), config, dealer) + "."]
            for seat in seats:
                if seat["result"]:
                    lines = "; ".join(seat["result"]["lines"])
                    parts.append(f"{seat['nickname']}: {lines} ({seat['result']['badge_text']}).")
            text = " ".join(parts)
        return {"id": f"{announce['id']}r", "text": text}

    def setting_panel(self, state, seat, spot):
        """The setting aid of the viewer's own cards: the cards to click, every
        setting's hand names and fouls, the hands' keys, names and sizes."""
        seven = spot["cards"]
        table = setting_table(seven, self.variant)
        fouls = {}
        for key, entry in table.items():
            if entry[-1]:
                hands = _hands_of_key(seven, key, self.variant)
                fouls[key] = self.variant.setting_error(tuple(tuple(cards(hand)) for hand in hands))
        hands = [{"key": hand.key, "name": hand.name, "size": hand.size} for hand in self.variant.hands]
        first, others = self.variant.hands[0], self.variant.hands[1:]
        if len(others) == 1:
            how = (
                f"pick the {_count_words(others[0].size, 'card')} of the {others[0].name.lower()}; "
                f"the other {_NUMBER_WORDS[first.size]} are the {first.name.lower()}."
            )
            prompt = f"pick {_count_words(others[0].size, 'card')} for the {others[0].name.lower()}"
        else:
            parts = ", ".join(
                f"{_count_words(hand.size, 'card')} for the {hand.name.lower()}" for hand in others
            )
            how = f"choose a hand, then click its cards: {parts}; the other {_NUMBER_WORDS[first.size]} are the {first.name.lower()}."
            prompt = f"click {parts}"
        return {
            "key": f"{state.round}:{seat}",
            "cards": [{**view, "index": index} for index, view in enumerate(_card_views(seven))],
            "json": json.dumps(table, separators=(",", ":")),
            "fouls": json.dumps(fouls, separators=(",", ":")),
            "hands": [{**hand, "first": index == 0} for index, hand in enumerate(hands)],
            "hands_json": json.dumps(hands, separators=(",", ":")),
            "targets": hands[1:],
            "include": ", ".join(f"#pg-set-{hand['key']}" for hand in hands),
            "foul_text": f"Foul: the {first.name.lower()} must outrank the {others[-1].name.lower()}."
            if len(others) == 1
            else "Foul: that order of hands is not allowed.",
            "how": how,
            "prompt": prompt,
            "labels": _labels(seven),
        }

    def hints(self, state, spot):
        """Extra lines of the setting panel (Face Up's house way and best setting)."""
        return []

    def present_viewer(self, shared, table, snapshot, config, viewer_id, balance):
        """What only this viewer sees, added to ``shared`` (present_table's,
        shared by every viewer: read it, never change it)."""
        state, areas, seats = shared["_state"], shared["_areas"], shared["seats"]
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
            "can_clear": state.phase == BETTING and bool(mine),
            "bet_tools": betting.tools(
                state.phase == BETTING,
                seat is not None,
                mine,
                spot.get("placed") if spot else None,
                state.last_bets.get(str(viewer_id)),
                fixed=(PROGRESSIVE,),
            ),
            "can_shake": False,
            "setting": None,
            "hints": [],
            "my_cards": [],
            "my_set": None,
            "turn_key": "",
            "turn_text": "",
            "table_full": seat is None and len(snapshot["seats"]) >= table["max_seats"],
            "needs_top_up": balance is not None and balance < config.min_bet * CENTS_PER_CHIP,
        }
        if seat is None:
            return context
        if state.phase == BETTING:
            for area in areas:
                button = {"area": area, "label": self.labels[area][0], "amount": None, "disabled": False}
                if area != MAIN and not mine.get(MAIN):
                    button["disabled"] = True  # every other wager goes with the main wager
                if area == PROGRESSIVE:
                    button["amount"] = self.variant.progressive_cents // CENTS_PER_CHIP
                    button["disabled"] = button["disabled"] or bool(mine.get(area))
                group = "dice_buttons" if area in self.dice_areas() else "bet_buttons"
                context[group].append(button)
        if state.phase == SHAKING and state.shooter == seat and spot:
            context["can_shake"] = True
            context["turn_key"] = f"{state.round}:shake"
            context["turn_text"] = "Your turn to shake: press Shake (S)."
        elif state.phase == SHAKING:
            context["shooter_text"] = f"{_name_of(state, nicknames, state.shooter)} shakes this round."
        if state.phase in (DECIDING, SETTING) and spot and spot.get("cards"):
            context["my_cards"] = _card_views(spot["cards"])
        if state.phase == DECIDING and spot and spot.get("cards") and not spot.get("decided"):
            context.update(self.decision_context(state, seat, spot, config))
        if state.phase == SETTING and spot and spot.get("cards"):
            if not spot.get(self.variant.hands[0].key):
                context["setting"] = self.setting_panel(state, seat, spot)
                context["hints"] = self.hints(state, spot)
                context["turn_key"] = f"{state.round}:set"
                context["turn_text"] = (
                    f"Set your hand: {_labels(spot['cards'])}. "
                    f"{context['setting']['how'][0].upper()}{context['setting']['how'][1:].split(';')[0]}, "
                    "or ask for the house way."
                )
            else:
                context["my_set"] = self.setting_view(spot, spot["set_by"])
        return context

    def decision_context(self, state, seat, spot, config):
        """The post-deal decision's buttons (Six-Card's Double Down): the game's presenter adds them."""
        return {}

    def last_result(self, game_state):
        """The lobby's last result: the dealer's setting, from the table's state
        while a round's result is up or from the last finished round's record
        (``round_summary``, which has no "phase"), which the lobby reads between
        results."""
        dealer = game_state.get("dealer") or {}
        if ("phase" in game_state and game_state["phase"] != RESULT) or not dealer.get(
            self.variant.hands[0].key
        ):
            return None
        return f"Dealer {self.setting_text(dealer)}"

    def lobby_view(self, game_state):
        """The lobby tile's picture of the table: the dealer's set hands, when
        ``last_result`` names them."""
        if self.last_result(game_state) is None:
            return None
        dealer = game_state["dealer"]
        return {
            "label": "Dealer's last hand",
            "cards": [c for spec in self.variant.hands for c in dealer[spec.key]],
        }


_NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven"}


def _count_words(count, noun):
    """ "the two cards", "one card"."""
    return f"{_NUMBER_WORDS[count]} {noun}{'s' if count != 1 else ''}"


def _hands_of_key(seven, key, variant):
    parts = [tuple(int(index) for index in part.split("-")) for part in key.split("|")]
    used = {index for part in parts for index in part}
    return [[item for index, item in enumerate(seven) if index not in used]] + [
        [seven[index] for index in part] for part in parts
    ]


def _name_of(state, nicknames, seat):
    spot = state.spots.get(str(seat))
    if not spot:
        return f"Seat {seat}"
    return nicknames.get(str(spot["player"]), f"Seat {seat}")


def _clock_label(phase):
    return {
        BETTING: "Betting closes in",
        SHAKING: "The dealer shakes in",
        ROLLING: "The dice land in",
        DECIDING: "Decision clock",
        SETTING: "Setting clock",
    }.get(phase)


def _dice(state, config):
    """The three dice: blank at rest, tumbling (no values anywhere) while
    they roll, their faces once the roll phase is over."""
    if state.phase == ROLLING:
        return {"state": "rolling", "dice": [{"colour": colour} for colour in DICE_COLOURS], "text": ""}
    if state.phase in (DECIDING, SETTING, RESULT) and state.roll:
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


def staked(spot):
    return sum(spot["bets"].values())


class PaiGowPokerPresenter(Presenter):
    """Pai Gow Poker's layout: commission-free play and Tiger 9, the dice wagers."""

    def layout_text(self, config):
        if config.commission_free:
            return (
                "Commission-free: a winning Pai Gow Poker wager is paid 1 to 1 with no commission. "
                "A dealer Tiger 9 (a 9-high low hand) pushes all Pai Gow Poker wagers; "
                "the Tiger 9 wager pays 30 to 1."
            )
        return "A winning Pai Gow Poker wager is paid 1 to 1 less a 5% commission. Copies go to the dealer."

    def area_note(self, area, config):
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


PAI_GOW = PaiGowPokerPresenter(rules, LABELS)
present = PAI_GOW.present
present_table = PAI_GOW.present_table
present_viewer = PAI_GOW.present_viewer
last_result = PAI_GOW.last_result
limits_text = PAI_GOW.limits_text
