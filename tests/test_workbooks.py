"""A designer's own copy of a workbook, through every command: recognised by its content."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import openpyxl
import pytest
from conftest import write_xlsx
from openpyxl.packaging.custom import StringProperty

from authoring.game import all_games, get_game
from authoring.target import GAME_PROPERTY, UnknownWorkbook, resolve, sheet_names, slug
from authoring.validate import validate_workbook

AUTHORING = str(Path(sys.executable).parent / "authoring")
GAMES = sorted(all_games())


def run(*arguments: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([AUTHORING, *arguments], capture_output=True, text=True, cwd=cwd)


def renamed_copy(game: str, folder: Path, name: str = "my roster (2).xlsx") -> Path:
    path = folder / name
    shutil.copyfile(get_game(game).workbook, path)
    return path


def without_marker(path: Path) -> Path:
    """The same workbook with its custom document properties removed, as a file that passed
    through a program which drops them would be."""
    stripped = path.with_name(f"plain {path.name}")
    with zipfile.ZipFile(path) as source, zipfile.ZipFile(stripped, "w") as target:
        for item in source.infolist():
            if item.filename != "docProps/custom.xml":
                target.writestr(item, source.read(item.filename))
    return stripped


@pytest.mark.parametrize("game", GAMES)
def test_a_renamed_copy_is_recognised_by_its_marker_and_by_its_sheets(game, tmp_path):
    copy = renamed_copy(game, tmp_path, f"{game}-2027 (2).xlsx")
    assert resolve(str(copy)).game.name == game
    plain = without_marker(copy)
    with zipfile.ZipFile(plain) as archive:
        assert "docProps/custom.xml" not in archive.namelist()
    assert resolve(str(plain)).game.name == game


def test_the_marker_wins_over_the_sheets(tmp_path):
    """A workbook marked as BLADE but missing most sheets is still BLADE's, with findings."""
    path = tmp_path / "stub.xlsx"
    book = openpyxl.Workbook()
    book.active.title = "Skaters"  # type: ignore[union-attr]
    book.custom_doc_props.append(  # type: ignore[attr-defined]
        StringProperty(name=GAME_PROPERTY, value="blade")
    )
    book.save(path)
    assert resolve(str(path)).game.name == "blade"
    result = run("validate", str(path), cwd=tmp_path)
    assert result.returncode == 1
    assert "missing sheet 'Settings'" in result.stdout


def test_a_workbook_of_no_game_names_the_sheets_found_and_the_closest_game(tmp_path):
    sheets = {name: [["x"]] for name in get_game("kisscry").sheets[:4]}
    sheets["Notes"] = [["x"]]
    path = write_xlsx(tmp_path / "scraps.xlsx", sheets)
    with pytest.raises(UnknownWorkbook) as raised:
        resolve(str(path))
    message = str(raised.value)
    assert "sheets found: Settings, Skaters, Competitions, Results, Notes" in message
    assert "Closest: kisscry" in message and "--game kisscry" in message
    result = run("validate", str(path), cwd=tmp_path)
    assert result.returncode == 2
    assert "Closest: kisscry" in result.stderr and "Traceback" not in result.stderr


def test_game_overrides_recognition(tmp_path):
    path = write_xlsx(tmp_path / "scraps.xlsx", {"Notes": [["x"]]})
    assert resolve(str(path), "kisscry").game.name == "kisscry"
    result = run("validate", str(path), "--game", "kisscry", cwd=tmp_path)
    assert result.returncode == 1
    assert "missing sheet 'Skaters'" in result.stdout


def test_a_filled_in_template_is_recognised(tmp_path):
    blank = tmp_path / "blank.xlsx"
    assert run("template", "kisscry", "-o", str(blank), cwd=tmp_path).returncode == 0
    assert resolve(str(blank)).game.name == "kisscry"
    assert sheet_names(blank)[-1] == "_lists"


def test_the_title_and_slug_come_from_the_workbook(tmp_path):
    copy = renamed_copy("blade", tmp_path)
    assert resolve(str(copy)).title == "my roster (2)"
    assert slug("my roster (2)") == "my-roster-2"
    assert slug("Kopřiva — Saison 2027") == "kopriva-saison-2027"
    book = openpyxl.load_workbook(copy)
    book.properties.title = "Season 2027"
    book.save(copy)
    assert resolve(str(copy)).slug == "season-2027"


@pytest.mark.parametrize("game", GAMES)
def test_every_command_runs_on_a_renamed_copy(game, tmp_path):
    copy = renamed_copy(game, tmp_path)
    target = get_game(game)
    validated = run("validate", copy.name, cwd=tmp_path)
    assert validated.returncode == 0, validated.stdout + validated.stderr
    assert "my roster (2).xlsx:" in validated.stdout or validated.stdout.startswith("0 errors")
    for name in list(target.simulations)[:1]:  # a game still without one skips this
        simulated = run("simulate", copy.name, name, "--runs", "3", cwd=tmp_path)
        assert simulated.returncode == 0, simulated.stderr
    if target.consistency is not None and game != "biathlon":  # biathlon's check takes 8 s
        assert run("check", copy.name, cwd=tmp_path).returncode == 0
    if target.derive is not None:
        derived = run("derive", copy.name, "-o", "next.xlsx", cwd=tmp_path)
        assert derived.returncode == 0, derived.stdout + derived.stderr
        assert (tmp_path / "next.xlsx").is_file()
        again = run("validate", "next.xlsx", cwd=tmp_path)
        assert "Changes" not in again.stdout  # the tool's own sheet is passed over


def test_build_prints_a_copy_under_its_own_title_beside_the_shipped_kit(tmp_path):
    copy = renamed_copy("darkblades", tmp_path)
    result = run("build", "darkblades", copy.name, "--out", "kits", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    shipped = sorted(p.name for p in (tmp_path / "kits" / "darkblades").iterdir())
    mine = sorted(p.name for p in (tmp_path / "kits" / "my-roster-2").iterdir())
    assert "darkblades-rulebook-a4.pdf" in shipped
    assert mine == [name.replace("darkblades-", "my-roster-2-", 1) for name in shipped]
    from pypdf import PdfReader

    def opening(path):  # the title and contents page, then the first page of text
        return "".join(page.extract_text() for page in PdfReader(path).pages[:2])

    mine_text = opening(tmp_path / "kits" / "my-roster-2" / "my-roster-2-rulebook-a4.pdf")
    assert "printed from the workbook “my roster (2)”" in mine_text
    original = opening(tmp_path / "kits" / "darkblades" / "darkblades-rulebook-a4.pdf")
    assert "printed from the workbook" not in original


def test_a_target_that_is_neither_game_nor_file_exits_2(tmp_path):
    for command in (["validate"], ["check"], ["build"], ["simulate"], ["derive"]):
        arguments = [*command, "nowhere.xlsx"] + (["-o", "x.xlsx"] if command == ["derive"] else [])
        result = run(*arguments, cwd=tmp_path)
        assert result.returncode == 2
        assert "neither a game" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("game", GAMES)
def test_what_a_column_expects_is_said_in_words_not_as_a_regular_expression(game):
    for schema in get_game(game).schemas.values():
        for spec in schema.fields.values():
            assert not any(mark in spec.expected for mark in ("^", "$", "\\d", "[a-z", "{3}"))


SOFFICE = shutil.which("soffice")


@pytest.mark.skipif(SOFFICE is None, reason="LibreOffice is installed by `make test`")
def test_copies_saved_by_libreoffice_are_recognised_and_read_alike(tmp_path):
    """A designer who keeps the workbook in LibreOffice Calc saves it as .xlsx from there."""
    sources = []
    for game in GAMES:
        sources.append(renamed_copy(game, tmp_path, f"{game} season.xlsx"))
    saved = tmp_path / "saved"
    subprocess.run(
        [
            str(SOFFICE),
            f"-env:UserInstallation=file://{tmp_path / 'profile'}",
            "--headless",
            "--convert-to",
            "xlsx:Calc MS Excel 2007 XML",
            "--outdir",
            str(saved),
            *map(str, sources),
        ],
        check=True,
        capture_output=True,
        timeout=300,
    )
    for game, source in zip(GAMES, sources, strict=True):
        copy = saved / source.name
        assert resolve(str(copy)).game.name == game
        assert resolve(str(without_marker(copy))).game.name == game
        shipped = get_game(game)
        mine = validate_workbook(copy, shipped)
        theirs = validate_workbook(source, shipped)
        assert [(f.code, f.sheet, f.cell) for f in mine.findings] == [
            (f.code, f.sheet, f.cell) for f in theirs.findings
        ], game
