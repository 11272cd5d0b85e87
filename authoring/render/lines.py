"""The one line convention of every kit: a solid line is a cut, a dashed line a fold, a dotted
line a place for glue (round dots: zero-length dashes with round caps).

Every sheet that is cut, folded or glued says so in its note (`paper.LINE_CONVENTION`); a
sheet with room for it also prints `line_key`, the words with a sample of each line.
"""

from __future__ import annotations

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from authoring.render.fonts import BODY
from authoring.render.paper import LINE_CONVENTION

CUT, FOLD, GLUE = "cut", "fold", "glue"
LINE_WIDTH = 0.7
LINE_DASHES: dict[str, tuple[float, ...]] = {
    CUT: (),
    FOLD: (2.5 * mm, 1.5 * mm),
    GLUE: (0, 1.1 * mm),
}
LINE_INK = colors.HexColor("#1c1c1c")
LINE_SAMPLE = 9 * mm
KEY_SIZE = 8.0


def line(canvas: Canvas, kind: str, width: float = LINE_WIDTH) -> None:
    """Stroke what follows as a cut, fold or glue line."""
    canvas.setStrokeColor(LINE_INK)
    canvas.setLineWidth(width)
    canvas.setLineCap(1 if kind == GLUE else 0)
    canvas.setDash(list(LINE_DASHES[kind]))


def plain_line(canvas: Canvas) -> None:
    """Back to solid lines with square ends, after a fold or glue line."""
    canvas.setDash([])
    canvas.setLineCap(0)


def line_key(canvas: Canvas, x: float, baseline: float, size: float = KEY_SIZE) -> None:
    """The convention in words, with a sample of each line."""
    canvas.setFillColor(LINE_INK)
    canvas.setFont(BODY, size)
    canvas.drawString(x, baseline, LINE_CONVENTION)
    x += canvas.stringWidth(LINE_CONVENTION, BODY, size) + 3 * mm
    for kind in (CUT, FOLD, GLUE):
        line(canvas, kind)
        canvas.line(x, baseline + 1 * mm, x + LINE_SAMPLE, baseline + 1 * mm)
        plain_line(canvas)
        canvas.drawString(x + LINE_SAMPLE + 1 * mm, baseline, kind)
        x += LINE_SAMPLE + 1 * mm + canvas.stringWidth(kind, BODY, size) + 3 * mm
