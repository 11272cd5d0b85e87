"""Paper and item sizes in points, and the distances every printed sheet respects."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.pagesizes import A4, letter
from reportlab.lib.units import mm


@dataclass(frozen=True)
class Paper:
    """A portrait sheet of paper; long-edge duplex flips it left to right."""

    name: str
    width: float
    height: float

    def landscape(self) -> Paper:
        """The same sheet turned on its side, for wide charts and score sheets."""
        return Paper(self.name, self.height, self.width)


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
