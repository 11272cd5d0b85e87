"""KISS & CRY's sheets and the semantic checks its data must pass."""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Iterator
from fractions import Fraction

from authoring.checks import (
    Check,
    Tables,
    each_exactly,
    only_row,
    references,
    single_row,
    tiles,
    unique,
)
from authoring.findings import Finding, Severity
from authoring.games.kisscry.charts import chart_for
from authoring.games.kisscry.model import (
    SCORES,
    Scores,
    exact,
    scores_of,
    shown,
)
from authoring.tables import Record

SHEETS = (
    "Settings",
    "Skaters",
    "Competitions",
    "Results",
    "Charts",
    "Deck",
    "Modifiers",
    "HomeJudge",
    "LongProgram",
    "Field",
)
CARDS = 100
EVENTS_PER_SKATER = (2, 6)
# The seed's home judge acts on "a 'double', (11, 22, 33...99)".
DOUBLES = frozenset(range(11, 100, 11))


def home_judge_doubles(tables: Tables) -> Iterator[Finding]:
    settings = only_row(tables["Settings"])
    if settings is None or not settings.ok("home_judge_doubles"):
        return
    numbers = [int(n) for n in settings["home_judge_doubles"].split()]
    strays = [n for n in numbers if n not in DOUBLES]
    if strays:
        yield settings.finding(
            Severity.ERROR,
            "not-a-double",
            f"{' '.join(map(str, strays))} "
            + ("is not a double" if len(strays) == 1 else "are not doubles")
            + ": the home judge acts on a bottom number with two equal digits",
            "home_judge_doubles",
            expected="doubles from 11 to 99, like 11 22 33",
        )


def long_program_order(tables: Tables) -> Iterator[Finding]:
    """A higher bottom number never gives a lower multiplier: the seed's table rises."""
    records = sorted(
        (r for r in tables["LongProgram"].records if r.ok("from") and r.ok("multiplier")),
        key=lambda r: r["from"],
    )
    for before, record in itertools.pairwise(records):
        if record["multiplier"] < before["multiplier"]:
            yield record.finding(
                Severity.ERROR,
                "multiplier-order",
                f"multiplier {record['multiplier']:g} for {record['from']}-{record['to']} is "
                f"below the {before['multiplier']:g} of the lower numbers "
                f"{before['from']}-{before['to']} (row {before.row})",
                "multiplier",
                expected=f"at least {before['multiplier']:g}: multipliers rise with the number",
            )


def long_program_mean(tables: Tables) -> Iterator[Finding]:
    """The table averages what Settings states, so a change to it is never silent."""
    settings = only_row(tables["Settings"])
    records = tables["LongProgram"].records
    fields = ("from", "to", "multiplier")
    if settings is None or not settings.ok("long_program_mean"):
        return
    if not all(r.ok(*fields) for r in records):
        return  # a wrong cell is reported already
    numbers = sum(r["to"] - r["from"] + 1 for r in records)
    if numbers != CARDS:
        return  # the tiling check reports the gap or overlap
    mean = (
        sum(
            (Fraction(r["to"] - r["from"] + 1) * Fraction(exact(r["multiplier"])) for r in records),
            Fraction(0),
        )
        / CARDS
    )
    stated = Fraction(exact(settings["long_program_mean"]))
    if mean != stated:
        yield settings.finding(
            Severity.ERROR,
            "long-program-mean",
            f"the long-program multipliers average {shown(mean)} over 1-100, "
            f"not the {shown(stated)} set here",
            "long_program_mean",
            expected=f"{shown(mean)} if the table was retuned on purpose; else the table as it was",
        )


def season_length(tables: Tables) -> Iterator[Finding]:
    seasons: dict[str, list[Record]] = defaultdict(list)
    for record in tables["Results"].records:
        if record.ok("skater"):
            seasons[record["skater"]].append(record)
    low, high = EVENTS_PER_SKATER
    for skater, records in seasons.items():
        if not low <= len(records) <= high:
            yield records[-1].finding(
                Severity.ERROR,
                "season-length",
                f"{skater} has {len(records)} event(s); a chart needs {low} to {high}",
                "skater",
                expected=f"{low} to {high} events",
            )


def charts_match_seasons(tables: Tables) -> Iterator[Finding]:
    """Each chart holds the skater's actual results, one equal share per event."""
    sheets = ("Settings", "Competitions", "Results", "Charts")
    if not all(r.invalid == frozenset() for s in sheets for r in tables[s].records):
        return  # a wrong cell is reported already; comparing with it would mislead
    settings = only_row(tables["Settings"])
    if settings is None:
        return
    chart_range = settings["chart_range"]
    order = {r["id"]: r["order"] for r in tables["Competitions"].records}
    season: dict[str, list[tuple[str, Scores]]] = defaultdict(list)
    for record in tables["Results"].records:
        scores = scores_of(record.values)
        if scores is not None and record["competition"] in order:
            season[record["skater"]].append((record["competition"], scores))
    rows: dict[str, list[Record]] = defaultdict(list)
    for record in tables["Charts"].records:
        rows[record["skater"]].append(record)
    firsts: dict[str, Record] = {}
    for record in tables["Results"].records:
        firsts.setdefault(record["skater"], record)
    for skater, record in firsts.items():
        if skater not in rows:
            yield record.finding(
                Severity.ERROR,
                "no-chart",
                f"{skater} has a season of {len(season[skater])} event(s) but no chart",
                "skater",
                expected="chart rows on sheet Charts",
            )
    for skater, records in rows.items():
        events = sorted(season.get(skater, []), key=lambda e: order[e[0]])
        if not events:
            yield records[0].finding(
                Severity.ERROR,
                "no-season",
                f"{skater}'s chart has no results behind it on sheet Results",
                "skater",
                expected="the skater's results on sheet Results",
            )
            continue
        expected = chart_for(tuple(events), chart_range)
        records.sort(key=lambda r: r["from"])
        if len(records) != len(expected):
            yield records[0].finding(
                Severity.ERROR,
                "chart-shares",
                f"{skater}'s chart has {len(records)} row(s); her {len(events)} event(s) need "
                f"{len(expected)} (one equal share each"
                + (", then a draw-again band)" if len(expected) > len(events) else ")"),
                "from",
                expected=f"{len(expected)} rows",
            )
            continue
        for record, share in zip(records, expected, strict=True):
            yield from _compare(
                skater, record, share.first, share.last, share.competition, share.scores
            )


def _compare(
    skater: str,
    record: Record,
    first: int,
    last: int,
    competition: str | None,
    scores: Scores | None,
) -> Iterator[Finding]:
    if (record["from"], record["to"]) != (first, last):
        yield record.finding(
            Severity.ERROR,
            "chart-shares",
            f"{skater}'s range {record['from']}-{record['to']} should be {first}-{last}: "
            "every event gets an equal share, in season order",
            "from",
            expected=f"{first}-{last}",
        )
        return
    if record["competition"] != competition:
        yield record.finding(
            Severity.ERROR,
            "chart-event",
            f"range {first}-{last} of {skater}'s chart belongs to "
            f"{competition or 'draw again'}, not {record['competition'] or 'draw again'}",
            "competition",
            expected=competition or "blank",
        )
        return
    for name in SCORES:
        actual = getattr(scores, name) if scores else None
        if record[name] != actual:
            yield record.finding(
                Severity.ERROR,
                "chart-score",
                f"{name} {record[name]} is not {skater}'s result at {competition} ({actual})",
                name,
                expected=str(actual),
            )


CHECKS: tuple[Check, ...] = (
    single_row("Settings"),
    unique("Skaters", "id"),
    unique("Competitions", "id"),
    unique("Competitions", "order"),
    references("Results", "skater", "Skaters", "id"),
    references("Results", "competition", "Competitions", "id"),
    unique("Results", "skater", "competition"),
    Check("season length", ("Results",), season_length),
    references("Charts", "skater", "Skaters", "id"),
    references("Charts", "competition", "Competitions", "id"),
    tiles("Charts", "from", "to", start=1, end=CARDS, group_by="skater", noun="number"),
    Check(
        "charts hold the season",
        ("Settings", "Competitions", "Results", "Charts"),
        charts_match_seasons,
    ),
    unique("Deck", "card"),
    each_exactly("Deck", "top", range(1, CARDS + 1), 1, code="deck-composition", holder="card"),
    each_exactly("Deck", "bottom", range(1, CARDS + 1), 1, code="deck-composition", holder="card"),
    tiles("Modifiers", "from", "to", start=1, end=CARDS, noun="number"),
    tiles("HomeJudge", "from", "to", start=1, end=CARDS, noun="number"),
    tiles("LongProgram", "from", "to", start=1, end=CARDS, noun="number"),
    Check("multipliers rise with the number", ("LongProgram",), long_program_order),
    Check("long-program mean", ("Settings", "LongProgram"), long_program_mean),
    Check("home judge on doubles", ("Settings",), home_judge_doubles),
    references("Field", "skater", "Skaters", "id"),
    unique("Field", "skater"),
    unique("Field", "start_order"),
)
