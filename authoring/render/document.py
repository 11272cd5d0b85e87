"""Every PDF starts here: embedded fonts, identical bytes on every run, printed at actual size,
ready for a print shop's checks.

Both the hand-drawn canvas and the Platypus document are set up the same way: `invariant`
fixes the dates and file id that would otherwise change the bytes on every run; the initial
font is the embedded body font, since reportlab otherwise puts an unembedded Helvetica in
every file; and the viewer is asked not to scale the page to fit when printing, which would
shrink every card and counter.

A shop's preflight looks for two more things. Every page names its cut (TrimBox) and how
far its art runs past the cut (BleedBox): the whole page unless its maker says otherwise
with `set_page_boxes`. And the catalog carries an output intent saying the colours are
sRGB, with the profile embedded, so the shop converts them as the designer saw them.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import BinaryIO, ClassVar
from weakref import WeakKeyDictionary

from PIL import ImageCms
from reportlab.pdfbase.pdfdoc import (
    PDFArray,
    PDFCatalog,
    PDFDictionary,
    PDFName,
    PDFStream,
    PDFString,
    PDFZCompress,
)
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate

from authoring.files import write_atomically
from authoring.render.fonts import register_body_fonts
from authoring.render.paper import Paper

CREATOR = "authoring"

PageBox = tuple[float, float, float, float]
"""A rectangle of the page as x, y, width, height in points (an imposition `Rect` is one)."""

OUTPUT_CONDITION = "sRGB IEC61966-2.1"
OUTPUT_INTENT_SUBTYPE = "GTS_PDFA1"
"""The subtype for an RGB output condition: a digital print shop's preflight reads it as
"these colours are sRGB"; the PDF/X subtype expects a press's CMYK condition."""
_PROFILE_DATE = (2000, 1, 1, 0, 0, 0)
"""Stamped into the sRGB profile's header in place of the moment it was made, which would
change the bytes of every PDF on every run."""
_ICC_DATE_AT = 24


def _whole_page(width: float, height: float) -> PageBox:
    return (0.0, 0.0, width, height)


def set_page_boxes(
    canvas: Canvas,
    page: tuple[float, float],
    *,
    trim: PageBox | None = None,
    bleed: PageBox | None = None,
) -> None:
    """Name the current page's cut (`trim`) and the art's reach past it (`bleed`) for this
    page and the ones after it, until set again; None is the whole page of size `page`
    (a page that is not cut). Both are cut down to the page, and the bleed never reaches
    less far than the trim."""
    whole = _whole_page(*page)
    trim_box = _within(trim or whole, whole)
    bleed_box = _within(_bounding(bleed or whole, trim_box), whole)
    canvas.setTrimBox(_corners(trim_box))
    canvas.setBleedBox(_corners(bleed_box))


def _within(box: PageBox, page: PageBox) -> PageBox:
    x0, y0 = max(box[0], page[0]), max(box[1], page[1])
    x1 = min(box[0] + box[2], page[0] + page[2])
    y1 = min(box[1] + box[3], page[1] + page[3])
    return (x0, y0, max(0.0, x1 - x0), max(0.0, y1 - y0))


def _bounding(first: PageBox, second: PageBox) -> PageBox:
    x0, y0 = min(first[0], second[0]), min(first[1], second[1])
    x1 = max(first[0] + first[2], second[0] + second[2])
    y1 = max(first[1] + first[3], second[1] + second[3])
    return (x0, y0, x1 - x0, y1 - y0)


def _corners(box: PageBox) -> list[float]:
    """A PDF rectangle: lower left and upper right corners. reportlab writes them with the
    MediaBox's precision, so a box of the whole page matches it exactly."""
    x, y, width, height = box
    return [x, y, x + width, y + height]


@cache
def srgb_profile() -> bytes:
    """The sRGB ICC profile as little CMS makes it, with a fixed creation date."""
    profile = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    date = b"".join(part.to_bytes(2, "big") for part in _PROFILE_DATE)
    return profile[:_ICC_DATE_AT] + date + profile[_ICC_DATE_AT + len(date) :]


class _PrintCatalog(PDFCatalog):  # type: ignore[misc]
    """reportlab's catalog writes only the entries it knows; this one writes OutputIntents
    too."""

    __NoDefault__: ClassVar[list[str]] = [*PDFCatalog.__NoDefault__, "OutputIntents"]


def _add_output_intent(canvas: Canvas) -> None:
    """Declare the page colours sRGB, with the profile embedded, in the canvas's catalog."""
    profile = PDFStream(PDFDictionary({"N": 3}), content=srgb_profile(), filters=[PDFZCompress])
    intent = PDFDictionary(
        {
            "Type": PDFName("OutputIntent"),
            "S": PDFName(OUTPUT_INTENT_SUBTYPE),
            "OutputConditionIdentifier": PDFString(OUTPUT_CONDITION),
            "Info": PDFString(OUTPUT_CONDITION),
            "RegistryName": PDFString("http://www.color.org"),
            "DestOutputProfile": profile,
        }
    )
    catalog = canvas._doc.Catalog
    catalog.__class__ = _PrintCatalog
    catalog.OutputIntents = PDFArray([intent])


def new_canvas(
    target: Path | BinaryIO, paper: Paper, *, title: str, author: str, subject: str
) -> Canvas:
    """A canvas for sheets drawn by hand; `target` is the temporary path of an atomic write."""
    canvas = Canvas(
        os.fspath(target) if isinstance(target, Path) else target,
        pagesize=(paper.width, paper.height),
        invariant=1,
        initialFontName=register_body_fonts(),
    )
    canvas.setTitle(title)
    canvas.setAuthor(author)
    canvas.setSubject(subject)
    canvas.setCreator(CREATOR)
    canvas.setViewerPreference("PrintScaling", "None")
    set_page_boxes(canvas, (paper.width, paper.height))
    _add_output_intent(canvas)
    return canvas


def draw_pages(
    path: Path,
    paper: Paper,
    pages: Iterable[Callable[[Canvas], None]],
    *,
    title: str,
    author: str,
    subject: str,
) -> None:
    """A hand-drawn document, one callback per page, written atomically to `path`."""

    def write(temporary: Path) -> None:
        canvas = new_canvas(temporary, paper, title=title, author=author, subject=subject)
        for draw in pages:
            draw(canvas)
            canvas.showPage()
        canvas.save()

    write_atomically(path, write)


def new_document(
    target: Path | BinaryIO,
    paper: Paper,
    *,
    title: str,
    author: str,
    subject: str,
    margin: float,
) -> BaseDocTemplate:
    """A Platypus document without page templates; the caller adds its own and builds.
    Its pages are not cut: trim and bleed are the whole page."""
    whole = _corners(_whole_page(paper.width, paper.height))
    return _Document(
        os.fspath(target) if isinstance(target, Path) else target,
        pagesize=(paper.width, paper.height),
        leftMargin=margin,
        rightMargin=margin,
        topMargin=margin,
        bottomMargin=margin,
        invariant=1,
        initialFontName=register_body_fonts(),
        title=title,
        author=author,
        subject=subject,
        creator=CREATOR,
        printScaling="None",
        trimBox=whole,
        bleedBox=whole,
    )


class _Document(BaseDocTemplate):  # type: ignore[misc]
    """A Platypus document whose every file declares the output intent."""

    def beforeDocument(self) -> None:
        """Every pass of a multi-pass build writes a new canvas: each gets the intent."""
        _add_output_intent(self.canv)


@dataclass
class _Outline:
    level: int = -1
    keys: Counter[str] = field(default_factory=Counter)


# One entry per canvas: a multi-pass build makes a new canvas for each pass, so every pass
# starts afresh and hands out the same keys as the last one (changing keys make it loop).
_outlines: WeakKeyDictionary[Canvas, _Outline] = WeakKeyDictionary()


def add_outline_entry(canvas: Canvas, title: str, level: int, *, top: float) -> str:
    """Bookmark the spot `top` points up in the current coordinates and list it in the outline.

    The key comes from the title (a repeated title gets .2, .3...) so it is the same on
    every pass. A level more than one below the entry before becomes one below it, because
    PDF outlines cannot skip a level. Returns the key.
    """
    outline = _outlines.setdefault(canvas, _Outline())
    slug = _slug(title)
    outline.keys[slug] += 1
    key = slug if outline.keys[slug] == 1 else f"{slug}.{outline.keys[slug]}"
    outline.level = min(level, outline.level + 1)
    canvas.bookmarkHorizontal(key, 0, top)
    canvas.addOutlineEntry(title, key, outline.level)
    return key


def _slug(title: str) -> str:
    ascii_title = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode()
    return "h-" + (re.sub(r"[^a-z0-9]+", "-", ascii_title.lower()).strip("-") or "section")
