"""Down Under Blackjack (58 Pa. Code Ch. 685a) with the fixed-odds Match the
Dealer wager and the Match the Dealer progressive of seed § 685c.1, pure: the
shared blackjack round (games/blackjack/round.py) bound to this game's
paytables and the table's Rules Submission.

What differs from Spanish 21 is configuration on that round
(docs/rules/down_under_blackjack.md): 52-card decks (rule 1); the hole-card reader,
whose class everyone sees before any decision, and the golden rule that
turns two Large cards face up (rules 11-13, so no insurance and no peek,
rule 16); the dealer hits soft 17 unless the table chooses otherwise (rule
17); a player's 21 is compared like any total (rule 20); doubles on the
first two cards, one card to each split ace, up to four hands, no surrender
(rule 15 and Defaults); a blackjack pays 3 to 2, or 6 to 5 where the table
chooses it (rule 14); the dealer's 22 pushes but for its two exceptions
(rule 19).
"""

from dataclasses import dataclass, field, replace

from games.blackjack import round as bj
from games.blackjack import settlement, side_wagers
from games.blackjack.config import BlackjackConfig, match_the_dealer_checks
from games.blackjack.hands import total
from games.blackjack.round import LEAVE, PLAYER_ACTIONS, State, new_state, stack, timer  # noqa: F401
from games.cards.cards import cards, standard_deck
from games.down_under_blackjack import paytables
from games.engine import IllegalAction, format_chips
from games.submission import OneOf

MATCH_THE_DEALER = "match_the_dealer"
PROGRESSIVE = "progressive"
AREAS = (bj.MAIN, MATCH_THE_DEALER, PROGRESSIVE)
MAX_HANDS = paytables.MAX_HANDS

STACK_HELP = bj.STACK_HELP.replace(
    "rank A 2–9 J Q K (a Spanish deck has no 10s)", "rank A 2–9 T J Q K (52-card decks)"
).replace(
    "the upcard, a second card to each spot, the hole card; ",
    "the upcard, a second card to each spot, the hole card (read by the reader, turned over "
    "when it and the upcard are both Large: 10, J, Q, K or A); ",
)


@dataclass(frozen=True)
class Config(BlackjackConfig):
    """The table's Rules Submission for Down Under Blackjack (§ 601a.2)."""

    DECKS = paytables.DECKS
    DECKS_ERROR = (
        "Down Under Blackjack with the Match the Dealer progressive uses 6 or 8 decks (§ 685c.1(b))."
    )

    decks: int = field(
        default=paytables.DEFAULT_DECKS, metadata={"help": "52-card decks in the shoe: 6 or 8."}
    )
    insurance_seconds: int = field(
        # Inherited and never read: the reader exposes every dealer blackjack, so no insurance.
        default=8,
        metadata={"unused": True},
    )
    hits_soft_17: int = field(
        default=paytables.HITS_SOFT_17,
        metadata={"help": "1: the dealer hits soft 17; 0: the dealer stands on soft 17."},
    )
    blackjack_6_to_5: int = field(
        default=0, metadata={"help": "0: a blackjack pays 3 to 2; 1: it pays 6 to 5."}
    )
    match_the_dealer: int = field(
        default=1, metadata={"help": "1: the fixed-odds Match the Dealer wager is offered; 0: it is not."}
    )
    progressive: int = field(
        default=1,
        metadata={
            "help": "The Match the Dealer progressive wager: 1 ($1) or 5 ($5), 0 not offered (§ 685c.1(e))."
        },
    )
    progressive_paytable: int = field(
        default=paytables.DEFAULT_MATCH_THE_DEALER_PROGRESSIVE_PAYTABLE,
        metadata={"help": "Match the Dealer progressive paytable 1–10 for the deck count (§ 685c.1(i))."},
    )

    deck = staticmethod(standard_deck)  # rule 1: standard 52-card decks

    CHECKS = (
        OneOf("hits_soft_17", (0, 1), "1 if the dealer hits soft 17, 0 if the dealer stands on it."),
        OneOf("blackjack_6_to_5", (0, 1), "0 for a blackjack paying 3 to 2, 1 for 6 to 5."),
        *match_the_dealer_checks("§ 685c.1"),
    )

    @property
    def progressive_cents(self):
        return self.progressive * 100

    @property
    def blackjack_odds(self):
        """Rule 14: what a blackjack pays at this table."""
        return paytables.BLACKJACK_6_TO_5 if self.blackjack_6_to_5 else paytables.BLACKJACK

    def offers(self, area):
        if area == PROGRESSIVE:
            return self.progressive > 0
        return super().offers(area)


def _read(upcard, hole):
    """Rules 11-12: the reader's class of the hole card for everyone, and
    whether the golden rule turns it over (upcard and hole card both Large)."""
    reading = paytables.READER_CLASSES[hole.rank]
    name, colour = paytables.READER_LIGHTS[reading]
    expose = reading == paytables.LARGE and paytables.READER_CLASSES[upcard.rank] == paytables.LARGE
    return reading, f"The reader lights {colour}: the hole card is {name}.", expose


def _beats_dealer_22(hand):
    """Rule 19's exceptions, paid 1 to 1 against the dealer's 22: (a) any hand
    of 21, split hands included (Defaults); (b) an original, unsplit two-card
    hand of two Large cards."""
    items = cards(hand["cards"])
    if total(items)[0] == 21:
        return True
    return (
        len(items) == 2
        and not hand["split"]
        and all(paytables.READER_CLASSES[item.rank] == paytables.LARGE for item in items)
    )


# Rule 9 (common practice): against the upcard only, settled with the progressive right after the deal.
_settle_match_the_dealer = settlement.match_the_dealer(
    paytables.MATCH_THE_DEALER, paytables.MATCH_THE_DEALER_NAMES
)


def _progressive_line(two, dealer_two, config):
    """§ 685c.1(a), (g): the player's first two cards against the upcard."""
    combination = side_wagers.match_the_dealer_combination(two, dealer_two[0])
    if combination is None:
        return None  # § 685c.1(g)(1): no card matches the upcard, the wager loses
    return paytables.match_the_dealer_progressive(config.decks, config.progressive_paytable)[combination]


def _double_amount(hand, requested):
    """Rule 15: double on the first two cards for the hand's wager (one card)."""
    if requested not in (None, hand["stake"]):
        raise IllegalAction(f"A double here is exactly the hand's wager, {format_chips(hand['stake'])}.")
    return hand["stake"]


def layout_text(hits_soft_17, blackjack_odds):
    """What the layout states: the reader, the golden rule and the table's rules."""
    soft_17 = "hits" if hits_soft_17 else "stands on"
    return (
        "The reader shows the hole card Small, Medium or Large · two Large cards are turned face up · "
        f"dealer {soft_17} soft 17 · dealer 22 pushes, except a 21 or two Large cards · "
        f"blackjack pays {blackjack_odds}"
    )


def _configure(variant, config):
    """The table's choices (Rules Submission): soft 17 (rule 17) and the blackjack payout (rule 14)."""
    hits_soft_17 = bool(config.hits_soft_17)
    odds = config.blackjack_odds
    return replace(
        variant,
        hits_soft_17=hits_soft_17,
        blackjack_odds=odds,
        layout_text=layout_text(hits_soft_17, odds),
    )


METER_KIND = paytables.DOWN_UNDER_MATCH  # its own meter kind (paytables.DOWN_UNDER_MATCH_METER)

# Rule 15 and the variant below: no surrender and no rescue here (How to play's keys leave them out).
UNOFFERED_ACTIONS = ("surrender", "rescue")

VARIANT = bj.Variant(
    name="Down Under Blackjack",
    premium_suit="",  # no bonus 21s
    max_doubles=1,
    hits_soft_17=bool(paytables.HITS_SOFT_17),  # rule 17; a table may choose otherwise (configure)
    side_wagers={MATCH_THE_DEALER: bj.DEAL},
    settle_side=_settle_match_the_dealer,
    progressive_area=PROGRESSIVE,
    progressive_kind=METER_KIND,
    progressive_line=_progressive_line,
    double_amount=_double_amount,
    rescue_amounts=lambda hand: None,  # no rescue
    insurance_odds=None,  # rule 16: no insurance
    win_odds=paytables.WIN,
    blackjack_odds=paytables.BLACKJACK,
    layout_text=layout_text(paytables.HITS_SOFT_17, paytables.BLACKJACK),
    area_names={MATCH_THE_DEALER: "Match the Dealer", PROGRESSIVE: "the Match the Dealer progressive"},
    main_label="Blackjack wager",  # the table's label (apps.py)
    hole_reader=_read,
    reader_lights=paytables.READER_LIGHTS,
    twenty_one_always_wins=False,
    double_two_cards_only=True,
    max_hands=MAX_HANDS,
    split_aces_one_card=True,
    double_ends_hand=True,
    push_total=paytables.DEALER_PUSH_TOTAL,
    beats_push_total=_beats_dealer_22,
    surrender=False,  # rule 15: no surrender
    configure=_configure,
)


def apply(state, action, config, rng):
    return bj.apply(VARIANT, state, action, config, rng)


def parse_action(kind, data):
    if kind in (bj.INSURE, bj.NO_INSURANCE):
        # Rule 16: every possible dealer blackjack is exposed before players act.
        raise IllegalAction(
            "Down Under Blackjack has no insurance: the reader exposes every dealer blackjack."
        )
    if kind == bj.SURRENDER:
        raise IllegalAction("Down Under Blackjack has no surrender.")  # rule 15
    return bj.parse_action(kind, data, AREAS)


def legal_actions(state, seat=None):
    return bj.legal_actions(VARIANT, state, seat)


def round_summary(state):
    if state.phase != bj.RESULT:
        return None
    return {"dealer": state.dealer, "results": state.results}
