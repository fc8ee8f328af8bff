"""The rules of Parforcejagd as docs/rules/parforce.md states them.

Ten pieces move in a fixed order each round: the stag (S), the hounds H1-H4, the dog handler
(K) and the riders R1-R4 (PIECES; a piece's index is its place in that order). Player 0 moves
the stag, player 1 every pursuer; a record maps the pursuers to the people who play them.

People: 2-10 play (MIN_PLAYERS, MAX_PLAYERS). Person 0 plays the stag; the others share
the pursuers, each person one or more pieces (`seats`, default_seats deals them round in
the order of play). The engine sees two sides; `tokens()` says what each person ends with.

An action is the square the piece to move goes to, or PASS when it has no move. Its notation
names the piece and the square ("S g8", "H2 c4", "K d1", "R3 pass"); parse_action and
format_action round-trip. Moves come from the board's precomputed tables (board.Tables), so
generating them is a few loops over short tuples.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from generator.engine.game import TERMINAL, GameState, IllegalAction
from generator.games.parforce.board import HuntingBoard, default_board

RULES_VERSION = 1
PIECES = ("S", "H1", "H2", "H3", "H4", "K", "R1", "R2", "R3", "R4")
STAG, HANDLER = 0, 5
HOUNDS, RIDERS = range(1, 5), range(6, 10)
STAG_PLAYER, PURSUERS = 0, 1
PASS = -1
POND_FEE = 3  # tokens the stag pays each blocker when it is forced into the pond
POT_DIVISOR = 24  # the pot divides by 6 and by 8
BET = 24  # each person's default bet, so the pot of P people is 24 P (48 for two)
DEFAULT_POT, DEFAULT_ROUNDS = 48, 40
MIN_PLAYERS, MAX_PLAYERS = 2, 10
OPTIONS = ("players", "board", "pot", "max_rounds", "seats")
# The stag's ways of moving: on land (forward knight moves), swimming after a forced entry
# with c free (king moves), crossing the pond while c is taken (knight moves in any
# direction; it starts with a knight move into the pond, forced or not).
LAND, SWIM, CROSS = "land", "swim", "cross"


@dataclass(frozen=True)
class Rules:
    """The options of one game: the pot and the round limit (docs/rules/parforce.md)."""

    pot: int = DEFAULT_POT
    max_rounds: int = DEFAULT_ROUNDS

    def __post_init__(self) -> None:
        if self.pot <= 0 or self.pot % POT_DIVISOR:
            raise ValueError(f"the pot must be a positive multiple of {POT_DIVISOR}")
        if self.max_rounds < 1:
            raise ValueError("the round limit must be at least 1")


def default_seats(players: int) -> tuple[int, ...]:
    """Return who plays each piece (a person per piece, in PIECES order): the stag to person
    0, the pursuers dealt round to persons 1 .. players-1 in the order of play."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"players must be {MIN_PLAYERS} to {MAX_PLAYERS}, got {players}")
    return (0, *(1 + index % (players - 1) for index in range(len(PIECES) - 1)))


def check_seats(seats: tuple[int, ...], players: int) -> None:
    """Raise ValueError unless `seats` gives the stag to person 0 and every pursuer to one of
    persons 1 .. players-1, each of whom plays at least one piece."""
    if len(seats) != len(PIECES) or seats[STAG] != 0:
        raise ValueError("seats name a person for each of the ten pieces, the stag person 0's")
    if sorted(set(seats[1:])) != list(range(1, players)):
        raise ValueError(f"each of persons 1 to {players - 1} plays at least one pursuer")


class ParforceState(GameState):
    """A game of Parforcejagd on `board` (the default board when None) for `players` people
    seated by `seats` (default_seats when None); the pot is BET a person by default."""

    def __init__(
        self,
        board: HuntingBoard | None = None,
        rules: Rules | None = None,
        players: int = 2,
        seats: tuple[int, ...] | None = None,
    ) -> None:
        self.board = board or default_board()
        self.tables = self.board.tables
        self.seats = seats or default_seats(players)
        check_seats(self.seats, players)
        self.players = players
        self.rules = rules or Rules(pot=BET * players)
        if self.rules.pot % players:
            raise ValueError(f"a pot of {self.rules.pot} does not split into {players} bets")
        self.pos = list(self.board.starts())
        self.occupied = 0
        for square in self.pos:
            self.occupied |= 1 << square
        self.turn = STAG  # the piece to move
        self.round = 1
        self.mode = LAND
        self.over = False
        self.winner: str | None = None  # "stag", "pursuers" or "draw"
        self.enclosers: tuple[int, ...] = ()  # the pieces that share the pot
        self.fees = [0] * len(PIECES)  # pond fees each pursuer received from the stag
        self.pond_entries = 0
        self.history: list[int] = []
        self._legal: list[int] | None = None

    # --- the protocol ------------------------------------------------------------------------

    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        return STAG_PLAYER if self.turn == STAG else PURSUERS

    def is_terminal(self) -> bool:
        return self.over

    def returns(self) -> list[float]:
        """Return each side's net tokens: its winnings less its half of the pot, with the pond
        fees moved from the stag to the pursuers (zero-sum but for a remainder the pot keeps)."""
        stake = self.rules.pot // 2
        won = self.winnings()
        fees = sum(self.fees)
        stag = won[STAG] - stake - fees
        pursuers = sum(won[1:]) - stake + fees
        if self.winner == "draw" or not self.over:
            stag, pursuers = -fees, fees
        return [float(stag), float(pursuers)]

    def winnings(self) -> list[int]:
        """Return what each piece takes from the pot: all of it to the stag when it wins, an
        equal share to each encloser when it is enclosed (the remainder stays in the pot)."""
        out = [0] * len(PIECES)
        if self.winner == "stag":
            out[STAG] = self.rules.pot
        elif self.winner == "pursuers":
            for piece in self.enclosers:
                out[piece] = self.rules.pot // len(self.enclosers)
        return out

    def tokens(self) -> list[int]:
        """Return each person's net tokens: the shares of the pot their pieces won and the
        pond fees their pieces received, less their bet (a draw returns the bets), the
        stag's person less the fees he paid. A remainder left in the pot is nobody's."""
        bet = 0 if self.winner in (None, "draw") else self.rules.pot // self.players
        out = [-bet] * self.players
        for piece, (won, fee) in enumerate(zip(self.winnings(), self.fees, strict=True)):
            out[self.seats[piece]] += won + fee
        out[self.seats[STAG]] -= sum(self.fees)
        return out

    def ending(self) -> str | None:
        """Return how the game ended: "home", "crossing", "enclosed", "round limit" or None."""
        if self.winner == "stag":
            return "crossing" if self.mode == CROSS else "home"
        return {"pursuers": "enclosed", "draw": "round limit"}.get(self.winner or "")

    def observation(self, player: int) -> dict:
        """Return the whole position (the game has no hidden information)."""
        return {
            "squares": [self.board.name(s) for s in self.pos],
            "to_move": PIECES[self.turn],
            "round": self.round,
            "mode": self.mode,
            "fees": list(self.fees),
            "winner": self.winner,
        }

    def clone(self) -> ParforceState:
        other = ParforceState.__new__(ParforceState)
        other.__dict__.update(self.__dict__)
        other.pos = list(self.pos)
        other.fees = list(self.fees)
        other.history = list(self.history)
        other._legal = None
        return other

    def parse_action(self, text: str) -> Hashable:
        words = text.split() if text.isascii() else []  # ASCII letters and digits only
        if len(words) != 2 or words[0].upper() not in PIECES:
            raise IllegalAction(f"{text!r} is not a move; write a piece and a square, like 'S g8'")
        if words[0].upper() != PIECES[self.turn]:
            raise IllegalAction(f"{text!r}: it is {PIECES[self.turn]}'s move")
        if words[1].lower() == "pass":
            return PASS
        square = self.tables.squares.get(words[1].lower())
        if square is None:
            raise IllegalAction(f"{text!r}: {words[1]!r} is not a square of this board")
        return square

    def format_action(self, action: Hashable) -> str:
        where = "pass" if action == PASS else self.tables.names[action]
        return f"{PIECES[self.turn]} {where}"

    def legal_actions(self) -> list[int]:
        if self.over:
            return []
        if self._legal is None:
            moves = self.stag_moves() if self.turn == STAG else self.pursuer_moves(self.turn)
            self._legal = moves if moves or self.turn == STAG else [PASS]
        return list(self._legal)

    def apply(self, action: Hashable) -> None:
        if self.over:
            raise IllegalAction("the game is over")
        if action not in self.legal_actions():
            raise IllegalAction(self._why_not(action))
        piece = self.turn
        self.history.append(action)
        if action != PASS:
            if piece == STAG:
                self._move_stag(action)
            else:
                self._place(piece, action)
        self._legal = None
        if not self.over:
            self._next_turn()

    def arrange(self, squares: dict[str, str], turn: str = "S", mode: str = LAND) -> None:
        """Move the pieces named in `squares` ({"H1": "e7", ...}) to those squares, give the
        move to `turn` and set the stag's way of moving (a position for tests and puzzles);
        ValueError if two pieces would share a square or one would stand in a thicket."""
        for piece, name in squares.items():
            self.pos[PIECES.index(piece)] = self.board.parse(name)
        if len(set(self.pos)) != len(PIECES):
            raise ValueError("two pieces on one square")
        if any(self.tables.thickets >> s & 1 for s in self.pos):
            raise ValueError("a piece in a thicket")
        self.occupied = 0
        for square in self.pos:
            self.occupied |= 1 << square
        self.turn, self.mode, self._legal = PIECES.index(turn), mode, None

    # --- moves -------------------------------------------------------------------------------

    def stag_moves(self) -> list[int]:
        """Return the squares the stag may move to now (its turn or not)."""
        square, free, pond = self.pos[STAG], ~self.occupied, self.tables.pond
        if self.mode == SWIM:
            return [s for s in self.tables.king[square] if free >> s & 1]
        if self.mode == CROSS:
            return [s for s in self.tables.knight_any[square] if free >> s & 1]
        land = [s for s in self.tables.knight_forward[square] if (free & ~pond) >> s & 1]
        if self.c_taken():  # the crossing is open: a knight move into the pond, any way
            return land + [s for s in self.tables.knight_any[square] if (free & pond) >> s & 1]
        if land:
            return land
        # no move on land: a forward knight move into the pond (the forced entry)
        return [s for s in self.tables.knight_forward[square] if (free & pond) >> s & 1]

    def c_taken(self) -> bool:
        """Return True when a pursuer stands on c (the stag may then cross the pond)."""
        return bool(self.occupied >> self.board.stag & 1) and self.pos[STAG] != self.board.stag

    def stag_blockers(self) -> list[int]:
        """Return the pursuers on the stag's forward knight squares on land: the pieces that
        stop it, which it pays when it enters the pond with no move on land."""
        land, stand = self.tables.land, self.pos
        squares = {s for s in self.tables.knight_forward[stand[STAG]] if land >> s & 1}
        return [piece for piece in range(1, len(PIECES)) if stand[piece] in squares]

    def stag_targets(self) -> list[int]:
        """Return the squares the stag could move to were they empty: where its blockers
        stand. On land: its forward knight squares (land or pond) and, with c held, every
        knight square in the pond."""
        square = self.pos[STAG]
        if self.mode == SWIM:
            return list(self.tables.king[square])
        if self.mode == CROSS:
            return list(self.tables.knight_any[square])
        forward = list(self.tables.knight_forward[square])
        if not self.c_taken():
            return forward
        pond = self.tables.pond
        return forward + [
            s for s in self.tables.knight_any[square] if pond >> s & 1 and s not in forward
        ]

    def pursuer_moves(self, piece: int) -> list[int]:
        """Return the squares pursuer `piece` may move to now (empty when it must pass)."""
        square, occupied, tables = self.pos[piece], self.occupied, self.tables
        if tables.pond >> square & 1:  # swimming: king moves, into the pond only with the stag
            allowed = ~occupied & (tables.land | tables.pond if self.mode == SWIM else tables.land)
            return [s for s in tables.king[square] if allowed >> s & 1]
        out: list[int] = []
        if piece == HANDLER:
            out = [s for s in tables.king[square] if (tables.land & ~occupied) >> s & 1]
        elif piece in HOUNDS:
            walls = 1 << self.pos[STAG]
            for hound in HOUNDS:
                walls |= 1 << self.pos[hound]
            for line in tables.hound_lines[square]:
                for s in line:
                    if walls >> s & 1:
                        break
                    if not occupied >> s & 1:
                        out.append(s)
        else:
            walls = 1 << self.pos[STAG] | 1 << self.pos[HANDLER]
            for hound in HOUNDS:
                walls |= 1 << self.pos[hound]
            for line in tables.rider_lines[square]:
                for s in line:
                    if walls >> s & 1:
                        break
                    if not occupied >> s & 1:
                        out.append(s)
        if self.mode == SWIM:  # following the swimming stag into the pond
            free_pond = tables.pond & ~occupied
            out += [s for s in tables.king[square] if free_pond >> s & 1]
        return out

    # --- applying ----------------------------------------------------------------------------

    def _place(self, piece: int, square: int) -> None:
        self.occupied ^= 1 << self.pos[piece] | 1 << square
        self.pos[piece] = square

    def _move_stag(self, square: int) -> None:
        start, board, pond = self.pos[STAG], self.board, self.tables.pond
        if self.mode == LAND and pond >> square & 1:
            self.pond_entries += 1
            land = self.tables.land & ~self.occupied
            if not any(land >> s & 1 for s in self.tables.knight_forward[start]):
                for piece in self.stag_blockers():  # forced in: it pays those that stop it
                    self.fees[piece] += POND_FEE
            self.mode = CROSS if self.c_taken() else SWIM
        self._place(STAG, square)
        if self.mode == SWIM and not pond >> square & 1:
            self.mode = LAND
        if square == board.stag or (self.mode == CROSS and square == board.opposite()):
            self._end("stag")

    def _next_turn(self) -> None:
        """Pass the move on; end the game on an enclosure or at the round limit."""
        if self.turn != STAG and not self.stag_moves():
            self._enclosed()
            return
        self.turn = (self.turn + 1) % len(PIECES)
        if self.turn == STAG:
            if self.round >= self.rules.max_rounds:
                self._end("draw")
                return
            self.round += 1
            if not self.stag_moves():
                self._enclosed()

    def _enclosed(self) -> None:
        targets = set(self.stag_targets())
        blockers = tuple(p for p in range(1, len(PIECES)) if self.pos[p] in targets)
        self.enclosers = blockers or tuple(range(1, len(PIECES)))
        self._end("pursuers")

    def _end(self, winner: str) -> None:
        self.over = True
        self.winner = winner

    def _why_not(self, action: Hashable) -> str:
        piece = PIECES[self.turn]
        if action == PASS:
            return f"{piece} may not pass: it has a move"
        if not isinstance(action, int) or not 0 <= action < self.board.cells:
            return f"{action!r} is not a square"
        name = self.board.name(action)
        if self.occupied >> action & 1:
            return f"{piece} may not move to {name}: the square is taken"
        if self.tables.thickets >> action & 1:
            return f"{piece} may not move to {name}: it is a thicket"
        where = f"{piece} may not move to {name} from {self.board.name(self.pos[self.turn])}"
        if self.turn == STAG:
            return f"{where}: {self._stag_rule(action)}"
        return where

    def _stag_rule(self, square: int) -> str:
        """Return the rule a stag's move to the free square `square` breaks."""
        start, tables = self.pos[STAG], self.tables
        if self.mode == SWIM:
            return "the swimming stag moves one king step"
        if self.mode == CROSS:
            return "the crossing stag makes knight moves"
        if not tables.pond >> square & 1:
            return "the stag makes a forward knight move"
        if self.c_taken():
            return "the crossing is made with the knight's move"
        if square not in tables.knight_forward[start]:
            return "the stag enters the pond only with a forward knight move"
        return "the stag may enter the pond only when it has no move on land"


def play_notation(state: ParforceState, *actions: str) -> ParforceState:
    """Apply the moves written in `actions` in order (each must be legal); return the state."""
    for text in actions:
        state.apply(state.parse_action(text))
    return state


# --- records (docs/formats.md, "Parforcejagd records") ------------------------------------


def board_text_or_default(board: HuntingBoard) -> str:
    """Return "default" for the default board, else the board's text (for record headers)."""
    from generator.games.parforce.board import format_board

    return "default" if board == default_board() else format_board(board)


def pieces_of(seats: tuple[int, ...], person: int) -> list[str]:
    """Return the names of the pieces `person` plays, in the order of play."""
    return [PIECES[piece] for piece, who in enumerate(seats) if who == person]


def record_header(state: ParforceState, seed: int, bots: dict[str, str]) -> dict:
    """Return a record's header for a game like `state` (its board, rules, people and
    seats): the options, the seed and each person's name, from `bots` ({"stag": name,
    "pursuers": name}) as "<name> bot: <pieces>"."""
    options = {
        "players": state.players,
        "board": board_text_or_default(state.board),
        "pot": state.rules.pot,
        "max_rounds": state.rules.max_rounds,
        "seats": {PIECES[piece]: who for piece, who in enumerate(state.seats)},
    }
    people = {}
    for person in range(state.players):
        side = "stag" if person == state.seats[STAG] else "pursuers"
        people[str(person)] = f"{bots[side]} bot: {' '.join(pieces_of(state.seats, person))}"
    return {
        "game": "parforce",
        "rules_version": RULES_VERSION,
        "options": options,
        "seed": seed,
        "players": people,
    }


def state_from_header(header: dict) -> ParforceState:
    """Return a new game with the options of a record's header: players (2-10), board
    ("default" or a board's text), pot, max_rounds and seats ({"S": 0, "H1": 1, ...}, every
    piece named; default_seats when absent). ValueError, one line, if one is malformed."""
    from generator.errors import QuarryError
    from generator.games.parforce.board import parse_board

    version = header.get("rules_version", RULES_VERSION)
    if version != RULES_VERSION:
        raise ValueError(f"rules_version {version!r} is not {RULES_VERSION}")
    options = header.get("options", {})
    players = options.get("players", 2)
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"options.players must be {MIN_PLAYERS} to {MAX_PLAYERS}")
    text = options.get("board", "default")
    if not isinstance(text, str):
        raise ValueError('options.board must be "default" or the text of a board file')
    try:
        board = default_board() if text == "default" else parse_board(text, "options.board")
    except QuarryError as error:
        raise ValueError(str(error)) from None
    pot, rounds = options.get("pot", BET * players), options.get("max_rounds", DEFAULT_ROUNDS)
    if type(pot) is not int or type(rounds) is not int:
        raise ValueError("options.pot and options.max_rounds are whole numbers")
    seats = options.get("seats")
    if seats is not None:
        if not isinstance(seats, dict) or sorted(seats) != sorted(PIECES):
            raise ValueError(f"options.seats names each piece once: {', '.join(PIECES)}")
        if any(type(who) is not int for who in seats.values()):
            raise ValueError("options.seats gives each piece a person's number")
        seats = tuple(seats[piece] for piece in PIECES)
    return ParforceState(board, Rules(pot, rounds), players, seats)


def turn_of(state: ParforceState) -> str:
    """Return where a game is: "round R, P" with P the piece to move."""
    return f"round {state.round}, {PIECES[state.turn]}"


def record_result(state: ParforceState) -> dict:
    """Return a record's result: the winner ("stag", "pursuers", "draw" or None while
    unfinished), the ending, the rounds, the enclosers, the pond entries, the fees each
    piece received and each person's net tokens."""
    return {
        "winner": state.winner,
        "ending": state.ending(),
        "rounds": state.round,
        "enclosers": [PIECES[piece] for piece in state.enclosers],
        "pond_entries": state.pond_entries,
        "fees": {PIECES[piece]: fee for piece, fee in enumerate(state.fees) if fee},
        "tokens": state.tokens(),
    }


def result_text(state: ParforceState) -> str:
    """Return a one-line account of the game's end (or where an unfinished record stops)."""
    tokens = ", ".join(f"player {p} {n:+d}" for p, n in enumerate(state.tokens()))
    if not state.over:
        return f"the record stops in {turn_of(state)}; tokens {tokens}"
    how = {
        "home": "the stag came home to c",
        "crossing": "the stag crossed the pond",
        "enclosed": f"the stag was enclosed by {' '.join(PIECES[p] for p in state.enclosers)}",
        "round limit": "a draw at the round limit",
    }[state.ending()]
    return f"over in round {state.round}: {how}; tokens {tokens}"
