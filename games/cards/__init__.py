"""Pure building blocks shared by the card and chance games: RNG, cards, shoes."""
