"""The Hunt's printable components: true-size SVG pages, the puzzle book and the kit."""

import json
from xml.etree import ElementTree

import pypdfium2
import pytest

from generator.games.hunt import print as hunt_print
from generator.games.hunt.maps import NO_ARROW, RouteMap
from generator.kit import KitRequest, KitWriter
from generator.render.svg import svg_size_mm
from generator.render.text import TextOverflow
from generator.render.units import pt_to_mm

SVG = "{http://www.w3.org/2000/svg}"
PLACES = ("Town", "Hills", "Woods", "Sea", "Lair")
SIZES = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}

SAMPLE_MAP = RouteMap(walk=(1, 0, 3, 2, NO_ARROW), fly=(4, 3, 0, 1, 2))
LOOPY_MAP = RouteMap(walk=(0, 3, 2, 0, NO_ARROW), fly=(2, 1, 4, 3, 4))


def _puzzles() -> list[dict]:
    """Hand-made puzzles in the shape puzzles.py writes, plus reasoning for the first."""
    where = {
        "id": "hunt-easy-1",
        "difficulty": "easy",
        "loops": False,
        "question": "where",
        "log": [
            {"turn": 1, "aide": "none", "town": True, "move": "fly", "search": ["lair"],
             "encounter": True},
            {"turn": 2, "aide": "none", "town": False, "move": "fly", "search": ["woods"],
             "encounter": None},
            {"turn": 3, "aide": "tracker", "town": False, "move": "walk", "search": ["sea"],
             "encounter": False, "revealed": "woods"},
        ],
        "answer": "town",
        "reasoning": [
            "After turn 1 he is in the Lair: the Knight met him there.",
            "The Tracker showed him in the Woods at the start of turn 3.",
            "Suppose the Walk from the Woods led to the Sea:",
            "    the search of the Sea on turn 3 would have found him.",
            "Answer: Town.",
        ],
    }  # fmt: skip
    long_log = [
        {"turn": t, "aide": "none", "town": t == 1, "move": "walk" if t % 2 else "fly",
         "search": ["hills"], "encounter": False}
        for t in range(1, 18)
    ]  # fmt: skip
    long_log[2] = {**long_log[2], "aide": "militia", "search": ["hills", "sea"],
                   "encounter": True, "revealed": "sea"}  # fmt: skip
    long_log[8] = {
        **long_log[8],
        "aide": "wizard",
        "wizard": [["hills", "town"], ["town", "hills"]],
        "wizard_between": ["hills", "town"],
    }
    arrows = {
        "id": "hunt-hard-2-loops",
        "difficulty": "hard",
        "loops": True,
        "question": "arrows",
        "log": long_log,
        "answer": {"walk": {"town": "hills", "hills": "sea"}, "fly": {"sea": "lair"}},
    }
    return [where, arrows, {**where, "id": "hunt-medium-3", "difficulty": "medium"}]


def _root(svg: str) -> ElementTree.Element:
    return ElementTree.fromstring(svg.encode("utf-8"))


def _all_text(svg: str) -> str:
    return " ".join(t.text or "" for t in _root(svg).iter(f"{SVG}text"))


def _arrows(svg: str) -> list[ElementTree.Element]:
    return [g for g in _root(svg).iter(f"{SVG}g") if "arrow" in g.get("class", "").split()]


@pytest.fixture(scope="module", params=["a4", "letter"])
def paper(request, book):
    return book.paper(request.param)


@pytest.fixture(scope="module")
def components(paper):
    return {slug: svg for slug, _, svg in hunt_print.components(paper)}


def test_every_component_is_a_true_size_page_in_millimetres(components, paper):
    assert set(components) == {"map", "knight-log", "dragon-log", "reference"}
    for svg in components.values():
        root = _root(svg)
        assert root.get("width").endswith("mm") and root.get("height").endswith("mm")
        assert svg_size_mm(svg) == pytest.approx(SIZES[paper.name])
        assert root.get("viewBox").split() == ["0", "0", *[f"{v:g}" for v in SIZES[paper.name]]]


def test_every_component_sets_its_text_in_vera(components):
    for svg in components.values():
        families = {g.get("font-family") for g in _root(svg).iter() if g.get("font-family")}
        assert families and all(f.startswith("Vera") for f in families)


def test_the_map_sheet_shows_the_five_locations_legend_and_rules(components):
    text = _all_text(components["map"])
    for place in PLACES:
        assert place in text
    assert "Walk" in text and "Fly" in text
    assert "Lair" in text and "No Walk arrow may enter the Lair" in text
    assert "loop" in text.lower() and "Nine arrows" in text
    assert _arrows(components["map"]) == []  # a blank map: the Dragon draws the arrows


def test_the_map_legend_draws_walk_solid_and_fly_dashed(components):
    legend = {g.get("class"): g for g in _root(components["map"]).iter(f"{SVG}g")}
    walk_line = legend["legend walk"].find(f"{SVG}line")
    fly_line = legend["legend fly"].find(f"{SVG}line")
    assert walk_line.get("stroke-dasharray") is None
    assert fly_line.get("stroke-dasharray")


def test_route_map_svg_draws_exactly_nine_arrows():
    svg = hunt_print.route_map_svg(SAMPLE_MAP)
    arrows = _arrows(svg)
    assert len(arrows) == 9
    kinds = sorted(g.get("class") for g in arrows)
    assert kinds.count("arrow walk") == 4 and kinds.count("arrow fly") == 5
    assert svg_size_mm(svg) == pytest.approx(SIZES["a4"])
    text = _all_text(svg)
    for place in PLACES:
        assert place in text


def test_route_map_svg_draws_walk_solid_fly_dashed_and_loops_as_circles(book):
    svg = hunt_print.route_map_svg(LOOPY_MAP, book.paper("letter"), loops=True)
    arrows = _arrows(svg)
    assert len(arrows) == 9
    assert svg_size_mm(svg) == pytest.approx(SIZES["letter"])
    loops = [g for g in arrows if "loop" in g.get("class")]
    assert len(loops) == sum(s == t for s, t, _ in LOOPY_MAP.arrows())
    for group in arrows:
        stroke = group.find(f"{SVG}circle") if group in loops else group.find(f"{SVG}path")
        assert stroke is not None
        dashed = stroke.get("stroke-dasharray") is not None
        assert dashed == ("fly" in group.get("class"))


def test_route_map_svg_writes_the_targets_in_the_table():
    text = _all_text(hunt_print.route_map_svg(SAMPLE_MAP))
    assert "no Walk" in text  # the Lair's Walk cell
    assert text.count("Lair") >= 2  # its landmark, its row and Town's Fly target


@pytest.mark.parametrize("slug", ["knight-log", "dragon-log"])
def test_log_sheets_hold_turns_1_to_17_with_aide_turns_marked(components, slug):
    root = _root(components[slug])
    rows = [g for g in root.iter(f"{SVG}g") if g.get("class") == "turn"]
    assert [g.get("id") for g in rows] == [f"turn-{t}" for t in range(1, 18)]
    labels = [" ".join(t.text for t in row.iter(f"{SVG}text")).split()[0] for row in rows]
    expected = [f"{t}*" if t in (3, 9, 15) else str(t) for t in range(1, 18)]
    assert labels == expected
    text = _all_text(components[slug])
    assert "only if the Knight encountered the Dragon on the turn before" in text


def test_log_sheets_shade_the_overtime_turns_16_and_17(components):
    for slug in ("knight-log", "dragon-log"):
        rows = {g.get("id"): g for g in _root(components[slug]).iter(f"{SVG}g")}
        for turn in range(1, 18):
            fills = {r.get("fill") for r in rows[f"turn-{turn}"].iter(f"{SVG}rect")}
            assert (hunt_print.OVERTIME in fills) == (turn >= 16)


def test_log_sheets_have_the_columns_of_the_rules(components):
    knight = _all_text(components["knight-log"])
    for column in ("Use aide?", "Town?", "Walk or Fly", "Militia: two", "Encounter?"):
        assert column in knight
    assert "Deductions" in knight  # the mini map for the Knight's deductions
    for place in PLACES:
        assert place in knight
    dragon = _all_text(components["dragon-log"])
    for column in ("Aide used", "(Tracker)", "Town?", "Walk or Fly", "New location",
                   "Knight location", "Encounter?"):  # fmt: skip
        assert column in dragon


def test_reference_card_gives_the_key_numbers(components):
    text = " ".join(_all_text(components["reference"]).split())
    for fact in ("3, 9 and 15", "three turns in a row", "after turn 15", "turn 17",
                 "+1", "+5", "two rounds", "9 arrows", "Tracker", "Militia", "Wizard"):  # fmt: skip
        assert fact in text, fact
    for place in PLACES:
        assert place in text


def test_reference_card_is_not_copied_from_the_rules_text(components, copied_runs):
    """No run of eight words from the seed rules appears on the card."""
    assert not copied_runs("001_c0a1686d5bcccdb1.txt", _all_text(components["reference"]))


def test_no_text_is_smaller_than_five_points(components):
    for svg in components.values():
        for group in _root(svg).iter(f"{SVG}g"):
            if group.get("font-size"):
                assert float(group.get("font-size")) >= pt_to_mm(5) - 1e-3


def test_text_that_cannot_fit_fails_loudly():
    probe = hunt_print.Group()
    with pytest.raises(TextOverflow):
        hunt_print._text(probe, "an unbreakable" + "x" * 80, 0, 0, 20, 5, 9)


def test_puzzle_book_has_instructions_puzzles_and_solutions(paper):
    puzzles = _puzzles()
    pages = hunt_print.puzzle_book(puzzles, paper, seed=5)
    names = [name for name, _ in pages]
    assert names[0] == "puzzle instructions"
    assert names[1:3] == ["puzzles 1-2", "puzzles 3"]  # one puzzle a half page
    assert all(name == "solutions" for name in names[3:]) and len(names) >= 4
    for _, svg in pages:
        assert svg_size_mm(svg) == pytest.approx(SIZES[paper.name])
    first = _all_text(pages[1][1])
    assert "Where is the Dragon at the end of turn 3?" in first
    assert "hunt-easy-1" in first and "Your answer" in first
    for place in PLACES:
        assert place in first
    solutions = " ".join(_all_text(svg) for _, svg in pages[3:])
    assert "Answer: Town" in solutions
    assert "The Tracker showed him in the Woods at the start of turn 3." in solutions
    assert "Walk: Town>Hills, Hills>Sea" in solutions and "Fly: Sea>Lair" in solutions


def test_puzzle_book_shows_logs_up_to_turn_17_with_aides(book):
    pages = hunt_print.puzzle_book(_puzzles(), book.paper("a4"))
    text = _all_text(pages[1][1])
    assert "17" in text and "Militia" in text and "Hills + Sea" in text
    assert "found in Sea" in text and "H–T: H>T, T>H" in " ".join(text.split())
    assert "was in Woods" in text  # the Tracker's reveal on the first puzzle
    # the arrows answer leaves no hint of which arrows were used: all five rows are there
    puzzle_2 = [g for g in _root(pages[1][1]).iter(f"{SVG}g") if g.get("id") == "puzzle-2"][0]
    assert "Walk to" in " ".join(t.text for t in puzzle_2.iter(f"{SVG}text"))


def test_puzzle_book_accepts_puzzle_objects_and_rejects_malformed_ones(book):
    class Wrapped:
        def __init__(self, data):
            self.data = data

        def to_json(self):
            return self.data

    pages = hunt_print.puzzle_book([Wrapped(_puzzles()[0])], "letter")
    assert svg_size_mm(pages[0][1]) == pytest.approx(SIZES["letter"])
    with pytest.raises(ValueError, match="lacks answer"):
        hunt_print.puzzle_book([{"question": "where", "log": []}], book.paper("a4"))
    with pytest.raises(ValueError, match="at least one"):
        hunt_print.puzzle_book([], book.paper("a4"))


def test_long_reasoning_flows_over_columns_and_pages(book):
    puzzle = {**_puzzles()[0], "reasoning": [f"Step {i}: " + "words " * 30 for i in range(80)]}
    pages = hunt_print.puzzle_book([puzzle], book.paper("a4"))
    solutions = [svg for name, svg in pages if name == "solutions"]
    assert len(solutions) >= 2
    assert "Puzzle 1, continued" in _all_text(solutions[1])


def _both_papers(writer, book, seed):
    letter, a4 = book.paper("letter"), book.paper("a4")
    return KitRequest(writer, book, letter, seed, papers=(letter, a4))


@pytest.fixture(scope="module")
def kit(tmp_path_factory, book):
    out = tmp_path_factory.mktemp("kit")
    with KitWriter(out, "hunt", {"kind": "game", "game": "hunt"}) as writer:
        hunt_print.build_kit(_both_papers(writer, book, 3))
    return writer.final_path


def test_build_kit_writes_both_papers(kit):
    manifest = json.loads((kit / "manifest.json").read_text())
    paths = {entry["path"]: entry for entry in manifest["files"]}
    for name in ("a4", "letter"):
        assert paths[f"hunt-{name}.pdf"]["pages"] == 4
        for slug in ("map", "knight-log", "dragon-log", "reference"):
            entry = paths[f"svg/{slug}-{name}.svg"]
            assert (entry["width_mm"], entry["height_mm"]) == pytest.approx(SIZES[name])
    for name in ("a4", "letter"):  # generator.games.hunt.puzzles is there: a sample book
        assert paths[f"puzzles-{name}.pdf"]["kind"] == "puzzle-book"
        assert paths[f"puzzles-{name}.pdf"]["pages"] >= 5
    puzzles = json.loads((kit / "puzzles.json").read_text())
    assert len(puzzles) == 6 and {p["difficulty"] for p in puzzles} == {"easy", "medium", "hard"}


def test_every_kit_pdf_page_renders_at_its_paper_size(kit):
    pdfs = sorted(kit.glob("*.pdf"))
    assert pdfs
    for path in pdfs:
        size = SIZES["letter" if "letter" in path.name else "a4"]
        document = pypdfium2.PdfDocument(str(path))
        assert len(document) >= 1
        for page in document:
            width, height = page.get_size()
            assert (pt_to_mm(width), pt_to_mm(height)) == pytest.approx(size, abs=0.05)
            image = page.render(scale=0.5).to_pil().convert("L")
            assert image.getextrema()[0] < 100  # something dark was drawn
        document.close()


def test_build_kit_is_reproducible(kit, tmp_path, book):
    with KitWriter(tmp_path, "hunt", {"kind": "game", "game": "hunt"}) as writer:
        hunt_print.build_kit(_both_papers(writer, book, 3))
    for path in sorted(kit.rglob("*")):
        if path.is_file():
            assert (writer.final_path / path.relative_to(kit)).read_bytes() == path.read_bytes()
