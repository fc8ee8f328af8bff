"""fugitive_rl's random game loop, run by bench_peers.py in a process of its own.

Usage: python peer_fugitive_rl.py CHECKOUT GAMES SEED [--no-count]. CHECKOUT is a checkout
of fugitive_rl (github handasontam/fugitive_rl), used as it is: this script imports its
environment (envs/fugitive.py, a PettingZoo AEC environment) and plays GAMES games the way
its own `__main__` does, each player sampling a random action under the action mask the
environment hands it, without the rendering and printing. The Python running this needs
fugitive_rl's requirements (numpy, gymnasium, pettingzoo, networkx, colorama); Quarry is not
imported.

Prints one line of JSON: the games, the CPU seconds of the timed loop (time.process_time),
the actions the players chose (a step the environment forced, with a single legal action,
it plays by itself and is not counted, as in its loop), the steps it played by itself, every
step by phase (draw, hideout, sprint card, guess), the Hideouts placed and the Fugitive's
wins (counted in an untimed pass over the same seeds, left out with --no-count).
"""

import json
import sys
import time


def play(env, seed: int) -> int:
    """Play one random game from `seed`; return the actions the players chose."""
    import numpy as np

    np.random.seed(seed)  # the environment shuffles its piles with numpy's global generator
    env.reset(seed=seed)
    for index, agent in enumerate(env.possible_agents):  # each role samples from its own space
        env.action_space(agent).seed(seed * 8 + index)
    chosen = 0
    for agent in env.agent_iter():
        _, _, termination, truncation, info = env.last()
        if termination or truncation:
            break
        env.step(env.action_space(agent).sample(info["action_masks"]))
        chosen += 1
    return chosen


def main() -> None:
    checkout, games, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    sys.path.insert(0, checkout)
    from envs.fugitive import raw_env

    class Counting(raw_env):
        """The same environment, counting every step it takes (forced ones included)."""

        def _take_action(self, action: int) -> None:
            phase = str(self.agent_selection)
            self.phases[phase] = self.phases.get(phase, 0) + 1
            super()._take_action(action)

        def reset(self, seed=None, options=None):
            self.phases = {}
            return super().reset(seed=seed, options=options)

    counting = Counting()
    chosen = hideouts = wins = 0
    phases = {}
    for game in range(0 if "--no-count" in sys.argv else games):  # untimed, the same seeds
        chosen += play(counting, seed + game)
        for phase, count in counting.phases.items():
            phases[phase] = phases.get(phase, 0) + count
        hideouts += counting.n_hideouts - 1
        wins += counting.rewards["fugitive_0"] > 0
    env = raw_env()
    play(env, seed)  # warm the caches (lru_cache on spaces)
    start = time.process_time()
    for game in range(games):
        play(env, seed + game)
    cpu = time.process_time() - start
    print(
        json.dumps(
            {
                "games": games,
                "cpu": cpu,
                "chosen": chosen,
                "forced": sum(phases.values()) - chosen,
                "phases": phases,
                "hideouts": hideouts,
                "fugitive_wins": wins,
            }
        )
    )


if __name__ == "__main__":
    main()
