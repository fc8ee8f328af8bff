"""docs/formats.md shows every notation form a record may need: each example there must be
one the game's parser reads (and, for the deals and maps shown whole, one the rules allow)."""

import re
import sys
import unicodedata
from pathlib import Path

import pytest

from generator.engine.game import IllegalAction
from generator.games.cutthroat.rules import CutthroatState
from generator.games.fugitive.cards import VARIANTS, published
from generator.games.fugitive.rules import new_game
from generator.games.fugitive.rules import parse_action as parse_fugitive
from generator.games.hunt.rules import ChooseMap, new_hunt
from generator.games.hunt.rules import parse_action as parse_hunt
from generator.games.island.rules import IslandState
from generator.games.parforce.board import default_board, parse_board
from generator.games.parforce.design.folder import BOARD_FILE
from generator.games.parforce.rules import PIECES, ParforceState

FORMATS = (Path(__file__).resolve().parent.parent / "docs" / "formats.md").read_text(
    encoding="utf-8"
)
HEADS = {
    "hunt": ("map", "aide", "walk", "fly", "search"),
    "fugitive": ("deal", "draw", "hide", "pass", "guess", "discard"),
    "island": ("roll", "draw", "camp", "start", "move", "play", "trail", "attack", "discard"),
    "parforce": tuple(piece.lower() for piece in PIECES),
    "cutthroat": ("deal", "play", "guess", "bonus", "pass", "take", "put"),
}


def _section(title: str, end: str) -> str:
    start = FORMATS.index(title)
    return FORMATS[start : FORMATS.index(end, start)]


SECTIONS = {
    "hunt": _section("### The Hunt's notation", "### Fugitive's notation"),
    "fugitive": _section("### Fugitive's notation", "The header's options are"),
    "island": _section("### The island's notation", "The header's options are"),
    "parforce": _section("### Parforcejagd's notation", "The header's options are"),
    "cutthroat": _section("### CutThroat!'s notation", "The header's options are"),
}


def _examples(game: str) -> list[str]:
    """Return every notation shown in the game's section: the last column of its table, the
    lines of its text blocks, and inline code that begins with an action's word; schematic
    ones (with "...") are left out."""
    text = SECTIONS[game]
    found = []
    for line in text.splitlines():
        if line.startswith("| ") and not line.startswith("| action"):
            found += re.findall(r"`([^`]+)`", line.rsplit("|", 2)[-2])
    for block in re.findall(r"```text\n(.*?)```", text, flags=re.S):
        found += block.strip().splitlines()
    for span in re.findall(r"`([^`\n]+)`", text):
        whole = " " in span or span in ("walk", "fly", "pass")  # not a word in a sentence
        if whole and span.split(" ")[0].lower() in HEADS[game] and span not in found:
            found.append(span)
    return [example for example in found if "..." not in example]


def parse_island(text: str):
    """Parse an island action on the default island (5 players), as a replay would."""
    return IslandState(5).parse_action(text)


def parse_parforce(text: str):
    """Parse a parforce action on the default board, with its piece to move (the stag's
    turn when the action names no piece)."""
    head = text.split()[0].upper()
    state = ParforceState()
    state.arrange({}, turn=head if head in PIECES else PIECES[0])
    return state.parse_action(text)


def parse_cutthroat(text: str):
    """Parse a CutThroat! action as a replay would: a deal at the table size it deals for,
    anything else at thirteen players (every rank)."""
    words = text.split()
    players = words.index("/") - 1 if words[0] == "deal" and "/" in words else 13
    return CutthroatState(players).parse_action(text)


@pytest.mark.parametrize(
    ("game", "parse", "least"),
    [
        ("hunt", parse_hunt, 12),
        ("fugitive", parse_fugitive, 14),
        ("island", parse_island, 25),
        ("parforce", parse_parforce, 12),
        ("cutthroat", parse_cutthroat, 12),
    ],
)
def test_every_notation_example_in_the_formats_doc_parses(game, parse, least):
    examples = _examples(game)
    assert len(examples) >= least, examples
    for example in examples:
        try:
            parse(example)
        except IllegalAction as error:
            pytest.fail(f"docs/formats.md shows {example!r}, which does not parse: {error}")


def test_the_documented_forms_a_record_needs_are_all_shown():
    hunt, fugitive = _examples("hunt"), _examples("fugitive")
    assert "aide none" in hunt and "search woods sea" in hunt and "fly" in hunt
    assert "pass" in fugitive and "hide 17 sprint 4 10" in fugitive and "discard 9" in fugitive
    island = _examples("island")
    assert {"pass", "done", "fight", "play sure-footing", "attack 2"} <= set(island)
    assert {example.split()[0] for example in island} == set(HEADS["island"]) | {
        "pass",
        "done",
        "fight",
    }
    deals = [example for example in fugitive if example.startswith("deal ")]
    assert {" e=" in d for d in deals} == {True, False} and any(" ef=" in d for d in deals)


def test_the_documented_maps_are_legal_and_places_read_in_any_order_or_case():
    for example in _examples("hunt"):
        if example.startswith("map "):
            action = parse_hunt(example)
            loops = "town>town" in example
            assert action.route_map.problem(loops) is None, example
            new_hunt(loops).apply(action)
    assert parse_hunt("aide wizard sea hills") == parse_hunt("aide wizard hills sea")
    assert parse_hunt("search Woods") == parse_hunt("search woods")
    assert isinstance(parse_hunt(_examples("hunt")[0]), ChooseMap)


def test_the_documented_deals_are_each_legal_in_some_variant():
    for example in _examples("fugitive"):
        if not example.startswith("deal "):
            continue
        legal = []
        for variant in VARIANTS:
            try:
                new_game(published(variant)).apply(parse_fugitive(example))
                legal.append(variant)
            except IllegalAction:
                pass
        assert legal, f"no variant deals {example[:40]}..."


def test_the_documented_parforce_forms_cover_every_piece_and_the_pass():
    examples = _examples("parforce")
    assert {example.split()[0] for example in examples} == {"S", "H1", "H2", "H4", "K", "R1",
                                                            "R2", "R3", "R4"}  # fmt: skip
    assert "R2 pass" in examples


def test_the_documented_cutthroat_game_is_legal_and_shows_every_form():
    examples = _examples("cutthroat")
    assert {example.split()[0] for example in examples} == set(HEADS["cutthroat"])
    block = re.findall(r"```text\n(.*?)```", SECTIONS["cutthroat"], flags=re.S)[0]
    state = CutthroatState(6)
    for action in block.strip().splitlines():
        state.apply(action)  # IllegalAction if the documented game breaks a rule
    assert state.revealed[state.identity[0]] and state.seat == 2


def test_the_documented_parforce_board_file_is_the_default_board():
    section = FORMATS[FORMATS.index("## Parforcejagd board file") :]
    text = re.search(r"```text\n(.*?)```", section, flags=re.S).group(1)
    assert parse_board(text, "docs") == default_board()
    assert f"writes one as `{BOARD_FILE}`" in section  # the name the designer gives it


# --- numbers are ASCII digits -----------------------------------------------------------------
# Every character Unicode calls a digit or a number (categories Nd, Nl, No) but the ten ASCII
# digits: superscripts, other scripts' digits, fullwidth forms, Roman numerals, fractions.
FOREIGN_NUMBERS = tuple(
    char
    for char in map(chr, range(sys.maxunicode + 1))
    if unicodedata.category(char) in ("Nd", "Nl", "No") and not "0" <= char <= "9"
)
PARSERS = {
    "hunt": parse_hunt,
    "fugitive": parse_fugitive,
    "island": parse_island,
    "parforce": parse_parforce,
    "cutthroat": parse_cutthroat,
}


def _spoiled(example: str, char: str, turn: int) -> list[str]:
    """Return `example` with `char` standing for one of its numbers (the `turn`-th run of
    digits, round the runs): in place of the run, and in place of its last digit. A form
    with no number gets `char` as a word after its first word."""
    runs = list(re.finditer(r"[0-9]+", example))
    if not runs:
        head, _, rest = example.partition(" ")
        return [f"{head} {char} {rest}".strip()]
    run = runs[turn % len(runs)]
    return [
        example[: run.start()] + char + example[run.end() :],
        example[: run.end() - 1] + char + example[run.end() :],
    ]


def test_the_foreign_number_characters_are_every_kind_unicode_has():
    assert len(FOREIGN_NUMBERS) > 1700
    assert {"²", "٣", "３", "Ⅻ", "½", "𝟗", "⑨"} <= set(FOREIGN_NUMBERS)


@pytest.mark.parametrize("game", sorted(PARSERS))
def test_a_number_written_in_any_digits_but_ascii_is_refused(game):
    parse = PARSERS[game]
    examples = _examples(game)
    if game == "island":
        state = IslandState(5)
        parse = state.parse_action  # one state for the many reads
    accepted = []
    for example in examples:
        for turn, char in enumerate(FOREIGN_NUMBERS):
            for text in _spoiled(example, char, turn):
                try:
                    action = parse(text)
                except IllegalAction:
                    continue
                accepted.append((text, action))
    assert accepted == [], accepted[:5]
