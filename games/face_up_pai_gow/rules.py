"""Face Up Pai Gow Poker (58 Pa. Code Ch. 688a) with the Must-Hit-By Mystery
bonus of seed § 688c.1, pure: the pai gow family's round
(games/pai_gow/round.py) bound to this game's differences
(docs/rules/face_up_pai_gow.md).

The deck, joker, rankings, foul test, RNG start and house way are Pai Gow
Poker's (rules 1, 4). What differs is configuration on the round: the
dealer's seven cards are dealt face up and set by the house way before any
player acts (rule 5); a dealer Ace High Pai Gow (rule 6) pushes every main
wager at once, nobody sets, and the Ace High Bonus wins (rule 7); otherwise
each player sets seeing the dealer's hands (rule 8) and a main wager wins 1
to 1 with no commission, copies going to the dealer (rule 9). Fortune, Envy
(a Fortune or progressive wager of $5 or more, PA § 688a.1), the $1
progressive payout wager and the Mystery bonus are settled on the seven cards
after the main and Ace High Bonus wagers (rules 10-13).
"""

from dataclasses import dataclass, field

from games import keymap
from games.cards.poker import ACE, RANK_AS_ACE, indices
from games.engine import LOSE, RETURN, WIN, ChipMove, format_chips
from games.face_up_pai_gow import paytables
from games.pai_gow import house_way
from games.pai_gow import paytables as pai_gow_paytables
from games.pai_gow import round as pg
from games.pai_gow import rules as pai_gow
from games.pai_gow.config import mystery_needs, table_clocks
from games.pai_gow.round import (  # noqa: F401  (the round's names for the platform and the tests)
    BET,
    BETTING,
    CLEAR,
    CLOSE_BETTING,
    CLOSE_SETTING,
    DEAL,
    FORTUNE,
    HOUSE_WAY,
    LEAVE,
    MAIN,
    NEXT_ROUND,
    PROGRESSIVE,
    RESULT,
    ROLLING,
    SET_HAND,
    SETTING,
    State,
    new_state,
    round_summary,
)
from games.pai_gow.seven_cards import seven_card_line
from games.submission import BET_LIMITS, SIDE_MAX, Checked, OneOf, switches

ACE_HIGH_BONUS = "ace_high_bonus"
AREAS = (MAIN, ACE_HIGH_BONUS, FORTUNE, PROGRESSIVE)
PLAYER_ACTIONS = pg.BASE_ACTIONS
# The hint's "Set it so" button: a set_hand of the best setting against the dealer's exposed hands.
EXTRA_KEYS = (keymap.BEST_SETTING,)
ACE_HIGH_PAI_GOW = "Ace High Pai Gow"
MYSTERY_SECTION = "§ 688c.1"
AREA_NAMES = {
    MAIN: "Face Up Pai Gow",
    ACE_HIGH_BONUS: "Ace High Bonus",
    FORTUNE: "Fortune bonus",
    PROGRESSIVE: "progressive payout",
}


@dataclass(frozen=True)
class Config(Checked):
    """The table's Rules Submission for Face Up Pai Gow Poker (§ 601a.2)."""

    min_bet: int = field(default=5, metadata={"help": "Minimum Face Up Pai Gow wager, in chips."})
    max_bet: int = field(default=500, metadata={"help": "Maximum Face Up Pai Gow wager, in chips."})
    side_max: int = field(
        default=100, metadata={"help": "Maximum Fortune or Ace High Bonus wager, in chips."}
    )
    fortune: int = field(default=1, metadata={"help": "1: the Fortune bonus wager is offered (rule 3)."})
    ace_high_bonus: int = field(
        default=0,
        metadata={
            "help": "The Ace High Bonus wager's odds, 5 to 9 (to 1), or 0 not offered. Its odds are not "
            "published, so it is for test tables only.",
            # A wager with no published odds is for designers trying odds, never a public table.
            "test_tables_only": True,
        },
    )
    progressive: int = field(default=1, metadata={"help": "1: the $1 progressive payout wager is offered."})
    mystery: int = field(
        default=1, metadata={"help": "1: the Must-Hit-By Mystery bonus is offered with it (§ 688c.1)."}
    )
    betting_seconds: int = field(default=15, metadata={"help": "How long betting stays open."})
    deal_seconds: int = field(default=2, metadata={"help": "The pause between no more bets and the deal."})
    set_seconds: int = field(
        default=45, metadata={"help": "The setting clock; at expiry the house way sets."}
    )
    result_seconds: int = field(default=8, metadata={"help": "How long the result stays up."})

    CHECKS = (
        *switches("fortune", "progressive", "mystery"),
        OneOf(
            "ace_high_bonus",
            (0, *paytables.ACE_HIGH_BONUS_ODDS),
            f"Choose the Ace High Bonus odds ({', '.join(map(str, paytables.ACE_HIGH_BONUS_ODDS))} to 1), "
            "or 0 not to offer it.",
        ),
        *BET_LIMITS,
        SIDE_MAX,
        mystery_needs(MYSTERY_SECTION),
        *table_clocks(("deal_seconds", 1, 30)),
    )

    def offers(self, area):
        if area == MAIN:
            return True
        if area == ACE_HIGH_BONUS:
            return self.ace_high_bonus > 0
        return getattr(self, area, 0) == 1


def is_ace_high_pai_gow(seven):
    """Rule 6 on the dealer's seven cards: no pair (the joker and an ace are a
    pair of aces), no trips or quads, no straight or flush (the joker may
    complete either), and the highest card an ace (the joker is that ace when
    it completes nothing). King-high or lower is not one."""
    return is_ace_high_indices(indices(seven, 7))


def is_ace_high_indices(card_indices):
    ranks = {RANK_AS_ACE[index] for index in card_indices}  # the joker counted as an ace
    return len(ranks) == 7 and ACE in ranks and not house_way.straight_or_flush_possible(card_indices)


def _dealer_push(hands, seven, config):
    """Rule 7: a dealer Ace High Pai Gow pushes every main wager."""
    return ACE_HIGH_PAI_GOW if is_ace_high_pai_gow(seven) else None


def _settle_ace_high_bonus(state, seat, spot, dealer, push, config):
    """Rule 7: Ace High Bonus wagers win on a dealer Ace High Pai Gow, else lose."""
    player, amount = spot["player"], spot["bets"][ACE_HIGH_BONUS]
    if push:
        odds = paytables.ACE_HIGH_BONUS_ODDS[config.ace_high_bonus]
        winnings = odds.winnings_cents(amount)
        pg.result_line(state, seat, "Ace High Bonus", staked=amount, paid=amount + winnings, detail=str(odds))
        log = [{"player": None, "text": f"Seat {seat}: Ace High Bonus, {odds}: +{format_chips(winnings)}."}]
        return log, [
            ChipMove(RETURN, player, amount, f"seat {seat} ace high bonus"),
            ChipMove(WIN, player, winnings, f"seat {seat} ace high bonus"),
        ]
    pg.result_line(state, seat, "Ace High Bonus", staked=amount)
    return [], [ChipMove(LOSE, player, amount, f"seat {seat} ace high bonus")]


def _envy_cents(other_lines, bets):
    return paytables.envy_cents(other_lines, bets.get(FORTUNE, 0), bets.get(PROGRESSIVE, 0))


VARIANT = pg.Variant(
    name="Face Up Pai Gow Poker",
    main_name="Face Up Pai Gow",
    table_name="Face Up Pai Gow",
    hands=pai_gow.HANDS,  # rule 1: Pai Gow Poker's five-card high and two-card low hands
    areas=AREAS,
    area_names=AREA_NAMES,
    house_way=house_way.set_house_way,  # Defaults: Trump Plaza, as Pai Gow Poker
    setting_error=pai_gow.setting_error,
    compare=house_way.compare,  # rule 9: copies go to the dealer
    deal_clock="deal_seconds",
    dealer_face_up=True,  # rule 5
    dealer_push=_dealer_push,
    side_wagers=((ACE_HIGH_BONUS, _settle_ace_high_bonus),),  # rule 13: after the main wagers
    bonus_line=seven_card_line,
    line_names=pai_gow_paytables.SEVEN_CARD_LINE_NAMES,
    fortune_paytable=paytables.FORTUNE,
    progressive_paytable=paytables.PROGRESSIVE,
    progressive_cents=paytables.PROGRESSIVE_WAGER_CENTS,
    envy_cents=_envy_cents,
    mystery_section=MYSTERY_SECTION,
)


def timer(state, config):
    return pg.timer(VARIANT, state, config)


def parse_action(kind, data):
    return pg.parse_action(VARIANT, kind, data)


def apply(state, action, config, rng):
    return pg.apply(VARIANT, state, action, config, rng)


STACK_HELP = (
    'Optionally the first hand: "first dealer" or "first 2" (a seat; otherwise an RNG number 1–7 picks '
    "it). Then cards in deal order, seven per hand from that first position on, around the table, "
    'e.g. "first dealer; AS KD 9C 7H 5S 3D 2C"; JK is the joker, ? any card. The dealer\'s seven are '
    "dealt face up. The rest of the 53-card deck is shuffled. It serves the next deal only."
)


def stack(state, config, text, rng=None):
    """A test table's stacked deck (docs/architecture.md, "Randomness"): the front of the
    next round's 53-card deck, seven per position from the first one on."""
    return pg.stack(
        VARIANT,
        state,
        config,
        text,
        rng,
        no_dice_message="Face Up Pai Gow has no shaker: an RNG number 1–7 picks the first hand.",
    )
