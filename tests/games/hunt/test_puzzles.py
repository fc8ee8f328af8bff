"""Hunt puzzles: unique answers (CP-SAT and brute force over every map agree), graded by the
weakest solver level that solves them, reproducible from their id."""

import json
import re
from functools import cache

import numpy as np
import pytest

from generator.errors import QuarryError
from generator.games.hunt import puzzles as P
from generator.games.hunt.maps import LOCATIONS

CASES = [(d, seed, False) for d in P.DIFFICULTIES for seed in (0, 1, 2)]
CASES += [(d, 5, True) for d in P.DIFFICULTIES]


@cache
def puzzle(difficulty: str, seed: int, loops: bool) -> P.Puzzle:
    return P.generate_puzzle(difficulty, seed, loops)


def case_id(case) -> str:
    return P.puzzle_id(*case)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_answer_is_unique_by_cpsat_and_by_brute_force(case):
    p = puzzle(*case)
    assert P.certify_answer(p) == p.answer
    assert P.brute_force_answers(p) == {P.answer_key(p.answer)}


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_graded_by_the_weakest_level_that_solves_it(case):
    p = puzzle(*case)
    level = P.LEVELS[p.difficulty]
    assert p.difficulty == case[0]
    assert P.grade(p) == level
    assert P.difficulty(p) == p.difficulty
    assert P.solve_at_level(p, level) == p.answer
    for lower in range(level):
        assert P.solve_at_level(p, lower) is None


def test_hard_needs_case_analysis_and_medium_needs_arrow_candidates():
    hard, medium = puzzle("hard", 0, False), puzzle("medium", 0, False)
    assert P.solve_level1(hard) is None and P.solve_level2(hard) is None
    assert P.solve_level3(hard) == hard.answer
    assert P.solve_level1(medium) is None and P.solve_level2(medium) == medium.answer
    assert any(line.startswith("Suppose ") for line in P.worked_solution(hard))


@pytest.mark.parametrize("case", CASES[:3] + CASES[-1:], ids=case_id)
def test_the_id_reproduces_the_puzzle(case):
    p = puzzle(*case)
    assert p.id == P.puzzle_id(*case)
    assert P.generate_puzzle(p.id).to_json() == p.to_json()
    assert P.parse_id(p.id) == case


def test_ids_name_loops_and_refuse_other_text():
    assert P.puzzle_id("hard", 7, True) == "hunt-hard-7-loops"
    assert P.parse_id("hunt-easy-12") == ("easy", 12, False)
    for bad in ("hunt-tricky-1", "hunt-easy", "chess-easy-1", "hunt-easy--1"):
        with pytest.raises(QuarryError):
            P.parse_id(bad)


def test_puzzles_json_shape():
    puzzles = P.generate_puzzles(2, "easy", 3)
    data = json.loads(json.dumps(P.puzzles_json(puzzles), sort_keys=True))
    assert [d["id"] for d in data] == ["hunt-easy-3000", "hunt-easy-3001"]
    for item in data:
        assert set(item) == {"id", "difficulty", "loops", "question", "log", "answer"}
        assert item["question"] in ("where", "arrows")
        for t, record in enumerate(item["log"], start=1):
            assert record["turn"] == t
            assert record["aide"] in ("none", "tracker", "militia", "wizard")
            assert isinstance(record["town"], bool) and record["move"] in ("walk", "fly")
            assert record["encounter"] in (True, False, None)
            assert all(place in LOCATIONS for place in record["search"])
        if item["question"] == "where":
            assert item["answer"] in LOCATIONS
        else:
            assert set(item["answer"]) == {"walk", "fly"}
        assert P.Puzzle.from_json(item).to_json() == item


def test_arrows_answer_holds_exactly_the_pairs_used():
    for p in (puzzle(*case) for case in CASES):
        if p.question != "arrows":
            continue
        place, used = "town", set()
        for record in p.log:
            used.add((record["move"], place))
            place = p.answer[record["move"]][place]
        assert used == {(kind, s) for kind, arrows in p.answer.items() for s in arrows}


@pytest.mark.parametrize("count", [0, -1, 201])
def test_bad_counts_are_refused(count):
    with pytest.raises(QuarryError, match="--count"):
        P.generate_puzzles(count, "easy", 1)


def test_bad_difficulty_and_seed_are_refused():
    with pytest.raises(QuarryError, match="--difficulty"):
        P.generate_puzzles(1, "fiendish", 1)
    with pytest.raises(QuarryError, match="--seed"):
        P.generate_puzzles(1, "easy", -3)


def test_worked_solution_ends_with_the_answer():
    for case in CASES[:4]:
        p = puzzle(*case)
        steps = P.worked_solution(p)
        assert steps[-1] == f"Answer: {P.format_answer(p.answer)}."
        assert len(steps) > 1


def test_cpsat_model_names_its_variables():
    p = puzzle("easy", 0, False)
    _, variables = P.build_model(P.log_facts(p.log), p.loops)
    names = {f"walk_{loc}" for loc in LOCATIONS[:4]} | {f"fly_{loc}" for loc in LOCATIONS}
    names |= {f"place_{t}" for t in range(len(p.log) + 1)}
    assert set(variables) == names


def random_logs(count: int, loops: bool):
    """Hunts from the generator's own Knight, cut short, with random information hidden."""
    for seed in range(count):
        rng = np.random.default_rng([99, seed])
        log, route = P._play_hunt(rng, loops)
        turns = int(rng.integers(3, 16))
        log, route = log[:turns], route[: turns + 1]
        for removal in P._removals(log):
            if rng.random() < 0.5:
                log = P._remove(log, removal)
        yield log, route


def test_solvers_cpsat_and_brute_force_agree_on_random_logs():
    for log, route in random_logs(12, False):
        for question in P.QUESTIONS:
            p = P.Puzzle("test", "easy", False, question, log, "")
            truth = P.answer_of_route(question, route, P.log_facts(log).moves)
            brute = P.brute_force_answers(p)
            assert P.answer_key(truth) in brute
            certified = P.certify_answer(p)
            assert (certified is None) == (len(brute) > 1)
            for level in range(4):
                answer = P.solve_at_level(p, level)
                assert answer is None or answer == truth


def turn(t: int, move: str, search: str, encounter: bool | None, town: bool = False) -> dict:
    return {
        "turn": t,
        "aide": "none",
        "town": town,
        "move": move,
        "search": [search],
        "encounter": encounter,
    }


def test_wizard_counts_arrows_both_ways():
    log = [
        turn(1, "fly", "sea", True, town=True),  # Town -fly-> Sea
        turn(2, "walk", "hills", None),  # Sea -walk-> Hills or Woods (turn 3 is not in Town)
        turn(3, "fly", "town", True),  # ... -fly-> Town
    ]
    unknown = P.Puzzle("test", "medium", False, "arrows", log, "")
    assert len(P.brute_force_answers(unknown)) == 2
    log[2] = dict(log[2], aide="wizard", wizard=[["sea", "hills"], ["sea", "hills"]])
    p = P.Puzzle("test", "medium", False, "arrows", log, "")
    assert {(s, t, n) for s, t, n, _ in P.log_facts(log).wizard} == {(1, 3, 0), (3, 1, 2)}
    answer = {"walk": {"sea": "hills"}, "fly": {"town": "sea", "hills": "town"}}
    assert P.brute_force_answers(p) == {P.answer_key(answer)}
    assert P.certify_answer(p) == answer
    assert P.solve_level1(p) is None
    assert P.solve_level2(p) == answer


def test_malformed_logs_are_refused():
    record = {"turn": 1, "aide": "none", "town": True, "move": "swim", "search": ["sea"]}
    with pytest.raises(ValueError, match="move"):
        P.log_facts([record])
    with pytest.raises(ValueError, match="numbered"):
        P.log_facts([dict(record, turn=2, move="fly")])


# --- worked solutions as a person writes them (puzzles/steps.py, step_deps.py) ------------


def test_the_log_facts_are_read_in_one_step_a_kind():
    from generator.games.hunt.puzzles.steps import group_steps

    steps = [
        "After turn 1 he is in the Hills, in the Woods, at Sea or in the Lair: turn 2 does not "
        "begin in Town.",
        "After turn 3 he is in the Woods: the Knight met him searching the Woods on turn 3.",
        "After turn 2 he is in the Hills, in the Woods, at Sea or in the Lair: turn 3 does not "
        "begin in Town.",
        "After turn 4 he is in the Hills, in the Woods, at Sea or in the Lair: turn 5 does not "
        "begin in Town.",
        "After turn 5 he is in Town, in the Hills, in the Woods or in the Lair: the Knight "
        "searched the Sea on turn 5 in vain.",
    ]
    assert group_steps(steps) == [
        "Turns 2, 3 and 5 do not begin in Town, so after turns 1, 2 and 4 he is not in Town.",
        "Searches in vain: after turn 5 not at Sea.",
        "The Knight met him after turn 3 in the Woods (he searched there).",
    ]


def test_a_case_keeps_only_the_steps_its_contradiction_rests_on():
    from generator.games.hunt.puzzles.step_deps import slice_case

    chain = [
        "    After turn 1 he is in the Hills or at Sea: turn 1 is a Walk from Town, and Walk "
        "from Town leads to the Hills or the Sea.",
        "    After turn 7 he is in the Woods: turn 7 is a Fly from the Lair, and Fly from the "
        "Lair leads to the Woods.",
        "    But after turn 1 he could be nowhere: turn 2 is a Fly, and no Fly arrow from the "
        "Hills or the Sea can end in the Lair.",
    ]
    # the contradiction needs where he could be after turn 1 (step 1), not turn 7
    assert slice_case(chain) == [chain[0], chain[2]]
    unreadable = [chain[0], "    Something the module does not know.", chain[2]]
    assert slice_case(unreadable) == unreadable  # left whole


def test_lists_of_places_are_written_short():
    from generator.games.hunt.puzzles.steps import shorten

    step = (
        "After turn 4 he is in the Hills or at Sea: turn 4 is a Fly from Town, and Fly from "
        "Town leads to Town, the Hills or the Sea."
    )
    assert shorten(step) == (
        "After turn 4 he is in Hills/Sea: turn 4 is a Fly from Town, which leads to Town/Hills/Sea."
    )


def test_worked_solutions_are_shorter_and_keep_their_cases_whole():
    for seed in (1, 2, 3):
        p = P.generate_puzzle("hard", seed)
        raw: list[str] = []
        P.solve_at_level(p, 3, raw)
        steps = P.worked_solution(p)
        assert len(steps) < len(raw) and steps[-1].startswith("Answer:")
        for index, step in enumerate(steps):
            if step.startswith("Suppose "):
                end = index + 1
                while steps[end].startswith("    "):
                    end += 1
                assert end > index + 1 and steps[end - 1].strip().startswith("But ")
                assert steps[end].startswith("So ")


def test_map_rules_applied_to_the_log_alone_are_said_once():
    from generator.games.hunt.puzzles.steps import group_steps

    steps = [
        "Every arrow: no Walk leads into or out of the Lair, and no arrow leads back to where "
        "it starts.",
        "After turn 5 he is in the Woods: the Knight met him searching the Woods on turn 5.",
        "After turn 8 he is at Sea: the Knight met him searching the Sea on turn 8.",
        "After turn 3 he is in the Hills, in the Woods or at Sea: turn 4 is a Walk, and the "
        "Dragon cannot Walk out of the Lair.",
        "After turn 4 he is in the Hills, in the Woods or at Sea: turn 4 is a Walk, and the "
        "Dragon cannot Walk into the Lair.",
        "After turn 4 he is in Town, the Hills or at Sea: turn 5 is a Fly, and no Fly arrow "
        "from the Woods can end in the Woods.",
        "After turn 7 he is in the Hills or in the Woods: turn 8 is a Fly, and no Fly arrow "
        "from the Sea can end at Sea.",
        "After turn 10 he is in the Hills, in the Woods or at Sea: turn 11 is a Walk, and the "
        "Dragon cannot Walk out of the Lair.",
    ]
    grouped = group_steps(steps)
    assert grouped[2:] == [
        "Turns 4 and 11 are Walks, and no Walk leaves or enters the Lair, so after turns 3, 4 "
        "and 10 he is not in the Lair.",
        "No arrow leads back to where it starts, so after turn 4 he is not in the Woods (he is "
        "there after turn 5) and after turn 7 not at Sea (he is there after turn 8).",
    ]
    # with loops allowed, "no Fly from the Woods ends in the Woods" is not the map rule
    loops = [steps[0].replace("no arrow leads back to where it starts", "loops are allowed")]
    assert sum("leads back" in step for step in group_steps(loops + steps[1:])) == 0


def _log_place_after(log: list[dict], t: int) -> str | None:
    """Return where the log alone puts the Dragon after turn t (a find, a Town? yes, the
    Tracker), or None."""
    if 1 <= t <= len(log) and log[t - 1]["encounter"] and len(log[t - 1]["search"]) == 1:
        return log[t - 1]["search"][0]
    if t < len(log):
        if log[t]["town"]:
            return "town"
        if log[t]["aide"] == "tracker" and log[t].get("revealed"):
            return log[t]["revealed"]
    return None


def _turn_numbers(text: str) -> list[int]:
    """Return the numbers of "turns 3, 4 and 10–12"."""
    numbers = []
    for low, high in re.findall(r"(\d+)(?:–(\d+))?", text):
        numbers += range(int(low), int(high or low) + 1)
    return numbers


def test_map_rule_steps_of_generated_puzzles_hold_on_their_logs():
    """Each claim of a rule step follows from the log: a Walk before or after every turn
    said not to end in the Lair; without loops, the log's own place one turn later."""
    seen = 0
    for seed in range(1, 13):
        for loops in (False, True):
            p = P.generate_puzzle("hard", seed, loops)
            walks = {r["turn"] for r in p.log if r["move"] == "walk"}
            for step in P.worked_solution(p):
                lair = re.match(r"^Turns? (.+) (?:are Walks|is a Walk), .+ so after (.+) he", step)
                if lair:
                    seen += 1
                    assert set(_turn_numbers(lair[1])) <= walks
                    for t in _turn_numbers(lair[2]):
                        assert t in walks or t + 1 in walks, (p.id, step)
                if step.startswith("No arrow leads back"):
                    seen += 1
                    assert not loops
                    claims = re.findall(
                        r"after turn (\d+) .*?not (?:in|at) (?:the )?(\w+) "
                        r"\(he is there after turn (\d+)\)",
                        step,
                    )
                    assert claims
                    for t, place, later in claims:
                        assert int(later) == int(t) + 1
                        assert _log_place_after(p.log, int(later)) == place.lower(), (p.id, step)
    assert seen >= 5
