"""Ultimate Texas Hold 'Em Poker (58 Pa. Code Ch. 653a, 653b) with the
Must-Hit-By Mystery bonus of seed § 653c.1, pure: the shared poker round
(games/poker/round.py) bound to its streets, its paytables, the seven-card
evaluator (games/cards/seven_card.py) and this table's Rules Submission.

Rules 5-8 (docs/rules/ultimate_texas_holdem.md): two cards face down to each hand
holding the Ante and Blind, two to the dealer, five community cards face
down; pre-flop each hand in seat order checks or makes the Play of 3× or 4×
the Ante; the flop turned up, hands without a Play check or play 2×; the turn
and the river turned up together, hands still without a Play play 1× or
fold; one Play wager a round (``Decision.once``). The rules file is silent on
the street clocks, so at expiry a hand checks pre-flop and on the flop and
folds on the river (the only choices rule 8 leaves); the rules page says so.
The dealer's cards are turned up after the last decision and qualify with a
pair or better (rule 9). Settlement in rule 14's order: folds → Ante, Play and
Blind by rule 10's table → Trips (after a fold too, rule 11) → Bad Beat →
progressive on the hole cards and the flop (rule 12) → Envy; the Mystery bonus
at the end of the round.
"""

from dataclasses import dataclass

from games import keymap
from games.cards import best_five, seven_card
from games.cards.poker import CARD_INDEX
from games.poker import game as g
from games.poker import kit
from games.poker import round as pr
from games.poker.config import Choice, Clocks, Linked, Mystery, Paytable, PokerConfig, Wager
from games.poker.kit import DEALER_HIGHER, FOLD, PLAYER_HIGHER, TIE, showdown  # noqa: F401  (FOLD: for the tests)
from games.poker.round import LEAVE, State, new_state, round_summary  # noqa: F401
from games.ultimate_texas_holdem import paytables

ANTE = "ante"
BLIND = "blind"
PLAY = "play"
TRIPS = "trips"
BAD_BEAT = "bad_beat"
PROGRESSIVE = "progressive"
CHECK = "check"
PREFLOP, FLOP, RIVER = "preflop", "flop", "river"

# The $5 progressive on the hole cards and the flop is a five-card hand with the
# five-card table's shape (docs/rules/README.md): the meter linked with the other
# five-card progressives (Four Card Poker, Let It Ride, Mississippi Stud).
PROGRESSIVE_KIND = "five_card"


def _choices(names):
    return ", ".join(f"{number} = {name}" for number, name in enumerate(names, 1))


@dataclass(frozen=True)
class Config(PokerConfig):
    """The table's Rules Submission for Ultimate Texas Hold 'Em Poker (§ 601a.2)."""

    min_bet: int = kit.setting(5, "Minimum Ante, in chips (the Blind equals it).")
    max_bet: int = kit.setting(500, "Maximum Ante, in chips (the Play is 4, 3, 2 or 1 times it).")
    blind_paytable: int = kit.setting(
        1,
        f"Blind paytable (§ 653a.12(b)): {_choices(paytables.BLIND_NAMES)} "
        "(A: 500-50-10-3-3/2-1; B: as A, a straight pushes).",
    )
    trips: int = kit.setting(1, "1: the Trips wager is offered (§ 653a.12(c)).")
    trips_paytable: int = kit.setting(
        1,
        "Trips paytable (§ 653a.12(c)): 1 = A (50-40-30-9-7-4-3), 2 = B (50-40-30-8-6-5-3), "
        "3 = C (50-40-30-8-7-4-3), 4 = D (50-40-20-7-6-5-3).",
    )
    trips_min_bet: int = kit.setting(5, "Minimum Trips wager, in chips.")
    trips_max_bet: int = kit.setting(100, "Maximum Trips wager, in chips.")
    bad_beat: int = kit.setting(
        1, "1: the Bad Beat bonus wager is offered, Paytable C (§ 653b.3; A and B not reproduced)."
    )
    bad_beat_min_bet: int = kit.setting(1, "Minimum Bad Beat wager, in chips.")
    bad_beat_max_bet: int = kit.setting(25, "Maximum Bad Beat wager, in chips.")
    SWITCHES = ("trips", "bad_beat")
    LIMITS = (
        *kit.wager_limits("trips_min_bet", "trips_max_bet"),
        *kit.wager_limits("bad_beat_min_bet", "bad_beat_max_bet"),
    )
    CHOICES = tuple(
        Choice(name, names, f"Choose {_choices(names)}.")
        for name, names in (
            ("blind_paytable", paytables.BLIND_NAMES),
            ("trips_paytable", paytables.TRIPS_NAMES),
        )
    )
    LINKED = Linked(
        (Wager("progressive", "$5 progressive payout wager", "§ 653a.7(d)(3)"),),
        Mystery(
            "§ 653c.1", "the Ante and Blind and the progressive payout wager", "the progressive payout wager"
        ),
        Paytable(
            paytables.PROGRESSIVE_NAMES,
            paytables.progressive_paytable,
            "Progressive paytable on the hole cards and the flop: 1 = the linked five-card table "
            "(royal flush 100% of the meter, straight flush 10%, 300-50-40-30-9 for 1).",
            f"Choose {_choices(paytables.PROGRESSIVE_NAMES)}.",
        ),
        envy=paytables.ENVY_DEFAULT_CHIPS,
    )
    CLOCKS = Clocks("Each hand's clock on each street; at expiry it checks, or on the river folds.")

    blind_name = kit.Chosen("blind_paytable", paytables.BLIND_NAMES)
    blind_table = kit.Chosen("blind_paytable", paytables.BLIND_NAMES, paytables.blind_paytable)
    trips_name = kit.Chosen("trips_paytable", paytables.TRIPS_NAMES)
    trips_table = kit.Chosen("trips_paytable", paytables.TRIPS_NAMES, paytables.trips_paytable)

    @property
    def bad_beat_table(self):
        return paytables.bad_beat_paytable(paytables.BAD_BEAT_NAMES[0])


# -- hands -------------------------------------------------------------------------


def indices_of(items):
    return [CARD_INDEX[item] for item in items]


def seven_value(items):
    """Rule 2: the best five of two hole cards and the five community cards."""
    return seven_card.value_of_seven(indices_of(items))


# Two hole cards by their pair or high cards; with the flop or the whole board, the best five (rule 2).
hand_name = kit.hand_so_far


def five_value(items):
    """The two hole cards and the flop as one five-card hand (rule 12)."""
    return best_five.best_five_value_indices(indices_of(items))


# Rule 10's rows for a hand still in are kit.showdown's: equal values tie (rule 2: suits never rank).


def blind_payout(mine, blind_table):
    """(line, Odds) the Blind pays on a winning hand, or None (a push)."""
    return paytables.lookup(blind_table, paytables.hand_lines(mine))


def main_net(mine, dealer, play_multiple, blind_table):
    """Net of the Ante, Blind and Play per unit of the Ante for a hand that
    made a Play of ``play_multiple`` × the Ante, by rule 10's table (a fold
    nets -2: the Ante and the Blind, rule 8). The settler's arithmetic, read by
    the strategy and the lab's simulation too."""
    row = showdown(mine, dealer)
    if row == TIE:
        return 0
    qualified = paytables.dealer_qualifies(dealer)
    if row == DEALER_HIGHER:
        return -(qualified + 1 + play_multiple)
    won = blind_payout(mine, blind_table)
    return qualified + play_multiple + (won[1].winnings(1) if won else 0)


def _seven(view, seat):
    return view.cards(seat) + view.board_cards()


def _dealer_seven(view):
    return view.dealer_cards() + view.board_cards()


def _five(view, seat):
    return view.cards(seat) + view.board_cards()[:3]


# -- settlers, in rule 14's order ------------------------------------------------------


def settle_hand(view, seat):
    """Rules 9-10: the hand against the dealer's; the Ante pushes when the dealer
    does not qualify; the Blind pays from its table only on a win."""
    if not view.stake(seat, ANTE):
        return []  # folded: the Ante and the Blind were lost with the fold (rule 8)
    mine = seven_value(_seven(view, seat))
    dealer = seven_value(_dealer_seven(view))
    row = showdown(mine, dealer)
    if row == TIE:
        return [g.Pay(area, g.PUSH, f"{label}, a tie") for area, label in _MAIN]
    qualified = paytables.dealer_qualifies(dealer)
    if row == DEALER_HIGHER:
        ante = g.Pay(ANTE, g.LOSE, "Ante") if qualified else g.Pay(ANTE, g.PUSH, "Ante, dealer not qualified")
        return [ante, g.Pay(PLAY, g.LOSE, "Play"), g.Pay(BLIND, g.LOSE, "Blind")]
    if qualified:
        ante = g.Pay(ANTE, g.WIN, "Ante 1 to 1", odds=paytables.EVEN)
    else:
        ante = g.Pay(ANTE, g.PUSH, "Ante, dealer not qualified")
    pays = [ante, g.Pay(PLAY, g.WIN, "Play 1 to 1", odds=paytables.EVEN)]
    won = blind_payout(mine, view.config.blind_table)
    if won is None:
        return [*pays, g.Pay(BLIND, g.PUSH, "Blind, below its paytable")]
    return pays + kit.paid(BLIND, "Blind", won, paytables.LINE_NAMES)


_MAIN = ((ANTE, "Ante"), (PLAY, "Play"), (BLIND, "Blind"))


def _final_lines(view, seat):
    return paytables.hand_lines(seven_value(_seven(view, seat)))


def _bad_beat_lines(view, seat):
    """Rule 13: the lines of a hand losing to the dealer's ([] when it does not)."""
    mine = seven_value(_seven(view, seat))
    return (
        paytables.hand_lines(mine)
        if showdown(mine, seven_value(_dealer_seven(view))) == DEALER_HIGHER
        else []
    )


# Rule 11: the player's final hand from the Trips table, whatever the dealer holds, in action
# after a fold (the board is dealt out).
settle_trips = kit.settle_paytable(TRIPS, _final_lines, "trips_table", paytables.LINE_NAMES)
# Rule 13, three of a kind or better losing to the dealer's, on a hand still in at the showdown
# (a fold lost it with the Ante: the rules file's Defaults, no showdown).
settle_bad_beat = kit.settle_paytable(BAD_BEAT, _bad_beat_lines, "bad_beat_table", paytables.LINE_NAMES)


# Rule 12: the progressive on the two hole cards and the flop, independent of the dealer
# and of later decisions (after a fold too); § 653a.1 Envy Bonus for each OTHER player's
# straight flush or better on the hole cards and the flop.
PROGRESSIVE_PAYS = kit.Progressive(
    PROGRESSIVE,
    lambda view, seat: paytables.five_card_lines(five_value(_five(view, seat))),
    "progressive_table",
    paytables.LINE_NAMES,
    envy="envy_cents",
)


def _dealer_name(view):
    items = view.dealer_cards()
    value = seven_value(_dealer_seven(view))
    labels = " ".join(item.label for item in items)
    qualifies = "qualifies" if paytables.dealer_qualifies(value) else "does not qualify (below a pair)"
    name = best_five.hand_name(value)
    if name[1:2].islower():  # "full house, queens over 2s" inside the sentence; "K-Q-J-8-7 high" kept
        name = name[:1].lower() + name[1:]
    return f"{labels}: {name}; the dealer {qualifies}"


STACK_HELP = (
    "Cards in deal order: two to each hand from the lowest seat up, then the dealer's two, then the five "
    'community cards (flop, turn, river), e.g. "AS KS 7D 7C QS JS TS 2H 3D" for one player; ? is any '
    "card. The rest of the 52-card deck is shuffled. It serves the next deal only."
)


def _check_or_play(name, multiples, prompt, once=None):
    """A check, the clock's default (the rules file is silent), or a Play of ``multiples`` of the Ante."""
    play = g.Option(PLAY, "Play", keymap.PLAY, places=PLAY, of=ANTE, multiples=multiples)
    return g.Decision(name, ANTE, (g.Option(CHECK, "Check", "C", says="checks"), play), CHECK, prompt, once)


GAME = g.Game(
    name="Ultimate Texas Hold 'Em",
    areas=(
        # Rule 3: the Ultimate Texas Hold 'Em wager (§ 653a.7(d)(1)): an Ante and an equal Blind, both required.
        g.Area(ANTE, "Ante", g.BASE, limits=kit.BET_LIMITS, note="1 to 1 · pushes if the dealer has no pair"),
        kit.equal_area(BLIND, "Blind", ANTE, "pays on a win"),
        kit.decision_area(PLAY, "Play", up_to=max(paytables.PREFLOP_MULTIPLES)),
        # Rule 3: Trips and the Bad Beat need the Ante and Blind.
        kit.side_area(TRIPS, "Trips", "trips", (ANTE,), "three of a kind or better", "trips"),
        kit.side_area(
            BAD_BEAT, "Bad Beat", "bad_beat", (ANTE,), "three of a kind or better that loses", "bad_beat"
        ),
        # Rule 3: the optional $5 progressive payout wager (§ 653a.7(d)(3)), with the Ante and Blind.
        # § 653c.1(c)(1): "an Ultimate Texas Hold 'Em Poker wager and a progressive payout wager".
        kit.progressive_area(
            paytables.PROGRESSIVE_WAGER_CENTS,
            PROGRESSIVE_KIND,
            (ANTE,),
            "$5 · hole cards and flop · three of a kind or better · meter",
        ),
    ),
    streets=(
        # Rule 5: two down to each hand and to the dealer, five community cards down. Rule 6.
        g.Street(
            deals=(g.Deal(g.PLAYERS, 2), g.Deal(g.DEALER, 2), g.Deal(g.BOARD, 5)),
            decision=_check_or_play(
                PREFLOP, paytables.PREFLOP_MULTIPLES, "Check, or Play 3× or 4× your Ante"
            ),
        ),
        # Rule 7: the flop turned up; hands without a Play check or play 2×.
        g.Street(
            deals=(g.Reveal(g.BOARD, 3),),
            decision=_check_or_play(FLOP, paytables.FLOP_MULTIPLES, "Check, or Play 2× your Ante", once=PLAY),
        ),
        g.Street(
            # Rule 8: turn and river together; Play 1× or fold; one Play wager a round.
            deals=(g.Reveal(g.BOARD, 2),),
            # The fold is the clock's default: the only choice left that places no wager.
            decision=kit.play_or_fold(
                ANTE, "Play 1× your Ante, or fold", name=RIVER, multiples=paytables.RIVER_MULTIPLES, once=PLAY
            ),
        ),
    ),
    settlers=(
        settle_hand,
        settle_trips,
        settle_bad_beat,
        kit.settle_progressives(PROGRESSIVE_PAYS),
        kit.settle_envy(PROGRESSIVE_PAYS),
    ),
    # Rule 8: a fold loses the Ante and the Blind; the Bad Beat needs the showdown (Defaults);
    # Trips (rule 11) and the progressive (rule 12) stay in action.
    fold_loses=(ANTE, BLIND, BAD_BEAT),
    mystery_base=ANTE,  # § 653c.1(c)(1): "an Ultimate Texas Hold 'Em Poker wager" (the Ante and Blind)
    hand_name_of=hand_name,
    dealer_name=_dealer_name,
    stack_help=STACK_HELP,
)

# The platform's entry points (games/engine.py): the poker round playing GAME. Rule 1: one 52-card
# deck, no joker, shuffled fresh for every deal.
PLAYER_ACTIONS, parse_action, apply, timer, stack, legal_options = pr.bind(GAME)
