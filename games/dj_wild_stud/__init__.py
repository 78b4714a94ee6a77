"""DJ Wild Stud Poker (58 Pa. Code Ch. 687a; seed § 687c.1): its rules on the
poker engine (games/poker/) with the wild-card evaluator of
games/cards/wild.py, paytables, strategy and lab figures."""
