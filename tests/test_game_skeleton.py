"""Every game's folder keeps the one shape docs/architecture.md describes, and that page
names every module a game has: a module added, moved or removed without the page fails here.
"""

import re
from collections import Counter
from pathlib import Path

import pytest

from generator.games import registry

GAMES = Path(__file__).parents[1] / "generator" / "games"
ARCHITECTURE = Path(__file__).parents[1] / "docs" / "architecture.md"
SHARED = {  # every game has these
    "__init__.py",
    "rules.py",
    "bots.py",
    "print.py",
    "reference.py",
    "table.py",
    "design/__init__.py",
    "design/spec.py",
    "design/solving.py",
    "design/balance.py",
    "puzzles/__init__.py",
    "puzzles/book.py",
}
OPTIONAL = {"design/layout.py", "design/folder.py", "design/chart.py"}  # where a game needs them
OWN_ROW = re.compile(r"^\| (\w+) \| `([\w/]+\.py)` \|", re.MULTILINE)


def _modules(game: str) -> set[str]:
    folder = GAMES / game
    return {path.relative_to(folder).as_posix() for path in folder.rglob("*.py")}


def _own() -> dict[str, set[str]]:
    own: dict[str, set[str]] = {}
    for game, module in OWN_ROW.findall(ARCHITECTURE.read_text(encoding="utf-8")):
        own.setdefault(game, set()).add(module)
    return own


def test_the_page_lists_the_games_there_are():
    assert set(_own()) == set(registry())


@pytest.mark.parametrize("game", sorted(registry()))
def test_every_game_has_the_shared_modules(game):
    assert _modules(game) >= SHARED, f"{game} lacks {sorted(SHARED - _modules(game))}"


@pytest.mark.parametrize("game", sorted(registry()))
def test_the_page_names_every_module_of_a_game_and_no_other(game):
    modules = _modules(game)
    own = _own().get(game, set())
    assert not own & SHARED, "a shared module is listed as the game's own"
    assert own <= modules, f"docs/architecture.md names missing modules: {sorted(own - modules)}"
    unnamed = modules - SHARED - OPTIONAL - own
    assert not unnamed, f"docs/architecture.md does not name {game}'s {sorted(unnamed)}"


@pytest.mark.parametrize("game", sorted(registry()))
def test_no_folder_holds_a_row_of_files_sharing_a_prefix(game):
    # puzzle_facts.py beside puzzle_solvers.py, or book.py beside book_solutions.py, is a
    # concern that has outgrown its file: it becomes a package named after the concern.
    folders = Counter()
    for module in _modules(game):
        folder, _, name = module.rpartition("/")
        stem = name.removesuffix(".py")
        prefix = stem.split("_")[0] if "_" in stem.strip("_") else stem
        folders[folder, prefix] += 1
    rows = [f"{folder or '.'}/{prefix}_*" for (folder, prefix), n in folders.items() if n > 1]
    assert not rows, f"{game}: {rows}"


@pytest.mark.parametrize("game", sorted(registry()))
def test_every_game_has_a_table_check_and_prints_designs_for_any_table(game):
    entry = registry()[game]
    assert entry.table is not None
    assert {"kit-design", "kit-players"} <= entry.capabilities
    assert entry.design_file and entry.design_verb
