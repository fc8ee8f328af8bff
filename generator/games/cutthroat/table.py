"""What a table of CutThroat! needs (the table check, generator/engine/table.py), from the
rules text (seeds/002, docs/rules/cutthroat.md) and a designed variant's numbers.

For N players: the four cards of each character Ace to the N-th (identity, enemy, life,
heart), a player aid each, and, for a table without markers, a life track for each
character that reaches the most markers its life card can ever hold (`most_markers`). The
players bring the life markers the text asks for (the variant's `markers` on each life card)
or, to play on the tracks, two paper clips a track.

The most markers a card can hold (`most_markers`) is not the markers it starts with: a play
may put markers back on any card, so one card can gather what the others lose. The bound,
from the rules:

- Markers never enter the game: every play takes t markers and puts t - 1 back (a plain
  play t = 2, an extended play t = extend, a double one t = double; a play that finds too
  few takes them all and still puts one fewer back). So a card X gains at most t - 1 from
  a play, and only from markers the play takes.
- What X gains beyond its start comes from the other N - 1 cards, which start with
  (N - 1) * markers and never hold fewer than none: if the others lose A markers in all,
  X holds at most markers + A - k after k plays, and the k plays took at least A markers.
- Extended plays come from three places only, and the rules cap two of them. A double
  extended play (the largest, double >= extend >= 3 > 2) is earned only by a death at the
  start of the killer's turn, and such deaths happen only while hearts are in play, that is
  while more than sudden_at characters are alive: at most N - sudden_at of them, each
  earning one extended or double play. A right guess earns one, and right guesses stop at
  the free pass (two living characters hidden): at most N - 2. The enemy's extended play may
  come every turn, but a turn that takes it cannot guess, so it goes on to a plain play
  (taking 2): there is at most one more of them than of plain plays.

So the k plays that take the most take, in turn, double (N - sudden_at times), extend
(N - 2 times), then extend, 2, extend, 2, ... (`play_sizes`), and the most X can hold is the
largest markers + A - k over A from 0 to (N - 1) * markers, with k the fewest of those plays
that take A. For the published game (8, 3, 4, 3) that is 34 at 6 players and 74 at 13.

It is a bound: the tests play cooperative games in the engine (everyone feeding one card,
guessing right, taking every enemy's extended play) and never pass it; the best such games
found come within a few markers of it (docs/design-cutthroat.md gives the numbers). A track
must hold any count a card can reach, so the tracks run to the bound.
"""

from __future__ import annotations

from pathlib import Path

from generator.engine.table import Bring, Needs, Piece
from generator.games.cutthroat.rules import MAX_PLAYERS, MIN_PLAYERS, Rules

SUITS = ("identity", "enemy", "life", "heart")  # cards.SUITS' keys, in that order
CLIPS_PER_TRACK = 2  # one on the tens row, one on the units row (tracks.py)


def play_sizes(players: int, rules: Rules):
    """Yield the most markers each play of a game can take, largest first, as the rules
    allow them (the module docstring): the double extended plays of the deaths while hearts
    are in play (N - sudden_at), the extended plays of right guesses (N - 2), then the
    enemy's extended plays, each followed by a plain play in its turn (extend, 2, extend,
    2, ...; the game may end after the last extended one)."""
    yield from [rules.double] * (players - rules.sudden_at)
    yield from [rules.extend] * (players - 2)
    while True:
        yield rules.extend
        yield 2


def fewest_plays(taken: int, players: int, rules: Rules) -> int:
    """Return the fewest plays that can take `taken` markers in a game of `players` under
    `rules` (play_sizes)."""
    plays = 0
    sizes = play_sizes(players, rules)
    while taken > 0:
        taken -= next(sizes)
        plays += 1
    return plays


def most_markers(players: int, rules: Rules) -> int:
    """Return the most markers one life card can ever hold in a game of `players` under
    `rules` (the module docstring gives the reasoning)."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"players must be {MIN_PLAYERS} to {MAX_PLAYERS}, got {players}")
    others = (players - 1) * rules.markers
    return max(
        rules.markers + taken - fewest_plays(taken, players, rules) for taken in range(others + 1)
    )


def needs(players: int, design: Path | None) -> Needs:
    """Return what a table of `players` needs to play CutThroat! with the numbers of the
    variant file `design` (the published numbers for None)."""
    from generator.games.cutthroat.design.variant import design_rules

    rules = design_rules(design)
    most = most_markers(players, rules)
    cards = tuple(
        Piece(f"{suit} card", players, why=f"one {suit} card for each of the {players} characters")
        for suit in SUITS
    )
    return Needs(
        players,
        (
            *cards,
            Piece("player aid", players, why="one for each player"),
            Piece("life track", players, why="one for each character, for a table without markers"),
            Piece(
                "life track reach",
                most,
                why=f"a life card can hold up to {most} markers with {rules.markers} each at "
                f"the start, extended plays of {rules.extend} and double ones of {rules.double}",
            ),
        ),
        (
            Bring(
                "life markers",
                players * rules.markers,
                f"coins, beads or buttons: {rules.markers} on each life card; no more ever "
                "enter the game",
            ),
            Bring(
                "paper clips",
                CLIPS_PER_TRACK * players,
                "only to play on the life tracks instead of markers: two on each",
            ),
        ),
    )


def balance():
    """Return the balance the default kit claims (engine/balance.py): at every player
    count, no seat's share of wins further than 0.02 from a fair share, with the simple
    bot in every seat."""
    from generator.engine.balance import WORST_SEAT, Balance, Row

    return Balance(
        game="cutthroat",
        quantity="the share of wins of the seat furthest from a fair share",
        metric=WORST_SEAT,
        band=0.02,
        target=None,
        players=tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1)),
        rows=(Row("bots", "the simple bot in every seat"),),
        games=10_000,  # the worst of 6-13 seats: fewer games would make it look worse
        note=(
            "The simple bot does not work out identities from every play, as our deducing "
            "bot does; people who do shorten the game but do not favour a seat."
        ),
    )
