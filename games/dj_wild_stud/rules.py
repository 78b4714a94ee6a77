"""DJ Wild Stud Poker (58 Pa. Code Ch. 687a) with the Must-Hit-By Mystery bonus
of seed § 687c.1, pure: the shared poker round (games/poker/round.py) bound to
DJ Wild Stud's street, the wild-card evaluator (games/cards/wild.py), its
paytables and this table's Rules Submission.

One street (docs/rules/dj_wild_stud.md rules 6-7): five cards face down to each
hand holding the Ante and Blind, five to the dealer, then one card to the
layout area (dealt and set aside, no game effect: the rules file's Defaults);
each hand, in seat order, folds or makes a Play wager of exactly 2x the Ante;
at the clock's expiry the hand folds. No dealer qualifier (rule 8); Ante,
Play and Blind by rule 9's table. Settlement in rule 12's order: folds →
Ante/Play/Blind per seat → Trips (even after a fold, rule 10) → the
progressive bonus wager (rule 11, whatever the dealer holds and even after a
fold); the Mystery bonus at the end of the round.
"""

from dataclasses import dataclass

from games.cards import wild
from games.cards.cards import joker_deck
from games.cards.poker import CARD_INDEX
from games.dj_wild_stud import paytables
from games.poker import game as g
from games.poker import kit
from games.poker import round as pr
from games.poker.config import Choice, Clocks, Linked, Mystery, Paytable, PokerConfig, Wager
from games.poker.kit import DEALER_HIGHER, FOLD, PLAYER_HIGHER, TIE, showdown  # noqa: F401  (FOLD: for the tests)
from games.poker.round import LEAVE, State, new_state, round_summary  # noqa: F401

ANTE = "ante"
BLIND = "blind"
PLAY = "play"
TRIPS = "trips"
PROGRESSIVE = "progressive"

# The meter of the $5 progressive bonus wager (casino/progressives), linked across the
# casino's DJ Wild Stud tables (docs/rules/README.md: each game's progressive its own kind).
PROGRESSIVE_KIND = "dj_wild_stud"

TRIPS_MAX_ODDS = 10_000


@dataclass(frozen=True)
class Config(PokerConfig):
    """The table's Rules Submission for DJ Wild Stud Poker (§ 601a.2)."""

    min_bet: int = kit.setting(5, "Minimum Ante, in chips (the Blind equals it).")
    max_bet: int = kit.setting(500, "Maximum Ante, in chips (the Play is 2 times it).")
    blind_paytable: int = kit.setting(
        1, "Blind paytable: 1 = 1000-50-10-9-4-3-2-1 (five wilds down to a straight)."
    )
    # Rule 10 and the rules file's Defaults: Trips is off until its lines are set (no
    # published table); natural hands and hands with wild cards apart.
    trips_min_bet: int = kit.setting(5, "Minimum Trips wager, in chips.")
    trips_max_bet: int = kit.setting(100, "Maximum Trips wager, in chips.")
    PARTS = (kit.OddsLines("trips", "Trips", paytables.TRIPS_LINES, paytables.LINE_NAMES, TRIPS_MAX_ODDS),)
    LIMITS = kit.wager_limits("trips_min_bet", "trips_max_bet")
    CHOICES = (
        Choice("blind_paytable", paytables.BLIND_NAMES, "Choose Blind paytable 1 (1000-50-10-9-4-3-2-1)."),
    )
    LINKED = Linked(
        (Wager("progressive", "$5 progressive bonus wager", "§ 687a.7(d)(2)"),),
        Mystery(
            "§ 687c.1", "the Ante and Blind and the progressive bonus wager", "the progressive bonus wager"
        ),
        Paytable(
            paytables.PROGRESSIVE_NAMES,
            paytables.progressive_paytable,
            "Progressive paytable: 1 = natural royal flush 100% of the meter, five wilds 10%, "
            "then royal flush with wild cards 100, five of a kind 50, straight flush 30, four of a kind 10, "
            "all for 1 (project default).",
            "Choose progressive paytable 1 (the project default).",
        ),
    )
    CLOCKS = Clocks("Each hand's Play-or-fold clock; at expiry the hand folds.")

    def game_errors(self):
        errors = {}
        for line in paytables.TRIPS_LINES:
            if line.endswith(paytables.WITH_WILDS):
                natural = line.removesuffix(paytables.WITH_WILDS) + paytables.NATURAL
                if getattr(self, "trips_" + line) > getattr(self, "trips_" + natural):
                    # Rule 10: natural hands pay more than hands using wild cards.
                    errors["trips_" + line] = "A hand with wild cards cannot pay more than the natural one."
        return errors

    blind_name = kit.Chosen("blind_paytable", paytables.BLIND_NAMES)
    blind_table = kit.Chosen("blind_paytable", paytables.BLIND_NAMES, paytables.blind_paytable)

    @property
    def trips_table(self):
        """{line: Odds} of the Trips lines this table pays ({} when Trips is off)."""
        return self.PARTS[0].table(self)


# -- hands -------------------------------------------------------------------------


def indices_of(items):
    return [CARD_INDEX[item] for item in items]


def hand_value(items):
    """Five cards with the deuces and the joker wild, at their best (rules 2-3)."""
    return wild.value_indices(*indices_of(items))


def hand_name(items):
    return wild.hand_name(hand_value(items))


# Rule 9's rows are kit.showdown's: no dealer qualifier (rule 8); equal values tie (rule 3: suits
# never break ties; natural and wild hands of equal rank are equal).


def blind_payout(mine, blind_table):
    """(line, Odds) the Blind pays on a winning hand, or None (a push: below a straight)."""
    line = paytables.hand_line(mine)
    return (line, blind_table[line]) if line in blind_table else None


def ante_blind_play_net(mine, dealer, blind_table):
    """Net of the Ante, Blind and Play per unit of the Ante for a hand that
    made the Play (2 units), by rule 9's table; a fold nets -2 (rule 7). The
    settler, the strategy and the lab's simulation all read it."""
    row = showdown(mine, dealer)
    if row == TIE:
        return 0
    if row == DEALER_HIGHER:
        return -2 - paytables.PLAY_MULTIPLE
    won = blind_payout(mine, blind_table)
    return 1 + paytables.PLAY_MULTIPLE + (won[1].winnings(1) if won else 0)


# -- settlers, in rule 12's order ------------------------------------------------------


def settle_hand(view, seat):
    """Rules 8-9: the player's hand against the dealer's, no qualifier."""
    if not view.stake(seat, ANTE):
        return []  # folded: the Ante and the Blind were lost with the fold (rule 7)
    mine = hand_value(view.cards(seat))
    row = showdown(mine, hand_value(view.dealer_cards()))
    if row == DEALER_HIGHER:
        return [g.Pay(ANTE, g.LOSE, "Ante"), g.Pay(PLAY, g.LOSE, "Play"), g.Pay(BLIND, g.LOSE, "Blind")]
    if row == TIE:
        return [
            g.Pay(ANTE, g.PUSH, "Ante, a tie"),
            g.Pay(PLAY, g.PUSH, "Play, a tie"),
            g.Pay(BLIND, g.PUSH, "Blind, a tie"),
        ]
    pays = [
        g.Pay(ANTE, g.WIN, "Ante 1 to 1", odds=paytables.EVEN),
        g.Pay(PLAY, g.WIN, "Play 1 to 1", odds=paytables.EVEN),
    ]
    won = blind_payout(mine, view.config.blind_table)
    if won is None:
        return [*pays, g.Pay(BLIND, g.PUSH, "Blind, below a straight")]
    return pays + kit.paid(BLIND, "Blind", won, paytables.LINE_NAMES)


def _trips_lines(view, seat):
    return [paytables.trips_line(*wild.trips_reading(indices_of(view.cards(seat))))]


# Rule 10: the player's own hand, three of a kind or better, whatever the dealer holds and
# even after a fold; natural hands apart from hands using wild cards, a deuce not needed as
# a wild counting as a 2.
settle_trips = kit.settle_paytable(TRIPS, _trips_lines, "trips_table", paytables.LINE_NAMES)


def progressive_lines(hand_indices):
    """The progressive bonus wager's lines of five cards (rule 11)."""
    return paytables.progressive_lines(*wild.trips_reading(hand_indices))


# Rule 11: the progressive bonus wager on the player's five cards with the deuces and the
# joker wild, independent of the dealer and of a fold.
PROGRESSIVE_PAYS = kit.Progressive(
    PROGRESSIVE,
    lambda view, seat: progressive_lines(indices_of(view.cards(seat))),
    "progressive_table",
    paytables.LINE_NAMES,
)


STACK_HELP = (
    "Cards in deal order: five to each hand from the lowest seat up, then the dealer's five, then the "
    'layout card (set aside), e.g. "2S JK AH KH QH 9D 8C 7S 5H 3D 4C" for one player; ? is any card; '
    "deuces and JK (the joker) are wild. The rest of the 53-card deck is shuffled. It serves the next deal only."
)

GAME = g.Game(
    name="DJ Wild Stud Poker",
    areas=(
        # Rule 4: the DJ Wild Stud Poker wager (§ 687a.7(d)(1)), an Ante and an equal Blind, both required.
        g.Area(ANTE, "Ante", g.BASE, limits=kit.BET_LIMITS, note="1 to 1 · no dealer qualifier"),
        kit.equal_area(BLIND, "Blind", ANTE, "straight or better pays"),
        kit.decision_area(PLAY, "Play", times=paytables.PLAY_MULTIPLE),
        # Offered where the table pays a line of it.
        kit.side_area(
            TRIPS, "Trips", "trips_table", (ANTE,), "three of a kind or better · natural pays more", "trips"
        ),
        # Rule 4: a fixed amount, only with the Ante and Blind (§ 687a.7(d)(2)).
        # § 687c.1(c)(1): "a DJ Wild Stud Poker wager and a progressive bonus wager".
        kit.progressive_area(
            paytables.PROGRESSIVE_WAGER_CENTS,
            PROGRESSIVE_KIND,
            (ANTE,),
            "$5 · your five cards · four of a kind or better · meter · project default",
        ),
    ),
    streets=(
        g.Street(
            # Rule 6: five down to each hand, five to the dealer, one to the layout area.
            deals=(g.Deal(g.PLAYERS, 5), g.Deal(g.DEALER, 5), g.Deal(g.DISCARD, 1)),
            # Rule 7: in seat order, fold or a Play of exactly 2 times the Ante.
            decision=kit.play_or_fold(
                ANTE, "Play 2× your Ante, or fold", multiples=(paytables.PLAY_MULTIPLE,)
            ),
        ),
    ),
    settlers=(settle_hand, settle_trips, kit.settle_progressives(PROGRESSIVE_PAYS)),
    # Rule 7: a fold loses the Ante and the Blind; Trips and the progressive stay in action.
    fold_loses=(ANTE, BLIND),
    mystery_base=ANTE,  # § 687c.1(c)(1): "a DJ Wild Stud Poker wager" (the Ante and Blind)
    deck=joker_deck,
    hand_name_of=hand_name,
    dealer_name=kit.dealer_shows(hand_value, wild.hand_name),
    stack_help=STACK_HELP,
)

# The platform's entry points (games/engine.py): the poker round playing GAME. Rule 1: one fresh
# 53-card deck (52 and the joker) shuffled for every deal.
PLAYER_ACTIONS, parse_action, apply, timer, stack, legal_options = pr.bind(GAME)
