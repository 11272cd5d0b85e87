"""Reading the PDFs the tests write back with pypdf: text, runs and where they stand.

Shared by the kit tests and the rendering tests; not a test module itself.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pypdf
import pytest
from pypdf.generic import ArrayObject, DictionaryObject, PdfObject
from reportlab.pdfbase import pdfmetrics

from authoring.cli import main
from authoring.render.fonts import (
    BODY,
    BODY_BOLD,
    BODY_BOLD_ITALIC,
    BODY_ITALIC,
    register_body_fonts,
)
from authoring.render.imposition import Rect, Slot
from authoring.render.paper import Paper

CLOSE = 0.5  # points: what "in the same place" means for positions read back from a PDF
CONTENTS = "Contents"  # the heading of a book's contents list
LEADER = re.compile(r"[ .]*\.[ .]*")  # a contents line's dots, read back as a line of their own


# --- a game's kit, built by the CLI --------------------------------------------------------


@dataclass(frozen=True)
class Kit:
    paper: Paper
    exit_code: int
    folder: Path

    def path(self, component: str) -> Path:
        return self.folder / f"{self.folder.name}-{component}-{self.paper.name}.pdf"


def kit_runs(
    game: str, runs: dict[str, list[str]], tmp_path_factory: pytest.TempPathFactory
) -> dict[str, Path]:
    """`game`'s kit built by the CLI once per run, with that run's extra flags, each into a
    fresh folder named after the run."""
    built = {}
    for name, flags in runs.items():
        out = tmp_path_factory.mktemp(name)
        assert main(["build", game, "-q", "--out", str(out), *flags]) == 0
        built[name] = out
    return built


def page_box(page: pypdf.PageObject, name: str) -> Rect:
    """A page box (TrimBox, BleedBox …) as x, y, width, height; fails if the page has none."""
    assert f"/{name}" in page, f"the page sets no {name}"
    corners = page[f"/{name}"]
    assert isinstance(corners, ArrayObject)
    left, bottom, right, top = (float(value) for value in corners)
    return Rect(left, bottom, right - left, top - bottom)


def build_kit(game: str, paper: Paper, tmp_path_factory: pytest.TempPathFactory) -> Kit:
    """The whole kit of `game` built by the CLI into a fresh folder."""
    out = tmp_path_factory.mktemp(f"kit-{paper.name}")
    code = main(["build", game, "--paper", paper.name, "--out", str(out)])
    return Kit(paper, code, out / game)


# --- text ----------------------------------------------------------------------------------


@cache
def reader(path: Path) -> pypdf.PdfReader:
    return pypdf.PdfReader(path)


def pdf_title(document: pypdf.PdfReader) -> str:
    """The title in the document's information dictionary; the test fails if there is none."""
    metadata = document.metadata
    assert metadata is not None and metadata.title is not None, "the PDF has no title"
    return metadata.title


def pdf_dict(start: PdfObject | None, *keys: str) -> DictionaryObject:
    """The dictionary at `keys` down nested PDF dictionaries from `start` (`start` itself
    without keys), references resolved: `pdf_dict(page, "/Resources", "/Font")`."""
    found = start
    for key in keys:
        found = pdf_dict(found)[key]
    found = None if found is None else found.get_object()
    assert isinstance(found, DictionaryObject), f"no PDF dictionary: {found!r}"
    return found


def pdf_entry(start: PdfObject, *keys: str) -> PdfObject:
    """The object at `keys` down nested PDF dictionaries from `start`, references resolved:
    `pdf_entry(document.trailer, "/Root", "/ViewerPreferences", "/PrintScaling")`."""
    *path, last = keys
    return pdf_dict(start, *path)[last]


@cache
def page_texts(path: Path) -> tuple[str, ...]:
    return tuple(page.extract_text() for page in reader(path).pages)


def text_of(path: Path) -> str:
    return "\n".join(page_texts(path))


def flat(path: Path) -> str:
    """The document's text with every run of white space made one space: wrapped cells join."""
    return " ".join(text_of(path).split())


def tokens(path: Path, *, drop_page_numbers: bool = False) -> list[str]:
    """The document's text lines; a table prints one cell a line. A book's title and
    contents list, which repeats the headings ahead of the text, are left out: the first
    page's lines up to the last leader's page number.

    With `drop_page_numbers`, a page's first or last line that is its own number (the
    footer) is left out.
    """
    lines = []
    for number, text in enumerate(page_texts(path), 1):
        on_page = [line.strip() for line in text.split("\n") if line.strip()]
        if number == 1 and CONTENTS in on_page:
            leaders = [index for index, line in enumerate(on_page) if LEADER.fullmatch(line)]
            on_page = on_page[leaders[-1] + 2 :] if leaders else []
        if drop_page_numbers:
            if on_page and on_page[0] == str(number):
                on_page = on_page[1:]
            elif on_page and on_page[-1] == str(number):
                on_page = on_page[:-1]
        lines += on_page
    return lines


def find_sequence(haystack: Sequence[str], needle: Sequence[str], start: int = 0) -> int:
    """Where `needle` first occurs as consecutive items of `haystack` from `start`; -1 if not."""
    needle = list(needle)
    for index in range(start, len(haystack) - len(needle) + 1):
        if list(haystack[index : index + len(needle)]) == needle:
            return index
    return -1


# --- runs: each text as drawn, with its place and size -------------------------------------


@cache
def face_names() -> dict[str, str]:
    """The PDF's base font name (without subset tag) -> the registered reportlab font."""
    register_body_fonts()
    return {
        pdfmetrics.getFont(name).face.name.decode(): name
        for name in (BODY, BODY_BOLD, BODY_ITALIC, BODY_BOLD_ITALIC)
    }


@dataclass(frozen=True)
class Run:
    """One text run as drawn: where its baseline starts, its advance width and font size."""

    text: str
    x: float
    y: float
    width: float
    size: float
    font: str
    upright: bool

    @property
    def centre(self) -> float:
        return self.x + self.width / 2

    @property
    def box(self) -> Rect:
        """The run's extent: advance width by the font's ascent and descent."""
        face = pdfmetrics.getFont(self.font).face
        bottom = self.y + face.descent / 1000 * self.size
        return Rect(self.x, bottom, self.width, (face.ascent - face.descent) / 1000 * self.size)


def origin(cm: Sequence[float], tm: Sequence[float]) -> tuple[float, float]:
    """Where a text run starts on the page: its text matrix placed by the current transform."""
    x, y = tm[4], tm[5]
    return x * cm[0] + y * cm[2] + cm[4], x * cm[1] + y * cm[3] + cm[5]


@cache
def page_runs(path: Path, number: int) -> tuple[Run, ...]:
    found = []

    def visit(text: str, cm: Any, tm: Any, font: Any, size: float) -> None:
        text = text.strip()
        if not text or font is None:
            return
        name = face_names()[str(font["/BaseFont"]).split("+")[-1]]
        x, y = origin(cm, tm)
        upright = cm[1] == cm[2] == tm[1] == tm[2] == 0
        width = pdfmetrics.stringWidth(text, name, size)
        found.append(Run(text, x, y, width, size, name, upright))

    reader(path).pages[number].extract_text(visitor_text=visit)
    return tuple(found)


def all_runs(path: Path) -> list[tuple[Run, ...]]:
    return [page_runs(path, number) for number in range(len(reader(path).pages))]


def is_note(run: Run) -> bool:
    return run.text.startswith("Sheet ")


# --- where things stand --------------------------------------------------------------------


def contains(rect: Rect, x: float, y: float, tolerance: float = 0) -> bool:
    return (
        rect.x - tolerance <= x <= rect.x + rect.width + tolerance
        and rect.y - tolerance <= y <= rect.y + rect.height + tolerance
    )


def inside(inner: Rect, outer: Rect, tolerance: float = 1e-6) -> bool:
    return (
        inner.x >= outer.x - tolerance
        and inner.y >= outer.y - tolerance
        and inner.x + inner.width <= outer.x + outer.width + tolerance
        and inner.y + inner.height <= outer.y + outer.height + tolerance
    )


def slot_index(run: Run, slots: Sequence[Slot]) -> int:
    """The slot whose trim holds the middle of the run's baseline."""
    found = [i for i, slot in enumerate(slots) if contains(slot.trim, run.centre, run.y)]
    assert len(found) == 1, f"{run.text!r} at ({run.x:.1f}, {run.y:.1f}) is in no single slot"
    return found[0]


def by_slot(
    runs: Sequence[Run], slots: Sequence[Slot], *, upright_only: bool = False
) -> dict[int, list[Run]]:
    """The item runs of a page grouped by slot; the flip note is left out.

    With `upright_only`, runs drawn turned are left out as well.
    """
    grouped: dict[int, list[Run]] = {}
    for run in runs:
        if (run.upright or not upright_only) and not is_note(run):
            grouped.setdefault(slot_index(run, slots), []).append(run)
    return grouped


def match_one_to_one(
    fronts: Sequence[tuple[float, float]], backs: Sequence[tuple[float, float]]
) -> None:
    """Each front point has its own back point within CLOSE on both axes."""
    assert len(fronts) == len(backs)
    unused = list(backs)
    for x, y in fronts:
        near = [p for p in unused if abs(p[0] - x) <= CLOSE and abs(p[1] - y) <= CLOSE]
        assert near, f"no back at ({x:.2f}, {y:.2f})"
        unused.remove(near[0])
