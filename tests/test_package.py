"""The package stands on its own: a wheel installed outside the checkout builds a kit."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_a_wheel_in_a_fresh_venv_builds_a_kit_from_any_folder(tmp_path):
    wheels = tmp_path / "wheels"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "-w",
            str(wheels),
            str(ROOT),
        ],
        check=True,
        capture_output=True,
    )
    (wheel,) = wheels.glob("authoring-*.whl")
    fresh = tmp_path / "fresh"
    venv.create(fresh, with_pip=True)
    python = fresh / "bin" / "python"
    subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "--no-deps", str(wheel)],
        check=True,
        capture_output=True,
    )
    # The dependencies come from the project's venv, found after the fresh venv's own
    # site-packages, so the package itself is the wheel's and nothing of the checkout.
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    Path(site, "project-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    located = subprocess.run(
        [str(python), "-c", "import authoring; print(authoring.__file__)"],
        capture_output=True,
        text=True,
        cwd=elsewhere,
        env=environment,
    )
    assert Path(located.stdout.strip()).is_relative_to(fresh)
    result = subprocess.run(
        [str(fresh / "bin" / "authoring"), "build", "darkblades", "--out", "X"],
        capture_output=True,
        text=True,
        cwd=elsewhere,
        env=environment,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    kit = elsewhere / "X" / "darkblades"
    assert (kit / "darkblades-rulebook-a4.pdf").stat().st_size > 10_000
    listed = subprocess.run(
        [str(fresh / "bin" / "authoring"), "games"], capture_output=True, text=True, cwd=elsewhere
    )
    assert str(ROOT) not in listed.stdout
