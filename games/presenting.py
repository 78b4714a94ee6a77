"""A game's presentation in two parts (casino/tables/registry.py, GameSpec
present_table and present_viewer): what every viewer of a table version
shares, and what one viewer alone sees. ``present`` is their composition,
the one the pages use; a Daphne calls the parts apart, the shared one once
per version."""


def present(present_table, present_viewer, table, snapshot, config, viewer_id, balance):
    context = present_table(table, snapshot, config)
    if viewer_id is not None or balance is not None:
        context.update(present_viewer(context, table, snapshot, config, viewer_id, balance))
    return context


class TwoParts:
    """For a presenter class with present_table and present_viewer methods."""

    def present(self, table, snapshot, config, viewer_id, balance):
        return present(self.present_table, self.present_viewer, table, snapshot, config, viewer_id, balance)


# A clock a player sees runs out this long before the table's own deadline,
# so that a bet or a decision made as it reaches zero still reaches the
# casino before the lock-out: what counts is when a Daphne received the
# action (casino/tables/owner.py, arrival), and a click needs time to get
# there (a phone's network: a few hundred ms). The lock-out itself stays at
# the deadline and fires on time (DESIGN.md, "Timers").
CLOCK_LEAD_SECONDS = 0.5


def shown_deadline_ms(timer):
    """The epoch ms at which a player's clock shows zero (data-deadline-ms)."""
    return int((timer["deadline"] - CLOCK_LEAD_SECONDS) * 1000)
