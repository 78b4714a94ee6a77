"""Fortune Asia Poker paytables (58 Pa. Code Ch. 659a; seed § 659c.1), as data.

Pure Python (docs/architecture.md, "The one rule of dependencies"). Odds are exact
``Odds``, progressive lines a ``MeterShare`` of the progressive payout wager's
meter, money in integer cents, as in games/pai_gow/paytables.py.

The wagers the table offers (docs/rules/fortune_asia_poker.md rule 4 and Defaults):

- the Fortune Asia Poker wager (§ 659a.7(d)), paid 1 to 1 when two or three
  of the player's hands beat the dealer's (rule 9), no commission, no push;
- the $1 progressive payout wager (§ 659a.7(e)(3)) on the player's seven
  cards, the joker as in Pai Gow Poker: the rules file publishes no paytable,
  so docs/rules/README.md ("The progressive payout wager at every Must-Hit-By
  game") gives this game Pai Gow Poker's project-default table of
  docs/rules/pai_gow.md § 9 and its meter (kind ``progressive_payout``, linked
  across the casino's pai gow tables). The very table object is reused, not
  copied, with the seven-card lines of games/pai_gow/seven_cards.py;
- the Must-Hit-By Mystery bonus (§ 659c.1), its configurations in
  games/meters.py (``MUST_HIT_BY_CONFIGURATIONS``).

Surrender, Insurance, the seven-card bonus and Envy are not offered
(docs/rules/fortune_asia_poker.md Defaults: not PA text, no complete tables).
"""

from games.fortune_asia.hands import COPY, LOSE, WIN
from games.pai_gow import paytables as pai_gow_paytables
from games.payouts import Odds

# --- Fortune Asia Poker wager: § 659a.7(d) ---------------------------------------
# docs/rules/fortune_asia_poker.md rule 9: "Two or three won -> the wager is paid 1 to 1;
# otherwise it loses (win-lose-copy included). No commission."
MAIN_WIN = Odds(1)
WINS_NEEDED = 2  # of the three hands (rule 9); a copy goes to the dealer


def main_result(hand_results):
    """WIN or LOSE of the main wager from the three hands' results (each WIN,
    LOSE or COPY, High first): two wins of three needed (rule 9)."""
    results = tuple(hand_results)
    if len(results) != 3 or any(result not in (WIN, LOSE, COPY) for result in results):
        raise ValueError(f"three hand results (win, lose or copy) are needed, got {results!r}")
    return WIN if results.count(WIN) >= WINS_NEEDED else LOSE


def main_win_cents(wager_cents):
    """Winnings of a winning Fortune Asia Poker wager on top of the stake: 1 to 1, no commission."""
    return MAIN_WIN.winnings_cents(wager_cents)


# --- Progressive payout wager: § 659a.7(e)(3) -------------------------------------
# docs/rules/README.md: "Fortune Asia Poker | progressive $1 | docs/rules/pai_gow.md § 9
# (seven cards, joker as in that game)". PROJECT DEFAULT, not PA text.
PROGRESSIVE = pai_gow_paytables.PROGRESSIVE
PROGRESSIVE_SOURCE = pai_gow_paytables.PROGRESSIVE_SOURCE
PROGRESSIVE_WAGER_CENTS = pai_gow_paytables.PROGRESSIVE_WAGER_CENTS  # a fixed $1
PROGRESSIVE_METER_KIND = pai_gow_paytables.PROGRESSIVE_METER_KIND  # Pai Gow Poker's meter, linked
METER_KINDS = pai_gow_paytables.METER_KINDS
SEVEN_CARD_LINE_NAMES = pai_gow_paytables.SEVEN_CARD_LINE_NAMES

# --- Must-Hit-By Mystery bonus: § 659c.1 -------------------------------------------
# (c)(1): qualifying wagers are "a Fortune Asia Poker wager and a progressive
# payout wager"; (a): only on a table offering the progressive payout wager.
# Configuration A in the row of the $1 wager (docs/rules/README.md Defaults).
MYSTERY_QUALIFYING = "a Fortune Asia Poker wager and a progressive payout wager"
DEFAULT_MYSTERY_CONFIGURATION = "A"
