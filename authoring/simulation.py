"""Seeded Monte Carlo: reproducible runs and the confidence interval of every estimate."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

Z_95 = 1.959964


class OptionError(ValueError):
    """A simulation was asked for something it cannot do, e.g. an unknown bot."""


def run_rng(seed: int, run: int) -> random.Random:
    """The generator for one run: the same seed and run index give the same run anywhere,
    whatever other runs are made, so results do not depend on run order or parallelism."""
    return random.Random(f"{seed}/{run}")


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
