"""The island board file: format and parse round-trip, errors that name their line, and
check_island's verdicts on broken boards."""

from dataclasses import replace

import pytest

from generator.errors import QuarryError
from generator.games.island.board import (
    CLIFF,
    DEFAULT_PATH,
    LAGOON,
    MEADOW,
    SEA,
    check_island,
    default_island,
    format_island,
    parse_island,
    parse_square,
    square_name,
)


def test_square_names_round_trip_past_z():
    for size in (16, 40):
        for square in range(size * size):
            assert parse_square(square_name(square, size), size) == square
    assert square_name(27, 40) == "AB1"
    assert square_name(39 * 40 + 39, 40) == "AN40"


def test_default_island_is_24_square_and_round_trips():
    island = default_island()
    assert island.size == 24
    text = DEFAULT_PATH.read_text(encoding="utf-8")
    assert format_island(island) == text
    assert parse_island(text) == island
    assert check_island(island) == []


def test_small_island_round_trips(small):
    again = parse_island(format_island(small))
    assert again == small
    assert format_island(again) == format_island(small)


def test_comments_and_blank_lines_are_ignored(small):
    text = format_island(small)
    lines = text.splitlines()
    commented = ["# a board with notes", "", *lines[:3], "  # an indented note", *lines[3:]]
    commented[5] += "   # the day, in cycles"
    assert parse_island("\n".join(commented)) == small


def _edit(text: str, key: str, value: str) -> str:
    return "\n".join(
        f"{key} {value}" if line.split(" ", 1)[0] == key else line for line in text.splitlines()
    )


@pytest.mark.parametrize(
    ("key", "value", "line", "words"),
    [
        ("size", "41", 2, "size must be a whole number from 16 to 40"),
        ("day", "0", 3, "day must be a whole number from 1 to 12"),
        ("boats", "W:B10 N:I2 E:O7", 4, "four boats are needed"),
        ("boats", "W:B10 W:I2 E:O7 S:G15", 4, "boats are written"),
        ("camp", "G7 H7 G8 Q99", 5, "off a 16 x 16 board"),
        ("hiding", "D4 4D", 7, "not a square name"),
        ("island", "2", 1, "this Quarry reads 1"),
        ("size", "1⁶", 2, "size must be a whole number from 16 to 40"),
        ("day", "٣", 3, "day must be a whole number from 1 to 12"),
    ],
)
def test_parse_errors_name_the_line(small, key, value, line, words):
    text = _edit(format_island(small), key, value)
    with pytest.raises(QuarryError) as error:
        parse_island(text, "b.island")
    message = str(error.value)
    assert message.startswith(f"b.island:{line}: ")
    assert words in message
    assert "\n" not in message


def test_parse_errors_in_the_grid_name_the_line(small):
    lines = format_island(small).splitlines()
    grid = lines.index("grid")
    bad = list(lines)
    bad[grid + 3] = bad[grid + 3][:5] + "X" + bad[grid + 3][6:]
    with pytest.raises(QuarryError, match=rf"^b:{grid + 4}: 'X' is not a square"):
        parse_island("\n".join(bad), "b")
    short = list(lines)
    short[grid + 2] = short[grid + 2][:-1]
    with pytest.raises(QuarryError, match=rf"^b:{grid + 3}: a grid row of 15 squares, not 16"):
        parse_island("\n".join(short), "b")
    with pytest.raises(QuarryError, match=r"the grid has 15 rows, not 16"):
        parse_island("\n".join(lines[:-1]), "b")


def test_unknown_repeated_and_missing_lines(small):
    text = format_island(small)
    with pytest.raises(QuarryError, match=r"^b:1: unknown line 'colour'"):
        parse_island("colour red\n" + text, "b")
    with pytest.raises(QuarryError, match=r"^b:4: day is given twice"):
        parse_island(text.replace("size 16\n", "size 16\nday 3\n"), "b")
    without_camp = "\n".join(line for line in text.splitlines() if not line.startswith("camp"))
    with pytest.raises(QuarryError, match=r"the board has no 'camp' line"):
        parse_island(without_camp, "b")


def test_a_board_without_day_plays_four_cycles(small):
    text = "\n".join(line for line in format_island(small).splitlines() if line[:4] != "day ")
    assert parse_island(text).day == 4


# --- check_island on boards broken one way at a time -----------------------------------------


def _zones(island, changes: dict[int, int]):
    zones = list(island.zones)
    for square, zone in changes.items():
        zones[square] = zone
    return replace(island, zones=tuple(zones))


def test_check_finds_a_zone_in_two_pieces(small):
    n = small.size
    lonely = next(
        s
        for s in range(n * n)
        if small.zones[s] == CLIFF and s not in small.water and s not in small.elevation
        if all(small.zones[x] != LAGOON for x in small.neighbours(s))
    )
    # a Lagoon square far from the Lagoon splits the Lagoon
    assert "the Lagoon is not in one piece" in check_island(_zones(small, {lonely: LAGOON}))


def test_check_finds_land_in_two_pieces(small):
    n = small.size
    # cut the island along row 8 (index 7) with sea
    cut = {7 * n + c: SEA for c in range(n)}
    problems = check_island(_zones(small, cut))
    assert "the island is not in one piece" in problems


def test_check_finds_camp_and_terrain_faults(small):
    n = small.size
    top = min(small.camp)
    assert "the camp must be a 2 x 2 block" in check_island(
        replace(small, camp=(top, top + 1, top + 2, top + n))
    )
    meadow_off = _zones(small, {top: CLIFF})
    assert any("is not Meadow land" in p for p in check_island(meadow_off))
    meadow = next(s for s in range(n * n) if small.zones[s] == MEADOW and s not in small.camp)
    assert any(
        "elevation" in p and "not Mountains or Cliff" in p
        for p in check_island(replace(small, elevation=frozenset({meadow})))
    )
    sea = 0
    assert any("hiding place A1" in p for p in check_island(replace(small, hiding={sea})))
    inland = top  # a camp square has four island neighbours
    boats = (inland, *small.boats[1:])
    assert any(
        "the west boat" in p and "shore" in p for p in check_island(replace(small, boats=boats))
    )
    dry = replace(small, water=frozenset())
    assert "the Lagoon holds no water" in check_island(dry)
