"""The type on printed card sheets, read from the PDFs themselves: each character's size as
printed (pdfium's font size times the scale of its text matrix, which holds the placing of
a card on the sheet and the millimetre drawing unit)."""

import ctypes

import pypdfium2
import pypdfium2.raw as pdfium_c


def printed_sizes(path) -> list[tuple[float, str, int]]:
    """Return (size in pt as printed, character, page number from 1) for every character
    with ink (not spaces) in the PDF at `path`."""
    document = pypdfium2.PdfDocument(path)
    found = []
    try:
        for number in range(len(document)):
            text = document[number].get_textpage()
            for index in range(pdfium_c.FPDFText_CountChars(text)):
                character = chr(pdfium_c.FPDFText_GetUnicode(text, index))
                if not character.strip():
                    continue
                matrix = pdfium_c.FS_MATRIX()
                pdfium_c.FPDFText_GetMatrix(text, index, ctypes.byref(matrix))
                scale = abs(matrix.a * matrix.d - matrix.b * matrix.c) ** 0.5
                size = pdfium_c.FPDFText_GetFontSize(text, index) * scale
                found.append((round(size, 2), character, number + 1))
    finally:
        document.close()
    return found


def words_under(path, least: float, skip_pages=()) -> list[tuple[float, str, int]]:
    """Return (size, the characters at that size, page) for each size under `least` pt on
    a page of `path` (pages in `skip_pages` left out): empty when all type is readable."""
    small: dict[tuple[float, int], str] = {}
    for size, character, page in printed_sizes(path):
        if size < least - 0.01 and page not in skip_pages:
            small[size, page] = small.get((size, page), "") + character
    return [(size, chars[:40], page) for (size, page), chars in sorted(small.items())]
