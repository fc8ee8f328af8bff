"""Hunting-board design: every board the generator lays out passes a validator written here
from docs/rules/parforce.md, reading the board file's text with plain loops and a BFS (never
board.py's tables nor the CP-SAT model); designer constraints are read, bounded, honoured and,
when they conflict, named; the same seed gives the same board."""

from collections import deque
from fractions import Fraction
from itertools import combinations

import pytest

from generator.errors import QuarryError
from generator.games.parforce.board import default_board, format_board
from generator.games.parforce.design import balance
from generator.games.parforce.design.solving import lay_out, shortest_lap
from generator.games.parforce.design.spec import Spec, check_limits, parse_constraints
from tests.games import conflicts
from tests.games.conflicts import never
from tests.test_cli_errors import assert_nothing_written, one_error_line

KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
STEPS = [(1, 0), (0, 1), (-1, 0), (0, -1)]


# --- the independent validator ----------------------------------------------------------------
def read_grid(text: str) -> tuple[int, bool, dict]:
    """Return (size, clockwise, {(x, y): char}) from a board file's text (x east, y north)."""
    lines = [line.split("%")[0].strip() for line in text.splitlines()]
    lines = [line for line in lines if line]
    size = int(lines[1].split()[1])
    clockwise = lines[2].split()[1] == "clockwise"
    rows = lines[4 : 4 + size]
    grid = {}
    for i, row in enumerate(rows):
        for x, char in enumerate(row.split()):
            grid[x, size - 1 - i] = char
    return size, clockwise, grid


def centre(grid: dict) -> tuple[Fraction, Fraction]:
    """Return the pond's centre: the mean of its squares rounded to the nearest half."""
    pond = [xy for xy, char in grid.items() if char == "~"]
    mean_x = Fraction(sum(x for x, _ in pond), len(pond))
    mean_y = Fraction(sum(y for _, y in pond), len(pond))
    return Fraction(round(2 * mean_x), 2), Fraction(round(2 * mean_y), 2)


def forward_sign(grid, clockwise, square, move) -> int:
    """Return +1 / -1 / 0: the move's component along the hunt's tangent at `square`."""
    cx, cy = centre(grid)
    dx, dy = square[0] - cx, square[1] - cy
    tangent = (dy, -dx) if clockwise else (-dy, dx)
    dot = move[0] * tangent[0] + move[1] * tangent[1]
    return (dot > 0) - (dot < 0)


def connected(squares: set) -> bool:
    """Return True when `squares` form one orthogonally connected piece."""
    start = next(iter(squares))
    seen, queue = {start}, deque([start])
    while queue:
        x, y = queue.popleft()
        for dx, dy in STEPS:
            near = (x + dx, y + dy)
            if near in squares and near not in seen:
                seen.add(near)
                queue.append(near)
    return len(seen) == len(squares)


def lap_length(grid, clockwise, stag) -> int | None:
    """Return the stag's shortest lap in moves: forward knight moves landing on land squares
    (BFS), from c back to c; None if there is none."""
    land = {xy for xy, char in grid.items() if char not in "~#"}
    dist, queue = {stag: 0}, deque([stag])
    while queue:
        here = queue.popleft()
        for move in KNIGHT:
            there = (here[0] + move[0], here[1] + move[1])
            if there not in land or forward_sign(grid, clockwise, here, move) <= 0:
                continue
            if there == stag:
                return dist[here] + 1
            if there not in dist:
                dist[there] = dist[here] + 1
                queue.append(there)
    return None


def problems(text: str) -> list[str]:
    """Return every rule of a hunting board that the board file `text` breaks."""
    size, clockwise, grid = read_grid(text)
    out = []
    where = {char: [xy for xy, c in grid.items() if c == char] for char in "cabk~#"}
    counts = {char: len(where[char]) for char in "cabk"}
    if counts != {"c": 1, "a": 4, "b": 4, "k": 1}:
        out.append(f"start squares {counts}")
        return out
    pond = set(where["~"])
    if not connected(pond):
        out.append("the pond is not one piece")
    cx, cy = centre(grid)
    for xy in grid:
        near = abs(xy[0] - cx) <= Fraction(1, 2) and abs(xy[1] - cy) <= Fraction(1, 2)
        if near and xy not in pond:
            out.append(f"{xy} touches the pond's centre but is dry")
    kx, ky = where["k"][0]
    if 0 < kx < size - 1 and 0 < ky < size - 1:
        out.append("k is not on the edge")
    stag = where["c"][0]
    other = (int(2 * cx) - stag[0], int(2 * cy) - stag[1])
    if grid.get(other, "~") in "~#":
        out.append("the square opposite c is not land on the board")
    for xy in grid:
        if xy in pond and (xy[0] - cx, xy[1] - cy) == (0, 0):
            continue
        signs = {forward_sign(grid, clockwise, xy, step) for step in STEPS}
        if not ({1, -1} <= signs):
            out.append(f"{xy} has no forward or no backward step")
    if lap_length(grid, clockwise, stag) is None:
        out.append("the stag has no lap")
    for char in "abk":
        for x, y in where[char]:
            if max(abs(x - stag[0]), abs(y - stag[1])) <= 1 or {
                abs(x - stag[0]),
                abs(y - stag[1]),
            } == {1, 2}:
                out.append(f"the {char} square {(x, y)} is a king's or knight's move from c")
    return out


def design(constraints, size=9, seed=1):
    """Return (board, its file text) laid out from `constraints`."""
    parsed = parse_constraints(constraints, size)
    board = lay_out(Spec.from_constraints(size, parsed), seed, constraints=parsed)
    return board, format_board(board)


# --- the tests ---------------------------------------------------------------------------------
def test_validator_accepts_the_default_board_and_catches_broken_ones():
    from generator.games.parforce.board import DEFAULT_PATH

    text = DEFAULT_PATH.read_text(encoding="utf-8")
    assert problems(text) == []
    _, clockwise, grid = read_grid(text)
    assert lap_length(grid, clockwise, (4, 8)) == len(shortest_lap(default_board()))
    walled = dict(grid) | {(x, y): "#" for x in (6, 7) for y in range(9)}
    assert lap_length(walled, clockwise, (4, 8)) is None
    moved = text.replace(". . . a k a", ". . . a . a").replace(
        ". . . ~ ~ ~ . . .", ". . k ~ ~ ~ . . .", 1
    )
    assert "k is not on the edge" in problems(moved)


@pytest.mark.parametrize(
    ("size", "constraints", "seed"),
    [
        (7, [], 1),
        (8, ["direction=ccw"], 2),
        (9, [], 3),
        (9, ["pond=9", "thickets=3", "direction=clockwise"], 4),
        (10, ["symmetry=mirror"], 5),
        (11, ["symmetry=rotate", "thickets=2"], 6),
        (12, ["lap>=10", "exits>=3"], 7),
        (13, ["pond>=20", "gap>=4"], 8),
    ],
)
def test_every_board_passes_the_validator_and_honours_its_constraints(size, constraints, seed):
    board, text = design(constraints, size, seed)
    assert problems(text) == []
    n, clockwise, grid = read_grid(text)
    assert n == size
    pond = {xy for xy, char in grid.items() if char == "~"}
    thickets = {xy for xy, char in grid.items() if char == "#"}
    stag = next(xy for xy, char in grid.items() if char == "c")
    low, high = Spec.from_constraints(size, parse_constraints(constraints, size)).pond
    assert low <= len(pond) <= high
    for text_ in constraints:
        name, _, value = text_.partition("=")
        if name == "pond":
            assert len(pond) == int(value)
        if name == "pond>":
            assert len(pond) >= int(value)
        if name == "thickets":
            assert len(thickets) == int(value)
        if name == "direction":
            assert clockwise == (value in ("clockwise", "cw"))
        if name == "lap>":
            assert lap_length(grid, clockwise, stag) >= int(value)
        if name == "exits>":
            ahead = [
                (stag[0] + dx, stag[1] + dy)
                for dx, dy in KNIGHT
                if forward_sign(grid, clockwise, stag, (dx, dy)) > 0
            ]
            assert sum(grid.get(xy, "#") not in "~#" for xy in ahead) >= int(value)
        if name == "gap>":
            for xy, char in grid.items():
                if char in "abk":
                    assert max(abs(xy[0] - stag[0]), abs(xy[1] - stag[1])) >= int(value)
    if "symmetry=mirror" in constraints:
        n1 = size - 1
        images = [
            lambda x, y: (n1 - x, y),
            lambda x, y: (x, n1 - y),
            lambda x, y: (y, x),
            lambda x, y: (n1 - y, n1 - x),
        ]
        k = next(xy for xy, char in grid.items() if char == "k")
        assert any(
            image(*stag) == stag
            and image(*k) == k
            and all(grid[image(*xy)] == char for xy, char in grid.items() if char in "~#ab")
            for image in images
        )
    if "symmetry=rotate" in constraints:
        n1 = size - 1
        assert all(grid[n1 - x, n1 - y] == c for (x, y), c in grid.items() if c in "~#ab")


def test_the_same_seed_gives_the_same_board_and_another_seed_another():
    first, second, other = design([], 9, 11)[1], design([], 9, 11)[1], design([], 9, 12)[1]
    assert first == second
    assert first != other


@pytest.mark.parametrize(
    ("constraints", "named"),
    [
        (["symmetry=rotate", "thickets=1", "pond>=5"], "symmetry=rotate, thickets=1;"),
        (["pond>=20", "pond<=10", "gap>=3"], "pond>=20, pond<=10;"),
    ],
)
def test_constraints_in_conflict_are_named(constraints, named):
    with pytest.raises(QuarryError, match="meets these constraints together") as error:
        design(constraints)
    assert named in str(error.value)


@pytest.mark.parametrize(
    ("constraints", "message"),
    [
        (["moat=3"], "unknown constraint"),
        (["pond>=500"], "K must be 1 to 81"),
        (["exits<=2"], "exits takes >="),
        (["symmetry=spiral"], "write symmetry="),
        (["direction=cw", "direction=ccw"], "together: direction=cw, direction=ccw;"),
        (["lap=x"], "needs a whole number"),
    ],
)
def test_bad_constraints_are_one_line_errors(constraints, message):
    with pytest.raises(QuarryError, match=message) as error:
        parse_constraints(constraints, 9)
    assert "\n" not in str(error.value)


@pytest.mark.parametrize(
    ("size", "target", "games", "message"),
    [
        (6, 0.5, 10, "--size must be 7 to 13"),
        (14, 0.5, 10, "--size must be 7 to 13"),
        (9, 0.0, 10, "--target must lie between 0 and 1"),
        (9, 1.0, 10, "--target must lie between 0 and 1"),
        (9, 0.5, 0, "--games must be from 1"),
        (9, 0.5, 100_001, "--games must be from 1"),
    ],
)
def test_limits_are_checked(size, target, games, message):
    with pytest.raises(QuarryError, match=message):
        check_limits(size, target, games)


def test_a_lap_longer_than_the_board_allows_is_named():
    with pytest.raises(QuarryError, match=r"together: lap>=45, pond>=3 \(default\);"):
        design(["lap>=45"], 7)


# --- contradictory constraints: one line naming them as written, before any game ----------
def named(message: str, size: int = 9) -> list[str]:
    return conflicts.named(message, f"{size} x {size} board", r"(?: \([^)]*\))?")


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        (["pond>=20", "pond<=5"], ["pond>=20", "pond<=5"]),
        (["pond=9", "exits>=3", "Pond = 13"], ["pond=9", "Pond = 13"]),
        (["thickets>=5", "gap>=3", "thickets<=2"], ["thickets>=5", "thickets<=2"]),
        (["lap>=20", "lap<=10"], ["lap>=20", "lap<=10"]),
        (["symmetry=mirror", "Symmetry = rotate"], ["symmetry=mirror", "Symmetry = rotate"]),
        (["direction=cw", "pond>=9", "direction=ccw"], ["direction=cw", "direction=ccw"]),
    ],
)
def test_bounds_on_one_number_that_cross_are_named_before_any_layout(monkeypatch, texts, expected):
    monkeypatch.setattr(balance, "lay_out", never)
    with pytest.raises(QuarryError) as error:
        balance.generate_hunting_board(texts, 1, 9, 0.5, games=10)
    assert named(str(error.value)) == expected


def test_a_constraint_written_twice_is_one_and_the_largest_exits_and_gap_hold():
    parsed = parse_constraints(["direction=cw", "Direction = clockwise", "direction=CW"], 9)
    assert len(parsed) == 1 and Spec.from_constraints(9, parsed).direction == "clockwise"
    for texts in (["exits>=4", "exits>=3"], ["exits>=3", "exits>=4"]):
        assert Spec.from_constraints(9, parse_constraints(texts, 9)).exits == 4
    for texts in (["gap>=5", "gap>=3"], ["gap>=3", "gap>=5"]):
        assert Spec.from_constraints(9, parse_constraints(texts, 9)).gap == 5


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        # the ten pieces and two squares of the stag's lap next to c need 12 of the 81
        (["pond>=70"], ["pond>=70"]),
        # 65 thickets and the default pond of 5 leave 11 squares
        (["thickets>=65"], ["thickets>=65", "pond>=5 (default)"]),
    ],
)
def test_a_pond_and_thickets_that_leave_no_room_are_named_before_any_layout(
    monkeypatch, texts, expected
):
    monkeypatch.setattr(balance, "lay_out", never)
    with pytest.raises(QuarryError) as error:
        balance.generate_hunting_board(texts, 1, 9, 0.5, games=10)
    assert named(str(error.value)) == expected
    assert "(the pieces and the stag's lap need 12 of the 81 squares)" in str(error.value)


def test_three_constraints_and_a_default_that_conflict_only_together_are_named(monkeypatch):
    # On this seed's 9 x 9 board, a lap of 4 moves, no pursuer within 4 king steps of c
    # and a rotated board leave no room for the default pond of 5 or more squares: any two
    # of the three can hold, and all three with a pond of 1.
    three = ["gap>=5", "symmetry=rotate", "lap<=4"]
    for pair in combinations(three, 2):
        design(list(pair))
    assert len(design([*three, "pond>=1"])[0].pond) == 1
    monkeypatch.setattr(balance, "_simulate", never)
    with pytest.raises(QuarryError) as error:
        balance.generate_hunting_board(["thickets<=2", *three], 1, 9, 0.5, games=10)
    assert named(str(error.value)) == [*three, "pond>=5 (default)"]


def test_the_cli_names_contradictory_constraints_in_one_line_and_writes_nothing(quarry, tmp_path):
    out = tmp_path / "out"
    args = ["--size", "7", "--games", "10", "--constraint", "pond >= 20"]
    done = quarry("generate", "hunting-board", *args, "--constraint", "pond<=5", "--out", out)
    assert one_error_line(done) == (
        "quarry: error: no 7 x 7 board meets these constraints together: "
        "pond >= 20, pond<=5; drop or loosen one of them"
    )
    assert_nothing_written(out)


# --- the balance loop and the folder (the bots play; few games to stay quick) ----------------
@pytest.fixture(scope="module")
def small_report():
    from generator.games.parforce.design.balance import generate_hunting_board

    return generate_hunting_board(["thickets<=1"], 5, 7, 0.5, games=40, jobs=1, probe_games=12)


def test_the_balance_loop_keeps_the_confirmed_board_nearest_the_target(small_report):
    from generator.games.parforce.bots import simulate_parforce

    report = small_report
    assert problems(format_board(report.board)) == []
    assert len(report.board.thickets) <= 1
    assert len(report.probes) >= 5
    assert all(p.games == 12 for p in report.probes)
    assert 1 <= len(report.confirmed) <= 2
    misses = [abs(p.rate - 0.5) for p in report.confirmed]
    assert abs(report.rate["value"] - 0.5) == min(misses)
    again = simulate_parforce(report.board, 40, 5, 1, {}, False)
    assert again["metrics"]["stag_win_rate"] == report.rate
    default = simulate_parforce(default_board(), 40, 5, 1, {}, False)
    assert default["metrics"]["stag_win_rate"] == report.default["metrics"]["stag_win_rate"]
    low, high = report.rate["ci95"]
    assert report.met == (low <= 0.5 <= high)


def test_the_report_reads_well_and_the_folder_holds_a_board_that_reads_back(small_report, tmp_path):
    import json

    from generator.games.parforce.board import read_board
    from generator.games.parforce.design.balance import report_text
    from generator.games.parforce.design.folder import BOARD_FILE, build_design_kit
    from generator.kit import KitRequest, KitWriter
    from generator.render.layouts import LayoutBook

    text = report_text(small_report)
    assert text.splitlines()[0] == "hunting board 7 x 7, seed 5, constraints: thickets<=1"
    assert "default board (pond 9, lap 8)" in text
    book = LayoutBook()
    with KitWriter(tmp_path, "parforce-design", {"kind": "design", "seed": 5}) as writer:
        build_design_kit(KitRequest(writer, book, book.paper("a4"), 5), small_report)
    folder = tmp_path / "parforce-design"
    assert read_board(folder / BOARD_FILE) == small_report.board
    assert problems((folder / BOARD_FILE).read_text(encoding="utf-8")) == []
    data = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    assert data["board"] == format_board(small_report.board)
    assert data["chosen"]["metrics"]["stag_win_rate"] == small_report.rate
    assert (folder / "report.txt").read_text(encoding="utf-8") == text + "\n"
    listed = {f["path"]: f for f in json.loads((folder / "manifest.json").read_text())["files"]}
    # the board, its report and (from generate) the chart; the kit prints the board:
    # quarry kit parforce --design FOLDER (tests/games/parforce/test_table.py)
    assert {BOARD_FILE, "report.json", "report.txt"} <= set(listed)
    assert not [p for p in listed if p.endswith(".pdf") or p.startswith("svg/")]


def test_bad_limits_are_refused_before_any_work():
    from generator.games.parforce.design.balance import generate_hunting_board

    with pytest.raises(QuarryError, match="--games must be from 1 to 100,000"):
        generate_hunting_board([], 1, 9, 0.5, games=200_000)
    with pytest.raises(QuarryError, match="unknown constraint"):
        generate_hunting_board(["river=2"], 1, 9, 0.5, games=10)


def test_the_cli_rejects_bad_input_in_one_line(quarry, tmp_path):
    done = quarry("generate", "hunting-board", "--constraint", "moat=2", "--out", tmp_path)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "unknown constraint 'moat=2'" in done.stderr
    args = ["--constraint", "symmetry=rotate", "--constraint", "thickets=1"]
    done = quarry("generate", "hunting-board", *args, "--out", tmp_path)
    assert done.returncode == 2 and "symmetry=rotate, thickets=1;" in done.stderr
    assert list(tmp_path.iterdir()) == []


SEED_RULES = "004_920482f477f7a463.txt"


def test_the_design_page_is_in_our_own_words(root, copied_runs):
    page = (root / "docs" / "design-parforce.md").read_text(encoding="utf-8")
    assert not copied_runs(SEED_RULES, page, "docs/design-parforce.md")
