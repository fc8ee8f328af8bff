"""Game records: JSON with a header and the list of actions in notation, and their replay."""

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from generator.engine.game import GameState, IllegalAction
from generator.errors import QuarryError


@dataclass(frozen=True)
class ReplayFailure:
    """Where a replay stopped: the action's index (from 1), the game's turn, and why."""

    step: int
    turn: int
    action: str
    reason: str


def record_json(header: dict, state: GameState, actions: list[str], extra: dict) -> str:
    """Return a record as JSON text: header, actions, and any extra derived fields."""
    data = {**extra, "header": header, "actions": actions}
    return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def read_record(path: Path, game: str) -> dict:
    """Return the record in `path`, checked to be a JSON object for `game`."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise QuarryError("file not found", where=str(path)) from None
    except (UnicodeDecodeError, IsADirectoryError):
        raise QuarryError("not a JSON text file", where=str(path)) from None
    except json.JSONDecodeError as error:
        raise QuarryError(
            f"invalid JSON at line {error.lineno}: {error.msg}", where=str(path)
        ) from None
    if not isinstance(data, dict) or not isinstance(data.get("header"), dict):
        raise QuarryError('a record is {"header": {...}, "actions": [...]}', where=str(path))
    if data["header"].get("game") != game:
        raise QuarryError(
            f"this is a record of {data['header'].get('game')!r}, not {game!r}", where=str(path)
        )
    actions = data.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise QuarryError("actions must be a list of action texts", where=str(path))
    return data


def replay(
    state: GameState, actions: list[str], turn_of: Callable[[GameState], int]
) -> ReplayFailure | None:
    """Play `actions` on `state` in place; return the first failure, or None if all are legal."""
    for step, text in enumerate(actions, start=1):
        turn = turn_of(state)
        if state.is_terminal():
            return ReplayFailure(step, turn, text, "the game is already over")
        try:
            state.apply(state.parse_action(text))
        except IllegalAction as error:
            return ReplayFailure(step, turn, text, str(error))
    return None


def replay_file(game, path: Path) -> str:
    """Replay the record at `path` for the registered `game`; return its result line.

    Raises QuarryError naming the step, the turn and the reason at the first illegal
    action, or when the record's stored log disagrees with the replayed one.
    """
    data = read_record(path, game.name)
    try:
        state = game.state_from_header(data["header"])
    except ValueError as error:
        raise QuarryError(f"header: {error}", where=str(path)) from None
    failure = replay(state, data["actions"], game.turn_of)
    if failure is not None:
        raise QuarryError(
            f"step {failure.step} (turn {failure.turn}), {failure.action!r}: {failure.reason}",
            where=str(path),
        )
    stored = data.get("log")
    if stored is not None and hasattr(state, "log"):
        replayed = [record.to_json() for record in state.log]
        for index, (mine, theirs) in enumerate(zip(replayed, stored, strict=False), start=1):
            if mine != theirs:
                raise QuarryError(
                    f"the stored log differs from the replay at its entry {index}: "
                    f"stored {theirs}, replayed {mine}",
                    where=str(path),
                )
        if len(stored) != len(replayed):
            raise QuarryError(
                f"the stored log has {len(stored)} turns, the replay {len(replayed)}",
                where=str(path),
            )
    return game.result_text(state)
