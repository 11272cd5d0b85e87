"""RINKSIDE HOCKEY's validated data as typed objects: the clubs and their rivalries, each
club's line-up, every player's season, and the numbers on the 100 play result cards."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from authoring.checks import Tables
from authoring.findings import Location
from authoring.games.rinkside.deck import Card, Face


@dataclass(frozen=True)
class Team:
    team_id: str
    city: str
    name: str
    abbr: str
    colour_home: str
    colour_away: str
    arena: str
    location: Location | None = None


@dataclass(frozen=True)
class Rivalry:
    teams: frozenset[str]
    level: int  # the dirty-play level their games start at (seed L1188)
    reason: str | None


@dataclass(frozen=True)
class Skater:
    skater_id: str
    team_id: str
    first_name: str
    last_name: str
    number: int
    position: str
    unit: int  # forward line 1-4 or defence pair 1-3
    shoots: str
    role: str  # none, agitator or enforcer
    pp_qb: bool
    location: Location | None = None

    @property
    def name(self) -> str:
        return f"{self.first_name} {self.last_name}"


@dataclass(frozen=True)
class Goalie:
    goalie_id: str
    team_id: str
    first_name: str
    last_name: str
    number: int
    depth: int  # 1 the starter, 2 the backup
    catches: str
    location: Location | None = None

    @property
    def name(self) -> str:
        return f"{self.first_name} {self.last_name}"


@dataclass(frozen=True)
class StatLine:
    """A player's season as the workbook gives it: column name to value."""

    values: dict[str, Any]
    location: Location | None = None

    def __getitem__(self, column: str) -> Any:
        return self.values[column]


@dataclass(frozen=True)
class Rinkside:
    teams: dict[str, Team]
    rivalries: tuple[Rivalry, ...]
    skaters: dict[str, Skater]
    goalies: dict[str, Goalie]
    skater_stats: dict[str, StatLine]
    goalie_stats: dict[str, StatLine]
    cards: tuple[Card, ...]  # in sheet order: the deck, faces' numbers only so far
    sheets: dict[str, Location]  # each sheet's own, for findings about a whole sheet

    def rivalry(self, home: str, visitor: str) -> int:
        """The dirty-play level a game between the two starts at: 0 unless they are rivals."""
        pair = frozenset((home, visitor))
        return next((r.level for r in self.rivalries if r.teams == pair), 0)

    def roster(self, team_id: str) -> list[Skater]:
        return [s for s in self.skaters.values() if s.team_id == team_id]


def build_model(tables: Tables) -> Rinkside:
    def rows(sheet: str) -> list[Any]:
        return list(tables[sheet].records)

    return Rinkside(
        teams={
            r["team_id"]: Team(
                **{f: r[f] for f in ("team_id", "city", "name", "abbr", "arena")},
                colour_home=r["colour_home"],
                colour_away=r["colour_away"],
                location=r.location("team_id"),
            )
            for r in rows("Teams")
        },
        rivalries=tuple(
            Rivalry(frozenset((r["team_a"], r["team_b"])), r["level"], r.get("reason"))
            for r in rows("Rivalries")
        ),
        skaters={
            r["skater_id"]: Skater(
                **{f: r[f] for f in Skater.__dataclass_fields__ if f != "location"},
                location=r.location("skater_id"),
            )
            for r in rows("Skaters")
        },
        goalies={
            r["goalie_id"]: Goalie(
                **{f: r[f] for f in Goalie.__dataclass_fields__ if f != "location"},
                location=r.location("goalie_id"),
            )
            for r in rows("Goalies")
        },
        skater_stats={
            r["skater_id"]: StatLine(dict(r.values), r.location("skater_id"))
            for r in rows("SkaterStats")
        },
        goalie_stats={
            r["goalie_id"]: StatLine(dict(r.values), r.location("goalie_id"))
            for r in rows("GoalieStats")
        },
        cards=tuple(
            Card(r["card"], _face(r, "l_"), _face(r, "r_"), r.location("card"))
            for r in rows("PlayResultCards")
        ),
        sheets={name: sheet.location() for name, sheet in tables.items()},
    )


def _face(record: Any, prefix: str) -> Face:
    return Face(**{f: record[prefix + f] for f in Face.__dataclass_fields__})
