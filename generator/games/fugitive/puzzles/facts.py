"""The table of a Fugitive puzzle: the Puzzle record, the facts its table states
(TableFacts), and the words used to describe them (see __init__.py for the whole design)."""

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise

from generator.engine.bitboards import bits
from generator.errors import QuarryError
from generator.games import DIFFICULTIES
from generator.games.fugitive.cards import (
    ESCAPE,
    PILES,
    START_DRAWS,
    START_HAND,
    pile_of,
    published,
)
from generator.games.fugitive.puzzles.history_check import history_problem

LEVELS = {"easy": 1, "medium": 2, "hard": 3}
CPSAT_WORK = 10.0
NORMAL_REACH = 3
TOP = 41  # the highest number a face-down Hideout can have (the 42 only escapes)
SPRINT = published().sprint  # the published deck: even +2, odd +1
MAX_SPRINT = max(SPRINT[1 : TOP + 1])
START_CARDS = tuple(c for c in START_HAND if c != ESCAPE)  # 1, 2, 3: the Fugitive's own
DECK_TEXT = "the published deck, no events: even Hideout cards have Sprint +2, odd ones +1"
# The readings of the rules every puzzle depends on (its single answer among them): the
# rule text leaves them open, so each puzzle's JSON lists them, and the book states them.
READINGS = (
    {
        "id": "never-sprints-with-the-42",
        "text": "The Fugitive never sprints with the 42: he keeps it to escape, so no Sprint "
        "card is the 42. The rule text does not forbid it; with it allowed, a face-down "
        "Hideout could reach 2 further and some puzzles would have more than one answer.",
    },
)

_ID = re.compile(r"^fugitive-(easy|medium|hard)-(\d+)$")
ALL_NUMBERS = sum(1 << c for c in range(1, TOP + 1))
PILE_MASKS = tuple(sum(1 << c for c in range(low, high + 1)) for low, high in PILES)
PILE_NAMES = tuple(f"pile {i + 1} ({low}-{high})" for i, (low, high) in enumerate(PILES))
# Cards grouped for the Sprint pool: his own 1, 2, 3 (no pile, no cap), then piles 1-3;
# and by Sprint value, highest first.
SPRINT_GROUPS = (sum(1 << c for c in START_CARDS), *PILE_MASKS)
SPRINT_VALUES = tuple(sorted({SPRINT[c] for c in range(1, TOP + 1)}, reverse=True))
SPRINT_VALUE_MASKS = tuple(
    sum(1 << c for c in range(1, TOP + 1) if SPRINT[c] == v) for v in SPRINT_VALUES
)


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
        """Return {"id", "difficulty", "table", "answer", "reasoning", "readings"}: readings
        are the rule readings the puzzle depends on (READINGS), each {"id", "text"}."""
        return {
            "id": self.id,
            "difficulty": self.difficulty,
            "table": _copy_table(self.table),
            "answer": list(self.answer),
            "reasoning": list(self.reasoning),
            "readings": [dict(reading) for reading in READINGS],
        }

    @classmethod
    def from_json(cls, data: object) -> "Puzzle":
        """Return the puzzle in `data` (as written by to_json); ValueError if malformed, if
        it reads the rules otherwise than READINGS, or if its history could not happen
        (history_check.history_problem)."""
        keys = {"id", "difficulty", "table", "answer", "reasoning", "readings"}
        if not isinstance(data, dict) or set(data) != keys:
            raise ValueError(f"a puzzle is an object with the keys {', '.join(sorted(keys))}")
        if data["readings"] != [dict(reading) for reading in READINGS]:
            ids = ", ".join(reading["id"] for reading in READINGS)
            raise ValueError(f"readings must be Quarry's readings of the rules ({ids})")
        if data["difficulty"] not in DIFFICULTIES:
            raise ValueError(f"difficulty must be one of {', '.join(DIFFICULTIES)}")
        facts = table_facts(data["table"])
        answer = data["answer"]
        if not isinstance(answer, list) or len(answer) != len(facts.face_down):
            raise ValueError("answer lists one number for each face-down Hideout")
        if not all(
            isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= TOP for n in answer
        ):
            raise ValueError(f"answer lists Hideout numbers, whole numbers from 1 to {TOP}")
        reasoning = data["reasoning"]
        if not isinstance(reasoning, list) or not all(isinstance(s, str) for s in reasoning):
            raise ValueError("reasoning is a list of sentences")
        problem = history_problem(data["table"], answer)
        if problem:
            raise ValueError(f"the history cannot happen: {problem}")
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
        "right_guesses": [
            {"turn": g["turn"], "numbers": list(g["numbers"])} for g in table["right_guesses"]
        ],
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


def plan_hits(
    placed: Sequence[int], found: Sequence[int], free: Sequence[int]
) -> dict[int, list[int]] | None:
    """Return which Hideouts the Marshal's right guesses turned up, {turn: [row positions]},
    for a row whose position p was placed on turn placed[p] (placed[0] is the 0's) and whose
    positions `found` lie face up, using as many of the `free` turns (turns with no wrong
    guess) as the rules allow, the latest ones first. Each right guess turns up at least
    one Hideout placed by then and leaves at least one face down (turning up the last one
    wins the game); every found position is turned up once. {} when nothing is found; None
    if the free turns cannot do it. Turns left out must hold wrong guesses."""
    found = sorted(found, key=lambda p: (placed[p], p))
    if not found:
        return {}
    total = len(found)

    def bound(turn: int) -> int:  # the most found by a right guess on `turn`, cumulatively
        on_row = sum(1 for t in placed[1:] if t <= turn)
        return min(sum(1 for p in found if placed[p] <= turn), on_row - 1)

    free = sorted(free)
    last = [t for t in free if bound(t) == total]
    if not last:
        return None
    before = [t for t in free if t < last[-1]]
    most = 0  # the most right guesses before the last one: take the earliest that can be
    for t in before:
        if most < total - 1 and most + 1 <= bound(t):
            most += 1
    hits = [last[-1]]
    for t in reversed(before):  # ... and place that many as late as they can be
        if len(hits) == most + 1:
            break
        if bound(t) >= most + 1 - len(hits):
            hits.insert(0, t)
    # How many are found by each right guess, cumulatively: as many as early as they can
    # be, each later guess still finding one.
    upto = [total]
    for t in reversed(hits[:-1]):
        upto.insert(0, min(bound(t), upto[0] - 1))
    plan, done = {}, 0
    for t, count in zip(hits, upto, strict=True):
        plan[t], done = found[done:count], count
    return plan


def _check_right_guesses(
    guesses: object, numbers: list, placed: list, turn: int, wrong_turns: list[int]
) -> None:
    """ValueError unless every turn has one guess, wrong or right, and the right ones name
    every revealed Hideout once, each on or after the turn it was placed."""
    if not isinstance(guesses, list) or any(
        not isinstance(g, dict)
        or set(g) != {"turn", "numbers"}
        or not isinstance(g["numbers"], list)
        or not g["numbers"]
        for g in guesses
    ):
        raise ValueError('right_guesses is a list of {"turn": t, "numbers": [n, ...]}')
    right_turns = [_int(g["turn"], "each turn of right_guesses", 1, turn) for g in guesses]
    guessed = sorted(wrong_turns + right_turns)
    if guessed != list(range(1, turn + 1)):
        missing = sorted(set(range(1, turn + 1)) - set(guessed))
        problem = f"turn {missing[0]} has none" if missing else "a turn has two"
        raise ValueError(
            f"wrong_guesses, right_guesses: the Marshal guesses once on each turn ({problem})"
        )
    where = {n: p for p, n in enumerate(numbers) if p and n is not None}
    named: list[int] = []
    for g, t in zip(guesses, right_turns, strict=True):
        for n in g["numbers"]:
            number = _int(n, "each number of right_guesses", 1, TOP)
            if number not in where or placed[where[number]] > t:
                raise ValueError(
                    f"right_guesses: {number} on turn {t} is no face-up Hideout placed by then"
                )
            named.append(where[number])
    if sorted(named) != sorted(where.values()):
        twice = sorted(p for p in set(named) if named.count(p) > 1)
        missing = sorted(set(where.values()) - set(named))
        what = f"H{twice[0]} is named twice" if twice else f"H{missing[0]} is named by none"
        raise ValueError(f"right_guesses name each face-up Hideout once: {what}")


def table_facts(table: object) -> TableFacts:
    """Return the facts of a table (the JSON of Puzzle.table); ValueError if malformed or
    impossible at a real table (a card twice, numbers not increasing, counts that do not
    fit the turn, a turn without a guess)."""
    keys = {
        "deck",
        "turn",
        "row",
        "marshal_hand",
        "discarded",
        "draws",
        "wrong_guesses",
        "right_guesses",
    }
    if not isinstance(table, dict):
        raise ValueError(f"a table is an object with the keys {', '.join(sorted(keys))}")
    missing, extra = sorted(keys - set(table)), sorted(map(str, set(table) - keys))
    if missing or extra:
        problem = f"lacks {', '.join(missing)}" if missing else f"has {', '.join(extra)}"
        raise ValueError(
            f"the table {problem}; a table has exactly the keys {', '.join(sorted(keys))}"
        )
    if table["deck"] != "published":
        raise ValueError('deck must be "published" (even Hideouts Sprint +2, odd +1)')
    turn = _int(table["turn"], "turn", 1, 38)
    row = table["row"]
    if not isinstance(row, list) or len(row) < 2 or row[0] != {"number": 0, "sprint": []}:
        raise ValueError('row starts with {"number": 0, "sprint": []} and has Hideouts after')
    numbers: list[int | None] = [0]
    counts, sprints, placed = [0], [()], [0]
    cards: list[tuple[int, str]] = []  # every card in view, with where it lies
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
        under = tuple(
            sorted(_int(c, f"each card of row[{p}].sprint", 1, TOP) for c in card["sprint"])
        )
        numbers.append(number)
        counts.append(len(under))
        sprints.append(under)
        cards += [(number, f"row[{p}].number")] + [(c, f"row[{p}].sprint") for c in under]
    for p in range(2, len(placed)):
        if (
            placed[p] < placed[p - 1]
            or placed[p] == placed[p - 1] != 1
            or placed[p - 2 : p + 1] == [1, 1, 1]
        ):
            raise ValueError(
                f"row[{p}].turn: Hideouts are placed left to right, up to 2 on turn 1 and at "
                "most 1 on each turn after"
            )
    known = [(p, n) for p, n in enumerate(numbers) if n is not None]
    for (_, a), (p, b) in pairwise(known):
        if b <= a:
            raise ValueError(f"row[{p}].number: Hideout numbers increase along the row")
    hand = table["marshal_hand"]
    if not isinstance(hand, list):
        raise ValueError("marshal_hand is a list of cards")
    hand = sorted(_int(c, "each card of marshal_hand", 4, TOP) for c in hand)
    if len(hand) != turn + 1:
        raise ValueError(
            f"marshal_hand: by turn {turn} the Marshal holds {turn + 1} cards, not {len(hand)}"
        )
    discarded = table["discarded"]
    if not isinstance(discarded, list) or any(
        not isinstance(d, dict)
        or set(d) != {"card", "by"}
        or d["by"] not in ("fugitive", "marshal")
        for d in discarded
    ):
        raise ValueError('discarded is a list of {"card": n, "by": "fugitive" | "marshal"}')
    gone = tuple((_int(d["card"], "each card of discarded", 1, TOP), d["by"]) for d in discarded)
    cards += [(c, "marshal_hand") for c in hand] + [(c, "discarded") for c, _ in gone]
    where: dict[int, str] = {}
    for c, place in cards:
        if c in where:
            raise ValueError(f"the card {c} appears twice: in {where[c]} and in {place}")
        where[c] = place
    draws = table["draws"]
    if not isinstance(draws, list) or len(draws) != turn - 1:
        turns = "is empty on turn 1" if turn == 1 else f"gives one pile for each of turns 2-{turn}"
        raise ValueError(f"draws lists the pile (1-3) of his draw on each turn from 2: it {turns}")
    draws = (-1, -1) + tuple(_int(d, "each pile of draws", 1, 3) - 1 for d in draws)
    guesses = table["wrong_guesses"]
    if not isinstance(guesses, list) or any(
        not isinstance(g, dict) or set(g) != {"number", "turn"} for g in guesses
    ):
        raise ValueError('wrong_guesses is a list of {"number": n, "turn": t}')
    wrong_turns = [_int(g["turn"], "each turn of wrong_guesses", 1, turn) for g in guesses]
    if len(set(wrong_turns)) != len(wrong_turns):
        raise ValueError("wrong_guesses: two on one turn, but the Marshal guesses once a turn")
    _check_right_guesses(table["right_guesses"], numbers, placed, turn, wrong_turns)
    facts = TableFacts(
        tuple(numbers),
        tuple(counts),
        tuple(sprints),
        tuple(placed),
        1 | sum(1 << c for c, _ in cards),
        (),
        (),
        draws,
        turn,
        tuple(hand),
        gone,
    )
    wrong = []
    for g, t in zip(guesses, wrong_turns, strict=True):
        number, length = _int(g["number"], "each number of wrong_guesses", 1, TOP), facts.row_at(t)
        if number in numbers[1 : length + 1]:
            raise ValueError(
                f"wrong_guesses: the guess {number} on turn {t} would have found a Hideout"
            )
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
        rooms.append(tuple(drawn[i] - sum(pile_of(c) == i for c in his) for i in range(3)))
    if any(r < 0 for room in rooms for r in room):
        raise ValueError(
            "draws: more of his cards from a pile are in view than he had drawn from it"
        )
    theirs = [c for c in hand] + [c for c, by in gone if by == "marshal"]
    for i, (drawn, (low, high)) in enumerate(zip(facts.drawn(turn), PILES, strict=True)):
        if drawn + sum(pile_of(c) == i for c in theirs) > high - low + 1:
            raise ValueError(
                f"marshal_hand: {PILE_NAMES[i]} holds fewer cards than the two players drew"
            )
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


def mask_highest(mask: int) -> int:
    return mask.bit_length() - 1


def span_mask(low: int, high: int) -> int:
    """Return the mask of the numbers low..high (empty if high < low)."""
    low = max(low, 0)
    if high < low:
        return 0
    return ((1 << (high + 1)) - 1) ^ ((1 << low) - 1)


def numbers_text(values: Sequence[int]) -> str:
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


def is_text(mask: int) -> str:
    values = bits(mask)
    return f"is {values[0]}" if len(values) == 1 else f"is one of {numbers_text(values)}"


def as_text(mask: int) -> str:
    values = bits(mask)
    return f"= {values[0]}" if len(values) == 1 else f"(one of {numbers_text(values)})"


def position_name(p: int) -> str:
    """Return how a row position is named: "the 0" or "H3"."""
    return f"H{p}" if p else "the 0"


def sprint_cards_text(count: int) -> str:
    return f"{count} Sprint card" + ("" if count == 1 else "s")


def sprint_cards_give(count: int) -> str:
    return f"{sprint_cards_text(count)} {'gives' if count == 1 else 'give'}"


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def join_words(words: Sequence[str]) -> str:
    words = list(words)
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def format_answer(facts: TableFacts, answer: Sequence[int]) -> str:
    """Return an answer as "H2 = 7, H4 = 15"."""
    return ", ".join(f"H{p} = {n}" for p, n in zip(facts.face_down, answer, strict=True))


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
    "played it since. Every turn you guessed once: a wrong guess, or a right one that turned "
    "up the Hideouts it named, now face up (never the last one face down: that would have "
    "won the game).",
)


def question_text(puzzle: Puzzle) -> str:
    """Return the question of `puzzle` as a sentence."""
    down = table_facts(puzzle.table).face_down
    return f"What are the numbers of {join_words([f'H{p}' for p in down])}?"


def table_lines(puzzle: Puzzle) -> list[str]:
    """Return the table as lines of text: the turn, the row (with the turn each Hideout was
    placed on), your hand, the Fugitive's draws and hand size, your wrong guesses, the deck."""
    f = table_facts(puzzle.table)
    cells = ["0"]
    for p in range(1, len(f.numbers)):
        when = f"turn {f.placed[p]}"
        if f.numbers[p] is None:
            cells.append(f"H{p} ? ({sprint_cards_text(f.counts[p])}; {when})")
        elif f.counts[p]:
            cells.append(f"H{p} {f.numbers[p]} (Sprint {numbers_text(f.sprints[p])}; {when})")
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
        f"(by turn) {draws}; he holds {plural(his_hand, 'card')}, the 42 among them.",
    ]
    if f.discarded:
        lines.append(
            "Discarded: " + ", ".join(f"{c} (from the {by}'s hand)" for c, by in f.discarded)
        )
    if f.wrong:
        lines.append("Wrong guesses: " + "; ".join(f"{n} on turn {t}" for n, t, _ in f.wrong) + ".")
    right = sorted(puzzle.table["right_guesses"], key=lambda g: g["turn"])
    if right:
        lines.append(
            "Right guesses: "
            + "; ".join(
                f"{' and '.join(map(str, g['numbers']))} on turn {g['turn']}" for g in right
            )
            + "."
        )
    lines.append(f"Deck: {DECK_TEXT}.")
    return lines
