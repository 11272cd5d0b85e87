"""Seeded Monte Carlo: reproducible runs and the confidence interval of every estimate."""

from __future__ import annotations

import math
import os
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from statistics import NormalDist
from typing import TypeVar

from authoring.progress import tracked
from authoring.runners import InProcess, runner_for


def z_for(confidence: float) -> float:
    """The normal quantile a two-sided interval of this confidence reaches out to."""
    return NormalDist().inv_cdf(0.5 + confidence / 2)


Z_95 = z_for(0.95)
# Chunks per worker: enough that a slow chunk does not leave the other workers idle at the
# end, few enough that sending the model and the results costs little.
CHUNKS_PER_WORKER = 4
# And no chunk so long that Ctrl-C, progress or memory waits on it.
LONGEST_CHUNK = 500

Outcome = TypeVar("Outcome")
Part = TypeVar("Part")


class OptionError(ValueError):
    """A simulation was asked for something it cannot do, e.g. an unknown bot."""


def run_rng(seed: int, run: int) -> random.Random:
    """The generator for one run: the same seed and run index give the same run anywhere,
    whatever other runs are made, so results do not depend on run order or parallelism."""
    return random.Random(f"{seed}/{run}")


def all_cores() -> int:
    """The processors this process may run on: the default number of workers."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def run_chunks(
    play_chunk: Callable[[range], Part],
    runs: int | range,
    *,
    workers: int = 1,
    label: str = "runs",
) -> Iterator[Part]:
    """`play_chunk(chunk)` for consecutive chunks of runs 0 .. `runs` - 1 (or of a range of
    run numbers), yielded in run order.

    The chunks run on `workers` local processes (`authoring.runners`). Every run
    draws from its own generator (`run_rng`) and the parts come back in run order, so a
    caller that adds them up in that order (counts summed, lists of values joined) gets the
    same figures, to the last digit, whatever the number of workers. A part is best a chunk's tally,
    small to send back; the tallying is then shared out too, which matters when a run is
    cheap. `play_chunk` must be picklable (a module-level function, or a `partial` of one):
    each worker is handed it (and the game it holds) once, then only ranges of run numbers.
    """
    runner = runner_for(workers)
    numbers = range(runs) if isinstance(runs, int) else runs
    per_worker = runner.workers * CHUNKS_PER_WORKER
    size = max(1, min(LONGEST_CHUNK, math.ceil(len(numbers) / per_worker)))
    chunks = [numbers[start : start + size] for start in range(0, len(numbers), size)]
    if len(chunks) <= 1:
        runner = InProcess()
    played = runner.ordered(play_chunk, chunks)
    yield from tracked(played, label, total=len(numbers), sizes=map(len, chunks))


def run_all(
    play: Callable[[int], Outcome], runs: int | range, *, workers: int = 1, label: str = "runs"
) -> Iterator[Outcome]:
    """`play(run)` for every run, in run order, by `run_chunks`: for runs that cost enough
    that adding up their outcomes in this process is nothing beside playing them."""
    for outcomes in run_chunks(partial(_play_each, play), runs, workers=workers, label=label):
        yield from outcomes


def _play_each(play: Callable[[int], Outcome], chunk: range) -> list[Outcome]:
    return [play(run) for run in chunk]


@dataclass(frozen=True)
class Proportion:
    """A probability estimated from `hits` out of `runs`, with its Wilson interval (95 %
    unless another confidence is asked for)."""

    hits: int
    runs: int
    confidence: float = 0.95

    @property
    def value(self) -> float:
        return self.hits / self.runs if self.runs else math.nan

    @property
    def interval(self) -> tuple[float, float]:
        if not self.runs:
            return (math.nan, math.nan)
        n, p, z = self.runs, self.hits / self.runs, z_for(self.confidence)
        centre = (p + z**2 / (2 * n)) / (1 + z**2 / n)
        half = z * math.sqrt(p * (1 - p) / n + z**2 / (4 * n * n)) / (1 + z**2 / n)
        return (max(0.0, centre - half), min(1.0, centre + half))

    def __str__(self) -> str:
        low, high = self.interval
        return f"{self.value:.3f} [{low:.3f}, {high:.3f}] n={self.runs}"

    def as_dict(self) -> dict[str, float | int]:
        low, high = self.interval
        return {
            "p": self.value,
            "low": low,
            "high": high,
            "confidence": self.confidence,
            "hits": self.hits,
            "n": self.runs,
        }


IN_BAND = "in band"
OUT_OF_BAND = "OUT OF BAND"
AT_THE_EDGE = "at the edge"
UNDECIDED = "undecided"


@dataclass(frozen=True)
class BandTest:
    """Is a rate inside a band? A rate is judged on its Wilson interval: in band when the
    whole interval is inside, out of band when it is wholly outside, at the edge when it
    straddles an edge but is already narrower than `decided_width` (more runs would only
    place it nearer the edge), else undecided.

    A sample looked at several times, more runs played while any rate is undecided, gets
    more chances to be wrong: each of its `looks` uses a 1 - `error` / looks interval, so
    that over all of them a rate sitting exactly on an edge is called out of band with a
    chance of at most `error` (Bonferroni)."""

    low: float
    high: float
    decided_width: float = 0.0
    looks: int = 1
    error: float = 0.05

    @property
    def confidence(self) -> float:
        return 1 - self.error / self.looks

    def rate(self, hits: int, runs: int) -> Proportion:
        return Proportion(hits, runs, self.confidence)

    def verdict(self, rate: Proportion) -> str:
        low, high = rate.interval
        if high < self.low or low > self.high:
            return OUT_OF_BAND
        if self.low <= low and high <= self.high:
            return IN_BAND
        return AT_THE_EDGE if high - low <= self.decided_width else UNDECIDED


def doubling_looks(first: int, most: int) -> list[int]:
    """Sample sizes to look at: `first`, doubled each time, ending at `most`."""
    sizes = [first]
    while sizes[-1] < most:
        sizes.append(min(most, 2 * sizes[-1]))
    return [min(size, most) for size in sizes]


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
