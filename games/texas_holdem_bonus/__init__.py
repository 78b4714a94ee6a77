"""Texas Hold 'Em Bonus Poker (58 Pa. Code Ch. 647a) with the Must-Hit-By
Mystery bonus of seed § 647c.1, on the poker engine (games/poker/)."""
