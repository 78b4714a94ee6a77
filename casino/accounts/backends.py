"""Sign-in throttling (django-axes): failed sign-ins lock out the account and
the address for a cool-off (settings: AXES_*)."""

from axes.backends import AxesStandaloneBackend


class LoginThrottleBackend(AxesStandaloneBackend):
    """Axes' lockout check, ahead of Django's ModelBackend.

    Every sign-in a visitor can reach (our sign-in page and the admin's) goes
    through an AuthenticationForm, which passes the request, so it is
    throttled. Only code that calls ``authenticate()`` without one (Django's
    test client ``login()``) is passed on to the next backend instead of
    failing: there is no address to count it against."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)
