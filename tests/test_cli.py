"""The `authoring` console script: verbs, output and exit codes, run as a user runs it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from authoring.game import get_game

AUTHORING = str(Path(sys.executable).parent / "authoring")
SHIPPED = get_game("darkblades").workbook


def run(*arguments: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([AUTHORING, *arguments], capture_output=True, text=True, cwd=cwd)


def test_games_lists_each_game_with_its_content_path():
    result = run("games")
    assert result.returncode == 0
    line = next(line for line in result.stdout.splitlines() if line.startswith("darkblades "))
    assert line.split()[1:3] == ["DARK", "BLADES"]
    assert line.split()[-1] in (str(SHIPPED), "content/darkblades/darkblades.xlsx")


def test_validate_with_no_target_validates_every_game():
    result = run("validate")
    assert result.returncode == 0
    assert "content/blade/blade.xlsx:" in result.stdout  # BLADE's three deliberate outliers
    assert result.stdout.strip().splitlines()[-1].startswith("0 errors")


def test_validate_game_by_name_as_json():
    result = run("validate", "darkblades", "--format", "json")
    assert result.returncode == 0
    assert json.loads(result.stdout) == []


@pytest.mark.parametrize(
    ("content", "message"),
    [(b"", "the file is empty"), (b"a,b\n1,2\n", "not an xlsx or ods workbook")],
)
def test_unreadable_file_exits_2_with_a_message_and_no_traceback(tmp_path, content, message):
    path = tmp_path / "darkblades.xlsx"
    path.write_bytes(content)
    result = run("validate", str(path))
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


def test_truncated_workbook_exits_2(tmp_path):
    path = tmp_path / "darkblades.xlsx"
    data = SHIPPED.read_bytes()
    path.write_bytes(data[: len(data) * 2 // 3])
    result = run("validate", str(path))
    assert result.returncode == 2
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    "arguments",
    [
        ("validate", "no-such-game"),
        ("validate", "darkblades", "--sheet", "Nope"),
        ("template", "no-such-game", "-o", "x.xlsx"),
        ("validate", "--format", "yaml"),
        ("frobnicate",),
    ],
)
def test_usage_errors_exit_2(arguments, tmp_path):
    result = run(*arguments, cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.strip()
    assert "Traceback" not in result.stderr


def test_validate_one_sheet_of_a_workbook(tmp_path):
    result = run("validate", str(SHIPPED), "--game", "darkblades", "--sheet", "Counters")
    assert result.returncode == 0
    assert result.stdout.strip() == "0 errors, 0 warnings"
