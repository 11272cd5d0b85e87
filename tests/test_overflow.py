"""A cell text too long for the box it is printed in is an error at that cell, and no PDF.

Kits shrink a text to fit its box, never below the smallest size they allow; a text still too
wide there would run over the edge of a card or counter. The render core notes it while
drawing, and the build reports it at the cell the text came from before a single file reaches
the kit. Tested on designers' copies of the shipped workbooks, built by `authoring build` into
real PDFs; the widths are checked against the embedded font's own metrics.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from cells import cell_where, records
from conftest import edited_copy
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from authoring.build import RECORD_FOLDER, PrintedOverflow, build_game, overflow_findings
from authoring.findings import Finding, Severity
from authoring.game import get_game
from authoring.games.biathlon.look import MIN_TEXT
from authoring.games.darkblades.kit import counter_labels
from authoring.render.fonts import BODY_BOLD, fitted_size, noting_overflows, register_body_fonts
from authoring.render.paper import PAPERS
from authoring.target import Target, resolve
from authoring.validate import validate_workbook

A4 = PAPERS["a4"]
AUTHORING = str(Path(sys.executable).parent / "authoring")
# Generous for a loaded machine: a build of one kit takes a second or two.
SUBPROCESS_TIMEOUT = 120.0
# How many times a name is repeated to make it far wider than any box prints it.
REPEATS = 10


def designer_copy(game: str, folder: Path, edit: Callable[[Any], None]) -> Target:
    """A designer's copy of a shipped workbook with `edit(workbook)` applied (never the
    shipped file itself), as a build target."""
    return resolve(str(edited_copy(get_game(game), folder, edit)))


def run_build(workbook: Path, out: Path) -> subprocess.CompletedProcess[str]:
    """`authoring build` in the workbook's folder, so findings name it by its file name."""
    return subprocess.run(
        [AUTHORING, "build", workbook.name, "--out", str(out)],
        cwd=workbook.parent,
        capture_output=True,
        text=True,
        timeout=SUBPROCESS_TIMEOUT,
    )


def kit_bytes(out: Path) -> dict[str, bytes]:
    return {str(path.relative_to(out)): path.read_bytes() for path in sorted(out.rglob("*.pdf"))}


def leftovers(out: Path) -> list[Path]:
    """Part files and part folders anywhere under `out`: none may outlive a build."""
    return sorted(out.rglob("*.part"))


def dead_pid() -> int:
    """The id of a process that has finished: a build that was killed."""
    process = subprocess.Popen([sys.executable, "-c", "pass"])
    process.wait()
    return process.pid


def errors(findings: list[Finding]) -> list[Finding]:
    return [finding for finding in findings if finding.severity is Severity.ERROR]


# --- BIATHLON BLAST: a biathlete's name, printed on cards, tiles, standees and the map ----


def first_biathlete(edit: Callable[[str], str], place: dict[str, str]) -> Callable[[Any], None]:
    """An edit renaming the first biathlete to `edit(name)`, noting the cell and the name."""

    def rename(book: Any) -> None:
        sheet = book["Biathletes"]
        _, values = records(sheet)[0]
        place["cell"] = cell_where(sheet, "name", id=values["id"])
        place["new"] = edit(values["name"])
        sheet[place["cell"]] = place["new"]

    return rename


def test_a_name_too_long_for_its_box_is_an_error_at_its_cell_and_writes_no_pdf(
    tmp_path: Path,
) -> None:
    place: dict[str, str] = {}
    longer = first_biathlete(lambda name: " ".join([name] * REPEATS), place)
    copy = designer_copy("biathlon", tmp_path / "designer", longer)
    out = tmp_path / "out"

    built = run_build(copy.path, out)

    assert built.returncode == 1, built.stderr
    assert "Traceback" not in built.stderr
    lines = built.stdout.splitlines()
    at_the_cell = [line for line in lines if line.startswith(f"{copy.path.name}:Biathletes!")]
    # One finding for the cell, however many components print the name.
    assert len(at_the_cell) == 1, built.stdout
    [finding] = at_the_cell
    assert finding.startswith(f"{copy.path.name}:Biathletes!{place['cell']}: error: ")
    assert f"{place['new']!r} is too long for its box on the " in finding
    register_body_fonts()
    wide = stringWidth(place["new"], BODY_BOLD, MIN_TEXT) / mm
    assert f"{wide:.1f} mm wide at the smallest size ({MIN_TEXT:g} pt)" in finding
    assert "skiing cards" in finding and finding.endswith("; shorten it")
    assert lines[-1] == "1 error, 0 warnings"
    assert not any(line.startswith("wrote ") for line in lines)
    assert list(out.rglob("*.pdf")) == []
    assert leftovers(out) == []
    assert not (out / RECORD_FOLDER).exists(), "nothing written, so nothing recorded"


def test_a_name_that_fits_builds_and_clean_builds_are_byte_identical(tmp_path: Path) -> None:
    place: dict[str, str] = {}
    # As many characters as the name had, in different letters: a normal name, a new one.
    fitting = first_biathlete(lambda name: name[::-1].title(), place)
    copy = designer_copy("biathlon", tmp_path / "designer", fitting)
    first, second = tmp_path / "first", tmp_path / "second"

    for out in (first, second):
        built = run_build(copy.path, out)
        assert built.returncode == 0, built.stdout + built.stderr
        assert built.stdout.splitlines()[-1] == "0 errors, 0 warnings"
        assert leftovers(out) == []

    assert kit_bytes(first), "the kit is printed"
    assert kit_bytes(first) == kit_bytes(second)


def test_a_rebuild_with_a_name_too_long_leaves_the_kit_and_its_record_as_they_were(
    tmp_path: Path,
) -> None:
    place: dict[str, str] = {}
    copy = designer_copy("biathlon", tmp_path / "designer", lambda book: None)
    out = tmp_path / "out"
    # The part folder of a build that was killed: the next build of the kit removes it.
    killed = out / f".{copy.slug}.{dead_pid()}.x1y2z3.part"
    killed.mkdir(parents=True)
    (killed / f"{copy.slug}-rulebook-a4.pdf").write_bytes(b"%PDF-1.4 drawn, never moved")
    assert errors(build_game(copy, A4, out).findings) == []
    assert not killed.exists()
    record = out / RECORD_FOLDER / f"{copy.slug}.json"
    kit_before, record_before = kit_bytes(out), record.read_bytes()

    longer = first_biathlete(lambda name: " ".join([name] * REPEATS), place)
    edited_copy(copy.game, copy.path.parent, longer)
    result = build_game(copy, A4, out)

    assert [(f.code, f.sheet, f.cell, f.field, f.value) for f in errors(result.findings)] == [
        ("text-too-long", "Biathletes", place["cell"], "name", place["new"])
    ]
    assert result.written == [] and result.lines() == []
    assert kit_bytes(out) == kit_before
    assert record.read_bytes() == record_before
    assert leftovers(out) == []

    # The name shortened back: every file on disk is still the one its record names.
    edited_copy(copy.game, copy.path.parent, lambda book: None)
    again = build_game(copy, A4, out)
    assert errors(again.findings) == []
    assert again.written == [] and len(again.outputs) == len(kit_before)
    assert kit_bytes(out) == kit_before


# --- DARK BLADES: a counter prints a character's name without its title -----------------


def test_a_counter_text_too_long_is_an_error_at_the_cell_it_is_shortened_from(
    tmp_path: Path,
) -> None:
    """A character's counter prints the name without its title in brackets, so the text
    printed is only part of the cell; a marker's is the whole cell."""
    game = get_game("darkblades")
    place: dict[str, str] = {}

    def lengthen(book: Any) -> None:
        characters, markers = book["Characters"], book["Markers"]
        _, hero = next(
            (row, values) for row, values in records(characters) if " (" not in values["name"]
        )
        place["name"] = cell_where(characters, "name", id=hero["id"])
        place["label"] = " ".join([hero["name"]] * REPEATS)
        characters[place["name"]] = f"{place['label']} (the title in brackets)"
        _, marker = records(markers)[0]
        place["front"] = cell_where(markers, "front", marker=marker["marker"])
        place["front text"] = " ".join([marker["front"]] * REPEATS)
        markers[place["front"]] = place["front text"]

    copy = designer_copy("darkblades", tmp_path / "designer", lengthen)
    validation = validate_workbook(copy.path, game)
    assert validation.ok and validation.model is not None
    assert place["label"] in counter_labels(validation.model).values()

    out = tmp_path / "out"
    result = build_game(copy, A4, out)

    found = errors(result.findings)
    assert [(f.code, f.sheet, f.cell, f.field) for f in found] == [
        ("text-too-long", "Characters", place["name"], "name"),
        ("text-too-long", "Markers", place["front"], "front"),
    ]
    assert found[0].message.startswith(
        f"{place['label']!r} is too long for its box on the counters"
    )
    assert found[1].message.startswith(f"{place['front text']!r} is too long for its box")
    for finding in found:
        assert finding.expected is not None
        fits = int(finding.expected.removeprefix("a text that fits: at most ").split()[0])
        assert 0 < fits < len(str(finding.value))
    assert list(out.rglob("*.pdf")) == [] and leftovers(out) == []


# How a printed text is told from the name in the first row of Characters, and whether it
# is still found at that cell: as it is, in capitals, with a word of the kit's added, and
# made up by the kit around a short code (an ability, as in `breath 3`) found at no cell.
PRINTED_FROM_A_NAME = [
    ("as it is", lambda name: name, True),
    ("in capitals", str.upper, True),
    ("with a word around it", lambda name: f"{name} (hero)", True),
    ("made up by the kit", lambda name: "breath 1234567890 1234567890", False),
]


@pytest.mark.parametrize(
    ("printed", "from_the_cell"),
    [(how, found) for _, how, found in PRINTED_FROM_A_NAME],
    ids=[name for name, _, _ in PRINTED_FROM_A_NAME],
)
def test_an_overflow_is_found_at_the_cell_its_text_came_from_or_else_at_the_workbook(
    printed: Callable[[str], str], from_the_cell: bool
) -> None:
    game = get_game("darkblades")
    validation = validate_workbook(game.workbook, game)
    book = openpyxl.load_workbook(game.workbook, read_only=True)
    _, first = records(book["Characters"])[0]
    cell = cell_where(book["Characters"], "name", id=first["id"])
    text = printed(first["name"])
    register_body_fonts()
    with noting_overflows() as noted:
        fitted_size(text, BODY_BOLD, 5, 1 * mm, smallest=3)

    # The same text in two boxes of two components is one finding.
    twice = [PrintedOverflow(component, noted[0]) for component in ("counters", "reference")]
    [finding] = overflow_findings(
        validation.tables, twice, validation.tables["Characters"].workbook
    )

    assert (finding.severity, finding.code) == (Severity.ERROR, "text-too-long")
    if from_the_cell:
        assert (finding.sheet, finding.cell, finding.value) == ("Characters", cell, first["name"])
        assert finding.message.startswith(
            f"{text!r} is too long for its box on the counters and reference: "
        )
    else:
        assert (finding.sheet, finding.cell, finding.value) == (None, None, text)
        assert finding.message.startswith(
            f"{text!r}, printed on the counters and reference, is too long for its box: "
        )


# --- the render core notes what overflows, and only when asked ---------------------------


@pytest.mark.parametrize(("room", "overflows"), [(1 * mm, True), (100 * mm, False)])
def test_fitting_a_text_notes_it_only_when_it_is_wider_than_its_box_at_the_smallest_size(
    room: float, overflows: bool
) -> None:
    register_body_fonts()
    text = "Konrad Fischer"
    smallest = 6.0
    with noting_overflows() as noted:
        size = fitted_size(text, BODY_BOLD, 13, room, smallest=smallest)
    assert size >= smallest
    if not overflows:
        assert noted == []
        return
    [overflow] = noted
    assert (overflow.text, overflow.room, overflow.smallest) == (text, room, smallest)
    assert overflow.needed == pytest.approx(stringWidth(text, BODY_BOLD, smallest))
    assert overflow.characters_that_fit < len(text)


def test_each_block_notes_its_own_overflows_and_none_are_noted_outside() -> None:
    register_body_fonts()
    text = "Konrad Fischer"
    with noting_overflows() as first:
        fitted_size(text, BODY_BOLD, 13, 1 * mm, smallest=6)
    fitted_size(text, BODY_BOLD, 13, 1 * mm, smallest=6)  # no block open: noted nowhere
    with noting_overflows() as second:
        pass
    assert len(first) == 1 and second == []
