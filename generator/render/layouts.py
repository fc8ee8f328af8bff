"""Layouts: paper sizes, card formats, sheet impositions and board tiling, read from TOML.

Every layout file holds tables named `[<kind>.<name>]`, for example `[card.poker]`. An entry
may say `extends = "parent"` or `extends = ["a", "b"]`: parents are applied in order (a later
parent overrides an earlier one) and the entry's own keys override them all. Lengths carry
their unit ("63mm", "2.5in", "12pt"). The built-in files in layouts/ load first; a user's
file loads after them, so it can add entries, replace them, or extend them.
"""

from dataclasses import MISSING, dataclass, fields
from pathlib import Path

from generator.errors import QuarryError
from generator.render.units import parse_length
from generator.resources import resource_dir
from generator.tomlfile import read_toml

LENGTH, BOOL, TEXT = "length", "bool", "text"

# Each kind: its fields with their type, and which fields an entry must end up with.
SCHEMA: dict[str, dict[str, str]] = {
    "paper": {"width": LENGTH, "height": LENGTH, "description": TEXT},
    "card": {"width": LENGTH, "height": LENGTH, "corner_radius": LENGTH, "description": TEXT},
    "sheet": {
        "margin": LENGTH,
        "footer_band": LENGTH,
        "gap": LENGTH,
        "bleed": LENGTH,
        "crop_marks": BOOL,
        "crop_mark_offset": LENGTH,
        "crop_mark_length": LENGTH,
        "back_offset_x": LENGTH,
        "back_offset_y": LENGTH,
        "fold_gutter": LENGTH,
        "footer_size": LENGTH,
        "description": TEXT,
    },
    "tiling": {
        "margin": LENGTH,
        "footer_band": LENGTH,
        "overlap": LENGTH,
        "mark_size": LENGTH,
        "footer_size": LENGTH,
        "description": TEXT,
    },
}


@dataclass(frozen=True)
class Paper:
    name: str
    width: float
    height: float
    description: str = ""

    def landscape(self) -> "Paper":
        """Return the same paper turned on its side (width and height swapped)."""
        return Paper(self.name, self.height, self.width, self.description)


@dataclass(frozen=True)
class CardFormat:
    name: str
    width: float
    height: float
    corner_radius: float = 3.0
    description: str = ""


@dataclass(frozen=True)
class SheetLayout:
    name: str
    margin: float
    footer_band: float
    gap: float
    bleed: float
    crop_marks: bool
    crop_mark_offset: float
    crop_mark_length: float
    back_offset_x: float
    back_offset_y: float
    fold_gutter: float
    footer_size: float
    description: str = ""


@dataclass(frozen=True)
class TilingLayout:
    name: str
    margin: float
    footer_band: float
    overlap: float
    mark_size: float
    footer_size: float
    description: str = ""


_CLASSES = {"paper": Paper, "card": CardFormat, "sheet": SheetLayout, "tiling": TilingLayout}


@dataclass
class _Entry:
    values: dict
    source: Path


class LayoutBook:
    """All layout entries known to a run: the built-in ones plus any user files."""

    def __init__(self, extra_files: list[Path] | tuple[Path, ...] = ()) -> None:
        self._entries: dict[str, dict[str, _Entry]] = {kind: {} for kind in SCHEMA}
        for path in sorted(resource_dir("layouts").glob("*.toml")):
            self._load(path)
        for path in extra_files:
            self._load(Path(path))

    def _load(self, path: Path) -> None:
        table = read_toml(path)
        for kind, entries in table.items():
            if kind not in SCHEMA:
                known = ", ".join(f"[{k}.NAME]" for k in SCHEMA)
                raise QuarryError(
                    f"unknown layout kind [{kind}]; expected {known}", where=str(path)
                )
            if not isinstance(entries, dict):
                raise QuarryError(f"[{kind}] must hold named tables", where=str(path))
            for name, values in entries.items():
                if not isinstance(values, dict):
                    raise QuarryError(f"{kind}.{name} must be a table", where=str(path))
                for key in values:
                    if key != "extends" and key not in SCHEMA[kind]:
                        accepted = ", ".join(["extends", *SCHEMA[kind]])
                        raise QuarryError(
                            f"[{kind}.{name}] has unknown key {key!r}; accepted: {accepted}",
                            where=str(path),
                        )
                self._entries[kind][name] = _Entry(values, path)

    def names(self, kind: str) -> list[str]:
        """Return the sorted names of every entry of `kind`."""
        return sorted(self._entries[kind])

    def _merged(self, kind: str, name: str, chain: tuple[str, ...]) -> tuple[dict, Path]:
        entries = self._entries[kind]
        if name not in entries:
            known = ", ".join(self.names(kind))
            where = None
            if chain:
                where = f"{entries[chain[-1]].source} [{kind}.{chain[-1]}]"
                message = f"extends {name!r}, which is not a known {kind}; known: {known}"
            else:
                message = f"unknown {kind} {name!r}; known: {known}"
            raise QuarryError(message, where=where)
        if name in chain:
            cycle = " -> ".join([*chain[chain.index(name) :], name])
            raise QuarryError(
                f"layout entries extend each other in a cycle: {cycle}",
                where=f"{entries[name].source} [{kind}.{name}]",
            )
        entry = entries[name]
        parents = entry.values.get("extends", [])
        if isinstance(parents, str):
            parents = [parents]
        if not isinstance(parents, list) or not all(isinstance(p, str) for p in parents):
            raise QuarryError(
                "extends must be a name or a list of names", where=f"{entry.source} [{kind}.{name}]"
            )
        merged: dict = {}
        for parent in parents:
            merged.update(self._merged(kind, parent, (*chain, name))[0])
        merged.update({k: v for k, v in entry.values.items() if k != "extends"})
        return merged, entry.source

    def get(self, kind: str, name: str):
        """Return the entry `name` of `kind` with its parents applied, as a typed layout."""
        if kind not in SCHEMA:
            raise ValueError(f"no layout kind {kind!r}")
        values, source = self._merged(kind, name, ())
        where = f"{source} [{kind}.{name}]"
        converted: dict = {"name": name}
        for key, value in values.items():
            kind_of_value = SCHEMA[kind][key]
            if kind_of_value == LENGTH:
                converted[key] = parse_length(value, where=f"{where} {key}")
            elif kind_of_value == BOOL:
                if not isinstance(value, bool):
                    raise QuarryError(f"{key} must be true or false, got {value!r}", where=where)
                converted[key] = value
            else:
                converted[key] = str(value)
        cls = _CLASSES[kind]
        missing = [
            f.name
            for f in fields(cls)
            if f.name not in converted and f.name != "name" and f.default is MISSING
        ]
        if missing:
            raise QuarryError(f"missing {', '.join(missing)}", where=where)
        return cls(**converted)

    def paper(self, name: str) -> Paper:
        """Return the paper size `name` (a4, letter, a3, tabloid, or a user's)."""
        return self.get("paper", name)

    def card(self, name: str) -> CardFormat:
        """Return the card format `name` (poker, poker-in, bridge, mini, or a user's)."""
        return self.get("card", name)

    def sheet(self, name: str) -> SheetLayout:
        """Return the sheet imposition `name`."""
        return self.get("sheet", name)

    def tiling(self, name: str) -> TilingLayout:
        """Return the board tiling layout `name`."""
        return self.get("tiling", name)
