"""KISS & CRY's validated data as typed objects: skaters, their season, their charts, the
deck and the modifier sheet."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any

from authoring.checks import Tables
from authoring.findings import Location

COMPONENTS = ("SS", "TR", "PE", "CH", "IN")
SCORES = ("E", *COMPONENTS, "DED")
HUNDREDTH = Decimal("0.01")
# A repeating decimal (a mean over three events, say) is shown cut to this many places.
SHOWN_PLACES = 4


def exact(value: float | Decimal) -> Decimal:
    """A workbook number as the designer typed it: 30.01 stays 30.01, not the nearest binary
    fraction (30.0099999...), so products round as the rulebook's arithmetic does."""
    return value if isinstance(value, Decimal) else Decimal(str(value))


def to_hundredth(value: Decimal) -> Decimal:
    """Rounded half up to the hundredth, as the rulebook scores: 45.015 is 45.02."""
    return value.quantize(HUNDREDTH, rounding=ROUND_HALF_UP)


def rounded(value: Fraction, places: int) -> Decimal:
    """An exact figure (a mean, say) rounded half up to `places` decimals, with no detour
    through floats: the mean 52.6625 is 52.663 to three places."""
    unit = Decimal(1).scaleb(-places)
    magnitude = int(abs(value) / Fraction(unit) + Fraction(1, 2)) * unit
    return -magnitude if value < 0 else magnitude


def shown(value: Fraction) -> str:
    """An exact figure in full: 52.6625, or 52.6633... (15799/300) when it repeats."""
    denominator = value.denominator
    for prime in (2, 5):
        while denominator % prime == 0:
            denominator //= prime
    if denominator == 1:
        places = 0
        while (value * 10**places).denominator != 1:
            places += 1
        return str(rounded(value, max(places, 2)))
    return f"{rounded(value, SHOWN_PLACES)}... ({value})"


@dataclass(frozen=True)
class Scores:
    """One program's marks: element score, the five components, and deductions."""

    E: float
    SS: float
    TR: float
    PE: float
    CH: float
    IN: float
    DED: int

    def components(self) -> Decimal:
        marks = (self.SS, self.TR, self.PE, self.CH, self.IN)
        return sum((exact(mark) for mark in marks), Decimal(0))

    def final(self, factor: float) -> Decimal:
        """The seed's formula: E + factor x (the five components) - deductions, to the
        hundredth."""
        return to_hundredth(exact(self.E) + exact(factor) * self.components() - self.DED)


@dataclass(frozen=True)
class Share:
    """One range of a skater's chart: an event's scores, or a draw-again band (None)."""

    first: int
    last: int
    competition: str | None
    scores: Scores | None


@dataclass(frozen=True)
class Skater:
    id: str
    name: str
    country: str


@dataclass(frozen=True)
class Competition:
    id: str
    name: str
    host_country: str
    order: int


@dataclass(frozen=True)
class Span:
    first: int
    last: int
    value: Any


@dataclass(frozen=True)
class Card:
    card: int
    top: int
    bottom: int


@dataclass(frozen=True)
class KissCry:
    chart_range: int
    component_factor: float
    home_judge_doubles: frozenset[int]
    field_size: int
    host_country: str
    skaters: dict[str, Skater]
    competitions: dict[str, Competition]
    results: dict[str, tuple[tuple[str, Scores], ...]]  # skater -> season, in season order
    charts: dict[str, tuple[Share, ...]]
    deck: tuple[Card, ...]
    modifiers: tuple[Span, ...]
    home_judge: tuple[Span, ...]
    long_program: tuple[Span, ...]
    field: tuple[str, ...]
    sheets: dict[str, Location]  # each sheet's own, for findings about a whole sheet


def lookup(spans: tuple[Span, ...] | tuple[Share, ...], number: int) -> Any:
    for span in spans:
        if span.first <= number <= span.last:
            return span
    raise ValueError(f"{number} is not on the table")


def scores_of(row: dict[str, Any]) -> Scores | None:
    if any(row.get(name) is None for name in SCORES):
        return None
    return Scores(**{name: row[name] for name in SCORES})


def build_model(tables: Tables) -> KissCry:
    def rows(sheet: str) -> list[dict[str, Any]]:
        return [record.values for record in tables[sheet].records]

    settings = rows("Settings")[0]
    competitions = {
        r["id"]: Competition(r["id"], r["name"], r["host_country"], r["order"])
        for r in rows("Competitions")
    }
    season: dict[str, list[tuple[str, Scores]]] = defaultdict(list)
    for row in rows("Results"):
        scores = scores_of(row)
        assert scores is not None  # the schema admits no blank mark in Results
        season[row["skater"]].append((row["competition"], scores))
    charts: dict[str, list[Share]] = defaultdict(list)
    for row in sorted(rows("Charts"), key=lambda r: (r["skater"], r["from"])):
        charts[row["skater"]].append(
            Share(row["from"], row["to"], row["competition"], scores_of(row))
        )
    return KissCry(
        chart_range=settings["chart_range"],
        component_factor=settings["component_factor"],
        home_judge_doubles=frozenset(int(n) for n in settings["home_judge_doubles"].split()),
        field_size=settings["field_size"],
        host_country=settings["host_country"],
        skaters={r["id"]: Skater(r["id"], r["name"], r["country"]) for r in rows("Skaters")},
        competitions=competitions,
        results={
            skater: tuple(sorted(events, key=lambda e: competitions[e[0]].order))
            for skater, events in season.items()
        },
        charts={skater: tuple(shares) for skater, shares in charts.items()},
        deck=tuple(Card(r["card"], r["top"], r["bottom"]) for r in rows("Deck")),
        modifiers=tuple(Span(r["from"], r["to"], r["hundredths"]) for r in rows("Modifiers")),
        home_judge=tuple(Span(r["from"], r["to"], r["points"]) for r in rows("HomeJudge")),
        long_program=tuple(Span(r["from"], r["to"], r["multiplier"]) for r in rows("LongProgram")),
        field=tuple(r["skater"] for r in sorted(rows("Field"), key=lambda r: r["start_order"])),
        sheets={name: sheet.location() for name, sheet in tables.items()},
    )
