"""`authoring sweep` (issue 16): variants of a designer's workbook, each validated and
simulated on a Dask cluster, reproducing `simulate` on each variant by hand; a broken
variant reported at its cell; the same figures whatever runs them; a resumed sweep; the
best variant's workbook; plots. Every sweep here plays BIATHLON BLAST's Kurz trail."""

from __future__ import annotations

import json
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import openpyxl
import pytest
from conftest import interruptible

from authoring.game import get_game
from authoring.runners import Cluster, InProcess, Processes
from authoring.sweep import Job, SweepError, read_sweep, run_sweep, variants
from authoring.workbook import read_workbook

AUTHORING = str(Path(sys.executable).parent / "authoring")
BIATHLON = get_game("biathlon")
EXAMPLE = BIATHLON.content / "sweep-kopriva-flat.toml"
RUNS = 12
SWEEP = """
simulation = "wolfsheim_kurz"
[options]
players = 3

[[vary]]
sheet = "Cards"
column = "top_flat"
where = { id = "kopriva_vltava" }
values = [1, 4]

[[vary]]
sheet = "Biathletes"
column = "flat"
where = { id = "kopriva" }
values = [0, 3, 4]

[[figure]]
name = "Kopřiva wins"
table = "win rate per biathlete"
row = "Ondřej Kopřiva"
column = "P(win)"
"""


@pytest.fixture
def designer_copy(tmp_path: Path) -> Path:
    """The shipped workbook as a designer keeps it: a copy under a name of their own."""
    copy = tmp_path / "my roster (2).xlsx"
    shutil.copy(BIATHLON.workbook, copy)
    return copy


def written(tmp_path: Path, text: str, name: str = "what-if.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def sweep_cli(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([AUTHORING, "sweep", *arguments], capture_output=True, text=True)


def test_a_sweep_reproduces_simulate_on_each_variant_by_hand(designer_copy, tmp_path):
    """Issue 16: "a sweep over a small grid reproduces the figures of running `simulate` on
    each variant by hand"; "a variant that breaks a table is reported at its cell and
    skipped, not simulated". The designer edits each variant's cells in a copy with
    openpyxl and runs `simulate` with the seed the sweep printed for it."""
    plan = written(tmp_path, SWEEP)
    result = sweep_cli(
        str(designer_copy), str(plan), "--runs", str(RUNS), "--workers", "2",
        "--out-dir", str(tmp_path / "out"), "--format", "json", "-q",
    )  # fmt: skip
    assert result.returncode == 1, result.stderr  # variants with flat 4 have an error
    report = json.loads(result.stdout)
    (table, skipped) = report["figures"]
    assert [row[:3] for row in table["rows"]] == [[1, 1, 0], [2, 1, 3], [4, 4, 0], [5, 4, 3]]
    assert [row[:3] for row in skipped["rows"]] == [[3, 1, 4], [6, 4, 4]]
    book = openpyxl.load_workbook(designer_copy)
    flat_cell = next(
        f"G{row[0].row}"
        for row in book["Biathletes"].iter_rows(min_row=2)
        if row[0].value == "kopriva"
    )
    assert [(f["sheet"], f["cell"], f["value"]) for f in report["findings"]] == [
        ("Biathletes", flat_cell, 4),
        ("Biathletes", flat_cell, 4),
    ]
    assert all(f["workbook"].endswith(("[variant 3]", "[variant 6]")) for f in report["findings"])

    card_cell = next(
        f"J{row[0].row}"
        for row in book["Cards"].iter_rows(min_row=2)
        if row[0].value == "kopriva_vltava"
    )
    for number, top_flat, flat, value, low, high, n, seed in table["rows"]:
        by_hand = openpyxl.load_workbook(designer_copy)
        by_hand["Cards"][card_cell] = top_flat
        by_hand["Biathletes"][flat_cell] = flat
        variant_book = tmp_path / f"variant {number}.xlsx"
        by_hand.save(variant_book)
        simulated = subprocess.run(
            [AUTHORING, "simulate", str(variant_book), "wolfsheim_kurz", "--players", "3",
             "--runs", str(RUNS), "--seed", str(seed), "--workers", "1", "--format", "json"],
            capture_output=True, text=True,
        )  # fmt: skip
        assert simulated.returncode == 0, simulated.stderr
        rates = json.loads(simulated.stdout)["figures"][0]
        (kopriva,) = [row for row in rates["rows"] if row[0] == "Ondřej Kopřiva"]
        assert kopriva[1]["p"] == value and (kopriva[1]["low"], kopriva[1]["high"]) == (low, high)
        assert kopriva[1]["n"] == n


def test_a_dask_local_cluster_gives_the_figures_of_one_process(tmp_path):
    """Issue 16: "a Dask LocalCluster started and closed by the test, with results identical
    to one worker"; a pool of processes behind the same interface agrees too."""
    plan = read_sweep(written(tmp_path, SWEEP))
    raw = read_workbook(BIATHLON.workbook)
    made = variants(plan, raw)
    job = Job(
        "biathlon", raw, "biathlon.xlsx", "wolfsheim_kurz", (("players", 3),), RUNS, 7, plan.figures
    )
    alone = run_sweep(plan, job, made, InProcess(), None).outcomes
    with Cluster(2) as cluster:
        assert cluster.workers == 2
        on_dask = run_sweep(plan, job, made, cluster, None).outcomes
    pooled = run_sweep(plan, job, made, Processes(2), None).outcomes
    assert on_dask == alone == pooled
    assert [o.number for o in alone] == [1, 2, 3, 4, 5, 6]
    assert [bool(o.errors) for o in alone] == [False, False, True, False, False, True]


def test_an_interrupted_sweep_resumes_from_its_finished_variants(tmp_path):
    """Issue 16: "an interrupted sweep resumes from its finished variants (results cached per
    variant hash)"; `--format json` holds no timings, so the same seed prints the same bytes."""
    plan = written(tmp_path, SWEEP)
    out = tmp_path / "out"
    common = ("biathlon", str(plan), "--runs", str(RUNS), "--out-dir", str(out), "--format", "json")
    first = sweep_cli(*common, "--workers", "2")
    cached = sorted((out / "cache").glob("*.json"))
    assert len(cached) == 6 and "6 variants played, 0 from the cache" in first.stderr
    cached[0].unlink()  # as if the sweep had been stopped before that variant finished
    second = sweep_cli(*common, "--workers", "1")
    assert "1 variants played, 5 from the cache" in second.stderr
    assert second.stdout == first.stdout
    assert (out / "what-if.json").read_text() == first.stdout


def test_the_best_variant_is_written_as_a_workbook_and_the_input_never(designer_copy, tmp_path):
    """Issue 16: "an annotated workbook of the best variant on request (`--best "FIGURE
    min|max" -o BEST.xlsx`)": its changed cells carry the new values and a note of why."""
    plan = written(tmp_path, SWEEP.replace("values = [0, 3, 4]", "values = [0, 3]"))
    before = designer_copy.read_bytes()
    best = tmp_path / "best.xlsx"
    result = sweep_cli(
        str(designer_copy), str(plan), "--runs", str(RUNS), "--workers", "1",
        "--out-dir", str(tmp_path / "out"), "--format", "json",
        "--best", "Kopřiva wins max", "-o", str(best),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    rows = json.loads(result.stdout)["figures"][0]["rows"]
    winner = max(rows, key=lambda row: (row[3], -row[0]))
    book = openpyxl.load_workbook(best)
    (card,) = [r for r in book["Cards"].iter_rows(min_row=2) if r[0].value == "kopriva_vltava"]
    (skier,) = [r for r in book["Biathletes"].iter_rows(min_row=2) if r[0].value == "kopriva"]
    assert (card[9].value, skier[6].value) == (winner[1], winner[2])
    assert card[9].comment is not None and "greatest Kopřiva wins" in card[9].comment.text
    assert skier[6].comment is not None and f"(variant {winner[0]})" in skier[6].comment.text
    assert designer_copy.read_bytes() == before
    again = sweep_cli(
        str(designer_copy), str(plan), "--best", "Kopřiva wins max", "-o", str(designer_copy)
    )
    assert again.returncode == 2 and "never written over" in again.stderr
    alone = sweep_cli("biathlon", str(plan), "-o", str(tmp_path / "x.xlsx"))
    assert alone.returncode == 2 and "give --best too" in alone.stderr


def test_each_figure_gets_a_png_and_a_reproducible_pdf(tmp_path):
    plan = written(tmp_path, SWEEP.replace("values = [0, 3, 4]", "values = [0, 3]"))
    pdfs = []
    for run in ("a", "b"):
        out = tmp_path / run
        result = sweep_cli(
            "biathlon", str(plan), "--runs", str(RUNS), "--workers", "1", "--out-dir", str(out)
        )
        assert result.returncode == 0, result.stderr
        png = out / "what-if-kopriva-wins.png"
        assert png.read_bytes().startswith(b"\x89PNG")
        pdfs.append((out / "what-if-kopriva-wins.pdf").read_bytes())
    assert pdfs[0] == pdfs[1] and pdfs[0].startswith(b"%PDF")


NO_COLUMN = SWEEP.replace('column = "flat"', 'column = "flatness"')
NO_ROW = SWEEP.replace('id = "kopriva" }', 'id = "nobody" }')
NO_FIGURE = SWEEP.replace('row = "Ondřej Kopřiva"', 'row = "Nobody"')


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("simulation = [", "not a TOML sweep file"),
        (NO_COLUMN, "vary 2: sheet 'Biathletes' has no column 'flatness'"),
        (NO_ROW, "vary 2: no row of sheet 'Biathletes' has id = 'nobody'"),
        (SWEEP.replace("values = [1, 4]", "range = [4, 1, 1]"), "vary 1: range = [from, to, step]"),
        (NO_FIGURE, "no wolfsheim_kurz report cell for figure(s) Kopřiva wins"),
        (SWEEP.replace("players = 3", 'players = "many"'), "wolfsheim_kurz"),
        ("whatever = 1\n" + SWEEP, "unknown key(s) whatever"),
        (SWEEP + "\nwhatever = 1\n", "figure 1: unknown key(s) whatever"),
    ],
)
def test_a_sweep_file_that_cannot_be_used_is_named_with_the_entry_at_fault(tmp_path, text, message):
    plan = written(tmp_path, text)
    result = sweep_cli(
        "biathlon", str(plan), "--runs", "4", "--workers", "1", "--out-dir", str(tmp_path / "out")
    )
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_add_varies_every_cell_of_a_column_by_an_offset(tmp_path):
    """A column without `where`: every row, each cell its own value plus the offset
    ("what if every goalie's green number drops by one")."""
    plan = read_sweep(
        written(
            tmp_path,
            SWEEP.replace('where = { id = "kopriva" }\nvalues = [0, 3, 4]', "add = [-1, 0]"),
        )
    )
    raw = read_workbook(BIATHLON.workbook)
    made = variants(plan, raw)
    assert len(made) == 4
    flats = [row[6] for row in raw.sheets["Biathletes"].rows[1:]]
    lowered = [c for c in made[0].changes if c.sheet == "Biathletes"]
    assert [c.after for c in lowered] == [int(v) - 1 for v in flats]
    assert [c.cell for c in lowered] == [f"G{row}" for row in range(2, 2 + len(flats))]


def test_the_shipped_example_sweeps_kopriva_s_card_and_his_flat_rating():
    plan = read_sweep(EXAMPLE)
    made = variants(plan, read_workbook(BIATHLON.workbook))
    assert len(made) == 12 and plan.simulation == "wolfsheim_kurz"
    assert {w.name for w in plan.figures} == {"Kopřiva wins", "Olsson wins"}


def test_a_missing_sweep_file_is_a_sweep_error(tmp_path):
    with pytest.raises(SweepError, match="no such sweep file"):
        read_sweep(tmp_path / "none.toml")


def test_a_sweep_workbook_is_the_toml_sweep_in_rows(tmp_path):
    """Issue 16: `SWEEP.xlsx|SWEEP.toml`: a designer who keeps the sweep in Excel writes the
    same entries as rows, and gets the same variants and figures."""
    book = openpyxl.Workbook()
    settings = book.active
    assert settings is not None
    settings.title = "Sweep"
    for row in (("setting", "value"), ("simulation", "wolfsheim_kurz"), ("players", 3)):
        settings.append(row)
    vary = book.create_sheet("Vary")
    vary.append(("sheet", "column", "cell", "where", "values", "range", "add"))
    vary.append(("Cards", "top_flat", None, "id = kopriva_vltava", "1, 4", None, None))
    vary.append(("Biathletes", "flat", None, "id=kopriva", "0,3,4", None, None))
    figures = book.create_sheet("Figures")
    figures.append(("name", "table", "row", "column"))
    figures.append(("Kopřiva wins", "win rate per biathlete", "Ondřej Kopřiva", "P(win)"))
    as_rows = tmp_path / "what-if.xlsx"
    book.save(as_rows)
    from_rows, from_toml = read_sweep(as_rows), read_sweep(written(tmp_path, SWEEP))
    assert (from_rows.simulation, from_rows.options) == (from_toml.simulation, from_toml.options)
    assert from_rows.figures == from_toml.figures
    raw = read_workbook(BIATHLON.workbook)
    assert variants(from_rows, raw) == variants(from_toml, raw)

    vary["D3"] = "kopriva"
    book.save(as_rows)
    with pytest.raises(SweepError, match="Vary row 3: where = 'header = value'"):
        read_sweep(as_rows)


def test_a_running_scheduler_plays_the_sweep_with_the_same_figures(tmp_path):
    """Issue 16: `--scheduler tcp://HOST:PORT` runs the same sweep on a Dask cluster's
    workers; a scheduler that is not there is a clear message, exit 2."""
    from distributed import LocalCluster

    plan = written(tmp_path, SWEEP.replace("values = [0, 3, 4]", "values = [0, 3]"))
    common = ("biathlon", str(plan), "--runs", str(RUNS), "--format", "json")
    here = sweep_cli(*common, "--workers", "1", "--out-dir", str(tmp_path / "here"))
    with LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as cluster:
        address = cluster.scheduler_address
        assert address.startswith("tcp://")
        there = sweep_cli(*common, "--scheduler", address, "--out-dir", str(tmp_path / "there"))
    assert there.returncode == here.returncode == 0, there.stderr
    assert there.stdout == here.stdout
    gone = sweep_cli(*common, "--scheduler", address, "--out-dir", str(tmp_path / "gone"))
    assert gone.returncode == 2 and f"cannot reach the Dask scheduler {address}" in gone.stderr
    assert "Traceback" not in gone.stderr


def test_ctrl_c_stops_a_sweep_whose_finished_variants_the_next_run_takes_up(tmp_path):
    """Issue 16: "an interrupted sweep resumes from its finished variants": Ctrl-C exits 130
    with no traceback and no table left looking complete; the next run plays only the rest."""
    out = tmp_path / "out"
    common = ("biathlon", str(EXAMPLE), "--runs", "150", "--out-dir", str(out), "--format", "json")
    process = subprocess.Popen(
        [AUTHORING, "sweep", *common, "--workers", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=interruptible,
    )
    try:
        started = time.monotonic()
        while len(list((out / "cache").glob("*.json"))) < 2 and time.monotonic() - started < 60:
            time.sleep(0.05)
        process.send_signal(signal.SIGINT)
        printed, said = process.communicate(timeout=60)
    finally:
        process.kill()
    assert process.returncode == 130, said
    assert "interrupted" in said and "Traceback" not in said + printed
    assert not (out / "sweep-kopriva-flat.json").exists()
    finished = len(list((out / "cache").glob("*.json")))
    assert 2 <= finished < 12
    resumed = sweep_cli(*common, "--workers", "2")
    assert resumed.returncode == 0, resumed.stderr
    assert f"{12 - finished} variants played, {finished} from the cache" in resumed.stderr
