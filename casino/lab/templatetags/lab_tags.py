from django import template

register = template.Library()


@register.filter
def percent(value, places=3):
    """0.953405 -> "95.341%"."""
    if value is None or value == "":
        return "—"
    return f"{100 * float(value):.{int(places)}f}%"


@register.filter
def thousands(value):
    """12345 -> "12,345"."""
    if value is None or value == "":
        return "—"
    return f"{int(value):,}"


@register.filter
def cents_to_dollars(value):
    """15001.0 -> "150.01"."""
    if value is None or value == "":
        return "—"
    return f"{float(value) / 100:,.2f}"
