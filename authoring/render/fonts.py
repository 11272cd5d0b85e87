"""The embedded body font family, a check that text uses only characters it can print, and
text fitted to a box.

reportlab prints a character its font lacks as an empty box, without a warning, so text
from a workbook is checked against the font's own character map before it is drawn.

A text shrunk to fit its box stops at the smallest size its kit allows; a text still too
wide there would run over the box's edge, so it is noted (`noting_overflows`) for the build
to report at the cell it came from instead of printing it.

Each embedded subset of a face is named with a six-letter tag that differs from file to file
(see `subset_tag`): reportlab names every file's first subset `AAAAAA+`, and a print shop
that merges two files whose subsets share a name may print one file's text with the other's
glyphs.
"""

from __future__ import annotations

import hashlib
import math
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from importlib.resources import as_file, files
from typing import NamedTuple

from reportlab.lib import units
from reportlab.pdfbase import pdfmetrics, ttfonts
from reportlab.pdfbase.pdfdoc import PDFDocument
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

BODY = "Body"
BODY_BOLD = "Body-Bold"
BODY_ITALIC = "Body-Italic"
BODY_BOLD_ITALIC = "Body-BoldItalic"

_FILES = {
    BODY: "SourceSansPro-Regular.ttf",
    BODY_BOLD: "SourceSansPro-Bold.ttf",
    BODY_ITALIC: "SourceSansPro-It.ttf",
    BODY_BOLD_ITALIC: "SourceSansPro-BoldIt.ttf",
}


TAG_LETTERS = 6


def subset_tag(document: Iterable[str], face: bytes, subset: Iterable[int]) -> bytes:
    """The six capital letters naming one subset of a face in one file: a hash of the
    file's own words (title, author, subject), the face's name and the characters in the
    subset, so another file or another subset gets another tag and a rebuild the same."""
    digest = hashlib.sha256()
    for part in (*document, face.decode("latin-1"), ",".join(map(str, subset))):
        digest.update(part.encode("utf-8") + b"\0")
    number = int.from_bytes(digest.digest()[:8], "big")
    letters = []
    for _ in range(TAG_LETTERS):
        number, letter = divmod(number, 26)
        letters.append(chr(ord("A") + letter))
    return "".join(letters).encode("ascii")


# reportlab names subset n of every face `SUBSETN(n)` (`AAAAAA` for the first) and gives
# no hook to change it, so the module's function is replaced by one that asks the font being
# written for its tag; outside `_TaggedFont.addObjects` it answers as reportlab's would.
_reportlab_subset_name = ttfonts.SUBSETN
_naming_subsets: ContextVar[Callable[[int], bytes] | None] = ContextVar(
    "naming_subsets", default=None
)


def _subset_name(number: int) -> bytes:
    name = _naming_subsets.get()
    return _reportlab_subset_name(number) if name is None else name(number)


ttfonts.SUBSETN = _subset_name


class _TaggedFont(TTFont):  # type: ignore[misc]
    """A TrueType face whose embedded subsets carry `subset_tag`s instead of `AAAAAA`."""

    def addObjects(self, doc: PDFDocument) -> None:
        subsets, info = self.state[doc].subsets, doc.info
        words = (str(info.title), str(info.author), str(info.subject))

        def name(number: int) -> bytes:
            return subset_tag(words, self.face.name, subsets[number])

        token = _naming_subsets.set(name)
        try:
            super().addObjects(doc)
        finally:
            _naming_subsets.reset(token)


@cache
def register_body_fonts() -> str:
    """Register the four faces once, as one family so `<b>` and `<i>` find them; return it."""
    folder = files("font_source_sans_pro") / "files"
    for name, filename in _FILES.items():
        with as_file(folder / filename) as path:
            pdfmetrics.registerFont(_TaggedFont(name, path))
    pdfmetrics.registerFontFamily(
        BODY, normal=BODY, bold=BODY_BOLD, italic=BODY_ITALIC, boldItalic=BODY_BOLD_ITALIC
    )
    return BODY


# Points in a millimetre: a box's width is told to a designer in millimetres.
POINTS_PER_MM: float = units.mm


class Overflow(NamedTuple):
    """A text wider than its box even at the smallest size allowed for it (widths in points)."""

    text: str
    room: float
    needed: float
    smallest: float

    @property
    def room_mm(self) -> float:
        return self.room / POINTS_PER_MM

    @property
    def needed_mm(self) -> float:
        return self.needed / POINTS_PER_MM

    @property
    def characters_that_fit(self) -> int:
        """How many characters as wide on average as this text's the box holds."""
        return max(0, math.floor(len(self.text) * self.room / self.needed))


# The overflows of the drawing under way, when its caller asked for them; None otherwise.
_overflows: ContextVar[list[Overflow] | None] = ContextVar("overflows", default=None)
# Widths this close to the box's are a rounding of the arithmetic, not a text over its edge.
_WIDTH_TOLERANCE = 1e-6


@contextmanager
def noting_overflows() -> Iterator[list[Overflow]]:
    """Every text fitted inside the block that is wider than its box at the size it was given,
    in the order drawn. Each block has its own list: nothing carries over to the next."""
    noted: list[Overflow] = []
    token = _overflows.set(noted)
    try:
        yield noted
    finally:
        _overflows.reset(token)


def fitted_size(text: str, font: str, size: float, room: float, *, smallest: float = 0) -> float:
    """The font size, at most `size` and never below `smallest`, at which `text` is no
    wider than `room` points; a text wider than `room` even at `smallest` is noted."""
    wide: float = pdfmetrics.stringWidth(text, font, size)
    fitted = max(smallest, min(size, size * room / max(wide, 1e-6)))
    needed = wide * fitted / size
    noted = _overflows.get()
    if noted is not None and needed > max(room, 0) * (1 + _WIDTH_TOLERANCE):
        noted.append(Overflow(text, room, needed, smallest))
    return fitted


def draw_centred(
    canvas: Canvas,
    text: str,
    x: float,
    y: float,
    font: str,
    size: float,
    room: float = math.inf,
    *,
    smallest: float = 0,
) -> None:
    """Text centred on `x`, shrunk to fit `room` points where it is wider."""
    canvas.setFont(font, fitted_size(text, font, size, room, smallest=smallest))
    canvas.drawCentredString(x, y, text)


@cache
def _printable() -> frozenset[int]:
    """Code points every face of the family has a glyph for: text may be set in any of them."""
    register_body_fonts()
    maps = [set(pdfmetrics.getFont(name).face.charToGlyph) for name in _FILES]
    return frozenset(set.intersection(*maps))


def missing_glyphs(text: str) -> set[str]:
    """The characters of `text` the body family would print as empty boxes."""
    printable = _printable()
    return {
        character
        for character in set(text)
        if ord(character) not in printable
        and not character.isspace()
        and unicodedata.category(character) != "Cc"
    }


class MissingGlyphs(NamedTuple):
    text: str
    characters: str
    place: str


class GlyphError(Exception):
    """Texts the body font cannot print, each with the place the caller says it came from."""

    def __init__(self, problems: list[MissingGlyphs]) -> None:
        self.problems = problems
        super().__init__("\n".join(_describe(problem) for problem in problems))


def _describe(problem: MissingGlyphs) -> str:
    names = ", ".join(f"{c!r} (U+{ord(c):04X})" for c in problem.characters)
    return f"{problem.place}: {problem.text!r} has characters the font cannot print: {names}"


def require_glyphs(items: Iterable[tuple[str, str]]) -> None:
    """Check many (text, place) pairs; raise one GlyphError listing every text that fails."""
    problems = []
    for text, place in items:
        missing = missing_glyphs(text)
        if missing:
            problems.append(MissingGlyphs(text, "".join(sorted(missing)), place))
    if problems:
        raise GlyphError(problems)
