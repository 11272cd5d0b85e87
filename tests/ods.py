"""Real OpenDocument spreadsheets (.ods) written for the tests, cell by cell, as a script or
a spreadsheet program lays out content.xml: values with their types, formulas with or
without a cached result, error results as LibreOffice stores them, merged cells, hidden
rows, columns and sheets."""

from __future__ import annotations

import datetime
import zipfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape, quoteattr

NAMESPACES = (
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
    'xmlns:of="urn:oasis:names:tc:opendocument:xmlns:of:1.2" '
    'xmlns:calcext="urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0" '
    'office:version="1.3"'
)


@dataclass(frozen=True)
class Formula:
    """A formula cell; `cached` None is one no spreadsheet program ever calculated."""

    text: str
    cached: Any = None


@dataclass(frozen=True)
class Error:
    """A formula whose result is an error value, as LibreOffice stores it."""

    text: str
    formula: str = "of:=1/0"


@dataclass
class OdsSheet:
    rows: Sequence[Sequence[Any]]
    hidden: bool = False
    hidden_rows: set[int] = field(default_factory=set)  # 1-based
    hidden_columns: set[int] = field(default_factory=set)  # 1-based
    merged: Sequence[tuple[int, int, int, int]] = ()  # top, left, bottom, right, 1-based


def write_ods(path: Path, sheets: Mapping[str, OdsSheet | Sequence[Sequence[Any]]]) -> Path:
    tables = []
    for name, given in sheets.items():
        sheet = given if isinstance(given, OdsSheet) else OdsSheet(given)
        tables.append(_table(name, sheet))
    content = (
        f'<?xml version="1.0" encoding="UTF-8"?><office:document-content {NAMESPACES}>'
        "<office:automatic-styles>"
        '<style:style style:name="shown" style:family="table">'
        '<style:table-properties table:display="true"/></style:style>'
        '<style:style style:name="hidden" style:family="table">'
        '<style:table-properties table:display="false"/></style:style>'
        "</office:automatic-styles>"
        f"<office:body><office:spreadsheet>{''.join(tables)}</office:spreadsheet></office:body>"
        "</office:document-content>"
    )
    manifest = (
        '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest '
        'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" '
        'manifest:version="1.3">'
        '<manifest:file-entry manifest:full-path="/" '
        'manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>'
        '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
        "</manifest:manifest>"
    )
    with zipfile.ZipFile(path, "w") as package:
        # The mimetype comes first and uncompressed, as the OpenDocument package requires.
        package.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        package.writestr("META-INF/manifest.xml", manifest, zipfile.ZIP_DEFLATED)
        package.writestr("content.xml", content, zipfile.ZIP_DEFLATED)
    return path


def _table(name: str, sheet: OdsSheet) -> str:
    width = max((len(row) for row in sheet.rows), default=1)
    columns = "".join(
        "<table:table-column"
        + (' table:visibility="collapse"' if c in sheet.hidden_columns else "")
        + "/>"
        for c in range(1, width + 1)
    )
    covered = {
        (r, c)
        for top, left, bottom, right in sheet.merged
        for r in range(top, bottom + 1)
        for c in range(left, right + 1)
        if (r, c) != (top, left)
    }
    spans = {(t, lf): (b - t + 1, rt - lf + 1) for t, lf, b, rt in sheet.merged}
    rows = []
    for r, row in enumerate(sheet.rows, 1):
        cells = []
        for c, value in enumerate(row, 1):
            if (r, c) in covered:
                cells.append("<table:covered-table-cell/>")
                continue
            span = spans.get((r, c))
            spanned = (
                f' table:number-rows-spanned="{span[0]}" table:number-columns-spanned="{span[1]}"'
                if span
                else ""
            )
            cells.append(_cell(value, spanned))
        hidden = ' table:visibility="collapse"' if r in sheet.hidden_rows else ""
        rows.append(f"<table:table-row{hidden}>{''.join(cells)}</table:table-row>")
    style = "hidden" if sheet.hidden else "shown"
    return (
        f'<table:table table:name={quoteattr(name)} table:style-name="{style}">'
        f"{columns}{''.join(rows)}</table:table>"
    )


def _cell(value: Any, spanned: str) -> str:
    if value is None:
        return f"<table:table-cell{spanned}/>"
    if isinstance(value, Error):
        return (
            f"<table:table-cell table:formula={quoteattr(value.formula)} "
            'office:value-type="string" office:string-value="" calcext:value-type="error"'
            f"{spanned}><text:p>{escape(value.text)}</text:p></table:table-cell>"
        )
    if isinstance(value, Formula):
        formula = f" table:formula={quoteattr(value.text)}"
        if value.cached is None:
            return f"<table:table-cell{formula}{spanned}/>"
        return _typed(value.cached, formula + spanned)
    return _typed(value, spanned)


def _typed(value: Any, extra: str) -> str:
    if isinstance(value, bool):
        word = "true" if value else "false"
        return (
            f'<table:table-cell office:value-type="boolean" office:boolean-value="{word}"{extra}>'
            f"<text:p>{word.upper()}</text:p></table:table-cell>"
        )
    if isinstance(value, int | float):
        return (
            f'<table:table-cell office:value-type="float" office:value="{value}"{extra}>'
            f"<text:p>{value}</text:p></table:table-cell>"
        )
    if isinstance(value, datetime.date):
        return (
            f'<table:table-cell office:value-type="date" office:date-value="{value.isoformat()}"'
            f"{extra}><text:p>{value.isoformat()}</text:p></table:table-cell>"
        )
    return (
        f'<table:table-cell office:value-type="string"{extra}>'
        f"<text:p>{escape(str(value))}</text:p></table:table-cell>"
    )
