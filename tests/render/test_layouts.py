"""Layouts: the built-in papers and card formats, and user files with `extends`."""

from pathlib import Path

import pytest

from generator.errors import QuarryError
from generator.render.layouts import LayoutBook


def _layout_file(tmp_path: Path, text: str, name: str = "mine.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# --- built-in layouts -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "width", "height"),
    [("a4", 210, 297), ("letter", 215.9, 279.4), ("a3", 297, 420), ("tabloid", 279.4, 431.8)],
)
def test_builtin_paper_sizes_are_portrait_and_true_size(book, name, width, height):
    paper = book.paper(name)
    assert paper.name == name
    assert (paper.width, paper.height) == (pytest.approx(width), pytest.approx(height))


def test_a4_and_letter_are_the_default_papers_a_user_expects(book):
    assert {"a4", "letter"} <= set(book.names("paper"))


@pytest.mark.parametrize(
    ("name", "width", "height", "radius"),
    [
        ("poker", 63, 88, 3),
        ("poker-in", 63.5, 88.9, 3),
        ("bridge", 57, 89, 3),
        ("mini", 44, 63, 2.5),
    ],
)
def test_builtin_card_formats(book, name, width, height, radius):
    card = book.card(name)
    assert card.name == name
    assert card.width == pytest.approx(width)
    assert card.height == pytest.approx(height)
    assert card.corner_radius == pytest.approx(radius)


def test_poker_in_inherits_its_corner_radius_from_poker(tmp_path):
    # Change poker's radius in a user file: poker-in, which extends poker, follows it.
    user = _layout_file(
        tmp_path, '[card.poker]\nwidth = "63mm"\nheight = "88mm"\ncorner_radius = "4mm"\n'
    )
    book = LayoutBook([user])
    assert book.card("poker-in").corner_radius == pytest.approx(4.0)
    assert book.card("poker-in").width == pytest.approx(63.5)


def test_builtin_sheet_bleed_extends_default_with_3mm_bleed(book):
    default, bleed = book.sheet("default"), book.sheet("bleed")
    assert bleed.bleed == pytest.approx(3.0)
    assert default.bleed == 0
    assert bleed.margin == default.margin and bleed.crop_marks is True


def test_unknown_builtin_name_lists_the_known_ones(book):
    with pytest.raises(QuarryError, match=r"unknown paper 'a5'.*a4.*letter"):
        book.paper("a5")


# --- user layout files -------------------------------------------------------------------


def test_user_entry_extends_a_builtin_one(tmp_path):
    user = _layout_file(tmp_path, '[card.wide-poker]\nextends = "poker"\nwidth = "70mm"\n')
    card = LayoutBook([user]).card("wide-poker")
    assert (card.width, card.height, card.corner_radius) == (70.0, 88.0, 3.0)


def test_user_file_adds_entries_without_losing_the_builtin_ones(tmp_path):
    user = _layout_file(tmp_path, '[paper.square]\nwidth = "200mm"\nheight = "200mm"\n')
    book = LayoutBook([user])
    assert book.paper("square").width == 200.0
    assert book.paper("a4").width == 210.0


def test_extends_a_list_later_parents_override_earlier_and_own_keys_override_both(tmp_path):
    user = _layout_file(
        tmp_path,
        """
[card.a]
width = "10mm"
height = "20mm"
corner_radius = "1mm"
description = "from a"

[card.b]
width = "30mm"
corner_radius = "2mm"

[card.c]
extends = ["a", "b"]
corner_radius = "5mm"
""",
    )
    card = LayoutBook([user]).card("c")
    assert card.width == 30.0, "b comes after a, so its width wins"
    assert card.height == 20.0, "only a has a height"
    assert card.description == "from a", "b does not set it, so a's stays"
    assert card.corner_radius == 5.0, "c's own key beats both parents"


def test_extends_list_order_matters(tmp_path):
    user = _layout_file(
        tmp_path,
        """
[card.a]
width = "10mm"
height = "20mm"

[card.b]
width = "30mm"
height = "40mm"

[card.ab]
extends = ["a", "b"]

[card.ba]
extends = ["b", "a"]
""",
    )
    book = LayoutBook([user])
    assert (book.card("ab").width, book.card("ab").height) == (30.0, 40.0)
    assert (book.card("ba").width, book.card("ba").height) == (10.0, 20.0)


def test_an_extends_cycle_is_an_error_naming_the_cycle(tmp_path):
    user = _layout_file(
        tmp_path,
        '[card.a]\nextends = "b"\nwidth = "1mm"\n\n[card.b]\nextends = "a"\nheight = "1mm"\n',
    )
    with pytest.raises(QuarryError) as caught:
        LayoutBook([user]).card("a")
    message = str(caught.value)
    assert "cycle" in message
    assert "a -> b -> a" in message
    assert "mine.toml" in message


def test_an_entry_extending_itself_is_a_cycle(tmp_path):
    user = _layout_file(tmp_path, '[card.loop]\nextends = "loop"\nwidth = "1mm"\n')
    with pytest.raises(QuarryError, match="loop -> loop"):
        LayoutBook([user]).card("loop")


def test_a_missing_parent_is_an_error_naming_it_and_the_file(tmp_path):
    user = _layout_file(tmp_path, '[card.orphan]\nextends = "nonesuch"\nwidth = "1mm"\n')
    with pytest.raises(QuarryError) as caught:
        LayoutBook([user]).card("orphan")
    message = str(caught.value)
    assert "'nonesuch'" in message
    assert str(user) in message
    assert "orphan" in message
    assert "poker" in message, "the known names are listed"


def test_malformed_toml_is_an_error_with_the_file_and_line(tmp_path):
    user = _layout_file(tmp_path, '[card.x]\nwidth = "63mm"\nheight = = "88mm"\n', "broken.toml")
    with pytest.raises(QuarryError) as caught:
        LayoutBook([user])
    message = str(caught.value)
    assert "broken.toml" in message
    assert "line 3" in message


def test_a_missing_layout_file_is_an_error_naming_it(tmp_path):
    with pytest.raises(QuarryError, match="nothere.toml"):
        LayoutBook([tmp_path / "nothere.toml"])


def test_an_unknown_key_is_an_error_listing_the_accepted_keys(tmp_path):
    user = _layout_file(tmp_path, '[card.x]\nwidht = "63mm"\nheight = "88mm"\n')
    with pytest.raises(QuarryError) as caught:
        LayoutBook([user])
    message = str(caught.value)
    assert "'widht'" in message
    assert "width" in message.split("accepted")[-1]
    assert "mine.toml" in message


def test_an_unknown_kind_is_an_error(tmp_path):
    user = _layout_file(tmp_path, '[cards.x]\nwidth = "63mm"\nheight = "88mm"\n')
    with pytest.raises(QuarryError) as caught:
        LayoutBook([user])
    message = str(caught.value)
    assert "[cards]" in message
    assert "[card.NAME]" in message
    assert "mine.toml" in message


def test_a_value_without_unit_is_an_error_naming_the_key(tmp_path):
    user = _layout_file(tmp_path, '[card.x]\nwidth = "63"\nheight = "88mm"\n')
    with pytest.raises(QuarryError) as caught:
        LayoutBook([user])  # refused when the file is read, before any entry is used
    message = str(caught.value)
    assert "width" in message
    assert "'63'" in message
    assert "mine.toml" in message
    assert "63mm" in message, "the message shows an accepted length"


def test_a_bare_number_is_not_a_length(tmp_path):
    user = _layout_file(tmp_path, '[card.x]\nwidth = 63\nheight = "88mm"\n')
    with pytest.raises(QuarryError, match="width"):
        LayoutBook([user]).card("x")


def test_a_missing_required_field_is_an_error_naming_it(tmp_path):
    user = _layout_file(tmp_path, '[card.x]\nwidth = "63mm"\n')
    with pytest.raises(QuarryError, match="missing height"):
        LayoutBook([user]).card("x")


def test_a_bool_field_rejects_a_string(tmp_path):
    user = _layout_file(tmp_path, '[sheet.x]\nextends = "default"\ncrop_marks = "yes"\n')
    with pytest.raises(QuarryError, match="crop_marks must be true or false"):
        LayoutBook([user]).sheet("x")


# --- every entry checked when its file is read --------------------------------------------


def test_a_cycle_in_an_entry_no_one_uses_is_refused_when_the_file_is_read(tmp_path):
    user = _layout_file(tmp_path, '[sheet.a]\nextends = "b"\n\n[sheet.b]\nextends = "a"\n')
    with pytest.raises(QuarryError, match=r"mine\.toml \[sheet\.a\]: .*cycle: a -> b -> a"):
        LayoutBook([user])


def test_a_missing_parent_of_an_entry_no_one_uses_is_refused_when_the_file_is_read(tmp_path):
    user = _layout_file(tmp_path, '[paper.odd]\nextends = "a7"\n')
    with pytest.raises(QuarryError, match=r"\[paper\.odd\]: extends 'a7', which is not a known"):
        LayoutBook([user])


def test_a_partial_entry_others_extend_is_accepted_until_it_is_used(tmp_path):
    user = _layout_file(tmp_path, '[card.rounded]\ncorner_radius = "5mm"\n')
    book = LayoutBook([user])
    with pytest.raises(QuarryError, match="missing width, height"):
        book.card("rounded")


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        (
            '[card.zero]\nwidth = "0mm"\nheight = "88mm"',
            "width is 0 mm; a card's width must be from 10 to 500 mm",
        ),
        ('[card.vast]\nwidth = "2m"\nheight = "88mm"', "expected a length"),
        ('[card.huge]\nwidth = "600mm"\nheight = "88mm"', "from 10 to 500 mm"),
        (
            '[paper.stamp]\nwidth = "1in"\nheight = "1in"',
            "paper's width must be from 148 to 5080 mm",
        ),
        (
            '[sheet.x]\nextends = "default"\nbleed = "25mm"',
            "bleed is 25 mm; a sheet's bleed must be from 0 to 20 mm",
        ),
        ('[sheet.x]\nextends = "default"\nback_offset_x = "-11mm"', "from -10 to 10 mm"),
        ('[sheet.x]\nextends = "default"\nmargin = "-1mm"', "margin is -1 mm"),
        ('[tiling.x]\nextends = "default"\noverlap = "1000mm"', "overlap is 1000 mm"),
        ('[tiling.x]\nextends = "default"\nfooter_size = "0pt"', "footer_size is 0 mm"),
        ('[card.x]\nwidth = "20mm"\nheight = "20mm"\ncorner_radius = "11mm"', None),
    ],
)
def test_a_length_outside_its_range_is_refused_naming_the_entry_and_the_range(
    tmp_path, entry, message
):
    user = _layout_file(tmp_path, entry + "\n")
    if message is None:  # within each field's range, but wrong together: refused when used
        with pytest.raises(QuarryError, match="corner_radius is 11 mm; it may be at most half"):
            LayoutBook([user]).card("x")
        return
    with pytest.raises(QuarryError) as caught:
        LayoutBook([user])
    assert message in str(caught.value)
    assert "mine.toml [" in str(caught.value)


@pytest.mark.parametrize("reverse", [False, True], ids=["parents first", "parents last"])
def test_extends_chains_deeper_than_16_are_refused_whatever_the_order(tmp_path, reverse):
    def chain(length: int) -> str:
        entries = [f'[card.c{i}]\nextends = "c{i + 1}"\n' for i in range(length - 1)]
        entries.append(f'[card.c{length - 1}]\nwidth = "20mm"\nheight = "30mm"\n')
        return "\n".join(reversed(entries) if reverse else entries)

    assert LayoutBook([_layout_file(tmp_path, chain(16))]).card("c0").width == 20.0
    with pytest.raises(QuarryError, match="extends a chain of more than 16 entries"):
        LayoutBook([_layout_file(tmp_path, chain(17), "deep.toml")])


def test_an_entry_applied_twice_in_a_chain_counts_where_it_comes_last(tmp_path):
    # c extends [a, b] and b extends a: a's values come first, then b's over them.
    user = _layout_file(
        tmp_path,
        '[card.a]\nwidth = "10mm"\nheight = "20mm"\n\n[card.b]\nextends = "a"\nwidth = "30mm"\n'
        '\n[card.c]\nextends = ["a", "b"]\n',
    )
    assert LayoutBook([user]).card("c").width == 30.0


def test_too_many_parents_or_entries_are_refused(tmp_path):
    names = [f"p{i}" for i in range(17)]
    parents = "".join(f'[card.{name}]\nwidth = "20mm"\n' for name in names)
    many = _layout_file(tmp_path, parents + f"[card.all]\nextends = {names!r}\n".replace("'", '"'))
    with pytest.raises(QuarryError, match="extends at most 16 entries, not 17"):
        LayoutBook([many])
    lots = "".join(f'[card.c{i}]\nwidth = "20mm"\n' for i in range(1001))
    with pytest.raises(
        QuarryError, match="holds 1001 layout entries; a layout file may hold at most 1000"
    ):
        LayoutBook([_layout_file(tmp_path, lots, "lots.toml")])


def test_a_verb_refuses_a_layout_kind_it_does_not_use(tmp_path):
    user = _layout_file(
        tmp_path,
        '[paper.square]\nwidth = "200mm"\nheight = "200mm"\n\n[tiling.wide]\nextends = "default"\n',
    )
    book = LayoutBook([user])
    book.check_user_kinds(("paper", "tiling"), "quarry tile")
    with pytest.raises(QuarryError) as caught:
        book.check_user_kinds(("paper", "card", "sheet"), "quarry cards")
    assert str(caught.value) == (
        f"{user}: [tiling.wide]: quarry cards does not use tiling layouts; its --layout files "
        "take [paper.NAME], [card.NAME], [sheet.NAME]"
    )
    LayoutBook().check_user_kinds(("paper",), "anything")  # the built-in files are not a user's
