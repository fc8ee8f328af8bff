"""Bad input: one clear line on stderr, exit code 2, no traceback, and nothing written.

Every test runs the real CLI in a subprocess (`python -m generator`), as a user would.
"""

import json
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
