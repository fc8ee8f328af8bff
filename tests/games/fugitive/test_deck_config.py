"""Deck configurations with events: the JSON (defaults, round trip, one clear reason for each
mistake), deals that follow the events in play and per pile, and records that carry them."""

import json
import random
import subprocess
import sys

import pytest

from generator.engine.game import CHANCE, IllegalAction
from generator.engine.records import replay
from generator.errors import QuarryError
from generator.games.fugitive.cards import (
    EVENT_BY_CARD,
    EVENT_BY_KEY,
    EVENT_KEYS,
    PLACEHOLDERS,
    VARIANTS,
    DeckConfig,
    even_spread,
    load_config,
    published,
)
from generator.games.fugitive.rules import (
    Deal,
    deal_for,
    format_action,
    new_game,
    parse_action,
    record_for,
    result_text,
    state_from_header,
)

SPRINT = published().sprint
FUGITIVE_KEYS = ("safe-house", "false-lead", "fast-horse", "lie-low")
MARSHAL_KEYS = ("informant", "roadblock", "search-party", "dragnet")


def deck(variant, events=EVENT_KEYS, per_pile=None):
    config = DeckConfig(SPRINT, variant, tuple(events), per_pile)
    assert config.problem() is None, config.problem()
    return config


def extras(deal):
    return [[c for c in pile if c > 42] for pile in deal.piles]


def keys(cards):
    return {EVENT_BY_CARD[c].key for c in cards}


# --- the JSON --------------------------------------------------------------------------------
def test_a_deck_json_without_the_event_keys_means_the_rule_texts_defaults():
    for variant in VARIANTS:
        config = DeckConfig.from_json({"sprint": {}, "variant": variant})
        assert config == published(variant)
        assert config.events == EVENT_KEYS and config.events_per_pile is None
    assert published("random").pile_counts() == (2, 2, 2)
    assert published("helpful-fugitive").pile_counts() == (2, 1, 1)
    assert published("catchup").pile_counts() is None


def test_events_are_kept_in_card_order_and_the_json_round_trips():
    config = DeckConfig.from_json(
        {
            "sprint": {"7": 3},
            "variant": "random",
            "events": ["windfall", "dragnet", "safe-house"],
            "events_per_pile": [0, 1, 2],
        }
    )
    assert config.events == ("safe-house", "dragnet", "windfall")
    data = config.to_json()
    assert data["events"] == ["safe-house", "dragnet", "windfall"]
    assert data["events_per_pile"] == [0, 1, 2]
    assert DeckConfig.from_json(json.loads(json.dumps(data))) == config
    assert "events_per_pile" not in published("random").to_json()


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        ({"sprint": {}, "event": ["dragnet"]}, "unknown key 'event'; a deck configuration has"),
        ({"sprint": {}, "events": ["dragnet", "ambush"]}, "no event 'ambush'; the events are"),
        ({"sprint": {}, "events": "dragnet"}, "events must be a list of event keys"),
        ({"sprint": {}, "events": [101]}, "events must be a list of event keys"),
        ({"sprint": {}, "events": ["dragnet", "dragnet"]}, "'dragnet' is listed twice"),
        (
            {"sprint": {}, "variant": "random", "events": ["dragnet", "informant"]},
            "shuffles 6 events into the piles (its rule asks for 2, 2, 2) but only 2 are in play",
        ),
        (
            {"sprint": {}, "variant": "random", "events_per_pile": [4, 4, 4]},
            "events_per_pile asks for 4, 4, 4) but only 10 are in play",
        ),
        (
            {"sprint": {}, "variant": "random", "events_per_pile": [0, 0, 0]},
            "at least one event in the piles",
        ),
        (
            {"sprint": {}, "variant": "random", "events_per_pile": [1, 2]},
            "three whole numbers 0 or more",
        ),
        (
            {"sprint": {}, "variant": "random", "events_per_pile": [1, -1, 2]},
            "three whole numbers 0 or more",
        ),
        (
            {"sprint": {}, "variant": "random", "events_per_pile": [1, True, 2]},
            "three whole numbers 0 or more",
        ),
        ({"sprint": {}, "variant": "random", "events_per_pile": 6}, "three whole numbers"),
        (
            {"sprint": {}, "variant": "helpful-fugitive", "events_per_pile": [2, 2, 1]},
            "its 4 fugitive event(s) in play into the piles, but events_per_pile adds up to 5",
        ),
        (
            {"sprint": {}, "variant": "helpful-marshal", "events": list(FUGITIVE_KEYS)},
            "needs at least one marshal event in play",
        ),
        (
            {"sprint": {}, "variant": "discovery", "events_per_pile": [1, 1, 1]},
            "events_per_pile is only for the variants that shuffle events into the piles",
        ),
        ({"sprint": {}, "variant": "discovery", "events": []}, "needs at least one event"),
        ({"sprint": {}, "variant": "catchup", "events": []}, "needs at least one event"),
    ],
)
def test_a_malformed_deck_configuration_gives_one_clear_reason(data, reason):
    with pytest.raises(ValueError) as caught:
        DeckConfig.from_json(data)
    assert reason in str(caught.value)
    assert "\n" not in str(caught.value)


def test_a_deck_file_with_a_bad_event_names_the_file(tmp_path):
    path = tmp_path / "deck.json"
    path.write_text(json.dumps({"sprint": {}, "variant": "random", "events": ["ambush"]}))
    with pytest.raises(QuarryError, match=r"deck\.json: events: no event 'ambush'"):
        load_config(path)


def test_even_spread_gives_the_lower_piles_the_extra_events():
    assert [even_spread(n) for n in range(5)] == [
        (0, 0, 0),
        (1, 0, 0),
        (1, 1, 0),
        (1, 1, 1),
        (2, 1, 1),
    ]


# --- deals follow the configuration ----------------------------------------------------------
def accepted(config, deal):
    state = new_game(config)
    state.apply(deal)  # IllegalAction if the configuration could not deal it
    return state


def test_random_deals_only_events_in_play_as_many_per_pile_as_configured():
    in_play = ("false-lead", "lie-low", "informant", "dragnet", "windfall")
    config = deck("random", in_play, (0, 1, 3))
    seen = set()
    for seed in range(30):
        deal = deal_for(config, random.Random(seed))
        per_pile = extras(deal)
        assert [len(cards) for cards in per_pile] == [0, 1, 3]
        dealt = [c for cards in per_pile for c in cards]
        assert len(set(dealt)) == 4 and keys(dealt) <= set(in_play)
        seen |= keys(dealt)
        accepted(config, deal)
    assert seen == set(in_play)  # each event in play turns up


def test_random_with_the_rule_counts_takes_6_of_the_events_in_play():
    in_play = EVENT_KEYS[:7]
    config = deck("random", in_play)
    for seed in range(10):
        deal = deal_for(config, random.Random(seed))
        assert [len(cards) for cards in extras(deal)] == [2, 2, 2]
        assert keys(c for cards in extras(deal) for c in cards) <= set(in_play)
        accepted(config, deal)


@pytest.mark.parametrize(
    ("variant", "in_play", "per_pile", "expected"),
    [
        ("helpful-fugitive", EVENT_KEYS, None, [2, 1, 1]),
        ("helpful-fugitive", ("safe-house", "lie-low", "dragnet"), None, [1, 1, 0]),
        ("helpful-marshal", ("informant", "roadblock", "dragnet"), None, [1, 1, 1]),
        ("helpful-marshal", EVENT_KEYS, (0, 0, 4), [0, 0, 4]),
        ("helpful-fugitive", FUGITIVE_KEYS[:3], (3, 0, 0), [3, 0, 0]),
    ],
)
def test_helpful_deals_exactly_the_icons_events_in_play(variant, in_play, per_pile, expected):
    config = deck(variant, in_play, per_pile)
    icon = variant.split("-")[1]
    wanted = {k for k in in_play if EVENT_BY_KEY[k].icon == icon}
    for seed in range(10):
        deal = deal_for(config, random.Random(seed))
        per = extras(deal)
        assert keys(c for cards in per for c in cards) == wanted
        counts = [len(cards) for cards in per]
        assert counts == expected  # by default evenly, the lower piles taking the extra
        accepted(config, deal)


def test_discovery_and_catchup_event_piles_hold_only_the_events_in_play():
    in_play = ("safe-house", "fast-horse", "roadblock", "second-wind")
    discovery = deck("discovery", in_play)
    deal = deal_for(discovery, random.Random(3))
    assert extras(deal) == [[], [], []] and keys(deal.events[0]) == set(in_play)
    accepted(discovery, deal)
    catchup = deck("catchup", in_play)
    deal = deal_for(catchup, random.Random(3))
    assert [keys(pile) for pile in deal.events] == [
        {"safe-house", "fast-horse"},
        {"roadblock"},
        {"second-wind"},
    ]
    assert sorted(c for cards in extras(deal) for c in cards) == list(PLACEHOLDERS)
    accepted(catchup, deal)


def test_a_catchup_placeholder_with_its_icon_pile_out_of_play_gives_no_event():
    config = deck("catchup", ("roadblock", "windfall"))  # no Fugitive-icon event in play
    state = new_game(config)
    piles = [list(range(4, 15)), list(range(15, 29)), list(range(29, 42))]
    piles[2] = [PLACEHOLDERS[4], *piles[2]]  # the Marshal's first draw from pile 3
    for index, pile in enumerate(piles):
        pile += [p for p in PLACEHOLDERS[2 * index : 2 * index + 2] if p not in pile]
    events = ((), (EVENT_BY_KEY["roadblock"].card,), (EVENT_BY_KEY["windfall"].card,))
    state.apply(Deal(tuple(map(tuple, piles)), events))
    for text in ("hide 1", "pass", "draw 3"):  # one face-down Hideout: the Fugitive's pile
        state.apply(state.parse_action(text))
    assert state.history[-1].get("placeholder")
    assert not [h for h in state.history if h["what"] == "event"]
    assert [(s.kind, s.player) for s in state.steps][:2] == [("draw", 1), ("draw", 1)]


def _deal_with(piles_extra, events=()):
    piles = [list(range(4, 15)), list(range(15, 29)), list(range(29, 42))]
    for pile, cards in zip(piles, piles_extra, strict=True):
        pile += cards
    return Deal(tuple(map(tuple, piles)), events)


E = {key: event.card for key, event in EVENT_BY_KEY.items()}


@pytest.mark.parametrize(
    ("config", "deal", "reason"),
    [
        (
            deck("random", EVENT_KEYS[:6]),
            _deal_with([[101, 102], [101, 103], [104, 105]]),
            "an event card appears twice",
        ),
        (
            deck("random", EVENT_KEYS[:6]),
            _deal_with(
                [[E["safe-house"], E["false-lead"]], [E["fast-horse"], E["lie-low"]], [109, 105]]
            ),
            "E109 (windfall) is not in play in this deck",
        ),
        (
            deck("random", EVENT_KEYS, (1, 1, 1)),
            _deal_with([[101, 102], [103], []]),
            "shuffles 1 events into each pile (this deck's events_per_pile)",
        ),
        (
            deck("random", EVENT_KEYS, (3, 0, 1)),
            _deal_with([[101], [102, 103, 104], []]),
            "3, 0 and 1 events into piles 1, 2 and 3 (this deck's events_per_pile)",
        ),
        (
            deck("helpful-marshal", EVENT_KEYS, (0, 0, 4)),
            _deal_with([[105, 106], [107], [108]]),
            "0, 0 and 4 events into piles 1, 2 and 3",
        ),
        (
            deck("helpful-marshal", ("informant", "roadblock", "dragnet")),
            _deal_with([[105, 106], [108], []]),
            "its icon's 3 events in play, and no others, evenly over the piles",
        ),
        (
            deck("helpful-marshal", ("informant", "roadblock", "dragnet")),
            _deal_with([[105], [106], [107]]),
            "E107 (search-party) is not in play",
        ),
        (
            deck("discovery", ("informant", "roadblock")),
            _deal_with([[], [], []], ((105, 106, 107),)),
            "event piles must hold all 2 events in play",
        ),
        (
            deck("catchup", ("informant", "windfall")),
            _deal_with([[201, 202], [203, 204], [205, 206]], ((101,), (105,), (109,))),
            "its events in play by icon",
        ),
    ],
    ids=[
        "twice",
        "out-of-play",
        "random-counts",
        "random-uneven-counts",
        "helpful-counts",
        "helpful-uneven",
        "helpful-out-of-play",
        "discovery-pile",
        "catchup-piles",
    ],
)
def test_a_deal_that_breaks_the_configuration_is_refused_with_the_reason(config, deal, reason):
    with pytest.raises(IllegalAction) as caught:
        new_game(config).apply(deal)
    assert reason in str(caught.value)


# --- records ---------------------------------------------------------------------------------
def random_record(config, seed):
    rng = random.Random(seed)
    state, actions = new_game(config), []
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            action = state.sample_chance(rng)
        else:
            action = rng.choice(state.legal_actions())
        state.apply(action)
        actions.append(format_action(action))
    return state, record_for(state, actions, seed, {"fugitive": "random", "marshal": "random"})


DESIGNED = [
    DeckConfig(SPRINT, "random", ("false-lead", "lie-low", "informant", "dragnet"), (0, 2, 2)),
    DeckConfig(tuple([2] * 43), "helpful-fugitive", ("safe-house", "fast-horse"), (0, 1, 1)),
    DeckConfig(SPRINT, "discovery", ("informant", "search-party", "windfall")),
    DeckConfig(SPRINT, "catchup", ("safe-house", "dragnet")),
]


@pytest.mark.parametrize("config", DESIGNED, ids=lambda c: c.variant)
def test_a_record_with_a_designed_deck_replays_from_its_header(config):
    assert config.problem() is None
    state, record = random_record(config, 5)
    assert record["header"]["options"] == {"variant": config.variant, "deck": config.to_json()}
    again = state_from_header(json.loads(json.dumps(record))["header"])
    assert again.config == config
    assert replay(again, record["actions"], lambda s: s.turn) is None
    assert result_text(again) == result_text(state)
    assert set(record["result"]["events"]) <= set(config.events)


def test_a_record_of_a_published_deck_carries_no_deck():
    _, record = random_record(published("random"), 2)
    assert record["header"]["options"] == {"variant": "random"}


def test_replay_refuses_a_deal_the_headers_deck_cannot_make(root, tmp_path):
    config = DESIGNED[0]  # 4 events in play, all 4 dealt (0, 2 and 2 per pile)
    _, record = random_record(config, 7)
    dealt = sorted(c for pile in extras(parse_action(record["actions"][0])) for c in pile)
    assert keys(dealt) == set(config.events)
    # The header now sets the first dealt event aside (and brings in two others).
    events = [k for k in config.events if k != EVENT_BY_CARD[dealt[0]].key]
    record["header"]["options"]["deck"]["events"] = [*events, "safe-house", "windfall"]
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    done = subprocess.run(
        [sys.executable, "-m", "generator", "replay", "fugitive", str(path)],
        cwd=root,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 2
    line = done.stderr.strip()
    assert "\n" not in line and "step 1 (turn 0)" in line
    assert f"E{dealt[0]} ({EVENT_BY_CARD[dealt[0]].key}) is not in play in this deck" in line


def test_a_header_deck_with_bad_events_is_a_value_error():
    header = {"options": {"variant": "random", "deck": {"sprint": {}, "events": ["dragnet"]}}}
    with pytest.raises(ValueError, match="options.deck: the 'random' variant shuffles 6 events"):
        state_from_header(header)
