"""The route-map drawings read cleanly on every legal map: no arrowhead lands on another
arrow's end, and no arrow runs through a place's name or another place's badge.

Checked on every map of map_table (loops off and on) at every size the pages draw: the map
sheet (the route sheet and the kit's drawing, A4 and Letter) and the small maps with arrows
(the book's solutions and instructions, the reference card).

The drawing places the ends of the arrows at one place from the arrows at that place
alone (map_layout.end_angles), and shapes an arrow from its two end angles alone
(map_layout.arrow_shape). So the maps fall into groups that draw alike there: the test
finds, with numpy, every distinct set of ends at each place over all the maps, and every
distinct (arrow, tail angle, head angle); it checks each once, and counts a map as failing
when any of its places or arrows fails. A sample of whole maps is also checked directly
through route_map_geometry, which the drawing uses.

D, the least distance from an arrowhead's tip to another arrow's tail or tip, is one head
length of the drawing (3 mm on the map sheet, a quarter of the badge radius on a small
map): a head is that long, so a tip any nearer puts the head over the other arrow's end.
"""

import math

import numpy as np
import pytest

from generator.games.hunt.art import mini_layout, sheet_layout
from generator.games.hunt.map_layout import (
    MapLayout,
    arrow_shape,
    end_angles,
    ends_at,
    route_map_geometry,
)
from generator.games.hunt.maps import fly_targets, map_table, walk_targets

# (width, height) of the map drawing: the route sheet and the kit's svg/map-figure.svg,
# then the map sheet as the document layer sizes it on A4 and on Letter
SHEETS = {"figure": (180.0, 175.0), "a4": (186.0, 193.472), "letter": (191.9, 175.872)}
# (radius, badge radius, stretch) of the small maps that carry arrows
MINIS = {
    "solutions": (19.0, 4.5, 0.55),  # puzzles/solutions.py
    "reference": (30.0, 6.0, 0.6),  # reference.py, the example map
    "instructions": (34.0, 6.5, 0.55),  # puzzles/book.py, the example arrows
}
LAYOUTS = {f"sheet-{k}": sheet_layout(*v) for k, v in SHEETS.items()} | {
    f"mini-{k}": mini_layout(0.0, 0.0, *v) for k, v in MINIS.items()
}


def candidates(loops: bool) -> list[tuple[int, int, str]]:
    """Every arrow a legal map may hold: (source, target, kind)."""
    walk = [(s, t, "walk") for s in range(4) for t in walk_targets(s, loops)]
    return walk + [(s, t, "fly") for s in range(5) for t in fly_targets(s, loops)]


def slots(loops: bool) -> tuple[np.ndarray, list[tuple[int, str]]]:
    """Return (ids, slots): ids[map, j] is the candidate index of the map's arrow in slot j,
    slots[j] its (source, kind)."""
    walk, fly = map_table(loops)
    index = {arrow: i for i, arrow in enumerate(candidates(loops))}
    lookup = np.full((5, 5, 2), -1, dtype=np.int16)
    for (s, t, kind), i in index.items():
        lookup[s, t, int(kind == "fly")] = i
    names = [(s, "walk") for s in range(4)] + [(s, "fly") for s in range(5)]
    columns = [walk[:, s] for s in range(4)] + [fly[:, s] for s in range(5)]
    ids = np.stack(
        [lookup[s, col, int(kind == "fly")] for (s, kind), col in zip(names, columns, strict=True)],
        axis=1,
    )
    return ids, names


def bad_ends(layout: MapLayout, shapes) -> list[str]:
    """Return what is wrong with the ends of `shapes` (one map's arrows): a tip within D of
    another arrow's tail or tip."""
    d = layout.head
    found = []
    for i, a in enumerate(shapes):
        for j, b in enumerate(shapes):
            if i == j:
                continue
            for what, point in (("tail", b.tail), ("tip", b.tip)):
                gap = math.dist(a.tip, point)
                if gap < d - 1e-9:
                    found.append(f"{a.source}>{a.target} {a.kind} tip {gap:.2f} mm from {what}")
    return found


def bad_path(layout: MapLayout, shape, step: float = 0.05) -> str | None:
    """Return why the arrow's path (its curve sampled every `step` mm or closer, and its
    tip) is not clear of every name and every badge, or None."""
    curve = np.array(shape.curve)
    reach = np.hypot(*np.diff(curve, axis=0).T).sum()  # the control polygon: no shorter
    t = np.linspace(0.0, 1.0, int(np.ceil(reach / step)) + 1)[:, None]
    weights = np.hstack([(1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t**2, t**3])
    points = np.vstack([weights @ curve, [shape.tip]])
    x, y = points[:, 0:1], points[:, 1:2]
    boxes = np.array(layout.labels)
    inside = (boxes[:, 0] < x) & (x < boxes[:, 2]) & (boxes[:, 1] < y) & (y < boxes[:, 3])
    centres = np.array(layout.centres)
    within = np.hypot(x - centres[:, 0], y - centres[:, 1]) < layout.r
    arrow = f"{shape.source}>{shape.target} {shape.kind}"
    if inside.any():
        return f"{arrow} crosses the name of place {int(inside.any(axis=0).argmax())}"
    if within.any():
        return f"{arrow} enters the badge of place {int(within.any(axis=0).argmax())}"
    return None


def failing_maps(layout: MapLayout, loops: bool) -> tuple[int, int, list[str]]:
    """Return (maps failing, maps checked, a few reasons) over every map of map_table."""
    cands = candidates(loops)
    ids, names = slots(loops)
    total = len(ids)
    failing = np.zeros(total, dtype=bool)
    reasons: list[str] = []
    angle = []  # per place: (inverse, table[config, candidate] of angles: tail, head)
    for place in range(5):
        touching = [i for i, (s, t, _) in enumerate(cands) if place in (s, t)]
        bit = np.zeros(len(cands), dtype=np.int64)
        bit[touching] = 1 << np.arange(len(touching), dtype=np.int64)
        keys = bit[ids].sum(axis=1)
        _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
        table = np.full((len(first), len(cands), 2), np.nan)
        bad = np.zeros(len(first), dtype=bool)
        for config, row in enumerate(first):
            arrows = [cands[i] for i in ids[row]]
            shapes = route_map_geometry(arrows, layout)
            here = [s for s in shapes if place in (s.source, s.target)]
            problems = bad_ends(layout, here)
            if problems:
                bad[config] = True
                reasons += problems[:1]
            for end, value in end_angles(layout, place, ends_at(arrows, place)).items():
                table[config, cands.index(end[:3]), int(end[3])] = value
        failing |= bad[inverse.ravel()]
        angle.append((inverse.ravel(), table))
    values = np.unique(np.concatenate([table[~np.isnan(table)] for _, table in angle]))
    codes = [np.searchsorted(values, np.nan_to_num(table)) for _, table in angle]
    size = len(values)
    targets = np.array([t for _, t, _ in cands])
    for j, (source, _) in enumerate(names):
        cand = ids[:, j].astype(np.int64)
        tail = codes[source][angle[source][0], cand, 0]
        head = np.zeros(total, dtype=np.int64)
        for target in range(5):
            rows = targets[cand] == target
            head[rows] = codes[target][angle[target][0][rows], cand[rows], 1]
        keys = (cand * size + tail) * size + head
        unique, inverse = np.unique(keys, return_inverse=True)
        bad = np.zeros(len(unique), dtype=bool)
        for k, key in enumerate(unique):
            c, rest = divmod(int(key), size * size)
            s, t, kind = cands[c]
            shape = arrow_shape(layout, s, t, kind, values[rest // size], values[rest % size])
            problem = bad_path(layout, shape)
            if problem:
                bad[k] = True
                reasons.append(problem)
        failing |= bad[inverse.ravel()]
    return int(failing.sum()), total, reasons


@pytest.mark.parametrize("loops", [False, True], ids=["no-loops", "loops"])
@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_every_legal_map_draws_cleanly(name: str, loops: bool) -> None:
    layout = LAYOUTS[name]
    failing, total, reasons = failing_maps(layout, loops)
    assert total == (800_000 if loops else 82_944)
    assert failing == 0, f"{failing} of {total} maps: {sorted(set(reasons))[:8]}"


@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_whole_maps_checked_directly(name: str) -> None:
    """Whole maps drawn as the pages draw them (no grouping): ends and paths are clear."""
    layout = LAYOUTS[name]
    rng = np.random.default_rng(10)
    walk, fly = map_table(True)
    for row in rng.choice(len(walk), 150, replace=False):
        arrows = [(s, int(walk[row, s]), "walk") for s in range(4)]
        arrows += [(s, int(fly[row, s]), "fly") for s in range(5)]
        shapes = route_map_geometry(arrows, layout)
        assert [(s.source, s.target, s.kind) for s in shapes] == arrows
        assert bad_ends(layout, shapes) == []
        assert [bad_path(layout, s) for s in shapes] == [None] * 9


def test_the_checks_catch_a_head_on_a_tail_and_a_crossed_name() -> None:
    """The checks are not blind: an arrow forced onto another's end, or through a name."""
    layout = LAYOUTS["mini-reference"]
    walk = arrow_shape(layout, 0, 1, "walk", 0.3, math.pi + 0.3)  # Town>Hills
    back = arrow_shape(layout, 1, 0, "fly", math.pi + 0.3, 0.3)  # Hills>Town, ends swapped
    assert bad_ends(layout, [walk, back])
    down = math.pi / 2  # straight down from Woods, through its name, to the Lair
    assert bad_path(layout, arrow_shape(layout, 2, 4, "fly", down, -math.pi / 2))


def test_heads_stay_readable() -> None:
    """Every drawing's heads are at least 1.35 mm long and its lines at least 0.27 mm wide
    (a clear head and a line that prints on a home printer)."""
    for layout in LAYOUTS.values():
        assert layout.head >= 1.35 - 1e-9 and 0.6 * layout.scale >= 0.27 - 1e-9


ARROWS_PUZZLE = {
    "id": "hunt-hard-2",
    "difficulty": "hard",
    "loops": False,
    "question": "arrows",
    "log": [
        {"turn": t, "aide": "none", "town": t == 1, "move": "walk" if t % 2 else "fly",
         "search": ["hills"], "encounter": False}
        for t in range(1, 6)
    ],
    "answer": {"walk": {"town": "hills", "hills": "sea"}, "fly": {"sea": "lair"}},
}  # fmt: skip


def test_the_pages_draw_their_maps_at_the_sizes_checked_here(monkeypatch, tmp_path) -> None:
    """Every map with arrows that the sheets, the route sheet, the reference card and the
    puzzle book draw has a size this file checks, on A4 and on Letter."""
    from generator.games.hunt import figures
    from generator.games.hunt import print as hunt_print
    from generator.games.hunt.maps import RouteMap
    from generator.games.hunt.puzzles import solutions
    from generator.games.hunt.puzzles.book import write_book

    # the solutions keep their answer maps: one drawn by an earlier test would not be seen
    solutions._answer_map.cache_clear()
    from generator.render.layouts import LayoutBook

    sheets, minis = [], []
    real_sheet, real_mini = figures.sheet_layout, figures.mini_map

    def sheet(width, height):
        sheets.append((width, height))
        return real_sheet(width, height)

    def mini(parent, cx, top, radius, r, route_map=None, stretch=1.0):
        if route_map is not None:
            minis.append((radius, r, stretch))
        return real_mini(parent, cx, top, radius, r, route_map, stretch)

    monkeypatch.setattr(figures, "sheet_layout", sheet)
    monkeypatch.setattr(figures, "mini_map", mini)
    drawn = RouteMap(walk=(1, 0, 3, 2, -1), fly=(4, 3, 0, 1, 2))
    for name in ("a4", "letter"):
        paper = LayoutBook().paper(name)
        hunt_print.write_sheets(tmp_path / f"sheets-{name}.pdf", paper, 1)
        hunt_print.write_route_map(tmp_path / f"map-{name}.pdf", drawn, paper, 1)
        write_book(tmp_path / f"book-{name}.pdf", paper, [ARROWS_PUZZLE], None)
    figures.map_figure(*hunt_print.MAP_FIGURE_MM, drawn)
    known = list(SHEETS.values())
    assert sheets and all(any(math.dist(s, k) < 0.01 for k in known) for s in sheets), sheets
    assert set(minis) == set(MINIS.values())
