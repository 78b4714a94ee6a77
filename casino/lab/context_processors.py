from casino.accounts.roles import is_designer


def designer(request):
    """``is_designer``: whether the nav shows the lab."""
    user = getattr(request, "user", None)
    return {"is_designer": bool(user is not None and is_designer(user))}
