"""`authoring watch`: a round of validation and incremental build after every save.

The rounds are tested in-process on a designer's copy of a shipped workbook, with the saves
a spreadsheet program makes (a half-written file, a file missing between renames); then the
command itself runs as a subprocess, watching a real folder, until a real Ctrl-C.
"""

from __future__ import annotations

import io
import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from conftest import edited_copy, interruptible

from authoring.cli import main
from authoring.game import get_game
from authoring.render.paper import PAPERS
from authoring.target import Target, resolve
from authoring.watch import READ_ATTEMPTS, Printed, changes_the_workbook, watch_workbook

A4 = PAPERS["a4"]
AUTHORING = str(Path(sys.executable).parent / "authoring")
# A bound on each wait for the watching process: a round takes seconds on a loaded machine.
ROUND_TIMEOUT = 120.0


@pytest.fixture
def copy(tmp_path: Path) -> Target:
    game = get_game("darkblades")
    return resolve(str(edited_copy(game, tmp_path / "designer", lambda book: None)))


def saved_bytes(path: Path, edit: Callable[[Any], None]) -> bytes:
    """What the workbook at `path` is after `edit` and a save, without touching `path`."""
    book = openpyxl.load_workbook(path)
    edit(book)
    written = io.BytesIO()
    book.save(written)
    return written.getvalue()


def wider_column(book: Any) -> None:
    book["Characters"].column_dimensions["B"].width = 40  # a change that keeps every value


def rename_simon(book: Any) -> None:
    for row in book["Characters"].iter_rows(min_row=2):
        if row[0].value == "simon":
            row[1].value = "Simon of the Marches"
            return
    raise AssertionError("no simon on Characters")


# Renaming a character reprints everything but the spell cards and the maps, which read no
# Characters; the cover follows any reprint (its print list counts every file's sheets).
SIMON_REBUILT = (
    "darkblades: built 8 of 11 files (rulebook, reference, counters, scenario-1-arena, "
    "scenario-2-trouble-at-mill, scenario-3-mule-train, scenario-4-the-raid, cover); "
    "3 unchanged"
)


def test_each_save_is_a_round_and_a_half_saved_file_is_waited_for(
    copy: Target, tmp_path: Path
) -> None:
    path, out = copy.path, tmp_path / "out"
    same_values = saved_bytes(path, wider_column)
    renamed = saved_bytes(path, rename_simon)
    finish_the_save: list[Callable[[], object]] = []
    pauses: list[float] = []

    def pause(seconds: float) -> None:
        """The spreadsheet program goes on writing while the watch waits."""
        pauses.append(seconds)
        if finish_the_save:
            finish_the_save.pop()()

    def saves() -> Iterator[str]:
        # Written in place and seen half-way; the program finishes while the watch waits.
        path.write_bytes(same_values[: len(same_values) // 2])
        finish_the_save.append(lambda: path.write_bytes(same_values))
        yield "half-saved, then finished"
        # Excel between its renames: the workbook is briefly not there at all.
        path.unlink()
        finish_the_save.append(lambda: path.write_bytes(same_values))
        yield "missing, then back"
        # A save that never finishes: reported, and the watch goes on.
        path.write_bytes(renamed[:1000])
        yield "truncated for good"
        path.write_bytes(renamed)
        yield "a changed name"

    said: list[str] = []
    watch_workbook(copy, Printed(A4, out), saves(), said.append, pause=pause)

    summaries = [line for line in said if re.match(r"darkblades: built|.*waiting", line)]
    assert summaries[0] == "darkblades: built 11 of 11 files"
    assert summaries[1:3] == ["darkblades: built 0 of 11 files; 11 unchanged"] * 2
    assert "damaged or truncated" in summaries[3] or "not an xlsx" in summaries[3]
    assert summaries[3].endswith("; waiting for the next save")
    assert summaries[4] == SIMON_REBUILT
    assert len(summaries) == 5
    assert said.count(f"{copy.shown} changed") == 4
    assert len(pauses) == 1 + 1 + (READ_ATTEMPTS - 1)
    assert said[-1] == "0 errors, 0 warnings"
    assert list((out / "darkblades").glob(".*.part")) == []


def test_a_wake_up_starts_a_round_only_when_the_workbook_changed(
    copy: Target, tmp_path: Path
) -> None:
    """The watcher wakes without events too: the first round runs before it watches, so a
    save made meanwhile has no event and is found by the workbook's stamp."""
    same_values = saved_bytes(copy.path, wider_column)

    def saves() -> Iterator[set[object]]:
        yield set()  # a wake-up, nothing saved: no round
        copy.path.write_bytes(same_values)  # saved while nobody watched
        yield set()
        yield set()

    said: list[str] = []
    watch_workbook(copy, Printed(A4, tmp_path / "out"), saves(), said.append, pause=lambda s: None)
    assert said.count(f"{copy.shown} changed") == 1
    assert said[-2:] == ["darkblades: built 0 of 11 files; 11 unchanged", "0 errors, 0 warnings"]


def test_a_round_with_errors_prints_the_findings_and_builds_nothing(
    copy: Target, tmp_path: Path
) -> None:
    def unknown_code(book: Any) -> None:
        book["CRT_InfVsInf"]["D7"] = "Q"

    broken = saved_bytes(copy.path, unknown_code)

    def saves() -> Iterator[str]:
        copy.path.write_bytes(broken)
        yield "an error"

    said: list[str] = []
    watch_workbook(copy, Printed(A4, tmp_path / "out"), saves(), said.append, pause=lambda s: None)
    round_two = said[said.index(f"{copy.shown} changed") + 1 :]
    assert any(":CRT_InfVsInf!D7: error:" in line for line in round_two[0].splitlines())
    assert not any("built" in line for line in round_two)
    assert round_two[0].endswith("1 error, 0 warnings")


@pytest.mark.parametrize(
    ("name", "passes"),
    [
        ("darkblades.xlsx", True),
        ("~$darkblades.xlsx", False),  # Excel's lock file
        (".~lock.darkblades.xlsx#", False),  # LibreOffice's lock file
        ("A1B2C3D4", False),  # Excel's temporary file, renamed over the workbook when done
        ("darkblades.xlsx~", False),
        ("other.xlsx", False),
    ],
)
def test_only_the_workbook_itself_starts_a_round(tmp_path: Path, name: str, passes: bool) -> None:
    workbook = tmp_path / "darkblades.xlsx"
    is_the_workbook = changes_the_workbook(workbook)
    assert is_the_workbook("added", str(tmp_path / name)) is passes


# --- the command, watching a real folder ----------------------------------------------------


class Output:
    """The lines a running process prints, read as they come, with a bounded wait."""

    def __init__(self, stream: Any) -> None:
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, args=(stream,), daemon=True).start()

    def _read(self, stream: Any) -> None:
        for line in stream:
            self.lines.put(line.rstrip("\n"))

    def expect(self, wanted: str) -> list[str]:
        """The lines up to and including `wanted`; fails after ROUND_TIMEOUT without it."""
        deadline = time.monotonic() + ROUND_TIMEOUT
        start = len(self.seen)
        while True:
            left = deadline - time.monotonic()
            try:
                line = self.lines.get(timeout=max(left, 0.01))
            except queue.Empty:
                raise AssertionError(f"no {wanted!r} in:\n" + "\n".join(self.seen)) from None
            self.seen.append(line)
            if line == wanted:
                return self.seen[start:]


def test_watch_rebuilds_on_save_and_stops_on_ctrl_c(copy: Target, tmp_path: Path) -> None:
    path, folder = copy.path, copy.path.parent
    same_values = saved_bytes(path, wider_column)
    renamed = saved_bytes(path, rename_simon)
    watching = subprocess.Popen(
        [AUTHORING, "watch", str(path), "--out", str(tmp_path / "out")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=interruptible,
    )
    try:
        output = Output(watching.stdout)
        first = output.expect("darkblades: built 11 of 11 files")
        assert first[0].startswith("watching ")

        # Save 1, as a slow writer does it: the lock files, the workbook half written in
        # place, and a moment later the whole file renamed over it.
        lock_files = [folder / f"~${path.name}", folder / f".~lock.{path.name}#"]
        for lock in lock_files:
            lock.write_text("designer")
        path.write_bytes(same_values[: len(same_values) // 2])
        time.sleep(0.5)  # long enough for the watch to see the half-written file
        temporary = folder / "A1B2C3D4"
        temporary.write_bytes(same_values)
        os.replace(temporary, path)
        for lock in lock_files:
            lock.unlink()
        saved = output.expect("darkblades: built 0 of 11 files; 11 unchanged")
        assert not any("waiting for the next save" in line for line in saved), saved

        # Save 2: a name changed, so the kit is printed again.
        temporary.write_bytes(renamed)
        os.replace(temporary, path)
        rebuilt = output.expect(SIMON_REBUILT)
        assert sum(line.startswith("wrote ") for line in rebuilt) == 8
        output.expect("0 errors, 0 warnings")

        watching.send_signal(signal.SIGINT)
        watching.wait(timeout=ROUND_TIMEOUT)
    finally:
        if watching.poll() is None:
            watching.kill()
            watching.wait()
    assert watching.stderr is not None
    stderr = watching.stderr.read()
    assert watching.returncode == 130, stderr
    assert "interrupted" in stderr and "Traceback" not in stderr
    assert list((tmp_path / "out" / "darkblades").glob(".*.part")) == []


def test_watch_rebuilds_the_target_it_was_given(copy: Target, tmp_path: Path) -> None:
    """`watch --target press`: each round builds the press files, not the home sheets; a
    save that renames a character reprints the rulebook, whose rosters print the name."""
    renamed = saved_bytes(copy.path, rename_simon)
    rulebook = tmp_path / "out" / "darkblades" / "press-a4" / "rulebook.pdf"
    first_round: list[bytes] = []

    def saves() -> Iterator[str]:
        first_round.append(rulebook.read_bytes())
        copy.path.write_bytes(renamed)
        yield "a changed name"

    said: list[str] = []
    printed = Printed(A4, tmp_path / "out", "press")
    watch_workbook(copy, printed, saves(), said.append, pause=lambda s: None)
    built = [line for line in said if line.startswith("darkblades: built")]
    assert built == ["darkblades: built 11 of 11 files"] * 2
    assert rulebook.read_bytes() != first_round[0]
    assert not list((tmp_path / "out" / "darkblades").glob("darkblades-*.pdf"))


def test_watch_takes_asset_url_only_with_the_tts_target(
    copy: Target, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["watch", str(copy.path), "--asset-url", "https://example.org/kit/"])
    assert code == 2
    assert "--target tts" in capsys.readouterr().err
