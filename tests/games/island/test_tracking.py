"""The tracker against a brute force that walks every path on tiny islands."""

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.engine.bitboards import bits, mask_of
from generator.games.island.board import SEA, Island, parse_square
from generator.games.island.tracking import Track

# Two pieces of land and an islet, joined only by the boats (W B2, N G2, E I5, S C5); water
# at C3 is passable, and the boats' ring links W-N, N-E, E-S, S-W.
TINY = [
    "~~~~~~~~~~~~~~~~",
    "~~~~~~~~~~~~~~~~",
    "~LLL~~LL~~~~~~~~",
    "~LlL~~LL~~~~~~~~",
    "~LLLL~~~~~~~~~~~",
    "~~L~~~~~HH~~~~~~",
]
# One strip of land with a boat at each end and two in the middle: crossings shorten paths.
STRIP = [
    "~~~~~~~~~~~~~~~~",
    "~LLLLLLLLLL~~~~~",
    "~~~~~~~~~~L~~~~~",
]


def tiny_island(rows: list[str], boats: tuple[str, str, str, str]) -> Island:
    """Return a 16 x 16 island drawn by `rows` (the rest sea; lower case is water)."""
    size = 16
    rows = rows + ["~" * size] * (size - len(rows))
    zones, water = [], set()
    for r, row in enumerate(rows):
        for c, char in enumerate(row):
            zones.append(SEA if char == "~" else 0)
            if char.islower():
                water.add(r * size + c)
    island = Island(
        size=size,
        zones=tuple(zones),
        water=frozenset(water),
        camp=(),
        elevation=frozenset(),
        hiding=frozenset(),
        boats=tuple(parse_square(b, size) for b in boats),
    )
    return island


ISLANDS = {
    "tiny": tiny_island(TINY, ("B3", "G3", "J6", "C6")),
    "strip": tiny_island(STRIP, ("B2", "E2", "H2", "K3")),
}


def walk_ends(island: Island, square: int, steps: int, exact: bool, boat: bool) -> frozenset:
    """Return where every walk of `steps` single steps from `square` ends (every prefix too
    when not exact), trying each neighbour and each boat link at every step, one crossing."""
    ends = set()

    def walk(at: int, left: int, crossed: bool) -> None:
        if not exact or left == 0:
            ends.add(at)
        if left == 0:
            return
        for nxt in island.neighbours(at):
            walk(nxt, left - 1, crossed)
        if boat and not crossed:
            for nxt in island.boat_links(at):
                walk(nxt, left - 1, True)

    walk(square, steps, False)
    return frozenset(ends)


def brute_force(island: Island, start: int, ops: list) -> tuple[list[set], list[set]]:
    """Return (forward sets, smoothed sets) by listing every sequence of squares, one per
    time, that walks can join: the forward set at T holds the ends of the sequences that
    fit the facts about times 0..T; the smoothed set holds the squares at T of the
    sequences that fit every fact."""
    moves, facts = [], [start]
    for op in ops:
        if op[0] == "move":
            moves.append(op[1:])
            facts.append(-1)
        elif op[0] == "extra":
            moves.append((op[1], False, False))
            facts.append(-1)
        elif op[0] == "fact":
            facts[-1] &= op[1]
        else:
            facts[op[1]] &= op[2]
    ends = cache(lambda square, move: walk_ends(island, square, *move))
    forward = [set() for _ in facts]
    smoothed = [set() for _ in facts]

    def extend(path: list[int]) -> None:
        t = len(path) - 1
        if not facts[t] >> path[-1] & 1:
            return
        forward[t].add(path[-1])
        if t == len(moves):
            for time, square in enumerate(path):
                smoothed[time].add(square)
            return
        for nxt in ends(path[-1], moves[t]):
            extend(path + [nxt])

    for square in bits(start):
        extend([square])
    return forward, smoothed


def apply(track: Track, ops: list) -> None:
    for op in ops:
        if op[0] == "move":
            track.move(op[1], exact=op[2], boat=op[3])
        elif op[0] == "extra":
            track.extra(op[1])
        elif op[0] == "fact":
            track.fact(op[1])
        else:
            track.fact_at(op[1], op[2])


@st.composite
def histories(draw, island: Island):
    """Draw (start mask, operations) with at most four moves and facts that each rule out a
    few squares (so that some paths usually survive)."""
    squares = bits(island.geometry.passable)
    start = island.geometry.land & ~mask_of(draw(st.sets(st.sampled_from(squares), max_size=8)))
    ops, time = [], 0
    for _ in range(draw(st.integers(1, 9))):
        kind = draw(st.sampled_from(["move", "move", "extra", "fact", "fact-at"]))
        if kind in ("move", "extra") and time == 4:
            kind = "fact"
        removed = mask_of(draw(st.sets(st.sampled_from(squares), max_size=5)))
        if kind == "move":
            ops.append(("move", draw(st.integers(0, 4)), draw(st.booleans()), draw(st.booleans())))
            time += 1
        elif kind == "extra":
            ops.append(("extra", draw(st.integers(1, 2))))
            time += 1
        elif kind == "fact":
            ops.append(("fact", ~removed))
        else:
            ops.append(("fact-at", draw(st.integers(0, time)), ~removed))
    return start, ops


def _check(island: Island, start: int, ops: list) -> None:
    track = Track(island.geometry, start)
    apply(track, ops)
    forward, smoothed = brute_force(island, start, ops)
    assert track.now() == len(forward) - 1
    for time, squares in enumerate(forward):
        assert track.possible_at(time) == mask_of(squares), time
    assert track.possible() == mask_of(forward[-1])
    assert track.on_paths_at() == [mask_of(s) for s in smoothed]
    assert track.consistent() == bool(forward[-1])


@pytest.mark.parametrize("name", sorted(ISLANDS))
def test_the_tracker_keeps_exactly_the_ends_of_the_paths_that_fit_the_facts(name):
    island = ISLANDS[name]

    @settings(max_examples=60, deadline=None)
    @given(histories(island))
    def check(history):
        _check(island, *history)

    check()


def test_one_crossing_per_move_and_none_on_foot():
    island = ISLANDS["strip"]
    west = island.parse("B2")
    track = Track(island.geometry, 1 << west)
    track.move(2)
    names = {island.name(s) for s in bits(track.possible())}
    # two steps along the strip (and back), or a crossing to E2 (north) or K3 (south) first
    assert names == {"B2", "D2", "F2", "K2"}
    foot = Track(island.geometry, 1 << west)
    foot.extra(2)
    assert {island.name(s) for s in bits(foot.possible())} == {"B2", "C2", "D2"}


def test_a_fact_about_the_past_narrows_the_present():
    island = ISLANDS["strip"]
    track = Track(island.geometry, island.geometry.land)
    track.move(1, exact=True, boat=False)
    track.move(1, exact=True, boat=False)
    before = track.possible()
    track.fact_at(0, 1 << island.parse("B2"))
    assert track.possible() == (1 << island.parse("B2")) | (1 << island.parse("D2"))
    assert before & track.possible() == track.possible() != before
    track.fact(1 << island.parse("C2"))
    assert not track.consistent()
    with pytest.raises(ValueError):
        track.fact_at(3, -1)
