"""OUT/index.html: one page over every kit in a folder (game kits, designs, puzzle books,
decks and boards), written by `quarry kit all` and rewritten by any kit written into that
folder later, so that `make kit`'s deck and board join the game kits."""

from pathlib import Path

from generator.output import write_whole
from generator.render.gallery import INDEX, components, kit_facts, preview_path, print_papers

KITS_INDEX_MARK = '<meta name="generator" content="Quarry kits index">'  # as the template writes it
KIT_KINDS = ("game", "design", "puzzles", "deck", "board")  # the index's order of kinds
MAX_INDEXED = 500  # folders a kits index looks at; more is not a folder of kits


def write_kits_index(out: Path) -> Path:
    """Write OUT/index.html linking every kit in `out` (each sub-folder holding a kit's
    manifest.json: game kits, designs, puzzle books, decks, boards): its gallery, guide and
    print-all PDFs, with a preview of its first component. A folder whose manifest cannot be
    read is left out. The file replaces any earlier one whole. Return its path."""
    from generator.render.templates import shared_environment

    entries = [
        _kit_entry(folder, manifest, title)
        for folder, manifest, title in sorted(_kits_in(Path(out)), key=_kit_order)
    ]
    html = (
        shared_environment()
        .get_template("gallery/index.html.j2")
        .render({"kits": entries, "widest": "100", "tallest": "100"})
    )
    return write_whole(Path(out) / INDEX, html.encode("utf-8"))


def refresh_kits_index(out: Path) -> Path | None:
    """Rewrite OUT/index.html when it is a kits index Quarry wrote (so that a deck, board,
    design or puzzle book written after `kit all` joins it); leave any other file alone.
    Return its path, or None when there was none to refresh."""
    target = Path(out) / INDEX
    try:
        with target.open("rb") as file:
            head = file.read(4096).decode("utf-8", "replace")
    except OSError:
        return None
    if KITS_INDEX_MARK not in head:
        return None
    return write_kits_index(out)


def _kits_in(out: Path):
    """(folder, manifest, title) for each kit folder in `out`."""
    from generator.errors import QuarryError
    from generator.userfiles import read_json

    folders = sorted(p for p in out.iterdir() if not p.name.startswith("."))[:MAX_INDEXED]
    for folder in folders:
        if not (folder / "manifest.json").is_file():
            continue
        try:
            manifest = read_json(folder / "manifest.json", "a kit's manifest")
            title = _kit_title(manifest)
        except (QuarryError, KeyError, TypeError, AttributeError):
            continue
        if title is not None and isinstance(manifest.get("files"), list):
            yield folder, manifest, title


def _kit_title(manifest: dict) -> str | None:
    """The title the index shows for a kit, from its manifest; None for what is no kit."""
    from generator.games import registry

    kind = manifest.get("kind")
    game = registry().get(manifest.get("game", ""))
    if kind == "deck":
        return str(manifest["deck"])
    if kind == "board":
        return f"Board: {manifest['board']}"
    if game is None:
        return None
    if kind == "game" and isinstance(manifest.get("design"), dict):
        return f"{game.title}: the kit of {manifest['design'].get('file', 'a design')}"
    if kind == "game":
        return game.title
    if kind == "design":
        return f"{game.title}: a designed {_design_word(game.name)}"
    if kind == "puzzles":
        return f"{game.title}: {manifest['count']} {manifest['difficulty']} puzzles"
    return None


def _design_word(game: str) -> str:
    words = {"island": "island", "hunt": "route map", "fugitive": "deck"}
    return words.get(game, "board" if game == "parforce" else "variant")


def _kit_order(kit) -> tuple:
    from generator.games import registry

    folder, manifest, _ = kit
    games = list(registry())
    game = manifest.get("game")
    return (
        KIT_KINDS.index(manifest["kind"]),
        games.index(game) if game in games else len(games),
        folder.name,
    )


def _kit_entry(folder: Path, manifest: dict, title: str) -> dict:
    paths = {entry["path"] for entry in manifest["files"]}
    first = next(iter(components(manifest)), None)
    cover = preview_path(first["path"]) if first else None
    return {
        "title": title,
        "folder": folder.name,
        "gallery": INDEX if INDEX in paths else None,
        "cover": cover if cover in paths else None,
        "papers": print_papers(manifest),
        "count": len(components(manifest)),
        "facts": kit_facts(manifest),
    }
