"""The command explains itself and never ends in a traceback, whatever it is given."""

from __future__ import annotations

import fcntl
import os
import pty
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import openpyxl
import pytest
from conftest import interruptible
from msoffcrypto.format.ooxml import OOXMLFile

from authoring.findings import Severity
from authoring.game import all_games, get_game
from authoring.validate import validate_workbook

AUTHORING = str(Path(sys.executable).parent / "authoring")
GAMES = sorted(all_games())


def run(*arguments: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([AUTHORING, *arguments], capture_output=True, text=True, cwd=cwd)


def no_traceback(result: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in result.stdout + result.stderr


# --- phase 2 never meets a missing row -----------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_the_template_of_every_game_validates_without_a_traceback(game, tmp_path):
    blank = tmp_path / "blank.xlsx"
    assert run("template", game, "-o", str(blank), cwd=tmp_path).returncode == 0
    result = run("validate", str(blank), cwd=tmp_path)
    no_traceback(result)
    assert result.returncode == 1  # a blank workbook lacks every row a game needs
    assert "error" in result.stdout.splitlines()[-1]


@pytest.mark.parametrize("game", GAMES)
def test_each_sheet_emptied_in_turn_gives_findings_not_a_crash(game, tmp_path):
    shipped = get_game(game)
    for sheet_name in shipped.sheets:
        book = openpyxl.load_workbook(shipped.workbook)
        sheet = book[sheet_name]
        if sheet.max_row > 1:
            sheet.delete_rows(2, sheet.max_row - 1)
        path = tmp_path / f"{sheet_name}.xlsx"
        book.save(path)
        result = validate_workbook(path, shipped)
        assert result.findings, sheet_name
        if not result.ok:
            assert result.model is None, sheet_name
    book = openpyxl.load_workbook(shipped.workbook)
    first = book[shipped.sheets[0]]
    first.delete_rows(1, first.max_row)
    book.save(tmp_path / "blank-first.xlsx")
    assert not validate_workbook(tmp_path / "blank-first.xlsx", shipped).ok


# --- unreadable input, unwritable output ---------------------------------------------------


def test_a_password_protected_workbook_says_so(tmp_path):
    locked = tmp_path / "locked.xlsx"
    with get_game("kisscry").workbook.open("rb") as source, locked.open("wb") as target:
        OOXMLFile(source).encrypt("secret", target)
    result = run("validate", str(locked), cwd=tmp_path)
    assert result.returncode == 2
    assert "password-protected" in result.stderr
    no_traceback(result)


def test_an_output_folder_that_is_a_file_is_a_usage_error(tmp_path):
    (tmp_path / "kits").write_text("not a folder")
    result = run("build", "darkblades", "--out", "kits", cwd=tmp_path)
    assert result.returncode == 2
    assert "kits: a file, not a folder" in result.stderr
    no_traceback(result)


def test_an_output_folder_that_cannot_be_created_is_a_usage_error(tmp_path):
    (tmp_path / "blocked").write_text("a file where a folder should go")
    result = run("build", "darkblades", "--out", "blocked/kits", cwd=tmp_path)
    assert result.returncode == 2
    assert "cannot write" in result.stderr
    no_traceback(result)


def test_a_template_over_a_folder_is_a_usage_error(tmp_path):
    (tmp_path / "blank.xlsx").mkdir()
    result = run("template", "blade", "-o", "blank.xlsx", "--force", cwd=tmp_path)
    assert result.returncode == 2
    assert "is a folder" in result.stderr


def test_a_closed_stdout_ends_quietly(tmp_path):
    """`authoring check blade | head -1`: the reader leaves after one line."""
    pipeline = subprocess.run(
        f"'{AUTHORING}' validate blade darkblades kisscry | head -c 10",
        shell=True,
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert len(pipeline.stdout) == 10
    no_traceback(pipeline)
    closed = subprocess.Popen(
        [AUTHORING, "validate", "blade"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
    )
    assert closed.stdout is not None and closed.stderr is not None
    closed.stdout.close()
    error = closed.stderr.read()
    assert closed.wait() == 2
    assert "Traceback" not in error


def test_a_full_disk_for_stdout_is_reported(tmp_path):
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [AUTHORING, "validate", "blade"],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            cwd=tmp_path,
        )
    assert result.returncode == 2
    assert "No space left on device" in result.stderr
    assert "Traceback" not in result.stderr


def test_ctrl_c_exits_130_without_a_traceback(tmp_path):
    process = subprocess.Popen(
        [AUTHORING, "simulate", "darkblades", "--runs", "100000000"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
        preexec_fn=interruptible,
    )
    try:
        time.sleep(2.0)
        process.send_signal(signal.SIGINT)
        out, error = process.communicate(timeout=30)
    finally:
        process.kill()
    assert process.returncode == 130
    assert "interrupted" in error and "Traceback" not in error + out


# --- the command explains itself -----------------------------------------------------------


def test_version(tmp_path):
    result = run("--version", cwd=tmp_path)
    assert result.returncode == 0
    assert result.stdout.startswith("authoring ")


@pytest.mark.parametrize(
    "verb", ["games", "validate", "check", "simulate", "sweep", "build", "derive", "template"]
)
def test_every_option_is_described_with_its_default(verb, tmp_path):
    result = run(verb, "--help", cwd=tmp_path)
    assert result.returncode == 0
    said = " ".join(result.stdout.split())  # help wraps its lines to the terminal
    assert "--quiet" in said
    if verb in ("validate", "check", "build"):
        assert "(default: told from each workbook's content)" in said
    if verb == "build":
        assert "(default: a4)" in said and "(default: output)" in said


def test_games_game_lists_its_simulations_and_their_options(tmp_path):
    result = run("games", "biathlon", cwd=tmp_path)
    assert result.returncode == 0
    assert "simulate biathlon world_cup" in result.stdout
    assert "--bots BOT[,BOT...]" in result.stdout and "--players N" in result.stdout
    simulate_help = run("simulate", "kisscry", "--help", cwd=tmp_path)
    assert simulate_help.returncode == 0
    assert "--runs" in simulate_help.stdout and "--host COUNTRY" in simulate_help.stdout


def test_simulate_without_a_scenario_lists_the_scenarios(tmp_path):
    result = run("simulate", "blade", cwd=tmp_path)
    assert result.returncode == 2
    assert "name the blade simulation to run" in result.stderr
    assert "  m500 " in result.stderr and "  w5000 " in result.stderr


def test_a_games_own_option_is_checked_against_its_simulation(tmp_path):
    result = run("simulate", "biathlon", "world_cup", "--players", "none", cwd=tmp_path)
    assert result.returncode == 2
    assert "--players: 'none' is not a whole number" in result.stderr
    other = run("simulate", "darkblades", "arena", "--players", "3", cwd=tmp_path)
    assert other.returncode == 2
    assert "takes no options of its own" in other.stderr


def test_progress_shows_on_a_terminal_and_not_with_quiet(tmp_path):
    def stderr_on_a_terminal(*arguments: str) -> str:
        leader, follower = pty.openpty()
        # A terminal 100 columns wide: a fresh pty has none, and tqdm fits its bar to them.
        fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))
        process = subprocess.Popen(
            [AUTHORING, "simulate", "darkblades", "--runs", "80", *arguments],
            stdout=subprocess.DEVNULL,
            stderr=follower,
            cwd=tmp_path,
        )
        os.close(follower)
        seen = b""
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
        assert process.wait() == 0
        os.close(leader)
        return seen.decode(errors="replace")

    shown = stderr_on_a_terminal()
    assert "arenas" in shown and "/80" in shown
    assert stderr_on_a_terminal("--quiet") == ""


def test_messages_name_no_duplicate_problem():
    for game in GAMES:
        shipped = get_game(game)
        findings = validate_workbook(shipped.workbook, shipped).findings
        said = [(f.place, f.message) for f in findings]
        assert len(said) == len(set(said)), game
        assert not [f for f in findings if f.severity is Severity.ERROR], game
