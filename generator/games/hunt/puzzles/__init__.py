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
CP-SAT; a hard one is kept only when its worked solution fits one page of the puzzle book
(on A4 and on Letter, measured by setting it), so the book can promise a hard solution a
page. That check follows the book's layout: a change to how solutions are worded or set
can change which candidate a hard puzzle's seed settles on. Puzzles never rely on the
end-of-hunt rule (a generated log has no three encounters in a row), so neither the solvers
nor the checkers use it.

Grading: four solver levels, each a set of deductions a person can do on paper, from
reading the log's facts alone (level 0) to one step of case analysis (level 3);
generator.games.hunt.puzzles.deduction holds the solvers and describes each level.

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
from generator.games import DIFFICULTIES, check_puzzle_options
from generator.games.hunt.maps import (
    LAIR,
    LOCATIONS,
    TOWN,
    fly_targets,
    map_table,
    random_map,
    walk_targets,
)
from generator.games.hunt.puzzles.deduction import (
    FLY,
    MOVES,
    PLACES_IN,
    WALK,
    LogFacts,
    answer_of_route,
    format_answer,
    log_facts,
    solve_log,
)
from generator.games.hunt.puzzles.steps import group_steps
from generator.games.hunt.rules import (
    LAST_TURN,
    PAIRS,
    CallAide,
    ChooseMap,
    HuntState,
    Move,
    Search,
    new_hunt,
)
from generator.progress import counted
from generator.solve.cpsat import certify_unique

LEVELS = {"easy": 1, "medium": 2, "hard": 3}
QUESTIONS = ("where", "arrows")
MAX_COUNT = 200
MAX_ATTEMPTS = 200
CPSAT_WORK = 10.0
# Log lengths (turns) drawn for each difficulty: longer logs leave room for longer chains.
LOG_LENGTHS = {"easy": (5, 9), "medium": (7, 12), "hard": (9, 15)}
# The generating Knight: how often he searches where the Dragon really is, and calls an aide.
KNIGHT_HIT = 0.4
KNIGHT_AIDE = 0.7

_ID = re.compile(r"^hunt-(easy|medium|hard)-(\d+)(-loops)?$", re.ASCII)


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


# --- grading (the solvers are in deduction.py) ----------------------------------------------


def solve_at_level(puzzle: Puzzle, level: int, steps: list[str] | None = None) -> str | dict | None:
    """Return the answer if the level's deductions (0-3, see deduction.py) pin it down,
    else None. When `steps` is a list, the reasoning is appended to it, one line a step."""
    return solve_log(log_facts(puzzle.log), puzzle.loops, puzzle.question, level, steps)


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
        if solve_log(facts, puzzle.loops, puzzle.question, level) is not None:
            return level
    return None


def difficulty(puzzle: Puzzle) -> str | None:
    """Return "easy", "medium" or "hard" (the lowest level that solves the puzzle), or None
    when the log states the answer outright (level 0) or no level solves it."""
    level = grade(puzzle)
    return DIFFICULTIES[level - 1] if level else None


def worked_solution(puzzle: Puzzle) -> list[str]:
    """Return the reasoning steps of the puzzle's own level as a person writes them (the
    solver's steps grouped, see steps.group_steps), ending with the answer."""
    steps: list[str] = []
    answer = solve_at_level(puzzle, LEVELS[puzzle.difficulty], steps)
    if answer is None:
        raise ValueError(f"{puzzle.id}: its level does not solve it")
    turns = len(puzzle.log)
    last = {("p", turns)}
    wanted = last if puzzle.question == "where" else {("p", t) for t in range(turns + 1)}
    return group_steps(steps, wanted) + [f"Answer: {format_answer(answer)}."]


def book_entries(puzzles: Sequence[Puzzle]) -> list[dict]:
    """Return the puzzles as a puzzle book wants them: each one's to_json() with its
    question as a sentence ("prompt") and its worked solution ("reasoning")."""
    entries = []
    for puzzle in puzzles:
        data = puzzle.to_json()
        data["prompt"] = question_text(puzzle)
        data["reasoning"] = worked_solution(puzzle)
        entries.append(data)
    return entries


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
        model.add_linear_expression_in_domain(place[t], domain(list(PLACES_IN[mask])))
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


def certify_answer(puzzle: Puzzle, work: float = CPSAT_WORK) -> str | dict | None:
    """Return the puzzle's answer if CP-SAT certifies it unique (a second solve that blocks
    the first answer is infeasible), else None."""
    facts = log_facts(puzzle.log)
    return _certify(facts, puzzle.loops, puzzle.question, work)


def _certify(facts: LogFacts, loops: bool, question: str, work: float) -> str | dict | None:
    model, variables = build_model(facts, loops)
    primary = primary_variables(question, variables, facts.turns)
    solution = certify_unique(model, primary, work)
    if solution is None:
        return None
    if question == "where":
        return LOCATIONS[solution.values[f"place_{facts.turns}"]]
    route = [TOWN] + [solution.values[f"place_{t}"] for t in range(1, facts.turns + 1)]
    return answer_of_route(question, route, facts.moves)


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
    return {answer_key(answer_of_route("arrows", list(r), facts.moves)) for r in routes}


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
        if solve_log(log_facts(trial), loops, question, level) is not None:
            log = trial
    return log


def _attempt(difficulty: str, seed: int, loops: bool, attempt: int) -> Puzzle | None:
    """Return a puzzle graded exactly `difficulty` from one sub-seed, or None when the
    hidden hunt does not make one (its full log is not solvable at that level, the
    minimised log is still solvable a level lower, or a hard puzzle's worked solution is
    longer than a page)."""
    level = LEVELS[difficulty]
    rng = np.random.default_rng([seed, level, int(loops), attempt])
    log, route = _play_hunt(rng, loops)
    low, high = LOG_LENGTHS[difficulty]
    turns = int(rng.integers(low, high + 1))
    log, route = log[:turns], route[: turns + 1]
    question = QUESTIONS[seed % 2]  # a book alternates the two questions
    if solve_log(log_facts(log), loops, question, level) is None:
        return None
    log = _minimise(rng, log, loops, question, level)
    facts = log_facts(log)
    if solve_log(facts, loops, question, level - 1) is not None:
        return None
    answer = answer_of_route(question, route, facts.moves)
    if _certify(facts, loops, question, CPSAT_WORK) != answer:
        raise RuntimeError(f"seed {seed}: CP-SAT disagrees with the level {level} solver")
    puzzle = Puzzle(puzzle_id(difficulty, seed, loops), difficulty, loops, question, log, answer)
    if difficulty == "hard" and not solution_fits_a_page(puzzle):
        return None
    return puzzle


def solution_fits_a_page(puzzle: Puzzle) -> bool:
    """Return True when the puzzle's worked solution, set as the puzzle book sets a hard
    one, fits one page of its own on A4 and on Letter (solutions.hard_solution_fits:
    the real layout, not an estimate)."""
    # imported here: loading this module (simulate, replay) must not load reportlab
    from generator.games.hunt.puzzles.solutions import hard_solution_fits

    return hard_solution_fits(book_entries([puzzle])[0])


def generate_puzzle(difficulty: str, seed: int | None = None, loops: bool = False) -> Puzzle:
    """Return the puzzle with this difficulty, seed and loops option, certified unique and
    graded exactly `difficulty`. Called with an id alone (generate_puzzle("hunt-hard-7")),
    returns the puzzle that id names. Deterministic sub-seeds are tried in turn; QuarryError
    if none of MAX_ATTEMPTS gives a puzzle of that grade."""
    if seed is None:
        difficulty, seed, loops = parse_id(difficulty)
    check_puzzle_options(difficulty, seed)
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
    check_puzzle_options(difficulty, seed)
    return [
        generate_puzzle(difficulty, seed * 1000 + i, loops)
        for i in counted(range(count), "puzzles")
    ]


def puzzles_json(puzzles: Sequence[Puzzle]) -> list[dict]:
    """Return the content of puzzles.json: a list of Puzzle.to_json() objects."""
    return [puzzle.to_json() for puzzle in puzzles]
