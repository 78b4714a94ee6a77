"""Who may watch and play at a table.

Public tables are open to everyone. A test table (seeded, stacked, any
paytable a designer chose) is for designers: only designers and the players a
designer invited may watch or sit there, its seed and stack are shown to
designers only, and it is listed in the lab, never in the public lobby
(docs/architecture.md, "Randomness"). A private table (issue 19) is for its host and
the players admitted by its link or let in by the host; whom the host
banned may neither watch nor play there (casino/tables/private.py).
"""

from casino.accounts.roles import is_designer
from casino.tables import private

TEST_TABLE_ONLY = (
    "This is a designer's test table: only designers and the players they invite can watch or play here."
)


def player_is_designer(player):
    return player is not None and player.user is not None and is_designer(player.user)


def may_join(table, player, user=None):
    """May ``player`` (a Player or None; ``user`` the request's user, when
    known) watch and sit at ``table``?"""
    if table.is_private:
        return private.is_admitted(table, player) and not private.is_banned(table, player)
    if not table.is_test:
        return True
    if user is not None and is_designer(user):
        return True
    if player is None:
        return False
    return player_is_designer(player) or table.invited.filter(pk=player.pk).exists()


def shows_seed(user):
    """A test table's seed and stack are for designers' eyes only."""
    return user is not None and is_designer(user)
