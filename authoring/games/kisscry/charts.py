"""A skater's chart from her season: each event an equal share of the chart numbers.

With k events, each gets s = floor(range / k) numbers, in season order; the numbers above
k x s, if any, say "draw again". So every event is exactly as likely as every other, which
makes a chart's expected score the plain mean of the season's.

`authoring derive kisscry` rewrites sheet Charts from Results by this rule. A chart is the
season itself, so any change to what a draw can give (the marks on the chart, or the share of
numbers each gets) is beyond the tolerance; a change of band order or of the competition a band
names only, which leaves every draw's odds and marks as they were, is within it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from authoring.checks import Tables
from authoring.derive import Derivation, Group, Key, NotDerived, Proposal, Row, Written
from authoring.games.kisscry.model import (
    SCORES,
    KissCry,
    Scores,
    Share,
    build_model,
    rounded,
)
from authoring.tables import Record


def chart_for(season: tuple[tuple[str, Scores], ...], chart_range: int) -> tuple[Share, ...]:
    share = chart_range // len(season)
    shares = [
        Share(index * share + 1, (index + 1) * share, competition, scores)
        for index, (competition, scores) in enumerate(season)
    ]
    if share * len(season) < chart_range:
        shares.append(Share(share * len(season) + 1, chart_range, None, None))
    return tuple(shares)


def derived_charts(game: KissCry) -> dict[str, tuple[Share, ...]]:
    """Charts for every skater with a season, in the Skaters sheet's order."""
    return {
        skater: chart_for(game.results[skater], game.chart_range)
        for skater in game.skaters
        if game.results.get(skater)
    }


def expected_score(chart: Sequence[Share], component_factor: float) -> Fraction | None:
    """A short program's expected score on the chart, exact; None when no band has marks."""
    bands = _scored_bands(chart)
    numbers = sum(size for size, _ in bands)
    if not numbers:
        return None
    return (
        sum(
            (Fraction(size) * Fraction(scores.final(component_factor)) for size, scores in bands),
            Fraction(0),
        )
        / numbers
    )


def _draws(chart: Sequence[Share]) -> dict[Scores, Fraction]:
    """What a draw can give: each set of marks with its chance."""
    bands = _scored_bands(chart)
    numbers = sum(size for size, _ in bands)
    chances: dict[Scores, Fraction] = {}
    for size, scores in bands:
        chances[scores] = chances.get(scores, Fraction(0)) + Fraction(size, numbers)
    return chances


def _scored_bands(chart: Sequence[Share]) -> list[tuple[int, Scores]]:
    """Each band with marks and the numbers it covers; a draw-again number is drawn again,
    so its band counts for nothing."""
    return [
        (share.last - share.first + 1, share.scores) for share in chart if share.scores is not None
    ]


# --- `authoring derive kisscry`: sheet Charts from the season ---------------------------------


def propose(tables: Tables, on_sheet: Mapping[Key, Sequence[Record]]) -> Proposal:
    """Every skater's chart from her season; a chart without a season is kept, with why."""
    game = build_model(tables)
    groups = []
    for skater, chart in derived_charts(game).items():
        key = (skater,)
        records = on_sheet.get(key, ())
        # Her chart as the sheet holds it, when none of its rows has an error.
        before = game.charts.get(skater) if all(not r.invalid for r in records) else None
        events = len(game.results[skater])
        share = chart[0].last - chart[0].first + 1
        groups.append(
            Group(
                key=key,
                label=f"{game.skaters[skater].name} ({skater})",
                rows=tuple(_row(skater, band) for band in chart),
                was=_described(before, game.component_factor) if records else "",
                now=_described(chart, game.component_factor),
                evidence=(
                    f"her {events} events this season, {share} numbers each"
                    + (", the rest draw again" if len(chart) > events else "")
                ),
                matters=before is None or _draws(before) != _draws(chart),
            )
        )
    return Proposal(
        groups=tuple(groups),
        not_derived=tuple(
            NotDerived(key, str(key[0]), _why_not(game, str(key[0])))
            for key in on_sheet
            if str(key[0]) not in game.results
        ),
        tolerance=(
            "the marks a draw can give, or their chances, changed (a new band order or "
            "competition name alone is within it)"
        ),
    )


def _row(skater: str, band: Share) -> Row:
    marks = {name: getattr(band.scores, name) if band.scores else None for name in SCORES}
    return {
        "skater": skater,
        "competition": band.competition,
        "from": band.first,
        "to": band.last,
        **marks,
    }


def _described(chart: Sequence[Share] | None, component_factor: float) -> str:
    if chart is None:
        return "rows with errors"
    expected = expected_score(chart, component_factor)
    bands = f"{len(chart)} band{'s' * (len(chart) != 1)}"
    return bands if expected is None else f"{bands}, expected {rounded(expected, 2)}"


def _why_not(game: KissCry, skater: str) -> str:
    if skater not in game.skaters:
        return f"skater {skater} is not on sheet Skaters"
    return "no results on sheet Results this season"


DERIVATION = Derivation(
    writes=(Written("Charts", key=("skater",), propose=propose),),
    reads=("Settings", "Skaters", "Competitions", "Results"),
    noun="chart",
)
