"""Crazy 4 Poker (58 Pa. Code Ch. 657a; seed § 657c.1): its paytables,
strategy and exact side-wager returns, pure modules for the poker engine
(games/poker/) to bind."""
