"""Time to render a 108-card custom deck to PDF (A4, duplex), end to end through the kit writer.

Two decks: 108 distinct cards (every face its own SVG and PDF form) and 36 cards x 3 copies.
Prints the median and the spread of several runs; nothing is asserted.
"""

import shutil
import statistics
import tempfile
import time
from pathlib import Path

from generator.kit import write_deck_kit

ROOT = Path(__file__).resolve().parent.parent
KINDS = ("gear", "tactic", "event")
TEXT = (
    "Search one location after dark. If the quarry is there, it is revealed at once, "
    "and every trail sign within two squares is shown to you."
)


def make_deck(folder: Path, distinct: int, copies: int) -> Path:
    shutil.copytree(ROOT / "examples" / "templates", folder / "templates")
    rows = [
        f'[[card]]\ncount = {copies}\nname = "Card {i}"\nkind = "{KINDS[i % 3]}"\n'
        f'cost = {i % 4}\ntext = "{TEXT[: 40 + (i * 7) % 90]}"\n'
        for i in range(distinct)
    ]
    head = (
        '[deck]\nname = "Bench"\ncard = "poker"\nfront = "templates/front.svg.j2"\n'
        'back = "templates/back.svg.j2"\n\n'
    )
    path = folder / "deck.toml"
    path.write_text(head + "\n".join(rows), encoding="utf-8")
    return path


def run(distinct: int, copies: int, repeats: int = 5) -> list[float]:
    timings = []
    with tempfile.TemporaryDirectory() as tmp:
        deck = make_deck(Path(tmp), distinct, copies)
        for _ in range(repeats):
            start = time.perf_counter()
            write_deck_kit(deck, Path(tmp) / "out", "a4", 1, [], None, "duplex", (0.0, 0.0))
            timings.append(time.perf_counter() - start)
    return timings


def main() -> None:
    for distinct, copies in ((108, 1), (36, 3)):
        timings = run(distinct, copies)
        print(
            f"cards: 108-card deck ({distinct} distinct x {copies}), A4 duplex: "
            f"first {timings[0]:.2f} s, median {statistics.median(timings):.2f} s, "
            f"min {min(timings):.2f} s, max {max(timings):.2f} s over {len(timings)} runs"
        )


if __name__ == "__main__":
    main()
