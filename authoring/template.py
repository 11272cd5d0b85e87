"""A blank workbook generated from a game's schemas, ready for a designer to fill in.

Each sheet gets its header row, a comment on every header saying what the column means and
what it accepts, drop-downs for enumerations and numeric bounds, as Excel (.xlsx) or
LibreOffice (.ods) validation. In an xlsx the lists sit on a hidden sheet behind defined
names, as Excel caps inline lists at 255 characters; an .ods keeps them in the rule. The
spreadsheet's own validation is only advisory — `authoring validate` is the judge — but it
catches slips early. After the game's sheets comes an empty Waivers sheet, for the warnings
a designer accepts. What a template holds is planned once (`plan`); each format writes it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal
from xml.sax.saxutils import escape, quoteattr

from authoring.files import write_atomically
from authoring.findings import column_letter
from authoring.game import Game
from authoring.schema import FieldSpec, SheetSchema
from authoring.tables import HEADER_ROW
from authoring.validate import LISTS_SHEET
from authoring.waivers import waivers_schema

_LAST_ROW = 1_048_576
_HEADER_FILL = "DDE4EE"
TemplateFormat = Literal["xlsx", "ods"]


@dataclass(frozen=True)
class Rule:
    """A column's validation: a list of choices, or whole or decimal numbers within bounds."""

    kind: Literal["list", "whole", "decimal"]
    choices: tuple[Any, ...] = ()
    low: float | None = None
    high: float | None = None


@dataclass(frozen=True)
class Column:
    name: str
    note: str
    width: float
    text: bool  # formatted as text, so a typed 1-5 cannot become 1 May
    rule: Rule | None
    expected: str
    description: str


@dataclass(frozen=True)
class Sheet:
    name: str
    columns: tuple[Column, ...] = ()
    grid_note: str | None = None  # a grid (a map) has no header: the note on A1 explains it


def plan(game: Game) -> list[Sheet]:
    """The game's sheets, then the Waivers sheet every workbook may have (left empty)."""
    return [
        _sheet(schema) for schema in [*(game.schemas[n] for n in game.sheets), waivers_schema()]
    ]


def _sheet(schema: SheetSchema) -> Sheet:
    if schema.grid_cell is not None:
        cell = schema.grid_cell
        note = f"{schema.description}\nEach cell: {cell.description}\nExpected: {cell.expected}."
        return Sheet(schema.name, grid_note=note)
    return Sheet(schema.name, tuple(_column(spec) for spec in schema.fields.values()))


def _column(spec: FieldSpec) -> Column:
    return Column(
        spec.name,
        f"{spec.description}\nExpected: {spec.expected}.",
        max(12, len(spec.name) + 4),
        spec.types <= {"string", "null"},
        _rule(spec),
        spec.expected,
        spec.description,
    )


def _rule(spec: FieldSpec) -> Rule | None:
    schema = spec.schema
    if spec.enum is not None:
        return Rule("list", tuple(value for value in spec.enum if value is not None))
    if spec.types <= {"boolean", "null"}:
        return Rule("list", ("TRUE", "FALSE"))
    if spec.types <= {"integer", "number", "null"} and ("minimum" in schema or "maximum" in schema):
        kind: Literal["whole", "decimal"] = "whole" if "number" not in spec.types else "decimal"
        return Rule(kind, low=schema.get("minimum"), high=schema.get("maximum"))
    return None


def write_template(game: Game, output: Path, form: TemplateFormat = "xlsx") -> None:
    sheets = plan(game)
    if form == "ods":
        content = _ods_content(sheets)
        write_atomically(output, lambda part: _ods_package(part, content, game.name))
    else:
        book = _xlsx_book(sheets, game)
        write_atomically(output, lambda part: book.save(part))


# --- xlsx --------------------------------------------------------------------------------------


def _xlsx_book(sheets: list[Sheet], game: Game) -> Any:
    from openpyxl import Workbook
    from openpyxl.comments import Comment
    from openpyxl.styles import Font, PatternFill

    from authoring.target import mark

    book = Workbook()
    book.remove(book.active)  # type: ignore[arg-type]
    lists = _Lists(book)
    for planned in sheets:
        sheet = book.create_sheet(planned.name)
        if planned.grid_note is not None:
            sheet["A1"].comment = Comment(planned.grid_note, "authoring", width=320, height=150)
            continue
        for number, column in enumerate(planned.columns, start=1):
            cell = sheet.cell(HEADER_ROW, number, column.name)
            cell.font = Font(bold=True)
            cell.fill = PatternFill("solid", fgColor=_HEADER_FILL)
            cell.number_format = "@"
            cell.comment = Comment(column.note, "authoring", width=260, height=110)
            letter = column_letter(number)
            sheet.column_dimensions[letter].width = column.width
            if column.text:
                sheet.column_dimensions[letter].number_format = "@"
            if column.rule is not None:
                _xlsx_validation(sheet, letter, column, lists)
        sheet.freeze_panes = sheet.cell(HEADER_ROW + 1, 1)
    mark(book, game)
    lists.sheet.sheet_state = "hidden"
    book.move_sheet(lists.sheet, offset=len(book.sheetnames))
    return book


def _xlsx_validation(sheet: Any, letter: str, column: Column, lists: _Lists) -> None:
    from openpyxl.worksheet.datavalidation import DataValidation

    rule = column.rule
    assert rule is not None
    if rule.kind == "list":
        listed = rule.choices == ("TRUE", "FALSE")
        formula = '"TRUE,FALSE"' if listed else lists.name_for(list(rule.choices))
        validation = DataValidation(type="list", formula1=formula)
    elif rule.low is not None and rule.high is not None:
        validation = DataValidation(
            type=rule.kind, operator="between", formula1=str(rule.low), formula2=str(rule.high)
        )
    elif rule.low is not None:
        validation = DataValidation(
            type=rule.kind, operator="greaterThanOrEqual", formula1=str(rule.low)
        )
    else:
        validation = DataValidation(
            type=rule.kind, operator="lessThanOrEqual", formula1=str(rule.high)
        )
    validation.allow_blank = True
    validation.showErrorMessage = True
    validation.error = f"Expected {column.expected}."
    validation.errorTitle = column.name
    validation.showInputMessage = True
    validation.prompt = column.description[:255]
    validation.promptTitle = column.name[:32]
    sheet.add_data_validation(validation)
    validation.add(f"{letter}{HEADER_ROW + 1}:{letter}{_LAST_ROW}")


class _Lists:
    """The hidden sheet holding each distinct drop-down list once, behind a defined name."""

    def __init__(self, book: Any) -> None:
        self.book = book
        self.sheet = book.create_sheet(LISTS_SHEET)
        self.names: dict[tuple[Any, ...], str] = {}

    def name_for(self, choices: list[Any]) -> str:
        from openpyxl.utils import quote_sheetname
        from openpyxl.workbook.defined_name import DefinedName

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


# --- ods ---------------------------------------------------------------------------------------

_ODS_NAMESPACES = (
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
    'xmlns:number="urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0" '
    'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" '
    'xmlns:dc="http://purl.org/dc/elements/1.1/" '
    'xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0" '
    'xmlns:of="urn:oasis:names:tc:opendocument:xmlns:of:1.2" office:version="1.3"'
)
_CM_PER_CHARACTER = 0.2


def _ods_content(sheets: list[Sheet]) -> str:
    widths = sorted({column.width for sheet in sheets for column in sheet.columns})
    styles = [
        '<number:text-style style:name="text"><number:text-content/></number:text-style>',
        '<style:style style:name="header" style:family="table-cell">'
        f'<style:table-cell-properties fo:background-color="#{_HEADER_FILL.lower()}"/>'
        '<style:text-properties fo:font-weight="bold"/></style:style>',
        '<style:style style:name="as-text" style:family="table-cell" '
        'style:data-style-name="text"/>',
        *(
            f'<style:style style:name="width-{index}" style:family="table-column">'
            f'<style:table-column-properties style:column-width="{w * _CM_PER_CHARACTER:.2f}cm"/>'
            "</style:style>"
            for index, w in enumerate(widths)
        ),
    ]
    rules: list[str] = []
    tables = []
    for sheet in sheets:
        tables.append(_ods_table(sheet, widths, rules))
    validations = (
        f"<table:content-validations>{''.join(rules)}</table:content-validations>" if rules else ""
    )
    return (
        f'<?xml version="1.0" encoding="UTF-8"?><office:document-content {_ODS_NAMESPACES}>'
        f"<office:automatic-styles>{''.join(styles)}</office:automatic-styles>"
        f"<office:body><office:spreadsheet>{validations}{''.join(tables)}"
        "</office:spreadsheet></office:body></office:document-content>"
    )


def _ods_table(sheet: Sheet, widths: list[float], rules: list[str]) -> str:
    name = quoteattr(sheet.name)
    if sheet.grid_note is not None:
        return (
            f"<table:table table:name={name}><table:table-column/><table:table-row>"
            f"<table:table-cell>{_annotation(sheet.grid_note)}</table:table-cell>"
            "</table:table-row></table:table>"
        )
    columns = "".join(
        f'<table:table-column table:style-name="width-{widths.index(column.width)}"'
        + (' table:default-cell-style-name="as-text"' if column.text else "")
        + "/>"
        for column in sheet.columns
    )
    header = "".join(
        '<table:table-cell table:style-name="header" office:value-type="string">'
        f"{_annotation(column.note)}<text:p>{escape(column.name)}</text:p></table:table-cell>"
        for column in sheet.columns
    )
    cells = []
    for column in sheet.columns:
        if column.rule is None:
            cells.append("<table:table-cell/>")
            continue
        rule_name = f"rule-{len(rules) + 1}"
        first = f"{sheet.name}.{column_letter(len(cells) + 1)}{HEADER_ROW + 1}"
        rules.append(_ods_rule(rule_name, column, first))
        cells.append(f'<table:table-cell table:content-validation-name="{rule_name}"/>')
    return (
        f"<table:table table:name={name}>{columns}"
        f"<table:table-header-rows><table:table-row>{header}</table:table-row>"
        "</table:table-header-rows>"
        f'<table:table-row table:number-rows-repeated="{_LAST_ROW - HEADER_ROW}">'
        f"{''.join(cells)}</table:table-row></table:table>"
    )


def _ods_rule(name: str, column: Column, first_cell: str) -> str:
    rule = column.rule
    assert rule is not None
    if rule.kind == "list":
        listed = ";".join('"' + str(choice).replace('"', '""') + '"' for choice in rule.choices)
        condition = f"of:cell-content-is-in-list({listed})"
    else:
        kind = "whole-number" if rule.kind == "whole" else "decimal-number"
        if rule.low is not None and rule.high is not None:
            # LibreOffice writes, and reads, the bounds apart by a comma here, not ODF's ";".
            bound = f"cell-content-is-between({rule.low},{rule.high})"
        elif rule.low is not None:
            bound = f"cell-content()>={rule.low}"
        else:
            bound = f"cell-content()<={rule.high}"
        condition = f"of:cell-content-is-{kind}() and {bound}"
    listed = ' table:display-list="unsorted"' if rule.kind == "list" else ""
    return (
        f'<table:content-validation table:name="{name}" table:condition={quoteattr(condition)} '
        f'table:allow-empty-cell="true" table:base-cell-address={quoteattr(first_cell)}{listed}>'
        f'<table:help-message table:title={quoteattr(column.name[:32])} table:display="true">'
        f"<text:p>{escape(column.description)}</text:p></table:help-message>"
        f'<table:error-message table:title={quoteattr(column.name)} table:display="true" '
        f'table:message-type="stop"><text:p>{escape(f"Expected {column.expected}.")}</text:p>'
        "</table:error-message></table:content-validation>"
    )


def _annotation(note: str) -> str:
    lines = "".join(f"<text:p>{escape(line)}</text:p>" for line in note.split("\n"))
    return f"<office:annotation><dc:creator>authoring</dc:creator>{lines}</office:annotation>"


def _ods_package(path: Path, content: str, game: str) -> None:
    """The OpenDocument package: the mimetype first and uncompressed, the manifest, the
    content, and meta.xml carrying the marker that tells the game (as an xlsx's custom
    property does)."""
    import zipfile

    from authoring.target import GAME_PROPERTY

    meta = (
        f'<?xml version="1.0" encoding="UTF-8"?><office:document-meta {_ODS_NAMESPACES}>'
        f"<office:meta><meta:user-defined meta:name={quoteattr(GAME_PROPERTY)}>{escape(game)}"
        "</meta:user-defined></office:meta></office:document-meta>"
    )
    entries = "".join(
        f'<manifest:file-entry manifest:full-path="{part}" manifest:media-type="text/xml"/>'
        for part in ("content.xml", "meta.xml")
    )
    manifest = (
        '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest='
        '"urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3">'
        '<manifest:file-entry manifest:full-path="/" '
        f'manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>{entries}'
        "</manifest:manifest>"
    )
    stamp = (1980, 1, 1, 0, 0, 0)  # a fixed date: the same template, the same bytes
    with zipfile.ZipFile(path, "w") as package:
        for name, data, kind in (
            ("mimetype", "application/vnd.oasis.opendocument.spreadsheet", zipfile.ZIP_STORED),
            ("META-INF/manifest.xml", manifest, zipfile.ZIP_DEFLATED),
            ("meta.xml", meta, zipfile.ZIP_DEFLATED),
            ("content.xml", content, zipfile.ZIP_DEFLATED),
        ):
            package.writestr(zipfile.ZipInfo(name, stamp), data, compress_type=kind)
