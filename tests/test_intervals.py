"""Every figure's interval is pinned against values published or computed independently."""

from __future__ import annotations

import math
from statistics import NormalDist

import pytest

from authoring.simulation import (
    AT_THE_EDGE,
    IN_BAND,
    OUT_OF_BAND,
    UNDECIDED,
    Z_95,
    BandTest,
    Mean,
    Proportion,
    doubling_looks,
    z_for,
)


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


def test_a_99_percent_interval_reaches_out_to_the_tables_z():
    """z for 99 % two-sided is 2.5758 in every normal table; Wilson's interval for 5 of 10
    at that z, worked by hand: half-width 2.5758 x sqrt(0.025 + 2.5758² / 400) / (1 +
    2.5758² / 10) = 0.3158 around 0.5."""
    assert z_for(0.99) == pytest.approx(2.5758, abs=1e-4)
    assert Proportion(5, 10, 0.99).interval == pytest.approx((0.1842, 0.8158), abs=1e-4)


def test_a_band_test_looked_at_four_times_judges_each_look_at_99_percent():
    """Bonferroni: four looks at 1 - 0.05/4 = 98.75 % each keep the chance of a false
    'out of band' over all of them at 5 % or less."""
    test = BandTest(0.15, 0.35, decided_width=0.08, looks=4)
    assert test.confidence == pytest.approx(0.9875)
    assert test.rate(40, 100).confidence == test.confidence


@pytest.mark.parametrize(
    ("hits", "runs", "verdict"),
    [
        (250, 1000, IN_BAND),  # [0.224, 0.278]: wholly inside 0.15-0.35
        (60, 1000, OUT_OF_BAND),  # [0.047, 0.076]: wholly below
        (450, 1000, OUT_OF_BAND),  # [0.419, 0.481]: wholly above
        (30, 100, UNDECIDED),  # [0.219, 0.396]: straddles 0.35 and is 0.18 wide
        (700, 2000, AT_THE_EDGE),  # [0.329, 0.371]: straddles 0.35, 0.042 wide
    ],
)
def test_a_band_test_says_in_out_at_the_edge_or_undecided(hits, runs, verdict):
    test = BandTest(0.15, 0.35, decided_width=0.08)
    rate = test.rate(hits, runs)
    assert test.verdict(rate) == verdict, rate


def test_looks_double_from_the_first_to_the_most():
    assert doubling_looks(200, 1600) == [200, 400, 800, 1600]
    assert doubling_looks(200, 1000) == [200, 400, 800, 1000]
    assert doubling_looks(500, 300) == [300]
