"""Let It Ride Poker (58 Pa. Code Ch. 643a; seed § 643c.1): its rules on the
poker engine (games/poker/), paytables, pull-back strategy and lab figures."""
