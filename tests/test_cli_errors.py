"""Bad input: one clear line on stderr, exit code 2, no traceback, and nothing written.

Every test runs the real CLI in a subprocess (`python -m generator`), as a user would.
"""

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from generator import cli

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


def quarry(*args: object) -> subprocess.CompletedProcess:
    """Run `quarry ARGS...` from the repository root, with no input."""
    return subprocess.run(
        [sys.executable, "-m", "generator", *map(str, args)],
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=300,
    )


def one_error_line(result: subprocess.CompletedProcess) -> str:
    """Assert the run failed as a user mistake should, and return its one stderr line."""
    assert "Traceback" not in result.stderr, result.stderr
    assert result.returncode == 2, result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].strip(), "the line is not empty"
    assert lines[0].startswith("quarry: error: "), lines[0]
    return lines[0]


def assert_nothing_written(out: Path) -> None:
    assert not out.exists() or list(out.iterdir()) == [], sorted(out.rglob("*"))


# --- building bad decks ------------------------------------------------------------------


class DeckDir:
    """A copy of examples/custom-deck.toml and examples/templates/ to spoil."""

    def __init__(self, folder: Path) -> None:
        shutil.copytree(EXAMPLES / "templates", folder / "templates")
        self.deck = folder / "deck.toml"
        shutil.copyfile(EXAMPLES / "custom-deck.toml", self.deck)
        self.front = folder / "templates" / "front.svg.j2"

    @staticmethod
    def edit(path: Path, old: str, new: str) -> None:
        text = path.read_text(encoding="utf-8")
        assert old in text, f"the example no longer holds {old!r}"
        path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _malformed_toml(d: DeckDir) -> list[str]:
    lines = d.deck.read_text(encoding="utf-8").splitlines()
    number = lines.index("cost = 2") + 1
    d.edit(d.deck, "\ncost = 2\n", "\ncost = = 2\n")
    return ["deck.toml", f"line {number}"]


def _unknown_template_field(d: DeckDir) -> list[str]:
    d.edit(d.front, "fields.kind | upper", "fields.flavour | upper")
    return ["'flavour'", "front.svg.j2"]


def _missing_template(d: DeckDir) -> list[str]:
    d.edit(d.deck, 'front = "templates/front.svg.j2"', 'front = "templates/nope.svg.j2"')
    return ["nope.svg.j2"]


def _unknown_card_format(d: DeckDir) -> list[str]:
    d.edit(d.deck, 'card = "poker"', 'card = "tarot"')
    return ["'tarot'", "poker"]


def _text_cannot_fit(d: DeckDir) -> list[str]:
    d.edit(d.deck, 'text = "Rain washes', 'text = "' + "Rain washes the island. " * 60 + "Rain")
    return ["'Thunderstorm'", "'text'"]


def _long_multiline_text_cannot_fit(d: DeckDir) -> list[str]:
    d.edit(d.deck, 'text = "Rain washes', 'text = """\n' + "Rain washes the island,\n  " * 60)
    d.edit(d.deck, 'older than one cycle."', 'older than one cycle."""')
    return ["'Thunderstorm'", "'text'"]


def _count_of_zero(d: DeckDir) -> list[str]:
    d.edit(d.deck, "count = 3\n", "count = 0\n")
    return ["count", "row 1", "deck.toml"]


def _hundred_thousand_cards(d: DeckDir) -> list[str]:
    header = d.deck.read_text(encoding="utf-8").split("[[card]]")[0]
    rows = '[[card]]\ncount = 5000\nname = "Filler"\nkind = "gear"\ncost = 1\ntext = "x"\n\n' * 20
    d.deck.write_text(header + rows, encoding="utf-8")
    return ["100000", "5000"]


def _template_syntax_error(d: DeckDir) -> list[str]:
    d.edit(d.front, "{% block content %}", "{% block content %}{{ fields.name }\n")
    return ["front.svg.j2", "syntax"]


def _unknown_deck_key(d: DeckDir) -> list[str]:
    d.edit(d.deck, 'card = "poker"', 'card = "poker"\nfornt = "x"')
    return ["'fornt'", "deck.toml"]


BAD_DECKS: dict[str, Callable[[DeckDir], list[str]]] = {
    "malformed TOML names the file and line": _malformed_toml,
    "an unknown template field names the field": _unknown_template_field,
    "a missing template names the template": _missing_template,
    "an unknown card format names the format": _unknown_card_format,
    "text that cannot fit names the card and field": _text_cannot_fit,
    "multi-line text that cannot fit names the card and field": _long_multiline_text_cannot_fit,
    "a count of 0 names count": _count_of_zero,
    "100000 cards names the total": _hundred_thousand_cards,
    "a template syntax error names the template": _template_syntax_error,
    "an unknown deck key names the key": _unknown_deck_key,
}


@pytest.mark.parametrize("spoil", BAD_DECKS.values(), ids=BAD_DECKS.keys())
def test_bad_deck_gives_one_useful_line_exit_2_and_writes_nothing(tmp_path, spoil):
    deck = DeckDir(tmp_path / "deck")
    expected = spoil(deck)
    out = tmp_path / "out"
    line = one_error_line(quarry("cards", deck.deck, "--out", out))
    for text in expected:
        assert text in line
    assert_nothing_written(out)


def test_the_untouched_example_copy_works(tmp_path):
    # The bad decks above are one edit away from this one, so each error is that edit's.
    deck = DeckDir(tmp_path / "deck")
    out = tmp_path / "out"
    result = quarry("cards", deck.deck, "--out", out, "--quiet")
    assert result.returncode == 0, result.stderr
    assert result.stdout == "" and result.stderr == ""
    assert (out / "expedition-supplies" / "manifest.json").is_file()


@pytest.mark.parametrize(
    ("edit", "name"),
    [
        (('card = "poker"', 'card = "tarot"'), "tarot"),
        (('card = "poker"', 'sheet = "nope"'), "nope"),
    ],
    ids=["card format", "sheet"],
)
def test_an_unknown_layout_named_in_the_deck_says_which_file_names_it(tmp_path, edit, name):
    deck = DeckDir(tmp_path / "deck")
    deck.edit(deck.deck, *edit)
    out = tmp_path / "out"
    line = one_error_line(quarry("cards", deck.deck, "--out", out))
    assert f"'{name}'" in line
    assert "deck.toml" in line, "where: the file that asked for it"
    assert_nothing_written(out)


# --- bad options -------------------------------------------------------------------------


BAD_OPTIONS = {
    "an unknown option": (["--bogus"], ["--bogus"]),
    "a seed of -1": (["--seed", "-1"], ["--seed"]),
    "a seed that is not a number": (["--seed", "seven"], ["--seed"]),
    "--backs sideways": (["--backs", "sideways"], ["sideways", "duplex"]),
    "a --paper that does not exist": (["--paper", "a5"], ["'a5'", "a4", "letter"]),
    "a --sheet that does not exist": (["--sheet", "nosheet"], ["'nosheet'", "default"]),
    "a --layout file that does not exist": (["--layout", "nothere.toml"], ["nothere.toml"]),
    "a back offset too large": (["--back-offset-x", "11"], ["11", "10 mm"]),
    "a back offset that is not a number (nan)": (["--back-offset-y", "nan"], ["nan"]),
}


@pytest.mark.parametrize(("args", "expected"), BAD_OPTIONS.values(), ids=BAD_OPTIONS.keys())
def test_bad_option_gives_one_line_exit_2_and_writes_nothing(tmp_path, args, expected):
    out = tmp_path / "out"
    deck = EXAMPLES / "custom-deck.toml"
    line = one_error_line(quarry("cards", deck, "--out", out, *args))
    for text in expected:
        assert text in line
    assert_nothing_written(out)


def test_a_missing_deck_file_gives_one_line_naming_it(tmp_path):
    out = tmp_path / "out"
    line = one_error_line(quarry("cards", tmp_path / "missing-deck.toml", "--out", out))
    assert "missing-deck.toml" in line
    assert "not found" in line
    assert_nothing_written(out)


def test_a_folder_given_as_the_deck_gives_one_line(tmp_path):
    out = tmp_path / "out"
    line = one_error_line(quarry("cards", tmp_path, "--out", out))
    assert str(tmp_path) in line
    assert_nothing_written(out)


def test_a_missing_deck_argument_gives_one_line(tmp_path):
    line = one_error_line(quarry("cards"))
    assert "deck" in line.lower()


def test_an_unknown_verb_gives_one_line():
    line = one_error_line(quarry("bogusverb"))
    assert "bogusverb" in line


def test_an_unknown_game_gives_one_line_listing_all(tmp_path):
    out = tmp_path / "out"
    line = one_error_line(quarry("kit", "no-such-game", "--out", out))
    assert "'no-such-game'" in line
    assert "all" in line
    assert_nothing_written(out)


@pytest.mark.parametrize(
    "option, value, named",
    [
        ("--paper", "a3", "--paper"),
        ("--paper", "tabloid", "--paper"),
        ("--backs", "sideways", "--backs"),
        ("--sheet", "glossy", "--sheet"),
        ("--back-offset-x", "11", "back offsets"),
        ("--back-offset-y", "nan", "back offsets"),
        ("--back-offset-y", "-12.5", "back offsets"),
        ("--ink", "heavy", "--ink"),
        ("--jobs", "0", "--jobs"),
    ],
)
def test_a_bad_kit_print_option_gives_one_line_and_writes_nothing(tmp_path, option, value, named):
    out = tmp_path / "out"
    line = one_error_line(quarry("kit", "all", option, value, "--out", out))
    assert named in line
    assert value in line or option == "--jobs"  # typer says "greater than or equal to 1"
    assert_nothing_written(out)


# --- help --------------------------------------------------------------------------------


def _verbs() -> list[str]:
    return sorted(typer.main.get_command(cli.app).commands)


def test_top_level_help_exits_0_and_lists_every_verb():
    result = quarry("--help")
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    for verb in _verbs():
        assert verb in result.stdout


def test_cards_help_exits_0():
    result = quarry("cards", "--help")
    assert result.returncode == 0, result.stderr
    assert "--paper" in result.stdout and "--backs" in result.stdout


@pytest.mark.parametrize("verb", _verbs())
def test_each_verb_help_exits_0_and_shows_an_example(verb):
    result = quarry(verb, "--help")
    assert result.returncode == 0, result.stderr
    assert "Example:" in result.stdout
    assert f"quarry {verb}" in result.stdout.split("Example:")[1]


def test_the_top_level_help_shows_examples_each_a_verb_on_its_own_line():
    result = quarry("--help")
    block = result.stdout.split("Examples:")[1].split("\n\n")[0]
    lines = block.strip().splitlines()
    assert len(lines) >= 4, block
    for line in lines:
        words = line.split()
        assert words[0] == "quarry" and words[1] in _verbs(), line


def _leaf_commands() -> list[tuple[str, ...]]:
    """Return every command a user can run, as its words after `quarry` (a group's
    subcommands, such as `generate routes`, each on its own)."""
    found = []

    def walk(command, path):
        if hasattr(command, "commands"):  # a group: typer's own vendored click
            for name, sub in sorted(command.commands.items()):
                walk(sub, (*path, name))
        else:
            found.append(path)

    walk(typer.main.get_command(cli.app), ())
    return found


@pytest.mark.parametrize("path", _leaf_commands(), ids=" ".join)
def test_a_help_names_only_options_its_command_takes_and_one_example_a_line(path):
    command = typer.main.get_command(cli.app)
    for name in path:
        command = command.commands[name]
    taken = {"--help"} | {o for p in command.params for o in (*p.opts, *p.secondary_opts)}
    text = CliRunner().invoke(cli.app, [*path, "--help"], terminal_width=100).output
    named = set(re.findall(r"(?<![\w-])--[a-z][a-z-]*", text))
    assert named <= taken, f"quarry {' '.join(path)} --help names {sorted(named - taken)}"
    for line in text.splitlines():
        assert "Example:" not in line or line.strip().startswith("Example:"), line


def test_no_arguments_shows_the_help_not_an_error():
    result = quarry()
    assert "Traceback" not in result.stderr
    output = result.stdout + result.stderr
    assert "Commands:" in output
    assert "error" not in output.splitlines()[0].lower(), output.splitlines()[0]


# --- bugs keep their traceback ----------------------------------------------------------


def test_an_internal_bug_shows_its_own_traceback(monkeypatch, tmp_path):
    # Only user mistakes become one line; a bug in Quarry must surface as itself.
    import generator.kit

    def broken(*args, **kwargs):
        raise RuntimeError("a bug inside Quarry")

    monkeypatch.setattr(generator.kit, "write_deck_kit", broken)
    monkeypatch.setattr(sys, "argv", ["quarry", "cards", "deck.toml", "--out", str(tmp_path)])
    with pytest.raises(RuntimeError, match="a bug inside Quarry"):
        cli.main()


# --- numbers in a record are ASCII digits -----------------------------------------------
# One record a game, each spoiled at its first number by a digit of another kind; the
# notation test (tests/test_notation_docs.py) feeds every such character to every parser.
SPOILED_NUMBERS = {
    "hunt": "²",  # The Hunt's notation has no numbers: a stray one is refused as a word
    "fugitive": "١",  # Arabic-Indic one
    "island": "²",  # superscript two
    "parforce": "３",  # fullwidth three
    "cutthroat": "٣",  # Arabic-Indic three
}


def _spoil_first_number(record: dict, char: str) -> tuple[int, str]:
    """Put `char` in place of the last digit of the first action holding one (or as a word
    after the first action's verb, if none does); return the step and the spoiled action."""
    actions = record["actions"]
    for index, action in enumerate(actions):
        digits = [i for i, c in enumerate(action) if "0" <= c <= "9"]
        if digits:
            end = max(i for i in digits if i == digits[0] or action[i - 1].isdigit())
            actions[index] = action[:end] + char + action[end + 1 :]
            return index + 1, actions[index]
    head, _, rest = actions[0].partition(" ")
    actions[0] = f"{head} {char} {rest}".strip()
    return 1, actions[0]


@pytest.mark.parametrize("game", sorted(SPOILED_NUMBERS))
def test_a_record_number_in_foreign_digits_gives_one_line_naming_the_step(tmp_path, game):
    source = EXAMPLES / ("hunt-record.json" if game == "hunt" else f"{game}-record.json")
    record = json.loads(source.read_text(encoding="utf-8"))
    step, action = _spoil_first_number(record, SPOILED_NUMBERS[game])
    spoiled = tmp_path / "spoiled.json"
    spoiled.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    line = one_error_line(quarry("replay", game, spoiled))
    assert f"step {step} " in line and repr(action) in line, line


# Numbers in the constraint languages, rule options and puzzle ids are ASCII digits too:
# int() would read '٣' as 3 and fail on '²' with a traceback.
FOREIGN_DIGIT_ARGUMENTS = {
    "a --rule value in superscript": [
        "simulate",
        "cutthroat",
        "--plot",
        "out/p.svg",
        "--rule",
        "markers=²",
    ],
    "a variant constraint factor": ["generate", "variant", "--constraint", "markers*²<=80"],
    "a variant constraint in Arabic-Indic": ["generate", "variant", "--constraint", "markers<=٣"],
    "a route constraint": ["generate", "routes", "--constraint", "lair-return<=٢"],
    "a deck constraint": ["generate", "deck", "--constraint", "values=١..٥"],
    "an island constraint": ["generate", "island", "--constraint", "hiding>=١٢"],
}


@pytest.mark.parametrize(
    "args", FOREIGN_DIGIT_ARGUMENTS.values(), ids=FOREIGN_DIGIT_ARGUMENTS.keys()
)
def test_a_number_in_foreign_digits_on_the_command_line_is_refused(tmp_path, args):
    out = tmp_path / "out"
    simulate = args[0] == "simulate"
    args = [str(tmp_path / a) if a.startswith("out/") else a for a in args]
    line = one_error_line(quarry(*args) if simulate else quarry(*args, "--out", out))
    assert args[-1] in line, line
    assert_nothing_written(out)


def test_the_list_of_kits_gives_a_fixed_player_count_as_one_number():
    listing = quarry("kit").stdout
    assert "Fugitive (2 players)" in listing and "The Hunt (2 players)" in listing
    assert "CutThroat! (6-13 players)" in listing and "2-2" not in listing


# --- hostile and broken files ------------------------------------------------------------
# What the issue found by feeding Quarry hostile and broken files: each was a traceback, a
# hang or an accepted mistake. Every reader goes through generator/userfiles.py;
# tests/test_userfiles.py feeds them random bytes and deep nesting.


def _spoiled_template(d: DeckDir, text: bytes | str) -> None:
    """Make the deck's front template `text` (bytes written as they are)."""
    if isinstance(text, str):
        text = text.encode("utf-8")
    d.front.write_bytes(text)


def _binary_template(d: DeckDir) -> list[str]:
    _spoiled_template(d, bytes(range(128, 256)) * 4)
    return ["front.svg.j2", "is not UTF-8 text", "line 1, column 1"]


def _template_including_itself(d: DeckDir) -> list[str]:
    _spoiled_template(d, '{% include "templates/front.svg.j2" %}')
    return ["front.svg.j2", "recurses without end", "'Lantern'"]


def _template_extending_itself(d: DeckDir) -> list[str]:
    _spoiled_template(d, '{% extends "templates/front.svg.j2" %}')
    return ["front.svg.j2", "recurses without end"]


def _range_of_a_hundred_million(d: DeckDir) -> list[str]:
    _spoiled_template(d, "{% for i in range(10**8) %}x{% endfor %}")
    return ["front.svg.j2:1", "range() of 100000000 items", "at most 10000"]


def _loops_inside_loops(d: DeckDir) -> list[str]:
    _spoiled_template(
        d, "{% for i in range(9000) %}{% for j in range(9000) %}{% endfor %}{% endfor %}"
    )
    return ["front.svg.j2:1", "more than 100000 steps"]


def _a_gigabyte_of_text(d: DeckDir) -> list[str]:
    _spoiled_template(d, "{{ 'x' * 10**9 }}")
    return ["front.svg.j2:1", "1000000000", "at most 2000000"]


def _doubling_a_string(d: DeckDir) -> list[str]:
    _spoiled_template(
        d,
        "{% set ns = namespace(s='x') %}{% for i in range(64) %}{% set ns.s = ns.s ~ ns.s %}"
        "{% endfor %}",
    )
    return ["front.svg.j2:1", "at most 2000000"]


def _output_nested_too_deep(d: DeckDir) -> list[str]:
    _spoiled_template(
        d, '<svg xmlns="http://www.w3.org/2000/svg">{% for i in range(5000) %}<g>{% endfor %}'
    )
    return ["front.svg.j2", "the template's output nests SVG elements more than 100 deep"]


def _a_private_attribute(d: DeckDir) -> list[str]:
    _spoiled_template(d, "{{ card.__class__.__mro__ }}")
    return ["front.svg.j2:1", "unsafe"]


def _a_deck_file_of_deep_arrays(d: DeckDir) -> list[str]:
    d.edit(d.deck, "cost = 2\n", "cost = " + "[" * 5000 + "]" * 5000 + "\n")
    return ["deck.toml", "nest more than 32 deep", "line"]


def _a_deck_file_of_long_dotted_keys(d: DeckDir) -> list[str]:
    # tomllib takes time squared in a dotted key's length: 100,000 parts ran for minutes.
    d.edit(d.deck, "cost = 2\n", "a" + ".b" * 100_000 + " = 2\n")
    return ["deck.toml", "nest more than 32 deep"]


def _a_binary_deck_file(d: DeckDir) -> list[str]:
    d.deck.write_bytes(b'[deck]\nname = "\xff\xfe"\n')
    return ["deck.toml", "is not UTF-8 text (byte 0xff at line 2, column 9)"]


HOSTILE_DECKS: dict[str, Callable[[DeckDir], list[str]]] = {
    "a binary template (was a UnicodeDecodeError)": _binary_template,
    "a template including itself (was a RecursionError)": _template_including_itself,
    "a template extending itself": _template_extending_itself,
    "range(10**8) in a template (ran unbounded)": _range_of_a_hundred_million,
    "loops inside loops in a template": _loops_inside_loops,
    "a gigabyte of text from a template": _a_gigabyte_of_text,
    "a string doubled 64 times in a template": _doubling_a_string,
    "a template writing 5000 nested <g>": _output_nested_too_deep,
    "a template reading a private attribute": _a_private_attribute,
    "a deck file nesting 5000 arrays": _a_deck_file_of_deep_arrays,
    "a deck file with a 100,000-part dotted key": _a_deck_file_of_long_dotted_keys,
    "a deck file that is not UTF-8": _a_binary_deck_file,
}


@pytest.mark.parametrize("spoil", HOSTILE_DECKS.values(), ids=HOSTILE_DECKS.keys())
def test_a_hostile_deck_or_template_gives_one_line_naming_it_and_the_limit(tmp_path, spoil):
    deck = DeckDir(tmp_path / "deck")
    expected = spoil(deck)
    out = tmp_path / "out"
    line = one_error_line(quarry("cards", deck.deck, "--out", out))
    for text in expected:
        assert text in line, line
    assert not out.exists()


def _layout(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    return path


BAD_LAYOUTS = {
    # a card 0 mm wide was a ZeroDivisionError while imposing the sheet
    "a 0 mm card": (
        '[card.zero]\nwidth = "0mm"\nheight = "88mm"\n',
        'card = "zero"',
        ["mine.toml [card.zero]", "width is 0 mm", "from 10 to 500 mm"],
    ),
    # the next two were accepted: only an entry a run used was resolved
    "an extends cycle in an entry the deck does not use": (
        '[card.a]\nextends = "b"\n\n[card.b]\nextends = "a"\n',
        None,
        ["mine.toml [card.a]", "cycle: a -> b -> a"],
    ),
    "a missing parent in an entry the deck does not use": (
        '[sheet.mine]\nextends = "nonesuch"\n',
        None,
        ["mine.toml [sheet.mine]", "extends 'nonesuch'", "known: bleed, default, mine, spaced"],
    ),
    # cards has no use for tiling: they were read and ignored
    "tiling values given to cards": (
        '[tiling.wide]\nextends = "default"\noverlap = "15mm"\n',
        None,
        [
            "mine.toml",
            "[tiling.wide]",
            "does not use tiling",
            "[paper.NAME], [card.NAME], [sheet.NAME]",
        ],
    ),
    "a paper smaller than A5 (tiny papers broke the guide page)": (
        '[paper.square]\nwidth = "150mm"\nheight = "150mm"\n',
        None,
        ["[paper.square]", "150 x 150 mm", "at least the area of A5 (148 x 210 mm)"],
    ),
    "a paper narrower than A5": (
        '[paper.strip]\nwidth = "120mm"\nheight = "400mm"\n',
        None,
        ["[paper.strip]", "width is 120 mm", "from 148 to 5080 mm"],
    ),
    "a negative margin": (
        '[sheet.tight]\nextends = "default"\nmargin = "-5mm"\n',
        None,
        ["[sheet.tight]", "margin is -5 mm", "from 0 to 100 mm"],
    ),
}


@pytest.mark.parametrize(("text", "card", "expected"), BAD_LAYOUTS.values(), ids=BAD_LAYOUTS.keys())
def test_a_bad_layout_file_is_refused_when_read(tmp_path, text, card, expected):
    deck = DeckDir(tmp_path / "deck")
    if card:
        deck.edit(deck.deck, 'card = "poker"', card)
    out = tmp_path / "out"
    line = one_error_line(
        quarry("cards", deck.deck, "--layout", _layout(tmp_path, text), "--out", out)
    )
    for part in expected:
        assert part in line, line
    assert not out.exists()


def _deep_board(path: Path) -> list[str]:
    depth = 200_000  # a RecursionError after the --out folder was made
    path.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="300mm" height="300mm">'
        + "<g>" * depth
        + "</g>" * depth
        + "</svg>",
        encoding="utf-8",
    )
    return ["nests SVG elements more than 100 deep (line 1)"]


def _huge_board(path: Path) -> list[str]:
    with path.open("wb") as file:  # 47 MB (sparse): refused by its size, before reading
        file.write(b'<svg xmlns="http://www.w3.org/2000/svg" width="300mm" height="300mm">')
        file.truncate(47_000_000)
    return ["is 47 MB", "a board SVG may be at most 16 MB"]


def _tiny_board(path: Path) -> list[str]:
    path.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="0.0001mm" height="0.0001mm"/>',
        encoding="utf-8",
    )  # printed as a "0 x 0 mm" board
    return ["0.0001 x 0.0001 mm", "its width is under 10 mm"]


def _binary_board(path: Path) -> list[str]:
    path.write_bytes(b"<svg \x80\x81>")
    return ["is not UTF-8 text (byte 0x80 at line 1, column 6)"]


def _external_entity_board(path: Path) -> list[str]:
    path.write_text(
        '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
        '<svg xmlns="http://www.w3.org/2000/svg" width="300mm" height="300mm">&x;</svg>',
        encoding="utf-8",
    )
    return ["external or parameter entity 'x'"]


HOSTILE_BOARDS = {
    "200,000 nested <g>": _deep_board,
    "a 47 MB SVG": _huge_board,
    "a 0.0001 mm board": _tiny_board,
    "a binary board": _binary_board,
    "an SVG with an external entity": _external_entity_board,
}


@pytest.mark.parametrize("make", HOSTILE_BOARDS.values(), ids=HOSTILE_BOARDS.keys())
def test_a_hostile_board_svg_gives_one_line_and_no_out_folder(tmp_path, make):
    board = tmp_path / "board.svg"
    expected = make(board)
    out = tmp_path / "out"
    line = one_error_line(quarry("tile", board, "--out", out))
    assert str(board) in line
    for text in expected:
        assert text in line, line
    assert not out.exists(), "the --out folder is made only once the board is read"


def test_a_guide_page_that_cannot_fit_its_paper_is_one_line(tmp_path):
    # A board's file name is the guide's title: 245 letters with no space to break at do
    # not fit an A5 guide page (reportlab's DoesNotFit was a traceback).
    board = tmp_path / ("W" * 245 + ".svg")
    shutil.copyfile(EXAMPLES / "sample-board.svg", board)
    layout = _layout(tmp_path, '[paper.a5]\nwidth = "148mm"\nheight = "210mm"\n')
    out = tmp_path / "out"
    line = one_error_line(quarry("tile", board, "--paper", "a5", "--layout", layout, "--out", out))
    assert "the kit's guide, titled 'WWW" in line
    assert "does not fit one page of a5 paper (148 x 210 mm)" in line
    assert_nothing_written(out)


def test_a_deck_name_longer_than_200_characters_is_refused(tmp_path):
    deck = DeckDir(tmp_path / "deck")
    deck.edit(deck.deck, 'name = "Expedition Supplies"', 'name = "' + "Long " * 50 + '"')
    line = one_error_line(quarry("cards", deck.deck, "--out", tmp_path / "out"))
    assert "[deck] name is 249 characters" in line and "at most 200" in line


def test_tile_refuses_a_layout_file_holding_what_it_does_not_use(tmp_path):
    layout = _layout(tmp_path, '[card.big]\nwidth = "70mm"\nheight = "100mm"\n')
    out = tmp_path / "out"
    line = one_error_line(
        quarry("tile", EXAMPLES / "sample-board.svg", "--layout", layout, "--out", out)
    )
    assert "[card.big]" in line and "[paper.NAME], [tiling.NAME]" in line
    assert not out.exists()


def test_simulate_parforce_refuses_a_binary_board_file(tmp_path):
    board = tmp_path / "board.txt"
    board.write_bytes(b"parforce 1\n\xda\x00\xff")  # was a UnicodeDecodeError
    line = one_error_line(quarry("simulate", "parforce", "--board", board, "--games", 1))
    assert f"{board}: is not UTF-8 text (byte 0xda at line 2, column 1)" in line
    assert "a parforce board file" in line


def test_simulate_island_refuses_a_board_file_that_is_a_fifo(tmp_path):
    board = tmp_path / "board.fifo"
    os.mkfifo(board)  # opening it to read would wait for a writer for ever
    line = one_error_line(quarry("simulate", "island", "--board", board, "--games", 1))
    assert f"{board}: is not a regular file" in line


def test_simulate_fugitive_refuses_a_folder_as_its_deck(tmp_path):
    line = one_error_line(quarry("simulate", "fugitive", "--deck", tmp_path, "--games", 1))
    assert (
        f"{tmp_path}: is a folder, expected a deck configuration (JSON)" in line
    )  # was IsADirectoryError


def test_replay_refuses_a_record_nested_too_deep(tmp_path):
    record = tmp_path / "record.json"
    record.write_text('{"header": ' + "[" * 100_000 + "]" * 100_000 + "}", encoding="utf-8")
    line = one_error_line(quarry("replay", "hunt", record))
    assert f"{record}: arrays and objects nest more than 32 deep" in line


@pytest.mark.parametrize(
    ("game", "first", "second"),
    [
        ("island", "vision=square", "vision=steps"),
        ("parforce", "max_rounds=30", "max_rounds=40"),
        ("cutthroat", "markers=6", "markers=7"),
    ],
)
def test_a_rule_given_twice_with_two_values_is_refused_naming_both(game, first, second):
    # The later value used to win silently.
    line = one_error_line(quarry("simulate", game, "--rule", first, "--rule", second, "--games", 1))
    assert f"as {first} and {second}" in line, line


@pytest.fixture(scope="module")
def deck_kit(tmp_path_factory) -> Path:
    """The example deck's kit, written once; tests spoil copies of it."""
    from generator.kit import write_deck_kit

    out = tmp_path_factory.mktemp("kit")
    folder, _ = write_deck_kit(
        EXAMPLES / "custom-deck.toml", out, "a4", 1, [], None, "duplex", (0.0, 0.0)
    )
    return folder


def _manifest_files_of_numbers(kit: Path) -> list[str]:
    manifest = json.loads((kit / "manifest.json").read_text(encoding="utf-8"))
    manifest["files"] = [1, 2, 3]  # was a TypeError
    (kit / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    return ["manifest.json: files[0] must be an object"]


def _manifest_deck_leaving_the_kit(kit: Path) -> list[str]:
    manifest = json.loads((kit / "manifest.json").read_text(encoding="utf-8"))
    manifest["decks"]["cards"][0]["front"] = "../../outside.svg"
    (kit / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    return ["decks['cards'][0].front must be the path of an SVG in the kit", "'../../outside.svg'"]


def _manifest_not_utf8(kit: Path) -> list[str]:
    (kit / "manifest.json").write_bytes(b'{"quarry": "\xff"}')
    return ["manifest.json: is not UTF-8 text"]


def _broken_svg(kit: Path) -> list[str]:
    svg = kit / "svg" / "back.svg"  # was a ValueError: no width
    svg.write_text('<svg xmlns="http://www.w3.org/2000/svg" height="88mm"/>', encoding="utf-8")
    return [f"{svg}: the <svg> element's width is 'missing'"]


def _unclosed_svg(kit: Path) -> list[str]:
    svg = kit / "svg" / "01-lantern-front.svg"
    svg.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="63mm" height="88mm">', encoding="utf-8"
    )
    return [f"{svg}: is not a well-formed SVG document"]


def _zero_width_card(kit: Path) -> list[str]:
    svg = kit / "svg" / "back.svg"
    svg.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="0mm" height="88mm"/>', encoding="utf-8"
    )
    return [f"{svg}: is 0 x 88 mm", "from 1 to 5080 mm a side"]


BROKEN_KITS = {
    "a manifest listing numbers as files": _manifest_files_of_numbers,
    "a manifest deck leaving the kit": _manifest_deck_leaving_the_kit,
    "a manifest that is not UTF-8": _manifest_not_utf8,
    "an SVG without a width": _broken_svg,
    "an SVG cut off": _unclosed_svg,
    "a card 0 mm wide": _zero_width_card,
}


@pytest.mark.parametrize("verb", ["png", "tts"])
@pytest.mark.parametrize("spoil", BROKEN_KITS.values(), ids=BROKEN_KITS.keys())
def test_export_of_a_broken_kit_gives_one_line_and_leaves_it_as_it_was(
    tmp_path, deck_kit, verb, spoil
):
    kit = tmp_path / "kit"
    shutil.copytree(deck_kit, kit)
    expected = spoil(kit)
    before = {path: path.read_bytes() for path in kit.rglob("*") if path.is_file()}
    line = one_error_line(quarry("export", verb, kit))
    for text in expected:
        assert text in line, line
    after = {path: path.read_bytes() for path in kit.rglob("*") if path.is_file()}
    assert after == before


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["all", "--design", "output"], "--design is only for the kit of"),
        (
            ["hunt", "--board", "b.island"],
            "--board is for the kit of island or parforce, not 'hunt'",
        ),
        (["island", "--variant", "v.toml"], "--variant is for the kit of cutthroat, not 'island'"),
        (["island", "--design", "a", "--board", "b"], "give one of --design and --board"),
    ],
)
def test_kit_refuses_a_design_it_cannot_use_in_one_line(tmp_path, args, expected):
    out = tmp_path / "out"
    line = one_error_line(quarry("kit", *args, "--out", out))
    assert expected in line, line
    assert_nothing_written(out)
