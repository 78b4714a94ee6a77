"""What a poker table shows (templates/poker/), computed from a table
snapshot, for every game of the poker engine: the status and its clocks, the
dealer's and the board's cards, every seat's wagers, cards and decisions,
the betting areas the table offers with their limits, and the viewer's own
controls (wagers, the decision's buttons with their letter keys).

Presentation only: the rules decide (``legal_options`` gives the buttons),
this arranges. No queries: everything comes from the snapshot and the table's
meta. What never leaves the server before its time: a hand's face-down cards
(the public fragments draw them as backs named only "face-down card"; a
player's own are in their private fragment alone), the dealer's and the
board's face-down cards until the showdown, and the deck, which nothing here
reads.
"""

from collections.abc import Callable, Iterable

from games import betting
from games.cards import best_five as five
from games.cards.cards import Card, card, cards
from games.engine import CENTS_PER_CHIP, format_chips
from games.poker import game as g
from games.poker import round as pr
from games.presenting import TwoParts, card_svg, shown_deadline_ms
from games.settled import seat_result

BACK = "back"
LOG_SHOWN = 30


def card_views(items):
    return [{"svg": card_svg(item), "card": item, "name": card(item).name} for item in items]


def backs(count):
    return [{"svg": card_svg(BACK), "card": BACK, "name": "face-down card"}] * count


def _shown(items, up, reveal):
    """Each card as everyone may see it: its face if it is up (or the round is over), else a back."""
    return [
        card_views([item])[0] if reveal or is_up else backs(1)[0]
        for item, is_up in zip(items, up, strict=True)
    ]


def _dealt(game, to):
    """How many cards a round deals to the dealer or to the board."""
    return sum(
        deal.count
        for street in game.streets
        for deal in street.deals
        if isinstance(deal, g.Deal) and deal.to == to
    )


def labels(items):
    return " ".join(card(item).label for item in items)


def best_five(items: Iterable[str]) -> list[str]:
    """The card strings of the best five among ``items`` (a hold 'em hand's
    two cards and the board): ``PokerPresenter``'s ``best_five``."""
    return [str(item) for item in five.best_five(list(items))[1]]


def sentences(*parts: object) -> str:
    """A layout's rules line: the sentences among ``parts`` (a sentence a
    table does not offer is written ``config.switch and "..."``, which is falsy)."""
    return " ".join(part for part in parts if isinstance(part, str) and part)


def qualifier_label(
    value: Callable[[list[Card]], int],
    name: Callable[[int], str],
    qualifies: Callable[[int], bool],
    sep: str = ", ",
) -> Callable[[list[str]], str]:
    """A ``dealer_label``: the dealer's hand and whether it qualifies, "K-7-4 high, qualifies"."""

    def label(items: list[str]) -> str:
        hand = value(cards(items))
        return f"{name(hand)}{sep}{'qualifies' if qualifies(hand) else 'does not qualify'}"

    return label


def _visible_labels(items, up, reveal):
    """The labels of the cards everyone may see ("face down" for the others), for screen readers."""
    shown = [
        card(item).label if reveal or is_up else "face down" for item, is_up in zip(items, up, strict=True)
    ]
    return "" if all(text == "face down" for text in shown) else " ".join(shown)


class PokerPresenter(TwoParts):
    """One game's presentation: its rules module (``GAME``, which names its
    hands, and ``legal_options``), its layout's rules line and how it shows
    the dealer's hand (by default its name)."""

    def __init__(self, rules, dealer_label=None, layout_text=None, best_five=None, lobby_dealer=None):
        self.rules = rules
        self.game = rules.GAME
        self.dealer_label = dealer_label or self.hand_name  # (card strings) -> "Q-6-4 high: qualifies"
        self.layout_text = layout_text or (lambda config: "")  # (config) -> the layout's rules line
        # (card strings) -> the card strings of the best five among them: at the showdown each
        # hand's cards in its best five are marked and the five listed (the hold 'em games).
        self.best_five = best_five
        # (card strings) -> the lobby's words on the dealer's hand: its name unless a game says more.
        self.lobby_dealer = lobby_dealer or self.hand_name
        # What the registry reads besides (casino/tables/registry.py, GameSpec).
        self.min_to_play = self.game.least_to_play
        self.mystery_wagers = self.game.mystery_wager_limits
        self.dealer_cards = _dealt(self.game, g.DEALER)
        self.board_size = _dealt(self.game, g.BOARD)

    def hand_name(self, items):
        return self.game.hand_name_of(cards(items))

    def _hand(self, state, items):
        """The hand's name from its cards and the board's cards turned up."""
        return self.hand_name(self._with_board(state, items))

    def _with_board(self, state, items):
        """A hand's cards and the board's face-up ones (the community cards); the
        dealer's hand is named from its cards and the board's too."""
        reveal = state.phase == pr.RESULT
        board = state.board.get("cards", [])
        return list(items) + [
            c for c, up in zip(board, state.board.get("up", []), strict=True) if up or reveal
        ]

    def last_result(self, game_state):
        """The lobby's last result: the board in a game with community cards,
        else the dealer's hand, from the table's state while a result is up or
        from the last round's record (which has no "phase")."""
        if "phase" in game_state and game_state["phase"] != pr.RESULT:
            return None
        if self.board_size:
            board = (game_state.get("board") or {}).get("cards") or []
            return "Board " + labels(board) if len(board) == self.board_size else None
        dealer = (game_state.get("dealer") or {}).get("cards") or []
        return f"Dealer {self.lobby_dealer(dealer)}" if len(dealer) == self.dealer_cards else None

    def _best(self, state, items, views):
        """At the showdown with ``best_five``: (the views with the cards of the best five
        marked, the five's labels); else (views, "")."""
        if self.best_five is None or state.phase != pr.RESULT or not items:
            return views, ""
        best = set(self.best_five(self._with_board(state, items)))
        marked = [{**view, "best": item in best} for item, view in zip(items, views, strict=True)]
        return marked, labels(c for c in self._with_board(state, items) if c in best)

    # -- the table's offer ------------------------------------------------------

    def offers(self, table, area, config):
        """An area shows when the Rules Submission offers it and, for a
        progressive, a meter of its kind is linked to the table: without one
        its wager would be refused and returned at "no more bets"."""
        if not area.offered(config):
            return False
        if area.role == g.PROGRESSIVE:
            kinds = table.get("meter_kinds")
            return kinds is None or area.meter_kind in kinds
        return True

    def betting_areas(self, table, config):
        return [a for a in self.game.areas if a.role != g.DECISION and self.offers(table, a, config)]

    def limits_text(self, config):
        """The lobby's limits: "5–500 Ante · Pair Plus, Six Card Bonus up to 100 · Three-Card progressive $1"."""
        parts, sides = [], []
        for area in self.game.areas:
            if not area.offered(config) or area.role == g.DECISION or area.equals:
                continue
            low, high = area.limits(config)
            if area.role == g.PROGRESSIVE:
                parts.append(f"{area.label} ${low // CENTS_PER_CHIP}")
            elif not parts:
                parts.append(f"{format_chips(low)}–{format_chips(high)} {area.label}")
            else:
                sides.append((area.label, high))
        if sides:
            parts.insert(
                1, f"{', '.join(name for name, _ in sides)} up to {format_chips(max(h for _, h in sides))}"
            )
        return " · ".join(parts)

    # -- the context ---------------------------------------------------------------

    def present_table(self, table, snapshot, config):
        """What every viewer of this version sees (a Daphne works it out once
        per version, casino/tables/rendering.py), with what ``present_viewer``
        reads under names templates cannot (Django refuses a leading "_")."""
        state = self.rules.State.from_json(snapshot["game"])
        nicknames = snapshot.get("nicknames", {})
        timer = snapshot.get("timer") or {}
        seats = [self._seat(state, snapshot, nicknames, seat) for seat in range(1, table["max_seats"] + 1)]
        areas = self.betting_areas(table, config)
        context = {
            "game_name": self.game.name,
            "round": state.round,
            "phase": state.phase,
            "phase_label": self._phase_label(state, nicknames),
            "deadline_ms": shown_deadline_ms(timer) if timer and state.phase != pr.RESULT else None,
            "clock_label": _clock_label(state.phase),
            "dealer": self._dealer(state),
            # Let It Ride and Mississippi Stud deal no dealer hand: no dealer area on the table.
            "has_dealer": bool(self.dealer_cards),
            # A game with community cards has the board's area from the start, so that the
            # websocket's fragment swaps find it when the cards come.
            "has_board": bool(self.board_size),
            "board": self._board(state),
            "seats": seats,
            "areas": [
                {"area": a.name, "label": a.label, "note": a.note, "limits": self._area_limits(a, config)}
                for a in areas
            ],
            "layout_text": self.layout_text(config),
            "limits": self.limits_text(config),
            "log": list(reversed(snapshot.get("log", [])))[:LOG_SHOWN],
            "announce": self._announcement(state, snapshot, seats),
            "_state": state,
            "_areas": areas,
        }
        return context

    def _area_limits(self, area, config):
        if area.equals:
            return f"equal to the {self.game.area(area.equals).label}"
        low, high = area.limits(config)
        if low == high:
            return f"{format_chips(low)} exactly"
        return f"{format_chips(low)}–{format_chips(high)}"

    def _name_of(self, state, nicknames, seat):
        spot = state.spots.get(str(seat))
        if not spot:
            return f"Seat {seat}"
        return nicknames.get(str(spot["player"]), f"Seat {seat}")

    def _phase_label(self, state, nicknames):
        if state.phase == pr.BETTING:
            return "Place your bets"
        if state.phase == pr.DEALING:
            return "No more bets: dealing"
        if state.phase == pr.DECIDING:
            decision = self.game.streets[state.street].decision
            who = self._name_of(state, nicknames, state.turn)
            return f"{who} to decide (seat {state.turn}): {decision.prompt.lower()}"
        if state.dealer.get("cards"):
            return f"Dealer: {self.dealer_label(self._with_board(state, state.dealer['cards']))}"
        return "Round over"

    def _dealer(self, state):
        items = state.dealer.get("cards", [])
        reveal = state.phase == pr.RESULT
        up = state.dealer.get("up", [])
        cards, best = self._best(state, items, _shown(items, up, reveal))
        return {
            "cards": cards,
            "name": self.dealer_label(self._with_board(state, items)) if reveal and items else "",
            "labels": _visible_labels(items, up, reveal),
            "best": best,
        }

    def _board(self, state):
        items = state.board.get("cards", [])
        if not items:
            return None
        up, reveal = state.board.get("up", []), state.phase == pr.RESULT
        return {"cards": _shown(items, up, reveal), "labels": _visible_labels(items, up, reveal)}

    def _seat(self, state, snapshot, nicknames, seat):
        occupant = snapshot["seats"].get(str(seat))
        spot = state.spots.get(str(seat))
        player = spot["player"] if spot else occupant
        view = {
            "seat": seat,
            "player": player,
            "nickname": nicknames.get(str(player)) if player is not None else None,
            "is_turn": state.phase == pr.DECIDING and state.turn == seat,
            "left": bool(spot and spot["left"]),
            "bets": [],
            "cards": [],
            "hand": "",
            "best": "",  # at the showdown with ``best_five``: the labels of the hand's best five
            "status": "",
            "result": None,
        }
        if player is not None and view["nickname"] is None:
            view["nickname"] = f"Player {player}"
        if not spot:
            return view
        view["bets"] = [
            {"area": a.name, "label": a.label, "amount": spot["bets"][a.name]}
            for a in self.game.areas
            if spot["bets"].get(a.name)
        ]
        if spot.get("mucked"):  # folded, its cards never turned up (round.py, the showdown)
            view["cards"] = _shown(spot["cards"], spot["up"], False)
        elif spot["cards"]:
            reveal = state.phase == pr.RESULT
            view["cards"], view["best"] = self._best(
                state, spot["cards"], _shown(spot["cards"], spot["up"], reveal)
            )
            if reveal:
                view["hand"] = self._hand(state, spot["cards"])
                view["labels"] = labels(spot["cards"])
        if spot["folded"]:
            view["status"] = "Folded"
        elif view["is_turn"]:
            view["status"] = "Deciding…"
        elif spot["decisions"]:
            street, action, multiple = spot["decisions"][-1]
            option = self.game.streets[street].decision.option(action)
            view["status"] = option.label + (
                f" {multiple}×" if multiple and len(option.multiples) > 1 else ""
            )
        result = state.results.get(str(seat)) if state.phase == pr.RESULT else None
        if result is not None:
            net = result["paid"] - sum(spot["bets"].values())
            view["result"] = seat_result(result, net)
        return view

    def _announcement(self, state, snapshot, seats):
        """What the page tells screen readers (#announce-src; a new id is read
        out): the runtime announces the clock's transitions; the result, which
        a player's last decision may bring, is announced from the state."""
        announce = snapshot.get("announce") or {"id": 0, "text": ""}
        if state.phase != pr.RESULT:
            return announce
        parts = [self._phase_label(state, snapshot.get("nicknames", {})) + "."]
        for seat in seats:
            if seat["result"]:
                lines = "; ".join(seat["result"]["lines"])
                hand = f"{seat['hand']}: " if seat["hand"] else ""
                parts.append(f"{seat['nickname']}: {hand}{lines} ({seat['result']['badge_text']}).")
        return {"id": f"{announce['id']}r{state.round}", "text": " ".join(parts)}

    def present_viewer(self, shared, table, snapshot, config, viewer_id, balance):
        """What only this viewer sees, added to ``shared`` (present_table's,
        shared by every viewer: read it, never change it)."""
        state, areas, seats = shared["_state"], shared["_areas"], shared["seats"]
        seat = next((int(s) for s, player in snapshot["seats"].items() if player == viewer_id), None)
        spot = state.spots.get(str(seat)) if seat is not None else None
        if spot is not None and spot["player"] != viewer_id:
            spot = None  # a spot left by the seat's previous player
        mine = spot["bets"] if spot else {}
        base = self.game.base_areas
        context = {
            "my_seat": seat,
            "my_view": seats[seat - 1] if spot is not None else None,
            "my_total_staked": sum(mine.values()),
            "bet_buttons": [],
            "can_clear": state.phase == pr.BETTING and bool(mine),
            "bet_tools": betting.tools(
                state.phase == pr.BETTING,
                seat is not None,
                mine,
                spot.get("placed") if spot else None,
                state.last_bets.get(str(viewer_id)),
                fixed=tuple(a.name for a in self.game.areas if a.role == g.PROGRESSIVE),
            ),
            "my_cards": [],
            "my_hand": "",
            "decision": None,
            "turn_key": "",
            "turn_text": "",
            "table_full": seat is None and len(snapshot["seats"]) >= table["max_seats"],
            "needs_top_up": balance is not None and balance < self.game.least_to_play(config),
        }
        if seat is None:
            return context
        if state.phase == pr.BETTING:
            for area in areas:
                if area.equals:
                    continue  # placed with the wager it equals: that one's button says so
                low, high = area.limits(config)
                label = " + ".join(
                    [area.label, *(self.game.area(name).label for name in self.game.followers(area.name))]
                )
                button = {"area": area.name, "label": label, "amount": None, "disabled": False}
                if area.needs and not any(mine.get(name) for name in area.needs):
                    button["disabled"] = True  # it goes with a base wager
                if area.role == g.PROGRESSIVE:
                    button["amount"] = low // CENTS_PER_CHIP
                    button["disabled"] = button["disabled"] or bool(mine.get(area.name))
                button["base"] = area.name in base
                context["bet_buttons"].append(button)
        if spot and spot["cards"]:
            context["my_cards"] = card_views(spot["cards"])
            # Folded and collected unseen: the table's fragments show its backs, so the
            # round's record shows the player their own cards apart (round_cards.py).
            context["my_cards_mucked"] = bool(spot.get("mucked"))
            context["my_hand"] = self._hand(state, spot["cards"])
            context["my_labels"] = labels(spot["cards"])
        legal = self.rules.legal_options(state, seat) if spot else []
        if legal:
            decision = self.game.streets[state.street].decision
            buttons = []
            for option, multiples in legal:
                for multiple in multiples or (None,):
                    wager = spot["bets"][option.of] * multiple if option.places else 0
                    text = option.label if len(multiples) <= 1 else f"{option.label} {multiple}×"
                    buttons.append(
                        {
                            "action": option.action,
                            "label": text,
                            "key": option.key if len(multiples) <= 1 else str(multiple),
                            "multiple": multiple if len(multiples) > 1 else None,
                            "wager": wager,
                            "spot": option.withdraws,  # the wager a pull takes back (Let It Ride)
                        }
                    )
            context["decision"] = {
                "key": f"{state.round}:{state.street}:{seat}",
                "prompt": decision.prompt,
                "buttons": buttons,
            }
            context["turn_key"] = f"{state.round}:decide:{state.street}:{seat}"
            choices = " or ".join(f"{b['label']} ({b['key']})" for b in buttons)
            context["turn_text"] = f"Your turn: {context['my_labels']}, {context['my_hand']}. {choices}."
        return context


def _clock_label(phase):
    return {
        pr.BETTING: "Betting closes in",
        pr.DEALING: "Dealing in",
        pr.DECIDING: "Decision clock",
    }.get(phase)
