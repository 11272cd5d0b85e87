"""`authoring check kisscry`: exact figures, no Monte Carlo needed. Every chart range is an
equally likely event, and every table is read with one uniform 1-100 draw."""

from __future__ import annotations

from fractions import Fraction

from authoring.findings import Severity
from authoring.games.kisscry.model import COMPONENTS, KissCry, Span
from authoring.report import Figures, Report

TOLERANCE = 1e-6


def check(game: KissCry, seed: int) -> Report:
    """Every figure is exact, so the seed the other games play with is not needed."""
    report = Report()
    rows, findings = [], []
    for skater, chart in sorted(game.charts.items()):
        events = [share.scores for share in chart if share.scores is not None]
        expected = (
            _mean([s.E for s in events])
            + game.component_factor
            * sum(_mean([getattr(s, c) for s in events]) for c in COMPONENTS)
            - _mean([s.DED for s in events])
        )
        season = [scores.final(game.component_factor) for _, scores in game.results.get(skater, ())]
        mean = _mean(season) if season else float("nan")
        agrees = abs(expected - mean) <= TOLERANCE
        rows.append(
            (
                game.skaters[skater].name,
                len(events),
                round(expected, 3),
                round(mean, 3),
                "equal" if agrees else "DIFFERENT",
            )
        )
        if not agrees:
            findings.append(
                game.sheets["Charts"].finding(
                    Severity.ERROR,
                    "chart-expectation",
                    f"{skater}'s chart expects {expected:.3f} in a short program, her season "
                    f"averages {mean:.3f}",
                    expected=f"{mean:.3f}",
                )
            )
    report.figures.append(
        Figures(
            "Short program: expected score by the chart against the season's mean",
            ("skater", "events", "expected", "season mean", "verdict"),
            tuple(rows),
            note="Exact: E + 0.8 x the five components - deductions, each event's range equally "
            "likely (a draw-again number is drawn again).",
        )
    )
    report.figures.append(_tables(game))
    report.findings += findings
    return report


def _mean(values: list[float] | list[int]) -> float:
    return sum(values) / len(values)


def _chance(span: Span) -> Fraction:
    return Fraction(span.last - span.first + 1, 100)


def _tables(game: KissCry) -> Figures:
    bottoms = {card.bottom for card in game.deck}
    home = Fraction(len(game.home_judge_doubles & bottoms), len(game.deck))
    multiplier = sum((_chance(s) * Fraction(str(s.value)) for s in game.long_program), Fraction(0))
    points = sum((_chance(s) * Fraction(str(s.value)) for s in game.home_judge), Fraction(0))
    hundredths = sum((_chance(s) * s.value for s in game.modifiers), Fraction(0))
    rows = (
        ("expected long-program multiplier", float(multiplier), str(multiplier)),
        ("P(home judge called on a draw)", float(home), str(home)),
        ("expected home-judge points when he is called", float(points), str(points)),
        ("expected modifier (hundredths)", float(hundredths), str(hundredths)),
        (
            "expected home-judge gain per program, home skater",
            float(home * points),
            str(home * points),
        ),
    )
    return Figures("Modifier sheet and deck (exact)", ("figure", "value", "as a fraction"), rows)
