from django import template

from games.engine import format_chips

register = template.Library()


@register.filter
def chips(cents):
    """Cents as chips: 1000000 -> '10,000'."""
    if cents in (None, ""):
        return ""
    return format_chips(int(cents))
