"""Every PDF starts here: embedded fonts, identical bytes on every run, printed at actual size.

Both the hand-drawn canvas and the Platypus document are set up the same way: `invariant`
fixes the dates and file id that would otherwise change the bytes on every run; the initial
font is the embedded body font, since reportlab otherwise puts an unembedded Helvetica in
every file; and the viewer is asked not to scale the page to fit when printing, which would
shrink every card and counter.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO
from weakref import WeakKeyDictionary

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate

from authoring.files import write_atomically
from authoring.render.fonts import register_body_fonts
from authoring.render.paper import Paper

CREATOR = "authoring"


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
    """A Platypus document without page templates; the caller adds its own and builds."""
    return BaseDocTemplate(
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
    )


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
