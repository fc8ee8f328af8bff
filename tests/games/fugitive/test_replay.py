"""Replaying Fugitive records: legal records reach their result, illegal ones stop at the step."""

import json
import random

import pytest

from generator.engine.game import CHANCE
from generator.engine.records import replay
from generator.games import registry
from generator.games.fugitive.cards import DeckConfig, published
from generator.games.fugitive.rules import (
    Deal,
    format_action,
    new_game,
    parse_action,
    record_for,
    result_text,
    state_from_header,
)

EXAMPLE = "examples/fugitive-record.json"


def example(root):
    return json.loads((root / EXAMPLE).read_text())


def replayed(record):
    """Return the state the record's actions lead to (they must all be legal)."""
    state = state_from_header(record["header"])
    assert replay(state, record["actions"], lambda s: s.turn) is None
    return state


def test_fugitive_is_registered_for_replay():
    game = registry()["fugitive"]
    assert game.title == "Fugitive" and game.players == (2, 2)
    assert game.state_from_header is state_from_header and game.result_text is result_text


def test_the_example_record_replays_to_its_stored_result(root, quarry):
    record = example(root)
    done = quarry("replay", "fugitive", EXAMPLE)
    assert done.returncode == 0, done.stderr
    result = record["result"]
    assert done.stdout.startswith(f"{result['winner'].capitalize()} wins")
    assert f"on turn {result['turns']};" in done.stdout
    assert f"{result['hideouts_placed']} Hideouts placed" in done.stdout
    state = replayed(record)
    assert record_for(state, record["actions"], record["header"]["seed"], {})["result"] == result


def test_the_example_record_is_a_random_events_game_that_shows_its_events(root):
    record = example(root)
    assert record["header"]["options"] == {"variant": "random"}
    assert len(record["result"]["events"]) >= 3
    assert any(action.startswith("discard") for action in record["actions"])
    assert record["actions"] == [format_action(parse_action(a)) for a in record["actions"]]


def _broken(root, quarry, tmp_path, change):
    record = example(root)
    change(record)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    return quarry("replay", "fugitive", str(path))


def _first(record, prefix):
    return next(i for i, a in enumerate(record["actions"]) if a.startswith(prefix))


def _edit_deal(record, change):
    deal = parse_action(record["actions"][0])
    piles = [list(pile) for pile in deal.piles]
    change(piles)
    record["actions"][0] = format_action(Deal(tuple(map(tuple, piles)), deal.events))


def _swap_piles_1_and_3(piles):
    piles[0][0], piles[2][0] = piles[2][0], piles[0][0]


def _drop_an_event(piles):
    piles[0].remove(next(c for c in piles[0] if c > 42))


def _set(index_of, text):
    def change(record):
        record["actions"][index_of(record)] = text

    return change


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (
            _set(lambda r: 1, "pass"),
            "step 2 (turn 1), 'pass': on his first turn the Fugitive must place a Hideout",
        ),
        (
            lambda r: r["actions"].insert(1, "draw 1"),
            "step 2 (turn 1), 'draw 1': expected a Hideout or a pass",
        ),
        (_set(lambda r: 1, "hide 42"), "step 2 (turn 1), 'hide 42': 42 is out of reach"),
        (_set(lambda r: 1, "hide 40"), "the Fugitive does not hold 40"),
        (
            _set(lambda r: _first(r, "guess"), "guess 42"),
            "(turn 1), 'guess 42': guesses are numbers from 1 to 41",
        ),
        (_set(lambda r: _first(r, "guess"), "guess 9 9"), "one or more different numbers"),
        (_set(lambda r: _first(r, "discard"), "discard 42"), "holds no card 42 to discard"),
        (_set(lambda r: 1, "fly"), "step 2 (turn 1), 'fly': cannot read action 'fly'"),
        (
            lambda r: _edit_deal(r, _swap_piles_1_and_3),
            "step 1 (turn 0)",
        ),
        (
            lambda r: _edit_deal(r, _drop_an_event),
            "the 'random' variant shuffles 2 events into each pile",
        ),
        (lambda r: r["actions"].append("guess 5"), "the game is already over"),
        (lambda r: r["header"].__setitem__("game", "hunt"), "not 'fugitive'"),
        (
            lambda r: r["header"]["options"].__setitem__("variant", "chaos"),
            "header: options.variant must be one of",
        ),
        (
            lambda r: r["header"].__setitem__("rules_version", 9),
            "header: rules_version 9 is not 1",
        ),
    ],
    ids=[
        "pass-before-the-first-hideout",
        "out-of-turn",
        "out-of-reach",
        "card-not-in-hand",
        "guess-out-of-range",
        "guess-twice-the-same",
        "discard-the-42",
        "unreadable",
        "card-in-the-wrong-pile",
        "event-missing-from-the-deal",
        "after-the-end",
        "other-game",
        "unknown-variant",
        "other-rules-version",
    ],
)
def test_an_illegal_record_stops_at_the_first_bad_step_with_its_reason(
    root, quarry, tmp_path, change, expected
):
    done = _broken(root, quarry, tmp_path, change)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and expected in lines[0], done.stderr
    assert "Traceback" not in done.stderr


def test_the_step_named_is_the_edited_one(root, quarry, tmp_path):
    record = example(root)
    index = _first(record, "discard")
    done = _broken(root, quarry, tmp_path, _set(lambda r: index, "discard 42"))
    assert f"step {index + 1} (turn " in done.stderr


def test_a_record_that_stops_early_is_unfinished_unless_partial(root, quarry, tmp_path):
    def cut(record):
        record.update(actions=record["actions"][:9])
        del record["result"]

    refused = _broken(root, quarry, tmp_path, cut)
    assert refused.returncode == 2
    assert "unfinished: the record stops after step 9" in refused.stderr
    assert "--partial" in refused.stderr and len(refused.stderr.splitlines()) == 1
    record = example(root)
    cut(record)
    path = tmp_path / "partial.json"
    path.write_text(json.dumps(record))
    done = quarry("replay", "fugitive", str(path), "--partial")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("unfinished: the record stops during turn 2")


def test_a_claimed_result_that_differs_from_the_replay_is_refused_naming_both(
    root, quarry, tmp_path
):
    record = example(root)
    true_winner = record["result"]["winner"]
    claimed = "fugitive" if true_winner == "marshal" else "marshal"
    done = _broken(root, quarry, tmp_path, lambda r: r["result"].__setitem__("winner", claimed))
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1
    assert f'"winner": "{claimed}"' in done.stderr and f'"winner": "{true_winner}"' in done.stderr


def test_a_truncated_record_that_keeps_the_full_result_is_refused_even_when_partial(
    root, quarry, tmp_path
):
    record = example(root)
    record["actions"] = record["actions"][:9]
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    done = quarry("replay", "fugitive", str(path), "--partial")
    assert done.returncode == 2 and "claims the result" in done.stderr


@pytest.mark.parametrize("option", ["loop", "loops", "match"])
def test_a_header_option_fugitive_does_not_know_is_refused_by_name(root, quarry, tmp_path, option):
    done = _broken(root, quarry, tmp_path, lambda r: r["header"]["options"].update({option: True}))
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1
    assert f"unknown option {option!r}" in done.stderr and "variant, deck" in done.stderr


# --- headers and records in process ----------------------------------------------------------
def test_a_header_gives_the_variant_and_an_optional_deck():
    plain = state_from_header({"game": "fugitive", "rules_version": 1, "options": {}})
    assert plain.config == published("none")
    deck = {"sprint": {"3": 5}}
    custom = state_from_header({"options": {"variant": "catchup", "deck": deck}})
    assert custom.config.variant == "catchup" and custom.config.sprint[3] == 5


@pytest.mark.parametrize(
    ("options", "reason"),
    [
        ([], "options must be"),
        ({"variant": "random", "loops": True}, "options must be"),
        ({"variant": "wild"}, "options.variant must be one of"),
        ({"deck": {"sprint": {"3": 9}}}, "options.deck: sprint values must be from 0 to 5"),
        ({"deck": {"sprint": {"43": 1}}}, "options.deck: sprint['43']"),
        ({"deck": [1, 2]}, "options.deck: a JSON object"),
        ({"variant": "random", "deck": {"sprint": {}, "variant": "none"}}, "differs"),
    ],
)
def test_a_malformed_header_is_a_value_error(options, reason):
    with pytest.raises(ValueError, match=reason.replace("[", r"\[")):
        state_from_header({"options": options})


def test_a_custom_deck_record_replays_from_its_own_header():
    config = DeckConfig.from_json({"sprint": {str(c): 3 for c in range(43)}, "variant": "random"})
    rng = random.Random(4)
    state, actions = new_game(config), []
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            action = state.sample_chance(rng)
        else:
            action = rng.choice(state.legal_actions())
        state.apply(action)
        actions.append(format_action(action))
    record = record_for(state, actions, 4, {"fugitive": "random", "marshal": "random"})
    assert record["header"]["options"]["deck"] == config.to_json()
    json.dumps(record)  # plain JSON
    again = replayed(json.loads(json.dumps(record)))
    assert again.config == config
    assert result_text(again) == result_text(state)
    assert record_for(again, actions, 4, {})["result"] == record["result"]
