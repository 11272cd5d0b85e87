"""BLADE's printed kit: rulebook, game charts, the skater books (a page an event, one file
printed back to back), a time chart per event, the action deck and the score sheets, all
drawn from the same validated model.

The rulebook and the game-charts sheet typeset their charts from the same functions, so the
two can never disagree. Pages that are mostly grid are composed from the render core's
drawing verbs on the canvas: the time charts from the chart grid, the score sheets from the
score sheet, the cards from the card frame. That is several times faster than a Platypus
table and puts every number exactly where the reader's eye expects it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import partial
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Table

from authoring.components import BuildContext, Component, Printing
from authoring.games.blade.model import (
    Blade,
    Card,
    Event,
    Modifier,
    ModifierReading,
    Rating,
    Skater,
    Span,
    chart_sheet,
    lookup,
)
from authoring.games.blade.race import BONUSES, STAGES, field_for
from authoring.games.blade.rules import counted_move, letter_distribution, modified_letter
from authoring.games.blade.timing import LETTERS, ROWS, format_time
from authoring.render.cards import CardFrame, Panel, card_back, card_face, draw_panel
from authoring.render.document import draw_pages
from authoring.render.flow import (
    TableSource,
    build_markup_book,
    data_table,
    inline_markup,
    render_markup,
    side_by_side,
    styles,
)
from authoring.render.fonts import BODY, BODY_BOLD
from authoring.render.grid import ChartGrid, GridStyle, draw_grid
from authoring.render.imposition import Rect, Slot, impose
from authoring.render.paper import CARD_SIZES, Paper
from authoring.render.scoresheet import (
    ScoreSheet,
    SheetColumn,
    SheetField,
    SheetStyle,
    write_score_sheets,
)
from authoring.render.words import name_key, number_range

TITLE = "BLADE"
AUTHOR = "authoring (from the BLADE workbook)"
ACTION_CARD = CARD_SIZES["poker"]
STAGE_NAMES = {"start": "Start", "mid_race": "Mid-race", "final_lap": "Final lap"}
OUTCOME_NAMES = {
    "no_effect": "No effect",
    "fast_start": "Fast start",
    "good_position": "Good position",
    "burst_of_speed": "Burst of speed",
    "stumble": "Stumble",
    "damaged_skate": "Damaged skate",
    "disqualified": "Disqualified",
    "possible_fall": "Possible fall",
    "no_injury": "No injury",
    "skates_on": "Hurt, skates on",
    "withdraws": "Withdraws",
}
# What each stage result asks of the player: shared by the rulebook and the game charts.
OUTCOME_EFFECTS = {
    "bonus": "Draw a card and read its middle number on the grade draw. If the grade is the "
    "skater's best letter{better}, draw once more: the last digit of its middle number is the "
    "hundredths of a second taken off (a 7 is -0.07).",
    "stumble": "Draw a card: the last digit of its middle number is the hundredths of a "
    "second added (a 4 is +0.04).",
    "damaged_skate": "The skater withdraws and records no time.",
    "disqualified": "The skater is out of the race and records no time.",
    "possible_fall": "Draw a card and check the middle number against the skater's FALL "
    "rating (see the falls chart).",
}
FALL_NOTE = (
    "**Fall rating:** the skater falls if the middle number is no greater than the skater's "
    "FALL rating; with a FALL rating of 1, whenever it ends in 1. Then draw on the falls chart "
    "(minutes.seconds: 0.05 = 5 s); a draw ending in 0 goes to the injury table, one ending "
    "in 1 may cause a collision."
)
"""Printed under the injury table on the game charts, beside the longer grade draw."""
TIME_CHART_LABELS = ("TIME CHART", "GAME CHARTS", "GRADE")
SCORE_COLUMNS = (
    SheetColumn("SKATER", 3.2),
    SheetColumn("COUNTRY", 1.2),
    SheetColumn("GRADE", 1.0),
    SheetColumn("FALL", 0.8),
    SheetColumn("START", 1.0),
    SheetColumn("MID", 1.0),
    SheetColumn("FINAL", 1.0),
    SheetColumn("TM", 1.0),
    SheetColumn("BASE TIME", 1.4),
    SheetColumn("OFFICIAL TIME", 1.6),
)
SCORE_ROWS = 20
"""Ruled rows on a score-sheet page: a pre-filled sheet runs on to more pages if it must."""
SCORE_NOTE = (
    "Skaters race in pairs, two lines a pair.  TM = START + MID + FINAL + time added by "
    "falls.  OFFICIAL TIME = BASE TIME + TM.  Lowest official time wins."
)
SKATER_BOOK_TEXT = 9.0
"""The skater books' table size: the longest event's roster fits one page of either paper."""
SHEET_MARGIN = 10 * mm
CHART_HEADER = 32.0
"""From the top margin down to a time chart's grid: its title and how to read it."""
BAND = colors.HexColor("#eef1f6")
HEAD = colors.HexColor("#d5dbe5")
RULE = colors.HexColor("#8a8f98")
INK = colors.HexColor("#1d2a3a")
CARD_BACK = colors.HexColor("#17324d")
ICE = colors.HexColor("#dbe9f5")
TIME_GRID = GridStyle(ink=INK, rule=RULE, band=BAND, head=HEAD)
SCORE_STYLE = SheetStyle(ink=INK, rule=RULE, head=HEAD, band=BAND, thick_rule=1.2)
CARD_FRONT = CardFrame(ink=INK, line=INK)
CARD_REVERSE = CardFrame(paper=CARD_BACK, line=ICE, line_width=1.2, radius=3 * mm, ink=colors.white)
PANEL_HEIGHT = 24 * mm
BLADE_INSET = 10 * mm
"""From the back's safe zone to the ends of the two skate blades drawn on it."""
BLADE_SPACING = 9 * mm
"""From the back's centre line up and down to each skate blade."""


SCORE_SHEET_READS = frozenset({"Events", "Field", "Skaters", "Ratings"})


def components(game: Blade, context: BuildContext) -> list[Component]:
    tables = named_tables(game)
    render = partial(_render, game, context)
    kit = [
        Component(
            "rulebook",
            partial(
                _book,
                render(
                    "rulebook.md.j2",
                    race=worked_race(game),
                    turns=direction_examples(game),
                    **deck_facts(game),
                    **reading_facts(game),
                ),
                tables,
                context.paper,
                "Rulebook",
            ),
            printing=Printing("Rulebook", double_sided=True),
        ),
        Component(
            "game-charts",
            partial(
                _book,
                render("game-charts.md.j2"),
                named_tables(game, font_size=9),
                context.paper,
                "Game charts",
            ),
            printing=Printing("Game charts", card_stock=True),
        ),
    ]
    books = [(event, rated_in(game, event.event)) for event in game.events.values()]
    kit.append(
        Component(
            "skater-books",
            partial(
                _book,
                render("skaters.md.j2", books=books),
                named_tables(game, font_size=SKATER_BOOK_TEXT),
                context.paper,
                "Skater books",
            ),
            # A page an event, back to back: half the paper of a sheet each.
            printing=Printing(
                "Skater books",
                double_sided=True,
                how="One page for each event: keep it beside the event's time chart.",
            ),
        )
    )
    for event in game.events.values():
        kit.append(
            Component(
                f"chart-{event.event}",
                partial(_time_chart, game, event, context),
                reads=frozenset({"Events", chart_sheet(event.event)}),
                printing=Printing(f"Time chart: {event.name}", card_stock=True),
            )
        )
    kit.append(
        Component(
            "action-deck",
            partial(_action_deck, game, context),
            reads=frozenset({"Deck"}),
            printing=Printing.double_sided_pieces(
                "Action deck", how="Cut out the cards along the solid lines."
            ),
        )
    )
    kit.append(
        Component(
            "score-sheet",
            partial(_score_sheet, game, context, None),
            reads=SCORE_SHEET_READS,
            # One sheet a race: a championship races every event once.
            printing=Printing(
                "Score sheet", copies=len(game.events), how="One sheet for each race."
            ),
        )
    )
    for fielded in game.field:
        kit.append(
            Component(
                f"score-sheet-{fielded}",
                partial(_score_sheet, game, context, fielded),
                reads=SCORE_SHEET_READS,
                printing=Printing(f"Score sheet: {game.events[fielded].name}, ready-made field"),
            )
        )
    return kit


def _render(game: Blade, context: BuildContext, name: str, **extra: object) -> str:
    return render_markup(
        context.templates,
        name,
        model=game,
        title=TITLE,
        edition=context.edition,
        letters=LETTERS,
        rows=ROWS,
        fmt=format_time,
        modifier_label=modifier_label,
        **extra,
    )


def _book(
    text: str,
    tables: dict[str, TableSource],
    paper: Paper,
    subject: str,
    path: Path,
) -> None:
    build_markup_book(
        path, paper, text, tables, title=f"{TITLE}: {subject}", author=AUTHOR, subject=subject
    )


# --- what the prose reads: who is rated where, and worked examples ------------------------


def rated_in(game: Blade, event: str) -> list[tuple[Skater, Rating]]:
    """Every skater rated in the event, by country, then by name."""
    rated = [
        (game.skaters[skater], rating)
        for (skater, rated_event), rating in game.ratings.items()
        if rated_event == event
    ]
    return sorted(rated, key=lambda pair: (pair[0].country, name_key(pair[0].name), pair[0].id))


def modifier_label(modifier: Modifier) -> str:
    """A bottom modifier as the card prints it: +3, -2, 0, MAX or MIN."""
    if isinstance(modifier, str):
        return modifier
    return f"{modifier:+d}" if modifier else "0"


def fall_time(seconds: float) -> str:
    """Time added by a fall in the falls chart's minutes.seconds notation (65 s is 1.05)."""
    minutes, rest = divmod(round(seconds), 60)
    return f"{minutes}.{rest:02d}"


def deck_facts(game: Blade) -> dict[str, object]:
    """How the deck's numbers are spread: the rulebook states it only when it is even."""
    tops = set(Counter(card.top for card in game.deck).values())
    middles = Counter(card.middle for card in game.deck)
    return {
        "top_copies": tops.pop() if len(tops) == 1 else None,
        "middles_once": set(middles) == set(range(1, 101)) and set(middles.values()) == {1},
    }


def reading_facts(game: Blade) -> dict[str, object]:
    """What each way of counting a move toward A does to the seed's wide rating, A-G, for the
    rulebook's reasons for the reading chosen."""
    wide = Rating("", "", 0, 6)
    on_best = {}
    for faster_from_worst in (False, True):
        reading = replace(game.modifier_reading, faster_from_worst=faster_from_worst)
        chances = letter_distribution(replace(game, modifier_reading=reading), wide)
        on_best[faster_from_worst] = round(100 * chances.get(wide.best, Fraction(0)))
    sign_toward_a = 1 if game.modifier_reading.minus_is_slower else -1
    toward_a = sum(
        isinstance(card.modifier, int) and card.modifier * sign_toward_a > 0 for card in game.deck
    )
    return {
        "toward_a_cards": toward_a,
        "best_share_from_best": on_best[False],
        "best_share_from_both_ends": on_best[True],
    }


@dataclass(frozen=True)
class Turn:
    """A modifier applied to a rating: what the rulebook's direction examples show."""

    best: str
    worst: str
    modifier: str
    letter: str


def direction_examples(game: Blade) -> list[Turn]:
    """The original rules' own examples, read the way the Settings sheet says."""
    cases: list[tuple[str, str, Modifier]] = [
        ("D", "G", -2),
        ("D", "G", 2),
        ("O", "Q", 5),
        ("O", "Q", 1),
        ("Q", "T", "MAX"),
        ("Q", "T", "MIN"),
    ]
    turns = []
    for best, worst, modifier in cases:
        rating = Rating("", "", LETTERS.index(best), LETTERS.index(worst))
        letter = modified_letter(rating, modifier, game.modifier_reading)
        turns.append(Turn(best, worst, modifier_label(modifier), LETTERS[letter]))
    return turns


@dataclass(frozen=True)
class WorkedRace:
    """One skater's race, with real cards from the deck and real chart times.

    A stage's draw is None when the chart has no such result; the template leaves it out.
    """

    skater: Skater
    rating: Rating
    event: Event
    start_draw: int | None
    start_outcome: str
    grade_draw: int | None
    bonus_draw: int | None
    mid_draw: int | None
    stumble_draw: int | None
    final_draw: int | None
    modifier_card: Card
    row_card: Card
    letter: int
    base: float
    gained: float
    lost: float

    @property
    def tm(self) -> float:
        return round(self.lost - self.gained, 2)

    @property
    def official(self) -> float:
        return round(self.base + self.tm, 2)


def _outcome(game: Blade, stage: str, draw: int | None) -> str:
    if draw is None:
        return ""
    value = lookup(game.stage_charts[stage], draw)
    return OUTCOME_NAMES.get(value, str(value))


def _first(spans: tuple[Span, ...], wanted: Callable[[object], bool]) -> int | None:
    return next((s.first for s in spans if wanted(s.value)), None)


def worked_race(game: Blade) -> WorkedRace:
    """The first skater of the first field (or of the first event) through one race."""
    event = next(iter(game.field), next(iter(game.events)))
    skater = field_for(game, event)[0]
    rating = game.ratings[(skater, event)]
    deck = game.deck
    # A modifier that moves the letter inside the rating, and the next card for the row.
    moves = [
        (i, modified_letter(rating, card.modifier, game.modifier_reading))
        for i, card in enumerate(deck)
        if not isinstance(card.modifier, str)
    ]
    inside = [i for i, letter in moves if rating.best < letter < rating.worst]
    moved = [i for i, letter in moves if letter != rating.best]
    position = (inside or moved or [0])[0]
    modifier_card, row_card = deck[position], deck[(position + 1) % len(deck)]
    letter = modified_letter(rating, modifier_card.modifier, game.modifier_reading)
    digits = [card.middle for card in deck if card.middle % 10]
    start = _first(game.stage_charts["start"], lambda v: v in BONUSES)
    grade = _first(game.grade_draw, lambda v: v == rating.best) if start is not None else None
    bonus = digits[0] if grade is not None else None
    mid = _first(game.stage_charts["mid_race"], lambda v: v == "stumble")
    stumble = digits[1] if mid is not None else None
    return WorkedRace(
        skater=game.skaters[skater],
        rating=rating,
        event=game.events[event],
        start_draw=start,
        start_outcome=_outcome(game, "start", start),
        grade_draw=grade,
        bonus_draw=bonus,
        mid_draw=mid,
        stumble_draw=stumble,
        final_draw=_first(game.stage_charts["final_lap"], lambda v: v == "no_effect"),
        modifier_card=modifier_card,
        row_card=row_card,
        letter=letter,
        base=game.chart_time(event, letter, row_card.top),
        gained=(bonus % 10) / 100 if bonus is not None else 0.0,
        lost=(stumble % 10) / 100 if stumble is not None else 0.0,
    )


# --- tables shared by the rulebook, the game charts and the skater books ----------------


def named_tables(game: Blade, font_size: float = 8) -> dict[str, TableSource]:
    table = partial(_table, font_size)
    tables: dict[str, TableSource] = {
        "events": partial(_events, game, table),
        "modifiers": partial(_modifiers, game, table),
        "stage_effects": partial(_stage_effects, game, table),
        "grade_draw": partial(_kept, partial(_grade_draw, game, table)),
        "falls": partial(_kept, partial(_falls, game, table)),
        "injury": partial(_kept, partial(_injury, game, table)),
        "stage_charts": partial(_side_by_side, [partial(_stage, game, s, table) for s in STAGES]),
        "fall_charts": partial(
            _side_by_side,
            [
                partial(_grade_draw, game, table),
                partial(_falls, game, table),
                partial(_noted, partial(_injury, game, table), FALL_NOTE),
            ],
        ),
    }
    for stage in STAGES:
        tables[f"stage:{stage}"] = partial(_kept, partial(_stage, game, stage, table))
    for event in game.events:
        tables[f"skaters:{event}"] = partial(_skaters, game, event, table)
    return tables


Tabulate = Callable[..., Table]
Chart = Callable[[], list[Flowable]]


def _kept(chart: Chart) -> Flowable:
    """A chart never split by a page (a chart read across a page is misread). In a book the
    heading above it names it, so its own title is left out."""
    return KeepTogether(chart()[1:])


def _title(text: str) -> Paragraph:
    return Paragraph(escape(text), styles()["h3"])


def _table(
    font_size: float,
    header: Sequence[str],
    rows: Sequence[Sequence[object]],
    widths: Sequence[float] | None = None,
) -> Table:
    table = data_table(header, rows, col_widths=widths, font_size=font_size)
    table.hAlign, table.spaceBefore, table.spaceAfter = "LEFT", 2, 8
    # Tight rows: the game charts must fit one sheet, and the eye follows a tight row better.
    table.setStyle([("TOPPADDING", (0, 0), (-1, -1), 1.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 2)])
    return table


def _draws(span: Span) -> str:
    return number_range(span.first, span.last)


def _merged(spans: tuple[Span, ...]) -> list[Span]:
    """Neighbouring ranges with the same result printed as one."""
    merged: list[Span] = []
    for span in spans:
        if merged and merged[-1].value == span.value and merged[-1].last + 1 == span.first:
            merged[-1] = Span(merged[-1].first, span.last, span.value)
        else:
            merged.append(span)
    return merged


def _events(game: Blade, table: Tabulate) -> Flowable:
    rated = Counter(event for _, event in game.ratings)
    rows = [
        [
            e.name,
            format_time(e.world_record),
            f"{LETTERS[e.best_letter]}-{LETTERS[e.worst_letter]}",
            rated[e.event],
        ]
        for e in game.events.values()
    ]
    return table(["Event", "World record", "Ratings run", "Skaters rated"], rows)


def _modifiers(game: Blade, table: Tabulate) -> Flowable:
    counts = Counter(card.modifier for card in game.deck)
    numbers: list[Modifier] = sorted(m for m in counts if isinstance(m, int))
    words: list[Modifier] = [m for m in counts if isinstance(m, str)]
    words.sort(key=lambda m: m != "MAX")
    rows = [
        [modifier_label(m), counts[m], _column_used(m, game.modifier_reading)]
        for m in [*numbers, *words]
    ]
    return KeepTogether(
        [table(["Modifier", "Cards", "Column used"], rows, [22 * mm, 16 * mm, 80 * mm])]
    )


def _column_used(modifier: Modifier, reading: ModifierReading) -> str:
    """The rules engine's reading of one modifier, in words for the deck table."""
    if modifier == "MIN":
        return "the skater's worst letter"
    if modifier == "MAX":
        return "the skater's best letter"
    from_worst, toward_slower = counted_move(modifier, reading)
    steps = abs(toward_slower)
    letters = f"{steps} letter{'s' if steps != 1 else ''}"
    if from_worst:
        return f"{letters} before the worst letter (at most the best)"
    if toward_slower > 0:
        return f"{letters} after the best letter (at most the worst)"
    return "the skater's best letter"


def _stage(game: Blade, stage: str, table: Tabulate) -> list[Flowable]:
    rows = [[_draws(s), OUTCOME_NAMES.get(s.value, s.value)] for s in game.stage_charts[stage]]
    return [
        _title(f"{STAGE_NAMES[stage]} chart"),
        table(["Draw", "Result"], rows, [16 * mm, 34 * mm]),
    ]


def _stage_effects(game: Blade, table: Tabulate) -> Flowable:
    """What each result on the stage charts asks for; the three bonuses share one row."""
    groups: dict[str, list[str]] = {}
    for stage in STAGES:
        for span in game.stage_charts[stage]:
            key = "bonus" if span.value in BONUSES else span.value
            if key in OUTCOME_EFFECTS and span.value not in groups.setdefault(key, []):
                groups[key].append(span.value)
    # Settings, bonus_grade_match: a best letter better than the grade drawn may count too.
    better = " or a letter after it" if game.bonus_on_better_letter else ""
    rows = [
        [
            ", ".join(OUTCOME_NAMES.get(o, o) for o in outcomes).capitalize(),
            OUTCOME_EFFECTS[key].format(better=better),
        ]
        for key, outcomes in groups.items()
        if outcomes
    ]
    return KeepTogether([table(["Result", "What to do"], rows, [40 * mm, 128 * mm])])


def _grade_draw(game: Blade, table: Tabulate) -> list[Flowable]:
    rows = [[_draws(s), LETTERS[s.value]] for s in game.grade_draw]
    return [_title("Grade draw"), table(["Draw", "Grade"], rows, [18 * mm, 16 * mm])]


def _falls(game: Blade, table: Tabulate) -> list[Flowable]:
    rows = [[_draws(s), fall_time(s.value), f"{round(s.value)} s"] for s in game.falls_chart]
    return [
        _title("Falls chart"),
        table(["Draw", "Time added", "Seconds"], rows, [14 * mm, 22 * mm, 16 * mm]),
    ]


def _injury(game: Blade, table: Tabulate) -> list[Flowable]:
    rows = [[_draws(s), OUTCOME_NAMES.get(s.value, s.value)] for s in _merged(game.injury_table)]
    return [_title("Injury table"), table(["Draw", "Result"], rows, [16 * mm, 30 * mm])]


def _noted(chart: Chart, note: str) -> list[Flowable]:
    """A chart with a note under it, in the room its column leaves beside longer charts."""
    return [*chart(), Paragraph(inline_markup(note), styles()["body"])]


def _side_by_side(parts: Sequence[Chart]) -> Flowable:
    return side_by_side([part() for part in parts], 56 * mm)


def _skaters(game: Blade, event: str, table: Tabulate) -> Flowable:
    rows = [
        [skater.country, skater.name, rating.label, skater.fall_rating]
        for skater, rating in rated_in(game, event)
    ]
    return table(
        ["Country", "Skater", "Rating", "Fall"], rows, [22 * mm, 70 * mm, 22 * mm, 16 * mm]
    )


# --- time charts ---------------------------------------------------------------------------


def _time_chart(game: Blade, event: Event, context: BuildContext, path: Path) -> None:
    paper = context.paper.landscape()
    grid = ChartGrid(
        LETTERS, [[format_time(seconds) for seconds in row] for row in game.charts[event.event]]
    )
    halves = (range(1, ROWS // 2 + 1), range(ROWS // 2 + 1, ROWS + 1))
    draw_pages(
        path,
        paper,
        [
            partial(
                _chart_page,
                paper=paper,
                event=event,
                grid=grid,
                rows=rows,
                page=page,
                pages=len(halves),
            )
            for page, rows in enumerate(halves, start=1)
        ],
        title=f"{TITLE}: time chart, {event.name}",
        author=AUTHOR,
        subject=f"Time chart: {event.name}",
    )


def _chart_page(
    canvas: Canvas, paper: Paper, event: Event, grid: ChartGrid, rows: range, page: int, pages: int
) -> None:
    left, right = SHEET_MARGIN, paper.width - SHEET_MARGIN
    top = paper.height - SHEET_MARGIN
    canvas.setFillColor(INK)
    canvas.setFont(BODY_BOLD, 13)
    canvas.drawString(left, top - 11, f"{TITLE} time chart: {event.name}")
    canvas.setFont(BODY, 9)
    canvas.drawRightString(
        right, top - 11, f"Rows {number_range(rows[0], rows[-1])} (page {page} of {pages})"
    )
    canvas.drawString(
        left,
        top - 24,
        "Find the row of the card's top number, then read across to the skater's letter. "
        f"World record {format_time(event.world_record)}.",
    )
    box = Rect(left, SHEET_MARGIN, right - left, top - CHART_HEADER - SHEET_MARGIN)
    draw_grid(canvas, grid, box, rows, TIME_GRID)


# --- the action deck -----------------------------------------------------------------------


def _action_deck(game: Blade, context: BuildContext, path: Path) -> None:
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
    top, middle, low = TIME_CHART_LABELS
    panels = (
        (safe.y + safe.height - PANEL_HEIGHT, Panel(top, str(card.top), 40, ICE)),
        (
            safe.y + (safe.height - PANEL_HEIGHT) / 2,
            Panel(middle, str(card.middle), 30, value_font=BODY),
        ),
        (safe.y, Panel(low, modifier_label(card.modifier), 30, ICE)),
    )
    for bottom, panel in panels:
        draw_panel(canvas, Rect(safe.x, bottom, safe.width, PANEL_HEIGHT), panel, CARD_FRONT)


def _card_back(canvas: Canvas, card: Card, slot: Slot) -> None:
    safe = card_back(canvas, slot, CARD_REVERSE, TITLE, "Action deck")
    canvas.setLineWidth(2)
    middle = safe.y + safe.height / 2
    for offset in (-BLADE_SPACING, BLADE_SPACING):  # two skate blades, above and below
        y = middle + offset
        canvas.line(safe.x + BLADE_INSET, y, safe.x + safe.width - BLADE_INSET, y)


# --- score sheets --------------------------------------------------------------------------


def _score_sheet(game: Blade, context: BuildContext, event: str | None, path: Path) -> None:
    paper = context.paper.landscape()
    entries: list[list[str]] = []
    if event is not None:
        for skater_id in game.field.get(event, ()):
            skater, rating = game.skaters[skater_id], game.ratings.get((skater_id, event))
            label = rating.label if rating is not None else ""
            entries.append([skater.name, skater.country, label, str(skater.fall_rating)])
    name = game.events[event].name if event is not None else None
    subject = f"Score sheet: {name}" if name else "Score sheet"
    sheet = ScoreSheet(
        title=f"{TITLE} score sheet",
        fields=(SheetField("Event", name, blank=30), SheetField("Date", None, blank=20)),
        note=SCORE_NOTE,
        columns=SCORE_COLUMNS,
        rows=SCORE_ROWS,
        entries=entries,
        rows_per_group=2,  # skaters race in pairs
        centred=frozenset({1, 2, 3}),
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
