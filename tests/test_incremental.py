"""Incremental builds: a rebuild rewrites exactly the files whose inputs changed.

The core is tested on a small game whose components say which sheets they read, built into
real PDFs; a shipped game, whose components have not said, is tested for its all-or-nothing
rebuild. Interrupting a build (a real SIGINT to `authoring build`) leaves no partial file.
"""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from conftest import GOOD_CRT, GOOD_ROLLS, GOOD_UNITS, edited_copy, interruptible, write_xlsx
from reportlab.pdfgen.canvas import Canvas

from authoring.build import RECORD_FOLDER, BuildResult, build_game
from authoring.checks import Tables
from authoring.components import BuildContext, Component
from authoring.game import Game, get_game
from authoring.render.document import draw_pages
from authoring.render.paper import PAPERS
from authoring.target import Target, resolve
from authoring.validate import validate_workbook

A4, LETTER = PAPERS["a4"], PAPERS["letter"]
AUTHORING = str(Path(sys.executable).parent / "authoring")
# Generous bounds for a loaded machine: each is a wait for something that takes a second.
SUBPROCESS_TIMEOUT = 120.0

# --- a small game whose components declare what they read --------------------------------

UNITS = [*GOOD_UNITS, ["scout", "foot", 3, 2, 1, None]]  # one unit no roll refers to
EVERY_FILE = ["roster", "unit-knight", "unit-archer", "unit-guard", "unit-scout", "rolls"]
EVERY_FILE += ["crt", "everything"]
NOTE = "note.txt"


def toy_model(tables: Tables) -> dict[str, list[dict[str, Any]]]:
    """The toy game's model: each sheet's rows as plain values."""
    return {name: [dict(row.values) for row in sheet.records] for name, sheet in tables.items()}


def toy_kit(model: dict[str, list[dict[str, Any]]], context: BuildContext) -> list[Component]:
    """A roster, a card per unit, the roll table and the CRT, each from the sheets it names,
    and one component that has not said what it reads (so it reads everything)."""
    draw = partial(_draw, model, context)
    kit = [Component("roster", partial(draw, ("Units",)), reads=frozenset({"Units"}))]
    for unit in model["Units"]:
        card = partial(draw, ("Units",), unit=unit["id"])
        kit.append(Component(f"unit-{unit['id']}", card, frozenset({"Units"})))
    kit += [
        Component("rolls", partial(draw, ("Rolls", "Units")), frozenset({"Rolls", "Units"})),
        Component("crt", partial(draw, ("Crt",)), frozenset({"Crt"})),
        Component("everything", partial(draw, ("Units", "Rolls", "Crt"), note=True)),
    ]
    return kit


def _draw(
    model: dict[str, list[dict[str, Any]]],
    context: BuildContext,
    sheets: tuple[str, ...],
    path: Path,
    *,
    note: bool = False,
    unit: str | None = None,
) -> None:
    """The rows of `sheets` (only `unit`'s, for a unit's card), and the note for `note`."""
    rows = [row for sheet in sheets for row in model[sheet]]
    lines = [repr(row) for row in rows if unit is None or row.get("id") == unit]
    if note:
        lines.append((context.templates / NOTE).read_text())

    def page(canvas: Canvas) -> None:
        for number, line in enumerate(lines):
            canvas.drawString(40, context.paper.height - 40 - 12 * number, line)

    title = context.titled("Toy")
    draw_pages(path, context.paper, [page], title=title, author="toy", subject=path.stem)


@pytest.fixture
def toy(toy_game: Game, tmp_path: Path) -> Target:
    templates = tmp_path / "templates"
    templates.mkdir()
    (templates / NOTE).write_text("Roll a die.")
    game = dataclasses.replace(toy_game, model=toy_model, components=toy_kit, templates=templates)
    sheets = {"Units": UNITS, "Rolls": GOOD_ROLLS, "Crt": GOOD_CRT}
    (tmp_path / "designer").mkdir()
    return Target(game, write_xlsx(tmp_path / "designer" / "toy.xlsx", sheets), "toy")


def edit_cell(path: Path, sheet: str, cell: str, value: str | float | None) -> None:
    """The designer changes one cell and saves, in place."""
    book = openpyxl.load_workbook(path)
    book[sheet][cell] = value
    book.save(path)


def built(result: BuildResult) -> list[str]:
    return [output.component for output in result.outputs if output.written]


def kit_bytes(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.glob("*.pdf"))}


def test_a_rebuild_with_nothing_changed_writes_nothing(toy: Target, tmp_path: Path) -> None:
    out = tmp_path / "out"
    first = build_game(toy, A4, out)
    assert built(first) == EVERY_FILE
    assert first.summary() == "built 8 of 8 files"
    before = kit_bytes(out / "toy")
    stamps = {path.name: path.stat().st_mtime_ns for path in (out / "toy").iterdir()}

    again = build_game(toy, A4, out)
    assert again.written == []
    assert again.summary() == "built 0 of 8 files; 8 unchanged"
    assert again.lines() == ["toy: built 0 of 8 files; 8 unchanged"]
    assert kit_bytes(out / "toy") == before
    assert {path.name: path.stat().st_mtime_ns for path in (out / "toy").iterdir()} == stamps
    # The kit folder holds the kit alone; the record sits beside it.
    assert sorted(path.name for path in (out / "toy").iterdir()) == sorted(before)
    assert (out / RECORD_FOLDER / "toy.json").is_file()


def test_a_no_change_rebuild_reports_the_same_findings_without_building_the_model(
    toy: Target, tmp_path: Path
) -> None:
    models: list[object] = []

    def counted_model(tables: Tables) -> dict[str, list[dict[str, Any]]]:
        models.append(tables)
        return toy_model(tables)

    target = dataclasses.replace(toy, game=dataclasses.replace(toy.game, model=counted_model))
    edit_cell(target.path, "Units", "C2", "10")  # a number stored as text: a warning
    out = tmp_path / "out"
    first = build_game(target, A4, out)
    assert [f.code for f in first.findings] == ["number-as-text"]
    assert len(models) == 1

    again = build_game(target, A4, out)
    assert [f.as_dict() for f in again.findings] == [f.as_dict() for f in first.findings]
    assert [f.as_text() for f in again.findings] == [f.as_text() for f in first.findings]
    assert len(models) == 1, "nothing changed, so the model is not built again"


@pytest.mark.parametrize(
    ("sheet", "cell", "value", "rebuilt"),
    [
        ("Crt", "B3", "A", ["crt", "everything"]),
        ("Rolls", "C2", "guard", ["rolls", "everything"]),
        ("Units", "D4", 7, [*EVERY_FILE[:6], "everything"]),
    ],
)
def test_a_changed_cell_rebuilds_exactly_the_components_that_read_its_sheet(
    toy: Target, tmp_path: Path, sheet: str, cell: str, value: str | float, rebuilt: list[str]
) -> None:
    out = tmp_path / "out"
    build_game(toy, A4, out)
    edit_cell(toy.path, sheet, cell, value)

    result = build_game(toy, A4, out)
    assert built(result) == rebuilt
    unchanged = len(EVERY_FILE) - len(rebuilt)
    assert result.summary() == (
        f"built {len(rebuilt)} of 8 files ({', '.join(rebuilt)}); {unchanged} unchanged"
    )
    clean = tmp_path / "clean"
    build_game(toy, A4, clean)
    assert kit_bytes(out / "toy") == kit_bytes(clean / "toy")


def test_saving_the_workbook_with_the_same_values_rebuilds_nothing(
    toy: Target, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    build_game(toy, A4, out)
    saved_before = toy.path.read_bytes()
    book = openpyxl.load_workbook(toy.path)
    book["Units"].column_dimensions["A"].width = 30  # a wider column: same values
    book.save(toy.path)
    assert toy.path.read_bytes() != saved_before

    assert build_game(toy, A4, out).written == []


def test_a_file_deleted_or_edited_by_hand_is_rebuilt(toy: Target, tmp_path: Path) -> None:
    out = tmp_path / "out"
    build_game(toy, A4, out)
    before = kit_bytes(out / "toy")
    (out / "toy" / "toy-crt-a4.pdf").unlink()
    (out / "toy" / "toy-roster-a4.pdf").write_bytes(b"%PDF-1.4 scribbled over")

    result = build_game(toy, A4, out)
    assert built(result) == ["roster", "crt"]
    assert kit_bytes(out / "toy") == before


def test_the_other_paper_is_built_beside_the_first(toy: Target, tmp_path: Path) -> None:
    out = tmp_path / "out"
    build_game(toy, A4, out)
    letter = build_game(toy, LETTER, out)
    assert built(letter) == EVERY_FILE
    assert all(path.name.endswith("-letter.pdf") for path in letter.written)
    assert build_game(toy, A4, out).written == []
    assert build_game(toy, LETTER, out).written == []
    assert len(list((out / "toy").glob("*.pdf"))) == 2 * len(EVERY_FILE)


@pytest.mark.parametrize("damage", ["missing", "garbage", "other format", "other shape"])
def test_a_missing_or_unreadable_record_rebuilds_everything(
    toy: Target, tmp_path: Path, damage: str
) -> None:
    out = tmp_path / "out"
    build_game(toy, A4, out)
    before = kit_bytes(out / "toy")
    record = out / RECORD_FOLDER / "toy.json"
    if damage == "missing":
        record.unlink()
    elif damage == "garbage":
        record.write_text("{not json")
    elif damage == "other format":
        saved = json.loads(record.read_text())
        record.write_text(json.dumps({**saved, "format": saved["format"] + 1}))
    else:
        saved = json.loads(record.read_text())
        record.write_text(json.dumps({**saved, "files": dict.fromkeys(saved["files"], 1)}))

    assert built(build_game(toy, A4, out)) == EVERY_FILE
    assert kit_bytes(out / "toy") == before


def test_a_changed_template_rebuilds_every_file(toy: Target, tmp_path: Path) -> None:
    out = tmp_path / "out"
    build_game(toy, A4, out)
    assert toy.game.templates is not None
    (toy.game.templates / NOTE).write_text("Roll two dice.")
    assert built(build_game(toy, A4, out)) == EVERY_FILE


def test_a_changed_schema_is_a_new_code_version(toy: Target, tmp_path: Path) -> None:
    """The code version is read once per process and game, so each version of the schemas
    lives in a folder of its own here, as an installed new version of the game would."""
    out = tmp_path / "out"
    build_game(toy, A4, out)

    def with_content(folder: str, edit: Callable[[dict[str, Any]], None]) -> Target:
        content = tmp_path / folder
        shutil.copytree(toy.game.content, content)
        schema = content / "schemas" / "Crt.schema.json"
        changed = json.loads(schema.read_text())
        edit(changed)
        schema.write_text(json.dumps(changed))
        return dataclasses.replace(toy, game=dataclasses.replace(toy.game, content=content))

    same = with_content("same", lambda schema: None)
    assert build_game(same, A4, out).written == [], "the same schemas elsewhere: same code"
    described = with_content("new", lambda schema: schema.update(description="A grid, anew."))
    assert built(build_game(described, A4, out)) == EVERY_FILE


def test_a_component_the_workbook_no_longer_has_is_removed(toy: Target, tmp_path: Path) -> None:
    out = tmp_path / "out"
    build_game(toy, A4, out)
    book = openpyxl.load_workbook(toy.path)
    book["Units"].delete_rows(5)  # the scout
    book.save(toy.path)

    result = build_game(toy, A4, out)
    gone = out / "toy" / "toy-unit-scout-a4.pdf"
    assert result.removed == [gone]
    assert not gone.exists()
    assert f"removed {gone}: the workbook no longer has it" in result.lines()
    clean = tmp_path / "clean"
    build_game(toy, A4, clean)
    assert kit_bytes(out / "toy") == kit_bytes(clean / "toy")


def test_a_component_reading_an_unknown_sheet_is_a_kit_error(toy: Target, tmp_path: Path) -> None:
    def misdeclared(model: Any, context: BuildContext) -> list[Component]:
        return [Component("odd", partial(_draw, model, context, ()), frozenset({"Nowhere"}))]

    game = dataclasses.replace(toy.game, components=misdeclared)
    with pytest.raises(ValueError, match="reads Nowhere, which the game does not have"):
        build_game(dataclasses.replace(toy, game=game), A4, tmp_path / "out")


def test_a_build_with_errors_writes_no_record(toy: Target, tmp_path: Path) -> None:
    edit_cell(toy.path, "Crt", "B3", "Q")
    out = tmp_path / "out"
    result = build_game(toy, A4, out)
    assert [f.code for f in result.findings if f.severity == "error"] != []
    assert result.outputs == [] and result.summary() is None
    assert not out.exists()


# --- part files left by a run that was killed ---------------------------------------------


def dead_pid() -> int:
    """The id of a process that has finished: the writer of a part file, killed."""
    process = subprocess.Popen(["true"])
    process.wait()
    return process.pid


def test_stale_part_files_are_removed_by_the_next_run(toy: Target, tmp_path: Path) -> None:
    out = tmp_path / "out"
    build_game(toy, A4, out)
    kit = out / "toy"
    killed = kit / f".toy-crt-a4.pdf.{dead_pid()}.x1y2z3.part"
    unnamed = kit / ".toy-rolls-a4.pdf.abc123.part"  # from before writers named themselves
    sleeper = subprocess.Popen(["sleep", "60"])
    try:
        running = kit / f".toy-roster-a4.pdf.{sleeper.pid}.q9w8e7.part"
        for part in (killed, unnamed, running):
            part.write_bytes(b"%PDF-1.4 half a file")

        assert build_game(toy, A4, out).written == []
        assert not killed.exists() and not unnamed.exists()
        assert running.exists(), "a part file whose writer still runs is left alone"
    finally:
        sleeper.kill()
        sleeper.wait()
    build_game(toy, A4, out)
    assert not running.exists()
    assert sorted(kit.glob(".*.part")) == []


# --- a shipped game: its components have not said what they read -------------------------


@pytest.fixture
def darkblades_copy(tmp_path: Path) -> Target:
    game = get_game("darkblades")
    return resolve(str(edited_copy(game, tmp_path / "designer", lambda book: None)))


@pytest.mark.parametrize(
    ("game", "sheet"),
    [
        ("darkblades", "Characters"),
        ("blade", "Skaters"),
        ("kisscry", "Skaters"),
        ("biathlon", "Biathletes"),
    ],
)
def test_a_renamed_character_rebuilds_what_reads_its_sheet_with_clean_bytes(
    game: str, sheet: str, tmp_path: Path
) -> None:
    """What a component says it reads is all it prints: the files a rebuild leaves alone are
    byte for byte what a clean build of the changed workbook writes."""
    copy = resolve(str(edited_copy(get_game(game), tmp_path / "designer", lambda book: None)))
    out = tmp_path / "out"
    build_game(copy, A4, out)
    assert build_game(copy, A4, out).written == []
    validation = validate_workbook(copy.path, copy.game)
    assert copy.game.components is not None and copy.game.templates is not None
    context = BuildContext(A4, copy.game.templates, copy.shown)
    reads = {c.name: c.reads for c in copy.game.components(validation.model, context)}

    book = openpyxl.load_workbook(copy.path)
    names = book[sheet]
    names.cell(2, 2).value = f"{names.cell(2, 2).value} the Second"
    book.save(copy.path)
    changed = build_game(copy, A4, out)
    # The cover's print list is made from every other file, so it is drawn again after them.
    rebuilt = [name for name, read in reads.items() if read is None or sheet in read]
    assert built(changed) == [*rebuilt, "cover"]
    assert any(read is not None and sheet not in read for read in reads.values())
    clean = tmp_path / "clean"
    build_game(copy, A4, clean)
    assert kit_bytes(out / copy.slug) == kit_bytes(clean / copy.slug)


def run_build(target: Target, out: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [AUTHORING, "build", str(target.path), "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=SUBPROCESS_TIMEOUT,
    )


def test_a_deleted_file_is_rebuilt_alone_with_the_bytes_of_a_clean_build(
    darkblades_copy: Target, tmp_path: Path
) -> None:
    """A fresh process that draws one component alone writes the bytes a whole build does."""
    out = tmp_path / "out"
    assert run_build(darkblades_copy, out).returncode == 0
    kit = out / darkblades_copy.slug
    before = kit_bytes(kit)
    (kit / f"{darkblades_copy.slug}-counters-a4.pdf").unlink()

    again = run_build(darkblades_copy, out)
    assert again.returncode == 0, again.stderr
    files = len(list(kit.glob("*.pdf")))
    summary = f"{darkblades_copy.slug}: built 1 of {files} files (counters); {files - 1} unchanged"
    assert summary in again.stdout
    assert again.stdout.count("wrote ") == 1
    assert kit_bytes(kit) == before


def wait_for(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + SUBPROCESS_TIMEOUT
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.002)


def test_ctrl_c_leaves_no_partial_file(darkblades_copy: Target, tmp_path: Path) -> None:
    """A build draws its files in a part folder beside the kit and moves them in only once
    all are drawn and checked, so an interrupted one leaves the kit as it was."""
    reference = tmp_path / "reference"
    assert run_build(darkblades_copy, reference).returncode == 0
    clean = kit_bytes(reference / darkblades_copy.slug)
    out = tmp_path / "out"
    kit = out / darkblades_copy.slug

    def drawing() -> bool:
        """A file finished in the part folder and the next one half written."""
        return any(
            any(folder.glob("*.pdf")) and any(folder.glob(".*.part"))
            for folder in out.glob(f".{darkblades_copy.slug}.*.part")
        )

    build = subprocess.Popen(
        [AUTHORING, "build", str(darkblades_copy.path), "--out", str(out)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=interruptible,
    )
    try:
        wait_for(drawing, "a finished file and a part file in the part folder")
        build.send_signal(signal.SIGINT)
        _, stderr = build.communicate(timeout=SUBPROCESS_TIMEOUT)
    finally:
        if build.poll() is None:
            build.kill()
            build.wait()
    assert build.returncode == 130, stderr
    assert "interrupted" in stderr and "Traceback" not in stderr
    assert list(out.rglob("*.part")) == [], "no part file or part folder is left"
    assert kit_bytes(kit) == {}, "the kit never holds files of a build that did not finish"

    again = run_build(darkblades_copy, out)
    assert again.returncode == 0, again.stderr
    assert again.stdout.count("wrote ") == len(clean)
    assert kit_bytes(kit) == clean


def test_the_part_file_name_carries_the_writer(tmp_path: Path) -> None:
    from authoring.files import write_atomically

    seen: list[str] = []
    write_atomically(tmp_path / "kit.pdf", lambda temporary: seen.append(temporary.name))
    assert seen[0].startswith(f".kit.pdf.{os.getpid()}.") and seen[0].endswith(".part")
