"""Uniqueness of a Fugitive puzzle's answer: certified by CP-SAT (a blocking clause on the
Hideout numbers) and, for tests, checked by brute force."""

from collections.abc import Sequence
from itertools import combinations_with_replacement

from ortools.sat.python import cp_model

from generator.games.fugitive.cards import ESCAPE, PILES
from generator.games.fugitive.puzzles.facts import (
    CPSAT_WORK,
    MAX_SPRINT,
    NORMAL_REACH,
    SPRINT,
    TOP,
    Puzzle,
    TableFacts,
    pile_of,
    table_facts,
)
from generator.solve.cpsat import certify_unique

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


def certify_answer(puzzle: Puzzle, work: float = CPSAT_WORK) -> list[int] | None:
    """Return the face-down Hideout numbers if CP-SAT certifies them unique (a second solve
    that blocks the first answer is infeasible), else None."""
    return certify_facts(table_facts(puzzle.table), work)


def certify_facts(facts: TableFacts, work: float) -> list[int] | None:
    model, variables = build_model(facts)
    primary = hideout_variables(facts, variables)
    solution = certify_unique(model, primary, work)
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
    if not down:  # nothing face down: only the rooms of the cards in view to check
        return all(min(room) >= 0 for room in facts.rooms)
    hideouts = {numbers[p] for p in down}
    classes: dict[tuple[int, int], int] = {}  # (Sprint value, pile) -> unseen cards
    for c in range(1, TOP + 1):
        if not facts.seen >> c & 1 and c not in hideouts:
            classes[SPRINT[c], pile_of(c)] = classes.get((SPRINT[c], pile_of(c)), 0) + 1
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
            if pile_of(numbers[p]) >= 0:
                now[pile_of(numbers[p])] += 1
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
