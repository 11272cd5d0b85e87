"""Writing outputs so that a failure never leaves a half-written file looking complete."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_atomically(path: Path, write: Callable[[Path], None]) -> None:
    """Call `write` on a temporary file beside `path`, then rename it into place."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    os.close(handle)
    try:
        write(Path(temporary))
        # mkstemp makes the file private; a finished output gets the usual permissions.
        os.chmod(temporary, 0o666 & ~_umask())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
