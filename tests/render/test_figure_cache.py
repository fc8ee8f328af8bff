"""once_per_arguments: a figure drawn once for each distinct set of arguments, by value."""

from generator.games.parforce.board import default_board
from generator.games.parforce.figures import board_svg
from generator.render.svg import once_per_arguments


def counting():
    calls = []

    @once_per_arguments
    def draw(*args, **kwargs) -> str:
        calls.append((args, kwargs))
        values = {name: list(value) if hasattr(value, "__next__") else value
                  for name, value in kwargs.items()}  # fmt: skip
        return f"<svg>{args!r}{sorted(values.items())!r}</svg>"

    return draw, calls


def test_equal_arguments_draw_once_and_give_the_same_text():
    draw, calls = counting()
    first = draw(20.0, pieces={"stag": 5}, highlight=[1, 2])
    again = draw(20.0, pieces={"stag": 5}, highlight=[1, 2])  # equal, not the same objects
    assert again == first and len(calls) == 1
    assert draw(20.0, pieces={"stag": 6}, highlight=[1, 2]) != first
    assert len(calls) == 2


def test_values_of_another_type_or_order_are_drawn_again():
    draw, calls = counting()
    draw(1)
    draw(1.0)  # equal to 1, but fmt may write it otherwise
    draw(True)
    draw(marks={1: "a", 2: "b"})
    draw(marks={2: "b", 1: "a"})  # a dict's order can be the drawing order
    assert len(calls) == 5


def test_an_iterator_is_drawn_every_time_and_used_whole():
    draw, calls = counting()
    first = draw(highlight=iter([1, 2]))
    second = draw(highlight=iter([1, 2]))
    assert len(calls) == 2 and first == second == draw(highlight=[1, 2])


def test_a_cached_board_is_the_board_drawn_afresh():
    board = default_board()
    for kwargs in ({}, {"pieces": {"S": "e9", "H1": 3}, "marks": {3: "1"}}, {"finished": True}):
        cached = board_svg(board, 20.0, **kwargs)
        assert cached == board_svg.__wrapped__(board, 20.0, **kwargs)
        assert board_svg(board, 20.0, **kwargs) is cached
