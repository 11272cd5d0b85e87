"""What a game hands the builder: its printed components, each a PDF written on request."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from authoring.render.paper import Paper


@dataclass(frozen=True)
class BuildContext:
    """What a game's components need besides its model."""

    paper: Paper
    templates: Path
    workbook: str


@dataclass(frozen=True)
class Component:
    """One printed file of a kit: `write` draws it into the path it is given."""

    name: str
    write: Callable[[Path], None]

    def file_name(self, paper: Paper) -> str:
        return f"{self.name}-{paper.name}.pdf"
