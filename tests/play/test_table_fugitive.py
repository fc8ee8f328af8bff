"""Fugitive at the table, Quarry as the Marshal: the person is the Fugitive with real cards
Quarry never sees, played by a script that holds a real game of its own (its own deal, its
own planning Fugitive) and answers every question from it. An honest one plays to the end
(through the real terminal program, and the record replays); a liar is refused exactly at
the answer after which no hidden completion fits, which a second method (the CP-SAT model of
deduction.py, with the reach between face-up neighbours checked here) finds too."""

from __future__ import annotations

import dataclasses
import json
import random
import re

import pexpect
import pytest

from generator.games.fugitive.bots import make_fugitive
from generator.games.fugitive.cards import published
from generator.games.fugitive.deduction import build_model
from generator.games.fugitive.marshal_facts import Inconsistent, read_table
from generator.games.fugitive.rules import (
    FUGITIVE,
    MARSHAL,
    Draw,
    FugitiveState,
    Guess,
    Pass,
    deal_for,
    parse_action,
)
from generator.play.setup import chosen_bots, new_session
from generator.play.table import Table
from generator.play.table import fugitive as at_table
from tests.play.test_play_command import FRESH, plain, send, spawn

QUESTIONS = (
    r"Turn \d+: which pile do you draw from\?",
    r"Turn \d+: lay your first Hideout: hide N \(N Sprint cards under it\)",
    r"A second Hideout \(hide N\), or pass",
    r"Turn \d+: what do you lay\? hide N, escape N \(the 42\) or pass",
    r"Which Sprint cards lie under the 42\?",
    r"The Marshal draws from pile \d: which card is it\?",
    r"(?:Manhunt: the|The) Marshal guesses [\d and]+: (?:is|are) [^>]*\?",
    r"Turn the \d+ face up: which Sprint cards lie under it\? \(numbers, or none\)",
    r"Which cards of the row did you turn up for [\d and]+, counting the 0 as card 0: [\d or]+\?",
)
QUESTION = re.compile("(" + "|".join(QUESTIONS) + ") " + FRESH)


class Fugitive:
    """A person at the table with the real cards: a whole game of their own (deal from
    `seed`, a planning Fugitive's choices), told each of the Marshal's moves as Quarry says
    them. `lie` names a kind of answer (`guess`: "no" to the first guess that is right;
    `series`: "no" to the first right guess of two or more numbers; `escape`: the 42 laid
    with no Sprint card when it had some) given falsely once."""

    def __init__(self, seed: int, lie: str | None = None) -> None:
        self.state = FugitiveState(config=published())
        self.state.apply(deal_for(self.state.config, random.Random(seed)))
        self.bot = make_fugitive("planning")
        self.bot.start(seed)
        self.lie, self.lied = lie, False
        self.told = None  # the Marshal's view as told, at the lie
        self.escape: tuple[int, ...] = ()
        self.turned: dict[int, tuple[int, ...]] = {}
        self.places: tuple[int, ...] = ()
        self.answers = 0
        self.lied_at: int | None = None

    def answer(self, question: str) -> str:
        self.answers += 1
        state = self.state
        if "which pile" in question:
            action = self.bot.act(state.observation(FUGITIVE))
            assert isinstance(action, Draw)
            state.apply(action)
            return str(action.pile + 1)
        if "lay" in question or "second Hideout" in question:
            action = self.bot.act(state.observation(FUGITIVE))
            before = state.observation(MARSHAL)
            state.apply(action)
            if isinstance(action, Pass):
                return "pass"
            if action.hideout == 42:
                self.escape = action.sprint
                if self.lie == "escape" and action.sprint and not self.lied:
                    self.lied, self.escape, self.lied_at = True, (), self.answers
                    entry = {"what": "hide", "sprints": 0, "escape": True}
                    self.told = dataclasses.replace(
                        before, history=(*before.history, entry), row=(*before.row, (42, 0, ()))
                    )
                    return "escape 0"
                return f"escape {len(action.sprint)}"
            return f"hide {len(action.sprint)}"
        if "under the 42" in question:
            return " ".join(map(str, self.escape)) or "none"
        drawn = re.match(r"The Marshal draws from pile (\d)", question)
        if drawn:
            pile = int(drawn.group(1)) - 1
            card = state.piles[pile][0]
            state.apply(Draw(pile))
            return str(card)
        guessed = re.search(r"Marshal guesses ([\d and]+):", question)
        if guessed:
            numbers = tuple(int(n) for n in guessed.group(1).split(" and "))
            down = {h.number: (i, h.sprint) for i, h in enumerate(state.row) if not h.revealed}
            right = all(n in down for n in numbers)
            self.turned = {n: down[n][1] for n in numbers} if right else {}
            self.places = tuple(down[n][0] for n in numbers) if right else ()
            before = state.observation(MARSHAL)
            state.apply(Guess(numbers))
            lying = self.lie == "guess" or (self.lie == "series" and len(numbers) > 1)
            if right and lying and not self.lied:
                self.lied, self.lied_at = True, self.answers
                entry = {"what": "guess", "numbers": list(numbers), "right": False, "revealed": []}
                self.told = dataclasses.replace(before, history=(*before.history, entry))
                return "no"
            return "yes" if right else "no"
        turned = re.match(r"Turn the (\d+) face up", question)
        if turned:
            return " ".join(map(str, self.turned[int(turned.group(1))])) or "none"
        assert question.startswith("Which cards of the row"), question
        return " and ".join(map(str, self.places))


def feasible(view) -> bool:
    """The second method: whether some completion fits the Marshal's view, by the CP-SAT
    model (and, for two face-up neighbours, which it takes as given, by their reach)."""
    from ortools.sat.python import cp_model

    row = view.row
    for (a, _, _), (b, _, cards) in zip(row, row[1:], strict=False):
        if a is None or b is None:
            continue
        if not a < b <= a + 3 + sum(view.config.sprint[c] for c in cards):
            return False
    try:
        table = read_table(view)
    except Inconsistent:
        return False
    if not table.hidden:
        return True
    model, _, _ = build_model(table)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    return solver.solve(model) in (cp_model.OPTIMAL, cp_model.FEASIBLE)


class ScriptedPrompt:
    def __init__(self, person: Fugitive) -> None:
        self.person, self.refused = person, []

    def ask(self, text: str, choices) -> str:
        return self.person.answer(text.removesuffix(" > "))


def play_in_process(seed: int, person: Fugitive, record=None):
    """Play a table game in this process; return (session, what Quarry said)."""
    session = new_session(
        "fugitive", {}, seed, "fugitive", chosen_bots("fugitive", []), record, table=True
    )
    said: list[str] = []
    table = Table(said.append)
    table.prompt = ScriptedPrompt(person)
    at_table.play(session, table)
    return session, said


# --- (1) an honest Fugitive plays to the end ------------------------------------------------
@pytest.mark.parametrize("seed", [3, 8])
def test_an_honest_fugitive_is_never_refused_and_the_hypothesis_tells_his_story(seed):
    person = Fugitive(seed)
    session, said = play_in_process(seed, person)
    assert not any(line.startswith("That cannot be") for line in said), said
    assert session.over() and person.state.is_terminal()
    assert session.state.winner == person.state.winner
    # the hypothesis gives the Marshal exactly the view the real cards gave her
    mine, real = session.state.observation(MARSHAL), person.state.observation(MARSHAL)
    assert (mine.row, mine.hand, mine.history) == (real.row, real.hand, real.history)


def test_an_honest_fugitive_at_the_terminal_plays_to_the_end_and_the_record_replays(
    tmp_path, quarry
):
    seed = 3
    person = Fugitive(seed)
    record = tmp_path / "table.json"
    child = spawn(
        "fugitive", "--seat", "fugitive", "--table", "--seed", str(seed), "--record", str(record)
    )
    transcript = []
    while True:
        at = child.expect([QUESTION, pexpect.EOF], timeout=300)
        transcript.append(plain(child.before))
        if at == 1:
            break
        question = plain(child.match.group(1))
        answer = person.answer(question)
        transcript.append(f"{question} > {answer}")
        send(child, answer)
    child.close()
    text = "\n".join(transcript)
    assert child.exitstatus == 0, text
    assert "That cannot be" not in text
    assert "Game over:" in text
    assert "Lay the 0 face up" in text
    data = json.loads(record.read_text())
    assert data["result"]["winner"] == (
        "fugitive" if person.state.winner == FUGITIVE else "marshal"
    )
    replayed = quarry("replay", "fugitive", record)
    assert replayed.returncode == 0, replayed.stderr
    # Quarry's hidden game is not the person's (it never saw the cards), only its view is
    hides = [parse_action(a) for a in data["actions"] if a.startswith("hide")]
    assert len(hides) == len(person.state.row) - 1


def test_a_table_game_stopped_and_resumed_from_its_record_goes_on_to_the_end(tmp_path):
    from generator.play.screen import Quit
    from generator.play.setup import resumed_session

    person, record = Fugitive(8), tmp_path / "table.json"

    class Stopping(ScriptedPrompt):
        def ask(self, text, choices):
            if person.answers == 20:
                raise Quit
            return super().ask(text, choices)

    session = new_session(
        "fugitive", {}, 8, "fugitive", chosen_bots("fugitive", []), record, table=True
    )
    table = Table(lambda line: None)
    table.prompt = Stopping(person)
    with pytest.raises(Quit):
        at_table.play(session, table)
    session = resumed_session("fugitive", record, record)
    table.prompt = ScriptedPrompt(person)
    at_table.play(session, table)
    assert session.over() and session.state.winner == person.state.winner
    mine, real = session.state.observation(MARSHAL), person.state.observation(MARSHAL)
    assert (mine.row, mine.hand, mine.history) == (real.row, real.hand, real.history)
    assert "result" in json.loads(record.read_text())


# --- (2) a lie is caught exactly where no completion fits -----------------------------------
class Refused(Exception):
    pass


class Stop(Exception):
    pass


def until_the_lie(seed: int, lie: str):
    """Play with a Fugitive who lies once; return (what happened, the person, what Quarry
    said): "refused" (Quarry refused an answer: the person's answer count then), "accepted"
    (Quarry asked on after the lie) or "over" (the game ended)."""
    person = Fugitive(seed, lie)
    said: list[str] = []

    def write(line: str) -> None:
        said.append(line)
        if line.startswith("Answer again"):  # the refusal, shown whole
            raise Refused(person.answers)

    class Watch(ScriptedPrompt):
        def ask(self, text, choices):
            if person.lied:
                raise Stop
            return super().ask(text, choices)

    session = new_session(
        "fugitive", {}, seed, "fugitive", chosen_bots("fugitive", []), None, table=True
    )
    table = Table(write)
    table.prompt = Watch(person)
    try:
        at_table.play(session, table)
    except Refused as refused:
        return ("refused", refused.args[0]), person, said
    except Stop:
        return ("accepted", person.answers), person, said
    return ("over", person.answers), person, said


LIES = [("guess", 3), ("series", 5), ("series", 7), ("escape", 2), ("escape", 5)]


@pytest.mark.parametrize("lie,seed", LIES)
def test_a_lie_is_refused_exactly_when_no_hidden_game_fits_it(lie, seed):
    (what, at), person, said = until_the_lie(seed, lie)
    assert person.lied, "the game ended before the lie"
    assert at == person.lied_at  # nothing before the lie was refused
    if what == "refused":
        assert not feasible(person.told)  # the second method finds no completion either
        assert any(line.startswith("  - turn ") for line in said)  # the facts, in words
    else:
        assert feasible(person.told)  # a completion fits the lie: it must be taken


def test_the_lies_above_hold_both_a_refused_and_a_possible_one():
    outcomes = {until_the_lie(seed, lie)[0][0] for lie, seed in LIES}
    assert "refused" in outcomes and outcomes - {"refused"}


# --- (3) the fact checks on a hand-built position ---------------------------------------------
def position(actions: list[str]) -> FugitiveState:
    state = FugitiveState(config=published())
    piles = (
        (4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14),
        tuple(range(15, 29)),
        tuple(range(29, 42)),
    )
    state.apply(
        parse_action(
            "deal " + " ".join(f"{i + 1}={'.'.join(map(str, p))}" for i, p in enumerate(piles))
        )
    )
    for text in actions:
        state.apply(parse_action(text))
    return state


def test_the_checks_on_a_hand_built_position():
    # he holds 1 2 3 42 4 5 6 15 16; lays the 3 (no Sprint), then the 6 (no Sprint)
    state = position(["hide 3", "hide 6", "draw 1", "draw 1", "guess 5"])
    view = state.observation(MARSHAL)
    assert view.hand == (7, 8)
    found = at_table.deduction(view)
    assert found is not None and found.possible[0] == frozenset({1, 2, 3})
    # the second Hideout, with no Sprint card, is at most 3 above the first, and not the 5
    assert found.possible[1] == frozenset({2, 3, 4, 6})
    words = at_table.facts_in_words(view)
    assert words[1] == (
        "turn 1: the Hideout after a face-down Hideout had no Sprint card, so it is 2, 3, 4 or 6"
    )

    # a "no" to a guess of 2 3 4 6 (all four values of the second) is still possible...
    def miss(numbers):
        entry = {"what": "guess", "numbers": numbers, "right": False, "revealed": []}
        return dataclasses.replace(view, history=(*view.history, entry))

    assert at_table.deduction(miss([6])) is not None
    # ...but not once the first Hideout can only be 1, 2 or 3 and each of them is named
    assert at_table.deduction(miss([1])) is not None
    narrowed = miss([1])
    narrowed = dataclasses.replace(
        narrowed, history=(*narrowed.history, *miss([2]).history[-1:], *miss([3]).history[-1:])
    )
    assert at_table.deduction(narrowed) is None
    assert not feasible(narrowed)
    # the 42 cannot follow on turn 2 with one Sprint card: the second Hideout is at most 6
    entry = {"what": "hide", "sprints": 1, "escape": True}
    escape = dataclasses.replace(
        view,
        history=(*view.history, {"what": "draw", "player": "fugitive", "pile": 1}, entry),
        row=(*view.row, (42, 1, (1,))),
    )
    assert at_table.deduction(escape) is None and not feasible(escape)
    # a card in view twice: the Marshal holds the 7, so the 42 cannot lie on it
    twice = dataclasses.replace(escape, row=(*view.row, (42, 1, (7,))))
    assert "in the Marshal's hand" in at_table.known_problem(twice)
    # the Marshal's draw of a card he laid face up is refused; of any other, taken
    turned = position(["hide 3", "hide 6", "draw 1", "draw 1", "guess 6"])
    seen = turned.observation(MARSHAL)
    assert at_table.known_problem(dataclasses.replace(seen, hand=(6, 7, 8))) is not None
    assert at_table.deduction(dataclasses.replace(seen, hand=(7, 8, 15))) is not None


def test_quarry_as_the_fugitive_and_other_variants_are_refused_in_one_line():
    from generator.errors import QuarryError

    session = new_session(
        "fugitive", {}, 1, "marshal", chosen_bots("fugitive", []), None, table=True
    )
    assert not at_table.hides(session)
    with pytest.raises(QuarryError, match="Fugitive at the table is played with you as"):
        at_table.play(session, Table(print))
    session = new_session(
        "fugitive",
        {"variant": "random"},
        1,
        "fugitive",
        chosen_bots("fugitive", []),
        None,
        table=True,
    )
    assert at_table.hides(session)
    with pytest.raises(QuarryError, match="plain deck for now"):
        at_table.play(session, Table(print))
