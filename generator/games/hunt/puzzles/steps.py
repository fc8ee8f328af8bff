"""Worked solutions as a person writes them: the solver's steps (deduction.py), one a
narrowing, grouped where a person takes them together.

- Reading the log: the facts the log states outright (Town? no, searches in vain, finds)
  become one step a kind, whatever order the solver read them in: they depend on nothing
  but the log, so reading them together changes no conclusion.
- The map rules applied to the log alone are said with the log's facts, one step a rule,
  when two or more steps apply one: "Turns 4 and 6 are Walks, and no Walk leaves or enters
  the Lair, so after turns 3-6 he is not in the Lair"; without loops, "No arrow leads back
  to where it starts, so after turn 7 he is not at Sea (he is there after turn 8)" when the
  log itself puts him at Sea after turn 8. Like the log's facts they rest on nothing else.
  A step of this kind that leaves a single place stays where the solver wrote it.
- A move that narrows where the Dragon ended and then the arrow he used is one step:
  "After turn 4 he is ...: turn 4 is a Fly from the Hills ...; so Fly from the Hills leads
  to ...".
- The end of a case ("X: if S, a contradiction follows") says "So X", its reason being the
  case just worked through.

Steps nested under a "Suppose ...:" start with four spaces, as deduction.py writes them.
"""

import re

from generator.games.hunt.puzzles.step_deps import (
    AT,
    NAME,
    place_set,
    slice_case,
    slice_solution,
    split_phrase,
)

AT_WORDS = tuple(AT)
NOT_TOWN = frozenset({1, 2, 3, 4})
SHORT_NAME = tuple(NAME)  # "Town", "the Hills", ... by place number

_PLACE = re.compile(r"^After turn (\d+) he is (.+?): (.+)\.$")
_ARROW = re.compile(r"^((?:Walk|Fly) from .+?) leads to (.+?): turn (\d+) went by .+ ended (.+)\.$")
_FACTS = (
    ("no-town", re.compile(r"^turn (\d+) does not begin in Town$")),
    ("town", re.compile(r"^turn (\d+) begins in Town$")),
    ("met", re.compile(r"^the Knight met him searching (.+) on turn (\d+)$")),
    ("vain", re.compile(r"^the Knight searched (.+) on turn (\d+) in vain$")),
    ("tracker", re.compile(r"^the Tracker showed him at the start of turn (\d+)$")),
    ("militia", re.compile(r"^the Militia caught sight of him on turn (\d+)$")),
)
_CASE_END = re.compile(
    r"^(After turn \d+ he is .+|.+ leads to .+): if .+, a contradiction follows\.$"
)


def _join(words: list[str], last: str = "and") -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + f" {last} " + words[-1]


def _turns(numbers: list[int]) -> str:
    """Return turn numbers as "turn 4" or "turns 1, 2, 4–8 and 10–12"."""
    numbers = sorted(set(numbers))
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    words = [f"{run[0]}–{run[-1]}" if len(run) > 2 else ", ".join(map(str, run)) for run in runs]
    words = ", ".join(words).split(", ")
    return ("turns " if len(numbers) > 1 else "turn ") + _join(words)


def _fact(step: str) -> tuple[str, int, str, str] | None:
    """Return (kind, turn after which, place phrase, reason detail) of a fact step."""
    match = _PLACE.match(step)
    if not match:
        return None
    t, phrase, reason = int(match[1]), match[2], match[3]
    for kind, pattern in _FACTS:
        found = pattern.match(reason)
        if found:
            detail = found[1] if kind in ("met", "vain") else ""
            return kind, t, phrase, detail
    return None


def _not_at(where: str) -> str:
    """Return "not in the Hills or at Sea" for "the Hills and the Sea"."""
    return "not " + _join([AT_WORDS[NAME[name]] for name in split_phrase(where)], "or")


def _read_log(facts: list[tuple[str, int, str, str]], originals: list[str]) -> list[str]:
    """Return the log's facts grouped one step a kind (see the module's docstring)."""
    steps: list[str] = []
    no_town = [
        t for kind, t, phrase, _ in facts if kind == "no-town" and place_set(phrase, AT) == NOT_TOWN
    ]
    if no_town:
        steps.append(
            f"{_turns([t + 1 for t in no_town]).capitalize()} do not begin in Town, so after "
            f"{_turns(no_town)} he is not in Town."
            if len(no_town) > 1
            else f"Turn {no_town[0] + 1} does not begin in Town, so after turn {no_town[0]} "
            "he is not in Town."
        )
    town = [t for kind, t, _, _ in facts if kind == "town"]
    if town:
        verb = "begin" if len(town) > 1 else "begins"
        steps.append(
            f"{_turns([t + 1 for t in town]).capitalize()} {verb} in Town, so after "
            f"{_turns(town)} he is in Town."
        )
    vain = [f"after turn {t} {_not_at(where)}" for kind, t, _, where in facts if kind == "vain"]
    if vain:
        steps.append(f"Searches in vain: {_join(vain)}.")
    met = [f"after turn {t} {phrase}" for kind, t, phrase, _ in facts if kind == "met"]
    if met:
        where = "there" if len(met) == 1 else "in each"
        steps.append(f"The Knight met him {_join(met)} (he searched {where}).")
    for (kind, *_), original in zip(facts, originals, strict=True):
        if kind in ("tracker", "militia"):
            steps.append(original)
    return steps


def _merge_moves(steps: list[str]) -> list[str]:
    """Join an arrow's narrowing to the place step right before it that it follows from."""
    out: list[str] = []
    for step in steps:
        depth = len(step) - len(step.lstrip(" "))
        text = step.strip()
        arrow = _ARROW.match(text)
        if arrow and out:
            previous = out[-1]
            prev_depth = len(previous) - len(previous.lstrip(" "))
            place = _PLACE.match(previous.strip())
            so_place = re.match(r"^So after turn (\d+) he is (.+)\.$", previous.strip())
            before = place or so_place
            if before and prev_depth == depth and before[1] == arrow[3] and before[2] == arrow[4]:
                joint = ", and " if so_place else "; so "
                out[-1] = previous[:-1] + f"{joint}{arrow[1]} leads to {arrow[2]}."
                continue
        case_end = _CASE_END.match(text)
        if case_end and depth == 0:
            conclusion = case_end[1]
            if conclusion.startswith("After"):
                conclusion = "a" + conclusion[1:]
            step = f"So {conclusion}."
        out.append(step)
    return out


def group_steps(steps: list[str], wanted: set | None = None) -> list[str]:
    """Return the solver's `steps` grouped as a person takes them (see the module's
    docstring): the same conclusions, fewer and shorter steps. With `wanted` (the unknowns
    the answer reads, see slice_solution), steps nothing leads from to the answer go."""
    steps = slice_solution(steps, wanted) if wanted is not None else slice_cases(steps)
    start = 1 if steps and steps[0].startswith("Every arrow") else 0
    end = start
    facts = []
    while end < len(steps) and (fact := _fact(steps[end])) is not None:
        facts.append(fact)
        end += 1
    no_loops = bool(steps) and steps[0].endswith("no arrow leads back to where it starts.")
    rule_steps, rest = _rule_facts(steps[end:], facts, no_loops)
    grouped = steps[:start] + _read_log(facts, steps[start:end]) + rule_steps + rest
    return _merge_runs([shorten(step) for step in _merge_moves(grouped)])


# --- the map rules applied to the log alone ------------------------------------------------

_NO_LAIR = re.compile(
    r"^After turn (\d+) he is (.+?): turn (\d+) is a Walk, and the Dragon cannot Walk "
    r"(out of|into) the Lair\.$"
)
_NO_LOOP = re.compile(
    r"^After turn (\d+) he is (.+?): turn (\d+) is a (?:Walk|Fly), and no (?:Walk|Fly) arrow "
    r"from (.+?) can end (.+)\.$"
)


def _known_after(facts: list[tuple[str, int, str, str]]) -> dict[int, int]:
    """Return {turn: place} for every turn after which the log alone pins him down."""
    known = {}
    for kind, t, phrase, _ in facts:
        places = place_set(phrase, AT)
        if kind in ("met", "town", "tracker") and places is not None and len(places) == 1:
            known[t] = next(iter(places))
    return known


def _rule_facts(
    steps: list[str], facts: list[tuple[str, int, str, str]], no_loops: bool
) -> tuple[list[str], list[str]]:
    """Return (one step a rule, the other steps): top-level steps that apply a map rule to
    the log alone, two or more of a kind, are said in one step with the log's facts. "Turns
    4 and 6 are Walks" rules out the Lair after turns 3-6 (no Walk leaves or enters it);
    without loops, where the log puts him after turn 8 is not where he was after turn 7.
    A step whose rule leaves a single place stays where it is: its conclusion is news."""
    known = _known_after(facts)
    lair: dict[int, tuple[int, str]] = {}  # step index -> (turn after which, "out of"/"into")
    loop: dict[int, tuple[int, int]] = {}  # step index -> (turn after which, place ruled out)
    for index, step in enumerate(steps):
        if (match := _NO_LAIR.match(step)) and len(split_phrase(match[2])) > 1:
            lair[index] = (int(match[1]), match[4])
        elif (match := _NO_LOOP.match(step)) and no_loops and len(split_phrase(match[2])) > 1:
            t, source = int(match[1]), NAME.get(match[4])
            before = int(match[3]) == t + 1 and known.get(t + 1) == source
            if before and source is not None and place_set(match[5], AT) == frozenset({source}):
                loop[index] = (t, source)
    out: list[str] = []
    if len(lair) < 2:
        lair = {}
    if len(loop) < 2:
        loop = {}
    if lair:
        after = [t for t, _ in lair.values()]
        walks = sorted({t + 1 if way == "out of" else t for t, way in lair.values()})
        ways = {way for _, way in lair.values()}
        verbs = " or ".join(
            verb for way, verb in (("out of", "leaves"), ("into", "enters")) if way in ways
        )
        are = "are Walks" if len(walks) > 1 else "is a Walk"
        out.append(
            f"{_turns(walks).capitalize()} {are}, and no Walk {verbs} the Lair, so after "
            f"{_turns(after)} he is not in the Lair."
        )
    if loop:
        parts = [
            f"after turn {t} {_not_at(SHORT_NAME[place])} (he is there after turn {t + 1})"
            for t, place in sorted(loop.values())
        ]
        parts[0] = parts[0].replace(" not ", " he is not ", 1)
        out.append(f"No arrow leads back to where it starts, so {_join(parts)}.")
    rest = [step for index, step in enumerate(steps) if index not in lair and index not in loop]
    return out, rest


# --- short place lists -------------------------------------------------------------------

_AT_ALT = "|".join(re.escape(words) for words in AT_WORDS)
_NAME_ALT = "|".join(re.escape(name) for name in NAME)
_AT_LIST = re.compile(rf"(?:(?:{_AT_ALT}), )*(?:{_AT_ALT}) (?:or|and) (?:{_AT_ALT})")
_NAME_LIST = re.compile(rf"(?:(?:{_NAME_ALT}), )*(?:{_NAME_ALT}) (?:or|and) (?:{_NAME_ALT})")
SHORT = ("Town", "Hills", "Woods", "Sea", "Lair")


def _short_at(match: re.Match) -> str:
    return "in " + "/".join(SHORT[AT[p]] for p in split_phrase(match[0]))


def _short_names(match: re.Match) -> str:
    return "/".join(SHORT[NAME[p]] for p in split_phrase(match[0]))


_PHRASES = (
    # "turn 5 is a Fly from the Woods, and Fly from the Woods leads to X" -> ", which leads"
    (
        re.compile(r"(is a (?:Walk|Fly) from ([^,]+)), and (?:Walk|Fly) from \2 leads to"),
        r"\1, which leads to",
    ),
    (re.compile(r"and no (Walk|Fly) arrow from"), r"and no \1 from"),
    (re.compile(r"the Dragon cannot Walk into the Lair"), "no Walk enters the Lair"),
    (re.compile(r"the Dragon cannot Walk out of the Lair"), "no Walk leaves the Lair"),
)
_USED = re.compile(
    r"^(\s*(?:Walk|Fly) from .+? leads to (.+?)): turn (\d+) went by .+ and ended (.+)\.$"
)


def shorten(step: str) -> str:
    """Return `step` said short: every list of two or more places as "in Hills/Sea" (for "in
    the Hills or at Sea") or "Town/Woods" (for "Town or the Woods"), and the solver's long
    turns of phrase cut ("..., which leads to", "no Walk enters the Lair")."""
    step = _NAME_LIST.sub(_short_names, _AT_LIST.sub(_short_at, step))
    for pattern, short in _PHRASES:
        step = pattern.sub(short, step)
    used = _USED.match(step)
    if used and ("in " + used[2] == used[4] or _same_place(used[2], used[4])):
        step = f"{used[1]}: turn {used[3]} took it and ended there."
    return step


def _same_place(name: str, at: str) -> bool:
    """Return True when a place name ("the Sea") and an "at" phrase ("at Sea") agree."""
    return name in NAME and at in AT and NAME[name] == AT[at]


# --- runs of the same easy step ----------------------------------------------------------

_FOLLOW = re.compile(
    r"^After turn (\d+) he is (.+?): turn \1 is a (?:Walk|Fly) from .+?, which leads to (.+)\.$"
)
_TOOK = re.compile(
    r"^((?:Walk|Fly) from .+?) leads to (.+?): turn (\d+) took it and ended there\.$"
)


def _follow(text: str) -> str | None:
    """Return "after turn 8 in the Lair" for a step that only follows a known arrow."""
    match = _FOLLOW.match(text)
    if match and (match[2] == "in " + match[3] or _same_place(match[3], match[2])):
        return f"{match[2]} after turn {match[1]}"
    return None


def _took(text: str) -> str | None:
    """Return "Fly from Town to the Hills (turn 1)" for a step that reads an arrow off a turn."""
    match = _TOOK.match(text)
    return f"{match[1]} to {match[2]} (turn {match[3]})" if match else None


def _merge_runs(steps: list[str]) -> list[str]:
    """Merge runs of two or more steps at one depth that only follow known arrows, or only
    read an arrow off a turn whose both ends are known, into one step each."""
    out: list[str] = []
    index = 0
    while index < len(steps):
        depth = len(steps[index]) - len(steps[index].lstrip(" "))
        for short, lead in (
            (_follow, "Following the arrows known, he is "),
            (_took, "Arrows read off the turns: "),
        ):
            run = []
            while index + len(run) < len(steps):
                step = steps[index + len(run)]
                if len(step) - len(step.lstrip(" ")) != depth or short(step.strip()) is None:
                    break
                run.append(short(step.strip()))
            if len(run) >= 2:
                out.append(" " * depth + lead + _join(run) + ".")
                index += len(run)
                break
        else:
            out.append(steps[index])
            index += 1
    return out


def slice_cases(steps: list[str]) -> list[str]:
    """Return `steps` with every case ("Suppose ...:" and its indented steps) cut to the
    steps its contradiction rests on (step_deps.slice_case)."""
    out: list[str] = []
    index = 0
    while index < len(steps):
        out.append(steps[index])
        index += 1
        if out[-1].startswith("Suppose "):
            end = index
            while end < len(steps) and steps[end].startswith("    "):
                end += 1
            out += slice_case(steps[index:end])
            index = end
    return out
