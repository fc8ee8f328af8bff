"""SVG components made fit to stand inline in an HTML page.

A kit's SVGs are standalone documents; inline in one page they share its id space and could
carry what a static gallery must not (a user's template or board file may hold scripts,
event handlers or links to other sites). inline_svg() keeps the drawing and drops the rest.
"""

import re
from xml.etree import ElementTree

from generator.render.svg import svg_size_mm
from generator.render.units import fmt

SVG = "http://www.w3.org/2000/svg"
XLINK = "http://www.w3.org/1999/xlink"
# Elements that run code, embed another document or only carry metadata: dropped whole.
DROPPED = {"script", "foreignObject", "metadata", "iframe", "object", "embed", "audio", "video"}
_URL = re.compile(r"url\(\s*(['\"]?)#([^)'\"]+)\1\s*\)")
_ANY_URL = re.compile(r"url\(|@import", re.IGNORECASE)

PX_PER_MM = 96 / 25.4

ElementTree.register_namespace("", SVG)
ElementTree.register_namespace("xlink", XLINK)


def _local(name: str) -> tuple[str, str]:
    """Return (namespace, local name) of an ElementTree tag or attribute name."""
    if name.startswith("{"):
        namespace, _, local = name[1:].partition("}")
        return namespace, local
    return "", name


def _is_href(name: str) -> bool:
    namespace, local = _local(name)
    return local == "href" and namespace in ("", XLINK)


def _local_reference(value: str) -> bool:
    """Return True for an href that stays inside the document (#id) or is inline data."""
    value = value.strip()
    return value.startswith("#") or value.lower().startswith("data:image/")


def inline_svg(svg_text: str, prefix: str) -> str:
    """Return `svg_text` as an <svg> element to place inside HTML: every id (and every
    reference to one) prefixed with `prefix`, the root's width and height left to the page's
    CSS (the viewBox kept, so it scales), and nothing that runs code or fetches a file:
    scripts, foreign objects, event handlers, links outside the document and CSS url()s
    other than #ids are removed, as are elements and attributes of other XML vocabularies
    (an editor's metadata). ValueError if the text is not an SVG document."""
    try:
        root = ElementTree.fromstring(svg_text.encode("utf-8"))
    except ElementTree.ParseError as error:
        raise ValueError(f"not a well-formed SVG document ({error})") from None
    if root.tag != f"{{{SVG}}}svg":
        raise ValueError("the root element is not an SVG <svg>")
    _clean(root)
    ids = {element.get("id") for element in root.iter() if element.get("id")}
    if ids:
        _prefix_ids(root, ids, prefix)
    if "viewBox" not in root.attrib:
        # Without a viewBox the drawing's user unit is the CSS pixel (1/96 in).
        width, height = svg_size_mm(svg_text)
        root.set("viewBox", f"0 0 {fmt(width * PX_PER_MM)} {fmt(height * PX_PER_MM)}")
    for name in ("width", "height", "x", "y"):
        root.attrib.pop(name, None)
    root.set("role", "img")
    text = ElementTree.tostring(root, encoding="unicode", short_empty_elements=True)
    # HTML knows the SVG namespace of an inline <svg>; the declarations are noise there.
    return text.replace(f' xmlns="{SVG}"', "").replace(f' xmlns:xlink="{XLINK}"', "")


def _clean(parent: ElementTree.Element) -> None:
    for child in list(parent):
        namespace, local = _local(child.tag) if isinstance(child.tag, str) else ("", "")
        if namespace != SVG or local in DROPPED:
            parent.remove(child)
            continue
        if local == "style" and child.text and _ANY_URL.search(_URL.sub("", child.text)):
            parent.remove(child)
            continue
        _clean(child)
    for name, value in list(parent.attrib.items()):
        if not _harmless(name, value):
            del parent.attrib[name]


def _harmless(name: str, value: str) -> bool:
    """Return True for an attribute that neither runs code nor fetches a file."""
    namespace, local = _local(name)
    if namespace not in ("", XLINK) or local.lower().startswith("on"):
        return False  # another vocabulary's attribute, or an event handler
    if _is_href(name):
        return _local_reference(value)
    return not _ANY_URL.search(_URL.sub("", value))


def _prefix_ids(root: ElementTree.Element, ids: set[str], prefix: str) -> None:
    def url(match: re.Match) -> str:
        target = match.group(2)
        return f"url(#{prefix}{target})" if target in ids else match.group(0)

    for element in root.iter():
        if element.text and _local(element.tag)[1] == "style":
            element.text = _URL.sub(url, element.text)
        for name, value in list(element.attrib.items()):
            if name == "id":
                element.set(name, prefix + value)
            elif _is_href(name) and value.startswith("#") and value[1:] in ids:
                element.set(name, f"#{prefix}{value[1:]}")
            elif "url(" in value:
                element.set(name, _URL.sub(url, value))
