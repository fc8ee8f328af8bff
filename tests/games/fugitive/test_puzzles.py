"""Fugitive puzzles: one answer (CP-SAT and brute force agree, and both see several answers
once clues are taken away), the hidden truth fits the rules, graded by the weakest solver
level that solves it, worked reasoning a reader can follow, reproducible ids, and
malformed input refused with the field named."""

import copy
import dataclasses
import json
import random
import re
from functools import cache

import pytest

from generator.errors import QuarryError
from generator.games.fugitive import puzzles as P
from generator.games.fugitive.cards import pile_of
from generator.games.fugitive.puzzles.facts import NORMAL_REACH, SPRINT, TOP, TableFacts
from generator.games.fugitive.puzzles.solvers import solve_facts
from generator.games.fugitive.puzzles.uniqueness import (
    build_model,
    certify_facts,
    hideout_variables,
)
from generator.solve.cpsat import count_solutions

# Easy and medium puzzles take a few hundredths of a second to make, hard ones up to a few
# seconds: these hard seeds are among the quick ones.
CASES = [("easy", seed) for seed in range(8)]
CASES += [("medium", seed) for seed in range(8)]
CASES += [("hard", seed) for seed in (2, 5, 10)]
# Words only the level 2 deductions write: piles, the Sprint pool, cards forced under one.
LEVEL2_WORDS = r"from pile|can sprint only with|no card left to sprint|lies? under H"


@cache
def puzzle(difficulty: str, seed: int) -> P.Puzzle:
    return P.generate_puzzle(difficulty, seed)


def case_id(case) -> str:
    return P.puzzle_id(*case)


def all_puzzles() -> list[P.Puzzle]:
    return [puzzle(*case) for case in CASES]


def truth(p: P.Puzzle) -> tuple[int, ...]:
    return tuple(p.answer)


def cpsat_answers(facts: TableFacts, limit: int = 400) -> set[tuple[int, ...]]:
    """Every answer CP-SAT finds by blocking clauses (up to `limit`)."""
    model, variables = build_model(facts)
    primary = hideout_variables(facts, variables)
    found = count_solutions(model, primary, limit, 10.0)
    assert len(found) < limit, "raise the limit: CP-SAT may have more answers"
    return {tuple(s.values[v.name] for v in primary) for s in found}


def without_hand_card(facts: TableFacts, card: int) -> TableFacts:
    """The facts with one card of the Marshal's hand taken out of view."""
    return dataclasses.replace(
        facts, hand=tuple(c for c in facts.hand if c != card), seen=facts.seen & ~(1 << card)
    )


def without_guess(facts: TableFacts, guess: tuple[int, int, int]) -> TableFacts:
    return dataclasses.replace(facts, wrong=tuple(w for w in facts.wrong if w != guess))


def clues_of(facts: TableFacts) -> list:
    """The clues that can be taken away: wrong guesses that concern a face-down Hideout,
    latest first, then the cards of her hand, highest first."""
    down = facts.face_down
    guesses = [("guess", w) for w in reversed(facts.wrong) if any(p <= w[2] for p in down)]
    return guesses + [("hand", c) for c in sorted(facts.hand, reverse=True)]


def loosen(facts: TableFacts) -> tuple[TableFacts, list]:
    """Take clues away one at a time until the facts allow more than one answer; return
    the loosened facts and the clues taken."""
    taken = []
    for kind, clue in clues_of(facts):
        facts = without_guess(facts, clue) if kind == "guess" else without_hand_card(facts, clue)
        taken.append(clue)
        if len(P.brute_force_answers(facts)) > 1:
            return facts, taken
    raise AssertionError("the puzzle stays unique with every clue taken away")


# --- uniqueness ------------------------------------------------------------------------------


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_answer_is_unique_by_cpsat_and_by_brute_force(case):
    p = puzzle(*case)
    assert P.certify_answer(p) == p.answer
    assert P.brute_force_answers(p) == {truth(p)}


@pytest.mark.parametrize("case", CASES[::3], ids=case_id)
def test_taking_clues_away_leaves_several_answers_that_both_methods_find(case):
    p = puzzle(*case)
    facts = P.table_facts(p.table)
    loose, taken = loosen(facts)
    assert taken, "no clue was taken away"
    brute = P.brute_force_answers(loose)
    assert len(brute) > 1
    assert truth(p) in brute
    assert certify_facts(loose, 10.0) is None
    assert cpsat_answers(loose) == brute
    # Putting the last clue back makes it unique again: that clue was needed.
    last = taken[-1]
    back = dataclasses.replace(
        loose,
        hand=tuple(sorted((*loose.hand, last))) if isinstance(last, int) else loose.hand,
        seen=loose.seen | (1 << last) if isinstance(last, int) else loose.seen,
        wrong=loose.wrong if isinstance(last, int) else tuple(sorted((*loose.wrong, last))),
    )
    assert P.brute_force_answers(back) == {truth(p)}
    assert certify_facts(back, 10.0) == p.answer


def test_a_puzzle_whose_wrong_guesses_tell_nothing_is_not_unique():
    """The same through the public Puzzle API: every wrong guess is moved onto a card of her
    own hand (legal, but it tells nothing), and both checks find several answers."""
    for p in all_puzzles()[:8]:
        table = copy.deepcopy(p.table)
        hand = table["marshal_hand"]
        for i, guess in enumerate(table["wrong_guesses"]):
            guess["number"] = hand[i % len(hand)]
        blind = P.Puzzle(p.id, p.difficulty, table, p.answer)
        brute = P.brute_force_answers(blind)
        if len(brute) == 1:
            continue  # the row and her hand alone pin this one
        assert truth(p) in brute
        assert P.certify_answer(blind) is None
        assert cpsat_answers(P.table_facts(table)) == brute
        return
    raise AssertionError("every puzzle stayed unique without its wrong guesses")


def test_a_table_with_nothing_face_down_has_the_empty_answer():
    table = {
        "deck": "published",
        "turn": 1,
        "row": [{"number": 0, "sprint": []}, {"number": 2, "sprint": [], "turn": 1}],
        "marshal_hand": [9, 30],
        "discarded": [],
        "draws": [],
        "wrong_guesses": [],
        "right_guesses": [{"turn": 1, "numbers": [2]}],
    }
    p = P.Puzzle("fugitive-easy-0", "easy", table, [])
    assert P.brute_force_answers(p) == {()}
    assert P.certify_answer(p) == []
    assert P.solve_level1(p) == []


def test_brute_force_and_cpsat_agree_with_a_found_hideout_turned_back_face_down():
    """Turning a found Hideout face down again (its cards leave view, its pile gets the
    room back) loosens a table differently from dropping clues; both methods find the same
    answers, the true numbers among them (tables with up to 30 answers, so
    CP-SAT can list them all quickly)."""
    checked = 0
    for p in all_puzzles():
        if p.difficulty == "hard":
            continue  # hiding a found Hideout of a hard table can take brute force seconds
        facts = P.table_facts(p.table)
        known = dict(zip(facts.face_down, p.answer, strict=True))
        for q in range(1, len(facts.numbers)):
            if facts.numbers[q] is None:
                continue
            hidden = hide(facts, q)
            brute = P.brute_force_answers(hidden)
            full = known | {q: facts.numbers[q]}
            assert tuple(full[r] for r in hidden.face_down) in brute
            if len(brute) <= 30:
                assert cpsat_answers(hidden, len(brute) + 2) == brute
                checked += 1
    assert checked >= 20


def hide(facts: TableFacts, q: int) -> TableFacts:
    """The facts with the revealed Hideout at row position q face down again."""
    cards = (facts.numbers[q], *facts.sprints[q])
    rooms = [list(room) for room in facts.rooms]
    for c in cards:
        if pile_of(c) >= 0:
            for t in range(facts.placed[q], facts.turn + 1):
                rooms[t][pile_of(c)] += 1
    numbers, sprints = list(facts.numbers), list(facts.sprints)
    numbers[q], sprints[q] = None, None
    return dataclasses.replace(
        facts,
        numbers=tuple(numbers),
        sprints=tuple(sprints),
        seen=facts.seen & ~sum(1 << c for c in cards),
        rooms=tuple(tuple(room) for room in rooms),
    )


# --- the hidden truth fits the rules ---------------------------------------------------------


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_the_answer_replays_within_the_rules(case):
    """Replay the row with the answer filled in: strictly increasing Hideouts from 1 to 41,
    no face-down Hideout a card in view or a number guessed wrong while it lay face down,
    each within reach of the one before (3 plus its Sprint cards: the revealed ones, or the
    best values among the cards he may still hold), and no pile giving more face-down
    Hideouts by a turn than he had drawn from it and not shown."""
    p = puzzle(*case)
    facts = P.table_facts(p.table)
    numbers = list(facts.numbers)
    for q, n in zip(facts.face_down, p.answer, strict=True):
        numbers[q] = n
    hideouts = set(p.answer)
    free = [c for c in range(1, TOP + 1) if not facts.seen >> c & 1 and c not in hideouts]
    best = sorted((SPRINT[c] for c in free), reverse=True)
    for q in range(1, len(numbers)):
        assert numbers[q - 1] < numbers[q] <= TOP
        if facts.numbers[q] is None:
            assert not facts.seen >> numbers[q] & 1, f"H{q} = {numbers[q]} is in view"
            for number, turn, length in facts.wrong:
                assert q > length or numbers[q] != number, f"H{q} was guessed on turn {turn}"
            sprint = sum(best[: facts.counts[q]])
        else:
            sprint = sum(SPRINT[c] for c in facts.sprints[q])
        assert numbers[q] - numbers[q - 1] <= NORMAL_REACH + sprint, f"H{q} is out of reach"
    for turn in range(1, facts.turn + 1):
        for pile in range(3):
            placed = sum(
                1
                for q, n in zip(facts.face_down, p.answer, strict=True)
                if facts.placed[q] <= turn and pile_of(n) == pile
            )
            assert placed <= facts.rooms[turn][pile]


# --- grading -----------------------------------------------------------------------------------


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_graded_by_the_weakest_level_that_solves_it(case):
    p = puzzle(*case)
    level = P.LEVELS[p.difficulty]
    assert p.difficulty == case[0]
    assert P.grade(p) == level
    assert P.difficulty_of(p) == p.difficulty
    solvers = (P.solve_level1, P.solve_level2, P.solve_level3)
    for n, solve in enumerate(solvers, start=1):
        assert solve(p) == (p.answer if n >= level else None), f"level {n}"


def test_hard_puzzles_need_a_supposition_and_medium_ones_the_piles():
    for p in all_puzzles():
        steps = P.worked_solution(p)
        supposes = [s for s in steps if s.startswith("Suppose ")]
        if p.difficulty == "hard":
            assert supposes
        else:
            assert not supposes
        piles = [s for s in steps if re.search(LEVEL2_WORDS, s)]
        assert bool(piles) == (p.difficulty != "easy"), p.id


def test_level_solvers_never_answer_a_table_with_several_answers():
    """Loosened tables (clues dropped at random, found Hideouts turned face down again):
    whenever brute force sees more than one answer, every level must give none; when it
    sees one, a level that answers must give that one."""
    rng = random.Random(7)
    several = 0
    for p in all_puzzles():
        facts = P.table_facts(p.table)
        for _ in range(3):
            loose = facts
            for kind, clue in clues_of(facts):
                if rng.random() < 0.5:
                    loose = (
                        without_guess(loose, clue)
                        if kind == "guess"
                        else without_hand_card(loose, clue)
                    )
            revealed = [q for q in range(1, len(facts.numbers)) if facts.numbers[q] is not None]
            if revealed and p.difficulty != "hard" and rng.random() < 0.3:
                loose = hide(loose, rng.choice(revealed))
            brute = P.brute_force_answers(loose)
            assert brute
            several += len(brute) > 1
            for level in (1, 2, 3):
                answer = solve_facts(loose, level)
                if len(brute) > 1:
                    assert answer is None, f"{p.id}: level {level} claims {answer}"
                elif answer is not None:
                    assert {tuple(answer)} == brute
    assert several >= 20


# --- the worked reasoning ------------------------------------------------------------------------


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_reasoning_ends_with_the_answer_and_names_every_face_down_hideout(case):
    p = puzzle(*case)
    facts = P.table_facts(p.table)
    assert p.reasoning == P.worked_solution(p)
    assert p.reasoning[-1] == f"Answer: {P.format_answer(facts, p.answer)}."
    body = "\n".join(p.reasoning[:-1])
    for q in facts.face_down:
        assert re.search(rf"\bH{q}\b", body), f"H{q} is never reasoned about"
    assert p.reasoning[0].startswith("These cards are in view")


def test_reasoning_reads_as_plain_sentences():
    """Wordings that once crept in: "the 0 = 0", a bare list of candidates in brackets,
    two "but"s in one sentence, "1 cards", "only 1 card", a sentence that trails off."""
    for p in all_puzzles():
        for step in p.reasoning:
            text = step.strip()
            assert text.endswith((".", ":")), text
            assert "the 0 =" not in text
            assert not re.search(r"H\d+ \(\d", text), text  # "H2 (5, 6)" must say "one of"
            assert text.count(" but ") <= 1, text
            assert not re.search(r"\b1 (cards|Sprint cards)\b|\ball 2 cards\b", text), text
            assert "only 1 card" not in text
            assert "  " not in text


def test_suppositions_are_indented_and_end_in_a_contradiction():
    hard = [p for p in all_puzzles() if p.difficulty == "hard"]
    for p in hard:
        steps = p.reasoning
        for i, step in enumerate(steps):
            if not step.startswith("Suppose "):
                continue
            value = step.removeprefix("Suppose ").removesuffix(":")
            chain = []
            for later in steps[i + 1 :]:
                if not later.startswith("    "):
                    break
                chain.append(later)
            assert chain and chain[-1].startswith("    But "), step
            closing = steps[i + 1 + len(chain)]
            assert closing.startswith(f"If {value}, a contradiction follows, so ")


def test_pile_reasons_count_the_cards_they_name():
    """In "X, Y and H3 account for all 4 cards he had drawn from pile 1 by turn 3" the cards
    named are as many as the sentence says."""
    counted = 0
    for p in all_puzzles():
        for step in p.reasoning:
            for named, share, drawn in re.findall(
                r"([\w ,]+?) accounts? for (all|both|one of the|\d+ of the) (\d+ )?cards", step
            ):
                names = re.split(r", | and ", named.split(" as ")[-1].split("; ")[-1])
                names = [n for n in names if n]
                if share == "both":
                    assert len(names) == 2, step
                elif share == "all":
                    assert len(names) == int(drawn), step
                elif share == "one of the":
                    assert len(names) == 1, step
                else:
                    assert len(names) == int(share.split()[0]) < int(drawn), step
                counted += 1
    assert counted >= 5


# --- ids -------------------------------------------------------------------------------------


def test_an_id_alone_reproduces_the_puzzle():
    assert P.generate_puzzle("fugitive-medium-7").to_json() == puzzle("medium", 7).to_json()
    assert puzzle("medium", 7).id == "fugitive-medium-7"
    assert P.puzzle_id("hard", 12) == "fugitive-hard-12"
    assert P.parse_id(" fugitive-easy-3 ") == ("easy", 3)


def test_the_same_seed_gives_the_same_puzzle_and_other_seeds_others():
    again = [P.generate_puzzle(d, s).to_json() for d, s in CASES if d != "hard"]
    assert again == [puzzle(d, s).to_json() for d, s in CASES if d != "hard"]
    for difficulty in ("easy", "medium"):
        tables = [json.dumps(puzzle(difficulty, s).table, sort_keys=True) for s in range(8)]
        assert len(set(tables)) == len(tables)


@pytest.mark.parametrize(
    "text",
    ["fugitive-tricky-1", "fugitive-easy", "hunt-easy-1", "fugitive-easy--1", "fugitive-easy-x"],
)
def test_malformed_ids_are_refused(text):
    with pytest.raises(QuarryError, match="not a Fugitive puzzle id; expected fugitive-<"):
        P.parse_id(text)
    with pytest.raises(QuarryError):
        P.generate_puzzle(text)


# --- JSON ------------------------------------------------------------------------------------


def test_puzzles_json_round_trips_through_text():
    puzzles = [puzzle("easy", 0), puzzle("medium", 1), puzzle("hard", 2)]
    data = json.loads(json.dumps(P.puzzles_json(puzzles), sort_keys=True))
    for item, p in zip(data, puzzles, strict=True):
        assert set(item) == {"id", "difficulty", "table", "answer", "reasoning", "readings"}
        back = P.Puzzle.from_json(item)
        assert back == p
        assert back.to_json() == item
    # to_json copies: changing the copy leaves the puzzle alone
    copied = puzzles[0].to_json()
    copied["table"]["row"][0]["sprint"].append(5)
    copied["answer"][0] = 99
    assert puzzles[0].to_json() != copied


def last_hit_on_turn_1(table: dict) -> None:
    """Move the wrong guess of turn 1 onto the last right guess's turn, and that right
    guess onto turn 1 (a history the rules do not allow: nothing found so early)."""
    last = table["right_guesses"][-1]
    first = next(g for g in table["wrong_guesses"] if g["turn"] == 1)
    first["turn"], last["turn"] = last["turn"], 1
    table["right_guesses"].sort(key=lambda g: g["turn"])


def bad(change) -> dict:
    data = puzzle("medium", 1).to_json()
    change(data)
    return data


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.pop("answer"), "keys"),
        (lambda d: d.update(extra=1), "keys"),
        (lambda d: d["answer"].append(30), "one number for each face-down Hideout"),
        (lambda d: d["answer"].pop(), "one number for each face-down Hideout"),
        (lambda d: d["answer"].__setitem__(0, "7"), "whole numbers"),
        (lambda d: d["answer"].__setitem__(0, 42), "whole numbers from 1 to 41"),
        (lambda d: d.update(difficulty="fiendish"), "difficulty"),
        (lambda d: d.update(reasoning="see above"), "reasoning"),
        (lambda d: d["table"].pop("draws"), "lacks draws"),
        (lambda d: d.pop("readings"), "keys"),
        (lambda d: d.update(readings=[]), "readings must be Quarry's readings"),
        (lambda d: d["table"].pop("right_guesses"), "lacks right_guesses"),
        (lambda d: last_hit_on_turn_1(d["table"]), "right_guesses"),
    ],
)
def test_from_json_refuses_malformed_puzzles(change, words):
    with pytest.raises(ValueError, match=re.escape(words)):
        P.Puzzle.from_json(bad(change))


def test_from_json_refuses_what_is_not_an_object():
    with pytest.raises(ValueError, match="keys"):
        P.Puzzle.from_json(["fugitive-easy-1"])


# --- tables ----------------------------------------------------------------------------------


def table_with(change) -> dict:
    table = copy.deepcopy(puzzle("medium", 1).table)
    change(table)
    return table


def first_down(table: dict) -> int:
    return next(i for i, c in enumerate(table["row"]) if "sprint_count" in c)


def first_up(table: dict) -> int:
    return next(i for i, c in enumerate(table["row"]) if i and "number" in c)


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda t: t.pop("marshal_hand"), "lacks marshal_hand"),
        (lambda t: t.update(deck="custom"), "deck"),
        (lambda t: t.update(turn=0), "turn"),
        (lambda t: t.update(turn="5"), "turn"),
        (lambda t: t["row"].pop(0), "row"),
        (lambda t: t["row"][first_down(t)].update(sprint_count=-1), "].sprint_count"),
        (lambda t: t["row"][first_down(t)].update(number=12), "row["),
        (lambda t: t["row"][first_up(t)].update(number=0), "].number"),
        (lambda t: t["row"][-1].update(turn=t["turn"] + 1), "].turn"),
        (lambda t: t["row"].append(dict(t["row"][-1])), "].turn"),
        (lambda t: t["marshal_hand"].pop(), "marshal_hand"),
        (lambda t: t["marshal_hand"].__setitem__(0, 2), "marshal_hand"),
        (lambda t: t["marshal_hand"].__setitem__(0, t["marshal_hand"][1]), "marshal_hand"),
        (lambda t: t["draws"].pop(), "draws"),
        (lambda t: t["draws"].__setitem__(0, 4), "draws"),
        (lambda t: t.update(discarded=[{"card": 5}]), "discarded"),
        (lambda t: t["wrong_guesses"].pop(), "wrong_guesses"),
        (lambda t: t["wrong_guesses"].append(dict(t["wrong_guesses"][0])), "wrong_guesses"),
        (lambda t: t["wrong_guesses"][0].update(number=0), "wrong_guesses"),
        (lambda t: t["right_guesses"].pop(), "right_guesses"),
        (lambda t: t["right_guesses"].append(dict(t["right_guesses"][0])), "right_guesses"),
        (lambda t: t["right_guesses"][0].update(numbers=[]), "right_guesses"),
        (lambda t: t["right_guesses"][0].update(numbers=[41]), "right_guesses: 41 on turn"),
        (lambda t: t["right_guesses"][0].update(turn="2"), "right_guesses"),
    ],
)
def test_table_facts_refuses_malformed_tables_naming_the_field(change, field):
    with pytest.raises(ValueError, match=re.escape(field)):
        P.table_facts(table_with(change))


def test_a_card_twice_on_the_table_is_refused_with_both_places():
    def twice(table):
        up = first_up(table)
        table["marshal_hand"][0] = table["row"][up]["number"]

    with pytest.raises(ValueError, match=r"appears twice: in row\[\d+\]\.number and in marsh"):
        P.table_facts(table_with(twice))


def test_a_guess_that_would_have_found_a_revealed_hideout_is_refused():
    def found(table):
        up = first_up(table)
        guess = next(g for g in table["wrong_guesses"] if g["turn"] >= table["row"][up]["turn"])
        guess["number"] = table["row"][up]["number"]

    with pytest.raises(ValueError, match="wrong_guesses: the guess .* would have found"):
        P.table_facts(table_with(found))


def test_table_lines_and_question_describe_the_table():
    p = puzzle("medium", 1)
    facts = P.table_facts(p.table)
    lines = P.table_lines(p)
    assert lines[0] == f"End of your turn {facts.turn}."
    assert lines[-1] == f"Deck: {P.DECK_TEXT}."
    row = lines[1]
    for q in facts.face_down:
        assert f"H{q} ? (" in row
    names = [f"H{q}" for q in facts.face_down]
    assert P.question_text(p).startswith("What are the numbers of " + names[0])
    assert P.question_text(p).endswith(f"{names[-1]}?")


# --- limits checked before any work ----------------------------------------------------------


@pytest.fixture
def no_work(monkeypatch):
    def refuse(*args):
        raise AssertionError("a puzzle was generated before the options were checked")

    monkeypatch.setattr(P, "_attempt", refuse)


@pytest.mark.parametrize("count", [0, -1, P.MAX_COUNT + 1, True, 2.0])
def test_bad_counts_are_refused_before_any_work(no_work, count):
    with pytest.raises(QuarryError, match="--count"):
        P.generate_puzzles(count, "easy", 1)
    with pytest.raises(QuarryError, match="--count"):
        P.make_puzzles(count, "easy", 1)


def test_unknown_difficulty_bad_seed_and_loops_are_refused_before_any_work(no_work):
    for call in (P.generate_puzzles, P.make_puzzles):
        with pytest.raises(QuarryError, match="--difficulty"):
            call(1, "fiendish", 1)
        with pytest.raises(QuarryError, match="--seed"):
            call(1, "easy", -3)
    with pytest.raises(QuarryError, match="--difficulty"):
        P.generate_puzzle("fiendish", 1)
    with pytest.raises(QuarryError, match="--loops"):
        P.make_puzzles(1, "easy", 1, loops=True)


def test_a_book_numbers_its_puzzles_from_the_seed():
    puzzles = P.make_puzzles(2, "easy", 3)
    assert [p.id for p in puzzles] == ["fugitive-easy-3000", "fugitive-easy-3001"]
    assert all(P.certify_answer(p) == p.answer for p in puzzles)
