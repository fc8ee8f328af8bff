"""Parforcejagd's rulebook: its worked example is a real game, replayed from its record, and
every position it draws is the one its moves leave."""

import copy

import pytest

from generator.errors import QuarryError
from generator.games.parforce.rulebook import (
    EXAMPLE_ROUNDS,
    ExampleRound,
    example_record,
    example_rounds,
    round_words,
    rulebook,
)
from tests.games.rulebook_check import rulebook_pages


@pytest.fixture(scope="module")
def replayed():
    return example_rounds(example_record())


def test_each_round_leaves_the_squares_its_moves_made(replayed):
    """The squares, worked out again from the moves alone: a move puts its piece on the
    square it names, a pass leaves it; the stag moves first in every round."""
    rounds, result, start = replayed
    squares = dict(start)
    assert "over in round" in result and len(rounds) >= EXAMPLE_ROUNDS
    for played in rounds[:EXAMPLE_ROUNDS]:
        assert played.moves[0].startswith("S ")
        for text in played.moves:
            piece, square = text.split()
            if square != "pass":
                squares[piece] = square
        assert played.squares == squares


def test_the_words_name_each_piece_and_its_square_in_order():
    played = ExampleRound(1, ("S g8", "H1 c1", "K f2", "R2 pass"), {})
    assert (
        round_words(played)
        == "The stag to g8; then hound 1 to c1, the handler to f2, rider 2 passes."
    )


def test_a_record_that_does_not_replay_gives_no_example():
    record = copy.deepcopy(example_record())
    record["actions"][0] = "S a1"
    with pytest.raises(QuarryError):
        example_rounds(record)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_rulebook_has_its_cover_setup_rules_and_example(tmp_path, paper):
    texts = rulebook_pages(rulebook(), tmp_path / f"rulebook-{paper}.pdf", paper)
    assert all(f"Round {n}" in texts[-1] for n in range(1, EXAMPLE_ROUNDS + 1))
