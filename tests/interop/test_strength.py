"""`quarry strength` (generator/interop/strength/): pairings with the seats swapped, the
score and its interval, our seats and the opponents, the command's checks."""

import json

import pytest

from generator.interop.strength import measure, play_pairing, summarise
from generator.interop.strength.opponents import Opponent, Rollouts, parse_opponent

RANDOM = Opponent("random")


def test_a_pairing_swaps_which_side_holds_the_lone_seat():
    result = play_pairing("cutthroat", 6, RANDOM, None, (), seed=11)
    first, second = result["games"]
    lone = result["lone"]
    assert lone == 11 % 6
    assert first["ours"] == [lone]
    assert second["ours"] == sorted(set(range(6)) - {lone})
    assert result["ours_lone"] == first["returns"][lone]
    assert result["theirs_lone"] == second["returns"][lone]
    assert sum(first["returns"]) == pytest.approx(1.0)  # one CutThroat! win, shared or not


def pairing(ours: float, theirs: float) -> dict:
    return {
        "ours_lone": ours,
        "theirs_lone": theirs,
        "games": [
            {"ours": [0], "returns": [ours, -ours], "roles": ["stag", "pursuers"]},
            {"ours": [1], "returns": [theirs, -theirs], "roles": ["stag", "pursuers"]},
        ],
        "unfinished": 0,
        "seconds": {"ours": [0.001, 0.003], "theirs": [0.2]},
    }


def test_the_score_counts_a_tie_as_half_a_win():
    results = [pairing(3, 1), pairing(2, 2), pairing(-1, 4), pairing(5, 0)]
    report = summarise("parforce", Opponent("mcts", 10), 1, None, results)
    assert (report["wins"], report["ties"], report["losses"]) == (2, 1, 1)
    assert report["score"]["value"] == pytest.approx(2.5 / 4)
    low, high = report["score"]["ci95"]
    assert 0 < low < 0.625 < high < 1
    assert report["roles"]["stag"]["ours"]["value"] == pytest.approx((3 + 2 - 1 + 5) / 4)
    assert report["roles"]["stag"]["theirs"]["value"] == pytest.approx((1 + 2 + 4 + 0) / 4)
    assert report["seconds_per_move"]["ours"] == pytest.approx(0.002)
    assert report["opponent"] == "mcts:10"


def without_times(report: dict) -> dict:
    return {k: v for k, v in report.items() if k != "seconds_per_move"}


@pytest.mark.parametrize("name", ["hunt", "fugitive", "parforce"])
def test_our_bots_beat_random_play_and_a_seed_gives_the_same_report(name):
    report = measure(name, RANDOM, 6, seed=4)
    assert report["score"]["value"] >= 5 / 6
    assert without_times(measure(name, RANDOM, 6, seed=4)) == without_times(report)


def test_ismcts_plays_every_seat_of_a_whole_cutthroat_game_through_resampling():
    # our bots in no seat: IS-MCTS with 3 simulations a move holds all six
    import pyspiel

    import generator.interop.openspiel  # noqa: F401
    from generator.interop.strength.match import play_game

    game = pyspiel.load_game("quarry_cutthroat", {"players": 6})
    result = play_game(game, "cutthroat", {"players": 6}, frozenset(), Opponent("ismcts", 3), 5)
    assert result.finished
    assert sum(result.returns) == pytest.approx(1.0)
    assert not result.seconds["ours"] and result.seconds["theirs"]


def test_another_bot_can_take_a_role():
    report = measure("hunt", RANDOM, 2, seed=4, bots={"dragon": "random"})
    assert report["ours"] == {"dragon": "random", "knight": "exact"}
    strongest = measure("hunt", RANDOM, 2, seed=4)
    assert strongest["ours"]["dragon"] == "cunning"
    assert strongest["roles"]["dragon"]["ours"] != report["roles"]["dragon"]["ours"]


def test_the_rollouts_end_the_game_and_the_prior_is_uniform():
    import pyspiel

    import generator.interop.openspiel  # noqa: F401

    state = pyspiel.load_game("quarry_parforce").new_initial_state()
    rollouts = Rollouts(3)
    returns = rollouts.evaluate(state)
    assert len(returns) == 2 and returns.sum() <= 0  # the pot keeps any remainder
    prior = rollouts.prior(state)
    assert [a for a, _ in prior] == state.legal_actions()
    assert sum(p for _, p in prior) == pytest.approx(1.0)
    assert not state.is_terminal()  # evaluated on a copy


@pytest.mark.parametrize(
    "text, game, problem",
    [
        ("ismcts:0", "hunt", "simulations must be"),
        ("ismcts:100", "parforce", "use mcts:100"),
        ("mcts:100", "hunt", "use ismcts:100"),
        ("alphazero", "hunt", "must be ismcts:SIMS"),
    ],
)
def test_an_opponent_is_checked_before_any_game(text, game, problem):
    from generator.errors import QuarryError

    with pytest.raises(QuarryError, match=problem):
        parse_opponent(text, game)


def test_the_command_reports_in_text_and_json(quarry):
    text = quarry("strength", "fugitive", "--opponent", "random", "--games", "2")
    assert text.returncode == 0, text.stderr
    assert "against random, 2 pairings" in text.stdout
    assert "docs/strength.md" in text.stdout
    out = quarry("strength", "fugitive", "--opponent", "random", "--games", "2", "--json")
    report = json.loads(out.stdout)
    assert report["pairings"] == 2 and report["ours"]["marshal"] == "deducing"


@pytest.mark.parametrize(
    "args",
    [
        ["strength", "hunt", "--games", "0"],
        ["strength", "hunt", "--players", "5"],
        ["strength", "island", "--players", "9"],
        ["strength", "chess"],
        ["strength", "hunt", "--opponent", "ismcts:200000"],
        ["strength", "hunt", "--bot", "dragon=silly"],
        ["strength", "cutthroat", "--bot", "knight=exact"],
    ],
)
def test_bad_input_is_one_line_and_exit_2(quarry, args):
    result = quarry(*args)
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1 and not result.stdout


# --- checkpoints: a game stopped part way goes on to the same end --------------------------
class Stopped(Exception):
    pass


def without_seconds(kept: dict) -> dict:
    moves = [move[:3] for move in kept["moves"]]
    result = {k: v for k, v in kept["result"].items() if k != "seconds"}
    return {"moves": moves, "result": result}


def test_a_checkpointed_game_stopped_part_way_goes_on_to_the_same_moves_and_end(
    tmp_path, monkeypatch
):
    from generator.errors import QuarryError
    from generator.interop.strength import match, play_side

    search = Opponent("ismcts", 4)
    # the whole game at once, kept in its own folder
    play_side("fugitive", None, search, None, (), tmp_path / "straight", 3, False)
    (straight,) = (tmp_path / "straight").iterdir()
    whole = json.loads(straight.read_text())
    assert whole["generators"] == {}  # a finished game is never gone on with
    theirs = sum(1 for move in whole["moves"] if move[0] == 1)  # IS-MCTS: the Marshal (3 % 2)
    assert theirs >= 6
    # the same game stopped in IS-MCTS's third move (as by a kill: the file keeps two),
    # gone on with and stopped again four moves later, then gone on with to the end
    real_move = match._their_move
    searched = 0  # IS-MCTS's moves kept so far
    for stop_at in (3, 5):
        calls = []

        def stopping(*args, stop_at=stop_at, calls=calls):
            calls.append(1)
            if len(calls) == stop_at:
                raise Stopped
            return real_move(*args)

        monkeypatch.setattr(match, "_their_move", stopping)
        with pytest.raises(Stopped):
            play_side("fugitive", None, search, None, (), tmp_path / "stopped", 3, False)
        (kept,) = (tmp_path / "stopped").iterdir()
        part = json.loads(kept.read_text())
        searched += stop_at - 1  # the move it stopped in is not kept
        assert "result" not in part and sum(m[0] == 1 for m in part["moves"]) == searched
    monkeypatch.setattr(match, "_their_move", real_move)
    result = play_side("fugitive", None, search, None, (), tmp_path / "stopped", 3, False)
    finished = json.loads(kept.read_text())
    assert without_seconds(finished) == without_seconds(whole)
    assert result.returns == whole["result"]["returns"]
    # a finished game is taken from its file without a move played
    monkeypatch.setattr(match, "_their_move", lambda *args: pytest.fail("played again"))
    again = play_side("fugitive", None, search, None, (), tmp_path / "stopped", 3, False)
    assert again.returns == result.returns
    # a file of another game (another opponent under the same name) is refused
    other = json.loads(kept.read_text())
    other["header"]["opponent"] = "ismcts:5"
    kept.write_text(json.dumps(other))
    with pytest.raises(QuarryError, match="keeps another game"):
        play_side("fugitive", None, search, None, (), tmp_path / "stopped", 3, False)


def test_a_checkpointed_measure_gives_the_report_of_a_straight_one(tmp_path):
    straight = measure("fugitive", Opponent("ismcts", 3), 2, seed=6)
    kept = measure("fugitive", Opponent("ismcts", 3), 2, seed=6, jobs=2, checkpoints=tmp_path)
    assert without_times(kept) == without_times(straight)
    assert len(list(tmp_path.iterdir())) == 4  # two pairings, two games each
