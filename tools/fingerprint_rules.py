"""Fingerprint the rule texts so the tests can check our words without the texts at hand.

Our pages must say things in our own words. The tests compare every run of eight words on our
pages with the rule texts; the texts live beside the repository (../shared/seeds), not in it.
This script reads them when they are at hand and writes tests/data/rule-fingerprints.json:
for each rule text (by file name), the sorted sha256 digests of every run of eight words.
No sentence is stored, only digests.

Usage: python tools/fingerprint_rules.py [SEEDS_FOLDER] [--out FILE]

Words are lower case runs of [a-z0-9] (punctuation and case ignored); a run is eight words
joined by single spaces, hashed as UTF-8. tests/conftest.py splits and hashes our pages the
same way.
"""

import argparse
import hashlib
import json
import re
import sys
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parent.parent
DEFAULT_SEEDS = REPOSITORY.parent / "shared" / "seeds"
DEFAULT_OUT = REPOSITORY / "tests" / "data" / "rule-fingerprints.json"
RUN_LENGTH = 8


def words(text: str) -> list[str]:
    """Return the words of `text`: lower case runs of letters and digits, in order."""
    return re.findall(r"[a-z0-9]+", text.lower())


def run_digests(text: str) -> list[str]:
    """Return the sorted, distinct sha256 hex digests of every run of eight words in `text`."""
    found = words(text)
    runs = {" ".join(found[i : i + RUN_LENGTH]) for i in range(len(found) - RUN_LENGTH + 1)}
    return sorted(hashlib.sha256(run.encode("utf-8")).hexdigest() for run in runs)


def fingerprints(seeds: Path) -> dict[str, list[str]]:
    """Return the digests of every rule text (*.txt) in the folder `seeds`, by file name."""
    texts = sorted(seeds.glob("*.txt"))
    if not texts:
        raise SystemExit(f"fingerprint_rules: no rule texts (*.txt) in {seeds}")
    return {path.name: run_digests(path.read_text(encoding="utf-8")) for path in texts}


def main(argv: list[str] | None = None) -> int:
    """Write the fingerprints file; return the exit code (0)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("seeds", nargs="?", type=Path, default=DEFAULT_SEEDS)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    options = parser.parse_args(argv)
    if not options.seeds.is_dir():
        raise SystemExit(f"fingerprint_rules: not a folder: {options.seeds}")
    found = fingerprints(options.seeds)
    options.out.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(found, indent=1, sort_keys=True) + "\n"
    options.out.write_text(text, encoding="utf-8")
    runs = sum(len(digests) for digests in found.values())
    print(f"wrote {options.out}: {len(found)} rule texts, {runs} runs of {RUN_LENGTH} words")
    return 0


if __name__ == "__main__":
    sys.exit(main())
