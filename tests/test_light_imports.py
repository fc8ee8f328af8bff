"""Verbs a user waits on load no drawing library: simulate and replay never import the PDF and
SVG tools (reportlab, svglib, svgwrite), the template engine (jinja2) nor, without --plot,
the charts' matplotlib; a replay loads no numpy either (only bots and trackers need it), and
neither loads any game but the one asked for."""

import json
import subprocess
import sys

import pytest

DRAWING = ("reportlab", "svglib", "svgwrite", "jinja2", "matplotlib")

# Runs the CLI's main() as `quarry ARGS` would, then writes the exit code and the top-level
# packages that were imported into the file named by the first argument.
RUN_AND_LIST = """
import json, sys
report, args = sys.argv[1], sys.argv[2:]
sys.argv = ["quarry", *args]
from generator.cli import main
try:
    main()
    code = 0
except SystemExit as exit:
    code = exit.code
loaded = sorted({name.split(".")[0] for name in sys.modules})
games = sorted({name.split(".")[2] for name in sys.modules if name.startswith("generator.games.")})
with open(report, "w") as file:
    json.dump({"code": code, "loaded": loaded, "games": games}, file)
"""


def run_and_list(root, tmp_path, *args):
    """Run `quarry ARGS` in a fresh Python; return the finished process and its report
    ({"code": exit code, "loaded": top-level packages, "games": game packages})."""
    report = tmp_path / "modules.json"
    done = subprocess.run(
        [sys.executable, "-c", RUN_AND_LIST, report, *args],
        cwd=root,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
    )
    return done, json.loads(report.read_text())


@pytest.mark.parametrize(
    "args",
    [
        ("simulate", "hunt", "--games", "5", "--json"),
        ("simulate", "fugitive", "--games", "5", "--json"),
        ("replay", "hunt", "examples/hunt-record.json"),
        ("simulate", "island", "--games", "2", "--json"),
        ("replay", "island", "examples/island-record.json"),
        ("simulate", "parforce", "--games", "5", "--json"),
        ("replay", "parforce", "examples/parforce-record.json"),
        ("simulate", "cutthroat", "--games", "5", "--bot", "deducing", "--json"),
        ("replay", "cutthroat", "examples/cutthroat-record.json"),
    ],
    ids=[
        "simulate-hunt",
        "simulate-fugitive",
        "replay-hunt",
        "simulate-island",
        "replay-island",
        "simulate-parforce",
        "replay-parforce",
        "simulate-cutthroat",
        "replay-cutthroat",
    ],
)
def test_simulate_and_replay_load_no_drawing_library(root, tmp_path, args):
    done, result = run_and_list(root, tmp_path, *args)
    assert result["code"] == 0, done.stderr
    assert done.stdout.strip(), "the verb printed its result"
    assert "generator" in result["loaded"]
    assert [name for name in DRAWING if name in result["loaded"]] == []
    assert result["games"] == [args[1]]
    if args[0] == "replay":
        assert "numpy" not in result["loaded"]


def test_the_game_registry_imports_without_drawing_libraries(root):
    code = (
        "import sys; from generator.games import registry; games = registry(); "
        "print(sorted(games), sorted({m.split('.')[0] for m in sys.modules}))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True
    )
    assert all(
        f"'{game}'" in done.stdout
        for game in ("hunt", "fugitive", "island", "parforce", "cutthroat")
    )
    assert [name for name in DRAWING if f"'{name}'" in done.stdout] == []


def test_the_help_loads_no_solver_no_numbers_and_no_process_pool(root, tmp_path):
    done, result = run_and_list(root, tmp_path, "--help")
    assert result["code"] == 0 and "Usage" in done.stdout
    heavy = (*DRAWING, "numpy", "ortools", "pydantic", "concurrent", "multiprocessing")
    assert [name for name in heavy if name in result["loaded"]] == []
