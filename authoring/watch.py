"""`authoring watch`: validate and rebuild a workbook's kit every time the designer saves it.

Each round is an incremental build (`authoring.build`): the findings, a `wrote PATH` line
per file rewritten and `built 3 of 21 files (…); 18 unchanged`. Saving the workbook
unchanged rewrites nothing.

A save is not one event. Excel writes a lock file (`~$name.xlsx`) and a temporary file, then
renames the temporary file over the workbook; LibreOffice keeps `.~lock.name.xlsx#`; a sync
tool may write the workbook in place, so for a moment it is a truncated zip. The folder is
watched for the workbook's own name only, and a workbook that cannot be read yet (missing
between Excel's renames, or truncated) is read again a few times before the problem is
reported; the watch then goes on waiting for the next save.

Whether a round is due is decided by the workbook's file stamp (inode, size, times), not by
the events alone: the first round runs before the watcher starts, so a save made meanwhile
has no event, and the watcher wakes up every `IDLE_SECONDS` to compare the stamp.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from authoring.build import build_game
from authoring.components import HOME
from authoring.findings import render_text
from authoring.target import Target, UnknownWorkbook, resolve
from authoring.workbook import UnreadableWorkbook

if TYPE_CHECKING:  # the paper sizes import reportlab, which only drawing needs
    from authoring.render.paper import Paper

# A spreadsheet program finishes a save within a second or two; reading again at this pace
# for this many times covers that without making a reported problem wait long.
RETRY_SECONDS = 0.25
READ_ATTEMPTS = 8
# How often the watcher wakes without an event to compare the workbook's stamp (see above).
IDLE_SECONDS = 0.5

# What a file's stamp is made of; None for a file that is not there.
Stamp = tuple[int, int, int, int] | None


def stamp(path: Path) -> Stamp:
    try:
        status = os.stat(path)
    except FileNotFoundError:
        return None
    return (status.st_ino, status.st_size, status.st_mtime_ns, status.st_ctime_ns)


def workbook_saves(path: Path) -> Iterator[object]:
    """One item per batch of changes to the workbook file itself, and an empty one every
    `IDLE_SECONDS` without any, until interrupted.

    The workbook's folder is watched, not the file: a save that renames a new file over the
    old one would end a watch on the old file.
    """
    from watchfiles import watch  # loaded only by the command that watches

    return watch(
        path.resolve().parent,
        watch_filter=changes_the_workbook(path),
        recursive=False,
        rust_timeout=int(IDLE_SECONDS * 1000),
        yield_on_timeout=True,
    )


def changes_the_workbook(path: Path) -> Callable[[object, str], bool]:
    """A filter passing changes to the workbook itself, not to the lock and temporary files
    that spreadsheet programs write beside it while saving."""
    workbook = path.resolve()

    def is_the_workbook(_change: object, changed: str) -> bool:
        return Path(changed).resolve() == workbook

    return is_the_workbook


@dataclass(frozen=True)
class Printed:
    """What each round builds: the kit on `paper` into `out_dir`, for `print_target`
    (`build --target`), Tabletop Simulator's images named under `asset_url`."""

    paper: Paper
    out_dir: Path
    print_target: str = HOME
    asset_url: str | None = None


def watch_workbook(
    target: Target,
    printed: Printed,
    saves: Iterable[object],
    say: Callable[[str], None],
    *,
    pause: Callable[[float], None] = time.sleep,
) -> None:
    """Build once, then again whenever the workbook's stamp has changed when an item of
    `saves` (a batch of changes, or a wake-up) comes, saying what each round found."""
    say(f"watching {target.shown} for saves; Ctrl-C stops")
    last = rebuild(target, printed, say, pause=pause)
    for _batch in saves:
        if stamp(target.path) == last:
            continue
        say(f"{target.shown} changed")
        last = rebuild(target, printed, say, pause=pause)


def rebuild(
    target: Target,
    printed: Printed,
    say: Callable[[str], None],
    *,
    pause: Callable[[float], None] = time.sleep,
) -> Stamp:
    """One round: the workbook read again (its title may have changed with it), validated
    and built incrementally. Returns the stamp of the file the round read (or last failed
    to read), so a save during the round starts another."""
    attempts_left = READ_ATTEMPTS
    while True:
        read = stamp(target.path)
        try:
            current = resolve(str(target.path), target.game.name)
            result = build_game(
                current,
                printed.paper,
                printed.out_dir,
                printed.print_target,
                printed.asset_url,
            )
        except (UnreadableWorkbook, UnknownWorkbook) as problem:
            attempts_left -= 1
            if not attempts_left:
                say(f"{problem}; waiting for the next save")
                return read
            pause(RETRY_SECONDS)
            continue
        for line in result.lines():
            say(line)
        say(render_text(result.findings))
        return read
