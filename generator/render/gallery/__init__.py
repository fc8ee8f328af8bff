"""The kit gallery: index.html in every kit folder (kits_index.py: OUT/index.html over them).

A kit's page shows every SVG component inline at its true proportions (each linked to the
PDFs that print it, to its PNG preview and to the SVG), what to print on each paper as the
guide says, the kit's charts (the game's balance chart) and every file. Pages are static:
inline CSS, no script, and every link a file of the folder.
"""

from pathlib import Path, PurePosixPath

from generator.render.gallery.inline import inline_svg
from generator.render.gallery.previews import preview_pngs

INDEX = "index.html"
PREVIEWS = "gallery"
INDEX_KIND, PREVIEW_KIND = "gallery", "gallery-preview"
# Groups of components in the order a player meets them; other kinds follow by name.
KIND_ORDER = (
    "board",
    "mini-board",
    "map-figure",
    "card-front",
    "card-back",
    "player-aid",
    "life-tracks",
    "tokens",
)
KIND_LABELS = {"card-front": "Card faces", "card-back": "Card backs", "tokens": "Tokens"}
PAPER_LABELS = {"a4": "A4", "letter": "US Letter", "a3": "A3", "tabloid": "Tabloid"}


def is_chart(kind: str) -> bool:
    """Return True for a kind of SVG that is a chart to read (shown as an image, not as a
    component to print): "balance-chart", "chart", ..."""
    return kind == "chart" or kind.endswith("-chart")


def preview_path(svg_path: str) -> str:
    """Return where the PNG preview of the kit's SVG `svg_path` goes: gallery/<name>.png,
    <name> its path without the svg/ folder and the suffix."""
    path = PurePosixPath(svg_path)
    parts = path.parts[1:] if path.parts[0] == "svg" and len(path.parts) > 1 else path.parts
    return str(PurePosixPath(PREVIEWS, *parts).with_suffix(".png"))


def components(manifest: dict) -> list[dict]:
    """Return the manifest's SVG entries that are components (not charts), grouped in
    KIND_ORDER (other kinds after them, by name), in the manifest's order within a kind."""
    entries = [
        entry
        for entry in manifest["files"]
        if entry["path"].endswith(".svg") and not is_chart(entry["kind"])
    ]
    rank = {kind: index for index, kind in enumerate(KIND_ORDER)}
    return sorted(entries, key=lambda e: (rank.get(e["kind"], len(rank)), e["kind"]))


def write_gallery(
    folder: Path, manifest: dict, title: str, about: str = "", assembly: list[str] = ()
) -> list[tuple[str, str]]:
    """Write index.html and a PNG preview of every SVG component into the kit `folder`,
    whose files `manifest` lists (a manifest as kit.KitWriter writes it, without the
    gallery's files, in the order the kit wrote them); `title`, `about` and `assembly` are
    the guide's. Return the files written as (path in the kit, kind)."""
    from generator.render.templates import shared_environment

    parts = components(manifest)
    texts = [(folder / entry["path"]).read_text(encoding="utf-8") for entry in parts]
    written = []
    for entry, png in zip(parts, preview_pngs(texts), strict=True):
        target = folder / preview_path(entry["path"])
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(png)
        written.append((preview_path(entry["path"]), PREVIEW_KIND))
    context = _page(manifest, title, about, list(assembly), parts, texts)
    html = shared_environment().get_template("gallery/kit.html.j2").render(context)
    (folder / INDEX).write_text(html, encoding="utf-8")
    return [(INDEX, INDEX_KIND), *written]


def _page(manifest, title, about, assembly, parts, texts) -> dict:
    """Return the kit page's template context."""
    groups: dict[str, dict] = {}
    for number, (entry, text) in enumerate(zip(parts, texts, strict=True)):
        kind = entry["kind"]
        group = groups.setdefault(kind, {"label": _label(kind), "components": []})
        stem = PurePosixPath(entry["path"]).stem
        group["components"].append(
            {
                "name": stem,
                "anchor": f"c{number}",
                "path": entry["path"],
                "png": preview_path(entry["path"]),
                "pdfs": entry.get("pdf", []),
                "width": entry["width_mm"],
                "height": entry["height_mm"],
                "svg": _markup(inline_svg(text, f"c{number}-")),
            }
        )
    charts = [
        {
            "name": PurePosixPath(e["path"]).stem,
            "path": e["path"],
            "width": e["width_mm"],
            "width_px": round(e["width_mm"] * 96 / 25.4),
            "height_px": round(e["height_mm"] * 96 / 25.4),
        }
        for e in manifest["files"]
        if e["path"].endswith(".svg") and is_chart(e["kind"])
    ]
    widest = max([entry["width_mm"] for entry in parts] or [100])
    tallest = max([entry["height_mm"] for entry in parts] or [100])
    return {
        "title": title,
        "about": about,
        "facts": kit_facts(manifest),
        "papers": print_papers(manifest),
        "assembly": assembly,
        "groups": list(groups.values()),
        "charts": charts,
        "charts_title": "Balance" if any(_balance(manifest)) else "Charts",
        "files": _files(manifest),
        "widest": f"{widest:g}",
        "tallest": f"{tallest:g}",
    }


def _balance(manifest: dict):
    return (e for e in manifest["files"] if e["kind"] == "balance-chart")


def _markup(text: str):
    from markupsafe import Markup

    return Markup(text)  # inline_svg's output: serialised by ElementTree, so escaped


def _label(kind: str) -> str:
    return KIND_LABELS.get(kind, kind.replace("-", " ").capitalize())


def kit_facts(manifest: dict) -> list[str]:
    facts = []
    for key, label in (("game", "game"), ("deck", "deck"), ("board", "board")):
        if key in manifest:
            facts.append(f"{label} {manifest[key]}")
    if "seed" in manifest:
        facts.append(f"seed {manifest['seed']}")
    papers = manifest.get("papers") or [manifest[k] for k in ("paper",) if k in manifest]
    if papers:
        facts.append(" and ".join(PAPER_LABELS.get(p, p) for p in papers))
    facts.append(f"Quarry {manifest.get('quarry', '?')}")
    return facts


def print_papers(manifest: dict) -> list[dict]:
    """Return what to print on each paper: the guide's items, the guide PDF and the
    print-all PDF when the kit has them."""
    paths = {entry["path"] for entry in manifest["files"]}
    papers = []
    for name, items in manifest.get("print", {}).items():
        guide, everything = f"00-guide-{name}.pdf", f"print-all-{name}.pdf"
        papers.append(
            {
                "label": PAPER_LABELS.get(name, name),
                "items": items,
                "guide": guide if guide in paths else None,
                "print_all": everything if everything in paths else None,
            }
        )
    return papers


def _files(manifest: dict) -> list[dict]:
    rows = [{"path": "manifest.json", "kind": "manifest", "size": ""}]
    for entry in sorted(manifest["files"], key=lambda entry: entry["path"]):
        if entry["kind"] in (INDEX_KIND, PREVIEW_KIND):
            continue
        rows.append({"path": entry["path"], "kind": entry["kind"], "size": _size(entry)})
    return rows


def _size(entry: dict) -> str:
    if "pages" in entry:
        return f"{entry['pages']} page{'s' if entry['pages'] != 1 else ''}"
    if "width_mm" in entry:
        return f"{entry['width_mm']:g} × {entry['height_mm']:g} mm"
    size = entry.get("bytes", 0)
    return f"{size / 1024:.0f} KB" if size >= 1024 else f"{size} bytes"
