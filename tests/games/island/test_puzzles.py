"""'Where is the quarry?' puzzles: certified by CP-SAT and by a plain search over every walk,
graded by the three solver levels, reproduced from their ids."""

import pytest

from generator.engine.bitboards import bits
from generator.errors import QuarryError
from generator.games import DIFFICULTIES
from generator.games.island import puzzles as P
from generator.games.island.tracking import Track

SEEDS = (0, 1, 2)


@pytest.fixture(scope="module")
def made():
    return {(d, s): P.generate_puzzle(d, s) for d in DIFFICULTIES for s in SEEDS}


def walk_ends(island, square: int, sailed: bool, steps: int, exact: bool) -> set:
    """Return (end, sailed) for every walk of `steps` single steps from `square` (every
    prefix as well when not exact), trying each neighbour and boat link; a walk sails at
    most once, and not at all when its turn has `sailed` already."""
    ends = set()

    def walk(at: int, left: int, sailed: bool) -> None:
        if not exact or left == 0:
            ends.add((at, sailed))
        if left:
            for nxt in island.neighbours(at):
                walk(nxt, left - 1, sailed)
            if not sailed:
                for nxt in island.boat_links(at):
                    walk(nxt, left - 1, True)

    walk(square, steps, sailed)
    return ends


def plain_search(puzzle: P.Puzzle) -> set[str]:
    """Return the names of every square the Hunted can be on now: a depth-first search over
    (time, square, whether his turn has sailed), each move tried walk by walk (a roll begins
    a turn; a Sprint goes on with it), each fact checked square by square."""
    island = puzzle.land()
    moves, facts = P.moves_and_facts(puzzle)
    now, found, seen = len(moves), set(), set()
    starts = [s for s in range(island.size**2) if island.is_land(s)]
    todo = [(0, s, False) for s in starts if facts[0] >> s & 1]
    while todo:
        time, square, sailed = todo.pop()
        if (time, square, sailed) in seen:
            continue
        seen.add((time, square, sailed))
        if time == now:
            found.add(island.name(square))
            continue
        move = moves[time]
        for end, sails in walk_ends(island, square, sailed and not move.fresh, move.steps,
                                    move.exact):  # fmt: skip
            if facts[time + 1] >> end & 1:
                todo.append((time + 1, end, sails))
    return found


def test_every_puzzle_has_one_square_by_a_search_over_every_walk_and_by_cpsat(made):
    for puzzle in made.values():
        assert plain_search(puzzle) == {puzzle.answer}, puzzle.id
        assert P.certify_answer(puzzle) == puzzle.answer, puzzle.id


def test_a_puzzle_is_graded_by_the_lowest_level_that_solves_it(made):
    for (difficulty, _), puzzle in made.items():
        level = P.LEVELS[difficulty]
        assert P.grade(puzzle) == level
        assert P.solve_at_level(puzzle, level) == puzzle.answer
        if level > 1:
            assert P.solve_at_level(puzzle, level - 1) is None


def test_the_levels_are_sound_and_each_finer_than_the_last(made):
    """Every level keeps the squares the exact tracker keeps; level 3 is the tracker."""
    for puzzle in made.values():
        moves, facts = P.moves_and_facts(puzzle)
        track = Track(puzzle.land().geometry, facts[0])
        for time, move in enumerate(moves, 1):
            if move.fresh:
                track.move(move.steps, move.exact)
            else:
                track.extra(move.steps, same_turn=True)
            track.fact(facts[time])
        sweeps = [P.sweep(puzzle, level) for level in (1, 2, 3)]
        for time in range(len(facts)):
            one, two, three = (s[time] for s in sweeps)
            assert three == track.possible_at(time)
            assert three & ~two == 0 and two & ~one == 0


def test_cpsat_refuses_a_puzzle_with_two_answers(made):
    puzzle = made["easy", 0]
    wider = P.Puzzle.from_json(puzzle.to_json())
    wider.hunter[-1] = wider.hunter[-2]  # a different last look: the search says how many
    while len(plain_search(wider)) < 2:
        wider.rolls[-1] = wider.rolls[-1] % 6 + 1
    assert P.certify_answer(wider) is None


def test_an_id_reproduces_its_puzzle_and_the_json_round_trips(made):
    puzzle = made["hard", 1]
    assert puzzle.id == "island-hard-1"
    again = P.generate_puzzle("island-hard-1")
    assert again.to_json() == puzzle.to_json()
    assert P.Puzzle.from_json(puzzle.to_json()).to_json() == puzzle.to_json()


def test_the_trail_shows_the_mark_two_turns_back_after_any_sprint():
    island = {
        "rows": ["~~~~~~", "~JJJJ~", "~JJJJ~", "~JJJJ~", "~JJJJ~", "~~~~~~"],
        "hiding": [],
        "elevation": [],
        "boats": ["B3", "C2", "E3", "C5"],
    }
    puzzle = P.Puzzle(
        "island-easy-0", "easy", island, ["B2"] * 5, [1, 2, 1, 3], [1], {3: "B2", 4: "C3"}, "B2"
    )
    trail = [e for e in P.timeline(puzzle) if e.kind == "trail"]
    # mark 1 at time 0; cycle 1 has a move and a Sprint, so mark 2 is time 2
    assert [(e.cycle, e.time) for e in trail] == [(3, 0), (4, 2)]
    looks = [e.time for e in P.timeline(puzzle) if e.kind == "look"]
    assert looks == [0, 1, 2, 2, 3, 3, 4, 4, 5, 5]


def test_hiding_places_and_elevations_change_what_the_hunter_sees(made):
    puzzle = made["medium", 0]
    island = puzzle.land()
    geo = island.geometry
    some = next(iter(bits(geo.land)))
    plain = P.sight(geo, island, some)
    for hiding in island.hiding:
        far = abs(hiding // island.size - some // island.size) + abs(
            hiding % island.size - some % island.size
        )
        assert bool(plain >> hiding & 1) == (far <= 2)


def test_bad_requests_get_one_clear_error():
    with pytest.raises(QuarryError, match="loops"):
        P.make_puzzles(2, "easy", 1, loops=True)
    with pytest.raises(QuarryError, match="count"):
        P.make_puzzles(0, "easy", 1)
    with pytest.raises(QuarryError, match="difficulty"):
        P.make_puzzles(1, "tricky", 1)
    with pytest.raises(QuarryError, match="island puzzle id"):
        P.generate_puzzle("hunt-easy-3")
    with pytest.raises(ValueError):
        P.Puzzle.from_json({"id": "x"})


def test_make_puzzles_gives_seeds_apart_per_book():
    puzzles = P.make_puzzles(2, "easy", 5)
    assert [p.id for p in puzzles] == ["island-easy-5000", "island-easy-5001"]


def test_worked_solution_starts_at_the_latest_mark_and_ends_at_the_answer(made):
    for puzzle in made.values():
        steps = P.worked_solution(puzzle)
        latest = max(puzzle.trail)
        assert steps[0]["pin"] == puzzle.trail[latest]
        assert steps[-2]["squares"] == [puzzle.answer]
        assert steps[-1]["text"] == f"Answer: {puzzle.answer}."
