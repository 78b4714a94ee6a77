"""Spanish 21 (58 Pa. Code Ch. 635a) with the Match the Dealer wagers and the
Match the Dealer progressive of seed § 635c.1, pure: the shared blackjack
round (games/blackjack/round.py) bound to Spanish 21's paytables and this
table's Rules Submission."""

from dataclasses import dataclass, field

from games.blackjack import round as bj
from games.blackjack import settlement, side_wagers
from games.blackjack.config import BlackjackConfig, match_the_dealer_checks
from games.blackjack.round import LEAVE, PLAYER_ACTIONS, STACK_HELP, State, new_state, stack, timer  # noqa: F401
from games.engine import IllegalAction, format_chips
from games.spanish21 import paytables

MATCH_THE_DEALER = "match_the_dealer"
PROGRESSIVE = "progressive"
AREAS = (bj.MAIN, MATCH_THE_DEALER, PROGRESSIVE)


@dataclass(frozen=True)
class Config(BlackjackConfig):
    """The table's Rules Submission for Spanish 21 (§ 601a.2)."""

    DECKS = paytables.DECKS
    DECKS_ERROR = "Spanish 21 with the Match the Dealer progressive uses 6 or 8 decks (§ 635c.1(b))."

    match_the_dealer: int = field(
        default=1, metadata={"help": "1: the Match the Dealer wager is offered; 0: it is not."}
    )
    progressive: int = field(
        default=1,
        metadata={
            "help": "The Match the Dealer progressive wager: 1 ($1) or 5 ($5), 0 not offered (§ 635c.1(e))."
        },
    )
    progressive_paytable: int = field(
        default=paytables.DEFAULT_MATCH_THE_DEALER_PROGRESSIVE_PAYTABLE,
        metadata={"help": "Match the Dealer progressive paytable 1–10 for the deck count (§ 635c.1(i))."},
    )

    CHECKS = match_the_dealer_checks("§ 635c.1")

    @property
    def progressive_cents(self):
        return self.progressive * 100

    def offers(self, area):
        if area == PROGRESSIVE:
            return self.progressive > 0
        return super().offers(area)


# Spanish 21 rule 12 (its paytable is common practice, not PA text): settled right after the deal.
_settle_match_the_dealer = settlement.match_the_dealer(
    paytables.MATCH_THE_DEALER, paytables.MATCH_THE_DEALER_NAMES
)


def _progressive_line(two, dealer_two, config):
    combination = side_wagers.match_the_dealer_combination(two, dealer_two[0])
    if combination is None:
        return None
    return paytables.match_the_dealer_progressive(config.decks, config.progressive_paytable)[combination]


def _super_bonus_cents(items, upcard, hand, original_wager):
    if not side_wagers.super_bonus(items, upcard, doubled=hand["doubles"] > 0, split=hand["split"]):
        return 0
    return paytables.super_bonus_cents(original_wager)


def _double_amount(hand, requested):
    """docs/rules/spanish21.md rule 19: one double, for up to the original wager."""
    amount = requested or hand["stake"]
    if amount > hand["stake"]:
        raise IllegalAction(f"A double is at most the hand's original wager, {format_chips(hand['stake'])}.")
    return amount


def _rescue_amounts(hand):
    """docs/rules/spanish21.md rule 20: the doubled amount comes back, the original
    wager is forfeited."""
    return hand["doubled"], hand["stake"]


VARIANT = bj.Variant(
    name="Spanish 21",
    premium_suit=paytables.PREMIUM_SUIT,
    max_doubles=1,
    side_wagers={MATCH_THE_DEALER: bj.DEAL},
    settle_side=_settle_match_the_dealer,
    progressive_area=PROGRESSIVE,
    progressive_kind=paytables.MATCH_THE_DEALER_KIND,
    progressive_line=_progressive_line,
    double_amount=_double_amount,
    rescue_amounts=_rescue_amounts,
    insurance_odds=lambda dealer_two: paytables.INSURANCE,
    super_bonus_cents=_super_bonus_cents,
    envy_cents=lambda items, other: paytables.ENVY_BONUS_CENTS,
    bonus_odds=paytables.BONUS_21,
    win_odds=paytables.WIN,
    blackjack_odds=paytables.BLACKJACK,
    layout_text="Dealer hits soft 17 · blackjack pays 3 to 2 · a player's 21 always wins · insurance pays 2 to 1",
    area_names={MATCH_THE_DEALER: "Match the Dealer", PROGRESSIVE: "the Match the Dealer progressive"},
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
