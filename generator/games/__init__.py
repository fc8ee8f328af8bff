"""The game registry: every sub-package here that defines GAME is a game Quarry knows.

A game's `__init__.py` defines `GAME = Game(...)`; `quarry kit` lists them and
`quarry kit all` writes each one's kit.

Importing the registry loads each game's rules and nothing that draws: a game's print module
(and with it reportlab, svglib, svgwrite and jinja2) is imported only when one of its kit
callables is called, so `quarry simulate` and `quarry replay` start quickly.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from generator.engine.game import GameState
from generator.errors import QuarryError
from generator.progress import counted

if TYPE_CHECKING:  # generator.kit imports the PDF tools' layouts; only the type is wanted
    from generator.kit import KitRequest


DIFFICULTIES = ("easy", "medium", "hard")  # every game's puzzles, weakest solver level first


def check_puzzle_options(difficulty: str, seed: int) -> None:
    """Raise QuarryError (one line) unless `difficulty` is one of DIFFICULTIES and `seed` a
    whole number, 0 or more: what every game's make_puzzles checks before any work."""
    if difficulty not in DIFFICULTIES:
        raise QuarryError(
            f"--difficulty must be one of {', '.join(DIFFICULTIES)} (got {difficulty!r})"
        )
    if not isinstance(seed, int) or seed < 0:
        raise QuarryError(f"--seed must be a whole number, 0 or more (got {seed!r})")


def checked_puzzles(puzzles, puzzle_class) -> list:
    """Return `puzzles` as `puzzle_class` objects (a book's input: the objects, or their
    to_json() dicts read with from_json); ValueError naming the first malformed one, or
    when there are none."""
    out = []
    for index, puzzle in enumerate(puzzles, 1):
        if isinstance(puzzle, puzzle_class):
            out.append(puzzle)
            continue
        try:
            out.append(puzzle_class.from_json(puzzle))
        except (ValueError, TypeError, KeyError) as error:
            raise ValueError(f"puzzle {index}: {error}") from None
    if not out:
        raise ValueError("a puzzle book needs at least one puzzle")
    return out


def whole_number_rules(texts, names: tuple[str, ...]) -> dict[str, int]:
    """Return {name: N} of `quarry simulate --rule NAME=N` texts, each NAME one of `names`
    and N a whole number; QuarryError (one line) naming the accepted forms otherwise, or
    naming both values when one NAME is given twice."""
    chosen = {}
    for text in texts or []:
        key, _, value = text.partition("=")
        if key not in names or not (value.isascii() and value.isdigit()):
            forms = ", ".join(f"{name}=N" for name in names)
            raise QuarryError(f"--rule {text!r} is not a rule option; use {forms}")
        chosen[key] = check_rule_once(chosen, key, int(value))
    return chosen


def check_rule_once(chosen: dict, key: str, value):
    """Return `value` for the --rule `key` unless `chosen` already holds another value for
    it: then QuarryError naming both (two values for one rule is a mistake, not a choice;
    the later one used to win silently)."""
    if key in chosen and chosen[key] != value:
        raise QuarryError(
            f"--rule {key} is given twice, as {key}={chosen[key]} and {key}={value}; "
            "give each rule once"
        )
    return value


MAX_PUZZLES = 200  # the most puzzles one `quarry puzzle` run makes


@dataclass(frozen=True)
class PuzzleSeries:
    """How a game names and finds its puzzles: the id `<game>-<difficulty>-<seed>`, the
    first of `attempts` sub-seeds that `attempt(difficulty, seed, attempt)` turns into a
    puzzle (or None), and a series of them, puzzle i with seed `seed * 1000 + i`."""

    game: str
    attempt: Callable[[str, int, int], object | None]
    attempts: int
    tried: str = "sub-seeds"  # what one attempt starts from, for the error message

    def puzzle_id(self, difficulty: str, seed: int) -> str:
        """Return the id that reproduces a puzzle."""
        return f"{self.game}-{difficulty}-{seed}"

    def parse_id(self, text: str) -> tuple[str, int]:
        """Return (difficulty, seed) of a puzzle id; QuarryError if it is not one."""
        pattern = rf"{self.game}-({'|'.join(DIFFICULTIES)})-(\d+)"
        match = re.fullmatch(pattern, text.strip(), re.ASCII)
        if not match:
            article = "an" if self.game[0] in "aeiou" else "a"
            raise QuarryError(
                f"{text!r} is not {article} {self.game} puzzle id; "
                f"expected {self.game}-<easy|medium|hard>-<seed>"
            )
        return match[1], int(match[2])

    def generate(self, difficulty: str, seed: int | None = None):
        """Return the puzzle of this difficulty and seed (or of the id given as
        `difficulty`); QuarryError when none of the attempts gives one."""
        if seed is None:
            difficulty, seed = self.parse_id(difficulty)
        check_puzzle_options(difficulty, seed)
        for attempt in range(self.attempts):
            puzzle = self.attempt(difficulty, seed, attempt)
            if puzzle is not None:
                return puzzle
        raise QuarryError(f"no {difficulty} {self.game} puzzle for seed {seed}; try another seed")

    def make(self, count: int, difficulty: str, seed: int, loops: bool = False) -> list:
        """Return `count` puzzles of one difficulty. QuarryError for a count outside
        1-MAX_PUZZLES, a bad difficulty or seed, or `loops` (The Hunt's option)."""
        if loops:
            raise QuarryError(
                f"--loops is an option of The Hunt; {self.game} puzzles have no loops"
            )
        if not isinstance(count, int) or not 1 <= count <= MAX_PUZZLES:
            raise QuarryError(f"--count must be between 1 and {MAX_PUZZLES} (got {count})")
        check_puzzle_options(difficulty, seed)
        return [
            self.generate(difficulty, seed * 1000 + i) for i in counted(range(count), "puzzles")
        ]


@dataclass(frozen=True)
class Lazy:
    """A game's function in a module that is imported only when the function is first
    called (its drawing and puzzle modules load reportlab, svglib and jinja2)."""

    module: str
    function: str

    def __call__(self, *args, **kwargs):
        return getattr(importlib.import_module(self.module), self.function)(*args, **kwargs)


@dataclass(frozen=True)
class Game:
    """A game's registration: its name on the command line and what Quarry can do with it."""

    name: str
    title: str
    players: tuple[int, int]
    capabilities: frozenset[str] = field(default_factory=frozenset)
    build_kit: Callable[[KitRequest], None] | None = None
    # Replay: a fresh state from a record header, the turn a state is in (a number, or a
    # label such as "hunt 2, turn 5"), its result line, the header options the game knows,
    # and the fields a record derives from its actions ({"result": ..., "log": ...}).
    state_from_header: Callable[[dict], GameState] | None = None
    turn_of: Callable[[GameState], int | str] | None = None
    result_text: Callable[[GameState], str] | None = None
    record_options: tuple[str, ...] = ()
    record_fields: Callable[[GameState], dict] | None = None
    # Puzzles: make them (count, difficulty, seed, loops), then write their book into a kit.
    make_puzzles: Callable[[int, str, int, bool], list] | None = None
    write_puzzle_book: Callable[[KitRequest, list], None] | None = None
    # Simulation: simulate(games, seed, jobs, options, progress) -> the JSON summary, where
    # options holds the values of the `quarry simulate` options named in simulate_options
    # (None where not given). It checks every option before the first game is played.
    simulate: Callable[[int, int, int, dict, bool], dict] | None = None
    simulate_options: tuple[str, ...] = ()
    # The table check (engine/table.py): needs(players, design file or None) -> Needs, from
    # the game's table.py. A kit of the "kit-design" capability reads `design_file`, the
    # file `quarry generate <design_verb>` writes into its design folder.
    table: Callable[[int, Path | None], object] | None = None
    balance: Callable[[], object] | None = None  # table.balance: what the default kit claims
    design_file: str = ""
    design_verb: str = ""


def game_names() -> list[str]:
    """Return the names of the game packages here, in name order, importing none of them.
    A game's package is named as the game is on the command line."""
    return sorted(m.name for m in pkgutil.iter_modules([str(Path(__file__).parent)]) if m.ispkg)


@cache
def game(name: str) -> Game | None:
    """Return the registered game `name`, importing its package and no other (a replay or a
    simulation of one game does not load every game's rules); None when there is none."""
    if name not in game_names():
        return None
    entry = getattr(importlib.import_module(f"{__name__}.{name}"), "GAME", None)
    return entry if isinstance(entry, Game) and entry.name == name else None


@cache
def registry() -> dict[str, Game]:
    """Return every registered game by name, in name order."""
    return {name: entry for name in game_names() if (entry := game(name)) is not None}
