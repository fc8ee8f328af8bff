"""Run every benchmark in bench/ and print its figures (`make bench`)."""

import importlib
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent


def main() -> None:
    sys.path.insert(0, str(BENCH))
    for path in sorted(BENCH.glob("bench_*.py")):
        importlib.import_module(path.stem).main()


if __name__ == "__main__":
    main()
