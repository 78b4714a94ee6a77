"""Mississippi Stud (58 Pa. Code Ch. 655a) with the Must-Hit-By Mystery bonus
of seed § 655c.1, pure: the shared poker round (games/poker/round.py) bound
to Mississippi Stud's streets, paytables and this table's Rules Submission.

Rules 5-9 (docs/rules/mississippi_stud.md): two cards face down to each hand and
three community cards face down; 3rd Street (each Ante player in seat order
folds or bets 1, 2 or 3 times the Ante), the first community card turned up,
4th Street, the second turned up, 5th Street, the third turned up; at a
street clock's expiry the hand folds ("Fold: leaving by not making a Bet
Wager", § 655a.1). No dealer hand: the Ante and every street wager are paid
alike from § 655a.12(a)'s paytable on the two cards and the three community
cards (rule 10), a hand's base wagers together winning at most the aggregate
limit of § 655a.12(b) (rule 11). Settlement in rule 14's order: folds → base
wagers → progressive (settled after a fold too, Defaults) → Envy; the
Mystery bonus at the end of the round.
"""

from dataclasses import dataclass

from games import keymap
from games.cards import best_five
from games.cards.poker import CARD_INDEX
from games.mississippi_stud import paytables
from games.poker import game as g
from games.poker import kit
from games.poker import round as pr
from games.poker.config import Choice, Clocks, Linked, Mystery, Paytable, PokerConfig, Wager
from games.poker.kit import FOLD  # noqa: F401  (the decision's, for the tests)
from games.poker.round import LEAVE, State, new_state, round_summary  # noqa: F401

ANTE = "ante"  # the Mississippi Stud wager (§ 655a.7(d)(1))
THIRD = "third"
FOURTH = "fourth"
FIFTH = "fifth"
STREETS = (THIRD, FOURTH, FIFTH)
PROGRESSIVE = "progressive"
# The street decision: not "bet", which is the platform's action for placing a chip.
RAISE = "raise"

# The meter of the $5 progressive payout wager: paytable A's lines are the Five-Card
# progressive table of docs/rules/four_card_poker.md, and the rules file links it "with the other
# five-card progressives" (Four Card Poker, Crazy 4 Poker, Let It Ride).
PROGRESSIVE_KIND = "five_card"


@dataclass(frozen=True)
class Config(PokerConfig):
    """The table's Rules Submission for Mississippi Stud (§ 601a.2)."""

    min_bet: int = kit.setting(5, "Minimum Ante, in chips.")
    max_bet: int = kit.setting(500, "Maximum Ante, in chips (each street wager is 1 to 3 times it).")
    paytable: int = kit.setting(
        1, "Ante and street wagers' paytable: 1 = 500-100-40-10-6-4-3-2-1, 6s-10s push (§ 655a.12(a))."
    )

    CHOICES = (Choice("paytable", paytables.BASE_NAMES, "Choose paytable 1 (500-100-40-10-6-4-3-2-1)."),)
    LINKED = Linked(
        (Wager("progressive", "$5 progressive payout wager", "§ 655a.7(d)(3)"),),
        Mystery("§ 655c.1", "the Ante and the progressive wager", "the progressive payout wager"),
        Paytable(
            paytables.PROGRESSIVE_NAMES,
            paytables.progressive_paytable,
            "Progressive paytable: 1 = A (royal flush 100% of the meter, straight flush 10%, "
            "300-50-40-30-9 for 1).",
            "Choose progressive paytable 1 (A): paytables B to D need meters this table does not link.",
        ),
        envy=paytables.ENVY_DEFAULT_CHIPS,  # rule 13
    )
    CLOCKS = Clocks("Each hand's clock on each street; at expiry the hand folds.")

    base_name = kit.Chosen("paytable", paytables.BASE_NAMES)
    base_table = kit.Chosen("paytable", paytables.BASE_NAMES, paytables.base_paytable)

    @property
    def aggregate_limit_cents(self):
        """Rule 11 (§ 655a.12(b)): $50,000, or the most one patron could win in a
        round betting the table minimum (the minimum Ante, every street at 3×, a
        royal flush), whichever is greater."""
        most = self.min_bet * 100 * (1 + 3 * max(paytables.STREET_MULTIPLES))
        top = max(odds.winnings_cents(most) for odds in self.base_table.values())
        return max(paytables.AGGREGATE_LIMIT_CENTS, top)


# -- hands -------------------------------------------------------------------------


def hand_value(items):
    """The two cards and the three community cards as one poker hand (rule 2:
    ace high or low in A-2-3-4-5, suits never rank)."""
    return best_five.best_five_value_indices([CARD_INDEX[item] for item in items])


# The hand so far: two to four cards by their pairs or high cards, five as a poker hand.
hand_name = kit.hand_so_far


def base_payout(value, table):
    """(line, Odds) the paytable pays on a hand value, (line, None) for the
    push of a pair of 6s through 10s, or None: the hand loses (rule 10)."""
    lines = paytables.base_lines(value)
    won = paytables.lookup(table, lines)
    if won:
        return won
    pushed = [line for line in lines if line in paytables.PUSH_LINES]
    return (pushed[0], None) if pushed else None


def _five(view, seat):
    return view.cards(seat) + view.board_cards()


# -- settlers, in rule 14's order ------------------------------------------------------


def settle_base(view, seat):
    """Rule 10: the Ante and every street wager in action at the same odds from
    the paytable; a pair of 6s through 10s pushes all four; anything lower loses
    all four. A folded hand lost its wagers with the fold (rules 6-8)."""
    areas = [area for area in (ANTE, *STREETS) if view.stake(seat, area)]
    if view.folded(seat) or not areas:
        return []
    won = base_payout(hand_value(_five(view, seat)), view.config.base_table)
    labels = {area: GAME.area(area).label for area in areas}
    if won is not None and won[1] is None:
        name = paytables.LINE_NAMES[won[0]].lower()
        return [g.Pay(area, g.PUSH, f"{labels[area]}, {name}") for area in areas]
    return [pay for area in areas for pay in kit.paid(area, labels[area], won, paytables.LINE_NAMES)]


# Rule 12: the progressive on the two cards and the three community cards, settled after a
# fold too (Defaults: all three community cards are revealed). Rule 13: Envy for each
# different player's royal flush or straight flush; a folded hand gives and earns it.
PROGRESSIVE_PAYS = kit.Progressive(
    PROGRESSIVE,
    lambda view, seat: paytables.five_card_lines(hand_value(_five(view, seat))),
    "progressive_table",
    paytables.LINE_NAMES,
    envy="envy_cents",
)


STACK_HELP = (
    "Cards in deal order: two to each hand from the lowest seat up, then the three community cards "
    '(turned up one a street), e.g. "AS AH KD QC 2S" for one player; ? is any card. '
    "The rest of the 52-card deck is shuffled. It serves the next deal only."
)

_STREET_NAMES = {THIRD: "3rd Street", FOURTH: "4th Street", FIFTH: "5th Street"}


def _street_decision(area):
    name = _STREET_NAMES[area]
    # Rules 6-8: fold, or bet 1, 2 or 3 times the Ante; § 655a.1: "Fold: leaving by not making
    # a Bet Wager": the clock's expiry folds.
    return kit.play_or_fold(
        ANTE,
        f"{name}: bet 1×, 2× or 3× your Ante, or fold",
        name=area,
        action=RAISE,
        label="Bet",
        key=keymap.PLAY,
        places=area,
        multiples=paytables.STREET_MULTIPLES,
    )


GAME = g.Game(
    name="Mississippi Stud",
    areas=(
        # Rule 3: the Mississippi Stud wager (the Ante, § 655a.7(d)(1)), required.
        g.Area(ANTE, "Ante", g.BASE, limits=kit.BET_LIMITS, note="pays with the streets · 6s–10s push"),
        *(
            kit.decision_area(area, _STREET_NAMES[area], up_to=max(paytables.STREET_MULTIPLES))
            for area in STREETS
        ),
        # Rule 3: the optional progressive payout wager (§ 655a.7(d)(3)), $5, with an Ante.
        # § 655c.1(c)(1): "a Mississippi Stud wager and a progressive payout wager".
        kit.progressive_area(
            paytables.PROGRESSIVE_WAGER_CENTS,
            PROGRESSIVE_KIND,
            (ANTE,),
            "$5 · three of a kind or better · meter",
        ),
    ),
    streets=(
        # Rule 5: two cards face down to each hand; three community cards face down. Rule 6.
        g.Street(deals=(g.Deal(g.PLAYERS, 2), g.Deal(g.BOARD, 3)), decision=_street_decision(THIRD)),
        # Rule 7: community card 1 turned up, then 4th Street.
        g.Street(deals=(g.Reveal(g.BOARD, 1),), decision=_street_decision(FOURTH)),
        # Rule 8: community card 2 turned up, then 5th Street.
        g.Street(deals=(g.Reveal(g.BOARD, 1),), decision=_street_decision(FIFTH)),
        # Rule 9: community card 3 turned up, and the settlement.
        g.Street(deals=(g.Reveal(g.BOARD, 1),)),
    ),
    settlers=(settle_base, kit.settle_progressives(PROGRESSIVE_PAYS), kit.settle_envy(PROGRESSIVE_PAYS)),
    # Rules 6-8: a fold loses every wager in action; the progressive stays (Defaults).
    fold_loses=(ANTE, *STREETS),
    mystery_base=ANTE,  # § 655c.1(c)(1): "a Mississippi Stud wager" (the Ante, § 655a.7(d)(1))
    aggregate_cap=lambda config: config.aggregate_limit_cents,  # rule 11, § 655a.12(b)
    hand_name_of=hand_name,
    stack_help=STACK_HELP,
)

# The platform's entry points (games/engine.py): the poker round playing GAME. Rule 1: one 52-card
# deck, no joker, shuffled fresh for every deal.
PLAYER_ACTIONS, parse_action, apply, timer, stack, legal_options = pr.bind(GAME)
