"""Fixtures for the island's rule tests: a small island and a game set up on it by script."""

from pathlib import Path

import pytest

from generator.games.island import cards
from generator.games.island.board import parse_island
from generator.games.island.rules import IslandState, Rules

SMALL = Path(__file__).parent / "data" / "small.island"

# Cards dealt by default: no instants, so that no window opens unless a test asks for one.
QUIET_HUNTER = ["camp-stores", "horn", "beaters", "trail-sign", "bloodhound", "camp-stores"]
QUIET_HUNTED = ["second-wind", "lie-low", "false-trail", "sprint", "snare", "deadfall"]


@pytest.fixture(scope="session")
def small():
    return parse_island(SMALL.read_text(), "small.island")


def play(state: IslandState, *actions: str) -> IslandState:
    """Apply `actions` in order (each must be legal) and return the state; the actions are
    kept in `state.script`, so that a test can write the game as a record."""
    script = state.__dict__.setdefault("script", [])
    for action in actions:
        state.apply(state.parse_action(action))
        script.append(action)
    return state


def record_of(state: IslandState, *more: str) -> dict:
    """Return the record of the game `state` was played by script (see play), with the
    actions `more` after it (not applied): what a record made by hand would hold."""
    from generator.games.island.board import format_island

    options = {"players": state.players, "board": format_island(state.island)}
    header = {"game": "island", "rules_version": 1, "options": options, "seed": 0}
    return {"header": header, "actions": [*state.script, *more]}


def dealt(island) -> IslandState:
    """Return a four-player game on `island` stopped where the Hunter takes his camp: player
    0 rolled the 6, the others 1; the Hunter holds two Camp Stores and a Horn, each Hunted a
    Sprint, a Lie Low and a Snare."""
    state = IslandState(4, island)
    play(state, "roll 6", "roll 1", "roll 1", "roll 1")
    for p in range(4):
        deck = ["camp-stores"] * 2 + ["horn"] if p == 0 else ["sprint", "lie-low", "snare"]
        play(state, *[f"draw {c}" for c in deck])
    return state


def new_game(
    island,
    players: int = 4,
    hunter: int = 0,
    hands: dict | None = None,
    starts: dict | None = None,
    camp: str = "G7",
    rules: Rules | None = None,
) -> IslandState:
    """Return a game set up by script: `hunter` rolls 6 and the others 1; each player is
    dealt his hand from `hands` (3 slugs; quiet cards by default); the Hunter takes `camp`
    and each Hunted starts where `starts` says (default: squares far from the camp)."""
    state = IslandState(players, island, rules)
    play(state, *[f"roll {6 if p == hunter else 1}" for p in range(players)])
    hands = dict(hands or {})
    spare = {
        deck: list(q) for deck, q in ((cards.HUNTER, QUIET_HUNTER), (cards.HUNTED, QUIET_HUNTED))
    }
    order = [(hunter + i) % players for i in range(players)]
    for p in order:
        deck = state.role[p]
        hand = hands.get(p)
        if hand is None:
            hand = [spare[deck][(p + i) % len(spare[deck])] for i in range(3)]
        play(state, *[f"draw {slug}" for slug in hand])
    default_starts = ["D2", "N4", "F14", "L12", "C13", "M13"]
    play(state, f"camp {camp}")
    for i, p in enumerate(order[1:]):
        play(state, f"start {(starts or {}).get(p, default_starts[i])}")
    return state
