"""Caribbean Stud Poker (58 Pa. Code Ch. 639a; seed § 639c.1): its rules on
the poker engine (games/poker/), paytables, basic strategy and lab figures,
pure modules waiting for the table's binding (apps, presenter, demo)."""
