"""The level-limited solvers that grade "Who is the Queen?" puzzles, each a set of pencil
deductions on two grids: players x characters (who is who) and players x enemy cards.

- Level 1 (easy): cross out what single turns say (rule own-card: a player is neither card
  they took from; rule own-guess: a guesser is not the character named, nor is the named
  player after the wrong answer); then singles: a row with one character left, or a
  character left in one row only.
- Level 2 (medium): adds one player's plays taken together. A player has one enemy card,
  never put on (rule enemy-put), and every play of theirs that did not go on their own card
  took from it (rule does-good). So if they were character X, the plays not onto X would
  share a take card they never put on; when they share none, they are not X.
- Level 3 (hard): adds the enemy grid, every enemy card dealt to one player: rule
  enemy-put crosses out the cards each player put on; rule does-good, case by case: a play
  whose put card is not the player's own took from the enemy, so the enemy card is one of
  its take cards; and a play whose take cards are both crossed out of the player's enemy
  row went on their own card, which names them. Singles work in the enemy grid too, and
  subsets in both grids: k players whose rows hold only k columns between them (nobody
  else has those), or k columns left in k rows only (those rows have nothing else).

Subsets are no help to the identity grid alone: when its crosses leave one answer, singles
always find it (a bipartite graph with one perfect matching has a row or column with one
edge left, and removing that pair keeps it so), which is why they come in with the enemy
grid, where rows stay open.

Each solver keeps candidates as bit masks, applies the simplest deduction it has until
nothing changes, and writes the steps a person takes (for the book). Every deduction is
sound, so a grid with one character per row left is the only answer.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from generator.engine.bitboards import bits
from generator.games.cutthroat.puzzles.form import NAMES, Turn, rank_word

LEVELS = {"easy": 1, "medium": 2, "hard": 3}
SUBSET_SIZES = (2, 3)


@dataclass
class Result:
    """What a solver reached: each seat's candidate characters (a bit mask), whether that
    is one each, and the steps, each (depth, text)."""

    identity: list[int]
    solved: bool
    steps: list[tuple[int, str]]

    def answer(self) -> list[int]:
        """Return each seat's character (only when solved)."""
        return [mask.bit_length() - 1 for mask in self.identity]


def _chars(mask: int, joiner: str = "and") -> str:
    words = [rank_word(c) for c in bits(mask)]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + f" {joiner} " + words[-1]


def _who(seats, names) -> str:
    seats = [names[s] for s in seats]
    return seats[0] if len(seats) == 1 else ", ".join(seats[:-1]) + " and " + seats[-1]


class Grid:
    """One grid of candidates: rows are seats, columns characters (or enemy cards), every
    column used exactly once. `noun` says what a row's column is ("character", "enemy")."""

    def __init__(self, players: int, names: tuple[str, ...], enemy: bool) -> None:
        self.n, self.names, self.enemy = players, names, enemy
        self.rows = [(1 << players) - 1] * players
        self.announced: set[int] = set()

    def column(self, character: int) -> list[int]:
        return [s for s in range(self.n) if self.rows[s] >> character & 1]

    def cross(self, seat: int, mask: int) -> int:
        """Cross `mask` out of a row; return the bits that were still there."""
        gone = self.rows[seat] & mask
        self.rows[seat] &= ~mask
        return gone

    def _is(self, seat: int, character: int) -> str:
        if self.enemy:
            return f"{self.names[seat]}'s enemy card is {rank_word(character)}"
        return f"{self.names[seat]} is {rank_word(character)}"

    def single(self) -> str | None:
        """Apply one single (a row with one column left, or a column left in one row);
        return its step, or None."""
        for seat, row in enumerate(self.rows):
            if row and row & (row - 1) == 0 and seat not in self.announced:
                self.announced.add(seat)
                others = [s for s in range(self.n) if s != seat and self.cross(s, row)]
                text = f"{self._is(seat, row.bit_length() - 1)}: it is all that is left in the row"
                return text + (f"; cross it out for {_who(others, self.names)}." if others else ".")
        for character in range(self.n):
            seats = self.column(character)
            if len(seats) == 1 and self.rows[seats[0]] != 1 << character:
                seat = seats[0]
                self.rows[seat] = 1 << character
                self.announced.add(seat)
                what = (
                    f"hold {rank_word(character)} as enemy card"
                    if self.enemy
                    else (f"be {rank_word(character)}")
                )
                return f"Only {self.names[seat]} can still {what}: {self._is(seat, character)}."
        return None

    def subset(self) -> str | None:
        """Apply one subset (k rows holding k columns between them, or k columns left in k
        rows only); return its step, or None."""
        open_rows = [s for s in range(self.n) if self.rows[s] & (self.rows[s] - 1)]
        for k in SUBSET_SIZES:
            for seats in combinations(open_rows, k):
                union = 0
                for s in seats:
                    union |= self.rows[s]
                if union.bit_count() != k:
                    continue
                others = [s for s in range(self.n) if s not in seats and self.cross(s, union)]
                if others:
                    what = "enemy cards" if self.enemy else "characters"
                    return (f"{_who(seats, self.names)} have only {_chars(union)} left as "
                            f"{what} between them: cross those out for "
                            f"{_who(others, self.names)}.")  # fmt: skip
        open_cols = [c for c in range(self.n) if len(self.column(c)) > 1]
        for k in SUBSET_SIZES:
            for characters in combinations(open_cols, k):
                seats = sorted({s for c in characters for s in self.column(c)})
                if len(seats) != k:
                    continue
                mask = sum(1 << c for c in characters)
                changed = [s for s in seats if self.cross(s, ~mask & ((1 << self.n) - 1))]
                if changed:
                    held = "are held by" if self.enemy else "can only belong to"
                    return (f"{_chars(mask)} {held} {_who(seats, self.names)}: so "
                            f"{_who(seats, self.names)} are nothing else.")  # fmt: skip
        return None

    def solved(self) -> bool:
        return all(row and row & (row - 1) == 0 for row in self.rows)


def _cross_list(crossed: dict[int, int], names) -> str:
    return "; ".join(f"{names[s]}: {_chars(mask)}" for s, mask in sorted(crossed.items()) if mask)


def solve(players: int, turns: list[Turn], level: int) -> Result:
    """Return what the level `level` solver (1, 2 or 3) makes of a record."""
    names = NAMES[:players]
    who = Grid(players, names, enemy=False)
    steps: list[tuple[int, str]] = []
    taken, guessed = {}, {}
    for turn in turns:
        if turn.is_play:
            mask = sum(1 << c for c in set(turn.take))
            taken[turn.seat] = taken.get(turn.seat, 0) | who.cross(turn.seat, mask)
        else:
            target, character = turn.guess
            for seat in (turn.seat, target):
                guessed[seat] = guessed.get(seat, 0) | who.cross(seat, 1 << character)
    if taken:
        steps.append((0, "Nobody takes off their own card (own-card). Cross out "
                      + _cross_list(taken, names) + "."))  # fmt: skip
    guessed = {s: m for s, m in guessed.items() if m}
    if guessed:
        steps.append((0, "Each wrong guess (own-guess) rules its character out for the "
                      "guesser and the named player. Cross out "
                      + _cross_list(guessed, names) + "."))  # fmt: skip
    foe: Grid | None = None
    while not who.solved():
        step = who.single()
        if step is None and level >= 2:
            step = _own_plays(who, turns, names)
        if step is None and level >= 3:
            step = who.subset()
        if step is None and level >= 3:
            if foe is None:
                foe = Grid(players, names, enemy=True)
                step = _enemy_start(foe, turns, names)
            else:
                step = _enemy_step(who, foe, turns, names)
        if step is None:
            break
        steps.append((0, step))
    if who.solved():
        answer = ", ".join(f"{names[s]} {rank_word(r.bit_length() - 1)}"
                           for s, r in enumerate(who.rows))  # fmt: skip
        steps.append((0, f"Every row has one character left: {answer}."))
    return Result(list(who.rows), who.solved(), steps)


def _enemy_start(foe: Grid, turns: list[Turn], names) -> str:
    crossed: dict[int, int] = {}
    for turn in turns:
        if turn.is_play:
            crossed[turn.seat] = crossed.get(turn.seat, 0) | foe.cross(turn.seat, 1 << turn.put)
    listed = _cross_list({s: m for s, m in crossed.items() if m}, names)
    return ("The characters need the enemy grid now. Nobody puts on their enemy's card "
            f"(enemy-put): cross out {listed}.")  # fmt: skip


def _turns(numbers: list[int]) -> str:
    words = [str(n) for n in numbers]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _own_plays(who: Grid, turns: list[Turn], names) -> str | None:
    """Cross out a player's characters X for which their plays not onto X share no take
    card they never put on (level 2); return the step for one player, or None."""
    for seat in range(who.n):
        plays = [(n, t) for n, t in enumerate(turns, 1) if t.is_play and t.seat == seat]
        puts = 0
        for _, turn in plays:
            puts |= 1 << turn.put
        crossed, reasons = 0, []
        for character in bits(who.rows[seat]):
            away = [(n, t) for n, t in plays if t.put != character]
            common = (1 << who.n) - 1
            for _, turn in away:
                common &= sum(1 << c for c in set(turn.take))
            if not away or common & ~puts:
                continue
            crossed |= 1 << character
            if puts >> character & 1:
                reasons.append(_not_onto(names[seat], character, away, common))
        if not crossed:
            continue
        who.cross(seat, crossed)
        name = names[seat]
        steps = []
        if crossed & ~puts:
            numbers = _turns([n for n, _ in plays])
            steps.append(
                f"{name}'s plays (turns {numbers}) have no take card in common that "
                f"{name} never put on, so they did not all take from {name}'s enemy card "
                f"(enemy-put, does-good): one of them put its marker on {name}'s own card. "
                f"{name} is one of the cards put on; cross out {_chars(crossed & ~puts)}."
            )
        return " ".join(steps + reasons)
    return None


def _not_onto(name: str, character: int, away: list, common: int) -> str:
    numbers = _turns([n for n, _ in away])
    what = f"the plays on turns {numbers}" if len(away) > 1 else f"the play on turn {numbers}"
    if not common:
        shared = "share no take card" if len(away) > 1 else "took from no card at all"
    else:
        shared = f"have only {_chars(common)} in common, which {name} put a marker on"
    return (
        f"If {name} were {rank_word(character)}, {what} (not onto it) would all have "
        f"taken from {name}'s enemy card; they {shared}: {name} is not "
        f"{rank_word(character)}."
    )


def _enemy_step(who: Grid, foe: Grid, turns: list[Turn], names) -> str | None:
    """Apply one deduction of level 3 besides the enemy-put start; return its step."""
    hits = []
    for number, turn in enumerate(turns, 1):
        seat, takes = turn.seat, sum(1 << c for c in set(turn.take)) if turn.is_play else 0
        fresh = turn.is_play and not who.rows[seat] >> turn.put & 1
        if fresh and foe.cross(seat, ~takes & foe.rows[seat]):
            hits.append(f"{names[seat]} (turn {number}): {_chars(foe.rows[seat], 'or')}")
    if hits:
        return (
            "A play whose marker went on a card that is not the player's own took from "
            "the player's enemy (does-good). So the enemy card of " + "; ".join(hits) + "."
        )
    for number, turn in enumerate(turns, 1):
        seat = turn.seat
        if not turn.is_play or who.rows[seat] == 1 << turn.put:
            continue
        takes = sum(1 << c for c in set(turn.take))
        if not foe.rows[seat] & takes:
            who.rows[seat] &= 1 << turn.put
            name, put = names[seat], rank_word(turn.put)
            neither = _chars(takes, "nor")
            neither = f"neither {neither}" if takes.bit_count() > 1 else f"not {neither}"
            return (f"{name}'s enemy card is {neither}, so the play on turn {number} "
                    f"did its good by the marker put on {put}, {name}'s own card "
                    f"(does-good): {name} is {put}.")  # fmt: skip
    return foe.single() or foe.subset()
