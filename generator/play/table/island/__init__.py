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
from generator.games.island.board import ZONES
from generator.games.island.rules import (
    HORN_RANGE,
    HUNTED,
    NEAR_RANGE,
    SPYGLASS_BONUS,
    ZONE_SLUGS,
    IslandState,
    _die,
)
from generator.play.table import Contradiction, Table, yes_no
from generator.play.table.island.facts import Fact, needed, told, track_of

HIDDEN_CARDS = ("sprint", "run-for-cover")  # a card move whose square only the mini board holds
DRAWS = 40  # paths drawn, at most, before Quarry gives up on a guess (none has needed two)


class _Mismatch(Exception):
    """An answer rules out Quarry's guess of the person's path (not every path): `moment`
    is the game as it stood when the answer was given."""

    def __init__(self, moment: IslandState) -> None:
        super().__init__("the guess does not fit")
        self.moment = moment


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


class IslandAtTable:
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
            except _Mismatch as clash:
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

    # --- what the rules make the person tell ----------------------------------------------

    def watch(self, state: IslandState, step: tuple) -> None:
        """Called by the engine before each of its own steps in a trial: ask what the step
        would show of the person, and stop the trial when the guess says otherwise."""
        self.moment = state
        me, kind = self.me, step[0]
        if kind == "hunter-moved":
            self.trap_questions(state, step[1])
        if state.role[me] != HUNTED or state.gone[me] or state.pos[me] is None:
            return
        if kind == "look" and step[1] in (None, me):
            self.look_question(state, state.sight_mask(me), state.hunters())
        elif kind == "look-far" and me not in state.visible:
            mask = state.sight_mask(me, SPYGLASS_BONUS, only=step[1])
            self.look_question(state, mask, [step[1]], SPYGLASS_BONUS)
        elif kind == "hunted-moved" and step[1] == me:
            self.bear_question(state)
        elif kind == "reveal" and step[1] == me and me not in state.false_trail:
            mark = state.cycle - 3
            square = self.ask_square(
                f"Cycle {state.cycle}: put your token on your mark {mark + 1}. Which square?",
                state.mark_times[me][mark], state.geo.passable, "a square a token can stand on",
                f"your mark {mark + 1}",
            )  # fmt: skip
            if square != state.marks[me][mark]:
                raise _Mismatch(state)

    def look_question(self, state: IslandState, mask: int, hunters: list[int], bonus: int = 0):
        """A look: ask whether the `hunters` (a Spyglass's `bonus` added) see the person."""
        me, where = self.me, self.hunters_in_words(state, hunters, bonus)
        hides = "camouflage" in state.hand[me]
        seen = bool(mask >> state.pos[me] & 1)
        no = f"cycle {state.cycle}: not in sight of {where}"
        if hides:  # the person may yet play Camouflage: the square waits for that choice
            said = self.ask_yes_no(
                f"A look: {where}.\nCan a Hunter see you (yes or no)?", self.now(), mask,
                f"cycle {state.cycle}: in sight of {where}", no,
            )  # fmt: skip
            if said != seen:
                raise _Mismatch(state)
            return
        said = self.ask_no_or_square(
            f"A look: {where}.\nCan a Hunter see you? Say no, or the square you stand on.",
            self.now(), mask, "in a Hunter's sight", no,
        )  # fmt: skip
        if (said is not None) != seen or (seen and said != state.pos[me]):
            raise _Mismatch(state)

    def hunters_in_words(self, state: IslandState, hunters: list[int], bonus: int) -> str:
        low = self.me in state.lie_low
        parts = []
        for h in hunters:
            reach = NEAR_RANGE if low else state.sight_range(h, bonus)
            glass = " with a Spyglass" if bonus else ""
            parts.append(f"player {h} on {self.name(state.pos[h])}, {reach} steps{glass}")
        why = " (you lie low)" if low else "; 2 onto a hiding place"
        return "; ".join(parts) + why

    def bear_question(self, state: IslandState) -> None:
        bears = sorted({t["square"] for t in state.traps if t["slug"] == "bear-trap"})
        if not bears:
            return
        covered = 0
        for square in bears:
            covered |= state.geo.within(square, 1, "steps")
        where = ", ".join(self.name(s) for s in bears)
        said = self.ask_no_or_square(
            f"Does your move end on or beside a Bear Trap ({where})? Say no, or your square.",
            self.now(), covered & state.geo.passable, "on or beside a Bear Trap",
            f"cycle {state.cycle}: your move ended away from the Bear Traps at {where}",
        )  # fmt: skip
        caught = bool(covered >> state.pos[self.me] & 1)
        if (said is not None) != caught or (caught and said != state.pos[self.me]):
            raise _Mismatch(state)

    def trap_questions(self, state: IslandState, hunter: int) -> None:
        """A Hunter ended a move: ask whether a trap of the person's catches him and, when
        one does, which (of each trap in turn: no, or its square)."""
        traps = [t for t in state.traps if t["owner"] == self.me and t["slug"] != "bear-trap"]
        if not traps:
            return
        square = state.pos[hunter]
        area = state.geo.within(square, 1, "steps") & state.geo.passable
        where, who = self.name(square), "you" if hunter == self.me else f"player {hunter}"
        caught = [t for t in traps if area >> t["square"] & 1]

        def silent(trap) -> Fact:
            words = f"cycle {state.cycle}: your {trap['slug']} did not catch {who} on {where}"
            return Fact(trap["time"], ~area, words)

        said = self.question(
            f"{who.capitalize()} ends a move on {where}.\nDoes a trap of yours catch "
            f"{'you' if who == 'you' else 'him'} (one on or beside {where})?",
            yes_no, ["yes", "no"], "yes or no",
            lambda yes: [] if yes else [silent(t) for t in traps],
            lambda yes: f"{'a' if yes else 'no'} trap of yours on or beside {where}",
        )  # fmt: skip
        if not said:
            if caught:
                raise _Mismatch(state)
            return
        named = False
        for index, trap in enumerate(traps):
            last = index == len(traps) - 1
            answer = self.ask_no_or_square(
                f"Is your {trap['slug']} (laid after your move {trap['time']}) on or beside "
                f"{where}? Say no, or its square.", trap["time"], area,
                f"on or beside {where}", silent(trap).words, no_allowed=not (last and not named),
            )  # fmt: skip
            named = named or answer is not None
            if (answer is not None) != (trap in caught) or answer not in (None, trap["square"]):
                raise _Mismatch(state)

    def ask_before(self, action) -> None:
        """Ask what a card about to be played makes the person say, before it is played."""
        state, me = self.state, self.me
        words = str(action).split()
        if words[0] != "play" or state.role[me] != HUNTED or state.gone[me]:
            return
        slug, here, time = words[1], state.pos[me], state.clock[me]
        player = state.stack[-1][1]
        geo, cycle = state.geo, state.cycle
        if slug == "beaters" and me in state.hunted():
            zone = ZONE_SLUGS.index(words[2])
            mask = geo.zone_masks[zone]
            said = self.ask_yes_no(
                f"Player {player} plays Beaters in the {ZONES[zone]}: are you in it?", time,
                mask, f"cycle {cycle}: in the {ZONES[zone]}",
                f"cycle {cycle}: not in the {ZONES[zone]}",
            )  # fmt: skip
            if said != bool(mask >> here & 1):
                raise _Mismatch(state)
        elif slug == "horn" and me in state.hunted():
            near = geo.within(state.pos[player], HORN_RANGE, state.rules.vision)
            where = f"player {player} on {self.name(state.pos[player])}"
            said = self.ask_yes_no(
                f"Player {player} blows the Horn: are you within {HORN_RANGE} steps of {where}?",
                time, near, f"cycle {cycle}: within {HORN_RANGE} of {where}",
                f"cycle {cycle}: not within {HORN_RANGE} of {where}",
            )  # fmt: skip
            if said != bool(near >> here & 1):
                raise _Mismatch(state)
        elif slug == "trail-sign" and int(words[2]) == me:
            zone = self.question(
                f"Player {player} plays Trail Sign on you: which zone are you in?",
                self.zone, [z.lower() for z in ZONES], ", ".join(ZONES),
                lambda z: [Fact(time, geo.zone_masks[z], f"cycle {cycle}: in the {ZONES[z]}")],
                lambda z: f"you in the {ZONES[z]}",
            )  # fmt: skip
            if zone != state.island.zones[here]:
                raise _Mismatch(state)
        elif slug == "bloodhound" and int(words[2]) == me:
            mark = len(state.marks[me]) - 2
            square = self.ask_square(
                f"Player {player} plays Bloodhound on you: show where your last turn began "
                f"(mark {mark + 1}). Which square?",
                state.mark_times[me][mark], geo.passable, "a square a token can stand on",
                f"your mark {mark + 1}",
            )  # fmt: skip
            if square != state.marks[me][mark]:
                raise _Mismatch(state)

    def zone(self, line: str) -> int:
        word = line.strip().lower().replace(" ", "-")
        for index, zone in enumerate(ZONES):
            if word in (zone.lower().replace(" ", "-"), ZONE_SLUGS[index]):
                return index
        raise QuarryError(f"{line.strip()!r} is not a zone of the island")

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

    # --- the person's own moves ----------------------------------------------------------

    def persons_move(self, kind: str) -> None:
        state, me = self.state, self.me
        legal = list(state.legal_actions())
        if state.role[me] != HUNTED:
            self.play_checked(self.ask_move(kind, legal, legal))
            return
        if kind == "start":
            self.start()
        elif kind == "move":
            self.table.say(f"Move {state.rolls[0]} steps on your mini board, in secret.")
            self.play_checked(self.guess(legal), hidden=True)
        elif kind in ("action", "run"):
            spoken = [a for a in legal if a.split()[1:2] != ["sprint"] and "run-for-cover" not in a]
            spoken[1:1] = [f"play {slug}" for slug in HIDDEN_CARDS if _plays(legal, slug)]
            said = self.ask_move(kind, spoken, legal) if spoken != ["done"] else "done"
            slug = said.split()[1] if said.startswith("play ") else ""
            if slug in HIDDEN_CARDS:
                self.table.say(f"Make your {cards.KINDS[slug].name} on your mini board, in secret.")
                self.play_checked(self.guess(_plays(legal, slug)), hidden=True)
            else:
                self.play_checked(said)
        elif kind == "hide":
            said = self.ask_move(kind, legal, legal)
            self.play_checked(said, before=self.pass_square if said == "pass" else None)
        elif kind == "trail":
            self.answers, self.asked, self.moment = [], 0, state
            square = self.trail_square()
            self.play_checked(f"trail {self.name(square)}", before=self.trail_check, keep=True)
        else:
            self.play_checked(self.ask_move(kind, legal, legal))

    def ask_move(self, kind: str, spoken: list[str], legal: list[str]) -> str:
        """Ask the person's move among `spoken` (the legal moves, a secret card's square
        left out) and return it."""
        listed = " | ".join(_kinds(spoken, self.state))

        by_word = {move.lower(): move for move in spoken}

        def read(line: str) -> str:
            said = " ".join(line.split())
            if said.lower() in by_word:
                return by_word[said.lower()]
            try:
                self.state.parse_action(said)
            except IllegalAction as error:
                raise QuarryError(str(error)) from None
            raise QuarryError(f"{said!r} is not a move now")

        question = f"You may: {listed}\nYour move ({_PHASES.get(kind, kind)})"
        return self.table.ask(question, read, spoken, listed)

    def start(self) -> None:
        state, me = self.state, self.me
        for y, square in sorted(state.observation(me).shown_starts.items()):
            where = self.name(square)
            self.table.say(f"Player {y} shows you their mini board: they started on {where}.")
        legal = list(state.legal_actions())
        later = [x for x in state.hunted() if x != me and x not in state.start_order]
        if not later:
            self.table.say("Choose your start in secret and write 1 on it on your mini board.")
            self.play_checked(self.guess(legal), hidden=True)
            return
        self.table.say(
            "Choose your start and write 1 on it on your mini board; you show it to the "
            "Hunted who choose after you (Quarry's), out of the Hunter's sight."
        )
        allowed = 0
        for text in legal:
            allowed |= 1 << state.island.parse(text.split()[1])
        self.answers, self.asked, self.moment = [], 0, state
        square = self.ask_square(
            "Which square did you start on?", 0, allowed, "a land square no one started on"
        )
        self.play_checked(f"start {self.name(square)}", hidden=True, keep=True)

    def pass_square(self) -> None:
        """The person lets a Hunter see them: they put their token on their square."""
        state = self.state
        square = self.ask_square(
            "Put your token on your square: which is it?", state.clock[self.me],
            state.stack[-1][2], "in a Hunter's sight",
        )  # fmt: skip
        if square != state.pos[self.me]:
            raise _Mismatch(state)

    def trail_square(self) -> int:
        """Ask the square the person's False Trail shows (any square within 3 steps of the
        mark it stands for)."""
        state, me = self.state, self.me
        mark = state.stack[-1][2]
        time = state.mark_times[me][mark]
        return self.question(
            f"Cycle {state.cycle}: your False Trail shows a square within 3 steps of your "
            f"mark {mark + 1}. Which square do you show?",
            lambda line: self._passable(self.square(line)), [], "a square, e.g. F12",
            lambda s: [Fact(time, state.geo.within(s, 3, "steps"),
                            f"your False Trail showed {self.name(s)}, within 3 of your mark")],
            lambda s: f"your mark {mark + 1} within 3 steps of {self.name(s)}",
        )  # fmt: skip

    def trail_check(self) -> None:
        state, me = self.state, self.me
        square = self.trail_square()
        true = state.marks[me][state.stack[-1][2]]
        if not state.geo.within(square, 3, "steps") >> true & 1:
            raise _Mismatch(state)

    def _passable(self, square: int) -> int:
        if not self.state.geo.passable >> square & 1:
            raise QuarryError(f"{self.name(square)} is in the sea")
        return square

    def ask_roll(self):
        state = self.state
        step = state.stack[-1]
        p = state.rolling[len(state.setup_rolls)] if step[0] == "choose-roll" else step[1]
        die = _die(state, step)
        why = {"choose-roll": "to choose the Hunter", "roll": "to move"}
        why["fight-roll"] = "in the fight"
        who = "your" if p == self.me else f"player {p}'s"

        def read(line: str) -> str:
            word = line.strip()
            if not word.isdigit() or not 1 <= int(word) <= die:
                raise QuarryError(f"{word!r} is not a face of the d{die}")
            return f"roll {int(word)}"

        return self.table.ask(
            f"Roll {who} d{die} {why[step[0]]}: what does it show?", read,
            [str(n) for n in range(1, die + 1)], f"a number from 1 to {die}",
        )  # fmt: skip


_PHASES = {
    "camp": "a camp square",
    "move": "where you move",
    "action": "cards to play, then done",
    "combat": "attack or done",
    "ambush": "attack or pass",
    "arm": "your fight cards",
    "brace": "Dodge or fight",
    "hide": "Camouflage or pass",
    "run": "Run for Cover or pass",
    "discard": "down to 3 cards",
}


def _kinds(moves: list[str], state: IslandState) -> list[str]:
    """Return the kinds of `moves` once each, a square written <square> ("play distraction
    0 <square>"): the list a person reads."""
    kinds: list[str] = []
    for move in moves:
        words = ["<square>" if _is_square(w) else w for w in move.split()]
        if " ".join(words) not in kinds:
            kinds.append(" ".join(words))
    return kinds


def _is_square(word: str) -> bool:
    letters = word.rstrip("0123456789")
    return word != letters and letters.isalpha() and letters.isupper()


def _plays(legal: list[str], slug: str) -> list[str]:
    return [a for a in legal if a.split()[:2] == ["play", slug]]


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
