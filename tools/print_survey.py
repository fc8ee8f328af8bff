"""Run the print rules (generator/render/print_rules.py) over written kits and list what
breaks them, grouped by game, file and component, with counts, as Markdown.

    python tools/print_survey.py output/kits output/puzzles > print-violations.md

Each folder is searched for PDFs; the game is the name of the folder under the one given
("island", "island-puzzles", "island-design": island). The print-all files repeat their
kit's pages and are left out. A page's component is the one its footer names.
"""

import argparse
import sys
from collections import Counter, defaultdict
from pathlib import Path

import pypdfium2

from generator.render.print_rules import Violation, check_page

RULES = ("type", "edge", "dash", "bleed")


def footer_component(page: pypdfium2.PdfPage) -> str | None:
    """Return the component a page's footer names ("title · component · ... · page n/m")."""
    text = page.get_textpage()
    try:
        for line in text.get_text_range().splitlines():
            parts = [part.strip() for part in line.split("·")]
            if len(parts) >= 4 and parts[-1].startswith("page ") and "Quarry" in line:
                return parts[1]
    finally:
        text.close()
    return None


def survey_pdf(path: Path) -> list[tuple[str, Violation]]:
    """Return (component, violation) for every violation in the PDF at `path`."""
    pdf = pypdfium2.PdfDocument(str(path))
    found = []
    try:
        for index in range(len(pdf)):
            page = pdf[index]
            component = footer_component(page) or path.stem
            before = pdf[index - 1] if index else None
            found += [(component, v) for v in check_page(page, index + 1, None, before)]
    finally:
        pdf.close()
    return found


def game_of(pdf: Path, root: Path) -> str:
    first = pdf.relative_to(root).parts[0]
    return first.split("-")[0] if first != pdf.name else root.name.split("-")[0]


def _pages(pages: list[int]) -> str:
    shown = sorted(set(pages))
    text = ", ".join(str(p) for p in shown[:8])
    return text + (f" and {len(shown) - 8} more" if len(shown) > 8 else "")


def report(folders: list[Path]) -> str:
    """Return the Markdown survey of every PDF under `folders`."""
    # game -> file -> component -> (rule, what) -> list of violations
    grouped = defaultdict(lambda: defaultdict(lambda: defaultdict(lambda: defaultdict(list))))
    checked = 0
    for root in folders:
        for pdf in sorted(root.rglob("*.pdf")):
            if pdf.name.startswith("print-all"):
                continue
            checked += 1
            name = str(pdf.relative_to(root.parent))
            for component, violation in survey_pdf(pdf):
                key = (violation.rule, violation.kind)
                grouped[game_of(pdf, root)][name][component][key].append(violation)
    lines = ["# Print-rule violations", ""]
    totals = Counter()
    for game, files in grouped.items():
        for components in files.values():
            for found in components.values():
                for (rule, _), items in found.items():
                    totals[(game, rule)] += len(items)
    lines.append(f"{checked} PDFs checked (print-all files left out: they repeat the kit).")
    lines += [
        "",
        "| game | type (text too small) | edge (too near the paper's edge) "
        "| dash (lines that bend) | bleed (other ink past a card's cut) |",
        "|---|---|---|---|---|",
    ]
    for game in sorted(grouped):
        counts = " | ".join(str(totals[(game, rule)]) for rule in RULES)
        lines.append(f"| {game} | {counts} |")
    for game in sorted(grouped):
        lines += ["", f"## {game}"]
        for name in sorted(grouped[game]):
            components = grouped[game][name]
            count = sum(len(items) for found in components.values() for items in found.values())
            lines += ["", f"### {name} ({count})"]
            for component in sorted(components):
                found = components[component]
                count = sum(len(items) for items in found.values())
                lines.append(f"- **{component}** ({count})")
                ordered = sorted(found.items(), key=lambda item: (-len(item[1]), item[0]))
                for (rule, kind), items in ordered:
                    pages = _pages([v.page for v in items])
                    whats = Counter(v.what.split(" at ")[0] for v in items)
                    shown = ", ".join(what for what, _ in whats.most_common(6))
                    more = f" and {len(whats) - 6} more" if len(whats) > 6 else ""
                    lines.append(
                        f"  - {rule}: {kind}: {len(items)}x on page {pages}: {shown}{more}; "
                        f"e.g. {items[0].where}"
                    )
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="+", type=Path, help="folders of written kits")
    args = parser.parse_args(argv)
    missing = [str(f) for f in args.folders if not f.is_dir()]
    if missing:
        parser.error(f"not a folder: {', '.join(missing)}")
    sys.stdout.write(report(args.folders))
    return 0


if __name__ == "__main__":
    sys.exit(main())
