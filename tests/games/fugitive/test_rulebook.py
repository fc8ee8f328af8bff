"""Fugitive's rulebook: its worked example is a real game, replayed from its record, and every
row it draws is the replay's."""

import copy

import pytest

from generator.errors import QuarryError
from generator.games.fugitive.rulebook import (
    EXAMPLE_ROUNDS,
    contents,
    example_record,
    example_rounds,
    fugitive_words,
    marshal_words,
    rulebook,
    setup_figure,
)
from generator.games.fugitive.table import needs
from tests.games.rulebook_check import rulebook_pages


@pytest.fixture(scope="module")
def replayed():
    return example_rounds(example_record())


def test_each_round_leaves_the_row_its_actions_made(replayed):
    """The rows, worked out again from the actions alone: each hide adds a card with as many
    Sprint cards as it names; a guess is right when every number it names is hidden and not
    found yet, and turns those cards face up."""
    rounds, result, dealt = replayed
    assert {1, 2, 3, 42} <= set(dealt) and len(dealt) == 9 and "wins" in result
    hidden: list[tuple[int, int]] = []  # (number, Sprint cards) in row order
    found: set[int] = set()
    for played in rounds[:EXAMPLE_ROUNDS]:
        for text in played.fugitive:
            words = text.split()
            if words[0] == "hide":
                hidden.append((int(words[1]), len(words) - 3 if len(words) > 2 else 0))
                # the hand is shown before the turn's draw: the first turn has none
                assert played.number > 1 or int(words[1]) in played.hand
        for text in played.marshal:
            if text.startswith("guess"):
                numbers = {int(n) for n in text.split()[1:]}
                if numbers <= {n for n, _ in hidden} - found:
                    found |= numbers
        row = played.row["row"]
        assert row[0] == {"number": 0, "sprint": []} and len(row) == 1 + len(hidden)
        for card, (number, sprints) in zip(row[1:], hidden, strict=True):
            if number in found:
                assert card["number"] == number and len(card["sprint"]) == sprints
            else:
                assert "number" not in card and card["sprint_count"] == sprints
    assert found  # the example shows the Marshal finding a Hideout


def test_the_words_name_the_sprint_cards_and_the_verdicts():
    assert fugitive_words(("hide 3", "hide 8 sprint 2")) == (
        "The Fugitive hides the 3 face down, then hides the 8 face down with the 2 (+2) "
        "beneath it as Sprint card."
    )
    row = {"row": [{"number": 0, "sprint": []}, {"number": 3, "sprint": [], "turn": 1}]}
    assert marshal_words(("draw 1", "guess 3"), row) == (
        "The Marshal draws from pile 1 (4-14), then guesses 3, right: turned face up."
    )
    assert "guesses 5, wrong" in marshal_words(("guess 5",), row)


def test_a_record_that_does_not_replay_gives_no_example():
    record = copy.deepcopy(example_record())
    record["actions"][1] = "hide 41"
    with pytest.raises(QuarryError):
        example_rounds(record)


def test_the_contents_fold_the_events_into_one_line():
    lines = contents(needs(2, None).pieces)
    assert lines[0].startswith("43 x Hideout card")
    assert sum(line.count("Event card") for line in lines) == 1
    assert not [line for line in lines if "with Sprint" in line]


def test_the_setup_picture_shows_three_piles_the_start_and_the_hand(replayed):
    _, _, dealt = replayed
    svg = setup_figure(dealt)
    assert svg.count("pile ") == 3 and "the row starts here" in svg
    assert svg.count('class="feet"') >= len(dealt)  # every card of the hand face up


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_rulebook_has_its_cover_setup_rules_and_example(tmp_path, paper):
    texts = rulebook_pages(rulebook(), tmp_path / f"rulebook-{paper}.pdf", paper)
    assert len(texts) == 4
    assert all(f"Round {n}" in texts[3] for n in range(1, EXAMPLE_ROUNDS + 1))
