"""CutThroat!'s kit, built by print.build_kit as `quarry kit cutthroat --players 8` builds
it: every file listed (a sample puzzle book too), four cards a character and no more,
backs that land on their fronts, valid PDFs with nothing in the printer's clear edge, the
same bytes twice, our own words on every page, and --players refused where it does not
belong."""

import json
import os
import re

import pikepdf
import pypdf
import pytest

from generator.errors import QuarryError
from generator.games import registry
from generator.games.cutthroat.aid import SIDES, aid_layout, aid_svg
from generator.games.cutthroat.cards import (
    SUIT_BY_KEY,
    SUITS,
    back_svg,
    card_set,
    characters,
    face_svg,
)
from generator.games.cutthroat.print import aid_faces
from generator.games.cutthroat.rules import PUBLISHED, RANKS, Rules
from generator.games.cutthroat.tracks import tracks_svg
from generator.kit import KitRequest, PrintOptions, write_game_kits
from generator.render.layouts import LayoutBook
from generator.render.units import mm_to_pt
from tests.card_type import words_under
from tests.test_golden import GOLDEN, normalise
from tests.test_kit import _dark_share
from tests.test_pdf_validity import (
    missing_resources,
    pdf_fonts,
    print_rule_breaks,
    structural_problems,
)

SEED_RULES = "002_02ad9c9c168f2f87.txt"
PLAYERS = 8


def _build(out, players=PLAYERS, **options):
    """Write the kit as `quarry kit cutthroat --players N` does, through the registry."""
    options = PrintOptions(**{"paper": "both", **options})
    (folder,) = write_game_kits("cutthroat", out, 5, options, players=players)
    return folder


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    return _build(tmp_path_factory.mktemp("cutthroat-kit"))


@pytest.fixture(scope="module")
def manifest(kit):
    return json.loads((kit / "manifest.json").read_text(encoding="utf-8"))


def _text(path) -> str:
    return "\n".join(page.extract_text() or "" for page in pypdf.PdfReader(path).pages)


def test_cutthroat_is_registered_with_a_kit_sized_by_players_and_by_a_variant():
    game = registry()["cutthroat"]
    assert {"print", "kit-players", "kit-design"} <= game.capabilities
    assert game.build_kit is not None
    assert game.design_file == "variant.json" and game.design_verb == "variant"


def test_the_kit_holds_every_part_on_both_papers(kit, manifest):
    kinds = {record["path"]: record["kind"] for record in manifest["files"]}
    pages = {record["path"]: record.get("pages") for record in manifest["files"]}
    for paper in ("a4", "letter"):
        assert kinds[f"cards-{paper}.pdf"] == "card-sheets"
        assert kinds[f"aid-{paper}.pdf"] == "player-aid"
        assert kinds[f"tracks-{paper}.pdf"] == "life-tracks"
        assert kinds[f"deck-{paper}.pdf"] == "deck-mapping"
        assert kinds[f"rules-{paper}.pdf"] == "rules"
        assert kinds[f"puzzles-{paper}.pdf"] == "puzzle-book"
        assert kinds[f"00-guide-{paper}.pdf"] == "guide"
        # 32 cards, 9 a sheet: 4 sheets of fronts, each followed by its backs
        assert pages[f"cards-{paper}.pdf"] == 8
        assert pages[f"aid-{paper}.pdf"] == 2  # 8 aid cards: one sheet, both sides
        for stem in ("deck", "rules"):
            assert pages[f"{stem}-{paper}.pdf"] == 1, stem
        assert pages[f"tracks-{paper}.pdf"] == 1  # 8 strips of two rows (a figure of 7, one of 1)
    for record in manifest["files"]:
        assert (kit / record["path"]).is_file()
    svgs = [path for path in kinds if path.startswith("svg/")]
    # the back, the fronts, the aid, the tracks (a figure of 7 strips, one of 1)
    assert len(svgs) == 1 + 4 * PLAYERS + 2 + 2
    assert manifest["players"] == PLAYERS
    puzzles = json.loads((kit / "puzzles.json").read_text(encoding="utf-8"))
    assert [p["difficulty"] for p in puzzles] == ["easy"] * 2 + ["medium"] * 2 + ["hard"]


def test_the_cards_are_those_of_the_players_characters_only(kit, manifest):
    fronts = {r["path"] for r in manifest["files"] if r["kind"] == "card-front"}
    assert fronts == {f"svg/{s.key}-{rank}.svg" for s in SUITS for rank in RANKS[:PLAYERS]}
    reader = pypdf.PdfReader(kit / "cards-a4.pdf")
    last_fronts = reader.pages[-2].extract_text()  # the hearts of the Six to the Eight
    assert "HEART" in last_fronts and "EIGHT" in last_fronts and "NINE" not in last_fronts


@pytest.mark.parametrize("players", [6, 9, 13, None])
def test_each_character_has_four_cards_one_of_each_suit(players):
    cards = card_set(players=players)
    ranks = RANKS[: players or 13]
    assert cards.ranks == ranks
    assert len(cards.faces) == 4 * len(ranks)
    fronts = {slug for slug, kind, _ in cards.svgs if kind == "card-front"}
    assert fronts == {f"{suit.key}-{rank}" for suit in SUITS for rank in ranks}
    assert len({face.back for face in cards.faces}) == 1  # one back for every card
    assert len({face.front for face in cards.faces}) == len(cards.faces)


@pytest.mark.parametrize("players", [5, 14, 0])
def test_a_table_outside_6_to_13_has_no_cards(players):
    with pytest.raises(ValueError, match="6 to 13"):
        characters(players)


def test_the_suits_stand_for_the_four_suits_of_a_deck():
    assert [(s.key, s.deck_suit) for s in SUITS] == [
        ("identity", "diamonds"),
        ("enemy", "spades"),
        ("life", "clubs"),
        ("heart", "hearts"),
    ]


def test_a_life_card_has_a_space_for_each_marker_and_the_others_none():
    assert face_svg("life", "Q").count('class="marker-space"') == PUBLISHED.markers
    for suit in ("identity", "enemy", "heart"):
        svg = face_svg(suit, "Q")
        assert 'class="marker-space"' not in svg
        assert f"emblem-{suit}" in svg and "QUEEN" in svg


def test_the_six_and_the_nine_are_underlined_in_both_corners_and_in_the_middle():
    """In Vera only 6 and 9 of the ranks read as another rank turned round."""
    from xml.etree import ElementTree

    for suit in SUITS:
        for rank in RANKS:
            root = ElementTree.fromstring(face_svg(suit.key, rank))
            marked = [
                group.find("{http://www.w3.org/2000/svg}text").text
                for group in root.iter("{http://www.w3.org/2000/svg}g")
                if any(e.get("class") == "underline" for e in group)
            ]
            assert marked == ([rank] * 3 if rank in ("6", "9") else []), (suit.key, rank)


@pytest.mark.parametrize("markers", [8, 9, 20])
def test_a_life_cards_marker_spaces_6_and_9_are_underlined_once_both_are_there(markers):
    """With 8 markers a turned 6 reads 9, which is no space; from 9 on it is one."""
    from xml.etree import ElementTree

    root = ElementTree.fromstring(face_svg("life", "A", rules=Rules(markers=markers)))
    spaces = [g for g in root.iter("{http://www.w3.org/2000/svg}g")
              if g.get("class") == "marker-space"]  # fmt: skip
    assert len(spaces) == markers
    marked = [g.findtext(".//{http://www.w3.org/2000/svg}text") for g in spaces
              if any(e.get("class") == "underline" for e in g.iter())]  # fmt: skip
    assert marked == ([] if markers < 9 else ["6", "9"])


def test_no_card_face_or_aid_draws_a_dashed_line():
    """Dashes mean cut or fold; the life card's marker spaces are solid rings."""
    svgs = [face_svg(suit.key, rank) for suit in SUITS for rank in ("A", "10")]
    svgs += [back_svg(), back_svg(ink="low"), aid_svg("turn"), aid_svg("wounds")]
    assert all("stroke-dasharray" not in svg for svg in svgs)


def test_the_back_shows_no_rank_and_low_ink_is_light():
    normal, low = back_svg(), back_svg(ink="low")
    assert normal != low
    for svg in (normal, low):
        assert all(f"emblem-{s.key}" in svg for s in SUITS)
        assert "QUEEN" not in svg and ">Q<" not in svg
    assert _dark_share(normal) > 0.5 and _dark_share(low) < 0.1  # light for home printers


def _placements(page) -> list[tuple[float, float]]:
    """Return where each form is drawn on `page` with a plain translation (no mirror, no
    turn): its (x, y) in points, rounded; the reflected strips of back reach are skipped."""
    stack, ctm, found = [], (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), []
    for operands, operator in pikepdf.parse_content_stream(page):
        op = str(operator)
        if op == "q":
            stack.append(ctm)
        elif op == "Q":
            ctm = stack.pop()
        elif op == "cm":
            a, b, c, d, e, f = (float(v) for v in operands)
            A, B, C, D, E, F = ctm
            ctm = (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D,
                   e * A + f * C + E, e * B + f * D + F)  # fmt: skip
        elif op == "Do" and ctm[:4] == (1.0, 0.0, 0.0, 1.0):
            found.append((round(ctm[4], 1), round(ctm[5], 1)))
    return found


def test_each_back_lands_on_its_front_when_the_sheet_turns_over_its_long_edge(kit):
    card_w = mm_to_pt(63.0)
    for stem in ("cards-a4", "cards-letter", "aid-a4"):
        with pikepdf.open(kit / f"{stem}.pdf") as pdf:
            width = float(pdf.pages[0].mediabox[2])
            for front, back in zip(pdf.pages[::2], pdf.pages[1::2], strict=True):
                fronts, backs = _placements(front), _placements(back)
                assert fronts and len(fronts) == len(backs)
                turned = sorted((width - x - card_w, y) for x, y in fronts)
                assert sorted(backs) == [pytest.approx(xy, abs=0.2) for xy in turned], stem


def _band_colours(image, scale, page_h, x, y, w, h, near, far):
    """Return the set of RGB colours in the band from `near` to `far` mm outside the card
    whose trim is (x, y, w, h) in points from the page's bottom-left corner, as rendered
    in `image` at `scale` pixels a point."""
    colours = set()
    near_pt, far_pt = mm_to_pt(near), mm_to_pt(far)
    left, right = x - far_pt, x + w + far_pt
    bottom, top = y - far_pt, y + h + far_pt
    for px in range(round(left * scale), round(right * scale)):
        for py in range(round((page_h - top) * scale), round((page_h - bottom) * scale)):
            ux, uy = px / scale, page_h - py / scale
            inside_x = x - near_pt <= ux <= x + w + near_pt
            inside_y = y - near_pt <= uy <= y + h + near_pt
            if not (inside_x and inside_y):
                colours.add(image.getpixel((px, py))[:3])
    return colours


def _tint_or_paper(colour, tint) -> bool:
    """Whether `colour` is `tint`, white paper or a blend of the two (each channel between)."""
    return all(t - 6 <= c <= 255 for c, t in zip(colour, tint, strict=True))


def test_the_aid_backs_reach_past_their_trim_with_their_own_tint_only(kit):
    """A duplex back page continues each back past its trim (back_reach.py): on the aid's
    backs that band must be the card's tint (or the white paper where the reach stops short
    of the sheet's clear edge), never a sliver of a frame, so a millimetre or two of drift
    leaves no red on the cut edge. Checked on the written PDF's pixels."""
    import pypdfium2

    tint = tuple(int(SUIT_BY_KEY["heart"].tint[i : i + 2], 16) for i in (1, 3, 5))
    card_w, card_h = mm_to_pt(63.0), mm_to_pt(88.0)
    scale = 3.0
    for paper in ("a4", "letter"):
        path = kit / f"aid-{paper}.pdf"
        with pikepdf.open(path) as pdf:
            backs = _placements(pdf.pages[1])
        document = pypdfium2.PdfDocument(path)
        page = document[1]
        page_h = page.get_height()
        image = page.render(scale=scale).to_pil().convert("RGB")
        assert backs
        for x, y in backs:
            colours = _band_colours(image, scale, page_h, x, y, card_w, card_h, 0.4, 2.2)
            # the tint, or the paper beyond a reach cut short by the sheet's clear edge
            # (and the blend of the two at that seam): never a frame's red
            strays = [colour for colour in colours if not _tint_or_paper(colour, tint)]
            assert strays == [], (paper, x, y, strays[:3])
        document.close()


def test_every_word_on_the_cards_and_aids_is_at_least_6_pt_as_printed(kit):
    for paper in ("a4", "letter"):
        for stem in ("cards", "aid"):
            assert words_under(kit / f"{stem}-{paper}.pdf", 6.0) == [], (stem, paper)


def test_backs_none_prints_both_sides_of_the_aid_as_cards_of_their_own():
    book = LayoutBook()
    paper = book.paper("a4")
    for backs, count in (("duplex", 8), ("none", 16)):
        request = KitRequest(None, book, paper, 1, backs=backs)
        svgs, faces = aid_faces(request, 8)
        assert len(svgs) == 2 and len(faces) == count
        assert all((face.back is None) == (backs == "none") for face in faces)


def test_each_side_of_the_aid_fits_the_card_at_a_readable_size():
    for side in SIDES:
        layout = aid_layout(side, 53.0, 88.0 - 17.5 - 4.0)
        assert layout["size"] >= 6.0, side.key


def test_the_track_sheet_has_a_strip_for_each_character_reaching_the_most_a_card_holds():
    svg = tracks_svg(RANKS[:7], 186.0)  # 7 players, published: a card holds up to 41
    assert svg.count('class="track track-') == 7
    assert svg.count('class="cell cell-tens"') == 7 * 5  # 0, 10, 20, 30, 40
    assert svg.count('class="cell cell-ones"') == 7 * 10
    assert svg.count('class="heart-box"') == 7
    assert svg.count(">START<") == 7 * 2  # the tens and ones of the start, 8: 0 and 8
    with pytest.raises(ValueError, match="too narrow"):
        tracks_svg(RANKS[:7], 90.0)


def test_the_pages_say_what_the_table_needs(kit):
    deck = _text(kit / "deck-a4.pdf")
    assert "8 (this kit)" in deck and "Ace to King" in deck and "Diamonds" in deck
    rules = _text(kit / "rules-letter.pdf")
    for heading in ("Setting up", "Your turn", "Extended plays", "The free pass",
                    "Mortal wounds", "Your enemy", "Sudden death", "Winning"):  # fmt: skip
        assert heading in rules, heading
    aid = _text(kit / "aid-a4.pdf")
    assert "YOUR TURN" in aid and "WOUNDS & DEATH" in aid
    guide = _text(kit / "00-guide-a4.pdf")
    assert "8 players" in guide
    for stem in ("cards", "aid", "tracks", "deck", "rules", "puzzles"):
        assert f"{stem}-a4.pdf" in guide


def test_every_pdf_is_valid_with_vera_and_nothing_in_the_outer_5_mm(kit):
    problems, checked = [], set()
    pdfs = sorted(kit.glob("*.pdf"))
    for path in pdfs:
        with pikepdf.open(path) as pdf:
            problems += [f"{path.name}: {p}" for p in missing_resources(pdf)]
            problems += [f"{path.name}: {p}" for p in structural_problems(pdf)]
        if not path.name.startswith(("print-all", "puzzles")):  # the book: test_book.py
            problems += [f"{path.name} {line}" for line in print_rule_breaks(path, checked)]
    assert problems == []
    fonts = pdf_fonts(pdfs)
    assert fonts and all(embedded and "Vera" in name for name, embedded in fonts), fonts


def test_our_words_on_every_page_are_not_copied_from_the_rules_text(kit, copied_runs):
    for path in sorted(kit.glob("*-a4.pdf")):  # Letter holds the same words
        if path.name.startswith("puzzles"):
            continue  # the book's words: test_book.py
        pages = pypdf.PdfReader(path).pages
        if path.name.startswith(("cards", "print-all")):
            pages = pages[:1]  # every front says the same of its suit; the backs say nothing
        for number, page in enumerate(pages, 1):
            text = page.extract_text() or ""
            assert not copied_runs(SEED_RULES, text, f"{path.name} page {number}")
    for svg in ("aid-turn", "aid-wounds", "identity-A", "enemy-A", "heart-A"):
        text = (kit / f"svg/{svg}.svg").read_text(encoding="utf-8")
        words = " ".join(re.findall(r">([^<>]+)</text>", text))
        assert not copied_runs(SEED_RULES, words, svg)


def test_the_same_seed_writes_the_same_pages(kit, tmp_path):
    again = _build(tmp_path, paper="a4")
    files = sorted(p.relative_to(again) for p in again.rglob("*") if p.is_file())
    assert len(files) > 40
    for file in files:
        # The manifest and the gallery page describe the whole kit, which has Letter too.
        if file.name not in ("manifest.json", "index.html"):
            assert (kit / file).read_bytes() == (again / file).read_bytes(), file


@pytest.mark.parametrize(
    "game, players, message",
    [
        ("cutthroat", 5, "6 to 13, got 5"),
        ("cutthroat", 14, "6 to 13, got 14"),
        ("all", 8, "not 'all'"),
    ],
)
def test_players_is_refused_before_any_work(tmp_path, game, players, message):
    out = tmp_path / "out"
    with pytest.raises(QuarryError, match=message):
        write_game_kits(game, out, 1, PrintOptions(paper="a4"), players=players)
    assert not out.exists()


def test_the_command_line_refuses_a_bad_player_count_with_one_line_and_exit_2(quarry, tmp_path):
    done = quarry("kit", "cutthroat", "--players", "14", "--out", tmp_path / "out")
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0 and "--players" in done.stderr
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "out").exists()


# --- golden files -------------------------------------------------------------------------


@pytest.mark.parametrize("component", ["life-10", "back"])
def test_the_card_drawings_match_their_golden_files(component):
    """To accept a deliberate change: QUARRY_UPDATE_GOLDEN=1 pytest tests/games/cutthroat."""
    svg = face_svg("life", "10") if component == "life-10" else back_svg()
    actual = normalise(svg)
    golden = GOLDEN / f"cutthroat-{component}.svg"
    if os.environ.get("QUARRY_UPDATE_GOLDEN"):
        golden.write_text(actual, encoding="utf-8")
    assert golden.exists(), f"missing golden file {golden.name}; run with QUARRY_UPDATE_GOLDEN=1"
    assert actual == golden.read_text(encoding="utf-8")
