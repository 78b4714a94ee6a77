"""One keymap for the whole casino: a key means one thing at every table.

The betting keys (Undo, Rebet, Double your bets) are never a decision's,
and a decision's key says the same at every game: P always plays on (Play,
Bet, the Flop, Turn or River wager), F always folds, and so on. Digits are
the one positional set: a Dreamcatcher spot, the size of a Play (1×–4×), a
card to set at pai gow. Buttons show their key; each table's How to play
lists the keys its game uses (``section``).

Pure Python."""

from collections.abc import Iterable
from typing import Any

from games.how_to_play import Line, Section

UNDO = "U"
REBET = "B"
DOUBLE_BETS = "X"
BETTING_KEYS = frozenset({UNDO, REBET, DOUBLE_BETS})

PLAY = "P"
CHECK = "C"
FOLD = "F"
LET_IT_RIDE = "L"
PULL_BACK = "W"
HIT = "H"
STAND = "S"
DOUBLE_DOWN = "D"
SPLIT = "T"
SURRENDER = "R"
RESCUE = "E"
INSURE = "I"
DECLINE = "N"
SHAKE = "K"
HOUSE_WAY = "A"
BEST_SETTING = "G"

# What each key does, at any table that has it.
MEANINGS: dict[str, str] = {
    UNDO: "Undo: take back your last chip",
    REBET: "Rebet: the wagers of your last round again",
    DOUBLE_BETS: "Double your wagers on the layout",
    PLAY: "Play on: put in the wager the decision asks for (Play, Bet, the Flop, Turn or River wager)",
    CHECK: "Check: go on without a wager",
    FOLD: "Fold",
    LET_IT_RIDE: "Let it ride",
    PULL_BACK: "Pull back the bet the decision names",
    HIT: "Hit",
    STAND: "Stand",
    DOUBLE_DOWN: "Double down",
    SPLIT: "Split",
    SURRENDER: "Surrender",
    RESCUE: "Rescue a doubled hand",
    INSURE: "Take insurance",
    DECLINE: "Decline the offer (insurance, the Double Down)",
    SHAKE: "Shake the dice",
    HOUSE_WAY: "Set your hand the house way",
    BEST_SETTING: "Set your hand the best way against this dealer",
}

# The key of each player action of the games' rules modules (PLAYER_ACTIONS).
ACTION_KEYS: dict[str, str] = {
    "undo": UNDO,
    "rebet": REBET,
    "double_bets": DOUBLE_BETS,
    "play": PLAY,
    "raise": PLAY,
    "flop": PLAY,
    "turn": PLAY,
    "river": PLAY,
    "check": CHECK,
    "fold": FOLD,
    "ride": LET_IT_RIDE,
    "pull": PULL_BACK,
    "hit": HIT,
    "stand": STAND,
    "double": DOUBLE_DOWN,
    "double_down": DOUBLE_DOWN,
    "split": SPLIT,
    "surrender": SURRENDER,
    "rescue": RESCUE,
    "insure": INSURE,
    "no_insurance": DECLINE,
    "no_double_down": DECLINE,
    "shake": SHAKE,
    "house_way": HOUSE_WAY,
}

# What the digits do, by the action that offers them.
DIGITS = {
    "bet_spots": "1–6: bet the chosen chip on the wheel's number of that position",
    "play_sizes": "1–4: play that many times your ante, where the decision offers sizes",
    "cards": "1–7: pick that card while you set your hand",
}


# The digits each family's tables use (the family: its templates' folder).
FAMILY_DIGITS = {"dreamcatcher": ("bet_spots",), "pai_gow": ("cards",)}


def section(actions: Iterable[str], digits: Iterable[str] = (), extra: Iterable[str] = ()) -> Section:
    """How to play's "Keys": the keys of ``actions`` (a rules module's
    PLAYER_ACTIONS) and the ``extra`` keys, each once, in the keymap's
    order, then ``digits`` (keys of DIGITS)."""
    keys = {ACTION_KEYS[action] for action in actions if action in ACTION_KEYS} | set(extra)
    lines = [Line(f"{key}: {text}") for key, text in MEANINGS.items() if key in keys]
    lines += [Line(DIGITS[name]) for name in digits]
    return Section(
        "Keys",
        "On a keyboard, each button's key (shown on it) presses it; a key means the same at every table.",
        tuple(lines),
    )


def game_section(rules: Any, family: str) -> Section:
    """The "Keys" of a game from its rules module: its PLAYER_ACTIONS but
    those it declares it never offers (``UNOFFERED_ACTIONS``: Down Under's
    surrender), its ``EXTRA_KEYS`` (a button that is no action of its own,
    as Face Up's best setting), and the digits of its family, with the Play
    sizes where a poker decision offers several."""
    unoffered = set(getattr(rules, "UNOFFERED_ACTIONS", ()))
    actions = [action for action in rules.PLAYER_ACTIONS if action not in unoffered]
    digits = list(FAMILY_DIGITS.get(family, ()))
    game = getattr(rules, "GAME", None)
    streets = getattr(game, "streets", ())
    options = [option for street in streets if street.decision for option in street.decision.options]
    if any(len(option.multiples) > 1 for option in options):
        digits.append("play_sizes")
    return section(actions, digits, getattr(rules, "EXTRA_KEYS", ()))
