"""A kit folder as the exports see it: its manifest read and checked, what it holds (card
faces and backs, decks, boards, tokens), and new files added to it all or nothing.

An export writes its files into a hidden staging folder inside the kit, renames it into
place (replacing an older export of the same name) and then rewrites manifest.json through
a temporary file: an error leaves the kit as it was.
"""

import hashlib
import json
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from generator import progress
from generator.errors import QuarryError
from generator.output import output_error, output_errors, umask
from generator.stopping import deferred

# Manifest kinds an export can read: a game's kit, a custom deck, a tiled board.
EXPORTABLE = ("game", "deck", "board")
BOARD_KINDS = ("board", "mini-board")
TOKEN_KINDS = ("tokens",)


@dataclass(frozen=True)
class Card:
    """One printed card: the kit paths of its front SVG and its back SVG (None: no back)."""

    front: str
    back: str | None


@dataclass(frozen=True)
class Kit:
    """A kit folder and its manifest."""

    root: Path
    manifest: dict

    @property
    def name(self) -> str:
        """Return the kit's name (its folder name when it was written)."""
        return str(self.manifest.get("name", self.root.name))

    def decks(self) -> dict[str, list[Card]]:
        """Return each deck recorded in the manifest, by name, as its cards in print order."""
        decks = self.manifest.get("decks") or {}
        return {
            name: [Card(card["front"], card.get("back")) for card in cards]
            for name, cards in sorted(decks.items())
        }

    def svgs_of_kind(self, kinds: tuple[str, ...]) -> list[str]:
        """Return the paths of the kit's SVG files whose kind is one of `kinds`, in order."""
        return [
            entry["path"]
            for entry in self.manifest.get("files", [])
            if entry["path"].endswith(".svg") and entry.get("kind") in kinds
        ]

    def svg_text(self, relative: str) -> str:
        """Return the text of the kit's SVG file `relative` (QuarryError if it is missing)."""
        path = self.root / relative
        try:
            return path.read_text(encoding="utf-8")
        except (FileNotFoundError, IsADirectoryError, UnicodeDecodeError):
            raise QuarryError(
                f"the manifest lists {relative} but the file is missing or unreadable",
                where=str(self.root),
            ) from None

    def card_bleed(self) -> float:
        """Return the bleed (mm) the kit's card SVGs already carry: the bleed of the sheet
        layout the kit was written with (0 for a layout Quarry does not know)."""
        from generator.render.layouts import LayoutBook

        book = LayoutBook()
        sheet = self.manifest.get("sheet", "default")
        return book.sheet(sheet).bleed if sheet in book.names("sheet") else 0.0


def open_kit(path: Path) -> Kit:
    """Return the kit at `path`; QuarryError (one line) for a folder that is not a kit
    written by `quarry kit`, `quarry cards` or `quarry tile`."""
    root = Path(path)
    if not root.is_dir():
        raise QuarryError("is not a folder; give a kit folder such as output/fugitive",
                          where=str(root))  # fmt: skip
    manifest_path = root / "manifest.json"
    if not manifest_path.is_file():
        raise QuarryError(
            "has no manifest.json: not a kit folder (write one with quarry kit GAME)",
            where=str(root),
        )
    try:
        manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise QuarryError(f"manifest.json is not JSON ({error})", where=str(root)) from None
    if not isinstance(manifest, dict) or "quarry" not in manifest or "files" not in manifest:
        raise QuarryError("manifest.json is not a Quarry kit manifest", where=str(root))
    kind = manifest.get("kind")
    if kind not in EXPORTABLE:
        raise QuarryError(
            f"is a {kind!r} folder; exports take a kit written by quarry kit, quarry cards "
            "or quarry tile",
            where=str(root),
        )
    return Kit(root, manifest)


def file_entry(path: Path, relative: str, kind: str, **extra) -> dict:
    """Return the manifest entry of the file at `path`, named `relative` in the kit."""
    data = path.read_bytes()
    return {
        "path": relative,
        "kind": kind,
        "bytes": len(data),
        "sha256": hashlib.sha256(data).hexdigest(),
        **extra,
    }


class KitAddition:
    """New files for the folder `folder` of a kit, published all or nothing.

    Use as a context manager: `path(name)` gives where to write a file inside the staging
    folder, `add(name, kind, **extra)` records it; on a clean exit the staging folder
    replaces KIT/`folder`/ and the manifest lists the new files instead of the old ones.
    """

    def __init__(self, kit: Kit, folder: str) -> None:
        self.kit = kit
        self.folder = folder
        self.entries: list[dict] = []
        self._stage: Path | None = None

    def __enter__(self) -> "KitAddition":
        try:
            with output_errors(self.kit.root), deferred():  # a signal never leaves it behind
                self._stage = Path(tempfile.mkdtemp(prefix=f".{self.folder}.", dir=self.kit.root))
                self._stage.chmod(0o777 & ~umask())
        except BaseException:
            self._discard()
            raise
        return self

    def path(self, name: str) -> Path:
        """Return where to write `name` (a plain file name) in the staging folder."""
        assert self._stage is not None and "/" not in name and not name.startswith(".")
        return self._stage / name

    def add(self, name: str, kind: str, **extra) -> None:
        """Record the file `name`, already written at path(name), with its kind and extras."""
        relative = f"{self.folder}/{name}"
        progress.note(relative)
        progress.advance("files")
        self.entries.append(file_entry(self.path(name), relative, kind, **extra))

    def __exit__(self, exc_type, exc, tb) -> None:
        assert self._stage is not None
        if exc_type is not None:
            self._discard()
            if isinstance(exc, OSError) and (mapped := output_error(exc, self.kit.root)):
                raise mapped from None
            return
        try:
            with output_errors(self.kit.root), deferred():  # renamed whole, never half
                self._publish()
        except BaseException:
            self._discard()
            raise

    def _discard(self) -> None:
        """Remove the staging folder, whole even if a signal comes."""
        if self._stage is not None:
            with deferred():
                shutil.rmtree(self._stage, ignore_errors=True)

    def _publish(self) -> None:
        root, folder = self.kit.root, self.folder
        manifest = dict(self.kit.manifest)
        kept = [e for e in manifest["files"] if not e["path"].startswith(f"{folder}/")]
        manifest["files"] = sorted([*kept, *self.entries], key=lambda e: e["path"])
        text = json.dumps(manifest, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
        new_manifest = self._stage / ".manifest.json"
        new_manifest.write_text(text, encoding="utf-8")
        final = root / folder
        old = None
        if final.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{folder}.old.", dir=root))
            os.replace(final, old / folder)
        staged = False
        try:
            os.replace(new_manifest, root / ".manifest.json.new")
            os.replace(self._stage, final)
            staged = True
            os.replace(root / ".manifest.json.new", root / "manifest.json")
        except BaseException:  # put the kit back as it was
            (root / ".manifest.json.new").unlink(missing_ok=True)
            if staged:
                os.replace(final, self._stage)
            if old is not None:
                os.replace(old / folder, final)
                os.rmdir(old)
            raise
        self.kit.manifest.clear()
        self.kit.manifest.update(manifest)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
