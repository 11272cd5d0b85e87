"""Reading back what a PDF page draws: path points, forms and clips in page coordinates.

Shared by the tiling and board tests; not a test module itself. `pdfread` reads the text;
this walks the content stream's paths, clips and forms through the transformation matrix.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pypdf
from pdfread import CLOSE, contains, face_names, inside, pdf_dict, reader
from pypdf.generic import ContentStream
from reportlab.pdfbase import pdfmetrics

from authoring.render.imposition import Rect
from authoring.render.paper import PRINTABLE_MARGIN

Matrix = tuple[float, float, float, float, float, float]
PATH_OPERATORS = ("m", "l", "c", "v", "y", "re")
PAINT_OPERATORS = ("S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "n")
"""Each ends the path being built: a clip path ends with n and is not painted."""
IDENTITY: Matrix = (1, 0, 0, 1, 0, 0)


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """m applied first, then n (PDF's row-vector order)."""
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (
        a * p + b * r,
        a * q + b * s,
        c * p + d * r,
        c * q + d * s,
        e * p + f * r + t,
        e * q + f * s + u,
    )


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    return x * m[0] + y * m[2] + m[4], x * m[1] + y * m[3] + m[5]


def extent(m: Matrix, box: Rect) -> Rect:
    corners = [
        apply(m, x, y) for x in (box.x, box.x + box.width) for y in (box.y, box.y + box.height)
    ]
    xs, ys = [p[0] for p in corners], [p[1] for p in corners]
    return Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def intersection(a: Rect, b: Rect) -> Rect:
    x0, y0 = max(a.x, b.x), max(a.y, b.y)
    x1, y1 = min(a.x + a.width, b.x + b.width), min(a.y + a.height, b.y + b.height)
    return Rect(x0, y0, max(0.0, x1 - x0), max(0.0, y1 - y0))


def placed_operations(
    pdf: pypdf.PdfReader, content: Any
) -> Iterator[tuple[str, list[Any], Matrix]]:
    """Each operator of a content stream with its operands and the transformation in force
    where it stands (`q`, `Q` and `cm` are followed, not yielded)."""
    stack: list[Matrix] = []
    matrix: Matrix = IDENTITY
    for operands, operator in ContentStream(content, pdf).operations:
        op = operator.decode()
        if op == "q":
            stack.append(matrix)
        elif op == "Q":
            matrix = stack.pop()
        elif op == "cm":
            matrix = multiply(tuple(float(v) for v in operands), matrix)  # type: ignore[arg-type]
        else:
            yield op, operands, matrix


@dataclass(frozen=True)
class Placed:
    """A form drawn on the page: its name, where its origin landed, what of it shows, and
    the transformation that placed it."""

    name: str
    origin: tuple[float, float]
    visible: Rect
    matrix: Matrix = IDENTITY


@dataclass
class PageDrawing:
    points: list[tuple[float, float]]
    """Every path point on the page itself, in page coordinates."""
    forms: list[Placed]
    clips: list[Rect]


def drawing(pdf: pypdf.PdfReader, number: int) -> PageDrawing:
    page = pdf.pages[number]
    xobjects: Any = pdf_dict(page, "/Resources").get("/XObject", {})
    names = {str(key): str(key).split(".", 1)[-1] for key in xobjects}
    found = PageDrawing([], [], [])
    stack: list[tuple[Matrix, Rect | None]] = []
    ctm: Matrix = IDENTITY
    clip: Rect | None = None
    path: list[tuple[float, float]] = []  # the path being built, in page coordinates
    for operands, operator in ContentStream(page.get_contents(), pdf).operations:
        op = operator.decode()
        values = [float(v) for v in operands] if op in (*PATH_OPERATORS, "cm") else []
        if op == "q":
            stack.append((ctm, clip))
        elif op == "Q":
            ctm, clip = stack.pop()
        elif op == "cm":
            ctm = multiply(tuple(values), ctm)  # type: ignore[arg-type]
        elif op == "re":
            x, y, w, h = values
            path += [apply(ctm, x, y), apply(ctm, x + w, y + h)]
        elif op in PATH_OPERATORS:
            path += [apply(ctm, *values[i : i + 2]) for i in range(0, len(values), 2)]
        elif op in ("W", "W*"):
            clip = bounding(path)
            found.clips.append(clip)
        elif op in PAINT_OPERATORS:
            found.points += path
            path = []
        elif op == "Do":
            name = str(operands[0])
            form = xobjects[name].get_object()
            x0, y0, x1, y1 = (float(v) for v in form["/BBox"])
            shown = extent(ctm, Rect(x0, y0, x1 - x0, y1 - y0))
            visible = shown if clip is None else intersection(shown, clip)
            found.forms.append(Placed(names[name], apply(ctm, 0, 0), visible, ctm))
    return found


def bounding(points: list[tuple[float, float]]) -> Rect:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def text_extents(path: Path, number: int) -> list[tuple[str, Rect]]:
    """Each text run and where its glyphs lie on the page, turned or scaled as drawn."""
    found: list[tuple[str, Rect]] = []

    def visit(text: str, cm: Any, tm: Any, font: Any, size: float) -> None:
        text = text.strip()
        if not text or font is None:
            return
        name = face_names()[str(font["/BaseFont"]).split("+")[-1]]
        face = pdfmetrics.getFont(name).face
        glyphs = Rect(
            0,
            face.descent / 1000 * size,
            pdfmetrics.stringWidth(text, name, size),
            (face.ascent - face.descent) / 1000 * size,
        )
        found.append((text, extent(multiply(tuple(tm), tuple(cm)), glyphs)))

    reader(path).pages[number].extract_text(visitor_text=visit)
    return found


def stray_marks(path: Path, number: int) -> list[str]:
    """The path points and visible parts of forms page `number` prints outside the paper's
    printable area."""
    pdf = reader(path)
    area = printable_area(pdf, number)
    page = drawing(pdf, number)
    found = [f"point {p}" for p in page.points if not contains(area, *p, tolerance=CLOSE)]
    outside = [f for f in page.forms if not inside(f.visible, area, tolerance=CLOSE)]
    return found + [f"form {f.name} {f.visible}" for f in outside]


def form_texts(path: Path, number: int) -> set[str]:
    """The texts drawn inside the forms page `number` shows: read back unclipped, they are
    left to the form's clip (`stray_marks`, `Placed.visible`)."""
    page = reader(path).pages[number]
    xobjects: Any = pdf_dict(page, "/Resources").get("/XObject", {})
    found: set[str] = set()

    def visit(text: str, cm: Any, tm: Any, font: Any, size: float) -> None:
        if text.strip():
            found.add(text.strip())

    for reference in xobjects.values():
        form = reference.get_object()
        if form.get("/Subtype") == "/Form":
            page.extract_xform_text(form, visitor_text=visit)
    return found


def placed_form_texts(path: Path, number: int) -> list[tuple[str, str, float, float]]:
    """Each text drawn inside a form on page `number` as (form name, text, x, y): where its
    baseline starts on the page, through the transformation that placed the form."""
    pdf = reader(path)
    page = pdf.pages[number]
    xobjects: Any = pdf_dict(page, "/Resources").get("/XObject", {})
    by_name = {str(key).split(".", 1)[-1]: key for key in xobjects}
    found: list[tuple[str, str, float, float]] = []
    for placed in drawing(pdf, number).forms:
        form = xobjects[by_name[placed.name]].get_object()

        def visit(
            text: str,
            cm: Any,
            tm: Any,
            font: Any,
            size: float,
            name: str = placed.name,
            matrix: Matrix = placed.matrix,
        ) -> None:
            if text.strip():
                inner = multiply(tuple(tm), tuple(cm))
                found.append((name, text.strip(), *apply(matrix, inner[4], inner[5])))

        page.extract_xform_text(form, visitor_text=visit)
    return found


def stray_texts(path: Path, number: int, *, art_texts: Collection[str] = ()) -> list[str]:
    """The text runs page `number` prints outside the printable area. Text inside a clipped
    form is read back unclipped, so the texts of such a form (`art_texts`) are left to the
    clip, which `stray_marks` checks."""
    area = printable_area(reader(path), number)
    return [
        f"text {text!r}"
        for text, box in text_extents(path, number)
        if text not in art_texts and not inside(box, area, tolerance=CLOSE)
    ]


def printable_area(pdf: pypdf.PdfReader, number: int) -> Rect:
    box = pdf.pages[number].mediabox
    width, height = float(box.width), float(box.height)
    margin = PRINTABLE_MARGIN
    return Rect(margin, margin, width - 2 * margin, height - 2 * margin)
