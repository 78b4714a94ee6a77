"""The import graph of casino/ and games/, read from the source: no module
imports itself back through others (a cycle, even one behind an import inside a
function), and casino/ never imports bench/ or a particular game, only the
games' shared parts (games/engine.py, games/cards/, ...); a game reaches the
platform through its GameSpec (casino/tables/registry.py)."""

import ast
import graphlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# What casino/ may import of games/: the contract and the parts every game shares.
SHARED_GAME_PARTS = {
    "engine", "cards", "lab", "settled", "payouts", "presenting", "how_to_play", "betting", "meters", "submission",
    "keymap",
}  # fmt: skip


def module_name(path):
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path, modules):
    """The modules of this tree that ``path`` imports, at its top or in a function."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(
                    [*package.split(".")[: len(package.split(".")) - node.level + 1], base]
                ).strip(".")
            targets = [base] + [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        for target in targets:
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def graph():
    """{module: the modules of this tree it imports}"""
    paths = [p for folder in ("casino", "games", "bench") for p in (ROOT / folder).rglob("*.py")]
    modules = {module_name(path): path for path in paths}
    return {name: imports_of(path, modules) for name, path in modules.items()}


def test_no_import_cycles():
    imports = graph()
    # A package's __init__, imported on the way to one of its modules, is no tie.
    packages = {name for name, path in imports.items() if name and (ROOT / name.replace(".", "/")).is_dir()}
    modules = {name: targets - packages for name, targets in imports.items() if name not in packages}
    try:
        graphlib.TopologicalSorter(modules).prepare()
    except graphlib.CycleError as exc:
        raise AssertionError(f"an import cycle: {' -> '.join(exc.args[1])}") from None


def test_casino_imports_neither_bench_nor_a_particular_game():
    wrong = [
        (name, target)
        for name, targets in graph().items()
        if name.startswith("casino.")
        for target in targets
        if target.startswith("bench")
        or (target.startswith("games.") and target.split(".")[1] not in SHARED_GAME_PARTS)
    ]
    assert wrong == []
