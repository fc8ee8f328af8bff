"""Parforcejagd: how strong the bots are, the table on docs/rules/parforce.md.

Every stag bot against every pursuers' bot on the default board, `simulate_parforce` from
seed 1: the stag's win rate with its 95% interval over the games in brackets (GAMES: 1,000
against the random and greedy pursuers, 200 against the slow search and proving pursuers,
and 200 at most for the slow proving stag). The same numbers for every --jobs. Prints the
table as the page shows it; nothing is asserted. The search and proving columns take most
of the time (minutes on one core): `--only-fast` leaves them out.
"""

import sys

from generator.games.parforce.board import default_board
from generator.games.parforce.bots import PURSUER_BOTS, STAG_BOTS, simulate_parforce

SEED = 1
GAMES = {"random": 1000, "greedy": 1000, "search": 200, "proving": 200}
SLOW = ("search", "proving")
PROVING_STAG_GAMES = 200


def cell(stag: str, pursuers: str, jobs: int) -> str:
    """Return one cell of the table: rate [low, high] (games)."""
    games = GAMES[pursuers]
    if stag == "proving":
        games = min(games, PROVING_STAG_GAMES)
    options = {"stag": stag, "pursuers": pursuers}
    summary = simulate_parforce(default_board(), games, SEED, jobs=jobs, options=options)
    rate = summary["metrics"]["stag_win_rate"]
    low, high = rate["ci95"]
    return f"{rate['value']:.2f} [{low:.2f}, {high:.2f}] ({games})"


def main(jobs: int = 1, columns: tuple[str, ...] = PURSUER_BOTS) -> None:
    print(f"parforce: the stag's win rate, default board, simulate_parforce seed {SEED}")
    print("| stag \\ pursuers | " + " | ".join(columns) + " |")
    print("|---" * (len(columns) + 1) + "|")
    for stag in STAG_BOTS:
        cells = [cell(stag, pursuers, jobs) for pursuers in columns]
        print(f"| {stag} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    fast = "--only-fast" in sys.argv
    jobs = next((int(a.split("=")[1]) for a in sys.argv if a.startswith("--jobs=")), 1)
    main(jobs, tuple(p for p in PURSUER_BOTS if not (fast and p in SLOW)))
