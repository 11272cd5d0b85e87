"""Press files: the kit as a print shop imposes it itself, one file per component.

A shop that prints and cuts on its own press wants no crop marks and no sheets: it lays the
pieces out on its own paper. So `build --target press` writes each component as a PDF of
its own, `OUT/<slug>/press/<component>.pdf`, every page with its TrimBox at the cut and its
BleedBox at the art's reach:

- Pieces (cards, counters): every item's front, then its back, each on a page of its trim
  plus the shops' 1/8" bleed (`pod.POD_BLEED`), drawn by the game's own draw functions as on
  the home sheets, in vector. `impose` hands the pieces over (`imposition.writing_faces`),
  as it does for the print-on-demand images.
- Boards tiled across home sheets: the whole board on one page of its size, as a shop
  prints a board on one large sheet (`tiling.writing_art`).
- Everything else (books, charts, score sheets): the home file as it is; it has no crop
  marks on its art, and its pages carry their boxes already.

`manifest.csv` lists each file with the component's title, pages, copies to print, and the
trimmed size of its first page in millimetres, which is what a shop's order form asks.
Files are the same bytes on every run, as every PDF the kit writes is.
"""

from __future__ import annotations

import csv
import shutil
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

import pypdfium2
from reportlab.lib.units import mm

from authoring.components import Printing
from authoring.files import write_atomically
from authoring.render.document import new_canvas, set_page_boxes
from authoring.render.imposition import Draw, writing_faces
from authoring.render.paper import Paper, Size
from authoring.render.pod import POD_BLEED, OnceEach, draw_face_pages, face_canvas
from authoring.render.tiling import Draw as DrawArt
from authoring.render.tiling import writing_art

MANIFEST = "manifest.csv"
MANIFEST_COLUMNS = ("file", "component", "title", "pages", "copies", "trim_mm")
AUTHOR = "authoring"

Item = TypeVar("Item")


@dataclass(frozen=True)
class PressFile:
    """One file of the press folder, as the manifest lists it."""

    file: str
    component: str
    title: str
    pages: int
    copies: int
    trim: tuple[float, float]

    def cells(self) -> tuple[str | int, ...]:
        width, height = self.trim
        size = f"{width / mm:.1f} x {height / mm:.1f}"
        return (self.file, self.component, self.title, self.pages, self.copies, size)


@dataclass
class PressFiles:
    """The press files of a kit written into `folder`, listed as they are written."""

    folder: Path
    files: list[PressFile] = field(default_factory=list)

    @contextmanager
    def component(self, name: str, printing: Printing, written: Path) -> Iterator[None]:
        """While the block writes component `name` to `written`, its pieces and boards go to
        a press file of their own; a component that hands over neither is kept as written."""
        writer = _ComponentPress(self.folder / f"{name}.pdf", printing.title)
        with writing_faces(writer), writing_art(writer):
            yield
        if not writer.once.done:
            shutil.copyfile(written, writer.path)
        self.files.append(_listed(writer.path, name, printing))

    def finish(self) -> list[str]:
        """Write the manifest; return the files made, the manifest last."""
        with (self.folder / MANIFEST).open("w", encoding="utf-8", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(MANIFEST_COLUMNS)
            writer.writerows(listed.cells() for listed in self.files)
        return [*(listed.file for listed in self.files), MANIFEST]


@dataclass
class _ComponentPress:
    """The `FaceWriter` and `ArtWriter` of one component: its press file at `path`."""

    path: Path
    title: str
    once: OnceEach = field(default_factory=lambda: OnceEach("hands over its pieces or board"))

    def write_faces(
        self,
        items: Sequence[Item],
        sizes: Sequence[Size],
        draw_front: Draw[Item],
        draw_back: Draw[Item],
    ) -> None:
        self.once.check(self.path.stem)

        def write(temporary: Path) -> None:
            canvas = face_canvas(
                temporary, sizes[0], POD_BLEED, title=self.title, author=AUTHOR, subject=""
            )
            draw_face_pages(canvas, items, sizes, draw_front, draw_back, bleed=POD_BLEED)
            canvas.save()

        write_atomically(self.path, write)

    def write_art(self, width: float, height: float, draw: DrawArt) -> None:
        self.once.check(self.path.stem)
        page = (width + 2 * POD_BLEED, height + 2 * POD_BLEED)

        def write(temporary: Path) -> None:
            paper = Paper("board", *page)
            canvas = new_canvas(temporary, paper, title=self.title, author=AUTHOR, subject="")
            set_page_boxes(canvas, page, trim=(POD_BLEED, POD_BLEED, width, height))
            canvas.translate(POD_BLEED, POD_BLEED)
            draw(canvas)
            canvas.showPage()
            canvas.save()

        write_atomically(self.path, write)


def _listed(path: Path, component: str, printing: Printing) -> PressFile:
    document = pypdfium2.PdfDocument(path)
    try:
        left, bottom, right, top = document[0].get_trimbox()
        pages = len(document)
    finally:
        document.close()
    trim = (right - left, top - bottom)
    return PressFile(path.name, component, printing.title, pages, printing.copies, trim)
