"""Game records: JSON with a header and the list of actions in notation, and their replay.

A replay trusts nothing a record claims. It reads the header (the game, its options, the
rules version), plays every action and stops at the first one that cannot be read or is not
legal, refuses a record that stops before the game is over (unless asked to accept one),
and compares every field the record derives from its actions (the result, a log) with what
the replay finds. Every refusal is a QuarryError: one line naming the record and the step.
"""

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.engine.game import GameState, IllegalAction
from generator.errors import QuarryError

SHOWN_CHARS = 120  # a value quoted in a message is cut to this length
RESULT_CHARS = 400  # a result is shown whole, up to this length


class _Note(str):
    """Our words in a difference (e.g. "(missing)"), shown as they are, not as JSON."""


@dataclass(frozen=True)
class ReplayFailure:
    """Where a replay stopped: the action's index (from 1), where the game was (its turn, or
    a label such as "hunt 2, turn 5"), the action's text, and why."""

    step: int
    turn: int | str
    action: str
    reason: str

    def message(self) -> str:
        """Return the failure as one line: "step 4 (turn 2), 'walk': the reason"."""
        return f"step {self.step} ({turn_label(self.turn)}), {self.action!r}: {self.reason}"


def turn_label(turn: int | str) -> str:
    """Return "turn 3" for a turn number, or the game's own label unchanged."""
    return f"turn {turn}" if isinstance(turn, int) else turn


def record_json(header: dict, state: GameState, actions: list[str], extra: dict) -> str:
    """Return a record as JSON text: header, actions, and any extra derived fields."""
    data = {**extra, "header": header, "actions": actions}
    return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def read_record(path: Path, game: str) -> dict:
    """Return the record in `path`, checked to be a JSON object for `game` whose actions are
    a list of texts."""
    from generator.userfiles import read_json, shown

    data = read_json(path, "a game record (JSON)")
    return check_record(data, game, shown(path))


def check_record(data: Any, game: str, where: str) -> dict:
    """Return `data` if it has the shape of a record of `game`: an object with a header
    object naming the game and a list of action texts (QuarryError otherwise)."""
    if not isinstance(data, dict) or not isinstance(data.get("header"), dict):
        raise QuarryError('a record is {"header": {...}, "actions": [...]}', where=where)
    if data["header"].get("game") != game:
        claimed = _shown(data["header"].get("game"))
        raise QuarryError(f"this is a record of {claimed}, not {game!r}", where=where)
    actions = data.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise QuarryError("actions must be a list of action texts", where=where)
    return data


def check_header(header: dict, options: tuple[str, ...], where: str) -> None:
    """Check the header fields every game shares: options an object holding only the
    `options` the game knows, the rules version and the seed whole numbers, the players an
    object (QuarryError naming the first that is wrong; the game checks the version)."""
    given = header.get("options", {})
    if not isinstance(given, dict):
        raise QuarryError(f"header: options must be an object, not {_shown(given)}", where=where)
    unknown = sorted(name for name in given if name not in options)
    if unknown:
        known = ", ".join(options) or "none"
        raise QuarryError(
            f"header: unknown option {unknown[0]!r} (this game's options: {known})", where=where
        )
    version = header.get("rules_version", 1)
    if type(version) is not int:
        raise QuarryError(
            f"header: rules_version must be a whole number, not {_shown(version)}", where=where
        )
    seed = header.get("seed", 0)
    if type(seed) is not int or seed < 0:
        raise QuarryError(
            f"header: seed must be a whole number 0 or more, not {_shown(seed)}", where=where
        )
    if not isinstance(header.get("players", {}), dict):
        raise QuarryError("header: players must be an object (role or seat: name)", where=where)


def replay(
    state: GameState, actions: list[str], turn_of: Callable[[GameState], int | str]
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


def first_difference(stored: Any, replayed: Any, path: str) -> tuple[str, Any, Any] | None:
    """Return (where, stored value, replayed value) for the first place two JSON values
    differ, or None when they are equal. Types count: true is not 1, 17.0 is not 17."""
    if isinstance(replayed, dict) and isinstance(stored, dict):
        for key in sorted(set(stored) | set(replayed), key=str):
            if key not in replayed:
                return (f"{path}.{key}", stored[key], _Note("(no such field)"))
            if key not in stored:
                return (f"{path}.{key}", _Note("(missing)"), replayed[key])
            found = first_difference(stored[key], replayed[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(replayed, list) and isinstance(stored, list):
        for index, (mine, theirs) in enumerate(zip(replayed, stored, strict=False)):
            found = first_difference(theirs, mine, f"{path}[{index}]")
            if found:
                return found
        if len(stored) != len(replayed):
            return (path, _Note(f"{len(stored)} entries"), _Note(f"{len(replayed)} entries"))
        return None
    if type(stored) is type(replayed) and stored == replayed:
        return None
    return (path, stored, replayed)


def check_derived(data: dict, derived: dict, where: str) -> None:
    """Compare each field a record derives from its actions (`derived`: the replay's) with
    the record's own, when the record has it; QuarryError at the first difference. A result
    that differs is named whole, both as stored and as replayed. A field that is neither
    the header, the actions nor a derived one is refused: nothing would check it."""
    unknown = sorted(key for key in data if key not in ("header", "actions", *derived))
    if unknown:
        known = ", ".join(("header", "actions", *sorted(derived)))
        raise QuarryError(
            f"unknown field {unknown[0]!r} (a record of this game holds: {known})", where=where
        )
    for key, replayed in sorted(derived.items()):
        stored = data.get(key)
        if stored is None:
            continue
        found = first_difference(stored, replayed, key)
        if found is None:
            continue
        if key == "result":
            raise QuarryError(
                f"the record claims the result {_shown(stored, RESULT_CHARS)}, "
                f"but the replay gives {_shown(replayed, RESULT_CHARS)}",
                where=where,
            )
        place, theirs, mine = found
        raise QuarryError(
            f"the stored {key} differs from the replay at {place}: "
            f"stored {_shown(theirs)}, replayed {_shown(mine)}",
            where=where,
        )


def replay_file(game, path: Path, partial: bool = False) -> str:
    """Replay the record at `path` for the registered `game`; return its result line.

    Raises QuarryError (one line, naming the record) for a record that is not one of
    `game`, a header option the game does not know, an action that cannot be read or is
    not legal (naming the step, the turn and the action), a record that stops before the
    game is over unless `partial`, and a stored result or log that differs from the replay.
    """
    return replay_record(game, read_record(path, game.name), str(path), partial)


def replay_record(game, data: Any, where: str, partial: bool = False) -> str:
    """Replay the record `data` (read from JSON; `where` names it in messages) for the
    registered `game`; return its result line, or raise QuarryError as replay_file does."""
    data = check_record(data, game.name, where)
    header = data["header"]
    check_header(header, game.record_options, where)
    try:
        state = game.state_from_header(header)
    except ValueError as error:
        raise QuarryError(f"header: {error}", where=where) from None
    actions = data["actions"]
    failure = replay(state, actions, game.turn_of)
    if failure is not None:
        raise QuarryError(failure.message(), where=where)
    if not state.is_terminal() and not partial:
        now = turn_label(game.turn_of(state))
        last = f"after step {len(actions)}, {actions[-1]!r}," if actions else "before step 1"
        raise QuarryError(
            f"unfinished: the record stops {last} in {now}, before the game is over "
            "(--partial replays it anyway)",
            where=where,
        )
    if game.record_fields is not None:
        check_derived(data, game.record_fields(state), where)
    line = game.result_text(state)
    return line if state.is_terminal() else f"unfinished: {line}"


def _shown(value: Any, limit: int = SHOWN_CHARS) -> str:
    """Return `value` as compact JSON on one line, cut to `limit` characters."""
    if isinstance(value, _Note):
        return str(value)
    try:
        text = json.dumps(value, sort_keys=True, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
