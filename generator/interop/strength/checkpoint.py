"""A strength game that can stop and go on: its moves and every random generator's state,
kept in a file after each of the opponent's moves, so that a run longer than a sitting
(the island at 10,000 simulations: hours a game) is played over several.

The file holds the game's header (game, options, seed, our seats, the opponent, the
exploration constant, our bots), the moves so far (who moved, the action's id or, for an
action the adapter lists without one, its text; the CPU seconds it took) and the state of
every generator the game draws from once those moves are made: chance's, and each opponent
seat's (its search's numpy RandomState, its rollouts', the hidden states it draws). Our bots
keep no file: they are deterministic, so replaying the moves through them (each of our
moves chosen again, and checked to be the one kept) leaves them as they were. IS-MCTS keeps
nothing from one move to the next but its generators (it searches afresh each move). So a
game stopped after any kept move and gone on with plays the same moves as one played
straight through. When the game ends the file holds its result, and a run that meets it
again takes the result without playing (the generators are no longer kept then).

A file is written whole or not at all (output.write_whole), so a kill leaves the last one
kept.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from generator.errors import QuarryError
from generator.output import write_whole

VERSION = 1


def _random_state(rng: random.Random) -> list:
    version, words, gauss = rng.getstate()
    return [version, list(words), gauss]


def _set_random_state(rng: random.Random, saved: list) -> None:
    version, words, gauss = saved
    rng.setstate((version, tuple(words), gauss))


def _numpy_state(state) -> list:
    name, keys, position, has_gauss, cached = state.get_state()
    return [name, keys.tolist(), position, has_gauss, cached]


def _set_numpy_state(state, saved: list) -> None:
    import numpy as np

    name, keys, position, has_gauss, cached = saved
    state.set_state((name, np.array(keys, dtype=np.uint32), position, has_gauss, cached))


def save_generators(generators) -> list:
    return [
        _random_state(g) if isinstance(g, random.Random) else _numpy_state(g) for g in generators
    ]


def restore_generators(generators, saved: list) -> None:
    for generator, state in zip(generators, saved, strict=True):
        if isinstance(generator, random.Random):
            _set_random_state(generator, state)
        else:
            _set_numpy_state(generator, state)


class Checkpoint:
    """The file of one game (module docstring); `header` identifies the game."""

    def __init__(self, path: Path, header: dict) -> None:
        self.path, self.header = Path(path), {"version": VERSION, **header}

    def load(self) -> dict | None:
        """Return what the file kept ({"moves", "generators"} and, for a finished game,
        "result"), or None when there is no file. QuarryError when it is of another game."""
        if not self.path.exists():
            return None
        try:
            kept = json.loads(self.path.read_text())
        except (OSError, ValueError) as error:
            raise QuarryError(f"{self.path}: not a strength checkpoint ({error})") from None
        if kept.get("header") != self.header:
            raise QuarryError(
                f"{self.path} keeps another game than this run plays; "
                "remove it or give another --checkpoints folder"
            )
        return kept

    def save(self, moves: list, generators: dict, result: dict | None = None) -> None:
        kept = {"header": self.header, "moves": moves, "generators": generators}
        if result is not None:
            kept["result"] = result
        write_whole(self.path, (json.dumps(kept, separators=(",", ":")) + "\n").encode())
