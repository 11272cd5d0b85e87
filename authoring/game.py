"""Games are plugins: each declares its sheets, its workbook and its semantic checks.

A game registers itself under the `authoring.games` entry-point group, so the core finds
every installed game without naming one.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

from authoring.checks import Check, Tables
from authoring.components import BuildContext, Component
from authoring.report import Report
from authoring.schema import SheetSchema

# A game's typed model is its own business: the core passes it along without looking inside.
Model = Any

CONTENT_ROOT = Path(
    os.environ.get("AUTHORING_CONTENT", Path(__file__).resolve().parent.parent / "content")
)


@dataclass(frozen=True)
class Game:
    name: str
    title: str
    workbook_name: str
    sheets: tuple[str, ...]
    checks: tuple[Check, ...] = field(default=())
    # From validated tables to the game's typed model (only called when there are no errors).
    model: Callable[[Tables], Model] | None = None
    # The reference rules' consistency checks: (model, workbook as shown, seed) -> report.
    consistency: Callable[[Model, str, int], Report] | None = None
    # Named simulations: (model, runs, seed) -> report.
    simulations: Mapping[str, Callable[[Model, int, int], Report]] = field(default_factory=dict)
    # Ratings proposed from the facts: (model, new workbook path) -> rows written.
    derive: Callable[[Model, Path], int] | None = None
    # The printed kit: (model, build context) -> the components to write.
    components: Callable[[Model, BuildContext], Sequence[Component]] | None = None
    content_root: Path = CONTENT_ROOT

    @property
    def content_dir(self) -> Path:
        return self.content_root / self.name

    @property
    def workbook(self) -> Path:
        return self.content_dir / self.workbook_name

    @cached_property
    def schemas(self) -> dict[str, SheetSchema]:
        folder = self.content_dir / "schemas"
        return {name: SheetSchema.load(folder / f"{name}.schema.json") for name in self.sheets}


class UnknownGame(Exception):
    pass


def all_games() -> dict[str, Game]:
    games = {}
    for point in entry_points(group="authoring.games"):
        game = point.load()
        games[game.name] = game
    return dict(sorted(games.items()))


def get_game(name: str) -> Game:
    games = all_games()
    if name not in games:
        known = ", ".join(games) or "none installed"
        raise UnknownGame(f"unknown game {name!r} (known: {known})")
    return games[name]
