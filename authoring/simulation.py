"""Seeded Monte Carlo: reproducible runs and the confidence interval of every estimate."""

from __future__ import annotations

import math
import os
import random
import signal
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import partial
from typing import TypeVar

from authoring.progress import set_quiet, tracked

Z_95 = 1.959964
# Chunks per worker: enough that a slow chunk does not leave the other workers idle at the
# end, few enough that sending the model and the results costs little.
CHUNKS_PER_WORKER = 4

Outcome = TypeVar("Outcome")


class OptionError(ValueError):
    """A simulation was asked for something it cannot do, e.g. an unknown bot."""


def run_rng(seed: int, run: int) -> random.Random:
    """The generator for one run: the same seed and run index give the same run anywhere,
    whatever other runs are made, so results do not depend on run order or parallelism."""
    return random.Random(f"{seed}/{run}")


def all_cores() -> int:
    """The processors this process may run on: the default number of workers."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def run_all(
    play: Callable[[int], Outcome], runs: int, *, workers: int = 1, label: str = "runs"
) -> Iterator[Outcome]:
    """`play(run)` for run 0, 1, ... `runs` - 1, yielded in run order.

    With several workers, chunks of consecutive runs are played in worker processes. Every run
    draws from its own generator (`run_rng`), and the outcomes come back in run order, so
    whatever adds them up gets the same figures, to the last digit, whatever the number of
    workers. `play` must be picklable (a module-level function, or a `partial` of one) and
    its outcomes small: they travel back between processes.
    """
    if workers <= 1 or runs <= 1:
        yield from map(play, tracked(range(runs), label, total=runs))
        return
    size = max(1, math.ceil(runs / (workers * CHUNKS_PER_WORKER)))
    chunks = [range(start, min(runs, start + size)) for start in range(0, runs, size)]
    pool = ProcessPoolExecutor(workers, initializer=_quiet_worker)
    try:
        played = pool.map(partial(_play_chunk, play), chunks)
        counted = tracked(_each_run(played), label, total=runs)
        yield from counted
    finally:
        # On Ctrl-C or an error, runs not yet started are dropped rather than waited for.
        pool.shutdown(wait=True, cancel_futures=True)


def _quiet_worker() -> None:
    """A worker leaves progress and Ctrl-C to the main process, which reports both once."""
    set_quiet(True)
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play_chunk(play: Callable[[int], Outcome], chunk: range) -> list[Outcome]:
    return [play(run) for run in chunk]


def _each_run(chunks: Iterator[list[Outcome]]) -> Iterator[Outcome]:
    for chunk in chunks:
        yield from chunk


@dataclass(frozen=True)
class Proportion:
    """A probability estimated from `hits` out of `runs`, with its Wilson 95% interval."""

    hits: int
    runs: int

    @property
    def value(self) -> float:
        return self.hits / self.runs if self.runs else math.nan

    @property
    def interval(self) -> tuple[float, float]:
        if not self.runs:
            return (math.nan, math.nan)
        n, p = self.runs, self.hits / self.runs
        centre = (p + Z_95**2 / (2 * n)) / (1 + Z_95**2 / n)
        half = Z_95 * math.sqrt(p * (1 - p) / n + Z_95**2 / (4 * n * n)) / (1 + Z_95**2 / n)
        return (max(0.0, centre - half), min(1.0, centre + half))

    def __str__(self) -> str:
        low, high = self.interval
        return f"{self.value:.3f} [{low:.3f}, {high:.3f}] n={self.runs}"

    def as_dict(self) -> dict[str, float | int]:
        low, high = self.interval
        return {"p": self.value, "low": low, "high": high, "hits": self.hits, "n": self.runs}


@dataclass(frozen=True)
class Mean:
    """The mean of sampled values with its normal-approximation 95% interval."""

    value: float
    sd: float
    runs: int

    @classmethod
    def of(cls, values: Sequence[float]) -> Mean:
        n = len(values)
        mean = sum(values) / n if n else math.nan
        spread = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
        return cls(mean, spread, n)

    @property
    def interval(self) -> tuple[float, float]:
        half = Z_95 * self.sd / math.sqrt(self.runs) if self.runs else math.nan
        return (self.value - half, self.value + half)

    def __str__(self) -> str:
        low, high = self.interval
        return f"{self.value:.2f} [{low:.2f}, {high:.2f}] n={self.runs}"

    def as_dict(self) -> dict[str, float | int]:
        low, high = self.interval
        return {"mean": self.value, "sd": self.sd, "low": low, "high": high, "n": self.runs}
