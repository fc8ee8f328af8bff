"""quarry export tts: every game's decks as Tabletop Simulator card sheets (at most 10 x 7,
4096 px a side, the last slot the hidden face) and a saved object that loads them, read back
as TTS would read it."""

import json
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from PIL import Image, ImageChops, ImageStat

from generator.export.tts import MAX_SIDE, export_tts, grid, sheet_chunks
from generator.kit import KitWriter, record_deck
from generator.render.sheets import CardFace


def card_kit(out: Path, name: str, decks: dict[str, list[CardFace]], extra=()) -> Path:
    """Write a kit holding only `decks` (their SVGs and the manifest's "decks", as a game's
    build_kit records them) and the `extra` (path, kind, SVG) components: the part of a
    game's kit the TTS export reads, without the PDFs that take seconds to make."""
    with KitWriter(out, name, {"kind": "game", "game": name, "seed": 1}) as writer:
        written: dict[str, str] = {}
        for deck, faces in decks.items():
            for face in faces:
                for side, kind in ((face.front, "card-front"), (face.back, "card-back")):
                    if side is not None and side not in written:
                        written[side] = f"svg/{kind}-{len(written):02d}.svg"
                        writer.write_text(written[side], side, kind)
            record_deck(writer, deck, faces)
        for path, kind, svg in extra:
            writer.write_text(path, svg, kind)
    return writer.final_path


def fugitive_decks() -> dict:
    from generator.games.fugitive.cards import published
    from generator.games.fugitive.print import card_set

    cards = card_set(published())
    return {"cards": cards.deck, "events": cards.variants}


def cutthroat_decks() -> dict:
    from generator.games.cutthroat.aid import aid_svg
    from generator.games.cutthroat.cards import card_set

    turn, wounds = aid_svg("turn"), aid_svg("wounds")
    return {
        "cards": card_set(players=6).faces,
        "aid": [CardFace(turn, wounds, "player aid") for _ in range(6)],
    }


def island_decks() -> dict:
    from generator.games.island.faces import card_set

    return {"cards": card_set().faces}


def island_extras() -> list:
    from generator.games.island.board import default_island
    from generator.games.island.minis import tokens_svg
    from generator.games.island.print import TABLE_AID_WIDTH_MM, board_svg
    from generator.games.island.track import score_pad_svg, track_svg

    return [("svg/board.svg", "board", board_svg(default_island())),
            ("svg/tokens.svg", "tokens", tokens_svg()),
            ("svg/track.svg", "track", track_svg(default_island(), TABLE_AID_WIDTH_MM)),
            ("svg/score-pad.svg", "score-pad", score_pad_svg(TABLE_AID_WIDTH_MM))]  # fmt: skip


@pytest.fixture(scope="module")
def kits(tmp_path_factory) -> dict[str, Path]:
    """The card decks of every game that has cards (the island's board and tokens too),
    each exported for TTS."""
    out = tmp_path_factory.mktemp("kits")
    made = {
        "fugitive": card_kit(out, "fugitive", fugitive_decks()),
        "cutthroat": card_kit(out, "cutthroat", cutthroat_decks()),
        "island": card_kit(out, "island", island_decks(), island_extras()),
    }
    for path in made.values():
        export_tts(path)
    return made


def saved(kit: Path) -> dict:
    return json.loads((kit / "tts" / f"{kit.name}.json").read_text(encoding="utf-8"))


def local(url: str) -> Path:
    """The file a file:/// URL of the saved object names."""
    parsed = urlparse(url)
    assert parsed.scheme == "file", url
    return Path(unquote(parsed.path))


def manifest(kit: Path) -> dict:
    return json.loads((kit / "manifest.json").read_text(encoding="utf-8"))


def decks_of(state: dict) -> list[dict]:
    return [state] if state["Name"] in ("DeckCustom", "Card") else []


GAMES = ("fugitive", "cutthroat", "island")


@pytest.mark.parametrize("game", GAMES)
def test_every_referenced_image_exists_in_the_tts_folder(kits, game):
    kit = kits[game]
    urls = []
    for state in saved(kit)["ObjectStates"]:
        for sheet in state.get("CustomDeck", {}).values():
            urls += [sheet["FaceURL"], sheet["BackURL"]]
        if "CustomImage" in state:
            urls.append(state["CustomImage"]["ImageURL"])
    assert urls
    for url in urls:
        path = local(url)
        assert path.parent == (kit / "tts").resolve() and path.is_file(), url


@pytest.mark.parametrize("game", GAMES)
def test_sheet_grid_and_pixel_size_agree(kits, game):
    kit = kits[game]
    sheets = {e["path"]: e for e in manifest(kit)["files"] if e["kind"] == "tts-sheet"}
    checked = 0
    for state in saved(kit)["ObjectStates"]:
        for sheet in state.get("CustomDeck", {}).values():
            entry = sheets[f"tts/{local(sheet['FaceURL']).name}"]
            image = Image.open(local(sheet["FaceURL"]))
            columns, rows = sheet["NumWidth"], sheet["NumHeight"]
            assert 1 <= columns <= 10 and 1 <= rows <= 7
            cell_w, cell_h = entry["cell_px"]
            assert image.size == (columns * cell_w, rows * cell_h)
            assert max(image.size) <= MAX_SIDE and image.mode == "RGB"
            assert sheet["BackIsHidden"] is True and sheet["UniqueBack"] is False
            checked += 1
    assert checked == len(sheets) > 0


@pytest.mark.parametrize("game", GAMES)
def test_each_deck_holds_the_kit_deck_cards(kits, game):
    """As many cards in DeckIDs (and ContainedObjects) as the kit's deck prints, each on a
    face slot of its sheet, never the hidden slot."""
    kit = kits[game]
    printed = sum(len(cards) for cards in manifest(kit)["decks"].values())
    total = 0
    for state in saved(kit)["ObjectStates"]:
        if state["Name"] == "Card":
            total += 1
            continue
        if state["Name"] != "DeckCustom":
            continue
        ids = state["DeckIDs"]
        assert [card["CardID"] for card in state["ContainedObjects"]] == ids
        for card_id in ids:
            sheet = state["CustomDeck"][str(card_id // 100)]
            assert card_id % 100 < sheet["NumWidth"] * sheet["NumHeight"] - 1
        total += len(ids)
    assert total == printed


def test_fugitive_role_cards_are_a_deck_of_their_own_back(kits):
    """The Hideouts and the role cards have different backs: two TTS decks."""
    states = [s for s in saved(kits["fugitive"])["ObjectStates"] if s["Name"] == "DeckCustom"]
    by_size = {len(state["DeckIDs"]): state for state in states}
    assert sorted(by_size) == [2, 16, 43]
    backs = {next(iter(by_size[n]["CustomDeck"].values()))["BackURL"] for n in (2, 43)}
    assert len(backs) == 2


def test_last_slot_is_the_deck_back(kits):
    kit = kits["cutthroat"]
    for state in saved(kit)["ObjectStates"]:
        sheet = next(iter(state["CustomDeck"].values()))
        image = Image.open(local(sheet["FaceURL"])).convert("RGB")
        columns, rows = sheet["NumWidth"], sheet["NumHeight"]
        cell = (image.width // columns, image.height // rows)
        last = image.crop((image.width - cell[0], image.height - cell[1], *image.size))
        back = Image.open(local(sheet["BackURL"])).convert("RGB").resize(cell)
        assert max(ImageStat.Stat(ImageChops.difference(last, back)).mean) < 6
        assert max(ImageStat.Stat(last).stddev) > 5  # artwork, not an empty slot


def test_boards_and_tokens_load_as_tile_and_token(kits):
    states = saved(kits["island"])["ObjectStates"]
    tiles = [s["CustomImage"]["ImageURL"] for s in states if s["Name"] == "Custom_Tile"]
    tokens = [s["CustomImage"]["ImageURL"] for s in states if s["Name"] == "Custom_Token"]
    # the island's track and score pad lie on the table beside the board, as tiles too
    assert sorted(Path(url).name for url in tiles) == ["board.png", "score-pad.png", "track.png"]
    assert [Path(url).name for url in tokens] == ["tokens.png"]
    for url in tiles:
        assert max(Image.open(local(url)).size) <= MAX_SIDE


def test_sheets_hold_at_most_69_faces_and_a_hidden_slot():
    assert [len(chunk) for chunk in sheet_chunks(list(range(150)))] == [69, 69, 12]
    for count in range(1, 70):
        columns, rows = grid(count, 63.0, 88.0)
        assert columns <= 10 and rows <= 7 and columns * rows >= count + 1


def test_base_url_is_where_the_sheets_are_served_from(tmp_path):
    aids = {"aid": cutthroat_decks()["aid"]}
    kit = card_kit(tmp_path, "aids", aids)
    export_tts(kit, "https://example.org/kits/aids")
    sheet = next(iter(saved(kit)["ObjectStates"][0]["CustomDeck"].values()))
    assert sheet["FaceURL"] == "https://example.org/kits/aids/aid.png"
    assert sheet["BackURL"] == "https://example.org/kits/aids/aid-back.png"
    assert len(saved(kit)["ObjectStates"][0]["DeckIDs"]) == 6
