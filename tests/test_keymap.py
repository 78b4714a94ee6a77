"""One keymap across the casino (games/keymap.py): a key means one thing at
every table, a betting key is never a decision's, every button shows the
keymap's key, and every table's How to play lists its game's keys."""

import pytest

from casino.tables import registry
from casino.tables.models import Table
from games import betting, keymap
from games.blackjack import presenter as blackjack

pytestmark = pytest.mark.django_db

NOT_KEYED = {"bet", "clear", "set_hand", "leave"}  # chips, buttons or the setting form


def poker_options():
    for spec in registry.all_games():
        game = getattr(spec.rules, "GAME", None)
        for street in getattr(game, "streets", ()):
            for option in street.decision.options if street.decision else ():
                yield spec.slug, option


def test_every_key_has_one_meaning_and_betting_keys_are_never_a_decisions():
    assert set(keymap.ACTION_KEYS.values()) <= set(keymap.MEANINGS)
    decisions = {action: key for action, key in keymap.ACTION_KEYS.items() if action not in betting.ACTIONS}
    assert not set(decisions.values()) & keymap.BETTING_KEYS
    assert {key for _, key, _ in betting.BUTTONS} == keymap.BETTING_KEYS


def test_every_game_action_has_the_keymaps_key():
    for spec in registry.all_games():
        keyed = set(spec.rules.PLAYER_ACTIONS) - NOT_KEYED
        assert keyed <= set(keymap.ACTION_KEYS), (spec.slug, keyed - set(keymap.ACTION_KEYS))


def test_every_button_shows_the_keymaps_key():
    shown = [(slug, option.action, option.key) for slug, option in poker_options()]
    shown += [("blackjack", action, key) for action, key, _ in blackjack.HAND_BUTTONS]
    wrong = [(slug, action, key) for slug, action, key in shown if keymap.ACTION_KEYS[action] != key]
    assert wrong == []


@pytest.mark.parametrize(
    "game, expected, absent",
    [
        ("let_it_ride", ["W: Pull back", "L: Let it ride", "B: Rebet"], ["P: Play on"]),
        ("down_under_blackjack", ["H: Hit", "T: Split", "I: Take insurance"], ["R: Surrender", "E: Rescue"]),
        (
            "face_up_pai_gow",
            ["A: Set your hand the house way", "G: Set your hand the best way", "1–7"],
            ["F: Fold"],
        ),
        ("ultimate_texas_holdem", ["P: Play on", "C: Check", "1–4"], ["W: Pull back"]),
        ("dreamcatcher", ["U: Undo", "1–6"], ["P: Play on"]),
    ],
)
def test_how_to_play_lists_the_games_keys(client, clean_redis, game, expected, absent):
    table = Table.objects.create(game=game, name=f"Keys {game}")
    page = client.get(f"/tables/{table.pk}/").content.decode()
    keys = page[page.index(">Keys<") :]
    assert all(text in keys for text in expected), keys[:800]
    assert not any(text in keys for text in absent)
