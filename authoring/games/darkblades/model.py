"""DARK BLADES' validated data as typed objects: what the engine, checks and kit read.

Built only from tables that validated without errors, so every value has its schema's type.
Locations travel with the values the checks may need to point at, and the model keeps each
sheet's own for findings about a whole sheet.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field, fields, replace
from typing import Any, Literal, TypeVar

from authoring.checks import Tables
from authoring.findings import Location
from authoring.games.darkblades.checks import CRT_SHEETS, ODDS
from authoring.games.darkblades.maps import HexMap, build_maps

T = TypeVar("T")
Health = Literal["healthy", "stunned", "wounded", "dead"]
OddsBelowTable = Literal["no_attack", "first_column"]
Side = Literal["attacker", "defender", "nobody"]

CRT_TITLES = {
    "CRT_InfVsInf": "Infantry against infantry",
    "CRT_InfVsMtd": "Infantry against mounted",
    "CRT_MtdVsMtd": "Mounted against mounted",
    "CRT_MtdVsInf": "Mounted against infantry",
    "CRT_MslVsMtd": "Missiles against mounted",
    "CRT_MslVsInf": "Missiles against infantry",
}


@dataclass(frozen=True)
class ResultKey:
    """What one code of a combat results table does, and how good it is for the attacker."""

    code: str
    affects: Side
    retreat_hexes: int
    stunned: bool
    wounded: bool
    killed: bool
    dismounted: bool
    horse_killed: bool
    severity: int
    meaning: str

    @property
    def injury(self) -> Literal["killed", "wounded", "stunned"] | None:
        if self.killed:
            return "killed"
        if self.wounded:
            return "wounded"
        return "stunned" if self.stunned else None


@dataclass(frozen=True)
class CombatTable:
    """A combat results table: `codes[die - 1][column]`, columns in `ODDS` order."""

    sheet: str
    title: str
    codes: tuple[tuple[str, ...], ...]
    keys: dict[str, ResultKey]
    places: tuple[tuple[Location, ...], ...]  # the cell of each code, as `codes`

    def result(self, die: int, column: int) -> ResultKey:
        return self.keys[self.codes[die - 1][column]]


@dataclass(frozen=True)
class Face:
    """One printed face of a counter: a character in one state."""

    state: str
    piece: str
    face: str
    attack: int | None
    defence: int | None
    movement: int | None
    weapon: str | None
    special_attack: int | None


@dataclass(frozen=True)
class Character:
    id: str
    name: str
    side: str
    kind: str
    copies: int
    spellcaster: bool
    can_ride: bool
    special: str | None
    notes: str | None
    faces: dict[str, Face] = field(default_factory=dict)
    # Optional columns: the name its counters print when the full one does not fit, and
    # the picture they carry (a name in `render.tokens.GLYPHS`).
    short_name: str | None = None
    mark: str | None = None

    def face(self, state: str) -> Face:
        return self.faces[state]


@dataclass(frozen=True)
class Terrain:
    name: str
    foot_cost: int | str
    mounted_cost: int | str
    cover: str
    advantage: str | None
    advantage_note: str | None
    movement_note: str | None


@dataclass(frozen=True)
class RangeBand:
    band: str
    range_from: int
    range_to: int
    attack: int


@dataclass(frozen=True)
class MissileWeapon:
    name: str
    bands: tuple[RangeBand, ...]

    def attack_at(self, hexes: int) -> int | None:
        """Attack strength at this range, or None when the target is out of range."""
        for band in self.bands:
            if band.range_from <= hexes <= band.range_to:
                return band.attack
        return None


@dataclass(frozen=True)
class DieRange:
    die_from: int
    die_to: int
    outcome: str
    place: Location  # the row's die_from cell


@dataclass(frozen=True)
class Spell:
    name: str
    copies: int
    area: str
    targets: str
    effect: str
    duration: str
    note: str | None
    immune: str | None
    die_table: str | None


@dataclass(frozen=True)
class SpellArea:
    area: str
    reach_hexes: int | None
    radius_hexes: int | None
    description: str


@dataclass(frozen=True)
class Marker:
    marker: str
    front: str
    back: str
    copies: int
    notes: str | None


@dataclass(frozen=True)
class Force:
    side: str
    group: str
    character: str
    count: int
    mounted: bool
    entry_turn: int
    notes: str | None


@dataclass(frozen=True)
class Scenario:
    id: str
    number: int
    name: str
    maps: str
    first_player: str
    on_foot: bool
    victory_dark_blades: str
    victory_black_fox: str
    notes: str | None
    forces: tuple[Force, ...] = ()


@dataclass(frozen=True)
class ColumnShift:
    modifier: str
    applies_to: str
    shift: int
    condition: str


@dataclass(frozen=True)
class DarkBlades:
    combat_tables: dict[str, CombatTable]
    terrain: tuple[Terrain, ...]
    terrain_shifts: dict[tuple[str, str], int]
    cover_shifts: dict[str, int | None]
    column_shifts: dict[str, ColumnShift]
    missile_weapons: dict[str, MissileWeapon]
    die_tables: dict[str, tuple[DieRange, ...]]
    spell_areas: dict[str, SpellArea]
    spells: tuple[Spell, ...]
    characters: dict[str, Character]
    markers: tuple[Marker, ...]
    scenarios: dict[str, Scenario]
    maps: dict[str, HexMap]  # by map sheet
    odds_below_table: OddsBelowTable  # Settings: an attack at worse than 1-2
    sheets: dict[str, Location]  # each sheet's own, for findings about a whole sheet

    @property
    def spell_cards(self) -> int:
        return sum(spell.copies for spell in self.spells)

    @property
    def counters(self) -> int:
        """Double-sided counters in the box: character pieces and markers."""
        pieces = sum(
            character.copies * len({face.piece for face in character.faces.values()})
            for character in self.characters.values()
        )
        return pieces + sum(marker.copies for marker in self.markers)


def _make(kind: type[T], row: dict[str, Any], **renamed: str) -> T:
    """A dataclass from a row whose fields match its columns (`renamed`: field=column)."""
    names = {f.name for f in fields(kind)}  # type: ignore[arg-type]
    columns = {name: renamed.get(name, name) for name in names}
    return kind(**{name: row[column] for name, column in columns.items() if column in row})


def build_model(tables: Tables) -> DarkBlades:
    def rows(sheet: str) -> list[dict[str, Any]]:
        return [record.values for record in tables[sheet].records]

    keys: dict[str, dict[str, ResultKey]] = defaultdict(dict)
    for row in rows("CRT_Keys"):
        keys[row["table"]][row["code"]] = _make(ResultKey, row)
    combat_tables = {
        sheet: CombatTable(
            sheet=sheet,
            title=CRT_TITLES[sheet],
            codes=tuple(tuple(r[odds] for odds in ODDS) for r in tables[sheet].records),
            keys=keys[sheet],
            places=tuple(tuple(r.location(odds) for odds in ODDS) for r in tables[sheet].records),
        )
        for sheet in CRT_SHEETS
    }
    bands: dict[str, list[RangeBand]] = defaultdict(list)
    for row in rows("MissileWeapons"):
        bands[row["weapon"]].append(_make(RangeBand, row))
    die_tables: dict[str, list[DieRange]] = defaultdict(list)
    for record in tables["DieTables"].records:
        die_tables[record["table"]].append(
            DieRange(
                record["die_from"], record["die_to"], record["outcome"], record.location("die_from")
            )
        )
    faces: dict[str, dict[str, Face]] = defaultdict(dict)
    for row in rows("Counters"):
        faces[row["character"]][row["state"]] = _make(Face, row)
    forces: dict[str, list[Force]] = defaultdict(list)
    for row in rows("Forces"):
        forces[row["scenario"]].append(_make(Force, row))
    return DarkBlades(
        combat_tables=combat_tables,
        terrain=tuple(_make(Terrain, row, name="terrain") for row in rows("Terrain")),
        terrain_shifts={
            (row["attacker_terrain"], row["defender_terrain"]): row["column_shift"]
            for row in rows("TerrainShifts")
        },
        cover_shifts={row["cover"]: row["missile_shift"] for row in rows("Cover")},
        column_shifts={row["modifier"]: _make(ColumnShift, row) for row in rows("ColumnShifts")},
        missile_weapons={name: MissileWeapon(name, tuple(b)) for name, b in bands.items()},
        die_tables={name: tuple(ranges) for name, ranges in die_tables.items()},
        spell_areas={row["area"]: _make(SpellArea, row) for row in rows("SpellAreas")},
        spells=tuple(_make(Spell, row, name="spell") for row in rows("Spells")),
        characters={
            row["id"]: replace(_make(Character, row), faces=faces[row["id"]])
            for row in rows("Characters")
        },
        markers=tuple(_make(Marker, row) for row in rows("Markers")),
        scenarios={
            row["id"]: replace(_make(Scenario, row), forces=tuple(forces[row["id"]]))
            for row in rows("Scenarios")
        },
        maps=build_maps(tables),
        odds_below_table=rows("Settings")[0]["odds_below_table"],
        sheets={name: sheet.location() for name, sheet in tables.items()},
    )
