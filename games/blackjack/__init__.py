"""The blackjack engine shared by Spanish 21, Player's Edge 21 and Down Under
Blackjack: pure hand arithmetic and dealer play (no Django, no I/O, no clock)."""
