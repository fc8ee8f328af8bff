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
from generator.render.units import fmt, parse_length
from generator.resources import resource_dir
from generator.userfiles import read_toml, shown

LENGTH, BOOL, TEXT = "length", "bool", "text"

# Each kind: its fields with their type, and which fields an entry must end up with.
SCHEMA: dict[str, dict[str, str]] = {
    "paper": {"width": LENGTH, "height": LENGTH, "clear_edge": LENGTH, "description": TEXT},
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
    # The outer band home printers clip on this paper: card sheets keep at least this
    # margin, whatever their sheet layout says (0: the sheet's own margin).
    clear_edge: float = 0.0

    def landscape(self) -> "Paper":
        """Return the same paper turned on its side (width and height swapped)."""
        return Paper(self.name, self.height, self.width, self.description, self.clear_edge)


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

# The lengths (mm) each field accepts; any other length is refused when its file is read.
# Papers: 148 mm a side and A5's area (MIN_PAPER; a kit's one-page guide needs that) to the
# 200 in a PDF viewer must show; cards: 10 mm to half a metre.
_DEFAULT_RANGE = (0.0, 100.0)
MIN_PAPER = (148.0, 210.0)  # A5: the shortest side and the least area a paper may have
RANGES: dict[tuple[str, str], tuple[float, float]] = {
    ("paper", "width"): (MIN_PAPER[0], 5080.0),
    ("paper", "height"): (MIN_PAPER[0], 5080.0),
    ("paper", "clear_edge"): (0.0, 50.0),
    ("card", "width"): (10.0, 500.0),
    ("card", "height"): (10.0, 500.0),
    ("card", "corner_radius"): (0.0, 250.0),
    ("sheet", "bleed"): (0.0, 20.0),
    ("sheet", "back_offset_x"): (-10.0, 10.0),
    ("sheet", "back_offset_y"): (-10.0, 10.0),
    ("sheet", "footer_size"): (1.0, 25.0),
    ("tiling", "footer_size"): (1.0, 25.0),
}
MAX_EXTENDS = 16  # entries in one chain of `extends`, and names in one `extends` list
MAX_ENTRIES = 1000  # entries in one layout file


@dataclass
class _Entry:
    values: dict
    source: Path


class LayoutBook:
    """All layout entries known to a run: the built-in ones plus any user files.

    Every entry is checked when the files are read, whether a run uses it or not: its keys,
    its `extends` (a known parent, no cycle, at most MAX_EXTENDS deep) and each length it
    sets (a unit, and within RANGES). That an entry has every field it needs is checked
    when it is used: an entry may be a partial one that others extend.
    """

    def __init__(self, extra_files: list[Path] | tuple[Path, ...] = ()) -> None:
        self._entries: dict[str, dict[str, _Entry]] = {kind: {} for kind in SCHEMA}
        self._user: list[tuple[Path, str, str]] = []  # (file, kind, first entry of that kind)
        for path in sorted(resource_dir("layouts").glob("*.toml")):
            self._load(path)
        for path in extra_files:
            for kind, name in self._load(Path(path)):
                self._user.append((Path(path), kind, name))
        self._chains: dict[tuple[str, str], tuple[str, ...]] = {}
        self._depths: dict[tuple[str, str], int] = {}  # entries in its longest chain
        for kind, entries in self._entries.items():
            for name, entry in entries.items():
                self._chain(kind, name, ())
                for key, value in entry.values.items():
                    if key not in ("extends", "description"):
                        _convert(kind, key, value, f"{shown(entry.source)} [{kind}.{name}]")
        for kind, entries in self._entries.items():
            for name in entries:
                self._build(kind, name, whole=False)  # a partial entry waits for its use

    def _load(self, path: Path) -> list[tuple[str, str]]:
        """Read the layout file `path`; return each kind it holds with its first entry."""
        table = read_toml(path, "a layout file (TOML)")
        where = shown(path)
        kinds = []
        count = sum(len(entries) for entries in table.values() if isinstance(entries, dict))
        if count > MAX_ENTRIES:
            raise QuarryError(
                f"holds {count} layout entries; a layout file may hold at most {MAX_ENTRIES}",
                where=where,
            )
        for kind, entries in table.items():
            if kind not in SCHEMA:
                known = ", ".join(f"[{k}.NAME]" for k in SCHEMA)
                raise QuarryError(f"unknown layout kind [{kind}]; expected {known}", where=where)
            if not isinstance(entries, dict):
                raise QuarryError(f"[{kind}] must hold named tables", where=where)
            for name, values in entries.items():
                if not isinstance(values, dict):
                    raise QuarryError(f"{kind}.{name} must be a table", where=where)
                for key in values:
                    if key != "extends" and key not in SCHEMA[kind]:
                        accepted = ", ".join(["extends", *SCHEMA[kind]])
                        raise QuarryError(
                            f"[{kind}.{name}] has unknown key {key!r}; accepted: {accepted}",
                            where=where,
                        )
                self._entries[kind][name] = _Entry(values, path)
            if entries:
                kinds.append((kind, next(iter(entries))))
        return kinds

    def check_user_kinds(self, accepted: tuple[str, ...], verb: str) -> None:
        """Raise QuarryError if a user's layout file holds entries of a kind other than
        `accepted`: `verb` (e.g. "quarry cards") would silently not use them."""
        for path, kind, name in self._user:
            if kind not in accepted:
                takes = ", ".join(f"[{k}.NAME]" for k in accepted)
                raise QuarryError(
                    f"[{kind}.{name}]: {verb} does not use {kind} layouts; its --layout files "
                    f"take {takes}",
                    where=shown(path),
                )

    def names(self, kind: str) -> list[str]:
        """Return the sorted names of every entry of `kind`."""
        return sorted(self._entries[kind])

    def _chain(self, kind: str, name: str, below: tuple[str, ...]) -> tuple[str, ...]:
        """Return the entries `name` takes its values from, first to last (parents in
        order, each after its own parents; `name` last). QuarryError for an unknown parent,
        a cycle or a chain deeper than MAX_EXTENDS; `below` are the entries extending it."""
        entries = self._entries[kind]
        if name in below:
            cycle = " -> ".join([*below[below.index(name) :], name])
            raise QuarryError(
                f"layout entries extend each other in a cycle: {cycle}",
                where=f"{shown(entries[name].source)} [{kind}.{name}]",
            )
        if (kind, name) in self._chains:
            return self._chains[kind, name]
        if len(below) >= MAX_EXTENDS:
            _too_deep(f"{shown(entries[below[0]].source)} [{kind}.{below[0]}]")
        entry = entries[name]
        where = f"{shown(entry.source)} [{kind}.{name}]"
        parents = entry.values.get("extends", [])
        if isinstance(parents, str):
            parents = [parents]
        if not isinstance(parents, list) or not all(isinstance(p, str) for p in parents):
            raise QuarryError("extends must be a name or a list of names", where=where)
        if len(parents) > MAX_EXTENDS:
            raise QuarryError(
                f"extends at most {MAX_EXTENDS} entries, not {len(parents)}", where=where
            )
        chain: list[str] = []
        depth = 0
        for parent in parents:
            if parent not in entries:
                known = ", ".join(self.names(kind))
                raise QuarryError(
                    f"extends {parent!r}, which is not a known {kind}; known: {known}",
                    where=where,
                )
            chain += self._chain(kind, parent, (*below, name))
            depth = max(depth, self._depths[kind, parent])
        if depth + 1 > MAX_EXTENDS:
            _too_deep(where)
        self._depths[kind, name] = depth + 1
        # An entry applied twice counts where it comes last: its values win from there on.
        last_first = dict.fromkeys(reversed([*chain, name]))
        self._chains[kind, name] = tuple(reversed(last_first))
        return self._chains[kind, name]

    def get(self, kind: str, name: str):
        """Return the entry `name` of `kind` with its parents applied, as a typed layout."""
        if kind not in SCHEMA:
            raise ValueError(f"no layout kind {kind!r}")
        if name not in self._entries[kind]:
            known = ", ".join(self.names(kind))
            raise QuarryError(f"unknown {kind} {name!r}; known: {known}")
        return self._build(kind, name, whole=True)

    def _build(self, kind: str, name: str, whole: bool):
        """The entry with its parents applied and checked as a whole; None when it lacks a
        required key and `whole` is False (an entry others extend may be partial)."""
        values: dict = {}
        for link in self._chains[kind, name]:
            values.update(self._entries[kind][link].values)
        values.pop("extends", None)
        source = self._entries[kind][name].source
        where = f"{shown(source)} [{kind}.{name}]"
        converted: dict = {"name": name}
        for key, value in values.items():
            converted[key] = _convert(kind, key, value, where)
        cls = _CLASSES[kind]
        missing = [
            f.name
            for f in fields(cls)
            if f.name not in converted and f.name != "name" and f.default is MISSING
        ]
        if missing:
            if not whole:
                return None
            raise QuarryError(f"missing {', '.join(missing)}", where=where)
        layout = cls(**converted)
        if kind == "paper" and layout.width * layout.height < MIN_PAPER[0] * MIN_PAPER[1]:
            raise QuarryError(
                f"the paper is {fmt(layout.width)} x {fmt(layout.height)} mm; a paper has at "
                f"least the area of A5 ({fmt(MIN_PAPER[0])} x {fmt(MIN_PAPER[1])} mm)",
                where=where,
            )
        if kind == "card" and layout.corner_radius > min(layout.width, layout.height) / 2:
            raise QuarryError(
                f"corner_radius is {fmt(layout.corner_radius)} mm; it may be at most half the "
                f"card's shorter side ({fmt(min(layout.width, layout.height) / 2)} mm)",
                where=where,
            )
        return layout

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


def _convert(kind: str, key: str, value: object, where: str):
    """Return the layout value `value` of field `key` as its type (a length in mm within
    RANGES, a bool, a text); QuarryError naming `where` and the field otherwise."""
    kind_of_value = SCHEMA[kind][key]
    if kind_of_value == BOOL:
        if not isinstance(value, bool):
            raise QuarryError(f"{key} must be true or false, got {value!r}", where=where)
        return value
    if kind_of_value == TEXT:
        return str(value)
    length = parse_length(value, where=f"{where} {key}")
    low, high = RANGES.get((kind, key), _DEFAULT_RANGE)
    if not low <= length <= high:
        article = "an" if kind[0] in "aeiou" else "a"
        raise QuarryError(
            f"{key} is {fmt(length)} mm; {article} {kind}'s {key} must be from {fmt(low)} to "
            f"{fmt(high)} mm",
            where=where,
        )
    return length


def _too_deep(where: str) -> None:
    raise QuarryError(
        f"extends a chain of more than {MAX_EXTENDS} entries; at most {MAX_EXTENDS} are accepted",
        where=where,
    )
