"""Could a Fugitive puzzle's printed history have happened? A replay against the rules.

A puzzle prints a game turn by turn (the book's turn table): at setup the Fugitive's nine
cards, then on each turn the pile of his draw (from turn 2), the Hideouts he placed (one or
two on turn 1, at most one later) and the Marshal's guess, a miss with its number or a hit
with the numbers it turned up (`right_guesses`). `history_problem` replays that history
with the answer filled in, as docs/rules/fugitive.md plays the published deck without
events:

- his hand: he holds the 1, 2, 3, 42 and five drawn cards, draws one a turn from turn 2,
  and every card he places (a Hideout or a Sprint card) is one he holds: a card of a pile
  was drawn from that pile by then, and he never places the 42;
- each Hideout is above the one before it and within 3 plus its Sprint cards' values;
  the Sprint cards of a face-down Hideout are unknown, so some cards he could hold must
  exist that reach (searched by kind: pile and Sprint value);
- every card exists once; the piles hold the cards both players drew from them;
- each turn the Marshal guesses once: a miss names no Hideout face down at that moment; a
  hit names only Hideouts face down at that moment and turns them up; a hit that leaves
  nothing face down wins the game, so the game would have ended there;
- at the end the Hideouts face up are exactly those the hits turned up.

A table without `right_guesses` (from before they were printed) passes if some order of
hits fits. The module shares no code with the puzzle generator or its solvers (only the
cards' definitions, cards.py): it is the independent check of what they print.
"""

from collections.abc import Sequence
from functools import cache
from itertools import combinations, combinations_with_replacement

from generator.games.fugitive.cards import (
    ESCAPE,
    PILES,
    START_DRAWS,
    START_HAND,
    pile_of,
    published,
)

REACH = 3  # a Hideout may be this much above the one before it without Sprint cards
SPRINT = published().sprint
OWN = tuple(c for c in START_HAND if c != ESCAPE)  # 1, 2, 3: in his hand from the start
HIGHEST = 41  # no face-down Hideout or Sprint card is the 42
MAX_SPRINT_SEARCH = 200_000  # nodes of the Sprint card search before it gives up


class Impossible(Exception):
    """What in a history could not have happened, as a sentence."""


def history_problem(table: dict, answer: Sequence[int]) -> str | None:
    """Return why the printed history of `table` (a Puzzle.table), with the face-down
    Hideouts numbered as `answer` (left to right), could not have happened under the rules,
    naming the turn; None if it could."""
    try:
        _History(table, list(answer)).replay()
    except Impossible as error:
        return str(error)
    return None


class _History:
    def __init__(self, table: dict, answer: list[int]) -> None:
        self.turns = int(table["turn"])
        row = table["row"][1:]
        down = [p for p, card in enumerate(row, 1) if "sprint_count" in card]
        if len(answer) != len(down):
            raise Impossible(f"the answer gives {len(answer)} numbers for {len(down)} Hideouts")
        given = dict(zip(down, answer, strict=True))
        self.numbers = [0] + [card.get("number", given.get(p)) for p, card in enumerate(row, 1)]
        self.placed = [0] + [int(card["turn"]) for card in row]
        self.up = {p for p, card in enumerate(row, 1) if "number" in card}
        self.sprints: list[tuple[int, ...] | None] = [()] + [
            tuple(card["sprint"]) if "number" in card else None for card in row
        ]
        self.counts = [0] + [
            len(card["sprint"]) if "number" in card else int(card["sprint_count"]) for card in row
        ]
        self.hand = list(table["marshal_hand"])
        self.discarded = list(table["discarded"])
        self.draws = [int(d) - 1 for d in table["draws"]]
        self.misses = {int(g["turn"]): int(g["number"]) for g in table["wrong_guesses"]}
        if len(self.misses) != len(table["wrong_guesses"]):
            raise Impossible("two misses on one turn: the Marshal guesses once a turn")
        self.hits: dict[int, tuple[int, ...]] | None = None
        if "right_guesses" in table:
            self.hits = {}
            for guess in table["right_guesses"]:
                turn = int(guess["turn"])
                if turn in self.hits or turn in self.misses:
                    raise Impossible(f"turn {turn}: two guesses, but the Marshal guesses once")
                self.hits[turn] = tuple(int(n) for n in guess["numbers"])

    # --- the whole game -----------------------------------------------------------------
    def replay(self) -> None:
        self._cards()
        drawn = self._placements()
        self._piles(drawn[-1])
        self._sprint_cards(drawn)
        self._guesses()

    def _cards(self) -> None:
        """Every card once; no card in play is the 42 or below 1 (but the first 0)."""
        if self.discarded:
            raise Impossible("a card is discarded, but without events nothing discards")
        cards = [n for n in self.numbers[1:]] + [c for s in self.sprints[1:] if s for c in s]
        cards += self.hand
        if any(not 1 <= c <= HIGHEST for c in cards):
            raise Impossible("every card in play is a number from 1 to 41")
        seen: set[int] = set()
        for card in cards:
            if card in seen:
                raise Impossible(f"the card {card} is in two places")
            seen.add(card)
        if len(self.hand) != self.turns + 1:
            raise Impossible(
                f"the Marshal draws 2 cards on turn 1 and 1 on each turn after: "
                f"{self.turns + 1} by turn {self.turns}, not {len(self.hand)}"
            )

    def _placements(self) -> list[list[int]]:
        """Replay his draws and placements; return drawn[t][pile], the cards he had drawn
        from each pile by the end of turn t (t = 0 is the setup)."""
        if len(self.draws) != self.turns - 1:
            raise Impossible("he draws one card on each turn from turn 2")
        drawn = [list(START_DRAWS)]
        held = len(START_HAND) + sum(START_DRAWS)
        known = [0, 0, 0]  # his cards of each pile placed so far whose numbers are known
        position = 1
        for turn in range(1, self.turns + 1):
            now = list(drawn[-1])
            if turn >= 2:
                pile = self.draws[turn - 2]
                if pile not in (0, 1, 2):
                    raise Impossible(f"turn {turn}: he draws from pile 1, 2 or 3")
                now[pile] += 1
                held += 1
            today = []
            while position < len(self.numbers) and self.placed[position] == turn:
                today.append(position)
                position += 1
            if position < len(self.numbers) and self.placed[position] < turn:
                raise Impossible(f"H{position}: Hideouts are placed left to right")
            if turn == 1 and not 1 <= len(today) <= 2:
                raise Impossible("turn 1: he places one or two Hideouts")
            if turn > 1 and len(today) > 1:
                raise Impossible(f"turn {turn}: he places at most one Hideout")
            for p in today:
                held -= 1 + self.counts[p]
                if held < 1:
                    raise Impossible(
                        f"turn {turn}: H{p} and its Sprint cards are more than he holds"
                    )
                self._reach(p, turn)
                for card in (self.numbers[p], *(self.sprints[p] or ())):
                    pile = pile_of(card)
                    if pile >= 0:
                        known[pile] += 1
                        if known[pile] > now[pile]:
                            raise Impossible(
                                f"turn {turn}: H{p} uses more cards of pile {pile + 1} than he "
                                f"had drawn from it ({now[pile]})"
                            )
            drawn.append(now)
        if position != len(self.numbers):
            raise Impossible(f"H{position} is placed after the last turn")
        return drawn

    def _reach(self, p: int, turn: int) -> None:
        before, number = self.numbers[p - 1], self.numbers[p]
        if number <= before:
            raise Impossible(f"turn {turn}: H{p} = {number} is not above {before}")
        sprint = self.sprints[p]
        if sprint is not None and number > before + REACH + sum(SPRINT[c] for c in sprint):
            raise Impossible(f"turn {turn}: H{p} = {number} is out of reach of {before}")

    def _piles(self, drawn: list[int]) -> None:
        """Each pile holds the cards both players drew from it."""
        for index, (low, high) in enumerate(PILES):
            hers = sum(pile_of(c) == index for c in self.hand)
            if drawn[index] + hers > high - low + 1:
                raise Impossible(f"pile {index + 1} holds fewer cards than the players drew")
        if any(pile_of(c) == -1 for c in self.hand):
            raise Impossible("the Marshal holds only cards drawn from the piles")

    # --- the Sprint cards of face-down Hideouts --------------------------------------------
    def _sprint_cards(self, drawn: list[list[int]]) -> None:
        """Some cards he could hold reach each face-down Hideout: distinct cards of no
        other use, each of a pile drawn from by the turn it was placed (his own 1, 2, 3
        have no pile)."""
        used = {n for n in self.numbers[1:]} | {c for s in self.sprints[1:] if s for c in s}
        used |= set(self.hand)
        kinds: dict[tuple[int, int], int] = {}  # (pile or -1, Sprint value) -> cards free
        for card in range(1, HIGHEST + 1):
            if card not in used:
                key = (pile_of(card), SPRINT[card])
                kinds[key] = kinds.get(key, 0) + 1
        # room[t][pile]: cards of the pile drawn by turn t not already placed by then
        room = []
        for turn in range(self.turns + 1):
            placed = [0, 0, 0]
            for p in range(1, len(self.numbers)):
                if self.placed[p] <= turn:
                    for card in (self.numbers[p], *(self.sprints[p] or ())):
                        if pile_of(card) >= 0:
                            placed[pile_of(card)] += 1
            room.append(tuple(drawn[turn][i] - placed[i] for i in range(3)))
        hidden = [p for p in range(1, len(self.numbers)) if self.sprints[p] is None]
        for p in hidden:
            if not self._sprints_exist([p], kinds, room):
                need = self.numbers[p] - self.numbers[p - 1] - REACH
                why = (
                    f"no {self.counts[p]} cards he could hold add up to +{need}"
                    if self.counts[p]
                    else "no Sprint card lies under it"
                )
                raise Impossible(
                    f"H{p} = {self.numbers[p]} is out of reach of {self.numbers[p - 1]}: {why}"
                )
        if not self._sprints_exist(hidden, kinds, room):
            names = ", ".join(f"H{p}" for p in hidden)
            raise Impossible(f"no cards he could hold give {names} the Sprint cards they need")

    def _sprints_exist(self, hidden: list[int], kinds: dict, room: list) -> bool:
        """Return whether distinct cards of `kinds` (free cards by pile and Sprint value)
        can lie under the face-down Hideouts `hidden` (in row order), each reaching its
        number, within the piles' room on every turn."""
        order = sorted(kinds)
        nodes = [0]

        @cache
        def fits(index: int, taken: tuple[int, ...]) -> bool:
            if index == len(hidden):
                return True
            nodes[0] += 1
            if nodes[0] > MAX_SPRINT_SEARCH:
                raise Impossible("too many ways to choose Sprint cards to check")
            p = hidden[index]
            need = self.numbers[p] - self.numbers[p - 1] - REACH
            for choice in combinations_with_replacement(range(len(order)), self.counts[p]):
                if sum(order[k][1] for k in choice) < need:
                    continue
                after = list(taken)
                for k in choice:
                    after[k] += 1
                if any(after[k] > kinds[order[k]] for k in choice):
                    continue
                if self._room_kept(after, order, room, self.placed[p]) and fits(
                    index + 1, tuple(after)
                ):
                    return True
            return False

        return fits(0, (0,) * len(order))

    def _room_kept(self, taken: list[int], order: list, room: list, since: int) -> bool:
        """Return whether the Sprint cards chosen so far, all placed by turn `since`, fit
        in every pile's room from that turn on."""
        per_pile = [0, 0, 0]
        for k, count in enumerate(taken):
            if order[k][0] >= 0:
                per_pile[order[k][0]] += count
        return all(
            per_pile[i] <= room[t][i] for t in range(since, self.turns + 1) for i in range(3)
        )

    # --- the Marshal's guesses ---------------------------------------------------------------
    def _guesses(self) -> None:
        """Replay her guesses turn by turn (every order of hits that fits, when the table
        does not print which numbers each hit named)."""
        turns = set(range(1, self.turns + 1))
        outside = (set(self.misses) | set(self.hits or ())) - turns
        if outside:
            raise Impossible(f"a guess on turn {min(outside)}, outside turns 1-{self.turns}")
        if self.hits is not None:
            for turn in sorted(turns - set(self.misses) - set(self.hits)):
                raise Impossible(f"turn {turn}: no guess, but the Marshal guesses on each turn")
        for turn, number in sorted(self.misses.items()):
            if not 1 <= number <= HIGHEST:
                raise Impossible(f"turn {turn}: a guess names a number from 1 to 41")
        number_at = {self.numbers[p]: p for p in range(1, len(self.numbers))}
        problems: list[tuple[int, str]] = []

        @cache
        def play(turn: int, found: frozenset) -> bool:
            if turn > self.turns:
                if found != self.up:
                    missing = sorted(self.up - found)
                    problems.append((turn, f"H{missing[0]} is face up, but no hit turned it up"))
                    return False
                return True
            down = {p for p in range(1, len(self.numbers)) if self.placed[p] <= turn} - found
            if turn in self.misses:
                number = self.misses[turn]
                if number in number_at and number_at[number] in down:
                    p = number_at[number]
                    problems.append((turn, f"turn {turn}: the miss {number} names H{p}, face down"))
                    return False
                return play(turn + 1, found)
            for named in self._hit_choices(turn, down, number_at):
                turned = {number_at.get(n) for n in named}
                if not named or None in turned or not turned <= down:
                    problems.append(
                        (turn, f"turn {turn}: a hit names only Hideouts face down at the time")
                    )
                    continue
                if not turned <= self.up:
                    problems.append(
                        (turn, f"turn {turn}: the hit turns up a Hideout still face down")
                    )
                    continue
                if not down - turned:
                    problems.append(
                        (
                            turn,
                            f"turn {turn}: the hit turns up the last face-down Hideout, so the "
                            "Marshal would have won on that turn",
                        )
                    )
                    continue
                if play(turn + 1, found | turned):
                    return True
            return False

        if not play(1, frozenset()):
            turn, text = min(problems, key=lambda item: item[0])
            if self.hits is None:
                text = f"no order of hits fits (first trouble: {text})"
            raise Impossible(text)

    def _hit_choices(self, turn: int, down: set[int], number_at: dict) -> list[tuple[int, ...]]:
        """Return the numbers the hit of `turn` may have named: the printed ones, or (when
        none are printed) every set of face-up Hideouts face down at the time."""
        if self.hits is not None:
            return [self.hits[turn]]
        candidates = sorted(down & self.up)
        return [
            tuple(self.numbers[p] for p in chosen)
            for size in range(1, len(candidates) + 1)
            for chosen in combinations(candidates, size)
        ] or [()]
