"""Fortune Asia Poker (fortune_asia_poker.md; seed § 659c.1), pure so far:
``hands`` (the High, Medium and Low rankings, the order test, the comparison
with the dealer) and ``house_way`` (the dealer's setting).

A package of its own beside ``games/pai_gow``, not inside it: what the game
shares with pai gow poker already lives in ``games/cards/poker`` (card
indices, the joker as an ace, the two-card values its Medium hand uses),
while pai gow's house way, settings and foul test are for a five-card and a
two-card hand and would only grow flags for a 4-2-1 split.
"""
