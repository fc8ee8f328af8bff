"""The island's bots see only their View, and play better than chance."""

import random

import pytest

from generator.engine.bitboards import bits
from generator.engine.game import CHANCE
from generator.engine.simulate import game_seeds
from generator.games.island.board import default_island
from generator.games.island.bots import (
    IslandBot,
    Tracker,
    game_result,
    island_metrics,
    play_game,
    simulate_island,
)
from generator.games.island.rules import HUNTER, IslandState
from tests.games.island.conftest import new_game, play

VIEW_FIELDS = ("player", "role", "hunter_squares", "points", "hand_sizes", "hand", "square")
VIEW_FIELDS += ("shown_starts",)


def _view_fields(view):
    return {name: getattr(view, name) for name in VIEW_FIELDS + ("marks", "traps", "decision")}


def _hidden_twin(state: IslandState, x: int, square: str) -> IslandState:
    """Return a copy of `state` where Hunted x stands elsewhere with another hand: what
    nobody else may see differs, the public log is the same."""
    twin = state.clone()
    twin.pos[x] = state.island.parse(square)
    twin.marks[x][-1] = twin.pos[x]
    twin.hand[x] = ["dodge"] * len(state.hand[x])
    return twin


def test_a_hunter_view_does_not_change_when_only_hidden_squares_change(small):
    state = new_game(small)
    play(state, "draw camp-stores", "roll 1")
    twin = _hidden_twin(state, 1, "C13")
    assert _view_fields(state.observation(0)) == _view_fields(twin.observation(0))
    assert state.observation(0).log == twin.observation(0).log
    assert _view_fields(state.observation(1)) != _view_fields(twin.observation(1))


def bot_step(state: IslandState, bots, rng: random.Random) -> None:
    """Play one action: chance by `rng`, a player's by his bot."""
    p = state.current_player()
    if p == CHANCE:
        state.apply(state.sample_chance(rng))
    else:
        state.apply(bots[p].choose(state.observation(p), state.legal_actions()))


def _hunter_to_decide(state: IslandState) -> list[int]:
    """Return the Hunted out of sight when a Hunter is to decide (else [])."""
    p = state.current_player()
    if state.is_terminal() or p == CHANCE or state.role[p] != HUNTER:
        return []
    return [x for x in state.hunted() if x not in state.visible]


def test_the_hunter_bot_decides_the_same_when_only_hidden_squares_change(small):
    rng = random.Random(4)
    checked = 0
    for _ in range(30):
        state = IslandState(5, small)
        bots = [IslandBot(p, random.Random(p)) for p in range(5)]
        for _ in range(rng.randrange(40, 200)):  # play into the game
            if state.is_terminal():
                break
            bot_step(state, bots, rng)
        while not state.is_terminal() and not _hunter_to_decide(state):
            bot_step(state, bots, rng)  # on to the next Hunter decision with someone hidden
        hidden = _hunter_to_decide(state)
        if not hidden:
            continue
        p = state.current_player()
        twin = _hidden_twin(state, hidden[0], "C13")
        one = IslandBot(p, random.Random(9)).choose(state.observation(p), state.legal_actions())
        two = IslandBot(p, random.Random(9)).choose(twin.observation(p), twin.legal_actions())
        assert one == two
        checked += 1
    assert checked >= 20  # Hunter decisions of every kind, at every stage of a game


def test_every_public_fact_holds_for_the_true_square(small):
    for seed in range(6):
        rng = random.Random(seed)
        state = IslandState(4 + seed % 4, small)
        bots = [IslandBot(p, random.Random(seed * 10 + p)) for p in range(state.players)]
        read = 0
        history = {}  # (x, time) -> square
        while not state.is_terminal():
            bot_step(state, bots, rng)
            for x in state.hunted():
                history[(x, state.clock[x])] = state.pos[x]
            for event in state.log[read:]:
                if event[0] == "fact":
                    assert event[2] >> state.pos[event[1]] & 1, event
                if event[0] == "fact-at":
                    assert event[3] >> history[(event[1], event[2])] & 1, event
            read = len(state.log)


@pytest.mark.parametrize("players", [4, 7])
def test_the_tracking_hunter_and_the_cautious_hunted_beat_random_bots(small, players):
    def survival(hunter, hunted):
        games = [play_game(small, players, seed, hunter, hunted)[0] for seed in range(16)]
        return sum(game_result(g)["hunted_survival"] for g in games) / len(games)

    against_random = survival("random", "cautious")
    assert survival("tracking", "cautious") < against_random - 0.3
    assert against_random > survival("random", "random") + 0.2


def test_simulations_of_two_islands_in_one_process_each_play_their_own_island(small):
    islands = (default_island(), small)
    summaries = [simulate_island(island, 4, 6, 5) for island in (*islands, *islands)]
    for island, summary in zip(islands, summaries[:2], strict=True):
        games = [game_result(play_game(island, 4, seed)[0]) for seed in game_seeds(5, 6)]
        assert summary["metrics"] == island_metrics(games, 4)
    assert summaries[2:] == summaries[:2] and summaries[0] != summaries[1]


def test_a_bot_game_replays_from_its_actions(small):
    state, actions = play_game(small, 5, 11)
    again = IslandState(5, small)
    for action in actions:
        again.apply(again.parse_action(action))
    assert again.is_terminal() and again.points == state.points


def test_the_tracker_keeps_every_true_square_with_the_starts_kept_apart(small):
    ruled = 0
    for seed in range(8):
        rng = random.Random(seed)
        state = IslandState(7 if seed % 2 else 5, small)
        bots = [IslandBot(p, random.Random(seed * 10 + p)) for p in range(state.players)]
        tracker = Tracker()
        while not state.is_terminal():
            bot_step(state, bots, rng)
            if state.first < 0 or not tracker.tracks and state.cycle == 0:
                continue
            tracker.update(state.observation(state.first))
            before = {x: t.starts() for x, t in {**tracker.closed, **tracker.tracks}.items()}
            for x, track in tracker.settled().items():
                assert track.possible() >> state.pos[x] & 1, (seed, x)
            for x, track in {**tracker.closed, **tracker.tracks}.items():
                assert track.starts() >> state.marks[x][0] & 1, (seed, x)
                ruled += track.starts() != before[x]
    assert ruled > 0  # the starts kept apart did rule something out in these games


def _tracked(small, events, shown_only):
    from types import SimpleNamespace

    tracker = Tracker(shown_only=shown_only)
    tracker.update(SimpleNamespace(log=events, island=small))
    return tracker.tracks[1].possible()


def test_the_reckoning_hunter_reads_what_was_shown_but_not_a_silence(small):
    """A silence ("not seen from here": every square but a few) narrows the tracking
    Hunter's squares and not the reckoning Hunter's; a square shown narrows both."""
    geo = small.geometry
    start = [("start", 1), ("hmove", 1, 2, True)]
    before = _tracked(small, start, shown_only=False)
    seen_from = geo.within(next(iter(bits(before))), 1, "steps") & before
    silence = ("fact", 1, ~seen_from & geo.passable)
    assert _tracked(small, [*start, silence], shown_only=False) == before & ~seen_from
    assert _tracked(small, [*start, silence], shown_only=True) == before
    square = next(iter(bits(before)))
    shown = ("fact", 1, 1 << square)
    assert _tracked(small, [*start, silence, shown], shown_only=True) == 1 << square
    assert _tracked(small, [*start, shown], shown_only=False) == 1 << square
