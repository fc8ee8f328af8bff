"""The level-limited solvers that grade The Hunt's puzzles (generator.games.hunt.puzzles),
and the words of their worked solutions.

Four solver levels, each a set of deductions a person can do on paper. Every level tracks,
per turn, the set of places the Dragon can be in after that turn (and level 2 up, the set
of targets each arrow can have) and narrows them to a fixed point:

- level 0 (reading): the public facts of each turn alone (Town flags, encounters, reveals).
- level 1 (easy): plus following the moves with arrows already forced: an arrow is known
  once a turn's start and end are both pinned; a known arrow carries the Dragon forward and
  rules out starts that lead where he is not; a Walk never starts or ends in the Lair.
- level 2 (medium): plus arrow candidates: each arrow keeps the set of targets it can still
  have (no Walk into the Lair, no loops unless allowed), narrowed by every turn that used
  it and used in turn to narrow those turns (the same pair always leads to the same place),
  and the Wizard's counts of arrows between two places.
- level 3 (hard): plus case analysis, depth 1: suppose one unknown (a place after a turn or
  an arrow's target) takes one value, run level 2; if that leads to a contradiction, strike
  the value out. Repeat until nothing changes.

A log is read once into LogFacts (the places each turn's facts allow, the Wizard's
counts); a _Board holds what a solver knows and narrows it, appending one sentence per
step when it records a worked solution. solve_log(facts, loops, question, level) is the
entry point; puzzles.solve_at_level and grade call it on a Puzzle.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from generator.games.hunt.maps import (
    LAIR,
    LOCATIONS,
    TOWN,
    fly_targets,
    location,
    walk_targets,
)
from generator.games.hunt.rules import AIDES

WALK, FLY = 0, 1
MOVES = ("walk", "fly")
ALL = 0b11111


# --- the facts a log states -----------------------------------------------------------------


@dataclass(frozen=True)
class LogFacts:
    """The public facts of a log, with locations as ints 0-4.

    turns: T, the number of turns. moves[t] is WALK or FLY for turn t (moves[0] unused).
    places: (t, mask, reason): after turn t the Dragon is in a location of the bit mask
      (t = 0 is the start of the hunt, t - 1 the start of turn t).
    wizard: (source, target, count, reason): exactly `count` arrows lead from source to target.
    """

    turns: int
    moves: tuple[int, ...]
    places: tuple[tuple[int, int, str], ...]
    wizard: tuple[tuple[int, int, int, str], ...]


def log_facts(log: Sequence[dict]) -> LogFacts:
    """Return the facts stated by a log of turn records; ValueError if a record is malformed."""
    moves, places, wizard = [-1], [], []
    for t, record in enumerate(log, start=1):
        if not isinstance(record, dict) or record.get("turn") != t:
            raise ValueError(f"turn {t}: turns are numbered 1, 2, 3, ... in order")
        if record.get("move") not in MOVES:
            raise ValueError(f"turn {t}: move must be walk or fly")
        moves.append(MOVES.index(record["move"]))
        places += _record_places(t, record)
        wizard += _record_wizard(t, record)
    return LogFacts(len(log), tuple(moves), tuple(places), tuple(wizard))


def _record_places(t: int, record: dict) -> list[tuple[int, int, str]]:
    aide = record.get("aide", "none")
    if aide not in ("none", *AIDES):
        raise ValueError(f"turn {t}: aide must be none, tracker, militia or wizard")
    town = 1 << TOWN
    if record.get("town") is True:
        facts = [(t - 1, town, f"turn {t} begins in Town")]
    elif record.get("town") is False:
        facts = [(t - 1, ALL & ~town, f"turn {t} does not begin in Town")]
    else:
        raise ValueError(f"turn {t}: town must be true or false")
    search = record.get("search")
    if not isinstance(search, list) or len(search) != (2 if aide == "militia" else 1):
        raise ValueError(f"turn {t}: search names one location (two with the Militia)")
    searched = _mask(location(str(p)) for p in search)
    where = _places_phrase(searched, "and")
    encounter = record.get("encounter")
    if encounter is True:
        facts.append((t, searched, f"the Knight met him searching {where} on turn {t}"))
    elif encounter is False:
        facts.append((t, ALL & ~searched, f"the Knight searched {where} on turn {t} in vain"))
    elif encounter is not None:
        raise ValueError(f"turn {t}: encounter must be true, false or null (hidden)")
    if "revealed" in record:
        place = location(str(record["revealed"]))
        if aide == "tracker":
            facts.append((t - 1, 1 << place, f"the Tracker showed him at the start of turn {t}"))
        elif aide == "militia" and encounter is True:
            facts.append((t, 1 << place, f"the Militia caught sight of him on turn {t}"))
        else:
            raise ValueError(f"turn {t}: only the Tracker or a Militia hit reveals a location")
    return facts


def _record_wizard(t: int, record: dict) -> list[tuple[int, int, int, str]]:
    """The Wizard's arrows between two places, as counts both ways (none when he showed none:
    the record does not say which two places were asked then)."""
    shown = record.get("wizard")
    if shown is None:
        return []
    if record.get("aide") != "wizard" or not isinstance(shown, list):
        raise ValueError(f"turn {t}: only the Wizard shows arrows, as a list of [from, to]")
    arrows = [(location(str(a)), location(str(b))) for a, b in shown]
    ends = {p for arrow in arrows for p in arrow}
    between = record.get("wizard_between")
    if isinstance(between, list) and len(between) == 2:
        ends = {location(str(p)) for p in between}  # newer records name the pair asked
    elif not arrows:
        return []
    if len(ends) != 2:
        raise ValueError(f"turn {t}: the Wizard shows arrows between two locations only")
    a, b = sorted(ends)
    facts = []
    for source, target in ((a, b), (b, a)):
        n = arrows.count((source, target))
        reason = (
            f"the Wizard showed {n} arrow{'s' if n != 1 else ''} from "
            f"{_NAME[source]} to {_NAME[target]} on turn {t}"
        )
        facts.append((source, target, n, reason))
    return facts


def _mask(places) -> int:
    mask = 0
    for p in places:
        mask |= 1 << p
    return mask


# --- words for the worked solutions -------------------------------------------------------

_NAME = ("Town", "the Hills", "the Woods", "the Sea", "the Lair")
_AT = ("in Town", "in the Hills", "in the Woods", "at Sea", "in the Lair")
PLACES_IN = tuple(tuple(p for p in range(5) if mask >> p & 1) for mask in range(32))


def _join(words: list[str], last: str) -> str:
    if len(words) <= 1:
        return "".join(words) or "nowhere"
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


def _places_phrase(mask: int, last: str = "or") -> str:
    return _join([_NAME[p] for p in PLACES_IN[mask]], last)


def _at_phrase(mask: int) -> str:
    return _join([_AT[p] for p in PLACES_IN[mask]], "or")


def _when(t: int) -> str:
    return "at the start" if t == 0 else f"after turn {t}"


def _arrow_name(arrow: int) -> str:
    return f"{MOVES[arrow & 1].capitalize()} from {_NAME[arrow >> 1]}"


def format_answer(answer: str | dict) -> str:
    """Return an answer as words: "the Woods", or "Walk from Town to the Hills; ..."."""
    if isinstance(answer, str):
        return _NAME[location(answer)]
    parts = [
        f"{kind.capitalize()} from {_NAME[location(s)]} to {_NAME[location(t)]}"
        for kind in MOVES
        for s, t in sorted(answer.get(kind, {}).items(), key=lambda item: location(item[0]))
    ]
    return "; ".join(parts)


# --- level-limited solvers ------------------------------------------------------------------


class _Contradiction(Exception):
    """A set of places or of arrow targets became empty; the message says which and why."""


class _Board:
    """What a solver knows: places[t], the places the Dragon can be in after turn t, and
    arrows[2 * source + move], the targets that arrow can still have (bit masks)."""

    def __init__(self, facts: LogFacts, loops: bool, level: int, steps: list[str] | None):
        self.facts, self.loops, self.level, self.steps = facts, loops, level, steps
        self.places = [ALL] * (facts.turns + 1)
        self.places[0] = 1 << TOWN
        self.arrows = [_initial_arrow(arrow, loops, level) for arrow in range(10)]
        self.changed = False

    def copy(self, steps: list[str] | None) -> "_Board":
        """Return an independent board with the same knowledge, recording into `steps`."""
        board = _Board.__new__(_Board)
        board.facts, board.loops, board.level = self.facts, self.loops, self.level
        board.steps, board.changed = steps, False
        board.places, board.arrows = list(self.places), list(self.arrows)
        return board

    # narrowing, with a step for the worked solution when something changes
    def narrow_place(self, t: int, mask: int, reason: str) -> None:
        new = self.places[t] & mask
        if new == self.places[t]:
            return
        self.places[t] = new
        self.changed = True
        if not new:
            raise _Contradiction(f"{_when(t)} he could be nowhere: {reason}")
        if self.steps is not None:
            self.steps.append(f"{_when(t).capitalize()} he is {_at_phrase(new)}: {reason}.")

    def narrow_arrow(self, arrow: int, mask: int, reason: str) -> None:
        new = self.arrows[arrow] & mask
        if new == self.arrows[arrow]:
            return
        self.arrows[arrow] = new
        self.changed = True
        if not new:
            raise _Contradiction(f"{_arrow_name(arrow)} could lead nowhere: {reason}")
        if self.steps is not None:
            self.steps.append(f"{_arrow_name(arrow)} leads to {_places_phrase(new)}: {reason}.")

    def solved(self, question: str) -> bool:
        if question == "where":
            return len(PLACES_IN[self.places[-1]]) == 1
        return all(len(PLACES_IN[mask]) == 1 for mask in self.places)

    def answer(self, question: str) -> str | dict:
        route = [PLACES_IN[mask][0] for mask in self.places]
        return answer_of_route(question, route, self.facts.moves)


def _initial_arrow(arrow: int, loops: bool, level: int) -> int:
    """Level 1 knows only that a Walk never starts or ends in the Lair; level 2 also knows
    the loops rule for every arrow."""
    source, move = arrow >> 1, arrow & 1
    if source == LAIR and move == WALK:
        return 0
    if level < 2:
        return ALL & ~(1 << LAIR) if move == WALK else ALL
    targets = walk_targets(source, loops) if move == WALK else fly_targets(source, loops)
    return _mask(targets)


def answer_of_route(question: str, route: Sequence[int], moves: Sequence[int]) -> str | dict:
    """Return the answer for a route: the last place, or the arrows it used."""
    if question == "where":
        return LOCATIONS[route[-1]]
    answer: dict[str, dict[str, str]] = {"walk": {}, "fly": {}}
    for t in range(1, len(route)):
        answer[MOVES[moves[t]]][LOCATIONS[route[t - 1]]] = LOCATIONS[route[t]]
    return answer


def _read_facts(board: _Board) -> None:
    for t, mask, reason in board.facts.places:
        board.narrow_place(t, mask, reason)


def _follow_turn(board: _Board, t: int) -> None:
    """Narrow the places before and after turn t, and the arrow it used, by that move."""
    move = board.facts.moves[t]
    before, after = board.places[t - 1], board.places[t]
    starts, reach = 0, 0
    for source in PLACES_IN[before]:
        targets = board.arrows[2 * source + move]
        if targets & after:
            starts |= 1 << source
        reach |= targets
    word = MOVES[move].capitalize()
    if starts != before:
        gone = before & ~starts
        board.narrow_place(t - 1, starts, _backward_reason(board, t, gone, word))
    if reach & after != after:
        board.narrow_place(t, reach, _forward_reason(board, t, word, reach))
    before, after = board.places[t - 1], board.places[t]
    if len(PLACES_IN[before]) == 1 and (board.level >= 2 or len(PLACES_IN[after]) == 1):
        start = PLACES_IN[before][0]
        arrow = 2 * start + move
        reason = f"turn {t} went by {word} from {_NAME[start]} and ended {_at_phrase(after)}"
        board.narrow_arrow(arrow, after, reason)


def _backward_reason(board: _Board, t: int, gone: int, word: str) -> str:
    after = board.places[t]
    if word == "Walk" and gone == 1 << LAIR:
        return f"turn {t} is a Walk, and the Dragon cannot Walk out of the Lair"
    return (
        f"turn {t} is a {word}, and no {word} arrow from {_places_phrase(gone)} "
        f"can end {_at_phrase(after)}"
    )


def _forward_reason(board: _Board, t: int, word: str, reach: int) -> str:
    before = board.places[t - 1]
    if word == "Walk" and reach == ALL & ~(1 << LAIR):
        return f"turn {t} is a Walk, and the Dragon cannot Walk into the Lair"
    if len(PLACES_IN[before]) == 1:
        arrow = 2 * PLACES_IN[before][0] + board.facts.moves[t]
        return (
            f"turn {t} is a {word} from {_NAME[PLACES_IN[before][0]]}, and {_arrow_name(arrow)} "
            f"leads to {_places_phrase(board.arrows[arrow])}"
        )
    return (
        f"turn {t} is a {word} from {_places_phrase(before)}, and the {word} arrows from "
        "there lead nowhere else"
    )


def _count_wizard(board: _Board) -> None:
    """Apply the Wizard's counts: exactly n of the arrows from source lead to target."""
    for source, target, n, reason in board.facts.wizard:
        arrows = [2 * source + move for move in (WALK, FLY) if board.arrows[2 * source + move]]
        bit = 1 << target
        must = [a for a in arrows if board.arrows[a] == bit]
        can = [a for a in arrows if board.arrows[a] & bit]
        if len(must) > n or len(can) < n:
            raise _Contradiction(reason)
        for arrow in can:
            if len(must) == n and arrow not in must:
                board.narrow_arrow(arrow, ALL & ~bit, reason)
            elif len(can) == n:
                board.narrow_arrow(arrow, bit, reason)


def _propagate(board: _Board) -> None:
    """Apply the board's level of deductions (levels 1 and 2) until nothing changes."""
    while True:
        board.changed = False
        for t in range(1, board.facts.turns + 1):
            _follow_turn(board, t)
        if board.level >= 2:
            _count_wizard(board)
        if not board.changed:
            return


def _case_analysis(board: _Board, question: str) -> None:
    """Level 3: strike out values whose assumption leads level 2 to a contradiction, trying
    the unknowns with the fewest candidates first, until nothing more can be struck."""
    while not board.solved(question) and _strike_one(board):
        pass


def _strike_one(board: _Board) -> bool:
    """Strike out one refuted value (and propagate); return False if there is none."""
    for kind, index in _unknowns(board):
        values = board.places[index] if kind == "place" else board.arrows[index]
        for value in PLACES_IN[values]:
            if _refutes(board, kind, index, value):
                _strike(board, kind, index, value)
                _propagate(board)
                return True
    return False


def _unknowns(board: _Board) -> list[tuple[str, int]]:
    """Return the unknowns with two or more candidates: fewest candidates first, then the
    latest turns first, then the arrows."""
    places = [(len(PLACES_IN[m]), 0, -t, "place", t) for t, m in enumerate(board.places)]
    arrows = [(len(PLACES_IN[m]), 1, a, "arrow", a) for a, m in enumerate(board.arrows)]
    ranked = sorted(u for u in places + arrows if u[0] > 1)
    return [(kind, index) for *_, kind, index in ranked]


def _assume(board: _Board, kind: str, index: int, value: int) -> None:
    reason = "suppose so"
    if kind == "place":
        board.narrow_place(index, 1 << value, reason)
    else:
        board.narrow_arrow(index, 1 << value, reason)


def _refutes(board: _Board, kind: str, index: int, value: int) -> bool:
    """Return True when assuming `value` for the unknown leads level 2 to a contradiction."""
    trial = board.copy(None)
    try:
        _assume(trial, kind, index, value)
        _propagate(trial)
    except _Contradiction:
        return True
    return False


def _strike(board: _Board, kind: str, index: int, value: int) -> None:
    """Remove a refuted value, recording the case analysis (rerun with steps) if asked."""
    if kind == "place":
        supposed, rest = f"{_when(index)} he were {_AT[value]}", board.places[index]
    else:
        supposed, rest = f"{_arrow_name(index)} led to {_NAME[value]}", board.arrows[index]
    reason = f"if {supposed}, a contradiction follows"
    if board.steps is not None:
        chain: list[str] = []
        trial = board.copy(chain)
        try:
            _assume(trial, kind, index, value)
            _propagate(trial)
        except _Contradiction as contradiction:
            chain = chain[1:] + [f"But {contradiction}."]
        board.steps.append(f"Suppose {supposed}:")
        board.steps += [f"    {line}" for line in chain]
    if kind == "place":
        board.narrow_place(index, rest & ~(1 << value), reason)
    else:
        board.narrow_arrow(index, rest & ~(1 << value), reason)


def solve_log(
    facts: LogFacts, loops: bool, question: str, level: int, steps: list[str] | None = None
) -> str | dict | None:
    board = _Board(facts, loops, level, steps)
    if steps is not None and level >= 2:
        loops_rule = "loops are allowed" if loops else "no arrow leads back to where it starts"
        steps.append(f"Every arrow: no Walk leads into or out of the Lair, and {loops_rule}.")
    try:
        _read_facts(board)
        if level >= 1:
            _propagate(board)
        if level >= 3:
            _case_analysis(board, question)
    except _Contradiction as contradiction:
        raise ValueError(f"the log contradicts itself: {contradiction}") from None
    return board.answer(question) if board.solved(question) else None
