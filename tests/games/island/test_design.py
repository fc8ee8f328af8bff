"""Island design: every island the generator lays out passes a validator written here from
the rules (BFS over the grid, never board.check_island nor the CP-SAT model); designer
constraints are read, bounded and, when they conflict, named; the balance the generator
claims is reproduced by a simulation with another seed."""

import concurrent.futures
import multiprocessing
from collections import deque

import pytest

from generator.errors import QuarryError
from generator.games.island.board import ZONES, default_island, parse_island
from generator.games.island.bots import simulate_island
from generator.games.island.design import balance
from generator.games.island.design.balance import generate_island, report_text
from generator.games.island.design.games import CHUNK, BackgroundGames, default_games
from generator.games.island.design.solving import lay_out, with_hiding
from generator.games.island.design.spec import Spec, check_limits, parse_constraints
from tests.games import conflicts
from tests.games.conflicts import never
from tests.test_cli_errors import assert_nothing_written, one_error_line

MEADOW, MOUNTAINS, LAGOON, CLIFF = 1, 3, 4, 5
assert (ZONES[MEADOW], ZONES[MOUNTAINS], ZONES[LAGOON], ZONES[CLIFF]) == (
    "Meadow",
    "Mountains",
    "Lagoon",
    "Cliff",
)
SIDE_STEP = {"west": (0, -1), "north": (-1, 0), "east": (0, 1), "south": (1, 0)}


# --- the independent validator ----------------------------------------------------------------
def cells(island):
    n = island.size
    return {(s // n, s % n): island.zones[s] for s in range(n * n)}


def near(a, b):
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def pieces(squares: set) -> int:
    """Return how many orthogonally connected pieces `squares` (row, column) fall into."""
    left, count = set(squares), 0
    while left:
        count += 1
        queue = deque([left.pop()])
        while queue:
            r, c = queue.popleft()
            for x in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if x in left:
                    left.remove(x)
                    queue.append(x)
    return count


def depths(grid: dict, zone: int) -> dict:
    """Return each square of `zone` with its distance in steps to the nearest square not in
    the zone (multi-source BFS from every such square over the whole grid)."""
    dist = {rc: 0 for rc, z in grid.items() if z != zone}
    queue = deque(dist)
    while queue:
        r, c = queue.popleft()
        for x in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if x in grid and x not in dist:
                dist[x] = dist[(r, c)] + 1
                queue.append(x)
    return {rc: d for rc, d in dist.items() if grid[rc] == zone}


def validate(island, spec: Spec, hiding: int | None = None) -> list[str]:
    """Return every way `island` breaks the design rules for `spec` ([] if none)."""
    n, grid = island.size, cells(island)
    rc = lambda s: divmod(s, n)  # noqa: E731
    water = {rc(s) for s in island.water}
    land = {x for x, z in grid.items() if z >= 0}
    dry = land - water
    bad = []
    if any(
        grid[(r, c)] >= 0 for r in range(n) for c in range(n) if r in (0, n - 1) or c in (0, n - 1)
    ):
        bad.append("land on the outer ring")
    if not spec.land[0] <= len(land) <= spec.land[1]:
        bad.append(f"island of {len(land)} squares")
    if pieces(land) != 1:
        bad.append("land in pieces")
    for z, name in enumerate(ZONES):
        members = {x for x, zz in grid.items() if zz == z}
        if not spec.zone[0] <= len(members) <= spec.zone[1] or pieces(members) != 1:
            bad.append(f"{name}: {len(members)} squares in {pieces(members)} pieces")
    for r, c in water:
        if any(grid[x] < 0 for x in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))):
            bad.append(f"water {r, c} touches the sea")
    if (
        not any(grid[x] == LAGOON for x in water)
        or not spec.water[0] <= len(water) <= spec.water[1]
    ):
        bad.append("water count or no water in the Lagoon")
    camp = sorted(rc(s) for s in island.camp)
    (r0, c0) = camp[0]
    if camp != [(r0, c0), (r0, c0 + 1), (r0 + 1, c0), (r0 + 1, c0 + 1)]:
        bad.append("camp not 2 x 2")
    if any(grid[x] != MEADOW or x not in dry for x in camp):
        bad.append("camp off the Meadow's dry land")
    for zone in (MOUNTAINS, CLIFF):
        depth = depths(grid, zone)
        summit = max(depth.values())
        marks = [rc(s) for s in island.elevation if grid[rc(s)] == zone]
        if not spec.elevation[0] <= len(marks) <= spec.elevation[1]:
            bad.append(f"{ZONES[zone]} has {len(marks)} elevation squares")
        if any(depth[x] != summit or x not in dry for x in marks):
            bad.append(f"{ZONES[zone]}: an elevation off the summit (depth {summit})")
    if any(grid[rc(s)] not in (MOUNTAINS, CLIFF) for s in island.elevation):
        bad.append("elevation outside the Mountains and the Cliff")
    spots = [rc(s) for s in island.hiding]
    if len(spots) != (spec.hiding_default if hiding is None else hiding):
        bad.append(f"{len(spots)} hiding places")
    for i, a in enumerate(spots):
        if a not in dry or a in camp:
            bad.append(f"hiding place {a} not on dry land off the camp")
        if any(near(a, b) < spec.hiding_spread for b in spots[i + 1 :]):
            bad.append(f"hiding place {a} crowded")
        if min(near(a, x) for x in camp) < spec.camp_distance:
            bad.append(f"hiding place {a} near the camp")
    for side, s in zip(SIDE_STEP, island.boats, strict=True):
        r, c = rc(s)
        dr, dc = SIDE_STEP[side]
        across, along = (c, r) if side in ("north", "south") else (r, c)
        along = along if side in ("west", "north") else n - 1 - along
        if (r, c) not in dry or grid[(r + dr, c + dc)] >= 0:
            bad.append(f"{side} boat not on dry land facing the sea {side}")
        if not (n / 3 <= across < 2 * n / 3 and along < n / 3):
            bad.append(f"{side} boat {r, c} not in the middle of the {side} side")
    if len(set(island.boats)) != 4:
        bad.append("boats share a square")
    return bad


# --- islands the generator makes ---------------------------------------------------------------
SMALL_SEEDS = range(1, 5)


@pytest.fixture(scope="module")
def small_islands():
    spec = Spec.default(16)
    return [(seed, lay_out(spec, seed)) for seed in SMALL_SEEDS]


def test_every_small_island_passes_the_validator(small_islands):
    spec = Spec.default(16)
    for seed, island in small_islands:
        assert validate(island, spec) == [], seed


def test_islands_differ_between_seeds(small_islands):
    grids = {island.zones for _, island in small_islands}
    assert len(grids) == len(SMALL_SEEDS)


def test_the_same_seed_gives_the_same_island(small_islands):
    seed, island = small_islands[0]
    assert lay_out(Spec.default(16), seed) == island


def test_the_default_island_passes_the_validator():
    assert validate(default_island(), Spec.default(24)) == []


def test_designer_constraints_shape_the_island():
    constraints = parse_constraints(
        ["hiding=3", "camp-distance>=7", "hiding-spread>=6", "water>=9", "elevation=2"], 16
    )
    spec = Spec.from_constraints(16, constraints)
    assert (spec.hiding, spec.camp_distance, spec.hiding_spread) == ((3, 3), 7, 6)
    island = lay_out(spec, 5, constraints=constraints)
    assert validate(island, spec) == []
    assert len(island.water) >= 9 and len(island.elevation) == 4


def test_hiding_places_laid_again_keep_the_rest(small_islands):
    spec = Spec.default(16)
    seed, island = small_islands[1]
    more = with_hiding(island, spec, seed, spec.hiding_default + 1)
    assert validate(more, spec, spec.hiding_default + 1) == []
    assert (more.zones, more.water, more.camp, more.boats) == (
        island.zones,
        island.water,
        island.camp,
        island.boats,
    )


# --- the constraint language and the limits ---------------------------------------------------
@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("zone-size>=4", "unknown constraint 'zone-size>=4'; accepted: zone-min=K"),
        ("hiding", "unknown constraint"),
        ("camp-distance<=3", "camp-distance takes >=, not <="),
        ("zone-min>=3", "zone-min takes =, not >="),
        ("day=13", "K must be 1 to 12"),
        ("land=90", "K must be 40 to 80"),
        ("zone-min=300", "K must be 1 to 256"),
    ],
)
def test_bad_constraints_say_what_is_accepted(text, words):
    with pytest.raises(QuarryError) as error:
        parse_constraints([text], 16)
    assert words in str(error.value)
    assert "\n" not in str(error.value)


def test_constraints_are_read_loosely_and_once():
    parsed = parse_constraints(["Hiding = 8", "hiding==8", " day>=3 "], 24)
    assert [c.text for c in parsed] == ["hiding=8", "day>=3"]
    spec = Spec.from_constraints(24, parsed)
    assert spec.hiding == (8, 8) and spec.day == (3, Spec.default(24).day[1])


def test_a_side_left_alone_opens_when_the_other_passes_it():
    spec = Spec.from_constraints(24, parse_constraints(["zone-min=90"], 24))
    assert spec.zone[0] == 90 and spec.zone[1] >= 90


@pytest.mark.parametrize(
    ("size", "players", "target", "words"),
    [
        (15, 4, 0.5, "--size must be 16 to 40"),
        (41, 4, 0.5, "--size must be 16 to 40"),
        (24, 3, 0.5, "--players must be 4 to 7"),
        (24, 8, 0.5, "--players must be 4 to 7"),
        (24, 4, 1.5, "--target must be from 0 to 1"),
    ],
)
def test_limits_are_checked_first(size, players, target, words):
    with pytest.raises(QuarryError, match=words):
        check_limits(size, players, target)
    with pytest.raises(QuarryError, match=words):
        generate_island([], 1, size, players, target, games=10)


def test_conflicting_constraints_are_named():
    with pytest.raises(QuarryError) as error:
        generate_island(["zone-min=30", "land<=45", "hiding=3"], 1, size=16, games=10)
    message = str(error.value)
    assert "zone-min=30" in message and "land<=45" in message
    assert "hiding=3" not in message


def test_a_layout_without_room_for_the_summits_says_so():
    with pytest.raises(
        QuarryError, match=r"seed 1 has no room for these constraints \(elevation=4\)"
    ):
        generate_island(["elevation=4"], 1, size=16, games=10)


# --- contradictory constraints: one line naming them, before any simulation ------------------
def named(message: str) -> list[str]:
    return conflicts.named(message, "16 x 16 island", "[^:]*")


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        (["hiding>=8", "hiding<=2"], ["hiding>=8", "hiding<=2"]),
        (["hiding=8", "day>=2", "Hiding = 3"], ["hiding=8", "Hiding = 3"]),
        (["day>=10", "day <= 3"], ["day>=10", "day <= 3"]),
        (["zone-min=40", "zone-max=20"], ["zone-min=40", "zone-max=20"]),
        (["elevation>=3", "water>=6", "elevation<=1"], ["elevation>=3", "elevation<=1"]),
        (["land>=70", "land<=50", "land<=60"], ["land>=70", "land<=50"]),
        (["water=20", "water<=5"], ["water=20", "water<=5"]),
    ],
)
def test_bounds_on_one_quantity_that_cross_are_named_before_any_layout(
    monkeypatch, texts, expected
):
    # hiding and day are folded into the spec's ranges and never reach the model one by
    # one: they used to pass silently, the later bound winning
    monkeypatch.setattr(balance, "lay_out", never)
    with pytest.raises(QuarryError) as error:
        generate_island(texts, 1, size=16, games=10)
    assert named(str(error.value)) == expected


def test_a_constraint_written_twice_is_one_and_the_largest_spread_holds():
    parsed = parse_constraints(["hiding=8", "Hiding = 8", "hiding==8"], 16)
    assert len(parsed) == 1 and Spec.from_constraints(16, parsed).hiding == (8, 8)
    for texts in (
        ["hiding-spread>=6", "hiding-spread>=3"],
        ["hiding-spread>=3", "hiding-spread>=6"],
    ):
        assert Spec.from_constraints(16, parse_constraints(texts, 16)).hiding_spread == 6
    for texts in (
        ["camp-distance>=7", "camp-distance>=5"],
        ["camp-distance>=5", "camp-distance>=7"],
    ):
        assert Spec.from_constraints(16, parse_constraints(texts, 16)).camp_distance == 7


def test_a_land_share_that_is_no_whole_number_of_squares_says_so(monkeypatch):
    monkeypatch.setattr(balance, "lay_out", never)
    with pytest.raises(QuarryError) as error:
        generate_island(["land=70"], 1, size=16, games=10)
    assert named(str(error.value)) == ["land=70"]
    assert "70 % of the 256 squares is 179.2, not a whole number" in str(error.value)


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        # six zones of at most 20 squares make at most 120; the default island has 141 or more
        (["zone-max=20"], ["zone-max=20", "land>=55 (default)"]),
        # six zones of 200 squares do not fit on the grid, whatever the defaults
        (["zone-min=200", "day=3"], ["zone-min=200"]),
    ],
)
def test_a_constraint_against_a_default_or_the_board_names_the_default(
    monkeypatch, texts, expected
):
    monkeypatch.setattr(balance, "_simulate", never)
    with pytest.raises(QuarryError) as error:
        generate_island(texts, 1, size=16, games=10)
    assert named(str(error.value)) == expected


def test_three_constraints_that_conflict_only_together_are_named_together(monkeypatch):
    # Hiding places stand on dry land: 40 of them beside 76 water squares need 116 squares
    # of island, and land<=45 allows 115. Any two of the three can hold (the message names
    # a set shrunk by deletion: each one named is needed, so no two conflict alone).
    three = ["hiding=40", "water>=76", "land<=45"]
    spacing = ["hiding-spread>=1", "camp-distance>=1"]
    monkeypatch.setattr(balance, "_simulate", never)
    with pytest.raises(QuarryError) as error:
        generate_island([*three, *spacing], 1, size=16, games=10)
    assert named(str(error.value)) == three


def test_the_cli_names_contradictory_constraints_in_one_line_and_writes_nothing(quarry, tmp_path):
    out = tmp_path / "out"
    args = ["--size", "16", "--games", "40", "--constraint", "hiding>=8"]
    done = quarry("generate", "island", *args, "--constraint", "hiding <= 2", "--out", out)
    assert one_error_line(done) == (
        "quarry: error: no 16 x 16 island meets these constraints together: "
        "hiding>=8, hiding <= 2; drop or loosen one of them"
    )
    assert_nothing_written(out)


# --- the balance loop ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def balanced():
    return generate_island([], 2, size=16, players=4, target=0.5, games=300, jobs=1, probe_games=60)


def test_the_balanced_island_is_valid_and_reported(balanced):
    spec = Spec.default(16)
    island = balanced.island
    assert validate(island, spec, len(island.hiding)) == []
    assert spec.hiding[0] <= len(island.hiding) <= spec.hiding[1]
    data = balanced.to_json()
    assert parse_island(data["island"]) == island
    assert data["chosen"]["games"] == data["default"]["games"] == 300
    assert data["chosen"]["seed"] == data["default"]["seed"] == 2
    assert data["chosen"]["day"] == island.day and data["default"]["day"] == default_island().day
    assert data["met"] == (
        data["chosen"]["metrics"]["hunted_survival"]["ci95"][0]
        <= 0.5
        <= data["chosen"]["metrics"]["hunted_survival"]["ci95"][1]
    )
    assert len(data["probes"]) >= 2
    text = report_text(balanced)
    assert "default island (day 4" in text and "target" in text


def test_the_claimed_balance_is_reproduced_with_another_seed(balanced):
    claimed = balanced.survival
    again = simulate_island(balanced.island, 4, 600, seed=9001, jobs=1)
    value = again["metrics"]["hunted_survival"]["value"]
    assert claimed["ci95"][0] <= value <= claimed["ci95"][1]


# --- the default island's games in the background (design/games.py) --------------------------
@pytest.mark.parametrize("started", [False, True], ids=["read-at-once", "read-after-all-played"])
def test_the_default_islands_games_in_the_background_are_simulate_islands(started):
    island, games = default_island(), 2 * CHUNK + 5
    with default_games(island, 4, games, 7, jobs=2) as measure:
        background = measure.__self__  # a bound BackgroundGames.summary: played in the background
        assert isinstance(background, BackgroundGames) and len(background.futures) == 3
        if started:  # every chunk already played in the background worker
            concurrent.futures.wait(background.futures)
        summary = measure()
    assert summary == simulate_island(island, 4, games, 7, jobs=1)
    assert multiprocessing.active_children() == []


def test_the_default_islands_games_wait_for_the_call_with_one_job():
    with default_games(default_island(), 4, 30, 7, jobs=1) as measure:
        assert not isinstance(getattr(measure, "__self__", None), BackgroundGames)
        summary = measure()
    assert summary == simulate_island(default_island(), 4, 30, 7, jobs=1)


def test_a_conflict_stops_the_background_games_and_leaves_no_worker():
    with pytest.raises(QuarryError, match="zone-min=30"):
        generate_island(["zone-min=30", "land<=45"], 1, size=16, games=2000, jobs=2)
    assert multiprocessing.active_children() == []


def test_the_cli_rejects_bad_input_in_one_line(quarry, tmp_path):
    done = quarry("generate", "island", "--constraint", "colour=red", "--out", tmp_path)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "unknown constraint 'colour=red'" in done.stderr
    done = quarry("generate", "island", "--size", "41", "--out", tmp_path)
    assert done.returncode == 2 and "--size must be 16 to 40" in done.stderr
    assert list(tmp_path.iterdir()) == []


SEED_RULES = "000_2ce89763b4751047.txt"


def test_the_cli_writes_a_playable_folder_in_our_own_words(quarry, tmp_path, root, copied_runs):
    import json

    import pypdfium2

    args = ["generate", "island", "--size", "16", "--games", "40", "--seed", "3"]
    done = quarry(*args, "--out", tmp_path)
    assert done.returncode == 0, done.stderr
    folder = tmp_path / "island-design"
    assert "default island (day 4" in done.stdout and str(folder) in done.stdout
    island = parse_island((folder / "island.island").read_text(encoding="utf-8"))
    report = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    assert parse_island(report["island"]) == island and report["size"] == 16
    assert validate(island, Spec.default(16), len(island.hiding)) == []
    listed = {f["path"] for f in json.loads((folder / "manifest.json").read_text())["files"]}
    assert {"island.island", "report.json", "board-overview-a4.pdf"} <= listed
    for name in ("00-guide-a4.pdf", "board-overview-a4.pdf"):
        pages = pypdfium2.PdfDocument(folder / name)
        text = " ".join(page.get_textpage().get_text_range() for page in pages)
        assert not copied_runs(SEED_RULES, text, name)
    page = (root / "docs" / "design-island.md").read_text(encoding="utf-8")
    assert not copied_runs(SEED_RULES, page, "docs/design-island.md")
