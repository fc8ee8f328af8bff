"""A read-only, forbidden or full output folder: one line naming it, no traceback, exit 2
(the user's to fix) or 1 (a full disk, the machine's), and the folder exactly as it was.

Each run goes through quarry's real entry point in fs_standin.py, which makes the OS calls
that write under the output folder fail (we run as root: chmod stops nothing).
"""

import shutil
import subprocess
import sys

import pytest

from tests.faults.conftest import EXAMPLES, ROOT, assert_whole_kits, hidden, snapshot, standin

pytestmark = pytest.mark.faults

PREVIOUS = "expedition-supplies"  # the custom deck's kit, there before each run

COMMANDS = {
    "kit": lambda out: ["kit", "hunt", "--paper", "a4", "--out", out],
    "kit all --jobs 2": lambda out: ["kit", "all", "--paper", "a4", "--jobs", "2", "--out", out],
    "cards": lambda out: ["cards", EXAMPLES / "custom-deck.toml", "--out", out],
    "tile": lambda out: ["tile", EXAMPLES / "sample-board.svg", "--out", out],
    "puzzle": lambda out: ["puzzle", "hunt", "--count", "1", "--out", out],
    "generate": lambda out: [
        "generate",
        "routes",
        "--candidates",
        "2",
        "--games",
        "20",
        "--out",
        out,
    ],  # fmt: skip
    "simulate --plot": lambda out: [
        "simulate",
        "hunt",
        "--games",
        "20",
        "--plot",
        out / "chart.svg",
    ],  # fmt: skip
    "export png": lambda out: ["export", "png", out / PREVIOUS],
    "export tts": lambda out: ["export", "tts", out / PREVIOUS],
}
# What the line names: the output folder, or for --plot the chart file's folder (read-only)
# or the chart file (full), or for an export the kit folder it adds to.
NAMED = {"export png": PREVIOUS, "export tts": PREVIOUS}
# The verbs that play games check the place first: nothing is played when it is read-only.
CHECKED_BEFORE_GAMES = ("generate", "simulate --plot")


@pytest.fixture(scope="module")
def previous_kit(tmp_path_factory):
    """A real kit (the custom deck) written without any stand-in: the folder each test's
    output folder starts with."""
    out = tmp_path_factory.mktemp("previous")
    done = subprocess.run(
        [sys.executable, "-m", "generator", "cards", EXAMPLES / "custom-deck.toml", "--out", out],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    return out / PREVIOUS


@pytest.fixture
def out(tmp_path, previous_kit):
    """The output folder of one test, holding a previous kit and a file of the user's."""
    folder = tmp_path / "out"
    shutil.copytree(previous_kit, folder / PREVIOUS)
    (folder / "notes.txt").write_text("the user's own file\n", encoding="utf-8")
    return folder


def one_line(result: subprocess.CompletedProcess, code: int) -> str:
    """Assert the run failed with `code` and one line on stderr, no traceback; return it."""
    assert "Traceback" not in result.stderr, result.stderr
    lines = result.stderr.splitlines()
    assert result.returncode == code, result.stderr
    assert len(lines) == 1 and lines[0].startswith("quarry: error: "), result.stderr
    return lines[0]


@pytest.mark.parametrize(
    ("mode", "what"),
    [("readonly", "the file system is read-only"), ("denied", "permission denied")],
    ids=["read-only", "permission-denied"],
)
@pytest.mark.parametrize("command", COMMANDS)
def test_an_unwritable_output_folder_gives_one_line_exit_2_and_leaves_it_as_it_was(
    out, tmp_path, command, mode, what
):
    before = snapshot(out)
    games = tmp_path / "games.log"
    result = standin(mode, out, *COMMANDS[command](out), games_log=games)
    line = one_line(result, 2)
    assert f"{out / NAMED.get(command, '')}".rstrip("/") + ":" in line, line
    assert what in line, line
    assert snapshot(out) == before
    if command in CHECKED_BEFORE_GAMES:
        assert not games.exists(), "games were played before the place was found unwritable"


@pytest.mark.parametrize("command", COMMANDS)
def test_a_full_disk_gives_one_line_exit_1_and_leaves_the_folder_as_it_was(out, command):
    before = snapshot(out)
    result = standin("full", out, *COMMANDS[command](out), budget=20_000)
    line = one_line(result, 1)
    named = out / "chart.svg" if command == "simulate --plot" else out / NAMED.get(command, "")
    assert f"{str(named).rstrip('/')}: the disk is full" in line, line
    assert snapshot(out) == before
    assert hidden(out) == []


def test_an_output_folder_under_a_read_only_one_is_refused_naming_it(out):
    deeper = out / "new" / "kits"
    result = standin("readonly", out, "kit", "hunt", "--out", deeper)
    line = one_line(result, 2)
    assert f"{deeper}: cannot write here: the file system is read-only" in line, line
    assert not (out / "new").exists()


def test_a_disk_that_fills_up_after_some_kits_keeps_those_whole(tmp_path):
    # Enough space for the first kit (CutThroat!'s, about 1.4 MB on A4 without a gallery),
    # not for all five: the kits written stay whole, the one being written is removed.
    out = tmp_path / "out"
    out.mkdir()
    args = ["kit", "all", "--paper", "a4", "--no-gallery", "--out", out]
    result = standin("full", out, *args, budget=3_000_000)
    one_line(result, 1)
    assert hidden(out) == []
    kits = sorted(p.name for p in out.iterdir())
    assert kits and "parforce" not in kits, kits
    assert_whole_kits(out)
