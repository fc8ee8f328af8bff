"""The route-map designer's knobs: the constraint language, its parsing and the limits.

Words used below: an *arrow* is a Walk or a Fly arrow of the map; a *move* follows one
arrow; "A reaches B" means some sequence of one or more moves (any mix of Walk and Fly)
leads from A to B. The Lair has only its Fly arrow.

The constraint language (case and spaces are ignored; K is a whole number, OP is >=, <=
or =):

  town-reachable     every location reaches Town
  all-reachable      Town reaches every other location (no location is out of play)
  no-dead-end        every location reaches at least two locations other than itself
                     (so no location whose arrows only lead back to itself, and no pair
                     of locations whose arrows only lead to each other)
  walk-fly-differ    from Town, Hills, Woods and Sea, Walk and Fly lead to different places
  no-loops           no arrow leads from a location to itself (same as loops<=0)
  town-revisits OP K K of the four other locations (Hills, Woods, Sea, Lair) have an
                     arrow (Walk or Fly) straight into Town; K 0 to 4
  lair-return OP K   the fewest moves from the Lair back to Town is K; K 0 to 4 (a Lair
                     that cannot get back to Town at all counts as infinitely far: it
                     meets >=, never <= or =)
  loops OP K         the map has K loops (arrows from a location to itself); K 0 to 9,
                     and K above 0 needs loops allowed (--loops)

Whether loops are allowed at all is the game option (`loops`, the CLI's --loops), not a
constraint. Unknown text or a number out of range raises QuarryError before any solving;
a set of constraints no map can meet raises QuarryError naming a smallest conflicting set.
"""

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from generator.errors import QuarryError

MAX_CANDIDATES = 50
MAX_GAMES = 100_000

# constraints without a number; those with one -> (lowest K, highest K)
_FLAGS = ("town-reachable", "all-reachable", "no-dead-end", "walk-fly-differ", "no-loops")
_BOUNDS = {"town-revisits": (0, 4), "lair-return": (0, 4), "loops": (0, 9)}
ACCEPTED = (
    "town-reachable, all-reachable, no-dead-end, walk-fly-differ, no-loops, "
    "town-revisits>=K|<=K|=K (K 0-4), lair-return>=K|<=K|=K (K 0-4), "
    "loops>=K|<=K|=K (K 0-9)"
)
_NUMERIC = re.compile(r"^([a-z][a-z-]*[a-z])(>=|<=|==|=)(-?\d+)$", re.ASCII)


@dataclass(frozen=True)
class DesignConstraint:
    """One parsed designer constraint: `name` alone, or `name op value`; and the text it was
    written as (not compared: two spellings of one constraint are the same constraint)."""

    name: str
    op: str | None = None
    value: int | None = None
    written: str = field(default="", compare=False)

    @property
    def text(self) -> str:
        """Return the constraint as written canonically (e.g. 'town-revisits>=2')."""
        return self.name if self.op is None else f"{self.name}{self.op}{self.value}"

    @property
    def label(self) -> str:
        """Return the constraint as messages name it: as it was written."""
        return self.written or self.text


def parse_constraint(text: str, loops: bool = True) -> DesignConstraint:
    """Return the constraint written as `text`; QuarryError if it is not in the language."""
    compact = re.sub(r"\s+", "", str(text)).lower()
    written = str(text).strip()
    if compact in _FLAGS:
        return DesignConstraint(compact, written=written)
    match = _NUMERIC.match(compact)
    if not match or match.group(1) not in _BOUNDS:
        raise QuarryError(f"unknown constraint {text!r}; accepted: {ACCEPTED}")
    name, op, number = match.group(1), match.group(2), int(match.group(3))
    op = "=" if op == "==" else op
    low, high = _BOUNDS[name]
    if not low <= number <= high:
        raise QuarryError(f"constraint {text!r}: K must be {low} to {high}")
    if name == "loops" and not loops and number > 0 and op != "<=":
        raise QuarryError(f"constraint {text!r} needs loops allowed (--loops)")
    return DesignConstraint(name, op, number, written)


def parse_constraints(texts: Sequence[str], loops: bool = True) -> list[DesignConstraint]:
    """Return the constraints written in `texts`, parsed, duplicates dropped, order kept."""
    parsed: dict[str, DesignConstraint] = {}
    for text in texts:
        constraint = parse_constraint(text, loops)
        parsed.setdefault(constraint.text, constraint)
    return list(parsed.values())
