"""What a command line is expected to do: --version, shell completion, progress bars on a
terminal only, and NO_COLOR.

The runs go through the real CLI in a subprocess; the progress tests give it a pseudo
terminal, as a user's shell would.
"""

import os
import pty
import re
import select
import subprocess
import sys
from pathlib import Path

from generator import __version__, progress

ROOT = Path(__file__).resolve().parent.parent
BAR = "\u2501"  # the line Rich draws a bar with
COLOUR = "\x1b[3"  # the start of an ANSI foreground colour


def text_of(screen: str) -> str:
    """Return what a terminal shows as text: the escape sequences taken out."""
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", screen)


def quarry(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    """Run `quarry ARGS...` with its output piped."""
    return subprocess.run(
        [sys.executable, "-m", "generator", *args],
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, **(env or {})},
    )


def on_a_terminal(*args: str, env: dict) -> str:
    """Run `quarry ARGS...` with stdin, stdout and stderr on a pseudo terminal; return all
    it wrote there."""
    main, child = pty.openpty()
    environment = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    environment.update(env, COLUMNS="100", TERM="xterm-256color")
    process = subprocess.Popen(
        [sys.executable, "-m", "generator", *args],
        cwd=ROOT,
        stdin=child,
        stdout=child,
        stderr=child,
        env=environment,
        close_fds=True,
    )
    os.close(child)
    written = b""
    while True:
        ready, _, _ = select.select([main], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(main, 65536)
            except OSError:  # the child closed the terminal
                break
            if not chunk:
                break
            written += chunk
        elif process.poll() is not None:
            break
    process.wait(timeout=300)
    os.close(main)
    assert process.returncode == 0, written
    return written.decode("utf-8", errors="replace")


def test_version_on_the_top_command_prints_the_version_and_stops():
    result = quarry("--version")
    assert result.returncode == 0
    assert result.stdout == f"quarry {__version__}\n"


def test_shell_completion_offers_verbs_and_game_names():
    def complete(words: str) -> list[str]:
        env = {
            "_QUARRY_COMPLETE": "complete_bash",
            "COMP_WORDS": words,
            "COMP_CWORD": str(len(words.split()) - (0 if words.endswith(" ") else 1)),
        }
        result = quarry(env=env)
        assert result.returncode == 0, result.stderr
        return result.stdout.split()

    assert complete("quarry sim") == ["simulate"]
    assert complete("quarry simulate cu") == ["cutthroat"]
    assert "all" in complete("quarry kit ")
    assert "all" not in complete("quarry simulate ")
    script = quarry("--show-completion", "bash", env={"SHELL": "/bin/bash"})
    assert "_QUARRY_COMPLETE=complete_bash" in script.stdout


def test_a_long_command_shows_a_bar_on_a_terminal_in_colour_unless_no_color(tmp_path):
    args = ("puzzle", "hunt", "--count", "2", "--difficulty", "easy", "--out", str(tmp_path))
    coloured = on_a_terminal(*args, env={})
    plain = on_a_terminal(*args, env={"NO_COLOR": "1"})
    for screen in (coloured, plain):
        assert BAR in screen and "2/2 puzzles" in text_of(screen)
        assert "wrote " in text_of(screen)
    assert COLOUR in coloured
    assert COLOUR not in plain


def test_piped_output_has_no_bar_and_no_escape_codes(tmp_path):
    result = quarry(
        "puzzle", "hunt", "--count", "2", "--difficulty", "easy", "--out", str(tmp_path)
    )
    assert result.returncode == 0
    for stream in (result.stdout, result.stderr):
        assert BAR not in stream and "\x1b" not in stream
    assert result.stdout.startswith("wrote ")


def test_the_library_moves_a_bar_only_of_its_unit_and_nests_rows():
    with progress.bar("kits", "kits", show=True):
        with progress.bar("games", "games", total=3):
            progress.advance("games", 2)
            progress.advance("kits")
            rows = progress._rows.get()
            tasks = {t.description: t for t in rows[0].progress.tasks}
            assert tasks["kits"].completed == 1 and tasks["games"].completed == 2
        assert [t.description for t in rows[0].progress.tasks] == ["kits"]
    assert progress._rows.get() == ()
    progress.advance("kits")  # with no bar open: nothing to move, and no error
