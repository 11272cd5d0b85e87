"""RINKSIDE HOCKEY's text tables (README §4.2): the small tables whose numbers the seed's
text does give, one sheet each (`T_WarmUp` … `T_LastSecond`), as typed rows the rules and
the printed kit read, and the checks that keep them whole: a tiling table covers its number
once (the core `tiles` check, per mode or colour where it has one), the rebound-control
table tiles the blue with bounds named by a goalie rating, and the lists hold their known
entries once each."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from authoring.checks import Check, Tables, grid, references, tiles, unique
from authoring.findings import Finding, Severity, a_few
from authoring.tables import Record

TEXT_TABLES = (
    "T_WarmUp",
    "T_Officiating",
    "T_Enforcers",
    "T_ZoneStoppages",
    "T_ShotNumbers",
    "T_Difficulty",
    "T_ReboundControl",
    "T_BreakoutSplit",
    "T_RushSplit",
    "T_OfficialCall",
    "T_PenaltyConsequences",
    "T_PKForecheck",
    "T_LastSecond",
)

# The lowest and highest value of each number a text table reads. `boxes` is the count of
# filled Official Call boxes on a face (README §5.2), which starts at none.
NUMBERS = {
    "black100": (1, 100),
    "left100": (1, 100),
    "right100": (1, 100),
    "blue_left": (1, 20),
    "red_left": (1, 10),
    "boxes": (0, 3),
}

# Each tiling sheet: the number its ranges cover and the key it tiles per (None: one tiling).
TILINGS: dict[str, tuple[str, str | None]] = {
    "T_WarmUp": ("right100", None),
    "T_Officiating": ("left100", None),
    "T_Enforcers": ("left100", None),
    "T_Difficulty": ("black100", None),
    "T_BreakoutSplit": ("black100", None),
    "T_RushSplit": ("black100", None),
    "T_OfficialCall": ("boxes", "mode"),
    "T_LastSecond": ("red_left", "colour"),
}
REBOUND_BLUE = NUMBERS["blue_left"]

# The lists' known entries, in the seed's order (L404-415, L433-441, L1031-1036).
ZONE_STOPPAGES = (
    "puck out of play",
    "puck frozen",
    "board scrum frozen",
    "hand pass",
    "defensive high stick",
    "offensive high stick",
)
SHOT_NUMBERS = (
    "can't tee it up",
    "bouncing puck",
    "fans on the shot",
    "stick breaks",
    "wide around the boards",
)
SEVERE_PENALTIES = (
    "double minor",
    "major",
    "match",
    "minor and misconduct",
    "major and game misconduct",
    "game misconduct",
)
PK_STRATEGIES = (1, 2, 3)  # Forecheck 1-3 (L1122)
PK_NUMBERS = ("red_left", "blue_left")


class Ranged(Protocol):
    """A row of a text table or a game-centre chart (a dataclass): the numbers lo..hi
    (inclusive) that read it."""

    __dataclass_fields__: ClassVar[dict[str, Any]]

    @property
    def lo(self) -> int: ...

    @property
    def hi(self) -> int: ...


Row = TypeVar("Row", bound=Ranged)


@dataclass(frozen=True)
class Table(Generic[Row]):
    """A tiling text table: its rows in number order, covering every value of `number` once,
    as `validate` proves before the model is built."""

    number: str
    rows: tuple[Row, ...]

    def __getitem__(self, drawn: int) -> Row:
        """The row the number `drawn` reads."""
        index = bisect_right([row.lo for row in self.rows], drawn) - 1
        if index < 0 or drawn > self.rows[index].hi:
            raise KeyError(f"no row covers {drawn}")
        return self.rows[index]


@dataclass(frozen=True)
class WarmUpRow:
    lo: int
    hi: int
    result: str  # the game level at stake: bad game or good game
    when: str  # the Left #100 gives it above the Goalie Rating, or at or below it


@dataclass(frozen=True)
class ResultRow:
    """A range and what it gives: officiating mode, shot difficulty, breakout or forecheck,
    the rush's shot, pass or drop, the official's call, the last-second try."""

    lo: int
    hi: int
    result: str


@dataclass(frozen=True)
class EnforcersRow:
    lo: int
    hi: int
    result: str
    fight: bool  # the enforcers fight the first time both are on the ice (L136)


@dataclass(frozen=True)
class ZoneStoppage:
    faceoff: str  # same zone or neutral zone
    timing: bool  # [T]: the stoppage moves the timing track


@dataclass(frozen=True)
class ShotNumberRow:
    lo: int
    hi: int
    result: str
    then: str  # loose puck or neutral zone


@dataclass(frozen=True)
class Bound:
    """A range's end on the rebound-control table: a number, or a goalie rating plus an
    offset (Low RC is `rebound_control-10`, L638)."""

    rating: str | None
    offset: int

    @classmethod
    def parse(cls, value: int | str) -> Bound:
        if isinstance(value, int):
            return cls(None, value)
        match = BOUND_TEXT.fullmatch(value)
        if match is None:
            raise ValueError(f"not a bound: {value!r}")
        name, sign, amount = match.groups()
        return cls(name, int(sign + amount) if amount else 0)

    def value(self, ratings: Mapping[str, int]) -> int:
        """The bound for a goalie whose card gives `ratings`."""
        return self.offset + (ratings[self.rating] if self.rating else 0)

    def __str__(self) -> str:
        if self.rating is None:
            return str(self.offset)
        return f"{self.rating}{self.offset:+d}" if self.offset else self.rating


BOUND_TEXT = re.compile(r"([a-z_]+)(?:([+-])([0-9]+))?")


@dataclass(frozen=True)
class ReboundRow:
    lo: Bound
    hi: Bound
    result: str  # cover, corner, rebound or rebound shot


@dataclass(frozen=True)
class ReboundTable:
    """The rebound-control table, its bounds read off each goalie's card."""

    number: str
    rows: tuple[ReboundRow, ...]

    def read(self, drawn: int, ratings: Mapping[str, int]) -> ReboundRow:
        """The row the blue `drawn` reads for a goalie whose card gives `ratings`."""
        for row in self.rows:
            if row.lo.value(ratings) <= drawn <= row.hi.value(ratings):
                return row
        raise KeyError(f"no row of the rebound-control table covers {drawn}")


@dataclass(frozen=True)
class PenaltyConsequence:
    power_plays: int  # separate 2:00 power plays for the other team
    major: bool  # a 5:00 power play played out whatever it scores
    misconduct: int  # minutes on top, 10 or none
    ejected: bool
    discipline: bool  # the player may face the Discipline chart


@dataclass(frozen=True)
class PKForecheckRow:
    lo: int
    hi: int
    result: str  # short-handed chance (red) or power-play rush (blue)


@dataclass(frozen=True)
class TextTables:
    warm_up: Table[WarmUpRow]
    officiating: Table[ResultRow]
    enforcers: Table[EnforcersRow]
    zone_stoppages: dict[str, ZoneStoppage]  # by stoppage
    shot_numbers: tuple[ShotNumberRow, ...]  # from the lowest Black #100
    difficulty: Table[ResultRow]
    rebound_control: ReboundTable
    breakout_split: Table[ResultRow]
    rush_split: Table[ResultRow]
    official_call: dict[str, Table[ResultRow]]  # by officiating mode
    penalty_consequences: dict[str, PenaltyConsequence]  # by SevereChart penalty
    pk_forecheck: dict[int, dict[str, PKForecheckRow]]  # by strategy, then number
    last_second: dict[str, Table[ResultRow]]  # by stop-light colour

    def shot_number(self, black100: int) -> ShotNumberRow | None:
        """The specific result a shot's Black #100 forces, if any (L431)."""
        return next((row for row in self.shot_numbers if row.lo <= black100 <= row.hi), None)


def read_text_tables(tables: Tables) -> TextTables:
    def rows(sheet: str) -> list[Any]:
        return list(tables[sheet].records)

    return TextTables(
        warm_up=_table(rows("T_WarmUp"), WarmUpRow),
        officiating=_table(rows("T_Officiating"), ResultRow),
        enforcers=_table(rows("T_Enforcers"), EnforcersRow),
        zone_stoppages={
            r["stoppage"]: ZoneStoppage(r["faceoff"], r["timing"]) for r in rows("T_ZoneStoppages")
        },
        shot_numbers=_table(rows("T_ShotNumbers"), ShotNumberRow).rows,
        difficulty=_table(rows("T_Difficulty"), ResultRow),
        rebound_control=ReboundTable(
            "blue_left",
            tuple(
                ReboundRow(Bound.parse(r["lo"]), Bound.parse(r["hi"]), r["result"])
                for r in rows("T_ReboundControl")
            ),
        ),
        breakout_split=_table(rows("T_BreakoutSplit"), ResultRow),
        rush_split=_table(rows("T_RushSplit"), ResultRow),
        official_call=_keyed(rows("T_OfficialCall"), "mode"),
        penalty_consequences={
            r["penalty"]: PenaltyConsequence(
                **{f.name: r[f.name] for f in fields(PenaltyConsequence)}
            )
            for r in rows("T_PenaltyConsequences")
        },
        pk_forecheck=_pk_forecheck(rows("T_PKForecheck")),
        last_second=_keyed(rows("T_LastSecond"), "colour"),
    )


def ranged_rows(records: list[Any], row: type[Row]) -> tuple[str, tuple[Row, ...]]:
    """The number a table's (or a chart's) records read and its rows in number order."""
    columns = [f.name for f in fields(row)]
    ordered = sorted(records, key=lambda r: r["lo"])
    number = ordered[0]["number"] if ordered else ""
    return number, tuple(row(**{c: r[c] for c in columns}) for r in ordered)


def grouped(records: list[Any], key: str) -> dict[Any, list[Any]]:
    """The records by their value of `key`, in sheet order."""
    groups: dict[Any, list[Any]] = {}
    for record in records:
        groups.setdefault(record[key], []).append(record)
    return groups


def _table(records: list[Any], row: type[Row]) -> Table[Row]:
    return Table(*ranged_rows(records, row))


def _keyed(records: list[Any], key: str) -> dict[str, Table[ResultRow]]:
    return {value: _table(group, ResultRow) for value, group in grouped(records, key).items()}


def _pk_forecheck(records: list[Any]) -> dict[int, dict[str, PKForecheckRow]]:
    strategies: dict[int, dict[str, PKForecheckRow]] = {}
    for r in records:
        row = PKForecheckRow(r["lo"], r["hi"], r["result"])
        strategies.setdefault(r["strategy"], {})[r["number"]] = row
    return strategies


# The checks (README §8.5).


def rated_tiles(sheet: str, rating_names: Collection[str]) -> Check:
    """The rebound-control ranges, read in sheet order, cover the blue 1-20 once whatever the
    goalie's rating: each range starts one past the end of the one before (`rebound_control-9`
    after `rebound_control-10`), the first at 1 and the last ending at 20. A bound naming no
    goalie rating is an error at its cell; so is a start that leaves a gap or overlaps, at
    the row's `lo` cell, as the core tiling check reports them."""
    start, end = REBOUND_BLUE
    expected = (
        f"ranges covering blue {start} to {end} in order, each starting one past the end "
        "of the one before"
    )

    def run(tables: Tables) -> Iterator[Finding]:
        records = tables[sheet].records
        if not all(r.ok("lo", "hi") for r in records):
            return
        bounds = {id(r): (Bound.parse(r["lo"]), Bound.parse(r["hi"])) for r in records}
        unknown = False
        for record in records:
            for column, bound in zip(("lo", "hi"), bounds[id(record)], strict=True):
                if bound.rating is not None and bound.rating not in rating_names:
                    unknown = True
                    yield record.finding(
                        Severity.ERROR,
                        "unknown-rating",
                        f"{column} {record[column]} names no goalie rating",
                        column,
                        expected="a number, or a goalie card column such as rebound_control",
                    )
        if unknown or not records:
            return
        ends = Bound(None, start - 1)
        for record in records:
            lo, hi = bounds[id(record)]
            yield from _follows(record, ends, lo, expected)
            ends = hi
        if ends != Bound(None, end):
            yield records[-1].finding(
                Severity.ERROR,
                "range-gap",
                f"the last range ends at {ends}: the blue up to {end} must be covered",
                "hi",
                expected,
            )

    return Check(f"rated tiles {sheet}", (sheet,), run)


def _follows(record: Record, before: Bound, lo: Bound, expected: str) -> Iterator[Finding]:
    """A range's start against the end of the range before it."""
    wanted = Bound(before.rating, before.offset + 1)
    if lo == wanted:
        return
    if lo.rating != before.rating:
        yield record.finding(
            Severity.ERROR,
            "range-break",
            f"range from {lo} does not follow the range before, which ends at {before}",
            "lo",
            expected=f"{wanted}",
        )
    elif lo.offset > wanted.offset:
        last = Bound(lo.rating, lo.offset - 1)
        gap = f"{wanted}" if last == wanted else f"{wanted} to {last}"
        yield record.finding(
            Severity.ERROR,
            "range-gap",
            f"blue {gap} not covered (the range before ends at {before}, this one starts at {lo})",
            "lo",
            expected,
        )
    else:
        yield record.finding(
            Severity.ERROR,
            "range-overlap",
            f"range from {lo} overlaps the range before, which ends at {before}",
            "lo",
            expected,
        )


def disjoint(sheet: str) -> Check:
    """A list of ranges that need not tile (the shot numbers): no number may read two of
    them, reported at the later range's `lo` cell."""

    def run(tables: Tables) -> Iterator[Finding]:
        records = tables[sheet].records
        if not all(r.ok("lo", "hi") for r in records):
            return
        covered_to, before = 0, None
        for record in sorted(records, key=lambda r: (r["lo"], r["hi"])):
            if record["hi"] < record["lo"]:
                yield record.finding(
                    Severity.ERROR,
                    "range-reversed",
                    f"range {record['lo']}-{record['hi']} runs backwards",
                    "lo",
                    expected="lo at most hi",
                )
                continue
            if before is not None and record["lo"] <= covered_to:
                yield record.finding(
                    Severity.ERROR,
                    "range-overlap",
                    f"range {record['lo']}-{record['hi']} overlaps {before['result']} "
                    f"({before['lo']}-{before['hi']})",
                    "lo",
                    expected="ranges that share no number",
                )
            covered_to, before = max(covered_to, record["hi"]), record

    return Check(f"disjoint {sheet}", (sheet,), run)


def pk_forecheck_complete(tables: Tables) -> Iterator[Finding]:
    """Each forecheck strategy gives both its ranges (L1124-1128): the red that turns a
    clear short-handed and the blue that gives the power play a rush."""
    sheet = tables["T_PKForecheck"]
    given = {(r["strategy"], r["number"]) for r in sheet.records if r.ok("strategy", "number")}
    missing = [
        f"Forecheck {strategy} {number}"
        for strategy in PK_STRATEGIES
        for number in PK_NUMBERS
        if (strategy, number) not in given
    ]
    if missing:
        yield sheet.finding(
            Severity.ERROR,
            "missing-range",
            f"no range for {a_few(missing, 6)}",
            field="strategy",
            expected="a red_left and a blue_left row for each of Forecheck 1, 2 and 3",
        )


def text_table_checks(goalie_ratings: Collection[str]) -> tuple[Check, ...]:
    """Every text table's checks; `goalie_ratings` are the names a rebound-control bound
    may give."""
    return (
        *(
            tiles(
                sheet,
                "lo",
                "hi",
                start=NUMBERS[number][0],
                end=NUMBERS[number][1],
                group_by=key,
                noun="number",
            )
            for sheet, (number, key) in TILINGS.items()
        ),
        references("T_OfficialCall", "mode", "T_Officiating", "result"),
        references("T_Officiating", "result", "T_OfficialCall", "mode"),
        rated_tiles("T_ReboundControl", goalie_ratings),
        grid("T_ZoneStoppages", "stoppage", ZONE_STOPPAGES, noun="stoppage"),
        grid("T_ShotNumbers", "result", SHOT_NUMBERS, noun="shot number"),
        disjoint("T_ShotNumbers"),
        grid("T_PenaltyConsequences", "penalty", SEVERE_PENALTIES, noun="penalty"),
        unique("T_PKForecheck", "strategy", "number"),
        Check("pk forecheck complete", ("T_PKForecheck",), pk_forecheck_complete),
    )
