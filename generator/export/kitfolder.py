"""A kit folder as the exports see it: its manifest read and checked, what it holds (card
faces and backs, decks, boards, tokens), and new files added to it all or nothing.

An export writes its files into a hidden staging folder inside the kit, renames it into
place (replacing an older export of the same name) and then rewrites manifest.json through
a temporary file: an error leaves the kit as it was.
"""

import hashlib
import json
import os
import re
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from generator import progress
from generator.errors import QuarryError
from generator.output import output_error, output_errors, umask
from generator.stopping import deferred
from generator.userfiles import shown

# Manifest kinds an export can read: a game's kit, a custom deck, a tiled board.
EXPORTABLE = ("game", "deck", "board")
BOARD_KINDS = ("board", "mini-board", "track", "score-pad")  # flat sheets that lie on the table
TOKEN_KINDS = ("tokens",)
# What a manifest may list for an export (a custom deck holds at most 5000 cards, each with
# a front and a back; Quarry's game kits hold at most 60 SVGs): more is refused when the
# manifest is read, before anything is drawn.
MAX_DECKS = 100
MAX_DECK_CARDS = 5000
MAX_FILES = 20_000
MAX_PATH = 1000
# An SVG an export draws: at least this on each side (a card also once its bleed is off),
# and at most what a PDF page may be (200 in).
MIN_SVG_MM = 1.0
MAX_SVG_MM = 5080.0
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


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
    _texts: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def name(self) -> str:
        """Return the kit's name (its folder name when it was written)."""
        return str(self.manifest.get("name", self.root.name))

    def decks(self) -> dict[str, list[Card]]:
        """Return each deck recorded in the manifest, by name, as its cards in print order
        (the manifest's shape was checked by open_kit)."""
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
        """Return the text of the kit's SVG file `relative`, read once through
        generator.userfiles (QuarryError if it is missing, outside the kit, too large,
        nested too deep or not a well-formed SVG)."""
        from generator.userfiles import read_svg

        if relative not in self._texts:
            path = self.root / relative
            if not path.exists():
                raise QuarryError(
                    f"the manifest lists {relative} but the file is missing",
                    where=shown(self.root),
                )
            if not path.resolve().is_relative_to(self.root.resolve()):
                raise QuarryError(
                    f"the manifest lists {relative}, which leads outside the kit folder",
                    where=shown(self.root),
                )
            self._texts[relative] = read_svg(path, "an SVG file of the kit")
        return self._texts[relative]

    def svg_size(self, relative: str, bleed: float = 0.0) -> tuple[float, float]:
        """Return the (width, height) in mm of the kit's SVG `relative`, less `bleed` on
        every side; QuarryError naming the file unless both are from MIN_SVG_MM to
        MAX_SVG_MM."""
        from generator.render.svg import svg_size_mm

        where = shown(self.root / relative)
        try:
            width, height = svg_size_mm(self.svg_text(relative))
        except ValueError as error:
            raise QuarryError(str(error), where=where) from None
        trimmed = (width - 2 * bleed, height - 2 * bleed)
        if not all(MIN_SVG_MM <= side <= MAX_SVG_MM for side in (*trimmed, width, height)):
            less = f" less the kit's {bleed:g} mm bleed" if bleed else ""
            raise QuarryError(
                f"is {width:g} x {height:g} mm{less}; an SVG to export is from "
                f"{MIN_SVG_MM:g} to {MAX_SVG_MM:g} mm a side",
                where=where,
            )
        return trimmed

    def picture(self, relative: str, dpi: float, bleed_mm: float = 0.0):
        """Return the kit's SVG `relative` drawn at `dpi` with `bleed_mm` of its edge carried
        outward (render.raster.svg_image); QuarryError naming the file if it cannot be."""
        from generator.render.raster import svg_image

        text = self.svg_text(relative)
        self.svg_size(relative)
        try:
            return svg_image(text, dpi, bleed_mm)
        except Exception as error:  # svglib and reportlab raise all sorts on odd SVGs
            raise QuarryError(
                f"cannot be drawn ({type(error).__name__}: {error})",
                where=shown(self.root / relative),
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
    from generator.userfiles import read_json

    root = Path(path)
    if not root.is_dir():
        raise QuarryError("is not a folder; give a kit folder such as output/fugitive",
                          where=shown(root))  # fmt: skip
    manifest_path = root / "manifest.json"
    if not manifest_path.is_file():
        raise QuarryError(
            "has no manifest.json: not a kit folder (write one with quarry kit GAME)",
            where=shown(root),
        )
    manifest = read_json(manifest_path, "a kit's manifest (JSON)")
    if not isinstance(manifest, dict) or "quarry" not in manifest or "files" not in manifest:
        raise QuarryError("manifest.json is not a Quarry kit manifest", where=shown(root))
    kind = manifest.get("kind")
    if kind not in EXPORTABLE:
        raise QuarryError(
            f"is a {_short(kind)} folder; exports take a kit written by quarry kit, quarry "
            "cards or quarry tile",
            where=shown(root),
        )
    check_manifest(manifest, shown(manifest_path))
    return Kit(root, manifest)


def check_manifest(manifest: dict, where: str) -> None:
    """Raise QuarryError (naming `where`, the manifest, and the field) unless what the
    exports read from `manifest` has the shape Quarry writes: a plain "name", a text
    "sheet", "files" a list of {"path", "kind"} and "decks" names to lists of {"front",
    "back"}, every path a relative path inside the kit, within MAX_FILES, MAX_DECKS and
    MAX_DECK_CARDS."""

    def fail(field_name: str, expected: str, got: object) -> None:
        raise QuarryError(f"{field_name} must be {expected}, got {_short(got)}", where=where)

    if "name" in manifest and not _plain_name(manifest["name"]):
        fail("name", "a plain folder name", manifest["name"])
    if not isinstance(manifest.get("sheet", ""), str):
        fail("sheet", "a sheet layout's name", manifest["sheet"])
    files = manifest["files"]
    if not isinstance(files, list) or len(files) > MAX_FILES:
        fail("files", f"a list of at most {MAX_FILES} files", files)
    for index, entry in enumerate(files):
        if not isinstance(entry, dict) or not isinstance(entry.get("kind"), str):
            fail(f"files[{index}]", 'an object {"path": ..., "kind": ...}', entry)
        if not _plain_path(entry.get("path")):
            fail(f"files[{index}].path", "a relative path inside the kit", entry.get("path"))
    decks = manifest.get("decks") or {}
    if not isinstance(decks, dict) or len(decks) > MAX_DECKS:
        fail("decks", f"an object of at most {MAX_DECKS} decks", decks)
    for name, cards in decks.items():
        if not _plain_name(name):
            fail("a deck's name", "a plain name", name)
        if not isinstance(cards, list) or not 1 <= len(cards) <= MAX_DECK_CARDS:
            fail(f"decks[{name!r}]", f"a list of 1 to {MAX_DECK_CARDS} cards", cards)
        for index, card in enumerate(cards):
            at = f"decks[{name!r}][{index}]"
            if not isinstance(card, dict):
                fail(at, '{"front": ..., "back": ...}', card)
            if not (_plain_path(card.get("front")) and card["front"].endswith(".svg")):
                fail(f"{at}.front", "the path of an SVG in the kit", card.get("front"))
            back = card.get("back")
            if back is not None and not (_plain_path(back) and back.endswith(".svg")):
                fail(f"{at}.back", "the path of an SVG in the kit, or null", back)


def _plain_name(name: object) -> bool:
    """True for a name that can be a file name as it is: no slashes, no leading dot."""
    return (
        isinstance(name, str)
        and 0 < len(name) <= 200
        and not name.startswith(".")
        and "/" not in name
        and "\\" not in name
        and not _CONTROL.search(name)
    )


def _plain_path(path: object) -> bool:
    """True for a relative path inside the kit: plain names joined by "/"."""
    return (
        isinstance(path, str)
        and len(path) <= MAX_PATH
        and all(_plain_name(part) for part in path.split("/"))
    )


def _short(value: object) -> str:
    """Return `value` for a message: its repr, cut to 60 characters."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


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
