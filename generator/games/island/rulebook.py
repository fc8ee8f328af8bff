"""The Most Dangerous Game's rulebook (render/document/rulebook.py): the cover, the table set
up, the rules and a worked example, the first turns of a five-player game our bots played.

The example is true by construction: `example_record()` plays a game on the default island
(the default bots, seed EXAMPLE_SEED), `example_turns(record)` replays the record as
`quarry replay` does (records.replay_record) and then once more action by action on a fresh
state, keeping with each action what the table saw (the log's events) and where every token
stood after it. The figures draw those squares: the Hunters' in the open and the Hunted's,
which only each Hunted's own mini board holds.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from generator.games.island.board import Island, distance
from generator.render.document.rulebook import ExampleStep, Rulebook, replayed_intro
from generator.render.svg import document_of
from generator.render.text import text_box
from generator.render.units import fmt

EXAMPLE_PLAYERS = 5
EXAMPLE_SEED = 18  # a tied roll for the Hunter, a sighting, a fight won with Dodge, a capture
EXAMPLE_TURNS = 6  # the first cycle and the Hunter's turn that opens the second
STEP_CELL = 5.0  # mm: a square of the example's boards (24 squares: 129 mm with the band)
SETUP_CELL = 4.3  # the setup picture's board, 112 mm, the tokens under it
COVER_CELL = 5.4  # the cover's island, 130 mm across (its list of pieces fits under it)
BAND = 4.5  # mm: the coordinates' band round an example board
LABEL_PT = 6.5  # the coordinates and the marks' letters: 6 pt or more at print size
INK, PAPER = "#1f1f1f", "#ffffff"
HUNTER_INK = "#8c2f1f"  # a Hunter's disc
SEEN_INK = "#d0461c"  # the ring round a Hunted who was seen in the turn
SIGHT_INK = "#e8870c"  # the edge of the Hunters' sight
MOVED_INK = "#c2187a"  # the square a token reached in the turn, and the arrow to it


@dataclass(frozen=True)
class Said:
    """One action of the record: its words, the player it belongs to (None for the roll
    that chooses the Hunter), the public events it set off, and after it every token's
    square, the players who hunt and the tokens that crossed by boat in the turn."""

    text: str
    player: int | None
    events: tuple[tuple, ...]
    squares: tuple[int | None, ...]
    hunters: frozenset[int]
    crossed: frozenset[int]  # the tokens that have crossed by boat in the turn so far


@dataclass(frozen=True)
class ExampleTurn:
    """One turn of the example: its number, cycle and player, its actions in order, and
    every player's square and role at its start and at its end, and how far each Hunter
    sees from where he ends it."""

    number: int
    cycle: int
    player: int
    said: tuple[Said, ...]
    before: tuple[int | None, ...]
    after: tuple[int | None, ...]
    roles: tuple[str, ...]
    sight: tuple[tuple[int, int], ...]  # each Hunter's square and range at the turn's end


@dataclass(frozen=True)
class ExampleSetup:
    """The example's setup: the rolls for the Hunter (each round of them), the first
    Hunter, his camp square and each Hunted's start, in the order they chose."""

    rolls: tuple[tuple[tuple[int, int], ...], ...]
    hunter: int
    camp: int
    starts: tuple[tuple[int, int], ...]


def example_record() -> dict:
    """Return the record of the example game, played by the bots with EXAMPLE_SEED."""
    from generator.games.island.board import default_island
    from generator.games.island.bots import game_record

    return game_record(default_island(), EXAMPLE_PLAYERS, EXAMPLE_SEED)


def _owner(state) -> int | None:
    """Return the player an action belongs to: the one its step waits on (a roll or a draw
    names the player it is for)."""
    step = state.stack[-1]
    if step[0] == "choose-roll":
        return None
    return step[1]


def example_turns(record: dict) -> tuple[ExampleSetup, list[ExampleTurn], str, Island]:
    """Replay `record` as quarry replay does (QuarryError if it does not replay), then
    action by action; return the setup, every turn, the result line and the island."""
    from generator.engine.records import replay_record
    from generator.games import registry
    from generator.games.island.rules import state_from_header

    result = replay_record(registry()["island"], record, "the rulebook's example")
    state = state_from_header(record["header"])
    rolls, turns, said = [], [], []
    before: tuple = ()
    carried: list[tuple] = []  # events of a turn that the action ending the one before set off
    cycle = player_of_turn = 0
    for text in record["actions"]:
        player, count, seen = _owner(state), state.turns, len(state.log)
        if not said:
            cycle, player_of_turn = state.cycle, state.turn
        state.apply(state.parse_action(text))
        events = [event for event in state.log[seen:] if event[0] != "fact"]
        rolls += [event[1] for event in events if event[0] == "choose-rolls"]
        if count == 0:  # the setup: its last action starts the first turn
            before = tuple(state.pos)
            continue
        mine = [*carried, *events]
        turn_at = next((i for i, e in enumerate(mine) if e[0] == "turn" and i >= len(carried)),
                       len(mine))  # fmt: skip
        mine, carried = mine[:turn_at], mine[turn_at:]
        said.append(
            Said(
                text,
                player,
                tuple(mine),
                tuple(state.pos),
                frozenset(state.hunters()),
                frozenset(state.crossed),
            )
        )
        if state.turns != count or state.is_terminal():
            after = said[-1].squares
            sight = tuple((state.pos[h], state.sight_range(h)) for h in state.hunters())
            turns.append(
                ExampleTurn(
                    len(turns) + 1,
                    cycle,
                    player_of_turn,
                    tuple(said),
                    before,
                    after,
                    tuple(state.role),
                    sight,
                )
            )
            said, before = [], after
    hunter = state.first
    camp = next(event[2] for event in state.log if event[0] == "camp")
    starts = tuple((x, state.marks[x][0]) for x in state.start_order)
    return ExampleSetup(tuple(rolls), hunter, camp, starts), turns, result, state.island


# --- the figures ------------------------------------------------------------------------------


def _inner(svg: str) -> str:
    """Return the body of an SVG document (what lies inside its root element)."""
    start = re.search(r"<svg\b[^>]*>", svg)
    return svg[start.end() : svg.rindex("</svg>")]


def _label(text: str, x: float, y: float, w: float, h: float, fill: str = INK, **kw) -> str:
    return str(
        text_box(
            text,
            x,
            y,
            w,
            h,
            LABEL_PT,
            min_size=LABEL_PT,
            bold=True,
            align="center",
            valign="middle",
            fill=fill,
            **kw,
        )
    )


def _coordinates(island: Island, cell: float) -> list[str]:
    """The column letters above and below the grid, the row numbers left and right."""
    size, far = island.size, BAND + island.size * cell
    body = []
    for index in range(size):
        letter = island.name(index)[:-1]
        number = str(index + 1)
        at = BAND + index * cell
        for y in (0.0, far):
            body.append(_label(letter, at, y, cell, BAND, fill="#4a4a4a"))
        for x in (0.0, far):
            body.append(_label(number, x, at, BAND, cell, fill="#4a4a4a"))
    return body


@dataclass(frozen=True)
class Mark:
    """A token drawn on a square: its label ("H" a Hunter, a digit a Hunted), whether it
    is a Hunter's, and whether its player was seen (a ring round it)."""

    square: int
    label: str
    hunter: bool = False
    seen: bool = False


def _centre(island: Island, cell: float, square: int) -> tuple[float, float]:
    row, column = divmod(square, island.size)
    return BAND + (column + 0.5) * cell, BAND + (row + 0.5) * cell


def _marks(island: Island, cell: float, marks: list[Mark]) -> list[str]:
    """Each square's tokens as one disc (a pill when two share it): a Hunter's dark with a
    white letter, a Hunted's white with a dark digit, a seen one ringed."""
    by_square: dict[int, list[Mark]] = {}
    for mark in marks:
        by_square.setdefault(mark.square, []).append(mark)
    body = []
    for square in sorted(by_square):
        group = sorted(by_square[square], key=lambda m: (not m.hunter, m.label))
        text = " ".join(mark.label for mark in group)
        cx, cy = _centre(island, cell, square)
        r = cell * 0.46
        w = max(2 * r, 1.9 * len(text) + 1.4)
        hunter = any(mark.hunter for mark in group)
        fill, ink = (HUNTER_INK, PAPER) if hunter else (PAPER, INK)
        if any(mark.seen for mark in group):
            body.append(
                f'<rect class="seen" x="{fmt(cx - w / 2 - 0.9)}" '
                f'y="{fmt(cy - r - 0.9)}" width="{fmt(w + 1.8)}" '
                f'height="{fmt(2 * r + 1.8)}" rx="{fmt(r + 0.9)}" fill="none" '
                f'stroke="{SEEN_INK}" stroke-width="0.6"/>'
            )
        body.append(
            f'<rect class="mark" x="{fmt(cx - w / 2)}" y="{fmt(cy - r)}" '
            f'width="{fmt(w)}" height="{fmt(2 * r)}" rx="{fmt(r)}" fill="{fill}" '
            f'stroke="{INK}" stroke-width="0.25"/>'
        )
        body.append(_label(text, cx - w / 2, cy - r, w, 2 * r, fill=ink))
    return body


def _arrow(island: Island, cell: float, start: int, end: int) -> str:
    """A thin arrow from the middle of `start` to the edge of `end`'s disc."""
    (x0, y0), (x1, y1) = _centre(island, cell, start), _centre(island, cell, end)
    length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    tx, ty = x1 - ux * cell * 0.55, y1 - uy * cell * 0.55
    head = 1.6
    left = (tx - ux * head - uy * head * 0.55, ty - uy * head + ux * head * 0.55)
    right = (tx - ux * head + uy * head * 0.55, ty - uy * head - ux * head * 0.55)
    return (
        f'<g class="arrow"><line x1="{fmt(x0)}" y1="{fmt(y0)}" x2="{fmt(tx - ux * head)}" '
        f'y2="{fmt(ty - uy * head)}" stroke="{MOVED_INK}" stroke-width="0.5"/>'
        f'<path d="M{fmt(tx)} {fmt(ty)} L{fmt(left[0])} {fmt(left[1])} '
        f'L{fmt(right[0])} {fmt(right[1])} Z" fill="{MOVED_INK}"/></g>'
    )


def _sight(island: Island, cell: float, sight) -> str:
    """The edge of what the Hunters see: every square within a Hunter's range of steps,
    outlined where it meets a square out of sight."""
    size = island.size
    inside = {
        s for s in range(size * size) if any(distance(s, h, size) <= reach for h, reach in sight)
    }
    edges = []
    for square in sorted(inside):
        row, column = divmod(square, size)
        x, y = BAND + column * cell, BAND + row * cell
        sides = (
            (row > 0 and square - size, (x, y, x + cell, y)),
            (row < size - 1 and square + size, (x, y + cell, x + cell, y + cell)),
            (column > 0 and square - 1, (x, y, x, y + cell)),
            (column < size - 1 and square + 1, (x + cell, y, x + cell, y + cell)),
        )
        for neighbour, (x0, y0, x1, y1) in sides:
            if neighbour is False or neighbour not in inside:
                edges.append(f"M{fmt(x0)} {fmt(y0)}L{fmt(x1)} {fmt(y1)}")
    return (
        f'<path class="sight" d="{"".join(edges)}" fill="none" stroke="{SIGHT_INK}" '
        f'stroke-width="0.8" stroke-linecap="square"/>'
    )


def board_figure(
    island: Island,
    cell: float,
    marks: list[Mark],
    moves: list[tuple[int, int]] = (),
    sight: tuple[tuple[int, int], ...] = (),
) -> str:
    """Return the island with `cell` mm squares, its coordinates round it, the edge of the
    Hunters' `sight` ((square, range) each), an arrow for each (from, to) of `moves` (the
    square reached tinted) and the `marks` on top."""
    from generator.games.island.figures import island_svg

    reached = {end: MOVED_INK for _, end in moves}
    base = island_svg(island, cell, coordinates=False, zone_names=False, highlight=reached)
    side = 2 * BAND + island.size * cell
    body = [
        f'<rect x="0" y="0" width="{fmt(side)}" height="{fmt(side)}" fill="{PAPER}"/>',
        f'<g transform="translate({fmt(BAND)} {fmt(BAND)})">{_inner(base)}</g>',
        *_coordinates(island, cell),
    ]
    if sight:
        body.append(_sight(island, cell, sight))
    body += [_arrow(island, cell, start, end) for start, end in moves if start != end]
    body += _marks(island, cell, marks)
    return document_of(side, side, body)


def _token_marks(squares, roles, first: int, seen=frozenset()) -> list[Mark]:
    """Return the marks of every token on the island: "H" the first Hunter, "H" and his
    number a captured player who hunts, a Hunted's number."""
    from generator.games.island.rules import HUNTER

    marks = []
    for player, square in enumerate(squares):
        if square is None:
            continue
        hunter = roles[player] == HUNTER
        label = "H" if player == first else f"H{player}" if hunter else str(player)
        marks.append(Mark(square, label, hunter, player in seen))
    return marks


def turn_figure(island: Island, turn: ExampleTurn, first: int) -> str:
    """Return the island after `turn`: every token, an arrow for each that moved, a ring
    round each Hunted seen in the turn."""
    seen = {event[1] for said in turn.said for event in said.events if event[0] == "seen"}
    moves = [
        (a, b)
        for a, b in zip(turn.before, turn.after, strict=True)
        if a is not None and b is not None and a != b
    ]
    marks = _token_marks(turn.after, turn.roles, first, seen)
    return board_figure(island, STEP_CELL, marks, moves, turn.sight)


def cover_figure(island: Island) -> str:
    """Return the cover's art: the island alone, large, its camp, boats and hiding places."""
    from generator.games.island.figures import island_svg

    return island_svg(island, COVER_CELL, coordinates=False, zone_names=False)


def setup_figure(island: Island, setup: ExampleSetup) -> str:
    """Return the setup picture: the island with the Hunter on his camp square and each
    Hunted's start (kept on his mini board), and under it the tokens of the five players
    (the Warden's stands on the board; a castaway's waits beside it until he is seen)."""
    from generator.games.island.minis import CHARACTERS, tokens_svg
    from generator.games.island.rules import HUNTED, HUNTER

    roles = [HUNTED] * EXAMPLE_PLAYERS
    roles[setup.hunter] = HUNTER
    squares: list[int | None] = [None] * EXAMPLE_PLAYERS
    squares[setup.hunter] = setup.camp
    for x, square in setup.starts:
        squares[x] = square
    board = board_figure(island, SETUP_CELL, _token_marks(squares, roles, setup.hunter))
    tokens = tokens_svg(CHARACTERS[:EXAMPLE_PLAYERS])
    side = 2 * BAND + island.size * SETUP_CELL
    tokens_w, tokens_h = _size(tokens)
    top, left = side + 3.0, (side - tokens_w) / 2
    body = [
        f'<g class="board">{_inner(board)}</g>',
        f'<g class="tokens" transform="translate({fmt(left)} {fmt(top)})">{_inner(tokens)}</g>',
    ]
    return document_of(side, top + tokens_h, body)


def _size(svg: str) -> tuple[float, float]:
    from generator.render.svg import svg_size_mm

    return svg_size_mm(svg)


# --- the words --------------------------------------------------------------------------------


def _card(slug: str) -> str:
    from generator.games.island.cards import KINDS

    return KINDS[slug].name


def _counted(slugs: list[str]) -> str:
    """Return cards by name, each once with its count: "two Snares and Deadfall"."""
    counts = {slug: slugs.count(slug) for slug in dict.fromkeys(slugs)}
    words = {1: "", 2: "two ", 3: "three "}
    return _names([words[n] + _card(slug) + ("s" if n > 1 else "") for slug, n in counts.items()])


def _names(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


class _Story:
    """Sentences about one turn, each naming its player, or "he" when the player is the
    one the sentence before named."""

    def __init__(self) -> None:
        self.sentences: list[str] = []
        self.last: int | None = None

    def add(self, player: int | None, words: str) -> None:
        subject = "He" if player is not None and player == self.last else f"Player {player}"
        self.sentences.append(f"{subject} {words}.")
        self.last = player

    def plain(self, words: str, player: int | None = None) -> None:
        self.sentences.append(words)
        self.last = player

    def text(self) -> str:
        return " ".join(self.sentences)


def turn_words(turn: ExampleTurn, island: Island) -> str:
    """Return what happens in `turn`, in words, from its actions and what the table saw."""
    story, rolls, draws, discards = _Story(), [], [], []
    squares = list(turn.before)
    fight: dict = {}

    def flush_draws() -> None:
        if draws:
            story.add(draws[0][0], f"draws {_counted([slug for _, slug in draws])}")
            draws.clear()

    for said in turn.said:
        verb, *args = said.text.split()
        who = said.player
        if verb == "draw":
            if draws and draws[0][0] != who:
                flush_draws()
            draws.append((who, args[0]))
            _events(story, said, island)
            squares = list(said.squares)
            continue
        flush_draws()
        if verb == "roll" and fight.get("rolling"):
            fight.setdefault("rolls", []).append(int(args[0]))
        elif verb == "roll":
            rolls.append(args[0])
        elif verb == "move":
            how = "in the open" if who in said.hunters else "in secret"
            new = [roll for roll in rolls if not roll.startswith(AGAIN)]
            steps = " or ".join(roll.removeprefix(AGAIN) for roll in rolls)
            boat = " (one of them a boat crossing)" if who in said.crossed else ""
            story.add(
                who,
                f"rolls {' then '.join(new)} and moves {steps} steps {how}{boat}, from "
                f"{island.name(squares[who])} to {args[0]}",
            )
            rolls = []
        elif verb == "play":
            _played(story, who, args, said, rolls, island)
        elif verb == "attack":
            story.add(who, f"attacks player {args[0]}")
            fight = {"rolling": True, "attacker": who, "defender": int(args[0])}
        elif verb == "discard":
            discards.append(args[0])
            if said is turn.said[-1] or not turn.said[turn.said.index(said) + 1].text.startswith(
                "discard"
            ):
                story.add(who, f"discards {_counted(discards)}, down to three cards")
                discards.clear()
        elif verb == "camp":
            story.add(who, f"sets his token on the camp square {args[0]}")
        if any(event[0] == "fight" for event in said.events):
            fight["rolling"] = False
        _events(story, said, island, fight)
        squares = list(said.squares)
    flush_draws()
    return story.text()


AGAIN = "told:"  # before a roll of the turn's rolls already told (a Sure Footing came after)


def _played(story: _Story, who: int, args: list[str], said: Said, rolls, island) -> None:
    """A card played: its name and what it did that the table saw."""
    slug, rest = args[0], args[1:]
    name = _card(slug)
    answers = [event for event in said.events if event[0] == "answer"]
    if slug == "sure-footing":
        told = [roll for roll in rolls if not roll.startswith(AGAIN)]
        story.add(who, f"rolls {' then '.join(told)} and plays {name} to roll again")
        rolls[:] = [roll if roll.startswith(AGAIN) else AGAIN + roll for roll in rolls]
    elif slug in ("sprint", "forced-march", "run-for-cover") and rest:
        story.add(who, f"plays {name} and moves on to {rest[0]}")
    elif slug == "distraction":
        story.add(who, f"plays {name}: player {rest[0]}'s token moves to {rest[1]}")
    elif slug in ("trail-sign", "bloodhound") and rest:
        story.add(who, f"plays {name} on player {rest[0]}")
    elif slug in ("rifle", "dodge"):
        story.add(who, f"plays {name} (+2 to his roll)")
    elif slug == "camouflage":
        story.add(
            who,
            f"stands on {island.name(said.squares[who])}, in the Hunter's sight, "
            f"but plays {name}: he stays unseen, his square his secret",
        )
    else:
        story.add(who, f"plays {name}")
    for event in answers:
        _, x, what, yes = event
        story.plain(f"Player {x} answers: {'yes,' if yes else 'no, not'} {what}.")


def _events(story: _Story, said: Said, island: Island, fight=None) -> None:
    """The events an action set off that the words must say: a sighting, a fight, a
    capture, a trap, a reveal, the mark a Hunted writes."""
    for event in said.events:
        kind = event[0]
        if kind == "seen":
            x, square = event[1], event[2]
            near = min(
                distance(square, s, island.size)
                for p, s in enumerate(said.squares)
                if s is not None and p in said.hunters
            )
            story.plain(
                f"Player {x} is at {island.name(square)}, {near} steps from a Hunter, "
                "within his sight: he must stand his token there, for all to see.",
                x,
            )
        elif kind == "fight" and fight is not None:
            _, h, x, total_h, total_x, outcome = event
            a, d = fight["rolls"][-2:]
            cards = (
                ""
                if (a, d) == (total_h, total_x)
                else f", {total_h} against {total_x} with the cards"
            )
            verdict = {
                "won": f"player {h} wins and captures player {x}",
                "lost": f"player {x} wins and slips away",
            }.get(outcome, "a tie")
            if outcome == "lost" and total_h == total_x:
                verdict = f"a tie, which goes to the Hunted: player {x} slips away"
            story.plain(
                f"Player {h} rolls {a} on the d8, player {x} rolls {d} on the d6{cards}: "
                f"{verdict}.",
                None,
            )
        elif kind == "captured":
            _, x, h = event
            story.plain(
                f"Player {h} scores 2 points. Player {x} becomes a Hunter: he "
                "discards his Hunted cards and takes three from the Hunter deck.",
                None,
            )
        elif kind == "trap":
            where = island.name(event[4]) if event[4] is not None else "his square (a secret)"
            story.plain(f"The trap lies on {where}.", event[1])
        elif kind == "reveal":
            _, x, mark, square, chosen = event
            where, number = island.name(square), mark + 1
            if chosen:
                words = (
                    f"Player {x} lays his False Trail: his token for mark {number} goes on "
                    f"{where}, which need only lie within 3 steps of the true one."
                )
            elif said.text.startswith("play bloodhound"):
                words = f"Player {x} must tell where his mark {number} is: {where}."
            else:
                words = (
                    f"Player {x} shows his mark {number}: his token stands on {where} "
                    "until he moves."
                )
            story.plain(words, x)
        elif kind == "mark":
            x, number = event[1], event[2] + 1
            story.plain(
                f"He writes {number} on {island.name(said.squares[x])} on his mini board.", x
            )
        elif kind == "snared":
            story.plain(f"A Snare holds player {event[1]}: he does not move this turn.")


def example_steps(setup: ExampleSetup, turns: list[ExampleTurn], island: Island) -> list:
    """Return the worked example's steps: the first EXAMPLE_TURNS turns, each drawn."""
    steps = []
    for turn in turns[:EXAMPLE_TURNS]:
        role = "the Hunter" if turn.player == setup.hunter else "a Hunted"
        heading = f"Turn {turn.number} (cycle {turn.cycle}): player {turn.player}, {role}"
        steps.append(
            ExampleStep(
                turn_figure(island, turn, setup.hunter),
                heading,
                turn_words(turn, island),
                wide=True,
            )
        )
    return steps


def setup_words(setup: ExampleSetup, island: Island) -> str:
    """Return how the example's table was set up, in words: the rolls for the Hunter, his
    camp square and the Hunted's starts."""
    rounds = [", ".join(f"player {p} a {n}" for p, n in rolled) for rolled in setup.rolls]
    again = "; those tied for the highest roll again: ".join(rounds)
    starts = ", ".join(f"player {x} on {island.name(square)}" for x, square in setup.starts)
    return (
        f"To choose the Hunter, everybody rolled the d6: {again}. Player {setup.hunter} "
        f"rolled highest and hunts; he stands on the camp square {island.name(setup.camp)}. "
        f"The Hunted wrote their starts in turn order: {starts}."
    )


SETUP_STEPS = (
    "Lay the board in the middle, the cycle-and-day track beside it with a coin on its first box.",
    "Everybody rolls the d6: the highest roll is the Hunter. If several tie for the highest, "
    "only they roll again, until one is highest. Everybody else is Hunted.",
    "Shuffle the Hunter deck and the Hunted deck. Deal three cards from the Hunter deck to "
    "the Hunter and three from the Hunted deck to each Hunted; keep your cards hidden.",
    "The Hunter stands the Warden on one of the four camp squares, by the fire.",
    "Each Hunted takes a castaway, a mini board in a clear sleeve and a marker. Going "
    "clockwise from the Hunter, each in turn writes 1 on a land square (never water) of his "
    "mini board: where he starts. Nobody tells the Hunter; each shows his mini board to the "
    "Hunted still to choose, so that no two start on one square.",
    "The castaways wait beside the board: a Hunted's token goes on the island only when he is "
    "seen or shows his trail. Everyone keeps a player aid, the Hunter with the Hunter's side "
    "up, the others the Hunted's. The Hunter's turn begins the first cycle.",
)


def contents(pieces) -> list[str]:
    """Return the kit's pieces, a line each: "4 x mini board: ..." (the board's size and
    the track's length are in their names; where a deck is defined is not a player's
    business)."""
    return [
        f"{piece.count} x {piece.name}: {piece.why.removesuffix(', cards.py')}" for piece in pieces
    ]


def rulebook(players: int | None = None) -> Rulebook:
    """Return The Most Dangerous Game's rulebook for a kit of `players` (None: the kit's
    default, the largest table), its cover listing that kit's pieces; the example, of
    EXAMPLE_PLAYERS, is replayed from example_record()."""
    from generator.games.island.reference import RULES_SECTIONS
    from generator.games.island.rules import MAX_PLAYERS
    from generator.games.island.table import needs

    def rules(blocks):
        """The rules pages' sections (reference.rules_part) without their made-up example
        turn: the worked example takes its place, and with it the rules fill two pages
        instead of spilling a paragraph onto a third."""
        return [blocks.section(heading, items) for heading, items in RULES_SECTIONS]

    setup, turns, result, island = example_turns(example_record())
    table = needs(players or MAX_PLAYERS, None)
    intro = replayed_intro(
        f"the first turns of a {EXAMPLE_PLAYERS}-player game on the default island",
        "the tracking Hunter against cautious Hunted",
        "Each picture is the island after the turn. H is the Hunter; a digit is a Hunted, "
        "on the square only his own mini board shows: the Hunter does not see it. A pink "
        "square and arrow show where a token went in the turn (the arrow joins its squares, "
        "not the way it walked); a red ring marks a Hunted who was seen, and the orange "
        "line rings the squares the Hunters see from where they end the turn. "
        + setup_words(setup, island),
        result,
    )
    return Rulebook(
        title="The Most Dangerous Game",
        tagline="The Hunter walks the island in the open; the Hunted creep across it in "
        "secret. Four to seven players.",
        cover_art=cover_figure(island),
        cover_width=island.size * COVER_CELL,
        contents=contents(table.pieces),
        bring=[item.text() for item in table.bring],
        setup_picture=setup_figure(island, setup),
        setup_caption=(
            "The worked example's table before the first turn: the Hunter (H) on the camp "
            "and the starts the four Hunted wrote on their mini boards (a digit is the "
            "player's number); the Hunter sees none of those starts. Under the island, the "
            "Warden (the Hunter's token) and a castaway for each Hunted."
        ),
        setup_steps=SETUP_STEPS,
        rules=rules,
        example_intro=intro,
        example=example_steps(setup, turns, island),
    )
