"""Solo deduction puzzles for Fugitive, made the way Simon Tatham's puzzles are made.

A puzzle is the table as the Marshal sees it at the end of her turn N (she has drawn and
guessed; the Fugitive's turn N + 1 comes next):

- the row, left to right: the 0 face up, then each Hideout H1, H2, ... with the turn it
  was placed on, either revealed (its number and its Sprint cards' numbers) or face down
  (only how many Sprint cards lie under it);
- her hand: N + 1 cards (2 drawn on turn 1, one on each turn since);
- the cards discarded face up and from whose hand (none in the plain game);
- the piles the Fugitive drew from: 3 cards from pile 1 and 2 from pile 2 at setup, then
  the pile of his one draw on each turn from turn 2 (a Marshal sees which pile he takes).
  These are the pile-of-origin facts, shown as that list of piles by turn;
- her wrong guesses, by turn: a wrong guess says only that no Hideout face down *at that
  time* had the number (he may have played it since);
- the deck: the published one, no events: even Hideouts Sprint +2, odd ones +1.

She guessed once on each of her turns 1..N: each guess was wrong (listed with its number)
or right (listed with the numbers it named: revealed Hideouts, all placed by then and face
down until that guess). A right guess never turns up the last face-down Hideout, which
would have won her the game then (facts.plan_hits chooses them).

The question: the numbers of the face-down Hideouts, left to right (the answer, a list).
What constrains them (the rules, seeds/003):

- numbers strictly increase along the row; Hideouts are 1-41 (the 42 only escapes);
- each Hideout is at most the previous one + 3 + the Sprint values of its Sprint cards.
  Sprint cards are real cards, face down unless their Hideout is revealed: distinct from
  every other card on the table, in her hand or discarded, and never the 42 (he keeps it
  to escape: our reading, stated on the puzzle);
- every card he has placed, except his own 1, 2 and 3, came from a pile, drawn before he
  placed it: for each turn t and pile p, the face-down cards (Hideouts and Sprint cards)
  placed by turn t that come from p are at most the cards he had drawn from p by turn t,
  less his cards from p placed by then that are in view (and, at the end, less the cards
  he discarded from p);
- a wrong guess g on turn t: no face-down Hideout placed by turn t is g.

Only the Hideout numbers are asked: which cards lie under a face-down Hideout can stay
ambiguous (a +1 Sprint card is any odd card he may hold), so uniqueness is certified on
the Hideout variables alone: by CP-SAT (a blocking clause) and, in tests, by brute force
(depth-first over Hideout numbers, then an exact search for Sprint cards).

Grading: three solver levels, each a set of pencil-and-paper deductions keeping a set of
candidate numbers for each face-down Hideout and narrowing them to a fixed point.

- level 1 (easy): cards in view and wrong guesses are no face-down Hideout; each Hideout
  lies above its left neighbour and at most 3 + 2k beyond it (k Sprint cards of at most
  +2), read both ways along the row; a Hideout with one candidate left is found.
- level 2 (medium): adds the real pool of unseen cards. Pile budgets: when the room a pile
  had by turn t is taken (by Hideouts whose candidates all lie in it, and by Sprint cards
  known to lie under a Hideout), no other card placed by turn t comes from it. Sprint
  sums: k Sprint cards reach only as far as the best k cards he can still hold (unseen,
  not a known Hideout, within each pile's room). All-different: when a Hideout's gap needs
  particular cards as its Sprint cards (no other choice reaches), those cards are no
  Hideout; a known Hideout is no Sprint card. Too few cards for the face-down cards is a
  contradiction.
- level 3 (hard): adds case analysis, depth 1: suppose the Hideout with the fewest
  candidates has one of them and run level 2; on a contradiction strike that candidate.

Generation: play a plausible hidden game (seeded numpy rng: the deal, a Fugitive who draws
from the pile ahead, places, sprints and sometimes bluffs or passes), keep a run of
Hideouts face down (most often the latest), add clues (a card in her hand, a wrong guess,
a found Hideout), each the best of a few for the solver, until the level solves the
table (each candidate clue checked from the board before it: a clue only adds facts, so
the deductions made stay sound); remove clues in a random order while it still does (for
hard, case analysis only on tables level 2 nearly solves); fill her hand and her guesses
to what turn N requires. A puzzle is kept when the next lower level cannot solve it,
CP-SAT certifies it unique and its printed history, replayed turn by turn by an independent
check (history_check.py), is one the rules allow. The id `fugitive-<difficulty>-<seed>`
reproduces it.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

import numpy as np

from generator.engine.bitboards import bits
from generator.errors import QuarryError
from generator.games import check_puzzle_options
from generator.games.fugitive.cards import ESCAPE, PILES, START_DRAWS, START_HAND
from generator.games.fugitive.puzzles.facts import (
    CPSAT_WORK,
    DECK_TEXT,
    DIFFICULTIES,
    LEVELS,
    NORMAL_REACH,
    RULES_TEXT,
    SPRINT,
    TOP,
    Puzzle,
    TableFacts,
    format_answer,
    parse_id,
    pile_of,
    plan_hits,
    puzzle_id,
    question_text,
    table_facts,
    table_lines,
)
from generator.games.fugitive.puzzles.history_check import history_problem
from generator.games.fugitive.puzzles.solvers import (
    Board,
    Contradiction,
    cases_solve,
    difficulty_of,
    grade,
    level_solves,
    run_levels,
    run_levels_after,
    solve_facts,
    solve_level1,
    solve_level2,
    solve_level3,
    worked_solution,
)
from generator.games.fugitive.puzzles.uniqueness import (
    brute_force_answers,
    build_model,
    certify_answer,
    certify_facts,
)
from generator.progress import counted

MAX_COUNT = 200
MAX_ATTEMPTS = 1000
# Turns the hidden game lasts (N), and how many Hideouts stay face down, per difficulty.
TURNS = {"easy": (4, 7), "medium": (5, 8), "hard": (6, 9)}
FACE_DOWN = {"easy": (2, 3), "medium": (2, 4), "hard": (3, 5)}
# Hidden games kept for a difficulty: at least this many Hideouts placed, at most this many
# cards left in the Fugitive's hand (the fewer he holds, the more his pile draws tell).
MIN_PLACED = {"easy": 2, "medium": 4, "hard": 4}
MAX_HELD = {"easy": 12, "medium": 5, "hard": 5}
MAX_SPRINTS = 3  # Sprint cards under one Hideout in generated games
# The generating Fugitive: how often he adds a dead card as a bluff, jumps as far as his
# hand allows, passes, and draws from the pile just ahead of his last Hideout.
BLUFF = 0.15
AGGRESSIVE = 0.45
PASS = 0.12
AHEAD = 0.7
WAITING = 2  # at most this many passes at the end of the game
# Aiming clues: how many are weighed before one is added, how often a found Hideout is
# weighed instead of a card or a guess, and (hard) how few wrong candidates level 2 must
# leave before case analysis is tried (on a wide-open table it is slow and rarely works).
CLUE_SAMPLE = 5
REVEAL_SHARE = 0.1
CASE_SPARE = 6
# (hard) Taking clues out, case analysis is tried only when level 2 leaves at most this many
# wrong candidates: a clue whose loss leaves more is kept (rarely a loss, and much quicker).
MINIMISE_SPARE = 10


# --- generation: a hidden game ------------------------------------------------------------------


@dataclass
class _Hidden:
    """A played-out game: the row (numbers, Sprint cards, the turn each was placed), the
    pile of each turn's draw (draws[t], -1 for turns 0 and 1), every card the Fugitive has
    held, and N, the turn the table shows the end of."""

    numbers: list[int]
    sprints: list[tuple[int, ...]]
    placed: list[int]
    draws: list[int]
    his: set[int]
    turns: int


def _held(game: _Hidden) -> int:
    """Return how many cards the Fugitive holds at the end (the 42 among them)."""
    on_table = sum(1 + len(s) for s in game.sprints[1:])
    return len(START_HAND) + sum(START_DRAWS) + game.turns - 1 - on_table


def _choose_hide(
    rng: np.random.Generator, hand: set[int], last: int
) -> tuple[int, tuple[int, ...]] | None:
    """Return a plausible Hideout and its Sprint cards from `hand`, or None if none fits:
    Sprint cards are the fewest that reach, cards below the new Hideout (dead) first; now
    and then a dead card is added as a bluff."""
    options = []
    for hideout in sorted(hand):
        if hideout <= last or hideout > TOP:
            continue
        need = hideout - last - NORMAL_REACH
        others = sorted(c for c in hand if c not in (hideout, ESCAPE))
        sprint: tuple[int, ...] | None = () if need <= 0 else None
        for size in range(1, MAX_SPRINTS + 1):
            if sprint is not None:
                break
            fits = [s for s in combinations(others, size) if sum(SPRINT[c] for c in s) >= need]
            if fits:
                dead = max(sum(c < hideout for c in s) for s in fits)
                best = [s for s in fits if sum(c < hideout for c in s) == dead]
                sprint = best[int(rng.integers(len(best)))]
        if sprint is None:
            continue
        spare = [c for c in others if c < hideout and c not in sprint]
        if spare and len(sprint) < MAX_SPRINTS and rng.random() < BLUFF:
            sprint = (*sprint, spare[int(rng.integers(len(spare)))])
        options.append((hideout, tuple(sorted(sprint))))
    if not options:
        return None
    if rng.random() < AGGRESSIVE:
        return max(options)
    return options[int(rng.integers(len(options)))]


def _play(rng: np.random.Generator, turns: int) -> _Hidden:
    """Return a game played for `turns` Fugitive turns (a random deal, a plausible Fugitive)."""
    piles = [list(rng.permutation(np.arange(low, high + 1))) for low, high in PILES]
    hand = set(START_HAND)
    for pile, count in enumerate(START_DRAWS):
        hand |= {int(piles[pile].pop()) for _ in range(count)}
    numbers, sprints, placed, draws = [0], [()], [0], [-1, -1]
    waiting = int(rng.integers(WAITING + 1))  # he ends by waiting for better cards
    for turn in range(1, turns + 1):
        if turn > 1:
            ahead = pile_of(min(numbers[-1] + 4, TOP))
            pile = ahead if rng.random() < AHEAD else int(rng.integers(3))
            if not piles[pile]:
                pile = next(i for i in range(3) if piles[i])
            hand.add(int(piles[pile].pop()))
            draws.append(pile)
        count = 2 if turn == 1 and rng.random() < 0.5 else 1
        if turn > 1 and (rng.random() < PASS or turn > turns - waiting):
            count = 0
        for _ in range(count):
            choice = _choose_hide(rng, hand, numbers[-1])
            if choice is None:
                break
            hideout, sprint = choice
            hand -= {hideout, *sprint}
            numbers.append(hideout)
            sprints.append(sprint)
            placed.append(turn)
    left = {int(c) for pile in piles for c in pile}
    his = set(START_HAND) | {c for c in range(4, TOP + 1) if c not in left}
    return _Hidden(numbers, sprints, placed, draws, his, turns)


# --- generation: clues ----------------------------------------------------------------------------


@dataclass
class _Clues:
    """What the generator shows: found Hideouts, the Marshal's hand, her wrong guesses."""

    revealed: set[int]
    hand: set[int]
    guesses: dict[int, int]  # turn -> wrong number

    def copy(self) -> "_Clues":
        return _Clues(set(self.revealed), set(self.hand), dict(self.guesses))


def _row_at(game: _Hidden, turn: int) -> int:
    return sum(1 for t in game.placed[1:] if t <= turn)


def _hits(game: _Hidden, clues: _Clues) -> dict[int, list[int]] | None:
    """Return the right guesses that turn up the revealed Hideouts on the turns without a
    wrong guess ({turn: [row positions]}, facts.plan_hits), or None if the rules
    allow none (a right guess that turned up the last face-down Hideout would end the
    game)."""
    free = [t for t in range(1, game.turns + 1) if t not in clues.guesses]
    return plan_hits(game.placed, sorted(clues.revealed), free)


def _turns_ok(game: _Hidden, clues: _Clues) -> bool:
    """Return whether the guesses fit: one a turn on turns 1..N, the turns without a wrong
    guess able to find the revealed Hideouts as the rules allow."""
    return _hits(game, clues) is not None


def _table(game: _Hidden, clues: _Clues) -> dict:
    row: list[dict] = [{"number": 0, "sprint": []}]
    for p in range(1, len(game.numbers)):
        if p in clues.revealed:
            row.append(
                {"number": game.numbers[p], "sprint": list(game.sprints[p]), "turn": game.placed[p]}
            )
        else:
            row.append({"sprint_count": len(game.sprints[p]), "turn": game.placed[p]})
    return {
        "deck": "published",
        "turn": game.turns,
        "row": row,
        "marshal_hand": sorted(clues.hand),
        "discarded": [],
        "draws": [pile + 1 for pile in game.draws[2:]],
        "wrong_guesses": [{"number": n, "turn": t} for t, n in sorted(clues.guesses.items())],
        "right_guesses": [
            {"turn": t, "numbers": [game.numbers[p] for p in found]}
            for t, found in sorted((_hits(game, clues) or {}).items())
        ],
    }


def _read(game: _Hidden, clues: _Clues) -> TableFacts:
    """Return the facts of the table the clues make, without the checks a finished table
    passes (her hand and guesses are filled up only at the end)."""
    size = len(game.numbers)
    shown = [p == 0 or p in clues.revealed for p in range(size)]
    numbers = tuple(game.numbers[p] if shown[p] else None for p in range(size))
    sprints = tuple(game.sprints[p] if shown[p] else None for p in range(size))
    seen = 1
    in_view = [[0, 0, 0] for _ in range(game.turns + 1)]  # his cards in view, by turn placed
    for p in clues.revealed:
        for c in (game.numbers[p], *game.sprints[p]):
            seen |= 1 << c
            if pile_of(c) >= 0:
                in_view[game.placed[p]][pile_of(c)] += 1
    for c in clues.hand:
        seen |= 1 << c
    rooms = []
    room = list(START_DRAWS)
    for t in range(game.turns + 1):
        if t >= 2:
            room[game.draws[t]] += 1
        for i in range(3):
            room[i] -= in_view[t][i]
        rooms.append(tuple(room))
    wrong = tuple((n, t, _row_at(game, t)) for t, n in sorted(clues.guesses.items()))
    return TableFacts(
        numbers,
        tuple(len(s) for s in game.sprints),
        sprints,
        tuple(game.placed),
        seen,
        wrong,
        tuple(rooms),
        tuple(game.draws),
        game.turns,
        tuple(sorted(clues.hand)),
        (),
    )


def _clue_options(game: _Hidden, clues: _Clues, board: Board, low_down: int) -> list:
    """Return the clues that would rule out a wrong candidate the board still has: ("hand",
    card) for the Marshal's hand, ("guess", (turn, number)) for a wrong guess, ("reveal",
    position) for a found Hideout (its number and Sprint cards come into view)."""
    wrong = {
        p: {v for v in bits(board.cand[p]) if v != game.numbers[p]}
        for p in board.down
        if board.cand[p] & (board.cand[p] - 1)
    }
    everywhere = set().union(*wrong.values()) if wrong else set()
    options: list = []
    if len(clues.hand) < game.turns + 1:
        options += [("hand", v) for v in sorted(everywhere) if v >= 4 and v not in game.his]
    for p, values in sorted(wrong.items()):
        for t in range(game.placed[p], game.turns + 1):
            if t not in clues.guesses:
                placed_then = set(game.numbers[1 : _row_at(game, t) + 1])
                options += [("guess", (t, v)) for v in sorted(values - placed_then)]
    if len(board.down) > low_down:
        for q in board.down:
            if q in wrong or {game.numbers[q], *game.sprints[q]} & everywhere:
                options.append(("reveal", q))
    return options


def _with(clues: _Clues, kind: str, choice) -> _Clues:
    trial = clues.copy()
    if kind == "hand":
        trial.hand.add(choice)
    elif kind == "guess":
        trial.guesses[choice[0]] = choice[1]
    else:
        trial.revealed.add(choice)
    return trial


def _add_clue(
    rng: np.random.Generator, game: _Hidden, clues: _Clues, board: Board, low_down: int
) -> tuple[_Clues, Board] | None:
    """Return the clues with one more that rules out a candidate the board still has, and
    the board's level run on them; None if none can. A few are drawn at random (found
    Hideouts seldom, to keep chains of face-down ones) and the one leaving the board's level
    the fewest candidates is kept: her hand and guesses are few, so each clue should count."""
    options = _clue_options(game, clues, board, low_down)
    cards = [o for o in options if o[0] != "reveal"]
    reveals = [o for o in options if o[0] == "reveal"]
    pool = reveals if reveals and (not cards or rng.random() < REVEAL_SHARE) else cards
    best: tuple[int, _Clues, Board] | None = None
    for index in rng.permutation(len(pool))[:CLUE_SAMPLE]:
        trial = _with(clues, *pool[int(index)])
        if not _turns_ok(game, trial):
            continue
        after = run_levels_after(board, _read(game, trial))
        left = after.spare()
        if best is None or left < best[0]:
            best = (left, trial, after)
    return None if best is None else best[1:]


def _minimise(
    rng: np.random.Generator, game: _Hidden, clues: _Clues, level: int, high_down: int
) -> _Clues:
    """Take clues out, in a random order, while the level still solves the table (as
    _aimed_solves judges it)."""
    items = [("reveal", p) for p in clues.revealed] + [("hand", c) for c in clues.hand]
    items += [("guess", t) for t in clues.guesses]
    for index in rng.permutation(len(items)):
        kind, key = items[int(index)]
        trial = clues.copy()
        if kind == "reveal":
            if len(game.numbers) - 1 - len(trial.revealed) >= high_down:
                continue
            trial.revealed.discard(key)
        elif kind == "hand":
            trial.hand.discard(key)
        else:
            del trial.guesses[key]
        if _aimed_solves(_read(game, trial), level):
            clues = trial
    return clues


def _aimed_solves(facts: TableFacts, level: int) -> bool:
    """Return level_solves(facts, level), except that at level 3 a table level 2 leaves
    more than MINIMISE_SPARE wrong candidates counts as unsolved (the case analysis is not
    tried). Only ever says no more often, and every puzzle is graded exactly at the end."""
    if level < 3:
        return level_solves(facts, level)
    try:
        board = run_levels(facts, 2)
    except Contradiction:
        return False
    return board.solved() or (board.spare() <= MINIMISE_SPARE and cases_solve(board))


def _pad(rng: np.random.Generator, game: _Hidden, clues: _Clues, level: int) -> _Clues | None:
    """Fill the Marshal's hand to N + 1 cards and her guesses to one a turn (turns that did
    not find the revealed Hideouts hold wrong guesses), preferring cards and numbers the
    next lower level has already ruled out; None if the grade does not hold."""
    clues = clues.copy()
    free = [t for t in range(1, game.turns + 1) if t not in clues.guesses]
    finding = _hits(game, clues)
    if finding is None:
        return None
    open_values = 0
    if level > 1:
        try:
            lower = run_levels(_read(game, clues), level - 1)
        except Contradiction:
            return None
        for p in lower.down:
            open_values |= lower.cand[p]
    spare = [c for c in range(4, TOP + 1) if c not in game.his and c not in clues.hand]
    quiet = [c for c in spare if not open_values >> c & 1]
    rest = [c for c in spare if open_values >> c & 1]
    rng.shuffle(quiet)
    rng.shuffle(rest)
    clues.hand |= set((quiet + rest)[: game.turns + 1 - len(clues.hand)])
    for t in free:
        if t in finding:
            continue
        # A plausible wrong guess: no Hideout placed by then, not in her hand, near the
        # row's end at the time; one the lower level already rules out when possible.
        row = _row_at(game, t)
        placed_then = set(game.numbers[1 : row + 1])
        options = [v for v in range(1, TOP + 1) if v not in placed_then | clues.hand]
        near = [v for v in options if game.numbers[row] - 4 <= v <= game.numbers[row] + 8]
        quiet_near = [v for v in near if not open_values >> v & 1]
        quiet = [v for v in options if not open_values >> v & 1]
        fresh = [v for v in quiet_near if v not in clues.guesses.values()]
        pick = fresh or quiet_near or quiet or near or options
        clues.guesses[t] = pick[int(rng.integers(len(pick)))]
    facts = _read(game, clues)
    if not level_solves(facts, level) or (level > 1 and level_solves(facts, level - 1)):
        return None
    return clues


def _attempt(difficulty: str, seed: int, attempt: int) -> Puzzle | None:
    """Return a puzzle graded exactly `difficulty` from one sub-seed, or None."""
    level = LEVELS[difficulty]
    rng = np.random.default_rng([seed, level, attempt])
    low, high = TURNS[difficulty]
    game = _play(rng, int(rng.integers(low, high + 1)))
    low_down, high_down = FACE_DOWN[difficulty]
    placed = len(game.numbers) - 1
    if placed < MIN_PLACED[difficulty] or _held(game) > MAX_HELD[difficulty]:
        return None  # too few Hideouts, or so many cards in his hand that little is forced
    # Face down: a run of Hideouts, most often the latest ones (as at a real table).
    target = int(rng.integers(low_down, high_down + 1))
    if target > placed:
        return None
    start = placed - target + 1
    if rng.random() < 0.4:
        start = int(rng.integers(1, start + 1))
    clues = _Clues({p for p in range(1, placed + 1) if not start <= p < start + target}, set(), {})
    if not _turns_ok(game, clues):
        return None
    # Clues are aimed with level 2 at most (case analysis on a wide-open table is slow).
    board = run_levels(_read(game, clues), min(level, 2))
    for _ in range(60):
        if board.solved():
            break
        if level == 3 and board.spare() <= CASE_SPARE and cases_solve(board):
            break
        added = _add_clue(rng, game, clues, board, low_down)
        if added is None:
            return None
        clues, board = added
    else:
        return None
    clues = _minimise(rng, game, clues, level, high_down)
    if level > 1 and level_solves(_read(game, clues), level - 1):
        return None
    padded = None
    for _ in range(4):
        padded = _pad(rng, game, clues, level)
        if padded is not None:
            break
    if padded is None:
        return None
    table = _table(game, padded)
    facts = table_facts(table)
    answer = [game.numbers[p] for p in facts.face_down]
    if history_problem(table, answer):
        return None  # the independent replay finds something the rules do not allow
    if solve_facts(facts, level) != answer:
        raise RuntimeError(f"seed {seed}: the level {level} solver disagrees with the game")
    if certify_facts(facts, CPSAT_WORK) != answer:
        raise RuntimeError(f"seed {seed}: CP-SAT disagrees with the level {level} solver")
    puzzle = Puzzle(puzzle_id(difficulty, seed), difficulty, table, answer)
    puzzle.reasoning = worked_solution(puzzle)
    return puzzle


def generate_puzzle(difficulty: str, seed: int | None = None) -> Puzzle:
    """Return the puzzle with this difficulty and seed, certified unique by CP-SAT and graded
    exactly `difficulty`. Called with an id alone (generate_puzzle("fugitive-hard-7")),
    returns the puzzle that id names. Deterministic sub-seeds are tried in turn; QuarryError
    if none of MAX_ATTEMPTS gives a puzzle of that grade."""
    if seed is None:
        difficulty, seed = parse_id(difficulty)
    check_puzzle_options(difficulty, seed)
    for attempt in range(MAX_ATTEMPTS):
        puzzle = _attempt(difficulty, seed, attempt)
        if puzzle is not None:
            return puzzle
    raise QuarryError(
        f"no {difficulty} Fugitive puzzle found for seed {seed} in {MAX_ATTEMPTS} attempts; "
        "try another seed"
    )


def generate_puzzles(count: int, difficulty: str, seed: int) -> list[Puzzle]:
    """Return `count` puzzles of one difficulty; puzzle i has seed `seed * 1000 + i`, so the
    books of different seeds never share a puzzle. QuarryError (before any work) if count
    is not 1-200, difficulty not easy|medium|hard or seed negative."""
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_COUNT:
        raise QuarryError(f"--count must be between 1 and {MAX_COUNT} (got {count})")
    check_puzzle_options(difficulty, seed)
    return [generate_puzzle(difficulty, seed * 1000 + i) for i in counted(range(count), "puzzles")]


def make_puzzles(count: int, difficulty: str, seed: int, loops: bool = False) -> list[Puzzle]:
    """Return generate_puzzles(count, difficulty, seed): the game registry's make_puzzles
    hook (`loops` is The Hunt's option: QuarryError if set)."""
    if loops:
        raise QuarryError("--loops is an option of The Hunt's puzzles, not Fugitive's")
    return generate_puzzles(count, difficulty, seed)


def puzzles_json(puzzles: Sequence[Puzzle]) -> list[dict]:
    """Return the content of puzzles.json: a list of Puzzle.to_json() objects."""
    return [puzzle.to_json() for puzzle in puzzles]


# The puzzle API in one place: what the book, the CLI and the tests use.
__all__ = [
    "DECK_TEXT",
    "DIFFICULTIES",
    "LEVELS",
    "MAX_COUNT",
    "RULES_TEXT",
    "Puzzle",
    "TableFacts",
    "brute_force_answers",
    "build_model",
    "certify_answer",
    "difficulty_of",
    "format_answer",
    "generate_puzzle",
    "generate_puzzles",
    "grade",
    "history_problem",
    "make_puzzles",
    "parse_id",
    "puzzle_id",
    "puzzles_json",
    "question_text",
    "solve_level1",
    "solve_level2",
    "solve_level3",
    "table_facts",
    "table_lines",
    "worked_solution",
]
