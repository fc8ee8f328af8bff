"""CutThroat!'s rulebook: its worked example is a real game, replayed from its record, and the
markers it draws after each turn are the ones its actions leave."""

import copy

import pytest

from generator.errors import QuarryError
from generator.games.cutthroat.rulebook import (
    EXAMPLE_TURNS,
    ExampleTurn,
    example_record,
    example_turns,
    life_cards_figure,
    rulebook,
    table_figure,
    turn_words,
)
from generator.games.cutthroat.rules import PUBLISHED
from tests.games.rulebook_check import rulebook_pages


@pytest.fixture(scope="module")
def replayed():
    return example_turns(example_record())


def test_each_turn_leaves_the_markers_its_takes_and_puts_made(replayed):
    """The markers, worked out again from the actions alone: each take one off, each put
    one on; a right guess shows the named character's identity."""
    turns, result, dealt = replayed
    ranks = list(dealt.ranks)
    markers = [PUBLISHED.markers] * len(ranks)
    shown = [False] * len(ranks)
    assert "won by" in result
    for turn in turns[:EXAMPLE_TURNS]:
        for text in turn.actions:
            verb, *rest = text.split()
            if verb == "take":
                markers[ranks.index(rest[0])] -= 1
            elif verb == "put":
                markers[ranks.index(rest[0])] += 1
            elif verb == "guess" and dealt.identity[int(rest[0])] == ranks.index(rest[1]):
                shown[ranks.index(rest[1])] = True
        assert list(turn.markers) == markers and list(turn.revealed) == shown
    assert any(shown)  # the example shows a right guess


def test_the_words_count_the_markers_and_say_the_verdict():
    ranks = ["A", "2", "3", "4", "5", "6"]
    turn = ExampleTurn(1, 0, ("play", "take 3", "take 3", "put 2"), (8,) * 6, (False,) * 6)
    assert turn_words(turn, ranks) == (
        "Seat 0 takes two markers off the 3, and puts one back on the 2."
    )
    shown = (True, False, False, False, False, False)
    right = ExampleTurn(4, 3, ("guess 5 A", "take A", "take A", "take 5", "put 3", "put 3"),
                        (8,) * 6, shown)  # fmt: skip
    words = turn_words(right, ranks)
    assert "seat 5 is the A, right" in words
    assert "takes two markers off the A and a marker off the 5, and puts two back on the 3" in words


def test_the_figure_marks_the_changed_cards_and_the_shown_identity():
    svg = life_cards_figure(["A", "2", "3"], (7, 9, 8), (False, True, False), {0, 1})
    assert svg.count('class="life-card"') == 3 and svg.count("#a8322a") == 3  # 2 edges, "shown"


def test_the_setup_picture_lays_out_the_table_the_steps_describe():
    svg = table_figure(["A", "2", "3", "4", "5", "6"], 8, 6)
    assert svg.count('class="emblem emblem-life"') == 6  # a life card a character
    assert svg.count('class="emblem emblem-heart"') == 6  # each with its heart
    assert svg.count('class="marker"') == 6 * 8  # the markers
    assert all(f"seat {n}: identity, enemy, aid" in svg for n in range(6))
    assert "8 markers each" in svg


def test_a_record_that_does_not_replay_gives_no_example():
    record = copy.deepcopy(example_record())
    record["actions"][3] = "take 9"
    with pytest.raises(QuarryError):
        example_turns(record)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_rulebook_has_its_cover_setup_rules_and_example(tmp_path, paper):
    texts = rulebook_pages(rulebook(), tmp_path / f"rulebook-{paper}.pdf", paper)
    assert "reach" not in texts[0]
    assert all(f"Turn {n}" in texts[-1] for n in range(1, EXAMPLE_TURNS + 1))
