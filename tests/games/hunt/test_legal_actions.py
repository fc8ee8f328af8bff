"""The Dragon's choice of route map is every legal map by index, decoded on demand: the same
actions, in the same order, as the list of every row of maps.map_table."""

import random
import subprocess
import sys
from itertools import islice

import pytest

from generator.games.hunt.maps import LAIR, NO_ARROW, TOWN, RouteMap, map_table
from generator.games.hunt.rules import ChooseMap, Move, new_hunt


def listed_the_old_way(loops: bool, rows) -> list[ChooseMap]:
    """Return ChooseMap of the given rows of map_table, read from the table itself."""
    walk, fly = map_table(loops)
    return [
        ChooseMap(RouteMap(tuple(int(v) for v in walk[i]), tuple(int(v) for v in fly[i])))
        for i in rows
    ]


def test_without_loops_the_whole_sequence_is_the_old_list():
    actions = new_hunt(False).legal_actions()
    assert len(actions) == 82_944
    assert list(actions) == listed_the_old_way(False, range(82_944))


@pytest.mark.parametrize("loops", [False, True])
def test_length_indexing_and_iteration_agree_with_the_table(loops):
    actions = new_hunt(loops).legal_actions()
    count = len(map_table(loops)[0])
    rows = sorted(random.Random(5).sample(range(count), 300)) + [0, count - 1]
    assert len(actions) == count
    assert [actions[i] for i in rows] == listed_the_old_way(loops, rows)
    assert actions[-1] == listed_the_old_way(loops, [count - 1])[0]
    assert list(islice(actions, 2000)) == listed_the_old_way(loops, range(2000))
    assert actions[1000:1010] == listed_the_old_way(loops, range(1000, 1010))


@pytest.mark.parametrize("loops", [False, True])
def test_every_listed_map_is_in_it_and_a_seeded_choice_picks_the_same_map(loops):
    actions = new_hunt(loops).legal_actions()
    count = len(actions)
    rows = random.Random(8).sample(range(count), 200)
    assert all(choice in actions for choice in listed_the_old_way(loops, rows))
    for seed in range(10):
        index = random.Random(seed).randrange(count)
        assert random.Random(seed).choice(actions) == listed_the_old_way(loops, [index])[0]


LOOP_AT_TOWN = RouteMap((TOWN, TOWN, TOWN, TOWN, NO_ARROW), (LAIR, LAIR, LAIR, LAIR, TOWN))
INTO_THE_LAIR = RouteMap((LAIR, 0, 1, 2, NO_ARROW), (LAIR, LAIR, LAIR, LAIR, TOWN))
OUT_OF_THE_LAIR = RouteMap((1, 2, 3, 0, TOWN), (LAIR, LAIR, LAIR, LAIR, TOWN))


def test_an_illegal_map_or_another_kind_of_action_is_not_in_it():
    without, with_loops = new_hunt(False).legal_actions(), new_hunt(True).legal_actions()
    assert ChooseMap(LOOP_AT_TOWN) not in without and ChooseMap(LOOP_AT_TOWN) in with_loops
    for illegal in (INTO_THE_LAIR, OUT_OF_THE_LAIR, RouteMap((1, 2), (0,))):
        assert ChooseMap(illegal) not in without and ChooseMap(illegal) not in with_loops
    assert Move(True) not in without and "map" not in without


def test_a_random_hunt_chooses_its_map_without_numpy(root):
    code = (
        "import random, sys; from generator.games.hunt.rules import new_hunt; "
        "state = new_hunt(True); rng = random.Random(4)\n"
        "while not state.is_terminal(): state.apply(rng.choice(state.legal_actions()))\n"
        "print(state.route_map.fly, 'numpy' in sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip().endswith(") False")
