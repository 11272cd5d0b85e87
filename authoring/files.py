"""Writing outputs so that a failure never leaves a half-written file looking complete.

Each output is written to `.<name>.<pid>.<random>.part` beside it and renamed into place, so
a reader sees the old file or the new one, never half of one. A run that is killed outright
(SIGKILL, a power cut) cannot clean up after itself; the next run that writes the same file
removes the part files whose writer is no longer running. The writer's process id is in the
name so that two runs writing into the same folder never delete each other's work.

A build draws a whole kit into a part folder beside it (`part_folder`) and moves the files
out only once all of them are drawn and checked; a part folder left by a killed run is
removed the same way as a part file.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

PART_SUFFIX = ".part"


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_atomically(path: Path, write: Callable[[Path], None]) -> None:
    """Call `write` on a temporary file beside `path`, then rename it into place."""
    path.parent.mkdir(parents=True, exist_ok=True)
    remove_stale_parts(path)
    temporary: Path | None = None
    try:
        # Inside the try: an interrupt between creating the file and writing it removes it too.
        handle, name = tempfile.mkstemp(
            prefix=_part_prefix(path), suffix=PART_SUFFIX, dir=path.parent
        )
        temporary = Path(name)
        os.close(handle)
        write(temporary)
        # mkstemp makes the file private; a finished output gets the usual permissions.
        os.chmod(temporary, 0o666 & ~_umask())
        os.replace(temporary, path)
    except BaseException:
        if temporary is not None:
            temporary.unlink(missing_ok=True)
        raise


@contextmanager
def part_folder(path: Path) -> Iterator[Path]:
    """A new empty folder beside `path`, named as its part files are, for files that are
    moved out of it only when the caller decides; removed, with whatever is left in it, on
    leaving the block."""
    path.parent.mkdir(parents=True, exist_ok=True)
    remove_stale_parts(path)
    folder = Path(tempfile.mkdtemp(prefix=_part_prefix(path), suffix=PART_SUFFIX, dir=path.parent))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _part_prefix(path: Path) -> str:
    return f".{path.name}.{os.getpid()}."


def remove_stale_parts(path: Path) -> list[Path]:
    """Remove the part files and folders of `path` left by writers no longer running."""
    if not path.parent.is_dir():
        return []
    removed = []
    for part in path.parent.glob(f".{_glob_escaped(path.name)}.*{PART_SUFFIX}"):
        if not _writer_is_running(part, path):
            if part.is_dir() and not part.is_symlink():
                shutil.rmtree(part, ignore_errors=True)
            else:
                part.unlink(missing_ok=True)
            removed.append(part)
    return removed


def _writer_is_running(part: Path, path: Path) -> bool:
    middle = part.name[len(path.name) + 2 : -len(PART_SUFFIX)]
    pid_text = middle.split(".", 1)[0]
    if not pid_text.isdigit():
        return False  # a part file from before writers named themselves: nobody owns it
    pid = int(pid_text)
    if pid == os.getpid():
        return False  # this process writes one part file at a time; any other is stale
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # alive, owned by another user
    return True


def _glob_escaped(name: str) -> str:
    return "".join(f"[{c}]" if c in "*?[]" else c for c in name)
