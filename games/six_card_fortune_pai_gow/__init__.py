"""Six-Card Fortune Pai Gow Poker (six_card_fortune_pai_gow.md; seed § 670c.1),
its pure pieces: ``hands`` (the five-card high and one-card low hands, the
setting check, the comparison with the dealer and the player's joker low),
``house_way`` (the tier rule of the rules file), ``lines`` (the best five of
the six cards for the Fortune, Envy and progressive wagers), ``paytables``
(as data) and ``settlement`` (every wager of one seat in exact cents); the
lab's ``edge`` (exact rows by enumeration) and ``simulate`` (the main wager
and the Double Down, batched).

The five-card values are ``games.cards.poker``'s (pai gow's ranking and its
semi-wild joker), so the high hand ranks exactly as in Pai Gow Poker.
"""
