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
"""

from __future__ import annotations

import csv
import hashlib
import io
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

import pypdfium2
from PIL import Image
from reportlab.lib.units import inch

from authoring.render.document import new_canvas
from authoring.render.imposition import Draw, Rect, Slot, writing_faces
from authoring.render.paper import Paper, Size

POD_BLEED = inch / 8
"""The bleed the big print-on-demand shops ask for on every side of a face."""
DPI = 300
MANIFEST = "manifest.csv"
MANIFEST_COLUMNS = ("file", "component", "face", "item", "copies", "width_px", "height_px", "dpi")
SHARED_BACK = "back.png"
_POINTS_PER_INCH = 72

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


def pixels(points: float) -> int:
    """A length on the page in whole pixels at `DPI`."""
    return round(points * DPI / _POINTS_PER_INCH)


@dataclass
class FaceImages:
    """The images of a kit's pieces written into `folder`, one sub-folder per component,
    with the manifest's rows gathered as they are written."""

    folder: Path
    rows: list[FaceRow] = field(default_factory=list)

    @contextmanager
    def component(self, name: str, copies: int) -> Iterator[None]:
        """While the block writes component `name` (printed `copies` times), its pieces
        become images here."""
        with writing_faces(_ComponentFaces(self, name, copies)):
            yield

    def write_manifest(self) -> Path:
        path = self.folder / MANIFEST
        with path.open("w", encoding="utf-8", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow(MANIFEST_COLUMNS)
            writer.writerows(row.cells() for row in self.rows)
        return path


@dataclass
class _ComponentFaces:
    """The `FaceWriter` of one component: its images go to its own folder."""

    images: FaceImages
    component: str
    copies: int
    written: bool = False

    def write_faces(
        self,
        items: Sequence[Item],
        sizes: Sequence[Size],
        draw_front: Draw[Item],
        draw_back: Draw[Item],
    ) -> None:
        if self.written:
            raise ValueError(f"component {self.component!r} imposes its pieces more than once")
        self.written = True
        fronts, backs = _rasterised(items, sizes, draw_front, draw_back)
        # Items alike on both faces are one pair of images, counted.
        pairs: dict[tuple[bytes, bytes], list[int]] = {}
        for index, (front, back) in enumerate(zip(fronts, backs, strict=True)):
            pairs.setdefault((_digest(front), _digest(back)), []).append(index)
        shared_back = len({back for _, back in pairs}) == 1
        width = len(str(len(items)))
        folder = self.images.folder / self.component
        folder.mkdir(parents=True)
        for alike in pairs.values():
            first = alike[0]
            named = f"{first + 1:0{width}d}"
            self._save(folder / f"{named}-front.png", fronts[first], "front", first, len(alike))
            if not shared_back:
                self._save(folder / f"{named}-back.png", backs[first], "back", first, len(alike))
        if shared_back:
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


def face_slot(size: Size) -> Slot:
    """A face's slot on its own page: the trim inset by the shop's bleed, the page all bleed."""
    trim = Rect(POD_BLEED, POD_BLEED, size.width, size.height)
    return Slot(trim, Rect(0.0, 0.0, size.width + 2 * POD_BLEED, size.height + 2 * POD_BLEED))


def _rasterised(
    items: Sequence[Item],
    sizes: Sequence[Size],
    draw_front: Draw[Item],
    draw_back: Draw[Item],
) -> tuple[list[Image.Image], list[Image.Image]]:
    """Every item's front and back as images: drawn as one PDF, a page per face, which is
    faster than a file per face and rasterised page by page."""
    pages = io.BytesIO()
    first = face_slot(sizes[0]).bleed
    canvas = new_canvas(
        pages, Paper("face", first.width, first.height), title="", author="", subject=""
    )
    for item, size in zip(items, sizes, strict=True):
        slot = face_slot(size)
        for draw in (draw_front, draw_back):
            canvas.setPageSize((slot.bleed.width, slot.bleed.height))
            canvas.saveState()
            draw(canvas, item, slot)
            canvas.restoreState()
            canvas.showPage()
    canvas.save()
    document = pypdfium2.PdfDocument(pages.getvalue())
    try:
        images = [
            _rasterise(document[number], face_slot(sizes[number // 2]).bleed)
            for number in range(len(document))
        ]
    finally:
        document.close()
    return images[0::2], images[1::2]


def _rasterise(page: pypdfium2.PdfPage, bleed: Rect) -> Image.Image:
    """The page at `DPI`, exactly its size in whole pixels (PDFium rounds a page a hair
    over a whole pixel up to one more)."""
    width, height = pixels(bleed.width), pixels(bleed.height)
    bitmap = page.render(scale=DPI / _POINTS_PER_INCH, fill_color=(255, 255, 255, 255))
    image: Image.Image = bitmap.to_pil().convert("RGB")
    page.close()
    return image.crop((0, 0, width, height)) if image.size != (width, height) else image


def _digest(image: Image.Image) -> bytes:
    return hashlib.sha256(image.tobytes()).digest()
