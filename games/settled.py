"""A settled seat's result as every card table shows it: Win, Push or Lose
with the round's net, the same words and colours at blackjack, pai gow and
the poker games (templates/tables/_seat_result.html draws it).

Pure (no Django, no I/O)."""

from collections.abc import Mapping
from typing import Any

from games.engine import format_chips

WIN, PUSH, LOSE = "win", "push", "lose"
OUTCOME_LABELS = {WIN: "Win", PUSH: "Push", LOSE: "Lose"}


def signed(cents: int) -> str:
    """A net as a player reads it: "+25", "−10", or "even"."""
    if cents > 0:
        return f"+{format_chips(cents)}"
    if cents < 0:
        return f"−{format_chips(-cents)}"
    return "even"


def seat_result(result: Mapping[str, Any], net: int) -> dict[str, Any]:
    """A seat's settled result (the game's own lines and what it was paid)
    with its net for the player and its outcome: a win, a push (net zero,
    whatever the separate wagers did) or a loss."""
    outcome = WIN if net > 0 else LOSE if net < 0 else PUSH
    badge_net = signed(net) if net else "±0"  # a push shows "±0" beside its word
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
