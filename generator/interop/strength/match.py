"""One game between our bots and an opponent, through the OpenSpiel adapter.

`play_game(...)` seats our bots (seats.py) at the seats in `ours` and the opponent
(opponents.py) at the rest, plays chance with a seeded generator, and returns each seat's
return, each seat's role, and the CPU time of every move, by side. Our bots choose one of our
actions on our own GameState (the adapter's `quarry`), which is then played by its id; the
opponent chooses an id from the OpenSpiel state. Both see only their own seat's view.

One of our actions has no id: the Marshal's guess of several Fugitive numbers at once (the
adapter lists single numbers only, as any set of the 41 would be 2^41 ids). Such an action
is played on the state directly; the opponent cannot make it (docs/strength.md).
"""

from __future__ import annotations

import dataclasses
import random
import time
from dataclasses import dataclass, field
from pathlib import Path

from generator.engine.simulate import derived_seeds
from generator.errors import QuarryError
from generator.interop.encoding import action_id, action_of
from generator.interop.strength.checkpoint import (
    Checkpoint,
    restore_generators,
    save_generators,
)
from generator.interop.strength.opponents import Opponent, make_opponent
from generator.interop.strength.seats import our_seats, role_of


@dataclass
class GameResult:
    """What one game gives the table: returns and roles by seat, whether it ended within
    the game's length bound, and the CPU seconds of each move by side."""

    returns: list[float]
    roles: list[str]
    finished: bool
    seconds: dict[str, list[float]] = field(default_factory=lambda: {"ours": [], "theirs": []})


def _chance(state, rng: random.Random) -> int:
    """Return a chance outcome drawn with its probability."""
    outcomes = state.chance_outcomes()
    point, total = rng.random(), 0.0
    for outcome, probability in outcomes:
        total += probability
        if point < total:
            return outcome
    return outcomes[-1][0]


def _id_or_none(quarry, action) -> int | None:
    """Return the id of our `action`, or None when the adapter lists no such action."""
    try:
        return action_id(quarry, action)
    except ValueError:
        if quarry.format_action(action).startswith("guess "):
            return None  # a Fugitive series guess (module docstring)
        raise


def _their_move(bot, state, name: str, player: int) -> int:
    """Return the opponent's move; QuarryError when its search cannot draw a hidden state
    that fits what the seat knows (a sampler that gives up: docs/interop.md)."""
    try:
        return bot.step(state)
    except ValueError as error:
        raise QuarryError(
            f"IS-MCTS found no hidden state for seat {player} of {name} that fits its view "
            f"({error}); docs/strength.md says which games this can happen in"
        ) from None


def play_game(
    game,
    name: str,
    options: dict,
    ours: frozenset[int],
    opponent: Opponent,
    seed: int,
    uct_c: float | None = None,
    bots: dict | None = None,
    checkpoint: Path | None = None,
) -> GameResult:
    """Play one game of `game` (OpenSpiel, our game `name` with `options`), our bots at the
    seats in `ours`, the opponent elsewhere; everything random derives from `seed`. With
    `checkpoint` (a file), the game goes on from what the file kept and keeps itself there
    after each of the opponent's moves (checkpoint.py): the same moves either way."""
    players = game.num_players()
    chance_seed, our_seed, their_seed = derived_seeds(seed, 3)
    rng = random.Random(chance_seed)
    seats = our_seats(name, options, players, our_seed, bots)
    theirs = {
        seat: make_opponent(opponent, game, name, (their_seed + 7919 * seat) % 2**63, uct_c)
        for seat in range(players)
        if seat not in ours
    }
    kept, record = None, None
    if checkpoint is not None:
        header = {
            "game": name,
            "options": options,
            "ours": sorted(ours),
            "opponent": opponent.label(),
            "seed": seed,
            "uct_c": uct_c,
            "bots": dict(sorted((bots or {}).items())),
        }
        record = Checkpoint(checkpoint, header)
        kept = record.load()
        if kept is not None and "result" in kept:
            return GameResult(**kept["result"])
    moves = kept["moves"] if kept else []
    caught_up = len(moves)  # the moves replayed before the game goes on
    # every generator an opponent draws from (opponents.make_opponent names them)
    generators = {str(seat): list(bot.generators) for seat, bot in theirs.items()}

    def saved_generators() -> dict:
        return {
            "chance": save_generators([rng]),
            **{seat: save_generators(found) for seat, found in generators.items()},
        }

    result = GameResult([], [], False)
    state = game.new_initial_state()
    for index in range(game.max_game_length()):
        if index == caught_up and kept is not None:  # caught up: the generators as kept
            restore_generators([rng], kept["generators"]["chance"])
            for seat, found in generators.items():
                restore_generators(found, kept["generators"][seat])
        if state.is_terminal():
            break
        replaying = index < caught_up
        if state.is_chance_node():
            outcome = moves[index][1] if replaying else _chance(state, rng)
            state.apply_action(outcome)
            if not replaying:
                moves.append([-1, int(outcome), None, 0.0])
            continue
        quarry, player = state.quarry, state.current_player()
        start = time.process_time()
        if player in ours:
            action = seats.act(quarry, player)  # chosen again when replaying: the bots go on
            chosen = _id_or_none(quarry, action)
        elif replaying:
            chosen = moves[index][1]
            action = action_of(quarry, chosen)
        else:
            chosen = _their_move(theirs[player], state, name, player)
            action = action_of(quarry, chosen)
        seconds = moves[index][3] if replaying else time.process_time() - start
        text = quarry.format_action(action)
        if replaying and (moves[index][0] != player or moves[index][2] != text):
            raise QuarryError(f"{checkpoint}: move {index} was {moves[index][2]}, now {text}")
        result.seconds["ours" if player in ours else "theirs"].append(seconds)
        seats.saw(quarry, action)
        if chosen is None:
            state._play(action)
        else:
            state.apply_action(chosen)
        seats.after(state.quarry)
        if not replaying:
            moves.append([player, None if chosen is None else int(chosen), text, seconds])
            if record is not None and player not in ours:
                record.save(moves, saved_generators())
    result.finished = state.is_terminal()
    result.returns = list(state.returns())
    result.roles = [role_of(name, state.quarry, seat) for seat in range(players)]
    if record is not None:  # never gone on with: its generators are not kept
        record.save(moves, {}, dataclasses.asdict(result))
    return result
