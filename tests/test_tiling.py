"""Tiling a drawing bigger than the paper, checked on the PDFs read back with pypdf.

The drawing is synthetic; positions (the art's shift on each sheet, the clip, the targets)
are read from the page content streams, so the test sees what a printer would get.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pypdf
import pytest
from pdfdraw import drawing, intersection, stray_marks, stray_texts, text_extents
from pdfread import CLOSE, contains, inside, page_texts, pdf_dict
from pypdf.generic import ContentStream
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from authoring.render.fonts import BODY_BOLD
from authoring.render.imposition import Rect
from authoring.render.lines import GLUE, LINE_DASHES
from authoring.render.paper import EDGE_BAND, LINE_CONVENTION, PAPERS, Paper
from authoring.render.tiling import ART, OVERLAP, TARGET, plan_tiles, write_tiled

SHEET_NAME = re.compile(r"sheet ([A-Z])(\d+) \(column")
PDF_ROUNDING = 0.01
"""Points: reportlab writes coordinates to four decimals."""


def art(width: float, height: float, canvas: Canvas) -> None:
    """A framed grey board with a word in the middle."""
    canvas.setFillGray(0.85)
    canvas.rect(0, 0, width, height, stroke=1, fill=1)
    canvas.setFillGray(0)
    canvas.setFont(BODY_BOLD, 40)
    canvas.drawCentredString(width / 2, height / 2, "ART")


def tiled(path: Path, paper: Paper, width: float, height: float) -> Path:
    write_tiled(
        path,
        paper,
        width,
        height,
        lambda canvas: art(width, height, canvas),
        title="Test board",
        author="tests",
        subject="tiling",
    )
    return path


@dataclass(frozen=True)
class Sheet:
    """A tile page as read back: its name, the art it shows and its targets in art terms."""

    name: str
    source: Rect
    targets: list[tuple[float, float]]


def sheets(path: Path) -> list[Sheet]:
    reader = pypdf.PdfReader(path)
    found = []
    for number in range(1, len(reader.pages)):
        page = drawing(reader, number)
        [art_form] = [f for f in page.forms if f.name == ART]
        [window] = page.clips
        ax, ay = art_form.origin
        source = Rect(window.x - ax, window.y - ay, window.width, window.height)
        targets = [(f.origin[0] - ax, f.origin[1] - ay) for f in page.forms if f.name == TARGET]
        match = SHEET_NAME.search(page_texts(path)[number])
        assert match, page_texts(path)[number]
        found.append(Sheet(match[1] + match[2], source, targets))
    return found


def neighbours(a: str, b: str) -> bool:
    columns = abs(ord(a[0]) - ord(b[0]))
    rows = abs(int(a[1:]) - int(b[1:]))
    return columns + rows == 1


def pairs(found: list[Sheet]) -> Iterator[tuple[Sheet, Sheet]]:
    for first in found:
        for second in found:
            if first.name < second.name and neighbours(first.name, second.name):
                yield first, second


# --- the tests ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("paper", "size", "sheet_count", "turned"),
    [
        # 400 x 600 mm: upright A4 shows 189.3 x 271.3 mm a sheet (179.3 x 261.3 new with the
        # overlap), 3 x 3; turned, 276.3 x 184.3 (266.3 x 174.3), 2 x 4: turned wins. Letter
        # likewise: 195.2 x 253.7 upright (3 x 3), 258.7 x 190.2 turned (2 x 4).
        ("a4", (400, 600), 8, True),
        ("letter", (400, 600), 8, True),
        # 180 x 500 mm: one column on both; A4 needs 2 rows (271.3 + 261.3 mm), Letter 3
        # (253.7 + 243.7 < 500), and turned Letter needs 3 as well: a tie stays upright.
        ("a4", (180, 500), 2, False),
        ("letter", (180, 500), 3, False),
    ],
)
def test_sheet_count_and_orientation(
    tmp_path: Path, paper: str, size: tuple[int, int], sheet_count: int, turned: bool
) -> None:
    width, height = size[0] * mm, size[1] * mm
    path = tiled(tmp_path / "board.pdf", PAPERS[paper], width, height)
    reader = pypdf.PdfReader(path)
    assert len(reader.pages) == sheet_count + 1  # the assembly map first
    expected = PAPERS[paper].landscape() if turned else PAPERS[paper]
    for page in reader.pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(
            (expected.width, expected.height)
        )
    assert len(plan_tiles(PAPERS[paper], width, height).tiles) == sheet_count
    texts = page_texts(path)
    assert f"assembly map ({sheet_count} sheets)" in texts[0]
    for number, text in enumerate(texts[1:], start=1):
        assert f"sheet {number} of {sheet_count}" in text


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_neighbours_overlap_and_their_targets_meet(tmp_path: Path, paper: str) -> None:
    width, height = 400 * mm, 600 * mm
    found = sheets(tiled(tmp_path / "board.pdf", PAPERS[paper], width, height))
    shared = list(pairs(found))
    assert len(shared) == 4 * 1 + 2 * 3  # 2 columns x 4 rows: 4 pairs side by side, 6 stacked
    for first, second in shared:
        across = first.name[1:] == second.name[1:]
        if across:
            overlap = first.source.x + first.source.width - second.source.x
            assert first.source.y == pytest.approx(second.source.y, abs=PDF_ROUNDING)
        else:
            overlap = second.source.y + second.source.height - first.source.y  # second is below
            assert first.source.x == pytest.approx(second.source.x, abs=PDF_ROUNDING)
        assert overlap == pytest.approx(OVERLAP, abs=PDF_ROUNDING)
        common = [
            t
            for t in first.targets
            if any(abs(t[0] - u[0]) <= CLOSE and abs(t[1] - u[1]) <= CLOSE for u in second.targets)
        ]
        assert len(common) >= 2, (first.name, second.name)
        for x, y in common:  # in the strip the two sheets share
            assert contains(intersection(first.source, second.source), x, y)
    for sheet in found:  # every target is seen on every sheet that shows its place
        for target in sheet.targets:
            for other in found:
                if contains(intersection(other.source, sheet.source), *target, tolerance=-3 * mm):
                    assert any(
                        abs(target[0] - u[0]) <= CLOSE and abs(target[1] - u[1]) <= CLOSE
                        for u in other.targets
                    )
    # The whole art is shown, centred on the sheets' windows.
    left = min(s.source.x for s in found)
    right = max(s.source.x + s.source.width for s in found)
    bottom = min(s.source.y for s in found)
    top = max(s.source.y + s.source.height for s in found)
    assert left <= 0 and right >= width and bottom <= 0 and top >= height
    assert -left == pytest.approx(right - width, abs=PDF_ROUNDING)
    assert -bottom == pytest.approx(top - height, abs=PDF_ROUNDING)


def test_edge_labels_name_the_neighbours(tmp_path: Path) -> None:
    path = tiled(tmp_path / "board.pdf", PAPERS["a4"], 400 * mm, 600 * mm)
    texts = page_texts(path)
    found = sheets(path)
    by_name = {sheet.name: texts[number] for number, sheet in enumerate(found, start=1)}
    assert "A1 \u2192 glue under B1" in by_name["A1"]
    assert "A1 \u2192 glue under A2" in by_name["A1"]
    assert "B1: trim here, lay over A1" in by_name["B1"]
    assert "A2: trim here, lay over A1" in by_name["A2"]
    assert "B4: trim here, lay over A4" in by_name["B4"]
    assert "glue under" not in by_name["B4"]  # the last sheet goes on top of everything


def test_every_sheet_states_the_line_convention_and_dots_its_glue_strips(tmp_path: Path) -> None:
    """ "One line convention in every kit (solid = cut, dashed = fold, dotted = glue), printed
    in each sheet's note": a sheet with a glue strip marks the strip's inner edge dotted."""
    path = tiled(tmp_path / "board.pdf", PAPERS["a4"], 400 * mm, 600 * mm)
    reader = pypdf.PdfReader(path)
    texts = page_texts(path)
    glue = [round(length, 3) for length in LINE_DASHES[GLUE]]
    for number in range(1, len(reader.pages)):
        assert LINE_CONVENTION in texts[number]
        operations = ContentStream(reader.pages[number].get_contents(), reader).operations
        dashes = [
            [round(float(v), 3) for v in operands[0]] for operands, op in operations if op == b"d"
        ]
        assert (glue in dashes) == ("glue under" in texts[number]), texts[number]


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_everything_is_printed_inside_the_printable_margin(tmp_path: Path, paper: str) -> None:
    path = tiled(tmp_path / "board.pdf", PAPERS[paper], 400 * mm, 600 * mm)
    pdf = pypdf.PdfReader(path)
    for number in range(len(pdf.pages)):
        assert drawing(pdf, number).points
        assert stray_marks(path, number) == []
        assert stray_texts(path, number, art_texts={"ART"}) == []


def test_the_art_is_stored_once(tmp_path: Path) -> None:
    path = tiled(tmp_path / "board.pdf", PAPERS["a4"], 400 * mm, 600 * mm)
    reader = pypdf.PdfReader(path)
    arts = {
        form.indirect_reference.idnum
        for page in reader.pages
        for key, form in pdf_dict(page, "/Resources", "/XObject").items()
        if key.endswith(ART)
    }
    assert len(arts) == 1


def test_identical_bytes_twice(tmp_path: Path) -> None:
    first = tiled(tmp_path / "first.pdf", PAPERS["letter"], 400 * mm, 600 * mm)
    second = tiled(tmp_path / "second.pdf", PAPERS["letter"], 400 * mm, 600 * mm)
    assert first.read_bytes() == second.read_bytes()


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("size", [(400, 600), (700, 300)])
def test_nothing_within_the_edge_band(tmp_path: Path, paper: str, size: tuple[int, int]) -> None:
    """Issue 11: crop marks, edge labels and sheet notes stay 5 mm off the sheet's edge,
    upright and turned, on A4 and Letter; measured from the edge itself."""
    width, height = size
    path = tiled(tmp_path / "board.pdf", PAPERS[paper], width * mm, height * mm)
    pdf = pypdf.PdfReader(path)
    for number in range(len(pdf.pages)):
        box = pdf.pages[number].mediabox
        band = Rect(
            EDGE_BAND,
            EDGE_BAND,
            float(box.width) - 2 * EDGE_BAND,
            float(box.height) - 2 * EDGE_BAND,
        )
        page = drawing(pdf, number)
        assert [p for p in page.points if not contains(band, *p)] == []
        assert all(inside(form.visible, band) for form in page.forms)
        texts = [(t, e) for t, e in text_extents(path, number) if t != "ART"]
        assert any("sheet" in t or "assembly map" in t for t, _ in texts)
        assert [t for t, extent in texts if not inside(extent, band)] == []
