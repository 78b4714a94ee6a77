"""Six-Card Fortune Pai Gow Poker (docs/rules/six_card_fortune_pai_gow.md; seed § 670c.1),
its pure pieces: ``hands`` (the five-card high and one-card low hands, the
setting check, the comparison with the dealer and the player's joker low),
``house_way`` (the tier rule of the rules file), ``lines`` (the best five of
the six cards for the Fortune, Envy and progressive wagers), ``paytables``
(as data) and ``settlement`` (every wager of one seat in exact cents); the
lab's ``edge`` (exact rows by enumeration) and ``simulate`` (the main wager
and the Double Down, batched); ``strategy``, a short rule for when to make
the Double Down (the house bots').

The live table is the pai gow family's round (games/pai_gow/round.py) bound
by ``rules.py`` (a ``Variant``: the hands (5, 1) as data, six cards, no dice,
this game's house way, setting check, comparison and lines, its own
progressive meter kind, and the Double Down as the round's post-deal
``Decision``), drawn by ``presenter.py`` with the family's templates and
explained by ``how_to_play.py``. ``settlement.settle_seat`` is the pure
statement of every wager's chips that the stacked tests check; the table
settles through the round's hooks, and tests/test_six_card_fortune_pai_gow_table.py
checks it pays the same chips.

The five-card values are ``games.cards.poker``'s (pai gow's ranking and its
semi-wild joker), so the high hand ranks exactly as in Pai Gow Poker.
"""
