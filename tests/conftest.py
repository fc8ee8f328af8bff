"""Shared fixtures: the repository root and a layout book."""

import hashlib
import json
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


# Our pages against the rule texts: the rule texts stay outside the repository, so the tests
# compare digests of runs of eight words with tests/data/rule-fingerprints.json, written by
# tools/fingerprint_rules.py (which splits and hashes text the same way as below).
FINGERPRINTS = ROOT / "tests" / "data" / "rule-fingerprints.json"
RUN_LENGTH = 8


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def _digest(run: tuple[str, ...]) -> str:
    return hashlib.sha256(" ".join(run).encode("utf-8")).hexdigest()


class CopiedRuns(list):
    """The runs of eight words of one page that stand in a rule text; its repr, which pytest
    shows when `assert not copied_runs(...)` fails, names the page and quotes our words."""

    def __init__(self, runs: list[tuple[str, ...]], seed_file: str, page: str) -> None:
        super().__init__(runs)
        self.seed_file, self.page = seed_file, page

    def __repr__(self) -> str:
        if not self:
            return "[]"
        quoted = "; ".join(f'"{" ".join(run)}"' for run in self[:5])
        more = f" (and {len(self) - 5} more)" if len(self) > 5 else ""
        return (
            f"<{len(self)} run(s) of eight words on {self.page} also in the rule text "
            f"{self.seed_file}: {quoted}{more}>"
        )


@pytest.fixture(scope="session")
def own_words_checker():
    """Return checker(fingerprints): given digests by rule-text file name, the function
    copied(seed_file, text, page=None) that copied_runs is, for those digests."""

    def checker(fingerprints: dict[str, list[str]]):
        known = {name: frozenset(digests) for name, digests in fingerprints.items()}

        def copied(seed_file: str, text: str, page: str | None = None) -> CopiedRuns:
            assert seed_file in known, (
                f"no fingerprints of {seed_file} in {FINGERPRINTS.name}; "
                "run tools/fingerprint_rules.py where the rule texts are at hand"
            )
            mine = _words(text)
            runs = [tuple(mine[i : i + RUN_LENGTH]) for i in range(len(mine) - RUN_LENGTH + 1)]
            where = page or "the page that begins " + repr(" ".join(mine[:6]))
            return CopiedRuns(
                [run for run in runs if _digest(run) in known[seed_file]], seed_file, where
            )

        return copied

    return checker


@pytest.fixture(scope="session")
def copied_runs(own_words_checker):
    """Return copied(seed_file, text, page=None): the runs of eight words of `text` that stand
    in the rule text <seed_file> (lower case, punctuation ignored), found by their digests in
    tests/data/rule-fingerprints.json. Our pages must say things in our own words, so every
    test wants this empty; `page` names the page in the failure message."""
    return own_words_checker(json.loads(FINGERPRINTS.read_text(encoding="utf-8")))
