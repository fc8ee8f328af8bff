"""The README's tour of the command line, run as a newcomer runs it: every command in the
order the README gives, in a fresh folder that holds only the examples, each ending with
exit 0 and no traceback. Marked `tour` (`make test-tour`; `.ci/run` runs it after `make
test`): it plays thousands of games and writes every kit, so it takes minutes. The check
that each command reads only what an earlier one wrote is quick and runs in `make test`.
"""

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def tour() -> list[list[str]]:
    """Return the README tour's commands, each as its words without the comment."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## A tour of the command line", 1)[1]
    block = section.split("```", 2)[1]
    return [shlex.split(line, comments=True) for line in block.splitlines() if line.strip()]


def test_the_tour_is_a_list_of_quarry_commands_that_read_only_what_came_before():
    commands = tour()
    assert len(commands) >= 40 and all(words[0] == "quarry" for words in commands)
    written: set[str] = set()
    for words in commands:
        for word in words:
            if word.startswith("output/") and words[1] in ("simulate", "export", "kit"):
                folder = "/".join(word.split("/")[:2])
                assert folder in written, f"{' '.join(words)} reads {folder} before it is made"
        if words[1] in ("kit", "generate") and len(words) > 2:
            game = words[2]
            names = {"all": ["fugitive", "hunt", "island", "parforce", "cutthroat"]}
            designs = {"island": "island-design", "hunting-board": "parforce-design",
                       "deck": "fugitive-deck", "routes": "hunt-routes",
                       "variant": "cutthroat-variant"}  # fmt: skip
            if words[1] == "kit" and "--design" in words:
                design = words[words.index("--design") + 1]
                written.add(f"output/{design.split('/')[1]}-kit")
            elif words[1] == "kit":
                written |= {f"output/{name}" for name in names.get(game, [game])}
            else:
                written.add(f"output/{designs[game]}")


@pytest.mark.tour
def test_the_readme_tour_runs_in_order_in_a_fresh_folder(tmp_path):
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    home = tmp_path / "home"  # --install-completion writes into the user's shell files
    home.mkdir()
    env = {**os.environ, "HOME": str(home), "SHELL": "/bin/bash"}
    for words in tour():
        done = subprocess.run(
            [sys.executable, "-m", "generator", *words[1:]],
            cwd=tmp_path,
            env=env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=1800,
        )
        shown = shlex.join(words)
        assert done.returncode == 0, f"{shown}: exit {done.returncode}\n{done.stderr[-3000:]}"
        assert "Traceback" not in done.stderr, f"{shown}\n{done.stderr[-3000:]}"
    made_by_tour = ("output/index.html", "output/island-design", "output/island-design-kit")
    for made in (*made_by_tour, "output/fugitive/png", "hunt.svg"):
        assert (tmp_path / made).exists(), made
