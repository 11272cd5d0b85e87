"""What a command works on: a game's shipped workbook, or any workbook file and its game.

Every command takes a game name or a workbook path in the same place. A file's game is
recognised from its content, never its name: first the document property that `template`,
`derive` and the shipped workbooks carry (Excel and LibreOffice keep custom properties when
they save), then the set of sheet names. `--game` overrides both.
"""

from __future__ import annotations

import re
import unicodedata
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING
from xml.etree import ElementTree

from authoring.game import Game, all_games, get_game
from authoring.workbook import UnreadableWorkbook, check_readable

if TYPE_CHECKING:
    from openpyxl import Workbook

# The custom document property naming the game a workbook belongs to.
GAME_PROPERTY = "authoring-game"
_CUSTOM = "{http://schemas.openxmlformats.org/officeDocument/2006/custom-properties}"
_VT = "{http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes}"
_DC_TITLE = "{http://purl.org/dc/elements/1.1/}title"
_META = "{urn:oasis:names:tc:opendocument:xmlns:meta:1.0}"


class UnknownWorkbook(Exception):
    """A workbook whose game cannot be told from its content."""


@dataclass(frozen=True)
class Target:
    """A workbook and the game it belongs to."""

    game: Game
    path: Path
    # The workbook's title: its document title, else the file name without extension.
    title: str

    @property
    def shown(self) -> str:
        """The path as findings name it: relative to the working folder when inside it."""
        return shown(self.path)

    @property
    def slug(self) -> str:
        """The title as a file-name part: `my roster (2)` -> `my-roster-2`."""
        return slug(self.title)


def shown(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def slug(text: str) -> str:
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-") or "workbook"


def resolve(name_or_path: str, game_name: str | None = None) -> Target:
    """The target a command was given: a game name means its shipped workbook."""
    games = all_games()
    path = Path(name_or_path)
    if name_or_path in games and not path.is_file():
        game = games[name_or_path]
        if game_name is not None and game_name != game.name:
            raise UnknownWorkbook(f"{name_or_path} is a game; --game {game_name} contradicts it")
        return _target(game, game.workbook)
    if not path.exists():
        known = ", ".join(games) or "none installed"
        raise UnknownWorkbook(f"{name_or_path}: neither a game ({known}) nor a file")
    if path.is_dir():
        raise UnknownWorkbook(f"{name_or_path}: a folder, not a workbook file")
    check_readable(path)
    if game_name is not None:
        return _target(get_game(game_name), path)
    return _target(recognise(path, games), path)


def every_game() -> list[Target]:
    return [_target(game, game.workbook) for game in all_games().values()]


def _target(game: Game, path: Path) -> Target:
    return Target(game, path, workbook_title(path) or path.stem)


def recognise(path: Path, games: dict[str, Game]) -> Game:
    """The game a workbook belongs to, from its marker or else its sheet names."""
    marked = workbook_property(path, GAME_PROPERTY)
    if marked in games:
        return games[marked]
    sheets = sheet_names(path)
    fitting = [game for game in games.values() if set(game.sheets) <= set(sheets)]
    if len(fitting) == 1:
        return fitting[0]
    found = ", ".join(sheets) or "none"
    if fitting:
        names = " and ".join(game.name for game in fitting)
        raise UnknownWorkbook(
            f"{path}: its sheets fit {names} alike (sheets found: {found}); add --game NAME"
        )
    closest = max(games.values(), key=lambda game: len(set(game.sheets) & set(sheets)))
    missing = [name for name in closest.sheets if name not in sheets]
    raise UnknownWorkbook(
        f"{path}: cannot tell which game this workbook is for (sheets found: {found}). "
        f"Closest: {closest.name}, which also needs {', '.join(missing)}; "
        f"add --game {closest.name} to validate it as one"
    )


def mark(book: Workbook, game: Game) -> None:
    """Give a workbook being written the marker that recognises its game."""
    from openpyxl.packaging.custom import StringProperty  # only writers of workbooks pay

    properties = book.custom_doc_props  # type: ignore[attr-defined]  # missing in the stubs
    for existing in list(properties):
        if existing.name == GAME_PROPERTY:
            properties.props.remove(existing)
    properties.append(StringProperty(name=GAME_PROPERTY, value=game.name))


def workbook_property(path: Path, name: str) -> str | None:
    """A custom document property's text, or None: an xlsx keeps it in docProps/custom.xml,
    an .ods (LibreOffice carries it over when it saves an xlsx as .ods) in meta.xml."""
    root = _part(path, "docProps/custom.xml")
    if root is not None:
        for prop in root.iter(f"{_CUSTOM}property"):
            if prop.get("name") == name:
                value = prop.find(f"{_VT}lpwstr")
                return value.text if value is not None else None
    meta = _part(path, "meta.xml")
    if meta is not None:
        for prop in meta.iter(f"{_META}user-defined"):
            if prop.get(f"{_META}name") == name:
                return prop.text
    return None


def workbook_title(path: Path) -> str | None:
    root = _part(path, "docProps/core.xml")
    if root is None:
        root = _part(path, "meta.xml")
    element = root.find(f".//{_DC_TITLE}") if root is not None else None
    text = (element.text or "").strip() if element is not None else ""
    return text or None


def sheet_names(path: Path) -> list[str]:
    """The workbook's sheet names in order, as its reader lists them (xlsx or ods)."""
    import python_calamine

    try:
        return list(python_calamine.CalamineWorkbook.from_path(str(path)).sheet_names)
    except Exception as error:  # calamine raises several unrelated types for a damaged file
        raise UnreadableWorkbook(f"{path}: cannot read the workbook: {error}") from error


def _part(path: Path, part: str) -> ElementTree.Element | None:
    try:
        with zipfile.ZipFile(path) as archive:
            if part not in archive.namelist():
                return None
            return ElementTree.fromstring(archive.read(part))
    except (zipfile.BadZipFile, OSError, ElementTree.ParseError) as error:
        raise UnreadableWorkbook(f"{path}: cannot read the workbook: {error}") from error
