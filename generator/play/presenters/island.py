"""The Most Dangerous Game on screen: the island drawn as a grid of letters (the zones, the
sea, water, the camp, the Hunters and, for a Hunted, his own square, trail and traps), your
hand, the scores, and the public log in words.

The log holds public events only (rules.py's View), so what the others did is told from its
new entries: a Hunted's move says how far he rolled, never where he went; a card drawn says
who drew, never which."""

from __future__ import annotations

from generator.engine.bitboards import bits
from generator.games.island.board import ZONES, column_name, square_kind
from generator.play.presenters import Presenter

LOG_SHOWN = 10
ZONE_MARKS = "jmktlf"  # Jungle, Meadow, Jungle 2 (k), Mountains (t: tops), Lagoon, Cliff (f: face)


class IslandPresenter(Presenter):
    def players(self, state) -> int:
        return state.players

    def seat_name(self, state, seat: int) -> str:
        return f"player {seat}"

    def show(self, state, seat: int) -> list[str]:
        view = state.observation(seat)
        island = view.island
        role = view.role[seat]
        marks = {square: str(i + 1)[-1] for i, square in enumerate(view.marks)}
        traps = {square for _, square in view.traps if square is not None}
        hunters = {square: str(p) for p, square in view.hunter_squares.items()}
        lines = [
            f"The island, cycle {view.cycle} of {3 * island.day}; you are player {seat}, "
            f"{'the Hunter' if role == 'hunter' else 'Hunted'}."
        ]
        header = "    " + "".join(_column(c) for c in range(island.size))
        lines.append(header.rstrip())
        for row in range(island.size):
            cells = []
            for column in range(island.size):
                square = row * island.size + column
                cells.append(_cell(island, square, seat, view, hunters, marks, traps))
            lines.append(f"{row + 1:>3} " + "".join(cells).rstrip())
        lines += [
            "",
            "~ sea, w water, c camp, ^ elevation, h hiding place, b boat; a digit is a "
            "Hunter (his player);",
            "@ is you, 1-9 your trail (the last digit of each mark), x your trap;",
            "zones: " + ", ".join(f"{m} {z}" for m, z in zip(ZONE_MARKS, ZONES, strict=True)),
            "Roles: "
            + ", ".join(f"{p} {r}" for p, r in enumerate(view.role))
            + "; points: "
            + ", ".join(str(n) for n in view.points)
            + "; cards held: "
            + ", ".join(str(n) for n in view.hand_sizes),
            "Your hand: " + (", ".join(view.hand) if view.hand else "no cards"),
        ]
        if view.square is not None and role == "hunted":
            lines.append(f"You are on {island.name(view.square)}.")
        if view.decision:
            lines.append(f"Now you: {view.decision}")
        recent = [_words(e, island) for e in view.log[-LOG_SHOWN:]]
        recent = [line for line in recent if line]
        if recent:
            lines.append("Lately:")
            lines += [f"  {line}" for line in recent]
        return lines

    def move_help(self, state) -> str:
        legal = state.legal_actions()
        heads = sorted({str(a).split()[0] for a in legal})
        example = str(legal[len(legal) // 2])
        return (
            f"{len(legal):,} moves, written {' or '.join(heads)} and a square (columns A-, "
            f"rows 1-), e.g. {example}"
        )

    def announce(self, before, action, after, viewer, mover) -> list[str]:
        new = after.log[len(before.log) :]
        lines = [_words(event, after.island) for event in new]
        if mover == viewer and not any(lines):
            lines = [f"you: {before.format_action(action)}"]
        return [line for line in lines if line]

    def belief(self, seats, seat: int, state) -> str:
        """For a Hunter, how many squares each Hunted may be on, from the bot's tracker."""
        bot = seats.bots[seat]
        if state.role[seat] != "hunter":
            return "a Hunted keeps away from the Hunters it knows of"
        tracker = getattr(bot, "tracker", None)
        if tracker is None or not tracker.tracks:
            return "tracks no Hunted yet"
        island = state.island
        parts = []
        for hunted, track in sorted(tracker.settled().items()):  # as the bot reads them
            squares = bits(track.possible())
            shown = ", ".join(island.name(s) for s in squares[:4])
            more = f" and {len(squares) - 4} more" if len(squares) > 4 else ""
            parts.append(f"player {hunted}: {len(squares)} squares ({shown}{more})")
        return "\n".join(parts)


def _column(index: int) -> str:
    return column_name(index)[-1]  # the last letter: AA, AB ... show as A, B under the grid


def _cell(island, square, seat, view, hunters, marks, traps) -> str:
    if square in hunters:
        return hunters[square]
    if view.square == square and view.role[seat] == "hunted":
        return "@"
    if square in marks:
        return marks[square]
    if square in traps:
        return "x"
    kind = square_kind(island, square)
    if kind.startswith("zone-"):
        return ZONE_MARKS[island.zones[square]]
    return _KIND_MARKS[kind]


_KIND_MARKS = {"sea": "~", "boat": "b", "hiding": "h", "elevation": "^", "water": "w", "camp": "c"}


def _words(event: tuple, island) -> str:
    """Return one public log event in words ('' for the ones that only feed trackers)."""
    kind, args = event[0], event[1:]
    name = island.name
    if kind == "choose-rolls":
        return "rolls for the Hunter: " + ", ".join(f"player {p} {r}" for p, r in args[0])
    if kind == "hunter":
        return f"player {args[0]} is the Hunter"
    if kind == "drew":
        return f"player {args[0]} draws a card"
    if kind == "camp":
        return f"player {args[0]} stands at the camp, {name(args[1])}"
    if kind == "start":
        return f"player {args[0]} chooses a start in secret"
    if kind == "reveal":
        x, mark, square, false_trail = args
        if false_trail:
            return f"player {x} plays a false trail: {name(square)}, within 3 steps of the true one"
        return f"player {x}'s trail: mark {mark + 1} was at {name(square)}"
    if kind == "roll":
        return f"player {args[0]} rolls {args[1]}"
    if kind == "moved":
        return f"player {args[0]} moves to {name(args[1])}"
    if kind == "hmove":
        return f"player {args[0]} moves {args[1]} step{'s' if args[1] != 1 else ''} in secret"
    if kind == "extra":
        return f"player {args[0]} moves up to {args[1]} more steps in secret"
    if kind == "seen":
        return f"player {args[0]} is seen at {name(args[1])}"
    if kind == "attack":
        return f"player {args[0]} attacks player {args[1]}"
    if kind == "card":
        target = f" on {args[2]}" if len(args) > 2 else ""
        return f"player {args[0]} plays {args[1]}{target}"
    if kind == "discarded":
        return f"player {args[0]} discards a card"
    if kind == "trap":
        where = f" at {name(args[3])}" if args[3] is not None else " in secret"
        return f"player {args[0]} lays a {args[1]}{where}"
    if kind == "answer":
        return f"player {args[0]} answers {args[1]}: {'yes' if args[2] else 'no'}"
    if kind == "cycle":
        return f"cycle {args[0]} begins"
    if kind == "turn":
        return f"player {args[0]}'s turn"
    if kind == "reshuffle":
        return f"the {args[0]} deck is shuffled again from its discards"
    if kind == "snared":
        return f"player {args[0]} is snared"
    if kind == "sprung":
        return f"player {args[0]}'s {args[1]} springs at {name(args[3])} on player {args[4]}"
    if kind == "fight":
        h, x, a, d, result = args
        return f"fight: player {h} {a} against player {x} {d}: {result}"
    if kind == "captured":
        return f"player {args[0]} is captured by player {args[1]} and joins the hunt"
    if kind == "escaped":
        return f"player {args[0]} escapes" + (", the last survivor" if args[1] else "")
    if kind == "end":
        return f"the game ends: {args[0]}"
    if kind == "mark":
        return ""  # a Hunted's own mark: his square stays his
    return ""  # fact, fact-at: what the table may rule out, for the trackers


PRESENTER = IslandPresenter()
