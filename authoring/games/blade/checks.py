"""BLADE's sheets and the semantic checks its data must pass."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from authoring.checks import (
    Check,
    Tables,
    each_exactly,
    grid,
    only_row,
    references,
    single_row,
    tiles,
    unique,
)
from authoring.findings import Finding, Severity
from authoring.games.blade.derive import derive, letters_questioned
from authoring.games.blade.model import EVENTS, Blade, chart_sheet
from authoring.games.blade.timing import LETTERS, ROWS, parse_time
from authoring.tables import Record

CHART_SHEETS = tuple(chart_sheet(event) for event in EVENTS)
SHEETS = (
    "Settings",
    "Events",
    *CHART_SHEETS,
    "Skaters",
    "Ratings",
    "Results",
    "Deck",
    "StageCharts",
    "GradeDraw",
    "FallsChart",
    "InjuryTable",
    "Field",
)
CARDS = 100
DECK = "deck-composition"
TOP_NUMBERS = 50


def ratings_fit_events(tables: Tables) -> Iterator[Finding]:
    events = {
        r["event"]: r
        for r in tables["Events"].records
        if r.ok("event", "gender", "best_letter", "worst_letter")
    }
    genders = {r["id"]: r["gender"] for r in tables["Skaters"].records if r.ok("id", "gender")}
    for record in tables["Ratings"].records:
        if not record.ok("skater", "event", "best", "worst") or record["event"] not in events:
            continue
        event = events[record["event"]]
        best, worst = LETTERS.index(record["best"]), LETTERS.index(record["worst"])
        low, high = LETTERS.index(event["best_letter"]), LETTERS.index(event["worst_letter"])
        if best > worst:
            yield record.finding(
                Severity.ERROR,
                "letters-order",
                f"best letter {record['best']} is worse than worst letter {record['worst']}",
                "best",
                expected=f"a letter no later than {record['worst']}",
            )
        for name, letter in (("best", best), ("worst", worst)):
            if not low <= letter <= high:
                yield record.finding(
                    Severity.ERROR,
                    "letter-range",
                    f"{record['event']} ratings run {event['best_letter']}-"
                    f"{event['worst_letter']}; {record[name]} is outside",
                    name,
                    expected=f"a letter from {event['best_letter']} to {event['worst_letter']}",
                )
        gender = genders.get(record["skater"])
        if gender is not None and gender != event["gender"]:
            yield record.finding(
                Severity.ERROR,
                "wrong-event",
                f"{record['skater']} skates with the {gender}, but {record['event']} is a "
                f"{event['gender']}'s event",
                "event",
                expected=f"a {gender}'s event",
            )


def results_have_ratings(tables: Tables) -> Iterator[Finding]:
    rated = {
        (r["skater"], r["event"]): r for r in tables["Ratings"].records if r.ok("skater", "event")
    }
    settings = only_row(tables["Settings"])
    if settings is None or not settings.ok("skater_results_min"):
        return  # the count needed is unknown until Settings is right
    needed = settings["skater_results_min"]
    counted: Counter[tuple[str, str]] = Counter()
    for record in tables["Results"].records:
        if not record.ok("skater", "event"):
            continue
        key = (record["skater"], record["event"])
        counted[key] += 1
        if key not in rated:
            yield record.finding(
                Severity.ERROR,
                "unrated-result",
                f"{key[0]} has a {key[1]} result but no {key[1]} rating on sheet Ratings",
                "event",
                expected="an event the skater is rated in",
            )
    for key, record in rated.items():
        if counted[key] < needed:
            yield record.finding(
                Severity.WARNING,
                "few-results",
                f"{key[0]}'s {key[1]} rating rests on {counted[key]} results; "
                f"Settings asks for {needed}",
                "skater",
                expected=f"at least {needed} results",
            )


def field_is_rated(tables: Tables) -> Iterator[Finding]:
    rated = {
        (r["skater"], r["event"]) for r in tables["Ratings"].records if r.ok("skater", "event")
    }
    for record in tables["Field"].records:
        if record.ok("skater", "event") and (record["skater"], record["event"]) not in rated:
            yield record.finding(
                Severity.ERROR,
                "unrated-entry",
                f"{record['skater']} is in the {record['event']} field but has no rating in it",
                "skater",
                expected="a skater rated in the event",
            )


def deck_composition(tables: Tables) -> Iterator[Finding]:
    sheet = tables["Deck"]
    records = sheet.records
    if not all(r.ok("top", "middle", "modifier") for r in records):
        return
    if len(records) != CARDS:
        yield sheet.finding(
            Severity.ERROR,
            "deck-size",
            f"the deck has {len(records)} cards",
            expected=f"{CARDS} cards",
        )
    modifiers = Counter(r["modifier"] for r in records)
    for value in sorted({abs(m) for m in modifiers if isinstance(m, int) and m}):
        if modifiers[value] != modifiers[-value]:
            yield sheet.finding(
                Severity.ERROR,
                "deck-asymmetric",
                f"modifier +{value} is on {modifiers[value]} cards but -{value} on "
                f"{modifiers[-value]}",
                field="modifier",
                expected=f"as many -{value} as +{value} cards",
            )
    if modifiers["MAX"] != modifiers["MIN"]:
        yield sheet.finding(
            Severity.ERROR,
            "deck-asymmetric",
            f"MAX is on {modifiers['MAX']} cards but MIN on {modifiers['MIN']}",
            field="modifier",
            expected="as many MIN as MAX cards",
        )


def chart_order(tables: Tables) -> Iterator[Finding]:
    events = {r["event"]: r for r in tables["Events"].records if r.ok("event", "world_record")}
    settings = only_row(tables["Settings"])
    if settings is None or not settings.ok("world_record_margin"):
        return  # the margin is unknown until Settings is right
    margin = settings["world_record_margin"]
    for event, source in events.items():
        sheet = tables[chart_sheet(event)]
        record_time = parse_time(source["world_record"])
        fastest = None if record_time is None else record_time * (1 - margin / 100)
        above: dict[str, tuple[float, Record]] = {}
        for record in sorted(sheet.records, key=lambda r: r["row"] if r.ok("row") else 0):
            left: tuple[str, float] | None = None
            for letter in LETTERS:
                # The schema's pattern admits only times: a wrong cell is not ok here.
                seconds = parse_time(record[letter]) if record.ok(letter) else None
                if seconds is None:
                    left = None
                    continue
                if left is not None and seconds <= left[1]:
                    yield record.finding(
                        Severity.ERROR,
                        "chart-order",
                        f"{letter} is not slower than {left[0]} on this row "
                        f"({record[letter]} vs {record[left[0]]})",
                        letter,
                        expected="times rising strictly from A to V",
                    )
                if letter in above and seconds < above[letter][0]:
                    yield record.finding(
                        Severity.ERROR,
                        "chart-order",
                        f"row {record['row']} is faster than the row above in column {letter} "
                        f"({record[letter]} vs {above[letter][1][letter]})",
                        letter,
                        expected="times never falling down a column",
                    )
                if fastest is not None and seconds < fastest:
                    yield record.finding(
                        Severity.ERROR,
                        "beyond-record",
                        f"{record[letter]} beats the world record {source['world_record']} by "
                        f"more than {margin}%",
                        letter,
                        expected=f"no faster than {margin}% under the world record",
                    )
                left = (letter, seconds)
                above[letter] = (seconds, record)


def roster_against_results(game: Blade) -> Iterator[Finding]:
    """A roster rating the season rejects, when it is beyond the tolerance from the derived pair.

    One warning per rating, at the first of its letters that is off, naming both.
    """
    for key, found in derive(game).items():
        roster = game.ratings.get(key)
        if roster is None or roster.letter_cells is None:
            continue
        off = letters_questioned(game, found, roster)
        if not off:
            continue
        first = off[0]
        cell = roster.letter_cells[0 if first == "best" else 1]
        yield cell.finding(
            Severity.WARNING,
            "rating-vs-results",
            f"{key[0]}'s {key[1]} rating {roster.label} is more than "
            f"{game.derive_tolerance} letter(s) from the {found.rating.label} that "
            f"{found.results} results support ({' and '.join(off)} letter{'s' * (len(off) > 1)}), "
            "and the season sits "
            f"{(found.roster_distance or 0.0) ** 0.5:.1f} standard errors from it",
            field=first,
            value=roster.label,
            expected=f"{found.rating.label} within {game.derive_tolerance} letter(s)",
        )


CHECKS: tuple[Check, ...] = (
    single_row("Settings"),
    unique("Events", "event"),
    *(grid(sheet, "row", range(1, ROWS + 1), noun="row") for sheet in CHART_SHEETS),
    Check("chart order", ("Settings", "Events", *CHART_SHEETS), chart_order),
    unique("Skaters", "id"),
    unique("Ratings", "skater", "event"),
    references("Ratings", "skater", "Skaters", "id"),
    references("Ratings", "event", "Events", "event"),
    Check("ratings fit their events", ("Events", "Skaters", "Ratings"), ratings_fit_events),
    references("Results", "skater", "Skaters", "id"),
    references("Results", "event", "Events", "event"),
    Check("results have ratings", ("Settings", "Ratings", "Results"), results_have_ratings),
    unique("Deck", "card"),
    Check("deck composition", ("Deck",), deck_composition),
    each_exactly(
        "Deck", "top", range(1, TOP_NUMBERS + 1), 2, code="deck-composition", holder="card"
    ),
    each_exactly("Deck", "middle", range(1, CARDS + 1), 1, code="deck-composition", holder="card"),
    tiles("StageCharts", "from", "to", start=1, end=CARDS, group_by="chart", noun="number"),
    tiles("GradeDraw", "from", "to", start=1, end=CARDS, noun="number"),
    tiles("FallsChart", "from", "to", start=1, end=CARDS, noun="number"),
    tiles("InjuryTable", "from", "to", start=1, end=CARDS, noun="number"),
    references("Field", "skater", "Skaters", "id"),
    Check("field is rated", ("Ratings", "Field"), field_is_rated),
)
MODEL_CHECKS = (roster_against_results,)
