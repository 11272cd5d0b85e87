"""Games are plugins: each declares its sheets, its workbook and its semantic checks.

A game registers itself under the `authoring.games` entry-point group, so the core finds
every installed game without naming one.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import cached_property
from importlib.metadata import entry_points
from pathlib import Path

from authoring.checks import Check
from authoring.schema import SheetSchema

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
