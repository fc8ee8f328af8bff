"""The table check itself (generator/engine/table.py), on needs and pieces built by hand."""

from generator.engine.table import (
    ROOM_MM,
    Bring,
    Needs,
    Piece,
    Provided,
    check_table,
    fits,
    table_of,
)


def test_a_piece_fits_its_square_only_with_room_on_every_side():
    assert fits((17.0, 5.0), 20.0)
    assert not fits((17.1, 5.0), 20.0)
    assert not fits((20.0, 20.0), 20.0)
    assert fits((20.0 - 2 * ROOM_MM, 3.0), 20.0)


def test_shortfalls_are_named_one_line_each():
    needs = Needs(
        4,
        (
            Piece("hunter standee", 2, square_mm=10.0, why="one for each Hunter"),
            Piece("mini board", 4),
            Piece("coin", 120),
        ),
    )
    provided = [
        Provided("hunter standee", 2, footprint_mm=(20.0, 6.0)),
        Provided("mini board", 3),
        Provided("coin", 20, worth=1),
        Provided("coin", 10, worth=5),
    ]
    assert check_table(needs, provided) == [
        "hunter standee: 20 x 6 mm does not stand in a 10 mm square with 1.5 mm free on each side",
        "mini board: the table needs 4, the kit gives 3",
        "coin: the table needs 120, the kit gives 70",
    ]


def test_coins_count_by_their_worth_and_a_standing_piece_needs_a_footprint():
    needs = Needs(2, (Piece("coin", 70), Piece("stag", 1, square_mm=26.0)))
    assert check_table(needs, [Provided("coin", 20), Provided("coin", 10, worth=5)]) == [
        "stag: the table needs 1, the kit gives 0"
    ]
    assert check_table(needs, [Provided("coin", 70), Provided("stag", 1)]) == [
        "stag: stands on the board but has no footprint"
    ]
    assert (
        check_table(needs, [Provided("coin", 70), Provided("stag", 1, footprint_mm=(22, 8))]) == []
    )


def test_a_manifest_table_reads_back_as_it_was_written():
    needs = Needs(
        5, (Piece("coin", 144, why="the pot"), Piece("knight", 3, 26.0)), (Bring("die", 1),)
    )
    provided = [Provided("coin", 24, worth=5), Provided("knight", 3, footprint_mm=(20.0, 8.0))]
    manifest = {"table": {"needs": needs.to_json(), "provided": [p.to_json() for p in provided]}}
    assert table_of(manifest) == (needs, provided)
