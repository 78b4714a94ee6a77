"""Face Up Pai Gow Poker paytables (58 Pa. Code Ch. 688a; seed § 688c.1), as data.

Pure Python. The main wager pays 1 to 1 with no commission (docs/rules/face_up_pai_gow.md
rule 9; "No vigorish is defined", PA § 688a.1); the Fortune bonus, Envy and the
$1 progressive payout wager are Pai Gow Poker's tables (docs/rules/face_up_pai_gow.md,
Paytables; docs/rules/README.md, "The progressive payout wager at every Must-Hit-By
game"), shared, never copied: games/pai_gow/paytables.py.

The Ace High Bonus wager (PA § 688a.1) has no published odds in the sources
(docs/rules/face_up_pai_gow.md, Paytables): it is off by default and a designer picks its
"x to 1" on a test table's Rules Submission, one of ``ACE_HIGH_BONUS_ODDS``.
"""

from games.pai_gow import paytables as pai_gow
from games.payouts import Odds

WIN = Odds(1)  # rule 9: both hands win, 1 to 1, no commission

# PA § 688a.1 "Ace High Bonus Wager": wins when the dealer has an Ace High Pai
# Gow. No published odds (docs/rules/face_up_pai_gow.md): the choices a designer may
# submit, "x to 1"; 0 is off. A straight x to 1 breaks even at 9.68 to 1.
ACE_HIGH_BONUS_ODDS = {odds: Odds(odds) for odds in (5, 6, 7, 8, 9)}
ACE_HIGH_BONUS_SOURCE = "no published odds; chosen on a test table's Rules Submission"

# docs/rules/face_up_pai_gow.md, Paytables: the Pai Gow Poker Fortune/Envy table
# (docs/rules/pai_gow.md § 9, common practice, not PA text) and its progressive.
FORTUNE = pai_gow.FORTUNE
ENVY_CENTS = pai_gow.ENVY_CENTS
PROGRESSIVE = pai_gow.PROGRESSIVE
PROGRESSIVE_WAGER_CENTS = pai_gow.PROGRESSIVE_WAGER_CENTS
# PA § 688a.1 "Qualifying Wager": a progressive or Fortune wager of at least $5.
ENVY_MIN_QUALIFYING_WAGER_CENTS = 500


def envy_cents(other_players_lines, fortune_cents, progressive_cents):
    """Rule 11: each Qualifying Wager (Fortune or progressive, $5 or more) is
    paid ``ENVY_CENTS`` for each other player's line, the dealer's excluded
    by the caller."""
    return sum(
        pai_gow.envy_cents(other_players_lines, amount)
        for amount in (fortune_cents, progressive_cents)
        if amount >= ENVY_MIN_QUALIFYING_WAGER_CENTS
    )


# The progressive payout wager's meter is Pai Gow Poker's, linked.
METER_KINDS = pai_gow.METER_KINDS
