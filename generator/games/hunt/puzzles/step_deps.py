"""Which steps of a worked solution the answer rests on.

The solver (deduction.py) writes down every narrowing it makes, needed or not. Each step
narrows one unknown: where the Dragon is after turn t, ("p", t), or where an arrow leads,
("a", "Walk"|"Fly", place). It says the unknown's new set of places and a reason, and the
reason allows a set of places (a miss rules one out, a known arrow allows where it leads).
The new set is what the reason allows less what earlier steps ruled out, so a step rests
on the steps that ruled out those places, and on the latest step about every other unknown
its reason reads. Following that back from the answer (or from a case's contradiction)
keeps the steps a reader needs, in their order, and drops the rest.

A solution with a step this module cannot read is left whole.
"""

import re
from dataclasses import dataclass

AT = {"in Town": 0, "in the Hills": 1, "in the Woods": 2, "at Sea": 3, "in the Lair": 4}
NAME = {"Town": 0, "the Hills": 1, "the Woods": 2, "the Sea": 3, "the Lair": 4}
ALL = frozenset(range(5))
LAIR = 4
MOVES = ("Walk", "Fly")


def split_phrase(phrase: str) -> list[str]:
    """Return the parts of "a, b or c" / "a, b and c"."""
    head, _, last = phrase.rpartition(" or ") if " or " in phrase else phrase.rpartition(" and ")
    return [*head.split(", "), last] if head else [last]


def place_set(phrase: str, words: dict[str, int]) -> frozenset[int] | None:
    parts = split_phrase(phrase)
    return frozenset(words[p] for p in parts) if all(p in words for p in parts) else None


@dataclass(frozen=True)
class Step:
    """One read step: the unknown it narrows, its new set, the set its reason allows
    (None when the reason does not say), and the other unknowns the reason reads."""

    unknown: tuple
    new: frozenset
    allowed: frozenset | None
    reads: frozenset


_W = r"(Walk|Fly)"
_HEAD_PLACE = re.compile(
    r"^(?:After turn (\d+) he is (.+)|But after turn (\d+) he could be nowhere)$"
)
_WIZARD_CLASH = re.compile(r"^But (the Wizard showed \d+ arrows? from .+ on turn \d+)$")
_HEAD_ARROW = re.compile(
    rf"^(?:{_W} from (.+?) leads to (.+)|But {_W} from (.+?) could lead nowhere)$"
)
_BACK = re.compile(rf"^turn (\d+) is a {_W}, and no \2 arrow from (.+?) can end .+$")
_LAIR = re.compile(r"^turn (\d+) is a Walk, and the Dragon cannot Walk (out of|into) the Lair$")
_FROM_ONE = re.compile(rf"^turn (\d+) is a {_W} from (.+?), and \2 from \3 leads to (.+)$")
_FROM_MANY = re.compile(
    rf"^turn (\d+) is a {_W} from (.+?), and the \2 arrows from there lead nowhere else$"
)  # noqa: E501
_WENT = re.compile(rf"^turn (\d+) went by {_W} from (.+?) and ended (.+)$")
_WIZARD = re.compile(r"^the Wizard showed \d+ arrows? from (.+?) to .+ on turn \d+$")
_CASE = re.compile(
    rf"^if (?:after turn \d+ he were (.+)|{_W} from .+? led to (.+)), a contradiction follows$"
)  # noqa: E501
_FACTS = (
    (re.compile(r"^turn \d+ does not begin in Town$"), lambda m: ALL - {0}),
    (re.compile(r"^turn \d+ begins in Town$"), lambda m: frozenset({0})),
    (
        re.compile(r"^the Knight met him searching (.+) on turn \d+$"),
        lambda m: place_set(m[1], NAME),
    ),
    (
        re.compile(r"^the Knight searched (.+) on turn \d+ in vain$"),
        lambda m: None if place_set(m[1], NAME) is None else ALL - place_set(m[1], NAME),
    ),
    (re.compile(r"^the Tracker showed him at the start of turn \d+$"), None),
    (re.compile(r"^the Militia caught sight of him on turn \d+$"), None),
    (re.compile(r"^suppose so$"), None),
)


def _arrows(word: str, group: str) -> frozenset | None:
    places = place_set(group, NAME)
    return None if places is None else frozenset(("a", word, p) for p in places)


def _reason(reason: str, new: frozenset) -> tuple[frozenset | None, frozenset] | None:
    """Return (allowed set, unknowns read) of a reason; None when it cannot be read."""
    if match := _BACK.match(reason):
        gone, arrows = place_set(match[3], NAME), _arrows(match[2], match[3])
        if gone is None or arrows is None:
            return None
        return ALL - gone, arrows | {("p", int(match[1]))}
    if _LAIR.match(reason):
        return ALL - {LAIR}, frozenset()
    if match := _FROM_ONE.match(reason):
        leads, source = place_set(match[4], NAME), NAME.get(match[3])
        if leads is None or source is None:
            return None
        return leads, frozenset({("p", int(match[1]) - 1), ("a", match[2], source)})
    if match := _FROM_MANY.match(reason):
        arrows = _arrows(match[2], match[3])
        return None if arrows is None else (None, arrows | {("p", int(match[1]) - 1)})
    if match := _WENT.match(reason):
        t, ended = int(match[1]), place_set(match[4], AT)
        return None if ended is None else (ended, frozenset({("p", t - 1), ("p", t)}))
    if match := _WIZARD.match(reason):
        source = NAME.get(match[1])
        if source is None:
            return None
        return None, frozenset(("a", word, source) for word in MOVES)
    if match := _CASE.match(reason):
        supposed = AT.get(match[1]) if match[1] else NAME.get(match[3])
        return None if supposed is None else (ALL - {supposed}, frozenset())
    for pattern, allowed in _FACTS:
        if found := pattern.match(reason):
            return (new if allowed is None else allowed(found)), frozenset()
    return None


def read_step(text: str) -> Step | None:
    """Return a solver step read (see Step), or None when it is not one this module knows."""
    text = text.strip().rstrip(".")
    text = re.sub(r"^(But )?[Aa]t the start ", lambda m: f"{m[1] or ''}After turn 0 ", text)
    text = text.replace("But After turn 0", "But after turn 0")
    if clash := _WIZARD_CLASH.match(text):  # the Wizard's count cannot hold: no unknown
        read = _reason(clash[1], frozenset())
        return None if read is None else Step(("wizard",), frozenset(), None, read[1])
    head, sep, reason = text.partition(": ")
    if not sep:
        return None
    if match := _HEAD_PLACE.match(head):
        unknown = ("p", int(match[1] or match[3]))
        new = frozenset() if match[3] else place_set(match[2], AT)
    elif match := _HEAD_ARROW.match(head):
        word, source = match[1] or match[4], NAME.get(match[2] or match[5])
        unknown = ("a", word, source)
        new = frozenset() if match[4] else place_set(match[3], NAME)
    else:
        return None
    read = None if new is None else _reason(reason, new)
    if read is None:
        return None
    return Step(unknown, new, read[0], read[1])


def _needs(steps: list[Step]) -> list[set[int]] | None:
    """Return, for each step, the indices of the earlier steps it rests on."""
    needs: list[set[int]] = []
    history: dict[tuple, list[tuple[int, frozenset]]] = {}
    for index, step in enumerate(steps):
        mine = history.get(step.unknown, [])
        need: set[int] = set()
        if step.allowed is None:
            need |= {mine[-1][0]} if mine else set()
        else:
            for place in step.allowed - step.new:  # ruled out before: by which step?
                for earlier, after in mine:
                    if place not in after:
                        need.add(earlier)
                        break
        for unknown in step.reads:
            if history.get(unknown):
                need.add(history[unknown][-1][0])
        needs.append(need)
        history.setdefault(step.unknown, []).append((index, step.new))
    return needs


def _closure(needs: list[set[int]], start: set[int]) -> set[int]:
    keep, todo = set(), list(start)
    while todo:
        index = todo.pop()
        if index not in keep:
            keep.add(index)
            todo += needs[index]
    return keep


def slice_case(chain: list[str]) -> list[str]:
    """Return the steps of a case (the lines under "Suppose ...:") that its contradiction,
    the last line, rests on, in order; the case whole when a line cannot be read."""
    read = [read_step(line) for line in chain]
    if not chain or any(step is None for step in read):
        return chain
    keep = _closure(_needs(read), {len(chain) - 1})
    return [line for index, line in enumerate(chain) if index in keep]


def slice_solution(steps: list[str], wanted: set) -> list[str]:
    """Return the steps (cases whole, each cut by slice_case) that the latest statements
    about the `wanted` unknowns rest on; `steps` whole when a step cannot be read."""
    units: list[tuple[list[str], Step]] = []
    index = 0
    while index < len(steps):
        line = steps[index]
        if line.startswith("Every arrow"):
            units.append(([line], Step(("rule",), frozenset(), None, frozenset())))
            index += 1
            continue
        if line.startswith("Suppose "):
            end = index + 1
            while end < len(steps) and steps[end].startswith("    "):
                end += 1
            chain = slice_case(steps[index + 1 : end])
            step = read_step(steps[end]) if end < len(steps) else None
            read = [read_step(part) for part in chain]
            if step is None or any(part is None for part in read):
                return steps
            uses = set().union(*({part.unknown} | part.reads for part in read))
            case = Step(step.unknown, step.new, step.allowed, frozenset(uses) | step.reads)
            units.append(([line, *chain, steps[end]], case))
            index = end + 1
            continue
        step = read_step(line)
        if step is None:
            return steps
        units.append(([line], step))
        index += 1
    needs = _needs([step for _, step in units])
    latest = {step.unknown: i for i, (_, step) in enumerate(units)}
    start = {latest[u] for u in wanted if u in latest}
    start |= {i for i, (_, step) in enumerate(units) if step.unknown == ("rule",)}
    keep = _closure(needs, start)
    return [line for i, (lines, _) in enumerate(units) if i in keep for line in lines]
