"""Measure the balance every default kit claims and write generator/games/balance.json.

Each game's table.py says what its default game is measured by (engine/balance.py); this
plays GAMES games for every row and player count it names, and the first PREFIX games
again, which tests/test_balance.py replays to keep the file in step with the rules and the
bots. Run it (`make balance`) after changing a default board, a bot or a rule, and commit
the file.

Usage: python tools/measure_balance.py [GAME ...] [--jobs N]
"""

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.engine.balance import MEASURED, measure  # noqa: E402
from generator.games import registry  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="the games to measure again (default: all)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    arguments = parser.parse_args()
    games = registry()
    chosen = arguments.games or [name for name, entry in games.items() if entry.balance]
    data = json.loads(MEASURED.read_text(encoding="utf-8")) if MEASURED.exists() else {}
    for name in chosen:
        entry = games[name]
        print(f"measuring {name}", file=sys.stderr, flush=True)
        data[name] = measure(entry, entry.balance(), jobs=arguments.jobs)
    text = json.dumps(dict(sorted(data.items())), indent=1, sort_keys=True) + "\n"
    MEASURED.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
