"""`quarry play` driven through the real terminal program: pexpect runs the command on a
pseudo-terminal (so prompt_toolkit's prompt is the one a person types at), the person's
seat is played by a scripted list of moves, and the record it keeps must replay.

The script is found by playing the same game in-process first, the person choosing the
first move the screen lists (or the example a step with too many moves gives): the bots
and chance are seeded, so the program must then deal and play exactly that game.
"""

from __future__ import annotations

import json
import os
import re
import sys

import pexpect
import pytest

from generator.play.setup import chosen_bots, new_session

GAMES = {  # game -> (options, the person's seat)
    "parforce": ({"players": 2}, "stag"),
    "hunt": ({}, "knight"),
    "fugitive": ({}, "marshal"),
    "cutthroat": ({"players": 6}, "2"),
    "island": ({"players": 4}, "1"),
}
# the command-line options that give GAMES' options
ARGS = {"cutthroat": ("--players", "6"), "island": ("--players", "4")}
ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\r")
# a prompt freshly drawn (prompt_toolkit draws it again, with the answer, once it is taken)
FRESH = r">\x1b\[0m"
PROMPT = "your move" + FRESH


def _first_move(session) -> str:
    moves = session.view.moves(session.state)
    if moves:
        return moves[0]
    legal = session.state.legal_actions()
    return session.state.format_action(legal[0])


def scripted_game(name: str, options: dict, seat: str, seed: int):
    """Return (the person's moves, every action) of the game the program should play."""
    session = new_session(name, options, seed, seat, chosen_bots(name, []), None)
    session.advance()
    moves = []
    while not session.over():
        move = _first_move(session)
        moves.append(move)
        session.play(session.parse(move))
        session.advance()
    return moves, session.actions


def spawn(*args: str) -> pexpect.spawn:
    env = dict(os.environ, PROMPT_TOOLKIT_NO_CPR="1", TERM="xterm", NO_COLOR="1")
    return pexpect.spawn(
        sys.executable,
        ["-m", "generator", "play", *args],
        env=env,
        encoding="utf-8",
        timeout=120,
        dimensions=(60, 140),
    )


def plain(text: str) -> str:
    return ESCAPES.sub("", text)


def send(child: pexpect.spawn, line: str) -> None:
    """Type `line` at the prompt and wait for the prompt to take it (it draws the prompt
    again with the line after it)."""
    child.sendline(line)
    child.expect_exact(f"> {line}")


def drive(child: pexpect.spawn, moves: list[str]) -> str:
    """Type `moves` at the prompts; return everything the program wrote after the last."""
    for move in moves:
        child.expect(PROMPT)
        send(child, move)
    child.expect(pexpect.EOF)
    child.close()
    return plain(child.before)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_whole_game_on_screen_keeps_a_record_that_replays(name, tmp_path, quarry):
    options, seat = GAMES[name]
    moves, actions = scripted_game(name, options, seat, seed=5)
    record = tmp_path / "game.json"
    child = spawn(
        name,
        "--seat",
        seat,
        *ARGS.get(name, ()),
        "--seed",
        "5",
        "--record",
        str(record),
        "--explain",
    )
    tail = drive(child, moves)
    assert child.exitstatus == 0, tail
    assert "Game over:" in tail
    assert "What the bots believed when they moved:" in tail
    data = json.loads(record.read_text())
    assert data["actions"] == actions
    assert "result" in data  # a finished record carries its result
    replayed = quarry("replay", name, record)
    assert replayed.returncode == 0, replayed.stderr


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_game_stopped_and_resumed_ends_as_the_unbroken_one(name, tmp_path):
    options, seat = GAMES[name]
    moves, actions = scripted_game(name, options, seat, seed=6)
    half = len(moves) // 2
    record = tmp_path / "game.json"
    child = spawn(name, "--seat", seat, *ARGS.get(name, ()), "--seed", "6", "--record", str(record))
    drive(child, [*moves[:half], "quit"])
    assert child.exitstatus == 0
    kept = json.loads(record.read_text())
    assert "result" not in kept and len(kept["actions"]) < len(actions)
    child = spawn(name, "--resume", str(record))
    tail = drive(child, moves[half:])
    assert child.exitstatus == 0, tail
    assert json.loads(record.read_text())["actions"] == actions


def test_bad_input_at_the_prompt_says_what_is_accepted_and_the_game_goes_on(tmp_path):
    record = tmp_path / "game.json"
    child = spawn("parforce", "--seat", "stag", "--record", str(record))
    child.expect(PROMPT)
    send(child, "S z99")
    child.expect(PROMPT)
    said = plain(child.before)
    assert "not a move here" in said and "'z99' is not a square" in said
    send(child, "fly away")
    child.expect(PROMPT)
    assert "not a move here" in plain(child.before)
    send(child, "undo")
    child.expect(PROMPT)
    assert "nothing to take back" in plain(child.before)
    send(child, "quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert json.loads(record.read_text())["actions"] == []


@pytest.mark.parametrize("how", ["ctrl-c", "sigterm"])
def test_ctrl_c_or_a_kill_at_the_prompt_stops_the_run_and_keeps_the_record_whole(how, tmp_path):
    import signal

    record = tmp_path / "game.json"
    child = spawn("parforce", "--seat", "stag", "--record", str(record))
    child.expect(PROMPT)
    send(child, "S f7")
    child.expect(PROMPT)
    if how == "ctrl-c":
        child.sendcontrol("c")  # prompt_toolkit reads it as a key
    else:
        child.kill(signal.SIGTERM)
    child.expect(pexpect.EOF)
    child.close()
    said = plain(child.before)
    assert child.exitstatus == (130 if how == "ctrl-c" else 143)
    assert said.rstrip().endswith(
        "stopped by " + ("SIGINT (Ctrl-C)" if how == "ctrl-c" else "SIGTERM")
    )
    kept = json.loads(record.read_text())
    assert kept["actions"][0] == "S f7" and len(kept["actions"]) == 10  # the stag and 9 pursuers
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left


@pytest.mark.parametrize(
    "args",
    [
        ("fugitive", "--seat", "marshal", "--table"),  # Quarry's Fugitive hand would be read out
        ("fugitive", "--variant", "wild", "--table"),  # no such variant
        ("island", "--players", "4", "--seat", "5", "--table"),  # no such seat
        ("parforce", "--seat", "hounds"),  # no such seat
        ("cutthroat", "--players", "20"),  # too many
    ],
)
def test_a_game_that_cannot_be_played_so_is_refused_in_one_line_and_nothing_is_written(
    args, tmp_path, quarry
):
    record = tmp_path / "game.json"
    result = quarry("play", *args, "--record", record)
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr
    assert not record.exists()
