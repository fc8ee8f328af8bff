"""Shared fixtures: the repository root and a layout book."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

from generator.render.layouts import LayoutBook

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def book() -> LayoutBook:
    return LayoutBook()


@pytest.fixture(scope="session")
def quarry(root):
    """Return run(*args): `quarry ARGS` as a user runs it (a child process, no standard
    input), returning the CompletedProcess with text stdout and stderr."""

    def run(*args):
        return subprocess.run(
            [sys.executable, "-m", "generator", *map(str, args)],
            cwd=root,
            capture_output=True,
            text=True,
            stdin=subprocess.DEVNULL,
        )

    return run


@pytest.fixture(scope="session")
def copied_runs(root):
    """Return copied(seed_file, text): the runs of eight words of `text` that stand in the
    rule text ../shared/seeds/<seed_file> (lower case, punctuation ignored). Our pages must
    say things in our own words, so every test wants this empty."""

    def words(text: str) -> list[str]:
        return re.findall(r"[a-z0-9]+", text.lower())

    def copied(seed_file: str, text: str) -> list[tuple[str, ...]]:
        seed = (root.parent / "shared" / "seeds" / seed_file).resolve()
        assert seed.exists(), f"the rule texts belong beside the repository: {seed}"
        source = words(seed.read_text(encoding="utf-8"))
        runs = {tuple(source[i : i + 8]) for i in range(len(source) - 7)}
        mine = words(text)
        return [
            tuple(mine[i : i + 8]) for i in range(len(mine) - 7) if tuple(mine[i : i + 8]) in runs
        ]

    return copied
