"""Where a visitor goes after picking a nickname or signing in: back to the
page that sent them (a shared table link), when that page is on this site."""

from django.utils.http import url_has_allowed_host_and_scheme


def next_url(request):
    """The request's ``next`` (POST, then GET) if it is safe to redirect to,
    else None. Django's own check refuses other hosts and schemes and the
    look-alikes browsers read as another host ("//evil", "/\\evil")."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return None
