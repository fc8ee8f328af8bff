"""A signal that a library swallows still stops the run: reportlab's validators test values
under a bare `except:`, so an Interrupted raised there became an AttributeError (a
traceback, exit 1) or vanished and the work went on. Each case runs quarry's real entry
point with a stand-in for such a library inside the kit writer, the signal sent by the
process to itself, and checks exit 143, one line, and no kit published or left behind."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"

RUN = """
import os, signal, sys
from generator import kit
from generator.cli import main

original = kit.KitWriter._write_guides

def swallowing_library(self):
    try:
        os.kill(os.getpid(), signal.SIGTERM)  # arrives inside the library's try
    except:  # noqa: E722 (the library's bare except)
        {after}
    original(self)

kit.KitWriter._write_guides = swallowing_library
sys.argv = ["quarry", *sys.argv[1:]]
main()
"""

AFTER = {
    "raises an error of its own": 'raise AttributeError("Illegal assignment of 3 to width")',
    "goes on as if nothing happened": "pass",
}


@pytest.mark.parametrize("after", AFTER.values(), ids=AFTER.keys())
def test_a_swallowed_signal_still_stops_the_run_and_publishes_nothing(tmp_path, after):
    out = tmp_path / "out"
    done = subprocess.run(
        [sys.executable, "-c", RUN.format(after=after), "cards", EXAMPLES / "custom-deck.toml"]
        + ["--out", out],
        cwd=ROOT,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=300,
    )
    assert done.returncode == 143, done.stderr
    assert done.stderr == "quarry: stopped by SIGTERM\n"
    assert list(out.iterdir()) == [], "nothing published and no temporary folder left"
