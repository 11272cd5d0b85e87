"""KISS & CRY's printed kit: rulebook, skater charts, action deck, modifier sheet and score
sheets, all drawn from the same validated model.

The rulebook and the modifier sheet typeset the three draw tables from the same functions,
so the two can never disagree. The skater charts, the cards and the score sheets are drawn
on the canvas (the cards with the render core's card frame, the score sheets with its score
sheet): it is much faster than Platypus tables and puts every number where the reader's eye
expects it.

Skater charts are strips across a portrait page, each as tall as its bands need, packed down
the page as many as fit and cut apart along the solid lines: large enough to read across a
table, where a poker or tarot card would need 7-point figures for seven bands in six columns.
Every text on them, as on the cards, is 6 points or more: a text that would need less is an
error at the cell it comes from.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import partial
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Table

from authoring.components import BuildContext, Component, Printing
from authoring.games.kisscry.competition import Program
from authoring.games.kisscry.model import (
    COMPONENTS,
    Card,
    Competition,
    KissCry,
    Scores,
    Share,
    Skater,
    exact,
    to_hundredth,
)
from authoring.render.cards import (
    SMALLEST,
    CardFrame,
    Panel,
    card_back,
    card_face,
    draw_panel,
)
from authoring.render.document import draw_pages
from authoring.render.flow import (
    TableSource,
    build_markup_book,
    data_table,
    render_markup,
    side_by_side,
    styles,
)
from authoring.render.fonts import BODY, BODY_BOLD, BODY_ITALIC, draw_centred, fitted_size
from authoring.render.imposition import Rect, Slot, impose
from authoring.render.paper import CARD_SIZES, LINE_CONVENTION, PRINTABLE_MARGIN, Paper
from authoring.render.scoresheet import (
    ScoreSheet,
    SheetColumn,
    SheetField,
    SheetStyle,
    write_score_sheets,
)
from authoring.render.words import name_key, number_range

TITLE = "KISS & CRY"
AUTHOR = "authoring (from the KISS & CRY workbook)"
ACTION_CARD = CARD_SIZES["poker"]
CARD_LABELS = ("CHART", "MODIFIER / JUDGE / LONG PROGRAM")
"""The small labels on a card's front: over the top number and over the bottom number."""
COLUMN_NAMES = {
    "E": "Elements",
    "SS": "Skating Skills",
    "TR": "Transitions",
    "PE": "Performance/Execution",
    "CH": "Choreography",
    "IN": "Interpretation",
}
CHART_COLUMNS = ("E", *COMPONENTS)
DED_LABEL = "DED"
DRAW_AGAIN = "draw again"
SEED_SCORE = Decimal("49.83")
"""The original rules' example: a final score of 49.83 ..."""
SEED_MODIFIER = -3
"""... and a modifier of -3 hundredths, which makes it 49.80."""
SCORE_ROWS = 24
"""Ruled rows on a score-sheet page: a longer pre-filled field runs on to more pages."""
SHEET_MARGIN = 10 * mm

INK = colors.HexColor("#2a1f33")
RULE = colors.HexColor("#8c8494")
BAND = colors.HexColor("#f2eef5")
HEAD = colors.HexColor("#ddd5e4")
GREEN = colors.HexColor("#2f8a4e")
GREEN_LIGHT = colors.HexColor("#e2f3e7")
YELLOW = colors.HexColor("#f0c419")
YELLOW_LIGHT = colors.HexColor("#fdf5d3")
RED = colors.HexColor("#c7302b")
RED_LIGHT = colors.HexColor("#fadcda")
AGAIN = colors.HexColor("#eeeeee")
CARD_BACK = colors.HexColor("#4b1d45")
BLUSH = colors.HexColor("#f6e3ef")
CARD_FRONT = CardFrame(ink=INK, line=INK)
CARD_REVERSE = CardFrame(
    paper=CARD_BACK, line=BLUSH, line_width=1.2, radius=3 * mm, ink=colors.white
)
UPPER_SHARE = 0.62
"""Of a card's safe zone: the panel of the top number, read on the charts."""
LOWER_SHARE = 0.33
"""... and the panel of the bottom number, read on the modifier sheet's tables."""
RINK_CIRCLE = 24 * mm
"""The radius of the rink's centre circle on a card's back."""
RINK_LINE = 0.8
SCORE_STYLE = SheetStyle(
    ink=INK, rule=RULE, head=HEAD, band=colors.Color(0, 0, 0, alpha=0.04), thick_rule=1.0
)


def components(game: KissCry, context: BuildContext) -> list[Component]:
    tables = named_tables(game)
    worked = worked_program(game)
    return [
        Component(
            "rulebook",
            partial(
                _book,
                _render(
                    game,
                    context,
                    "rulebook.md.j2",
                    w=worked,
                    skaters=charted(game),
                    home_skaters=[
                        s for s in game.field if game.skaters[s].country == game.host_country
                    ],
                ),
                tables,
                context.paper,
                "Rulebook",
            ),
            printing=Printing("Rulebook", double_sided=True),
        ),
        Component(
            "skater-charts",
            partial(_skater_charts, game, context),
            reads=frozenset({"Skaters", "Charts", "Competitions"}),
            printing=Printing(
                "Skater charts",
                card_stock=True,
                pieces=True,
                how="Cut the charts apart along the solid lines.",
            ),
        ),
        Component(
            "action-deck",
            partial(_action_deck, game, context),
            reads=frozenset({"Deck"}),
            printing=Printing.double_sided_pieces(
                "Action deck", how="Cut out the cards along the solid lines."
            ),
        ),
        Component(
            "modifier-sheet",
            partial(
                _book,
                _render(game, context, "modifier-sheet.md.j2"),
                named_tables(game, font_size=11),
                context.paper,
                "Modifier sheet",
            ),
            printing=Printing("Modifier sheet", card_stock=True),
        ),
        *(
            Component(
                "score-sheet-field" if fielded else "score-sheet",
                partial(_score_sheet, game, context, fielded),
                reads=frozenset({"Settings", "Field", "Skaters"}),
                # A competition is scored twice: the short program, then the long one.
                printing=Printing(
                    "Score sheet, ready-made field" if fielded else "Score sheet",
                    copies=2,
                    how="One sheet for the short program and one for the long.",
                ),
            )
            for fielded in (False, True)
        ),
    ]


def _render(game: KissCry, context: BuildContext, name: str, **extra: object) -> str:
    return render_markup(
        context.templates,
        name,
        model=game,
        title=TITLE,
        edition=context.edition,
        columns=COLUMN_NAMES,
        factor=factor_label(game.component_factor),
        doubles=doubles(game),
        hs=hundredths,
        **extra,
    )


def _book(
    text: str, tables: dict[str, TableSource], paper: Paper, subject: str, path: Path
) -> None:
    build_markup_book(
        path, paper, text, tables, title=f"{TITLE}: {subject}", author=AUTHOR, subject=subject
    )


# --- how numbers are printed ----------------------------------------------------------------


def hundredths(value: float | Decimal) -> str:
    return f"{value:.2f}"


def score_label(column: str, value: float) -> str:
    """A mark as the chart prints it: 27.83 and 5.50, or 1D for one point of deductions."""
    return f"{int(value)}D" if column == DED_LABEL else hundredths(value)


def chart_cell(column: str, share: Share) -> str:
    if share.scores is None:
        return DRAW_AGAIN
    return score_label(column, getattr(share.scores, column))


def modifier_label(value: int) -> str:
    return f"{value:+d}" if value else "0"


def points_label(value: int) -> str:
    """A modifier in points: -0.03 for -3 hundredths."""
    return f"{value / 100:+.2f}" if value else "0.00"


def multiplier_label(value: float) -> str:
    """A long-program multiplier as the original printed it: 1.3, 1.55."""
    return f"{value:g}"


def factor_label(factor: float) -> str:
    """The component factor as the score sheet heads its column: x.8 for 0.8."""
    return "x" + f"{factor:g}".removeprefix("0")


def doubles(game: KissCry) -> list[int]:
    return sorted(game.home_judge_doubles)


# --- whose charts, in what order ------------------------------------------------------------


def charted(game: KissCry) -> list[Skater]:
    """Every skater with a chart, by country and then by name: the order of the charts."""
    skaters = [game.skaters[s] for s in game.charts]
    return sorted(skaters, key=lambda s: (s.country, name_key(s.name), s.id))


# --- the rulebook's worked program ----------------------------------------------------------


@dataclass(frozen=True)
class Mark:
    """One draw of the worked program: the column, the card and the score it reads."""

    column: str
    card: Card
    score: str


@dataclass(frozen=True)
class WorkedProgram:
    """A skater's program scored with real cards from the deck and a real chart band."""

    skater: Skater
    share: Share
    competition: Competition
    scores: Scores
    marks: tuple[Mark, ...]
    sub: Decimal
    weighted: Decimal
    final: Decimal
    modifier_card: Card
    modifier: int
    modified: Decimal
    long_card: Card
    multiplier: float
    long_final: Decimal


def _cards(deck: tuple[Card, ...], first: int, last: int, *, bottom: bool = False) -> list[Card]:
    return [c for c in deck if first <= (c.bottom if bottom else c.top) <= last]


def _example_share(game: KissCry) -> tuple[str, Share]:
    """The band that scores the original example's 49.83, or the first field skater's first."""
    order = [*game.field, *(s.id for s in charted(game) if s.id not in game.field)]
    for skater in order:
        for share in game.charts.get(skater, ()):
            if share.scores and share.scores.final(game.component_factor) == SEED_SCORE:
                return skater, share
    skater = next(s for s in order if s in game.charts)
    return skater, game.charts[skater][0]


def worked_program(game: KissCry) -> WorkedProgram:
    skater, share = _example_share(game)
    assert share.scores is not None and share.competition is not None
    scores = share.scores
    cards = _cards(game.deck, share.first, share.last)
    marks = tuple(
        Mark(column, card, score_label(column, getattr(scores, column)))
        for column, card in zip((*CHART_COLUMNS, DED_LABEL), cards, strict=False)
    )
    final = scores.final(game.component_factor)
    span = next(
        (s for s in game.modifiers if s.value == SEED_MODIFIER),
        next(s for s in game.modifiers if s.value),
    )
    long_span = game.long_program[0]
    return WorkedProgram(
        skater=game.skaters[skater],
        share=share,
        competition=game.competitions[share.competition],
        scores=scores,
        marks=marks,
        sub=scores.components(),
        weighted=to_hundredth(exact(game.component_factor) * scores.components()),
        final=final,
        modifier_card=_cards(game.deck, span.first, span.last, bottom=True)[0],
        modifier=span.value,
        modified=Program(scores, final, modifier=Decimal(span.value) / 100).final,
        long_card=_cards(game.deck, long_span.first, long_span.last, bottom=True)[0],
        multiplier=long_span.value,
        long_final=Program(scores, final, multiplier=exact(long_span.value)).final,
    )


# --- tables shared by the rulebook and the modifier sheet -----------------------------------


def named_tables(game: KissCry, font_size: float = 9) -> dict[str, TableSource]:
    table = partial(_table, font_size)
    return {
        "modifiers": partial(_kept, partial(_modifiers, game, table)),
        "home_judge": partial(_kept, partial(_home_judge, game, table)),
        "long_program": partial(_kept, partial(_long_program, game, table)),
        "shares": partial(_shares, game, table),
        "competitions": partial(_competitions, game, table),
        "field": partial(_field, game, table),
        "worked": partial(_worked, game, table),
        "worked_chart": partial(_worked_chart, game, table),
        "sheet": partial(
            _side_by_side,
            [
                ("Modifiers", partial(_modifiers, game, table)),
                ("Home judge", partial(_home_judge, game, table)),
                ("Long program", partial(_long_program, game, table)),
            ],
        ),
    }


Tabulate = Callable[..., Table]


def _table(
    font_size: float,
    header: Sequence[str],
    rows: Sequence[Sequence[object]],
    widths: Sequence[float] | None = None,
) -> Table:
    table = data_table(header, rows, col_widths=widths, font_size=font_size)
    table.hAlign, table.spaceBefore, table.spaceAfter = "LEFT", 2, 8
    table.setStyle([("TOPPADDING", (0, 0), (-1, -1), 1.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 2)])
    return table


def _modifiers(game: KissCry, table: Tabulate) -> Table:
    rows = [
        [number_range(s.first, s.last), modifier_label(s.value), points_label(s.value)]
        for s in game.modifiers
    ]
    header = ["Bottom number", "Modifier", "Points"]
    return table(header, rows, [18 * mm, 19 * mm, 17 * mm])


def _home_judge(game: KissCry, table: Tabulate) -> Table:
    rows = [[number_range(s.first, s.last), f"+{hundredths(s.value)}"] for s in game.home_judge]
    return table(["Bottom number", "Points added"], rows, [24 * mm, 24 * mm])


def _long_program(game: KissCry, table: Tabulate) -> Table:
    rows = [[number_range(s.first, s.last), multiplier_label(s.value)] for s in game.long_program]
    return table(["Bottom number", "Multiply by"], rows, [24 * mm, 24 * mm])


def _kept(part: Callable[[], Flowable]) -> Flowable:
    """A table never split by a page: a draw table read across a page is misread."""
    return KeepTogether([part()])


def _side_by_side(parts: Sequence[tuple[str, Callable[[], Flowable]]]) -> Flowable:
    """Titled tables next to each other."""
    return side_by_side(
        [[Paragraph(escape(title), styles()["h3"]), part()] for title, part in parts], 57 * mm
    )


def _shares(game: KissCry, table: Tabulate) -> Flowable:
    """How a chart is divided for each season length found in the data."""
    by_events: dict[int, tuple[Share, ...]] = {}
    counts: Counter[int] = Counter()
    for chart in game.charts.values():
        events = sum(1 for share in chart if share.scores is not None)
        by_events.setdefault(events, chart)
        counts[events] += 1
    rows = []
    for events in sorted(by_events):
        chart = by_events[events]
        again = [s for s in chart if s.scores is None]
        rows.append(
            [
                events,
                chart[0].last - chart[0].first + 1,
                ", ".join(number_range(s.first, s.last) for s in chart if s.scores),
                number_range(again[0].first, again[0].last) if again else "none",
                counts[events],
            ]
        )
    header = ["Events", "Numbers each", "Their ranges", "Draw again on", "Skaters"]
    return KeepTogether([table(header, rows, [14 * mm, 22 * mm, 76 * mm, 24 * mm, 16 * mm])])


def _competitions(game: KissCry, table: Tabulate) -> Flowable:
    rows = [
        [c.order, c.name, c.host_country]
        for c in sorted(game.competitions.values(), key=lambda c: c.order)
    ]
    return table(["", "Competition", "Host"], rows, [8 * mm, 90 * mm, 16 * mm])


def _field(game: KissCry, table: Tabulate) -> Flowable:
    rows = [
        [order, game.skaters[s].name, game.skaters[s].country]
        for order, s in enumerate(game.field, start=1)
    ]
    return table(["Start", "Skater", "Country"], rows, [14 * mm, 60 * mm, 18 * mm])


def _worked(game: KissCry, table: Tabulate) -> Flowable:
    worked = worked_program(game)
    rows = [
        [
            mark.column,
            COLUMN_NAMES.get(mark.column, "Deductions"),
            mark.card.top,
            number_range(worked.share.first, worked.share.last),
            mark.score,
        ]
        for mark in worked.marks
    ]
    header = ["Column", "Mark", "Top number", "Her range", "Score"]
    return KeepTogether([table(header, rows, [16 * mm, 40 * mm, 22 * mm, 20 * mm, 18 * mm])])


def _worked_chart(game: KissCry, table: Tabulate) -> Flowable:
    worked = worked_program(game)
    rows = [
        [
            number_range(share.first, share.last),
            *(chart_cell(c, share) for c in (*CHART_COLUMNS, DED_LABEL)),
            game.competitions[share.competition].name if share.competition else "",
        ]
        for share in game.charts[worked.skater.id]
    ]
    header = ["Range", *CHART_COLUMNS, DED_LABEL, "Event"]
    widths = [16 * mm, *[13 * mm] * 7, 62 * mm]
    return KeepTogether([table(header, rows, widths)])


# --- skater charts --------------------------------------------------------------------------


@dataclass(frozen=True)
class ChartLayout:
    """A skater chart's layout numbers, in points unless said otherwise."""

    edge: float = PRINTABLE_MARGIN
    """From the paper's edge to a chart's frame."""
    note_band: float = 4 * mm
    """Kept at the foot of the page, inside the edge, for the sheet's note."""
    note_size: float = 6.0
    gap: float = 2 * mm
    """From a cut line to a chart's frame."""
    padding: float = 2.5 * mm
    radius: float = 3 * mm
    band: float = 30.0
    """The name's band, and across from it the red deduction row."""
    name_size: float = 16.0
    country_size: float = 10.0
    name_share: float = 0.42
    """Of the chart's width, the most the name may take."""
    ded_label: float = 36.0
    ded_range_size: float = 7.5
    ded_size: float = 11.0
    head: float = 24.0
    code_size: float = 13.0
    column_name_size: float = 7.0
    below_band: float = 6.0
    row: float = 22.0
    """A band's row in the grid, the same on every chart: a long chart reads like a short one."""
    range_size: float = 10.0
    score_size: float = 13.0
    split: float = 0.44
    """Of a column's width: the part holding the ranges."""
    season_size: float = 7.5
    season_leading: float = 9.0
    season_columns: int = 2
    season_range: float = 30.0
    """The width kept for a band's range in the season list."""


CHART = ChartLayout()
CHART_NOTE = f"Print on card. Cut the charts apart along the solid lines. {LINE_CONVENTION}"


def _events(shares: Sequence[Share]) -> list[Share]:
    """The bands a competition scored: the season list under the chart names each."""
    return [s for s in shares if s.competition is not None]


def _season_rows(shares: Sequence[Share]) -> int:
    return -(-len(_events(shares)) // CHART.season_columns)


def chart_height(shares: Sequence[Share]) -> float:
    """A chart's frame from top to bottom: the name band, the grid's head and one row a band,
    the season list under it, all inside the padding."""
    grid = CHART.head + CHART.row * len(shares)
    season = CHART.below_band + CHART.season_leading * _season_rows(shares)
    return 2 * CHART.padding + CHART.band + CHART.below_band + grid + season


@dataclass(frozen=True)
class ChartSheet:
    """A page of skater charts: each skater with her chart's frame, top first, and a cut
    line under each chart."""

    charts: tuple[tuple[Skater, Rect], ...]
    cuts: tuple[float, ...]


def chart_sheets(game: KissCry, paper: Paper) -> list[ChartSheet]:
    """The charts in their order down the pages, as many to a page as fit above the note;
    a chart is cut from the next along a line a gap below its frame."""
    # A chart takes a gap above its frame and one below, for its cut line; the first on a
    # page starts at the top edge, and its gap above is given back to the room.
    room = paper.height - 2 * CHART.edge - CHART.note_band + CHART.gap
    groups: list[list[Skater]] = []
    used = 0.0
    for skater in charted(game):
        needed = chart_height(game.charts[skater.id]) + 2 * CHART.gap
        if not groups or used + needed > room:
            groups.append([])
            used = 0.0
        groups[-1].append(skater)
        used += needed
    return [_chart_sheet(game, paper, group) for group in groups]


def _chart_sheet(game: KissCry, paper: Paper, skaters: Sequence[Skater]) -> ChartSheet:
    charts = []
    cuts = []
    top = paper.height - CHART.edge
    for skater in skaters:
        height = chart_height(game.charts[skater.id])
        frame = Rect(CHART.edge, top - height, paper.width - 2 * CHART.edge, height)
        charts.append((skater, frame))
        cuts.append(frame.y - CHART.gap)
        top = frame.y - 2 * CHART.gap
    return ChartSheet(tuple(charts), tuple(cuts))


def _skater_charts(game: KissCry, context: BuildContext, path: Path) -> None:
    paper = context.paper
    sheets = chart_sheets(game, paper)

    def page(sheet: ChartSheet, canvas: Canvas) -> None:
        for skater, frame in sheet.charts:
            _chart(canvas, game, skater, frame)
        _cut_lines(canvas, paper, sheet.cuts)
        canvas.setFillColor(INK)
        canvas.setFont(BODY, CHART.note_size)
        canvas.drawCentredString(paper.width / 2, CHART.edge + 1, CHART_NOTE)

    draw_pages(
        path,
        paper,
        [partial(page, sheet) for sheet in sheets],
        title=f"{TITLE}: skater charts",
        author=AUTHOR,
        subject=f"Skater charts: {len(game.charts)} skaters on {len(sheets)} pages",
    )


def _cut_lines(canvas: Canvas, paper: Paper, heights: Sequence[float]) -> None:
    """Solid lines across the page under the charts: the player cuts along them."""
    canvas.setStrokeColor(RULE)
    canvas.setLineWidth(0.4)
    for y in heights:
        canvas.line(PRINTABLE_MARGIN, y, paper.width - PRINTABLE_MARGIN, y)


def _centred(
    canvas: Canvas, text: str, font: str, size: float, x0: float, x1: float, y: float
) -> None:
    """Text centred between x0 and x1, shrunk to fit but never below the pieces' smallest."""
    draw_centred(canvas, text, (x0 + x1) / 2, y, font, size, x1 - x0 - 4, smallest=SMALLEST)


def _chart(canvas: Canvas, game: KissCry, skater: Skater, frame: Rect) -> None:
    shares = game.charts[skater.id]
    canvas.setStrokeColor(RULE)
    canvas.setLineWidth(0.8)
    canvas.roundRect(*frame, radius=CHART.radius, stroke=1, fill=0)
    x = frame.x + CHART.padding
    width = frame.width - 2 * CHART.padding
    top = frame.y + frame.height - CHART.padding
    right = x + width

    # The name and country, and across from them the red deduction row.
    name_size = fitted_size(
        skater.name, BODY_BOLD, CHART.name_size, width * CHART.name_share, smallest=SMALLEST
    )
    canvas.setFillColor(INK)
    canvas.setFont(BODY_BOLD, name_size)
    canvas.drawString(x, top - CHART.name_size, skater.name)
    canvas.setFont(BODY, CHART.country_size)
    canvas.drawString(x, top - CHART.band + 3, skater.country)
    band = CHART.band
    named = stringWidth(skater.name, BODY_BOLD, name_size)
    red_x = x + max(width * (CHART.name_share + 0.02), named + 12)
    cell = (right - red_x - CHART.ded_label) / len(shares)
    canvas.setFillColor(RED)
    canvas.setStrokeColor(RED)
    canvas.setLineWidth(0.6)
    canvas.rect(red_x, top - band, CHART.ded_label, band, stroke=1, fill=1)
    canvas.setFillColor(RED_LIGHT)
    canvas.rect(red_x + CHART.ded_label, top - band, right - red_x - CHART.ded_label, band, 1, 1)
    for index in range(1, len(shares)):
        cx = red_x + CHART.ded_label + index * cell
        canvas.line(cx, top - band, cx, top)
    canvas.setFillColor(colors.white)
    canvas.setFont(BODY_BOLD, CHART.ded_size)
    canvas.drawCentredString(red_x + CHART.ded_label / 2, top - band / 2 - 4, DED_LABEL)
    for index, share in enumerate(shares):
        x0 = red_x + CHART.ded_label + index * cell
        canvas.setFillColor(INK)
        span = number_range(share.first, share.last)
        _centred(canvas, span, BODY, CHART.ded_range_size, x0, x0 + cell, top - 10)
        value = chart_cell(DED_LABEL, share)
        font = BODY_ITALIC if share.scores is None else BODY_BOLD
        size = CHART.ded_range_size if share.scores is None else CHART.ded_size
        _centred(canvas, value, font, size, x0, x0 + cell, top - band + 6)

    # Six columns, each with its own ranges: a card's top number is read in one column.
    head = CHART.head
    grid_top = top - band - CHART.below_band
    height = CHART.row
    block = width / len(CHART_COLUMNS)
    bottom = grid_top - head - height * len(shares)
    for index, column in enumerate(CHART_COLUMNS):
        x0 = x + index * block
        strong, light = (GREEN, GREEN_LIGHT) if column == "E" else (YELLOW, YELLOW_LIGHT)
        canvas.setFillColor(strong)
        canvas.rect(x0, grid_top - head, block, head, stroke=0, fill=1)
        canvas.setFillColor(light)
        canvas.rect(x0, bottom, block, height * len(shares), stroke=0, fill=1)
        for row, share in enumerate(shares):
            if share.scores is None:
                canvas.setFillColor(AGAIN)
                y = grid_top - head - (row + 1) * height
                canvas.rect(x0, y, block, height, stroke=0, fill=1)
    canvas.setStrokeColor(RULE)
    canvas.setLineWidth(0.4)
    for row in range(len(shares) + 1):
        y = grid_top - head - row * height
        canvas.line(x, y, right, y)
    for index in range(len(CHART_COLUMNS)):
        x0 = x + index * block
        canvas.setLineWidth(1.2)
        canvas.line(x0, grid_top, x0, bottom)
        canvas.setLineWidth(0.3)
        canvas.line(x0 + block * CHART.split, grid_top - head, x0 + block * CHART.split, bottom)
    canvas.setLineWidth(1.2)
    canvas.line(right, grid_top, right, bottom)
    canvas.rect(x, bottom, width, grid_top - bottom, stroke=1, fill=0)
    for index, column in enumerate(CHART_COLUMNS):
        x0 = x + index * block
        canvas.setFillColor(colors.white if column == "E" else INK)
        _centred(canvas, column, BODY_BOLD, CHART.code_size, x0, x0 + block, grid_top - 13)
        name = COLUMN_NAMES[column]
        _centred(canvas, name, BODY, CHART.column_name_size, x0, x0 + block, grid_top - head + 4)
    canvas.setFillColor(INK)
    range_size, score_size = CHART.range_size, CHART.score_size
    for row, share in enumerate(shares):
        y = grid_top - head - (row + 1) * height + (height - score_size * 0.7) / 2
        for index, column in enumerate(CHART_COLUMNS):
            x0 = x + index * block
            middle = x0 + block * CHART.split
            _centred(canvas, number_range(share.first, share.last), BODY, range_size, x0, middle, y)
            text = chart_cell(column, share)
            if share.scores is None:
                _centred(canvas, text, BODY_ITALIC, range_size, middle, x0 + block, y)
            else:
                _centred(canvas, text, BODY_BOLD, score_size, middle, x0 + block, y)

    # Where each band's scores come from, in columns under the chart.
    column_width = width / CHART.season_columns
    season_rows = _season_rows(shares)
    for index, share in enumerate(_events(shares)):
        assert share.competition is not None
        side, row = divmod(index, season_rows)
        sx = x + side * column_width
        sy = bottom - CHART.below_band - CHART.season_size - CHART.season_leading * row + 2
        canvas.setFont(BODY_BOLD, CHART.season_size)
        canvas.drawString(sx, sy, number_range(share.first, share.last))
        name = game.competitions[share.competition].name
        room = column_width - CHART.season_range - 6
        size = fitted_size(name, BODY_ITALIC, CHART.season_size, room, smallest=SMALLEST)
        canvas.setFont(BODY_ITALIC, size)
        canvas.drawString(sx + CHART.season_range, sy, name)


# --- the action deck ------------------------------------------------------------------------


def _action_deck(game: KissCry, context: BuildContext, path: Path) -> None:
    impose(
        path,
        context.paper,
        list(game.deck),
        _card_front,
        _card_back,
        size=ACTION_CARD,
        title=f"{TITLE}: action deck",
        author=AUTHOR,
    )


def _card_front(canvas: Canvas, card: Card, slot: Slot) -> None:
    safe = card_face(canvas, slot, CARD_FRONT)
    upper = safe.height * UPPER_SHARE
    lower = safe.height * LOWER_SHARE
    chart, tables = CARD_LABELS
    draw_panel(
        canvas,
        Rect(safe.x, safe.y + safe.height - upper, safe.width, upper),
        Panel(chart, str(card.top), 60, BLUSH),
        CARD_FRONT,
    )
    draw_panel(
        canvas,
        Rect(safe.x, safe.y, safe.width, lower),
        Panel(tables, str(card.bottom), 30, value_font=BODY),
        CARD_FRONT,
    )


def _card_back(canvas: Canvas, card: Card, slot: Slot) -> None:
    safe = card_back(canvas, slot, CARD_REVERSE, TITLE, "Action deck")
    canvas.setLineWidth(RINK_LINE)
    canvas.circle(safe.x + safe.width / 2, safe.y + safe.height / 2 + 3, RINK_CIRCLE)


# --- score sheets ---------------------------------------------------------------------------


def score_columns(game: KissCry) -> tuple[SheetColumn, ...]:
    """The score sheet's columns: the chart's colours over their columns (green E, yellow
    components, red DED), heavier rules setting the marks and the final score apart."""
    return (
        SheetColumn("#", 0.45),
        SheetColumn("SKATER", 3.4),
        SheetColumn("COUNTRY", 1.1),
        SheetColumn("E", 1.0, GREEN_LIGHT, heavy_rule=True),
        *(SheetColumn(c, 0.85, YELLOW_LIGHT) for c in COMPONENTS),
        SheetColumn("SUB", 1.0),
        SheetColumn(factor_label(game.component_factor), 1.0),
        SheetColumn("DED", 0.8, RED_LIGHT),
        SheetColumn("FINAL", 1.2, heavy_rule=True),
    )


def _score_sheet(game: KissCry, context: BuildContext, prefilled: bool, path: Path) -> None:
    paper = context.paper.landscape()
    entries = [[game.skaters[s].name, game.skaters[s].country] for s in game.field]
    if not prefilled:
        entries = []
    subject = "Score sheet: the ready-made field" if prefilled else "Score sheet"
    factor = factor_label(game.component_factor)
    note = (
        f"SUB = SS + TR + PE + CH + IN.   {factor} = SUB x {game.component_factor:g}.   "
        f"FINAL = E + {factor} - DED, then any modifier and home-judge points.   "
        f"Long program: multiply E + {factor} - DED by the multiplier first."
    )
    fields = (
        SheetField("Event", blank=28),
        SheetField("Program", choices=("SHORT", "LONG")),
        SheetField("Host country", game.host_country if prefilled else None, blank=6),
    )
    sheet = ScoreSheet(
        title=f"{TITLE} score sheet",
        fields=fields,
        note=note,
        columns=score_columns(game),
        rows=SCORE_ROWS,
        entries=entries,
        numbered=True,
        centred=frozenset({2}),
    )
    write_score_sheets(
        path,
        paper,
        sheet,
        SCORE_STYLE,
        margin=SHEET_MARGIN,
        title=f"{TITLE}: {subject.lower()}",
        author=AUTHOR,
        subject=subject,
    )
