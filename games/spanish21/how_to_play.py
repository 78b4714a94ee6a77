"""Spanish 21's "How to play" (games/how_to_play.py), from its paytables and
the table's Rules Submission (deck count, Match the Dealer, the progressive
and its paytable)."""

from games.blackjack import how_to_play as bj
from games.engine import chip_word, format_chips
from games.how_to_play import Line, Section, meter_linked, payout_text, with_odds_note
from games.spanish21 import paytables, rules

MATCH_INTRO = (
    "A match is one of your first two cards of the same rank as the dealer's up card: "
    "suited if it is of the same suit too, non-suited if not."
)


def how_to_play(config, table=None):
    sections = [
        bj.game_section(rules, config, "58 Pa. Code Chapter 635a"),
        bj.main_section(
            paytables, (Line("Insurance, when the dealer has blackjack", payout_text(paytables.INSURANCE)),)
        ),
        Section(
            "Doubles and rescue",
            lines=(
                Line(
                    "Double once, on any number of cards, for up to your wager; you get exactly one more card."
                ),
                Line(
                    "After a double you may rescue: the doubled amount comes back, the original wager is lost."
                ),
            ),
        ),
        bj.bonus_section(paytables),
        Section(
            "Super Bonus",
            intro=(
                "Three 7s of the same suit while the dealer shows a 7 (not split, not doubled) win the "
                "7-7-7 odds and a Super Bonus; every other player with a main wager gets an Envy bonus of "
                f"{format_chips(paytables.ENVY_BONUS_CENTS)} {chip_word(paytables.ENVY_BONUS_CENTS)}."
            ),
            lines=bj.super_bonus_lines(paytables, "Suited 7-7-7 against a 7"),
            source="§ 635a.12(c)",
        ),
    ]
    sides = []
    if config.offers(rules.MATCH_THE_DEALER):
        sides.append("Match the Dealer")
        sections.append(
            bj.match_section(
                "Match the Dealer",
                MATCH_INTRO + " Paid right after the deal, whatever happens to the hand.",
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
                f"§ 635c.1(i), paytable {config.progressive_paytable} for {config.decks} decks",
            )
        )
    sections.append(bj.limits(config, sides))
    return with_odds_note(sections)
