"""A scripted person at the island's table: a Hunted with a true path on their own mini
board, who answers Quarry's questions from it; `lie_at` makes the answer to that question
(counted from 1, among the ones about their squares) false.

Each answer is also written down as the person means it: a set of squares their path was
on at one of their times. `paths_fit` checks those statements with a plain search over
(square, crossed this turn) pairs, step by step, on the island's own neighbours and boat
links: a second method beside the tracker (island/tracking.py) the program uses.
"""

from __future__ import annotations

import random
import re

from generator.games.island.board import ZONES
from generator.games.island.rules import HORN_RANGE, HUNTED
from generator.play.screen import Quit

ROLL = re.compile(r"Roll (your|player (\d+)'s) d(\d) (to choose the Hunter|to move|in the fight)")
HUNTERS = re.compile(r"player (\d+) on ([A-Z]+\d+), (\d+) steps")
SQUARES = re.compile(r"\b([A-Z]{1,2}\d{1,2})\b")
MARK = re.compile(r"mark (\d+)")
LAID = re.compile(r"laid after your move (\d+)")
BESIDE = re.compile(r"on or beside ([A-Z]+\d+)")
SPRUNG = re.compile(r"player (\d+)'s \w+ springs at ([A-Z]+\d+)")
HORN = re.compile(r"within \d+ steps of player \d+ on ([A-Z]+\d+)")
BEATERS = re.compile(r"Beaters in the ([A-Za-z0-9 ]+): are you in it")
MOVE = re.compile(r"Move (\d+) steps on your mini board")
TURN = re.compile(r"player (\d+)'s turn")
SHOWN = re.compile(r"they started on ([A-Z]+\d+)")


class Person:
    """The person at `seat`, a Hunted unless `hunter` is their seat (the seat that rolls
    highest to choose the Hunter), who wins every fight they are in (or, not `wins`, loses
    it) and plays every card they may."""

    def __init__(
        self, island, seat: int, seed: int, hunter: int, lie_at: int | None = None, wins=True
    ) -> None:
        self.island, self.seat, self.hunter, self.wins = island, seat, hunter, wins
        self.turns, self.my_turn = 0, False  # the turns heard; is the turn going on mine
        self.mark_times: list[int] = []  # the time of each mark they wrote
        self.shown: set[int] = set()  # the starts shown to them
        self.role = HUNTED
        self.rng = random.Random(seed)
        self.lie_at, self.square_questions = lie_at, 0
        self.path: list[int] = []
        self.moves: list[tuple[int, bool, bool]] = []  # steps, exact, fresh
        self.crossed_turn = -1  # the turn (state.turns) in which their token last crossed
        self.last_move_turn = -1  # ... and the turn of their last move
        self.statements: list[tuple[int, set[int]]] = []
        self.refused: list[tuple[str, bool]] = []  # a refused answer's question, paths_fit
        self.verdicts: list[tuple[str, bool]] = []  # (question, paths_fit after the answer)
        self.last: tuple[str, str] | None = None
        self.last_sight: set[int] = set()
        self.context = ""  # the last line heard: what a question speaks of
        self.traps: list[int] = []  # the times (so the squares) of their traps still laid

    # --- what the person hears ------------------------------------------------------------

    def heard(self, line: str) -> None:
        self.context = line
        if "Accepted here:" in line and self.last is not None:  # not an answer: asked again
            self.statements.pop()
            self.last = None
        if line.startswith("That cannot be"):
            question, _ = self.last
            fits = paths_fit(self.island, self.moves, self.statements)
            self.refused.append((question, fits))
            self.statements.pop()
            raise Quit  # the test stops at the first refusal
        found = TURN.match(line)
        if found:
            if self.my_turn and self.role == HUNTED:  # their turn ended: the mark is written
                self.mark_times.append(len(self.path) - 1)
            self.turns += 1
            self.my_turn = int(found.group(1)) == self.seat
        found = SPRUNG.match(line)
        if found and int(found.group(1)) == self.seat:
            square = self.island.parse(found.group(2))
            self.traps.remove(next(t for t in self.traps if self.path[t] == square))
        found = SHOWN.search(line)
        if found:
            self.shown.add(self.island.parse(found.group(1)))
        if line == f"player {self.seat} is the Hunter" or line.startswith(
            f"player {self.seat} is captured"
        ):
            self.role = "hunter"
        if line.startswith("Choose your start in secret"):
            self.choose_start()
        found = MOVE.search(line)
        if found:
            self.walk(int(found.group(1)), exact=True, fresh=True)
        if line.startswith("Make your Sprint"):
            self.walk(2, exact=False, fresh=False)
        if line.startswith("Make your Run for Cover"):
            self.walk(2, exact=False, fresh=self.last_move_turn != self.turns)

    def choose_start(self) -> int:
        cells = self.island.size**2
        land = [s for s in range(cells) if self.island.is_land(s) and s not in self.shown]
        self.path, self.mark_times = [self.rng.choice(land)], [0]  # mark 1 is the start
        self.state_fact(0, {s for s in land})
        return self.path[0]

    def walk(self, steps: int, exact: bool, fresh: bool) -> None:
        here = self.path[-1]
        sailed = not fresh and self.crossed_turn == self.turns
        ends = _walks(self.island, here, steps, exact, sailed)
        square = self.rng.choice(sorted({s for s, _ in ends}))
        if (square, False) not in ends and not sailed:  # only a crossing gets there
            self.crossed_turn = self.turns
        self.last_move_turn = self.turns
        self.path.append(square)
        self.moves.append((steps, exact, fresh))

    # --- answers ---------------------------------------------------------------------------

    def answer(self, question: str, choices: list[str]) -> str:
        said = self._answer(question, choices)
        self.last = (question, said)
        return said

    def _answer(self, q: str, choices: list[str]) -> str:
        name = self.island.name
        found = ROLL.search(q)
        if found:
            me, die, why = found.group(1) == "your", int(found.group(3)), found.group(4)
            who = self.seat if me else int(found.group(2))
            if why == "to choose the Hunter":
                return "6" if who == self.hunter else "1" if who == self.seat else "2"
            if why == "in the fight":  # the person wins (or loses) every fight they are in
                return str(die) if me == self.wins else "1"
            return str(self.rng.randint(1, die))
        now = len(self.path) - 1
        if q.startswith("Which square did you start on"):
            square = self.choose_start()  # any free square is a true start: no lie here
            self.state_fact(0, {square})
            return self.island.name(square)
        if q.startswith("Can a Hunter see you"):
            sight = self.last_sight = self.sight(self.context)
            seen = self.path[now] in sight
            if "Say no" not in q:  # they hold Camouflage: yes or no first
                return self.said_yes_no(now, seen, sight)
            return self.said_no_or_square(now, seen, sight)
        if q.startswith("Does your move end on or beside a Bear Trap"):
            area = set()
            for square in SQUARES.findall(q.split("(")[1]):
                area |= self.near(self.island.parse(square), 1)
            return self.said_no_or_square(now, self.path[now] in area, area)
        if q.startswith("Does a trap of yours catch"):
            area = self.near(self.island.parse(BESIDE.search(q).group(1)), 1)
            caught = [t for t in self.traps if self.path[t] in area]
            if not caught:  # "no" says it of every trap; "yes" waits for which
                for time in self.traps:
                    self.state_fact(time, self._passable() - area)
            self.last_trap_area = area
            return "yes" if caught else "no"
        if q.startswith("Is your") and "on or beside" in q:
            time = int(LAID.search(q).group(1))
            area = self.near(self.island.parse(BESIDE.search(q).group(1)), 1)
            return self.said_no_or_square(time, self.path[time] in area, area)
        if "put your token on your mark" in q or "show where your last turn began" in q:
            time = self.mark_times[int(MARK.search(q).group(1)) - 1]
            return self.said_square(time, self.path[time], None)
        if q.startswith("Put your token on your square"):
            return self.said_square(now, self.path[now], self.last_sight)
        if "False Trail shows" in q:
            time = self.mark_times[int(MARK.search(q).group(1)) - 1]
            shown = self.rng.choice(sorted(self.near(self.path[time], 3) & self._passable()))
            self.state_fact(time, self.near(shown, 3))
            return name(shown)
        found = BEATERS.search(q)
        if found:
            zone = ZONES.index(found.group(1))
            inside = {s for s in self._passable() if self.island.zones[s] == zone}
            return self.said_yes_no(now, self.path[now] in inside, inside)
        found = HORN.search(q)
        if found:
            near = self.near(self.island.parse(found.group(1)), HORN_RANGE)
            return self.said_yes_no(now, self.path[now] in near, near)
        if "Trail Sign on you" in q:
            zone = self.island.zones[self.path[now]]
            self.state_fact(now, {s for s in self._passable() if self.island.zones[s] == zone})
            return ZONES[zone]
        if q.startswith("Your move"):  # at the terminal the choices are the line before
            return self.decide(choices or self.context.removeprefix("You may: ").split(" | "))
        raise AssertionError(f"unexpected question {q!r}")

    def decide(self, choices: list[str]) -> str:
        if self.role != HUNTED:
            return self.rng.choice([c for c in choices if c != "done"] or choices)
        for wanted in ("play dodge", "play sprint", "play snare", "play deadfall",
                       "play false-trail", "play lie-low", "play run-for-cover"):  # fmt: skip
            if wanted in choices:
                if wanted in ("play snare", "play deadfall"):  # laid on their square now
                    self.traps.append(len(self.path) - 1)
                return wanted
        if "play camouflage" in choices:
            return self.rng.choice(["play camouflage", "pass"])
        for word in ("done", "pass", "fight"):
            if word in choices:
                return word
        for card in ("discard run-for-cover", "discard sprint"):  # a card that moves, in
            if card in choices:  # another verb: not a move on the mini board
                return card
        return choices[-1]

    # --- answering and writing it down -----------------------------------------------------

    def lying(self) -> bool:
        self.square_questions += 1
        return self.square_questions == self.lie_at

    def said_square(self, time: int, square: int, allowed: set[int] | None) -> str:
        if self.lying():
            far = [s for s in sorted(allowed or self._passable()) if s != square]
            square = far[len(far) // 2]
        self.state_fact(time, {square})
        return self.island.name(square)

    def said_no_or_square(self, time: int, truth: bool, area: set[int]) -> str:
        if self.lying():
            truth = not truth
            if truth:  # a square of the area the path is not on
                square = sorted(area & self._passable())[0]
                self.state_fact(time, {square})
                return self.island.name(square)
        if not truth:
            self.state_fact(time, self._passable() - area)
            return "no"
        self.state_fact(time, {self.path[time]})
        return self.island.name(self.path[time])

    def said_yes_no(self, time: int, truth: bool, area: set[int]) -> str:
        if self.lying():
            truth = not truth
        self.state_fact(time, area if truth else self._passable() - area)
        return "yes" if truth else "no"

    def state_fact(self, time: int, squares: set[int]) -> None:
        self.statements.append((time, set(squares)))

    def check(self) -> None:
        """Note, after an answer was taken, whether some path fits every statement."""
        if self.last is not None:
            fits = paths_fit(self.island, self.moves, self.statements)
            self.verdicts.append((self.last[0], fits))
            self.last = None

    # --- geometry the person reads off the board ---------------------------------------------

    def sight(self, question: str) -> set[int]:
        seen = set()
        for _, square, reach in HUNTERS.findall(question):
            at = self.island.parse(square)
            seen |= self.near(at, int(reach)) - self.far_hiding(at)
        return seen & self._passable()

    def far_hiding(self, at: int) -> set[int]:
        return set(self.island.hiding) - self.near(at, 2)

    def near(self, square: int, radius: int, metric: str = "steps") -> set[int]:
        n = self.island.size
        r0, c0 = divmod(square, n)
        out = set()
        for s in range(n * n):
            dr, dc = abs(s // n - r0), abs(s % n - c0)
            if (dr + dc if metric == "steps" else max(dr, dc)) <= radius:
                out.add(s)
        return out

    def _passable(self) -> set[int]:
        return {s for s in range(self.island.size**2) if self.island.zones[s] != -1}


def _walks(island, start: int, steps: int, exact: bool, sailed: bool) -> set[tuple[int, bool]]:
    """Return the (square, crossed in this turn) pairs a walk of `steps` steps (exactly, or
    up to) from `start` can end on, one boat crossing a turn (`sailed`: spent already)."""
    layer = {(start, sailed)}
    ends = set() if exact else set(layer)
    for _ in range(steps):
        nxt = set()
        for square, crossed in layer:
            nxt |= {(s, crossed) for s in island.neighbours(square)}
            if not crossed:
                nxt |= {(s, True) for s in island.boat_links(square)}
        layer = nxt
        ends |= layer
    return layer if exact else ends


def paths_fit(island, moves, statements) -> bool:
    """Return True if some path with these moves is on a square of every statement at its
    time: forward over (square, crossed in this turn) pairs."""
    at: dict[int, set[int]] = {}
    for time, squares in statements:
        at[time] = at[time] & squares if time in at else set(squares)
    states = {(s, False) for s in range(island.size**2) if island.zones[s] != -1}
    states = {p for p in states if p[0] in at.get(0, {p[0]})}
    for time, (steps, exact, fresh) in enumerate(moves, start=1):
        nxt = set()
        for square, crossed in states:
            nxt |= _walks(island, square, steps, exact, crossed and not fresh)
        states = {p for p in nxt if p[0] in at.get(time, {p[0]})}
        if not states:
            return False
    return bool(states)
