"""KISS & CRY's printed kit: rulebook, skater charts, action deck, modifier sheet and score
sheets, all drawn from the same validated model.

The rulebook and the modifier sheet typeset the three draw tables from the same functions,
so the two can never disagree. The skater charts, the cards and the score sheets are drawn
on the canvas directly: it is much faster than Platypus tables and puts every number where
the reader's eye expects it.

Skater charts are half a page each (two to a portrait sheet, cut along the dashed line),
large enough to read across a table: a poker or tarot card would need 7-point figures for a
chart of seven bands in six columns.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from functools import partial
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Table

from authoring.components import BuildContext, Component
from authoring.games.kisscry.competition import Program
from authoring.games.kisscry.model import (
    COMPONENTS,
    Card,
    Competition,
    KissCry,
    Scores,
    Share,
    Skater,
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
from authoring.render.imposition import Rect, Slot, cut_guide, impose
from authoring.render.paper import CARD_SIZES, PRINTABLE_MARGIN, Paper

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
SEED_SCORE = 49.83
"""The original rules' example: a final score of 49.83 ..."""
SEED_MODIFIER = -3
"""... and a modifier of -3 hundredths, which makes it 49.80."""
SCORE_ROWS = 24
"""Ruled rows on a score-sheet page: a longer pre-filled field runs on to more pages."""
SHEET_MARGIN = 10 * mm
CHART_MARGIN = 10 * mm
"""From the paper's edge and from the cut line to a skater chart's frame."""
CHART_PADDING = 4 * mm
SEASON_LEADING = 11.0

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
                "Rules",
            ),
        ),
        Component(
            "skater-charts",
            partial(_skater_charts, game, context),
            reads=frozenset({"Skaters", "Charts", "Competitions"}),
        ),
        Component("action-deck", partial(_action_deck, game, context), reads=frozenset({"Deck"})),
        Component(
            "modifier-sheet",
            partial(
                _book,
                _render(game, context, "modifier-sheet.md.j2"),
                named_tables(game, font_size=11),
                context.paper,
                "Modifier sheet",
            ),
        ),
        *(
            Component(
                "score-sheet-field" if fielded else "score-sheet",
                partial(_score_sheet, game, context, fielded),
                reads=frozenset({"Settings", "Field", "Skaters"}),
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


def hundredths(value: float) -> str:
    return f"{value:.2f}"


def draws(first: int, last: int) -> str:
    """A range of numbers as a chart prints it: 1-16, or 100 alone."""
    return str(first) if first == last else f"{first}-{last}"


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


_FOLD = str.maketrans(
    {"Ł": "L", "ł": "l", "Ø": "O", "ø": "o", "Đ": "D", "đ": "d", "\u0131": "i", "ß": "ss"}
)


def name_key(name: str) -> str:
    """A name as an international index files it: accents and strokes ignored."""
    plain = unicodedata.normalize("NFKD", name.translate(_FOLD))
    return "".join(c for c in plain if not unicodedata.combining(c)).casefold()


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
    sub: float
    weighted: float
    final: float
    modifier_card: Card
    modifier: int
    modified: float
    long_card: Card
    multiplier: float
    long_final: float


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


def _half_up(value: float, multiplier: float) -> float:
    exact = Decimal(str(value)) * Decimal(str(multiplier))
    return float(exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


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
    # A multiplier whose product a reader rounds as the rules engine does (no half cent).
    long_span = next(
        (
            s
            for s in game.long_program
            if Program(scores, final, multiplier=s.value).final == _half_up(final, s.value)
        ),
        game.long_program[0],
    )
    return WorkedProgram(
        skater=game.skaters[skater],
        share=share,
        competition=game.competitions[share.competition],
        scores=scores,
        marks=marks,
        sub=round(scores.components(), 2),
        weighted=round(game.component_factor * scores.components(), 2),
        final=final,
        modifier_card=_cards(game.deck, span.first, span.last, bottom=True)[0],
        modifier=span.value,
        modified=Program(scores, final, modifier=span.value / 100).final,
        long_card=_cards(game.deck, long_span.first, long_span.last, bottom=True)[0],
        multiplier=long_span.value,
        long_final=Program(scores, final, multiplier=long_span.value).final,
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
        [draws(s.first, s.last), modifier_label(s.value), points_label(s.value)]
        for s in game.modifiers
    ]
    header = ["Bottom number", "Modifier", "Points"]
    return table(header, rows, [18 * mm, 19 * mm, 17 * mm])


def _home_judge(game: KissCry, table: Tabulate) -> Table:
    rows = [[draws(s.first, s.last), f"+{hundredths(s.value)}"] for s in game.home_judge]
    return table(["Bottom number", "Points added"], rows, [24 * mm, 24 * mm])


def _long_program(game: KissCry, table: Tabulate) -> Table:
    rows = [[draws(s.first, s.last), multiplier_label(s.value)] for s in game.long_program]
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
                ", ".join(draws(s.first, s.last) for s in chart if s.scores),
                draws(again[0].first, again[0].last) if again else "none",
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
            draws(worked.share.first, worked.share.last),
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
            draws(share.first, share.last),
            *(chart_cell(c, share) for c in (*CHART_COLUMNS, DED_LABEL)),
            game.competitions[share.competition].name if share.competition else "",
        ]
        for share in game.charts[worked.skater.id]
    ]
    header = ["Range", *CHART_COLUMNS, DED_LABEL, "Event"]
    widths = [16 * mm, *[13 * mm] * 7, 62 * mm]
    return KeepTogether([table(header, rows, widths)])


# --- skater charts --------------------------------------------------------------------------


def _skater_charts(game: KissCry, context: BuildContext, path: Path) -> None:
    paper = context.paper
    skaters = charted(game)
    half = paper.height / 2
    boxes = (
        Rect(
            CHART_MARGIN,
            half + CHART_MARGIN,
            paper.width - 2 * CHART_MARGIN,
            half - 2 * CHART_MARGIN,
        ),
        Rect(CHART_MARGIN, CHART_MARGIN, paper.width - 2 * CHART_MARGIN, half - 2 * CHART_MARGIN),
    )

    def page(group: list[Skater], canvas: Canvas) -> None:
        for skater, box in zip(group, boxes, strict=False):
            _chart(canvas, game, skater, box)
        _cut_line(canvas, paper)

    draw_pages(
        path,
        paper,
        [
            partial(page, skaters[start : start + len(boxes)])
            for start in range(0, len(skaters), len(boxes))
        ],
        title=f"{TITLE}: skater charts",
        author=AUTHOR,
        subject=f"Skater charts: {len(skaters)} skaters, two to a page",
    )


def _cut_line(canvas: Canvas, paper: Paper) -> None:
    canvas.saveState()
    canvas.setStrokeColor(RULE)
    canvas.setLineWidth(0.4)
    canvas.setDash(4, 3)
    y = paper.height / 2
    canvas.line(PRINTABLE_MARGIN, y, paper.width - PRINTABLE_MARGIN, y)
    canvas.restoreState()


def _centred(
    canvas: Canvas, text: str, font: str, size: float, x0: float, x1: float, y: float
) -> None:
    draw_centred(canvas, text, (x0 + x1) / 2, y, font, size, x1 - x0 - 4)


def _chart(canvas: Canvas, game: KissCry, skater: Skater, frame: Rect) -> None:
    shares = game.charts[skater.id]
    canvas.setStrokeColor(RULE)
    canvas.setLineWidth(0.8)
    canvas.roundRect(*frame, radius=3 * mm, stroke=1, fill=0)
    x = frame.x + CHART_PADDING
    width = frame.width - 2 * CHART_PADDING
    top = frame.y + frame.height - CHART_PADDING
    right = x + width

    # The name and country, and across from them the red deduction row.
    name_size = fitted_size(skater.name, BODY_BOLD, 18, width * 0.42)
    canvas.setFillColor(INK)
    canvas.setFont(BODY_BOLD, name_size)
    canvas.drawString(x, top - 18, skater.name)
    canvas.setFont(BODY, 12)
    canvas.drawString(x, top - 34, skater.country)
    band = 42.0
    red_x = x + max(width * 0.44, stringWidth(skater.name, BODY_BOLD, name_size) + 12)
    label = 40.0
    cell = (right - red_x - label) / len(shares)
    canvas.setFillColor(RED)
    canvas.setStrokeColor(RED)
    canvas.setLineWidth(0.6)
    canvas.rect(red_x, top - band, label, band, stroke=1, fill=1)
    canvas.setFillColor(RED_LIGHT)
    canvas.rect(red_x + label, top - band, right - red_x - label, band, stroke=1, fill=1)
    for index in range(1, len(shares)):
        cx = red_x + label + index * cell
        canvas.line(cx, top - band, cx, top)
    canvas.setFillColor(colors.white)
    canvas.setFont(BODY_BOLD, 14)
    canvas.drawCentredString(red_x + label / 2, top - band / 2 - 5, DED_LABEL)
    for index, share in enumerate(shares):
        x0 = red_x + label + index * cell
        canvas.setFillColor(INK)
        _centred(canvas, draws(share.first, share.last), BODY, 8.5, x0, x0 + cell, top - 12)
        value = chart_cell(DED_LABEL, share)
        if share.scores is None:
            _centred(canvas, value, BODY_ITALIC, 8, x0, x0 + cell, top - band + 8)
        else:
            _centred(canvas, value, BODY_BOLD, 13, x0, x0 + cell, top - band + 7)

    # Six columns, each with its own ranges: a card's top number is read in one column.
    events = [s for s in shares if s.competition is not None]
    season_rows = -(-len(events) // 2)
    head = 34.0
    grid_top = top - band - 12
    room = grid_top - head - (frame.y + CHART_PADDING + SEASON_LEADING * season_rows + 12)
    height = min(34.0, room / len(shares))
    scale = min(1.0, height / 30)
    block = width / len(CHART_COLUMNS)
    split = 0.44
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
        canvas.line(x0 + block * split, grid_top - head, x0 + block * split, bottom)
    canvas.setLineWidth(1.2)
    canvas.line(right, grid_top, right, bottom)
    canvas.rect(x, bottom, width, grid_top - bottom, stroke=1, fill=0)
    for index, column in enumerate(CHART_COLUMNS):
        x0 = x + index * block
        canvas.setFillColor(colors.white if column == "E" else INK)
        _centred(canvas, column, BODY_BOLD, 16, x0, x0 + block, grid_top - 17)
        _centred(canvas, COLUMN_NAMES[column], BODY, 7.5, x0, x0 + block, grid_top - head + 5)
    canvas.setFillColor(INK)
    for row, share in enumerate(shares):
        y = grid_top - head - (row + 1) * height + (height - 10 * scale) / 2
        for index, column in enumerate(CHART_COLUMNS):
            x0 = x + index * block
            middle = x0 + block * split
            _centred(canvas, draws(share.first, share.last), BODY, 11 * scale, x0, middle, y)
            text = chart_cell(column, share)
            if share.scores is None:
                _centred(canvas, text, BODY_ITALIC, 9 * scale, middle, x0 + block, y)
            else:
                _centred(canvas, text, BODY_BOLD, 14 * scale, middle, x0 + block, y)

    # Where each band's scores come from, in two columns under the chart.
    canvas.setFillColor(INK)
    for index, share in enumerate(events):
        assert share.competition is not None
        side, row = divmod(index, season_rows)
        sx = x + side * width / 2
        sy = bottom - 14 - SEASON_LEADING * row
        canvas.setFont(BODY_BOLD, 8.5)
        canvas.drawString(sx, sy, draws(share.first, share.last))
        canvas.setFont(BODY_ITALIC, 8.5)
        canvas.drawString(sx + 34, sy, game.competitions[share.competition].name)


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
    x, y, width, height = slot.trim
    centre = x + width / 2
    canvas.setFillColor(colors.white)
    canvas.rect(*slot.bleed, stroke=0, fill=1)
    inset = 4 * mm
    upper = (y + height * 0.42, height * 0.58 - inset)  # the top number, for the charts
    lower = (y + inset, height * 0.36 - inset)  # the bottom number, for the tables
    canvas.setLineWidth(0.8)
    canvas.setStrokeColor(INK)
    for (bottom, tall), fill in ((upper, BLUSH), (lower, colors.white)):
        canvas.setFillColor(fill)
        canvas.roundRect(x + inset, bottom, width - 2 * inset, tall, 2.5 * mm, stroke=1, fill=1)
    canvas.setFillColor(INK)
    canvas.setFont(BODY_BOLD, 8)
    canvas.drawCentredString(centre, upper[0] + upper[1] - 5 * mm, CARD_LABELS[0])
    canvas.setFont(BODY_BOLD, 60)
    canvas.drawCentredString(centre, upper[0] + upper[1] / 2 - 24, str(card.top))
    canvas.setFont(BODY_BOLD, 6.5)
    canvas.drawCentredString(centre, lower[0] + lower[1] - 4.5 * mm, CARD_LABELS[1])
    canvas.setFont(BODY, 30)
    canvas.drawCentredString(centre, lower[0] + lower[1] / 2 - 14, str(card.bottom))
    cut_guide(canvas, slot)


def _card_back(canvas: Canvas, card: Card, slot: Slot) -> None:
    x, y, width, height = slot.trim
    centre = x + width / 2
    canvas.setFillColor(CARD_BACK)
    canvas.rect(*slot.bleed, stroke=0, fill=1)
    canvas.setStrokeColor(BLUSH)
    canvas.setLineWidth(1.2)
    canvas.roundRect(x + 4 * mm, y + 4 * mm, width - 8 * mm, height - 8 * mm, 3 * mm)
    canvas.setLineWidth(0.8)
    canvas.circle(centre, y + height / 2 + 3, 24 * mm)  # the rink's centre circle
    canvas.setFillColor(colors.white)
    canvas.setFont(BODY_BOLD, 24)
    canvas.drawCentredString(centre, y + height / 2, TITLE)
    canvas.setFont(BODY_ITALIC, 9)
    canvas.drawCentredString(centre, y + height / 2 - 5 * mm, "Action deck")


# --- score sheets ---------------------------------------------------------------------------


def score_columns(game: KissCry) -> tuple[tuple[str, float], ...]:
    """The score sheet's columns and their relative widths."""
    return (
        ("#", 0.45),
        ("SKATER", 3.4),
        ("COUNTRY", 1.1),
        ("E", 1.0),
        *((c, 0.85) for c in COMPONENTS),
        ("SUB", 1.0),
        (factor_label(game.component_factor), 1.0),
        ("DED", 0.8),
        ("FINAL", 1.2),
    )


def _score_sheet(game: KissCry, context: BuildContext, prefilled: bool, path: Path) -> None:
    paper = context.paper.landscape()
    entries = [game.skaters[s] for s in game.field] if prefilled else []
    pages = max(1, -(-len(entries) // SCORE_ROWS))
    subject = "Score sheet: the ready-made field" if prefilled else "Score sheet"

    host = game.host_country if prefilled else None
    draw_pages(
        path,
        paper,
        [
            partial(
                _score_page,
                game=game,
                paper=paper,
                host=host,
                entries=entries[page * SCORE_ROWS : (page + 1) * SCORE_ROWS],
                page=page,
                pages=pages,
            )
            for page in range(pages)
        ],
        title=f"{TITLE}: {subject.lower()}",
        author=AUTHOR,
        subject=subject,
    )


def _score_page(
    canvas: Canvas,
    game: KissCry,
    paper: Paper,
    host: str | None,
    entries: Sequence[Skater],
    page: int,
    pages: int,
) -> None:
    left, right = SHEET_MARGIN, paper.width - SHEET_MARGIN
    top = paper.height - SHEET_MARGIN
    canvas.setFillColor(INK)
    canvas.setFont(BODY_BOLD, 14)
    canvas.drawString(left, top - 13, f"{TITLE} score sheet")
    canvas.setFont(BODY, 10)
    canvas.drawString(left + 170, top - 13, "Event: ____________________________")
    canvas.drawString(left + 370, top - 13, "Program:  SHORT  /  LONG")
    if host is not None:
        canvas.drawString(left + 510, top - 13, "Host country:")
        canvas.setFont(BODY_BOLD, 10)
        canvas.drawString(left + 510 + stringWidth("Host country: ", BODY, 10), top - 13, host)
    else:
        canvas.drawString(left + 510, top - 13, "Host country: ______")
    canvas.setFont(BODY, 10)
    if pages > 1:
        canvas.drawRightString(right, top - 13, f"Page {page + 1} of {pages}")
    factor = factor_label(game.component_factor)
    canvas.setFont(BODY, 8)
    canvas.drawString(
        left,
        top - 27,
        f"SUB = SS + TR + PE + CH + IN.   {factor} = SUB x {game.component_factor:g}.   "
        f"FINAL = E + {factor} - DED, then any modifier and home-judge points.   "
        "Long program: multiply E + "
        f"{factor} - DED by the multiplier first.",
    )
    columns = score_columns(game)
    total = sum(weight for _, weight in columns)
    xs = [left]
    for _, weight in columns:
        xs.append(xs[-1] + (right - left) * weight / total)
    head = 20.0
    grid_top = top - 36
    height = min(24.0, (grid_top - head - SHEET_MARGIN) / SCORE_ROWS)
    bottom = grid_top - head - SCORE_ROWS * height
    canvas.setFillColor(HEAD)
    canvas.rect(left, grid_top - head, right - left, head, stroke=0, fill=1)
    # The chart's colours over their columns: green E, yellow components, red DED.
    tints = {"E": GREEN_LIGHT, "DED": RED_LIGHT, **dict.fromkeys(COMPONENTS, YELLOW_LIGHT)}
    for (label, _), x0, x1 in zip(columns, xs, xs[1:], strict=False):
        if label in tints:
            canvas.setFillColor(tints[label])
            canvas.rect(x0, bottom, x1 - x0, grid_top - head - bottom, stroke=0, fill=1)
    for index in range(1, SCORE_ROWS, 2):
        canvas.setFillColor(colors.Color(0, 0, 0, alpha=0.04))
        canvas.rect(left, grid_top - head - (index + 1) * height, right - left, height, 0, 1)
    canvas.setStrokeColor(RULE)
    for index in range(SCORE_ROWS + 2):
        y = grid_top if index == 0 else grid_top - head - (index - 1) * height
        canvas.setLineWidth(1.0 if index in (0, 1, SCORE_ROWS + 1) else 0.4)
        canvas.line(left, y, right, y)
    for index, x in enumerate(xs):
        canvas.setLineWidth(1.0 if index in (0, 3, len(xs) - 2, len(xs) - 1) else 0.4)
        canvas.line(x, grid_top, x, bottom)
    canvas.setFillColor(INK)
    canvas.setFont(BODY_BOLD, 9)
    for (label, _), x0, x1 in zip(columns, xs, xs[1:], strict=False):
        canvas.drawCentredString((x0 + x1) / 2, grid_top - head + 7, label)
    first = page * SCORE_ROWS
    for index in range(SCORE_ROWS):
        y = grid_top - head - (index + 1) * height + (height - 7) / 2
        canvas.setFont(BODY, 8)
        canvas.setFillColor(RULE)
        canvas.drawCentredString((xs[0] + xs[1]) / 2, y, str(first + index + 1))
        if index < len(entries):
            canvas.setFillColor(INK)
            canvas.setFont(BODY, 10)
            canvas.drawString(xs[1] + 4, y, entries[index].name)
            canvas.drawCentredString((xs[2] + xs[3]) / 2, y, entries[index].country)
