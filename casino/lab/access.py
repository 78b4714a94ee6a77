"""Who may use the lab: designers (casino/accounts/roles.py); guests never see it."""

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.views.defaults import permission_denied

from casino.accounts.roles import is_designer


def designer_required(view):
    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not is_designer(request.user):
            # The site's 403 page, returned rather than raised: Django logs a
            # raised PermissionDenied with its traceback, an expected refusal
            # among the real errors; a 403 response is logged in one line.
            return permission_denied(request, PermissionDenied("The lab is for staff and designer accounts."))
        return view(request, *args, **kwargs)

    return wrapper
