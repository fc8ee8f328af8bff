"""The Most Dangerous Game at the table: the island, the decks and the dice are on the
table; Quarry plays every seat but the person's and never sees the person's mini board.

**Choice:** Quarry deals. It plays several seats whose hands must stay secret from the
person, and the two decks are shared, so it draws every card itself and tells the person
which card they take from the deck; its bots still read only their own seats' views.
**Choice:** the dice are rolled on the table. The person types every roll (the setup roll
for the Hunter, movement rolls, combat rolls), for every seat, and Quarry takes it as
chance's outcome once it is a face of that die (1-6 or 1-8).

**Choice:** the person's secret, as a Hunted, is their path. Quarry keeps a hypothesis path
that fits every fact said at the table and asks only what the rules make a Hunted tell:
their start when a Hunted of Quarry's chooses after them (the rules have the mini board
shown to the later Hunted), the trail reveal from cycle 3, whether a Hunter sees them
after a token moves (and then their square), and the fights. Each answer is checked
exactly (`possible`: the squares the path can be on at each of its times, worked forward
over the grid with each turn's boat crossing; the Hunters' tracker, island/tracking.py,
is the second method the tests compare it with); an answer that leaves no path is shown
with a smallest set of earlier answers it contradicts, and one that rules out only the
hypothesis draws the path again (`draw_path`) and replays the game with it.

**Choice:** for now the person as a Hunted plays only the cards whose play names no
square (Camouflage, Lie Low, Dodge ...): a card that moves them or lays a trap would need
a square only their mini board holds. Run for Cover is passed for the same reason.

When the person is the Hunter, or becomes one when captured, nothing of theirs is hidden:
they type their moves in the notation and Quarry says its Hunted's public facts.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from generator.engine.game import CHANCE
from generator.errors import QuarryError
from generator.games.island.rules import HUNTED, _die
from generator.play.table import Contradiction, Table, yes_no


@dataclass(frozen=True)
class Fact:
    """The person's square at `time` (their mark count: 0 the start, one more a move) is in
    `mask`; `words` says it as it was said."""

    time: int
    mask: int
    words: str


def possible(geo, start_mask: int, moves: list[tuple[int, bool]], facts: list[Fact]) -> list[int]:
    """Return, for each time 0..len(moves), the squares a path that fits `facts` can be on
    then having fitted the facts so far (forward sets; the last is empty when none fits)."""
    sets = [start_mask]
    for fact in facts:
        if fact.time == 0:
            sets[0] &= fact.mask
    for t, (steps, exact) in enumerate(moves, start=1):
        mask = geo.reach(sets[-1], steps, exact, True)
        for fact in facts:
            if fact.time == t:
                mask &= fact.mask
        sets.append(mask)
    return sets


def draw_path(geo, sets: list[int], moves, rng: random.Random) -> list[int]:
    """Return one path through the forward `sets` (every set non-empty)."""
    path = [rng.choice(_bits(sets[-1]))]
    for t in range(len(moves), 0, -1):
        steps, exact = moves[t - 1]  # a walk and a crossing are as good backwards
        path.insert(0, rng.choice(_bits(geo.reach(1 << path[0], steps, exact, True) & sets[t - 1])))
    return path


def _bits(mask: int) -> list[int]:
    out, i = [], 0
    while mask:
        if mask & 1:
            out.append(i)
        mask >>= 1
        i += 1
    return out


def needed(geo, start_mask, moves, facts: list[Fact], new: Fact) -> list[Fact]:
    """Return a smallest set (dropping one at a time) of `facts` that with `new` no path fits."""
    kept = list(facts)
    for fact in facts:
        trial = [f for f in kept if f is not fact]
        if not possible(geo, start_mask, moves, [*trial, new])[-1]:
            kept = trial
    return kept


def hides(session) -> bool:
    """The person's seat may be a Hunted (the dice decide the Hunter), so the table game
    always keeps a hypothesis."""
    return True


class _IslandAtTable:
    def __init__(self, session, table: Table) -> None:
        self.session, self.table = session, table
        self.me = min(session.people)
        self.facts: list[Fact] = []
        self.moves: list[tuple[int, bool]] = []
        self.hidden: list[int] = []  # indexes in session.actions of the person's squares
        self.start_mask = 0
        self.pending: int | None = None  # the square of the person's move about to be played
        self.rng = random.Random(session.seed)

    @property
    def state(self):
        return self.session.state

    def name(self, square: int) -> str:
        return self.state.island.name(square)

    # --- facts and the hypothesis -----------------------------------------------------

    def add(self, fact: Fact, answer: str) -> None:
        geo = self.state.geo
        sets = possible(geo, self.start_mask, self.moves, [*self.facts, fact])
        if not sets[-1]:
            facts = needed(geo, self.start_mask, self.moves, self.facts, fact)
            raise Contradiction(answer, [f.words for f in facts] or ["you start on land"])
        self.facts.append(fact)
        path = self.path()
        if not all(f.mask >> path[f.time] & 1 for f in self.facts if f.time < len(path)):
            self.redraw(draw_path(geo, sets, self.moves, self.rng))

    def path(self) -> list[int]:
        """Return the hypothesis path: the squares of the person's hidden actions, and the
        one about to be played (`pending`)."""
        actions = self.session.actions
        path = [
            self.state.island.parse(actions[i].split()[1]) for i in self.hidden if i < len(actions)
        ]
        return path + ([self.pending] if self.pending is not None else [])

    def redraw(self, path: list[int]) -> None:
        session = self.session
        actions = list(session.actions)
        if self.pending is not None:
            self.pending = path[-1]
        for t, index in enumerate(self.hidden):
            if index >= len(actions):
                continue
            verb = actions[index].split()[0]
            actions[index] = f"{verb} {self.name(path[t])}"
        state = session.entry.state_from_header(session.header)
        for text in actions:
            state.apply(state.parse_action(text))
        session.state, session.actions = state, actions
        session.save()

    # --- the game ----------------------------------------------------------------------

    def play(self) -> None:
        while not self.session.over():
            self.step()

    def step(self) -> None:
        session, state = self.session, self.state
        mover = session.to_move()
        step = state.stack[-1]
        kind = step[0]
        if mover == CHANCE:
            if kind == "draw":
                action = session.chance_action()
                card = str(action).split()[1]
                who = "You" if step[1] == self.me else f"Player {step[1]}"
                if step[1] == self.me:
                    self.table.say(f"You draw {card}: take it from the {state.role[self.me]} deck.")
                else:
                    self.table.say(f"{who} draws a card: Quarry takes one from the deck for them.")
                self.guarded(action, quiet=True)
                return
            self.guarded(self.ask_roll(step))
            return
        if mover == self.me and state.role[self.me] == HUNTED and kind in ("start", "move"):
            self.hidden_move(kind)
            return
        if mover == self.me:
            self.guarded(self.ask_move(kind))
            return
        self.guarded(session.bot_action())

    def ask_roll(self, step):
        state = self.state
        p = state.rolling[len(state.setup_rolls)] if step[0] == "choose-roll" else step[1]
        die = _die(state, step)
        what = {
            "choose-roll": "to choose the Hunter",
            "roll": "to move",
            "fight-roll": "in the fight",
        }
        who = "your" if p == self.me else f"player {p}'s"

        def read(text: str) -> str:
            try:
                n = int(text.strip())
            except ValueError:
                raise QuarryError(f"{text!r} is not a number") from None
            if not 1 <= n <= die:
                raise QuarryError(f"{n} is not a face of the d{die}")
            return f"roll {n}"

        answer = self.table.ask(
            f"Roll {who} d{die} {what[step[0]]}: what did it show?",
            read,
            [str(n) for n in range(1, die + 1)],
            f"a number from 1 to {die}",
        )
        return state.parse_action(answer)

    def ask_move(self, kind: str):
        state = self.state
        legal = [str(a) for a in state.legal_actions()]
        if state.role[self.me] == HUNTED:
            if kind == "run":
                self.table.say(
                    "(Run for Cover is passed: the table game takes no card that names a square yet.)"
                )
                return state.parse_action("pass")
            legal = [
                a
                for a in legal
                if "false-trail" not in a and not any(_is_square(w, state) for w in a.split()[1:])
            ]
        listed = f": {' | '.join(legal)}" if len(legal) <= 8 else ""
        return self.table.ask(
            f"Your move ({kind}{listed})",
            lambda text: _pick(text, legal, state),
            legal,
            " | ".join(legal[:12]) if len(legal) <= 12 else self.session.view.move_help(state),
        )

    def hidden_move(self, kind: str) -> None:
        session, state = self.session, self.state
        me = self.me
        if kind == "start":
            self.start_mask = state.geo.land & ~_taken(state)
            later = [x for x in state.hunted() if x != me and not state.marks[x]]
            shown = [x for x in state.start_order]
            if shown:
                self.table.say(
                    "The Hunted before you show their mini boards: "
                    + ", ".join(
                        f"player {x} started on {self.name(state.marks[x][0])}" for x in shown
                    )
                    + "."
                )
            if later:
                self.table.say(
                    "Choose your start in secret and write 1 on it; show your mini board to "
                    "the Hunted still to choose (Quarry's)."
                )

                def read(text: str) -> int:
                    square = _square(text, state)
                    if not self.start_mask >> square & 1:
                        raise QuarryError(f"{text.strip()} is water, sea or a start already taken")
                    return square

                square = self.table.ask(
                    "Which square did you start on?", read, [], "a land square, e.g. F12"
                )
                self.facts.append(Fact(0, 1 << square, f"you started on {self.name(square)}"))
                action = state.parse_action(f"start {self.name(square)}")
            else:
                self.table.say("Choose your start in secret and write 1 on it on your mini board.")
                action = session.seats.act(state, me)
            self.hidden.append(len(session.actions))
            session.play(action)
            return
        roll = state.rolls[0]
        self.table.say(f"Move {roll} steps on your mini board in secret and write your next mark.")
        action = session.seats.act(state, me)
        self.moves.append((roll, state.rules.movement == "exact"))
        self.hidden.append(len(session.actions))
        self.pending = state.island.parse(state.format_action(action).split()[1])
        trial = state.clone()
        trial.apply(action)
        self.tell(trial.log[len(state.log) :], trial, own=True)
        square, self.pending = self.pending, None
        session.play(self.state.parse_action(f"move {self.name(square)}"))

    def guarded(self, action, quiet: bool = False) -> None:
        """Ask the person what the rules make them tell before `action` is played when it
        would show something of their square, check it, and play it."""
        session = self.session
        if self.state.role[self.me] == HUNTED and not self.state.gone[self.me]:
            trial = self.state.clone()
            trial.apply(action)
            new = trial.log[len(self.state.log) :]
            self.tell(new, trial)
            if self.state.role[self.me] == HUNTED:
                action = self.state.parse_action(self.state.format_action(action))
        lines = session.play(action)
        if not quiet:
            self.table.say(*lines)

    def tell(self, new, trial, own: bool = False) -> None:
        me, state = self.me, self.state
        for event in new:
            if event[0] == "reveal" and event[1] == me and not event[4]:
                mark = event[2]
                time = state.mark_times[me][mark]

                def read(text: str, mark=mark, time=time) -> None:
                    square = _square(text, state)
                    self.add(
                        Fact(time, 1 << square, f"mark {mark + 1} was on {self.name(square)}"),
                        f"your mark {mark + 1} on {self.name(square)}",
                    )

                self.table.ask(
                    f"Put your token where you were two turns ago (mark {mark + 1}): which square?",
                    read,
                    [],
                    "a square, e.g. F12",
                )
        looked = [e for e in new if e[0] in ("fact", "seen") and e[1] == me]
        hiding = bool(trial.stack) and trial.stack[-1][:2] == ("hide", me)
        if not (looked or hiding) or not state.marks[me]:
            return
        sight = trial.sight_mask(me)
        if own:  # a Hunter's Bear Trap catches a Hunted who ends a move beside it
            for trap in trial.traps + state.traps:
                if trap["slug"] == "bear-trap":
                    sight |= state.geo.within(trap["square"], 1, "steps")
        time = len(self.moves)
        hunters = ", ".join(f"{self.name(trial.pos[h])}" for h in trial.hunters())
        seen = self.table.ask(
            f"A Hunter looks (Hunters on {hunters}, 6 steps, 8 from elevation, 2 onto a hiding "
            "place): are you in sight?",
            yes_no,
            ["yes", "no"],
            "yes or no",
        )
        if seen:

            def read(text: str) -> None:
                square = _square(text, state)
                if not sight >> square & 1:
                    raise QuarryError(f"{text.strip()} is not in a Hunter's sight")
                self.add(
                    Fact(time, 1 << square, f"seen on {self.name(square)} (time {time})"),
                    f"seen on {self.name(square)}",
                )

            self.table.ask(
                "Put your token on your square: which square?", read, [], "a square in sight"
            )
        else:
            self.add(
                Fact(time, ~sight, f"not in sight of the Hunters on {hunters} (time {time})"),
                "not in sight",
            )


def _taken(state) -> int:
    taken = 0
    for marks in state.marks:
        if marks:
            taken |= 1 << marks[0]
    return taken


def _is_square(word: str, state) -> bool:
    try:
        state.island.parse(word)
        return True
    except (ValueError, KeyError, IndexError):
        return False


def _square(text: str, state) -> int:
    try:
        return state.island.parse(text.strip().upper())
    except (ValueError, KeyError, IndexError):
        raise QuarryError(f"{text.strip()!r} is not a square of the island") from None


def _pick(text: str, legal: list[str], state):
    word = " ".join(text.split())
    if word not in legal:
        raise QuarryError(f"{word!r} is not a move here")
    return state.parse_action(word)


def play(session, table: Table) -> None:
    """Play the island at the table."""
    _IslandAtTable(session, table).play()
