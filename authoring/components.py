"""What a game hands the builder: its printed components, each a PDF written on request."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the paper sizes import reportlab, which only drawing needs
    from authoring.render.paper import Paper

HOME = "home"
"""The kit a player prints at home: every component as PDF sheets."""
POD = "pod"
"""A print-on-demand shop's files: one image per face of every imposed piece, and a
manifest (see `authoring.render.pod`)."""
TTS = "tts"
"""A remote playtest's: every deck, counter and board as images for Tabletop Simulator, and a
saved object laying them out on its table (see `authoring.render.tts`)."""
PRESS = "press"
"""A print shop's files: the kit without crop marks, one file per component, each piece's
faces on pages of their own with bleed (see `authoring.render.press`)."""
PRINT_TARGETS = (HOME, POD, TTS, PRESS)


@dataclass(frozen=True)
class BuildContext:
    """What a game's components need besides its model."""

    paper: Paper
    templates: Path
    workbook: str
    # The title of a designer's own workbook (None for the shipped one), printed on the kit.
    edition: str | None = None

    def titled(self, title: str) -> str:
        """A document title naming the workbook it was printed from."""
        return title if self.edition is None else f"{title} ({self.edition})"


@dataclass(frozen=True)
class Printing:
    """How a player prints one component, as the kit's print list tells it.

    `title` is the component as the player calls it ("Spell cards"). `card_stock` asks for
    card (160 g/m² or more) instead of plain paper. `double_sided` means printed on both
    sides, flipped on the edge the build's duplex setting names (fronts and mirrored backs,
    or a book). `copies` is how
    many of the file to print. `pieces` marks a file cut into playing pieces (cards,
    counters, tokens), whose text must stay legible in the hand (6 pt or more).
    `how` is the assembly step in the player's words ("cut out, fold on the dashed line").
    """

    title: str
    card_stock: bool = False
    double_sided: bool = False
    copies: int = 1
    pieces: bool = False
    how: str = ""

    @classmethod
    def double_sided_pieces(cls, title: str, how: str) -> Printing:
        """Cards or counters: fronts backed by mirrored backs, on card, cut into pieces."""
        return cls(title, card_stock=True, double_sided=True, pieces=True, how=how)


@dataclass(frozen=True)
class Component:
    """One printed file of a kit: `write` draws it into the path it is given.

    `reads` names the sheets whose values the component prints or computes from, so that a
    rebuild rewrites it only when one of those changed. None (the default) means every sheet:
    a component that has not said what it reads is rebuilt whenever any value changes, which
    is slower but never stale.
    """

    name: str
    write: Callable[[Path], None]
    reads: frozenset[str] | None = None
    printing: Printing | None = None

    @property
    def print_as(self) -> Printing:
        """How to print it: as declared, else once on plain paper, one-sided."""
        return self.printing or Printing(self.name.replace("-", " ").capitalize())

    def file_name(self, paper: Paper) -> str:
        return f"{self.name}-{paper.name}.pdf"
