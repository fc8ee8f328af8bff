"""The person's own moves at the island's table: in the open (a Hunter's, or every move
but the secret ones) typed in the notation from the list of their kinds; as a Hunted, the
start (asked when a Hunted of Quarry's chooses after them), the moves on the mini board (a
guess of Quarry's), the square shown by a False Trail, and the square they show when they
let a Hunter see them; and the dice, typed for every seat."""

from __future__ import annotations

from generator.engine.game import IllegalAction
from generator.errors import QuarryError
from generator.games.island import cards
from generator.games.island.rules import HUNTED, IslandState, _die, _is_square
from generator.play.table.island.facts import Fact, GuessRuledOut

HIDDEN_CARDS = ("sprint", "run-for-cover")  # a card move whose square only the mini board holds


class PersonsMoves:
    """The person's moves, for the table game (IslandAtTable): it supplies `play_checked`,
    `question`, `ask_square`, `guess`, `square`, `name`, `state` and `table`."""

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
            raise GuessRuledOut(state)

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
            raise GuessRuledOut(state)

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
        words = ["<square>" if _is_square(w, state) else w for w in move.split()]
        if " ".join(words) not in kinds:
            kinds.append(" ".join(words))
    return kinds


def _plays(legal: list[str], slug: str) -> list[str]:
    return [a for a in legal if a.split()[:2] == ["play", slug]]
