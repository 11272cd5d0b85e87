"""Print-on-demand faces: one PNG per face of every card and counter, and a manifest.

A print-on-demand shop takes a deck as images, one per face, each the piece's trimmed size
plus 1/8" (3.175 mm) of bleed on every side at 300 dpi: a poker card is 825 x 1125 px. It
prints and cuts them itself, so the images carry no crop marks, no cut line and no sheet
note, only the art.

`impose` is the one call every game makes for its pieces, so the faces come from there,
with no game code changed: while `FaceImages.component` is open, `impose` hands its items
to a writer for that component (a context variable, `imposition.writing_faces`, which
leaves `impose`'s signature as the games call it). A context variable rather than a target
on the paper or the build context: the writer needs a folder and the manifest being
gathered, which a frozen value cannot carry, and it is set by the build around one
component's write alone. Each face is drawn by the game's own draw function on a page of
its own whose slot is the piece's trim with the shop's bleed, through a PDF that PDFium
rasterises, so an image shows what the sheets print, fonts and all.

Alike faces are written once and counted: items whose front and back are both the same
pixels are one image pair, `copies` the number of them, and when every item has the same
back it is one `back.png`. A back shared by some items only is written once per front, so
`<item>-front.png` always goes with `<item>-back.png` (or `back.png`). Files are named
`<component>/<item>-front.png` and `<item>-back.png` (or the shared `back.png`), `item`
being the first item's place in the component's list, from 1. The manifest,
`manifest.csv`, has a row per image: its file (from the manifest's folder), component,
face, item, copies (times the component's own copies), size in pixels and dpi. A component
that is not imposed (a book, a chart, a board) has no images and no rows: a shop prints
those from the home kit's PDFs.

The images are the same bytes on every run: PNG holds no time unless asked to, and the
PDF drawn is itself invariant.

The Tabletop Simulator export (`authoring.render.tts`) takes its faces the same way, with no
bleed and at a resolution of its own: drawing and rasterising faces, grouping alike ones and
the once-per-component rule are here, shared by both.
"""

from __future__ import annotations

import csv
import hashlib
import io
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO, NamedTuple, TypeVar

import pypdfium2
from PIL import Image
from reportlab.lib.units import inch
from reportlab.pdfgen.canvas import Canvas

from authoring.components import Printing
from authoring.render.document import new_canvas, set_page_boxes
from authoring.render.fonts import POINTS_PER_MM
from authoring.render.imposition import Draw, Rect, Slot, writing_faces
from authoring.render.paper import Paper, Size

POD_BLEED = inch / 8
"""The bleed the big print-on-demand shops ask for on every side of a face."""
DPI = 300
MANIFEST = "manifest.csv"
MANIFEST_COLUMNS = ("file", "component", "face", "item", "copies", "width_px", "height_px", "dpi")
SHARED_BACK = "back.png"
POINTS_PER_INCH = 72
SAFE_ZONE = inch / 8
"""How far inside the cut the shops ask every text to stay: their cut may drift that far."""
_EDGE = 0.01  # points: a text touching the safe line is inside it

Item = TypeVar("Item")


@dataclass(frozen=True)
class FaceRow:
    """One image of the manifest."""

    file: str
    component: str
    face: str
    item: int
    copies: int
    width_px: int
    height_px: int

    def cells(self) -> tuple[str | int, ...]:
        return (
            self.file,
            self.component,
            self.face,
            self.item,
            self.copies,
            self.width_px,
            self.height_px,
            DPI,
        )


def pixels(points: float, dpi: int = DPI) -> int:
    """A length on the page in whole pixels at `dpi`."""
    return round(points * dpi / POINTS_PER_INCH)


@dataclass
class FaceImages:
    """The images of a kit's pieces written into `folder`, one sub-folder per component,
    with the manifest's rows gathered as they are written."""

    folder: Path
    rows: list[FaceRow] = field(default_factory=list)

    @contextmanager
    def component(self, name: str, printing: Printing, written: Path) -> Iterator[None]:
        """While the block writes component `name` (to `written`, which is not kept), its
        pieces become images here."""
        with writing_faces(_ComponentFaces(self, name, printing.copies)):
            yield

    def finish(self) -> list[str]:
        """Write the manifest; return what the folder holds: each imposed component's
        sub-folder, then the manifest."""
        with (self.folder / MANIFEST).open("w", encoding="utf-8", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(MANIFEST_COLUMNS)
            writer.writerows(row.cells() for row in self.rows)
        return [*dict.fromkeys(row.component for row in self.rows), MANIFEST]


@dataclass
class _ComponentFaces:
    """The `FaceWriter` of one component: its images go to its own folder."""

    images: FaceImages
    component: str
    copies: int
    once: OnceEach = field(default_factory=lambda: OnceEach("imposes its pieces"))

    def write_faces(
        self,
        items: Sequence[Item],
        sizes: Sequence[Size],
        draw_front: Draw[Item],
        draw_back: Draw[Item],
    ) -> None:
        self.once.check(self.component)
        pdf = face_pages_pdf(items, sizes, draw_front, draw_back, bleed=POD_BLEED)
        noted = _unsafe.get()
        if noted is not None:
            noted += texts_near_the_cut(pdf, self.component)
        fronts, backs = faces_of(pdf, sizes, bleed=POD_BLEED, dpi=DPI)
        designs = Designs.of(fronts, backs)
        folder = self.images.folder / self.component
        folder.mkdir(parents=True)
        for design in designs.groups:
            first, named = design[0], designs.name(design)
            self._save(folder / f"{named}-front.png", fronts[first], "front", first, len(design))
            if not designs.shared_back:
                self._save(folder / f"{named}-back.png", backs[first], "back", first, len(design))
        if designs.shared_back:
            self._save(folder / SHARED_BACK, backs[0], "back", 0, len(items))

    def _save(self, path: Path, image: Image.Image, face: str, index: int, copies: int) -> None:
        image.save(path, format="PNG", dpi=(DPI, DPI))
        self.images.rows.append(
            FaceRow(
                path.relative_to(self.images.folder).as_posix(),
                self.component,
                face,
                index + 1,
                copies * self.copies,
                image.width,
                image.height,
            )
        )


# --- what the print-on-demand faces share with the Tabletop Simulator export ---------------


@dataclass
class OnceEach:
    """A component hands over its pieces (or its board) once: a second time would overwrite
    the first's images, so it is a mistake in the kit's code, said with the component."""

    what: str
    done: bool = False

    def check(self, component: str) -> None:
        if self.done:
            raise ValueError(f"component {component!r} {self.what} more than once")
        self.done = True


def face_slot(size: Size, bleed: float) -> Slot:
    """A face's slot on its own page: the trim inset by `bleed`, the page all bleed."""
    trim = Rect(bleed, bleed, size.width, size.height)
    return Slot(trim, Rect(0.0, 0.0, size.width + 2 * bleed, size.height + 2 * bleed))


def face_canvas(
    target: Path | BinaryIO, first: Size, bleed: float, *, title: str, author: str, subject: str
) -> Canvas:
    """A canvas for faces on pages of their own, the first of size `first` with `bleed`."""
    page = face_slot(first, bleed).bleed
    paper = Paper("face", page.width, page.height)
    return new_canvas(target, paper, title=title, author=author, subject=subject)


def draw_face_pages(
    canvas: Canvas,
    items: Sequence[Item],
    sizes: Sequence[Size],
    draw_front: Draw[Item],
    draw_back: Draw[Item],
    *,
    bleed: float,
) -> None:
    """Every item's front, then its back, each on a page of its trim plus `bleed` on every
    side, the page's TrimBox its cut and its BleedBox the whole page."""
    for item, size in zip(items, sizes, strict=True):
        slot = face_slot(size, bleed)
        for draw in (draw_front, draw_back):
            page = (slot.bleed.width, slot.bleed.height)
            canvas.setPageSize(page)
            set_page_boxes(canvas, page, trim=slot.trim)
            canvas.saveState()
            draw(canvas, item, slot)
            canvas.restoreState()
            canvas.showPage()


def rasterised_faces(
    items: Sequence[Item],
    sizes: Sequence[Size],
    draw_front: Draw[Item],
    draw_back: Draw[Item],
    *,
    bleed: float,
    dpi: int,
) -> tuple[list[Image.Image], list[Image.Image]]:
    """Every item's front and back as images of its trim plus `bleed` on every side at
    `dpi`: drawn as one PDF, a page per face, which is faster than a file per face and
    rasterised page by page."""
    pdf = face_pages_pdf(items, sizes, draw_front, draw_back, bleed=bleed)
    return faces_of(pdf, sizes, bleed=bleed, dpi=dpi)


def face_pages_pdf(
    items: Sequence[Item],
    sizes: Sequence[Size],
    draw_front: Draw[Item],
    draw_back: Draw[Item],
    *,
    bleed: float,
) -> bytes:
    """Every item's front and back on pages of their own (`draw_face_pages`), as one PDF."""
    pages = io.BytesIO()
    canvas = face_canvas(pages, sizes[0], bleed, title="", author="", subject="")
    draw_face_pages(canvas, items, sizes, draw_front, draw_back, bleed=bleed)
    canvas.save()
    return pages.getvalue()


def faces_of(
    pdf: bytes, sizes: Sequence[Size], *, bleed: float, dpi: int
) -> tuple[list[Image.Image], list[Image.Image]]:
    """The fronts and the backs of `face_pages_pdf`'s pages as images at `dpi`."""
    # Each item's pages are its front, then its back: the same rectangle twice.
    faces = [face_slot(size, bleed).bleed for size in sizes]
    images = rasterised_pages(pdf, [face for face in faces for _ in range(2)], dpi)
    return images[0::2], images[1::2]


# --- the shops' safe zone -------------------------------------------------------------------


class UnsafeText(NamedTuple):
    """A text of a piece's face printed within `SAFE_ZONE` of its cut, where a shop's cut
    may trim it: `width` is its length and `room` the width inside the safe zone, both in
    points, so a text wider than its room is too long to fit anywhere, and any other lies
    there by its place on the face."""

    component: str
    text: str
    width: float
    room: float

    @property
    def too_long(self) -> bool:
        return self.width > self.room

    @property
    def width_mm(self) -> float:
        return self.width / POINTS_PER_MM

    @property
    def room_mm(self) -> float:
        return self.room / POINTS_PER_MM


_unsafe: ContextVar[list[UnsafeText] | None] = ContextVar("unsafe", default=None)


@contextmanager
def noting_unsafe_texts() -> Iterator[list[UnsafeText]]:
    """Every text the print-on-demand faces drawn inside the block put within the safe zone."""
    noted: list[UnsafeText] = []
    token = _unsafe.set(noted)
    try:
        yield noted
    finally:
        _unsafe.reset(token)


def texts_near_the_cut(pdf: bytes, component: str) -> list[UnsafeText]:
    """The texts of `face_pages_pdf`'s pages (drawn with `POD_BLEED`) that reach within
    `SAFE_ZONE` of the page's cut, each once, as PDFium finds the page's runs of text."""
    found: dict[str, UnsafeText] = {}
    document = pypdfium2.PdfDocument(pdf)
    try:
        for page in document:
            width, height = page.get_size()
            low, high_x, high_y = (
                POD_BLEED + SAFE_ZONE,
                width - POD_BLEED - SAFE_ZONE,
                height - POD_BLEED - SAFE_ZONE,
            )
            text = page.get_textpage()
            for index in range(text.count_rects()):
                left, bottom, right, top = text.get_rect(index)
                inside = (
                    left >= low - _EDGE
                    and bottom >= low - _EDGE
                    and right <= high_x + _EDGE
                    and top <= high_y + _EDGE
                )
                printed = text.get_text_bounded(left, bottom, right, top).strip()
                if not inside and printed and printed not in found:
                    found[printed] = UnsafeText(component, printed, right - left, high_x - low)
            text.close()
            page.close()
    finally:
        document.close()
    return list(found.values())


def rasterised_pages(pdf: bytes, pages: Sequence[Rect], dpi: int) -> list[Image.Image]:
    """Each page of `pdf` at `dpi`, exactly its size (`pages`, in points) in whole pixels:
    PDFium rounds a page a hair over a whole pixel up to one more."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        images = []
        for number, rect in enumerate(pages):
            page = document[number]
            bitmap = page.render(scale=dpi / POINTS_PER_INCH, fill_color=(255, 255, 255, 255))
            image: Image.Image = bitmap.to_pil().convert("RGB")
            page.close()
            size = (pixels(rect.width, dpi), pixels(rect.height, dpi))
            images.append(image.crop((0, 0, *size)) if image.size != size else image)
        return images
    finally:
        document.close()


@dataclass(frozen=True)
class Designs:
    """Items grouped by their pixels on both faces: alike items are one design, printed
    again. Each group's items are in order, the groups in the order of their first item;
    `shared_back` says every item has the same back."""

    groups: tuple[tuple[int, ...], ...]
    shared_back: bool
    items: int

    @classmethod
    def of(cls, fronts: Sequence[Image.Image], backs: Sequence[Image.Image]) -> Designs:
        groups: dict[tuple[bytes, bytes], list[int]] = {}
        for index, (front, back) in enumerate(zip(fronts, backs, strict=True)):
            groups.setdefault((_digest(front), _digest(back)), []).append(index)
        shared_back = len({back for _, back in groups}) == 1
        return cls(tuple(map(tuple, groups.values())), shared_back, len(fronts))

    def name(self, group: Sequence[int]) -> str:
        """A design's files' name: its first item's place in the list, from 1, with as many
        digits as the last place has, so the files sort in the list's order."""
        return f"{group[0] + 1:0{len(str(self.items))}d}"


def _digest(image: Image.Image) -> bytes:
    return hashlib.sha256(image.tobytes()).digest()
