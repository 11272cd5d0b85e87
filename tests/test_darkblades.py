"""DARK BLADES on its real workbook: the shipped file is clean, and each kind of mistake a
designer can make in a copy of it is reported once, at its exact cell."""

from __future__ import annotations

import datetime
import hashlib
import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import openpyxl
import pytest
from cells import append_copy, cell_where, column, last_row, places, row_where, rows_where
from openpyxl.workbook.workbook import Workbook

from authoring.cli import main
from authoring.findings import Finding, Severity
from authoring.game import Game, get_game
from authoring.games.darkblades.checks import CRT_SHEETS
from authoring.validate import Validation, validate_workbook

Edit = Callable[[Workbook], None]


@pytest.fixture(scope="module")
def game() -> Game:
    return get_game("darkblades")


@pytest.fixture(scope="module")
def shipped(game: Game) -> Path:
    return game.workbook


@pytest.fixture(scope="module")
def book(shipped: Path) -> Workbook:
    """The shipped workbook, read once, for finding cells; never saved."""
    return openpyxl.load_workbook(shipped)


@pytest.fixture
def mutated(shipped: Path, tmp_path: Path) -> Callable[..., Path]:
    """A copy of the shipped workbook with `edit` applied, saved under tmp_path."""

    def make(edit: Edit, name: str = "darkblades.xlsx") -> Path:
        copy = openpyxl.load_workbook(shipped)
        edit(copy)
        path = tmp_path / name
        copy.save(path)
        return path

    return make


@pytest.fixture
def check(game: Game, mutated: Callable[..., Path]) -> Callable[[Edit], Validation]:
    """Validate a mutated copy."""

    def run(edit: Edit) -> Validation:
        return validate_workbook(mutated(edit), game)

    return run


# --- locating cells in the real workbook -------------------------------------------------


def only(result: Validation) -> Finding:
    assert len(result.findings) == 1, [f.as_text() for f in result.findings]
    return result.findings[0]


# --- the shipped workbook ----------------------------------------------------------------


def test_shipped_workbook_has_no_findings(game, shipped):
    result = validate_workbook(shipped, game)
    assert result.findings == []
    assert result.ok
    assert set(result.tables) == set(game.sheets)
    assert len(game.sheets) == 26


def test_an_unedited_copy_also_has_no_findings(game, mutated):
    # The fixture itself (openpyxl load and save) introduces nothing.
    assert validate_workbook(mutated(lambda copy: None), game).findings == []


def test_validating_never_writes_to_the_shipped_workbook(game, shipped, mutated, capsys):
    before = hashlib.sha256(shipped.read_bytes()).hexdigest()
    mtime = shipped.stat().st_mtime_ns
    validate_workbook(shipped, game)
    assert main(["validate", str(shipped), "--game", "darkblades"]) == 0
    validate_workbook(mutated(lambda copy: copy["Box"].cell(2, 3, 25)), game)
    capsys.readouterr()
    assert hashlib.sha256(shipped.read_bytes()).hexdigest() == before
    assert shipped.stat().st_mtime_ns == mtime


# --- combat results tables ---------------------------------------------------------------


def test_unknown_result_code_headline_example(check):
    def edit(copy):
        copy["CRT_InfVsInf"]["D7"] = "Q"

    result = check(edit)
    finding = only(result)
    assert finding.as_text().endswith(
        "CRT_InfVsInf!D7: error: unknown result 'Q' (expected one of A B C D E F -)"
    )
    assert (finding.code, finding.sheet, finding.cell, finding.severity) == (
        "unknown-value",
        "CRT_InfVsInf",
        "D7",
        Severity.ERROR,
    )
    assert finding.field == "2-1"
    assert finding.value == "Q"
    assert not result.ok


def test_crt_row_with_fourteen_entries(check, book):
    row = row_where(book["CRT_MtdVsMtd"], die=4)
    assert book["CRT_MtdVsMtd"].max_column == 14  # A..N: die and 13 odds columns

    def edit(copy):
        copy["CRT_MtdVsMtd"][f"O{row}"] = "J"

    finding = only(check(edit))
    assert (finding.code, finding.sheet, finding.cell, finding.severity) == (
        "outside-table",
        "CRT_MtdVsMtd",
        f"O{row}",
        Severity.ERROR,
    )
    assert "value 'J' is in column O, which has no header" in finding.message


def test_crt_row_with_twelve_entries(check, book):
    sheet = book["CRT_InfVsMtd"]
    cell = cell_where(sheet, "12-1", die=7)

    def edit(copy):
        copy["CRT_InfVsMtd"][cell] = None

    finding = only(check(edit))
    assert (finding.code, finding.sheet, finding.cell, finding.severity) == (
        "missing-value",
        "CRT_InfVsMtd",
        cell,
        Severity.ERROR,
    )
    assert finding.field == "12-1"
    assert finding.message.startswith("missing result")


def test_crt_die_rows_out_of_order(check, book):
    two, three = row_where(book["CRT_MslVsInf"], die=2), row_where(book["CRT_MslVsInf"], die=3)

    def edit(copy):
        sheet = copy["CRT_MslVsInf"]
        for col in range(1, 15):
            upper, lower = sheet.cell(two, col), sheet.cell(three, col)
            upper.value, lower.value = lower.value, upper.value

    finding = only(check(edit))
    assert (finding.code, finding.sheet, finding.cell) == (
        "table-shape",
        "CRT_MslVsInf",
        f"A{three}",
    )
    assert f"die 2 comes after die 3 (row {two})" in finding.message


def test_crt_missing_last_die_row(check, book):
    row = row_where(book["CRT_InfVsInf"], die=10)

    def edit(copy):
        copy["CRT_InfVsInf"].delete_rows(row)

    finding = only(check(edit))
    assert (finding.code, finding.sheet, finding.cell, finding.severity) == (
        "table-shape",
        "CRT_InfVsInf",
        f"A{row - 1}",
        Severity.ERROR,
    )
    assert "die 10 is missing: 10 belongs after this row" in finding.message


def test_crt_missing_middle_die_row(check, book):
    row = row_where(book["CRT_InfVsInf"], die=5)

    def edit(copy):
        copy["CRT_InfVsInf"].delete_rows(row)

    # The row that moved up into die 5's place holds die 6: one finding, there.
    finding = only(check(edit))
    assert (finding.code, finding.cell) == ("table-shape", f"A{row}")
    assert "die 5 is missing: 5 belongs before this row" in finding.message


def test_duplicate_die_row_in_a_crt(check, book):
    row = row_where(book["CRT_MtdVsInf"], die=8)
    seven = row_where(book["CRT_MtdVsInf"], die=7)

    def edit(copy):
        copy["CRT_MtdVsInf"][f"A{row}"] = 7

    finding = only(check(edit))
    assert (finding.code, finding.cell) == ("table-shape", f"A{row}")
    assert f"die 7 appears twice (first in row {seven}); die 8 is missing" in finding.message


def crt_cells(book: Workbook, table: str, code: str) -> list[str]:
    sheet = book[table]
    return [
        cell.coordinate
        for line in sheet.iter_rows(min_row=2, min_col=2, max_col=14)
        for cell in line
        if cell.value == code
    ]


def code_uses(book: Workbook) -> Counter[tuple[str, str]]:
    return Counter(
        {
            (table, code): len(crt_cells(book, table, code))
            for table in CRT_SHEETS
            for code in {
                v
                for line in book[table].iter_rows(min_row=2, min_col=2, values_only=True)
                for v in line
                if isinstance(v, str)
            }
            if code != "-"
        }
    )


def test_code_without_a_key_row_is_reported_at_every_cell_using_it(check, book):
    uses = code_uses(book)
    # The least-used code that still appears more than once.
    (table, code), count = min(
        ((key, n) for key, n in uses.items() if n > 1), key=lambda item: item[1]
    )
    cells = crt_cells(book, table, code)
    assert len(cells) == count >= 2
    key_row = row_where(book["CRT_Keys"], table=table, code=code)

    def edit(copy):
        copy["CRT_Keys"].delete_rows(key_row)

    result = check(edit)
    assert places(result) == [("undefined-result", table, cell, "error") for cell in cells]
    assert all(
        f.message == f"result {code!r} has no meaning: CRT_Keys has no row for {table} {code}"
        for f in result.findings
    )
    assert result.findings[0].expected == f"a code defined for {table} in CRT_Keys"


def test_key_row_that_no_cell_uses_is_an_unused_result_warning(check, book):
    # The least-used code of all: change its only cell, and its key row goes unused.
    (table, code), count = min(code_uses(book).items(), key=lambda item: item[1])
    assert count == 1
    [cell] = crt_cells(book, table, code)
    key_cell = cell_where(book["CRT_Keys"], "code", table=table, code=code)

    def edit(copy):
        copy[table][cell] = "-"

    result = check(edit)
    finding = only(result)
    assert (finding.code, finding.sheet, finding.cell, finding.severity) == (
        "unused-result",
        "CRT_Keys",
        key_cell,
        Severity.WARNING,
    )
    assert f"{table} result {code!r} is defined but never appears in the table" in (finding.message)
    assert result.ok


def test_extra_key_row_is_an_unused_result_warning(check, book):
    source = row_where(book["CRT_Keys"], table="CRT_InfVsInf", code="-")
    new = last_row(book["CRT_Keys"]) + 1

    def edit(copy):
        assert append_copy(copy["CRT_Keys"], source, code="Z") == new

    result = check(edit)
    assert places(result) == [("unused-result", "CRT_Keys", f"B{new}", "warning")]
    assert result.ok


# --- duplicates --------------------------------------------------------------------------


def test_duplicate_crt_key(check, book):
    source = row_where(book["CRT_Keys"], table="CRT_MtdVsMtd", code="H")
    new = last_row(book["CRT_Keys"]) + 1

    def edit(copy):
        append_copy(copy["CRT_Keys"], source, meaning="Copied by mistake.")

    finding = only(check(edit))
    assert (finding.code, finding.sheet, finding.cell, finding.severity) == (
        "duplicate",
        "CRT_Keys",
        f"B{new}",
        Severity.ERROR,
    )
    assert f"duplicate table/code ('CRT_MtdVsMtd', 'H'): already given in row {source}" in (
        finding.message
    )


def test_duplicate_character_id(check, book):
    source = row_where(book["Characters"], id="zatan")
    new = last_row(book["Characters"]) + 1

    def edit(copy):
        append_copy(copy["Characters"], source)

    finding = only(check(edit))
    assert (finding.code, finding.sheet, finding.cell, finding.severity) == (
        "duplicate",
        "Characters",
        f"A{new}",
        Severity.ERROR,
    )
    assert f"duplicate id 'zatan': already given in row {source}" in finding.message


def test_duplicate_counter_character_state(check, book):
    counters = book["Counters"]
    # Laberne's stunned face (foot_1 back) retyped as 'wounded': the state now appears twice.
    stunned = row_where(counters, character="laberne", state="stunned")
    wounded = row_where(counters, character="laberne", state="wounded")
    state = column(counters, "state")
    assert stunned < wounded

    def edit(copy):
        copy["Counters"][f"{state}{stunned}"] = "wounded"

    result = check(edit)
    # The retyped face is also wrong for its piece; the repeat is reported at the later row.
    assert places(result) == [
        ("piece-face", "Counters", f"{state}{stunned}", "error"),
        ("duplicate", "Counters", f"{state}{wounded}", "error"),
    ]
    assert result.findings[1].message == (
        f"duplicate character/state ('laberne', 'wounded'): already given in row {stunned}"
    )


def test_duplicated_counter_row(check, book):
    source = row_where(book["Counters"], character="zatan", state="healthy")
    new = last_row(book["Counters"]) + 1

    def edit(copy):
        append_copy(copy["Counters"], source)

    result = check(edit)
    # Both keys of Counters repeat: (character, state) and (character, piece, face).
    assert places(result) == [
        ("duplicate", "Counters", f"B{new}", "error"),
        ("duplicate", "Counters", f"D{new}", "error"),
    ]
    assert "duplicate character/state ('zatan', 'healthy')" in result.findings[0].message
    assert "duplicate character/piece/face ('zatan', 'single', 'front')" in (
        result.findings[1].message
    )


# --- references --------------------------------------------------------------------------


def test_forces_row_with_a_misspelt_character(check, book):
    cell = cell_where(book["Forces"], "character", scenario="mule_train", character="peterson")

    def edit(copy):
        copy["Forces"][cell] = "petersen"

    finding = only(check(edit))
    assert (finding.code, finding.sheet, finding.cell, finding.severity) == (
        "unknown-reference",
        "Forces",
        cell,
        Severity.ERROR,
    )
    assert finding.message == (
        "character 'petersen' does not exist on sheet Characters; closest: 'peterson'"
    )
    assert finding.expected == "an id from Characters!A"


def test_spell_area_missing_from_spell_areas(check, book):
    row = row_where(book["SpellAreas"], area="touch")
    spell_cell = cell_where(book["Spells"], "area", area="touch")

    def edit(copy):
        copy["SpellAreas"].delete_rows(row)

    finding = only(check(edit))
    assert (finding.code, finding.sheet, finding.cell, finding.severity) == (
        "unknown-reference",
        "Spells",
        spell_cell,
        Severity.ERROR,
    )
    assert finding.message == "area 'touch' does not exist on sheet SpellAreas"
    assert finding.expected == "an area from SpellAreas!A"


def test_renamed_spell_area_is_reported_where_it_is_defined_and_used(check, book):
    area_cell = cell_where(book["SpellAreas"], "area", area="touch")
    spell_cell = cell_where(book["Spells"], "area", area="touch")

    def edit(copy):
        copy["SpellAreas"][area_cell] = "touching"

    result = check(edit)
    # SpellAreas.area is an enum too: the new name is refused, and the spell using the old
    # one is left pointing at nothing.
    assert places(result) == [
        ("unknown-value", "SpellAreas", area_cell, "error"),
        ("unknown-reference", "Spells", spell_cell, "error"),
    ]
    assert "unknown area 'touching'" in result.findings[0].message


def test_spell_area_outside_the_schema_enum_is_reported_once(check, book):
    cell = cell_where(book["Spells"], "area", spell="Zap")

    def edit(copy):
        copy["Spells"][cell] = "cone"

    finding = only(check(edit))
    # The schema catches it; the reference check does not report the same cell again.
    assert (finding.code, finding.sheet, finding.cell) == ("unknown-value", "Spells", cell)
    assert "unknown area 'cone'" in finding.message


def test_counter_for_an_unknown_character(check, book):
    rows = rows_where(book["Counters"], character="sarah")
    letter = column(book["Counters"], "character")

    def edit(copy):
        for row in rows:
            copy["Counters"][f"{letter}{row}"] = "sara"

    result = check(edit)
    sarah = cell_where(book["Characters"], "id", id="sarah")
    assert places(result) == [
        ("no-counters", "Characters", sarah, "error"),
        *[("unknown-reference", "Counters", f"{letter}{row}", "error") for row in rows],
    ]


# --- ranges that must tile ---------------------------------------------------------------


def test_die_table_gap(check, book):
    row = row_where(book["DieTables"], table="death_spell", die_from=7, die_to=9)
    cell = f"{column(book['DieTables'], 'die_from')}{row}"

    def edit(copy):
        copy["DieTables"][cell] = 8

    finding = only(check(edit))
    assert (finding.code, finding.sheet, finding.cell, finding.severity) == (
        "range-gap",
        "DieTables",
        cell,
        Severity.ERROR,
    )
    assert finding.message == (
        "death_spell: die 7 not covered (the range before ends at 6, this one starts at 8)"
    )


def test_die_table_overlap(check, book):
    row = row_where(book["DieTables"], table="death_spell", die_from=7, die_to=9)
    before = row_where(book["DieTables"], table="death_spell", die_from=1)
    cell = f"{column(book['DieTables'], 'die_from')}{row}"

    def edit(copy):
        copy["DieTables"][cell] = 6

    finding = only(check(edit))
    assert (finding.code, finding.sheet, finding.cell, finding.severity) == (
        "range-overlap",
        "DieTables",
        cell,
        Severity.ERROR,
    )
    assert finding.message == (
        f"death_spell: range 6-9 overlaps the range before (row {before}), which ends at 6"
    )


def test_die_table_that_stops_short(check, book):
    row = row_where(book["DieTables"], table="item_creation", die_from=4)
    cell = f"{column(book['DieTables'], 'die_to')}{row}"

    def edit(copy):
        copy["DieTables"][cell] = 9

    finding = only(check(edit))
    assert (finding.code, finding.cell) == ("range-gap", cell)
    assert finding.message == "item_creation: die 10 not covered"


def test_missile_weapon_bands_with_a_gap(check, book):
    cell = cell_where(book["MissileWeapons"], "range_from", weapon="crossbow", band="long")

    def edit(copy):
        copy["MissileWeapons"][cell] = 33  # medium ends at 30: 31-32 uncovered

    finding = only(check(edit))
    assert (finding.code, finding.sheet, finding.cell, finding.severity) == (
        "range-gap",
        "MissileWeapons",
        cell,
        Severity.ERROR,
    )
    assert finding.message == (
        "crossbow: range 31-32 not covered (the range before ends at 30, this one starts at 33)"
    )


def test_missile_weapon_bands_overlapping(check, book):
    cell = cell_where(book["MissileWeapons"], "range_to", weapon="shortbow", band="short")
    medium = cell_where(book["MissileWeapons"], "range_from", weapon="shortbow", band="medium")
    short_row = row_where(book["MissileWeapons"], weapon="shortbow", band="short")

    def edit(copy):
        copy["MissileWeapons"][cell] = 18

    finding = only(check(edit))
    assert (finding.code, finding.cell) == ("range-overlap", medium)
    assert f"shortbow: range 16-25 overlaps the range before (row {short_row})" in (finding.message)


# --- states never stronger than the state they come from ---------------------------------


def test_wounded_attack_above_healthy_attack(check, book):
    counters = book["Counters"]
    healthy = cell_where(counters, "attack", character="simon", state="healthy")
    wounded = cell_where(counters, "attack", character="simon", state="wounded")
    strong = counters[healthy].value

    def edit(copy):
        copy["Counters"][wounded] = strong + 1

    finding = only(check(edit))
    assert (finding.code, finding.sheet, finding.cell, finding.severity) == (
        "order",
        "Counters",
        wounded,
        Severity.ERROR,
    )
    assert finding.message == (
        f"simon wounded attack {strong + 1} is above healthy attack {strong} ({healthy})"
    )
    assert finding.expected == f"at most {strong}"


def test_stunned_defence_above_healthy_defence(check, book):
    counters = book["Counters"]
    healthy = cell_where(counters, "defence", character="black_dwarf", state="healthy")
    stunned = cell_where(counters, "defence", character="black_dwarf", state="stunned")
    strong = counters[healthy].value

    def edit(copy):
        copy["Counters"][stunned] = strong + 2

    finding = only(check(edit))
    assert (finding.code, finding.sheet, finding.cell, finding.severity) == (
        "order",
        "Counters",
        stunned,
        Severity.ERROR,
    )
    assert finding.message == (
        f"black_dwarf stunned defence {strong + 2} is above healthy defence {strong} ({healthy})"
    )


def test_mounted_wounded_movement_above_mounted(check, book):
    counters = book["Counters"]
    mounted = cell_where(counters, "movement", character="sunfire", state="mounted")
    hurt = cell_where(counters, "movement", character="sunfire", state="mounted_wounded")

    def edit(copy):
        copy["Counters"][hurt] = counters[mounted].value + 1

    finding = only(check(edit))
    assert (finding.code, finding.cell) == ("order", hurt)
    assert "sunfire mounted_wounded movement" in finding.message


def test_equal_values_are_not_an_order_error(check, book):
    counters = book["Counters"]
    healthy = cell_where(counters, "attack", character="simon", state="healthy")
    wounded = cell_where(counters, "attack", character="simon", state="wounded")

    def edit(copy):
        copy["Counters"][wounded] = counters[healthy].value

    assert check(edit).findings == []


# --- counter pieces ----------------------------------------------------------------------


def test_face_showing_the_wrong_state(check, book):
    cell = cell_where(book["Counters"], "state", character="zatan", state="dead")

    def edit(copy):
        copy["Counters"][cell] = "riderless_horse"

    finding = only(check(edit))
    assert (finding.code, finding.sheet, finding.cell, finding.severity) == (
        "piece-face",
        "Counters",
        cell,
        Severity.ERROR,
    )
    assert finding.message == "the back of piece single shows 'dead', not 'riderless_horse'"
    assert finding.expected == "dead"


def test_faces_swapped_on_a_piece(check, book):
    counters = book["Counters"]
    healthy = row_where(counters, character="dark_blades", state="healthy")
    stunned = row_where(counters, character="dark_blades", state="stunned")
    face = column(counters, "face")
    state = column(counters, "state")

    def edit(copy):
        copy["Counters"][f"{face}{healthy}"] = "back"
        copy["Counters"][f"{face}{stunned}"] = "front"

    result = check(edit)
    assert places(result) == [
        ("piece-face", "Counters", f"{state}{healthy}", "error"),
        ("piece-face", "Counters", f"{state}{stunned}", "error"),
    ]
    assert "the back of piece foot_1 shows 'stunned', not 'healthy'" in (result.findings[0].message)


def test_weapon_on_a_mounted_face(check, book):
    cell = cell_where(book["Counters"], "weapon", character="laberne", state="mounted")

    def edit(copy):
        copy["Counters"][cell] = "shortbow"

    finding = only(check(edit))
    assert (finding.code, finding.sheet, finding.cell, finding.severity) == (
        "mounted-weapon",
        "Counters",
        cell,
        Severity.ERROR,
    )
    assert finding.message == (
        "laberne mounted carries a shortbow, but mounted characters may not fire missiles"
    )


def test_weapon_on_a_mounted_wounded_face(check, book):
    cell = cell_where(book["Counters"], "weapon", character="laberne", state="mounted_wounded")

    def edit(copy):
        copy["Counters"][cell] = "crossbow"

    finding = only(check(edit))
    assert (finding.code, finding.cell) == ("mounted-weapon", cell)


def test_rider_without_mounted_pieces(check, book):
    counters = book["Counters"]
    jon = rows_where(counters, character="jon")
    mounted = [
        r for r in jon if counters[f"{column(counters, 'piece')}{r}"].value.startswith("mounted")
    ]
    assert len(mounted) == 4 and mounted == list(range(mounted[0], mounted[0] + 4))
    first = f"{column(counters, 'piece')}{jon[0]}"

    def edit(copy):
        copy["Counters"].delete_rows(mounted[0], 4)

    finding = only(check(edit))
    assert (finding.code, finding.sheet, finding.cell, finding.severity) == (
        "piece-set",
        "Counters",
        first,
        Severity.ERROR,
    )
    assert finding.message == "jon is a rider and has pieces foot_1, foot_2"
    assert finding.expected == "foot_1, foot_2, mounted_1, mounted_2"


def test_non_rider_with_mounted_pieces(check, book):
    cell = cell_where(book["Characters"], "can_ride", id="simon")
    first = (
        f"{column(book['Counters'], 'piece')}{rows_where(book['Counters'], character='simon')[0]}"
    )
    forces = rows_where(book["Forces"], character="simon", mounted=True)
    assert forces  # Simon rides in the Mule Train
    mounted = column(book["Forces"], "mounted")

    def edit(copy):
        copy["Characters"][cell] = False

    result = check(edit)
    assert places(result) == [
        ("piece-set", "Counters", first, "error"),
        *[("cannot-ride", "Forces", f"{mounted}{row}", "error") for row in forces],
    ]
    assert result.findings[0].message == (
        "simon is not a rider and has pieces foot_1, foot_2, mounted_1, mounted_2"
    )


def test_piece_with_only_one_face(check, book):
    counters = book["Counters"]
    row = row_where(counters, character="pack_mule", state="dead")
    first = f"{column(counters, 'piece')}{rows_where(counters, character='pack_mule')[0]}"

    def edit(copy):
        copy["Counters"].delete_rows(row)

    finding = only(check(edit))
    assert (finding.code, finding.cell) == ("piece-faces", first)
    assert finding.message == "pack_mule piece single has only its front"


def test_character_without_counters(check, book):
    rows = rows_where(book["Counters"], character="job")
    cell = cell_where(book["Characters"], "id", id="job")

    def edit(copy):
        copy["Counters"].delete_rows(rows[0], len(rows))

    finding = only(check(edit))
    assert (finding.code, finding.sheet, finding.cell) == ("no-counters", "Characters", cell)
    assert finding.message == "job has no counters on sheet Counters"


# --- box counts --------------------------------------------------------------------------


def test_box_promises_a_different_number_of_spell_cards(check, book):
    cell = cell_where(book["Box"], "count", component="spell_cards")

    def edit(copy):
        copy["Box"][cell] = 25

    finding = only(check(edit))
    assert (finding.code, finding.sheet, finding.cell, finding.severity) == (
        "box-count",
        "Box",
        cell,
        Severity.ERROR,
    )
    assert finding.message == "the box promises exactly 25 spell_cards, the data gives 24"
    assert finding.expected == "exactly 25"


def test_spell_copies_that_do_not_add_up_to_the_box(check, book):
    copies = cell_where(book["Spells"], "copies", spell="Fireburst")
    box = cell_where(book["Box"], "count", component="spell_cards")

    def edit(copy):
        copy["Spells"][copies] = copy["Spells"][copies].value + 1

    finding = only(check(edit))
    assert (finding.code, finding.sheet, finding.cell, finding.severity) == (
        "box-count",
        "Box",
        box,
        Severity.ERROR,
    )
    assert finding.message == "the box promises exactly 24 spell_cards, the data gives 25"


def test_too_few_counters_for_the_box(check, book):
    cell = cell_where(book["Box"], "count", component="counters")

    def edit(copy):
        copy["Box"][cell] = 215

    finding = only(check(edit))
    assert (finding.code, finding.cell) == ("box-count", cell)
    assert finding.message == "the box promises at least 215 counters, the data gives 214"


def test_missing_spell_breaks_two_box_counts(check, book):
    row = row_where(book["Spells"], spell="Zap")
    cards = cell_where(book["Box"], "count", component="spell_cards")
    distinct = cell_where(book["Box"], "count", component="distinct_spells")

    def edit(copy):
        copy["Spells"].delete_rows(row)

    result = check(edit)
    assert places(result) == [
        ("box-count", "Box", cards, "error"),
        ("box-count", "Box", distinct, "error"),
    ]
    assert "the data gives 23" in result.findings[0].message
    assert "the data gives 13" in result.findings[1].message


# --- forces ------------------------------------------------------------------------------


def test_scenario_fields_more_copies_than_the_box_has(check, book):
    cell = cell_where(book["Forces"], "count", scenario="arena", character="goblin")

    def edit(copy):
        copy["Forces"][cell] = 7

    finding = only(check(edit))
    assert (finding.code, finding.sheet, finding.cell, finding.severity) == (
        "too-many",
        "Forces",
        cell,
        Severity.ERROR,
    )
    assert finding.message == "arena fields 7 goblin, the box has 6"
    assert finding.expected == "at most 6"


def test_too_many_counted_across_two_lines_of_one_scenario(check, book):
    # The Raid fields 2 war dogs in one line; a second line of 1 makes 3 of the 2 in the box.
    source = row_where(book["Forces"], scenario="the_raid", character="mon_oger_war_dog")
    new = last_row(book["Forces"]) + 1

    def edit(copy):
        append_copy(copy["Forces"], source, count=1, group="reserve")

    finding = only(check(edit))
    assert (finding.code, finding.cell) == ("too-many", f"E{new}")
    assert finding.message == "the_raid fields 3 mon_oger_war_dog, the box has 2"


def test_non_rider_starts_mounted(check, book):
    cell = cell_where(
        book["Forces"], "mounted", scenario="trouble_at_mill", character="mon_oger_sword"
    )

    def edit(copy):
        copy["Forces"][cell] = True

    finding = only(check(edit))
    assert (finding.code, finding.sheet, finding.cell, finding.severity) == (
        "cannot-ride",
        "Forces",
        cell,
        Severity.ERROR,
    )
    assert finding.message == "mon_oger_sword starts mounted but has no mounted pieces"


def test_forces_row_for_an_unknown_scenario(check, book):
    cell = cell_where(book["Forces"], "scenario", scenario="arena", character="dworc")

    def edit(copy):
        copy["Forces"][cell] = "the_arena"

    finding = only(check(edit))
    assert (finding.code, finding.cell) == ("unknown-reference", cell)
    assert "scenario 'the_arena' does not exist on sheet Scenarios; closest: 'arena'" in (
        finding.message
    )


# --- terrain -----------------------------------------------------------------------------


def test_missing_terrain_shift_combination(check, book):
    row = row_where(book["TerrainShifts"], attacker_terrain="0", defender_terrain="-")

    def edit(copy):
        copy["TerrainShifts"].delete_rows(row)

    finding = only(check(edit))
    assert (finding.code, finding.sheet, finding.cell, finding.severity) == (
        "missing-combination",
        "TerrainShifts",
        None,
        Severity.ERROR,
    )
    assert finding.message == "no row for attacker in 0 terrain against defender in -"


def test_duplicate_terrain_shift_combination(check, book):
    row = row_where(book["TerrainShifts"], attacker_terrain="0", defender_terrain="-")
    first = row_where(book["TerrainShifts"], attacker_terrain="0", defender_terrain="+")

    def edit(copy):
        copy["TerrainShifts"][f"B{row}"] = "+"

    result = check(edit)
    assert places(result) == [
        ("missing-combination", "TerrainShifts", None, "error"),
        ("duplicate", "TerrainShifts", f"B{row}", "error"),
    ]
    assert f"already given in row {first}" in result.findings[1].message


# --- Excel's traps on this workbook ------------------------------------------------------


def test_counter_number_stored_as_text_is_a_warning(check, book):
    cell = cell_where(book["Counters"], "attack", character="simon", state="healthy")
    value = book["Counters"][cell].value

    def edit(copy):
        copy["Counters"][cell] = str(value)

    result = check(edit)
    finding = only(result)
    assert (finding.code, finding.sheet, finding.cell, finding.severity) == (
        "number-as-text",
        "Counters",
        cell,
        Severity.WARNING,
    )
    assert f"the number {value} is stored as text" in finding.message
    assert finding.value == str(value)
    assert result.ok
    simon = next(
        r
        for r in result.tables["Counters"].records
        if r["character"] == "simon" and r["state"] == "healthy"
    )
    assert simon["attack"] == value


def test_date_in_a_crt_cell_is_an_error(check, book):
    cell = cell_where(book["CRT_MslVsMtd"], "3-1", die=4)

    def edit(copy):
        copy["CRT_MslVsMtd"][cell] = datetime.datetime(2024, 3, 1)

    result = check(edit)
    finding = only(result)
    assert (finding.code, finding.sheet, finding.cell, finding.severity) == (
        "excel-date",
        "CRT_MslVsMtd",
        cell,
        Severity.ERROR,
    )
    assert finding.message.startswith("Excel turned this cell into a date (1 March 2024)")
    assert not result.ok


def test_crt_header_turned_into_a_date(check, book):
    cell = f"{column(book['CRT_InfVsInf'], '3-1')}1"

    def edit(copy):
        copy["CRT_InfVsInf"][cell] = datetime.datetime(2024, 1, 3)

    finding = only(check(edit))
    assert (finding.code, finding.sheet, finding.cell) == ("excel-date", "CRT_InfVsInf", cell)
    assert "it was probably '3-1'" in finding.message


# --- the command line --------------------------------------------------------------------


def test_cli_on_the_shipped_workbook(shipped, capsys):
    assert main(["validate", str(shipped), "--game", "darkblades"]) == 0
    assert capsys.readouterr().out == "0 errors, 0 warnings\n"


def test_cli_on_a_workbook_with_an_error(mutated, capsys, monkeypatch, tmp_path):
    path = mutated(lambda copy: copy["CRT_InfVsInf"].cell(7, 4, "Q"))
    monkeypatch.chdir(tmp_path)
    assert main(["validate", str(path), "--game", "darkblades"]) == 1
    assert capsys.readouterr().out.splitlines() == [
        "darkblades.xlsx:CRT_InfVsInf!D7: error: unknown result 'Q' "
        "(expected one of A B C D E F -)",
        "1 error, 0 warnings",
    ]


def test_cli_warnings_alone_exit_zero(mutated, capsys, monkeypatch, tmp_path, book):
    cell = cell_where(book["Counters"], "attack", character="simon", state="healthy")

    def edit(copy):
        copy["Counters"][cell] = "10"

    path = mutated(edit, name="copy.xlsx")
    monkeypatch.chdir(tmp_path)
    assert main(["validate", str(path), "--game", "darkblades"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(f"copy.xlsx:Counters!{cell}: warning: the number 10")
    assert lines[-1] == "0 errors, 1 warning"


def test_cli_json_output(mutated, capsys):
    path = mutated(lambda copy: copy["CRT_InfVsInf"].cell(7, 4, "Q"))
    assert main(["validate", str(path), "--game", "darkblades", "--format", "json"]) == 1
    items = json.loads(capsys.readouterr().out)
    assert isinstance(items, list) and len(items) == 1
    [item] = items
    assert set(item) == {
        "severity",
        "code",
        "message",
        "workbook",
        "sheet",
        "cell",
        "field",
        "value",
        "expected",
    }
    assert item["severity"] == "error"
    assert item["code"] == "unknown-value"
    assert item["message"] == "unknown result 'Q' (expected one of A B C D E F -)"
    assert item["workbook"].endswith("darkblades.xlsx")
    assert (item["sheet"], item["cell"], item["field"]) == ("CRT_InfVsInf", "D7", "2-1")
    assert item["value"] == "Q"
    assert item["expected"] == "one of A B C D E F -"


def test_cli_json_on_the_shipped_workbook_is_an_empty_list(shipped, capsys):
    assert main(["validate", str(shipped), "--game", "darkblades", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out) == []


def test_cli_sheet_option_limits_the_report(mutated, capsys):
    def edit(copy):
        copy["CRT_InfVsInf"]["D7"] = "Q"
        copy["Box"][cell_where(copy["Box"], "count", component="scenarios")] = 5

    path = mutated(edit)
    assert main(["validate", str(path), "--game", "darkblades", "--sheet", "Box"]) == 0
    out = capsys.readouterr().out
    # Box alone: the box-count check needs other sheets, and CRT_InfVsInf is not read.
    assert out == "0 errors, 0 warnings\n"
    assert main(["validate", str(path), "--game", "darkblades"]) == 1
    out = capsys.readouterr().out
    assert "CRT_InfVsInf!D7: error:" in out
    assert "the box promises exactly 5 scenarios, the data gives 4" in out
    assert out.splitlines()[-1] == "2 errors, 0 warnings"


# --- one mistake, one finding ------------------------------------------------------------


def test_reversed_die_range(check, book):
    row = row_where(book["DieTables"], table="death_spell", die_from=7, die_to=9)
    sheet = book["DieTables"]
    low, high = f"{column(sheet, 'die_from')}{row}", f"{column(sheet, 'die_to')}{row}"

    def edit(copy):
        copy["DieTables"][low] = 9
        copy["DieTables"][high] = 7

    result = check(edit)
    first = result.findings[0]
    assert (first.code, first.sheet, first.cell, first.severity) == (
        "range-reversed",
        "DieTables",
        low,
        Severity.ERROR,
    )
    assert first.message == "death_spell: range 9-7 runs backwards"
    assert all(f.message.startswith("death_spell: ") for f in result.findings)


@pytest.mark.parametrize(
    ("sheet", "header", "typo"),
    [("DieTables", "table", "tabel"), ("MissileWeapons", "weapon", "weapn")],
)
def test_misspelt_grouping_column_is_reported_without_a_crash(check, book, sheet, header, typo):
    # `tiles` groups the ranges by this column; without it the check must stand down.
    cell = f"{column(book[sheet], header)}1"

    def edit(copy):
        copy[sheet][cell] = typo

    finding = only(check(edit))
    assert (finding.code, finding.sheet, finding.cell) == ("misspelt-column", sheet, cell)
    assert f"did you mean {header!r}?" in finding.message


@pytest.mark.parametrize(
    ("sheet", "header", "typo"),
    [
        ("Forces", "character", "charcter"),  # the referring side
        ("Characters", "id", "idd"),  # the referred-to side of references()
        ("CRT_Keys", "code", "cod"),  # crt_codes_have_keys
        ("Counters", "character", "charactr"),  # counter_pieces
        ("Spells", "copies", "copie"),  # box_counts
        ("TerrainShifts", "attacker_terrain", "attacker_terain"),  # terrain_shifts_complete
    ],
)
def test_misspelt_key_column_is_reported_once(check, book, sheet, header, typo):
    # The header is the one mistake: no check should then report every row that needs it.
    cell = f"{column(book[sheet], header)}1"

    def edit(copy):
        copy[sheet][cell] = typo

    result = check(edit)
    assert places(result) == [("misspelt-column", sheet, cell, "error")], [
        f.as_text() for f in result.findings[:5]
    ]


@pytest.mark.parametrize(("header", "typo"), [("state", "helthy"), ("face", "frnt")])
def test_mistyped_counter_state_or_face_is_reported_once(check, book, header, typo):
    counters = book["Counters"]
    cell = cell_where(counters, header, character="dark_blades", state="healthy")

    def edit(copy):
        copy["Counters"][cell] = typo

    finding = only(check(edit))
    assert (finding.code, finding.sheet, finding.cell) == ("unknown-value", "Counters", cell)


def test_mistyped_die_table_name_is_not_tiled_as_a_table_of_its_own(check, book):
    cell = cell_where(book["DieTables"], "table", table="death_spell", die_from=7)

    def edit(copy):
        copy["DieTables"][cell] = "death_spel"

    result = check(edit)
    assert places(result)[0] == ("unknown-value", "DieTables", cell, "error")
    # The misspelt name is already reported; it is not a table whose 1-6 and 10 are missing.
    assert not [f.as_text() for f in result.findings if f.message.startswith("death_spel:")]
