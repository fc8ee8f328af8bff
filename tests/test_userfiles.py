"""Every file a user gives Quarry goes through generator/userfiles.py: whatever it holds, a
reader returns what it read or raises one QuarryError line naming the file; never another
exception, never a hang.

The unit tests pin each refusal of userfiles itself. The property tests feed random bytes,
valid files with random bytes spliced in, and deep nesting to every reader: most in process
through the reader functions and through the CLI's own error handling (generator.cli.main),
a few through `python -m generator` itself. Hypothesis is bounded so the file stays quick.
"""

import contextlib
import io
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator import cli, userfiles
from generator.decks import load_deck, render_deck
from generator.engine.records import replay_file
from generator.errors import QuarryError
from generator.export.kitfolder import open_kit
from generator.games import registry
from generator.games.fugitive.cards import load_config, published
from generator.games.island.board import read_island
from generator.games.parforce.board import read_board
from generator.render.layouts import LayoutBook
from generator.render.tiling import read_board_svg

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
BOOK = LayoutBook()


# --- userfiles itself ------------------------------------------------------------------------


def _refusal(call: Callable[[], object]) -> str:
    with pytest.raises(QuarryError) as caught:
        call()
    message = str(caught.value)
    assert "\n" not in message
    return message


def test_a_missing_file_a_folder_and_a_device_are_refused_naming_what_was_expected(tmp_path):
    what = "a deck file (TOML)"
    missing = tmp_path / "missing.toml"
    assert _refusal(lambda: userfiles.read_text(missing, what)) == (
        f"{missing}: file not found; expected a deck file (TOML)"
    )
    assert _refusal(lambda: userfiles.read_text(tmp_path, what)) == (
        f"{tmp_path}: is a folder, expected a deck file (TOML)"
    )
    assert "is not a regular file" in _refusal(lambda: userfiles.read_text("/dev/zero", what))


def test_a_named_pipe_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "deck.toml"
    os.mkfifo(fifo)
    assert "is not a regular file (a device, pipe or socket)" in _refusal(
        lambda: userfiles.read_text(fifo, "a deck file")
    )


def test_a_file_over_its_limit_is_refused_by_its_size_before_it_is_read(tmp_path):
    big = tmp_path / "big.json"
    with big.open("wb") as file:
        file.truncate(5_000_000)  # sparse: nothing is read to find out
    assert _refusal(lambda: userfiles.read_json(big, "a game record (JSON)")) == (
        f"{big}: is 5 MB; a game record (JSON) may be at most 4 MB"
    )
    assert userfiles.size_text(47_234_567) == "47.2 MB"
    assert userfiles.size_text(900) == "900 bytes"


def test_bytes_that_are_not_utf8_are_named_by_line_and_column(tmp_path):
    path = tmp_path / "board.txt"
    path.write_bytes(b"island 1\nsize \xe9\n")
    assert _refusal(lambda: userfiles.read_text(path, "an island board file")) == (
        f"{path}: is not UTF-8 text (byte 0xe9 at line 2, column 6); expected an island "
        "board file, saved as UTF-8"
    )


def test_line_ends_are_read_as_python_text_files_read_them(tmp_path):
    path = tmp_path / "a.txt"
    path.write_bytes(b"one\r\ntwo\rthree\n")
    assert userfiles.read_text(path, "text") == "one\ntwo\nthree\n"


def test_a_file_name_with_a_newline_still_gives_one_line(tmp_path):
    path = tmp_path / "two\nlines.toml"
    message = _refusal(lambda: userfiles.read_toml(path, "a deck file"))
    assert "two\\nlines.toml" in message


@pytest.mark.parametrize(
    ("text", "deep"),
    [
        ("[" * 32 + "]" * 32, False),
        ("[" * 33 + "]" * 33, True),
        ('{"a": "' + "[" * 100 + '"}', False),  # brackets in a string do not count
        ('["\\"' + "[" * 100 + '"]', False),  # nor after an escaped quote
        ('{"a": ' * 40 + "1" + "}" * 40, True),
    ],
)
def test_json_nesting_is_counted_outside_strings(text, deep):
    if deep:
        message = _refusal(lambda: userfiles.loads_json(text, "r.json"))
        assert message.startswith("r.json: arrays and objects nest more than 32 deep (line 1)")
    else:
        userfiles.loads_json(text, "r.json")


@pytest.mark.parametrize(
    ("text", "deep"),
    [
        ("a = " + "[" * 32 + "]" * 32, False),
        ("a = " + "[" * 33 + "]" * 33, True),
        ("a = " + "{b = " * 33 + "1" + "}" * 33, True),
        ("a" + ".b" * 32 + " = 1", False),
        ("a" + ".b" * 33 + " = 1", True),  # tomllib takes time squared in a dotted key
        ("[t" + ".u" * 40 + "]", True),
        ('a = "' + "[" * 40 + "\"\nb = '" + "[" * 40 + "'", False),
        ('a = """\n' + "[" * 40 + '\n"""\n# ' + "[" * 40, False),
        ("a = [" + "1.5, " * 100 + "]", False),  # dots in numbers are not keys
    ],
)
def test_toml_nesting_counts_arrays_inline_tables_and_dotted_keys(text, deep):
    if deep:
        message = _refusal(lambda: userfiles.loads_toml(text, "d.toml"))
        assert "nest more than 32 deep" in message
    else:
        userfiles.loads_toml(text, "d.toml")


def test_numbers_too_long_for_python_are_refused_as_such():
    assert "a number has more than 4300 digits" in _refusal(
        lambda: userfiles.loads_json("1" * 5000, "r.json")
    )
    assert "a number has more than 4300 digits" in _refusal(
        lambda: userfiles.loads_toml("a = " + "1" * 5000, "d.toml")
    )


SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm">{}</svg>'


@pytest.mark.parametrize(
    ("text", "refused"),
    [
        (SVG.format("<g>" * 99 + "</g>" * 99), None),
        (SVG.format("<g>" * 100 + "</g>" * 100), "nests SVG elements more than 100 deep"),
        (SVG.format("<rect/>" * 50_000), "has more than 50000 SVG elements"),
        (SVG.format("<g>"), "is not a well-formed SVG document (mismatched tag"),
        ('<svg width="10mm" height="10mm"/>', "has <svg> as its root element, not an SVG <svg>"),
        ('<html xmlns="http://www.w3.org/2000/svg"/>', "has <html> as its root element"),
        (
            '<!DOCTYPE svg [<!ENTITY e SYSTEM "file:///etc/passwd">]>' + SVG.format("&e;"),
            "declares the external or parameter entity 'e'",
        ),
        ('<!DOCTYPE svg [<!ENTITY % p "x">]>' + SVG.format(""), "parameter entity 'p'"),
        ('<!DOCTYPE svg [<!ENTITY ns "http://x">]>' + SVG.format("&ns;"), None),
    ],
)
def test_svg_depth_elements_and_entities_are_checked_before_parsing(text, refused):
    if refused:
        assert refused in _refusal(lambda: userfiles.check_svg(text, "b.svg"))
    else:
        userfiles.check_svg(text, "b.svg")


def test_billion_laughs_is_refused_by_expat():
    entities = '<!ENTITY a "aaaaaaaaaa">' + "".join(
        f'<!ENTITY {n} "{("&" + p + ";") * 10}">' for p, n in zip("abcdefg", "bcdefgh", strict=True)
    )
    text = f"<!DOCTYPE svg [{entities}]>" + SVG.format("&h;" * 10)
    assert "is not a well-formed SVG document" in _refusal(
        lambda: userfiles.check_svg(text, "b.svg")
    )


# --- every reader, fed anything ---------------------------------------------------------------


def _deck_dir(folder: Path) -> Path:
    """A deck whose front is t.svg.j2 (to be spoiled) in `folder`; return the deck file."""
    folder.mkdir(parents=True, exist_ok=True)
    deck = folder / "deck.toml"
    deck.write_text(
        '[deck]\nname = "D"\nfront = "t.svg.j2"\n\n[[card]]\nname = "A"\nkind = "gear"\ncost = 1\n'
        'text = "x"\n',
        encoding="utf-8",
    )
    return deck


def _kit_copy(source: Path, target: Path) -> Path:
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(source, target)
    return target


@pytest.fixture(scope="module")
def work(tmp_path_factory) -> Path:
    """A folder for the files the property tests write, and a deck kit to spoil."""
    from generator.kit import write_deck_kit

    folder = tmp_path_factory.mktemp("userfiles")
    write_deck_kit(
        EXAMPLES / "custom-deck.toml", folder / "kits", "a4", 1, [], None, "none", (0.0, 0.0)
    )
    _deck_dir(folder / "deck")
    return folder


def _fugitive_config() -> bytes:
    return json.dumps(published().to_json()).encode("utf-8")


# name: (file to write, reader of that file, a valid file's bytes)
READERS: dict[str, tuple[str, Callable[[Path, Path], object], Callable[[], bytes]]] = {
    "deck": (
        "d.toml",
        lambda path, work: load_deck(path, BOOK),
        lambda: (EXAMPLES / "custom-deck.toml").read_bytes(),
    ),
    "layout": (
        "l.toml",
        lambda path, work: LayoutBook([path]),
        lambda: (ROOT / "layouts" / "sheets.toml").read_bytes(),
    ),
    "template": (
        "deck/t.svg.j2",
        lambda path, work: render_deck(load_deck(work / "deck" / "deck.toml", BOOK), 0.0),
        lambda: (EXAMPLES / "templates" / "front.svg.j2").read_bytes(),
    ),
    "board svg": (
        "b.svg",
        lambda path, work: read_board_svg(path),
        lambda: (EXAMPLES / "sample-board.svg").read_bytes(),
    ),
    "record": (
        "r.json",
        lambda path, work: replay_file(registry()["hunt"], path),
        lambda: (EXAMPLES / "hunt-record.json").read_bytes(),
    ),
    "island board": (
        "i.island",
        lambda path, work: read_island(path),
        lambda: (ROOT / "generator/games/island/data/default.island").read_bytes(),
    ),
    "parforce board": (
        "p.board",
        lambda path, work: read_board(path),
        lambda: (ROOT / "generator/games/parforce/data/default.board").read_bytes(),
    ),
    "fugitive deck": ("f.json", lambda path, work: load_config(path), _fugitive_config),
    "manifest": (
        "kits/expedition-supplies/manifest.json",
        lambda path, work: open_kit(path.parent),
        lambda: (_pristine_kit() / "manifest.json").read_bytes(),
    ),
    "kit svg": (
        "kits/expedition-supplies/svg/back.svg",
        lambda path, work: open_kit(path.parent.parent).picture("svg/back.svg", 30.0),
        lambda: (_pristine_kit() / "svg" / "back.svg").read_bytes(),
    ),
}
_PRISTINE: list[Path] = []


def _pristine_kit() -> Path:
    return _PRISTINE[0]


@pytest.fixture(scope="module", autouse=True)
def _pristine(work, tmp_path_factory):
    folder = tmp_path_factory.mktemp("pristine")
    _PRISTINE[:] = [_kit_copy(work / "kits" / "expedition-supplies", folder / "kit")]


def _read(name: str, data: bytes, work: Path) -> None:
    """Write `data` as reader `name`'s file and read it: it returns, or raises a one-line
    QuarryError (any other exception fails the test)."""
    file, reader, _ = READERS[name]
    path = work / file
    path.write_bytes(data)
    try:
        reader(path, work)
    except QuarryError as error:
        message = str(error)
        assert message.strip() and "\n" not in message, message
        raise
    finally:
        if name in ("manifest", "kit svg"):
            path.write_bytes(READERS[name][2]())


# QUARRY_FUZZ_EXAMPLES=1000 runs many more, to hunt (the suite keeps 40).
EXAMPLES_EACH = int(os.environ.get("QUARRY_FUZZ_EXAMPLES", "40"))
FUZZ = settings(
    max_examples=EXAMPLES_EACH,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@pytest.mark.parametrize("name", READERS)
def test_each_reader_reads_its_valid_example(work, name):
    _read(name, READERS[name][2](), work)


@FUZZ
@given(data=st.binary(max_size=3000))
@pytest.mark.parametrize("name", READERS)
def test_random_bytes_give_a_result_or_one_line(work, name, data):
    with contextlib.suppress(QuarryError):
        _read(name, data, work)


@st.composite
def _spliced(draw, valid: bytes) -> bytes:
    """`valid` with up to four runs of random bytes written over, into or out of it."""
    data = bytearray(valid)
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(data)))
        cut = draw(st.integers(0, 16))
        data[at : at + cut] = draw(st.binary(max_size=16))
    return bytes(data)


@FUZZ
@given(data=st.data())
@pytest.mark.parametrize("name", READERS)
def test_a_valid_file_with_random_bytes_spliced_in_gives_a_result_or_one_line(work, name, data):
    spoiled = data.draw(_spliced(READERS[name][2]()))
    with contextlib.suppress(QuarryError):
        _read(name, spoiled, work)


NESTED = {
    "deck": lambda n: b"[deck]\nname = " + b"[" * n + b"]" * n,
    "layout": lambda n: b"[card.x]\nwidth = " + b"{a = " * n + b"1" + b"}" * n,
    "template": lambda n: b"{{ " + b"(" * n + b"1" + b")" * n + b" }}",
    "board svg": lambda n: (
        b'<svg xmlns="http://www.w3.org/2000/svg" width="20mm" height="20mm">'
        + b"<g>" * n
        + b"</g>" * n
        + b"</svg>"
    ),
    "record": lambda n: b'{"header": ' + b"[" * n + b"]" * n + b"}",
    "island board": lambda n: b"island 1\n" + b"[" * n,
    "parforce board": lambda n: b"parforce 1\n" + b"{" * n,
    "fugitive deck": lambda n: b'{"sprint": ' + b'{"a": ' * n + b"1" + b"}" * n + b"}",
    "manifest": lambda n: b'{"quarry": "0", "files": ' + b"[" * n + b"]" * n + b"}",
    "kit svg": lambda n: (
        b'<svg xmlns="http://www.w3.org/2000/svg" width="63mm" height="88mm">'
        + b"<g>" * n
        + b"</g>" * n
        + b"</svg>"
    ),
}


@settings(max_examples=EXAMPLES_EACH // 3, deadline=None, suppress_health_check=list(HealthCheck))
@given(depth=st.integers(min_value=101, max_value=20_000))
@pytest.mark.parametrize("name", READERS)
def test_deep_nesting_is_one_line_naming_the_file(work, name, depth):
    with pytest.raises(QuarryError) as caught:
        _read(name, NESTED[name](depth), work)
    message = str(caught.value)
    assert Path(READERS[name][0]).name in message, message


# --- through the CLI ---------------------------------------------------------------------------


def _in_process(*args: object) -> tuple[int, str]:
    """Run `quarry ARGS` in this process through generator.cli.main; return its exit code
    and what it wrote on stderr (an exception other than SystemExit fails the test)."""
    err, out = io.StringIO(), io.StringIO()
    with (
        mock.patch.object(sys, "argv", ["quarry", *map(str, args)]),
        contextlib.redirect_stderr(err),
        contextlib.redirect_stdout(out),
        pytest.raises(SystemExit) as exit_,
    ):
        cli.main()
    return exit_.value.code, err.getvalue()


def _commands(work: Path) -> dict[str, tuple[str, list[object]]]:
    """For each reader, the file the CLI reads and the command that reads it."""
    out = work / "out"
    kit = work / "kits" / "expedition-supplies"
    return {
        "deck": ("d.toml", ["cards", work / "d.toml", "--out", out]),
        "layout": (
            "l.toml",
            ["cards", EXAMPLES / "custom-deck.toml", "--layout", work / "l.toml", "--out", out],
        ),
        "template": ("deck/t.svg.j2", ["cards", work / "deck" / "deck.toml", "--out", out]),
        "board svg": ("b.svg", ["tile", work / "b.svg", "--out", out]),
        "record": ("r.json", ["replay", "hunt", work / "r.json"]),
        "island board": (
            "i.island",
            ["simulate", "island", "--board", work / "i.island", "--games", 1],
        ),
        "parforce board": (
            "p.board",
            ["simulate", "parforce", "--board", work / "p.board", "--games", 1],
        ),
        "fugitive deck": (
            "f.json",
            ["simulate", "fugitive", "--deck", work / "f.json", "--games", 1],
        ),
        "manifest": ("kits/expedition-supplies/manifest.json", ["export", "png", kit, "--dpi", 72]),
        "kit svg": ("kits/expedition-supplies/svg/back.svg", ["export", "png", kit, "--dpi", 72]),
    }


def _assert_refused_or_run(code: int, err: str, out: Path) -> None:
    assert "Traceback" not in err, err
    assert code in (0, 2), (code, err)
    if code == 2:
        lines = err.splitlines()
        assert len(lines) == 1 and lines[0].startswith("quarry: error: "), err
        assert not out.exists() or not any(out.iterdir()), sorted(out.rglob("*"))


@settings(max_examples=EXAMPLES_EACH // 3, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
@pytest.mark.parametrize("name", READERS)
def test_the_cli_gives_exit_2_and_one_line_for_random_and_deep_files(work, name, data):
    file, args = _commands(work)[name]
    # (valid files with bytes spliced in would mostly run the whole command: the readers'
    # tests above take those)
    spoiled = data.draw(
        st.one_of(st.binary(max_size=2000), st.integers(101, 5000).map(NESTED[name]))
    )
    path = work / file
    out = work / "out"
    shutil.rmtree(out, ignore_errors=True)
    path.write_bytes(spoiled)
    try:
        code, err = _in_process(*args)
    finally:
        if name in ("manifest", "kit svg"):
            path.write_bytes(READERS[name][2]())
    _assert_refused_or_run(code, err, out)
    kit = work / "kits" / "expedition-supplies"
    assert not [p.name for p in kit.iterdir() if p.name.startswith(".")], "no staging left"


@settings(max_examples=3, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.binary(min_size=1, max_size=500), depth=st.integers(101, 50_000))
@pytest.mark.parametrize("name", ["deck", "board svg", "record", "parforce board"])
def test_python_m_generator_gives_exit_2_and_one_line(work, name, data, depth):
    file, args = _commands(work)[name]
    for spoiled in (b"\xff" + data, NESTED[name](depth)):
        (work / file).write_bytes(spoiled)
        out = work / "out"
        shutil.rmtree(out, ignore_errors=True)
        result = subprocess.run(
            [sys.executable, "-m", "generator", *map(str, args)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            stdin=subprocess.DEVNULL,
            timeout=300,
        )
        assert result.returncode == 2, result.stderr
        _assert_refused_or_run(result.returncode, result.stderr, out)


# --- templates built from hostile pieces -------------------------------------------------------

NUMBERS = st.sampled_from(
    ["0", "1", "3", "64", "9999", "10001", "10**6", "10**9", "2**64", "1e999"]
)
ATOMS = (
    st.sampled_from(["'ab'", "fields.text", "card.width", "[1, 2]", "x", "loop.index"]) | NUMBERS
)
FILTERS = st.sampled_from(
    ["center", "indent", "truncate", "wordwrap", "batch", "slice", "join", "list", "string",
     "upper", "replace('', 'xyz')", "format(1)", "tojson", "sum", "sort", "first", "length"]
)  # fmt: skip
EXPRESSIONS = st.recursive(
    ATOMS,
    lambda inner: st.one_of(
        st.tuples(inner, st.sampled_from([" * ", " ** ", " + ", " ~ ", " % "]), inner).map("".join),
        st.tuples(inner, FILTERS).map(lambda t: f"({t[0]})|{t[1]}"),
        st.tuples(inner, FILTERS, NUMBERS).map(lambda t: f"({t[0]})|{t[1].split('(')[0]}({t[2]})"),
        NUMBERS.map(lambda n: f"range({n})"),
        st.tuples(inner, st.sampled_from(["ljust", "center", "zfill", "join", "format"])).map(
            lambda t: f"'{{:>{{}}}}'.{t[1]}({t[0]})"
        ),
    ),
    max_leaves=6,
)
STATEMENTS = st.recursive(
    st.one_of(
        st.just("<g/>"),
        EXPRESSIONS.map(lambda e: f"{{{{ {e} }}}}"),
        EXPRESSIONS.map(lambda e: f"{{% set x = {e} %}}"),
    ),
    lambda inner: st.one_of(
        st.tuples(EXPRESSIONS, st.lists(inner, max_size=3)).map(
            lambda t: f"{{% for x in {t[0]} %}}{''.join(t[1])}{{% endfor %}}"
        ),
        st.lists(inner, max_size=3).map(
            lambda body: "{% macro m(n) %}" + "".join(body) + "{{ m(n) }}{% endmacro %}{{ m(1) }}"
        ),
        st.lists(inner, max_size=3).map(lambda body: f"{{% set x %}}{''.join(body)}{{% endset %}}"),
        st.lists(inner, max_size=3).map(
            lambda body: f"{{% filter upper %}}{''.join(body)}{{% endfilter %}}"
        ),
    ),
    max_leaves=8,
)


@settings(max_examples=EXAMPLES_EACH * 2, deadline=None, suppress_health_check=list(HealthCheck))
@given(body=STATEMENTS)
def test_a_template_of_hostile_pieces_renders_or_is_refused_within_its_limits(work, body):
    template = '{% extends "base/card.svg.j2" %}{% block content %}' + body + "{% endblock %}"
    with contextlib.suppress(QuarryError):
        _read("template", template.encode("utf-8"), work)
