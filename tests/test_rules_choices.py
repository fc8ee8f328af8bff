"""The rules pages and the engines stay in step: every point where a page says the engine
goes beyond or against its rule text is a marked **Choice** that quotes the words it settles,
and every rule option an engine knows is one of those Choices, with the values it names
being values the engine accepts.

A rule text is not read here (the repository stands alone); the quoted words are checked
only for being there. The own-words check (tests/test_rule_fingerprints.py) sees that the
pages do not copy more than a few words.
"""

import json
import re
from pathlib import Path

import pytest

from generator.errors import QuarryError
from generator.games import registry

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules"
GAMES = sorted(registry())

# Options the rule texts name themselves, so they settle nothing: the player counts (each
# text gives its range) and Fugitive's variants (the text's own "GAME PLAY VARIANTS").
TEXT_OPTIONS = {
    "island": {"players"},
    "parforce": {"players"},
    "cutthroat": {"players"},
    "fugitive": {"variant"},
    "hunt": set(),
}
MARK = re.compile(r"\*\*Choice(?::\*\*| ?\*\* \()")
QUOTED = re.compile(r'"[^"\n]{3,}"|“[^”\n]{3,}”')
SETTING = re.compile(r"`([a-z_]+)=([^`\s]+)`")
PLACEHOLDER = re.compile(r"[A-Z]|[A-Z]+|<[^>]+>")


def _blocks(page: str) -> list[str]:
    """Return the page's paragraphs and list items (each item with its continuation lines,
    joined by spaces), leaving out code blocks and tables."""
    page = re.sub(r"```.*?```", "", page, flags=re.S)
    blocks, current = [], []
    for line in page.splitlines():
        starts_item = re.match(r"\s*(?:[-*]|\d+\.)\s", line)
        if not line.strip() or line.startswith(("#", "|")) or starts_item:
            if current:
                blocks.append(" ".join(current))
            current = [line.strip()] if line.strip() and not line.startswith(("#", "|")) else []
        else:
            current.append(line.strip())
    if current:
        blocks.append(" ".join(current))
    return blocks


def choices(game: str) -> list[str]:
    """Return the text of every Choice on the game's rules page, each marked `**Choice:**`
    or `**Choice** (`: from the mark to the next one in the same paragraph or list item, or
    to its end. A page's words about Choices ("marked **Choice**") are not one."""
    found = []
    for block in _blocks((RULES / f"{game}.md").read_text(encoding="utf-8")):
        parts = re.split(f"(?={MARK.pattern})", block)
        found += [part for part in parts if MARK.match(part)]
    return found


def _accepts(game: str, name: str, value: str) -> str | None:
    """Return None if the game's replay takes `name` = `value` in a record header (the value
    read as JSON when it is JSON, as text otherwise), else the engine's one-line reason."""
    try:
        read = json.loads(value)
    except ValueError:
        read = value
    header = {"game": game, "rules_version": 1, "options": {name: read}, "seed": 1}
    try:
        registry()[game].state_from_header(header)
    except (QuarryError, ValueError) as error:
        return str(error)
    return None


def test_every_game_has_a_rules_page_with_choices():
    for game in GAMES:
        assert len(choices(game)) >= 5, f"docs/rules/{game}.md marks too few Choices"


@pytest.mark.parametrize("game", GAMES)
def test_every_choice_quotes_the_words_it_settles(game):
    unquoted = [choice[:90] for choice in choices(game) if not QUOTED.search(choice)]
    assert unquoted == [], f"docs/rules/{game}.md: Choices without the quoted words"


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_option_of_the_engine_is_a_choice_on_the_page(game):
    named = set()
    for choice in choices(game):
        named |= set(re.findall(r"`([a-z_]+)(?:=[^`]*)?`", choice))
    options = set(registry()[game].record_options) - TEXT_OPTIONS[game]
    assert sorted(options - named) == [], (
        f"docs/rules/{game}.md: engine options no **Choice** names (in backticks)"
    )


@pytest.mark.parametrize("game", GAMES)
def test_every_option_setting_a_choice_names_is_one_the_engine_accepts(game):
    options = registry()[game].record_options
    settings = [
        (name, value)
        for choice in choices(game)
        for name, value in SETTING.findall(choice)
        if name in options and not PLACEHOLDER.fullmatch(value)
    ]
    refused = {f"{n}={v}": _accepts(game, n, v) for n, v in settings if _accepts(game, n, v)}
    assert refused == {}, f"docs/rules/{game}.md names settings the engine refuses"


def test_the_text_options_are_options_of_their_engines():
    for game, names in TEXT_OPTIONS.items():
        assert names <= set(registry()[game].record_options), game
