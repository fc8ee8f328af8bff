"""PdfDocument: SVG components drawn as forms keep their transparency and their resources."""

import pypdf
import pypdfium2
import pytest

from generator.render.pdf import PdfDocument

GREY_30 = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="40mm" height="40mm" viewBox="0 0 40 40">'
    '<rect x="0" y="0" width="40" height="40" fill="#000000" fill-opacity="0.3"/></svg>'
)
HALF_STROKE = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="40mm" height="40mm" viewBox="0 0 40 40">'
    '<line x1="0" y1="20" x2="40" y2="20" stroke="#000000" stroke-width="6" '
    'stroke-opacity="0.5"/></svg>'
)


def _grey_at(path, x_mm, y_mm, dpi=72):
    page = pypdfium2.PdfDocument(str(path))[0]
    image = page.render(scale=dpi / 72).to_pil().convert("L")
    scale = dpi / 25.4
    return image.getpixel((round(x_mm * scale), image.size[1] - round(y_mm * scale)))


# 30 % black over white: 255 * 0.7 = 178.5; half black: 127.5.
@pytest.mark.parametrize(
    ("svg", "grey"), [(GREY_30, 179), (HALF_STROKE, 128)], ids=["fill-30", "stroke-50"]
)
def test_a_translucent_component_placed_as_a_form_prints_at_its_opacity(tmp_path, svg, grey):
    path = tmp_path / "opacity.pdf"
    doc = PdfDocument(path, title="opacity", subject="test")
    doc.begin_page(100, 100)
    doc.place(svg, 30, 30)
    doc.end_page()
    doc.save()
    assert abs(_grey_at(path, 50, 50) - grey) <= 3
    assert _grey_at(path, 10, 10) == 255


def test_every_form_defines_the_graphics_states_it_names(tmp_path):
    path = tmp_path / "forms.pdf"
    doc = PdfDocument(path, title="opacity", subject="test")
    for _ in range(2):  # the same SVG on two pages is still one form
        doc.begin_page(100, 100)
        doc.place(GREY_30, 10, 10)
        doc.place(HALF_STROKE, 50, 50)
        doc.end_page()
    doc.save()
    reader = pypdf.PdfReader(path)
    forms = {}
    for page in reader.pages:
        for name, ref in page["/Resources"]["/XObject"].items():
            forms.setdefault(name, ref.get_object())
    assert len(forms) == 2
    for form in forms.values():
        content = form.get_data().decode("latin-1")
        states = form["/Resources"]["/ExtGState"]
        used = {word for word in content.split() if word.startswith("/gRLs")}
        assert used and used <= set(states)
