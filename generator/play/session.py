"""One game between a person and our bots, whatever draws it on screen.

A Session holds the whole game (Quarry deals, so it knows every hidden card), the seats a
person plays and the bots of the others (the ones `quarry strength` measures:
interop/strength/seats.py). It plays chance and the bots' moves, takes the person's moves in
notation, keeps the record as it goes (written whole after every step when a file is named),
and notes at each bot move what that bot believed, from the tracker that played (--explain).

Everything random comes from the seed: chance at step k draws with a generator seeded from
(seed, k), so a resumed game deals what the unbroken game would have dealt, and the bots get
their own seeds and are replayed through every earlier step on resume, so they hold the
notes (a CutThroat! tracker, a Hunt belief) they would have held.

The person may take back their moves while neither a bot nor chance has moved since
(`undo`): a card drawn is not drawn again.
"""

from __future__ import annotations

import copy
import json
import random
from dataclasses import dataclass, field
from pathlib import Path

from generator.engine.game import CHANCE, GameState, IllegalAction
from generator.engine.simulate import derived_seeds
from generator.errors import QuarryError
from generator.games import game as registered
from generator.interop.strength.seats import OurSeats, our_seats
from generator.play.presenters import Presenter, presenter

PERSON = "person"  # a seat's name in a record's header when a person played it on screen
PERSON_AT_TABLE = "person at the table"  # ... and when they played it at the table


@dataclass
class Note:
    """What a bot believed when it moved: the step (from 1), its seat, the move, the text."""

    step: int
    seat: int
    move: str
    belief: str


@dataclass
class _Snapshot:
    state: GameState
    seats: OurSeats
    actions: int
    notes: int


@dataclass
class Session:
    """A game of `name` from `header` (game, options, seed, players), the person at the
    seats in `people`, our bots (role -> bot name) at the others."""

    name: str
    header: dict
    people: frozenset[int]
    bots: dict = field(default_factory=dict)
    record: Path | None = None
    table: bool = False  # played at the table (--table): the person's secrets are guessed

    def __post_init__(self) -> None:
        self.entry = registered(self.name)
        self.view: Presenter = presenter(self.name)
        try:
            self.state = self.entry.state_from_header(self.header)
        except ValueError as error:
            raise QuarryError(str(error)) from None
        self.seed = int(self.header.get("seed", 0))
        self.chance_seed, bot_seed = derived_seeds(self.seed, 2)
        self.players = self.view.players(self.state)
        options = dict(self.header.get("options", {}))
        self.seats = our_seats(self.name, options, self.players, bot_seed, self.bots)
        self.actions: list[str] = []
        self.notes: list[Note] = []
        self._undo: list[_Snapshot] = []

    # --- whose move, and playing it ----------------------------------------------------

    def to_move(self) -> int:
        """Return the player to move (CHANCE, or a seat; TERMINAL when the game is over)."""
        return self.state.current_player()

    def over(self) -> bool:
        return self.state.is_terminal()

    def persons_turn(self) -> bool:
        return not self.over() and self.to_move() in self.people

    def chance_action(self):
        """Return chance's outcome at this step, drawn from (seed, step)."""
        rng = random.Random(derived_seeds(self.chance_seed + len(self.actions), 1)[0])
        sample = getattr(self.state, "sample_chance", None)
        if sample is not None:
            return sample(rng)
        legal = self.state.legal_actions()
        return legal[rng.randrange(len(legal))]

    def bot_action(self):
        """Return the move of the bot to move, noting what it believed."""
        seat = self.to_move()
        action = self.seats.act(self.state, seat)
        belief = self.view.belief(self.seats, seat, self.state)
        move = self.state.format_action(action)
        self.notes.append(Note(len(self.actions) + 1, seat, move, belief))
        return action

    def parse(self, text: str):
        """Return the person's move written as `text`; QuarryError (one line) when it is not
        a move here, saying why."""
        try:
            action = self.state.parse_action(text.strip())
            trial = self.state.clone()
            trial.apply(action)
        except (IllegalAction, ValueError) as error:
            raise QuarryError(str(error) or "not a move here") from None
        return action

    def play(self, action) -> list[str]:
        """Play `action` (chance's, a bot's or the person's) and return what the person sees
        of it, in words. Saves the record when one is named."""
        mover = self.to_move()
        if mover in self.people:
            self._undo.append(
                _Snapshot(
                    self.state.clone(),
                    copy.deepcopy(self.seats),
                    len(self.actions),
                    len(self.notes),
                )
            )
        else:
            self._undo.clear()  # a bot moved or chance showed something: what came before stands
        before = self.state.clone()
        self.seats.saw(self.state, action)
        text = self.state.format_action(action)
        self.state.apply(action)
        self.seats.after(self.state)
        self.actions.append(text)
        self.save()
        viewer = min(self.people) if self.people else 0
        return self.view.announce(before, action, self.state, viewer, mover)

    def advance(self) -> list[str]:
        """Play chance and the bots until the person is to move or the game is over; return
        what the person sees of it."""
        said: list[str] = []
        while not self.over() and not self.persons_turn():
            if self.to_move() == CHANCE:
                said += self.play(self.chance_action())
            else:
                said += self.play(self.bot_action())
        return said

    def can_undo(self) -> bool:
        return bool(self._undo)

    def undo(self) -> None:
        """Take back the person's last move (QuarryError when a bot has moved since)."""
        if not self._undo:
            raise QuarryError("nothing to take back: a bot has moved since your last move")
        last = self._undo.pop()
        self.state, self.seats = last.state, last.seats
        del self.actions[last.actions :]
        del self.notes[last.notes :]
        self.save()

    # --- the record ------------------------------------------------------------------------

    def record_data(self) -> dict:
        """Return the game's record so far: header, actions and, once over, its result."""
        data = {"header": self.header, "actions": list(self.actions)}
        if self.over() and self.entry.record_fields is not None:
            data |= self.entry.record_fields(self.state)
        return data

    def save(self) -> None:
        if self.record is None:
            return
        from generator.output import write_whole

        text = json.dumps(self.record_data(), indent=2, sort_keys=True, ensure_ascii=False)
        write_whole(self.record, (text + "\n").encode("utf-8"))

    def resume(self, actions: list[str]) -> None:
        """Play the recorded `actions` again from the start, the bots moving through their
        own steps so that they hold what they held (their move is the record's when the two
        differ). QuarryError naming the step that is not legal."""
        record, self.record = self.record, None
        try:
            for step, text in enumerate(actions, start=1):
                if self.over():
                    raise QuarryError(f"step {step}, {text!r}: the game was already over")
                try:
                    action = self.state.parse_action(text)
                except (IllegalAction, ValueError) as error:
                    raise QuarryError(f"step {step}, {text!r}: {error}") from None
                mover = self.to_move()
                if mover != CHANCE and mover not in self.people:
                    self.bot_action()
                try:
                    self.play(action)
                except IllegalAction as error:
                    raise QuarryError(f"step {step}, {text!r}: {error}") from None
        finally:
            self.record = record
        self._undo.clear()
