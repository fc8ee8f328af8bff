"""Solo deduction puzzles for Fugitive, made the way Simon Tatham's puzzles are made.

A puzzle is the table as the Marshal sees it at the end of her turn N (she has drawn and
guessed; the Fugitive's turn N + 1 comes next):

- the row, left to right: the 0 face up, then each Hideout H1, H2, ... with the turn it
  was placed on, either revealed (its number and its Sprint cards' numbers) or face down
  (only how many Sprint cards lie under it);
- her hand: N + 1 cards (2 drawn on turn 1, one on each turn since);
- the cards discarded face up and from whose hand (none in the plain game);
- the piles the Fugitive drew from: 3 cards from pile 1 and 2 from pile 2 at setup, then
  the pile of his one draw on each turn from turn 2 (a Marshal sees which pile he takes).
  These are the pile-of-origin facts, shown as that list of piles by turn;
- her wrong guesses, by turn: a wrong guess says only that no Hideout face down *at that
  time* had the number (he may have played it since);
- the deck: the published one, no events: even Hideouts Sprint +2, odd ones +1.

She guessed once on each of her turns 1..N: each guess was wrong (listed) or right (it
found some of the revealed Hideouts, all placed by then).

The question: the numbers of the face-down Hideouts, left to right (the answer, a list).
What constrains them (the rules, seeds/003):

- numbers strictly increase along the row; Hideouts are 1-41 (the 42 only escapes);
- each Hideout is at most the previous one + 3 + the Sprint values of its Sprint cards.
  Sprint cards are real cards, face down unless their Hideout is revealed: distinct from
  every other card on the table, in her hand or discarded, and never the 42 (he keeps it
  to escape: our reading, stated on the puzzle);
- every card he has placed, except his own 1, 2 and 3, came from a pile, drawn before he
  placed it: for each turn t and pile p, the face-down cards (Hideouts and Sprint cards)
  placed by turn t that come from p are at most the cards he had drawn from p by turn t,
  less his cards from p placed by then that are in view (and, at the end, less the cards
  he discarded from p);
- a wrong guess g on turn t: no face-down Hideout placed by turn t is g.

Only the Hideout numbers are asked: which cards lie under a face-down Hideout can stay
ambiguous (a +1 Sprint card is any odd card he may hold), so uniqueness is certified on
the Hideout variables alone: by CP-SAT (a blocking clause) and, in tests, by brute force
(depth-first over Hideout numbers, then an exact search for Sprint cards).

Grading: three solver levels, each a set of pencil-and-paper deductions keeping a set of
candidate numbers for each face-down Hideout and narrowing them to a fixed point.

- level 1 (easy): cards in view and wrong guesses are no face-down Hideout; each Hideout
  lies above its left neighbour and at most 3 + 2k beyond it (k Sprint cards of at most
  +2), read both ways along the row; a Hideout with one candidate left is found.
- level 2 (medium): adds the real pool of unseen cards. Pile budgets: when the room a pile
  had by turn t is taken (by Hideouts whose candidates all lie in it, and by Sprint cards
  known to lie under a Hideout), no other card placed by turn t comes from it. Sprint
  sums: k Sprint cards reach only as far as the best k cards he can still hold (unseen,
  not a known Hideout, within each pile's room). All-different: when a Hideout's gap needs
  particular cards as its Sprint cards (no other choice reaches), those cards are no
  Hideout; a known Hideout is no Sprint card. Too few cards for the face-down cards is a
  contradiction.
- level 3 (hard): adds case analysis, depth 1: suppose the Hideout with the fewest
  candidates has one of them and run level 2; on a contradiction strike that candidate.

Generation: play a plausible hidden game (seeded numpy rng: the deal, a Fugitive who draws
from the pile ahead, places, sprints and sometimes bluffs or passes), keep a run of
Hideouts face down (most often the latest), add clues (a card in her hand, a wrong guess,
a found Hideout), each the best of a few for the solver, until the level solves the
table; remove clues in a random order while it still does; fill her hand and her guesses
to what turn N requires. A puzzle is kept when the next lower level cannot solve it and
CP-SAT certifies it unique. The id `fugitive-<difficulty>-<seed>` reproduces it.
"""

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations, combinations_with_replacement

import numpy as np
from ortools.sat.python import cp_model

from generator.errors import QuarryError
from generator.games.fugitive.cards import ESCAPE, PILES, START_DRAWS, START_HAND, published
from generator.solve.cpsat import certify_unique

DIFFICULTIES = ("easy", "medium", "hard")
LEVELS = {"easy": 1, "medium": 2, "hard": 3}
MAX_COUNT = 200
MAX_ATTEMPTS = 1000
CPSAT_SECONDS = 10.0
NORMAL_REACH = 3
TOP = 41  # the highest number a face-down Hideout can have (the 42 only escapes)
SPRINT = published().sprint  # the published deck: even +2, odd +1
MAX_SPRINT = max(SPRINT[1 : TOP + 1])
START_CARDS = tuple(c for c in START_HAND if c != ESCAPE)  # 1, 2, 3: the Fugitive's own
DECK_TEXT = "the published deck, no events: even Hideout cards have Sprint +2, odd ones +1"
# Turns the hidden game lasts (N), and how many Hideouts stay face down, per difficulty.
TURNS = {"easy": (4, 7), "medium": (5, 8), "hard": (6, 9)}
FACE_DOWN = {"easy": (2, 3), "medium": (2, 4), "hard": (3, 5)}
# Hidden games kept for a difficulty: at least this many Hideouts placed, at most this many
# cards left in the Fugitive's hand (the fewer he holds, the more his pile draws tell).
MIN_PLACED = {"easy": 2, "medium": 4, "hard": 4}
MAX_HELD = {"easy": 12, "medium": 5, "hard": 5}
MAX_SPRINTS = 3  # Sprint cards under one Hideout in generated games
# The generating Fugitive: how often he adds a dead card as a bluff, jumps as far as his
# hand allows, passes, and draws from the pile just ahead of his last Hideout.
BLUFF = 0.15
AGGRESSIVE = 0.45
PASS = 0.12
AHEAD = 0.7
WAITING = 2  # at most this many passes at the end of the game
# Aiming clues: how many are weighed before one is added, how often a found Hideout is
# weighed instead of a card or a guess, and (hard) how few wrong candidates level 2 must
# leave before case analysis is tried (on a wide-open table it is slow and rarely works).
CLUE_SAMPLE = 8
REVEAL_SHARE = 0.1
CASE_SPARE = 6

_ID = re.compile(r"^fugitive-(easy|medium|hard)-(\d+)$")
_FULL = sum(1 << c for c in range(1, TOP + 1))
_PILE_MASKS = tuple(sum(1 << c for c in range(low, high + 1)) for low, high in PILES)
_PILE_NAMES = tuple(f"pile {i + 1} ({low}-{high})" for i, (low, high) in enumerate(PILES))
# Cards grouped for the Sprint pool: his own 1, 2, 3 (no pile, no cap), then piles 1-3;
# and by Sprint value, highest first.
_GROUPS = (sum(1 << c for c in START_CARDS), *_PILE_MASKS)
_VALUES = tuple(sorted({SPRINT[c] for c in range(1, TOP + 1)}, reverse=True))
_VALUE_MASKS = tuple(sum(1 << c for c in range(1, TOP + 1) if SPRINT[c] == v) for v in _VALUES)


def _pile(card: int) -> int:
    """Return the pile (0, 1, 2) a card comes from, or -1 for 0-3 and 42."""
    for index, (low, high) in enumerate(PILES):
        if low <= card <= high:
            return index
    return -1


# --- puzzles ------------------------------------------------------------------------------


@dataclass
class Puzzle:
    """One puzzle: its id, grade, the table (JSON, see table_facts), the answer (numbers of
    the face-down Hideouts, left to right) and the worked reasoning of its level."""

    id: str
    difficulty: str
    table: dict
    answer: list[int]
    reasoning: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        """Return {"id", "difficulty", "table", "answer", "reasoning"}."""
        return {
            "id": self.id,
            "difficulty": self.difficulty,
            "table": _copy_table(self.table),
            "answer": list(self.answer),
            "reasoning": list(self.reasoning),
        }

    @classmethod
    def from_json(cls, data: object) -> "Puzzle":
        """Return the puzzle in `data` (as written by to_json); ValueError if malformed."""
        keys = {"id", "difficulty", "table", "answer", "reasoning"}
        if not isinstance(data, dict) or set(data) != keys:
            raise ValueError(f"a puzzle is an object with the keys {', '.join(sorted(keys))}")
        if data["difficulty"] not in DIFFICULTIES:
            raise ValueError(f"difficulty must be one of {', '.join(DIFFICULTIES)}")
        facts = table_facts(data["table"])
        answer = data["answer"]
        if not isinstance(answer, list) or len(answer) != len(facts.face_down):
            raise ValueError("answer lists one number for each face-down Hideout")
        if not all(isinstance(n, int) and not isinstance(n, bool) for n in answer):
            raise ValueError("answer lists whole numbers")
        reasoning = data["reasoning"]
        if not isinstance(reasoning, list) or not all(isinstance(s, str) for s in reasoning):
            raise ValueError("reasoning is a list of sentences")
        return cls(
            str(data["id"]),
            data["difficulty"],
            _copy_table(data["table"]),
            list(answer),
            list(reasoning),
        )


def _copy_table(table: dict) -> dict:
    return {
        "deck": table["deck"],
        "turn": table["turn"],
        "row": [
            {key: list(value) if isinstance(value, list) else value for key, value in c.items()}
            for c in table["row"]
        ],
        "marshal_hand": list(table["marshal_hand"]),
        "discarded": [dict(d) for d in table["discarded"]],
        "draws": list(table["draws"]),
        "wrong_guesses": [dict(g) for g in table["wrong_guesses"]],
    }


def puzzle_id(difficulty: str, seed: int) -> str:
    """Return the id that reproduces a puzzle: fugitive-<difficulty>-<seed>."""
    return f"fugitive-{difficulty}-{seed}"


def parse_id(text: str) -> tuple[str, int]:
    """Return (difficulty, seed) of a puzzle id; QuarryError if it is not one."""
    match = _ID.match(text.strip())
    if not match:
        raise QuarryError(
            f"{text!r} is not a Fugitive puzzle id; expected fugitive-<easy|medium|hard>-<seed>"
        )
    return match[1], int(match[2])


# --- the facts a table states ---------------------------------------------------------------


@dataclass(frozen=True)
class TableFacts:
    """A table read for the solvers. Per row position (0 is the 0 card): its number (None
    when face down), Sprint card count, Sprint cards (None when face down) and the turn it
    was placed on. The cards in view as a bit mask; wrong guesses as (number, turn, how many
    Hideouts the row had then); rooms[t][p]: how many face-down cards placed by turn t can
    come from pile p (t = 0..N); the pile of each turn's draw (draws[t], -1 for turn 1)."""

    numbers: tuple[int | None, ...]
    counts: tuple[int, ...]
    sprints: tuple[tuple[int, ...] | None, ...]
    placed: tuple[int, ...]
    seen: int
    wrong: tuple[tuple[int, int, int], ...]
    rooms: tuple[tuple[int, int, int], ...]
    draws: tuple[int, ...]
    turn: int
    hand: tuple[int, ...]
    discarded: tuple[tuple[int, str], ...]

    @property
    def face_down(self) -> list[int]:
        """Return the row positions of the face-down Hideouts, left to right."""
        return [p for p, n in enumerate(self.numbers) if n is None]

    def row_at(self, turn: int) -> int:
        """Return how many Hideouts (after the 0) the row held at the end of `turn`."""
        return sum(1 for t in self.placed[1:] if t <= turn)

    def drawn(self, turn: int) -> tuple[int, int, int]:
        """Return how many cards the Fugitive had drawn from each pile by `turn`."""
        counts = list(START_DRAWS)
        for t in range(2, turn + 1):
            counts[self.draws[t]] += 1
        return tuple(counts)


def _int(value: object, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{what} must be a whole number from {low} to {high}")
    return value


def _finding_turns(found: Sequence[int], free: Sequence[int]) -> list[int] | None:
    """Return the turns (from `free`) whose right guesses found Hideouts placed on the turns
    `found`, when every free turn must find at least one placed by then; None if the free
    turns cannot all be right guesses. Turns not returned must hold wrong guesses."""
    found, free = sorted(found), sorted(free)
    if not found:
        return []
    for m in range(min(len(found), len(free)), 0, -1):
        late = free[-m:]
        if found[-1] <= late[-1] and all(a <= b for a, b in zip(found, late, strict=False)):
            return late
    return None


def table_facts(table: object) -> TableFacts:
    """Return the facts of a table (the JSON of Puzzle.table); ValueError if malformed or
    impossible at a real table (a card twice, numbers not increasing, counts that do not
    fit the turn, a turn without a guess)."""
    keys = {"deck", "turn", "row", "marshal_hand", "discarded", "draws", "wrong_guesses"}
    if not isinstance(table, dict) or set(table) != keys:
        raise ValueError(f"a table is an object with the keys {', '.join(sorted(keys))}")
    if table["deck"] != "published":
        raise ValueError('deck must be "published" (even Hideouts Sprint +2, odd +1)')
    turn = _int(table["turn"], "turn", 1, 38)
    row = table["row"]
    if not isinstance(row, list) or len(row) < 2 or row[0] != {"number": 0, "sprint": []}:
        raise ValueError('row starts with {"number": 0, "sprint": []} and has Hideouts after')
    numbers: list[int | None] = [0]
    counts, sprints, placed = [0], [()], [0]
    cards: list[int] = []
    for p, card in enumerate(row[1:], start=1):
        if not isinstance(card, dict) or set(card) not in (
            {"sprint_count", "turn"},
            {"number", "sprint", "turn"},
        ):
            raise ValueError(
                f'row[{p}] is {{"number": n, "sprint": [cards], "turn": t}} (revealed) or '
                '{"sprint_count": k, "turn": t} (face down)'
            )
        placed.append(_int(card["turn"], f"row[{p}].turn", 1, turn))
        if "sprint_count" in card:
            numbers.append(None)
            counts.append(_int(card["sprint_count"], f"row[{p}].sprint_count", 0, 10))
            sprints.append(None)
            continue
        if not isinstance(card["sprint"], list):
            raise ValueError(f"row[{p}].sprint is a list of cards")
        number = _int(card["number"], f"row[{p}].number", 1, TOP)
        under = tuple(sorted(_int(c, f"row[{p}].sprint", 1, TOP) for c in card["sprint"]))
        numbers.append(number)
        counts.append(len(under))
        sprints.append(under)
        cards += [number, *under]
    if (
        placed != sorted(placed)
        or placed.count(1) > 2
        or any(placed.count(t) > 1 for t in range(2, turn + 1))
    ):
        raise ValueError("Hideouts are placed left to right, up to 2 on turn 1, 1 a turn after")
    known = [n for n in numbers if n is not None]
    if known != sorted(set(known)):
        raise ValueError("revealed Hideout numbers must increase along the row")
    hand = table["marshal_hand"]
    if not isinstance(hand, list):
        raise ValueError("marshal_hand is a list of cards")
    hand = sorted(_int(c, "marshal_hand", 4, TOP) for c in hand)
    if len(hand) != turn + 1:
        raise ValueError(f"by turn {turn} the Marshal holds {turn + 1} cards, not {len(hand)}")
    discarded = table["discarded"]
    if not isinstance(discarded, list) or any(
        not isinstance(d, dict)
        or set(d) != {"card", "by"}
        or d["by"] not in ("fugitive", "marshal")
        for d in discarded
    ):
        raise ValueError('discarded is a list of {"card": n, "by": "fugitive" | "marshal"}')
    gone = tuple((_int(d["card"], "discarded card", 1, TOP), d["by"]) for d in discarded)
    cards += hand + [c for c, _ in gone]
    if len(set(cards)) != len(cards):
        raise ValueError("a card appears twice on the table")
    draws = table["draws"]
    if not isinstance(draws, list) or len(draws) != turn - 1:
        raise ValueError(f"draws gives the pile (1-3) of his draw on each of turns 2-{turn}")
    draws = (-1, -1) + tuple(_int(d, "draws", 1, 3) - 1 for d in draws)
    guesses = table["wrong_guesses"]
    if not isinstance(guesses, list) or any(
        not isinstance(g, dict) or set(g) != {"number", "turn"} for g in guesses
    ):
        raise ValueError('wrong_guesses is a list of {"number": n, "turn": t}')
    wrong_turns = [_int(g["turn"], "wrong guess turn", 1, turn) for g in guesses]
    if len(set(wrong_turns)) != len(wrong_turns):
        raise ValueError("the Marshal makes one guess a turn")
    free = [t for t in range(1, turn + 1) if t not in wrong_turns]
    found = [t for t, n in zip(placed[1:], numbers[1:], strict=True) if n is not None]
    if _finding_turns(found, free) != free:
        raise ValueError(
            "each turn has one guess: a wrong one, or a right one that found revealed "
            "Hideouts placed by then"
        )
    facts = TableFacts(
        tuple(numbers),
        tuple(counts),
        tuple(sprints),
        tuple(placed),
        1 | sum(1 << c for c in cards),
        (),
        (),
        draws,
        turn,
        tuple(hand),
        gone,
    )
    wrong = []
    for g, t in zip(guesses, wrong_turns, strict=True):
        number, length = _int(g["number"], "wrong guess", 1, TOP), facts.row_at(t)
        if number in numbers[1 : length + 1]:
            raise ValueError(f"the guess {number} on turn {t} would have found a Hideout")
        wrong.append((number, t, length))
    rooms = []
    for t in range(turn + 1):
        drawn = facts.drawn(t)
        his = [
            c
            for p in range(1, len(numbers))
            if numbers[p] is not None and placed[p] <= t
            for c in (numbers[p], *sprints[p])
        ]
        if t == turn:
            his += [c for c, by in gone if by == "fugitive"]
        rooms.append(tuple(drawn[i] - sum(_pile(c) == i for c in his) for i in range(3)))
    if any(r < 0 for room in rooms for r in room):
        raise ValueError("more of his cards from a pile are in view than he had drawn from it")
    theirs = [c for c in hand] + [c for c, by in gone if by == "marshal"]
    for i, (drawn, (low, high)) in enumerate(zip(facts.drawn(turn), PILES, strict=True)):
        if drawn + sum(_pile(c) == i for c in theirs) > high - low + 1:
            raise ValueError(f"{_PILE_NAMES[i]} holds fewer cards than the two players drew")
    return TableFacts(
        facts.numbers,
        facts.counts,
        facts.sprints,
        facts.placed,
        facts.seen,
        tuple(sorted(wrong, key=lambda w: w[1])),
        tuple(rooms),
        draws,
        turn,
        tuple(hand),
        gone,
    )


# --- words ---------------------------------------------------------------------------------


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _high(mask: int) -> int:
    return mask.bit_length() - 1


def _span(low: int, high: int) -> int:
    """Return the mask of the numbers low..high (empty if high < low)."""
    low = max(low, 0)
    if high < low:
        return 0
    return ((1 << (high + 1)) - 1) ^ ((1 << low) - 1)


def _numbers_text(values: Sequence[int]) -> str:
    """Return numbers as ranges: "4-6, 9, 12-14"."""
    values = sorted(values)
    parts, i = [], 0
    while i < len(values):
        j = i
        while j + 1 < len(values) and values[j + 1] == values[j] + 1:
            j += 1
        if j - i >= 2:
            parts.append(f"{values[i]}-{values[j]}")
        else:
            parts += [str(v) for v in values[i : j + 1]]
        i = j + 1
    return ", ".join(parts)


def _is_text(mask: int) -> str:
    values = _bits(mask)
    return f"is {values[0]}" if len(values) == 1 else f"is one of {_numbers_text(values)}"


def _as_text(mask: int) -> str:
    values = _bits(mask)
    return f"= {values[0]}" if len(values) == 1 else f"({_numbers_text(values)})"


def _name(p: int) -> str:
    """Return how a row position is named: "the 0" or "H3"."""
    return f"H{p}" if p else "the 0"


def _cards(count: int) -> str:
    return f"{count} Sprint card" + ("" if count == 1 else "s")


def _give(count: int) -> str:
    return f"{_cards(count)} {'gives' if count == 1 else 'give'}"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _join(words: Sequence[str]) -> str:
    words = list(words)
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def format_answer(facts: TableFacts, answer: Sequence[int]) -> str:
    """Return an answer as "H2 = 7, H4 = 15"."""
    return ", ".join(f"H{p} = {n}" for p, n in zip(facts.face_down, answer, strict=True))


# --- the level-limited solvers ----------------------------------------------------------------


class _Contradiction(Exception):
    pass


def _words(reason: str | Callable[[], str]) -> str:
    return reason if isinstance(reason, str) else reason()


class _Board:
    """What a solver knows: candidate numbers per row position (a bit mask; revealed ones
    hold their number), and at level 2 the cards known to be Sprint cards of a Hideout."""

    def __init__(self, facts: TableFacts, level: int, steps: list[str] | None) -> None:
        self.facts, self.level, self.steps = facts, level, steps
        self.down = facts.face_down
        self.cand = [_FULL & ~facts.seen if n is None else 1 << n for n in facts.numbers]
        for number, _, length in facts.wrong:
            for p in self.down:
                if p <= length:
                    self.cand[p] &= ~(1 << number)
        self.forced: dict[int, int] = {}  # Sprint card -> the row position it lies under
        self.changed = False

    def copy(self, steps: list[str] | None) -> "_Board":
        board = _Board.__new__(_Board)
        board.facts, board.level, board.steps = self.facts, self.level, steps
        board.down, board.cand, board.forced = self.down, list(self.cand), dict(self.forced)
        board.changed = False
        return board

    def say(self, text: str) -> None:
        if self.steps is not None:
            self.steps.append(text)

    def narrow(self, p: int, mask: int, reason: str | Callable[[], str]) -> None:
        """Keep only the candidates of position p in `mask`, for `reason` (words, or a
        function giving them: built only when needed)."""
        old = self.cand[p]
        new = old & mask
        if new == old:
            return
        if not new:
            raise _Contradiction(f"{_words(reason)}, so no number is left for H{p}")
        self.cand[p] = new
        self.changed = True
        if self.steps is not None:
            self.steps.append(f"{_words(reason)}, so H{p} {_is_text(new)}.")

    def solved(self) -> bool:
        return all(self.cand[p] & (self.cand[p] - 1) == 0 for p in self.down)

    def spare(self) -> int:
        """Return how many wrong candidates are left in all."""
        return sum(self.cand[p].bit_count() - 1 for p in self.down)

    def answer(self) -> list[int]:
        return [_low(self.cand[p]) for p in self.down]


def _read_facts(board: _Board) -> None:
    """The opening steps: which cards are in view, what the wrong guesses rule out."""
    f = board.facts
    row = [n for p, n in enumerate(f.numbers) if p and n is not None]
    under = [c for s in f.sprints[1:] if s for c in s]
    parts = [f"0{', ' if row else ''}{_numbers_text(row)} (the row)"]
    if under:
        parts.append(f"{_numbers_text(under)} (Sprint cards of revealed Hideouts)")
    parts.append(f"{_numbers_text(f.hand)} (your hand)")
    if f.discarded:
        parts.append(f"{_numbers_text([c for c, _ in f.discarded])} (discarded)")
    board.say(f"Cards in view, so no face-down Hideout: {'; '.join(parts)}.")
    for number, turn, length in f.wrong:
        hit = [f"H{p}" for p in board.down if p <= length]
        if hit:
            verb = "is" if len(hit) == 1 else "are"
            board.say(
                f"Your guess {number} on turn {turn} was wrong, and the row then ended at "
                f"H{length}: {_join(hit)} {verb} not {number}."
            )


def _reach(board: _Board, p: int, pools: "_Pools | None") -> tuple[int, Callable[[], str]]:
    """Return how far beyond 3 the Sprint cards of position p can carry, and why (a
    function: the words are only built when a worked solution is being written)."""
    f = board.facts
    k = f.counts[p]
    if f.numbers[p] is not None:
        total = sum(SPRINT[c] for c in f.sprints[p])
        if not k:
            return 0, lambda: "no Sprint cards"
        named = _numbers_text(f.sprints[p])
        return (
            total,
            lambda: (
                f"Sprint card{'s' if k > 1 else ''} {named} give{'' if k > 1 else 's'} +{total}"
            ),
        )
    if not k:
        return 0, lambda: "no Sprint cards"
    if pools is None:
        return k * MAX_SPRINT, lambda: f"{_give(k)} at most +{k * MAX_SPRINT}"
    mask, caps = pools.pool(p)
    best, taken = _greedy(_counts(mask), caps, k)
    if taken < k:
        raise _Contradiction(
            f"H{p} has {_cards(k)} but only {taken} unseen cards can be the Fugitive's"
        )
    if best == k * MAX_SPRINT:
        return best, lambda: f"{_give(k)} at most +{best}"
    return best, lambda: f"{_give(k)} at most +{best}: {_pool_text(mask, caps)}"


def _link(board: _Board, p: int, reach: int, why: Callable[[], str]) -> None:
    """Narrow positions p-1 and p with each other: p-1 < p <= p-1 + 3 + Sprint."""
    prev, cur = board.cand[p - 1], board.cand[p]
    gap = NORMAL_REACH + reach
    if board.facts.numbers[p] is None:
        board.narrow(
            p,
            _span(_low(prev) + 1, _high(prev) + gap),
            lambda: (
                f"H{p} lies above {_name(p - 1)} {_as_text(prev)} and at most {gap} beyond it "
                f"({why()})"
            ),
        )
        cur = board.cand[p]
    if board.facts.numbers[p - 1] is None:
        board.narrow(
            p - 1,
            _span(_low(cur) - gap, _high(cur) - 1),
            lambda: (
                f"H{p} {_as_text(cur)} lies above {_name(p - 1)} and at most {gap} beyond it "
                f"({why()})"
            ),
        )
    elif not _low(prev) < _low(cur) <= _low(prev) + gap:  # both revealed
        raise _Contradiction(f"H{p} cannot follow {_name(p - 1)}")


def _counts(mask: int) -> list[list[int]]:
    """Return the cards of `mask` counted by Sprint value (rows) and group (columns)."""
    return [[(mask & vm & g).bit_count() for g in _GROUPS] for vm in _VALUE_MASKS]


def _greedy(counts: list[list[int]], caps: Sequence[int], k: int) -> tuple[int, int]:
    """Return (the best Sprint total of k cards within each pile's cap, how many cards can
    be taken): highest values first, which is optimal (a partition matroid)."""
    room = [k, *caps]  # his own 1, 2, 3 come from no pile, so have no cap
    total = taken = 0
    for value, row in zip(_VALUES, counts, strict=True):
        for g, count in enumerate(row):
            take = min(count, room[g], k - taken)
            if take > 0:
                room[g] -= take
                taken += take
                total += take * value
        if taken == k:
            break
    return total, taken


def _usage(board: _Board, in_pile: list[list[int]]) -> list[list[int]]:
    """Return usage[t][i]: the face-down cards placed by turn t known to come from pile i
    (Hideouts whose candidates all lie in it, Sprint cards known to lie under one)."""
    f = board.facts
    per_turn = [[0, 0, 0] for _ in range(f.turn + 1)]
    for i in range(3):
        for q in in_pile[i]:
            per_turn[f.placed[q]][i] += 1
    for c, q in board.forced.items():
        if _pile(c) >= 0:
            per_turn[f.placed[q]][_pile(c)] += 1
    for t in range(1, f.turn + 1):
        for i in range(3):
            per_turn[t][i] += per_turn[t - 1][i]
    return per_turn


class _Pools:
    """Level 2: what one pass knows about the Sprint pool (known Hideouts, Hideouts known
    to come from a pile, Sprint cards known to lie under a Hideout)."""

    def __init__(self, board: _Board) -> None:
        self.board = board
        f = board.facts
        known = 0
        for p in board.down:
            c = board.cand[p]
            if c & (c - 1) == 0:
                known |= c
        self.blocked = f.seen | known
        usage = _usage(board, _in_pile(board))
        # slack[t][i]: the least room left in pile i on any turn from t to the end
        self.slack = [[0, 0, 0] for _ in range(f.turn + 2)]
        self.slack[f.turn + 1] = [99, 99, 99]
        for t in range(f.turn, -1, -1):
            for i in range(3):
                self.slack[t][i] = min(self.slack[t + 1][i], f.rooms[t][i] - usage[t][i])

    def pool(self, p: int) -> tuple[int, list[int]]:
        """Return the cards that can be Sprint cards of position p (a mask) and each pile's
        room for them: unseen, not a known Hideout, not a Sprint card under another; at
        most the room left on every turn from the one p was placed on."""
        board = self.board
        elsewhere = 0
        own = [0, 0, 0]
        for c, q in board.forced.items():
            if q != p:
                elsewhere |= 1 << c
            elif _pile(c) >= 0:
                own[_pile(c)] += 1
        slack = self.slack[board.facts.placed[p]]
        caps = [slack[i] + own[i] for i in range(3)]
        return _FULL & ~(self.blocked | elsewhere), caps


def _in_pile(board: _Board) -> list[list[int]]:
    """Return, per pile, the face-down Hideouts whose candidates all lie in that pile."""
    return [[p for p in board.down if board.cand[p] & ~_PILE_MASKS[i] == 0] for i in range(3)]


def _pool_text(mask: int, caps: Sequence[int]) -> str:
    parts = []
    own = [c for c in START_CARDS if mask >> c & 1]
    if own:
        parts.append(_numbers_text(own))
    for i in range(3):
        inside = _bits(mask & _PILE_MASKS[i])
        if not inside or caps[i] <= 0:
            continue
        if caps[i] >= len(inside) and len(inside) <= 4:
            parts.append(_numbers_text(inside))
        elif caps[i] >= len(inside):
            parts.append(f"any unseen card of {PILES[i][0]}-{PILES[i][1]}")
        else:
            many = "one card" if caps[i] == 1 else f"{caps[i]} cards"
            parts.append(f"{many} of {PILES[i][0]}-{PILES[i][1]}")
    if not parts:
        return "he can hold no unseen card for them"
    return "his Sprint cards can only be " + " or ".join(parts)


def _budget_reason(board: _Board, turn: int, pile: int, hideouts, sprints) -> str:
    f = board.facts
    drawn = f.drawn(turn)[pile]
    room = f.rooms[turn][pile]
    when = "by now" if turn == f.turn else f"by turn {turn}"
    text = (
        f"{when[0].upper()}{when[1:]} he had drawn {_plural(drawn, 'card')} from "
        f"{_PILE_NAMES[pile]} and {drawn - room} of his cards from it placed by then "
        f"{'is' if drawn - room == 1 else 'are'} in view"
    )
    takers = [f"H{q}" for q in hideouts] + [f"Sprint card {c}" for c in sprints]
    if takers:
        text += f"; {_join(takers)} {'takes' if len(takers) == 1 else 'take'} the rest"
    return f"{text}: no other card placed by then comes from {PILES[pile][0]}-{PILES[pile][1]}"


def _budgets(board: _Board) -> None:
    """Level 2: when a pile's room by some turn is taken, no other face-down Hideout placed
    by that turn comes from it."""
    f = board.facts
    in_pile = _in_pile(board)
    usage = _usage(board, in_pile)
    first = min(f.placed[p] for p in board.down)
    for turn in range(first, f.turn + 1):
        for i in range(3):
            used, room = usage[turn][i], f.rooms[turn][i]
            if used > room:
                raise _Contradiction(
                    f"{_plural(used, 'face-down card')} placed by turn {turn} would come from "
                    f"{_PILE_NAMES[i]}, which had room for {room}"
                )
            if used < room:
                continue
            hideouts = [q for q in in_pile[i] if f.placed[q] <= turn]
            others = [
                p
                for p in board.down
                if f.placed[p] <= turn and p not in hideouts and board.cand[p] & _PILE_MASKS[i]
            ]
            if not others:
                continue
            sprints = sorted(
                c for c, q in board.forced.items() if f.placed[q] <= turn and _pile(c) == i
            )
            for p in others:
                board.narrow(
                    p,
                    ~_PILE_MASKS[i],
                    lambda turn=turn, i=i, h=hideouts, s=sprints: _budget_reason(
                        board, turn, i, h, s
                    ),
                )
            in_pile = _in_pile(board)
            usage = _usage(board, in_pile)


def _forced_sprints(board: _Board, pools: "_Pools") -> None:
    """Level 2: cards every big-enough choice of a Hideout's Sprint cards must use are
    Sprint cards, so no Hideout (all different). `pools` may be from earlier in the pass
    (never smaller than now, so what it forces is forced)."""
    f = board.facts
    for p in board.down:
        k = f.counts[p]
        if not k:
            continue
        need = _low(board.cand[p]) - _high(board.cand[p - 1]) - NORMAL_REACH
        if need <= 0:
            continue
        mask, caps = pools.pool(p)
        counts = _counts(mask)
        best = _greedy(counts, caps, k)[0]
        if best < need:
            raise _Contradiction(
                f"H{p} needs at least +{need} from its {_cards(k)} but {_pool_text(mask, caps)}"
                f": at most +{best}"
            )
        if best - need >= MAX_SPRINT:
            continue  # losing any one card costs at most MAX_SPRINT: nothing is forced
        new = 0
        for v, row in enumerate(counts):
            for g, count in enumerate(row):
                if not count:
                    continue
                row[g] -= 1
                if _greedy(counts, caps, k)[0] < need:
                    new |= mask & _VALUE_MASKS[v] & _GROUPS[g]
                row[g] += 1
        new_cards = _bits(new & ~sum(1 << c for c, q in board.forced.items() if q == p))
        if not new_cards:
            continue
        for c in new_cards:
            board.forced[c] = p
        board.changed = True
        named = _join([str(c) for c in new_cards])
        if board.steps is not None:
            board.say(
                f"H{p} needs at least +{need} from its {_cards(k)} (H{p} is at least "
                f"{_low(board.cand[p])}, {_name(p - 1)} at most {_high(board.cand[p - 1])}) and "
                f"{_pool_text(mask, caps)}: {named} must lie under H{p}."
            )
        verb = "is a Sprint card" if len(new_cards) == 1 else "are Sprint cards"
        drop = sum(1 << c for c in new_cards)
        for q in board.down:
            board.narrow(q, ~drop, f"{named} {verb} under H{p}")
        pools = _Pools(board)


def _supply(board: _Board) -> None:
    """Level 2: the face-down cards placed by each turn must be cards he can have held."""
    f = board.facts
    unseen = _FULL & ~f.seen
    own = (unseen & _GROUPS[0]).bit_count()
    for turn in range(1, f.turn + 1):
        need = sum(1 + f.counts[p] for p in board.down if f.placed[p] <= turn)
        supply = own + sum(
            min(f.rooms[turn][i], (unseen & _PILE_MASKS[i]).bit_count()) for i in range(3)
        )
        if need > supply:
            raise _Contradiction(
                f"the face-down cards placed by turn {turn} number {need} but he can have "
                f"held only {supply}"
            )


def _propagate(board: _Board) -> None:
    """Apply the board's level of deductions (levels 1 and 2) until nothing changes. The
    Sprint pool is read once a pass: a pool read earlier is never smaller, so the bounds
    stay sound, and passes repeat until nothing changes."""
    size = len(board.cand)
    while True:
        board.changed = False
        pools = _Pools(board) if board.level >= 2 else None
        reach = [(0, str)] + [_reach(board, p, pools) for p in range(1, size)]
        for p in range(1, size):
            _link(board, p, *reach[p])
        for p in range(size - 1, 0, -1):
            _link(board, p, *reach[p])
        if pools is not None:
            _budgets(board)
            _forced_sprints(board, pools)
        if not board.changed:
            return


def _case_analysis(board: _Board) -> None:
    """Level 3: strike out candidates whose assumption leads level 2 to a contradiction,
    trying the Hideouts with the fewest candidates first, until nothing more is struck."""
    while not board.solved() and _strike_one(board):
        pass


def _strike_one(board: _Board) -> bool:
    ranked = sorted((board.cand[p].bit_count(), p) for p in board.down)
    for size, p in ranked:
        if size < 2:
            continue
        for value in _bits(board.cand[p]):
            if _refutes(board, p, value):
                _strike(board, p, value)
                _propagate(board)
                return True
    return False


def _refutes(board: _Board, p: int, value: int) -> bool:
    trial = board.copy(None)
    trial.cand[p] = 1 << value
    try:
        _propagate(trial)
    except _Contradiction:
        return True
    return False


def _strike(board: _Board, p: int, value: int) -> None:
    if board.steps is not None:
        chain: list[str] = []
        trial = board.copy(chain)
        trial.cand[p] = 1 << value
        try:
            _propagate(trial)
        except _Contradiction as contradiction:
            chain.append(f"But {contradiction}.")
        board.steps.append(f"Suppose H{p} were {value}:")
        board.steps += [f"    {line}" for line in chain]
    board.narrow(p, ~(1 << value), f"If H{p} were {value}, a contradiction follows")


def _run(facts: TableFacts, level: int, steps: list[str] | None = None) -> _Board:
    """Return the board after the level's deductions (raises _Contradiction if the table
    contradicts itself)."""
    board = _Board(facts, level, steps)
    _read_facts(board)
    for p in board.down:
        if not board.cand[p]:
            raise _Contradiction(f"no number is left for H{p}")
    if level >= 2:
        _supply(board)
    if level >= 1:
        _propagate(board)
    if level >= 3:
        _case_analysis(board)
    return board


def _solve(facts: TableFacts, level: int, steps: list[str] | None = None) -> list[int] | None:
    try:
        board = _run(facts, level, steps)
    except _Contradiction as contradiction:
        raise ValueError(f"the table contradicts itself: {contradiction}") from None
    return board.answer() if board.solved() else None


def _level_solves(facts: TableFacts, level: int) -> bool:
    try:
        return _run(facts, level).solved()
    except _Contradiction:
        return False


def solve_at_level(puzzle: Puzzle, level: int, steps: list[str] | None = None) -> list[int] | None:
    """Return the answer if the level's deductions (1-3, see the module notes) pin every
    face-down Hideout, else None. When `steps` is a list, the reasoning is appended."""
    return _solve(table_facts(puzzle.table), level, steps)


def solve_level1(puzzle: Puzzle, steps: list[str] | None = None) -> list[int] | None:
    """Return the answer if interval reasoning and cards in view (easy) pin it, else None."""
    return solve_at_level(puzzle, 1, steps)


def solve_level2(puzzle: Puzzle, steps: list[str] | None = None) -> list[int] | None:
    """Return the answer if level 1 with pile budgets, the real Sprint pool and
    all-different reasoning (medium) pins it, else None."""
    return solve_at_level(puzzle, 2, steps)


def solve_level3(puzzle: Puzzle, steps: list[str] | None = None) -> list[int] | None:
    """Return the answer if level 2 with one-step case analysis (hard) pins it, else None."""
    return solve_at_level(puzzle, 3, steps)


def grade(puzzle: Puzzle) -> int | None:
    """Return the lowest level (1-3) whose solver pins the answer, None if none does."""
    facts = table_facts(puzzle.table)
    for level in (1, 2, 3):
        if _solve(facts, level) is not None:
            return level
    return None


def difficulty(puzzle: Puzzle) -> str | None:
    """Return "easy", "medium" or "hard" (the lowest level that solves it), or None."""
    level = grade(puzzle)
    return DIFFICULTIES[level - 1] if level else None


def worked_solution(puzzle: Puzzle) -> list[str]:
    """Return the reasoning steps of the puzzle's own level, ending with the answer."""
    facts = table_facts(puzzle.table)
    steps: list[str] = []
    answer = _solve(facts, LEVELS[puzzle.difficulty], steps)
    if answer is None:
        raise ValueError(f"{puzzle.id}: its level does not solve it")
    return steps + [f"Answer: {format_answer(facts, answer)}."]


# --- uniqueness: CP-SAT ---------------------------------------------------------------------


def build_model(facts: TableFacts) -> tuple[cp_model.CpModel, dict[str, cp_model.IntVar]]:
    """Return a CP-SAT model of every way the face-down cards can be, and its variables by
    name: hideout_<p> for each face-down row position p, sprint_<p>_<j> for its Sprint cards
    (j = 0..k-1, increasing) and sprint_value_<p>_<j> for their Sprint values."""
    model = cp_model.CpModel()
    free = [c for c in range(1, TOP + 1) if not facts.seen >> c & 1]
    variables: dict[str, cp_model.IntVar] = {}
    row: list = []  # per position: its number (int or IntVar) and its Sprint total
    unknown: list[tuple[int, cp_model.IntVar]] = []  # (turn placed, variable)
    for p, number in enumerate(facts.numbers):
        if number is not None:
            row.append((number, sum(SPRINT[c] for c in facts.sprints[p])))
            continue
        banned = {g for g, _, length in facts.wrong if p <= length}
        hideout = model.new_int_var_from_domain(
            cp_model.Domain.from_values([c for c in free if c not in banned]), f"hideout_{p}"
        )
        variables[hideout.name] = hideout
        unknown.append((facts.placed[p], hideout))
        cards, values = [], []
        for j in range(facts.counts[p]):
            card = model.new_int_var_from_domain(
                cp_model.Domain.from_values(free), f"sprint_{p}_{j}"
            )
            value = model.new_int_var(0, MAX_SPRINT, f"sprint_value_{p}_{j}")
            model.add_element(card, list(SPRINT), value)
            if cards:
                model.add(cards[-1] < card)  # the cards under one Hideout form a set
            cards.append(card)
            values.append(value)
            variables[card.name] = card
            variables[value.name] = value
            unknown.append((facts.placed[p], card))
        row.append((hideout, sum(values)))
    for p in range(1, len(row)):
        (before, _), (number, total) = row[p - 1], row[p]
        model.add(number > before)
        model.add(number <= before + NORMAL_REACH + total)
    if len(unknown) > 1:
        model.add_all_different([var for _, var in unknown])
    for i, (low, high) in enumerate(PILES):
        flags = []
        for turn, var in unknown:
            flag = model.new_bool_var(f"pile{i + 1}_{var.name}")
            model.add_linear_constraint(var, low, high).only_enforce_if(flag)
            model.add_linear_expression_in_domain(
                var, cp_model.Domain.from_intervals([[0, low - 1], [high + 1, ESCAPE]])
            ).only_enforce_if(~flag)
            flags.append((turn, flag))
        for turn in range(1, facts.turn + 1):
            model.add(sum(flag for t, flag in flags if t <= turn) <= facts.rooms[turn][i])
    return model, variables


def hideout_variables(facts: TableFacts, variables: dict) -> list[cp_model.IntVar]:
    """Return the primary variables: hideout_<p> for the face-down Hideouts, left to right
    (uniqueness blocks on these alone; Sprint card identities may stay ambiguous)."""
    return [variables[f"hideout_{p}"] for p in facts.face_down]


def certify_answer(puzzle: Puzzle, seconds: float = CPSAT_SECONDS) -> list[int] | None:
    """Return the face-down Hideout numbers if CP-SAT certifies them unique (a second solve
    that blocks the first answer is infeasible), else None."""
    return _certify(table_facts(puzzle.table), seconds)


def _certify(facts: TableFacts, seconds: float) -> list[int] | None:
    model, variables = build_model(facts)
    primary = hideout_variables(facts, variables)
    solution = certify_unique(model, primary, seconds)
    if solution is None:
        return None
    return [solution.values[v.name] for v in primary]


# --- uniqueness: brute force ------------------------------------------------------------------


def brute_force_answers(puzzle: "Puzzle | TableFacts") -> set[tuple[int, ...]]:
    """Return every assignment of the face-down Hideouts the table allows (a set of tuples,
    left to right): depth-first over increasing numbers, each full assignment kept when an
    exact search finds Sprint cards for it. A sound puzzle gives exactly one."""
    facts = puzzle if isinstance(puzzle, TableFacts) else table_facts(puzzle.table)
    found: set[tuple[int, ...]] = set()
    numbers = list(facts.numbers)
    banned = {p: {g for g, _, length in facts.wrong if p <= length} for p in facts.face_down}

    def dfs(p: int) -> None:
        if p == len(numbers):
            if _sprints_exist(facts, numbers):
                found.add(tuple(numbers[q] for q in facts.face_down))
            return
        before = numbers[p - 1]
        if facts.numbers[p] is not None:
            top = before + NORMAL_REACH + sum(SPRINT[c] for c in facts.sprints[p])
            if before < facts.numbers[p] <= top:
                dfs(p + 1)
            return
        top = before + NORMAL_REACH + facts.counts[p] * MAX_SPRINT
        for value in range(before + 1, min(top, TOP) + 1):
            if not facts.seen >> value & 1 and value not in banned[p]:
                numbers[p] = value
                dfs(p + 1)
        numbers[p] = None

    dfs(1)
    return found


def _sprints_exist(facts: TableFacts, numbers: Sequence[int]) -> bool:
    """Return whether distinct unseen cards can lie under the face-down Hideouts, enough for
    each gap, with the face-down cards placed by every turn within each pile's room then."""
    down = facts.face_down
    hideouts = {numbers[p] for p in down}
    classes: dict[tuple[int, int], int] = {}  # (Sprint value, pile) -> unseen cards
    for c in range(1, TOP + 1):
        if not facts.seen >> c & 1 and c not in hideouts:
            classes[SPRINT[c], _pile(c)] = classes.get((SPRINT[c], _pile(c)), 0) + 1
    kinds = sorted(classes)
    # The turns whose room is checked once position down[i] is placed: from its turn to
    # the turn before the next face-down Hideout's (to the end for the last one).
    checks = []
    for i, p in enumerate(down):
        end = facts.placed[down[i + 1]] if i + 1 < len(down) else facts.turn + 1
        checks.append(range(facts.placed[p], end))
    if any(min(facts.rooms[t]) < 0 for t in range(1, facts.placed[down[0]])):
        return False
    failed: set = set()

    def place(i: int, left: tuple[int, ...], used: tuple[int, ...]) -> bool:
        if i == len(down):
            return True
        if (i, left, used) in failed:
            return False
        p = down[i]
        k, need = facts.counts[p], numbers[p] - numbers[p - 1] - NORMAL_REACH
        for choice in combinations_with_replacement(range(len(kinds)), k):
            counts, now, total = list(left), list(used), 0
            if _pile(numbers[p]) >= 0:
                now[_pile(numbers[p])] += 1
            for index in choice:
                counts[index] -= 1
                value, pile = kinds[index]
                total += value
                if pile >= 0:
                    now[pile] += 1
            if total < need or min(counts, default=0) < 0:
                continue
            if any(now[j] > facts.rooms[t][j] for t in checks[i] for j in range(3)):
                continue
            if place(i + 1, tuple(counts), tuple(now)):
                return True
        failed.add((i, left, used))
        return False

    return place(0, tuple(classes[k] for k in kinds), (0, 0, 0))


# --- generation: a hidden game ------------------------------------------------------------------


@dataclass
class _Hidden:
    """A played-out game: the row (numbers, Sprint cards, the turn each was placed), the
    pile of each turn's draw (draws[t], -1 for turns 0 and 1), every card the Fugitive has
    held, and N, the turn the table shows the end of."""

    numbers: list[int]
    sprints: list[tuple[int, ...]]
    placed: list[int]
    draws: list[int]
    his: set[int]
    turns: int


def _held(game: _Hidden) -> int:
    """Return how many cards the Fugitive holds at the end (the 42 among them)."""
    on_table = sum(1 + len(s) for s in game.sprints[1:])
    return len(START_HAND) + sum(START_DRAWS) + game.turns - 1 - on_table


def _choose_hide(
    rng: np.random.Generator, hand: set[int], last: int
) -> tuple[int, tuple[int, ...]] | None:
    """Return a plausible Hideout and its Sprint cards from `hand`, or None if none fits:
    Sprint cards are the fewest that reach, cards below the new Hideout (dead) first; now
    and then a dead card is added as a bluff."""
    options = []
    for hideout in sorted(hand):
        if hideout <= last or hideout > TOP:
            continue
        need = hideout - last - NORMAL_REACH
        others = sorted(c for c in hand if c not in (hideout, ESCAPE))
        sprint: tuple[int, ...] | None = () if need <= 0 else None
        for size in range(1, MAX_SPRINTS + 1):
            if sprint is not None:
                break
            fits = [s for s in combinations(others, size) if sum(SPRINT[c] for c in s) >= need]
            if fits:
                dead = max(sum(c < hideout for c in s) for s in fits)
                best = [s for s in fits if sum(c < hideout for c in s) == dead]
                sprint = best[int(rng.integers(len(best)))]
        if sprint is None:
            continue
        spare = [c for c in others if c < hideout and c not in sprint]
        if spare and len(sprint) < MAX_SPRINTS and rng.random() < BLUFF:
            sprint = (*sprint, spare[int(rng.integers(len(spare)))])
        options.append((hideout, tuple(sorted(sprint))))
    if not options:
        return None
    if rng.random() < AGGRESSIVE:
        return max(options)
    return options[int(rng.integers(len(options)))]


def _play(rng: np.random.Generator, turns: int) -> _Hidden:
    """Return a game played for `turns` Fugitive turns (a random deal, a plausible Fugitive)."""
    piles = [list(rng.permutation(np.arange(low, high + 1))) for low, high in PILES]
    hand = set(START_HAND)
    for pile, count in enumerate(START_DRAWS):
        hand |= {int(piles[pile].pop()) for _ in range(count)}
    numbers, sprints, placed, draws = [0], [()], [0], [-1, -1]
    waiting = int(rng.integers(WAITING + 1))  # he ends by waiting for better cards
    for turn in range(1, turns + 1):
        if turn > 1:
            ahead = _pile(min(numbers[-1] + 4, TOP))
            pile = ahead if rng.random() < AHEAD else int(rng.integers(3))
            if not piles[pile]:
                pile = next(i for i in range(3) if piles[i])
            hand.add(int(piles[pile].pop()))
            draws.append(pile)
        count = 2 if turn == 1 and rng.random() < 0.5 else 1
        if turn > 1 and (rng.random() < PASS or turn > turns - waiting):
            count = 0
        for _ in range(count):
            choice = _choose_hide(rng, hand, numbers[-1])
            if choice is None:
                break
            hideout, sprint = choice
            hand -= {hideout, *sprint}
            numbers.append(hideout)
            sprints.append(sprint)
            placed.append(turn)
    left = {int(c) for pile in piles for c in pile}
    his = set(START_HAND) | {c for c in range(4, TOP + 1) if c not in left}
    return _Hidden(numbers, sprints, placed, draws, his, turns)


# --- generation: clues ----------------------------------------------------------------------------


@dataclass
class _Clues:
    """What the generator shows: found Hideouts, the Marshal's hand, her wrong guesses."""

    revealed: set[int]
    hand: set[int]
    guesses: dict[int, int]  # turn -> wrong number

    def copy(self) -> "_Clues":
        return _Clues(set(self.revealed), set(self.hand), dict(self.guesses))


def _row_at(game: _Hidden, turn: int) -> int:
    return sum(1 for t in game.placed[1:] if t <= turn)


def _turns_ok(game: _Hidden, clues: _Clues) -> bool:
    """Return whether the guesses fit: one a turn on turns 1..N, with a turn left (not a
    wrong guess) late enough to find the revealed Hideouts."""
    free = [t for t in range(1, game.turns + 1) if t not in clues.guesses]
    if not clues.revealed:
        return True
    return bool(free) and max(free) >= max(game.placed[p] for p in clues.revealed)


def _table(game: _Hidden, clues: _Clues) -> dict:
    row: list[dict] = [{"number": 0, "sprint": []}]
    for p in range(1, len(game.numbers)):
        if p in clues.revealed:
            row.append(
                {"number": game.numbers[p], "sprint": list(game.sprints[p]), "turn": game.placed[p]}
            )
        else:
            row.append({"sprint_count": len(game.sprints[p]), "turn": game.placed[p]})
    return {
        "deck": "published",
        "turn": game.turns,
        "row": row,
        "marshal_hand": sorted(clues.hand),
        "discarded": [],
        "draws": [pile + 1 for pile in game.draws[2:]],
        "wrong_guesses": [{"number": n, "turn": t} for t, n in sorted(clues.guesses.items())],
    }


def _read(game: _Hidden, clues: _Clues) -> TableFacts:
    """Return the facts of the table the clues make, without the checks a finished table
    passes (her hand and guesses are filled up only at the end)."""
    size = len(game.numbers)
    shown = [p == 0 or p in clues.revealed for p in range(size)]
    numbers = tuple(game.numbers[p] if shown[p] else None for p in range(size))
    sprints = tuple(game.sprints[p] if shown[p] else None for p in range(size))
    seen = 1
    in_view = [[0, 0, 0] for _ in range(game.turns + 1)]  # his cards in view, by turn placed
    for p in clues.revealed:
        for c in (game.numbers[p], *game.sprints[p]):
            seen |= 1 << c
            if _pile(c) >= 0:
                in_view[game.placed[p]][_pile(c)] += 1
    for c in clues.hand:
        seen |= 1 << c
    rooms = []
    room = list(START_DRAWS)
    for t in range(game.turns + 1):
        if t >= 2:
            room[game.draws[t]] += 1
        for i in range(3):
            room[i] -= in_view[t][i]
        rooms.append(tuple(room))
    wrong = tuple((n, t, _row_at(game, t)) for t, n in sorted(clues.guesses.items()))
    return TableFacts(
        numbers,
        tuple(len(s) for s in game.sprints),
        sprints,
        tuple(game.placed),
        seen,
        wrong,
        tuple(rooms),
        tuple(game.draws),
        game.turns,
        tuple(sorted(clues.hand)),
        (),
    )


def _clue_options(game: _Hidden, clues: _Clues, board: _Board, low_down: int) -> list:
    """Return the clues that would rule out a wrong candidate the board still has: ("hand",
    card) for the Marshal's hand, ("guess", (turn, number)) for a wrong guess, ("reveal",
    position) for a found Hideout (its number and Sprint cards come into view)."""
    wrong = {
        p: {v for v in _bits(board.cand[p]) if v != game.numbers[p]}
        for p in board.down
        if board.cand[p] & (board.cand[p] - 1)
    }
    everywhere = set().union(*wrong.values()) if wrong else set()
    options: list = []
    if len(clues.hand) < game.turns + 1:
        options += [("hand", v) for v in sorted(everywhere) if v >= 4 and v not in game.his]
    for p, values in sorted(wrong.items()):
        for t in range(game.placed[p], game.turns + 1):
            if t not in clues.guesses:
                placed_then = set(game.numbers[1 : _row_at(game, t) + 1])
                options += [("guess", (t, v)) for v in sorted(values - placed_then)]
    if len(board.down) > low_down:
        for q in board.down:
            if q in wrong or {game.numbers[q], *game.sprints[q]} & everywhere:
                options.append(("reveal", q))
    return options


def _with(clues: _Clues, kind: str, choice) -> _Clues:
    trial = clues.copy()
    if kind == "hand":
        trial.hand.add(choice)
    elif kind == "guess":
        trial.guesses[choice[0]] = choice[1]
    else:
        trial.revealed.add(choice)
    return trial


def _add_clue(
    rng: np.random.Generator, game: _Hidden, clues: _Clues, board: _Board, low_down: int
) -> _Clues | None:
    """Return the clues with one more that rules out a candidate the board still has, None
    if none can. A few are drawn at random (found Hideouts seldom, to keep chains of
    face-down ones) and the one leaving the board's level the fewest candidates is kept:
    her hand and guesses are few, so each clue should count."""
    options = _clue_options(game, clues, board, low_down)
    cards = [o for o in options if o[0] != "reveal"]
    reveals = [o for o in options if o[0] == "reveal"]
    pool = reveals if reveals and (not cards or rng.random() < REVEAL_SHARE) else cards
    best: tuple[int, _Clues] | None = None
    for index in rng.permutation(len(pool))[:CLUE_SAMPLE]:
        trial = _with(clues, *pool[int(index)])
        if not _turns_ok(game, trial):
            continue
        after = _run(_read(game, trial), board.level)
        left = after.spare()
        if best is None or left < best[0]:
            best = (left, trial)
    return None if best is None else best[1]


def _minimise(
    rng: np.random.Generator, game: _Hidden, clues: _Clues, level: int, high_down: int
) -> _Clues:
    """Take clues out, in a random order, while the level still solves the table."""
    items = [("reveal", p) for p in clues.revealed] + [("hand", c) for c in clues.hand]
    items += [("guess", t) for t in clues.guesses]
    for index in rng.permutation(len(items)):
        kind, key = items[int(index)]
        trial = clues.copy()
        if kind == "reveal":
            if len(game.numbers) - 1 - len(trial.revealed) >= high_down:
                continue
            trial.revealed.discard(key)
        elif kind == "hand":
            trial.hand.discard(key)
        else:
            del trial.guesses[key]
        if _level_solves(_read(game, trial), level):
            clues = trial
    return clues


def _pad(rng: np.random.Generator, game: _Hidden, clues: _Clues, level: int) -> _Clues | None:
    """Fill the Marshal's hand to N + 1 cards and her guesses to one a turn (turns that did
    not find the revealed Hideouts hold wrong guesses), preferring cards and numbers the
    next lower level has already ruled out; None if the grade does not hold."""
    clues = clues.copy()
    free = [t for t in range(1, game.turns + 1) if t not in clues.guesses]
    finding = _finding_turns([game.placed[p] for p in clues.revealed], free)
    if finding is None:
        return None
    open_values = 0
    if level > 1:
        try:
            lower = _run(_read(game, clues), level - 1)
        except _Contradiction:
            return None
        for p in lower.down:
            open_values |= lower.cand[p]
    spare = [c for c in range(4, TOP + 1) if c not in game.his and c not in clues.hand]
    quiet = [c for c in spare if not open_values >> c & 1]
    rest = [c for c in spare if open_values >> c & 1]
    rng.shuffle(quiet)
    rng.shuffle(rest)
    clues.hand |= set((quiet + rest)[: game.turns + 1 - len(clues.hand)])
    for t in free:
        if t in finding:
            continue
        # A plausible wrong guess: no Hideout placed by then, not in her hand, near the
        # row's end at the time; one the lower level already rules out when possible.
        row = _row_at(game, t)
        placed_then = set(game.numbers[1 : row + 1])
        options = [v for v in range(1, TOP + 1) if v not in placed_then | clues.hand]
        near = [v for v in options if game.numbers[row] - 4 <= v <= game.numbers[row] + 8]
        quiet_near = [v for v in near if not open_values >> v & 1]
        quiet = [v for v in options if not open_values >> v & 1]
        fresh = [v for v in quiet_near if v not in clues.guesses.values()]
        pick = fresh or quiet_near or quiet or near or options
        clues.guesses[t] = pick[int(rng.integers(len(pick)))]
    facts = _read(game, clues)
    if not _level_solves(facts, level) or (level > 1 and _level_solves(facts, level - 1)):
        return None
    return clues


def _attempt(difficulty: str, seed: int, attempt: int) -> Puzzle | None:
    """Return a puzzle graded exactly `difficulty` from one sub-seed, or None."""
    level = LEVELS[difficulty]
    rng = np.random.default_rng([seed, level, attempt])
    low, high = TURNS[difficulty]
    game = _play(rng, int(rng.integers(low, high + 1)))
    low_down, high_down = FACE_DOWN[difficulty]
    placed = len(game.numbers) - 1
    if placed < MIN_PLACED[difficulty] or _held(game) > MAX_HELD[difficulty]:
        return None  # too few Hideouts, or so many cards in his hand that little is forced
    # Face down: a run of Hideouts, most often the latest ones (as at a real table).
    target = int(rng.integers(low_down, high_down + 1))
    if target > placed:
        return None
    start = placed - target + 1
    if rng.random() < 0.4:
        start = int(rng.integers(1, start + 1))
    clues = _Clues({p for p in range(1, placed + 1) if not start <= p < start + target}, set(), {})
    if not _turns_ok(game, clues):
        return None
    # Clues are aimed with level 2 at most (case analysis on a wide-open table is slow).
    for _ in range(60):
        board = _run(_read(game, clues), min(level, 2))
        if board.solved():
            break
        if level == 3 and board.spare() <= CASE_SPARE and _level_solves(_read(game, clues), 3):
            break
        clues = _add_clue(rng, game, clues, board, low_down)
        if clues is None:
            return None
    else:
        return None
    clues = _minimise(rng, game, clues, level, high_down)
    if level > 1 and _level_solves(_read(game, clues), level - 1):
        return None
    padded = None
    for _ in range(4):
        padded = _pad(rng, game, clues, level)
        if padded is not None:
            break
    if padded is None:
        return None
    table = _table(game, padded)
    facts = table_facts(table)
    answer = [game.numbers[p] for p in facts.face_down]
    if _solve(facts, level) != answer:
        raise RuntimeError(f"seed {seed}: the level {level} solver disagrees with the game")
    if _certify(facts, CPSAT_SECONDS) != answer:
        raise RuntimeError(f"seed {seed}: CP-SAT disagrees with the level {level} solver")
    puzzle = Puzzle(puzzle_id(difficulty, seed), difficulty, table, answer)
    puzzle.reasoning = worked_solution(puzzle)
    return puzzle


def generate_puzzle(difficulty: str, seed: int | None = None) -> Puzzle:
    """Return the puzzle with this difficulty and seed, certified unique by CP-SAT and graded
    exactly `difficulty`. Called with an id alone (generate_puzzle("fugitive-hard-7")),
    returns the puzzle that id names. Deterministic sub-seeds are tried in turn; QuarryError
    if none of MAX_ATTEMPTS gives a puzzle of that grade."""
    if seed is None:
        difficulty, seed = parse_id(difficulty)
    _check_options(difficulty, seed)
    for attempt in range(MAX_ATTEMPTS):
        puzzle = _attempt(difficulty, seed, attempt)
        if puzzle is not None:
            return puzzle
    raise QuarryError(
        f"no {difficulty} Fugitive puzzle found for seed {seed} in {MAX_ATTEMPTS} attempts; "
        "try another seed"
    )


def generate_puzzles(count: int, difficulty: str, seed: int) -> list[Puzzle]:
    """Return `count` puzzles of one difficulty; puzzle i has seed `seed * 1000 + i`, so the
    books of different seeds never share a puzzle. QuarryError (before any work) if count
    is not 1-200, difficulty not easy|medium|hard or seed negative."""
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_COUNT:
        raise QuarryError(f"--count must be between 1 and {MAX_COUNT} (got {count})")
    _check_options(difficulty, seed)
    return [generate_puzzle(difficulty, seed * 1000 + i) for i in range(count)]


def make_puzzles(count: int, difficulty: str, seed: int, loops: bool = False) -> list[Puzzle]:
    """Return generate_puzzles(count, difficulty, seed): the game registry's make_puzzles
    hook (`loops` is The Hunt's option: QuarryError if set)."""
    if loops:
        raise QuarryError("--loops is an option of The Hunt's puzzles, not Fugitive's")
    return generate_puzzles(count, difficulty, seed)


def _check_options(difficulty: str, seed: int) -> None:
    if difficulty not in DIFFICULTIES:
        raise QuarryError(
            f"--difficulty must be one of {', '.join(DIFFICULTIES)} (got {difficulty!r})"
        )
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise QuarryError(f"--seed must be a whole number, 0 or more (got {seed!r})")


def puzzles_json(puzzles: Sequence[Puzzle]) -> list[dict]:
    """Return the content of puzzles.json: a list of Puzzle.to_json() objects."""
    return [puzzle.to_json() for puzzle in puzzles]


# --- words for the puzzle book ------------------------------------------------------------------

RULES_TEXT = (
    "You are the Marshal at the end of your turn. The table shows the row of Hideouts (the 0 "
    "first), the turn each was placed on, your hand, the pile the Fugitive drew from each "
    "turn and your wrong guesses. Find the number of every face-down Hideout.",
    "Numbers increase along the row. A Hideout is at most 3 more than the one before it, "
    "plus the Sprint values of the cards under it (even cards +2, odd cards +1). A face-down "
    "Hideout shows how many Sprint cards lie under it, not which.",
    "Every card exists once: no face-down card (Hideout or Sprint card) is a card in view. "
    "Hideouts are 1-41; the Fugitive never sprints with his 42.",
    "Apart from the 0 and his own 1, 2 and 3, every card he places came from a pile (pile 1: "
    "4-14, pile 2: 15-28, pile 3: 29-41), drawn before he placed it: at setup 3 from pile 1 "
    "and 2 from pile 2, then one on each turn from turn 2.",
    "A wrong guess means no Hideout face down at that time had the number; he may have "
    "played it since. Every turn you guessed once: a wrong guess, or a right one that found "
    "Hideouts now face up.",
)


def question_text(puzzle: Puzzle) -> str:
    """Return the question of `puzzle` as a sentence."""
    down = table_facts(puzzle.table).face_down
    return f"What are the numbers of {_join([f'H{p}' for p in down])}?"


def table_lines(puzzle: Puzzle) -> list[str]:
    """Return the table as lines of text: the turn, the row (with the turn each Hideout was
    placed on), your hand, the Fugitive's draws and hand size, your wrong guesses, the deck."""
    f = table_facts(puzzle.table)
    cells = ["0"]
    for p in range(1, len(f.numbers)):
        when = f"turn {f.placed[p]}"
        if f.numbers[p] is None:
            cells.append(f"H{p} ? ({_cards(f.counts[p])}; {when})")
        elif f.counts[p]:
            cells.append(f"H{p} {f.numbers[p]} (Sprint {_numbers_text(f.sprints[p])}; {when})")
        else:
            cells.append(f"H{p} {f.numbers[p]} ({when})")
    on_table = sum(1 + k for k in f.counts[1:])
    drawn = f.drawn(f.turn)
    his_hand = len(START_HAND) + sum(drawn) - on_table
    his_hand -= sum(by == "fugitive" for _, by in f.discarded)
    draws = ", ".join(f"{t}: {f.draws[t] + 1}" for t in range(2, f.turn + 1))
    lines = [
        f"End of your turn {f.turn}.",
        "Row: " + " | ".join(cells),
        f"Your hand: {', '.join(map(str, f.hand))}.",
        f"The Fugitive drew 3 cards from pile 1 and 2 from pile 2 at setup, then from pile "
        f"(by turn) {draws}; he holds {_plural(his_hand, 'card')}, the 42 among them.",
    ]
    if f.discarded:
        lines.append(
            "Discarded: " + ", ".join(f"{c} (from the {by}'s hand)" for c, by in f.discarded)
        )
    if f.wrong:
        lines.append("Wrong guesses: " + "; ".join(f"{n} on turn {t}" for n, t, _ in f.wrong) + ".")
    lines.append(f"Deck: {DECK_TEXT}.")
    return lines
