"""Crazy 4 Poker (58 Pa. Code Ch. 657a) with the Must-Hit-By Mystery bonus of
seed § 657c.1, pure: the shared poker round (games/poker/round.py) bound to
Crazy 4 Poker's street, paytables and this table's Rules Submission.

Wagers (docs/rules/crazy_4_poker.md rule 3): the Ante (the "Crazy 4 Poker wager",
§ 657a.7(d)(1)) and the Super Bonus, equal and both required — the Super
Bonus is placed with the Ante, at its amount, never on its own; the optional
Queens Up; the $5 Five-Card progressive payout wager (§ 657a.7(d)(4)). The
Four-Card progressive (§ 657a.7(d)(3)) has no published paytable and is not
offered (rules file).

One street (rules 5–6): five cards face down to each hand and to the dealer;
each Ante player folds (losing Ante, Super Bonus and Queens Up: rule 6,
Defaults) or makes the Play wager equal to the Ante, or 3× it with a pair of
aces or better; at the clock's expiry the hand folds. Settlement in rule 12's
order: folds → per seat Play, Ante, Queens Up, Super Bonus → progressives →
Envy; the Mystery bonus at the end of the round.
"""

from dataclasses import dataclass

from games.cards import best_five, four_card
from games.crazy_4_poker import paytables
from games.poker import game as g
from games.poker import kit
from games.poker import round as pr
from games.poker.config import Clocks, Limit, Linked, Mystery, PokerConfig
from games.poker.kit import FOLD  # noqa: F401  (the decision's, for the tests)
from games.poker.round import LEAVE, State, new_state, round_summary  # noqa: F401

ANTE = "ante"
SUPER_BONUS = "super_bonus"
QUEENS_UP = "queens_up"
PLAY = "play"
FIVE_CARD = "five_card"


@dataclass(frozen=True)
class Config(PokerConfig):
    """The table's Rules Submission for Crazy 4 Poker (§ 601a.2)."""

    min_bet: int = kit.setting(5, "Minimum Ante (the Super Bonus equals it), and Queens Up, in chips.")
    max_bet: int = kit.setting(500, "Maximum Ante (and Super Bonus), in chips.")
    queens_up: int = kit.setting(1, "1: the Queens Up wager is offered.")
    side_max: int = kit.setting(100, "Maximum Queens Up wager, in chips.")
    SWITCHES = ("queens_up",)
    LIMITS = (
        Limit("side_max", "min_bet", message="The Queens Up maximum cannot be below the minimum wager."),
    )
    # § 657c.1(a): only with the Four-Card or the Five-Card progressive; only the latter is offered.
    LINKED = Linked(
        (kit.five_card_wager("§ 657a.7(d)(4)"),),
        Mystery(
            "§ 657c.1", "the Ante and the Five-Card progressive", "the Five-Card progressive payout wager"
        ),
    )
    CLOCKS = Clocks("Each hand's Play-or-fold clock; at expiry the hand folds.")


# -- hands -------------------------------------------------------------------------


def hand_value(items):
    """The best four of a hand's five cards (rule 2)."""
    return four_card.best_four_value(items)


def hand_name(items):
    return four_card.hand_name(hand_value(items))


def five_card_value(items):
    """The five cards as a poker hand (rule 11: the Five-Card progressive)."""
    return best_five.best_five_value(items)


def qualifies(dealer_value):
    """Rule 7: the dealer qualifies with king-high or better."""
    return dealer_value >= paytables.DEALER_QUALIFIER


def play_multiples(view, seat):
    """Rule 6: Play 1× the Ante, or 1× or 3× with a pair of aces or better."""
    return paytables.play_multiples(hand_value(view.cards(seat)))


# -- settlers, in rule 12's order --------------------------------------------------

_ANTE_PLAY_WORDS = {
    paytables.DEALER_DOES_NOT_QUALIFY: "the dealer does not qualify",
    paytables.PLAYER_HIGHER: "beats the dealer",
    paytables.TIE: "a tie",
    paytables.DEALER_HIGHER: "the dealer is higher",
}


def _pay(area, label, result, words):
    if result == paytables.PUSH:
        return g.Pay(area, g.PUSH, f"{label}, {words}")
    if result == paytables.LOSE:
        return g.Pay(area, g.LOSE, f"{label}, {words}")
    return g.Pay(area, g.WIN, f"{label}, {words}, {result}", odds=result)


def settle_hand(view, seat):
    """Per seat that played: Play and Ante (rules 7–8: the king-high
    qualifier; a dealer who does not qualify pushes the Ante and pays the
    Play), Queens Up (rule 10: pair of queens or better in the best four,
    whatever the dealer holds), Super Bonus (rule 9: straight or better paid
    whatever the dealer holds; below it a push unless a qualifying dealer
    hand beats the player's)."""
    if not view.stake(seat, ANTE):
        return []  # folded: rule 6 settled its wagers
    mine, dealer = hand_value(view.cards(seat)), hand_value(view.dealer_cards())
    situation = paytables.showdown(mine, dealer)
    ante, play = paytables.ANTE_PLAY[situation]
    words = _ANTE_PLAY_WORDS[situation]
    pays = [_pay(PLAY, "Play", play, words), _pay(ANTE, "Ante", ante, words)]
    if view.stake(seat, QUEENS_UP):
        won = paytables.lookup(paytables.QUEENS_UP, paytables.four_card_lines(mine))
        pays += kit.paid(QUEENS_UP, "Queens Up", won, paytables.LINE_NAMES)
    bonus = paytables.super_bonus(mine, dealer)
    if isinstance(bonus, tuple):
        pays += kit.paid(SUPER_BONUS, "Super Bonus", bonus, paytables.LINE_NAMES)
    else:
        words = "the dealer is higher" if bonus == paytables.LOSE else "below a straight"
        pays.append(_pay(SUPER_BONUS, "Super Bonus", bonus, words))
    return pays


# Rule 11 and § 657a.1 (Five-Card Envy): the Five-Card progressive on the player's five cards
# as a poker hand, settled after a fold too (Defaults); Envy for each other player's straight
# flush or better, several in one round if they come.
FIVE_CARD_PAYS = kit.Progressive(
    FIVE_CARD,
    lambda view, seat: paytables.five_card_lines(five_card_value(view.cards(seat))),
    paytables.FIVE_CARD_PROGRESSIVE,
    paytables.LINE_NAMES,
    envy=paytables.FIVE_CARD_ENVY_CENTS,
)


STACK_HELP = (
    "Cards in deal order: five to each hand from the lowest seat up, then the dealer's five, "
    'e.g. "AS AH KD 7C 2S QH JH 9D 5C 3S" for one player (a pair of aces) against Q-J-9-5; ? is any '
    "card. The rest of the 52-card deck is shuffled. It serves the next deal only."
)

GAME = g.Game(
    name="Crazy 4 Poker",
    areas=(
        g.Area(ANTE, "Ante", g.BASE, limits=kit.BET_LIMITS, note="1 to 1 when the dealer qualifies"),
        # Rule 3: the Super Bonus, equal to the Ante and required with it.
        kit.equal_area(SUPER_BONUS, "Super Bonus", ANTE, "straight or better pays"),
        kit.decision_area(PLAY, "Play", up_to=3),
        kit.side_area(QUEENS_UP, "Queens Up", "queens_up", (ANTE,), "pair of queens or better"),
        # § 657c.1(c)(1): "a Crazy 4 Poker wager and a ... Five-Card progressive payout wager".
        kit.five_card_area(paytables.FIVE_CARD_WAGER_CENTS, (ANTE,), "$5 · meter · Envy"),
    ),
    streets=(
        g.Street(
            deals=(g.Deal(g.PLAYERS, 5), g.Deal(g.DEALER, 5)),  # rule 5: all face down
            # Rule 6: a Play equal to the Ante, or 3× it with a pair of aces or better.
            decision=kit.play_or_fold(
                ANTE,
                "Play (the Ante, or 3× with a pair of aces or better) or fold",
                multiples=(1, 3),
                allowed=play_multiples,
            ),
        ),
    ),
    settlers=(settle_hand, kit.settle_progressives(FIVE_CARD_PAYS), kit.settle_envy(FIVE_CARD_PAYS)),
    fold_loses=(ANTE, SUPER_BONUS, QUEENS_UP),  # rule 6; Queens Up: Defaults (lost with the hand)
    mystery_base=ANTE,  # § 657c.1(c)(1): "a Crazy 4 Poker wager" (§ 657a.7(d)(1))
    hand_name_of=hand_name,
    dealer_name=kit.dealer_shows(hand_value, four_card.hand_name, qualifies),
    stack_help=STACK_HELP,
)

# The platform's entry points (games/engine.py): the poker round playing GAME.
PLAYER_ACTIONS, parse_action, apply, timer, stack, legal_options = pr.bind(GAME)
