"""Texas Hold 'Em Bonus Poker (58 Pa. Code Ch. 647a) with the Must-Hit-By
Mystery bonus of seed § 647c.1, pure: the shared poker round
(games/poker/round.py) bound to the game's streets, paytables and this
table's Rules Submission.

Rules 4-8 (docs/rules/texas_holdem_bonus.md): two cards face down to each hand
and to the dealer; pre-flop each Ante player in seat order folds or makes the
Flop wager (2× the Ante); burn, the flop, check or the Turn wager (1×); burn,
the turn, check or the River wager (1×); burn, the river. A street clock's
expiry folds pre-flop ("Fold: leaving by not making the Flop Wager",
§ 647a.1) and checks after the flop (the rules file names no default: a
check stakes nothing, the safe default). Then the dealer's two cards, with no
qualification (rule 9); settlement in rule 13's order: the Ante and street
wagers (rule 10), the Bonus wager on the hole cards (rule 11), the progressive
on the hole cards and the flop (rule 12, settled after a fold too), Envy; the
Mystery bonus at the end of the round.
"""

from dataclasses import dataclass

from games import keymap
from games.cards import best_five, poker, seven_card
from games.cards.poker import CARD_INDEX
from games.poker import game as g
from games.poker import kit
from games.poker import round as pr
from games.poker.config import Choice, Clocks, Linked, Mystery, Paytable, PokerConfig, Wager
from games.poker.kit import FOLD  # noqa: F401  (the decision's, for the tests)
from games.poker.round import LEAVE, State, new_state, round_summary  # noqa: F401
from games.texas_holdem_bonus import paytables

ANTE = "ante"  # the Texas Hold 'Em Bonus wager (§ 647a.7(d)(1))
BONUS = "bonus"
FLOP = "flop"
TURN = "turn"
RIVER = "river"
STREET_WAGERS = (FLOP, TURN, RIVER)
PROGRESSIVE = "progressive"
CHECK = "check"
FLOP_MULTIPLE = 2  # rule 5: the Flop wager is 2× the Ante; rules 6-7: Turn and River 1×

# The meter of the $5 progressive payout wager: the five-card table of docs/rules/four_card_poker.md,
# linked with the other five-card progressives (docs/rules/README.md, the progressive table).
PROGRESSIVE_KIND = "five_card"


@dataclass(frozen=True)
class Config(PokerConfig):
    """The table's Rules Submission for Texas Hold 'Em Bonus Poker (§ 601a.2)."""

    min_bet: int = kit.setting(5, "Minimum Ante, in chips.")
    max_bet: int = kit.setting(
        500, "Maximum Ante, in chips (the Flop wager is 2×, the Turn and River wagers 1× it)."
    )
    ante_pays_on: int = kit.setting(
        1, "The Ante pays 1 to 1 on a win with: 1 = a straight or better, 2 = a flush or better."
    )
    bonus: int = kit.setting(1, "1: the Bonus wager on the hole cards is offered.")
    bonus_min_bet: int = kit.setting(5, "Minimum Bonus wager, in chips.")
    bonus_max_bet: int = kit.setting(100, "Maximum Bonus wager, in chips.")
    bonus_paytable: int = kit.setting(
        1, "Bonus paytable: 1 = 1000-30-25-20-15-10-5-3 (A-A with the dealer's A-A first)."
    )

    SWITCHES = ("bonus",)
    LIMITS = kit.wager_limits("bonus_min_bet", "bonus_max_bet")
    CHOICES = (
        Choice(
            "ante_pays_on",
            paytables.ANTE_PAYS_NAMES,
            "Choose 1 (a straight or better) or 2 (a flush or better).",
        ),
        Choice("bonus_paytable", paytables.BONUS_NAMES, "Choose Bonus paytable 1 (1000-30-25-20-15-10-5-3)."),
    )
    LINKED = Linked(
        (Wager("progressive", "$5 progressive payout wager", "§ 647a.7(d)(3)"),),
        Mystery("§ 647c.1", "the Ante and the progressive wager", "the progressive payout wager"),
        Paytable(
            paytables.PROGRESSIVE_NAMES,
            paytables.progressive_paytable,
            "Progressive paytable: 1 = the five-card table (royal flush 100% of the meter, straight "
            "flush 10%, 300-50-40-30-9 for 1) on the hole cards and the flop.",
            "Choose progressive paytable 1 (the five-card table).",
        ),
        envy=paytables.ENVY_DEFAULT_CHIPS,  # § 647a.1 "Envy Bonus"
    )
    CLOCKS = Clocks("Each hand's clock on each street; at expiry the hand folds pre-flop, checks after.")

    ante_pays_name = kit.Chosen("ante_pays_on", paytables.ANTE_PAYS_NAMES)
    # The least hand category (games.cards.poker) a winning hand needs for the Ante to pay.
    ante_category = kit.Chosen("ante_pays_on", paytables.ANTE_PAYS_NAMES, paytables.ANTE_PAYS_ON)
    bonus_name = kit.Chosen("bonus_paytable", paytables.BONUS_NAMES)
    bonus_table = kit.Chosen("bonus_paytable", paytables.BONUS_NAMES, paytables.bonus_paytable)


# -- hands -------------------------------------------------------------------------


def hand_value(items):
    """Rule 1: the best five of the two hole cards and the five board cards (the
    board may play; suits never rank), a games.cards.best_five value."""
    return seven_card.value_of_seven([CARD_INDEX[item] for item in items])


# Two hole cards by their pair or high cards; with the board, the best five of them (rule 1).
hand_name = kit.hand_so_far


def progressive_value(hole, flop):
    """Rule 12: the two hole cards and the flop as one five-card hand."""
    return best_five.best_five_value_indices([CARD_INDEX[item] for item in (*hole, *flop)])


def main_result(player_value, dealer_value, ante_category):
    """Rule 10 for a hand still in: (the Ante's outcome, the street wagers'
    outcome), each LOSE, PUSH or WIN (1 to 1). No dealer qualification (rule 9)."""
    if player_value > dealer_value:
        ante = g.WIN if poker.category(player_value) >= ante_category else g.PUSH
        return ante, g.WIN
    if player_value == dealer_value:
        return g.PUSH, g.PUSH
    return g.LOSE, g.LOSE


def _seven(view, seat):
    return view.cards(seat) + view.board_cards()


def _dealer_value(view):
    return hand_value(view.dealer_cards() + view.board_cards())


# -- settlers, in rule 13's order ------------------------------------------------------


def settle_main(view, seat):
    """Rule 10: the Ante and the Flop, Turn and River wagers of a hand still in
    against the dealer's best five of seven. A folded hand lost its Ante and
    Bonus with the fold (rule 5)."""
    if view.folded(seat) or not view.stake(seat, ANTE):
        return []
    player = hand_value(_seven(view, seat))
    ante, streets = main_result(player, _dealer_value(view), view.config.ante_category)
    pays = []
    for area in (ANTE, *STREET_WAGERS):
        if not view.stake(seat, area):
            continue
        outcome = ante if area == ANTE else streets
        label = GAME.area(area).label
        if outcome == g.WIN:
            pays.append(g.Pay(area, g.WIN, f"{label} 1 to 1", odds=paytables.EVEN_MONEY))
        elif outcome == g.PUSH:
            why = (
                "tie"
                if streets == g.PUSH
                else f"wins below a {view.config.ante_pays_name.removesuffix(' or better')}"
            )
            pays.append(g.Pay(area, g.PUSH, f"{label}, {why}"))
        else:
            pays.append(g.Pay(area, g.LOSE, f"{label}, dealer higher"))
    return pays


def _bonus_lines(view, seat):
    """The Bonus paytable's lines of the hole cards (and the dealer's A-A where its top line names them)."""
    return paytables.bonus_lines_of(view.cards(seat), view.dealer_cards())


# Rule 11: the Bonus wager on the two hole cards, whatever the main result (a fold lost it, rule 5).
settle_bonus = kit.settle_paytable(
    BONUS, _bonus_lines, "bonus_table", paytables.BONUS_LINE_NAMES, keep_case=True
)


# Rule 12: the progressive on the two hole cards and the flop, settled after a fold too
# (Defaults: the flop is always dealt). § 647a.1 "Envy Bonus": for each OTHER player's
# straight flush or better on the hole cards and the flop, folded hands included.
PROGRESSIVE_PAYS = kit.Progressive(
    PROGRESSIVE,
    lambda view, seat: paytables.five_card_lines(progressive_value(view.cards(seat), view.board_cards()[:3])),
    "progressive_table",
    paytables.PROGRESSIVE_LINE_NAMES,
    envy="envy_cents",
)


def _dealer_name(view):
    return best_five.hand_name(_dealer_value(view)) if view.dealer_cards() else ""


def _wager_or_check(area, street):
    """The Turn or River wager of 1× the Ante, or a check; the rules file names no default for
    a missing decision: the clock's check stakes nothing."""
    label = f"{area.capitalize()} wager"
    options = (
        g.Option(area, label, keymap.PLAY, places=area, of=ANTE),
        g.Option(CHECK, "Check", keymap.CHECK, says="checks"),
    )
    return g.Decision(street, ANTE, options, CHECK, f"The {street}: make the {label} (1× your Ante) or check")


STACK_HELP = (
    "Cards in deal order: two to each hand from the lowest seat up, the dealer's two, a burn, the flop's "
    'three, a burn, the turn, a burn, the river, e.g. "AS AH KD KC ? QS JS TS ? 2C ? 3D" for one player; '
    "? is any card. The rest of the 52-card deck is shuffled. It serves the next deal only."
)

GAME = g.Game(
    name="Texas Hold 'Em Bonus",
    areas=(
        # Rule 2: the Texas Hold 'Em Bonus wager (the Ante, § 647a.7(d)(1)), required.
        g.Area(ANTE, "Ante", g.BASE, limits=kit.BET_LIMITS),
        # Rule 2: the optional Bonus wager on the hole cards, with an Ante.
        kit.side_area(BONUS, "Bonus", "bonus", (ANTE,), "your two cards · A-A up to 1,000 to 1", "bonus"),
        kit.decision_area(FLOP, "Flop wager", times=FLOP_MULTIPLE),
        kit.decision_area(TURN, "Turn wager"),
        kit.decision_area(RIVER, "River wager"),
        # Rule 2: the optional progressive payout wager (§ 647a.7(d)(3)), $5, with an Ante.
        # § 647c.1(c)(1): "a Texas Hold 'Em Bonus Poker wager and a progressive payout wager".
        kit.progressive_area(
            paytables.PROGRESSIVE_WAGER_CENTS,
            PROGRESSIVE_KIND,
            (ANTE,),
            "$5 · your two cards and the flop · meter",
        ),
    ),
    streets=(
        # Rule 4: two cards face down to each hand and to the dealer. Rule 5: fold or Flop wager 2×.
        g.Street(
            deals=(g.Deal(g.PLAYERS, 2), g.Deal(g.DEALER, 2)),
            # § 647a.1: "Fold: leaving by not making the Flop Wager": the clock's expiry folds.
            decision=kit.play_or_fold(
                ANTE,
                "Pre-flop: make the Flop wager (2× your Ante) or fold",
                name="preflop",
                action=FLOP,
                label="Flop wager",
                key=keymap.PLAY,
                places=FLOP,
                multiples=(FLOP_MULTIPLE,),
            ),
        ),
        # Rule 6: burn, the flop face up; check or the Turn wager 1×.
        g.Street(
            deals=(g.Deal(g.DISCARD, 1), g.Deal(g.BOARD, 3, face_up=True)),
            decision=_wager_or_check(TURN, "flop"),
        ),
        # Rule 7: burn, the turn face up; check or the River wager 1×.
        g.Street(
            deals=(g.Deal(g.DISCARD, 1), g.Deal(g.BOARD, 1, face_up=True)),
            decision=_wager_or_check(RIVER, "turn"),
        ),
        # Rule 8: burn, the river face up; no wager after it. Rule 9: the dealer's cards.
        g.Street(deals=(g.Deal(g.DISCARD, 1), g.Deal(g.BOARD, 1, face_up=True))),
    ),
    settlers=(
        settle_main,
        settle_bonus,
        kit.settle_progressives(PROGRESSIVE_PAYS),
        kit.settle_envy(PROGRESSIVE_PAYS),
    ),
    # Rule 5: a fold loses the Ante and the Bonus wager; the progressive stays (Defaults).
    fold_loses=(ANTE, BONUS),
    mystery_base=ANTE,  # § 647c.1(c)(1): "a Texas Hold 'Em Bonus Poker wager" (the Ante)
    hand_name_of=hand_name,
    dealer_name=_dealer_name,
    stack_help=STACK_HELP,
)

# The platform's entry points (games/engine.py): the poker round playing GAME. Rule 1: one 52-card
# deck, no joker, shuffled fresh for every deal.
PLAYER_ACTIONS, parse_action, apply, timer, stack, legal_options = pr.bind(GAME)
