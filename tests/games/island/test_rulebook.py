"""The island's rulebook: its worked example is a real game, replayed from its record, and the
tokens it draws after each turn stand where the record's actions put them."""

import copy
import re

import pytest

from generator.errors import QuarryError
from generator.games.island.cards import KINDS
from generator.games.island.rulebook import (
    BAND,
    EXAMPLE_TURNS,
    SETUP_CELL,
    STEP_CELL,
    example_record,
    example_turns,
    rulebook,
    setup_figure,
    turn_figure,
    turn_words,
)
from generator.games.island.rules import state_from_header
from tests.card_type import words_under
from tests.games.rulebook_check import rulebook_pages

MOVERS = ("sprint", "forced-march", "run-for-cover")  # cards that move their player
_MARK = re.compile(
    r'<rect class="mark" x="([-\d.]+)" y="([-\d.]+)" width="([\d.]+)" height="([\d.]+)"'
    r"[^>]*/><g[^>]*>((?:<text[^>]*>[^<]*</text>)+)</g>"
)


@pytest.fixture(scope="module")
def record():
    return example_record()


@pytest.fixture(scope="module")
def replayed(record):
    return example_turns(record)


def squares_from_actions(record: dict) -> list[dict[int, int]]:
    """Return, for each turn, {player: square} at its end, worked out from the actions
    alone: a start, a camp square, a move and a card that moves someone put that player's
    token on the square they name. The state says only whose action each one is."""
    state = state_from_header(record["header"])
    where: dict[int, int] = {}
    ends = []
    for text in record["actions"]:
        step, turns = state.stack[-1], state.turns
        verb, *args = text.split()
        if verb in ("start", "camp", "move"):
            where[step[1]] = state.island.parse(args[0])
        elif verb == "play" and args[0] in MOVERS and len(args) == 2:
            where[step[1]] = state.island.parse(args[1])
        elif verb == "play" and args[0] == "distraction":
            where[int(args[1])] = state.island.parse(args[2])
        state.apply(state.parse_action(text))
        if turns and (state.turns != turns or state.is_terminal()):
            ends.append(dict(where))
    return ends


def drawn_marks(svg: str, cell: float) -> dict[int, str]:
    """Return {square: label} of the tokens a figure draws, read from its SVG."""
    marks = {}
    for x, y, w, h, texts in _MARK.findall(svg):
        cx, cy = float(x) + float(w) / 2, float(y) + float(h) / 2
        column, row = int((cx - BAND) // cell), int((cy - BAND) // cell)
        label = " ".join(re.findall(r">([^<]*)</text>", texts))
        marks[row * 24 + column] = label
    return marks


def test_each_turn_draws_every_token_where_the_actions_put_it(record, replayed):
    setup, turns, _, island = replayed
    assert island.size == 24
    expected = squares_from_actions(record)
    assert len(turns) == len(expected) and len(turns) >= EXAMPLE_TURNS
    for turn, where in zip(turns[:EXAMPLE_TURNS], expected, strict=False):
        assert {p: s for p, s in enumerate(turn.after) if s is not None} == where
        drawn = drawn_marks(turn_figure(island, turn, setup.hunter), STEP_CELL)
        labels = {}
        for player, square in where.items():
            label = "H" if player == setup.hunter else str(player)
            if turn.roles[player] == "hunter" and player != setup.hunter:
                label = f"H{player}"
            labels.setdefault(square, []).append(label)
        assert {s: sorted(v) for s, v in labels.items()} == {
            s: sorted(v.split()) for s, v in drawn.items()
        }


def test_the_setup_picture_draws_the_camp_and_the_starts_the_record_chose(record, replayed):
    setup, _, _, island = replayed
    starts = [a.split()[1] for a in record["actions"] if a.startswith("start ")]
    camp = next(a.split()[1] for a in record["actions"] if a.startswith("camp "))
    drawn = drawn_marks(setup_figure(island, setup), SETUP_CELL)
    assert sorted(island.name(s) for s, label in drawn.items() if label != "H") == sorted(starts)
    assert [island.name(s) for s, label in drawn.items() if label == "H"] == [camp]


def test_the_example_shows_a_sighting_a_fight_and_a_capture(replayed):
    """What EXAMPLE_SEED was chosen for: its first turns hold each of these."""
    _, turns, result, _ = replayed
    kinds = {e[0] for turn in turns[:EXAMPLE_TURNS] for said in turn.said for e in said.events}
    assert {"seen", "fight", "captured"} <= kinds
    assert result.startswith("over after cycle")


def test_the_words_name_the_moves_the_cards_the_sightings_and_captures(replayed):
    """Every turn of the game, not only those printed: the words say each move, card,
    sighting, capture and trail mark shown, and a mark shows in its own player's turn."""
    setup, turns, _, island = replayed
    for turn in turns:
        words = turn_words(turn, island)
        for said in turn.said:
            verb, *args = said.text.split()
            if verb == "move":
                assert f"to {args[0]}" in words
            if verb in ("play", "draw", "discard"):
                name = KINDS[args[0]].name
                assert name in words or f"{name}s" in words, (name, words)
            for event in said.events:
                if event[0] == "seen":
                    assert f"Player {event[1]} is at {island.name(event[2])}" in words
                if event[0] == "captured":
                    assert f"captures player {event[1]}" in words
                if event[0] == "reveal" and not said.text.startswith("play bloodhound"):
                    assert event[1] == turn.player and f"mark {event[2] + 1}" in words
    first = turn_words(turns[0], island)
    assert "boat crossing" in first and "slips away" in first


def test_a_record_that_does_not_replay_gives_no_example(record):
    tampered = copy.deepcopy(record)
    index = next(i for i, a in enumerate(tampered["actions"]) if a.startswith("move "))
    tampered["actions"][index] = "move A1"  # the sea: nobody may go there
    with pytest.raises(QuarryError):
        example_turns(tampered)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_rulebook_has_its_cover_setup_rules_and_example(tmp_path, paper):
    target = tmp_path / f"rulebook-{paper}.pdf"
    texts = rulebook_pages(rulebook(), target, paper)
    assert words_under(target, 6.0) == []  # every word, footers too, at 6 pt or more
    assert "Also bring" in texts[0] and "6 x mini board" in texts[0]  # the kit's 7 players
    example = texts[-1]
    assert all(f"Turn {n} (cycle" in example for n in range(1, EXAMPLE_TURNS + 1))


def test_the_cover_lists_the_kit_of_the_players_asked_for(replayed):
    contents = rulebook(4).contents
    assert "3 x mini board: each Hunted writes his path on his own" in contents
    assert "4 x player aid: one for each player" in contents
    assert not any("cards.py" in line for line in contents)
