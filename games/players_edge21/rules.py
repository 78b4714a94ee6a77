"""Player's Edge 21 (seed § 635c.2), pure: the shared blackjack round
(games/blackjack/round.py) with the variation's doubles, rescue, insurance,
diamonds, 7-7-7-7 Super bonus and its Match-Up, Match-Down and Monster Match
wagers, bound to this table's Rules Submission.

By default the dealer peeks on an ace or a 10-value upcard
(docs/rules/players_edge21.md rule 9), so a dealer blackjack is known before anyone
doubles; a table configured without the peek settles it when the hole card
turns, and then § 635c.2(f)(4) applies: only the original wager is
collected from a doubled hand.
"""

from dataclasses import dataclass, field

from games.blackjack import round as bj
from games.blackjack import side_wagers
from games.blackjack.config import BlackjackConfig
from games.blackjack.round import LEAVE, PLAYER_ACTIONS, STACK_HELP, State, new_state, stack, timer  # noqa: F401
from games.cards.cards import cards
from games.engine import LOSE, RETURN, WIN, ChipMove, IllegalAction, format_chips
from games.players_edge21 import paytables
from games.submission import GameChecks, OneOf, switches

MATCH_UP = "match_up"
MATCH_DOWN = "match_down"
MONSTER_MATCH = "monster_match"
AREAS = (bj.MAIN, MATCH_UP, MATCH_DOWN, MONSTER_MATCH)
LETTERS = "ABCDE"
MONSTER_MATCH_WAGER_CENTS = 100  # docs/rules/players_edge21.md Defaults: a fixed $1 wager


@dataclass(frozen=True)
class Config(BlackjackConfig):
    """The table's Rules Submission for Player's Edge 21 (§ 601a.2)."""

    DECKS = paytables.DECKS
    DECKS_ERROR = "Player's Edge 21 uses 5, 6 or 8 decks of 48 cards (§ 635c.2(c))."

    match_up: int = field(
        default=1, metadata={"help": "1: the Match-Up wager is offered (§ 635c.2(d)(2)(i))."}
    )
    match_down: int = field(
        default=1, metadata={"help": "1: the Match-Down wager is offered (§ 635c.2(d)(2)(ii))."}
    )
    match_paytable: int = field(
        default=1,
        metadata={
            "help": "Match-Up/Match-Down paytable: 1 = A, 2 = B, 3 = C (C: 5 or 6 decks; § 635c.2(g)(4))."
        },
    )
    monster_match: int = field(
        default=1,
        metadata={"help": "1: the Monster Match progressive ($1) is offered (§ 635c.2(d)(2)(iii))."},
    )
    monster_paytable: int = field(
        default=1,
        metadata={"help": "Monster Match paytable 1–5 = A–E (§ 635c.2(h)); link a meter of the same pool."},
    )
    peek: int = field(
        default=1,
        metadata={
            "help": "1: the dealer checks for blackjack under an ace or 10-value upcard. Without the "
            "peek (0) a dealer blackjack found at the end takes only the original wager (§ 635c.2(f)(4)) "
            "and loses to a player's 21 ((g)(1)(iii)), which gives the player the edge: refused."
        },
    )

    CHECKS = (
        *switches("match_up", "match_down", "monster_match", "peek"),
        # Without the peek a player drawing to 21 still beats the dealer's late blackjack
        # (§ 635c.2(g)(1)(iii)) and gets the doubles back ((f)(4)): best play returns
        # 100.52% at 6 decks by the solver, which counts that blackjack as a plain 21 and so
        # gives the player less than the table does (tests/test_house_edge_guard.py).
        OneOf(
            "peek",
            (1,),
            "Without the peek the player has the edge (a 21 beats the dealer's late blackjack and "
            "doubles come back): the dealer peeks at every table.",
        ),
        GameChecks(),
        OneOf(
            "monster_paytable",
            tuple(range(1, 6)),
            "Choose Monster Match paytable 1 to 5 (A to E, § 635c.2(h)).",
        ),
    )

    def game_errors(self):
        """The Match-Up/Match-Down paytable, which § 635c.2(g)(4) lists by the
        deck count (a deck count it does not list is refused as such)."""
        if self.decks not in self.DECKS:
            return {}
        try:
            paytables.match_paytable(self.decks, LETTERS[self.match_paytable - 1])
        except (ValueError, IndexError):
            return {
                "match_paytable": "§ 635c.2(g)(4) lists Paytables A, B, C for 5 or 6 decks and A, B for 8."
            }
        return {}

    @property
    def match_lines(self):
        return paytables.match_paytable(self.decks, LETTERS[self.match_paytable - 1])

    @property
    def monster_lines(self):
        return paytables.monster_match_paytable(LETTERS[self.monster_paytable - 1])

    @property
    def progressive_cents(self):
        return MONSTER_MATCH_WAGER_CENTS if self.monster_match else 0

    def offers(self, area):
        if area == "peek":
            return False
        return super().offers(area)


def _settle_match(state, seat, name, two, dealer_two, config):
    """Match-Up against the upcard, right after the deal (§ 635c.2(e)(1)(i));
    Match-Down against the hole card when it is turned ((e)(1)(iii))."""
    spot = state.spot(seat)
    amount, player = spot["bets"][name], spot["player"]
    title = "Match-Up" if name == MATCH_UP else "Match-Down"
    if name == MATCH_UP:
        line = side_wagers.match_up(two, dealer_two[0])
    else:
        line = side_wagers.match_down(two, dealer_two[1])
    if line is None:
        bj.result_line(state, seat, title, staked=amount)
        return [], [ChipMove(LOSE, player, amount, f"seat {seat} {name}")]
    odds = config.match_lines[line]
    winnings = odds.winnings_cents(amount)
    what = paytables.MATCH_NAMES[line]
    bj.result_line(
        state, seat, title, staked=amount, paid=amount + winnings, detail=f"{what.lower()}, {odds}"
    )
    return [
        {"player": None, "text": f"Seat {seat}: {title}, {what.lower()}, {odds}: +{format_chips(winnings)}."}
    ], [
        ChipMove(RETURN, player, amount, f"seat {seat} {name}"),
        ChipMove(WIN, player, winnings, f"seat {seat} {name}"),
    ]


def _monster_line(two, dealer_two, config):
    """§ 635c.2(d)(2)(iii)(B): the player's first two cards with the dealer's
    first two; only the highest event is paid."""
    event = side_wagers.monster_match_event(two, dealer_two)
    return None if event is None else config.monster_lines[event]


def _double_amount(hand, requested):
    """§ 635c.2(f)(1)-(3): the first double up to the original wager, then up
    to two redoubles of the hand's whole wager: at most 8× the original."""
    if hand["doubles"] == 0:
        amount = requested or hand["stake"]
        if amount > hand["stake"]:
            raise IllegalAction(f"A double is at most the original wager, {format_chips(hand['stake'])}.")
        return amount
    current = hand["stake"] + hand["doubled"]
    if requested not in (None, current):
        raise IllegalAction(f"A redouble doubles the hand's whole wager: {format_chips(current)}.")
    return current


def _rescue_amounts(hand):
    """§ 635c.2(f)(6): after the card of the first double or of the first
    redouble, half the hand's total wager back, half forfeited; never after
    the third double."""
    if hand["doubles"] not in (1, 2):
        return None
    wager = hand["stake"] + hand["doubled"]
    return wager // 2, wager - wager // 2


def _super_bonus_cents(items, upcard, hand, original_wager):
    if not side_wagers.seven_seven_seven_seven(
        items, upcard, doubled=hand["doubles"] > 0, split=hand["split"]
    ):
        return 0
    return paytables.super_bonus_cents(original_wager)


def _insurance_odds(dealer_two):
    return paytables.insurance_odds(dealer_two)  # § 635c.2(b)(1): 5 to 1 against a suited blackjack


VARIANT = bj.Variant(
    name="Player's Edge 21",
    premium_suit=paytables.PREMIUM_SUIT,
    max_doubles=3,
    side_wagers={MATCH_UP: bj.DEAL, MATCH_DOWN: bj.REVEAL},
    settle_side=_settle_match,
    progressive_area=MONSTER_MATCH,
    progressive_kind=paytables.MONSTER_MATCH_KIND,
    progressive_point=bj.REVEAL,
    progressive_line=_monster_line,
    double_amount=_double_amount,
    rescue_amounts=_rescue_amounts,
    insurance_odds=_insurance_odds,
    super_bonus_cents=_super_bonus_cents,
    # § 635c.2(g)(3)(i): $50 to every other player, $100 with a seven in their first two cards.
    envy_cents=lambda items, other: paytables.other_player_cents(cards(other["first_two"])),
    bonus_odds=paytables.BONUS_21,
    win_odds=paytables.WIN,
    blackjack_odds=paytables.BLACKJACK,
    # § 635c.2(b): the layout states the insurance odds and that the dealer
    # draws to 16 and hits soft 17.
    layout_text=(
        "Dealer must draw to 16 and hit soft 17 · insurance pays 2 to 1, 5 to 1 with a suited dealer "
        "blackjack · blackjack pays 3 to 2 · a player's 21 always wins"
    ),
    area_names={
        MATCH_UP: "Match-Up",
        MATCH_DOWN: "Match-Down",
        MONSTER_MATCH: "the Monster Match progressive",
    },
)


def apply(state, action, config, rng):
    return bj.apply(VARIANT, state, action, config, rng)


def parse_action(kind, data):
    return bj.parse_action(kind, data, AREAS)


def legal_actions(state, seat=None):
    return bj.legal_actions(VARIANT, state, seat)


def round_summary(state):
    if state.phase != bj.RESULT:
        return None
    return {"dealer": state.dealer, "results": state.results}
