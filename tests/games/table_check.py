"""What every game's table tests share: build a kit as `quarry kit` does and hold its
manifest against the game's table check (generator/engine/table.py)."""

import json
from pathlib import Path

from generator.engine.table import check_table, table_of
from generator.games import registry
from generator.kit import PrintOptions, write_game_kits


def kit_manifest(game: str, out: Path, players: int | None = None, design=None) -> dict:
    """Write `game`'s kit (A4, no gallery) for `players` and `design` into `out`; return its
    manifest."""
    options = PrintOptions(paper="a4", gallery=False)
    (folder,) = write_game_kits(game, out, 1, options, players=players, design=design)
    return json.loads((folder / "manifest.json").read_text(encoding="utf-8"))


def assert_kit_serves_its_table(game: str, out: Path, players: int | None, design=None) -> dict:
    """Assert the kit of `game` for `players` (and `design`) records the needs its game's
    table check gives, and provides every piece of them; return its manifest."""
    entry = registry()[game]
    manifest = kit_manifest(game, out, players, design)
    needs, provided = table_of(manifest)
    design_path = None
    if design is not None:
        design_path = Path(design)
        if design_path.is_dir():
            design_path = design_path / entry.design_file
    expected = entry.table(players if players is not None else entry.players[1], design_path)
    assert needs == expected, "the manifest records the needs of another table"
    assert check_table(needs, provided) == []
    return manifest
