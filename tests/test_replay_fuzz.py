"""Property tests: whatever a record or a notation string holds, replaying it and reading it
end in a result or in one clear QuarryError (IllegalAction for a notation), never a crash.

Every game that replays records is covered, through each of its example records
(examples/*-record.json): mutated records go through the library function the CLI calls
(engine.records.replay_record / replay_file, in process); a few go through `quarry replay`
itself. Hypothesis is bounded so the file stays quick.
"""

import copy
import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.engine.game import IllegalAction
from generator.engine.records import replay, replay_file, replay_record
from generator.errors import QuarryError
from generator.games import registry

ROOT = Path(__file__).resolve().parent.parent
FUZZ = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def _examples() -> list[tuple[str, str, dict]]:
    """Return (game, file name, record) for every example record of a replayable game."""
    games = {name for name, game in registry().items() if game.state_from_header}
    found = []
    for path in sorted((ROOT / "examples").glob("*record*.json")):
        record = json.loads(path.read_text(encoding="utf-8"))
        if record["header"]["game"] in games:
            found.append((record["header"]["game"], path.name, record))
    return found


EXAMPLES = _examples()
IDS = [name for _, name, _ in EXAMPLES]
REPLAYABLE = sorted({game for game, _, _ in EXAMPLES})


def test_every_replayable_game_has_an_example_record_that_replays():
    assert {"hunt", "fugitive"} <= set(REPLAYABLE)
    assert any(r["header"]["options"].get("match") for g, _, r in EXAMPLES if g == "hunt")
    for game, name, record in EXAMPLES:
        line = replay_record(registry()[game], record, name)
        assert line and not line.startswith("unfinished"), name


# --- mutated records --------------------------------------------------------------------------
JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**20), max_value=10**20)
    | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=8,
)
HEADER_KEYS = ("game", "rules_version", "options", "seed", "players")
FIELDS = ("header", "actions", "log", "hunts", "result", "comment")
MUTATIONS = (
    "field",
    "replace",
    "delete",
    "duplicate",
    "swap",
    "garbage",
    "truncate",
    "header",
    "option",
)
OPTION_NAMES = ("loops", "match", "loop", "variant", "deck", "events", "")


def _paths(value, prefix=()):
    """Yield the path (keys and indexes) to every node under `value`."""
    if isinstance(value, dict):
        for key, inner in value.items():
            yield (*prefix, key)
            yield from _paths(inner, (*prefix, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield (*prefix, index)
            yield from _paths(inner, (*prefix, index))


def _parent(record, path):
    node = record
    for key in path[:-1]:
        node = node[key]
    return node


def _some_path(record: dict, data) -> tuple:
    """Return a path into `record`: a depth first, then a node that deep, so that whole
    fields and whole log entries are picked as often as single values."""
    by_depth: dict[int, list[tuple]] = {}
    for path in _paths(record):
        by_depth.setdefault(len(path), []).append(path)
    depth = data.draw(st.sampled_from(sorted(by_depth)))
    return data.draw(st.sampled_from(by_depth[depth]))


def _mutate(record: dict, data) -> tuple[dict, bool]:
    """Return a mutated deep copy of `record` and whether to replay it with --partial."""
    record = copy.deepcopy(record)
    actions = record["actions"]
    kind = data.draw(st.sampled_from(MUTATIONS))
    if kind == "field":
        record[data.draw(st.sampled_from(FIELDS))] = data.draw(JSON_VALUES)
    elif kind == "replace":
        path = _some_path(record, data)
        _parent(record, path)[path[-1]] = data.draw(JSON_VALUES)
    elif kind == "delete":
        path = _some_path(record, data)
        del _parent(record, path)[path[-1]]
    elif kind == "duplicate":
        index = data.draw(st.integers(0, len(actions) - 1))
        actions.insert(data.draw(st.integers(0, len(actions))), actions[index])
    elif kind == "swap":
        i, j = (
            data.draw(st.integers(0, len(actions) - 1)),
            data.draw(st.integers(0, len(actions) - 1)),
        )
        actions[i], actions[j] = actions[j], actions[i]
    elif kind == "garbage":
        index = data.draw(st.integers(0, len(actions) - 1))
        actions[index] = data.draw(NOTATION)
    elif kind == "truncate":
        del actions[data.draw(st.integers(0, len(actions))) :]
    elif kind == "header":
        record["header"][data.draw(st.sampled_from(HEADER_KEYS))] = data.draw(JSON_VALUES)
    else:
        options = record["header"].setdefault("options", {})
        options[data.draw(st.sampled_from(OPTION_NAMES))] = data.draw(JSON_VALUES)
    return record, data.draw(st.booleans())


def _replays_or_refuses_in_one_line(game: str, record, partial: bool) -> None:
    """Replay `record`: it must give a result line or raise QuarryError, on one line."""
    try:
        line = replay_record(registry()[game], record, "record.json", partial)
    except QuarryError as error:
        message = str(error)
        assert message.startswith("record.json: ") and "\n" not in message
        return
    assert isinstance(line, str) and "\n" not in line


@pytest.mark.parametrize(("game", "name", "record"), EXAMPLES, ids=IDS)
@FUZZ
@given(data=st.data())
def test_a_mutated_record_replays_or_is_refused_in_one_line(game, name, record, data):
    mutated, partial = _mutate(record, data)
    _replays_or_refuses_in_one_line(game, mutated, partial)


@pytest.mark.parametrize(("game", "name", "record"), EXAMPLES, ids=IDS)
@settings(max_examples=60, deadline=None)
@given(value=JSON_VALUES)
def test_any_json_document_as_a_record_is_refused_or_replayed(game, name, record, value):
    _replays_or_refuses_in_one_line(game, value, False)
    _replays_or_refuses_in_one_line(game, {"header": {"game": game}, "actions": value}, True)


@pytest.mark.parametrize("game", REPLAYABLE)
@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(content=st.binary(max_size=64) | st.text(max_size=64).map(str.encode))
def test_a_file_that_is_not_a_record_is_refused_in_one_line(game, content, tmp_path):
    path = tmp_path / "record.json"
    path.write_bytes(content)
    try:
        replay_file(registry()[game], path)
    except QuarryError as error:
        assert "\n" not in str(error) and str(error).startswith(str(path))


def test_the_mutations_do_reach_the_checks_that_refuse_them():
    """The mutated records are not all refused at the door: over a fixed sample, refusals
    come from the header, from steps, from unfinished records and from derived fields."""
    rng = random.Random(5)
    reasons = set()
    for game, _, record in EXAMPLES:
        for _ in range(60):
            mutated = copy.deepcopy(record)
            choice = rng.randrange(4)
            if choice == 0:
                mutated["header"]["options"]["loop"] = True
            elif choice == 1:
                i = rng.randrange(1, len(mutated["actions"]))
                mutated["actions"][i] = "search moon"
            elif choice == 2:
                del mutated["actions"][rng.randrange(1, len(mutated["actions"])) :]
            else:
                mutated["result"] = {"forged": True}
            with pytest.raises(QuarryError) as caught:
                replay_record(registry()[game], mutated, "r")
            message = str(caught.value)
            for reason in ("unknown option", "step ", "unfinished", "claims the result"):
                if reason in message:
                    reasons.add(reason)
    assert reasons == {"unknown option", "step ", "unfinished", "claims the result"}


# --- notation strings ---------------------------------------------------------------------------
HUNT_WORDS = ("map", "walk", "fly", "search", "aide", "none", "tracker", "militia", "wizard")
PLACES = ("town", "hills", "woods", "sea", "lair", "TOWN", "Sea")
MAP_PARTS = ("walk=town>hills,hills>sea", "fly=lair>town,town>lair", "walk=", "fly=", ">>")
FUGITIVE_WORDS = ("deal", "draw", "hide", "sprint", "pass", "guess", "discard")
DEAL_PARTS = ("1=", "2=", "3=", "e=", "ef=", "em=", "en=", "1=7.12.5", "2=E103.P201", "3=42")
CARDS = ("E101", "E110", "P201", "P206", "E999", "0", "1", "2", "3", "17", "41", "42", "43")
ODD = ("-1", "+5", "1e3", "007", "9" * 23, ".", "..", ",", "=", ";", "'", '"', "\\", "\t", "é")
WORDS = HUNT_WORDS + PLACES + MAP_PARTS + FUGITIVE_WORDS + DEAL_PARTS + CARDS + ODD
NOTATION = st.one_of(
    st.lists(st.sampled_from(WORDS) | st.text(max_size=6), max_size=6).map(" ".join),
    st.text(max_size=40),
)


def _states(game: str, record: dict) -> list:
    """Return a state of `game` before each step of `record`, and after the last."""
    entry = registry()[game]
    state = entry.state_from_header(record["header"])
    states = [state.clone()]
    for text in record["actions"]:
        state.apply(state.parse_action(text))
        states.append(state.clone())
    return states


STATES = {name: _states(game, record) for game, name, record in EXAMPLES}


@pytest.mark.parametrize(("game", "name", "record"), EXAMPLES, ids=IDS)
@FUZZ
@given(text=NOTATION, where=st.integers(min_value=0))
def test_any_notation_is_read_or_refused_and_read_actions_round_trip(
    game, name, record, text, where
):
    states = STATES[name]
    state = states[where % len(states)].clone()
    try:
        action = state.parse_action(text)
    except IllegalAction as error:
        assert str(error) and "\n" not in str(error)
        return
    written = state.format_action(action)
    assert state.parse_action(written) == action
    try:
        state.apply(action)
    except IllegalAction as error:
        assert str(error)


@pytest.mark.parametrize(("game", "name", "record"), EXAMPLES, ids=IDS)
@FUZZ
@given(text=NOTATION, step=st.integers(min_value=0))
def test_a_record_with_one_garbage_action_is_refused_at_that_step_or_later(
    game, name, record, text, step
):
    actions = list(record["actions"])
    index = step % len(actions)
    actions[index] = text
    state = registry()[game].state_from_header(record["header"])
    failure = replay(state, actions, registry()[game].turn_of)
    if failure is not None:
        assert failure.step >= index + 1 and "\n" not in failure.message()
        assert failure.message().startswith(f"step {failure.step} (")


# --- the CLI itself ---------------------------------------------------------------------------
CLI_CASES = [
    ("log-is-a-bool", lambda r: r.__setitem__("log", True)),
    ("hunts-is-a-bool", lambda r: r.__setitem__("hunts", True)),
    ("actions-is-a-bool", lambda r: r.__setitem__("actions", False)),
    ("unknown-option", lambda r: r["header"]["options"].__setitem__("loop", True)),
    ("garbage-step", lambda r: r["actions"].__setitem__(3, "\x00 map ☃")),
    ("forged-result", lambda r: r.__setitem__("result", {"winner": "nobody"})),
    ("cut-short", lambda r: r.__setitem__("actions", r["actions"][:5])),
]


@pytest.mark.parametrize(
    ("case", "change", "example"),
    [(case, change, EXAMPLES[i % len(EXAMPLES)]) for i, (case, change) in enumerate(CLI_CASES)],
    ids=[case for case, _ in CLI_CASES],
)
def test_quarry_replay_refuses_a_broken_record_in_one_line(quarry, tmp_path, case, change, example):
    game, name, record = example  # the cases take the example records in turn
    broken = copy.deepcopy(record)
    change(broken)
    path = tmp_path / f"{case}-{name}"
    path.write_text(json.dumps(broken), encoding="utf-8")
    done = quarry("replay", game, path)
    assert done.returncode == 2, (name, done.stdout)
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"quarry: error: {path}"), done.stderr


def test_quarry_replay_refuses_a_file_that_is_not_json(quarry, tmp_path):
    path = tmp_path / "record.json"
    path.write_bytes(b"\xff\xfe{not json")
    for game in REPLAYABLE:
        done = quarry("replay", game, path)
        assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1
        assert "Traceback" not in done.stderr
