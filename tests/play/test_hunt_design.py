"""`quarry play hunt --design FOLDER`: The Hunt on a route design from `quarry generate
routes`. The design's maps reach the record's header (options.maps, with its loops), the
Dragon chooses only among them (our bot at random among them; a person on screen by number;
a person at the table draws one, and Quarry's check keeps to them), and the record replays
and resumes from its header alone."""

from __future__ import annotations

import json
from pathlib import Path

import pexpect
import pytest

from generator.engine.game import IllegalAction
from generator.games.hunt.maps import LAIR, TOWN, RouteMap, map_count
from generator.games.hunt.records import state_from_header
from generator.games.hunt.rules import ChooseMap, map_text
from generator.play.setup import chosen_bots, game_options, new_session, resumed_session
from generator.play.table.hunt import Fact, designed_mask, needed_facts, possible_maps
from tests.play.test_play_command import PROMPT, drive, plain, scripted_game, send, spawn
from tests.play.test_table_hunt import QUESTION, Dragon


@pytest.fixture(scope="module")
def design(tmp_path_factory, quarry) -> Path:
    """A route design folder (seed 7, 3 candidates, 4 games each)."""
    out = tmp_path_factory.mktemp("routes")
    done = quarry(
        *("generate", "routes", "--seed", "7", "--candidates", "3", "--games", "4"),
        *("--constraint", "town-reachable", "--out", out, "--quiet"),
    )
    assert done.returncode == 0, done.stderr
    return out / "hunt-routes"


def designed_maps(folder: Path) -> list[str]:
    """Return the design's maps as options.maps writes them, best first (routes.json)."""
    routes = json.loads((folder / "routes.json").read_text())
    return [map_text(_route_map(entry["map"])) for entry in routes["ranked"]]


def _route_map(data: dict) -> RouteMap:
    return RouteMap.from_json(data)


def chosen_map(record: dict) -> str:
    first = record["actions"][0]
    assert first.startswith("map ")
    return first.removeprefix("map ")


def test_the_options_hold_every_ranked_map_and_the_designs_loops(design):
    options = game_options("hunt", None, None, None, None, design)
    maps = designed_maps(design)
    assert len(maps) == 3
    assert options == {"loops": False, "maps": maps}
    # the design's one file gives its one map (the best), routes.json every map
    assert game_options("hunt", None, None, None, None, design / "map.json")["maps"] == maps[:1]
    assert game_options("hunt", None, None, None, None, design / "routes.json")["maps"] == maps


def test_the_rules_let_the_dragon_choose_only_a_designed_map(design):
    options = game_options("hunt", None, None, None, None, design)
    state = state_from_header({"options": options})
    legal = [state.format_action(a) for a in state.legal_actions()]
    assert legal == [f"map {text}" for text in options["maps"]]
    assert state.parse_action("map 2") == state.parse_action(legal[1])
    for text in ("map 4", "map 0"):
        with pytest.raises(IllegalAction, match="numbered 1 to 3"):
            state.parse_action(text)
    other = next(
        a for a in state_from_header({}).legal_actions() if state.format_action(a) not in legal
    )
    with pytest.raises(IllegalAction, match="one of the 3 designed maps"):
        state.clone().apply(other)
    # a header without maps is today's hunt: any legal map, and no numbered map
    plain_hunt = state_from_header({"options": {"loops": False}})
    assert len(plain_hunt.legal_actions()) == map_count(False)
    plain_hunt.clone().apply(other)
    with pytest.raises(IllegalAction):
        plain_hunt.parse_action("map 1")
    with pytest.raises(ValueError, match="not a match"):
        state_from_header({"options": {**options, "match": True}})
    with pytest.raises(ValueError, match="map 2"):
        state_from_header({"options": {"maps": [options["maps"][0], "walk=town>lair"]}})


@pytest.mark.parametrize("dragon", ["cunning", "random"])
def test_our_dragon_picks_among_the_designs_maps(dragon, design):
    options = game_options("hunt", None, None, None, None, design)
    picked = set()
    for seed in range(12):
        bots = chosen_bots("hunt", [f"dragon={dragon}"])
        session = new_session("hunt", options, seed, "knight", bots, None)
        session.advance()
        picked.add(chosen_map(session.record_data()))
    assert picked <= set(options["maps"])
    assert len(picked) > 1  # he picks among them, not always the best


def test_a_designed_hunt_on_screen_as_the_dragon_keeps_a_record_that_replays(
    design, tmp_path, quarry
):
    maps = designed_maps(design)
    options = game_options("hunt", None, None, None, None, design)
    session = new_session("hunt", options, 5, "dragon", chosen_bots("hunt", []), None)
    session.advance()
    moves = ["map 2"]  # a person on screen chooses a designed map by its number
    session.play(session.parse("map 2"))
    session.advance()
    while not session.over():
        moves.append(session.view.moves(session.state)[0])
        session.play(session.parse(moves[-1]))
        session.advance()
    record = tmp_path / "hunt.json"
    child = spawn(
        *("hunt", "--design", str(design), "--seat", "dragon", "--seed", "5"),
        *("--record", str(record)),
    )
    child.expect(PROMPT)
    screen = plain(child.before)
    assert "Now you: choose a route map of the design." in screen
    assert "choose one: map 1 to map 3" in screen and "Your moves: map 1 | map 2 | map 3" in screen
    for number, text in enumerate(maps, start=1):  # the maps listed by number
        walk = text.split()[0].removeprefix("walk=").replace(",", " ")
        assert f"map {number}: walk {walk};" in screen
    send(child, moves[0])
    tail = drive(child, moves[1:])
    assert child.exitstatus == 0, tail
    assert "Game over:" in tail
    data = json.loads(record.read_text())
    assert data["header"]["options"] == {"loops": False, "maps": maps}
    assert chosen_map(data) == maps[1]
    assert data["actions"] == session.actions and "result" in data
    replayed = quarry("replay", "hunt", record)
    assert replayed.returncode == 0, replayed.stderr


def test_a_designed_hunt_stopped_and_resumed_ends_as_the_unbroken_one(design, tmp_path):
    maps = designed_maps(design)
    options = game_options("hunt", None, None, None, None, design)
    moves, actions = scripted_game("hunt", options, "knight", seed=6)
    assert actions[0].removeprefix("map ") in maps
    half = len(moves) // 2
    record = tmp_path / "hunt.json"
    child = spawn(
        *("hunt", "--design", str(design), "--seat", "knight", "--seed", "6"),
        *("--record", str(record), "--explain"),
    )
    drive(child, [*moves[:half], "quit"])
    assert child.exitstatus == 0
    kept = json.loads(record.read_text())
    assert kept["header"]["options"]["maps"] == maps
    assert "result" not in kept and len(kept["actions"]) < len(actions)
    resumed = resumed_session("hunt", record, None)
    assert resumed.state.maps == state_from_header(kept["header"]).maps
    child = spawn("hunt", "--resume", str(record), "--explain")
    tail = drive(child, moves[half:])
    assert child.exitstatus == 0, tail
    assert "picks one of the 3 route maps of the design" in tail
    finished = json.loads(record.read_text())
    assert finished["actions"] == actions and "result" in finished
    assert finished["header"] == kept["header"]


def test_at_the_table_the_dragon_draws_a_designed_map_and_quarry_keeps_to_them(
    design, tmp_path, quarry
):
    maps = designed_maps(design)
    drawn = state_from_header({"options": {"maps": maps}}).maps[2]
    dragon = Dragon(drawn)
    record = tmp_path / "hunt.json"
    child = spawn(
        *("hunt", "--design", str(design), "--seat", "dragon", "--table", "--seed", "3"),
        *("--record", str(record)),
    )
    said_first = None
    while child.expect([QUESTION, pexpect.EOF]) == 0:
        said = plain(child.before)
        said_first = said_first or said
        assert "That cannot be" not in said, said
        send(child, dragon.answer(child.match.group(1), said))
    child.close()
    assert child.exitstatus == 0, plain(child.before)
    assert "Choose one of the design's 3 route maps" in said_first
    data = json.loads(record.read_text())
    assert data["header"]["options"]["maps"] == maps
    assert chosen_map(data) in maps  # the hypothesis is always a designed map
    assert quarry("replay", "hunt", record).returncode == 0


def test_the_tables_check_allows_only_the_designs_maps(design):
    maps = state_from_header({"options": {"maps": designed_maps(design)}}).maps
    allowed = designed_mask(maps, False)
    assert int(allowed.sum()) == len(maps)
    # the Dragon walks from Town and is found where no designed map's Walk takes him
    away = next(p for p in range(1, LAIR) if all(m.walk[TOWN] != p for m in maps))
    facts = [Fact(1, "town", True), Fact(1, "move", False)]
    found = Fact(1, "search", ((away,), away))
    assert possible_maps([*facts, found], False).any()
    assert not possible_maps([*facts, found], False, allowed).any()
    assert needed_facts(facts, found, False, allowed) == facts[1:]  # the move is kept


@pytest.mark.parametrize("kind", ["empty", "island-board", "illegal-map"])
def test_a_folder_that_is_not_a_hunt_design_is_refused_in_one_line(kind, tmp_path, quarry):
    folder = tmp_path / "design"
    folder.mkdir()
    if kind == "island-board":
        (folder / "map.json").write_text(json.dumps({"board": "not a route map"}))
    elif kind == "illegal-map":
        loop = {"walk": {"town": "town", "hills": "woods", "woods": "sea", "sea": "town"}}
        loop["fly"] = {p: "lair" for p in ("town", "hills", "woods", "sea")} | {"lair": "town"}
        (folder / "map.json").write_text(json.dumps({"loops": False, "map": loop}))
    record = tmp_path / "hunt.json"
    result = quarry("play", "hunt", "--design", folder, "--record", record)
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr
    assert "quarry: error:" in result.stderr
    assert not record.exists()
    assert [p.name for p in tmp_path.iterdir()] == ["design"]


def test_the_chosen_map_is_written_in_the_notation_of_the_header(design):
    options = game_options("hunt", None, None, None, None, design)
    state = state_from_header({"options": options})
    for number, text in enumerate(options["maps"], start=1):
        action = state.parse_action(f"map {number}")
        assert isinstance(action, ChooseMap)
        assert state.format_action(action) == f"map {text}"
