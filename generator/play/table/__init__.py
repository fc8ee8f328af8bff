"""`quarry play --table`: the kit is on the table and Quarry plays its seats from what is
said there.

Quarry never sees the person's secrets. It keeps a whole game all the same, a *hypothesis*:
the person's hidden cards or map filled in with some choice that fits everything said so
far, so that its rules engine and bots run as on screen. Each game's module here (found by
its name) knows which public facts its seat learns, asks for them in the words of the
rules, checks each answer against every earlier one with an exact method of its own, and,
when an answer rules the hypothesis out but not every choice, fills the secrets in again
from the choices that remain. An answer no choice fits is a contradiction: the program shows
it with the earlier answers it contradicts and asks again.

A game whose person hides nothing from Quarry's seat (Parforcejagd; The Hunt with Quarry as
the Dragon) is played by `play_open`: the person says their moves, Quarry says its own.

The record holds the hypothesis: a game that replays to exactly what was said at the table.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from typing import TypeVar

from generator.errors import QuarryError
from generator.play.screen import Prompt, Quit, explanation, stopped
from generator.play.session import Session

T = TypeVar("T")
WORDS = ("help", "quit")


class Contradiction(Exception):
    """An answer that no choice of the person's secrets fits: the answer, and the earlier
    facts (in words) that rule it out."""

    def __init__(self, answer: str, facts: list[str]) -> None:
        super().__init__(answer)
        self.answer = answer
        self.facts = facts


class Table:
    """The conversation at the table: Quarry says things and asks questions."""

    def __init__(self, write: Callable[[str], None]) -> None:
        self.write = write
        self.prompt = Prompt()

    def say(self, *lines: str) -> None:
        for line in lines:
            self.write(line)

    def ask(self, question: str, read: Callable[[str], T], choices: list[str], accepted: str) -> T:
        """Return `read(answer)` for the person's answer to `question`. An answer `read`
        cannot take (QuarryError) gets one line saying what is `accepted`; one that
        contradicts what was said before (Contradiction) is shown with those facts; both
        are asked again."""
        while True:
            line = self.prompt.ask(f"{question} > ", choices)
            word = line.lower()
            if word in ("quit", "exit"):
                raise Quit
            if word in ("help", "?"):
                self.write(f"Accepted here: {accepted}. Or: quit (the record keeps the game).")
                continue
            try:
                return read(line)
            except QuarryError as error:
                self.write(f"{error}. Accepted here: {accepted}.")
            except Contradiction as clash:
                self.write(f"That cannot be: {clash.answer}. It contradicts what was said before:")
                for fact in clash.facts:
                    self.write(f"  - {fact}")
                self.write("Answer again (the earlier answers stand).")


def yes_no(text: str) -> bool:
    """Return the person's yes or no (y, n too); QuarryError for anything else."""
    word = text.strip().lower()
    if word in ("yes", "y"):
        return True
    if word in ("no", "n"):
        return False
    raise QuarryError(f"{text!r} is not yes or no")


def table_module(name: str):
    """Return the table module of game `name`; QuarryError (one line) when the game cannot
    be played at the table yet."""
    if importlib.util.find_spec(f"{__name__}.{name}") is None:
        raise QuarryError(f"--table: {name} cannot be played at the table yet; play it on screen")
    return importlib.import_module(f"{__name__}.{name}")


def play_at_table(
    session: Session, explain: bool = False, write: Callable[[str], None] = print
) -> bool:
    """Play `session` at the table until it ends (True) or the person quits (False)."""
    table = Table(write)
    seat = min(session.people)
    module = table_module(session.name)
    write(
        f"You play {session.view.seat_name(session.state, seat)} in {session.entry.title} "
        "at the table; Quarry plays the other seats.\nAnswer each question (help says what "
        "is accepted; quit stops)."
    )
    try:
        if module.hides(session):
            module.play(session, table)
        else:
            play_open(session, table)
    except Quit as stop:
        stopped(session, write, stop)
        return False
    write(f"Game over: {session.entry.result_text(session.state)}")
    if session.record is not None:
        write(f"The record is in {session.record}; quarry replay {session.name} checks it.")
    if explain:
        for line in explanation(session):
            write(line)
    return True


def play_open(session: Session, table: Table) -> None:
    """Play a game in which the person hides nothing from Quarry: they say their moves in
    the game's notation, Quarry says its own and chance's."""
    seat = min(session.people)
    table.say(*session.advance())
    while not session.over():
        if session.to_move() != seat:  # pragma: no cover - advance() stops only for the person
            table.say(*session.advance())
            continue
        moves = session.view.moves(session.state) or []
        hint = session.view.move_help(session.state) if not moves else " | ".join(moves[:12])
        listed = f": {' | '.join(moves)}" if 0 < len(moves) <= 6 else ""  # few: say them
        action = table.ask(
            f"Your move ({session.view.seat_name(session.state, seat)}{listed})",
            session.parse,
            moves,
            f"a move in the notation, e.g. {hint}",
        )
        table.say(*session.play(action))
        table.say(*session.advance())
