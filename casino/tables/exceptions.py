"""What the table runtime raises, below the runtime and its host controls
(casino/tables/host.py), which both raise them."""


class StaleOwner(Exception):
    """Someone else wrote the table since we loaded it: we are not its owner."""


class Refused(Exception):
    """An action refused with a message for its sender; nothing changed."""
