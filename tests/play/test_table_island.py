"""The island at the table: the person is a Hunted whose mini board Quarry never sees,
played by a script (island_person.py) that answers from a true path of its own. An honest
Hunted is never refused, and the game Quarry keeps tells the same public story as the true
one; a liar is refused exactly at the answer after which no path fits, as the script's own
plain search (a second method beside the tracker) finds it."""

from __future__ import annotations

import json
import re

import pexpect
import pytest

from generator.games.island.rules import IslandState
from generator.games.island.tracking import Move
from generator.play.screen import Quit
from generator.play.setup import new_session, resumed_session
from generator.play.table import Table
from generator.play.table.island import IslandAtTable, _hidden_actions, _on
from generator.play.table.island.facts import Fact, needed, track_of
from tests.play.island_person import Person
from tests.play.test_play_command import FRESH, plain, send, spawn

ME = 1


class _Prompt:
    """The person's side of the conversation, in process."""

    def __init__(self) -> None:
        self.person: Person | None = None

    def ask(self, text: str, choices: list[str]) -> str:
        self.person.check()
        *before, question = text.removesuffix(" > ").split("\n")
        for line in before:
            self.person.heard(line)
        return self.person.answer(question, choices)


def _play(seed: int, hunter: int = 0, lie_at: int | None = None, wins: bool = True, record=None):
    """Play a table game in process: return the session and the person."""
    session = new_session("island", {"players": 4}, seed, str(ME), {}, record, True)
    prompt = _Prompt()
    table = Table(lambda line: prompt.person.heard(line))
    table.prompt = prompt
    person = prompt.person = Person(session.state.island, ME, seed, hunter, lie_at, wins)
    game = IslandAtTable(session, table)
    try:
        game.play()
        person.check()
    except Quit:
        pass
    # the path's actions the game kept as it went are the ones a resumed game finds
    assert game.hidden == _hidden_actions(session, ME)
    return session, person


def _true_game(session, path: list[int]) -> IslandState:
    """Return the game of `session` with the person's true `path` in place of the guess."""
    actions = list(session.actions)
    for time, index in enumerate(_hidden_actions(session, ME)):
        actions[index] = _on(actions[index], path[time], session.state)
    state = session.entry.state_from_header(session.header)
    for text in actions:
        state.apply(state.parse_action(text))
    return state


@pytest.mark.parametrize("seed, wins", [(1, True), (9, True), (7, False)])  # 9: discards a Sprint
def test_an_honest_hunted_is_never_refused_and_the_guess_tells_the_true_story(seed, wins):
    session, person = _play(seed, wins=wins)
    assert session.over()
    assert person.refused == []
    assert person.verdicts and all(fits for _, fits in person.verdicts)
    # the record is a game the rules allow, with the same public log as the true game's
    true = _true_game(session, person.path)
    assert true.log == session.state.log
    assert len(person.path) == len(_hidden_actions(session, ME))


def test_the_person_as_the_hunter_plays_in_the_open_to_the_end():
    session, person = _play(6, hunter=ME)
    assert session.over() and session.state.role[ME] == "hunter" and session.state.first == ME
    assert person.path == [] and person.refused == []


LIES = [(1, n) for n in (1, 2, 4, 8, 10, 13, 17)] + [(2, n) for n in (2, 6, 8, 13)]


@pytest.mark.parametrize("seed, lie_at", LIES)
def test_a_lie_is_refused_exactly_when_no_path_fits_it(seed, lie_at):
    _, person = _play(seed, lie_at=lie_at)
    # every answer taken left a path that fits (the person's own search agrees) ...
    assert all(fits for _, fits in person.verdicts)
    # ... and the one refused left none
    assert [fits for _, fits in person.refused] in ([], [False])


def test_the_lies_above_are_caught_some_at_once_and_some_later():
    caught_at_once = caught_later = 0
    for seed, lie_at in LIES:
        _, person = _play(seed, lie_at=lie_at)
        assert person.refused, f"the lie of seed {seed} at {lie_at} was never caught"
        at_once = person.square_questions == lie_at
        caught_at_once += at_once
        caught_later += not at_once
    assert caught_at_once and caught_later


def test_a_contradiction_is_shown_with_a_smallest_set_of_earlier_facts():
    """A hand-built path: start on B2 (told), a 1-step move, then seen on B3; the move
    after that is 1 step. "Not on C3 or A3 or B4 or B2" at time 2 contradicts only the
    sighting (and the move), not the unrelated facts."""
    state = IslandState(4)
    geo, parse = state.geo, state.island.parse
    land = [s for s in range(geo.cells) if state.island.is_land(s)]
    here = next(s for s in land if all(state.island.is_land(n) for n in state.island.neighbours(s)))
    nxt = state.island.neighbours(here)[0]
    moves = [Move(1), Move(1)]
    facts = [
        Fact(0, 1 << here, "you started here"),
        Fact(1, 1 << nxt, "you were seen next door"),
        Fact(0, ~(1 << parse("A1")), "an unrelated fact"),
    ]
    around = 0
    for n in state.island.neighbours(nxt):
        around |= 1 << n
    assert track_of(geo, moves, facts).consistent()
    lie = Fact(2, ~around, "not beside where you were seen")
    assert not track_of(geo, moves, [*facts, lie]).consistent()
    assert [f.words for f in needed(geo, moves, facts, [lie])] == ["you were seen next door"]


def test_a_table_game_stopped_and_resumed_goes_on_with_the_same_facts(tmp_path):
    record = tmp_path / "island.json"
    seed, stop_after = 2, 60
    session = new_session("island", {"players": 4}, seed, str(ME), {}, record, True)
    prompt = _Prompt()
    table = Table(lambda line: prompt.person.heard(line))
    table.prompt = prompt
    person = prompt.person = Person(session.state.island, ME, seed, 0)
    asked = {"n": 0}
    ask = prompt.ask

    def stopping(text, choices):  # quit at a roll: nothing half said on either side
        asked["n"] += 1
        if asked["n"] >= stop_after and text.startswith("Roll "):
            raise Quit
        return ask(text, choices)

    prompt.ask = stopping
    with pytest.raises(Quit):
        IslandAtTable(session, table).play()
    saved = json.loads(record.read_text())
    assert not session.over() and saved["actions"] == session.actions
    # a new program reads the record back; the same person answers on
    resumed = resumed_session("island", record, record)
    before = list(resumed.state.log)
    prompt.ask = ask
    game = IslandAtTable(resumed, table)
    assert game.hidden == _hidden_actions(session, ME)
    game.play()
    assert resumed.over() and person.refused == []
    assert resumed.state.log[: len(before)] == before
    assert _true_game(resumed, person.path).log == resumed.state.log


QUESTION = re.compile(r"\n([^\n]*?) " + FRESH)


def test_an_honest_hunted_at_the_terminal_plays_to_the_end_and_the_record_replays(tmp_path, quarry):
    record = tmp_path / "island.json"
    seed = 3
    child = spawn(
        "island", "--table", "--players", "4", "--seat", str(ME), "--seed", str(seed),
        "--record", str(record),
    )  # fmt: skip
    person = Person(IslandState(4).island, ME, seed, 0)
    heard = 0
    while True:
        found = child.expect([QUESTION, "Game over: [^\n]*\n", pexpect.EOF], timeout=120)
        text = plain(child.before + (child.after if found < 2 else ""))
        lines = text.splitlines()
        for line in lines[:-1] if found == 0 else lines:
            person.heard(line.strip())
        if found != 0:
            break
        heard += 1
        question = plain(child.match.group(1)).strip()
        send(child, person.answer(question, []))
    child.expect(pexpect.EOF, timeout=60)
    assert heard > 50 and person.refused == []
    saved = json.loads(record.read_text())
    assert saved["header"]["players"]["1"] == "person at the table"
    replayed = quarry("replay", "island", str(record))
    assert replayed.returncode == 0, replayed.stderr
