"""Fugitive's table check (generator/engine/table.py): what two players need for a game.

From the rules text (seeds/003): the 43 Hideout cards 0-42 (the 0 starts the row; 1, 2, 3
and 42 are the Fugitive's hand; 4-41 make the three draw piles), each with its Sprint value
in footprints; a role card for each player; the Marshal's notepad, with a pencil to write
on it; and for the variants, the Event cards and the 6 Placeholders (catch-up shuffles 2
into each pile). Each player keeps a rules reference. Nothing stands on a board.

Without a design the table is the published game with every variant: all 10 Events and
the 6 Placeholders. With a design (a deck configuration, deck.json) the table is the one
that configuration plays: its Hideouts counted by Sprint value, only the events its
variant can deal (the events in play; for a helpful variant, those of its icon) and the
Placeholders only for catch-up.
"""

from __future__ import annotations

from pathlib import Path

from generator.engine.table import Bring, Needs, Piece

HIDEOUT = "Hideout card"
ROLE = "role card"
PLACEHOLDER = "Placeholder card"
NOTEPAD = "Marshal's notepad"
REFERENCE = "rules reference"


def sprint_piece(value: int) -> str:
    """Return the name of the Hideout cards with Sprint `value` (counted by footprints)."""
    return f"{HIDEOUT} with Sprint +{value}"


def event_piece(name: str) -> str:
    """Return the name of the Event card called `name`."""
    return f"Event card: {name}"


def needs(players: int, design: Path | None) -> Needs:
    """Return what a table of `players` (always 2) needs for a game of Fugitive, with every
    variant when `design` is None, else as the deck configuration in `design` plays."""
    from generator.games.fugitive.cards import (
        EVENTS,
        HIDEOUTS,
        PLACEHOLDERS,
        helped_icon,
        load_config,
        published,
    )

    config = load_config(design) if design is not None else published()
    source = "the design's" if design is not None else "the published"
    pieces = [Piece(HIDEOUT, len(HIDEOUTS), why="Hideouts 0-42: the start, the hand, 3 piles")]
    for value in sorted(set(config.sprint)):
        count = config.sprint.count(value)
        pieces.append(Piece(sprint_piece(value), count, why=f"{source} Sprint values"))
    pieces.append(Piece(ROLE, players, why="one for each player"))
    if design is None:
        events = list(EVENTS)  # every variant
        placeholders = len(PLACEHOLDERS)
    else:
        in_play = set(config.event_cards(helped_icon(config.variant)))
        variant = config.variant
        events = [event for event in EVENTS if event.card in in_play and variant != "none"]
        placeholders = len(PLACEHOLDERS) if variant == "catchup" else 0
    why = "for the variants" if design is None else f"in play in the {config.variant} variant"
    pieces += [Piece(event_piece(event.name), 1, why=why) for event in events]
    if placeholders:
        pieces.append(Piece(PLACEHOLDER, placeholders, why="catch-up: 2 into each draw pile"))
    pieces += [
        Piece(NOTEPAD, 1, why="the Marshal's notes for a game"),
        Piece(REFERENCE, players, why="one for each player"),
    ]
    bring = (Bring("pencil", 1, "the Marshal writes on her notepad"),)
    return Needs(players, tuple(pieces), bring)


def balance():
    """Return the balance the default kit shows (engine/balance.py): the Fugitive's win
    rate with the published deck, planning Fugitive against deducing Marshal. It is not
    held to the band: the deck is the published game's (see `unmet`)."""
    from generator.engine.balance import Balance, Row

    return Balance(
        game="fugitive",
        quantity="the Fugitive's win rate",
        metric="fugitive_win_rate",
        band=0.1,
        table="2",
        rows=(Row("bots", "the planning Fugitive against the deducing Marshal", holds=False),),
        note=(
            "The deck is the published one, with Sprint values of +1 and +2 as the rules give. "
            "Against it our Marshal, who deduces exactly, wins more often than the aim "
            "allows; people deduce less. For a closer game against the bots, quarry generate "
            "deck --constraint values=1..3 designs decks with +3 cards near 0.5."
        ),
        unmet=(
            "the rules give Sprint values of +1 and +2 only; decks of such cards "
            "stay near it (the best of eight that quarry generate deck --seed 3 designed won "
            "0.40 of 600 games)"
        ),
    )
