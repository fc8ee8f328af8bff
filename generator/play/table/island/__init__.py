"""The Most Dangerous Game at the table: the island, the dice and the person's mini board are
on the table; Quarry plays every other seat and never sees the person's mini board.

**Choice** (who deals). Quarry plays several seats whose hands stay secret from the person,
and the decks are shared, so it draws every card itself: it tells the person which card
to take from their deck, and keeps its own seats' hands in memory. Its bots still read only
their own seats' views. Quarry therefore knows the person's hand, never their squares.
**Choice** (the dice). Every die is rolled on the table and the person types what it
shows, for every seat: the rolls to choose the Hunter, movement rolls, fight rolls.

As a Hunted the person's secret is their path: their start, every square their moves end
on, and so where their traps lie. Quarry plays on a guess of it (the record holds that
guessed game) and asks what the rules make a Hunted tell, at the moment the rules make him
tell it:

- his start, when a Hunted of Quarry's chooses after him (he shows it his mini board);
- after every move of any token, whether a Hunter can see him, and then his square;
- his trail reveal from cycle 3 (or the square his False Trail shows);
- the answers to Beaters, Horn, Trail Sign and Bloodhound;
- whether a Bear Trap catches him at the end of his move, and whether a trap of his catches
  a Hunter who ends a move beside it.

His moves, Sprints and Runs for Cover are made on the mini board in secret: he says only
which card he plays, and Quarry guesses where he went.

Each answer becomes a fact about his square at one of his times (facts.py), and the exact
tracker (island/tracking.py) checks them all together. An answer that leaves no path is
refused and shown with a smallest set of earlier facts it contradicts. An answer that
rules out only the guess makes Quarry draw the whole path again among the paths that fit
(Track.draw) and replay the game with it; the public record of the game stays the same.

As the Hunter, or once captured, the person's moves are public: they say them in the
notation, and Quarry says its Hunted's public facts.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from generator.engine.game import CHANCE, IllegalAction
from generator.engine.simulate import derived_seeds
from generator.errors import QuarryError
from generator.games.island import cards
from generator.games.island.rules import HUNTED, IslandState
from generator.play.table import Contradiction, Table, yes_no
from generator.play.table.island.facts import Fact, GuessRuledOut, needed, told, track_of
from generator.play.table.island.moves import HIDDEN_CARDS, PersonsMoves
from generator.play.table.island.rules_ask import RulesAsk

# paths drawn, at most, before Quarry gives up on a guess: in 12 honest test games (seeds
# 1-12) 191 redraws each fitted on its first draw
DRAWS = 40


@dataclass
class _Answer:
    question: str
    value: object
    facts: list[Fact]


def hides(session) -> bool:
    """The person may be a Hunted (the dice choose the Hunter), so Quarry always guesses."""
    return True


def play(session, table: Table) -> None:
    """Play the island at the table until it ends."""
    IslandAtTable(session, table).play()


class IslandAtTable(PersonsMoves, RulesAsk):
    """One island game at the table: the turn, the questions' machinery and the guessed
    path; the questions of the rules (rules_ask.py) and the person's moves (moves.py) are
    its other two parts."""

    def __init__(self, session, table: Table) -> None:
        self.session, self.table = session, table
        self.me = min(session.people)
        self.rng = random.Random(derived_seeds(session.seed + len(session.actions), 3)[2])
        self.answers: list[_Answer] = []  # the answers given while the action is tried
        self.asked = 0  # the questions the action's trial has reached
        self.moment: IslandState = session.state  # the game as it stands at a question
        self.hidden = _hidden_actions(session, self.me)  # the path's actions, time by time

    @property
    def state(self) -> IslandState:
        return self.session.state

    def name(self, square: int) -> str:
        return self.state.island.name(square)

    # --- the turn ----------------------------------------------------------------------

    def play(self) -> None:
        if self.session.actions:  # resumed: where the game stands
            state = self.state
            at = [
                f"player {h} on {self.name(state.pos[h])}"
                for h in state.hunters()
                if state.pos[h] is not None
            ]
            where = (
                f"Cycle {state.cycle}, player {state.turn}'s turn" if state.cycle else "Setting up"
            )
            self.table.say(f"{where}. The Hunters: {', '.join(at) or 'none placed yet'}.")
        while not self.session.over():
            self.step()

    def step(self) -> None:
        session, state = self.session, self.state
        mover, kind = session.to_move(), state.stack[-1][0]
        if mover == CHANCE and kind == "draw":
            action = session.chance_action()
            if state.stack[-1][1] == self.me:
                card = cards.KINDS[str(action).split()[1]]
                deck = card.deck.capitalize()
                self.table.say(f"You draw {card.name}: take it from the {deck} deck.")
            self.play_checked(action)
        elif mover == CHANCE:
            self.play_checked(self.ask_roll())
        elif mover == self.me:
            self.persons_move(kind)
        else:
            self.play_checked(session.bot_action())

    def play_checked(self, action, hidden: bool = False, before=None, keep: bool = False) -> None:
        """Play `action` once every answer it calls for agrees with the guessed path,
        drawing the path again as often as an answer rules the guess out. `hidden`: the
        action is the person's own move on the mini board (its square is the guess);
        `before`: a question of the person's to ask first; `keep`: the answers given for
        it already stand."""
        if not keep:
            self.answers = []
        self.action, self.mover, self.said = action, self.session.to_move(), 0
        for _ in range(DRAWS):
            self.asked, self.moment = 0, self.state
            try:
                if before is not None:
                    before()
                self.ask_before(action)
                trial = self.state.clone()
                trial.watch = self.watch
                trial.apply(action)
                break
            except GuessRuledOut as clash:
                action = self.action = self.redraw(action, clash.moment, hidden)
        else:  # pragma: no cover - a path that fits always replays
            raise AssertionError("no guessed path gave the answers")
        if hidden:
            self.hidden.append(len(self.session.actions))
        lines = self.session.play(action)[self.said :]
        self.table.say(*[line for line in lines if not line.startswith("you: ")])  # said already

    def say_so_far(self) -> None:
        """Say what the action being tried has shown up to this moment (a Hunter's move
        before the question whether he sees the person), once."""
        if self.moment is self.state:
            return
        lines = self.session.view.announce(self.state, self.action, self.moment, self.me,
                                           self.mover)  # fmt: skip
        self.table.say(*lines[self.said :])
        self.said = max(self.said, len(lines))

    # --- the questions -----------------------------------------------------------------

    def question(self, text: str, read, choices, accepted: str, facts_of, words_of):
        """Return the answer to `text` (read by `read`), asked once for the action being
        tried. Each answer's facts (`facts_of(value)`) are checked with every earlier one
        before it is taken; `words_of(value)` says it when it is refused."""
        k, self.asked = self.asked, self.asked + 1
        if k < len(self.answers) and self.answers[k].question == text:
            return self.answers[k].value
        del self.answers[k:]
        self.say_so_far()

        def checked(line: str):
            value = read(line)
            facts = facts_of(value)
            self.check(facts, words_of(value))
            return value, facts

        value, facts = self.table.ask(text, checked, choices, accepted)
        self.answers.append(_Answer(text, value, facts))
        return value

    def known(self) -> tuple[list, list[Fact]]:
        """Return the person's moves up to this moment and every fact said so far."""
        moves, _ = told(self.moment, self.me)
        _, facts = told(self.state, self.me)
        return moves, facts + [f for answer in self.answers for f in answer.facts]

    def check(self, new: list[Fact], words: str) -> None:
        """Raise Contradiction when no path gives `new` with every fact said before."""
        moves, facts = self.known()
        geo = self.state.geo
        if new and not track_of(geo, moves, facts + new).consistent():
            shown = [f.words for f in needed(geo, moves, facts, new)]
            raise Contradiction(words, shown or ["you moved as your rolls and cards allowed"])

    def now(self) -> int:
        return self.moment.clock[self.me]

    def ask_square(self, text: str, time: int, allowed: int, why: str, what: str = "you") -> int:
        """Ask for one square of the person's path at `time` (`what` names it), one of
        `allowed`."""

        def read(line: str) -> int:
            square = self.square(line)
            if not allowed >> square & 1:
                raise QuarryError(f"{self.name(square)} is not {why}")
            return square

        return self.question(
            text, read, [], "a square, e.g. F12",
            lambda s: [Fact(time, 1 << s, f"{what} on {self.name(s)}, as you said just now")],
            lambda s: f"{what} on {self.name(s)}",
        )  # fmt: skip

    def ask_no_or_square(
        self, text: str, time: int, area: int, yes: str, no: str, no_allowed: bool = True
    ) -> int | None:
        """Ask whether the person's square at `time` is in `area`: None for no, else the
        square (one of `area`). Not `no_allowed`: the person has just said it is."""

        def read(line: str) -> int | None:
            if line.strip().lower() in ("no", "n"):
                if not no_allowed:
                    raise Contradiction(f"{no}", ["you said just now that a trap of yours caught"])
                return None
            square = self.square(line)
            if not area >> square & 1:
                raise QuarryError(f"{self.name(square)} is not {yes}")
            return square

        return self.question(
            text, read, ["no"], "no, or a square such as F12",
            lambda s: [Fact(time, ~area if s is None else 1 << s, no if s is None else
                            f"you said {self.name(s)}")],
            lambda s: no if s is None else f"you on {self.name(s)}",
        )  # fmt: skip

    def ask_yes_no(self, text: str, time: int, mask: int, yes: str, no: str) -> bool:
        passable = self.state.geo.passable
        return self.question(
            text, yes_no, ["yes", "no"], "yes or no",
            lambda said: [Fact(time, (mask if said else ~mask) & passable, yes if said else no)],
            lambda said: yes if said else no,
        )  # fmt: skip

    def square(self, line: str) -> int:
        try:
            return self.state.island.parse(line.strip().upper())
        except (ValueError, KeyError, IndexError):
            raise QuarryError(f"{line.strip()!r} is not a square of the island") from None

    # --- the guessed path --------------------------------------------------------------

    def redraw(self, action, moment: IslandState, hidden: bool):
        """Draw the person's path again among the paths every answer allows, replay the
        game with it and return `action` as it is played on the new path."""
        session, me = self.session, self.me
        self.moment = moment
        moves, facts = self.known()
        track = track_of(self.state.geo, moves, facts)
        old_log = list(self.state.log)
        for _ in range(DRAWS):
            path = track.draw(self.rng)
            actions = list(session.actions)
            for time, index in enumerate(self.hidden):
                actions[index] = _on(actions[index], path[time], self.state)
            state = session.entry.state_from_header(session.header)
            try:
                for text in actions:
                    state.apply(state.parse_action(text))
            except IllegalAction:  # pragma: no cover - a drawn path is always legal
                continue
            if state.log == old_log:
                session.state, session.actions = state, actions
                session.save()
                return _on(str(action), path[len(self.hidden)], state) if hidden else action
        raise AssertionError(f"no path of player {me} replays the game")  # pragma: no cover

    def guess(self, legal: list[str]) -> str:
        """Return Quarry's guess of where the person's secret move went: any legal one."""
        return legal[self.rng.randrange(len(legal))]


def _on(text: str, square: int, state: IslandState) -> str:
    """Return the action `text` with its square (its last word) replaced by `square`."""
    words = text.split()
    return " ".join([*words[:-1], state.island.name(square)])


def _hidden_actions(session, me: int) -> list[int]:
    """Return the indexes of the person's path actions in the session's record so far: the
    start, each move and each Sprint or Run for Cover while Hunted (one for each time)."""
    state = session.entry.state_from_header(session.header)
    hidden = []
    for index, text in enumerate(session.actions):
        if state.current_player() == me and state.role[me] == HUNTED:
            words = text.split()
            if words[0] in ("start", "move") or words[:2] in (["play", s] for s in HIDDEN_CARDS):
                hidden.append(index)
        state.apply(state.parse_action(text))
    return hidden
