"""`authoring check kisscry`: exact figures, no Monte Carlo needed. Every chart range is an
equally likely event, and every table is read with one uniform 1-100 draw."""

from __future__ import annotations

from fractions import Fraction

from authoring.findings import Severity
from authoring.games.kisscry.model import (
    COMPONENTS,
    SHOWN_PLACES,
    KissCry,
    Span,
    exact,
    shown,
)
from authoring.report import Figures, Report


def check(game: KissCry, seed: int, *, workers: int = 1) -> Report:
    """Every figure is exact, so the seed and workers the other games play with are not
    needed."""
    report = Report()
    rows, findings = [], []
    for skater, chart in sorted(game.charts.items()):
        events = [share.scores for share in chart if share.scores is not None]
        factor = Fraction(exact(game.component_factor))
        expected = (
            _mean([s.E for s in events])
            + factor * sum(_mean([getattr(s, c) for s in events]) for c in COMPONENTS)
            - _mean([s.DED for s in events])
        )
        season = [
            Fraction(scores.final(game.component_factor))
            for _, scores in game.results.get(skater, ())
        ]
        mean = sum(season, Fraction(0)) / len(season) if season else None
        agrees = expected == mean
        rows.append(
            (
                game.skaters[skater].name,
                len(events),
                shown(expected),
                shown(mean) if mean is not None else "no season",
                "equal" if agrees else "DIFFERENT",
            )
        )
        if not agrees:
            findings.append(
                game.sheets["Charts"].finding(
                    Severity.ERROR,
                    "chart-expectation",
                    f"{skater}'s chart expects {shown(expected)} in a short program, her season "
                    + (f"averages {shown(mean)}" if mean is not None else "has no results"),
                    expected=shown(mean) if mean is not None else "results on sheet Results",
                )
            )
    report.figures.append(
        Figures(
            "Short program: expected score by the chart against the season's mean",
            ("skater", "events", "expected", "season mean", "verdict"),
            tuple(rows),
            note="Exact: E + 0.8 x the five components - deductions, each event's range equally "
            "likely (a draw-again number is drawn again). Both figures are fractions computed "
            "from the workbook's decimals and compared with no tolerance; a repeating decimal "
            f"is cut at {SHOWN_PLACES} places (...) and given as a fraction too.",
        )
    )
    report.figures.append(_tables(game))
    report.findings += findings
    return report


def _mean(values: list[float] | list[int]) -> Fraction:
    return sum((Fraction(exact(v)) for v in values), Fraction(0)) / len(values)


def _chance(span: Span) -> Fraction:
    return Fraction(span.last - span.first + 1, 100)


def _tables(game: KissCry) -> Figures:
    bottoms = {card.bottom for card in game.deck}
    home = Fraction(len(game.home_judge_doubles & bottoms), len(game.deck))
    multiplier = sum((_chance(s) * Fraction(str(s.value)) for s in game.long_program), Fraction(0))
    points = sum((_chance(s) * Fraction(str(s.value)) for s in game.home_judge), Fraction(0))
    hundredths = sum((_chance(s) * s.value for s in game.modifiers), Fraction(0))
    figures = (
        ("expected long-program multiplier", multiplier),
        ("P(home judge called on a draw)", home),
        ("expected home-judge points when he is called", points),
        ("expected modifier (hundredths)", hundredths),
        ("expected home-judge gain per program, home skater", home * points),
    )
    return Figures(
        "Modifier sheet and deck (exact)",
        ("figure", "value", "as a fraction"),
        tuple((name, shown(value), str(value)) for name, value in figures),
    )
