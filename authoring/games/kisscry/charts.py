"""A skater's chart from her season: each event an equal share of the chart numbers.

With k events, each gets s = floor(range / k) numbers, in season order; the numbers above
k x s, if any, say "draw again". So every event is exactly as likely as every other, which
makes a chart's expected score the plain mean of the season's.
"""

from __future__ import annotations

from pathlib import Path

from openpyxl import Workbook
from openpyxl.styles import Font

from authoring.files import write_atomically
from authoring.games.kisscry.model import SCORES, KissCry, Scores, Share


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


def write_charts(game: KissCry, path: Path) -> int:
    """A new workbook whose Charts sheet can replace the game's; returns the rows written."""
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Charts"
    sheet.append(["skater", "competition", "from", "to", *SCORES])
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    sheet.freeze_panes = "A2"
    rows = 0
    for skater, shares in derived_charts(game).items():
        for share in shares:
            marks = [getattr(share.scores, name) if share.scores else None for name in SCORES]
            sheet.append([skater, share.competition, share.first, share.last, *marks])
            rows += 1
    write_atomically(path, lambda temporary: book.save(temporary))
    return rows
