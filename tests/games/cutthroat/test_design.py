"""CutThroat! variant design: designer constraints are read (or refused in one line), every
candidate CP-SAT proposes meets them (checked by evaluating the constraint text with plain
Python) and they differ; a small space is enumerated by brute force and compared; conflicts
are named; the ranking is checked on given numbers; the CLI writes its folder, the same
bytes twice, and refuses bad input with exit 2, writing nothing."""

import itertools
import json
import re
from dataclasses import asdict

import pytest

from generator.errors import QuarryError
from generator.games.cutthroat.design.balance import (
    Measure,
    generate_variant,
    rank,
    report_text,
)
from generator.games.cutthroat.design.solving import near, settle, spread
from generator.games.cutthroat.design.spec import check_limits, parse_constraints
from generator.games.cutthroat.rules import PUBLISHED, Rules
from tests.games import conflicts
from tests.test_cli_errors import assert_nothing_written, one_error_line

SEED_RULES = "002_02ad9c9c168f2f87.txt"


def satisfied(text: str, rules: Rules, players: int) -> bool:
    """Return True if `rules` meets the constraint `text`, evaluated as Python arithmetic
    (independent of spec.py's parser)."""
    names = asdict(rules) | {"n": players, "players": players}
    names["total"] = rules.markers * players
    names["sudden"] = rules.sudden_at
    expression = re.sub(r"(?<![<>=])=(?!=)", "==", text.replace(" ", ""))
    return bool(eval(expression, {"__builtins__": {}}, names))  # noqa: S307 (our own text)


def every_variant():
    """Yield every Rules the engine plays (Rules.BOUNDS, double >= extend)."""
    bounds = Rules.BOUNDS
    for values in itertools.product(*(range(lo, hi + 1) for lo, hi in bounds.values())):
        markers, extend, double, sudden_at = values
        if double >= extend:
            yield Rules(markers, extend, double, sudden_at)


# --- the constraint language -------------------------------------------------------------
def test_constraints_read_as_linear_relations():
    parsed = parse_constraints(
        ["Markers >= 6", "double>=extend+1", "markers*n<=80", "total<=80", "sudden=3",
         "markers>=6"],
        8,
    )  # fmt: skip
    by_text = {c.text: c for c in parsed}
    assert list(by_text) == ["markers>=6", "double>=extend+1", "markers*n<=80", "total<=80",
                             "sudden=3"]  # fmt: skip
    assert by_text["double>=extend+1"].coefficients == (("extend", -1), ("double", 1))
    assert by_text["double>=extend+1"].bound == 1
    assert by_text["markers*n<=80"].coefficients == (("markers", 8),)
    assert by_text["total<=80"].coefficients == (("markers", 8),)
    assert by_text["sudden=3"].coefficients == (("sudden_at", 1),)
    for rules in (PUBLISHED, Rules(markers=11, extend=4, double=4)):
        for c in parsed:
            assert c.holds(rules) == satisfied(c.text, rules, 8)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("lives>=3", "unknown name 'lives'"),
        ("markers>=50", "the engine plays markers from 2 to 20, not 50"),
        ("extend<=2", "the engine plays extend from 3 to 6, not 2"),
        ("markers*extend<=30", "multiplies two tunable numbers"),
        ("3<=4", "names no tunable number"),
        ("markers>>3", "cannot read constraint"),
        ("markers+=3", "cannot read 'markers+'"),
        ("markers>=3x", "cannot read '3x'"),
        ("markers<=99999", "larger than 10,000"),
    ],
)
def test_bad_constraints_are_one_line_errors(text, message):
    with pytest.raises(QuarryError, match=re.escape(message)) as error:
        parse_constraints([text], 8)
    assert "\n" not in str(error.value)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((5, 0.02, 8, 100), "--players must be 6 to 13"),
        ((14, 0.02, 8, 100), "--players must be 6 to 13"),
        ((8, 0.0, 8, 100), "--target is the fairness band"),
        ((8, 0.6, 8, 100), "--target is the fairness band"),
        ((8, 0.02, 0, 100), "--candidates must be 1 to 50"),
        ((8, 0.02, 8, 0), "--games must be from 1"),
        ((8, 0.02, 50, 100_000), "the most is 1,000,000"),
    ],
)
def test_limits_are_checked(args, message):
    with pytest.raises(QuarryError, match=re.escape(message)):
        check_limits(*args, ("simple",), "simple")
    with pytest.raises(QuarryError, match="--bot must be one of simple"):
        check_limits(8, 0.02, 8, 100, ("simple",), "clever")


# --- CP-SAT's candidates -----------------------------------------------------------------
@pytest.mark.parametrize(
    ("players", "texts"),
    [
        (8, []),
        (8, ["markers>=6", "extend<=4", "double>=extend+1", "sudden_at=3", "markers*n<=80"]),
        (6, ["total<=60", "sudden>=4"]),
        (13, ["2*extend<=double", "markers<=7"]),
    ],
)
def test_candidates_meet_every_constraint_and_differ(players, texts):
    settled = settle(parse_constraints(texts, players))
    found = spread(settled, 6, seed=3)
    found += near(settled, found[0], 3, 3, found)
    assert len(found) == 9
    assert len(set(found)) == len(found)
    for rules in found:
        assert rules.double >= rules.extend
        assert all(satisfied(text, rules, players) for text in texts)
        if not any("markers" in t or "total" in t for t in texts):
            assert 4 <= rules.markers <= 16  # the default range holds


def test_a_small_space_is_found_whole_as_brute_force_counts_it():
    texts = ["markers>=6", "markers<=7", "extend<=4", "sudden_at=3"]
    expected = {r for r in every_variant() if all(satisfied(t, r, 8) for t in texts)}
    assert len(expected) == 22
    settled = settle(parse_constraints(texts, 8))
    assert set(spread(settled, 50, seed=1)) == expected
    centre = Rules(6, 3, 4, 3)
    nearest = near(settled, centre, 3, 1, [])
    assert len(nearest) == 3 and centre not in nearest
    # each is one step from the centre: nothing else meeting the constraints is nearer
    assert all(sum(a != b for a, b in zip(asdict(r).values(), asdict(centre).values(),
                                          strict=True)) == 1 for r in nearest)  # fmt: skip


def test_default_ranges_give_way_to_the_designer():
    settled = settle(parse_constraints(["markers>=18"], 8))
    assert "markers<=16 (default)" not in [c.text for c in settled]
    assert all(18 <= r.markers <= 20 for r in spread(settled, 4, seed=1))


def test_the_same_seed_gives_the_same_candidates_and_another_seed_others():
    settled = settle([])
    assert spread(settled, 5, 7) == spread(settled, 5, 7)
    assert spread(settled, 5, 7) != spread(settled, 5, 8)


@pytest.mark.parametrize(
    ("texts", "named"),
    [
        (["double<=extend-1"], "double>=extend (the engine's rule), double<=extend-1;"),
        (["markers>=10", "total<=70", "sudden=3"], "together: markers>=10, total<=70;"),
        (["markers*n<=10"], "within the engine's ranges"),
    ],
)
def test_constraints_in_conflict_are_named(texts, named):
    with pytest.raises(QuarryError, match="no variant meets these constraints") as error:
        settle(parse_constraints(texts, 8))
    assert named in str(error.value)
    assert "\n" not in str(error.value)


# --- ranking on given numbers ------------------------------------------------------------
def given(rules: Rules, found: int, shares: list[float], half: float, shared: float) -> Measure:
    """Return a Measure with the given shares (each +- half) and shared-win rate."""
    seats = tuple((s, s - half, s + half) for s in shares)
    return Measure(rules, found, "spread", 100, seats, (shared, shared - 0.05, shared + 0.05),
                   (50.0, 45.0, 55.0))  # fmt: skip


def test_gaps_have_intervals_and_in_band_variants_rank_by_decisiveness():
    fair = [0.125] * 8
    tilted = [0.2, 0.05] + [0.125] * 6
    a = given(Rules(6), 1, fair, 0.01, 0.5)  # inside the band, half decisive
    b = given(Rules(7), 2, [0.14, 0.11] + [0.125] * 6, 0.03, 0.2)  # unclear, more decisive
    c = given(Rules(9), 3, tilted, 0.01, 0.0)  # outside, the most decisive
    d = given(Rules(10), 4, [0.17, 0.08] + [0.125] * 6, 0.01, 0.0)  # outside, smaller gap
    assert a.gap == pytest.approx((0.0, 0.0, 0.01))
    assert b.gap == pytest.approx((0.015, 0.0, 0.045))
    assert c.gap == pytest.approx((0.075, 0.065, 0.085))
    assert [m.band(0.02) for m in (a, b, c)] == ["inside", "unclear", "outside"]
    assert b.decisive == pytest.approx((0.8, 0.75, 0.85))
    assert rank([a, b, c, d], 0.02) == [b, a, d, c]
    # a wider band lets c and d in, the most decisive; the smaller gap breaks their tie
    assert rank([a, b, c, d], 0.07) == [d, c, b, a]


def fake_simulator(players):
    """Return a simulator whose numbers follow the rules: sudden death at more characters
    makes games decisive; seat shares lean on the first position as markers grow."""

    def simulate(rules: Rules, games: int, seed: int) -> dict:
        lean = (rules.markers - 8) * 0.004
        shares = [1 / players + lean] + [1 / players - lean / (players - 1)] * (players - 1)
        metrics = {f"seat_{p}_win": {"value": s, "ci95": [s - 0.01, s + 0.01]}
                   for p, s in enumerate(shares)}  # fmt: skip
        shared = max(0.0, 1 - rules.sudden_at / 5)
        metrics["shared_win_rate"] = {"value": shared, "ci95": [shared, shared]}
        metrics["turns"] = {"value": 10.0 * rules.markers, "ci95": [9.0, 11.0]}
        return {"players": players, "games": games, "metrics": metrics}

    return simulate


def test_the_variant_loop_ranks_measures_and_reports_the_published_rules_beside():
    report = generate_variant(["sudden<=4", "markers<=12"], 2, 8, 0.02, 6, 50,
                              simulator=fake_simulator(8))  # fmt: skip
    assert len(report.ranked) == 6
    assert [m.step for m in report.ranked].count("near") == 2
    best = report.best
    assert best.rules.sudden_at == 4 and best.band(0.02) != "outside"
    assert report.published.rules == PUBLISHED and report.published.found == 0
    assert report.published_breaks == []
    assert report.defaults == ["markers>=4 (default)", "markers<=16 (default)"]
    assert rank(report.ranked, 0.02) == report.ranked
    data = report.to_json()
    assert data["chosen"]["rules"] == asdict(best.rules)
    assert data["published"]["changes"] == {}
    text = report_text(report)
    assert text.splitlines()[0] == (
        "CutThroat! variant for 8 players, seed 2, simple bots, constraints: sudden<=4, markers<=12"
    )
    assert "published  8/3/4/3" in text
    assert f"--rule markers={best.rules.markers}" in text
    broken = generate_variant(["sudden=5"], 2, 8, 0.02, 2, 50, simulator=fake_simulator(8))
    assert broken.published_breaks == ["sudden=5"]


def test_bad_limits_are_refused_before_any_work():
    def never(*_):
        raise AssertionError("simulated before checking")

    with pytest.raises(QuarryError, match="--games must be from 1 to 100,000"):
        generate_variant([], 1, games=200_000, simulator=never)
    with pytest.raises(QuarryError, match="unknown name 'river'"):
        generate_variant(["river=2"], 1, simulator=never)
    with pytest.raises(QuarryError, match="no variant meets"):
        generate_variant(["markers>=9", "total<=50"], 1, simulator=never)


# --- contradictory constraints: one line naming them as written, before any game ----------
def named(message: str) -> list[str]:
    return conflicts.named(message, "variant", r"(?: within the engine's ranges \([^)]*\))?")


def no_games(rules, games, seed):
    raise AssertionError("a game was played before the conflict was named")


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        (["markers>=10", "Markers <= 8"], ["markers>=10", "Markers <= 8"]),
        (["sudden=3", "extend>=4", "sudden_at = 4"], ["sudden=3", "sudden_at = 4"]),
        # 8 players: total is markers*8
        (["total<=60", "double>=4", "markers*n>=70"], ["total<=60", "markers*n>=70"]),
    ],
)
def test_two_constraints_that_cannot_both_hold_are_named_as_written(texts, expected):
    with pytest.raises(QuarryError) as caught:
        generate_variant(texts, 1, 8, simulator=no_games)
    assert named(str(caught.value)) == expected


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        # the engine refuses a double extended play smaller than one
        (["extend>=5", "double<=4"], "together: double>=extend (the engine's rule), extend>=5, "
         "double<=4; drop"),
        # the engine plays markers from 2 to 20: 8 players hold 16 at least
        (["markers*n<=10"], "within the engine's ranges (markers 2-20, extend 3-6, double 3-8, "
         "sudden_at 2-5): markers*n<=10; drop"),
        (["Markers >= 25"], "constraint 'Markers >= 25': the engine plays markers from 2 to 20"),
    ],
)  # fmt: skip
def test_a_constraint_against_the_engine_names_the_engine(texts, expected):
    with pytest.raises(QuarryError) as caught:
        generate_variant(texts, 1, 8, simulator=no_games)
    assert expected in str(caught.value) and "\n" not in str(caught.value)


def test_three_constraints_that_conflict_only_together_are_named_together():
    # markers two above extend, extend 6 or more, markers 7 or fewer: any two can hold
    three = ["markers>=extend+2", "extend>=6", "markers<=7"]
    for pair in itertools.combinations(three, 2):
        assert spread(settle(parse_constraints(list(pair), 8)), 1, seed=1), pair
    with pytest.raises(QuarryError) as caught:
        generate_variant(["sudden>=3", *three], 1, 8, simulator=no_games)
    assert named(str(caught.value)) == three


def test_a_constraint_written_twice_is_one_constraint():
    texts = ["markers>=6", "Markers >= 6", "markers >=6"]
    report = generate_variant(texts, 2, 8, 0.02, 2, 50, simulator=fake_simulator(8))
    assert report.constraints == ["markers>=6"]
    assert all(m.rules.markers >= 6 for m in report.ranked)


def test_the_cli_names_contradictory_constraints_in_one_line_and_writes_nothing(quarry, tmp_path):
    out = tmp_path / "out"
    args = ["--players", "6", "--candidates", "1", "--games", "1", "--constraint", "markers >= 10"]
    done = quarry("generate", "variant", *args, "--constraint", "markers<=8", "--out", out)
    assert one_error_line(done) == (
        "quarry: error: no variant meets these constraints together: "
        "markers >= 10, markers<=8; drop or loosen one of them"
    )
    assert_nothing_written(out)


# --- the command -------------------------------------------------------------------------
def run_in_process(monkeypatch, capsys, *args) -> tuple[int, str, str]:
    """Return (exit code, stdout, stderr) of `quarry ARGS` run by cli.main in this process."""
    import sys

    from generator import cli

    monkeypatch.setattr(sys, "argv", ["quarry", *map(str, args)])
    with pytest.raises(SystemExit) as done:
        cli.main()
    out = capsys.readouterr()
    return done.value.code, out.out, out.err


def test_the_cli_writes_its_folder_the_same_twice(quarry, tmp_path, copied_runs, monkeypatch,
                                                   capsys):  # fmt: skip
    import pypdfium2

    args = ["generate", "variant", "--players", "6", "--candidates", "3", "--games", "6",
            "--constraint", "markers<=10", "--seed", "4"]  # fmt: skip
    done = quarry(*args, "--out", tmp_path / "one")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("CutThroat! variant for 6 players, seed 4")
    code, out, _ = run_in_process(monkeypatch, capsys, *args, "--out", tmp_path / "two", "-q")
    assert code == 0 and out == ""
    folder = tmp_path / "one" / "cutthroat-variant"
    listed = {f["path"]: f for f in json.loads((folder / "manifest.json").read_text())["files"]}
    assert {"variant.json", "report.json", "report.txt", "svg/seats.svg",
            "report-a4.pdf"} <= set(listed)  # fmt: skip
    assert listed["report-a4.pdf"]["pages"] == 1
    for name in ("variant.json", "report.json", "report-a4.pdf", "svg/seats.svg"):
        second = tmp_path / "two" / "cutthroat-variant" / name
        assert (folder / name).read_bytes() == second.read_bytes(), name
    data = json.loads((folder / "report.json").read_text())
    assert len(data["ranked"]) == 3 and data["games"] == 6
    assert all(m["rules"]["markers"] <= 10 for m in data["ranked"])
    assert data["published"]["rules"] == asdict(PUBLISHED)
    for m in data["ranked"]:  # the shares of each game sum to 1, so their means do too
        assert sum(s["value"] for s in m["seat_win"]) == pytest.approx(1.0)
    words = " ".join(p.get_textpage().get_text_range() for p in pypdfium2.PdfDocument(
        folder / "report-a4.pdf"))  # fmt: skip
    assert "seed 4" in words and "published" in words
    assert not copied_runs(SEED_RULES, words, "report-a4.pdf")


def test_the_cli_rejects_bad_input_in_one_line(quarry, tmp_path):
    done = quarry("generate", "variant", "--constraint", "moat=2", "--out", tmp_path)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "unknown name 'moat'" in done.stderr
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--constraint", "markers>=10", "--constraint", "total<=70"], "markers>=10, total<=70;"),
        (["--players", "5"], "--players must be 6 to 13"),
        (["--games", "0"], "--games must be from 1"),
        (["--candidates", "40", "--games", "90000"], "the most is 1,000,000"),
        (["--bot", "clever"], "--bot must be one of"),
        (["--target", "0"], "--target is the fairness band"),
        (["--paper", "a9"], "a9"),
    ],
)
def test_bad_options_exit_2_and_write_nothing(monkeypatch, capsys, tmp_path, args, message):
    code, out, err = run_in_process(monkeypatch, capsys, "generate", "variant", *args,
                                    "--out", tmp_path)  # fmt: skip
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err
    assert list(tmp_path.iterdir()) == []


def test_the_design_page_is_in_our_own_words(root, copied_runs):
    page = (root / "docs" / "design-cutthroat.md").read_text(encoding="utf-8")
    assert not copied_runs(SEED_RULES, page, "docs/design-cutthroat.md")
