"""A designed variant's own file, variant.json: the numbers of the rules the designer chose.

`quarry generate variant` writes it into its design folder beside the report; `quarry kit
cutthroat --design FOLDER` (or `--variant FILE`) reads it back, and every aid, life card,
life track and rules page of that kit shows its numbers. The format (docs/formats.md):

    {"game": "cutthroat", "version": 1, "players": 8,
     "rules": {"markers": 9, "extend": 5, "double": 6, "sudden_at": 3}}

`players` is the table the variant was measured for (6-13). A number left out of "rules"
is the published game's, as in a record's header. Anything else is one QuarryError line
naming the file.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from generator.errors import QuarryError
from generator.games.cutthroat.rules import MAX_PLAYERS, MIN_PLAYERS, RULE_OPTIONS, Rules

FILE_NAME = "variant.json"
VERSION = 1
KEYS = ("game", "version", "players", "rules")


@dataclass(frozen=True)
class Variant:
    """A designed variant: its rules' numbers and the table it was measured for."""

    rules: Rules
    players: int

    def to_json(self) -> dict:
        return {
            "game": "cutthroat",
            "version": VERSION,
            "players": self.players,
            "rules": {name: getattr(self.rules, name) for name in RULE_OPTIONS},
        }

    def text(self) -> str:
        """Return the file's bytes as text: sorted keys, two spaces, a final newline."""
        return json.dumps(self.to_json(), indent=2, sort_keys=True) + "\n"


def _whole(value) -> bool:
    return type(value) is int


def variant_from_json(data, where: str) -> Variant:
    """Return the Variant `data` (a parsed variant.json) holds; QuarryError naming `where`
    for anything else."""
    if not isinstance(data, dict):
        raise QuarryError(f"{where}: a variant file is a JSON object, not {type(data).__name__}")
    for key in data:
        if key not in KEYS:
            raise QuarryError(
                f"{where}: unknown field {key!r}; a variant file has {', '.join(KEYS)}"
            )
    if data.get("game") != "cutthroat":
        raise QuarryError(
            f'{where}: not a CutThroat! variant ("game" is {data.get("game")!r}, '
            "expected 'cutthroat')"
        )
    if data.get("version", VERSION) != VERSION:
        raise QuarryError(f"{where}: version {data['version']!r} is not {VERSION}, the one read")
    players = data.get("players")
    if not _whole(players) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise QuarryError(
            f'{where}: "players" must be a whole number, {MIN_PLAYERS} to {MAX_PLAYERS}; '
            f"got {players!r}"
        )
    numbers = data.get("rules", {})
    if not isinstance(numbers, dict):
        raise QuarryError(f'{where}: "rules" is an object of {", ".join(RULE_OPTIONS)}')
    for name in numbers:
        if name not in RULE_OPTIONS:
            raise QuarryError(
                f"{where}: unknown rule {name!r}; the numbers are {', '.join(RULE_OPTIONS)}"
            )
    try:
        rules = Rules(**numbers)
    except ValueError as error:
        raise QuarryError(f"{where}: {error}") from None
    return Variant(rules, players)


def read_variant(path: Path | str) -> Variant:
    """Return the variant in the file `path` (QuarryError, one line naming it, for a file
    missing, too large, not JSON, or not a variant the engine plays)."""
    from generator.userfiles import read_json, shown

    return variant_from_json(read_json(path, "a CutThroat! variant file"), shown(path))


def design_rules(design: Path | None) -> Rules:
    """Return the rules of a kit's design file (the published rules for None)."""
    from generator.games.cutthroat.rules import PUBLISHED

    return PUBLISHED if design is None else read_variant(design).rules
