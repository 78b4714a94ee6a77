"""Ultimate Texas Hold 'Em Poker (58 Pa. Code Ch. 653a, 653b; seed § 653c.1)."""
