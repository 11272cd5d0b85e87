"""Shared fixtures: real xlsx files written by openpyxl, and a small game to test the core on."""

from __future__ import annotations

import json
import signal
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from openpyxl import Workbook
from pdfread import Kit, build_kit

from authoring.checks import grid, references, tiles, unique
from authoring.game import Game, Model, get_game
from authoring.render.paper import PAPERS
from authoring.validate import Validation, validate_workbook

SCHEMA = "https://json-schema.org/draft/2020-12/schema"

UNITS = {
    "$schema": SCHEMA,
    "title": "Units",
    "description": "One row per unit.",
    "type": "object",
    "properties": {
        "id": {"type": "string", "minLength": 1, "description": "Unique id."},
        "kind": {"title": "kind", "enum": ["foot", "horse"], "description": "Foot or horse."},
        "attack": {"type": "integer", "minimum": 0, "maximum": 40, "description": "Attack."},
        "defence": {"type": "integer", "minimum": 0, "maximum": 40, "description": "Defence."},
        "wounded_attack": {"type": ["integer", "null"], "minimum": 0, "description": "Hurt."},
        "reach": {"type": ["string", "null"], "description": "A range such as 1-5, as text."},
    },
    "required": ["id", "kind", "attack", "defence", "wounded_attack", "reach"],
    "additionalProperties": False,
}
ROLLS = {
    "$schema": SCHEMA,
    "title": "Rolls",
    "description": "A d10 table.",
    "type": "object",
    "properties": {
        "die_from": {"type": "integer", "minimum": 1, "maximum": 10, "description": "From."},
        "die_to": {"type": "integer", "minimum": 1, "maximum": 10, "description": "To."},
        "unit": {"type": "string", "description": "A unit id."},
    },
    "required": ["die_from", "die_to", "unit"],
    "additionalProperties": False,
}
CRT = {
    "$schema": SCHEMA,
    "title": "Crt",
    "description": "A grid.",
    "type": "object",
    "properties": {
        "die": {"type": "integer", "minimum": 1, "maximum": 3, "description": "Die."},
        "1-1": {"title": "result", "enum": ["A", "B", "-"], "description": "Odds 1-1."},
        "2-1": {"title": "result", "enum": ["A", "B", "-"], "description": "Odds 2-1."},
    },
    "required": ["die", "1-1", "2-1"],
    "additionalProperties": False,
}

# A sheet's rows as written: the header row, then the data.
Rows = Sequence[Sequence[object]]

GOOD_UNITS: Rows = [
    ["id", "kind", "attack", "defence", "wounded_attack", "reach"],
    ["knight", "horse", 10, 6, 5, None],
    ["archer", "foot", 6, 4, 3, "1-15"],
    ["guard", "foot", 8, 5, 4, None],
]
GOOD_ROLLS: Rows = [
    ["die_from", "die_to", "unit"],
    [1, 4, "knight"],
    [5, 9, "archer"],
    [10, 10, "guard"],
]
GOOD_CRT: Rows = [["die", "1-1", "2-1"], [1, "A", "A"], [2, "B", "A"], [3, "-", "B"]]


@pytest.fixture
def toy_game(tmp_path: Path) -> Game:
    folder = tmp_path / "content" / "toy" / "schemas"
    folder.mkdir(parents=True)
    for schema in (UNITS, ROLLS, CRT):
        (folder / f"{schema['title']}.schema.json").write_text(json.dumps(schema))
    return Game(
        name="toy",
        title="Toy",
        workbook_name="toy.xlsx",
        sheets=("Units", "Rolls", "Crt"),
        checks=(
            unique("Units", "id"),
            references("Rolls", "unit", "Units", "id"),
            tiles("Rolls", "die_from", "die_to", start=1, end=10, noun="die"),
            grid("Crt", "die", (1, 2, 3), noun="die"),
        ),
        content=tmp_path / "content" / "toy",
    )


def write_xlsx(
    path: Path,
    sheets: Mapping[str, Rows],
    edit: Callable[[Workbook], None] | None = None,
) -> Path:
    """Write a real workbook: rows are written as given (strings stay strings)."""
    book = Workbook()
    book.remove(book.active)  # type: ignore[arg-type]
    for name, rows in sheets.items():
        sheet = book.create_sheet(name)
        for row in rows:
            sheet.append(list(row))
    if edit is not None:
        edit(book)
    book.save(path)
    return path


def interruptible() -> None:
    """For `Popen(preexec_fn=...)`: the child takes Ctrl-C as from a terminal, whatever the
    test run's own disposition (a shell starts a background job with SIGINT ignored, and an
    ignored signal is inherited)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def edited_copy(game: Game, folder: Path, edit: Callable[[Any], None]) -> Path:
    """A designer's copy of the game's workbook, named like the shipped one, after `edit`."""
    folder.mkdir(parents=True, exist_ok=True)
    book = openpyxl.load_workbook(game.workbook)
    edit(book)
    path = folder / game.workbook_name
    book.save(path)
    return path


@pytest.fixture
def toy_book(tmp_path: Path) -> Callable[..., Path]:
    """Write the toy game's good workbook, after `edit` has changed it."""

    def make(edit: Callable[[Workbook], None] | None = None, name: str = "toy.xlsx") -> Path:
        sheets = {"Units": GOOD_UNITS, "Rolls": GOOD_ROLLS, "Crt": GOOD_CRT}
        return write_xlsx(tmp_path / name, sheets, edit)

    return make


# --- a shipped game's kit, for the modules that name it in GAME ----------------------------


@pytest.fixture(scope="module", params=sorted(PAPERS))
def kit(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Kit:
    """The whole kit of the module's GAME built by the CLI into a fresh folder, per paper."""
    return build_kit(request.module.GAME, PAPERS[request.param], tmp_path_factory)


@pytest.fixture(scope="module")
def game(request: pytest.FixtureRequest) -> Game:
    return get_game(request.module.GAME)


@pytest.fixture(scope="module")
def validation(game: Game) -> Validation:
    result = validate_workbook(game.workbook, game)
    assert result.ok
    return result


@pytest.fixture(scope="module")
def model(game: Game, validation: Validation) -> Model:
    assert game.model is not None
    return game.model(validation.tables)
