"""Charts for designers: a simulation's metrics and a balance loop's candidates, as SVG or
PNG files that are the same bytes every run, and a game kit's balance.svg."""

import io
import json
import sys
import textwrap
from xml.etree import ElementTree

import pytest
from PIL import Image

from generator.cli import main
from generator.errors import QuarryError
from generator.games import Game
from generator.kit import KitWriter
from generator.render.charts import check_plot_path, write_report_chart, write_summary_chart
from generator.render.charts.balance import KIND, write_balance_chart
from generator.render.charts.candidates import balanced_wrap, candidates_figure
from generator.render.charts.figure import PNG_DPI, WIDTH_IN, figure_bytes
from generator.render.charts.metrics import is_rate, summary_figure
from generator.render.charts.reports import report_chart
from generator.render.svg import svg_size_mm

SVG = "{http://www.w3.org/2000/svg}"


def metric(value, low, high):
    return {"value": value, "ci95": [low, high]}


SUMMARY = {
    "game": "island",
    "games": 400,
    "seed": 3,
    "players": 4,
    "hunter": "tracking",
    "metrics": {
        "hunted_survival": metric(0.41, 0.36, 0.46),
        "seat_0_win": metric(0.30, 0.26, 0.35),
        "seat_1_win": metric(0.22, 0.18, 0.26),
        "winner_hunter": metric(0.55, 0.50, 0.60),
        "captures": metric(3.4, 3.2, 3.6),
        "cycles": metric(17.5, 16.9, 18.1),
        "tokens_paid": metric(0.0, 0.0, 0.0),
    },
}
RATES = ["hunted_survival", "seat_0_win", "seat_1_win", "winner_hunter"]
MEANS = ["captures", "cycles", "tokens_paid"]


def ids(svg: bytes, prefix: str) -> list[str]:
    """Return the ids of the SVG's elements that start with `prefix`, in document order."""
    root = ElementTree.fromstring(svg)
    return [e.get("id") for e in root.iter() if (e.get("id") or "").startswith(prefix)]


@pytest.fixture(scope="module")
def summary_svg() -> bytes:
    return figure_bytes(summary_figure(SUMMARY, "The Most Dangerous Game"), "svg")


def test_rates_share_one_axis_from_0_to_1_and_each_mean_has_its_own():
    figure = summary_figure(SUMMARY)
    rates, *means = figure.axes
    assert len(means) == len(MEANS)
    assert rates.get_xlim()[0] <= 0 and rates.get_xlim()[1] >= 1
    assert [t.get_text() for t in rates.get_yticklabels()] == [n.replace("_", " ") for n in RATES]
    cycles = means[MEANS.index("cycles")]
    low, high = cycles.get_xlim()
    assert 16 < low < 16.9 and 18.1 < high < 19  # around its own interval, not 0 to 1


def test_a_rate_is_named_as_one_and_lies_within_0_and_1():
    assert is_rate("stag_win_rate", metric(0.5, 0.4, 0.6))
    assert is_rate("draws", metric(0.1, 0.0, 0.2))
    assert not is_rate("aides_used", metric(0.05, 0.0, 0.1))  # a mean count, though small
    assert not is_rate("turns_rate", metric(3.0, 2.0, 4.0))


def test_the_svg_holds_a_mark_and_an_interval_line_per_metric(summary_svg):
    names = sorted(SUMMARY["metrics"])
    assert sorted(ids(summary_svg, "metric-")) == [f"metric-{n}" for n in names]
    assert sorted(ids(summary_svg, "interval-")) == [f"interval-{n}" for n in names]
    root = ElementTree.fromstring(summary_svg)
    line = next(e for e in root.iter() if e.get("id") == "interval-cycles")
    assert line.findall(f".//{SVG}path"), "the interval is drawn"
    assert ids(summary_svg, "fair-share") == ["fair-share"]  # seat wins beside 1/players


def test_the_svg_needs_no_font_and_carries_no_date(summary_svg):
    text = summary_svg.decode("utf-8")
    assert "<text" not in text  # glyphs as paths
    assert "<dc:date>" not in text
    width, height = svg_size_mm(text)
    assert width == pytest.approx(WIDTH_IN * 25.4, abs=0.1)
    assert 60 < height < 250


@pytest.mark.parametrize("suffix", ["svg", "png"])
def test_the_same_chart_twice_is_the_same_bytes(tmp_path, suffix):
    first = write_summary_chart(SUMMARY, tmp_path / f"a.{suffix}").read_bytes()
    second = write_summary_chart(SUMMARY, tmp_path / "sub" / f"b.{suffix}").read_bytes()
    assert first == second
    if suffix == "png":
        image = Image.open(io.BytesIO(first))
        assert image.format == "PNG"
        assert image.width == round(WIDTH_IN * PNG_DPI)
        assert image.info.get("Software") == "Quarry (matplotlib)"
        assert len(image.convert("L").getcolors()) > 10, "not blank"
    else:
        ElementTree.fromstring(first)


@pytest.mark.parametrize("name", ["chart.pdf", "chart", "chart.svg.txt"])
def test_a_plot_file_must_be_svg_or_png(tmp_path, name):
    with pytest.raises(QuarryError, match=r"--plot must name a \.svg or \.png file"):
        check_plot_path(tmp_path / name)
    assert check_plot_path(tmp_path / "Chart.PNG") == "png"
    assert check_plot_path(None) is None


def run_quarry(monkeypatch, capsys, *args) -> tuple[int, str, str]:
    """Return (exit code, stdout, stderr) of `quarry ARGS` run by main() in this process
    (cheaper than a child process, which would import everything again)."""
    monkeypatch.setattr(sys, "argv", ["quarry", *map(str, args)])
    with pytest.raises(SystemExit) as exit:
        main()
    out, err = capsys.readouterr()
    return exit.value.code, out, err


def test_simulate_with_a_bad_plot_suffix_exits_2_and_writes_nothing(tmp_path, quarry):
    done = quarry("simulate", "hunt", "--games", "5", "--plot", tmp_path / "chart.jpg")
    assert done.returncode == 2
    assert done.stderr.startswith("quarry: error: --plot must name")
    assert len(done.stderr.splitlines()) == 1 and "Traceback" not in done.stderr
    assert done.stdout == ""  # refused before any game
    assert list(tmp_path.iterdir()) == []


def test_generate_with_a_bad_plot_suffix_exits_2_before_any_work(tmp_path, monkeypatch, capsys):
    out = tmp_path / "out"
    code, printed, error = run_quarry(
        monkeypatch, capsys, "generate", "routes", "--out", out, "--plot", tmp_path / "a.gif"
    )
    assert (code, printed) == (2, "")
    assert error.startswith("quarry: error: --plot must name a .svg or .png file")
    assert list(tmp_path.iterdir()) == []


def test_simulate_plot_writes_the_chart_of_the_summary_it_prints(tmp_path, monkeypatch, capsys):
    chart = tmp_path / "hunt.svg"
    args = ("simulate", "hunt", "--games", "30", "--json", "--plot", chart)
    code, printed, error = run_quarry(monkeypatch, capsys, *args)
    assert code == 0, error
    summary = json.loads(printed)  # stdout stays pure JSON
    assert sorted(ids(chart.read_bytes(), "metric-")) == sorted(
        f"metric-{name}" for name in summary["metrics"]
    )


def test_generate_plot_charts_every_candidate_and_the_published_rules(
    tmp_path, monkeypatch, capsys
):
    chart = tmp_path / "variant.svg"
    out = tmp_path / "out"
    options = ("--candidates", "2", "--games", "10", "--out", out, "--plot", chart, "--quiet")
    code, _, error = run_quarry(monkeypatch, capsys, "generate", "variant", *options)
    assert code == 0, error
    report = json.loads((out / "cutthroat-variant" / "report.json").read_text())
    rows = len(report["ranked"]) + 1  # and the published rules
    svg = chart.read_bytes()
    assert ids(svg, "metric-gap-") == [f"metric-gap-{i}" for i in range(rows)]
    assert ids(svg, "interval-decisive-") == [f"interval-decisive-{i}" for i in range(rows)]
    assert ids(svg, "band-gap") == ["band-gap"]  # the fairness band, 0 to target
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out", "variant.svg"]
    # the design folder keeps the same chart for its gallery
    folder = out / "cutthroat-variant"
    assert (folder / "candidates.svg").read_bytes() == svg
    manifest = json.loads((folder / "manifest.json").read_text())
    assert {"path": "candidates.svg", "kind": "candidates-chart"}.items() <= {
        k: v for e in manifest["files"] if e["path"] == "candidates.svg" for k, v in e.items()
    }.items()
    assert 'src="candidates.svg"' in (folder / "index.html").read_text()


def _probe(day, hiding, games, value):
    return {
        "day": day,
        "hiding": hiding,
        "games": games,
        "hunted_survival": metric(value, value - 0.05, value + 0.05),
    }


def test_an_island_report_charts_every_probe_confirmation_and_the_default(tmp_path):
    chosen = metric(0.49, 0.44, 0.54)
    report = {
        "constraints": ["hiding>=8"],
        "seed": 2,
        "size": 20,
        "players": 4,
        "target": 0.5,
        "games": 400,
        "met": True,
        "chosen": {"metrics": {"hunted_survival": chosen}},
        "default": {"metrics": {"hunted_survival": metric(0.3, 0.25, 0.35)}},
        "probes": [_probe(4, 8, 100, 0.3), _probe(3, 8, 100, 0.45), _probe(3, 9, 100, 0.52)],
        "confirmed": [_probe(3, 9, 400, 0.56), {**_probe(3, 8, 400, 0), "hunted_survival": chosen}],
    }
    chart = report_chart("island", report)
    assert [row.role for row in chart.rows] == [
        *("probe", "probe", "probe", "candidate", "chosen", "reference")
    ]
    assert chart.panels[0].target == 0.5
    svg = write_report_chart("island", report, tmp_path / "island.svg").read_bytes()
    assert len(ids(svg, "metric-survival-")) == 6
    assert ids(svg, "target-survival") == ["target-survival"]


def test_a_route_report_has_no_target_and_ranks_best_first():
    score = metric(4.0, 3.5, 4.5)
    report = {
        "seed": 1,
        "games": 50,
        "constraints": [],
        "ranked": [{"score": score, "found": 2}, {"score": score, "found": 1}],
    }
    chart = report_chart("hunt", report)
    assert [row.role for row in chart.rows] == ["chosen", "candidate"]
    assert chart.panels[0].target is None and chart.panels[0].band is None
    with pytest.raises(QuarryError, match="no candidates chart"):
        report_chart("chess", report)


def test_a_kit_gets_the_balance_chart_of_its_game(tmp_path, monkeypatch):
    played = []

    def simulate(games, seed, jobs, options, progress):
        played.append((games, seed, jobs, options))
        return {**SUMMARY, "games": games, "seed": seed}

    entry = Game(
        "island",
        "The Most Dangerous Game",
        (4, 7),
        simulate=simulate,
        simulate_options=("players", "board"),
    )
    with KitWriter(tmp_path, "island", {}) as writer:
        write_balance_chart(writer, entry, 7, players=5)
    assert played == [(30, 7, 1, {"players": 5, "board": None})]
    manifest = json.loads((tmp_path / "island" / "manifest.json").read_text())
    [record] = [f for f in manifest["files"] if f["kind"] == KIND]
    assert record["path"] == "balance.svg"
    assert record["width_mm"] == pytest.approx(160.0, abs=0.1)
    svg = (tmp_path / "island" / "balance.svg").read_bytes()
    assert len(ids(svg, "metric-")) == len(SUMMARY["metrics"])


def test_clip_ids_are_numbered_in_order_of_use_not_hashed_from_memory(summary_svg):
    # matplotlib hashes a clip path's id() into its id: a kit chart drawn after another
    # game's chart in the same process came out with other ids (kit all --jobs 1 vs 2)
    clips = ids(summary_svg, "clip")
    assert clips and clips == [f"clip{n}" for n in range(1, len(clips) + 1)]
    assert b'clip-path="url(#p' not in summary_svg


def _suptitle_lines(chart) -> list[str]:
    figure = candidates_figure(chart)
    return figure.get_suptitle().split("\n")


def test_an_island_report_that_misses_its_target_says_so_once():
    report = {
        "constraints": [],
        "seed": 2,
        "size": 20,
        "players": 4,
        "target": 0.5,
        "games": 400,
        "met": False,
        "chosen": {"metrics": {"hunted_survival": metric(0.3, 0.25, 0.35)}},
        "default": {"metrics": {"hunted_survival": metric(0.3, 0.25, 0.35)}},
        "probes": [_probe(4, 8, 100, 0.3)],
        "confirmed": [_probe(4, 8, 400, 0.3)],
    }
    assert report_chart("island", report).title.endswith(": target not met")
    assert report_chart("island", {**report, "met": True}).title.endswith(": target met")
    heading = " ".join(_suptitle_lines(report_chart("island", report)))
    assert "met NOT" not in heading and "target not met" in heading


def _variant(markers):
    rules = {"markers": markers, "extend": 3, "double": 2, "sudden_at": 3}
    return {
        "rules": rules,
        "largest_gap": metric(0.04, 0.02, 0.06),
        "decisive": metric(0.8, 0.7, 0.9),
    }


def test_a_variant_chart_title_wraps_into_even_lines_not_a_lone_word():
    report = {
        "constraints": [],
        "seed": 1,
        "games": 1000,
        "players": 8,
        "bot": "greedy",
        "target": 0.05,
        "ranked": [_variant(m) for m in (6, 7, 8, 9, 10)],
        "published": _variant(8),
    }
    lines = _suptitle_lines(report_chart("cutthroat", report))
    title = [line for line in lines if not line.startswith("constraints")]
    assert " ".join(title).endswith("seed 1")
    assert all(len(line) >= 20 for line in lines), lines


def test_balanced_wrap_keeps_the_line_count_and_evens_the_lines():
    text = "one two three four five six seven eight nine ten eleven twelve thirty 1"
    assert textwrap.wrap(text, 70)[-1] == "1"
    lines = balanced_wrap(text, 70)
    assert len(lines) == 2 and min(map(len, lines)) > 30
    assert balanced_wrap("short title") == ["short title"]
