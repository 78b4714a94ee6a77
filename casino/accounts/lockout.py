"""Sign-in lockouts (django-axes): one lock per account and, apart, one per
address, each with its own limit (settings AXES_FAILURE_LIMIT and
LOGIN_ADDRESS_FAILURE_LIMIT, AXES_LOCKOUT_PARAMETERS naming the two).

Axes' own database handler falls short of that in two ways:

- it compares every lockout parameter's count with the one
  AXES_FAILURE_LIMIT, so the address, which everyone behind one NAT shares,
  would lock after as few wrong passwords as one account does;
- its reset on success (AXES_RESET_ON_SUCCESS) deletes the failures that
  match *any* lockout parameter, every failure from the address among them:
  an attacker's right password for their own account cleared the failures
  of every account they had been guessing, and the address's count with it.
"""

from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_username, get_failure_limit, get_lockout_parameters
from axes.models import AccessAttempt
from django.conf import settings
from django.db.models import Sum


def parameter_limit(parameter, account_limit):
    """The failures that lock ``parameter`` ("username", "ip_address")."""
    if parameter == "ip_address":
        return settings.LOGIN_ADDRESS_FAILURE_LIMIT
    return account_limit


class LoginThrottleHandler(AxesDatabaseHandler):
    """AXES_HANDLER: Axes' database handler, each lock with its own limit and
    a success clearing its own account's failures only."""

    def get_failures(self, request, credentials=None):
        """How near the nearest lock is, counted as Axes counts against
        AXES_FAILURE_LIMIT (the number it compares this with, to lock and to
        refuse): the account's failures, or the address's with as many left
        before its own, higher limit. So the request is locked when any one
        parameter reached its own limit."""
        account_limit = get_failure_limit(request, credentials)
        nearest = 0
        parameters = get_lockout_parameters(request, credentials)
        for parameter, attempts in zip(parameters, self.get_user_attempts(request, credentials), strict=True):
            failures = attempts.aggregate(total=Sum("failures_since_start"))["total"] or 0
            left = parameter_limit(parameter, account_limit) - failures
            nearest = max(nearest, account_limit - left)
        return nearest

    def reset_user_attempts(self, request, credentials=None):
        """A right password proves the account's owner: it clears that
        account's failures, from every address, and no other account's. The
        address keeps the failures made from it on other accounts."""
        username = get_client_username(request, credentials)
        count, _ = AccessAttempt.objects.filter(username=username).delete()
        return count
