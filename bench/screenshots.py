"""The README's screenshots: a stacked round at a test table of each live
game, played by two players in Debian's Chromium, saved as one PNG a game
under docs/screenshots/ (1000 px wide), so the pictures follow the pages.

    python bench/screenshots.py          (make screenshots)
    python bench/screenshots.py crazy_4_poker pai_gow    (only these)
    python bench/screenshots.py lobby                    (only the lobby)

It brings its own throwaway casino (bench/layout.py: embedded Redis, a
SQLite file, a table worker and a Daphne on loopback) and stacks each table
through the rules' own ``stack`` (the designer's syntax on the table page).
"""

import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench import layout  # noqa: E402  (after the path: run as a script)
from bench.layout import log  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
PHONE_OUT = OUT / "phone"
WIDTH, MAX_HEIGHT = 1000, 1500
PHONE = {"width": 390, "height": 844}
LOBBY_PLAY_SECONDS = 45  # the demo bots' play before the lobby is photographed  # Bob plays on a phone; his screen at the result is kept too
CHROMIUM = "/usr/bin/chromium"
FAST_CARDS = {"betting_seconds": 8, "deal_seconds": 0, "insurance_seconds": 2, "action_seconds": 3}
# The poker tables without their linked meters (a throwaway casino has none).
POKER = {
    "betting_seconds": 8,
    "deal_seconds": 0,
    "decision_seconds": 30,
    "result_seconds": 15,
    "five_card_progressive": 0,
    "mystery": 0,
}

# game: (its Rules Submission, the stack, the fragments' prefix, {player: [(area, chip), ...]})
GAMES = {
    "dreamcatcher": (
        {"betting_seconds": 8, "spin_seconds": 4, "result_seconds": 15},
        "2x 10",  # a bonus spin, then 10: 10 to 1 × 2
        "dc",
        {"Ann": [("10", 25), ("5", 5)], "Bob": [("1", 10), ("10", 5)]},
    ),
    "spanish21": (
        {**FAST_CARDS, "result_seconds": 15, "progressive": 0},
        "AS KH 9C KD QH 7D KC",  # Ann blackjack, Bob 20, the dealer 16 draws K: bust
        "bj",
        {"Ann": [("main", 25), ("match_the_dealer", 5)], "Bob": [("main", 10)]},
    ),
    "players_edge21": (
        {**FAST_CARDS, "result_seconds": 15, "monster_match": 0},
        "AS KH 9C KD QH 7D KC",
        "bj",
        {"Ann": [("main", 25), ("match_up", 5)], "Bob": [("main", 10)]},
    ),
    "down_under_blackjack": (
        {**FAST_CARDS, "result_seconds": 15, "progressive": 0},
        "AS KH 9C KD QH 7D KC",  # Ann blackjack, Bob 20, the dealer's 16 draws K: bust
        "bj",
        {"Ann": [("main", 25), ("match_the_dealer", 5)], "Bob": [("main", 10)]},
    ),
    "pai_gow": (
        {
            "betting_seconds": 8,
            "shake_seconds": 1,
            "roll_seconds": 5,
            "set_seconds": 5,
            "result_seconds": 15,
            "progressive": 0,
            "mystery": 0,
        },
        "dice 3 3 3; AS AH AD KS KH 7C 2D",  # the first hand to seat 1: a full house
        "pg",
        {"Ann": [("main", 25), ("tiger9", 5), ("fortune", 5)], "Bob": [("main", 10)]},
    ),
    "six_card_fortune_pai_gow": (
        {"betting_seconds": 8, "decide_seconds": 15, "set_seconds": 5, "result_seconds": 15, "fortune": 1}
        | {"double_down": 1, "progressive": 0, "mystery": 0},  # the Double Down is off by default
        # The dealer first: pair of kings / ace; Ann three queens / joker, Bob a full house / 2.
        "first dealer KS KH AD 7C 5H 3S JK QS QH QD 9S 4H 7S 7H 7D 4C 4D 2H",
        "pg",
        {"Ann": [("main", 25), ("fortune", 5)], "Bob": [("main", 10), ("fortune", 5)]},
    ),
    "face_up_pai_gow": (
        {"betting_seconds": 8, "deal_seconds": 1, "set_seconds": 5, "result_seconds": 15, "fortune": 1}
        | {"progressive": 0, "mystery": 0},
        # The dealer first, face up: pair of queens / K-J. Ann (set by the house way at the clock)
        # three kings / A-9 wins both hands, her Fortune 3 to 1; Bob's tens / 8-7 lose both.
        "first dealer QC QD KH JS 6C 4H 2D KS KC KD AH 9C 5S 3D TS TH 8D 7C 5C 3C 2H",
        "pg",
        {"Ann": [("main", 25), ("fortune", 5)], "Bob": [("main", 10)]},
    ),
    "fortune_asia_poker": (
        {"betting_seconds": 8, "deal_seconds": 0, "set_seconds": 5, "result_seconds": 15}
        | {"progressive": 0, "mystery": 0},
        # The dealer first: 6-6-2-2 / Q-Q / 9. Ann (set by the house way at the clock) K-K-5-5 /
        # A-A / 9 wins two of three, her 9 a copy; Bob 6-6-2-2 / Q-Q / 3: two copies, he loses.
        "first dealer QS QH 6D 6C 2S 2H 9D KS KH 5C 5D AS AH 9S 6S 6H 2D 2C QD QC 3S",
        "pg",
        {"Ann": [("main", 25)], "Bob": [("main", 10)]},
    ),
    "three_card_poker": (
        {**POKER, "pair_plus": 1, "three_card_progressive": 0},
        "9H 8H 7H 5C 4D 2H QC 6D 4S",  # Ann a straight flush, Bob 5-4-2, the dealer's Q-6-4 qualifies
        "pk",
        {"Ann": [("ante", 10), ("pair_plus", 10)], "Bob": [("ante", 10)]},
    ),
    "four_card_poker": (
        {**POKER, "aces_up": 1},
        "AS AH AD 7C 2S KS KH 9D 4C 2C QC 6D 4S 8H 3D JC",  # Ann three aces, Bob kings, the dealer Q-high
        "pk",
        {"Ann": [("ante", 10), ("aces_up", 10)], "Bob": [("ante", 10)]},
    ),
    "crazy_4_poker": (
        {**POKER, "queens_up": 1},
        "AS AH AD 7C 2S KS KH 9D 4C 2C KC 6D 4S 8H 3D",  # the same hands, the dealer K-high qualifies
        "pk",
        {"Ann": [("ante", 10), ("queens_up", 10)], "Bob": [("ante", 10)]},
    ),
    "caribbean_stud": (
        {**{k: v for k, v in POKER.items() if k != "five_card_progressive"}, "progressive": 0},
        "AS AH AD 7C 2S KS KH 9D 4C 2C KD 6D 4S 8H AC",  # the same hands, the dealer's A-K qualifies
        "pk",
        {"Ann": [("ante", 10)], "Bob": [("ante", 10)]},
    ),
    "dj_wild_stud": (
        {**{k: v for k, v in POKER.items() if k != "five_card_progressive"}, "progressive": 0},
        # Ann: A-A-A with a wild deuce, four aces; Bob: K-K with the joker, three kings; the dealer a
        # pair of queens; then the layout card.
        "AS AH AD 2C 7S KS KH JK 9D 4C QD QC 8S 6H 5D 3C",
        "pk",
        {"Ann": [("ante", 10)], "Bob": [("ante", 10)]},
    ),
    "mississippi_stud": (
        {**{k: v for k, v in POKER.items() if k != "five_card_progressive"}, "progressive": 0},
        "AS AH KS QD AD 7C 2S",  # Ann a pair of aces, Bob K-Q; the board A-7-2 makes Ann's three aces
        "pk",
        {"Ann": [("ante", 10)], "Bob": [("ante", 10)]},
    ),
    "texas_holdem_bonus": (
        {**{k: v for k, v in POKER.items() if k != "five_card_progressive"}, "progressive": 0},
        # Ann A-A, Bob K-Q, the dealer 7-2; burns 8, 9, 4; the flop A-7-2 makes Ann's three aces,
        # the dealer two pair; the turn J, the river 5.
        "AS AH KS QD 7C 2D 8H AD 7S 2S 9H JC 4C 5H",
        "pk",
        {"Ann": [("ante", 10), ("bonus", 10)], "Bob": [("ante", 10)]},
    ),
    "ultimate_texas_holdem": (
        {**{k: v for k, v in POKER.items() if k != "five_card_progressive"}, "progressive": 0, "bad_beat": 0},
        # Ann A-A, Bob K-Q, the dealer 7-2; the board A-7-2 J-5: Ann's three aces over the dealer's
        # two pair, Bob's A-K-Q high loses.
        "AS AH KS QD 7C 2D AD 7S 2S JC 5H",
        "pk",
        {"Ann": [("ante", 10), ("trips", 10)], "Bob": [("ante", 10)]},
    ),
    "let_it_ride": (
        {**POKER, "three_card_progressive": 0, "three_card_bonus": 1},
        "TS TH 4D 9C 9D 2H 9S KD",  # Ann a pair of 10s, Bob 9s; the board 9-K makes Bob's three 9s
        "pk",
        {"Ann": [("one", 10), ("three_card_bonus", 10)], "Bob": [("one", 10)]},
    ),
}
# The poker games' decisions, each player's button by its name, in turn.
DECISIONS = {
    # The Double Down after the deal; the hands then set by the house way at the clock.
    "six_card_fortune_pai_gow": {"Ann": "^Double Down", "Bob": "^No Double Down"},
    "three_card_poker": {"Ann": "^Play", "Bob": "^Fold"},
    "four_card_poker": {"Ann": "^Play 3", "Bob": "^Play 1"},
    "crazy_4_poker": {"Ann": "^Play 3", "Bob": "^Play"},
    "caribbean_stud": {"Ann": "^Bet", "Bob": "^Bet"},
    "dj_wild_stud": {"Ann": "^Play", "Bob": "^Play"},
    # Three streets: (player, button) in turn.
    "mississippi_stud": [("Ann", "^Bet 3"), ("Bob", "^Bet 1")] * 3,
    # Three decisions: Ann bets every street, Bob the flop and the turn and checks the river.
    "texas_holdem_bonus": [("Ann", "^Flop wager"), ("Bob", "^Flop wager"), ("Ann", "^Turn wager")]
    + [("Bob", "^Turn wager"), ("Ann", "^River wager"), ("Bob", "^Check")],
    # Ann plays 4x before the flop; Bob checks, then plays 2x on the flop (one Play wager each).
    "ultimate_texas_holdem": [("Ann", "^Play 4"), ("Bob", "^Check"), ("Bob", "^Play")],
    # Two decisions: Ann lets both ride, Bob pulls back both (his $ bet alone rides).
    "let_it_ride": [("Ann", "^Let it ride"), ("Bob", "^Pull back Bet 1")]
    + [("Ann", "^Let it ride"), ("Bob", "^Pull back Bet 2")],
}
DC_KEYS = {spot: str(n) for n, spot in enumerate(("1", "2", "5", "10", "20", "40"), start=1)}
LEFT = """prefix => {
  const el = document.querySelector(`#${prefix}-status.phase-betting [data-deadline-ms]`);
  return el ? (Number(el.dataset.deadlineMs) - Date.now()) / 1000 : 0;
}"""


def prepare():
    """The stacked test tables and their two invited players (with sessions)."""
    layout.migrate()
    # The public demo tables first (demo_tables skips a game that has any table):
    # the lobby's photograph shows them, as the test tables are never listed.
    subprocess.run([sys.executable, "manage.py", "demo_tables"], cwd=ROOT, check=True, capture_output=True)
    import django

    django.setup()
    from django.db import connections

    from casino.accounts.models import Player
    from casino.tables import registry
    from casino.tables.models import Table
    from casino.tables.runtime import fresh_snapshot

    players = dict(zip(("Ann", "Bob"), layout.bench_players(2, prefix="Player"), strict=True))
    for name, (pk, _) in players.items():
        Player.objects.filter(pk=pk).update(nickname=name)
    tables = {}
    for game, (config, stack, _, _) in GAMES.items():
        table = Table.objects.create(game=game, name=registry.get(game).name, config=config, is_test=True)
        table.invited.add(*(pk for pk, _ in players.values()))
        rules = table.spec.rules
        snapshot = fresh_snapshot(table.spec)
        stacked = rules.stack(rules.State.from_json(snapshot["game"]), table.rules_config(), stack)
        snapshot["game"] = stacked.to_json()
        Table.objects.filter(pk=table.pk).update(state=snapshot)
        tables[game] = table.pk
    connections.close_all()
    return tables, {name: cookie.split("=", 1)[1] for name, (_, cookie) in players.items()}


def play(browser, base, game, table_id, cookies):
    """Both players sit and bet (and decide, at poker); Ann's page is photographed at the result."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    _, _, prefix, bets = GAMES[game]
    pages = {}
    for seat, name in enumerate(bets, start=1):
        viewport = PHONE if name == "Bob" else {"width": WIDTH, "height": 900}
        context = browser.new_context(viewport=viewport, device_scale_factor=1)
        context.set_default_timeout(30_000)
        context.add_cookies([{"name": "sessionid", "value": cookies[name], "url": base}])
        page = pages[name] = context.new_page()
        page.goto(f"{base}/tables/{table_id}/?join=1")
        page.locator(f"#{prefix}-me", has_text=f"You sit at seat {seat}.").wait_for()
    ann = pages["Ann"]
    deadline = time.monotonic() + 120
    while ann.evaluate(LEFT, prefix) < 5:
        if time.monotonic() > deadline:
            raise RuntimeError(f"{game}: no betting window")
        time.sleep(0.2)
    for name, wagers in bets.items():
        page = pages[name]
        for area, chip in wagers:
            page.locator(f'#chip-picker label:has(input[value="{chip}"])').click()
            if prefix == "dc":
                page.keyboard.press(DC_KEYS[area])
            else:
                page.locator(f'#{prefix}-me button.bet[data-area="{area}"]').click()
            time.sleep(0.3)
    steps = DECISIONS.get(game, {})
    for name, button in steps.items() if isinstance(steps, dict) else steps:
        decision = pages[name].locator(f"#{prefix}-me .my-turn")
        decision.wait_for(timeout=60_000)
        decision.get_by_role("button", name=re.compile(button)).click()
        time.sleep(0.3)
    ann.locator(f"#{prefix}-status.phase-result").wait_for(timeout=90_000)
    try:  # the wheel eases onto its stop before the result shows (static/js/casino.js)
        ann.locator("html:not(.wheel-landing)").wait_for(timeout=10_000)
    except PlaywrightTimeout:
        pass
    time.sleep(2.5)
    OUT.mkdir(parents=True, exist_ok=True)
    height = min(MAX_HEIGHT, ann.evaluate("document.documentElement.scrollHeight"))
    ann.set_viewport_size({"width": WIDTH, "height": height})
    ann.evaluate("window.scrollTo(0, 0)")  # a decision's button may have scrolled the page
    time.sleep(0.5)
    path = OUT / f"{game}.png"
    ann.screenshot(path=str(path))
    bob = pages.get("Bob")
    if bob is not None:  # what the phone shows at the result, from the top of the page
        PHONE_OUT.mkdir(parents=True, exist_ok=True)
        bob.evaluate("window.scrollTo(0, 0)")
        time.sleep(0.5)
        bob.screenshot(path=str(PHONE_OUT / f"{game}.png"))
    for page in pages.values():
        page.context.close()
    return path


def lobby(browser, base, cookies, port):
    """The lobby as Ann sees it, on a desktop and on a phone: the demo tables
    (made in ``prepare``; the stacked tables are test tables, which the lobby
    never lists) with their house bots playing a while, so the tiles show
    seats filling and the last results."""
    bots = subprocess.Popen(
        [sys.executable, "manage.py", "demo_bots", "--host", f"127.0.0.1:{port}"],
        cwd=ROOT,
        start_new_session=True,
        stdout=subprocess.DEVNULL,
    )
    try:
        time.sleep(LOBBY_PLAY_SECONDS)
        shoot_lobby(browser, base, cookies)
    finally:
        layout.stop([bots])


def shoot_lobby(browser, base, cookies):
    for viewport, path in (
        ({"width": WIDTH, "height": 1200}, OUT / "lobby.png"),
        (PHONE, PHONE_OUT / "lobby.png"),
    ):
        context = browser.new_context(viewport=viewport, device_scale_factor=1)
        context.add_cookies([{"name": "sessionid", "value": cookies["Ann"], "url": base}])
        page = context.new_page()
        page.goto(f"{base}/")
        page.locator("main").first.wait_for()
        time.sleep(2)  # the live tiles and meters arrive over the lobby's socket
        path.parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(path))
        log(f"lobby: {path.relative_to(ROOT)} ({path.stat().st_size // 1024} KB)")
        context.close()


def main():
    from playwright.sync_api import sync_playwright

    tmp = Path(tempfile.mkdtemp(prefix="casino-shots-"))
    redis_process = layout.throwaway_environment(tmp)
    servers = []
    try:
        tables, cookies = prepare()
        port = layout.free_port()
        servers += [layout.start_worker("--scan-seconds", "0.3"), layout.start_daphne(port)]
        layout.wait_for_port(port)
        base = f"http://127.0.0.1:{port}"
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-gpu"]
            )
            try:
                for game, table_id in tables.items():
                    if sys.argv[1:] and game not in sys.argv[1:]:
                        continue  # only the games named on the command line
                    path = play(browser, base, game, table_id, cookies)
                    log(f"{game}: {path.relative_to(ROOT)} ({path.stat().st_size // 1024} KB)")
                if not sys.argv[1:] or "lobby" in sys.argv[1:]:
                    lobby(browser, base, cookies, port)
            finally:
                browser.close()
    finally:
        layout.stop(servers, redis_process)
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
