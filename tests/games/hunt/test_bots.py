"""Hunt bots: the Knight reads only his observation, his belief is exact, the bots play well
enough to matter, and simulated results do not depend on the number of workers."""

import numpy as np
import pytest

from generator.engine.game import IllegalAction
from generator.engine.records import replay
from generator.engine.stats import wilson
from generator.games.hunt.bots import (
    UNKNOWN,
    CunningDragon,
    ExactKnight,
    RandomDragon,
    RandomKnight,
    dragon_score_against_knight,
    hunt_metrics,
    match_metrics,
    play_hunt,
    play_match,
    play_one_hunt,
    play_one_match,
    simulate_hunt,
)
from generator.games.hunt.maps import LAIR, TOWN, map_at, map_table
from generator.games.hunt.match import new_match
from generator.games.hunt.rules import (
    KNIGHT,
    CallAide,
    ChooseMap,
    DragonView,
    KnightView,
    Move,
    Search,
    new_hunt,
    parse_action,
)

# A Knight who calls an aide on every aide turn (the best one by his estimate), so that the
# Tracker, the Militia and the Wizard all reach the belief in these tests.
EAGER = {3: -10.0, 9: -10.0, 15: -10.0}


def _state_after(route_map, public_actions, loops=False):
    """Replay the public actions (everything but the map) on a hunt with `route_map`."""
    state = new_hunt(loops)
    state.apply(ChooseMap(route_map))
    for text in public_actions:
        state.apply(parse_action(text))
    return state


def _true_hypothesis_survives(knight, route_map, place, loops):
    """Return True if some hypothesis of the Knight agrees with every arrow of `route_map`
    it knows and puts the Dragon at `place`."""
    arrows, weight, loc = knight.belief.hypotheses
    true = np.array([*route_map.walk[:4], *route_map.fly, -3], dtype=np.int8)
    agrees = ((arrows == true) | (arrows == UNKNOWN)).all(axis=1) & (loc == place)
    return bool(agrees.any()) and int(weight.sum()) <= len(map_table(loops)[0])


def _brute_force_mask(actions, loops):
    """Return the maps consistent with the public record of `actions`, by filtering every
    map of map_table with the rules written out again (an independent implementation)."""
    walk, fly = map_table(loops)
    walk, fly = walk.astype(np.int64), fly.astype(np.int64)
    everyone = np.arange(len(walk))
    alive = np.ones(len(walk), dtype=bool)
    loc = np.full(len(walk), TOWN)
    state = new_hunt(loops)
    state.apply(parse_action(actions[0]))
    seen = 0
    for text in actions[1:]:
        while seen < len(state.log):  # a turn began: the Town flag
            alive &= (loc == TOWN) == state.log[seen].town
            seen += 1
        action = parse_action(text)
        state.apply(action)
        record = state.log[seen - 1]
        if isinstance(action, CallAide) and action.aide == "tracker":
            alive &= loc == record.revealed
        elif isinstance(action, CallAide) and action.aide == "wizard":
            a, b = action.wizard_pair
            forward = (walk[:, a] == b).astype(int) + (fly[:, a] == b)
            back = (walk[:, b] == a).astype(int) + (fly[:, b] == a)
            wanted = sum(1 for s, _ in record.wizard if s == a)
            alive &= (forward == wanted) & (back == len(record.wizard) - wanted)
        elif isinstance(action, Move):
            if action.fly:
                loc = fly[everyone, loc]
            else:
                alive &= loc != LAIR
                loc = walk[everyone, np.where(loc == LAIR, 0, loc)]
        elif isinstance(action, Search):
            here = np.isin(loc, action.places)
            if record.encounter:
                alive &= here
                if len(action.places) == 2:
                    alive &= loc == record.revealed
            else:
                alive &= ~here
    while seen < len(state.log):
        alive &= (loc == TOWN) == state.log[seen].town
        seen += 1
    return alive


def _public_log(state):
    return [record.to_json() for record in state.log]


# --- the Knight sees only his observation -------------------------------------------------
@pytest.mark.parametrize("seed", [3, 11, 27])
def test_the_knights_decision_depends_only_on_his_observation(seed):
    """Two hunts that differ only in the hidden map (and so the hidden place) but show the
    Knight the same view get the same decisions from Knights with the same seed."""
    state, actions = play_hunt(RandomDragon(), ExactKnight(margins=EAGER), False, seed)
    true_map, public = state.route_map, actions[1:]
    # find a search decision (turn 4 or later) where another possible map hides the Dragon
    # somewhere else
    knight = ExactKnight(margins=EAGER)
    knight.start(False, 99)
    replaying = _state_after(true_map, [])
    cut, other = None, None
    for step, text in enumerate(public):
        if replaying.current_player() == KNIGHT:
            knight.act(replaying.knight_view())
            if replaying.phase == "search" and replaying.turn >= 4:
                for index in knight.belief.map_indices()[:400].tolist():
                    candidate = map_at(index, False)
                    if _state_after(candidate, public[:step]).place != replaying.place:
                        cut, other = step, candidate
                        break
                if cut is not None:
                    break
        replaying.apply(parse_action(text))
    assert other is not None and other != true_map
    first, second = _state_after(true_map, public[:cut]), _state_after(other, public[:cut])
    assert first.place != second.place
    assert first.knight_view() == second.knight_view()
    knights = [ExactKnight(margins=EAGER), ExactKnight(margins=EAGER)]
    decisions: list[list] = [[], []]
    for side, route_map in enumerate((true_map, other)):
        knights[side].start(False, 5)
        state = _state_after(route_map, [])
        for text in public[: cut + 1]:
            if state.current_player() == KNIGHT:
                decisions[side].append(knights[side].act(state.knight_view()))
            state.apply(parse_action(text))
    assert decisions[0] == decisions[1]
    assert len(decisions[0]) >= 4


def test_the_knight_is_deterministic_given_his_seed():
    first = play_hunt(RandomDragon(), ExactKnight(), False, 8)[1]
    assert play_hunt(RandomDragon(), ExactKnight(), False, 8)[1] == first


# --- the Knight's belief is exact ---------------------------------------------------------
class _CheckingKnight(ExactKnight):
    """An ExactKnight that the test lets peek at the truth, only to check his belief."""

    truth = None  # the hunt being played

    def act(self, view):
        action = super().act(view)
        state = self.truth
        assert _true_hypothesis_survives(self, state.route_map, state.place, state.loops)
        return action


def test_the_true_map_always_stays_in_the_knights_belief():
    """Soundness: over many hunts, with every aide in play, the true map and the Dragon's
    true place are never ruled out."""
    knight = _CheckingKnight(margins=EAGER)
    dragon = RandomDragon()
    aides = set()
    for seed in range(60):
        loops = seed % 10 == 9
        state = new_hunt(loops)
        dragon.start(loops, seed)
        knight.start(loops, seed + 1000)
        knight.truth = state
        while not state.is_terminal():
            if state.current_player() == KNIGHT:
                state.apply(knight.act(state.knight_view()))
            else:
                state.apply(dragon.act(state.observation(0)))
        aides.update(state.aides_used)
    assert aides == {"tracker", "militia", "wizard"}


@pytest.mark.parametrize(("seed", "loops"), [(1, False), (4, False), (6, False), (2, True)])
def test_the_knights_belief_is_every_map_consistent_with_the_public_log(seed, loops):
    """Completeness and soundness against two independent checks: a brute-force filter of
    every map, and replaying the public actions on hunts with surviving and dead maps."""
    knight = ExactKnight(margins=EAGER)
    state, actions = play_hunt(RandomDragon(), knight, loops, seed)
    knight.belief.observe(state.knight_view().log)  # the last search's outcome too
    mask = knight.belief.mask()
    assert mask.sum() == knight.belief.size()
    assert np.array_equal(mask, _brute_force_mask(actions, loops))
    rng = np.random.default_rng(seed)
    alive, dead = np.flatnonzero(mask), np.flatnonzero(~mask)
    expected = _public_log(state)
    for index in rng.choice(alive, min(40, len(alive)), replace=False).tolist():
        assert _public_log(_state_after(map_at(index, loops), actions[1:], loops)) == expected
    for index in rng.choice(dead, 40, replace=False).tolist():
        try:
            other = _state_after(map_at(index, loops), actions[1:], loops)
        except IllegalAction:
            continue  # e.g. a Walk from the Lair
        assert _public_log(other) != expected


def test_belief_counts_add_up_to_the_number_of_possible_maps():
    knight = ExactKnight()
    knight.start(False, 0)
    state = new_hunt()
    state.apply(ChooseMap(map_at(1234, False)))
    state.apply(Move(False))
    knight.act(state.knight_view())
    counts = knight.belief_counts()
    assert counts.sum() == knight.belief.size() == 82_944
    assert counts[TOWN] == 0 and counts[LAIR] == 0  # a Walk from Town, no loops
    assert counts[1] == counts[2] == counts[3] == 82_944 // 3


# --- the bots play well enough to matter --------------------------------------------------
def test_the_exact_knight_vanquishes_far_more_often_than_the_random_knight():
    games = 200
    exact = [play_one_hunt(s, knight="exact", dragon="random") for s in range(games)]
    blind = [play_one_hunt(s, knight="random", dragon="random") for s in range(games)]
    exact_low, _ = wilson(sum(r["vanquished"] for r in exact), games)
    _, blind_high = wilson(sum(r["vanquished"] for r in blind), games)
    assert exact_low > blind_high + 0.4


def test_the_random_knight_never_calls_an_aide():
    results = [play_one_hunt(s, knight="random", dragon="random") for s in range(50)]
    assert all(r["aides_used"] == 0 for r in results)


def test_the_cunning_dragon_plays_his_given_map_and_scores_it():
    route_map = map_at(4321, False)
    dragon = CunningDragon(candidates=[route_map])
    state, actions = play_hunt(dragon, ExactKnight(), False, 3)
    assert state.route_map == route_map
    assert parse_action(actions[0]) == ChooseMap(route_map)
    score = dragon_score_against_knight(route_map, 20, 7, False)
    assert set(score) == {"value", "ci95"}
    assert score["ci95"][0] <= score["value"] <= score["ci95"][1]
    assert dragon_score_against_knight(route_map, 20, 7, False) == score


def test_a_played_hunt_replays_from_its_actions():
    for seed in range(5):
        state, actions = play_hunt("cunning", RandomKnight(), seed % 2 == 1, seed)
        again = new_hunt(state.loops)
        assert replay(again, actions, lambda s: s.turn) is None
        assert again.dragon_score() == state.dragon_score() and again.is_terminal()


def test_a_hunt_played_without_its_record_ends_as_the_recorded_one():
    for seed in range(4):
        state, actions = play_hunt("cunning", "exact", seed % 2 == 1, seed)
        bare, none = play_hunt("cunning", "exact", seed % 2 == 1, seed, record=False)
        assert none == [] and len(actions) > 10
        assert bare.log == state.log and bare.dragon_score() == state.dragon_score()


class _Watched:
    """A bot that keeps every observation it is given, then lets `bot` act."""

    def __init__(self, bot):
        self.bot, self.seen = bot, []

    def start(self, loops, seed):
        self.bot.start(loops, seed)

    def act(self, view):
        self.seen.append(view)
        return self.bot.act(view)


def test_in_a_match_each_bot_sees_only_its_roles_view_of_the_hunt():
    a_dragon, b_knight = _Watched(CunningDragon()), _Watched(ExactKnight())
    b_dragon, a_knight = _Watched(RandomDragon()), _Watched(RandomKnight())
    state, actions = play_match(((a_dragon, a_knight), (b_dragon, b_knight)), False, 3)
    assert state.is_terminal()
    for knight in (a_knight, b_knight):
        assert knight.seen and all(isinstance(v, KnightView) for v in knight.seen)
    for dragon in (a_dragon, b_dragon):
        assert dragon.seen and all(isinstance(v, DragonView) for v in dragon.seen)
    # seat A's Dragon played the first hunt only, seat B's the second only
    second = [i for i, a in enumerate(actions) if a.startswith("map ")][1]
    dragon_moves = [a.split()[0] in ("map", "walk", "fly") for a in actions]
    assert len(a_dragon.seen) == sum(dragon_moves[:second])
    assert len(b_dragon.seen) == sum(dragon_moves[second:])
    assert {v.route_map for v in a_dragon.seen} == {None, state.hunts[0].route_map}
    assert {v.route_map for v in b_dragon.seen} == {None, state.hunts[1].route_map}


def test_a_played_match_replays_from_its_actions_to_the_same_winner():
    for seed in range(3):
        state, actions = play_match((("cunning", "exact"), ("random", "random")), False, seed)
        again = new_match(False)
        assert replay(again, actions, lambda s: s.turn) is None
        assert again.is_terminal() and again.winner() == state.winner()
        assert again.dragon_scores() == state.dragon_scores()
        assert sum(a.startswith("map ") for a in actions) == 2


def test_a_match_is_a_pure_function_of_its_seed():
    seats = (("cunning", "exact"), ("cunning", "exact"))
    assert play_match(seats, False, 11)[1] == play_match(seats, False, 11)[1]
    assert play_one_match(11, "exact", "cunning") == play_one_match(11, "exact", "cunning")


def test_match_metrics_count_wins_by_seat_and_draws():
    results = [
        {"a_wins": True, "b_wins": False, "draw": False, "a_score": 7, "b_score": 5},
        {"a_wins": False, "b_wins": True, "draw": False, "a_score": 2, "b_score": 6},
        {"a_wins": False, "b_wins": False, "draw": True, "a_score": 4, "b_score": 4},
        {"a_wins": True, "b_wins": False, "draw": False, "a_score": 9, "b_score": 3},
    ]
    metrics = match_metrics(results)
    assert metrics["seat_a_wins"]["value"] == 0.5 and metrics["seat_b_wins"]["value"] == 0.25
    assert metrics["draws"]["value"] == 0.25
    assert metrics["seat_a_wins"]["ci95"] == list(wilson(2, 4))
    assert metrics["seat_a_score"]["value"] == 5.5
    assert metrics["seat_a_points"]["value"] == (1 + 0 + 0.5 + 1) / 4  # a draw is half a win


def test_simulated_matches_do_not_depend_on_the_number_of_workers():
    one = simulate_hunt(12, 5, jobs=1, knight="exact", dragon="cunning", match=True)
    assert one == simulate_hunt(12, 5, jobs=2, knight="exact", dragon="cunning", match=True)
    assert one["match"] is True
    assert set(one["metrics"]) == {
        "seat_a_wins",
        "seat_b_wins",
        "draws",
        "seat_a_score",
        "seat_b_score",
        "seat_a_points",
    }
    shares = sum(one["metrics"][k]["value"] for k in ("seat_a_wins", "seat_b_wins", "draws"))
    assert shares == pytest.approx(1.0)


def test_unknown_bot_names_are_refused():
    with pytest.raises(ValueError, match="unknown knight"):
        simulate_hunt(2, 1, knight="psychic")
    with pytest.raises(ValueError, match="unknown dragon"):
        simulate_hunt(2, 1, dragon="wyrm")


# --- simulation ---------------------------------------------------------------------------
def test_simulated_hunts_do_not_depend_on_the_number_of_workers():
    one = simulate_hunt(24, 5, jobs=1, knight="exact", dragon="cunning")
    two = simulate_hunt(24, 5, jobs=2, knight="exact", dragon="cunning")
    assert one == two
    assert one["game"] == "hunt" and one["games"] == 24 and one["knight"] == "exact"
    assert set(one["metrics"]) == {
        "vanquish_rate",
        "dragon_score",
        "town_points",
        "aides_used",
        "turns",
    }
    assert simulate_hunt(24, 6, knight="exact", dragon="cunning") != one


def test_hunt_metrics_give_values_inside_their_intervals():
    results = [
        {"dragon_score": 2, "vanquished": True, "town_points": 2, "aides_used": 0, "turns": 9},
        {"dragon_score": 8, "vanquished": False, "town_points": 3, "aides_used": 0, "turns": 15},
    ]
    metrics = hunt_metrics(results)
    assert metrics["vanquish_rate"]["value"] == 0.5
    assert metrics["dragon_score"]["value"] == 5.0
    for metric in metrics.values():
        low, high = metric["ci95"]
        assert low <= metric["value"] <= high
