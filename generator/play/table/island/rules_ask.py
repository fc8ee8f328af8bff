"""What the rules make a Hunted at the table tell, asked at the moment they make him tell it:
a look (can a Hunter see you, and your square), a Bear Trap at the end of his move, his trap
beside a Hunter who ends a move, his trail reveal, and the answers to Beaters, Horn, Trail
Sign and Bloodhound. Each question's answer becomes facts (facts.py); one the guessed path
does not give raises GuessRuledOut, and the path is drawn again (the table game in
__init__.py)."""

from __future__ import annotations

from generator.errors import QuarryError
from generator.games.island.board import ZONES
from generator.games.island.rules import (
    HORN_RANGE,
    HUNTED,
    NEAR_RANGE,
    SPYGLASS_BONUS,
    ZONE_SLUGS,
    IslandState,
)
from generator.play.table import yes_no
from generator.play.table.island.facts import Fact, GuessRuledOut


class RulesAsk:
    """The questions of the rules, for the table game (IslandAtTable): it supplies
    `question`, `ask_square`, `ask_no_or_square`, `ask_yes_no`, `now` and `name`."""

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
                raise GuessRuledOut(state)

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
                raise GuessRuledOut(state)
            return
        said = self.ask_no_or_square(
            f"A look: {where}.\nCan a Hunter see you? Say no, or the square you stand on.",
            self.now(), mask, "in a Hunter's sight", no,
        )  # fmt: skip
        if (said is not None) != seen or (seen and said != state.pos[me]):
            raise GuessRuledOut(state)

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
            raise GuessRuledOut(state)

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
                raise GuessRuledOut(state)
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
                raise GuessRuledOut(state)

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
                raise GuessRuledOut(state)
        elif slug == "horn" and me in state.hunted():
            near = geo.within(state.pos[player], HORN_RANGE, state.rules.vision)
            where = f"player {player} on {self.name(state.pos[player])}"
            said = self.ask_yes_no(
                f"Player {player} blows the Horn: are you within {HORN_RANGE} steps of {where}?",
                time, near, f"cycle {cycle}: within {HORN_RANGE} of {where}",
                f"cycle {cycle}: not within {HORN_RANGE} of {where}",
            )  # fmt: skip
            if said != bool(near >> here & 1):
                raise GuessRuledOut(state)
        elif slug == "trail-sign" and int(words[2]) == me:
            zone = self.question(
                f"Player {player} plays Trail Sign on you: which zone are you in?",
                self.zone, [z.lower() for z in ZONES], ", ".join(ZONES),
                lambda z: [Fact(time, geo.zone_masks[z], f"cycle {cycle}: in the {ZONES[z]}")],
                lambda z: f"you in the {ZONES[z]}",
            )  # fmt: skip
            if zone != state.island.zones[here]:
                raise GuessRuledOut(state)
        elif slug == "bloodhound" and int(words[2]) == me:
            mark = len(state.marks[me]) - 2
            square = self.ask_square(
                f"Player {player} plays Bloodhound on you: show where your last turn began "
                f"(mark {mark + 1}). Which square?",
                state.mark_times[me][mark], geo.passable, "a square a token can stand on",
                f"your mark {mark + 1}",
            )  # fmt: skip
            if square != state.marks[me][mark]:
                raise GuessRuledOut(state)

    def zone(self, line: str) -> int:
        word = line.strip().lower().replace(" ", "-")
        for index, zone in enumerate(ZONES):
            if word in (zone.lower().replace(" ", "-"), ZONE_SLUGS[index]):
                return index
        raise QuarryError(f"{line.strip()!r} is not a zone of the island")
