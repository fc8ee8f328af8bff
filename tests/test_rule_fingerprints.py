"""The own-words check: tests/data/rule-fingerprints.json, tools/fingerprint_rules.py, and the
copied_runs fixture that compares our pages with the fingerprints (no rule text needed)."""

import hashlib
import json
import re
import subprocess
import sys

# Invented for these tests; in no rule text.
PHRASE = "the lantern keeper counts seven marbles before the owl wakes"


def _digest(words: str) -> str:
    return hashlib.sha256(words.encode("utf-8")).hexdigest()


def test_a_copied_run_is_caught_and_named(own_words_checker):
    run = " ".join(PHRASE.split()[:8])  # "the lantern keeper counts seven marbles before the"
    copied = own_words_checker({"tale.txt": [_digest(run)]})
    page = "Our page. The Lantern-Keeper counts SEVEN marbles, before the owl wakes!"
    found = copied("tale.txt", page, page="the test page")
    assert found == [tuple(run.split())]
    message = repr(found)
    assert "the test page" in message and "tale.txt" in message
    assert f'"{run}"' in message


def test_a_page_without_the_run_passes(own_words_checker):
    copied = own_words_checker({"tale.txt": [_digest(" ".join(PHRASE.split()[:8]))]})
    # Seven of the eight words, and all eight in another order: neither is the run.
    assert copied("tale.txt", "the lantern keeper counts seven marbles before") == []
    assert copied("tale.txt", "before the lantern keeper counts seven marbles the") == []


def test_the_failure_names_an_unnamed_page_by_its_first_words(own_words_checker):
    run = " ".join(PHRASE.split()[1:9])
    copied = own_words_checker({"tale.txt": [_digest(run)]})
    found = copied("tale.txt", "Heading here: " + PHRASE)
    assert "heading here the lantern" in repr(found)


def test_the_script_writes_digests_the_fixture_recognises(root, tmp_path, own_words_checker):
    seeds = tmp_path / "seeds"
    seeds.mkdir()
    (seeds / "tiny.txt").write_text(PHRASE.upper().replace(" ", ",  "), encoding="utf-8")
    (seeds / "notes.md").write_text("not a rule text", encoding="utf-8")
    out = tmp_path / "prints.json"
    done = subprocess.run(
        [sys.executable, root / "tools" / "fingerprint_rules.py", seeds, "--out", out],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 0, done.stderr
    written = json.loads(out.read_text(encoding="utf-8"))
    assert list(written) == ["tiny.txt"]
    assert len(written["tiny.txt"]) == len(PHRASE.split()) - 7  # one digest a run
    assert PHRASE not in out.read_text(encoding="utf-8")
    copied = own_words_checker(written)
    assert len(copied("tiny.txt", f"Intro. {PHRASE}. Outro.")) == len(PHRASE.split()) - 7
    assert copied("tiny.txt", "the lantern keeper counts seven marbles before") == []


def test_the_shipped_fingerprints_cover_every_rule_text(root):
    shipped = json.loads((root / "tests" / "data" / "rule-fingerprints.json").read_text())
    assert sorted(shipped) == [
        "000_2ce89763b4751047.txt",
        "001_c0a1686d5bcccdb1.txt",
        "002_02ad9c9c168f2f87.txt",
        "003_0229a84e315fd9bd.txt",
        "004_920482f477f7a463.txt",
    ]
    for digests in shipped.values():
        assert len(digests) > 300
        assert digests == sorted(set(digests))
        assert all(re.fullmatch(r"[0-9a-f]{64}", digest) for digest in digests)


def test_no_rules_page_or_design_doc_copies_a_run_of_any_rule_text(root, copied_runs):
    """docs/ restates every game in our own words: no page there holds eight words in a row
    from any of the five rule texts."""
    seeds = json.loads((root / "tests" / "data" / "rule-fingerprints.json").read_text())
    pages = sorted((root / "docs").rglob("*.md"))
    assert any(page.name == "parforce.md" for page in pages)
    for page in pages:
        text = page.read_text(encoding="utf-8")
        for seed_file in seeds:
            assert not copied_runs(seed_file, text, page=str(page.relative_to(root)))
