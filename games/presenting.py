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
