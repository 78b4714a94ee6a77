"""Four Card Poker (58 Pa. Code Ch. 641a; seed § 641c.1): its paytables,
strategy and exact side-wager returns, pure modules for the poker engine
(games/poker/) to bind."""
