"""A blank workbook generated from a game's schemas, ready for a designer to fill in.

Each sheet gets its header row, a comment on every header saying what the column means and
what it accepts, Excel drop-downs for enumerations (lists kept on a hidden sheet behind
defined names, as Excel caps inline lists at 255 characters) and numeric bounds. Excel's own
validation is only advisory — `authoring validate` is the judge — but it catches slips early.
After the game's sheets comes an empty Waivers sheet, for the warnings a designer accepts.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from openpyxl import Workbook
from openpyxl.comments import Comment
from openpyxl.styles import Font, PatternFill
from openpyxl.utils import quote_sheetname
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.worksheet import Worksheet

from authoring.files import write_atomically
from authoring.findings import column_letter
from authoring.game import Game
from authoring.schema import FieldSpec
from authoring.tables import HEADER_ROW
from authoring.target import mark
from authoring.validate import LISTS_SHEET
from authoring.waivers import waivers_schema

_LAST_ROW = 1_048_576
_HEADER_FONT = Font(bold=True)
_HEADER_FILL = PatternFill("solid", fgColor="DDE4EE")


def write_template(game: Game, output: Path) -> None:
    book = Workbook()
    book.remove(book.active)  # type: ignore[arg-type]
    lists = _Lists(book)
    # The game's sheets, then the Waivers sheet every workbook may have (left empty).
    for schema in [*(game.schemas[name] for name in game.sheets), waivers_schema()]:
        sheet = book.create_sheet(schema.name)
        if schema.grid_cell is not None:
            _grid_note(sheet, schema.description, schema.grid_cell)
            continue
        for column, spec in enumerate(schema.fields.values(), start=1):
            _header(sheet, column, spec)
            _validation(sheet, column, spec, lists)
        sheet.freeze_panes = sheet.cell(HEADER_ROW + 1, 1)
    mark(book, game)
    lists.sheet.sheet_state = "hidden"
    book.move_sheet(lists.sheet, offset=len(book.sheetnames))
    write_atomically(output, lambda temporary: book.save(temporary))


def _grid_note(sheet: Worksheet, description: str, cell_spec: FieldSpec) -> None:
    """A grid sheet (a map) has no header to explain it: the note on A1 does, and the cell is
    left empty for the designer's first value."""
    note = f"{description}\nEach cell: {cell_spec.description}\nExpected: {cell_spec.expected}."
    sheet["A1"].comment = Comment(note, "authoring", width=320, height=150)


def _header(sheet: Worksheet, column: int, spec: FieldSpec) -> None:
    cell = sheet.cell(HEADER_ROW, column, spec.name)
    cell.font = _HEADER_FONT
    cell.fill = _HEADER_FILL
    cell.number_format = "@"
    note = f"{spec.description}\nExpected: {spec.expected}."
    cell.comment = Comment(note, "authoring", width=260, height=110)
    letter = column_letter(column)
    sheet.column_dimensions[letter].width = max(12, len(spec.name) + 4)
    if spec.types <= {"string", "null"}:
        # Text columns stay text, so Excel cannot turn a typed 1-5 into 1 May.
        sheet.column_dimensions[letter].number_format = "@"


def _validation(sheet: Worksheet, column: int, spec: FieldSpec, lists: _Lists) -> None:
    letter = column_letter(column)
    schema = spec.schema
    rule: DataValidation | None = None
    if spec.enum is not None:
        choices = [value for value in spec.enum if value is not None]
        rule = DataValidation(type="list", formula1=lists.name_for(choices))
    elif spec.types <= {"boolean", "null"}:
        rule = DataValidation(type="list", formula1='"TRUE,FALSE"')
    elif spec.types <= {"integer", "number", "null"} and (
        "minimum" in schema or "maximum" in schema
    ):
        kind: Literal["whole", "decimal"] = "whole" if "number" not in spec.types else "decimal"
        low, high = schema.get("minimum"), schema.get("maximum")
        if low is not None and high is not None:
            rule = DataValidation(
                type=kind, operator="between", formula1=str(low), formula2=str(high)
            )
        elif low is not None:
            rule = DataValidation(type=kind, operator="greaterThanOrEqual", formula1=str(low))
        else:
            rule = DataValidation(type=kind, operator="lessThanOrEqual", formula1=str(high))
    if rule is None:
        return
    rule.allow_blank = True
    rule.showErrorMessage = True
    rule.error = f"Expected {spec.expected}."
    rule.errorTitle = spec.name
    rule.showInputMessage = True
    rule.prompt = spec.description[:255]
    rule.promptTitle = spec.name[:32]
    sheet.add_data_validation(rule)
    rule.add(f"{letter}{HEADER_ROW + 1}:{letter}{_LAST_ROW}")


class _Lists:
    """The hidden sheet holding each distinct drop-down list once, behind a defined name."""

    def __init__(self, book: Workbook) -> None:
        self.book = book
        self.sheet = book.create_sheet(LISTS_SHEET)
        self.names: dict[tuple[Any, ...], str] = {}

    def name_for(self, choices: list[Any]) -> str:
        key = tuple(choices)
        if key not in self.names:
            column = len(self.names) + 1
            letter = column_letter(column)
            for row, choice in enumerate(choices, start=1):
                self.sheet.cell(row, column, choice).number_format = "@"
            name = f"choices_{column}"
            reference = f"{quote_sheetname(LISTS_SHEET)}!${letter}$1:${letter}${len(choices)}"
            self.book.defined_names[name] = DefinedName(name, attr_text=reference)
            self.names[key] = name
        return f"={self.names[key]}"
