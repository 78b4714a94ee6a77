"""Crazy 4 Poker (58 Pa. Code Ch. 657a) with the Must-Hit-By Mystery bonus of
seed § 657c.1, pure: the shared poker round (games/poker/round.py) bound to
Crazy 4 Poker's street, paytables and this table's Rules Submission.

Wagers (rules/crazy_4_poker.md rule 3): the Ante (the "Crazy 4 Poker wager",
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

from dataclasses import dataclass, field

from games.cards import best_five, four_card
from games.crazy_4_poker import paytables
from games.payouts import MeterShare
from games.poker import game as g
from games.poker import round as pr
from games.poker.config import Limit, Needs, PokerConfig
from games.poker.round import LEAVE, State, new_state, round_summary  # noqa: F401

ANTE = "ante"
SUPER_BONUS = "super_bonus"
QUEENS_UP = "queens_up"
PLAY = "play"
FIVE_CARD = "five_card"
FOLD = "fold"

# The meter of the Five-Card progressive (casino/progressives/paytables.py): the
# same five-card product as Four Card Poker's, linked across their tables.
FIVE_CARD_KIND = paytables.FIVE_CARD_KIND


@dataclass(frozen=True)
class Config(PokerConfig):
    """The table's Rules Submission for Crazy 4 Poker (§ 601a.2)."""

    min_bet: int = field(
        default=5, metadata={"help": "Minimum Ante (the Super Bonus equals it), and Queens Up, in chips."}
    )
    max_bet: int = field(default=500, metadata={"help": "Maximum Ante (and Super Bonus), in chips."})
    queens_up: int = field(default=1, metadata={"help": "1: the Queens Up wager is offered."})
    side_max: int = field(default=100, metadata={"help": "Maximum Queens Up wager, in chips."})
    five_card_progressive: int = field(
        default=1,
        metadata={"help": "1: the $5 Five-Card progressive payout wager is offered (§ 657a.7(d)(4))."},
    )
    mystery: int = field(
        default=1,
        metadata={
            "help": "1: the Must-Hit-By Mystery bonus is offered with the Ante and the Five-Card progressive "
            "(§ 657c.1)."
        },
    )
    betting_seconds: int = field(default=15, metadata={"help": "How long betting stays open."})
    deal_seconds: int = field(default=1, metadata={"help": "Pause between no more bets and the deal."})
    decision_seconds: int = field(
        default=20, metadata={"help": "Each hand's Play-or-fold clock; at expiry the hand folds."}
    )
    result_seconds: int = field(default=8, metadata={"help": "How long the result stays up."})

    SWITCHES = ("queens_up", "five_card_progressive", "mystery")
    LIMITS = (
        Limit("side_max", "min_bet", message="The Queens Up maximum cannot be below the minimum wager."),
    )
    NEEDS = (
        # § 657c.1(a): only with the Four-Card or the Five-Card progressive; only the latter is offered.
        Needs(
            "mystery",
            ("five_card_progressive",),
            "The Mystery bonus needs the Five-Card progressive payout wager (§ 657c.1(a)).",
        ),
    )


# -- hands -------------------------------------------------------------------------


def hand_value(items):
    """The best four of a hand's five cards (rule 2)."""
    return four_card.best_four_value(items)


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
        if won is None:
            pays.append(g.Pay(QUEENS_UP, g.LOSE, "Queens Up"))
        else:
            line, odds = won
            name = paytables.LINE_NAMES[line].lower()
            pays.append(g.Pay(QUEENS_UP, g.WIN, f"Queens Up, {name}, {odds}", odds=odds))
    bonus = paytables.super_bonus(mine, dealer)
    if isinstance(bonus, tuple):
        line, odds = bonus
        name = paytables.LINE_NAMES[line].lower()
        pays.append(g.Pay(SUPER_BONUS, g.WIN, f"Super Bonus, {name}, {odds}", odds=odds))
    else:
        words = "the dealer is higher" if bonus == paytables.LOSE else "below a straight"
        pays.append(_pay(SUPER_BONUS, "Super Bonus", bonus, words))
    return pays


def _five_card_lines(items):
    return paytables.five_card_lines(five_card_value(items))


def settle_progressives(view, seat):
    """Rule 11: the Five-Card progressive on the player's five cards as a
    poker hand, settled after a fold too (Defaults); only the highest line
    pays (progressives_605a.md rule 12)."""
    if not view.bet(seat, FIVE_CARD):
        return []
    label = "Five-Card progressive"
    won = paytables.lookup(paytables.FIVE_CARD_PROGRESSIVE, _five_card_lines(view.cards(seat)))
    if not won:
        return [g.Pay(FIVE_CARD, g.LOSE, label)]
    line, payout = won
    name = paytables.LINE_NAMES[line].lower()
    if isinstance(payout, MeterShare):
        return [g.Pay(FIVE_CARD, g.METER, f"{label}, {name}", percent=payout.percent)]
    return [g.Pay(FIVE_CARD, g.FIXED, f"{label}, {name}, {payout}", odds=payout)]


def settle_envy(view, seat):
    """Rule 11 and § 657a.1 (Five-Card Envy): a player with the Five-Card
    progressive wager is paid for each other player's straight flush or
    better, several in one round if they come; never for their own hand or
    the dealer's."""
    if not view.bet(seat, FIVE_CARD):
        return []
    pays = []
    for other in view.others(seat):
        won = paytables.lookup(paytables.FIVE_CARD_ENVY_CENTS, _five_card_lines(view.cards(other)))
        if won:
            line, cents = won
            text = f"Envy for seat {other}'s {paytables.LINE_NAMES[line].lower()}"
            pays.append(g.Pay(FIVE_CARD, g.BONUS, text, cents=cents, source=other))
    return pays


def _hand_name(view, seat):
    return four_card.hand_name(hand_value(view.cards(seat)))


def _dealer_name(view):
    items = view.dealer_cards()
    value = hand_value(items)
    labels = " ".join(item.label for item in items)
    qualified = "" if qualifies(value) else ", which does not qualify"
    return f"{labels}, {four_card.hand_name(value)}{qualified}"


def _limits(config):
    return config.min_bet * 100, config.max_bet * 100


def _play_limits(config):
    return config.min_bet * 100, 3 * config.max_bet * 100


def _side_limits(config):
    return config.min_bet * 100, config.side_max * 100


STACK_HELP = (
    "Cards in deal order: five to each hand from the lowest seat up, then the dealer's five, "
    'e.g. "AS AH KD 7C 2S QH JH 9D 5C 3S" for one player (a pair of aces) against Q-J-9-5; ? is any '
    "card. The rest of the 52-card deck is shuffled. It serves the next deal only."
)

GAME = g.Game(
    name="Crazy 4 Poker",
    areas=(
        g.Area(ANTE, "Ante", g.BASE, limits=_limits, note="1 to 1 when the dealer qualifies"),
        g.Area(
            SUPER_BONUS,
            "Super Bonus",
            g.SIDE,
            limits=_limits,
            needs=(ANTE,),
            equals=ANTE,  # rule 3: equal to the Ante and required with it
            note="straight or better pays",
        ),
        g.Area(PLAY, "Play", g.DECISION, limits=_play_limits),
        g.Area(
            QUEENS_UP,
            "Queens Up",
            g.SIDE,
            offered=lambda config: bool(config.queens_up),
            limits=_side_limits,
            needs=(ANTE,),
            note="pair of queens or better",
        ),
        g.Area(
            FIVE_CARD,
            "Five-Card progressive",
            g.PROGRESSIVE,
            offered=lambda config: bool(config.five_card_progressive),
            limits=lambda config: (paytables.FIVE_CARD_WAGER_CENTS,) * 2,
            needs=(ANTE,),
            meter_kind=FIVE_CARD_KIND,
            # § 657c.1(c)(1): "a Crazy 4 Poker wager and a ... Five-Card progressive payout wager".
            mystery=lambda config: bool(config.five_card_progressive),
            note="$5 · meter · Envy",
        ),
    ),
    streets=(
        g.Street(
            deals=(g.Deal(g.PLAYERS, 5), g.Deal(g.DEALER, 5)),  # rule 5: all face down
            decision=g.Decision(
                name="play",
                base=ANTE,
                options=(
                    # rule 6: equal to the Ante, or 3× it with a pair of aces or better
                    g.Option(
                        PLAY, "Play", "P", places=PLAY, of=ANTE, multiples=(1, 3), allowed=play_multiples
                    ),
                    g.Option(FOLD, "Fold", "F", folds=True),
                ),
                default=FOLD,
                prompt="Play (the Ante, or 3× with a pair of aces or better) or fold",
            ),
        ),
    ),
    settlers=(settle_hand, settle_progressives, settle_envy),
    fold_loses=(ANTE, SUPER_BONUS, QUEENS_UP),  # rule 6; Queens Up: Defaults (lost with the hand)
    mystery_base=ANTE,  # § 657c.1(c)(1): "a Crazy 4 Poker wager" (§ 657a.7(d)(1))
    hand_name=_hand_name,
    dealer_name=_dealer_name,
    stack_help=STACK_HELP,
)

# The platform's entry points (games/engine.py): the poker round playing GAME.
PLAYER_ACTIONS, parse_action, apply, timer, stack, legal_options = pr.bind(GAME)
