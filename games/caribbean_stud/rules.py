"""Caribbean Stud Poker (58 Pa. Code Ch. 639a) with the Must-Hit-By Mystery
bonus of seed § 639c.1, pure: the shared poker round (games/poker/round.py)
bound to Caribbean Stud's street, paytables and this table's Rules Submission.

One street (rules/caribbean_stud.md rules 5–6): five cards face down to each
hand, five to the dealer (four hole cards, then the last face up); each Ante
player, in seat order, folds or makes a Bet wager of exactly 2× the Ante; at
the clock's expiry the hand folds. The dealer qualifies with ace-king or
better (rule 7); Ante and Bet settle as rule 8's table says. Settlement in
rule 10's order: folds (Ante and progressive) → Ante and Bet from the dealer's
right → the progressive on the player's own five cards (rule 9) → Envy; the
Mystery bonus at the end of the round.
"""

from dataclasses import dataclass, field

from games.cards import best_five
from games.cards.poker import CARD_INDEX
from games.caribbean_stud import paytables
from games.poker import game as g
from games.poker import round as pr
from games.poker.config import Choice, Limit, Needs, PokerConfig
from games.poker.round import LEAVE, State, new_state, round_summary  # noqa: F401

ANTE = "ante"
BET = "bet"  # the Bet wager's area
# The decision that makes it: not "bet", which is the platform's action for placing a chip.
RAISE = "raise"
PROGRESSIVE = "progressive"
FOLD = "fold"

# The meter of the $1 progressive payout wager (casino/progressives), linked across the
# casino's Caribbean Stud tables (rules/README.md: each game's progressive its own kind).
PROGRESSIVE_KIND = "caribbean_stud"

ENVY_MAX_CHIPS = 100_000


@dataclass(frozen=True)
class Config(PokerConfig):
    """The table's Rules Submission for Caribbean Stud Poker (§ 601a.2)."""

    min_bet: int = field(default=5, metadata={"help": "Minimum Ante, in chips."})
    max_bet: int = field(default=500, metadata={"help": "Maximum Ante, in chips (the Bet is 2 times it)."})
    bet_paytable: int = field(
        default=1,
        metadata={"help": "Bet paytable: 1 = 100-50-20-7-5-4-3-2-1 (royal flush down to one pair)."},
    )
    progressive: int = field(
        default=1, metadata={"help": "1: the $1 progressive payout wager is offered (§ 639a.7(d)(2))."}
    )
    progressive_paytable: int = field(
        default=1,
        metadata={
            "help": "Progressive paytable: 1 = royal flush 100% of the meter, straight flush 10%, $500, $100, $50."
        },
    )
    royal_flush_envy_bonus: int = field(
        default=0,
        metadata={"help": "Envy Bonus, in chips, for another player's royal flush (0: none)."},
    )
    straight_flush_envy_bonus: int = field(
        default=0,
        metadata={"help": "Envy Bonus, in chips, for another player's straight flush (0: none)."},
    )
    mystery: int = field(
        default=1,
        metadata={
            "help": "1: the Must-Hit-By Mystery bonus is offered with the Ante and the progressive wager (§ 639c.1)."
        },
    )
    betting_seconds: int = field(default=15, metadata={"help": "How long betting stays open."})
    deal_seconds: int = field(default=1, metadata={"help": "Pause between no more bets and the deal."})
    decision_seconds: int = field(
        default=20, metadata={"help": "Each hand's Bet-or-fold clock; at expiry the hand folds."}
    )
    result_seconds: int = field(default=8, metadata={"help": "How long the result stays up."})

    SWITCHES = ("progressive", "mystery")
    LIMITS = (
        Limit("royal_flush_envy_bonus", 0, ENVY_MAX_CHIPS, f"Must be 0 to {ENVY_MAX_CHIPS:,} chips."),
        Limit("straight_flush_envy_bonus", 0, ENVY_MAX_CHIPS, f"Must be 0 to {ENVY_MAX_CHIPS:,} chips."),
    )
    CHOICES = (
        Choice("bet_paytable", paytables.BET_NAMES, "Choose Bet paytable 1 (100-50-20-7-5-4-3-2-1)."),
        Choice(
            "progressive_paytable",
            paytables.PROGRESSIVE_NAMES,
            "Choose progressive paytable 1 (100%-10%-500-100-50).",
        ),
    )
    NEEDS = (
        Needs(
            "royal_flush_envy_bonus",
            ("progressive",),
            "The Envy Bonus goes with the progressive wager: offer it first.",
        ),
        Needs(
            "straight_flush_envy_bonus",
            ("progressive",),
            "The Envy Bonus goes with the progressive wager: offer it first.",
        ),
        Needs(
            "mystery", ("progressive",), "The Mystery bonus needs the progressive payout wager (§ 639c.1(a))."
        ),
    )

    @property
    def bet_name(self):
        return paytables.BET_NAMES[self.bet_paytable - 1]

    @property
    def bet_table(self):
        return paytables.bet_paytable(self.bet_name)

    @property
    def progressive_name(self):
        return paytables.PROGRESSIVE_NAMES[self.progressive_paytable - 1]

    @property
    def progressive_table(self):
        return paytables.progressive_paytable(self.progressive_name)

    @property
    def envy_cents(self):
        """{line: cents} of the Envy Bonus lines this table pays (none by default)."""
        chips = {
            paytables.ROYAL_FLUSH: self.royal_flush_envy_bonus,
            paytables.STRAIGHT_FLUSH: self.straight_flush_envy_bonus,
        }
        return {line: amount * 100 for line, amount in chips.items() if amount}


# -- hands -------------------------------------------------------------------------


def hand_value(items):
    """Five cards as a poker hand (rule 2: ace high or low in A-2-3-4-5, suits never rank)."""
    return best_five.best_five_value_indices([CARD_INDEX[item] for item in items])


# Rule 7: the dealer qualifies with ace-king or better; the lowest qualifying hand is
# A-K-4-3-2, and any pair qualifies (a pair's value is above every high card's).
LOWEST_QUALIFYING = best_five.best_five_value("AS KD 4C 3H 2S")


def qualifies(dealer):
    return dealer >= LOWEST_QUALIFYING


# The outcomes of rule 8's table, for a hand that made the Bet wager.
NOT_QUALIFIED = "not_qualified"  # Ante 1 to 1, Bet push
PLAYER_HIGHER = "player_higher"  # Ante 1 to 1, Bet from the Bet paytable
DEALER_HIGHER = "dealer_higher"  # Ante and Bet lose
TIE = "tie"  # Ante and Bet push


def showdown(mine, dealer):
    """Rule 8's row for the player's and the dealer's hand values; an exact
    five-rank match is a tie (rule 2). The settler and the lab's simulation
    both read it."""
    if not qualifies(dealer):
        return NOT_QUALIFIED
    if mine > dealer:
        return PLAYER_HIGHER
    return DEALER_HIGHER if dealer > mine else TIE


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
    line, odds = bet_payout(mine, view.config.bet_table)
    return [
        g.Pay(ANTE, g.WIN, "Ante 1 to 1", odds=paytables.EVEN),
        g.Pay(BET, g.WIN, f"Bet, {paytables.LINE_NAMES[line].lower()}, {odds}", odds=odds),
    ]


def _progressive_line(items, table):
    return paytables.lookup(table, paytables.five_card_lines(hand_value(items)))


def settle_progressive(view, seat):
    """Rule 9: the progressive on the player's own five cards, whatever the
    dealer holds and whether or not the dealer qualifies; only the highest
    line pays. A folded hand's wager was forfeited with its cards (rule 6)."""
    if not view.bet(seat, PROGRESSIVE) or view.folded(seat):
        return []
    won = _progressive_line(view.cards(seat), view.config.progressive_table)
    label = "Progressive"
    if not won:
        return [g.Pay(PROGRESSIVE, g.LOSE, label)]
    line, payout = won
    name = paytables.LINE_NAMES[line].lower()
    if isinstance(payout, paytables.MeterShare):
        return [g.Pay(PROGRESSIVE, g.METER, f"{label}, {name}", percent=payout.percent)]
    return [g.Pay(PROGRESSIVE, g.FIXED, f"{label}, {name}, {payout}", odds=payout)]


def settle_envy(view, seat):
    """The Envy Bonus (§ 639a.1), where the table's Rules Submission sets its
    sums: a player whose progressive wager is in play is paid for each other
    hand still in play holding a straight flush or better, never their own nor
    the dealer's. A folded hand is dead: it neither earns nor gives Envy."""
    envy = view.config.envy_cents
    if not envy or not view.bet(seat, PROGRESSIVE) or view.folded(seat):
        return []
    pays = []
    for other in view.others(seat):
        if view.folded(other):
            continue
        won = paytables.lookup(envy, paytables.five_card_lines(hand_value(view.cards(other))))
        if won:
            line, cents = won
            text = f"Envy for seat {other}'s {paytables.LINE_NAMES[line].lower()}"
            pays.append(g.Pay(PROGRESSIVE, g.BONUS, text, cents=cents, source=other))
    return pays


def _hand_name(view, seat):
    return best_five.hand_name(hand_value(view.cards(seat)))


def _dealer_name(view):
    items = view.dealer_cards()
    value = hand_value(items)
    labels = " ".join(item.label for item in items)
    verdict = "" if qualifies(value) else ": the dealer does not qualify"
    return f"{labels}, {best_five.hand_name(value)}{verdict}"


def _limits(config):
    return config.min_bet * 100, config.max_bet * 100


def _bet_limits(config):
    return paytables.BET_MULTIPLE * config.min_bet * 100, paytables.BET_MULTIPLE * config.max_bet * 100


STACK_HELP = (
    "Cards in deal order: five to each hand from the lowest seat up, then the dealer's five (four hole "
    'cards, the last face up), e.g. "AS AH AD 7C 2S KD QC 9H 5S 3D" for one player; ? is any card. '
    "The rest of the 52-card deck is shuffled. It serves the next deal only."
)

GAME = g.Game(
    name="Caribbean Stud Poker",
    areas=(
        # Rule 3: the Caribbean Stud Poker wager (the Ante, § 639a.7(d)(1)), required.
        g.Area(ANTE, "Ante", g.BASE, limits=_limits, note="1 to 1 · dealer qualifies with A-K"),
        g.Area(BET, "Bet", g.DECISION, limits=_bet_limits),
        g.Area(
            PROGRESSIVE,
            "Progressive",
            g.PROGRESSIVE,
            offered=lambda config: bool(config.progressive),
            # Rule 3: a fixed amount, only with an Ante (§ 639a.7(d)(2)).
            limits=lambda config: (paytables.PROGRESSIVE_WAGER_CENTS,) * 2,
            needs=(ANTE,),
            meter_kind=PROGRESSIVE_KIND,
            # § 639c.1(c)(1): "a Caribbean Stud Poker wager and a progressive payout wager".
            mystery=lambda config: bool(config.progressive),
            note="$1 · your five cards · flush or better · meter",
        ),
    ),
    streets=(
        g.Street(
            # Rule 5: five down to each hand; the dealer's four hole cards, then the last face up.
            deals=(g.Deal(g.PLAYERS, 5), g.Deal(g.DEALER, 4), g.Deal(g.DEALER, 1, face_up=True)),
            decision=g.Decision(
                name="bet",
                base=ANTE,
                # Rule 6: in seat order, fold or a Bet of exactly 2 times the Ante.
                options=(
                    g.Option(RAISE, "Bet", "B", places=BET, of=ANTE, multiples=(paytables.BET_MULTIPLE,)),
                    g.Option(FOLD, "Fold", "F", folds=True),
                ),
                default=FOLD,
                prompt="Bet 2× your Ante, or fold",
            ),
        ),
    ),
    settlers=(settle_ante_bet, settle_progressive, settle_envy),
    # Rule 6: a fold loses the Ante, and the progressive wager is forfeited with the cards.
    fold_loses=(ANTE, PROGRESSIVE),
    settle_from_right=True,  # rule 10: Ante and Bet from the dealer's right
    mystery_base=ANTE,  # § 639c.1(c)(1): "a Caribbean Stud Poker wager" (the Ante, § 639a.7(d)(1))
    hand_name=_hand_name,
    dealer_name=_dealer_name,
    stack_help=STACK_HELP,
)

# The platform's entry points (games/engine.py): the poker round playing GAME. Rule 1: the round
# shuffles one fresh 52-card deck for every deal (the two alternating decks of an automated shuffler
# are equivalent to that).
PLAYER_ACTIONS, parse_action, apply, timer, stack, legal_options = pr.bind(GAME)
