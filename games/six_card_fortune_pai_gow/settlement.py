"""Every wager of one Six-Card Fortune Pai Gow seat, settled in exact cents,
pure (docs/rules/six_card_fortune_pai_gow.md rules 9, 11-15; paytables.py).

``settle_seat`` takes the seat's wagers, its six cards and setting, the
dealer's setting and the other players' six-card lines, and returns one
``Settled`` per wager in the order of rule 19 of docs/rules/pai_gow.md (main and
Double Down, then Fortune, Envy, progressive). The table turns them into
ledger moves; the lab and the stacked tests read the cents directly.

Wager areas: MAIN, DOUBLE_DOWN, FORTUNE, PROGRESSIVE (Envy is no wager: it
is paid on a Qualifying Fortune wager, rule 14).
"""

from dataclasses import dataclass

from games.cards.poker import eval5_indices
from games.engine import format_chips
from games.payouts import MeterShare
from games.six_card_fortune_pai_gow import paytables
from games.six_card_fortune_pai_gow.hands import (
    LOSE,
    PUSH,
    WIN,
    compare_values,
    is_foul_values,
)
from games.six_card_fortune_pai_gow.lines import line_name, line_of_indices

MAIN = "main"
DOUBLE_DOWN = "double_down"
FORTUNE = "fortune"
ENVY = "envy"
PROGRESSIVE = "progressive"
AREA_NAMES = {
    MAIN: "Six-Card Fortune Pai Gow Poker wager",
    DOUBLE_DOWN: "Double Down",
    FORTUNE: "Fortune bonus",
    ENVY: "Envy bonus",
    PROGRESSIVE: "Progressive",
}


@dataclass(frozen=True)
class Settled:
    """One wager's result. ``outcome`` WIN, PUSH or LOSE; ``stake`` what was
    wagered (for the progressive: already collected at "no more bets");
    ``winnings`` paid on top of a returned stake (the progressive's fixed
    lines: everything paid, "for 1"); ``meter_percent`` a share of the
    progressive meter the meter system pays; ``text`` the log words."""

    area: str
    outcome: str
    stake: int
    winnings: int
    text: str
    meter_percent: int = 0

    @property
    def net(self):
        """Chips won (+) or lost (-) by this wager, the meter's share apart."""
        if self.area == PROGRESSIVE:
            return self.winnings - self.stake
        if self.area == ENVY:
            return self.winnings
        return self.winnings if self.outcome == WIN else -self.stake if self.outcome == LOSE else 0


def main_result(six_setting, dealer_setting):
    """WIN, PUSH or LOSE of a seat's setting ((high five indices, low index))
    against the dealer's; a fouled setting loses (rule 9)."""
    high, low = six_setting
    high_value = eval5_indices(*high)
    if is_foul_values(high_value, low):
        return LOSE
    dealer_high, dealer_low = dealer_setting
    return compare_values(high_value, low, eval5_indices(*dealer_high), dealer_low)


def settle_seat(bets, six, setting, dealer_setting, other_lines=()):
    """[Settled] of a seat's ``bets`` ({area: cents}) with card indices
    ``six``, its ``setting`` and the dealer's (each (high five, low card)),
    and ``other_lines`` the six-card lines of the other players' hands."""
    results = []
    main = bets.get(MAIN, 0)
    if main:
        result = main_result(setting, dealer_setting)
        foul = is_foul_values(eval5_indices(*setting[0]), setting[1])
        for area in (MAIN, DOUBLE_DOWN):
            stake = bets.get(area, 0)
            if not stake:
                continue
            odds = paytables.WIN if area == MAIN else paytables.DOUBLE_DOWN
            if result == WIN:
                won = odds.winnings_cents(stake)
                text = f"{AREA_NAMES[area]} wins {odds}: +{format_chips(won)}"
                results.append(Settled(area, WIN, stake, won, text))
            elif result == PUSH and area == MAIN:
                results.append(Settled(area, PUSH, stake, 0, f"{AREA_NAMES[area]}: push"))
            else:
                # The Double Down wins only when both hands win (the rules file's Defaults).
                words = "foul: loses" if foul else "loses on a push" if result == PUSH else "loses"
                results.append(Settled(area, LOSE, stake, 0, f"{AREA_NAMES[area]} {words}"))
    line = line_of_indices(six)
    fortune = bets.get(FORTUNE, 0)
    if fortune:
        odds = paytables.FORTUNE.get(line) if line else None
        if odds is None:
            results.append(Settled(FORTUNE, LOSE, fortune, 0, "Fortune bonus loses"))
        else:
            won = odds.winnings_cents(fortune)
            text = f"Fortune bonus, {line_name(line).lower()}, {odds}: +{format_chips(won)}"
            results.append(Settled(FORTUNE, WIN, fortune, won, text))
        envy = paytables.envy_cents(other_lines, fortune)
        if envy:
            hands = sum(1 for other in other_lines if other in paytables.ENVY_CENTS)
            text = f"Envy bonus ({hands} other hand{'s' if hands > 1 else ''}): +{format_chips(envy)}"
            results.append(Settled(ENVY, WIN, 0, envy, text))
    progressive = bets.get(PROGRESSIVE, 0)
    if progressive:
        pays = paytables.progressive_payout(line)
        if pays is None:
            results.append(Settled(PROGRESSIVE, LOSE, progressive, 0, "Progressive loses"))
        elif isinstance(pays, MeterShare):
            text = f"Progressive, {line_name(line).lower()}, {pays}"
            results.append(Settled(PROGRESSIVE, WIN, progressive, 0, text, meter_percent=pays.percent))
        else:
            paid = int(pays.returned(progressive))
            text = f"Progressive, {line_name(line).lower()}, {pays}: {format_chips(paid)}"
            results.append(Settled(PROGRESSIVE, WIN, progressive, paid, text))
    return results


def seat_net(results):
    """The seat's net in cents over its settled wagers (meter shares apart)."""
    return sum(item.net for item in results)
