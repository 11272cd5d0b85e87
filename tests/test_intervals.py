"""Every figure's interval is pinned against values published or computed independently."""

from __future__ import annotations

import math
from statistics import NormalDist

import pytest

from authoring.simulation import Z_95, Mean, Proportion


def test_the_95_percent_z_is_the_normal_quantile():
    assert pytest.approx(NormalDist().inv_cdf(0.975), abs=1e-6) == Z_95


@pytest.mark.parametrize(
    ("hits", "runs", "low", "high"),
    [
        # Wilson score intervals as tabulated by Newcombe (1998), Statistics in Medicine 17,
        # table II, and reproduced by every statistics package.
        (0, 10, 0.0, 0.2775),
        (5, 10, 0.2366, 0.7634),
        (10, 10, 0.7225, 1.0),
        (81, 263, 0.2553, 0.3662),
    ],
)
def test_wilson_interval_matches_published_values(hits, runs, low, high):
    assert Proportion(hits, runs).interval == pytest.approx((low, high), abs=1e-4)


def test_mean_interval_is_z_standard_errors_either_side():
    values = [3.0, 5.0, 4.0, 6.0, 2.0, 4.0]
    mean = Mean.of(values)
    sd = math.sqrt(sum((v - 4.0) ** 2 for v in values) / 5)
    half = NormalDist().inv_cdf(0.975) * sd / math.sqrt(6)
    assert mean.value == 4.0
    assert mean.interval == pytest.approx((4.0 - half, 4.0 + half), abs=1e-6)
