"""What the pai gow games' Rules Submissions (§ 601a.2) share, as checks for
games/submission.py: each game's ``Config`` lists its ``CHECKS`` in the order
its problems are reported, with these. Pure Python."""

from games.submission import Clock, Needs, clocks


def mystery_needs(section: str) -> Needs:
    """The Mystery bonus is offered only with the progressive payout wager
    (each game's Mystery section, (a)); said even where ``mystery`` is also not
    0 or 1."""
    return Needs(
        "mystery",
        ("progressive",),
        f"The Mystery bonus needs the progressive payout wager ({section}(a)).",
        over_switch=True,
    )


def table_clocks(*own: tuple[str, int, int]) -> tuple[Clock, ...]:
    """The clocks of a pai gow table, in seconds: betting, the game's own
    (field, lowest, highest) between the betting and the setting, setting, result."""
    return clocks(("betting_seconds", 1, 300), *own, ("set_seconds", 5, 300), ("result_seconds", 0, 60))
