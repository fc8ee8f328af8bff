"""The open games at the table, through the real terminal program: Parforcejagd (nothing
is hidden) and The Hunt with Quarry as the Dragon. The person types moves in the notation
(the first the program offers), Quarry says its own, and the game ends with a record that
replays."""

from __future__ import annotations

import json
import re

import pexpect
import pytest

from tests.play.test_play_command import FRESH, plain, send, spawn

ASKED = re.compile(r"Your move \(([^)\n]*)\) " + FRESH)
OFFERED = re.compile(r"Accepted here: a move in the notation, e\.g\. ([^.\n]+)")


def _play_open(record, *args: str) -> tuple[str, int, list[str]]:
    """Play a whole open game, the person making the first move offered each time; return
    the last words, the exit status and the questions asked."""
    child = spawn(*args, "--table", "--record", str(record))
    asked = []
    while child.expect([ASKED, pexpect.EOF], timeout=120) == 0:
        question = plain(child.match.group(1))
        asked.append(question)
        if ": " in question:  # few moves: the question lists them
            move = question.split(": ", 1)[1].split(" | ")[0]
        else:
            send(child, "help")
            child.expect(ASKED)
            move = OFFERED.search(plain(child.before)).group(1).split(" | ")[0].strip()
        send(child, move)
    child.close()
    return plain(child.before), child.exitstatus, asked


@pytest.mark.parametrize(
    "args, seat",
    [
        (("parforce", "--seat", "stag", "--seed", "4"), "stag"),
        (("parforce", "--seat", "pursuers", "--seed", "4"), "pursuers"),
        (("hunt", "--seat", "knight", "--seed", "3"), "knight"),
    ],
)
def test_an_open_game_at_the_table_plays_to_the_end_and_replays(args, seat, tmp_path, quarry):
    record = tmp_path / "game.json"
    tail, status, asked = _play_open(record, *args)
    assert status == 0, tail
    assert "Game over:" in tail and asked
    data = json.loads(record.read_text())
    assert data["header"]["players"][seat] == "person at the table"
    assert quarry("replay", args[0], record).returncode == 0
