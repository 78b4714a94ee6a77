"""Let It Ride Poker (58 Pa. Code Ch. 643a) with the Must-Hit-By Mystery
bonus of seed § 643c.1, pure: the shared poker round (games/poker/round.py)
bound to Let It Ride's streets, paytables and this table's Rules Submission.

Two streets (docs/rules/let_it_ride.md rules 5–10): three cards face down to each
hand and two community cards face down; each player pulls back Bet 1 or lets
it ride (decision 1); the first community card is turned up; each player
pulls back Bet 2 or lets it ride, whatever was done with Bet 1 (decision 2);
the $ bet is never taken back (rule 9); the second community card is turned
up and every wager settled. No dealer hand. At the clock's expiry the wager
is pulled back (a project default: the rules file is silent, and taking the
wager back risks nothing the player did not choose to risk). Settlement in
rule 15's order: base wagers (with the aggregate cap of rule 14) → Three
Card Bonus → Three-Card progressive → Five-Card progressive → Envy; the
Mystery bonus at the end of the round.
"""

from dataclasses import dataclass

from games import keymap
from games.cards import best_five, three_card
from games.cards.poker import CARD_INDEX
from games.let_it_ride import paytables
from games.poker import game as g
from games.poker import kit
from games.poker import round as pr
from games.poker.config import Choice, Clocks, Limit, Linked, Mystery, PokerConfig
from games.poker.round import LEAVE, State, new_state, round_summary  # noqa: F401

# Rule 3: the three equal base wagers in the spots 1, 2 and $ (together the "Let It
# Ride Poker wager" of § 643a.7(a)).
ONE = "one"
TWO = "two"
DOLLAR = "dollar"
BASE_WAGERS = (ONE, TWO, DOLLAR)
THREE_CARD_BONUS = "three_card_bonus"
THREE_CARD = "three_card"
FIVE_CARD = "five_card"
PULL = "pull"
RIDE = "ride"


@dataclass(frozen=True)
class Config(PokerConfig):
    """The table's Rules Submission for Let It Ride Poker (§ 601a.2)."""

    min_bet: int = kit.setting(5, "Minimum of each of the three base wagers, in chips.")
    max_bet: int = kit.setting(500, "Maximum of each of the three base wagers, in chips.")
    base_paytable: int = kit.setting(
        1, "Base paytable: 1 = 1000-200-50-11-8-5-3-2-1 (royal flush down to 10s or better)."
    )
    aggregate_payout_limit: int = kit.setting(
        50_000, "The most the three base wagers win together in one round, in chips (rule 14)."
    )
    three_card_bonus: int = kit.setting(1, "1: the Three Card Bonus is offered.")
    three_card_bonus_paytable: int = kit.setting(1, "Three Card Bonus paytable: 1 = 40-30-6-3-1.")
    side_max: int = kit.setting(100, "Maximum Three Card Bonus wager, in chips.")
    SWITCHES = ("three_card_bonus",)
    LIMITS = (
        Limit("side_max", "min_bet", message="The side wager maximum cannot be below the minimum wager."),
        Limit("aggregate_payout_limit", 1, message="The payout limit must be at least 1 chip."),
    )
    CHOICES = (
        Choice("base_paytable", paytables.BASE_NAMES, "Choose base paytable 1 (1000-200-50-11-8-5-3-2-1)."),
        Choice(
            "three_card_bonus_paytable",
            paytables.THREE_CARD_BONUS_NAMES,
            "Choose Three Card Bonus paytable 1 (40-30-6-3-1).",
        ),
    )
    # § 643c.1(c)(1): "a Three-Card progressive payout wager or Five-Card progressive payout
    # wager, as indicated by the certificate holder in its Rules Submission" — offered at the table.
    LINKED = Linked(
        (
            kit.three_card_wager("§ 643a.7(g)", area=THREE_CARD),
            kit.five_card_wager("§ 643a.7(h)", area=FIVE_CARD),
        ),
        Mystery(
            "§ 643c.1",
            "them",
            "the Three-Card or the Five-Card progressive payout wager",
            base="the base wagers",
        ),
    )
    CLOCKS = Clocks("Each pull-back decision's clock; at expiry the wager is pulled back.")

    base_name = kit.Chosen("base_paytable", paytables.BASE_NAMES)
    base_table = kit.Chosen("base_paytable", paytables.BASE_NAMES, paytables.base_paytable)
    three_card_bonus_name = kit.Chosen("three_card_bonus_paytable", paytables.THREE_CARD_BONUS_NAMES)
    three_card_bonus_table = kit.Chosen(
        "three_card_bonus_paytable", paytables.THREE_CARD_BONUS_NAMES, paytables.three_card_bonus_paytable
    )


# -- hands -------------------------------------------------------------------------


def hand_value(items):
    """The player's three cards and the two community cards as one five-card poker
    hand (rules 2, 11: standard ranking, ace high or low in A-2-3-4-5)."""
    return best_five.best_five_value_indices([CARD_INDEX[item] for item in items])


def hand_name(items):
    """The hand so far: the three dealt cards as a three-card hand (what the
    Three Card Bonus reads: "Flush, K-9-4"), four by their pairs ("Pair of
    10s", "Two pair, kings and 4s") or high cards, five as a poker hand."""
    return three_card.name(three_card_value(items)) if len(items) == 3 else kit.hand_so_far(items)


def three_card_value(items):
    """The three dealt cards as a three-card hand (rule 2: straight beats flush, A-2-3 lowest)."""
    return three_card.evaluate(items)


def _five(view, seat):
    return [*view.cards(seat), *view.board_cards()]


def _three_card_lines(items):
    return paytables.three_card_lines(three_card_value(items), items[0].suit)


def _five_card_lines(items):
    return paytables.five_card_lines(hand_value(items))


# -- settlers, in rule 15's order ------------------------------------------------------


def settle_base(view, seat):
    """Rule 11: every base wager still in action is paid at the same odds on a
    pair of 10s or better, otherwise all lose; no dealer, no push. A wager
    pulled back came back at its decision. Rule 14's cap: Game.aggregate_cap."""
    won = paytables.lookup(view.config.base_table, paytables.base_lines(hand_value(_five(view, seat))))
    in_action = [area for area in BASE_WAGERS if view.stake(seat, area)]
    return [
        pay for area in in_action for pay in kit.paid(area, GAME.area(area).label, won, paytables.LINE_NAMES)
    ]


def _three(view, seat):
    return _three_card_lines(view.cards(seat))


# Rule 12: on the player's three dealt cards; in action whatever was pulled back.
settle_three_card_bonus = kit.settle_paytable(
    THREE_CARD_BONUS, _three, "three_card_bonus_table", paytables.LINE_NAMES
)


# Rule 13 (PA § 643a.1): the Three-Card progressive on the three dealt cards, the Five-Card
# on the final hand, whatever the base wagers do; Three-Card Envy for each other player's
# mini-royal, Five-Card Envy for each other player's straight flush or better.
THREE_CARD_PAYS = kit.Progressive(
    THREE_CARD,
    _three,
    paytables.THREE_CARD_PROGRESSIVE,
    paytables.LINE_NAMES,
    envy=paytables.THREE_CARD_ENVY_CENTS,
)
FIVE_CARD_PAYS = kit.Progressive(
    FIVE_CARD,
    lambda view, seat: _five_card_lines(_five(view, seat)),
    paytables.FIVE_CARD_PROGRESSIVE,
    paytables.LINE_NAMES,
    envy=paytables.FIVE_CARD_ENVY_CENTS,
)


STACK_HELP = (
    "Cards in deal order: three to each hand from the lowest seat up, then the two community cards "
    '(the first is turned up after the first decision), e.g. "TS TH 4D KC 2S" for one player; ? is any '
    "card. The rest of the 52-card deck is shuffled. It serves the next deal only."
)


def _pull(number, area):
    return g.Decision(
        name=f"bet_{number}",
        # Decision 1 is taken by every hand (all three wagers are up); decision 2 by
        # every hand too, which always holds its $ bet (rule 9).
        base=ONE if number == 1 else DOLLAR,
        options=(
            g.Option(PULL, f"Pull back Bet {number}", keymap.PULL_BACK, withdraws=area),
            g.Option(RIDE, "Let it ride", keymap.LET_IT_RIDE, says="lets it ride"),
        ),
        default=PULL,
        prompt=f"Pull back Bet {number}, or let it ride",
    )


GAME = g.Game(
    name="Let It Ride Poker",
    areas=(
        # Rule 3: three equal base wagers, placed together (the Let It Ride Poker wager).
        g.Area(
            ONE, "Bet 1", g.BASE, limits=kit.BET_LIMITS, note="pays on 10s or better · may be pulled back"
        ),
        g.Area(TWO, "Bet 2", g.BASE, limits=kit.BET_LIMITS, equals=ONE, note="may be pulled back"),
        g.Area(DOLLAR, "Bet $", g.BASE, limits=kit.BET_LIMITS, equals=ONE, note="always in action"),
        # Rules file Defaults: the Three Card Bonus needs the base wagers.
        kit.side_area(
            THREE_CARD_BONUS,
            "Three Card Bonus",
            "three_card_bonus",
            (ONE,),
            "your three cards · pair or better",
        ),
        kit.three_card_area(paytables.THREE_CARD_WAGER_CENTS, (ONE,), "$1 · your three cards · meter · Envy"),
        kit.five_card_area(paytables.FIVE_CARD_WAGER_CENTS, (ONE,), "$5 · your final hand · meter · Envy"),
    ),
    streets=(
        # Rule 5: three cards face down to each hand, two community cards face down; rule 6.
        g.Street(deals=(g.Deal(g.PLAYERS, 3), g.Deal(g.BOARD, 2)), decision=_pull(1, ONE)),
        # Rule 7: the first community card turned up; rule 8 (rule 9: never the $ bet).
        g.Street(deals=(g.Reveal(g.BOARD, 1),), decision=_pull(2, TWO)),
    ),
    # Rule 10: the second community card is turned up at the showdown, then rule 15's order.
    settlers=(
        settle_base,
        settle_three_card_bonus,
        kit.settle_progressives(THREE_CARD_PAYS),
        kit.settle_progressives(FIVE_CARD_PAYS),
        kit.settle_envy(THREE_CARD_PAYS, FIVE_CARD_PAYS),
    ),
    aggregate_cap=lambda config: config.aggregate_payout_limit * 100,  # rule 14
    # § 643c.1(c)(1): "a Let It Ride Poker wager and a Three-Card ... or Five-Card progressive
    # payout wager"; the three base wagers are placed together, so Bet 1 stands for them.
    mystery_base=ONE,
    hand_name_of=hand_name,
    stack_help=STACK_HELP,
)

# The platform's entry points (games/engine.py): the poker round playing GAME. Rule 1: one 52-card
# deck, shuffled fresh for every deal.
PLAYER_ACTIONS, parse_action, apply, timer, stack, legal_options = pr.bind(GAME)
