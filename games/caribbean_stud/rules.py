"""Caribbean Stud Poker (58 Pa. Code Ch. 639a) with the Must-Hit-By Mystery
bonus of seed § 639c.1, pure: the shared poker round (games/poker/round.py)
bound to Caribbean Stud's street, paytables and this table's Rules Submission.

One street (docs/rules/caribbean_stud.md rules 5–6): five cards face down to each
hand, five to the dealer (four hole cards, then the last face up); each Ante
player, in seat order, folds or makes a Bet wager of exactly 2× the Ante; at
the clock's expiry the hand folds. The dealer qualifies with ace-king or
better (rule 7); Ante and Bet settle as rule 8's table says. Settlement in
rule 10's order: folds (Ante and progressive) → Ante and Bet from the dealer's
right → the progressive on the player's own five cards (rule 9) → Envy; the
Mystery bonus at the end of the round.
"""

from dataclasses import dataclass

from games import keymap
from games.cards import best_five
from games.cards.poker import CARD_INDEX
from games.caribbean_stud import paytables
from games.poker import game as g
from games.poker import kit
from games.poker import round as pr
from games.poker.config import Choice, Clocks, Linked, Mystery, Needs, Paytable, PokerConfig, Wager
from games.poker.kit import DEALER_HIGHER, FOLD, PLAYER_HIGHER, TIE  # noqa: F401  (FOLD: for the tests)
from games.poker.round import LEAVE, State, new_state, round_summary  # noqa: F401

ANTE = "ante"
BET = "bet"  # the Bet wager's area
# The decision that makes it: not "bet", which is the platform's action for placing a chip.
RAISE = "raise"
PROGRESSIVE = "progressive"

# The meter of the $1 progressive payout wager (casino/progressives), linked across the
# casino's Caribbean Stud tables (docs/rules/README.md: each game's progressive its own kind).
PROGRESSIVE_KIND = "caribbean_stud"


@dataclass(frozen=True)
class Config(PokerConfig):
    """The table's Rules Submission for Caribbean Stud Poker (§ 601a.2)."""

    min_bet: int = kit.setting(5, "Minimum Ante, in chips.")
    max_bet: int = kit.setting(500, "Maximum Ante, in chips (the Bet is 2 times it).")
    bet_paytable: int = kit.setting(
        1, "Bet paytable: 1 = 100-50-20-7-5-4-3-2-1 (royal flush down to one pair)."
    )

    CHOICES = (Choice("bet_paytable", paytables.BET_NAMES, "Choose Bet paytable 1 (100-50-20-7-5-4-3-2-1)."),)
    NEEDS = tuple(
        Needs(
            f"{line}_envy_bonus",
            ("progressive",),
            "The Envy Bonus goes with the progressive wager: offer it first.",
        )
        for line in (paytables.ROYAL_FLUSH, paytables.STRAIGHT_FLUSH)
    )
    LINKED = Linked(
        (Wager("progressive", "$1 progressive payout wager", "§ 639a.7(d)(2)"),),
        Mystery("§ 639c.1", "the Ante and the progressive wager", "the progressive payout wager"),
        Paytable(
            paytables.PROGRESSIVE_NAMES,
            paytables.progressive_paytable,
            "Progressive paytable: 1 = royal flush 100% of the meter, straight flush 10%, $500, $100, $50.",
            "Choose progressive paytable 1 (100%-10%-500-100-50).",
        ),
        envy={paytables.ROYAL_FLUSH: 0, paytables.STRAIGHT_FLUSH: 0},
    )
    CLOCKS = Clocks("Each hand's Bet-or-fold clock; at expiry the hand folds.")

    bet_name = kit.Chosen("bet_paytable", paytables.BET_NAMES)
    bet_table = kit.Chosen("bet_paytable", paytables.BET_NAMES, paytables.bet_paytable)


# -- hands -------------------------------------------------------------------------


def hand_value(items):
    """Five cards as a poker hand (rule 2: ace high or low in A-2-3-4-5, suits never rank)."""
    return best_five.best_five_value_indices([CARD_INDEX[item] for item in items])


def hand_name(items):
    return best_five.hand_name(hand_value(items))


# Rule 7: the dealer qualifies with ace-king or better; the lowest qualifying hand is
# A-K-4-3-2, and any pair qualifies (a pair's value is above every high card's).
LOWEST_QUALIFYING = best_five.best_five_value("AS KD 4C 3H 2S")


def qualifies(dealer):
    return dealer >= LOWEST_QUALIFYING


# The outcomes of rule 8's table, for a hand that made the Bet wager.
NOT_QUALIFIED = "not_qualified"  # Ante 1 to 1, Bet push
# PLAYER_HIGHER: Ante 1 to 1, Bet from the Bet paytable; DEALER_HIGHER: Ante and Bet lose;
# TIE: Ante and Bet push (kit.showdown).


def showdown(mine, dealer):
    """Rule 8's row for the player's and the dealer's hand values; an exact
    five-rank match is a tie (rule 2). The settler and the lab's simulation
    both read it."""
    return kit.showdown(mine, dealer) if qualifies(dealer) else NOT_QUALIFIED


def bet_payout(mine, bet_table):
    """(line, Odds) the Bet paytable pays on the player's hand value."""
    return paytables.lookup(bet_table, paytables.bet_lines(mine))


def ante_bet_net(mine, dealer, bet_table):
    """Net of Ante and Bet per unit of Ante for a hand that made the Bet (2
    units), by rule 8's table; a fold nets -1 (rule 6)."""
    row = showdown(mine, dealer)
    if row == NOT_QUALIFIED:
        return 1
    if row == PLAYER_HIGHER:
        return 1 + paytables.BET_MULTIPLE * bet_payout(mine, bet_table)[1].winnings(1)
    return -1 - paytables.BET_MULTIPLE if row == DEALER_HIGHER else 0


# -- settlers, in rule 10's order ------------------------------------------------------


def settle_ante_bet(view, seat):
    """Rules 7–8: the dealer qualifies with ace-king or better; Ante and Bet
    by rule 8's table, the Bet paid from the Bet paytable on the player's
    hand when the player beats a qualifying dealer."""
    if not view.stake(seat, ANTE):
        return []  # folded: the Ante was lost with the fold (rule 6)
    mine = hand_value(view.cards(seat))
    row = showdown(mine, hand_value(view.dealer_cards()))
    if row == NOT_QUALIFIED:
        return [
            g.Pay(ANTE, g.WIN, "Ante 1 to 1, the dealer does not qualify", odds=paytables.EVEN),
            g.Pay(BET, g.PUSH, "Bet, the dealer does not qualify"),
        ]
    if row == DEALER_HIGHER:
        return [g.Pay(ANTE, g.LOSE, "Ante"), g.Pay(BET, g.LOSE, "Bet")]
    if row == TIE:
        return [g.Pay(ANTE, g.PUSH, "Ante, a tie"), g.Pay(BET, g.PUSH, "Bet, a tie")]
    won = bet_payout(mine, view.config.bet_table)
    return [
        g.Pay(ANTE, g.WIN, "Ante 1 to 1", odds=paytables.EVEN),
        *kit.paid(BET, "Bet", won, paytables.LINE_NAMES),
    ]


# Rule 9: the progressive on the player's own five cards, whatever the dealer holds and
# whether or not the dealer qualifies. The Envy Bonus (§ 639a.1), where the table's Rules
# Submission sets its sums, for each other hand holding a straight flush or better. A
# folded hand is dead: its wager was forfeited with its cards (rule 6), and it neither
# earns nor gives Envy.
PROGRESSIVE_PAYS = kit.Progressive(
    PROGRESSIVE,
    lambda view, seat: paytables.five_card_lines(hand_value(view.cards(seat))),
    "progressive_table",
    paytables.LINE_NAMES,
    envy="envy_cents",
    dies_with_fold=True,
)


STACK_HELP = (
    "Cards in deal order: five to each hand from the lowest seat up, then the dealer's five (four hole "
    'cards, the last face up), e.g. "AS AH AD 7C 2S KD QC 9H 5S 3D" for one player; ? is any card. '
    "The rest of the 52-card deck is shuffled. It serves the next deal only."
)

GAME = g.Game(
    name="Caribbean Stud Poker",
    areas=(
        # Rule 3: the Caribbean Stud Poker wager (the Ante, § 639a.7(d)(1)), required.
        g.Area(ANTE, "Ante", g.BASE, limits=kit.BET_LIMITS, note="1 to 1 · dealer qualifies with A-K"),
        kit.decision_area(BET, "Bet", times=paytables.BET_MULTIPLE),
        # Rule 3: a fixed amount, only with an Ante (§ 639a.7(d)(2)).
        # § 639c.1(c)(1): "a Caribbean Stud Poker wager and a progressive payout wager".
        kit.progressive_area(
            paytables.PROGRESSIVE_WAGER_CENTS,
            PROGRESSIVE_KIND,
            (ANTE,),
            "$1 · your five cards · flush or better · meter",
        ),
    ),
    streets=(
        g.Street(
            # Rule 5: five down to each hand; the dealer's four hole cards, then the last face up.
            deals=(g.Deal(g.PLAYERS, 5), g.Deal(g.DEALER, 4), g.Deal(g.DEALER, 1, face_up=True)),
            # Rule 6: in seat order, fold or a Bet of exactly 2 times the Ante.
            decision=kit.play_or_fold(
                ANTE,
                "Bet 2× your Ante, or fold",
                name="bet",
                action=RAISE,
                label="Bet",
                key=keymap.PLAY,
                places=BET,
                multiples=(paytables.BET_MULTIPLE,),
            ),
        ),
    ),
    settlers=(settle_ante_bet, kit.settle_progressives(PROGRESSIVE_PAYS), kit.settle_envy(PROGRESSIVE_PAYS)),
    # Rule 6: a fold loses the Ante, and the progressive wager is forfeited with the cards.
    fold_loses=(ANTE, PROGRESSIVE),
    settle_from_right=True,  # rule 10: Ante and Bet from the dealer's right
    mystery_base=ANTE,  # § 639c.1(c)(1): "a Caribbean Stud Poker wager" (the Ante, § 639a.7(d)(1))
    hand_name_of=hand_name,
    dealer_name=kit.dealer_shows(hand_value, best_five.hand_name, qualifies, ": the dealer does not qualify"),
    stack_help=STACK_HELP,
)

# The platform's entry points (games/engine.py): the poker round playing GAME. Rule 1: the round
# shuffles one fresh 52-card deck for every deal (the two alternating decks of an automated shuffler
# are equivalent to that).
PLAYER_ACTIONS, parse_action, apply, timer, stack, legal_options = pr.bind(GAME)
