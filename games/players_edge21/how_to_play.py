"""Player's Edge 21's "How to play" (games/how_to_play.py), from its
paytables and the table's Rules Submission (deck count, Match-Up and
Match-Down and their paytable, Monster Match and its paytable)."""

from games.blackjack import how_to_play as bj
from games.engine import chip_word, format_chips
from games.how_to_play import Line, Section, meter_linked, payout_text, with_odds_note
from games.players_edge21 import paytables, rules

MATCH_INTRO = (
    "A match is one of your first two cards of the same rank as the dealer's {card}: "
    "suited if it is of the same suit too, unsuited if not."
)


def how_to_play(config, table=None):
    letter = rules.LETTERS[config.match_paytable - 1]
    sections = [
        bj.game_section(rules, config, "§ 635c.2"),
        bj.main_section(
            paytables,
            (
                Line(
                    "Insurance, against a dealer blackjack",
                    payout_text(paytables.INSURANCE),
                    "§ 635c.2(b)(1)",
                ),
                Line(
                    "Insurance, against a suited dealer blackjack",
                    payout_text(paytables.INSURANCE_SUITED_BLACKJACK),
                    "§ 635c.2(b)(1)",
                ),
            ),
            source="§ 635c.2(g)(2)",
        ),
        Section(
            "Doubles and rescue",
            lines=(
                Line(
                    f"Double for up to your wager, then redouble at most {_times(rules.VARIANT.max_doubles - 1)}: "
                    f"up to {2**rules.VARIANT.max_doubles} times the wager.",
                    source="§ 635c.2(f)(1)-(3)",
                ),
                Line(
                    "After the first double or redouble you may rescue: half the hand's wager back, half lost.",
                    source="§ 635c.2(f)(6)",
                ),
            ),
            source="§ 635c.2(f)",
        ),
        bj.bonus_section(paytables),
        Section(
            "7-7-7-7 Super bonus",
            intro=(
                "Three 7s of the same suit while the dealer shows a 7 (not split, not doubled) win a Super "
                f"bonus; every other player at the table is paid {format_chips(paytables.OTHER_PLAYER_CENTS)} {chip_word(paytables.OTHER_PLAYER_CENTS)}, "
                f"or {format_chips(paytables.OTHER_PLAYER_WITH_SEVEN_CENTS)} with a 7 in their first two cards."
            ),
            lines=bj.super_bonus_lines(paytables, "Suited 7-7-7 against a 7"),
            source="§ 635c.2(g)(3)",
        ),
    ]
    sides = []
    for area, title, card in (
        (rules.MATCH_UP, "Match-Up", "up card"),
        (rules.MATCH_DOWN, "Match-Down", "hole card"),
    ):
        if config.offers(area):
            sides.append(title)
            sections.append(
                bj.match_section(
                    title,
                    MATCH_INTRO.format(card=card),
                    config.match_lines,
                    paytables.MATCH_NAMES,
                    f"§ 635c.2(g)(4), paytable {letter}",
                )
            )
    if config.offers(rules.MONSTER_MATCH) and meter_linked(table, rules.VARIANT.progressive_kind):
        sections.append(
            bj.match_section(
                f"Monster Match progressive ({format_chips(config.progressive_cents)} chip)",
                "Your first two cards and the dealer's first two, together: only the best hand pays.",
                config.monster_lines,
                paytables.MONSTER_MATCH_NAMES,
                f"§ 635c.2(h), paytable {rules.LETTERS[config.monster_paytable - 1]}",
            )
        )
    sections.append(bj.limits(config, sides))
    return with_odds_note(sections)


def _times(count):
    return {1: "once", 2: "twice"}.get(count, f"{count} times")
