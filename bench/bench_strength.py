"""Our strongest bots against OpenSpiel's IS-MCTS (MCTS for Parforcejagd) at 100, 1,000 and
10,000 simulations a move: `quarry strength`'s pairings (two games a seed, the seats
swapped; generator/interop/strength/), the share of pairings our bots win with its Wilson
interval, and the median CPU time of a move on each side.

Goal (issue 26): in every game our bots win at least as often as IS-MCTS at 1,000
simulations (a score of 0.5 or more), while taking at most 1/20 of its time a move.

    python bench/bench_strength.py                        # every game, 100 and 1,000
    python bench/bench_strength.py --sims 10000 --games hunt --pairings 4
    python bench/bench_strength.py --json bench/strength.json
    python bench/bench_strength.py --bots simulate        # the bots `quarry simulate` plays
    python bench/bench_strength.py --games island --sims 10000 --pairings 1 \
        --checkpoints bench/strength-runs               # hours: stop and run again to go on

A search costs roughly its simulations times a random game from the position, so the
pairings default to fewer as the simulations grow (PAIRINGS); the intervals say how much
that leaves unknown. The load averages of the machine are printed at the start and the end.
Nothing is asserted.
"""

import argparse
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.errors import QuarryError  # noqa: E402
from generator.interop.strength import measure  # noqa: E402
from generator.interop.strength.opponents import Opponent  # noqa: E402

GAMES = ("hunt", "fugitive", "cutthroat", "parforce", "island")
PAIRINGS = {100: 20, 1000: 6, 10000: 2}
OTHER_PAIRINGS = 2  # at any other number of simulations
PLAYERS = {"cutthroat": 6, "island": 4}  # the smallest tables: the cheapest searches
TIME_GOAL = 20  # their time a move over ours
# the roles where `quarry simulate`'s default bot is not our strongest (seats.BOTS)
SIMULATE_BOTS = {
    "hunt": {"dragon": "random"},
    "cutthroat": {"seat": "simple"},
    "parforce": {"stag": "greedy", "pursuers": "greedy"},
}


def row(
    game: str, sims: int, pairings: int, seed: int, jobs: int, bots: dict, checkpoints=None
) -> dict:
    """Return one line of the table, measured."""
    kind = "mcts" if game == "parforce" else "ismcts"
    start = time.monotonic()
    opponent = Opponent(kind, sims)
    report = measure(
        game,
        opponent,
        pairings,
        seed,
        PLAYERS.get(game),
        jobs=jobs,
        bots=bots,
        checkpoints=checkpoints,
    )
    report["wall_seconds"] = time.monotonic() - start
    return report


def line(report: dict) -> str:
    score = report["score"]
    seconds = report["seconds_per_move"]
    ratio = seconds["theirs"] / seconds["ours"] if seconds["ours"] else float("inf")
    met = score["value"] >= 0.5 and ratio >= TIME_GOAL
    table = f" ({report['players']} players)" if report["players"] else ""
    return (
        f"{report['game'] + table:22} {report['opponent']:>13} {report['pairings']:4} "
        f"{score['value']:6.3f} [{score['ci95'][0]:.2f}, {score['ci95'][1]:.2f}] "
        f"{report['wins']:3}/{report['ties']}/{report['losses']:<3} "
        f"{seconds['ours'] * 1000:9.3f} {seconds['theirs'] * 1000:10.1f} {ratio:9,.0f}x "
        f"{'yes' if met else 'no':>4}  {report['wall_seconds']:6.0f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--sims", default="100,1000")
    parser.add_argument(
        "--pairings",
        type=int,
        default=None,
        help="default: "
        + ", ".join(f"{count} at {sims:,} simulations" for sims, count in PAIRINGS.items())
        + f", {OTHER_PAIRINGS} otherwise",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--json", type=Path, default=None, help="also write the reports here")
    parser.add_argument(
        "--checkpoints",
        type=Path,
        default=None,
        help="keep each game in this folder as it goes; run again to go on where it stopped",
    )
    parser.add_argument(
        "--bots",
        choices=("strongest", "simulate"),
        default="strongest",
        help="our strongest bots, or the ones `quarry simulate` plays by default",
    )
    args = parser.parse_args()
    print(f"load averages at the start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(
        f"{'game':22} {'opponent':>13} {'pair':>4} {'score':>6} {'95% interval':13} "
        f"{'W/T/L':>8} {'ours ms':>9} {'theirs ms':>10} {'ratio':>10} {'met':>4}  wall"
    )
    reports = []
    for sims in (int(s) for s in args.sims.split(",")):
        for game in args.games.split(","):
            pairings = args.pairings or PAIRINGS.get(sims, OTHER_PAIRINGS)
            try:
                bots = SIMULATE_BOTS.get(game, {}) if args.bots == "simulate" else {}
                report = row(game, sims, pairings, args.seed, args.jobs, bots, args.checkpoints)
            except (NotImplementedError, QuarryError) as error:
                print(f"{game:22} ismcts:{sims:<6} not measured: {error}")
                continue
            reports.append(report)
            print(line(report), flush=True)
    print(f"load averages at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if args.json:
        args.json.write_text(json.dumps(reports, indent=2, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
