"""What the table has been told about the person's path, as facts about their squares.

A Hunted's time counts his moves (tracking.py): 0 is his start, and every movement phase or
card move adds one. A fact says that his square at some time lay in a set of squares. The
person's facts are read from the game Quarry keeps (its hypothesis), whose public log holds
exactly what the person said, because every answer is checked against it before it is
played. The facts are the log's own facts about the person (a look he was not seen in, a
sighting, a trail reveal, an answer to Beaters, Horn or Trail Sign, a trap that sprang) and
three things the log does not write as facts:

- a trap of his that did **not** spring when a Hunter ended a move beside where it could be
  lies elsewhere (he would have said so);
- his start is not a start that was shown to him (each Hunted starts on a square of his own);
- his start is the square he showed the Hunted who chose after him.

`track_of` builds the exact tracker (island/tracking.Track) of a list of facts, and `needed`
finds a smallest set of earlier facts that a new one contradicts.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.games.island.rules import IslandState
from generator.games.island.tracking import Move, Track


class GuessRuledOut(Exception):
    """An answer rules out Quarry's guess of the person's path (not every path): `moment`
    is the game as it stood when the answer was given."""

    def __init__(self, moment: IslandState) -> None:
        super().__init__("the guess does not fit")
        self.moment = moment


@dataclass(frozen=True)
class Fact:
    """The person's square at `time` was in `mask`; `words` says where it was said."""

    time: int
    mask: int
    words: str


def told(state: IslandState, me: int) -> tuple[list[Move], list[Fact]]:
    """Return the person's moves and every fact about their path in `state`'s log."""
    name, log = state.island.name, state.log
    moves: list[Move] = []
    facts: list[Fact] = []
    traps: dict[int, tuple[str, int, int]] = {}  # the person's traps: id -> slug, time, cycle
    bears: dict[int, int] = {}  # the Bear Traps in play: id -> square
    cycle, after = 0, "the start"
    for index, event in enumerate(log):
        kind = event[0]
        mine = len(event) > 1 and event[1] == me
        when = f"cycle {cycle}"
        if kind == "cycle":
            cycle = event[1]
        elif kind == "hmove" and mine:
            moves.append(Move(event[2], event[3], fresh=True))
            after = "your move"
        elif kind == "extra" and mine:
            moves.append(Move(event[2], exact=False, fresh=not event[3]))
            after = "your card move"
        elif kind in ("moved", "camp"):
            after = f"player {event[1]} moved to {name(event[2])}"
            if kind == "moved":
                facts += _silent_traps(state, log, index, traps, when)
        elif kind == "trap" and mine:
            traps[event[3]] = (event[2], len(moves), cycle)
        elif kind == "trap" and event[2] == "bear-trap":
            bears[event[3]] = event[4]
        elif kind == "sprung":
            traps.pop(event[3], None)
            bears.pop(event[3], None)
        elif kind == "fact" and mine:
            words = _fact_words(log[index - 1], me, event[2], bears, state, name)
            words = words or f"not in sight after {after}"
            facts.append(Fact(len(moves), event[2], f"{when}: {words}"))
        elif kind == "fact-at" and mine:
            facts.append(Fact(event[2], event[3], f"{when}: {_at_words(log[index - 1], name)}"))
    facts += _start_facts(state, me)
    return moves, facts


def _fact_words(before: tuple, me: int, mask: int, bears: dict, state, name) -> str:
    """Return the words of a log fact about the person from the event before it ('' for a
    look he was not seen in, which the caller words)."""
    kind = before[0]
    if kind == "start":
        return "you started on land"
    if kind == "seen" and before[1] == me:
        return f"you were seen on {name(before[2])}"
    if kind == "card" and before[1:3] == (me, "camouflage"):
        return "you were in a Hunter's sight and hid with Camouflage"
    if kind == "answer" and before[1] == me:
        return f"you answered {'yes' if before[3] else 'no'} to '{before[2]}'"
    covered = 0
    for square in bears.values():
        covered |= state.geo.within(square, 1, "steps")
    if bears and mask == ~covered & state.geo.passable:
        return "you ended a move away from every Bear Trap"
    return ""


def _at_words(before: tuple, name) -> str:
    kind = before[0]
    if kind == "reveal":
        mark, square, false_trail = before[2], before[3], before[4]
        if false_trail:
            return f"your False Trail showed {name(square)}, within 3 steps of mark {mark + 1}"
        return f"your mark {mark + 1} was shown on {name(square)}"
    if kind == "sprung":
        return f"your {before[2]} sprang on {name(before[4])} (where you laid it)"
    return "a square of your trail was shown"


def _silent_traps(state, log, index, traps, when) -> list[Fact]:
    """Return the facts of the person's traps that did not spring when the Hunter of the
    'moved' event at `index` ended his move (the ones that did follow it as 'sprung')."""
    hunter, square = log[index][1], log[index][2]
    sprung = set()
    for event in log[index + 1 :]:
        if event[0] == "sprung":
            sprung.add(event[3])
        elif event[0] != "fact-at":
            break
    area = state.geo.within(square, 1, "steps")
    return [
        Fact(
            time,
            ~area,
            f"{when}: your {slug} of cycle {laid} did not catch player "
            f"{hunter} on {state.island.name(square)}",
        )  # fmt: skip
        for trap, (slug, time, laid) in traps.items()
        if trap not in sprung
    ]


def _start_facts(state: IslandState, me: int) -> list[Fact]:
    """Return what the choosing of starts says of the person's start: not a start shown
    to them, and the square they showed the Hunted who chose after them."""
    order = state.start_order
    if me not in order:
        return []
    name = state.island.name
    at = order.index(me)
    facts = []
    for y in order[:at]:
        square = state.marks[y][0]
        facts.append(Fact(0, ~(1 << square), f"player {y} started on {name(square)}, shown to you"))
    if order[at + 1 :]:
        square = state.marks[me][0]
        later = ", ".join(f"player {y}" for y in order[at + 1 :])
        facts.append(Fact(0, 1 << square, f"you showed your start, {name(square)}, to {later}"))
    return facts


def track_of(geo, moves: list[Move], facts: list[Fact]) -> Track:
    """Return the exact tracker of a path with these moves and facts."""
    track = Track(geo, geo.passable)
    at: dict[int, int] = {}
    for fact in facts:
        at[fact.time] = at.get(fact.time, -1) & fact.mask
    for time, move in enumerate(moves):
        if time in at:
            track.fact(at[time])
        if move.fresh:  # a movement phase (or a card move in a later turn)
            track.move(move.steps, move.exact)
        else:
            track.extra(move.steps, same_turn=True)
    if len(moves) in at:
        track.fact(at[len(moves)])
    return track


def needed(geo, moves: list[Move], facts: list[Fact], new: list[Fact]) -> list[Fact]:
    """Return a smallest set of `facts` (dropping, one at a time, each that is not needed)
    with which the `new` facts leave no path."""
    kept = list(facts)
    for fact in facts:
        trial = [f for f in kept if f is not fact]
        if not track_of(geo, moves, trial + new).consistent():
            kept = trial
    return kept
