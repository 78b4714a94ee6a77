from casino.wallet.ledger import balance_of


def player(request):
    current = getattr(request, "player", None)
    return {
        "player": current,
        "player_balance": balance_of(current) if current else None,
    }
