"""Benchmark: validate a generated 100,000-row x 10-column Counters sheet end to end.

Prints wall seconds and peak memory (max RSS) of `authoring validate` on the file (and on
the same sheet saved as .ods by LibreOffice, when soffice is installed), a
breakdown of where our time goes, and the same figures for `frictionless validate` with an
equivalent Table Schema derived from our JSON Schema. Run with `make bench`.

Each tool runs in its own process. A child's peak RSS counts its parent's memory from before
it started the program, so the measuring process imports nothing but the standard library;
generating the file and timing the stages happen in a child (`validate_100k.py prepare`).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROWS = 100_000
SHEET = "Counters"
FLAW_EVERY = 100  # the flawed copy: 1% of rows fail their schema
DATA = Path(__file__).parent / "data"
STATES = (
    ("healthy", "foot_1", "front", 10, 6, 6),
    ("stunned", "foot_1", "back", None, 2, None),
    ("wounded", "foot_2", "front", 5, 3, 3),
    ("dead", "foot_2", "back", None, None, None),
    ("mounted", "mounted_1", "front", 12, 7, 16),
    ("riderless_horse", "mounted_1", "back", None, None, None),
    ("mounted_wounded", "mounted_2", "front", 6, 4, 8),
    ("dead_horse", "mounted_2", "back", None, None, None),
)


def generate(path: Path, schema: Any, bad_every: int = 0) -> None:
    """Write the sheet; with `bad_every`, every such row has an attack out of range."""
    from openpyxl import Workbook

    book = Workbook(write_only=True)
    sheet = book.create_sheet(SHEET)
    sheet.append(list(schema.fields))
    for index in range(ROWS):
        state, piece, face, attack, defence, movement = STATES[index % len(STATES)]
        weapon = "shortbow" if state in ("healthy", "wounded") and index % 5 == 0 else None
        note = f"generated counter {index}" if index % 3 == 0 else None
        if bad_every and index % bad_every == 0:
            attack = 99
        sheet.append(
            [
                f"c{index // len(STATES):05d}",
                state,
                piece,
                face,
                attack,
                defence,
                movement,
                weapon,
                None,
                note,
            ]
        )
    book.save(path)


def table_schema(schema: Any) -> dict[str, object]:
    """The frictionless Table Schema equivalent of our JSON Schema for the sheet."""
    fields = []
    for spec in schema.fields.values():
        kind = "integer" if "integer" in spec.types else "string"
        constraints: dict[str, object] = {"required": not spec.nullable}
        if spec.enum is not None:
            constraints["enum"] = [v for v in spec.enum if v is not None]
        for keyword in ("minimum", "maximum"):
            if keyword in spec.schema:
                constraints[keyword] = spec.schema[keyword]
        fields.append({"name": spec.name, "type": kind, "constraints": constraints})
    return {"fields": fields}


def measure(command: list[str]) -> tuple[float, float, int, str]:
    """Wall seconds, peak RSS in MB, exit code and output of one process."""
    start = time.perf_counter()
    with tempfile.TemporaryFile() as output:
        process = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT)
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - start
        output.seek(0)
        text = output.read().decode(errors="replace")
    return seconds, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status), text


def prepare(path: Path, flawed: Path) -> None:
    """Generate the file and its frictionless schema, then time our stages one by one."""
    from authoring.game import get_game
    from authoring.tables import tabulate
    from authoring.workbook import read_workbook

    game = get_game("darkblades")
    schema = game.schemas[SHEET]
    if not path.exists():
        print(f"generating {path} ...", flush=True)
        generate(path, schema)
    if not flawed.exists():
        print(f"generating {flawed} ...", flush=True)
        generate(flawed, schema, bad_every=FLAW_EVERY)
    (DATA / "counters.schema.json").write_text(json.dumps(table_schema(schema), indent=1))
    print(f"{ROWS:,} rows x {len(schema.fields)} columns, {path.stat().st_size / 1e6:.1f} MB")
    print("authoring validate, stage by stage (in one process):")
    start = time.perf_counter()
    raw = read_workbook(path)
    read = time.perf_counter()
    sheet, findings = tabulate(raw.sheets[SHEET], schema, str(path), 1)
    tabulated = time.perf_counter()
    invalid = sum(1 for record in sheet.records if not schema.is_valid(record.values))
    checked = time.perf_counter()
    checks = [c for c in game.checks if c.sheets == (SHEET,)]
    semantic = sum(len(list(c.run({SHEET: sheet}))) for c in checks)
    done = time.perf_counter()
    print(f"  read (calamine + XML scan)  {read - start:6.2f} s")
    print(f"  records + Excel traps       {tabulated - read:6.2f} s  ({len(findings)} findings)")
    print(f"  schema, jsonschema-rs       {checked - tabulated:6.2f} s  ({invalid} invalid rows)")
    print(
        f"  {len(checks)} semantic checks          {done - checked:6.2f} s  ({semantic} findings)"
    )


def saved_as_ods(path: Path) -> Path | None:
    """The sheet saved as .ods by LibreOffice (headless), made once; None without soffice."""
    ods = path.with_suffix(".ods")
    soffice = shutil.which("soffice")
    if not ods.exists() and soffice is not None:
        print(f"saving {path.name} as .ods with LibreOffice ...", flush=True)
        with tempfile.TemporaryDirectory() as profile:
            subprocess.run(
                [soffice, "--headless", f"-env:UserInstallation=file://{profile}",
                 "--convert-to", "ods", "--outdir", str(path.parent), str(path)],
                check=True, capture_output=True,
            )  # fmt: skip
    if not ods.exists():
        print("LibreOffice (soffice) is not installed; the .ods timing is skipped")
        return None
    return ods


def main() -> int:
    DATA.mkdir(exist_ok=True)
    path, flawed = DATA / "counters_100k.xlsx", DATA / "counters_100k_flawed.xlsx"
    scripts = Path(sys.executable).parent
    subprocess.run([sys.executable, __file__, "prepare"], check=True)
    ours = [
        str(scripts / "authoring"),
        "validate",
        str(path),
        "--game",
        "darkblades",
        "--sheet",
        SHEET,
    ]
    results = {"authoring validate": measure(ours)}
    flawed_run = measure([*ours[:2], str(flawed), *ours[3:]])
    ods = saved_as_ods(path)
    if ods is not None:
        results["authoring validate .ods"] = measure([*ours[:2], str(ods), *ours[3:]])
        print(f"the same sheet as .ods (LibreOffice): {ods.stat().st_size / 1e6:.1f} MB")
    frictionless = shutil.which("frictionless", path=str(scripts))
    if frictionless:
        # frictionless reports every blank trailing cell of an xlsx row as a missing cell and
        # stops after 1,000 errors; skipping that error type makes it read the whole sheet.
        results["frictionless validate"] = measure(
            [
                frictionless,
                "validate",
                str(path),
                "--sheet",
                SHEET,
                "--header-rows",
                "1",
                "--skip-errors",
                "missing-cell",
                "--trusted",
                "--schema",
                str(DATA / "counters.schema.json"),
            ]
        )
    else:
        print("frictionless is not installed (pip install '.[bench]'); comparison skipped")
    print(f"{'tool':<24}{'seconds':>9}{'peak MB':>9}{'exit':>6}")
    for name, (seconds, megabytes, code, _) in results.items():
        print(f"{name:<24}{seconds:>9.2f}{megabytes:>9.0f}{code:>6}")
    seconds, megabytes, code, output = flawed_run
    verdict = output.strip().splitlines()[-1]
    print(
        f"authoring validate with 1% of rows wrong: {seconds:.2f} s, {megabytes:.0f} MB, "
        f"exit {code}, {verdict}"
    )
    ours_seconds = results["authoring validate"][0]
    if "frictionless validate" in results:
        theirs = results["frictionless validate"][0]
        print(f"speed-up over frictionless: {theirs / ours_seconds:.1f}x")
    for name, (*_, output) in results.items():
        words = set(output.split())
        verdict = next((w for w in ("INVALID", "VALID") if w in words), None)
        lines = output.strip().splitlines()
        print(f"{name} verdict: {verdict or (lines[-1] if lines else '(no output)')}")
    return 0


if __name__ == "__main__":
    if sys.argv[1:] == ["prepare"]:
        prepare(DATA / "counters_100k.xlsx", DATA / "counters_100k_flawed.xlsx")
    else:
        sys.exit(main())
