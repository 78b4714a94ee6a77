"""Django's {# #} comment is one line only: one that runs over two lines is
printed on the page as text. The browser side of this check is in
tests/test_browser_axe.py (LEAKED), over every page type."""

from pathlib import Path

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"


def test_no_template_comment_runs_over_a_line():
    open_comments = [
        f"{path.relative_to(TEMPLATES)}:{number}"
        for path in sorted(TEMPLATES.rglob("*.html"))
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if line.count("{#") > line.count("#}")
    ]
    assert open_comments == [], "use {% comment %} for these: " + ", ".join(open_comments)
