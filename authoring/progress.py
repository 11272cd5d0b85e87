"""Progress on stderr for work that can take seconds: a count, a rate and an estimate.

Shown only to a person watching: silent when stderr is not a terminal (pipes, CI, tests) or
when the command was given `--quiet`. tqdm draws it; every long loop goes through `tracked`.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from typing import TypeVar

from tqdm import tqdm

Item = TypeVar("Item")

_quiet = False


def set_quiet(quiet: bool) -> None:
    global _quiet
    _quiet = quiet


def shown() -> bool:
    return not _quiet and sys.stderr.isatty()


def tracked(
    items: Iterable[Item],
    label: str,
    total: int | None = None,
    sizes: Iterable[int] | None = None,
) -> Iterator[Item]:
    """`items`, counted on stderr as they are consumed: one each, or as many as `sizes` says
    (an item that stands for a chunk of runs counts its runs)."""
    if not shown():
        yield from items
        return
    if sizes is None:
        with tqdm(items, desc=label, total=total, unit="", leave=False, file=sys.stderr) as bar:
            yield from bar
        return
    with tqdm(desc=label, total=total, unit="", leave=False, file=sys.stderr) as bar:
        for item, size in zip(items, sizes, strict=True):
            bar.update(size)
            yield item
