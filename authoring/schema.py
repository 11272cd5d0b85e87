"""Sheet schemas: one JSON Schema (Draft 2020-12) file per sheet, and what a designer is told.

A row is checked twice only when it is wrong: jsonschema-rs answers valid/invalid fast for
every row, and the pure-Python `jsonschema` explains each failing row field by field.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from authoring.findings import show

if TYPE_CHECKING:
    import jsonschema

# jsonschema and jsonschema-rs are imported where a schema is loaded: a command that reads no
# schema (a no-change rebuild) does not pay for them.

_TYPE_WORDS = {
    "integer": "a whole number",
    "number": "a number",
    "string": "text",
    "boolean": "TRUE or FALSE",
}


# The keyword beside every `pattern` that says in words what the pattern accepts.
PATTERN_WORDS = "x-pattern-words"


class SchemaFileError(Exception):
    """A schema file of the project itself is broken: a bug to fix, not a designer's mistake."""


@dataclass(frozen=True)
class FieldSpec:
    name: str
    schema: dict[str, Any]

    @property
    def noun(self) -> str:
        return str(self.schema.get("title", self.name.replace("_", " ")))

    @property
    def description(self) -> str:
        return str(self.schema.get("description", ""))

    @cached_property
    def types(self) -> frozenset[str]:
        """JSON types this field accepts, across `type`, `enum`, `const` and `anyOf`."""
        return frozenset(_types_of(self.schema))

    @property
    def nullable(self) -> bool:
        return "null" in self.types

    @property
    def enum(self) -> list[Any] | None:
        values = self.schema.get("enum")
        return list(values) if values is not None else None

    @cached_property
    def expected(self) -> str:
        return _describe(self.schema)


@dataclass(frozen=True)
class Problem:
    """What is wrong with one field of one row."""

    field: str
    code: str
    message: str
    expected: str


class SheetSchema:
    def __init__(self, document: dict[str, Any], source: Path) -> None:
        self.document = document
        self.source = source
        self.name: str = document["title"]
        self.description: str = document.get("description", "")
        self.fields = {name: FieldSpec(name, spec) for name, spec in document["properties"].items()}
        # A grid sheet (`x-grid`) has no header: every cell from A1 is one value of the kind
        # `additionalProperties` describes, named by its column letter (a map's hexes).
        self.grid_cell = (
            FieldSpec("cell", document["additionalProperties"]) if document.get("x-grid") else None
        )
        self.required: tuple[str, ...] = tuple(document.get("required", ()))
        # Most sheets mean nothing empty; a schema says so where an empty sheet is fine.
        self.may_be_empty = bool(document.get("x-may-be-empty", False))
        # Header checks enforce `required`; every row carries all present columns, so the
        # row validators do not repeat it (a missing column would otherwise fail every row).
        row_schema = {key: value for key, value in document.items() if key != "required"}
        import jsonschema
        import jsonschema_rs

        self._fast = jsonschema_rs.validator_for(row_schema)
        self._detailed = jsonschema.Draft202012Validator(row_schema)

    @classmethod
    def load(cls, path: Path) -> SheetSchema:
        import jsonschema

        try:
            document = json.loads(path.read_text(encoding="utf-8"))
            jsonschema.Draft202012Validator.check_schema(document)
            _require_pattern_words(document)
            return cls(document, path)
        except (OSError, ValueError, KeyError, jsonschema.SchemaError) as error:
            raise SchemaFileError(f"{path}: not a usable sheet schema: {error}") from error

    def field(self, name: str) -> FieldSpec | None:
        """The spec of a column: a header's, or on a grid sheet any cell's."""
        return self.fields.get(name, self.grid_cell)

    def is_valid(self, row: dict[str, Any]) -> bool:
        return bool(self._fast.is_valid(row))

    def problems(self, row: dict[str, Any]) -> Iterator[Problem]:
        """One problem per wrong field, in column order."""
        first_error: dict[str, jsonschema.ValidationError] = {}
        for error in self._detailed.iter_errors(row):
            name = str(error.path[0]) if error.path else ""
            first_error.setdefault(name, error)
        for name in [*self.fields, *(n for n in first_error if n not in self.fields)]:
            if name in first_error:
                yield self._problem(name, first_error[name], row.get(name))

    def _problem(self, name: str, error: jsonschema.ValidationError, value: Any) -> Problem:
        spec = self.field(name)
        if spec is None:
            return Problem(name, "schema", error.message, "")
        expected = spec.expected
        if value is None:
            return Problem(name, "missing-value", f"missing {spec.noun}", expected)
        keyword = str(error.validator)
        if keyword == "enum":
            return Problem(name, "unknown-value", f"unknown {spec.noun} {show(value)}", expected)
        if keyword in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
            return Problem(
                name, "out-of-range", f"{spec.noun} {show(value)} is out of range", expected
            )
        if keyword == "type" and value is not None and not isinstance(value, str | bool):
            return Problem(
                name, "wrong-type", f"{spec.noun} {show(value)} is the wrong kind", expected
            )
        return Problem(name, "invalid-value", f"invalid {spec.noun} {show(value)}", expected)


def _require_pattern_words(document: dict[str, Any]) -> None:
    cells = document.get("additionalProperties") if document.get("x-grid") else None
    specs = {**document["properties"], **({"cell": cells} if cells else {})}
    for name, spec in specs.items():
        for branch in [spec, *spec.get("anyOf", [])]:
            if "pattern" in branch and not branch.get(PATTERN_WORDS):
                raise ValueError(f"column {name!r} has a pattern without {PATTERN_WORDS}")


def _types_of(schema: dict[str, Any]) -> set[str]:
    found: set[str] = set()
    declared = schema.get("type")
    if isinstance(declared, str):
        found.add(declared)
    elif isinstance(declared, list):
        found.update(declared)
    for value in [*schema.get("enum", []), *([schema["const"]] if "const" in schema else [])]:
        found.add(_json_type(value))
    for branch in schema.get("anyOf", []):
        found |= _types_of(branch)
    return found


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    return "string"


def _describe(schema: dict[str, Any]) -> str:
    nullable = "null" in _types_of(schema)
    if "enum" in schema:
        words = " ".join(str(v) for v in schema["enum"] if v is not None)
        text = f"one of {words}"
    elif "const" in schema:
        text = show(schema["const"])
    elif "anyOf" in schema:
        text = " or ".join(_describe(branch) for branch in schema["anyOf"])
    else:
        declared = schema.get("type", "string")
        kinds = [declared] if isinstance(declared, str) else [t for t in declared if t != "null"]
        text = " or ".join(_TYPE_WORDS.get(kind, kind) for kind in kinds) or "a value"
        if "pattern" in schema:
            # A designer is told the pattern in words, never shown the regular expression.
            text += f" {schema[PATTERN_WORDS]}"
        low, high = schema.get("minimum"), schema.get("maximum")
        if low is not None and high is not None:
            text += f" from {low} to {high}"
        elif low is not None:
            text += f" of at least {low}"
        elif high is not None:
            text += f" of at most {high}"
        if "multipleOf" in schema:
            text += f" in steps of {schema['multipleOf']}"
    return f"{text}, or blank" if nullable and "anyOf" not in schema else text
