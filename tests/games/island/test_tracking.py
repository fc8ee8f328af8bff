"""The tracker against a brute force that walks every path on tiny islands, one boat
crossing a turn whatever moves the turn holds."""

from functools import cache
from itertools import product
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.engine.bitboards import bits, mask_of
from generator.games.island.board import SEA, Island, parse_square
from generator.games.island.bots import Tracker
from generator.games.island.tracking import Track, distinct_starts

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


def walk_ends(island: Island, square: int, crossed: bool, steps: int, exact: bool) -> frozenset:
    """Return (end, crossed) for every walk of `steps` single steps from `square` (every
    prefix too when not exact), trying each neighbour and each boat link at every step; a
    token that has `crossed` in this turn already does not sail again."""
    ends = set()

    def walk(at: int, left: int, crossed: bool) -> None:
        if not exact or left == 0:
            ends.add((at, crossed))
        if left == 0:
            return
        for nxt in island.neighbours(at):
            walk(nxt, left - 1, crossed)
        if not crossed:
            for nxt in island.boat_links(at):
                walk(nxt, left - 1, True)

    walk(square, steps, crossed)
    return frozenset(ends)


def brute_force(island: Island, start: int, ops: list) -> tuple[list[set], list[set]]:
    """Return (forward sets, smoothed sets) by listing every sequence of squares, one per
    time, that walks can join (each walk knowing whether its turn has sailed already): the
    forward set at T holds the ends of the sequences that fit the facts about times 0..T;
    the smoothed set holds the squares at T of the sequences that fit every fact."""
    moves, facts = [], [start]  # moves: (steps, exact, a new turn)
    for op in ops:
        if op[0] == "move":
            moves.append((op[1], op[2], True))
            facts.append(-1)
        elif op[0] == "extra":
            moves.append((op[1], False, not op[2]))
            facts.append(-1)
        elif op[0] == "fact":
            facts[-1] &= op[1]
        else:
            facts[op[1]] &= op[2]
    ends = cache(
        lambda square, crossed, steps, exact: walk_ends(island, square, crossed, steps, exact)
    )
    forward = [set() for _ in facts]
    smoothed = [set() for _ in facts]

    def extend(path: list[int], crossed: bool) -> None:
        t = len(path) - 1
        if not facts[t] >> path[-1] & 1:
            return
        forward[t].add(path[-1])
        if t == len(moves):
            for time, square in enumerate(path):
                smoothed[time].add(square)
            return
        steps, exact, new_turn = moves[t]
        for nxt, sailed in ends(path[-1], crossed and not new_turn, steps, exact):
            extend(path + [nxt], sailed)

    for square in bits(start):
        extend([square], False)
    return forward, smoothed


def apply(track: Track, ops: list) -> None:
    for op in ops:
        if op[0] == "move":
            track.move(op[1], exact=op[2])
        elif op[0] == "extra":
            track.extra(op[1], same_turn=op[2])
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
            ops.append(("move", draw(st.integers(0, 4)), draw(st.booleans())))
            time += 1
        elif kind == "extra":
            ops.append(("extra", draw(st.integers(1, 3)), draw(st.booleans())))
            time += 1
        elif kind == "fact":
            ops.append(("fact", ~removed))
        else:
            ops.append(("fact-at", draw(st.integers(0, time)), ~removed))
    return start, ops


def _check(island: Island, start: int, ops: list) -> None:
    track = Track(island.geometry, start)
    for done in range(len(ops)):  # the smoothed sets asked for after every operation
        apply(track, ops[done : done + 1])
        _, smoothed = brute_force(island, start, ops[: done + 1])
        assert track.on_paths_at() == [mask_of(s) for s in smoothed], done
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


def test_one_crossing_a_turn_whatever_moves_the_turn_holds():
    island = ISLANDS["strip"]
    west = island.parse("B2")
    track = Track(island.geometry, 1 << west)
    track.move(2)
    names = {island.name(s) for s in bits(track.possible())}
    # two steps along the strip (and back), or a crossing to E2 (north) or K3 (south) first
    assert names == {"B2", "D2", "F2", "K2"}
    track.fact(1 << island.parse("B2"))  # he walked there and back: the boat is still his
    track.extra(1, same_turn=True)
    assert {island.name(s) for s in bits(track.possible())} == {"B2", "C2", "E2", "K3"}
    sailed = Track(island.geometry, 1 << west)
    sailed.move(1)
    sailed.fact(1 << island.parse("E2"))  # he sailed W -> N in his roll
    sailed.extra(1, same_turn=True)
    assert {island.name(s) for s in bits(sailed.possible())} == {"D2", "E2", "F2"}
    sailed.extra(1, same_turn=False)  # a later turn (Run for Cover): the boat is open again
    assert island.parse("H2") in bits(sailed.possible())


def test_a_fact_about_the_past_narrows_the_present():
    island = ISLANDS["strip"]
    track = Track(island.geometry, island.geometry.land)
    track.move(1)
    track.move(1)
    before = track.possible()
    track.fact_at(0, 1 << island.parse("C2"))
    assert {island.name(s) for s in bits(track.possible())} == {"C2", "E2", "K3"}  # B2 sails
    assert before & track.possible() == track.possible() != before
    track.fact(1 << island.parse("D2"))
    assert not track.consistent()
    with pytest.raises(ValueError):
        track.fact_at(3, -1)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sets(st.integers(0, 6), min_size=1, max_size=5), min_size=2, max_size=5))
def test_distinct_starts_rules_out_exactly_the_squares_no_assignment_uses(sets):
    starts = {x: mask_of(squares) for x, squares in enumerate(sets)}
    ruled_out = distinct_starts(starts)
    for x in range(len(sets)):
        usable = set()
        for choice in product(*sets):
            if len(set(choice)) == len(choice):
                usable.add(choice[x])
        if not usable:
            continue  # the facts contradict each other: nothing to say
        assert starts[x] & ~ruled_out.get(x, 0) == mask_of(usable), (x, sets)


def test_the_tracker_rules_out_a_start_another_hunted_holds():
    island = ISLANDS["strip"]
    tracker = Tracker()
    view = SimpleNamespace(island=island, log=[("start", 1), ("start", 2)])
    b2, c2 = island.parse("B2"), island.parse("C2")
    view.log += [("fact", 1, 1 << b2), ("fact", 2, (1 << b2) | (1 << c2))]
    tracker.update(view)
    assert tracker.tracks[2].possible() == (1 << b2) | (1 << c2)  # his own facts alone
    assert tracker.settled()[2].possible() == 1 << c2  # B2 is Hunted 1's start
    view.log += [("hmove", 2, 1, True)]
    tracker.update(view)
    names = {island.name(s) for s in bits(tracker.settled()[2].possible())}
    assert names == {"B2", "D2"}  # a step either way from C2, the start left to him


def _path_fits(island: Island, start: int, ops: list, path: list[int]) -> bool:
    """Return True if `path` starts in `start`, fits every fact and each step is a walk of
    its move, crossing when no walk on foot gets there (as the engine counts it)."""
    moves, facts = [], [start]
    for op in ops:
        if op[0] in ("move", "extra"):
            moves.append((op[1], op[2], True) if op[0] == "move" else (op[1], False, not op[2]))
            facts.append(-1)
        elif op[0] == "fact":
            facts[-1] &= op[1]
        else:
            facts[op[1]] &= op[2]
    if len(path) != len(facts) or not all(f >> s & 1 for f, s in zip(facts, path, strict=True)):
        return False
    crossed = False
    for (steps, exact, new_turn), before, after in zip(moves, path, path[1:], strict=False):
        ends = walk_ends(island, before, crossed and not new_turn, steps, exact)
        if (after, False) not in ends and (after, True) not in ends:
            return False
        crossed = (after, False) not in ends
    return True


@pytest.mark.parametrize("name", sorted(ISLANDS))
def test_a_drawn_path_fits_every_fact_and_walks_as_the_engine_does(name):
    """Track.draw, which the table game uses to guess a Hunted person's path again."""
    import random

    island = ISLANDS[name]

    @settings(max_examples=60, deadline=None)
    @given(histories(island), st.integers(0, 1000))
    def check(history, seed):
        start, ops = history
        track = Track(island.geometry, start)
        apply(track, ops)
        if not track.consistent():
            with pytest.raises(ValueError):
                track.draw(random.Random(seed))
            return
        path = track.draw(random.Random(seed))
        assert _path_fits(island, start, ops, path)

    check()
