"""Down Under Blackjack's "How to play" (games/how_to_play.py), from its
paytables and the table's Rules Submission (deck count, soft 17, the
blackjack payout, Match the Dealer, the progressive and its paytable)."""

from games.blackjack import how_to_play as bj
from games.down_under_blackjack import paytables, rules
from games.engine import format_chips
from games.how_to_play import Line, Section, meter_linked, payout_text, with_odds_note

SOURCE = "58 Pa. Code Chapter 685a"
MATCH_INTRO = (
    "A match is one of your first two cards of the same rank as the dealer's up card: "
    "suited if it is of the same suit too, non-suited if not. Paid right after the deal, "
    "before the reader is used, whatever happens to the hand."
)


def reader_section():
    lights = paytables.READER_LIGHTS
    ranks = {paytables.SMALL: "2 to 5", paytables.MEDIUM: "6 to 9", paytables.LARGE: "10, J, Q, K or A"}
    return Section(
        "The reader",
        intro=(
            "Before anyone plays, the dealer's face-down card passes over a reader that lights up for "
            "everyone: it tells its size, never the card."
        ),
        lines=(
            *(Line(f"{lights[key][0]}: {ranks[key]}", f"{lights[key][1]} light") for key in lights),
            Line(
                "Golden rule: when the up card and the face-down card are both Large, the face-down card is "
                "turned over and you play against the dealer's two cards"
            ),
            Line(
                "A dealer blackjack is always two Large cards, so it is always shown at once: the round ends, "
                "your blackjack pushes, every other main wager loses. There is no insurance."
            ),
        ),
        source="§ 685a.1",
    )


def main_section(config):
    return Section(
        "Main wager",
        intro="Your hand beats the dealer's, or the dealer busts with 23 or more: the main wager wins.",
        lines=(
            Line("A winning hand", payout_text(paytables.WIN)),
            Line(
                "Blackjack: an ace and a 10-value card as your first two cards",
                payout_text(config.blackjack_odds),
            ),
            Line("Blackjack against the dealer's blackjack", "push"),
            Line("Equal totals, a 21 against the dealer's 21 too", "push"),
            Line("The dealer's 22: every hand still standing", "push"),
            Line("… except any hand of 21, split hands included", payout_text(paytables.WIN)),
            Line(
                "… and your first two cards, not split, both Large (K-Q, A-A, 10-J)",
                payout_text(paytables.WIN),
            ),
        ),
    )


def decisions_section(config):
    return Section(
        "Doubles and splits",
        lines=(
            Line(
                "Double on your first two cards, also after a split, for your wager: one more card, then you stand."
            ),
            Line(f"Split two cards of the same value, and again, up to {rules.MAX_HANDS} hands."),
            Line("Aces split once and get one card each."),
            Line("There is no surrender."),
            Line(f"The dealer draws to 17 and {'hits' if config.hits_soft_17 else 'stands on'} soft 17."),
        ),
    )


def how_to_play(config, table=None):
    sections = [
        bj.game_section(rules, config, SOURCE, spanish=False),
        reader_section(),
        main_section(config),
        decisions_section(config),
    ]
    sides = []
    if config.offers(rules.MATCH_THE_DEALER):
        sides.append("Match the Dealer")
        sections.append(
            bj.match_section(
                "Match the Dealer",
                MATCH_INTRO,
                paytables.MATCH_THE_DEALER[config.decks],
                paytables.MATCH_THE_DEALER_NAMES,
                "common practice, not PA text",
            )
        )
    if config.offers(rules.PROGRESSIVE) and meter_linked(table, rules.VARIANT.progressive_kind):
        sections.append(
            bj.match_section(
                f"Match the Dealer progressive ({format_chips(config.progressive_cents)} chip"
                f"{'s' if config.progressive > 1 else ''})",
                MATCH_INTRO + " Two suited matches win a share of the progressive meter.",
                paytables.match_the_dealer_progressive(config.decks, config.progressive_paytable),
                paytables.MATCH_THE_DEALER_PROGRESSIVE_NAMES,
                f"§ 685c.1(i), paytable {config.progressive_paytable} for {config.decks} decks",
            )
        )
    sections.append(bj.limits(config, sides))
    return with_odds_note(sections)
