"""BLADE's validated data as typed objects: events and their charts, skaters, the deck and
the game charts. Times are held in seconds; the workbook writes them in the event format."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any, Literal

from authoring.checks import Tables
from authoring.findings import Location
from authoring.games.blade.timing import LETTERS, parse_fall_time, parse_time

Modifier = int | Literal["MAX", "MIN"]
EVENTS = ("m500", "m1500", "m5000", "m10000", "w500", "w1500", "w3000", "w5000")


def chart_sheet(event: str) -> str:
    return f"Chart_{event}"


@dataclass(frozen=True)
class Event:
    event: str
    gender: str
    distance: int
    name: str
    world_record: float
    best_letter: int
    worst_letter: int
    a_offset: float
    letter_step: float
    row_spread: float


@dataclass(frozen=True)
class Rating:
    skater: str
    event: str
    best: int
    worst: int
    location: Location | None = None  # its row on sheet Ratings; None if made up in code
    # The cells of the best and worst letters, for findings about one of them.
    letter_cells: tuple[Location, Location] | None = None

    @property
    def label(self) -> str:
        return f"{LETTERS[self.best]}-{LETTERS[self.worst]}"


@dataclass(frozen=True)
class Skater:
    id: str
    name: str
    country: str
    gender: str
    fall_rating: int


@dataclass(frozen=True)
class Card:
    card: int
    top: int
    middle: int
    modifier: Modifier


@dataclass(frozen=True)
class ModifierReading:
    """How a bottom modifier is read, the two places the seed leaves open.

    minus_is_slower: a minus moves the letter toward V. faster_from_worst: a modifier that
    moves toward A counts from the worst letter (not from the best, where it could only stay);
    a modifier toward V, and a 0, always count from the best letter.
    """

    minus_is_slower: bool
    faster_from_worst: bool


@dataclass(frozen=True)
class Span:
    """A range of the middle number (1-100) and what it gives."""

    first: int
    last: int
    value: Any
    # The cell naming what the range gives, for findings about it; None if made up in code.
    location: Location | None = field(default=None, compare=False)


@dataclass(frozen=True)
class RealRate:
    """How often a result happened in real racing: `count` of `starts` (sheet RealRates)."""

    outcome: str
    count: int
    starts: int
    source: str
    counted: str

    @property
    def rate(self) -> float:
        return self.count / self.starts


@dataclass(frozen=True)
class Blade:
    modifier_reading: ModifierReading
    derive_tolerance: int
    z_threshold: float
    world_record_margin: float
    results_needed: int
    events: dict[str, Event]
    charts: dict[str, tuple[tuple[float, ...], ...]]  # event -> [row - 1][letter] seconds
    skaters: dict[str, Skater]
    ratings: dict[tuple[str, str], Rating]
    results: dict[tuple[str, str], tuple[float, ...]]
    deck: tuple[Card, ...]
    stage_charts: dict[str, tuple[Span, ...]]
    grade_draw: tuple[Span, ...]
    falls_chart: tuple[Span, ...]
    injury_table: tuple[Span, ...]
    field: dict[str, tuple[str, ...]]
    sheets: dict[str, Location]  # each sheet's own, for findings about a whole sheet
    # The Settings' bonus_grade_match: True when a best letter better than the grade drawn
    # also counts (equal_or_better); False keeps the seed's words, equal only.
    bonus_on_better_letter: bool = False
    real_rates: tuple[RealRate, ...] = ()

    def bonus_counts(self, grade: int, best: int) -> bool:
        """Whether a fast start, good position or burst of speed pays off for a skater whose
        best letter is `best` when the grade draw gives `grade` (A = 0 is the best)."""
        return best == grade or (self.bonus_on_better_letter and best < grade)

    def chart_time(self, event: str, letter: int, row: int) -> float:
        return self.charts[event][row - 1][letter]


def lookup(spans: tuple[Span, ...], number: int) -> Any:
    """What a 1-100 chart gives for `number`."""
    for span in spans:
        if span.first <= number <= span.last:
            return span.value
    raise ValueError(f"{number} is not on the chart")


def build_model(tables: Tables) -> Blade:
    def rows(sheet: str) -> list[dict[str, Any]]:
        return [record.values for record in tables[sheet].records]

    settings = rows("Settings")[0]
    events = {
        row["event"]: Event(
            event=row["event"],
            gender=row["gender"],
            distance=row["distance"],
            name=row["name"],
            world_record=_seconds(row["world_record"]),
            best_letter=LETTERS.index(row["best_letter"]),
            worst_letter=LETTERS.index(row["worst_letter"]),
            a_offset=row["a_offset"],
            letter_step=row["letter_step"],
            row_spread=row["row_spread"],
        )
        for row in rows("Events")
    }
    charts = {
        event: tuple(
            tuple(_seconds(row[letter]) for letter in LETTERS)
            for row in sorted(rows(chart_sheet(event)), key=lambda r: r["row"])
        )
        for event in events
    }
    results: dict[tuple[str, str], list[float]] = defaultdict(list)
    for row in rows("Results"):
        results[(row["skater"], row["event"])].append(_seconds(row["time"]))
    stage_charts: dict[str, list[Span]] = defaultdict(list)
    for record in tables["StageCharts"].records:
        row = record.values
        stage_charts[row["chart"]].append(
            Span(row["from"], row["to"], row["outcome"], record.location("outcome"))
        )
    field: dict[str, list[str]] = defaultdict(list)
    for row in rows("Field"):
        field[row["event"]].append(row["skater"])
    return Blade(
        modifier_reading=ModifierReading(
            minus_is_slower=settings["modifier_direction"] == "minus_is_slower",
            faster_from_worst=settings["faster_modifier_counts_from"] == "worst_letter",
        ),
        derive_tolerance=settings["derive_tolerance"],
        z_threshold=settings["z_threshold"],
        world_record_margin=settings["world_record_margin"],
        results_needed=settings["skater_results_min"],
        events=events,
        charts=charts,
        skaters={
            row["id"]: Skater(
                row["id"], row["name"], row["country"], row["gender"], row["fall_rating"]
            )
            for row in rows("Skaters")
        },
        ratings={
            (r["skater"], r["event"]): Rating(
                r["skater"],
                r["event"],
                LETTERS.index(r["best"]),
                LETTERS.index(r["worst"]),
                record.location(),
                (record.location("best"), record.location("worst")),
            )
            for record in tables["Ratings"].records
            for r in [record.values]
        },
        results={key: tuple(times) for key, times in results.items()},
        deck=tuple(Card(r["card"], r["top"], r["middle"], r["modifier"]) for r in rows("Deck")),
        stage_charts={name: tuple(spans) for name, spans in stage_charts.items()},
        grade_draw=tuple(
            Span(r["from"], r["to"], LETTERS.index(r["grade"])) for r in rows("GradeDraw")
        ),
        falls_chart=tuple(
            Span(r["from"], r["to"], parse_fall_time(r["time_added"])) for r in rows("FallsChart")
        ),
        injury_table=tuple(Span(r["from"], r["to"], r["outcome"]) for r in rows("InjuryTable")),
        field={event: tuple(skaters) for event, skaters in field.items()},
        sheets={name: sheet.location() for name, sheet in tables.items()},
        bonus_on_better_letter=settings["bonus_grade_match"] == "equal_or_better",
        real_rates=tuple(
            RealRate(r["outcome"], r["count"], r["starts"], r["source"], r["counted"])
            for r in rows("RealRates")
        ),
    )


def _seconds(text: str) -> float:
    seconds = parse_time(text)
    if seconds is None:
        raise ValueError(f"not a time: {text!r}")  # the schema's pattern admits only times
    return seconds
