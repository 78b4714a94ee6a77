"""Fortune Asia Poker (docs/rules/fortune_asia_poker.md; seed § 659c.1), the app of the
``fortune_asia_poker`` table: ``hands`` (the High, Medium and Low rankings,
the order test, the comparison with the dealer) and ``house_way`` (the
dealer's setting), pure; ``paytables`` (the main wager, the $1 progressive on
Pai Gow Poker's seven-card table); ``rules`` binds the pai gow family's round
(games/pai_gow/round.py) with the hands (4, 2, 1) as data; ``presenter`` and
``how_to_play`` draw it with the shared pai gow templates; ``simulate`` and
``edge`` are the lab's rows.

A package of its own beside ``games/pai_gow``, not inside it: what the game
shares with pai gow poker lives in ``games/cards/poker`` (card indices, the
joker as an ace, the two-card values its Medium hand uses) and in the pai gow
round and seven-card lines it binds; pai gow's house way, settings and foul
test are for a five-card and a two-card hand.
"""
