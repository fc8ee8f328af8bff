"""Legal actions: the CPU time of `legal_actions()` at every step of every game, and random
play in actions a second.

Each game plays seeded random games (a uniform choice among the legal actions; chance by
sample_chance): The Hunt without and with loops, Fugitive (the published deck), Parforcejagd
(the default board), the island (5 players, the default island) and CutThroat! (8 players).
At every step `legal_actions()` is timed by this process's CPU time three times, the state's
cache of legal actions cleared before each call (as bench_parforce.py does; caches a game
keeps on purpose across steps, the island's walks or CutThroat!'s guesses, stay), and the
step's figure is the fastest of the three; the slowest first call is printed beside it, and
how many first calls passed the goal (they hold the machine's noise, and the island's walks
made the first time a square asks for them). Random play times whole games: legal
actions, the choice and apply at each step.

Goal (issue 25): every game's legal actions in at most 50 us, whatever the step; The Hunt's
random play at least as many actions a second as OpenSpiel's python_liars_poker (that peer
is timed in bench_peers.py). Before this work The Hunt's map step listed all 82,944 route
maps (800,000 with loops) and Fugitive's placement every Sprint set: set QUARRY_BEFORE to a
checkout of before it (e.g. `git archive a611551 | tar -x -C /tmp/actions-old`) to time
the same games there in the same run; without it the figures measured before are quoted.
Nothing is asserted.
"""

import json
import os
import random
import statistics
import sys
import time

from checkout import json_from_checkout

GOAL_US = 50
GAMES = 20
HUNT_GAMES_BEFORE = 2  # a map step took over a second before: a few hunts are enough
CALLS = 3
# measured at a611551 on this machine (CPU time), quoted when QUARRY_BEFORE is not set
QUOTED_BEFORE = {
    "hunt": "map step 0.40-0.48 s a call (1.1-1.2 s in the issue, the machine loaded); "
    "random play 91 actions/s",
    "fugitive": "placement step up to 2.6 ms a call, 63 of 5,354 steps over 50 us "
    "(3.8 ms for a hand seen in longer runs); random play 39,685 actions/s",
}


def new_states() -> dict:
    """Return a maker of a fresh state for each game (imported here: the checkout timed is
    whichever `generator` is on the path)."""
    from generator.games.cutthroat.rules import CutthroatState
    from generator.games.fugitive.rules import new_game
    from generator.games.hunt.rules import new_hunt
    from generator.games.island.rules import IslandState
    from generator.games.parforce.rules import ParforceState

    return {
        "hunt": lambda: new_hunt(False),
        "hunt, loops": lambda: new_hunt(True),
        "fugitive": new_game,
        "parforce": ParforceState,
        "island": lambda: IslandState(5),
        "cutthroat": lambda: CutthroatState(8),
    }


def step_times(make, seeds) -> tuple[list[float], list[float]]:
    """Return (the fastest of CALLS calls, the first call), in us, at every step of random
    games with `seeds`."""
    from generator.engine.game import CHANCE

    clock = time.process_time_ns
    fastest, first = [], []
    for seed in seeds:
        rng, state = random.Random(seed), make()
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            calls = []
            for _ in range(CALLS):
                if hasattr(state, "_legal"):
                    state._legal = None
                start = clock()
                actions = state.legal_actions()
                calls.append((clock() - start) / 1000)
            fastest.append(min(calls))
            first.append(calls[0])
            state.apply(rng.choice(actions))
    return fastest, first


def actions_per_second(make, seeds) -> float:
    """Return random play's actions (chance included) a second by CPU time."""
    from generator.engine.game import CHANCE

    count, start = 0, time.process_time()
    for seed in seeds:
        rng, state = random.Random(seed), make()
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply(state.sample_chance(rng))
            else:
                state.apply(rng.choice(state.legal_actions()))
            count += 1
    return count / (time.process_time() - start)


def figures(before: bool = False) -> dict:
    """Return each game's figures: steps, median, p95, max, slowest first call, actions/s."""
    out = {}
    for name, make in new_states().items():
        games = HUNT_GAMES_BEFORE if before and name.startswith("hunt") else GAMES
        if before and name == "hunt, loops":
            continue  # 800,000 maps listed: some ten seconds a hunt
        seeds = range(1, games + 1)
        fastest, first = step_times(make, seeds)
        fastest.sort()
        out[name] = {
            "steps": len(fastest),
            "median": statistics.median(fastest),
            "p95": fastest[int(0.95 * len(fastest))],
            "max": fastest[-1],
            "over": sum(t > GOAL_US for t in fastest),
            "first_max": max(first),
            "first_over": sum(t > GOAL_US for t in first),
            "per_second": statistics.median(actions_per_second(make, seeds) for _ in range(3)),
        }
    return out


def map_step_us() -> float:
    """Return the median CPU time (us) of legal_actions() at The Hunt's map step, each call
    on a fresh hunt (the first call of the process included)."""
    from generator.games.hunt.rules import new_hunt

    times = []
    for _ in range(CALLS):
        state = new_hunt(False)
        start = time.process_time_ns()
        state.legal_actions()
        times.append((time.process_time_ns() - start) / 1000)
    return statistics.median(times)


def figures_before(checkout: str) -> dict:
    """Return figures(before=True) run in a subprocess on the checkout `checkout`."""
    return json_from_checkout(checkout, __file__, "--json-before")


def show(name: str, row: dict) -> None:
    print(
        f"  {name:12} {row['steps']:5} steps  median {_us(row['median'])}  p95 {_us(row['p95'])}"
        f"  max {_us(row['max'])}  steps over {GOAL_US} us: {row['over']:3}"
        f"  (first calls: max {_us(row['first_max'])}, {row['first_over']} over)"
        f"  random play {row['per_second']:8.0f}/s"
    )


def _us(value: float) -> str:
    """Return a time in us as "12.3 us", or in seconds from 10 ms up."""
    return f"{value:6.1f} us" if value < 10_000 else f"{value / 1e6:6.2f} s "


def main() -> None:
    if "--json-before" in sys.argv:
        print(json.dumps({"map step": map_step_us(), **figures(before=True)}))
        return
    before = os.environ.get("QUARRY_BEFORE")
    print(
        f"legal actions a step, CPU time (fastest of {CALLS} calls, the state's cache "
        f"cleared), over every step of {GAMES} random games; goal <= {GOAL_US} us at every step"
    )
    map_step = map_step_us()
    for name, row in figures().items():
        show(name, row)
    print(f"  The Hunt's map step (82,944 maps by index): {_us(map_step)} a call")
    if before:
        print(f"before this work ({before}; The Hunt: {HUNT_GAMES_BEFORE} games, no loops):")
        rows = figures_before(before)
        for name, row in rows.items():
            if name != "map step":
                show(name, row)
        print(f"  The Hunt's map step (82,944 maps listed): {_us(rows['map step'])} a call")
    else:
        print("before this work (measured at a611551, quoted; set QUARRY_BEFORE to time it):")
        for name, text in QUOTED_BEFORE.items():
            print(f"  {name:12} {text}")


if __name__ == "__main__":
    main()
