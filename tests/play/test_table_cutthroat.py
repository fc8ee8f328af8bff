"""CutThroat! at the table through the real terminal program: Quarry deals and tells the
person their cards; the person (a script) plays the first move each time and answers the
bots' guesses about them truly, or once falsely, which is caught at that very answer."""

from __future__ import annotations

import json
import re

import pexpect

from tests.play.test_play_command import FRESH, plain, send, spawn

ASKED = re.compile(
    r"(Your move \(seat \d+[^)\n]*\)|Seat \d+ guesses that you are the (\w+)\. Are you\?) " + FRESH
)
DEALT = re.compile(r"Take the (\w+) of diamonds")
LISTED = re.compile(r"Accepted here: a move in the notation: ([^.\n]+)")


def play_cutthroat(tmp_path, lie: bool):
    """Play a six-seat game as seat 2; return (the last words, the refusals, exit status,
    the record)."""
    record = tmp_path / "cutthroat.json"
    child = spawn(
        "cutthroat",
        "--seat",
        "2",
        "--players",
        "6",
        "--table",
        "--seed",
        "4",
        "--record",
        str(record),
    )
    identity, refused, lied = None, [], False
    heard = []
    while True:
        if child.expect([ASKED, pexpect.EOF]) == 1:
            break
        said = plain(child.before)
        heard.append(said)
        identity = identity or DEALT.search(said).group(1)
        if "That cannot be" in said:
            refused.append(said)
        question = child.match.group(1)
        if question.startswith("Your move"):
            send(child, "help")  # the accepted moves, listed
            child.expect(ASKED)
            move = LISTED.search(plain(child.before)).group(1).split(" | ")[0].strip()
            send(child, move)
            continue
        truth = child.match.group(2) == identity
        if lie and not lied:
            lied = True
            send(child, "no" if truth else "yes")
        else:
            send(child, "yes" if truth else "no")
    child.close()
    heard.append(plain(child.before))
    play_cutthroat.heard = "".join(heard)
    return plain(child.before), refused, child.exitstatus, record, lied


def test_a_whole_game_at_the_table_ends_and_replays(tmp_path, quarry):
    tail, refused, status, record, _ = play_cutthroat(tmp_path, lie=False)
    assert status == 0, tail
    assert refused == [] and "Game over:" in tail
    # the person's character died in this game: they are told they are out, once
    assert play_cutthroat.heard.count("Your character is dead: you are out.") == 1
    assert json.loads(record.read_text())["header"]["players"]["2"] == "person at the table"
    assert quarry("replay", "cutthroat", record).returncode == 0


def test_a_false_answer_to_a_guess_is_caught_at_once_and_shown_with_the_deal(tmp_path):
    tail, refused, status, record, lied = play_cutthroat(tmp_path, lie=True)
    assert lied, "no bot guessed at the person's seat in this game"
    assert status == 0, tail
    assert len(refused) == 1
    assert "Quarry dealt you the" in refused[0]
