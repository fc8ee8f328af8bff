"""Route-map design: every map is legal and meets its constraints, checked by plain BFS on the
map (never by the CP-SAT model); the model's counts agree with brute force over map_table."""

import re
from collections import deque
from itertools import combinations

import numpy as np
import pytest
from ortools.sat.python import cp_model

from generator.errors import QuarryError
from generator.games.hunt.design import solving
from generator.games.hunt.design.balance import generate_routes, report_text
from generator.games.hunt.design.solving import build_route_model, design_maps
from generator.games.hunt.design.spec import parse_constraint, parse_constraints
from generator.games.hunt.maps import LAIR, NO_ARROW, TOWN, RouteMap, map_table, random_map
from generator.solve.cpsat import count_solutions, solve
from tests.games import conflicts
from tests.test_cli_errors import assert_nothing_written, one_error_line

ARROWS = [("walk", s) for s in range(4)] + [("fly", s) for s in range(5)]


# --- an independent checker: plain Python over the nine arrows ------------------------------
def successors(m: RouteMap, source: int) -> set[int]:
    return {t for t in (m.walk[source], m.fly[source]) if t != NO_ARROW}


def reachable(m: RouteMap, source: int) -> set[int]:
    """Locations reached from `source` in one or more moves (BFS)."""
    seen: set[int] = set()
    queue = deque(successors(m, source))
    while queue:
        here = queue.popleft()
        if here not in seen:
            seen.add(here)
            queue.extend(successors(m, here))
    return seen


def distance(m: RouteMap, start: int, goal: int) -> float:
    """Fewest moves from start to goal (start != goal), inf if none."""
    frontier, seen, moves = {start}, {start}, 0
    while frontier:
        moves += 1
        frontier = {t for s in frontier for t in successors(m, s)} - seen
        if goal in frontier:
            return moves
        seen |= frontier
    return float("inf")


def holds(m: RouteMap, text: str) -> bool:
    text = text.replace(" ", "")
    loops = sum(m.walk[s] == s for s in range(4)) + sum(m.fly[s] == s for s in range(5))
    if text == "town-reachable":
        return all(TOWN in reachable(m, s) for s in range(5) if s != TOWN)
    if text == "all-reachable":
        return reachable(m, TOWN) >= {1, 2, 3, 4}
    if text == "no-dead-end":
        return all(len(reachable(m, s) - {s}) >= 2 for s in range(5))
    if text == "walk-fly-differ":
        return all(m.walk[s] != m.fly[s] for s in range(4))
    if text == "no-loops":
        return loops == 0
    name, op, k = re.fullmatch(r"([a-z-]+)(>=|<=|=)(\d+)", text).groups()
    value = {
        "town-revisits": sum(TOWN in successors(m, s) for s in range(1, 5)),
        "lair-return": distance(m, LAIR, TOWN),
        "loops": loops,
    }[name]
    return {">=": value >= int(k), "<=": value <= int(k), "=": value == int(k)}[op]


def brute_force(loops: bool, fixed: RouteMap, free: list, constraints: list[str]) -> set:
    """Every legal map agreeing with `fixed` except on the `free` arrows, meeting constraints."""
    walk, fly = map_table(loops)
    keep = np.ones(len(walk), dtype=bool)
    for kind, source in ARROWS:
        if (kind, source) not in free:
            table, target = (walk, fixed.walk) if kind == "walk" else (fly, fixed.fly)
            keep &= table[:, source] == target[source]
    maps = [
        RouteMap(tuple(int(v) for v in walk[i]), tuple(int(v) for v in fly[i]))
        for i in np.flatnonzero(keep)
    ]
    return {m for m in maps if all(holds(m, c) for c in constraints)}


def by_model(loops: bool, fixed: RouteMap, free: list, constraints: list[str]) -> list:
    """Every map the CP-SAT model admits, found by blocking clauses (count_solutions)."""
    rm = build_route_model(loops, parse_constraints(constraints, loops))
    rm.fix(fixed, [a for a in ARROWS if a not in free])
    return [rm.route_map(s.values) for s in count_solutions(rm.model, rm.primary, 1000, 10.0)]


def by_enumeration(loops: bool, fixed: RouteMap, free: list, constraints: list[str]) -> list:
    """Every map the CP-SAT model admits, by enumerating all solutions (a second method:
    every auxiliary variable is defined by the arrows, so one solution is one map)."""
    rm = build_route_model(loops, parse_constraints(constraints, loops))
    rm.fix(fixed, [a for a in ARROWS if a not in free])
    found = []

    class Collect(cp_model.CpSolverSolutionCallback):
        def on_solution_callback(self):
            found.append(rm.route_map({v.name: self.value(v) for v in rm.primary}))

    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.cp_model_presolve = False
    solver.parameters.num_workers = 1
    solver.parameters.max_deterministic_time = 10.0  # the same search on any machine
    status = solver.solve(rm.model, Collect())
    assert status in (cp_model.OPTIMAL, cp_model.INFEASIBLE)
    return found


# --- the legality model and each constraint against brute force ----------------------------
@pytest.mark.parametrize("loops", [False, True])
def test_legality_model_counts_match_map_table(loops):
    rng = np.random.default_rng(7)
    for _ in range(3):
        fixed = random_map(rng, loops)
        free = [ARROWS[i] for i in rng.choice(9, size=3, replace=False)]
        expected = brute_force(loops, fixed, free, [])
        found = by_model(loops, fixed, free, [])
        assert len(found) == len(set(found)) == len(expected)
        assert set(found) == expected
        assert all(m.problem(loops) is None for m in expected)


CHECKED = [
    ["town-reachable"],
    ["all-reachable"],
    ["no-dead-end"],
    ["walk-fly-differ"],
    ["no-loops"],
    ["town-revisits>=2"],
    ["town-revisits<=1"],
    ["town-revisits=3"],
    ["lair-return<=1"],
    ["lair-return<=2"],
    ["lair-return>=3"],
    ["lair-return=2"],
    ["loops>=1"],
    ["loops<=1"],
    ["loops=2"],
    ["town-reachable", "no-dead-end", "town-revisits>=2"],
]


@pytest.mark.parametrize("constraints", CHECKED, ids="+".join)
def test_constraint_model_matches_brute_force(constraints):
    rng = np.random.default_rng(CHECKED.index(constraints))
    admitted = rejected = 0
    for loops in (True,) if "loops" in constraints[0] else (False, True):
        for _ in range(3):
            fixed = random_map(rng, loops)
            free = [ARROWS[i] for i in rng.choice(9, size=5, replace=False)]
            found = by_enumeration(loops, fixed, free, constraints)
            expected = brute_force(loops, fixed, free, constraints)
            assert len(found) == len(set(found))
            assert set(found) == expected
            admitted += len(expected)
            rejected += len(brute_force(loops, fixed, free, [])) - len(expected)
    assert admitted and rejected  # the cases tell the constraint's two sides apart


# --- generated maps --------------------------------------------------------------------------
GENERATED = [
    ([], False),
    ([], True),
    (["town-reachable", "no-dead-end"], False),
    (["town-reachable", "all-reachable", "walk-fly-differ", "town-revisits>=3"], False),
    (["lair-return<=2", "town-revisits<=2", "no-dead-end"], False),
    (["lair-return>=3", "town-reachable"], False),
    (["loops>=2", "town-reachable", "no-dead-end"], True),
    (["no-loops", "lair-return=1", "walk-fly-differ"], True),
]


@pytest.mark.parametrize(("constraints", "loops"), GENERATED)
def test_generated_maps_are_legal_distinct_and_meet_constraints(constraints, loops):
    maps = design_maps(constraints, seed=1, loops=loops, candidates=8)
    assert len(maps) == 8
    assert len(set(maps)) == 8
    for m in maps:
        assert m.problem(loops) is None
        for c in constraints:
            assert holds(m, c), (c, m.to_json())


def test_loops_only_with_the_option():
    maps = design_maps([], seed=4, loops=False, candidates=20)
    assert all(holds(m, "no-loops") for m in maps)


def test_fewer_maps_than_asked_when_fewer_exist():
    # Eight loops: all nine arrows but one are loops; the other takes any non-loop target
    # (3 for a Walk, 4 for a Fly): 4*3 + 5*4 = 32 maps, plus the all-loops map.
    maps = design_maps(["loops>=8"], seed=2, loops=True, candidates=50)
    assert len(set(maps)) == len(maps) == 33
    assert design_maps(["loops=9"], seed=2, loops=True, candidates=5) == [
        RouteMap((0, 1, 2, 3, NO_ARROW), (0, 1, 2, 3, 4))
    ]


def test_same_seed_same_maps_and_seeds_vary():
    constraints = ["town-reachable", "no-dead-end"]
    first = design_maps(constraints, seed=11, loops=False)
    assert design_maps(constraints, seed=11, loops=False) == first
    firsts = {design_maps(constraints, seed=s, loops=False, candidates=1)[0] for s in range(6)}
    assert len(firsts) >= 5


# --- refusals --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("constraints", "named", "not_named"),
    [
        (["lair-return<=0"], ["lair-return<=0"], []),
        (
            ["walk-fly-differ", "town-reachable", "no-dead-end", "town-revisits<=0"],
            ["town-reachable", "town-revisits<=0"],
            ["walk-fly-differ", "no-dead-end"],
        ),
        (["town-revisits>=4", "lair-return>=2", "all-reachable"], ["town-revisits>=4"], []),
    ],
)
def test_infeasible_constraints_are_named(constraints, named, not_named):
    with pytest.raises(QuarryError) as caught:
        design_maps(constraints, seed=1, loops=False)
    message = str(caught.value)
    assert "\n" not in message
    assert "no route map meets" in message
    for name in named:
        assert name in message
    for name in not_named:
        assert name not in message


@pytest.mark.parametrize(
    ("text", "loops", "expected"),
    [
        ("town-reachable-ish", False, "unknown constraint"),
        ("lair-return<2", False, "unknown constraint"),
        ("town-revisits>=two", False, "unknown constraint"),
        ("town-revisits>=5", False, "K must be 0 to 4"),
        ("lair-return<=-1", False, "K must be 0 to 4"),
        ("loops>=10", True, "K must be 0 to 9"),
        ("loops>=1", False, "needs loops allowed"),
    ],
)
def test_bad_constraint_text_is_refused_before_solving(text, loops, expected, monkeypatch):
    def no_solving(*args, **kwargs):
        raise AssertionError("solved before refusing")

    monkeypatch.setattr(solving, "solve", no_solving)
    with pytest.raises(QuarryError, match=expected) as caught:
        generate_routes(["town-reachable", text], seed=1, loops=loops)
    assert "\n" not in str(caught.value)
    if expected == "unknown constraint":
        assert "town-revisits>=K" in str(caught.value)


def test_constraint_text_is_normalised():
    assert parse_constraint(" Town-Revisits >= 2 ").text == "town-revisits>=2"
    assert parse_constraint("lair-return==1").text == "lair-return=1"
    assert [c.text for c in parse_constraints(["no-dead-end", "NO-DEAD-END"])] == ["no-dead-end"]


@pytest.mark.parametrize(("candidates", "games"), [(0, 10), (51, 10), (8, 0)])
def test_counts_out_of_range_are_refused(candidates, games):
    with pytest.raises(QuarryError):
        generate_routes([], seed=1, loops=False, candidates=candidates, games=games)


# --- contradictory constraints: one line naming them as written, before any game ----------
def named(message: str) -> list[str]:
    return conflicts.named(message, "route map", r" \(loops (?:allowed|off)\)")


def no_games(route_map, games, seed, loops):
    raise AssertionError("a hunt was played before the conflict was named")


@pytest.mark.parametrize(
    ("texts", "loops", "expected"),
    [
        (["town-revisits>=3", "town-revisits<=1"], False, ["town-revisits>=3", "town-revisits<=1"]),
        (["lair-return=1", "town-reachable", "Lair-Return >= 2"], False,
         ["lair-return=1", "Lair-Return >= 2"]),
        (["loops<=0", "walk-fly-differ", "loops>=2"], True, ["loops<=0", "loops>=2"]),
        (["no-loops", "loops=1"], True, ["no-loops", "loops=1"]),
    ],
)  # fmt: skip
def test_two_constraints_on_one_measure_are_named_as_written(texts, loops, expected):
    with pytest.raises(QuarryError) as caught:
        generate_routes(texts, seed=1, loops=loops, candidates=2, games=1, scorer=no_games)
    assert named(str(caught.value)) == expected


@pytest.mark.parametrize(
    ("texts", "loops", "expected"),
    [
        # the Lair is never Town: it is at least one move away
        (["lair-return<=0", "town-reachable"], False,
         "no route map meets these constraints together (loops off): lair-return<=0; drop"),
        # loops are the command's option (--loops), off unless given
        (["town-reachable", "Loops >= 1"], False, "constraint 'Loops >= 1' needs loops allowed"),
        # the maps have nine arrows: nine loops make every Walk and Fly arrow the same
        (["loops=9", "walk-fly-differ"], True, "(loops allowed): loops=9, walk-fly-differ;"),
    ],
)  # fmt: skip
def test_a_constraint_against_a_limit_of_the_maps_names_the_limit(texts, loops, expected):
    with pytest.raises(QuarryError) as caught:
        generate_routes(texts, seed=1, loops=loops, candidates=2, games=1, scorer=no_games)
    assert expected in str(caught.value) and "\n" not in str(caught.value)


def test_three_constraints_that_conflict_only_together_are_named_together():
    # Three arrows into Town from Hills, Woods, Sea or the Lair, a Lair three moves from
    # Town, and every place reaching Town (loops allowed): any two can hold, not all three.
    three = ["town-reachable", "town-revisits>=3", "lair-return>=3"]
    for pair in combinations(three, 2):
        model = build_route_model(True, parse_constraints(list(pair), True)).model
        assert solve(model, [], 10.0) is not None, pair
    with pytest.raises(QuarryError) as caught:
        generate_routes(["walk-fly-differ", *three], seed=1, loops=True, scorer=no_games)
    assert named(str(caught.value)) == three


def test_a_constraint_written_twice_is_one_constraint():
    texts = ["town-revisits>=3", "Town-Revisits >= 3", "town-revisits>=3"]
    report = generate_routes(texts, seed=1, loops=False, candidates=2, scorer=fake_scorer)
    assert report.constraints == ("town-revisits>=3",) and len(report.ranked) == 2


def test_the_cli_names_contradictory_constraints_in_one_line_and_writes_nothing(quarry, tmp_path):
    out = tmp_path / "out"
    args = ["--games", "1", "--candidates", "1", "--constraint", "town-revisits>=3"]
    done = quarry("generate", "routes", *args, "--constraint", "town-revisits <= 1", "--out", out)
    assert one_error_line(done) == (
        "quarry: error: no route map meets these constraints together (loops off): "
        "town-revisits>=3, town-revisits <= 1; drop or loosen one of them"
    )
    assert_nothing_written(out)


# --- ranking and the report ------------------------------------------------------------------
def fake_scorer(route_map, games, seed, loops):
    """A deterministic stand-in for the Knight: more arrows into Town, more points."""
    value = sum(TOWN in successors(route_map, s) for s in range(1, 5)) + route_map.fly[0] / 10
    return {"value": value, "ci95": [value - 0.5, value + 0.5], "games": games}


def test_generate_routes_ranks_by_dragon_score():
    report = generate_routes(["town-reachable"], seed=1, loops=False, scorer=fake_scorer)
    values = [r.score["value"] for r in report.ranked]
    assert values == sorted(values, reverse=True)
    assert report.best is report.ranked[0]
    assert sorted(r.found for r in report.ranked) == list(range(1, 9))
    assert report.to_json()["ranked"][0]["map"] == report.best.route_map.to_json()
    text = report_text(report)
    assert "town  -walk->" in text and "lair  -fly->" in text
    assert f"{values[0]:.2f} ± 0.50" in text
    assert text.count("-walk->") == 4 * 8 and text.count("-fly->") == 5 * 8


def test_report_says_when_fewer_maps_exist():
    report = generate_routes(["loops=9"], seed=1, loops=True, candidates=3, scorer=fake_scorer)
    assert len(report.ranked) == 1
    assert "only 1 of 3" in report_text(report)


def test_generate_routes_with_the_exact_knight():
    report = generate_routes(["town-reachable"], seed=3, loops=False, candidates=2, games=6)
    assert len(report.ranked) == 2
    for entry in report.ranked:
        low, high = entry.score["ci95"]
        assert low <= entry.score["value"] <= high
        assert entry.route_map.problem(False) is None and holds(entry.route_map, "town-reachable")
    assert report.ranked[0].score["value"] >= report.ranked[1].score["value"]
    again = generate_routes(["town-reachable"], seed=3, loops=False, candidates=2, games=6)
    assert again == report
