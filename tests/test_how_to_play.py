"""Every table explains itself (issue 13): the "How to play" panel of each
game reads its lines from the table's own Rules Submission, so a different
paytable on the table shows different lines; the regulation's sections stay
on the table's rules page, out of the panel."""

import html
import re

import pytest
from django.test import Client

from casino.progressives.models import Meter, TableLink
from casino.tables.models import Table

pytestmark = pytest.mark.django_db

_PANEL = re.compile(r'<details id="how-to-play".*?</details>', re.S)
_SECTION = re.compile(r'<h3 id="how-\d+">(.*?)</h3>(.*?)</section>', re.S)
_ROW = re.compile(r'<tr><th scope="row">(.*?)</th><td>(.*?)</td></tr>', re.S)
_ITEM = re.compile(r"<li>(.*?)</li>", re.S)


def get(path):
    response = Client().get(path)
    assert response.status_code == 200, path
    return response.content.decode()


def panel_html(table):
    found = _PANEL.search(get(f"/tables/{table.pk}/"))
    assert found, "the table page has no How to play panel"
    return found.group(0)


def panel(table):
    """{section title: [(what, pays) or rule text, ...]} as the panel shows it."""
    sections = {}
    for title, body in _SECTION.findall(panel_html(table)):
        rows = [(html.unescape(what), html.unescape(pays)) for what, pays in _ROW.findall(body)]
        rows += [html.unescape(item) for item in _ITEM.findall(body)]
        sections[html.unescape(title)] = rows
    return sections


def table_of(game, **config):
    return Table.objects.create(game=game, name=f"Rules {game}", config=config, max_seats=6)


def link(table, kind, paytable="", dollars=1):
    meter = Meter.objects.create(name=kind, kind=kind, paytable=paytable, wager_dollars=dollars)
    TableLink.objects.create(meter=meter, table=table)


def reconfigure(table, **config):
    table.config = {**table.config, **config}
    table.save()
    return table


def test_dreamcatcher_shows_the_odds_and_the_tables_limits():
    table = table_of("dreamcatcher", max_bet=500, max_payout=50_000)
    shown = panel(table)
    assert ("40 (1 section)", "40 to 1") in shown["Payouts"]
    assert ("1 (23 of the wheel's 54 sections)", "1 to 1") in shown["Payouts"]
    assert ("7x (1 section)", "winnings × 7") in shown["Bonus spins"]
    assert "Each number takes 1 to 500 chips." in shown["Table limits"]
    reconfigure(table, min_bet=2, max_bet=200, max_payout=10_000)
    shown = panel(table)
    assert "Each number takes 2 to 200 chips." in shown["Table limits"]
    assert "The most one player can win in a round is 10,000 chips." in shown["Table limits"]


def test_spanish21_match_the_dealer_follows_the_decks_and_the_progressive_its_paytable():
    table = table_of("spanish21", decks=6, progressive_paytable=1)
    link(table, "match_the_dealer")
    shown = panel(table)
    assert ("One suited match", "9 to 1") in shown["Match the Dealer"]
    progressive = shown["Match the Dealer progressive (1 chip)"]
    assert ("Two suited match, aces of spades", "100% of the meter") in progressive
    assert ("One non-suited match and one suited match", "8 to 1") in progressive
    blackjack = ("Blackjack: an ace and a jack, queen or king as your first two cards", "3 to 2")
    assert blackjack in shown["Main wager"]
    assert ("7-7-7 of spades", "3 to 1") in shown["Bonus 21s"]
    reconfigure(table, decks=8, progressive_paytable=6, progressive=5)
    shown = panel(table)
    assert ("One suited match", "12 to 1") in shown["Match the Dealer"]
    progressive = shown["Match the Dealer progressive (5 chips)"]
    assert ("One non-suited match and one suited match", "100 to 1") in progressive
    assert "The shoe holds 8 Spanish decks" in panel_html(table)
    reconfigure(table, match_the_dealer=0)
    assert "Match the Dealer" not in panel(table)


def test_a_progressive_without_its_meter_is_not_explained():
    """The layout offers a progressive only with its meter linked; so does the panel."""
    table = table_of("spanish21")
    assert not any("progressive" in title for title in panel(table))


def test_players_edge21_match_and_monster_match_paytables():
    table = table_of("players_edge21", match_paytable=1, monster_paytable=1)
    link(table, "monster_match", "A")
    shown = panel(table)
    assert ("Two suited matches", "18 to 1") in shown["Match-Up"]
    assert ("Two suited matches", "18 to 1") in shown["Match-Down"]
    assert ("Four-of-a-kind (same color)", "10% of the meter") in shown["Monster Match progressive (1 chip)"]
    assert ("Insurance, against a suited dealer blackjack", "5 to 1") in shown["Main wager"]
    assert ("6-7-8 of diamonds", "3 to 1") in shown["Bonus 21s"]
    reconfigure(table, match_paytable=2, monster_paytable=5, match_down=0)
    shown = panel(table)
    assert ("Two suited matches", "24 to 1") in shown["Match-Up"]
    assert "Match-Down" not in shown
    assert ("Three-of-a-kind (same color)", "25 for 1") in shown["Monster Match progressive (1 chip)"]
    assert ("Four-of-a-kind (same color)", "100% of the meter") in shown["Monster Match progressive (1 chip)"]


def test_pai_gow_dice_wagers_tiger_9_progressive_and_mystery():
    table = table_of("pai_gow", sum_paytable=1, beat_it_paytable=1)
    link(table, "progressive_payout")
    link(table, "must_hit_by", "A")
    shown = panel(table)
    assert ("The dice total 17", "25 to 1") in shown["Sum"]
    assert ("Two dice show your number", "6 to 1") in shown["Match 1 to 6"]
    assert "Match 3 pays when two or three dice show 3" in panel_html(table)
    assert ("4 points", "50 to 1") in shown["Beat It"]
    assert ("The dealer's low hand is a Tiger 9", "30 to 1") in shown["Tiger 9"]
    assert ("7-card straight flush, no joker", "8,000 to 1") in shown["Fortune bonus"]
    assert ("Five aces", "500 for 1") in shown["Progressive (1 chip)"]
    assert "Mystery bonus" in shown
    reconfigure(table, sum_paytable=2, beat_it_paytable=3, commission_free=0, mystery=0)
    shown = panel(table)
    assert ("The dice total 3", "25 to 1") in shown["Sum"]
    assert ("The dice total 17", "25 to 1") not in shown["Sum"]
    assert shown["Beat It"] == [("By one point or more", "5 to 2")]
    assert "Tiger 9" not in shown and "Mystery bonus" not in shown
    assert ("Both your hands beat the dealer's", "1 to 1 less 5%") in shown["Pai Gow Poker wager"]
    reconfigure(table, dice=0)
    assert not {"Sum", "Match 1 to 6", "Beat It"} & set(panel(table))


def test_three_card_poker_pair_plus_follows_its_paytable():
    table = table_of("three_card_poker", pair_plus_paytable=1, five_card_progressive=0)
    link(table, "three_card")
    shown = panel(table)
    assert ("Flush", "4 to 1") in shown["Pair Plus (paytable 40-30-6-4-1)"]
    assert ("Straight flush", "5 to 1") in shown["Ante Bonus"]
    assert ("Royal flush", "1,000 to 1") in shown["Six Card Bonus"]
    assert ("Mini-royal in spades", "100% of the meter") in shown["Three-Card progressive (1 chip)"]
    assert "Three-Card progressive: exactly 1 chip." in shown["Table limits"]
    reconfigure(table, pair_plus_paytable=2, six_card_bonus=0, side_max=50)
    shown = panel(table)
    assert ("Flush", "3 to 1") in shown["Pair Plus (paytable 40-30-6-3-1)"]
    assert "Six Card Bonus" not in shown
    assert "Pair Plus: 5 to 50 chips." in shown["Table limits"]


def test_four_card_poker_ante_bonus_follows_its_paytable():
    table = table_of("four_card_poker", ante_bonus_paytable=1)
    link(table, "five_card", dollars=5)
    shown = panel(table)
    assert ("Four of a kind", "25 to 1") in shown["Ante Bonus (paytable 25-20-2)"]
    assert ("Pair of aces", "1 to 1") in shown["Aces Up (paytable 50-40-8-6-4-2-1)"]
    assert ("Royal flush", "100% of the meter") in shown["Five-Card progressive (5 chips)"]
    assert "Play wager (1×, 2× or 3× your Ante)" in panel_html(table)
    reconfigure(table, ante_bonus_paytable=2, aces_up=0)
    shown = panel(table)
    assert ("Four of a kind", "30 to 1") in shown["Ante Bonus (paytable 30-15-2)"]
    assert not any(title.startswith("Aces Up") for title in shown)


def test_caribbean_stud_shows_its_bet_table_the_progressive_and_the_envy_it_pays():
    table = table_of("caribbean_stud")
    shown = panel(table)
    assert ("Royal flush", "100 to 1") in shown["Bet paytable (100-50-20-7-5-4-3-2-1)"]
    assert ("One pair or less", "1 to 1") in shown["Bet paytable (100-50-20-7-5-4-3-2-1)"]
    assert not any(title.startswith("Progressive") for title in shown)  # no meter linked
    link(table, "caribbean_stud")
    shown = panel(table)
    assert ("Four of a kind", "500 for 1") in shown["Progressive (1 chip)"]
    assert not any(name.startswith("Envy") for name, _ in shown["Progressive (1 chip)"])
    assert "Progressive: exactly 1 chip." in shown["Table limits"]
    reconfigure(table, straight_flush_envy_bonus=50)
    assert ("Envy Bonus: another player's straight flush", "50 chips") in panel(table)["Progressive (1 chip)"]


def test_dj_wild_stud_shows_its_blind_table_trips_when_set_and_the_progressive():
    table = table_of("dj_wild_stud")
    shown = panel(table)
    blind = shown["Blind paytable (1000-50-10-9-4-3-2-1)"]
    assert ("Five wilds", "1,000 to 1") in blind and ("Straight", "1 to 1") in blind
    assert ("Your hand is higher, below a straight", "Ante and Play 1 to 1, the Blind pushes") in shown[
        "Ante, Play and Blind"
    ]
    assert "Trips" not in shown  # no published table: off until the Rules Submission sets its lines
    assert not any(title.startswith("Progressive") for title in shown)  # no meter linked
    link(table, "dj_wild_stud", dollars=5)
    shown = panel(table)
    assert ("Royal flush, natural", "100% of the meter") in shown["Progressive (5 chips)"]
    assert ("Five wilds", "10% of the meter") in shown["Progressive (5 chips)"]
    assert ("Four of a kind", "10 for 1") in shown["Progressive (5 chips)"]
    paid = [row[0] for row in shown["Progressive (5 chips)"] if isinstance(row, tuple)]
    assert paid[-1] == "Four of a kind"  # nothing below it pays (docs/rules/dj_wild_stud.md)
    assert "Progressive: exactly 5 chips." in shown["Table limits"]
    reconfigure(table, trips_three_of_a_kind_natural=5, trips_three_of_a_kind_wild=1)
    trips = panel(table)["Trips"]
    assert ("Three of a kind, natural", "5 to 1") in trips
    assert ("Three of a kind with wild cards", "1 to 1") in trips


def test_mississippi_stud_shows_its_paytable_the_push_the_limit_and_the_progressive():
    table = table_of("mississippi_stud")
    shown = panel(table)
    paytable = shown["Paytable (500-100-40-10-6-4-3-2-1)"]
    assert ("Royal flush", "500 to 1") in paytable and ("Pair of jacks or better", "1 to 1") in paytable
    assert ("Pair of 6s through 10s", "push") in paytable
    assert not any(title.startswith("Progressive") for title in shown)  # no meter linked
    link(table, "five_card", dollars=5)
    shown = panel(table)
    assert ("Four of a kind", "300 for 1") in shown["Progressive (5 chips)"]
    assert ("Envy Bonus: another player's straight flush", "1,500 chips") in shown["Progressive (5 chips)"]
    assert "Progressive: exactly 5 chips." in shown["Table limits"]


def test_let_it_ride_shows_its_three_bets_the_bonus_and_both_progressives():
    table = table_of("let_it_ride")
    shown = panel(table)
    paytable = shown["Bets 1, 2 and $ (paytable 1000-200-50-11-8-5-3-2-1)"]
    assert ("Royal flush", "1,000 to 1") in paytable and ("Pair of 10s or better", "1 to 1") in paytable
    assert ("Straight", "6 to 1") in shown["Three Card Bonus (paytable 40-30-6-3-1)"]
    assert "Bet 1: 5 to 500 chips." in shown["Table limits"]
    assert not any("Bet 2" in line for line in shown["Table limits"])  # placed with Bet 1
    assert not any(title.endswith("progressive (1 chip)") for title in shown)  # no meter linked
    link(table, "three_card")
    link(table, "five_card", dollars=5)
    shown = panel(table)
    assert ("Mini-royal in spades", "100% of the meter") in shown["Three-Card progressive (1 chip)"]
    assert ("Envy: another player's mini-royal", "25 chips") in shown["Three-Card progressive (1 chip)"]
    assert ("Envy: another player's royal flush", "5,000 chips") in shown["Five-Card progressive (5 chips)"]
    assert "Five-Card progressive: exactly 5 chips." in shown["Table limits"]
    reconfigure(table, three_card_bonus=0)
    assert not any(title.startswith("Three Card Bonus") for title in panel(table))


GAMES = [
    "dreamcatcher",
    "spanish21",
    "players_edge21",
    "pai_gow",
    "three_card_poker",
    "four_card_poker",
    "crazy_4_poker",
    "caribbean_stud",
    "dj_wild_stud",
    "let_it_ride",
    "mississippi_stud",
    "down_under_blackjack",
    "texas_holdem_bonus",
    "ultimate_texas_holdem",
    "fortune_asia_poker",
    "six_card_fortune_pai_gow",
]


@pytest.mark.parametrize("game", GAMES)
def test_the_sections_are_on_the_rules_page_not_in_the_panel(game):
    table = table_of(game)
    page = get(f"/tables/{table.pk}/")
    assert "§" not in panel_html(table)
    assert f'href="/tables/{table.pk}/rules/"' in page
    rules = get(f"/tables/{table.pk}/rules/")
    assert "§" in rules
    for title in panel(table):
        assert html.escape(title) in rules, title
    assert "Rules Submission" in rules and "Min bet" in rules


@pytest.mark.parametrize("game", GAMES)
def test_no_section_number_on_the_table_page(game):
    """Player-facing text speaks to players: the regulation's sections are on the rules page only."""
    table = table_of(game)
    assert "§" not in get(f"/tables/{table.pk}/")


def test_down_under_blackjack_explains_the_reader_and_its_own_progressive_paytable():
    table = table_of("down_under_blackjack", decks=8, progressive_paytable=9)
    shown = panel(table)
    assert "The reader" in shown and "Doubles and splits" in shown
    assert ("Large: 10, J, Q, K or A", "yellow light") in shown["The reader"]
    assert "The shoe holds 8 standard decks of 52 cards." in get(f"/tables/{table.pk}/rules/")
    assert not any(title.startswith("Match the Dealer progressive") for title in shown)  # no meter linked
    link(table, "down_under_match")
    shown = panel(table)
    # § 685c.1(i), eight decks, paytable 9: 100 to 1 on one suited and one non-suited match.
    assert ("One non-suited match and one suited match", "100 to 1") in shown[
        "Match the Dealer progressive (1 chip)"
    ]
    assert ("Two suited matches", "28 to 1") in shown["Match the Dealer"]
    assert "§ 685c.1(i), paytable 9 for 8 decks" in get(f"/tables/{table.pk}/rules/")


def test_down_under_blackjack_states_the_tables_soft_17_and_blackjack_and_no_surrender():
    # docs/rules/down_under_blackjack.md rules 14, 15, 17: the defaults, then a table's other choices.
    table = table_of("down_under_blackjack")
    shown = panel(table)
    assert ("Blackjack: an ace and a 10-value card as your first two cards", "3 to 2") in shown["Main wager"]
    assert "The dealer draws to 17 and hits soft 17." in shown["Doubles and splits"]
    assert "Dealer hits soft 17." in shown["The game"] and "Blackjack pays 3 to 2." in shown["The game"]
    assert "There is no surrender." in shown["Doubles and splits"]
    assert "Split two cards of the same value, and again, up to 4 hands." in shown["Doubles and splits"]
    assert not any("urrender" in str(line) for line in shown["Main wager"])
    shown = panel(reconfigure(table, hits_soft_17=0, blackjack_6_to_5=1))
    assert ("Blackjack: an ace and a 10-value card as your first two cards", "6 to 5") in shown["Main wager"]
    assert "The dealer draws to 17 and stands on soft 17." in shown["Doubles and splits"]
    assert "Dealer stands on soft 17." in shown["The game"] and "Blackjack pays 6 to 5." in shown["The game"]
    rules = html.unescape(get(f"/tables/{table.pk}/rules/"))
    assert "1: the dealer hits soft 17; 0: the dealer stands on soft 17." in rules


def test_the_rules_page_names_the_chosen_paytables_section():
    table = table_of("spanish21", progressive_paytable=3)
    link(table, "match_the_dealer")
    assert "§ 635c.1(i), paytable 3 for 6 decks" in get(f"/tables/{table.pk}/rules/")


def test_a_closed_tables_rules_are_not_found():
    table = table_of("dreamcatcher")
    Table.objects.filter(pk=table.pk).update(is_open=False)
    assert Client().get(f"/tables/{table.pk}/rules/").status_code == 404
