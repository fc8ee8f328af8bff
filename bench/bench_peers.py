"""Quarry's engines beside their peers: random play's steps and games a second (CPU time).

Random play: at every step a random legal action (`actions[rng.randrange(len(actions))]`, so
a game that lists its actions lazily is never made to list them all), at a chance step the
game's own draw. A step is one apply (chance included). Each of Quarry's five games at its
defaults, through the GameState interface, beside OpenSpiel's Python games (python_liars_poker,
python_kuhn_poker, python_tic_tac_toe) and C++ games (phantom_ttt, breakthrough, kuhn_poker)
played the same way, in one run: interleaved rounds, each entry playing games for a slice of
CPU time (time.process_time), the median of ROUNDS rounds reported.

Fugitive beside fugitive_rl (github handasontam/fugitive_rl, a PettingZoo environment): its
random game loop runs unmodified in a process of its own (bench/peer_fugitive_rl.py), and
beside it three Fugitives of ours: "uniform" play (each side a random one of our legal
actions), our random bots (the Marshal guesses among the numbers she does not know to be
elsewhere, as fugitive_rl's action mask lets her) and the planning Fugitive against the
deducing Marshal, the bots timed through simulate_fugitive (what `quarry simulate fugitive`
runs, one job). For each, what a game is (actions, turns, passes, Sprint cards,
wrong guesses, who wins; counted, not timed, by this bench's own loop over the same per-game
seeds, its bots seeded from them its own way), and the same for uniform play on one side
only, which shows what makes a uniform game long.

Goals (issue 25): The Hunt's random play at least as many steps a second as OpenSpiel's
python_liars_poker; Fugitive's random games a second at least 5 times fugitive_rl's. Nothing
is asserted.

Set QUARRY_BEFORE to another checkout (e.g. `git worktree add /tmp/before a611551`) to play
Quarry's five games from it too, in a process of its own in the same rounds, printed as
"before".

Both peers are optional. OpenSpiel: `pip install -e '.[bench]'` (open_spiel 1.6). fugitive_rl:
QUARRY_PEER_FUGITIVE_RL names a checkout, QUARRY_PEER_FUGITIVE_RL_PYTHON a Python that has its
requirements (numpy, gymnasium, pettingzoo, networkx, colorama; default: this Python).
"""

import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

from checkout import json_from_checkout

from generator.engine.game import CHANCE
from generator.engine.simulate import game_seeds
from generator.games.fugitive.bots import make_fugitive, make_marshal, simulate_fugitive
from generator.games.fugitive.rules import FUGITIVE, MARSHAL, Guess, Hide, Pass

ROUNDS = 3
SLICE = 0.4  # CPU seconds each entry plays in a round (at least one game)
QUARRY_GAMES = ("hunt", "fugitive", "island", "parforce", "cutthroat")
OPENSPIEL_PYTHON = ("python_liars_poker", "python_kuhn_poker", "python_tic_tac_toe")
OPENSPIEL_CPP = ("phantom_ttt", "breakthrough", "kuhn_poker")
FUGITIVE_GAMES = 200  # a round of each Fugitive matchup and of fugitive_rl
SEED = 1  # the master seed of our Fugitive games (game_seeds, as simulate_fugitive derives them)
UNIFORM = "uniform"  # a side playing a random one of our legal actions
PEER_SCRIPT = Path(__file__).resolve().parent / "peer_fugitive_rl.py"


def new_state(name: str):
    """Return a new state of Quarry's game `name` at its defaults."""
    try:
        from generator.games import game
    except ImportError:  # a checkout from before game(name) (QUARRY_BEFORE)
        from generator.games import registry

        return registry()[name].state_from_header({})
    return game(name).state_from_header({})


def play_quarry(name: str, seed: int) -> int:
    """Play one random game of Quarry's `name` at its defaults; return its steps."""
    state, rng, steps = new_state(name), random.Random(seed), 0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
        steps += 1
    return steps


def play_openspiel(loaded, seed: int) -> int:
    """Play one random game of an OpenSpiel game; return its steps."""
    state, rng, steps = loaded.new_initial_state(), random.Random(seed), 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, chances = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, chances)[0])
        else:
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
        steps += 1
    return steps


def timed_slice(play) -> tuple[int, int, float]:
    """Play games `play(seed)` from seed 0 for SLICE CPU seconds (at least one game); return
    (games, steps, CPU seconds)."""
    games = steps = 0
    start = time.process_time()
    while games == 0 or time.process_time() - start < SLICE:
        steps += play(games)
        games += 1
    return games, steps, time.process_time() - start


def openspiel_players() -> dict:
    """Return {name: play(seed)} of the OpenSpiel games, or {} when open_spiel is missing."""
    try:
        import pyspiel
        from open_spiel.python import games  # noqa: F401  (registers the Python games)
    except ImportError:
        return {}
    players = {}
    for name in (*OPENSPIEL_PYTHON, *OPENSPIEL_CPP):
        loaded = pyspiel.load_game(name)
        players[f"OpenSpiel {name}"] = lambda seed, loaded=loaded: play_openspiel(loaded, seed)
    return players


def quarry_players() -> dict:
    """Return {entry: play(seed)} of Quarry's five games."""
    return {f"Quarry {name}": (lambda seed, n=name: play_quarry(n, seed)) for name in QUARRY_GAMES}


def quarry_round() -> dict[str, tuple[int, int, float]]:
    """Return a slice of each of Quarry's games, caches warmed first (one round of BEFORE)."""
    players = quarry_players()
    for play in players.values():
        play(0)
    return {entry: timed_slice(play) for entry, play in players.items()}


def before_round(before: str) -> dict[str, tuple[int, int, float]]:
    """Return quarry_round() played by the checkout `before`, in a process of its own."""
    steps = json_from_checkout(before, __file__, "--quarry-round")
    return {f"{entry} (before)": tuple(s) for entry, s in steps.items()}


def engine_steps() -> dict[str, tuple[float, float, float]]:
    """Return {entry: (steps a second, games a second, steps a game)}, medians of ROUNDS
    interleaved rounds, for Quarry's games (and QUARRY_BEFORE's) and OpenSpiel's."""
    players = quarry_players() | openspiel_players()
    for play in players.values():
        play(0)  # imports and caches before the clock
    before = os.environ.get("QUARRY_BEFORE")
    rounds: dict[str, list] = {}
    for _ in range(ROUNDS):
        for entry, play in players.items():
            rounds.setdefault(entry, []).append(timed_slice(play))
        for entry, timed in (before_round(before) if before else {}).items():
            rounds.setdefault(entry, []).append(timed)
    return {
        entry: (
            statistics.median(steps / cpu for _, steps, cpu in slices),
            statistics.median(games / cpu for games, _, cpu in slices),
            sum(steps for _, steps, _ in slices) / sum(games for games, _, _ in slices),
        )
        for entry, slices in rounds.items()
    }


def fugitive_game(fugitive: str, marshal: str, seed: int) -> dict:
    """Play one Fugitive game, each side a bot by name or UNIFORM (random play over our legal
    actions); return what the game was: the actions the players chose, the Fugitive's turns,
    his passes, Hideouts and Sprint cards, the wrong guesses and whether he won."""
    rng, state = random.Random(seed), new_state("fugitive")
    bots = {}
    for side, name in ((FUGITIVE, fugitive), (MARSHAL, marshal)):
        if name != UNIFORM:
            bots[side] = (make_fugitive if side == FUGITIVE else make_marshal)(name, seed + side)
    shape = dict.fromkeys(("actions", "passes", "hideouts", "sprint_cards", "wrong_guesses"), 0)
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        if player in bots:
            action = bots[player].act(state.observation(player))
        else:
            actions = state.legal_actions()
            action = actions[rng.randrange(len(actions))]
        shape["actions"] += 1
        shape["passes"] += isinstance(action, Pass)
        if isinstance(action, Hide):
            shape["hideouts"] += 1
            shape["sprint_cards"] += len(action.sprint)
        if isinstance(action, Guess):
            hidden = {h.number for h in state.face_down()}
            shape["wrong_guesses"] += not hidden.issuperset(action.numbers)
        state.apply(action)
    return shape | {"turns": state.turn, "fugitive_wins": state.winner == FUGITIVE}


def uniform_fugitive(seed: int) -> None:
    """Play one Fugitive game by random play over our legal actions (for the clock)."""
    state, rng = new_state("fugitive"), random.Random(seed)
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])


def uniform_games(seeds: list[int]) -> None:
    """Play a uniform game from each seed."""
    for seed in seeds:
        uniform_fugitive(seed)


# (Fugitive, Marshal) timed beside fugitive_rl, and how their games from SEED are played for
# the clock: the bots through simulate_fugitive, what `quarry simulate fugitive` runs
TIMED_FUGITIVES = {
    (UNIFORM, UNIFORM): uniform_games,
    ("random", "random"): lambda seeds: simulate_fugitive(len(seeds), SEED, 1, "random", "random"),
    ("planning", "deducing"): lambda seeds: simulate_fugitive(len(seeds), SEED, 1),
}
# what makes a game long: each side uniform or a bot (counted, not timed)
MIXES = ((UNIFORM, "random"), ("random", UNIFORM), (UNIFORM, "deducing"))


def matchup(fugitive: str, marshal: str) -> str:
    return f"{fugitive} Fugitive vs {marshal} Marshal"


def shape_text(shapes: list[dict]) -> str:
    """Return the mean shape of some games as text."""
    mean = {key: statistics.mean(shape[key] for shape in shapes) for key in shapes[0]}
    return (
        f"{mean['actions']:.1f} actions chosen a game, {mean['turns']:.1f} Fugitive turns, "
        f"{mean['passes']:.1f} passes, {mean['hideouts']:.1f} Hideouts with "
        f"{mean['sprint_cards'] / max(mean['hideouts'], 1e-9):.2f} Sprint cards each, "
        f"{mean['wrong_guesses']:.1f} wrong guesses, the Fugitive wins "
        f"{mean['fugitive_wins']:.0%}"
    )


def timed_games(play, seeds: list[int]) -> float:
    """Return the CPU seconds of `play(seeds)`."""
    start = time.process_time()
    play(seeds)
    return time.process_time() - start


def fugitive_rl_round(checkout: str, count: bool) -> dict:
    """Return one timed round of fugitive_rl's random games (its JSON line) from `checkout`.
    `count`: the round's counts (actions, phases) are wanted too. RuntimeError naming the
    Python and its last line of error when the peer fails."""
    python = os.environ.get("QUARRY_PEER_FUGITIVE_RL_PYTHON", sys.executable)
    command = [python, str(PEER_SCRIPT), checkout, str(FUGITIVE_GAMES), str(SEED)]
    done = subprocess.run(
        command + ([] if count else ["--no-count"]), capture_output=True, text=True, check=False
    )
    if done.returncode:
        tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise RuntimeError(f"{python}: {tail}")
    return json.loads(done.stdout)


def fugitive_beside_peer() -> None:
    """Print Fugitive's games a second, ours and fugitive_rl's, what a game of each is, and
    what makes a random game of ours long."""
    seeds = game_seeds(SEED, FUGITIVE_GAMES)
    cpu = {sides: [] for sides in TIMED_FUGITIVES}
    checkout = os.environ.get("QUARRY_PEER_FUGITIVE_RL")
    peer_cpu, peer = [], None
    for index in range(ROUNDS):
        for sides, play in TIMED_FUGITIVES.items():
            cpu[sides].append(timed_games(play, seeds))
        if not checkout:
            continue
        try:
            result = fugitive_rl_round(checkout, count=index == 0)
        except RuntimeError as error:
            print(f"peers: fugitive_rl failed, not measured: {error}")
            checkout = None
            continue
        peer = peer or result
        peer_cpu.append(result["cpu"])
    peer_rate = None
    if "QUARRY_PEER_FUGITIVE_RL" not in os.environ:
        print(
            "peers: fugitive_rl not measured: fetch github handasontam/fugitive_rl, set "
            "QUARRY_PEER_FUGITIVE_RL to the checkout and QUARRY_PEER_FUGITIVE_RL_PYTHON to a "
            "Python with numpy, gymnasium, pettingzoo, networkx and colorama"
        )
    elif peer is not None:
        games, phases = peer["games"], peer["phases"]
        peer_rate = games / statistics.median(peer_cpu)
        chosen = peer["chosen"] / games
        print(
            f"peers: fugitive_rl random vs random: {peer_rate:.0f} games/s, "
            f"{peer_rate * chosen:,.0f} actions/s (CPU time, median of {ROUNDS}); {chosen:.1f} "
            f"actions chosen a game (+{peer['forced'] / games:.1f} it plays itself), "
            f"{phases.get('fugitive_1', 0) / games:.1f} Fugitive turns, "
            f"{peer['hideouts'] / games:.1f} Hideouts placed, the Fugitive wins "
            f"{peer['fugitive_wins'] / games:.0%}"
        )
    print(
        f"peers: Quarry fugitive: a '{UNIFORM}' side plays a random one of our legal actions, "
        "'random' is our random bot"
    )
    for sides, times in cpu.items():
        rate = FUGITIVE_GAMES / statistics.median(times)
        shapes = [fugitive_game(*sides, seed) for seed in seeds]
        actions = statistics.mean(shape["actions"] for shape in shapes)
        ratio = f" = {rate / peer_rate:.2f}x fugitive_rl's (goal >= 5x)" if peer_rate else ""
        print(
            f"peers: Quarry fugitive, {matchup(*sides)}: {rate:.0f} games/s{ratio}, "
            f"{rate * actions:,.0f} actions/s; {shape_text(shapes)}"
        )
    for sides in MIXES:
        shapes = [fugitive_game(*sides, seed) for seed in seeds]
        print(f"peers: Quarry fugitive, {matchup(*sides)} (not timed): {shape_text(shapes)}")


def main() -> None:
    if sys.argv[1:] == ["--quarry-round"]:  # a round of QUARRY_BEFORE's, asked by before_round
        print(json.dumps(quarry_round()))
        return
    load = os.getloadavg()
    figures = engine_steps()
    if not any(entry.startswith("OpenSpiel") for entry in figures):
        print("peers: OpenSpiel not measured: pip install -e '.[bench]' (open_spiel 1.6)")
    liars = figures.get("OpenSpiel python_liars_poker")
    for entry, (steps, games, length) in figures.items():
        goal = ""
        if entry == "Quarry hunt" and liars:
            goal = f" = {steps / liars[0]:.2f}x python_liars_poker's (goal >= 1x)"
        print(
            f"peers: {entry}: {steps:,.0f} steps/s{goal}, {games:,.1f} games/s, "
            f"{length:.0f} steps a game (random play, CPU time, median of {ROUNDS})"
        )
    fugitive_beside_peer()
    after = os.getloadavg()
    print(
        "peers: load averages (1, 5, 15 min) "
        f"{load[0]:.2f} {load[1]:.2f} {load[2]:.2f} at the start, "
        f"{after[0]:.2f} {after[1]:.2f} {after[2]:.2f} at the end; {os.cpu_count()} CPUs"
    )


if __name__ == "__main__":
    main()
