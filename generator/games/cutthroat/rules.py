"""The rules of CutThroat! as docs/rules/cutthroat.md states them.

N players (6-13) in seats 0..N-1; characters are the ranks Ace to the N-th (RANKS), indexed
0..N-1. The state holds each seat's identity and enemy (hidden), each character's markers,
reveals and heart card, and the turn, broken into single steps so that every decision is a
short list of actions:

- `deal I.. / E..` (chance): identities by seat, then enemies by seat, as rank names;
- `play` or `guess P C` to choose the turn; `pass` to decline the enemy's extended play, or
  `bonus` to take it;
- `take X` (a marker off character X's life card) and `put X` (one back on X), one marker
  at a time, for plays and extended plays. A play is `play`, two takes and one put. The
  extended play of a right guess or a death may be declined with `pass` before its first
  take; the takes a right guess owes the revealed card may come in any order.

Wounds are judged when the last put of a play is made (or when the takes run out). Hearts,
deaths, the free pass (checked at every reveal, by a guess or a death) and sudden death are
applied by the engine at once.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import asdict, dataclass
from functools import cache

from generator.engine.game import CHANCE, TERMINAL, GameState, IllegalAction
from generator.engine.notation import is_ascii_number

RULES_VERSION = 1
MIN_PLAYERS, MAX_PLAYERS = 6, 13
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
MARKERS = 8
DEFAULT_TURN_LIMIT = 300
SUDDEN_DEATH_AT = 3  # characters alive when the hearts leave play
REMOVED = -1  # a heart card out of play
OWED = 2  # markers a right guess's extended play takes off the revealed card, if it has them


@dataclass(frozen=True)
class Rules:
    """The numbers of the game a designer may tune (`quarry generate variant`); the defaults
    are the published game. An extended play takes `extend` markers and puts one fewer back;
    a double extended play takes `double`; the hearts leave play when `sudden_at`
    characters are alive."""

    markers: int = MARKERS
    extend: int = 3
    double: int = 4
    sudden_at: int = SUDDEN_DEATH_AT

    BOUNDS = {"markers": (2, 20), "extend": (3, 6), "double": (3, 8), "sudden_at": (2, 5)}

    def __post_init__(self) -> None:
        for name, (low, high) in self.BOUNDS.items():
            value = getattr(self, name)
            if type(value) is not int or not low <= value <= high:
                raise ValueError(f"{name} must be a whole number, {low} to {high}; got {value!r}")
        if self.double < self.extend:
            raise ValueError(f"double ({self.double}) must be at least extend ({self.extend})")

    def plays(self) -> dict[str, tuple[int, int]]:
        """Return (markers taken, markers put back) of each kind of play."""
        return {"play": (2, 1), "extend": (self.extend, self.extend - 1),
                "double": (self.double, self.double - 1)}  # fmt: skip

    def changes(self) -> dict[str, int]:
        """Return the numbers that differ from the published game."""
        return {k: v for k, v in asdict(self).items() if v != getattr(PUBLISHED, k)}


PUBLISHED = Rules()


@dataclass(frozen=True)
class _ActionTable:
    """The written actions of one table size: take, put and guess texts by index, and the
    meaning (head, seat named, character) of each written action but the deal."""

    rank_index: dict[str, int]
    take: tuple[str, ...]
    put: tuple[str, ...]
    guess: tuple[tuple[str, ...], ...]
    meaning: dict[str, tuple[str, int | None, int | None]]


@cache
def _action_table(players: int) -> _ActionTable:
    ranks = RANKS[:players]
    take = tuple(f"take {r}" for r in ranks)
    put = tuple(f"put {r}" for r in ranks)
    guess = tuple(tuple(f"guess {seat} {r}" for r in ranks) for seat in range(players))
    meaning: dict[str, tuple[str, int | None, int | None]] = {
        head: (head, None, None) for head in ("play", "pass", "bonus")
    }
    for character in range(players):
        meaning[take[character]] = ("take", None, character)
        meaning[put[character]] = ("put", None, character)
        for seat in range(players):
            meaning[guess[seat][character]] = ("guess", seat, character)
    index = {rank: i for i, rank in enumerate(ranks)}
    return _ActionTable(index, take, put, guess, meaning)


class CutthroatState(GameState):
    """A game of CutThroat! for `players` players, seat `first` starting."""

    def __init__(
        self,
        players: int = 8,
        first: int = 0,
        turn_limit: int = DEFAULT_TURN_LIMIT,
        rules: Rules = PUBLISHED,
    ) -> None:
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"players must be {MIN_PLAYERS} to {MAX_PLAYERS}, got {players}")
        if not 0 <= first < players:
            raise ValueError(f"the first seat must be 0 to {players - 1}, got {first}")
        self.players = players
        self.ranks = RANKS[:players]
        self.turn_limit = turn_limit
        self.rules = rules
        self.plays = rules.plays()
        self.identity: list[int] = []  # seat -> character
        self.enemy: list[int] = []  # seat -> character
        self.markers = [rules.markers] * players  # character -> markers on its life card
        self.alive = [True] * players  # character
        self.revealed = [False] * players  # character: identity shown
        self.shown_enemy = [False] * players  # seat: enemy shown (at death)
        self.heart: list[int | None] = [None] * players  # character -> holder seat or REMOVED
        self.sudden = False
        self.seat = first
        self.turns = 0
        self.phase = "deal"
        self.queue: list[str] = []  # extended plays still owed this turn
        self.end_after_queue = False  # a heart was returned: the turn ends after the queue
        self.no_guess = False  # the enemy's extended play was taken
        self.then_main = False  # after the current play the player still plays or guesses
        self.takes_left = self.puts_left = 0
        self.taken = 0
        self.focus: int | None = None  # a revealed character the takes owe markers to
        self.focus_owed = self.focus_taken = 0  # takes it is owed in all, and has had
        self.optional = False  # the current extended play may still be declined (`pass`)
        self.emptied: list[int] = []  # characters a take of the current play left empty
        self.over = False
        self.winners: list[int] = []  # seats
        self.log: list[tuple] = []  # public events
        # the texts of actions and what they mean, made once per table size
        table = _action_table(players)
        self._rank_index, self._meaning = table.rank_index, table.meaning
        self._take_text, self._put_text = table.take, table.put
        self._guess_text = table.guess
        self._legal: list[str] | None = None  # legal_actions() until the next apply
        self._forget_views()

    # --- the protocol -------------------------------------------------------------------

    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        return CHANCE if self.phase == "deal" else self.seat

    def is_terminal(self) -> bool:
        return self.over

    def returns(self) -> list[float]:
        """Return 1 for each winner (shared equally), 0 for the others."""
        out = [0.0] * self.players
        for seat in self.winners:
            out[seat] = 1.0 / len(self.winners)
        return out

    def clone(self) -> CutthroatState:
        other = CutthroatState.__new__(CutthroatState)
        other.__dict__.update(self.__dict__)
        for name in (
            "identity", "enemy", "markers", "alive", "revealed", "shown_enemy", "heart",
            "queue", "emptied", "winners", "log",
        ):  # fmt: skip
            setattr(other, name, list(getattr(self, name)))
        other._guesses = {}  # a clone may yet be dealt otherwise
        return other

    def observation(self, player: int, with_log: bool = True) -> dict:
        """Return what seat `player` knows: its identity and enemy, and everything public
        (the log of public events too, unless `with_log` is False)."""
        ranks, identity = self.ranks, self.identity
        revealed = self._seen_revealed
        if revealed is None:  # made again only after a deal, reveal or death
            revealed = {seat: ranks[c] for seat, c in enumerate(identity) if self.revealed[c]}
            self._seen_revealed = revealed
        seen = {
            "seat": player,
            "identity": ranks[identity[player]] if identity else None,
            "enemy": ranks[self.enemy[player]] if identity else None,
            "markers": self.markers[:],
            "alive": self.alive[:],
            "revealed": dict(revealed),
            "hearts": self.heart[:],
            "sudden": self.sudden,
            "to_move": self.seat,
            "phase": self.phase,
            "owed": None if self.focus is None else self._owed_rank(),
        }
        if with_log:
            seen["log"] = list(self.log)
        return seen

    # --- who is who ---------------------------------------------------------------------

    def seat_of(self, character: int) -> int:
        """Return the seat whose identity is `character`."""
        return self.identity.index(character)

    def seat_alive(self, seat: int) -> bool:
        """Return True while the seat's character lives."""
        return self.alive[self.identity[seat]]

    def owed(self) -> int:
        """Return how many more takes the extended play under way owes the character a
        right guess revealed (0 outside one, or once paid)."""
        if self.focus is None or self.phase != "take":
            return 0
        return max(self.focus_owed - self.focus_taken, 0)  # more may be taken than owed

    def _owed_rank(self) -> str | None:
        return self.ranks[self.focus] if self.owed() else None

    def _forget_views(self) -> None:
        """Drop what was worked out from who is alive and revealed (at a deal, a reveal or a
        death): the observation's reveals, the puts onto living characters, the takes (also
        dropped when a card is emptied or refilled) and each seat's guesses."""
        self._seen_revealed: dict[int, str] | None = None
        self._puts: list[str] | None = None
        self._takes: list[str] | None = None
        self._guesses: dict[int, list[str]] = {}

    # --- actions ------------------------------------------------------------------------

    def legal_actions(self) -> list[str]:
        if self._legal is None:
            self._legal = self._legal_now()
        return list(self._legal)

    def _guesses_now(self) -> list[str]:
        """Return the guesses the seat to move may make (made once per seat until a death or
        reveal)."""
        key = self.seat
        guesses = self._guesses.get(key)
        if guesses is None:
            hidden = [c for c in range(self.players) if self.alive[c] and not self.revealed[c]]
            guesses = []
            for seat in range(self.players):
                own = self.identity[seat]
                if seat != self.seat and self.alive[own] and not self.revealed[own]:
                    texts = self._guess_text[seat]
                    guesses += [texts[c] for c in hidden]
            self._guesses[key] = guesses
        return guesses

    def _legal_now(self) -> list[str]:
        if self.over:
            return []
        if self.phase == "deal":
            raise IllegalAction("the deal is chance: use sample_chance or a `deal` action")
        if self.phase == "bonus":
            return ["bonus", "pass"]
        if self.phase == "main":
            out = ["play"] if sum(self.markers) else []
            if not self.no_guess:
                out += self._guesses_now()
            return out or ["play"]
        if self.phase == "take":
            owed = 0 if self.focus is None else self.owed()
            if owed and self.takes_left <= owed:  # the takes left are all the revealed card's
                takes = [self._take_text[self.focus]]
            else:
                if self._takes is None:
                    self._takes = [
                        self._take_text[c] for c in range(self.players) if self.markers[c]
                    ]
                takes = self._takes
            return [*takes, "pass"] if self.optional and not self.taken else takes
        if self.phase == "put":
            if self._puts is None:
                self._puts = [self._put_text[c] for c in range(self.players) if self.alive[c]]
            return self._puts
        raise AssertionError(self.phase)

    def sample_chance(self, rng: random.Random) -> str:
        """Return a random deal."""
        identities = list(range(self.players))
        rng.shuffle(identities)
        enemies = list(range(self.players))
        rng.shuffle(enemies)
        return self.deal_text(identities, enemies)

    def deal_text(self, identities: list[int], enemies: list[int]) -> str:
        """Return the `deal` action giving these identities and enemies by seat."""
        names = " ".join(self.ranks[c] for c in identities)
        return f"deal {names} / {' '.join(self.ranks[c] for c in enemies)}"

    def parse_action(self, text: str) -> Hashable:
        words = text.split()
        if not words:
            raise IllegalAction("an empty action")
        head = words[0]
        ranks = self._rank_index
        if head == "deal":
            self._parse_deal(words[1:], ranks)
        elif head in ("play", "pass", "bonus"):
            if len(words) != 1:
                raise IllegalAction(f"{text!r}: {head} takes nothing after it")
        elif head in ("take", "put"):
            if len(words) != 2 or words[1].upper() not in ranks:
                raise IllegalAction(f"{text!r}: {head} names one character, like '{head} Q'")
            return f"{head} {words[1].upper()}"
        elif head == "guess":
            if len(words) != 3 or not is_ascii_number(words[1]) or words[2].upper() not in ranks:
                raise IllegalAction(f"{text!r}: write 'guess SEAT RANK', like 'guess 4 Q'")
            return f"guess {int(words[1])} {words[2].upper()}"
        else:
            raise IllegalAction(f"{text!r} is not an action")
        return " ".join(words)

    def _parse_deal(self, words: list[str], ranks: dict[str, int]) -> None:
        if words.count("/") != 1:
            raise IllegalAction("a deal is 'deal IDENTITIES / ENEMIES'")
        cut = words.index("/")
        identities, enemies = words[:cut], words[cut + 1 :]
        for part in (identities, enemies):
            if len(part) != self.players or any(w.upper() not in ranks for w in part):
                raise IllegalAction(f"a deal names {self.players} ranks on each side")
        if len({w.upper() for w in identities}) != self.players:
            raise IllegalAction("each identity is dealt once")
        if len({w.upper() for w in enemies}) != self.players:
            raise IllegalAction("each enemy card is dealt once")

    def format_action(self, action: Hashable) -> str:
        return str(action)

    def apply(self, action: Hashable) -> None:
        if self.over:
            raise IllegalAction("the game is over")
        legal = self._legal
        if legal is None or action not in legal:  # not a legal action as the engine writes it
            text = self.parse_action(str(action))
            if self.phase == "deal":
                if not str(text).startswith("deal "):
                    raise IllegalAction("the game waits for the deal")
                self._forget_views()
                self._deal(str(text))
                return
            if text not in self._legal_now():
                raise IllegalAction(self._why_not(str(text)))
            action = text
        self._legal = None
        head, seat, character = self._meaning[action]
        if head == "take":  # the most frequent first
            self._take(character)
        elif head == "put":
            self._put(character)
        elif head == "play":
            self._begin("play")
        elif head == "guess":
            self._guess(seat, character)
        elif head == "bonus":
            self.no_guess = self.then_main = True
            self._begin("extend")
        elif self.phase == "bonus":  # pass: the enemy's extended play declined
            self.phase = "main"
        else:  # pass: the extended play of a right guess or a death declined
            self.log.append(("pass", self.seat))
            self.takes_left = 0
            self._after_step()

    def _why_not(self, text: str) -> str:
        """Return why the written action `text` is not legal now, naming the rule it breaks
        where one does (a record's replay prints it)."""
        said = f"{text!r} is not legal now ({self.phase})"
        words = text.split()
        head, seat, character = self._meaning.get(text, (words[0], None, None))
        rule = None
        if head == "guess" and self.phase == "main":
            rule = self._why_no_guess(int(words[1]), self._rank_index[words[2]])
        elif head == "take" and self.phase == "take" and self.owed():
            owed, rank = self.owed(), self.ranks[self.focus]
            rule = f"the right guess's extended play still owes {owed} take(s) off the {rank}"
        elif head == "take" and self.phase == "take" and not self.markers[character]:
            rule = f"the {self.ranks[character]}'s life card has no markers"
        elif head == "put" and self.phase == "put" and not self.alive[character]:
            rule = f"the {self.ranks[character]} is dead: its life card is out of play"
        elif head == "pass" and self.phase == "take":
            rule = "only an extended play may be declined, and only before its first take"
        return f"{said}: {rule}" if rule else said

    def _why_no_guess(self, seat: int, character: int) -> str:
        """Return the rule a guess that seat `seat` is `character` breaks now."""
        if self.no_guess:
            return "a turn that took the enemy's extended play cannot be a guess"
        if seat >= self.players:
            return f"there is no seat {seat} at {self.players} players"
        if seat == self.seat:
            return "a player may not guess their own identity"
        own = self.identity[seat]
        if not self.alive[own]:
            return f"seat {seat} is out of the game"
        if self.revealed[own]:
            passed = any(e[0] == "free pass" and own in e[1:] for e in self.log)
            if passed:
                return (
                    f"seat {seat} has the free pass (revealed when only two living "
                    "characters were left hidden): nobody may guess it"
                )
            return f"seat {seat}'s identity is revealed: nobody may guess it again"
        return f"the {self.ranks[character]} is already revealed: name a hidden character"

    # --- the turn -----------------------------------------------------------------------

    def _deal(self, text: str) -> None:
        words = text.split()[1:]
        cut = words.index("/")
        self.identity = [self.ranks.index(w.upper()) for w in words[:cut]]
        self.enemy = [self.ranks.index(w.upper()) for w in words[cut + 1 :]]
        self.log.append(("deal",))
        self._start_turn()

    def _start_turn(self) -> None:
        """Begin the turn of self.seat: judge its hearts, then offer the enemy's play."""
        seat = self.seat
        self.no_guess = self.end_after_queue = self.then_main = False
        self.queue = []
        holds = seat in self.heart  # most turns there is no heart to judge
        for character in range(self.players) if holds else ():
            if self.heart[character] != seat:
                continue
            if self.markers[character]:
                self.heart[character] = None
                self.end_after_queue = True
                self.log.append(("return", seat, character))
            else:
                kind = "double" if self.enemy[seat] == character else "extend"
                self._kill([character], seat)
                if self.over:
                    return
                if not self.seat_alive(seat):  # its own character died
                    self._next_turn()
                    return
                self.queue.append(kind)
        if self.queue:
            self._begin(self.queue.pop(0), optional=True)
        elif self.end_after_queue:
            self._next_turn()
        else:
            self._offer_bonus()

    def _offer_bonus(self) -> None:
        enemy = self.enemy[self.seat]
        wounded = self.alive[enemy] and not self.markers[enemy]
        self.phase = "bonus" if wounded and sum(self.markers) else "main"

    def _begin(self, kind: str, optional: bool = False) -> None:
        """Begin a play of `kind`; an `optional` one (the extended play of a right guess or
        a death) may be declined before its first take."""
        self.takes_left, self.puts_left = self.plays[kind]
        self.optional = optional
        self.taken, self.focus_taken = 0, 0
        self.emptied = []
        self.log.append((kind, self.seat))
        self.phase = "take"
        self._after_step()

    def _guess(self, seat: int, character: int) -> None:
        right = self.identity[seat] == character
        self.log.append(("guess", self.seat, seat, character, right))
        if not right:
            self._next_turn()
            return
        self._reveal(character)
        self.focus = character
        self.focus_owed = min(OWED, self.markers[character])
        self._begin("extend", optional=True)

    def _take(self, character: int) -> None:
        self.markers[character] -= 1
        if not self.markers[character]:
            self.emptied.append(character)
            self._takes = None
        self.taken += 1
        self.takes_left -= 1
        if character == self.focus:
            self.focus_taken += 1
        self.log.append(("take", self.seat, character))
        self._after_step()

    def _put(self, character: int) -> None:
        if not self.markers[character]:
            self._takes = None
        self.markers[character] += 1
        self.puts_left -= 1
        self.log.append(("put", self.seat, character))
        self._after_step()

    def _after_step(self) -> None:
        """Move a play on: takes while markers last, then the puts (one fewer than taken),
        then judge the wounds and go on with the turn."""
        if self.phase == "take":
            if self.takes_left and sum(self.markers):
                return
            self.puts_left = min(self.puts_left, max(self.taken - 1, 0))
            self.phase = "put"
        if self.puts_left:
            return
        self.focus = None
        self._wounds()
        if self.over:
            return
        if self.queue:
            self._begin(self.queue.pop(0), optional=True)
        elif self.then_main:  # the enemy's extended play: the turn goes on, without a guess
            self.then_main = False
            self.phase = "main"
        else:
            self._next_turn()

    def _wounds(self) -> None:
        """Judge the play just made: every life card it emptied is mortally wounded by the
        player (or, in sudden death, its character dies at once)."""
        emptied = sorted({c for c in self.emptied if self.alive[c] and not self.markers[c]})
        if not emptied:
            return
        if self.sudden:
            self._kill(emptied, self.seat)
            return
        for character in emptied:
            if self.heart[character] is None:
                self.heart[character] = self.seat
                self.log.append(("wound", self.seat, character))

    def _kill(self, characters: list[int], by: int) -> None:
        """The characters die together; then the free pass, sudden death and the end."""
        self._forget_views()
        for character in characters:
            self.alive[character] = False
            self.markers[character] = 0
            self.heart[character] = REMOVED
            self.revealed[character] = True
            dead = self.seat_of(character)
            self.shown_enemy[dead] = True
            for held in range(self.players):
                if self.heart[held] == dead:
                    self.heart[held] = None
            self.log.append(("death", by, character))
        living = [c for c in range(self.players) if self.alive[c]]
        if len(living) <= 1:
            survivors = living or characters
            self._end([self.seat_of(c) for c in survivors])
            return
        self._free_pass()
        if len(living) <= self.rules.sudden_at and not self.sudden:
            self.sudden = True
            for character in range(self.players):
                if self.heart[character] != REMOVED:
                    self.heart[character] = REMOVED
            self.log.append(("sudden",))
            empty = [c for c in living if not self.markers[c]]
            if empty:
                self._kill(empty, by)

    def _reveal(self, character: int) -> None:
        """Turn a living character's identity face up, then check the free pass."""
        self._show(character)
        self._free_pass()

    def _show(self, character: int) -> None:
        if not self.revealed[character]:
            self._forget_views()
            self.revealed[character] = True
            self.log.append(("reveal", self.seat_of(character), character))

    def _free_pass(self) -> None:
        """Once two living characters or fewer are hidden, however the others came to be
        revealed (right guesses or deaths), they are revealed too: nobody may guess them."""
        hidden = [c for c in range(self.players) if self.alive[c] and not self.revealed[c]]
        if hidden and len(hidden) <= 2:
            self.log.append(("free pass", *hidden))
            for character in hidden:
                self._show(character)

    def _next_turn(self) -> None:
        self.turns += 1
        if self.turns >= self.turn_limit:
            self._end([s for s in range(self.players) if self.seat_alive(s)])
            return
        seat = self.seat
        for _ in range(self.players):
            seat = (seat + 1) % self.players
            if self.seat_alive(seat):
                break
        self.seat = seat
        self._start_turn()

    def _end(self, winners: list[int]) -> None:
        self.over = True
        self.winners = sorted(winners)
        self.phase = "over"


# --- records (docs/formats.md, "CutThroat! records") --------------------------------------

RULE_OPTIONS = ("markers", "extend", "double", "sudden_at")
OPTIONS = ("players", "first", "turn_limit", *RULE_OPTIONS)


def state_from_header(header: dict) -> CutthroatState:
    """Return a new game with the options of a record's header: players (6-13), first (the
    seat that starts), turn_limit and the Rules numbers (markers, extend, double, sudden_at;
    the published game where absent). ValueError, one line, if one is malformed."""
    version = header.get("rules_version", RULES_VERSION)
    if version != RULES_VERSION:
        raise ValueError(f"rules_version {version!r} is not {RULES_VERSION}")
    options = header.get("options", {})
    players = options.get("players", 8)
    first = options.get("first", 0)
    limit = options.get("turn_limit", DEFAULT_TURN_LIMIT)
    if any(type(v) is not int for v in (players, first, limit)):
        raise ValueError("options.players, first and turn_limit are whole numbers")
    if limit < 1:
        raise ValueError("options.turn_limit must be at least 1")
    rules = Rules(**{k: options[k] for k in RULE_OPTIONS if k in options})
    return CutthroatState(players, first, limit, rules)


def turn_of(state: CutthroatState) -> str:
    """Return where a game is: "the deal" or "turn T, seat S"."""
    if state.phase == "deal":
        return "the deal"
    return f"turn {state.turns + 1}, seat {state.seat}"


def record_result(state: CutthroatState) -> dict:
    """Return a record's result: the winners (seats), the turns played, the deaths in order
    (ranks) and the identities revealed while their players lived."""
    deaths = [state.ranks[event[2]] for event in state.log if event[0] == "death"]
    reveals = [state.ranks[event[2]] for event in state.log if event[0] == "reveal"]
    return {
        "winners": list(state.winners) if state.over else None,
        "turns": state.turns,
        "deaths": deaths,
        "reveals": reveals,
    }


def result_text(state: CutthroatState) -> str:
    """Return a one-line account of the game's end (or where an unfinished record stops)."""
    dead = len([e for e in state.log if e[0] == "death"])
    if not state.over:
        return f"the record stops at {turn_of(state)}; {dead} characters dead"
    who = ", ".join(f"seat {seat} ({state.ranks[state.identity[seat]]})" for seat in state.winners)
    return f"over after {state.turns} turns, {dead} characters dead: won by {who}"
