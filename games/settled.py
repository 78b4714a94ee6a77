"""A settled seat's result as every card table shows it: Win, Push or Lose
with the round's net, the same words and colours at blackjack, pai gow and
the poker games (templates/tables/_seat_result.html draws it).

Pure (no Django, no I/O)."""

from collections.abc import Mapping
from typing import Any

from games.engine import format_chips

WIN, PUSH, LOSE = "win", "push", "lose"
OUTCOME_LABELS = {WIN: "Win", PUSH: "Push", LOSE: "Lose"}


EVEN = "±0"  # a net of nothing beside a wager or an outcome's word: "Push ±0"


def signed(cents: int, zero: str = "even") -> str:
    """A net as a player reads it: "+25", "−10", or ``zero``."""
    if cents > 0:
        return f"+{format_chips(cents)}"
    if cents < 0:
        return f"−{format_chips(-cents)}"
    return zero


def result_text(wager: str, net: int, detail: str = "") -> str:
    """One line of a seat's result: the wager as the table labels it, what
    settled it, and its net for the player, so a seat's lines add up to its
    net: "Pair Plus, flush, 4 to 1: +20", "Ante: −10", "Fortune bonus: ±0"."""
    return f"{wager}, {detail}: {signed(net, EVEN)}" if detail else f"{wager}: {signed(net, EVEN)}"


def seat_result(result: Mapping[str, Any], net: int) -> dict[str, Any]:
    """A seat's settled result (the game's own lines and what it was paid)
    with its net for the player and its outcome: a win, a push (net zero,
    whatever the separate wagers did) or a loss."""
    outcome = WIN if net > 0 else LOSE if net < 0 else PUSH
    badge_net = signed(net, EVEN)
    return {
        **result,
        "net": net,
        "net_text": signed(net),
        "outcome": outcome,
        "outcome_label": OUTCOME_LABELS[outcome],
        "badge_net": badge_net,
        # What the round's announcement says of the seat: "Win +25".
        "badge_text": f"{OUTCOME_LABELS[outcome]} {badge_net}",
    }
