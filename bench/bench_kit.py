"""CPU time of `quarry kit all --paper both` (every game's kit, A4 and Letter), end to end,
serial and with --jobs 2, beside the same command from the code before issue 25's work,
measured in the same rounds.

Each run is a fresh process, as a user runs it. Its CPU is the child's user + system time,
its worker processes' included (os.wait4 reports those it waited for); its peak memory is
the largest resident size of it or a worker. Rounds are interleaved, medians of ROUNDS; the
clock time is printed too (two cores shared with others: the CPU is the figure). Nothing is
asserted.

Goal (issue 25): the serial run under 20 s of CPU (it was about 25-27 s on this machine at
a611551, 60 s when the issue was filed). Set QUARRY_BEFORE (or QUARRY_SOURCE) to another
checkout, e.g. `git worktree add /tmp/kits-old a611551`, to measure it as "before"; its
Python path is that folder, the venv is this one (copy the built
generator/games/fugitive/_layered_search.so into it, or Fugitive's search runs in Python).

After the rounds one more serial run of this checkout says where the time goes: the CPU
inside each of a few stages (inclusive; the stages nest, so they do not add up).
"""

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ROUNDS = 3
GOAL_CPU = 20.0
# (what, module, attribute): the stages the where-the-time-goes line times.
STAGES = (
    ("svglib reads figures", "svglib.svglib", "SvgRenderer.render"),
    ("platypus sets pages", "reportlab.platypus.doctemplate", "BaseDocTemplate.build"),
    ("figures drawn into PDFs", "reportlab.graphics.renderPDF", "draw"),
    ("card sheets", "generator.render.sheets", "write_card_sheets"),
    ("puzzles made", "generator.games.island.puzzles", "make_puzzles"),
    ("puzzles made", "generator.games.fugitive.puzzles", "make_puzzles"),
    ("puzzles made", "generator.games.fugitive.puzzles", "generate_puzzles"),
    ("puzzles made", "generator.games.parforce.puzzles", "make_puzzles"),
    ("puzzles made", "generator.games.cutthroat.puzzles", "make_puzzles"),
    ("puzzles made", "generator.games.hunt.puzzles", "generate_puzzles"),
    ("balance games simulated", "generator.render.charts.balance", "balance_summary"),
    ("balance chart (matplotlib)", "generator.render.charts.figure", "figure_bytes"),
    ("guides and print-all files", "generator.kit", "KitWriter._write_guides"),
    ("gallery and its PNG previews", "generator.kit", "KitWriter._write_gallery"),
)


def kit_command(out: Path, jobs: int) -> list[str]:
    args = [sys.executable, "-m", "generator", "kit", "all", "--paper", "both"]
    return args + ["--out", str(out), "-q"] + (["--jobs", str(jobs)] if jobs > 1 else [])


def run_once(source: Path, jobs: int) -> tuple[float, float, float]:
    """Return (CPU seconds, clock seconds, peak MiB) of one `kit all --paper both` run."""
    env = {**os.environ, "PYTHONPATH": str(source)}
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        child = subprocess.Popen(
            kit_command(Path(tmp), jobs), cwd=source, env=env, stdout=subprocess.DEVNULL
        )
        _, status, usage = os.wait4(child.pid, 0)
        elapsed = time.perf_counter() - start
    if status != 0:
        raise SystemExit(f"quarry kit all failed in {source} (status {status})")
    return usage.ru_utime + usage.ru_stime, elapsed, usage.ru_maxrss / 1024


def where_the_time_goes() -> dict[str, float]:
    """In this process: run `kit all --paper both` serially with each STAGES function timed
    (CPU, inclusive, a stage inside itself counted once); return seconds by stage, and
    "total"."""
    import importlib
    from functools import wraps

    spent: dict[str, float] = {}
    depth: dict[str, int] = {}

    def timed(what, function):
        @wraps(function)
        def wrapper(*args, **kwargs):
            depth[what] = depth.get(what, 0) + 1
            start = time.process_time()
            try:
                return function(*args, **kwargs)
            finally:
                depth[what] -= 1
                if not depth[what]:
                    spent[what] = spent.get(what, 0.0) + time.process_time() - start

        return wrapper

    # Patched before the game modules import them by name (they load when a kit is built).
    for what, module, attribute in STAGES:
        owner = importlib.import_module(module)
        *path, name = attribute.split(".")
        for part in path:
            owner = getattr(owner, part)
        setattr(owner, name, timed(what, getattr(owner, name)))
    from generator.cli import main

    start = time.process_time()
    with tempfile.TemporaryDirectory() as tmp:
        sys.argv = kit_command(Path(tmp), 1)[2:]
        try:
            main()
        except SystemExit as stop:
            if stop.code:
                raise
    return {**spent, "total": time.process_time() - start}


def where_line() -> str:
    """Return the where-the-time-goes line, from a fresh process running this file."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run(
        [sys.executable, __file__, "--where"], cwd=ROOT, env=env, capture_output=True, text=True
    )
    if result.returncode:
        return f"where the time goes: the timed run failed ({result.stderr.strip()[-200:]})"
    spent = json.loads(result.stdout.strip().splitlines()[-1])
    total = spent.pop("total")
    stages = sorted(spent.items(), key=lambda item: -item[1])
    return f"where the time goes (serial, this checkout, {total:.1f} s of CPU in process): " + (
        ", ".join(f"{what} {seconds:.1f} s" for what, seconds in stages)
    )


def main() -> None:
    before = os.environ.get("QUARRY_BEFORE") or os.environ.get("QUARRY_SOURCE")
    sources = ([("before", Path(before))] if before else []) + [("this checkout", ROOT)]
    runs = {(label, jobs): [] for label, _ in sources for jobs in (1, 2)}
    for _ in range(ROUNDS):
        for label, source in sources:
            for jobs in (1, 2):
                runs[label, jobs].append(run_once(source, jobs))
    print(f"quarry kit all --paper both, medians of {ROUNDS} interleaved rounds:")
    for (label, jobs), figures in runs.items():
        cpu, clock, peak = (statistics.median(column) for column in zip(*figures, strict=True))
        spread = f"{min(f[0] for f in figures):.1f}-{max(f[0] for f in figures):.1f}"
        print(
            f"  {label:>13}, --jobs {jobs}: {cpu:5.1f} s CPU ({spread}), {clock:5.1f} s by the "
            f"clock, peak {peak:.0f} MiB"
        )
    ours = statistics.median(f[0] for f in runs["this checkout", 1])
    verdict = "met" if ours < GOAL_CPU else f"missed by {ours - GOAL_CPU:.1f} s"
    print(f"  goal: serial under {GOAL_CPU:.0f} s of CPU: {ours:.1f} s, {verdict}")
    if before:
        was = statistics.median(f[0] for f in runs["before", 1])
        print(f"  serial CPU, this checkout / before: {ours / was:.2f}")
    print(where_line())


if __name__ == "__main__":
    if sys.argv[1:] == ["--where"]:
        print(json.dumps(where_the_time_goes()))
    else:
        main()
