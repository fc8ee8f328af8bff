"""Dragon route maps: nine arrows (Walk and Fly from Town, Hills, Woods, Sea; Fly from the Lair).

Locations are ints 0-4 (TOWN, HILLS, WOODS, SEA, LAIR) inside the engine and spelled
town, hills, woods, sea, lair in records, notation and JSON.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # numpy is imported where the table of every map is built, not to replay
    import numpy as np

LOCATIONS = ("town", "hills", "woods", "sea", "lair")
TOWN, HILLS, WOODS, SEA, LAIR = range(5)
NO_ARROW = -1


def location(name: str) -> int:
    """Return the index of the location spelled `name` (ValueError if there is none)."""
    try:
        return LOCATIONS.index(name.strip().lower())
    except ValueError:
        known = ", ".join(LOCATIONS)
        raise ValueError(f"unknown location {name!r}; expected one of {known}") from None


def walk_targets(source: int, loops: bool) -> tuple[int, ...]:
    """Return where a Walk arrow from `source` may lead (never into or out of the Lair)."""
    if source == LAIR:
        return ()
    return tuple(t for t in range(4) if t != source or loops)


def fly_targets(source: int, loops: bool) -> tuple[int, ...]:
    """Return where a Fly arrow from `source` may lead."""
    return tuple(t for t in range(5) if t != source or loops)


@dataclass(frozen=True)
class RouteMap:
    """The Dragon's secret map: walk[loc] and fly[loc] (walk[LAIR] is NO_ARROW)."""

    walk: tuple[int, ...]
    fly: tuple[int, ...]

    def problem(self, loops: bool) -> str | None:
        """Return why this map breaks the rules, or None if it is legal."""
        if len(self.walk) != 5 or len(self.fly) != 5:
            return "a map has a Walk and a Fly arrow for each of the five locations"
        for source in range(5):
            if source == LAIR:
                if self.walk[LAIR] != NO_ARROW:
                    return "the Dragon cannot Walk out of the Lair"
            elif self.walk[source] not in walk_targets(source, loops):
                target = self.walk[source]
                if target == LAIR:
                    return "the Dragon cannot Walk into the Lair"
                return f"Walk from {LOCATIONS[source]} to {_name(target)} is not allowed" + (
                    "" if loops else " (loops are off)"
                )
            if self.fly[source] not in fly_targets(source, loops):
                return (
                    f"Fly from {LOCATIONS[source]} to {_name(self.fly[source])} is not allowed"
                    + ("" if loops else " (loops are off)")
                )
        return None

    def step(self, source: int, fly: bool) -> int:
        """Return where the Dragon lands from `source` by Fly (or Walk)."""
        return self.fly[source] if fly else self.walk[source]

    def arrows(self) -> list[tuple[int, int, str]]:
        """Return the nine arrows as (from, to, "walk"|"fly")."""
        out = [(s, self.walk[s], "walk") for s in range(4)]
        return out + [(s, self.fly[s], "fly") for s in range(5)]

    def arrows_between(self, a: int, b: int) -> list[tuple[int, int]]:
        """Return the arrows joining a and b in either direction, without labels, sorted."""
        found = [(s, t) for s, t, _ in self.arrows() if {s, t} == {a, b} and s != t]
        return sorted(found)

    def to_json(self) -> dict:
        """Return {"walk": {loc: loc}, "fly": {loc: loc}} with spelled locations."""
        return {
            "walk": {LOCATIONS[s]: LOCATIONS[self.walk[s]] for s in range(4)},
            "fly": {LOCATIONS[s]: LOCATIONS[self.fly[s]] for s in range(5)},
        }

    @classmethod
    def from_json(cls, data: object) -> RouteMap:
        """Return the map in `data` ({"walk": {...}, "fly": {...}}); ValueError if malformed."""
        if not isinstance(data, dict) or set(data) != {"walk", "fly"}:
            raise ValueError('a route map is {"walk": {...}, "fly": {...}}')
        walk, fly = [NO_ARROW] * 5, [NO_ARROW] * 5
        for kind, table in (("walk", walk), ("fly", fly)):
            arrows = data[kind]
            if not isinstance(arrows, dict):
                raise ValueError(f"{kind} must map locations to locations")
            for source, target in arrows.items():
                table[location(source)] = location(str(target))
        return cls(tuple(walk), tuple(fly))


def _name(index: int) -> str:
    return LOCATIONS[index] if 0 <= index < 5 else "nowhere"


@cache
def map_table(loops: bool) -> tuple[np.ndarray, np.ndarray]:
    """Return (walk, fly), int8 arrays of shape (N, 5) holding every legal map, N = 82,944
    without loops or 800,000 with loops, in a fixed order (map index = row)."""
    import numpy as np

    options = arrow_options(loops)
    shape = tuple(len(o) for o in options)
    digits = np.unravel_index(np.arange(int(np.prod(shape))), shape)
    columns = [np.asarray(options[i], dtype=np.int8)[digits[i]] for i in range(9)]
    walk = np.stack([*columns[:4], np.full_like(columns[0], NO_ARROW)], axis=1)
    fly = np.stack(columns[4:], axis=1)
    walk.setflags(write=False)
    fly.setflags(write=False)
    return walk, fly


@cache
def arrow_options(loops: bool) -> tuple[tuple[int, ...], ...]:
    """Return where each of the nine arrows may lead (Walk from town to sea, then Fly from
    town to lair): the digits of a map's index, the last varying fastest."""
    return tuple(walk_targets(s, loops) for s in range(4)) + tuple(
        fly_targets(s, loops) for s in range(5)
    )


@cache
def map_count(loops: bool) -> int:
    """Return how many legal maps there are: 82,944 without loops, 800,000 with them."""
    count = 1
    for options in arrow_options(loops):
        count *= len(options)
    return count


def map_at(index: int, loops: bool) -> RouteMap:
    """Return the map at row `index` of map_table(loops), decoded from the index alone
    (0 <= index < map_count(loops))."""
    targets = [NO_ARROW] * 9
    for arrow, options in zip(range(8, -1, -1), reversed(arrow_options(loops)), strict=True):
        index, digit = divmod(index, len(options))
        targets[arrow] = options[digit]
    return RouteMap((*targets[:4], NO_ARROW), tuple(targets[4:]))


def map_index(route_map: RouteMap, loops: bool) -> int:
    """Return the row of `route_map` in map_table(loops)."""
    options = arrow_options(loops)
    targets = list(route_map.walk[:4]) + list(route_map.fly)
    index = 0
    for choice, allowed in zip(targets, options, strict=True):
        index = index * len(allowed) + allowed.index(choice)
    return index


def random_map(rng: np.random.Generator, loops: bool) -> RouteMap:
    """Return a map drawn uniformly from every legal map."""
    walk = tuple(int(rng.choice(walk_targets(s, loops))) for s in range(4)) + (NO_ARROW,)
    fly = tuple(int(rng.choice(fly_targets(s, loops))) for s in range(5))
    return RouteMap(walk, fly)


@dataclass(frozen=True)
class MapDesign:
    """A designed route map as its file holds it: the map and whether loops are allowed
    in the round it is played (announced to the Knight)."""

    route_map: RouteMap
    loops: bool

    def to_json(self) -> dict:
        """Return {"loops": bool, "map": {"walk": {...}, "fly": {...}}} (map.json)."""
        return {"loops": self.loops, "map": self.route_map.to_json()}

    @classmethod
    def from_json(cls, data: object) -> MapDesign:
        """Return the design in `data`: a map file ({"loops": bool, "map": {...}}) or the
        route generator's routes.json (its best map, ranked first); ValueError if it is
        neither, or if the map breaks the rules."""
        if isinstance(data, dict) and "ranked" in data:  # routes.json: take the best
            ranked = data["ranked"]
            if not isinstance(ranked, list) or not ranked or not isinstance(ranked[0], dict):
                raise ValueError("routes.json ranks no map")
            data = {"loops": data.get("loops", False), "map": ranked[0].get("map")}
        if not isinstance(data, dict) or set(data) != {"loops", "map"}:
            raise ValueError(
                'a route map file is {"loops": false, "map": {"walk": ..., "fly": ...}}'
            )
        if not isinstance(data["loops"], bool):
            raise ValueError("loops must be true or false")
        route_map = RouteMap.from_json(data["map"])
        reason = route_map.problem(data["loops"])
        if reason:
            raise ValueError(reason)
        return cls(route_map, data["loops"])


def load_map_design(path) -> MapDesign:
    """Return the route map design in the JSON file `path` (QuarryError naming the file if
    it is unreadable or not a legal map)."""
    from generator.errors import QuarryError
    from generator.userfiles import read_json, shown

    data = read_json(path, "a route map (JSON)")
    try:
        return MapDesign.from_json(data)
    except ValueError as error:
        raise QuarryError(str(error), where=shown(path)) from None


ROUTES_FILE = "routes.json"  # every candidate `generate routes` ranked, beside map.json


def load_designed_maps(path) -> tuple[bool, tuple[RouteMap, ...]]:
    """Return (loops, the maps) of a design for play: a routes.json gives every map it
    ranks, best first; a map file (map.json) its one map. QuarryError naming the file if it
    is unreadable, neither, or holds a map that breaks the rules."""
    from generator.errors import QuarryError
    from generator.userfiles import read_json, shown

    data = read_json(path, "a route map (JSON)")
    try:
        if isinstance(data, dict) and "ranked" in data:
            ranked = data["ranked"]
            if not isinstance(ranked, list) or not ranked:
                raise ValueError("routes.json ranks no map")
            loops = data.get("loops", False)
            maps: list[RouteMap] = []
            for entry in ranked:
                if not isinstance(entry, dict):
                    raise ValueError("each ranked entry of routes.json is an object with a map")
                design = MapDesign.from_json({"loops": loops, "map": entry.get("map")})
                if design.route_map not in maps:
                    maps.append(design.route_map)
            return loops, tuple(maps)
        design = MapDesign.from_json(data)
    except ValueError as error:
        raise QuarryError(str(error), where=shown(path)) from None
    return design.loops, (design.route_map,)
