"""Solo deduction puzzles for The Hunt, made the way Simon Tatham's puzzles are made.

A puzzle is a Knight's hunt log (turn records as in docs/formats.md; some encounters hidden,
some aides left out) and one question:

- "where": where is the Dragon at the end of the last turn? The answer is a location.
- "arrows": where does each (location, move) pair the Dragon used lead? The answer is
  {"walk": {loc: loc}, "fly": {loc: loc}} holding only the pairs he used. Given the public
  moves, these arrows fix his whole route and the route fixes them, so "arrows" is unique
  exactly when the route (place_1 .. place_T) is.

Generation: draw a hidden hunt (a random legal map, random Walk/Fly moves, a Knight who
searches plausibly and calls aides on turns 3, 9, 15), cut the log to a length, then remove
information one piece at a time (hide an encounter, leave an aide out) in a seeded random
order, keeping each removal only while the target level's solver still pins the answer.
The result is kept when the next lower level cannot solve it, and certified unique by
CP-SAT. Puzzles never rely on the end-of-hunt rule (a generated log has no three encounters
in a row), so neither the solvers nor the checkers use it.

Grading: four solver levels, each a set of deductions a person can do on paper. Every
level tracks, per turn, the set of places the Dragon can be in after that turn (and
level 2 up, the set of targets each arrow can have) and narrows them to a fixed point:

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

A puzzle's level is the lowest that solves it; easy, medium and hard are levels 1, 2 and 3
(level 0 puzzles are too plain and are never generated). The id `hunt-<difficulty>-<seed>`,
with `-loops` appended when loops are allowed, reproduces a puzzle: generate_puzzle(id).
"""

import re
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

import numpy as np
from ortools.sat.python import cp_model

from generator.errors import QuarryError
from generator.games.hunt.maps import (
    LAIR,
    LOCATIONS,
    TOWN,
    fly_targets,
    location,
    map_table,
    random_map,
    walk_targets,
)
from generator.games.hunt.rules import (
    AIDES,
    LAST_TURN,
    PAIRS,
    CallAide,
    ChooseMap,
    HuntState,
    Move,
    Search,
    new_hunt,
)
from generator.solve.cpsat import certify_unique

DIFFICULTIES = ("easy", "medium", "hard")
LEVELS = {"easy": 1, "medium": 2, "hard": 3}
QUESTIONS = ("where", "arrows")
MAX_COUNT = 200
MAX_ATTEMPTS = 200
CPSAT_SECONDS = 10.0
WALK, FLY = 0, 1
MOVES = ("walk", "fly")
ALL = 0b11111
# Log lengths (turns) drawn for each difficulty: longer logs leave room for longer chains.
LOG_LENGTHS = {"easy": (5, 9), "medium": (7, 12), "hard": (9, 15)}
# The generating Knight: how often he searches where the Dragon really is, and calls an aide.
KNIGHT_HIT = 0.4
KNIGHT_AIDE = 0.7

_ID = re.compile(r"^hunt-(easy|medium|hard)-(\d+)(-loops)?$")


# --- puzzles ------------------------------------------------------------------------------


@dataclass
class Puzzle:
    """One puzzle: its id, grade, options, question, log (turn records) and answer."""

    id: str
    difficulty: str
    loops: bool
    question: str
    log: list[dict]
    answer: str | dict

    def to_json(self) -> dict:
        """Return the puzzle as {"id", "difficulty", "loops", "question", "log", "answer"}."""
        return {
            "id": self.id,
            "difficulty": self.difficulty,
            "loops": self.loops,
            "question": self.question,
            "log": [dict(record) for record in self.log],
            "answer": _copy_answer(self.answer),
        }

    @classmethod
    def from_json(cls, data: object) -> "Puzzle":
        """Return the puzzle in `data` (as written by to_json); ValueError if malformed."""
        keys = {"id", "difficulty", "loops", "question", "log", "answer"}
        if not isinstance(data, dict) or set(data) != keys:
            raise ValueError(f"a puzzle is an object with the keys {', '.join(sorted(keys))}")
        if data["difficulty"] not in DIFFICULTIES:
            raise ValueError(f"difficulty must be one of {', '.join(DIFFICULTIES)}")
        if data["question"] not in QUESTIONS:
            raise ValueError(f"question must be one of {', '.join(QUESTIONS)}")
        if not isinstance(data["loops"], bool) or not isinstance(data["log"], list):
            raise ValueError("loops is true or false and log is a list of turns")
        puzzle = cls(
            str(data["id"]),
            data["difficulty"],
            data["loops"],
            data["question"],
            [dict(record) for record in data["log"]],
            _copy_answer(data["answer"]),
        )
        log_facts(puzzle.log)  # raises ValueError on a malformed log
        return puzzle


def _copy_answer(answer: object) -> str | dict:
    if isinstance(answer, dict):
        return {kind: dict(arrows) for kind, arrows in answer.items()}
    return str(answer)


def puzzle_id(difficulty: str, seed: int, loops: bool) -> str:
    """Return the id that reproduces a puzzle: hunt-<difficulty>-<seed>[-loops]."""
    return f"hunt-{difficulty}-{seed}" + ("-loops" if loops else "")


def parse_id(text: str) -> tuple[str, int, bool]:
    """Return (difficulty, seed, loops) of a puzzle id; QuarryError if it is not one."""
    match = _ID.match(text.strip())
    if not match:
        raise QuarryError(
            f"{text!r} is not a Hunt puzzle id; expected hunt-<easy|medium|hard>-<seed>[-loops]"
        )
    return match[1], int(match[2]), match[3] is not None


def question_text(puzzle: Puzzle) -> str:
    """Return the question of `puzzle` as a sentence for the puzzle book."""
    turns = len(puzzle.log)
    if puzzle.question == "where":
        return f"Where is the Dragon at the end of turn {turns}?"
    return (
        "Where does each arrow the Dragon used lead? For every place he left by Walk or by "
        "Fly, name where that arrow goes."
    )


def answer_key(answer: str | dict) -> Hashable:
    """Return a hashable form of an answer (a location, or sorted (move, from, to) triples)."""
    if isinstance(answer, dict):
        return tuple(
            sorted((kind, s, t) for kind, arrows in answer.items() for s, t in arrows.items())
        )
    return answer


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
_BITS = tuple(tuple(p for p in range(5) if mask >> p & 1) for mask in range(32))


def _join(words: list[str], last: str) -> str:
    if len(words) <= 1:
        return "".join(words) or "nowhere"
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


def _places_phrase(mask: int, last: str = "or") -> str:
    return _join([_NAME[p] for p in _BITS[mask]], last)


def _at_phrase(mask: int) -> str:
    return _join([_AT[p] for p in _BITS[mask]], "or")


def _when(t: int) -> str:
    return "at the start" if t == 0 else f"after turn {t}"


def _arrow_name(arrow: int) -> str:
    return f"{MOVES[arrow & 1].capitalize()} from {_NAME[arrow >> 1]}"


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
            return len(_BITS[self.places[-1]]) == 1
        return all(len(_BITS[mask]) == 1 for mask in self.places)

    def answer(self, question: str) -> str | dict:
        route = [_BITS[mask][0] for mask in self.places]
        return _answer_of_route(question, route, self.facts.moves)


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


def _answer_of_route(question: str, route: Sequence[int], moves: Sequence[int]) -> str | dict:
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
    for source in _BITS[before]:
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
    if len(_BITS[before]) == 1 and (board.level >= 2 or len(_BITS[after]) == 1):
        arrow = 2 * _BITS[before][0] + move
        reason = (
            f"turn {t} went by {word} from {_NAME[_BITS[before][0]]} and ended {_at_phrase(after)}"
        )
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
    if len(_BITS[before]) == 1:
        arrow = 2 * _BITS[before][0] + board.facts.moves[t]
        return (
            f"turn {t} is a {word} from {_NAME[_BITS[before][0]]}, and {_arrow_name(arrow)} "
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
        for value in _BITS[values]:
            if _refutes(board, kind, index, value):
                _strike(board, kind, index, value)
                _propagate(board)
                return True
    return False


def _unknowns(board: _Board) -> list[tuple[str, int]]:
    """Return the unknowns with two or more candidates: fewest candidates first, then the
    latest turns first, then the arrows."""
    places = [(len(_BITS[m]), 0, -t, "place", t) for t, m in enumerate(board.places)]
    arrows = [(len(_BITS[m]), 1, a, "arrow", a) for a, m in enumerate(board.arrows)]
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


def solve_at_level(puzzle: Puzzle, level: int, steps: list[str] | None = None) -> str | dict | None:
    """Return the answer if the level's deductions (0-3, see the module notes) pin it down,
    else None. When `steps` is a list, the reasoning is appended to it, one line a step."""
    return _solve(log_facts(puzzle.log), puzzle.loops, puzzle.question, level, steps)


def _solve(
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


def solve_level1(puzzle: Puzzle, steps: list[str] | None = None) -> str | dict | None:
    """Return the answer if direct propagation (easy) pins it down, else None."""
    return solve_at_level(puzzle, 1, steps)


def solve_level2(puzzle: Puzzle, steps: list[str] | None = None) -> str | dict | None:
    """Return the answer if propagation with arrow candidates (medium) pins it, else None."""
    return solve_at_level(puzzle, 2, steps)


def solve_level3(puzzle: Puzzle, steps: list[str] | None = None) -> str | dict | None:
    """Return the answer if level 2 with one-step case analysis (hard) pins it, else None."""
    return solve_at_level(puzzle, 3, steps)


def grade(puzzle: Puzzle) -> int | None:
    """Return the lowest level (0-3) whose solver pins the answer, None if none does."""
    facts = log_facts(puzzle.log)
    for level in range(4):
        if _solve(facts, puzzle.loops, puzzle.question, level) is not None:
            return level
    return None


def difficulty(puzzle: Puzzle) -> str | None:
    """Return "easy", "medium" or "hard" (the lowest level that solves the puzzle), or None
    when the log states the answer outright (level 0) or no level solves it."""
    level = grade(puzzle)
    return DIFFICULTIES[level - 1] if level else None


def worked_solution(puzzle: Puzzle) -> list[str]:
    """Return the reasoning steps of the puzzle's own level, ending with the answer."""
    steps: list[str] = []
    answer = solve_at_level(puzzle, LEVELS[puzzle.difficulty], steps)
    if answer is None:
        raise ValueError(f"{puzzle.id}: its level does not solve it")
    return steps + [f"Answer: {format_answer(answer)}."]


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


# --- uniqueness: CP-SAT ---------------------------------------------------------------------


def build_model(
    facts: LogFacts, loops: bool
) -> tuple[cp_model.CpModel, dict[str, cp_model.IntVar]]:
    """Return a CP-SAT model of every (map, route) the log allows, and its variables by name:
    walk_<loc> (four) and fly_<loc> (five) for the map, place_<t> (t = 0..T) for the route."""
    model = cp_model.CpModel()
    domain = cp_model.Domain.from_values
    walk = [
        model.new_int_var_from_domain(domain(walk_targets(s, loops)), f"walk_{LOCATIONS[s]}")
        for s in range(4)
    ]
    fly = [
        model.new_int_var_from_domain(domain(fly_targets(s, loops)), f"fly_{LOCATIONS[s]}")
        for s in range(5)
    ]
    place = [model.new_int_var(0, 4, f"place_{t}") for t in range(facts.turns + 1)]
    model.add(place[0] == TOWN)
    for t in range(1, facts.turns + 1):
        if facts.moves[t] == WALK:
            model.add(place[t - 1] != LAIR)
            model.add_element(place[t - 1], walk, place[t])
        else:
            model.add_element(place[t - 1], fly, place[t])
    for t, mask, _ in facts.places:
        model.add_linear_expression_in_domain(place[t], domain(list(_BITS[mask])))
    arrows = {(s, WALK): walk[s] for s in range(4)} | {(s, FLY): fly[s] for s in range(5)}
    for source, target, n, _ in facts.wizard:
        hits = []
        for move in (WALK, FLY):
            if (source, move) in arrows:
                hit = model.new_bool_var(f"wizard_{MOVES[move]}_{LOCATIONS[source]}_{target}")
                model.add(arrows[source, move] == target).only_enforce_if(hit)
                model.add(arrows[source, move] != target).only_enforce_if(~hit)
                hits.append(hit)
        model.add(sum(hits) == n)
    variables = {v.name: v for v in walk + fly + place}
    return model, variables


def primary_variables(
    question: str, variables: dict[str, cp_model.IntVar], turns: int
) -> list[cp_model.IntVar]:
    """Return the variables the answer is read from: place_T for "where"; for "arrows" the
    route place_1..place_T (which, with the public moves, is the same as the used arrows)."""
    if question == "where":
        return [variables[f"place_{turns}"]]
    return [variables[f"place_{t}"] for t in range(1, turns + 1)]


def certify_answer(puzzle: Puzzle, seconds: float = CPSAT_SECONDS) -> str | dict | None:
    """Return the puzzle's answer if CP-SAT certifies it unique (a second solve that blocks
    the first answer is infeasible), else None."""
    facts = log_facts(puzzle.log)
    return _certify(facts, puzzle.loops, puzzle.question, seconds)


def _certify(facts: LogFacts, loops: bool, question: str, seconds: float) -> str | dict | None:
    model, variables = build_model(facts, loops)
    primary = primary_variables(question, variables, facts.turns)
    solution = certify_unique(model, primary, seconds)
    if solution is None:
        return None
    if question == "where":
        return LOCATIONS[solution.values[f"place_{facts.turns}"]]
    route = [TOWN] + [solution.values[f"place_{t}"] for t in range(1, facts.turns + 1)]
    return _answer_of_route(question, route, facts.moves)


# --- uniqueness: brute force over every map -------------------------------------------------


def brute_force_answers(puzzle: Puzzle) -> set[Hashable]:
    """Return the answer_key of every answer some legal map allows, trying all of
    maps.map_table(loops) at once (numpy); a sound puzzle gives exactly one."""
    facts = log_facts(puzzle.log)
    walk, fly = map_table(puzzle.loops)
    rows = np.arange(len(walk))
    ok = np.ones(len(walk), dtype=bool)
    route = np.empty((len(walk), facts.turns + 1), dtype=np.int8)
    route[:, 0] = TOWN
    for t in range(1, facts.turns + 1):
        table = fly if facts.moves[t] == FLY else walk
        step = table[rows, route[:, t - 1]]
        ok &= step >= 0  # no Walk out of the Lair
        route[:, t] = np.maximum(step, 0)
    for t, mask, _ in facts.places:
        ok &= (mask >> route[:, t].astype(np.int64)) & 1 == 1
    for source, target, n, _ in facts.wizard:
        ok &= (walk[:, source] == target).astype(int) + (fly[:, source] == target) == n
    if puzzle.question == "where":
        return {LOCATIONS[p] for p in np.unique(route[ok, -1])}
    routes = np.unique(route[ok], axis=0)
    return {answer_key(_answer_of_route("arrows", list(r), facts.moves)) for r in routes}


# --- generation -----------------------------------------------------------------------------


def _play_hunt(rng: np.random.Generator, loops: bool) -> tuple[list[dict], list[int]]:
    """Return a full hunt log (up to turn 15) and the Dragon's route (place after each turn),
    for a random map, random moves and a Knight who searches plausibly."""
    route_map = random_map(rng, loops)
    state = new_hunt(loops)
    state.apply(ChooseMap(route_map))
    route = [state.place]
    while not state.is_terminal() and state.turn <= LAST_TURN:
        if state.phase == "aide":
            state.apply(_knight_aide(rng, state))
        elif state.phase == "move":
            state.apply(Move(state.place == LAIR or bool(rng.random() < 0.5)))
            route.append(state.place)
        else:
            state.apply(_knight_search(rng, state))
    log = [record.to_json() for record in state.log if record.encounter is not None]
    return log, route[: len(log) + 1]


def _knight_aide(rng: np.random.Generator, state: HuntState) -> CallAide:
    """Call an unused aide now and then; the Wizard is asked about two places joined by at
    least one arrow (an empty answer would not say which two places were asked)."""
    if rng.random() >= KNIGHT_AIDE:
        return CallAide(None)
    aide = str(rng.choice(state.aides_left()))
    if aide != "wizard":
        return CallAide(aide)
    joined = [pair for pair in PAIRS if state.route_map.arrows_between(*pair)]
    return CallAide("wizard", joined[int(rng.integers(len(joined)))])


def _knight_search(rng: np.random.Generator, state: HuntState) -> Search:
    """Search where the Dragon is now and then, elsewhere otherwise; never meet him a third
    time in a row (the hunt would end)."""
    others = [p for p in range(5) if p != state.place]
    count = 2 if state.militia_now else 1
    hit = state.in_a_row < 2 and rng.random() < KNIGHT_HIT
    chosen = [state.place] if hit else []
    picks = rng.choice(others, size=count - len(chosen), replace=False)
    return Search(tuple(sorted(chosen + [int(p) for p in picks])))


def _removals(log: list[dict]) -> list[tuple[str, int]]:
    """Return every piece of information that could be taken out of the log."""
    out = []
    for i, record in enumerate(log):
        if record["encounter"] is not None:
            out.append(("hide", i))
        if record["aide"] in ("tracker", "wizard"):
            out.append(("drop_aide", i))
    return out


def _remove(log: list[dict], removal: tuple[str, int]) -> list[dict]:
    """Return a copy of the log without one piece of information."""
    kind, i = removal
    record = dict(log[i])
    if kind == "hide":
        record["encounter"] = None
        if record["aide"] == "militia":
            record.pop("revealed", None)
    else:
        record["aide"] = "none"
        record.pop("revealed", None)
        record.pop("wizard", None)
    return log[:i] + [record] + log[i + 1 :]


def _minimise(
    rng: np.random.Generator, log: list[dict], loops: bool, question: str, level: int
) -> list[dict]:
    """Take out information, in a random order, while the level still solves the puzzle."""
    removals = _removals(log)
    for index in rng.permutation(len(removals)):
        kind, i = removals[int(index)]
        if kind == "hide" and log[i]["encounter"] is None:
            continue
        if kind == "drop_aide" and log[i]["aide"] == "none":
            continue
        trial = _remove(log, (kind, i))
        if _solve(log_facts(trial), loops, question, level) is not None:
            log = trial
    return log


def _attempt(difficulty: str, seed: int, loops: bool, attempt: int) -> Puzzle | None:
    """Return a puzzle graded exactly `difficulty` from one sub-seed, or None when the
    hidden hunt does not make one (its full log is not solvable at that level, or the
    minimised log is still solvable a level lower)."""
    level = LEVELS[difficulty]
    rng = np.random.default_rng([seed, level, int(loops), attempt])
    log, route = _play_hunt(rng, loops)
    low, high = LOG_LENGTHS[difficulty]
    turns = int(rng.integers(low, high + 1))
    log, route = log[:turns], route[: turns + 1]
    question = QUESTIONS[seed % 2]  # a book alternates the two questions
    if _solve(log_facts(log), loops, question, level) is None:
        return None
    log = _minimise(rng, log, loops, question, level)
    facts = log_facts(log)
    if _solve(facts, loops, question, level - 1) is not None:
        return None
    answer = _answer_of_route(question, route, facts.moves)
    if _certify(facts, loops, question, CPSAT_SECONDS) != answer:
        raise RuntimeError(f"seed {seed}: CP-SAT disagrees with the level {level} solver")
    return Puzzle(puzzle_id(difficulty, seed, loops), difficulty, loops, question, log, answer)


def generate_puzzle(difficulty: str, seed: int | None = None, loops: bool = False) -> Puzzle:
    """Return the puzzle with this difficulty, seed and loops option, certified unique and
    graded exactly `difficulty`. Called with an id alone (generate_puzzle("hunt-hard-7")),
    returns the puzzle that id names. Deterministic sub-seeds are tried in turn; QuarryError
    if none of MAX_ATTEMPTS gives a puzzle of that grade."""
    if seed is None:
        difficulty, seed, loops = parse_id(difficulty)
    _check_options(difficulty, seed)
    for attempt in range(MAX_ATTEMPTS):
        puzzle = _attempt(difficulty, seed, loops, attempt)
        if puzzle is not None:
            return puzzle
    raise QuarryError(
        f"no {difficulty} Hunt puzzle found for seed {seed} in {MAX_ATTEMPTS} attempts; "
        "try another seed"
    )


def generate_puzzles(count: int, difficulty: str, seed: int, loops: bool = False) -> list[Puzzle]:
    """Return `count` puzzles of one difficulty; puzzle i has seed `seed * 1000 + i`, so the
    books of different seeds never share a puzzle. QuarryError if count is not 1-200."""
    if not isinstance(count, int) or not 1 <= count <= MAX_COUNT:
        raise QuarryError(f"--count must be between 1 and {MAX_COUNT} (got {count})")
    _check_options(difficulty, seed)
    return [generate_puzzle(difficulty, seed * 1000 + i, loops) for i in range(count)]


def _check_options(difficulty: str, seed: int) -> None:
    if difficulty not in DIFFICULTIES:
        raise QuarryError(
            f"--difficulty must be one of {', '.join(DIFFICULTIES)} (got {difficulty!r})"
        )
    if not isinstance(seed, int) or seed < 0:
        raise QuarryError(f"--seed must be a whole number, 0 or more (got {seed!r})")


def puzzles_json(puzzles: Sequence[Puzzle]) -> list[dict]:
    """Return the content of puzzles.json: a list of Puzzle.to_json() objects."""
    return [puzzle.to_json() for puzzle in puzzles]
