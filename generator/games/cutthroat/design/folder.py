"""Writing a designed variant's folder: the chosen variant's numbers as variant.json (the
file `quarry kit cutthroat --design` reads), the report as JSON and text, and a report page
(the candidates ranked with their intervals, the published rules beside, the chosen
variant's numbers in words and a chart of each turn position's share of the win)."""

from __future__ import annotations

import json
import math

from generator.games.cutthroat.design.balance import (
    Measure,
    VariantReport,
    report_text,
    resolution,
    rule_options,
)
from generator.games.cutthroat.design.spec import NAMES
from generator.games.cutthroat.rules import PUBLISHED, Rules
from generator.kit import KitRequest

TITLE = "CutThroat!"
COMPONENT = "variant report"
SIZES = (9.0, 8.5, 8.0, 7.5, 7.0, 6.5)
ROWS_PER_PAGE = 14  # table rows that leave room for the rest on the first page
ROWS_PER_MORE_PAGE = 40  # table rows on each further page


def build_design_kit(request: KitRequest, report: VariantReport) -> None:
    """Write `report` into request.writer: variant.json (the chosen variant's numbers, the
    design of its kit: design/variant.py), report.json (every measurement), report.txt
    (what the terminal shows), svg/seats.svg (the chart) and report-<paper>.pdf (the
    report page), with a guide page listing it."""
    from generator.games.cutthroat.design.chart import seats_svg
    from generator.games.cutthroat.design.variant import FILE_NAME, Variant

    writer, paper = request.writer, request.paper
    writer.write_text(FILE_NAME, Variant(report.best.rules, report.players).text(), "variant")
    data = json.dumps(report.to_json(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    writer.write_text("report.json", data, "design-report")
    writer.write_text("report.txt", report_text(report) + "\n", "design-report")
    chart = seats_svg(report.best, report.published, report.target)
    writer.write_text("svg/seats.svg", chart, "chart")
    best = report.best
    writer.describe(
        f"{TITLE}, a designed variant",
        f"The numbers of the rules for {report.players} players ranked best of "
        f"{len(report.ranked)} candidates, each played {report.games} times by {report.bot} "
        f"bots from seed {report.seed}: {_numbers(best.rules)}.",
        [
            "Play with a standard deck as the rules say, changing only the numbers the "
            "report page gives.",
            "report.json holds every measurement; to measure the variant again: "
            + rule_options(best.rules, report.players),
            "variant.json holds the chosen numbers; the kit that prints them: quarry kit "
            "cutthroat --design THIS-FOLDER --players N.",
        ],
        back_options=False,
    )
    name = f"report-{paper.name}.pdf"
    pages = write_report(writer.path(name), request, report, chart)
    writer.add(name, "design-report", pages=pages)
    writer.to_print(paper, name, "the variant report: candidates, published rules, chart")


def _numbers(rules: Rules) -> str:
    return ", ".join(f"{name} {getattr(rules, name)}" for name in NAMES)


def meanings(rules: Rules) -> list[tuple[str, str]]:
    """Return each number of `rules` as (name, what it does at the table)."""
    return [
        ("markers", f"each life card starts with {rules.markers} markers"),
        (
            "extend",
            f"an extended play takes {rules.extend} markers and puts {rules.extend - 1} back",
        ),
        (
            "double",
            f"a double extended play takes {rules.double} and puts {rules.double - 1} back",
        ),
        ("sudden_at", f"the hearts leave play when {rules.sudden_at} characters are alive"),
    ]


def write_report(target, request: KitRequest, report: VariantReport, chart: str) -> int:
    """Write the report page(s) to the PDF `target` on request.paper; return the page
    count (one page for up to ROWS_PER_PAGE candidates, more for a longer table)."""
    from generator.render.document import Header, Part, fit_document
    from generator.render.pdf import Footer

    players, target_band = report.players, report.target
    constraints = ", ".join(report.constraints) or "none"
    header = Header(
        f"{TITLE}: a variant for {players} players",
        f"seed {report.seed} · {report.bot} bots · {report.games:,} games per variant · "
        f"constraints: {constraints}",
    )

    def parts(blocks) -> list:
        story = [
            blocks.para(
                f"Fairness: every turn position's share of the win within {target_band:g} of "
                f"1/{players} ({1 / players:.3f}); the band column says whether the 95 % "
                "interval of the largest gap lies inside, reaches into (unclear) or lies "
                f"outside it. {report.games:,} games per variant show gaps of about "
                f"{resolution(report.games, players):.3f} or more. Decisive: the share of "
                "games one player wins alone. Variants in or reaching the band come first, "
                "most decisive first; then the rest, smallest gap first."
            ),
            blocks.gap(1.5),
            _table(blocks, report),
            blocks.gap(3),
        ]
        if report.published_breaks:
            story.insert(
                3,
                blocks.para(
                    f"The published rules break: {', '.join(report.published_breaks)}.",
                    "note",
                ),
            )
        best = report.best
        chosen = [blocks.heading("The chosen variant")]
        for name, words in meanings(best.rules):
            value, before = getattr(best.rules, name), getattr(PUBLISHED, name)
            same = "as published" if value == before else f"published: {before}"
            chosen.append(blocks.lead(f"{name} {value}:", f"{words} ({same})."))
        chosen.append(blocks.para("To measure it again: " + rule_options(best.rules, players),
                                  "note"))  # fmt: skip
        story.append(blocks.keep(*chosen))
        story += [
            blocks.gap(2),
            blocks.keep(
                blocks.heading("Each turn position's share of the win"),
                blocks.figure(chart),
                blocks.para(
                    "The seat that starts is not tuned: identities are dealt at random, so "
                    "which seat moves first only renames the turn positions. The chart "
                    "counts positions from the player who moves first; a shared win is "
                    "split evenly among its winners.",
                    "note",
                ),
            ),
        ]
        return [Part(header, story, COMPONENT)]

    footer = Footer(TITLE, COMPONENT, report.seed)
    rows = len(report.ranked) + 1
    pages = 1 + max(0, math.ceil((rows - ROWS_PER_PAGE) / ROWS_PER_MORE_PAGE))
    return fit_document(target, request.paper, parts, footer, SIZES, pages)


def _row(blocks, label: str, m: Measure, target: float, bold: bool = False) -> list:
    gap, decisive = m.gap, m.decisive
    texts = [
        label,
        *(str(getattr(m.rules, name)) for name in NAMES),
        f"{gap[0]:.3f} ({gap[1]:.3f}-{gap[2]:.3f})",
        f"{decisive[0]:.2f} ({decisive[1]:.2f}-{decisive[2]:.2f})",
        f"{m.turns[0]:.0f}",
        m.band(target),
    ]
    return [blocks.cell(text, "cell-head" if bold else "cell") for text in texts]


def _table(blocks, report: VariantReport):
    """Return the table of candidates, best first, and the published rules last."""
    from generator.render.document import SHADE
    from generator.render.document.styles import colour

    head = ["", "markers", "extend", "double", "sudden", "largest gap (95 %)",
            "decisive (95 %)", "turns", "band"]  # fmt: skip
    rows = [head]
    for rank, m in enumerate(report.ranked, start=1):
        label = f"#{rank}" + (" (pub.)" if m.rules == PUBLISHED else "")
        rows.append(_row(blocks, label, m, report.target, bold=rank == 1))
    rows.append(_row(blocks, "published", report.published, report.target))
    last = len(rows) - 1
    extra = [("BACKGROUND", (0, last), (-1, last), colour(SHADE))]
    widths = (0.1, 0.095, 0.075, 0.075, 0.08, 0.21, 0.17, 0.065, 0.08)
    return blocks.table(rows, widths, extra=extra)
