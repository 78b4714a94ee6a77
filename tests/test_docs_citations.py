"""Every document the docs cite is in the repository, and the rules pages'
generated parts match the code.

``cited_in_docs`` reads the links of README.md and docs/ (and the paths they
quote in backticks); ``cited_in_code`` the document names the comments of
casino/ and games/ cite. A citation resolves when it names a file of the
repository: a link relative to its page, a quoted path from the root.
"""

import importlib.util
import re
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
CODE_DIRS = ("casino", "games")
CODE_SUFFIXES = {".py", ".html", ".js", ".txt"}

LINK = re.compile(r"\]\(([^)\s]+)\)")
QUOTED_PATH = re.compile(r"`((?:docs/|\.\./)[\w./-]+\.md)(?:#[\w-]+)?`")
# A document name in a comment or docstring: a bare name, a relative path or a path from the root.
CODE_CITATION = re.compile(r"(?<![\w./-])((?:\.\./)*[\w-]+(?:/[\w.-]+)*\.md)\b")


def _slug(heading):
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(path):
    return {_slug(line.lstrip("#")) for line in path.read_text().splitlines() if line.startswith("#")}


def cited_in_docs():
    """[(page, target path, anchor or None)] for every local link and quoted path of the docs."""
    citations = []
    for page in DOCS:
        text = page.read_text()
        for target in LINK.findall(text):
            if re.match(r"[a-z]+:", target) or target.startswith("#"):
                continue
            path, _, anchor = target.partition("#")
            citations.append((page, (page.parent / path).resolve(), anchor or None))
        for target in QUOTED_PATH.findall(text):
            base = page.parent if target.startswith("..") else ROOT
            citations.append((page, (base / target).resolve(), None))
    return citations


def cited_in_code():
    """Counter of the document names cited in casino/ and games/ (comments,
    docstrings, help texts), as written: "docs/protocol.md", or a bare name
    that resolves nowhere."""
    names = Counter()
    for directory in CODE_DIRS:
        for path in (ROOT / directory).rglob("*"):
            if path.suffix in CODE_SUFFIXES and path.is_file():
                names.update(CODE_CITATION.findall(path.read_text(errors="replace")))
    return names


def resolves(name):
    """A code citation resolves when it is a path of the repository, from its root."""
    return (ROOT / name).is_file()


def test_every_document_the_docs_cite_exists():
    missing = [
        f"{page.relative_to(ROOT)} -> {target}" for page, target, _ in cited_in_docs() if not target.exists()
    ]
    assert not missing, "dangling citations:\n" + "\n".join(missing)


def test_every_anchor_the_docs_cite_exists():
    missing = [
        f"{page.relative_to(ROOT)} -> {target.relative_to(ROOT)}#{anchor}"
        for page, target, anchor in cited_in_docs()
        if anchor and target.suffix == ".md" and target.exists() and anchor not in anchors(target)
    ]
    assert not missing, "dangling anchors:\n" + "\n".join(missing)


def test_the_docs_cite_every_rules_page():
    index = (ROOT / "docs/rules/README.md").read_text()
    for page in sorted((ROOT / "docs/rules").glob("*.md")):
        if page.name != "README.md":
            assert f"]({page.name})" in index, f"docs/rules/README.md does not list {page.name}"


def test_the_citation_finder_reads_code_comments():
    found = cited_in_code()
    assert found["docs/protocol.md"] > 0
    assert resolves("docs/protocol.md") and not resolves("NO_SUCH_DOCUMENT.md")


def test_every_document_the_code_cites_exists():
    dangling = {name: count for name, count in cited_in_code().items() if not resolves(name)}
    assert not dangling, f"{sum(dangling.values())} dangling citations in casino/ and games/: {dangling}"


def _rules_tables():
    spec = importlib.util.spec_from_file_location("rules_tables", ROOT / "docs/rules_tables.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_game_has_a_rules_page():
    from casino.tables import registry

    slugs = {spec.slug for spec in registry.all_games()}
    assert set(_rules_tables().GAMES) == slugs
    for slug in slugs:
        assert (ROOT / "docs/rules" / f"{slug}.md").is_file()


def test_the_rules_pages_match_the_code():
    # A paytable or a Config default changed without `.venv/bin/python docs/rules_tables.py`.
    assert _rules_tables().stale() == []
