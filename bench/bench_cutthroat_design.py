"""Time of `quarry generate variant --jobs 2` (CP-SAT candidates, 8 variants and the published
rules, 1,000 games each with the simple bots), end to end, for a few player counts.

Each run is a fresh process, as a user runs it. Prints, per run, the seconds, the games
simulated, the chosen variant's numbers with its largest seat gap and decisive share (and
the published rules' beside); nothing is asserted. Set QUARRY_SOURCE to a checkout to
measure another version of the code with this script.
"""

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNS = ((8, 1), (6, 2), (13, 3))  # (players, seed)
GAMES = 1000


def run_once(source: Path, out: Path, players: int, seed: int) -> tuple[float, dict]:
    """Return (seconds, report.json) of one `quarry generate variant` run from `source`."""
    env = {**os.environ, "PYTHONPATH": str(source)}
    args = [sys.executable, "-m", "generator", "generate", "variant", "--players", str(players)]
    args += ["--seed", str(seed), "--games", str(GAMES), "--jobs", "2", "--out", str(out), "-q"]
    start = time.perf_counter()
    done = subprocess.run(args, cwd=source, env=env, stdout=subprocess.DEVNULL)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"quarry generate variant failed in {source} ({players} players)")
    report = json.loads((out / "cutthroat-variant" / "report.json").read_text(encoding="utf-8"))
    return elapsed, report


def _figures(measure: dict) -> str:
    rules = "/".join(str(measure["rules"][k]) for k in ("markers", "extend", "double"))
    rules += f"/{measure['rules']['sudden_at']}"
    gap, decisive = measure["largest_gap"], measure["decisive"]
    return (
        f"{rules} gap {gap['value']:.3f} [{gap['ci95'][0]:.3f}, {gap['ci95'][1]:.3f}] "
        f"decisive {decisive['value']:.2f} [{decisive['ci95'][0]:.2f}, "
        f"{decisive['ci95'][1]:.2f}] turns {measure['turns']['value']:.0f}"
    )


def measure(source: Path) -> list[str]:
    lines = []
    for players, seed in RUNS:
        with tempfile.TemporaryDirectory() as tmp:
            seconds, report = run_once(source, Path(tmp), players, seed)
        games = (len(report["ranked"]) + 1) * report["games"]
        lines.append(
            f"  {players} players, seed {seed}: {seconds:.1f} s for {games} games "
            f"({games / seconds:.0f} games/s); chosen {_figures(report['chosen'])} "
            f"({report['chosen']['band']}); published {_figures(report['published'])}"
        )
    return lines


def main() -> None:
    other = os.environ.get("QUARRY_SOURCE")
    if other:
        print(f"generate variant --jobs 2, {other}:")
        print("\n".join(measure(Path(other))))
    print("generate variant --jobs 2 (m/e/d/s = markers/extend/double/sudden_at), this checkout:")
    print("\n".join(measure(ROOT)))


if __name__ == "__main__":
    main()
