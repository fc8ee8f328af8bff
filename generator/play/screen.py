"""`quarry play` on screen: the terminal program that plays a Session with a person.

On a terminal the person types at a prompt_toolkit prompt that completes the legal moves
in the game's notation (Tab) and keeps a history (arrow keys); piped, it reads plain lines,
so a script can play too. Each time it is the person's move the screen shows what their
seat knows and the moves they may make; what the bots and chance do is said in words, as
much of it as a person at the table would see.

Words the prompt knows besides a move: `moves` (list them again), `board` (draw the screen
again), `undo` (take back your last move while no bot has moved since), `help`, `quit`
(the record, when one is kept, holds the game so far: `quarry play --resume FILE`).
Anything else that is not a move gets one line saying why and what is accepted.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import textwrap
from collections.abc import Callable

from generator.errors import QuarryError
from generator.play.session import Session

PROMPT = "your move> "
WORDS = ("moves", "board", "undo", "help", "quit")
HELP = (
    "Type a move as it is listed (Tab completes it), or: moves (list them), board (the\n"
    "screen again), undo (take back your last move), quit (stop; the record keeps the game)."
)


class Quit(Exception):
    """The person stopped the game at the prompt: quit or Ctrl-D (exit 0), or Ctrl-C
    (`interrupted`: the run then stops as Ctrl-C stops any run, exit 130)."""

    def __init__(self, interrupted: bool = False) -> None:
        super().__init__("stopped")
        self.interrupted = interrupted


def _terminal() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty() and os.environ.get("TERM") != "dumb"


class Prompt:
    """Reads the person's lines: prompt_toolkit on a terminal, plain input() otherwise."""

    def __init__(self) -> None:
        self.session = None
        if _terminal():
            from prompt_toolkit import PromptSession

            self.session = PromptSession()

    def ask(self, text: str, choices: list[str]) -> str:
        try:
            if self.session is None:
                sys.stdout.write(text)
                sys.stdout.flush()
                line = sys.stdin.readline()
                if not line:
                    raise EOFError
                return line.strip()
            from prompt_toolkit.completion import WordCompleter

            completer = WordCompleter([*choices, *WORDS], sentence=True)
            return asyncio.run(self._prompt(text, completer)).strip()
        except EOFError:
            raise Quit from None
        except KeyboardInterrupt:  # prompt_toolkit reads Ctrl-C as a key, not a signal
            raise Quit(interrupted=True) from None

    async def _prompt(self, text: str, completer) -> str:
        """Read one line. A SIGTERM that comes while the prompt waits is handled by the
        prompt's own event loop, which ends the prompt with Interrupted: raised by the
        process's handler from inside one of the loop's callbacks instead, it would be
        caught there and leave the program waiting for Enter."""
        from generator.stopping import Interrupted

        loop = asyncio.get_running_loop()
        kept = signal.getsignal(signal.SIGTERM)

        def stop() -> None:
            self.session.app.exit(exception=Interrupted(signal.SIGTERM))

        loop.add_signal_handler(signal.SIGTERM, stop)
        try:
            return await self.session.prompt_async(text, completer=completer)
        finally:
            loop.remove_signal_handler(signal.SIGTERM)
            signal.signal(signal.SIGTERM, kept)


def _say(lines: list[str], write: Callable[[str], None]) -> None:
    for line in lines:
        write(line)


def play_on_screen(
    session: Session, explain: bool = False, write: Callable[[str], None] = print
) -> bool:
    """Play `session` with the person at the prompt until the game ends (True) or the
    person quits (False). `write` prints one line."""
    prompt = Prompt()
    seat = min(session.people)
    view = session.view
    write(f"You play {view.seat_name(session.state, seat)} in {session.entry.title}.")
    write(HELP)
    _say(session.advance(), write)
    shown = False
    while not session.over():
        if not shown:
            write("")
            _say(view.show(session.state, seat), write)
            _say(_moves_lines(session), write)
            shown = True
        try:
            line = prompt.ask(PROMPT, view.moves(session.state) or [])
        except Quit as stop:
            stopped(session, write, stop)
            return False
        word = line.lower()
        if word in ("quit", "exit"):
            stopped(session, write, Quit())
            return False
        if word in ("help", "?"):
            write(HELP)
            continue
        if word == "moves":
            _say(_moves_lines(session), write)
            continue
        if word == "board":
            shown = False
            continue
        if word == "undo":
            try:
                session.undo()
            except QuarryError as error:
                write(str(error))
                continue
            write("taken back")
            shown = False
            continue
        try:
            action = session.parse(line)
        except QuarryError as error:
            write(f"not a move here: {error}. Type one of the moves listed, or help.")
            continue
        _say(session.play(action), write)
        _say(session.advance(), write)
        shown = False
    write("")
    _say(view.show(session.state, seat), write)
    write(f"Game over: {session.entry.result_text(session.state)}")
    if session.record is not None:
        write(f"The record is in {session.record}; quarry replay {session.name} checks it.")
    if explain:
        _say(explanation(session), write)
    return True


def _moves_lines(session: Session) -> list[str]:
    moves = session.view.moves(session.state)
    if moves is None:
        return [f"Your move: {session.view.move_help(session.state)}"]
    note = session.view.moves_note(session.state)
    return _wrapped("Your moves: ", moves) + textwrap.wrap(note, 96)


def _wrapped(head: str, items: list[str], width: int = 96) -> list[str]:
    lines, line = [], head
    for item in items:
        piece = item if line == head else f" | {item}"
        if len(line) + len(piece) > width and line != head:
            lines.append(line)
            line, piece = "  ", item
        line += piece
    lines.append(line)
    return lines


def explanation(session: Session) -> list[str]:
    """Return what each bot believed at each of its moves, from the tracker that played."""
    lines = ["", "What the bots believed when they moved:"]
    for note in session.notes:
        who = session.view.seat_name(session.state, note.seat)
        lines.append(f"step {note.step}, {who} played {note.move}:")
        lines += [f"    {part}" for part in note.belief.splitlines()]
    return lines


def stopped(session: Session, write: Callable[[str], None], stop: Quit) -> None:
    """Say where the game so far is kept; after Ctrl-C, stop the run as Ctrl-C stops any
    (generator/stopping.py: one line, exit 130)."""
    if session.record is not None:
        write(
            f"Stopped. The game so far is in {session.record}: "
            f"quarry play {session.name} --resume {session.record}"
        )
    else:
        write("Stopped (no record was kept: --record FILE keeps one).")
    if stop.interrupted:
        import signal

        from generator.stopping import Interrupted

        raise Interrupted(signal.SIGINT)
