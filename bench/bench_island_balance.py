"""The Most Dangerous Game: the bots' figures the docs quote, measured again after a rule
changes (docs/rules/island.md, "The bots"; docs/design-island.md, "The balance loop").

- the default table: 5 players on the default island, tracking Hunter and cautious Hunted
  (the defaults of `quarry simulate island`): survival, captures, who wins;
- the Hunted's survival by the length of a day (the default island, 4 players);
- the survival with the default island's camp (on the Meadow's north coast) and with the
  camp moved to the Meadow block nearest the middle (K11), at a day of 2, 4 players;
- the survival by the number of hiding places at a day of 2, on the island the designer
  lays out from seed 4 (`design.solving.lay_out`), its hiding places laid out again by
  `with_hiding` (the default island predates the designer's model, which cannot re-lay it).

Every figure is a pure function of the seed and the game count (`--games`, `--seed`), so
two runs print the same numbers; the seconds beside them vary. Nothing is asserted.
"""

import argparse
import time
from dataclasses import replace

from generator.games.island.board import default_island
from generator.games.island.bots import simulate_island

DAYS = (1, 2, 3, 4, 6)
HIDING = (3, 6, 9, 12)
LAYOUT_SEED = 4
MIDDLE_CAMP = ("K11", "L11", "K12", "L12")


def survival(summary: dict) -> str:
    metric = summary["metrics"]["hunted_survival"]
    lo, hi = metric["ci95"]
    return f"{metric['value']:.2f} [{lo:.2f}, {hi:.2f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--skip-hiding", action="store_true")
    args = parser.parse_args()
    island = default_island()
    start = time.perf_counter()
    table = simulate_island(island, 5, args.games, args.seed, args.jobs)
    m = table["metrics"]
    print(f"default table, 5 players, {args.games} games, seed {args.seed}:")
    print(f"  hunted_survival {survival(table)}; captures {m['captures']['value']:.2f}")
    for role in ("hunter", "hunted", "turned", "shared"):
        rate = m[f"winner_{role}"]
        print(f"  winner_{role} {rate['value']:.3f} [{rate['ci95'][0]:.3f}, {rate['ci95'][1]:.3f}]")
    print(f"  cycles {m['cycles']['value']:.2f}  ({time.perf_counter() - start:.0f} s)")
    print(f"survival by day, default island, 4 players, {args.games} games, seed {args.seed}:")
    for day in DAYS:
        summary = simulate_island(replace(island, day=day), 4, args.games, args.seed, args.jobs)
        print(f"  day {day}: {survival(summary)}")
    inland = replace(island, day=2, camp=tuple(island.parse(s) for s in MIDDLE_CAMP))
    coast = simulate_island(replace(island, day=2), 4, args.games, args.seed, args.jobs)
    middle = simulate_island(inland, 4, args.games, args.seed, args.jobs)
    print(f"survival by the camp, default island, day 2, 4 players, {args.games} games:")
    print(f"  on the coast (K4): {survival(coast)}; in the middle (K11): {survival(middle)}")
    if args.skip_hiding:
        return
    from generator.games.island.design.solving import lay_out, with_hiding
    from generator.games.island.design.spec import Spec

    spec = Spec.default(island.size)
    designed = lay_out(spec, LAYOUT_SEED, day=2)
    print(
        f"survival by hiding places, the island of seed {LAYOUT_SEED}, day 2, 4 players, "
        f"{args.games} games, seed {args.seed}:"
    )
    for count in HIDING:
        laid = with_hiding(designed, spec, LAYOUT_SEED, count)
        if laid is None:
            print(f"  {count} places: the designer found no room")
            continue
        summary = simulate_island(laid, 4, args.games, args.seed, args.jobs)
        print(f"  {count} places: {survival(summary)}")


if __name__ == "__main__":
    main()
