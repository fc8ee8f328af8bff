"""The Hunt's rulebook: its worked example is a real hunt, replayed from its record, and every
position it draws is the replay's."""

import copy
import re

import pytest

from generator.errors import QuarryError
from generator.games.hunt.maps import LOCATIONS
from generator.games.hunt.rulebook import (
    EXAMPLE_TURNS,
    example_record,
    example_turns,
    position_figure,
    rulebook,
    turn_words,
)
from tests.games.rulebook_check import rulebook_pages


@pytest.fixture(scope="module")
def replayed():
    return example_turns(example_record())


def test_every_example_turn_follows_the_map_and_the_search(replayed):
    route_map, turns, result = replayed
    assert "Dragon" in result and len(turns) >= EXAMPLE_TURNS
    for turn, following in zip(turns, turns[1:], strict=False):
        record = turn.record
        assert turn.after == route_map.step(turn.before, record.move == "fly")
        assert record.encounter == (turn.after in record.search)
        assert following.before == turn.after  # he moves on from where he stood
        assert following.record.town == (turn.after == LOCATIONS.index("town"))


def test_each_figure_marks_the_dragons_place_and_the_searches(replayed):
    route_map, turns, _ = replayed
    for turn in turns[:EXAMPLE_TURNS]:
        svg = position_figure(route_map, turn)
        assert svg.count('class="mark D"') == 1
        assert svg.count('class="mark K"') == len(turn.record.search)


def test_the_words_say_the_move_the_places_and_the_count_in_a_row(replayed):
    _, turns, _ = replayed
    first = turns[0]
    words = turn_words(first, 1 if first.record.encounter else 0)
    assert ("flies" if first.record.move == "fly" else "walks") in words
    assert "Yes: one point" in words  # the Dragon starts the hunt in Town


def test_a_record_that_does_not_replay_gives_no_example():
    record = copy.deepcopy(example_record())
    record["actions"][2] = "search nowhere"
    with pytest.raises(QuarryError):
        example_turns(record)
    record = copy.deepcopy(example_record())
    record["log"][0]["encounter"] = not record["log"][0]["encounter"]
    with pytest.raises(QuarryError):
        example_turns(record)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_rulebook_has_its_cover_setup_rules_and_example(tmp_path, paper, replayed):
    texts = rulebook_pages(rulebook(), tmp_path / f"rulebook-{paper}.pdf", paper)
    assert len(texts) == 4 and "1. " in texts[1]
    for n in range(1, EXAMPLE_TURNS + 1):
        assert f"Turn {n}" in texts[3]
    assert re.search(r"Turn 1 Is the Dragon in Town\? Yes", texts[3])
