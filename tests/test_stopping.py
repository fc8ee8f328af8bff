"""A signal that a library swallows still stops the run: reportlab's validators test values
under a bare `except:`, so an Interrupted raised there became an AttributeError (a
traceback, exit 1) or vanished and the work went on. Each case runs quarry's real entry
point with a stand-in for such a library inside the kit writer, the signal sent by the
process to itself, and checks exit 143, one line, and no kit published or left behind."""

import os
import signal
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


@pytest.fixture
def in_process_run():
    """A run's signal handling inside this test process, put back as it was afterwards (a
    run that was stopped keeps its handlers, as the process is meant to end)."""
    import generator.stopping as stopping

    handlers = {signum: signal.getsignal(signum) for signum in stopping.STOP_SIGNALS}
    hook = sys.unraisablehook
    yield
    for signum, handler in handlers.items():
        signal.signal(signum, handler)
    sys.unraisablehook = hook
    stopping._stopping, stopping._raised = None, False


def test_a_library_that_rebuilds_the_interrupted_with_its_message_keeps_the_signal(
    in_process_run,
):
    # reportlab's paragraph parser re-raises `type(error)(message)`: the Interrupted it
    # builds holds a string, and naming its signal was a ValueError inside the last line.
    from generator.stopping import Interrupted, handling_signals

    with handling_signals():
        try:
            os.kill(os.getpid(), signal.SIGTERM)
        except Interrupted as stop:
            rebuilt = type(stop)(f"paragraph text caused exception {stop}")
    assert rebuilt.signum == signal.SIGTERM and rebuilt.exit_code == 143
    assert str(rebuilt) == "stopped by SIGTERM"


def test_a_signal_python_could_only_print_is_raised_at_the_next_checkpoint(in_process_run, capsys):
    # A signal landing in a __del__ or a weakref callback is "Exception ignored in ...":
    # nothing is printed, and the next checkpoint (each file a kit records) raises it.
    from generator.stopping import Interrupted, checkpoint, handling_signals

    class Finalised:
        def __del__(self):
            os.kill(os.getpid(), signal.SIGTERM)

    with handling_signals():
        Finalised()  # collected at once: the handler raises inside __del__
        assert "Exception ignored" not in capsys.readouterr().err
        with pytest.raises(Interrupted) as stop:
            checkpoint()
    assert stop.value.exit_code == 143
