"""What a game hands the builder: its printed components, each a PDF written on request."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the paper sizes import reportlab, which only drawing needs
    from authoring.render.paper import Paper


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

    def file_name(self, paper: Paper) -> str:
        return f"{self.name}-{paper.name}.pdf"
