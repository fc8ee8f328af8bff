"""Fugitive's table check (generator/games/fugitive/table.py) against its kits: the default
kit serves the published game with every variant, and the kit of a designed deck (generate
deck, then kit --design) prints the cards of that configuration and serves its table."""

import json
import re
from pathlib import Path

import pikepdf
import pypdf
import pytest

from generator.engine.table import Provided, check_table, table_of
from generator.games.fugitive import table
from generator.games.fugitive.cards import EVENTS, load_config
from tests.games.table_check import assert_kit_serves_its_table
from tests.test_pdf_validity import missing_resources, print_rule_breaks, structural_problems


def counts(needs) -> dict[str, int]:
    return {piece.name: piece.count for piece in needs.pieces}


def test_the_published_game_needs_every_card_a_notepad_references_and_a_pencil():
    wanted = counts(table.needs(2, None))
    assert wanted[table.HIDEOUT] == 43
    assert wanted[table.sprint_piece(2)] == 22 and wanted[table.sprint_piece(1)] == 21
    assert wanted[table.ROLE] == 2 and wanted[table.PLACEHOLDER] == 6
    assert all(wanted[table.event_piece(event.name)] == 1 for event in EVENTS)
    assert wanted[table.NOTEPAD] == 1 and wanted[table.REFERENCE] == 2
    assert [(item.name, item.count) for item in table.needs(2, None).bring] == [("pencil", 1)]


def test_the_kit_serves_the_published_game(tmp_path):
    manifest = assert_kit_serves_its_table("fugitive", tmp_path, 2)
    provided = {piece["name"]: piece["count"] for piece in manifest["table"]["provided"]}
    assert provided[table.HIDEOUT] == 43 and provided[table.PLACEHOLDER] == 6
    assert provided[table.sprint_piece(2)] == 22  # read from the footprints drawn


def write_deck(folder: Path, data: dict) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "deck.json").write_text(json.dumps(data))
    return folder


@pytest.mark.parametrize(
    ("data", "events", "placeholders"),
    [
        ({"sprint": {"5": 3, "6": 0}}, 0, 0),
        ({"sprint": {}, "variant": "catchup", "events": ["lie-low", "dragnet"]}, 2, 6),
        ({"sprint": {}, "variant": "helpful-fugitive"}, 4, 0),
        ({"sprint": {}, "variant": "random", "events_per_pile": [1, 1, 1]}, 10, 0),
    ],
)
def test_a_design_needs_the_cards_its_variant_deals(tmp_path, data, events, placeholders):
    design = write_deck(tmp_path / "my-deck", data) / "deck.json"
    wanted = counts(table.needs(2, design))
    dealt = [name for name in wanted if name.startswith("Event card: ")]
    assert len(dealt) == events
    assert wanted.get(table.PLACEHOLDER, 0) == placeholders
    config = load_config(design)
    for value in set(config.sprint):
        assert wanted[table.sprint_piece(value)] == config.sprint.count(value)


def test_a_design_without_events_prints_no_event_sheet_and_serves_its_table(tmp_path):
    folder = write_deck(tmp_path / "plain", {"sprint": {"5": 3, "6": 0}})
    manifest = assert_kit_serves_its_table("fugitive", tmp_path, 2, design=folder)
    paths = {entry["path"] for entry in manifest["files"]}
    assert "cards-a4.pdf" in paths and "events-a4.pdf" not in paths
    assert "Event" not in " ".join(piece["name"] for piece in manifest["table"]["provided"])


def test_a_kit_short_of_a_sprint_value_is_named(tmp_path):
    design = write_deck(tmp_path / "d", {"sprint": {"5": 3}}) / "deck.json"
    needs = table.needs(2, design)
    provided = [Provided(piece.name, piece.count) for piece in needs.pieces]
    provided = [p for p in provided if p.name != table.sprint_piece(3)]
    assert check_table(needs, provided) == [
        "Hideout card with Sprint +3: the table needs 1, the kit gives 0 "
        "(the design's Sprint values)"
    ]


# --- a designed deck from generate deck --------------------------------------------------------


@pytest.fixture(scope="module")
def designed(tmp_path_factory, quarry) -> Path:
    """A deck design folder from `generate deck`: Sprint values 1 to 3 with at least five
    +3 cards, the catch-up variant with three events in play (seed 5, 2 candidates, 4
    games each)."""
    out = tmp_path_factory.mktemp("deck")
    constraints = ["values=1..3", "threes>=5", "variant=catchup", "events=3"]
    done = quarry(
        *("generate", "deck", "--seed", "5", "--candidates", "2", "--games", "4"),
        *[word for text in constraints for word in ("--constraint", text)],
        *("--out", out, "--quiet"),
    )
    assert done.returncode == 0, done.stderr
    return out / "fugitive-deck"


def test_the_design_folder_keeps_the_deck_and_its_report_and_prints_no_cards(designed):
    names = {path.name for path in designed.iterdir()}
    assert {"deck.json", "report.json", "report.txt", "report-a4.pdf"} <= names
    assert not [name for name in names if name.startswith(("cards-", "events-"))]
    guide = " ".join(pypdf.PdfReader(designed / "00-guide-a4.pdf").pages[0].extract_text().split())
    assert "report-a4.pdf" in guide and "quarry kit fugitive --design" in guide
    for pdf in sorted(designed.glob("*.pdf")):
        with pikepdf.open(pdf) as opened:
            assert missing_resources(opened) == [] and structural_problems(opened) == [], pdf
        assert print_rule_breaks(pdf) == [], pdf.name


@pytest.fixture(scope="module")
def designed_kit(designed, tmp_path_factory) -> tuple[Path, dict]:
    out = tmp_path_factory.mktemp("kit")
    manifest = assert_kit_serves_its_table("fugitive", out, 2, design=designed)
    return out / "fugitive-deck-kit", manifest


def test_the_designed_kits_hideouts_carry_the_designed_sprint_values(designed, designed_kit):
    folder, manifest = designed_kit
    config = load_config(designed / "deck.json")
    assert config.sprint.count(3) >= 5  # the design is not the published deck
    assert manifest["design"]["file"] == "deck.json"
    for number, value in enumerate(config.sprint):
        svg = (folder / "svg" / f"hideout-{number:02d}.svg").read_text()
        assert len(re.findall(r'class="footprint"', svg)) == value, number
    # every Hideout is on the card sheets, each with the shared back
    decks = manifest["decks"]["cards"]
    hideouts = [card for card in decks if card["front"].startswith("svg/hideout-")]
    assert len(hideouts) == 43


def test_the_designed_kit_prints_only_the_events_its_variant_deals(designed, designed_kit):
    folder, manifest = designed_kit
    config = load_config(designed / "deck.json")
    assert config.variant == "catchup" and len(config.events) == 3
    text = "".join(page.extract_text() for page in pypdf.PdfReader(folder / "events-a4.pdf").pages)
    names = {event.name for event in EVENTS if event.key in config.events}
    assert names and all(name in text for name in names)
    assert not [e.name for e in EVENTS if e.key not in config.events and e.name in text]
    fronts = [card["front"] for card in manifest["decks"]["events"]]
    assert fronts.count("svg/placeholder.svg") == 6 and len(fronts) == 9
    provided = {piece["name"]: piece["count"] for piece in manifest["table"]["provided"]}
    assert provided[table.PLACEHOLDER] == 6
    assert sorted(n for n in provided if n.startswith("Event")) == sorted(
        table.event_piece(name) for name in names
    )


def test_the_designed_kits_pdfs_are_valid_and_clear_of_the_outer_5_mm(designed_kit):
    folder, _ = designed_kit
    pdfs = sorted(folder.glob("*.pdf"))
    assert {"cards-a4.pdf", "events-a4.pdf", "notepad-a4.pdf", "rules-a4.pdf"} <= {
        pdf.name for pdf in pdfs
    }
    for pdf in pdfs:
        with pikepdf.open(pdf) as opened:
            assert missing_resources(opened) == [] and structural_problems(opened) == [], pdf
        assert print_rule_breaks(pdf) == [], pdf.name
    guide = pypdf.PdfReader(folder / "00-guide-a4.pdf").pages[0].extract_text()
    guide = " ".join(guide.split())
    assert "a designed deck" in guide and "Printed for 2 players" in guide
    assert "3 Events and 6 Placeholders" in guide and "For the catchup variant" in guide
    # the reference card says the design's Sprint values and events, not the published ones
    rules = " ".join(pypdf.PdfReader(folder / "rules-a4.pdf").pages[0].extract_text().split())
    assert "in this designed deck 1, 2 or 3." in rules and "value, 1 or 2." not in rules
    assert "This deck plays the catch-up variant: 3 Events and 6 Placeholders." in rules


def test_the_designed_kit_is_the_same_bytes_when_written_again(designed, designed_kit, tmp_path):
    _, manifest = designed_kit
    again = assert_kit_serves_its_table("fugitive", tmp_path, 2, design=designed / "deck.json")
    assert again["files"] == manifest["files"]


def test_kit_takes_the_deck_file_and_names_a_bad_one(designed, quarry, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"sprint": {"5": 9}}))
    done = quarry("kit", "fugitive", "--deck", bad, "--out", tmp_path / "out")
    assert done.returncode == 2 and "bad.json: sprint values must be from 0 to 5" in done.stderr
    assert not (tmp_path / "out" / "bad-kit").exists()
    copy = tmp_path / "deck.json"
    copy.write_bytes((designed / "deck.json").read_bytes())
    done = quarry("kit", "fugitive", "--deck", copy, "--paper", "a4", "--out", tmp_path / "out")
    assert done.returncode == 0, done.stderr
    # a deck.json is named after its folder
    manifest = json.loads((tmp_path / "out" / f"{tmp_path.name}-kit" / "manifest.json").read_text())
    assert check_table(*table_of(manifest)) == []


def test_the_designed_kits_guide_says_its_puzzles_keep_the_published_values(designed_kit):
    folder, manifest = designed_kit
    guide = " ".join(pypdf.PdfReader(folder / "00-guide-a4.pdf").pages[0].extract_text().split())
    assert "puzzles use the published Sprint values, not this deck's" in guide
    # the default game's balance is not this deck's: the design's report has its own
    assert "balance" not in manifest and "Is it a fair game?" not in guide
