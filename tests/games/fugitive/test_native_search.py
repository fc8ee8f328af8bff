"""The C port of the layered search (layered_search.c) gives exactly what the Python search
gives: the same weights for every value, the same refusal when nothing fits, and it hands
back the tables it does not handle."""

import random
import threading
from dataclasses import replace

import pytest

from generator.games.fugitive import native_search
from generator.games.fugitive.deduction import _kind_table, search_values, search_values_python
from generator.games.fugitive.marshal_facts import Inconsistent, read_table

from .conftest import positions


def test_the_install_built_the_c_search():
    assert native_search.available(), f"the C search did not load: {native_search.problem}"


def test_a_library_built_from_another_source_is_not_loaded(tmp_path):
    library = tmp_path / native_search.LIBRARY.name
    library.write_bytes(native_search.LIBRARY.read_bytes())
    source = tmp_path / native_search.SOURCE.name
    source.write_bytes(native_search.SOURCE.read_bytes())
    assert native_search.load(library, source)[0] is not None
    source.write_bytes(native_search.SOURCE.read_bytes() + b"/* edited */\n")
    function, problem = native_search.load(library, source)
    assert function is None and "older" in problem


def weights_by_c(table):
    return native_search.native_weights(table, _kind_table(table.sprint), Inconsistent)


@pytest.fixture(scope="module")
def tables(mid_game):
    """Mid-game tables of the session's positions and of longer games (up to 6 face-down)."""
    found = [read_table(view) for view, _ in mid_game]
    found += [read_table(view) for view, _ in positions(300, seed=5000)]
    return found


def test_the_c_search_gives_the_python_searchs_weights_on_game_tables(tables):
    assert max(len(t.hidden) for t in tables) >= 5
    for table in tables:
        weights = weights_by_c(table)
        assert weights is not None
        assert search_values(table) == search_values_python(table)


def test_the_c_search_matches_on_tables_with_facts_added_at_random(tables):
    # Exclusions, parities and series facts the games rarely produce, on the same tables.
    rng = random.Random(11)
    checked = 0
    for table in tables[::3]:
        hidden = range(len(table.hidden))
        excluded = tuple(e | set(rng.sample(range(1, 42), 4)) for e in table.excluded)
        parity = tuple(rng.choice((None, 0, 1)) for _ in hidden)
        numbers = frozenset(rng.sample(sorted(table.unknown - {42}), 2))
        series = ((numbers, tuple(hidden)),)
        changed = replace(table, excluded=excluded, parity=parity, not_all=series)
        try:
            expected = search_values_python(changed)
        except Inconsistent as error:
            with pytest.raises(Inconsistent, match=str(error)):
                weights_by_c(changed)
            continue
        assert weights_by_c(changed) is not None
        assert search_values(changed) == expected
        checked += 1
    assert checked >= 50


def test_the_c_search_refuses_what_the_python_search_refuses(tables):
    table = next(t for t in tables if len(t.hidden) >= 2)
    every_number = tuple(frozenset(range(1, 42)) for _ in table.hidden)
    with pytest.raises(Inconsistent, match="no assignment"):
        search_values_python(replace(table, excluded=every_number))
    with pytest.raises(Inconsistent, match="no assignment"):
        weights_by_c(replace(table, excluded=every_number))


def test_a_table_beyond_the_c_search_goes_to_the_python_search(tables):
    # 33 series facts of two numbers need 66 bits; the C search keeps 64.
    table = next(t for t in tables if len(t.hidden) >= 2)
    numbers = sorted(table.unknown - {42})
    pairs = [frozenset(numbers[i : i + 2]) for i in range(33)]
    assert len(set(pairs)) == 33
    many = replace(table, not_all=tuple((pair, (0, 1)) for pair in pairs))
    assert weights_by_c(many) is None
    assert search_values(many) == search_values_python(many)


def test_hand_made_facts_out_of_range_go_to_the_python_search(tables):
    # read_table never writes these; the C search must not trust them.
    table = next(t for t in tables if len(t.hidden) >= 2)
    m = len(table.hidden)
    for odd in (
        replace(table, limits=((0, m + 1, 1),)),
        replace(table, limits=((3, 1, 1),)),
        replace(table, not_all=((frozenset({5, 6}), (m,)),)),
        replace(table, not_all=((frozenset(), (0,)),)),
    ):
        assert weights_by_c(odd) is None


def test_two_threads_searching_at_once_each_get_their_own_answers(tables):
    # ctypes lets the other thread run during a call: each call needs its own answer buffer.
    chosen = [t for t in tables if len(t.hidden) >= 2][:40]
    expected = [search_values_python(t) for t in chosen]
    wrong = []

    def work(offset: int) -> None:
        for _ in range(100):
            for table, answer in zip(chosen[offset::2], expected[offset::2], strict=True):
                if search_values(table) != answer:
                    wrong.append(table)

    threads = [threading.Thread(target=work, args=(k,)) for k in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not wrong
