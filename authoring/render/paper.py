"""Paper and item sizes in points, and the distances every printed sheet respects."""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from reportlab.lib.pagesizes import A4, letter
from reportlab.lib.units import mm

FLIPS = ("long", "short")
"""How a double-sided sheet turns over: about its long edge (left to right on a portrait page)
or its short edge (top to bottom)."""

MAX_BACK_OFFSET = 10 * mm
"""The largest back offset taken on either axis: twice the calibration sheet's reach, so a
second reading can add to the first, and no printer that needs more is worth correcting."""


@dataclass(frozen=True)
class Duplex:
    """How a printer puts a sheet's back behind its front: the edge the sheet flips on, and
    the shift (points, in the back page's own coordinates) that cancels its misregistration.
    A back drawn at its mirror place plus this offset lands behind its front."""

    offset_x: float = 0.0
    offset_y: float = 0.0
    flip: str = "long"

    def __post_init__(self) -> None:
        if self.flip not in FLIPS:
            raise ValueError(f"a sheet flips on its {' or '.join(FLIPS)} edge, not {self.flip!r}")

    @property
    def is_default(self) -> bool:
        return self == Duplex()

    @property
    def has_offset(self) -> bool:
        return (self.offset_x, self.offset_y) != (0.0, 0.0)

    @property
    def flip_words(self) -> str:
        return f"flip on the {self.flip} edge"

    @property
    def offset_words(self) -> str:
        """`back offset +1.0, -0.5 mm`."""
        return f"back offset {millimetres(self.offset_x)}, {millimetres(self.offset_y)} mm"

    def behind(
        self, page_width: float, page_height: float, x: float, y: float
    ) -> tuple[float, float]:
        """Where the back page draws what lies behind the front's point (x, y)."""
        if self.flip == "long":
            return page_width - x + self.offset_x, y + self.offset_y
        return x + self.offset_x, page_height - y + self.offset_y


def millimetres(points: float) -> str:
    """A signed length in millimetres as a player types it: `+1.0`, `-0.25`, `0.0`."""
    value = round(points / mm, 2)
    if value == 0:
        return "0.0"
    text = f"{value:+.2f}"
    return text[:-1] if text.endswith("0") else text


def parse_back_offset(text: str) -> tuple[float, float]:
    """`X,Y` in millimetres (`1.5,-0.5`) as points; ValueError saying what is expected."""
    expected = f"two numbers of millimetres as X,Y, such as 1.5,-0.5; not {text!r}"
    parts = text.split(",")
    if len(parts) != 2:
        raise ValueError(f"expected {expected}")
    try:
        values = [float(part) for part in parts]
    except ValueError:
        raise ValueError(f"expected {expected}") from None
    if not all(math.isfinite(value) for value in values):
        raise ValueError(f"expected {expected}")
    if any(abs(value) * mm > MAX_BACK_OFFSET for value in values):
        limit = MAX_BACK_OFFSET / mm
        raise ValueError(f"at most {limit:g} mm either way on each axis, not {text!r}")
    return values[0] * mm, values[1] * mm


@dataclass(frozen=True)
class Paper:
    """A portrait sheet of paper and how the printer puts its backs behind its fronts."""

    name: str
    width: float
    height: float
    duplex: Duplex = field(default=Duplex())

    def landscape(self) -> Paper:
        """The same sheet turned on its side, for wide charts and score sheets."""
        return Paper(self.name, self.height, self.width, self.duplex)

    def printed_with(self, duplex: Duplex) -> Paper:
        return replace(self, duplex=duplex)


@dataclass(frozen=True)
class Size:
    """The trimmed size of a card or counter."""

    name: str
    width: float
    height: float


PAPERS = {paper.name: paper for paper in (Paper("a4", *A4), Paper("letter", *letter))}

CARD_SIZES = {
    size.name: size
    for size in (
        Size("poker", 63.5 * mm, 88.9 * mm),
        Size("euro", 63 * mm, 88 * mm),
        Size("bridge", 57.2 * mm, 88.9 * mm),
        Size("mini", 44.5 * mm, 63.5 * mm),
        Size("tarot", 69.9 * mm, 120.7 * mm),
    )
}

COUNTER_SIZES = {
    name: Size(name, side * mm, side * mm)
    for name, side in (("1/2", 12.7), ("5/8", 15.875), ("3/4", 19.05), ("1", 25.4))
}

BLEED = 3 * mm
"""Art carried past the cut line so that a slightly wrong cut shows art, not paper."""

PRINTABLE_MARGIN = 6.35 * mm
"""Where laid-out art stops: a quarter inch from the paper's edge, which leaves the marks and
notes around the art a little room outside the band no sheet prints in (`EDGE_BAND`)."""

EDGE_BAND = 5 * mm
"""Nothing at all is printed nearer the paper's edge than this: many home printers cannot."""

LINE_CONVENTION = "Lines: solid = cut, dashed = fold, dotted = glue."
"""What every kit's lines mean, said on every sheet that has any."""
