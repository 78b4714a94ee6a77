from casino.accounts.session import player_from_session


class PlayerMiddleware:
    """Puts the visitor's Player (or None) on ``request.player``."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request.player = player_from_session(request.session)
        return self.get_response(request)
