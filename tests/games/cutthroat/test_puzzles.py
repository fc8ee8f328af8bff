""" "Who is the Queen?" puzzles: each one's answer is the only identity assignment that fits
its record (checked here by enumerating assignments, with nothing shared with the solvers,
and by CP-SAT), its grade is the weakest solver level that solves it, and its record is
one the engine plays through under the answer's deal."""

import json
from itertools import permutations

import pytest

from generator.errors import QuarryError
from generator.games.cutthroat.puzzles import (
    Puzzle,
    engine_actions,
    generate_puzzle,
    make_puzzles,
    record_problem,
    solve,
)
from generator.games.cutthroat.puzzles.form import play_problem
from generator.games.cutthroat.puzzles.solvers import LEVELS
from generator.games.cutthroat.puzzles.uniqueness import certified_answer
from generator.games.cutthroat.rules import CutthroatState


@pytest.fixture(scope="module")
def puzzles():
    """Two easy, two medium (7 and 8 players) and two hard ones (9 and 10 players)."""
    chosen = [("easy", 0), ("easy", 3), ("medium", 0), ("medium", 4), ("hard", 1), ("hard", 0)]
    made = [generate_puzzle(difficulty, seed) for difficulty, seed in chosen]
    assert {p.players for p in made} == {6, 7, 8, 9, 10}
    return made


def enemy_deal_exists(puzzle, identity):
    """Return True when some enemy deal (one card each) lets every play keep the rules
    under `identity`: a matching of players to allowed enemy cards (augmenting paths)."""
    allowed = []
    for seat in range(puzzle.players):
        cards = set(range(puzzle.players))
        for turn in puzzle.turns:
            if turn.seat == seat and turn.is_play:
                cards = {e for e in cards if play_problem(turn, identity[seat], e) is None}
        allowed.append(cards)
    owner = {}

    def place(seat, seen):
        for card in allowed[seat]:
            if card not in seen:
                seen.add(card)
                if card not in owner or place(owner[card], seen):
                    owner[card] = seat
                    return True
        return False

    return all(place(seat, set()) for seat in range(puzzle.players))


def fits_single_turns(puzzle, identity):
    """Return True when no play takes off its player's own card and no wrong guess names
    the guesser's character or the named player's."""
    for turn in puzzle.turns:
        if turn.is_play and identity[turn.seat] in turn.take:
            return False
        if not turn.is_play:
            target, character = turn.guess
            if character in (identity[turn.seat], identity[target]):
                return False
    return True


def every_fitting_assignment(puzzle):
    """Return every identity assignment that fits the record. Up to 8 players every one
    of the N! permutations is tried; above that, seats are filled in order and a branch is
    cut only when a single turn already rules out a seat's character (so nothing that fits
    is missed)."""
    n = puzzle.players
    if n <= 8:
        candidates = (list(p) for p in permutations(range(n)))
    else:
        banned = [set() for _ in range(n)]
        for turn in puzzle.turns:
            if turn.is_play:
                banned[turn.seat] |= set(turn.take)
            else:
                banned[turn.seat].add(turn.guess[1])
                banned[turn.guess[0]].add(turn.guess[1])

        def fill(prefix):
            if len(prefix) == n:
                yield list(prefix)
                return
            for c in range(n):
                if c not in prefix and c not in banned[len(prefix)]:
                    yield from fill([*prefix, c])

        candidates = fill([])
    return [
        identity
        for identity in candidates
        if fits_single_turns(puzzle, identity) and enemy_deal_exists(puzzle, identity)
    ]


def test_each_answer_is_the_only_assignment_that_fits_by_enumeration(puzzles):
    for puzzle in puzzles:
        assert every_fitting_assignment(puzzle) == [puzzle.solution], puzzle.id


def test_each_answer_is_certified_unique_by_cpsat(puzzles):
    for puzzle in puzzles:
        assert certified_answer(puzzle.players, puzzle.turns) == puzzle.solution, puzzle.id
        # one turn fewer leaves more than one assignment: the record stops at the first
        # turn that settles it
        assert certified_answer(puzzle.players, puzzle.turns[:-1]) is None, puzzle.id


def test_each_puzzle_is_graded_by_the_weakest_level_that_solves_it(puzzles):
    for puzzle in puzzles:
        level = LEVELS[puzzle.difficulty]
        result = solve(puzzle.players, puzzle.turns, level)
        assert result.solved and result.answer() == puzzle.solution, puzzle.id
        if level > 1:
            assert not solve(puzzle.players, puzzle.turns, level - 1).solved, puzzle.id


def test_the_record_keeps_the_rules_of_behaviour_under_the_answer(puzzles):
    for puzzle in puzzles:
        assert record_problem(puzzle.players, puzzle.turns, puzzle.solution, puzzle.enemies) is None
        assert [t.seat for t in puzzle.turns] == [
            i % puzzle.players for i in range(len(puzzle.turns))
        ]


def test_the_engine_plays_the_record_through_with_no_card_emptied(puzzles):
    for puzzle in puzzles:
        state = CutthroatState(puzzle.players)
        for action in engine_actions(puzzle):
            state.apply(action)  # IllegalAction on any step the engine refuses
        assert min(state.markers) >= 1 and not state.over, puzzle.id
        assert all(holder is None for holder in state.heart), puzzle.id
        # nobody is revealed, so the free pass never comes into a puzzle
        assert not any(state.revealed), puzzle.id
        assert state.turns == len(puzzle.turns), puzzle.id


def test_a_record_that_breaks_a_rule_is_refused_when_read():
    data = generate_puzzle("easy", 1).to_json()
    play = next(t for t in data["turns"] if "take" in t)
    seat = play["seat"]
    play["take"][0] = data["solution"][seat]  # a take off the player's own card
    with pytest.raises(ValueError, match="own-card"):
        Puzzle.from_json(data)


def test_puzzles_are_reproducible_from_their_seed_and_id_and_survive_json():
    one = make_puzzles(2, "medium", 3)
    assert [p.to_json() for p in one] == [p.to_json() for p in make_puzzles(2, "medium", 3)]
    assert generate_puzzle(one[0].id).to_json() == one[0].to_json()
    again = Puzzle.from_json(json.loads(json.dumps(one[1].to_json())))
    assert again == one[1]
    assert one[0].id == "cutthroat-medium-3000"


def test_the_json_holds_every_given_the_puzzle_depends_on():
    data = generate_puzzle("hard", 1).to_json()
    assert set(data["rules"]) == {"own-card", "enemy-put", "does-good", "own-guess"}
    assert len(data["names"]) == len(data["characters"]) == data["players"]
    assert all(("take" in t) != ("guess" in t) for t in data["turns"])


@pytest.mark.parametrize(
    "args, message",
    [
        ((0, "easy", 1), "--count must be between 1 and 200"),
        ((201, "easy", 1), "--count must be between 1 and 200"),
        ((2, "fiendish", 1), "--difficulty must be one of easy, medium, hard"),
        ((2, "easy", -1), "--seed must be a whole number"),
    ],
)
def test_bad_options_are_refused_before_any_work(args, message):
    with pytest.raises(QuarryError, match=message):
        make_puzzles(*args)


def test_the_cli_refuses_a_bad_difficulty_in_one_line_and_writes_nothing(quarry, tmp_path):
    done = quarry("puzzle", "cutthroat", "--difficulty", "fiendish", "--out", tmp_path)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "difficulty" in lines[0] and "Traceback" not in done.stderr
    assert list(tmp_path.iterdir()) == []
