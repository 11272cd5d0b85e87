"""`authoring build`: validated data in, every printed component of a game out as PDF.

A build refuses to start while the data has errors, and every text cell of the workbook is
checked against the embedded font first, so a missing glyph is an error naming its cell
rather than an empty box on the printed page.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from authoring.checks import Tables
from authoring.components import BuildContext
from authoring.findings import Finding, Severity, sorted_findings
from authoring.game import Game
from authoring.render.fonts import GlyphError, missing_glyphs
from authoring.render.paper import Paper
from authoring.validate import validate_workbook

TEMPLATE_ROOT = Path(__file__).resolve().parent.parent / "templates"


@dataclass
class BuildResult:
    findings: list[Finding]
    written: list[Path]


def build_game(game: Game, paper: Paper, out_dir: Path, *, workbook: str) -> BuildResult:
    validation = validate_workbook(game.workbook, game, display=workbook)
    findings = list(validation.findings)
    if validation.ok:
        findings += glyph_findings(validation.tables)
    if any(f.severity is Severity.ERROR for f in findings) or game.model is None:
        return BuildResult(sorted_findings(findings), [])
    if game.components is None:
        return BuildResult(findings, [])
    model = game.model(validation.tables)
    context = BuildContext(paper=paper, templates=TEMPLATE_ROOT / game.name, workbook=workbook)
    written = []
    try:
        for component in game.components(model, context):
            path = out_dir / game.name / component.file_name(paper)
            component.write(path)  # the render core writes every file atomically
            written.append(path)
    except GlyphError as error:
        findings += [
            Finding(
                Severity.ERROR,
                "missing-glyph",
                f"the printing font has no glyph for {problem.characters!r}",
                problem.place,
                value=problem.text,
                expected="characters the font covers",
            )
            for problem in error.problems
        ]
    return BuildResult(findings, written)


def glyph_findings(tables: Tables) -> list[Finding]:
    """An error for every text cell holding a character the embedded font cannot print."""
    findings = []
    for sheet in tables.values():
        for record in sheet.records:
            for field, value in record.values.items():
                if not isinstance(value, str):
                    continue
                missing = missing_glyphs(value)
                if missing:
                    shown = " ".join(f"{c} (U+{ord(c):04X})" for c in sorted(missing))
                    findings.append(
                        record.finding(
                            Severity.ERROR,
                            "missing-glyph",
                            f"the printing font has no glyph for {shown} in {value!r}; it would "
                            "print as an empty box",
                            field,
                            expected="characters the font covers",
                        )
                    )
    return findings
