"""Three Card Poker (58 Pa. Code Ch. 649a) with the Must-Hit-By Mystery bonus
of seed § 649c.1, pure: the shared poker round (games/poker/round.py) bound
to Three Card Poker's streets, paytables and this table's Rules Submission.

One street (docs/rules/three_card_poker.md rules 5–6): three cards face down to
each hand and to the dealer, then each Ante player folds or makes the Play
wager equal to the Ante; at the clock's expiry the hand folds. Settlement in
rule 14's order: folds → Ante, Play and Ante Bonus → Pair Plus → Six Card
Bonus → progressives → Envy; the Mystery bonus at the end of the round.
"""

from dataclasses import dataclass

from games.cards import best_five, three_card
from games.poker import game as g
from games.poker import kit
from games.poker import round as pr
from games.poker.config import Choice, Clocks, Limit, Linked, Mystery, PokerConfig
from games.poker.kit import FOLD  # noqa: F401  (the decision's, for the tests)
from games.poker.round import LEAVE, State, new_state, round_summary  # noqa: F401
from games.three_card_poker import paytables

ANTE = "ante"
PLAY = "play"
PAIR_PLUS = "pair_plus"
SIX_CARD = "six_card"
THREE_CARD = "three_card"
FIVE_CARD = "five_card"


@dataclass(frozen=True)
class Config(PokerConfig):
    """The table's Rules Submission for Three Card Poker (§ 601a.2)."""

    min_bet: int = kit.setting(5, "Minimum Ante (and Pair Plus), in chips.")
    max_bet: int = kit.setting(500, "Maximum Ante, in chips.")
    pair_plus: int = kit.setting(1, "1: the Pair Plus wager is offered.")
    pair_plus_paytable: int = kit.setting(
        1, "Pair Plus paytable: 1 = 40-30-6-4-1, 2 = 40-30-6-3-1, 3 = 40-30-5-4-1."
    )
    side_max: int = kit.setting(100, "Maximum Pair Plus or Six Card Bonus wager, in chips.")
    six_card_bonus: int = kit.setting(1, "1: the Six Card Bonus wager is offered.")

    SWITCHES = ("pair_plus", "six_card_bonus")
    LIMITS = (
        Limit("side_max", "min_bet", message="The side wager maximum cannot be below the minimum wager."),
    )
    CHOICES = (
        Choice("pair_plus_paytable", paytables.PAIR_PLUS_NAMES, "Choose Pair Plus paytable 1, 2 or 3."),
    )
    # § 649c.1(c)(1): "a Three-Card progressive payout or Five-Card progressive payout wager, as
    # indicated by the certificate holder in its Rules Submission" — and offered at the table.
    LINKED = Linked(
        (
            kit.three_card_wager("§ 649a.7(d)(4)", area=THREE_CARD),
            kit.five_card_wager("§ 649a.7(d)(6)", 0, FIVE_CARD),
        ),
        Mystery(
            "§ 649c.1", "them", "the Three-Card or the Five-Card progressive payout wager", base="the Ante"
        ),
    )
    CLOCKS = Clocks("Each hand's Play-or-fold clock; at expiry the hand folds.")

    pair_plus_name = kit.Chosen("pair_plus_paytable", paytables.PAIR_PLUS_NAMES)
    pair_plus_table = kit.Chosen(
        "pair_plus_paytable", paytables.PAIR_PLUS_NAMES, paytables.PAIR_PLUS_PAYTABLES
    )

    def offers(self, area):
        return GAME.area(area) is not None and GAME.area(area).offered(self)


# -- hands -------------------------------------------------------------------------


def hand_value(items):
    return three_card.evaluate(items)


def hand_name(items):
    return three_card.name(hand_value(items))


def six_card_value(player, dealer):
    """(best five value, the five cards) of the player's three and the dealer's three (rule 11)."""
    return best_five.best_five([*player, *dealer])


def _three_card_lines(items):
    return paytables.three_card_lines(hand_value(items), items[0].suit)


def _five_card_lines(player, dealer):
    value, five = six_card_value(player, dealer)
    return paytables.five_card_lines(value, five[0].suit)


# -- settlers, in rule 14's order ------------------------------------------------------


def settle_ante_play(view, seat):
    """Rules 8 and 9: Ante and Play against the dealer's queen-high
    qualifier; the Ante Bonus on a straight or better to a player who played."""
    if not view.stake(seat, ANTE):
        return []
    mine, dealer = hand_value(view.cards(seat)), hand_value(view.dealer_cards())
    pays = []
    if not three_card.qualifies(dealer):  # rule 7
        pays += [g.Pay(ANTE, g.WIN, "Ante, the dealer does not qualify, 1 to 1", odds=paytables.EVEN)]
        pays += [g.Pay(PLAY, g.PUSH, "Play, the dealer does not qualify")]
    elif mine > dealer:
        pays += [g.Pay(ANTE, g.WIN, "Ante 1 to 1", odds=paytables.EVEN)]
        pays += [g.Pay(PLAY, g.WIN, "Play 1 to 1", odds=paytables.EVEN)]
    elif mine == dealer:
        pays += [g.Pay(ANTE, g.PUSH, "Ante, a tie"), g.Pay(PLAY, g.PUSH, "Play, a tie")]
    else:
        pays += [g.Pay(ANTE, g.LOSE, "Ante"), g.Pay(PLAY, g.LOSE, "Play")]
    won = paytables.lookup(paytables.ANTE_BONUS, _three_card_lines(view.cards(seat)))
    return pays + kit.paid(ANTE, "Ante Bonus", won, paytables.LINE_NAMES, g.BONUS)


def _mine(view, seat):
    return _three_card_lines(view.cards(seat))


def _six(view, seat):
    return _five_card_lines(view.cards(seat), view.dealer_cards())


# Rule 10: pair or better in the player's three cards, whatever the dealer holds.
settle_pair_plus = kit.settle_paytable(PAIR_PLUS, _mine, "pair_plus_table")
# Rule 11: the best five of the player's three and the dealer's three; it stays in action
# after a fold (rule 6).
settle_six_card = kit.settle_paytable(SIX_CARD, _six, paytables.SIX_CARD_BONUS, paytables.LINE_NAMES)


# Rules 12–13: on the player's three cards, and on the best five of the player's and the
# dealer's; settled after a fold too (Defaults). Rule 12: a player with the Three-Card
# progressive wager is paid Envy for each other player's mini-royal (spades pays more).
THREE_CARD_PAYS = kit.Progressive(
    THREE_CARD,
    _mine,
    paytables.THREE_CARD_PROGRESSIVE,
    paytables.LINE_NAMES,
    envy=paytables.THREE_CARD_ENVY_CENTS,
)
FIVE_CARD_PAYS = kit.Progressive(FIVE_CARD, _six, paytables.FIVE_CARD_PROGRESSIVE, paytables.LINE_NAMES)

STACK_HELP = (
    "Cards in deal order: three to each hand from the lowest seat up, then the dealer's three, "
    'e.g. "AS KS QS 2D 7C 9H" for one player against 2♦ 7♣ 9♥; ? is any card. The rest of the '
    "52-card deck is shuffled. It serves the next deal only."
)

GAME = g.Game(
    name="Three Card Poker",
    areas=(
        g.Area(ANTE, "Ante", g.BASE, limits=kit.BET_LIMITS, note="1 to 1 · Ante Bonus"),
        # Rule 3: Pair Plus may be played alone, a hand of its own.
        kit.side_area(PAIR_PLUS, "Pair Plus", "pair_plus", (), "", role=g.BASE),
        kit.decision_area(PLAY, "Play"),
        kit.side_area(SIX_CARD, "Six Card Bonus", "six_card_bonus", (ANTE, PAIR_PLUS), "best five of six"),
        kit.three_card_area(paytables.THREE_CARD_WAGER_CENTS, (ANTE, PAIR_PLUS), "$1 · meter"),
        kit.five_card_area(paytables.FIVE_CARD_WAGER_CENTS, (ANTE, PAIR_PLUS), "$5 · meter"),
    ),
    streets=(
        g.Street(
            deals=(g.Deal(g.PLAYERS, 3), g.Deal(g.DEALER, 3)),
            # Rule 6: a Play wager equal to the Ante, or fold.
            decision=kit.play_or_fold(ANTE, "Play (a wager equal to your Ante) or fold"),
        ),
    ),
    settlers=(
        settle_ante_play,
        settle_pair_plus,
        settle_six_card,
        kit.settle_progressives(THREE_CARD_PAYS, FIVE_CARD_PAYS),  # only the highest line pays
        kit.settle_envy(THREE_CARD_PAYS),
    ),
    fold_loses=(ANTE, PAIR_PLUS),  # rule 6: a fold loses the Ante and the Pair Plus
    mystery_base=ANTE,  # § 649c.1(c)(1): "a Three Card Poker wager and a ... progressive payout wager"
    hand_name_of=hand_name,
    dealer_name=kit.dealer_shows(hand_value, three_card.name, three_card.qualifies),
    stack_help=STACK_HELP,
)

# The platform's entry points (games/engine.py): the poker round playing GAME.
PLAYER_ACTIONS, parse_action, apply, timer, stack, legal_options = pr.bind(GAME)
