"""Four Card Poker (58 Pa. Code Ch. 641a) with the Must-Hit-By Mystery bonus
of seed § 641c.1, pure: the shared poker round (games/poker/round.py) bound
to Four Card Poker's street, paytables and this table's Rules Submission.

One street (docs/rules/four_card_poker.md rules 6–7): five cards face down to each
hand, six to the dealer (five face down, the last face up), then each Ante
player folds or makes a Play wager of 1, 2 or 3 times the Ante; at the
clock's expiry the hand folds. Both use their best four cards; the dealer
need not qualify; the player wins ties (rules 8–9). Settlement in rule 13's
order: folds → Ante, Play and Ante Bonus → Aces Up → the Five-Card
progressive → Envy; the Mystery bonus at the end of the round.

The Four-Card progressive payout wager (§ 641a.7(d)(4)) has no published
paytable (rules file), so it is not offered; the Mystery bonus is qualified
by the Ante and the Five-Card progressive wager (§ 641c.1(c)(1)).
"""

from dataclasses import dataclass

from games.cards import best_five, four_card
from games.cards.poker import CARD_INDEX
from games.four_card_poker import paytables
from games.poker import game as g
from games.poker import kit
from games.poker import round as pr
from games.poker.config import Choice, Clocks, Limit, Linked, Mystery, PokerConfig
from games.poker.kit import FOLD  # noqa: F401  (the decision's, for the tests)
from games.poker.round import LEAVE, State, new_state, round_summary  # noqa: F401

ANTE = "ante"
PLAY = "play"
ACES_UP = "aces_up"
FIVE_CARD = "five_card"


@dataclass(frozen=True)
class Config(PokerConfig):
    """The table's Rules Submission for Four Card Poker (§ 601a.2)."""

    min_bet: int = kit.setting(5, "Minimum Ante (and Aces Up), in chips.")
    max_bet: int = kit.setting(500, "Maximum Ante, in chips (Play up to 3 times it).")
    ante_bonus_paytable: int = kit.setting(
        1, "Ante Bonus paytable (four of a kind, straight flush, three of a kind): 1 = 25-20-2, 2 = 30-15-2."
    )
    aces_up: int = kit.setting(1, "1: the Aces Up wager is offered.")
    aces_up_paytable: int = kit.setting(1, "Aces Up paytable: 1 = 50-40-8-6-4-2-1.")
    side_max: int = kit.setting(100, "Maximum Aces Up wager, in chips.")
    SWITCHES = ("aces_up",)
    LIMITS = (Limit("side_max", "min_bet", message="The Aces Up maximum cannot be below the minimum wager."),)
    CHOICES = (
        Choice(
            "ante_bonus_paytable",
            paytables.ANTE_BONUS_NAMES,
            "Choose Ante Bonus paytable 1 (25-20-2) or 2 (30-15-2).",
        ),
        Choice("aces_up_paytable", paytables.ACES_UP_NAMES, "Choose Aces Up paytable 1 (50-40-8-6-4-2-1)."),
    )
    LINKED = Linked(
        (kit.five_card_wager("§ 641a.7(d)(5)"),),
        Mystery(
            "§ 641c.1", "the Ante and the Five-Card progressive", "the Five-Card progressive payout wager"
        ),
    )
    CLOCKS = Clocks("Each hand's Play-or-fold clock; at expiry the hand folds.")

    ante_bonus_name = kit.Chosen("ante_bonus_paytable", paytables.ANTE_BONUS_NAMES)
    ante_bonus_table = kit.Chosen(
        "ante_bonus_paytable", paytables.ANTE_BONUS_NAMES, paytables.ante_bonus_paytable
    )
    aces_up_name = kit.Chosen("aces_up_paytable", paytables.ACES_UP_NAMES)
    aces_up_table = kit.Chosen("aces_up_paytable", paytables.ACES_UP_NAMES, paytables.aces_up_paytable)


# -- hands -------------------------------------------------------------------------


def _indices(items):
    return [CARD_INDEX[item] for item in items]


def player_value(items):
    """The best four of the player's five cards (rule 8)."""
    return four_card.value_of_five(_indices(items))


def dealer_value(items):
    """The best four of the dealer's six cards (rule 8)."""
    return four_card.value_of_six(_indices(items))


def hand_name(items):
    """The best four of a hand's cards (a player's five, the dealer's six), named."""
    return four_card.hand_name(four_card.best_four_value(items))


def five_card_value(items):
    """The player's five cards as a poker hand (rule 3), for the Five-Card progressive."""
    return best_five.best_five_value_indices(_indices(items))


def ante_play_net(mine, dealer, multiple, ante_bonus):
    """Net of Ante and Play per unit of Ante, the Ante Bonus included, for the
    best-four values ``mine`` and ``dealer`` and a Play of ``multiple`` × the
    Ante (0: a fold). The settler below and the lab's simulation both read it."""
    if not multiple:
        return -1  # rule 7: a fold loses the Ante; no Ante Bonus without a Play (Defaults)
    won = paytables.lookup(ante_bonus, paytables.four_card_lines(mine))
    bonus = won[1].winnings(1) if won else 0
    # rule 9: the player wins ties; rule 10: the Ante Bonus whatever the dealer holds.
    return (1 + multiple if mine >= dealer else -1 - multiple) + bonus


# -- settlers, in rule 13's order ------------------------------------------------------


def settle_ante_play(view, seat):
    """Rules 8–10: Ante and Play against the dealer's best four of six (no
    qualifier), the player winning ties; the Ante Bonus on three of a kind or
    better to a player who made the Play wager, even if the dealer wins."""
    if not view.stake(seat, ANTE):
        return []  # folded: the Ante was lost with the fold, and no Ante Bonus
    mine, dealer = player_value(view.cards(seat)), dealer_value(view.dealer_cards())
    if mine > dealer:
        pays = [g.Pay(ANTE, g.WIN, "Ante 1 to 1", odds=paytables.EVEN)]
        pays += [g.Pay(PLAY, g.WIN, "Play 1 to 1", odds=paytables.EVEN)]
    elif mine == dealer:
        pays = [g.Pay(ANTE, g.WIN, "Ante, a tie wins, 1 to 1", odds=paytables.EVEN)]
        pays += [g.Pay(PLAY, g.WIN, "Play, a tie wins, 1 to 1", odds=paytables.EVEN)]
    else:
        pays = [g.Pay(ANTE, g.LOSE, "Ante"), g.Pay(PLAY, g.LOSE, "Play")]
    won = paytables.lookup(view.config.ante_bonus_table, paytables.four_card_lines(mine))
    return pays + kit.paid(ANTE, "Ante Bonus", won, paytables.LINE_NAMES, g.BONUS)


def _best_four_lines(view, seat):
    return paytables.four_card_lines(player_value(view.cards(seat)))


# Rule 11: the player's best four, pair of aces or better, whatever the dealer holds; still
# settled after a fold (Defaults).
settle_aces_up = kit.settle_paytable(ACES_UP, _best_four_lines, "aces_up_table", paytables.LINE_NAMES)


# Rule 12 and Five-Card Envy (§ 641a.1): the Five-Card progressive on the player's five
# cards, settled after a fold too (Defaults); Envy for each other player's straight flush or
# better.
FIVE_CARD_PAYS = kit.Progressive(
    FIVE_CARD,
    lambda view, seat: paytables.five_card_lines(five_card_value(view.cards(seat))),
    paytables.FIVE_CARD_PROGRESSIVE,
    paytables.LINE_NAMES,
    envy=paytables.FIVE_CARD_ENVY_CENTS,
)


STACK_HELP = (
    "Cards in deal order: five to each hand from the lowest seat up, then the dealer's six (the last "
    'is the face-up card), e.g. "AS AH AD 7C 2S 3D 4C 6H 8S 9D KC" for one player; ? is any card. '
    "The rest of the 52-card deck is shuffled. It serves the next deal only."
)

GAME = g.Game(
    name="Four Card Poker",
    settle_from_right=True,  # rule 13: Ante, Play and Ante Bonus from the dealer's right
    areas=(
        g.Area(ANTE, "Ante", g.BASE, limits=kit.BET_LIMITS, note="1 to 1, ties win · Ante Bonus"),
        # Defaults: Aces Up may be the only wager, a hand of its own.
        kit.side_area(ACES_UP, "Aces Up", "aces_up", (), "pair of aces or better", role=g.BASE),
        kit.decision_area(PLAY, "Play", up_to=max(paytables.PLAY_MULTIPLES)),
        # § 641c.1(c)(1): "a Four Card Poker wager and a ... Five-Card progressive payout wager".
        kit.five_card_area(paytables.FIVE_CARD_WAGER_CENTS, (ANTE, ACES_UP), "$5 · your five cards · meter"),
    ),
    streets=(
        g.Street(
            # Rule 6: five down to each hand, then the dealer's five down and the last up.
            deals=(g.Deal(g.PLAYERS, 5), g.Deal(g.DEALER, 5), g.Deal(g.DEALER, 1, face_up=True)),
            # Rule 7: a Play wager of 1, 2 or 3 times the Ante, each multiple its own button, or fold.
            decision=kit.play_or_fold(
                ANTE, "Play 1×, 2× or 3× your Ante, or fold", multiples=paytables.PLAY_MULTIPLES
            ),
        ),
    ),
    settlers=(
        settle_ante_play,
        settle_aces_up,
        kit.settle_progressives(FIVE_CARD_PAYS),
        kit.settle_envy(FIVE_CARD_PAYS),
    ),
    fold_loses=(ANTE,),  # rule 7: a fold loses the Ante; Aces Up and the progressive stay (Defaults)
    mystery_base=ANTE,  # § 641c.1(c)(1): "a Four Card Poker wager" (the Ante, § 641a.7(a))
    hand_name_of=hand_name,
    dealer_name=kit.dealer_shows(dealer_value, four_card.hand_name),
    stack_help=STACK_HELP,
)

# The platform's entry points (games/engine.py): the poker round playing GAME.
PLAYER_ACTIONS, parse_action, apply, timer, stack, legal_options = pr.bind(GAME)
