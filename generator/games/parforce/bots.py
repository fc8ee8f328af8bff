"""Parforcejagd's bots, four strengths a side, and the simulation that measures a board.

Nothing is hidden, so a bot reads the whole state. Each side has four bots (STAG_BOTS,
PURSUER_BOTS), from weakest to strongest:

- `random`: a legal move at random.
- `greedy`: one ply. Every candidate move is scored with the side's evaluation of the
  position it leaves (docs/rules/parforce.md, "The bots"), the best taken (ties at random).
- `search`: the stag searches one round ahead: its moves (max) against the pursuers'
  replies (min), where a reply is one of a few round plans (all nine pieces greedy, or one
  piece sent to each square the stag would run to next, the rest greedy). It keeps its
  greedy choice unless some plan encloses it or pins it without a land move, searching its
  moves best first and stopping when no later move can beat the best found. The pursuers
  play greedy until the stag is down to three moves or fewer, then try each of the piece's
  best six moves, play the rest of the round greedily, and keep the move whose round ends
  best for them (an enclosure first).
- `proving`: the search bots with the puzzles' proof search (parforce/puzzles/proof.py,
  bounded by a count of positions) beside them. The stag turns down a move after which
  the pursuers can force an enclosure within three rounds; the pursuers play out a forced
  enclosure within three rounds when they find one.

The evaluations read only bitmasks of the board's precomputed tables (`Sight`), so a greedy
ply costs a few microseconds a candidate.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache, partial

from generator.engine.bitboards import bits
from generator.engine.simulate import simulate, summarise
from generator.engine.stats import rate_metric
from generator.games.parforce.board import HuntingBoard, format_board, parse_board
from generator.games.parforce.puzzles.proof import ProofSearch, ProofTooLong
from generator.games.parforce.rules import (
    CROSS,
    HANDLER,
    LAND,
    PASS,
    PIECES,
    STAG,
    SWIM,
    ParforceState,
    Rules,
    record_header,
    record_result,
)

STAG_BOTS = ("random", "greedy", "search", "proving")
PURSUER_BOTS = ("random", "greedy", "search", "proving")
FAR = 99  # knight moves to a square the stag cannot reach
WIN = 10_000.0
# The stag's evaluation: knight moves still to run home (each costs HOME), its free moves
# now (MOBILITY each) and two moves ahead (REACH each), a swim (SWIM_COST), the fees.
HOME, MOBILITY, REACH, SWIM_COST = 4.0, 3.0, 1.0, 6.0
TRAPPED = 20.0  # the search stag's cost of a move the pursuers can answer by pinning it
PENNED = 40.0  # the stag's cost of a square with no move at all, on land or into the pond
# The pursuers' evaluation: the stag's free land moves after this move (FREE each), a way
# into the pond left open when it has no land move (POND each), its squares two moves
# ahead covered (COVER each), a piece ahead of the stag on its way home (AHEAD), and the
# king distance to the stag (CLOSE each step); standing on c opens the crossing (ON_C).
FREE, POND, COVER, AHEAD, CLOSE, ON_C = 10.0, 6.0, 2.0, 1.5, 0.3, 5.0
ENDGAME_MOVES, ENDGAME_WIDTH = 3, 6
# The proving stag's look: a forced enclosure within PROOF_ROUNDS rounds, searched over at
# most PROOF_NODES positions a move (about 30 ms of CPU; docs/strength.md)
PROOF_ROUNDS, PROOF_NODES = 3, 3_000
MAX_PLIES = 10_000


@dataclass(frozen=True)
class Sight:
    """What the bots precompute for one board: masks of the stag's forward knight squares
    on land, of the pond squares it could take to, and its knight moves home."""

    forward: tuple[int, ...]  # forward knight squares on land, per square
    pond_forward: tuple[int, ...]  # pond squares a forward knight move away (forced entry)
    pond_knight: tuple[int, ...]  # pond squares a knight move away (the crossing, c held)
    home: tuple[int, ...]  # fewest forward knight moves over land to c (FAR if none)
    cross_home: tuple[int, ...]  # fewest knight moves (any way) to the opposite corner
    size: int


def _distances(goal: int, steps: Sequence[Sequence[int]], allowed: int, cells: int) -> list[int]:
    """Return, per square, the fewest `steps` moves to `goal` over `allowed` squares."""
    back: list[list[int]] = [[] for _ in range(cells)]
    for square in range(cells):
        if allowed >> square & 1:
            for target in steps[square]:
                back[target].append(square)
    out, todo = [FAR] * cells, [goal]
    out[goal] = 0
    for square in todo:
        for previous in back[square]:
            if out[previous] == FAR and previous != goal:
                out[previous] = out[square] + 1
                todo.append(previous)
    return out


@cache
def sight(board: HuntingBoard) -> Sight:
    """Return the bots' tables for `board` (made once a board)."""
    tables, cells = board.tables, board.cells
    forward, pond_forward, pond_knight = [], [], []
    for square in range(cells):
        ahead = sum(1 << s for s in tables.knight_forward[square])
        forward.append(ahead & tables.land)
        pond_forward.append(ahead & tables.pond)
        pond_knight.append(sum(1 << s for s in tables.knight_any[square]) & tables.pond)
    home = _distances(board.stag, tables.knight_forward, tables.land, cells)
    water = tables.land | tables.pond
    cross = _distances(board.opposite(), tables.knight_any, water, cells)
    return Sight(
        tuple(forward),
        tuple(pond_forward),
        tuple(pond_knight),
        tuple(home),
        tuple(cross),
        board.size,
    )


def _popcount(mask: int) -> int:
    return mask.bit_count()


# --- the stag -------------------------------------------------------------------------------


def stag_value(state: ParforceState, square: int, occupied: int, mode: str) -> float:
    """Return the stag's evaluation of standing on `square` with `occupied` taken and in
    `mode` (higher is better for the stag)."""
    view = sight(state.board)
    board = state.board
    if mode == CROSS:
        goal = min(view.cross_home[square], FAR)
        return -HOME * goal
    if state.tables.pond >> square & 1:  # swimming: the best land square next to it
        out = [s for s in state.tables.king[square] if state.tables.land >> s & 1]
        best = min((view.home[s] for s in out), default=FAR)
        return -HOME * (best + 1) - SWIM_COST
    free = view.forward[square] & ~occupied
    if square == board.stag:
        return WIN
    ahead = 0
    for target in bits(free):
        ahead |= view.forward[target]
    stuck = 0.0
    if not free:  # into the pond if a way is open (forward, or any knight move with c held)
        c_held = occupied >> board.stag & 1
        water = (view.pond_knight if c_held else view.pond_forward)[square] & ~occupied
        stuck = SWIM_COST if water else PENNED
    return (
        -HOME * view.home[square]
        + MOBILITY * _popcount(free)
        + REACH * _popcount(ahead & ~occupied)
        - stuck
    )


def stag_move_value(state: ParforceState, move: int) -> float:
    """Return the stag's evaluation of making `move` now."""
    start = state.pos[STAG]
    board, pond = state.board, state.tables.pond
    occupied = state.occupied ^ (1 << start) ^ (1 << move)
    mode = state.mode
    entering = mode == LAND and pond >> move & 1
    if entering:
        mode = CROSS if state.c_taken() else SWIM
    if move == board.stag or (mode == CROSS and move == board.opposite()):
        return WIN
    value = stag_value(state, move, occupied, mode)
    view = sight(board)
    if entering and not view.forward[start] & ~state.occupied:  # forced in: it pays fees
        value -= _popcount(view.forward[start] & state.occupied)
    return value


def greedy_stag(state: ParforceState, rng: random.Random) -> int:
    """Return the stag's move with the best evaluation (ties at random)."""
    moves = state.stag_moves()
    scored = [(stag_move_value(state, m), rng.random(), m) for m in moves]
    return max(scored)[2]


def _round_plans(state: ParforceState, rng: random.Random) -> list[dict[int, int]]:
    """Return the pursuers' round plans to try against the stag: the greedy round, and for
    each square the stag could run to next, one piece sent there (the first that can)."""
    plans: list[dict[int, int]] = [{}]
    view = sight(state.board)
    targets = bits(view.forward[state.pos[STAG]] & ~state.occupied)
    for target in targets:
        for piece in range(1, len(PIECES)):
            if target in state.pursuer_moves(piece):
                plans.append({piece: target})
                break
    return plans


def _play_round(state: ParforceState, plan: dict[int, int], rng: random.Random) -> None:
    """Play the pursuers' round on `state` in place: a planned piece goes where the plan
    says if it still can; every other piece plays greedily."""
    while not state.over and state.turn != STAG:
        target = plan.get(state.turn)
        legal = state.pursuer_moves(state.turn)
        if target is None or target not in legal:
            target = greedy_pursuer(state, rng) if legal else PASS
        state.apply(target)


def _searched(state: ParforceState, move: int, value: float, top: float, rng) -> float:
    """Return the value of the stag's `move` (its evaluation `value`; `top` the best
    evaluation of any move) after a one-round look at the pursuers' round plans: WIN when
    the move wins at once, -2 WIN when it ends the game otherwise, -WIN when some plan
    encloses the stag, at most `top` - TRAPPED when some plan leaves it no land move."""
    view = sight(state.board)
    after = state.clone()
    after.apply(move)
    if after.over:
        return WIN if after.winner == "stag" else -2 * WIN
    for plan in _round_plans(after, rng):
        reply = after.clone()
        _play_round(reply, plan, rng)
        if reply.over and reply.winner == "pursuers":
            return -WIN
        if reply.mode == LAND and not view.forward[reply.pos[STAG]] & ~reply.occupied:
            value = min(value, top - TRAPPED)
    return value


def search_stag(state: ParforceState, rng: random.Random) -> int:
    """Return the stag's move: the best by its evaluation among the moves that survive a
    one-round minimax against the pursuers' round plans (_searched). Moves are searched
    best first, and a move whose own evaluation cannot beat the best found so far is not
    searched (the bound that makes it alpha-beta)."""
    moves = state.stag_moves()
    if len(moves) == 1:
        return moves[0]
    scored = sorted(((stag_move_value(state, m), rng.random(), m) for m in moves), reverse=True)
    best, best_value = scored[0][2], -float("inf")
    for value, _, move in scored:
        if value <= best_value:
            break  # sorted: no later move can do better
        value = _searched(state, move, value, scored[0][0], rng)
        if value >= WIN:
            return move
        if value > -2 * WIN and value > best_value:
            best, best_value = move, value
    return best


def proving_stag(state: ParforceState, rng: random.Random) -> int:
    """Return the stag's best move by the search's one-round look (_searched, every move
    looked at) for which the pursuers cannot force an enclosure within PROOF_ROUNDS rounds
    (the puzzles' proof search). The proofs share PROOF_NODES positions: the move being
    checked when they run out is played (not proved lost, so taken as safe), and when every
    move is proved lost the best by the look is played."""
    moves = state.stag_moves()
    if len(moves) == 1:
        return moves[0]
    scored = sorted(((stag_move_value(state, m), rng.random(), m) for m in moves), reverse=True)
    ranked = []
    for value, tie, move in scored:
        value = _searched(state, move, value, scored[0][0], rng)
        if value >= WIN:
            return move
        ranked.append((value, tie, move))
    ranked.sort(reverse=True)
    proof = ProofSearch(PROOF_NODES)
    for _, _, move in ranked:
        after = state.clone()
        after.apply(move)
        try:
            if not proof.forced_win(after, PROOF_ROUNDS):
                return move
        except ProofTooLong:
            return move
    return ranked[0][2]


# --- the pursuers ---------------------------------------------------------------------------


def pursuer_value(state: ParforceState, piece: int, square: int) -> float:
    """Return the pursuers' evaluation of moving `piece` to `square` now (higher is better
    for them): WIN when the stag is then enclosed."""
    view, board, tables = sight(state.board), state.board, state.tables
    occupied = state.occupied ^ (1 << state.pos[piece]) ^ (1 << square)
    stag = state.pos[STAG]
    c_taken = occupied >> board.stag & 1 and stag != board.stag
    if state.mode == SWIM:
        free = sum(1 << s for s in tables.king[stag]) & ~occupied
        if not free:
            return WIN
        value = -FREE * _popcount(free)
    elif state.mode == CROSS:
        free = sum(1 << s for s in tables.knight_any[stag]) & ~occupied
        if not free:
            return WIN
        value = -FREE * _popcount(free) + HOME * min(view.cross_home[s] for s in bits(free))
    else:
        free = view.forward[stag] & ~occupied
        pond = (view.pond_knight if c_taken else view.pond_forward)[stag] & ~occupied
        if not free and not pond:
            return WIN
        value = -FREE * _popcount(free)
        if not free or c_taken:
            value -= POND * _popcount(pond)
        ahead = 0
        for target in bits(free):
            ahead |= view.forward[target]
        value += COVER * _popcount(ahead & occupied)
    if tables.land >> square & 1 and view.home[square] < view.home[stag]:
        value += AHEAD
    row, column = divmod(square, view.size)
    stag_row, stag_column = divmod(stag, view.size)
    value -= CLOSE * max(abs(row - stag_row), abs(column - stag_column))
    if square == board.stag and not state.c_taken():
        value -= ON_C
    return value


def greedy_pursuer(state: ParforceState, rng: random.Random) -> int:
    """Return the piece to move's best square by the pursuers' evaluation (PASS if none)."""
    piece = state.turn
    moves = state.pursuer_moves(piece)
    if not moves:
        return PASS
    scored = [(pursuer_value(state, piece, m), rng.random(), m) for m in moves]
    return max(scored)[2]


def _round_value(state: ParforceState) -> float:
    """Return the pursuers' evaluation of a position after their round (the stag to move)."""
    if state.over:
        return WIN if state.winner == "pursuers" else -WIN
    return -max(stag_move_value(state, m) for m in state.stag_moves())


def search_pursuer(state: ParforceState, rng: random.Random) -> int:
    """Return the piece's move: greedy, but near the end (the stag down to ENDGAME_MOVES
    moves) the best of its ENDGAME_WIDTH best moves after a greedy rest of the round."""
    piece = state.turn
    moves = state.pursuer_moves(piece)
    if not moves:
        return PASS
    scored = sorted(
        ((pursuer_value(state, piece, m), rng.random(), m) for m in moves), reverse=True
    )
    if scored[0][0] >= WIN or len(state.stag_moves()) > ENDGAME_MOVES:
        return scored[0][2]
    best, best_value = scored[0][2], -float("inf")
    for _, _, move in scored[:ENDGAME_WIDTH]:
        after = state.clone()
        after.apply(move)
        _play_round(after, {}, rng)
        value = _round_value(after)
        if value > best_value:
            best, best_value = move, value
    return best


def proving_pursuer(state: ParforceState, rng: random.Random) -> int:
    """Return the piece's move in a forced enclosure when the puzzles' proof search finds
    one, the quickest first (within one round, then two, up to PROOF_ROUNDS), within
    PROOF_NODES positions in all; else search_pursuer's move."""
    piece = state.turn
    moves = state.pursuer_moves(piece)
    if not moves:
        return PASS
    proof = ProofSearch(PROOF_NODES)
    try:
        for rounds in range(1, PROOF_ROUNDS + 1):  # the quickest enclosure first
            if proof.forced_win(state, rounds):
                for move in moves:
                    after = state.clone()
                    after.apply(move)
                    if proof.forced_win(after, rounds):
                        return move
    except ProofTooLong:
        pass
    return search_pursuer(state, rng)


def random_move(state: ParforceState, rng: random.Random) -> int:
    """Return a legal move at random."""
    return rng.choice(state.legal_actions())


STAG_CHOICE = {
    "random": random_move,
    "greedy": greedy_stag,
    "search": search_stag,
    "proving": proving_stag,
}
PURSUER_CHOICE = {
    "random": random_move,
    "greedy": greedy_pursuer,
    "search": search_pursuer,
    "proving": proving_pursuer,
}


def check_bots(stag: str, pursuers: str) -> None:
    """Raise ValueError (one line) unless both bot names are known."""
    if stag not in STAG_BOTS or pursuers not in PURSUER_BOTS:
        raise ValueError(
            f"the stag's bot is one of {', '.join(STAG_BOTS)} and the pursuers' one of "
            f"{', '.join(PURSUER_BOTS)} (got {stag!r} and {pursuers!r})"
        )


# --- games and their measures ---------------------------------------------------------------


def play_game(
    board: HuntingBoard,
    game_seed: int,
    stag: str = "greedy",
    pursuers: str = "greedy",
    rules: Rules | None = None,
    players: int = 2,
    record: bool = True,
) -> tuple[ParforceState, list[str]]:
    """Play one game with bots; return the final state and the actions in notation (none
    when not `record`: simulations only keep the result)."""
    check_bots(stag, pursuers)
    rng = random.Random(game_seed)
    state = ParforceState(board, rules, players)
    choose_stag, choose_pursuer = STAG_CHOICE[stag], PURSUER_CHOICE[pursuers]
    actions: list[str] = []
    plies = 0
    while not state.over:
        if plies > MAX_PLIES:
            raise AssertionError(f"game {game_seed} ran past {MAX_PLIES} moves")
        choose = choose_stag if state.turn == STAG else choose_pursuer
        action = choose(state, rng)
        if record:
            actions.append(state.format_action(action))
        state.apply(action)
        plies += 1
    return state, actions


def game_result(state: ParforceState) -> dict:
    """Return one game's numbers for the metrics."""
    return {
        "stag_win": state.winner == "stag",
        "enclosure": state.winner == "pursuers",
        "draw": state.winner == "draw",
        "crossing": state.ending() == "crossing",
        "pond_entries": state.pond_entries,
        "tokens_paid": sum(state.fees),
        "rounds": state.round,
        "handler_encloses": HANDLER in state.enclosers,
    }


def play_one_parforce(game_seed: int, board: str, stag: str, pursuers: str, rules: str) -> dict:
    """Play one game (the board as text, the rules as JSON) and return game_result."""
    state, _ = play_game(_board(board), game_seed, stag, pursuers, _rules(rules), record=False)
    return game_result(state)


@lru_cache(maxsize=8)
def _board(text: str) -> HuntingBoard:
    """Return the board in `text`, parsed once a process: its move tables are built once, not
    for every game (they cost five times a greedy game)."""
    return parse_board(text, "board")


@lru_cache(maxsize=8)
def _rules(rules_json: str) -> Rules:
    return Rules(**json.loads(rules_json))


def parforce_metrics(results: Sequence[dict]) -> dict:
    """Return the metrics with 95% intervals: stag_win_rate, enclosure_rate, draw_rate,
    crossing_rate (rates) and pond_entries, tokens_paid, rounds (means per game)."""
    metrics = summarise(results, means=("pond_entries", "tokens_paid", "rounds"))
    games = len(results)
    for name, key in (
        ("stag_win_rate", "stag_win"),
        ("enclosure_rate", "enclosure"),
        ("draw_rate", "draw"),
        ("crossing_rate", "crossing"),
    ):
        metrics[name] = rate_metric(sum(1 for r in results if r[key]), games)
    return dict(sorted(metrics.items()))


def simulate_parforce(
    board: HuntingBoard,
    games: int,
    seed: int,
    jobs: int = 1,
    options: dict | None = None,
    progress: bool = False,
) -> dict:
    """Play `games` games on `board` and return the JSON summary {"game": "parforce",
    "games", "seed", "stag", "pursuers", "pot", "max_rounds", "metrics"}; the same for every
    `jobs`. `options` may hold stag and pursuers (bot names), pot and max_rounds (ValueError,
    one line, if one is wrong)."""
    options = {k: v for k, v in (options or {}).items() if v is not None}
    stag = options.pop("stag", "greedy")
    pursuers = options.pop("pursuers", "greedy")
    check_bots(stag, pursuers)
    rules = Rules(**options)
    play = partial(
        play_one_parforce,
        board=format_board(board),
        stag=stag,
        pursuers=pursuers,
        rules=json.dumps(rules.__dict__, sort_keys=True),
    )
    results = simulate(play, games, seed, jobs=jobs, progress=progress)
    return {
        "game": "parforce",
        "games": games,
        "seed": seed,
        "stag": stag,
        "pursuers": pursuers,
        "pot": rules.pot,
        "max_rounds": rules.max_rounds,
        "metrics": parforce_metrics(results),
    }


def game_record(
    board: HuntingBoard,
    seed: int,
    stag: str = "greedy",
    pursuers: str = "greedy",
    rules: Rules | None = None,
    players: int = 2,
) -> dict:
    """Return the record of one bot game: header (game, rules version, options with the
    seats, seed, each person's bot and pieces), the actions and the result (docs/formats.md)."""
    state, actions = play_game(board, seed, stag, pursuers, rules, players)
    header = record_header(state, seed, {"stag": stag, "pursuers": pursuers})
    return {"header": header, "actions": actions, "result": record_result(state)}
