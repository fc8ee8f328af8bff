"""The table check: what a table needs to play a game, and whether a kit gives it.

Each game's `table.py` says, from the rules text, the player count and the design (a
designed board, map, deck or variant), what a table needs (`Needs`): the printed pieces,
each with how many (or how much, for coins: their total worth) and, for a piece that stands
on the board, the square it must stand in; and what the players bring that no kit prints
(dice, pencils). This is where a game's component list lives.

A kit builder records what it printed with `KitWriter.provide()` (each count read from what
it drew, never copied from the needs) and hands the needs to `KitWriter.set_table()`: the
manifest keeps both under "table", and the guide says for how many players the kit was
printed and what to bring. `check_table(needs, provided)` lists every shortfall; the tests
hold every kit's manifest against its game's needs.
"""

from __future__ import annotations

from dataclasses import dataclass

# A piece standing in a square leaves this much of the square free on every side, for the
# fingers that pick it up: its footprint is at most the square less twice this.
ROOM_MM = 1.5


@dataclass(frozen=True)
class Piece:
    """A printed thing a table needs: its `name` as the kit provides it, how many (`count`;
    for pieces with a worth, such as coins, the total worth), and for a piece that stands
    on the board, the side of the square it stands in (`square_mm`)."""

    name: str
    count: int
    square_mm: float | None = None
    why: str = ""  # the rule or the design that asks for it


@dataclass(frozen=True)
class Bring:
    """Something the players bring that no kit prints: a die, a pencil each."""

    name: str
    count: int
    why: str = ""

    def text(self) -> str:
        return f"{self.count} x {self.name}" + (f" ({self.why})" if self.why else "")


@dataclass(frozen=True)
class Needs:
    """What a table of `players` needs to play (for a design, when one was given)."""

    players: int
    pieces: tuple[Piece, ...]
    bring: tuple[Bring, ...] = ()

    def to_json(self) -> dict:
        return {
            "players": self.players,
            "pieces": [
                {"name": p.name, "count": p.count, "why": p.why}
                | ({"square_mm": p.square_mm} if p.square_mm is not None else {})
                for p in self.pieces
            ],
            "bring": [{"name": b.name, "count": b.count, "why": b.why} for b in self.bring],
        }


@dataclass(frozen=True)
class Provided:
    """A printed thing a kit gives the table: `count` of it, each worth `worth` (coins;
    1 for anything counted one by one), with its `footprint_mm` (width, depth on the table)
    when it stands on the board."""

    name: str
    count: int
    worth: int = 1
    footprint_mm: tuple[float, float] | None = None

    def to_json(self) -> dict:
        data: dict = {"name": self.name, "count": self.count}
        if self.worth != 1:
            data["worth"] = self.worth
        if self.footprint_mm is not None:
            data["footprint_mm"] = [round(v, 2) for v in self.footprint_mm]
        return data

    @classmethod
    def from_json(cls, data: dict) -> Provided:
        footprint = data.get("footprint_mm")
        return cls(
            data["name"],
            int(data["count"]),
            int(data.get("worth", 1)),
            tuple(footprint) if footprint is not None else None,
        )


def fits(footprint_mm: tuple[float, float], square_mm: float) -> bool:
    """Return True if a piece of `footprint_mm` stands inside a square of `square_mm` with
    ROOM_MM free on every side."""
    return max(footprint_mm) <= square_mm - 2 * ROOM_MM + 1e-9


def check_table(needs: Needs, provided: list[Provided]) -> list[str]:
    """Return every way `provided` falls short of `needs`, one line each (empty: the kit
    serves the table): a piece missing or too few (for coins, too little worth), a piece
    that stands on the board without a footprint, or too big for its square."""
    problems = []
    for piece in needs.pieces:
        mine = [p for p in provided if p.name == piece.name]
        total = sum(p.count * p.worth for p in mine)
        if total < piece.count:
            problems.append(
                f"{piece.name}: the table needs {piece.count}, the kit gives {total}"
                + (f" ({piece.why})" if piece.why else "")
            )
        if piece.square_mm is None:
            continue
        for p in mine:
            if p.footprint_mm is None:
                problems.append(f"{piece.name}: stands on the board but has no footprint")
            elif not fits(p.footprint_mm, piece.square_mm):
                width, depth = p.footprint_mm
                problems.append(
                    f"{piece.name}: {width:g} x {depth:g} mm does not stand in a "
                    f"{piece.square_mm:g} mm square with {ROOM_MM:g} mm free on each side"
                )
    return problems


def table_of(manifest: dict) -> tuple[Needs, list[Provided]]:
    """Return the needs and the pieces a kit's manifest records under "table"."""
    table = manifest["table"]
    needs = table["needs"]
    pieces = tuple(
        Piece(p["name"], int(p["count"]), p.get("square_mm"), p.get("why", ""))
        for p in needs["pieces"]
    )
    bring = tuple(Bring(b["name"], int(b["count"]), b.get("why", "")) for b in needs["bring"])
    provided = [Provided.from_json(p) for p in table["provided"]]
    return Needs(int(needs["players"]), pieces, bring), provided
