"""`quarry puzzle hunt`: a book and puzzles.json whose every answer is the only one."""

import json

import pypdf

from generator.games.hunt.puzzles import Puzzle, brute_force_answers, worked_solution


def test_the_puzzle_verb_writes_a_book_and_json_of_unique_puzzles(quarry, tmp_path):
    done = quarry("puzzle", "hunt", "--count", 3, "--difficulty", "easy", "--seed", 5,
                  "--paper", "letter", "--out", tmp_path)  # fmt: skip
    assert done.returncode == 0, done.stderr
    kit = tmp_path / "hunt-puzzles"
    puzzles = json.loads((kit / "puzzles.json").read_text())
    assert [p["id"] for p in puzzles] == ["hunt-easy-5000", "hunt-easy-5001", "hunt-easy-5002"]
    for data in puzzles:
        assert {"id", "difficulty", "loops", "question", "log", "answer"} <= set(data)
        puzzle = Puzzle.from_json(data)
        assert len(brute_force_answers(puzzle)) == 1
    reader = pypdf.PdfReader(kit / "puzzles-letter.pdf")
    page = reader.pages[0]
    assert (float(page.mediabox.width), float(page.mediabox.height)) == (612, 792)
    # the first page promises the reasoning, and the solutions give it, step by step
    texts = [" ".join(p.extract_text().split()) for p in reader.pages]
    assert "Solutions are at the back, with the reasoning spelled out." in texts[0]
    solutions = " ".join(text for text in texts if text.startswith("Solutions"))
    for data in puzzles:
        steps = worked_solution(Puzzle.from_json(data))
        assert len(steps) >= 3  # reasoning, not the answer alone
        for step in steps[:-1]:  # the answer itself is printed above the steps
            assert " ".join(step.split())[:45] in solutions, step
