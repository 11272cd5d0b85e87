"""DARK BLADES' maps: hexes and their terrain, hex-side features and named places, and the
checks that hold them to the rules.

A map sheet is a grid: cell C7 is hex C7, holding a terrain code from the Terrain sheet. Hexes
are pointy-topped in rows; even rows sit half a hex to the right, so the grid as Excel shows
it is the map. Walls, doors, windows, slope lips, the river's flow and the mill wheel lie on
hex sides (sheet HexSides); set-up areas, entry edges, exits and the mounting X are named
groups of hexes (sheet Places).

Table checks (phase 1) make sure every code, hex and side named exists; the model checks
(phase 2) follow the river, find sealed-off ground with the movement costs, count set-up
hexes against the forces, and hold walls, doors, windows and slope lips to the buildings and
slopes they belong to.
"""

from __future__ import annotations

import heapq
import re
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from authoring.checks import Check, Tables, references, unique
from authoring.findings import Finding, Location, Severity, a_few, column_letter
from authoring.tables import Record

if TYPE_CHECKING:
    from authoring.games.darkblades.model import DarkBlades

MAP_SHEETS = ("MapArena", "MapWatermill")
MAP_TITLES = {"MapArena": "The Arena", "MapWatermill": "The Watermill"}
SHEETS = (*MAP_SHEETS, "HexSides", "Places")

SIDES = ("E", "NE", "NW", "W", "SW", "SE")
"""A pointy-topped hex's six sides, anticlockwise from the east."""
OPPOSITE = {side: SIDES[(index + 3) % 6] for index, side in enumerate(SIDES)}

# The terrain codes the movement, water and cover rules single out.
WATER, FOOTBRIDGE, STONES = "wa", "br", "st"
RIVER_CODES = frozenset({WATER, FOOTBRIDGE, STONES})
SLOPE = "sl"
INTERIOR, DOOR_HEX, WINDOW_HEX, BARS, CORNER = "ho", "do", "wi", "ba", "co"
BUILDING_CODES = frozenset({INTERIOR, DOOR_HEX, WINDOW_HEX, BARS})
RULE_CODES = {
    WATER: "water",
    FOOTBRIDGE: "footbridge",
    STONES: "stepping stones",
    SLOPE: "slope",
    INTERIOR: "house interior",
    DOOR_HEX: "door hex",
    WINDOW_HEX: "window hex",
    CORNER: "exterior building corner",
}

# Hex-side features. Only the river's flow may leave the map; walls, doors and windows close
# a building, a slope lip is the top edge of a slope, the mill wheel turns in the current.
WALL, DOOR, WINDOW, SLOPE_LIP, FLOW, MILL_WHEEL = (
    "wall",
    "door",
    "window",
    "slope_lip",
    "flow",
    "mill_wheel",
)
OPENINGS = {DOOR: DOOR_HEX, WINDOW: WINDOW_HEX}
EDGE_FEATURES = frozenset({FLOW})
BLOCKING = frozenset({WALL})

# Place kinds; set-up areas must hold the forces placed in them, entry edges and exits lie on
# the map's edge.
SET_UP, ENTRY, EXIT, MOUNTING = "set_up_area", "entry_edge", "exit", "mounting_x"
ON_EDGE = frozenset({ENTRY, EXIT})

# How scenarios lay the two maps together: (first map, where the second goes, second map).
# Scenario 1's figure puts the Watermill's side 5 against the Arena's side 3; scenario 3's
# figure is lost, and its route (in at the Arena's bottom left, across the river, out at the
# Watermill's top right) and scenario 4's note (Mill at the top, Arena at the bottom) put the
# Watermill above the Arena, its side 6 against the Arena's side 4.
RIGHT, BELOW = "right", "below"
LAYOUTS = {
    "arena": ("MapWatermill", RIGHT, "MapArena"),
    "mule_train": ("MapWatermill", BELOW, "MapArena"),
    "the_raid": ("MapWatermill", BELOW, "MapArena"),
}
SIDE_NUMBERS = {
    "MapArena": {"right": 1, "bottom": 2, "left": 3, "top": 4},
    "MapWatermill": {"right": 5, "bottom": 6, "left": 7, "top": 8},
}
"""The seed's edge numbers ("8 4 / 7 MILL 5 3 ARENA 1 / 6 2")."""
ANIMALS_BARRED = frozenset({STONES, INTERIOR, WINDOW_HEX})
"""Where a led horse or mule may not go: stepping stones are "impassable to animals", house
interiors and windows "impassable to horses"; the footbridge ("horses must be led") and
trees (riders "may have to dismount to go through the woods") are open to it on a lead."""
MOUNTED_HEXES = 2  # "A mounted character occupies two hexes."

_HEX = re.compile(r"([A-Z]{1,2})([1-9][0-9]{0,2})")


# --- hexes -----------------------------------------------------------------------------------


@dataclass(frozen=True, order=True)
class Hex:
    """A hex by its printed number: the Excel cell holding it (column C, row 7 is C7)."""

    row: int
    column: int

    @property
    def number(self) -> str:
        return f"{column_letter(self.column)}{self.row}"

    def neighbour(self, side: str) -> Hex:
        shifted = self.row % 2 == 0  # even rows sit half a hex to the right
        column, row = self.column, self.row
        if side == "E":
            return Hex(row, column + 1)
        if side == "W":
            return Hex(row, column - 1)
        east = side in ("NE", "SE")
        if shifted:
            column += 1 if east else 0
        else:
            column -= 0 if east else 1
        return Hex(row - 1 if side in ("NE", "NW") else row + 1, column)

    def neighbours(self) -> Iterator[tuple[str, Hex]]:
        return ((side, self.neighbour(side)) for side in SIDES)

    def distance(self, other: Hex) -> int:
        """Hexes between the two, counted in steps to a neighbour."""
        (q1, r1), (q2, r2) = self._axial(), other._axial()
        return (abs(q1 - q2) + abs(r1 - r2) + abs(q1 + r1 - q2 - r2)) // 2

    def _axial(self) -> tuple[int, int]:
        # Even rows sit half a hex to the right, so a row's first column drifts left every
        # second row in axial coordinates.
        return self.column - (self.row + self.row % 2) // 2, self.row


def parse_hex(text: str) -> Hex | None:
    match = _HEX.fullmatch(text.strip())
    if match is None:
        return None
    letters, digits = match.groups()
    column = 0
    for letter in letters:
        column = column * 26 + ord(letter) - ord("A") + 1
    return Hex(int(digits), column)


def parse_hexes(text: str) -> list[Hex] | None:
    """Hex numbers and blocks of them written like Excel ranges: "A1:B3, R7"."""
    found: list[Hex] = []
    for part in text.split(","):
        ends = [parse_hex(end) for end in part.split(":")]
        if not 1 <= len(ends) <= 2 or any(end is None for end in ends):
            return None
        first, last = ends[0], ends[-1]
        assert first is not None and last is not None
        found += [
            Hex(row, column)
            for row in range(min(first.row, last.row), max(first.row, last.row) + 1)
            for column in range(min(first.column, last.column), max(first.column, last.column) + 1)
        ]
    return found


# --- the model -------------------------------------------------------------------------------


@dataclass(frozen=True)
class TerrainKind:
    """One terrain code of the Terrain sheet and what it costs to enter."""

    code: str
    name: str
    foot_cost: int | None  # None: impassable
    mounted_cost: int | None


@dataclass(frozen=True)
class SideFeature:
    hex: Hex
    side: str
    feature: str
    place: Location  # the row's side cell

    @property
    def beyond(self) -> Hex:
        return self.hex.neighbour(self.side)

    def key(self) -> frozenset[Hex]:
        return frozenset({self.hex, self.beyond})


@dataclass(frozen=True)
class Place:
    map: str
    scenario: str | None
    side: str | None
    group: str | None
    name: str
    kind: str
    hexes: tuple[Hex, ...]
    numbers: str  # the hexes as written: "A1:B20, R7"
    notes: str | None
    place: Location  # the row's hexes cell


@dataclass(frozen=True)
class HexMap:
    sheet: str
    title: str
    columns: int
    rows: int
    codes: dict[Hex, str]
    cells: dict[Hex, Location]
    kinds: dict[str, TerrainKind]
    sides: tuple[SideFeature, ...]
    places: tuple[Place, ...]

    def __contains__(self, hex: Hex) -> bool:
        return hex in self.codes

    def kind(self, hex: Hex) -> TerrainKind:
        return self.kinds[self.codes[hex]]

    def on_edge(self, hex: Hex) -> bool:
        return any(other not in self for _, other in hex.neighbours())

    def foot_reach(
        self, starts: list[Hex], *, barred: frozenset[str] = frozenset()
    ) -> dict[Hex, int]:
        """Movement points a character on foot needs from the nearest start to each hex it
        can reach: terrain costs to enter, walls closed, doors and windows open, and the
        terrain codes `barred` closed too (where a led animal may not go)."""
        return self.reach(
            starts, lambda hex: None if self.codes[hex] in barred else self.kind(hex).foot_cost
        )

    def closed_sides(self) -> frozenset[frozenset[Hex]]:
        """The pairs of hexes a wall stands between."""
        return frozenset(side.key() for side in self.sides if side.feature in BLOCKING)

    def reach(self, starts: list[Hex], price: Callable[[Hex], int | None]) -> dict[Hex, int]:
        """Movement points needed from the nearest start to each hex that can be reached,
        `price` giving what entering a hex costs (None: it may not be entered); walls are
        closed, doors and windows open."""
        blocked = self.closed_sides()
        cost: dict[Hex, int] = {}
        queue = [(0, hex) for hex in starts if hex in self and price(hex) is not None]
        heapq.heapify(queue)
        while queue:
            spent, hex = heapq.heappop(queue)
            if hex in cost:
                continue
            cost[hex] = spent
            for _, other in hex.neighbours():
                if other not in self or other in cost or frozenset({hex, other}) in blocked:
                    continue
                step = price(other)
                if step is not None:
                    heapq.heappush(queue, (spent + step, other))
        return cost


def laid_out(first: HexMap, direction: str, second: HexMap) -> HexMap:
    """Two maps as one: `second` to the right of `first` or below it, hex for hex."""
    columns, rows = (first.columns, 0) if direction == RIGHT else (0, first.rows)

    def moved(hex: Hex) -> Hex:
        return Hex(hex.row + rows, hex.column + columns)

    return HexMap(
        f"{first.sheet}+{second.sheet}",
        f"{first.title} and {second.title}",
        max(first.columns, second.columns + columns),
        max(first.rows, second.rows + rows),
        {**first.codes, **{moved(h): code for h, code in second.codes.items()}},
        {**first.cells, **{moved(h): cell for h, cell in second.cells.items()}},
        first.kinds,
        first.sides + tuple(replace(s, hex=moved(s.hex)) for s in second.sides),
        first.places
        + tuple(replace(p, hexes=tuple(moved(h) for h in p.hexes)) for p in second.places),
    )


def _cost(value: Any) -> int | None:
    return value if isinstance(value, int) else None


def terrain_kinds(tables: Tables) -> dict[str, TerrainKind]:
    return {
        row["code"]: TerrainKind(
            row["code"], row["terrain"], _cost(row["foot_cost"]), _cost(row["mounted_cost"])
        )
        for row in (record.values for record in tables["Terrain"].records)
    }


def build_maps(tables: Tables) -> dict[str, HexMap]:
    kinds = terrain_kinds(tables)
    sides: dict[str, list[SideFeature]] = defaultdict(list)
    for record in tables["HexSides"].records:
        hex = parse_hex(record["hex"])
        assert hex is not None  # phase 1 reported any hex that does not parse
        sides[record["map"]].append(
            SideFeature(hex, record["side"], record["feature"], record.location("side"))
        )
    places: dict[str, list[Place]] = defaultdict(list)
    for record in tables["Places"].records:
        hexes = parse_hexes(record["hexes"]) or []
        places[record["map"]].append(
            Place(
                record["map"],
                record["scenario"],
                record["side"],
                record["group"],
                record["name"],
                record["kind"],
                tuple(hexes),
                record["hexes"],
                record["notes"],
                record.location("hexes"),
            )
        )
    maps = {}
    for sheet in MAP_SHEETS:
        codes, cells = _grid(tables[sheet].records)
        maps[sheet] = HexMap(
            sheet,
            MAP_TITLES[sheet],
            max(hex.column for hex in codes),
            max(hex.row for hex in codes),
            codes,
            cells,
            kinds,
            tuple(sides[sheet]),
            tuple(places[sheet]),
        )
    return maps


def _grid(records: list[Record]) -> tuple[dict[Hex, str], dict[Hex, Location]]:
    codes: dict[Hex, str] = {}
    cells: dict[Hex, Location] = {}
    for record in records:
        for letter, code in record.values.items():
            column = record.sheet.columns[letter]
            if code is not None:
                hex = Hex(record.row, column)
                codes[hex] = code
                cells[hex] = record.location(letter)
    return codes, cells


# --- phase 1: the tables ---------------------------------------------------------------------


def _map_hexes(tables: Tables, sheet: str) -> set[Hex] | None:
    """The hexes a map sheet holds, or None when it cannot be judged (a sheet missing, or a
    cell already reported)."""
    if sheet not in tables:
        return None
    records = tables[sheet].records
    if any(record.invalid for record in records):
        return None
    return {
        Hex(record.row, record.sheet.columns[letter])
        for record in records
        for letter, code in record.values.items()
        if code is not None
    }


def terrain_codes_known(tables: Tables) -> Iterator[Finding]:
    terrain = tables["Terrain"]
    known = {r["code"] for r in terrain.records if r.ok("code")}
    for code, words in RULE_CODES.items():
        if code not in known:
            yield terrain.finding(
                Severity.ERROR,
                "rule-terrain-missing",
                f"the map rules need terrain code {code!r} ({words}); no Terrain row has it",
                field="code",
                expected=code,
            )
    for sheet in MAP_SHEETS:
        for record in tables[sheet].records:
            for letter, code in record.values.items():
                if code is None or not record.ok(letter) or code in known:
                    continue
                yield record.finding(
                    Severity.ERROR,
                    "unknown-terrain",
                    f"hex {letter}{record.row} holds terrain code {code!r}, which the Terrain "
                    "sheet does not define",
                    letter,
                    expected="one of " + " ".join(sorted(known)),
                )


def map_rows_whole(tables: Tables) -> Iterator[Finding]:
    """A map is a rectangle from A1: no blank row inside it (blank rows are skipped when read,
    so a gap would silently join two parts of the map)."""
    for sheet in MAP_SHEETS:
        rows = [record.row for record in tables[sheet].records]
        for expected, row in enumerate(rows, start=1):
            if row != expected:
                yield tables[sheet].finding(
                    Severity.ERROR,
                    "map-row-missing",
                    f"row {expected} of the map is blank: every row from 1 down must hold hexes",
                    row=expected,
                    column=1,
                    expected="a terrain code in every cell",
                )
                break


def sides_between_hexes(tables: Tables) -> Iterator[Finding]:
    hexes = {sheet: _map_hexes(tables, sheet) for sheet in MAP_SHEETS}
    seen: dict[tuple[str, frozenset[Hex], str], Record] = {}
    for record in tables["HexSides"].records:
        if not record.ok("map", "hex", "side", "feature"):
            continue
        on_map = hexes.get(record["map"])
        hex = parse_hex(record["hex"])
        if hex is None or (on_map is not None and hex not in on_map):
            where = "is not a hex number" if hex is None else f"is not on {record['map']}"
            yield record.finding(
                Severity.ERROR,
                "unknown-hex",
                f"{record['hex']!r} {where}",
                "hex",
                expected="a hex number of the map, such as C7",
            )
            continue
        if on_map is None:
            continue
        beyond = hex.neighbour(record["side"])
        if beyond not in on_map and record["feature"] not in EDGE_FEATURES:
            yield record.finding(
                Severity.ERROR,
                "side-off-map",
                f"the {record['side']} side of hex {hex.number} is the map's edge; a "
                f"{record['feature'].replace('_', ' ')} must lie between two hexes",
                "side",
                expected="a side shared with another hex of the map",
            )
        key = (record["map"], frozenset({hex, beyond}), record["feature"])
        earlier = seen.setdefault(key, record)
        if earlier is not record:
            yield record.finding(
                Severity.ERROR,
                "duplicate-side",
                f"the side between {hex.number} and {beyond.number} already has a "
                f"{record['feature'].replace('_', ' ')} (row {earlier.row})",
                "side",
            )


def places_on_maps(tables: Tables) -> Iterator[Finding]:
    hexes = {sheet: _map_hexes(tables, sheet) for sheet in MAP_SHEETS}
    groups = {
        (r["scenario"], r["side"], r["group"])
        for r in tables["Forces"].records
        if r.ok("scenario", "side", "group")
    }
    for record in tables["Places"].records:
        if not record.ok("map", "hexes"):
            continue
        parsed = parse_hexes(record["hexes"])
        on_map = hexes.get(record["map"])
        if parsed is None:
            yield record.finding(
                Severity.ERROR,
                "unknown-hex",
                f"{record['hexes']!r} is not a list of hex numbers",
                "hexes",
                expected="hex numbers or blocks like A1:B20, separated by commas",
            )
        elif on_map is not None:
            outside = [hex.number for hex in parsed if hex not in on_map]
            if outside:
                yield record.finding(
                    Severity.ERROR,
                    "unknown-hex",
                    f"{a_few(outside)} {'are' if len(outside) > 1 else 'is'} not on "
                    f"{record['map']}",
                    "hexes",
                    expected="hexes of the map",
                )
        group = record.get("group")
        if (
            group is not None
            and record.ok("scenario", "side", "group")
            and (record["scenario"], record["side"], group) not in groups
        ):
            yield record.finding(
                Severity.ERROR,
                "unknown-group",
                f"scenario {record['scenario']} has no {record['side']} group {group!r} "
                "on sheet Forces",
                "group",
                expected="a group the scenario's forces name",
            )


CHECKS: tuple[Check, ...] = (
    unique("Terrain", "code"),
    Check("terrain codes known", ("Terrain", *MAP_SHEETS), terrain_codes_known),
    Check("maps are whole", MAP_SHEETS, map_rows_whole),
    Check("hex sides between hexes", ("HexSides", *MAP_SHEETS), sides_between_hexes),
    references("Places", "scenario", "Scenarios", "id"),
    Check("places on maps", ("Places", "Forces", *MAP_SHEETS), places_on_maps),
)


# --- phase 2: the model ----------------------------------------------------------------------


def river_flows(game: DarkBlades) -> Iterator[Finding]:
    """Every river hex carries a flow side, the flow runs on through river hexes to the
    map's edge, and it turns the mill wheel, which the water rules need somewhere."""
    features = {side.feature for hex_map in game.maps.values() for side in hex_map.sides}
    if FLOW in features and MILL_WHEEL not in features:
        yield game.sheets["HexSides"].finding(
            Severity.ERROR,
            "no-mill-wheel",
            "the river flows but no map has a mill wheel, which the water rules crush swimmers in",
            expected="a HexSides row: a river side, mill_wheel",
        )
    for hex_map in game.maps.values():
        flows = {side.hex: side for side in hex_map.sides if side.feature == FLOW}
        for hex, code in sorted(hex_map.codes.items()):
            if code in RIVER_CODES and hex not in flows:
                yield hex_map.cells[hex].finding(
                    Severity.ERROR,
                    "no-flow",
                    f"river hex {hex.number} has no flow side on sheet HexSides, so nobody "
                    "knows which way it sweeps a swimmer",
                    value=code,
                    expected="a HexSides row: this hex, a side, flow",
                )
        for flow in flows.values():
            if hex_map.codes.get(flow.hex) not in RIVER_CODES:
                yield flow.place.finding(
                    Severity.ERROR,
                    "flow-on-land",
                    f"hex {flow.hex.number} holds no water, yet a flow leaves it",
                    value=flow.side,
                )
                continue
            yield from _follow(hex_map, flow, flows)
        crossed = {frozenset({f.hex, f.beyond}) for f in flows.values()}
        for wheel in (s for s in hex_map.sides if s.feature == MILL_WHEEL):
            if wheel.key() not in crossed:
                yield wheel.place.finding(
                    Severity.ERROR,
                    "wheel-dry",
                    f"the mill wheel between {wheel.hex.number} and {wheel.beyond.number} "
                    "stands where no river flows",
                    value=wheel.side,
                    expected="a side the river's flow crosses",
                )


def _follow(
    hex_map: HexMap, start: SideFeature, flows: dict[Hex, SideFeature]
) -> Iterator[Finding]:
    seen = {start.hex}
    flow = start
    while (beyond := flow.beyond) in hex_map:
        if hex_map.codes[beyond] not in RIVER_CODES:
            yield flow.place.finding(
                Severity.ERROR,
                "flow-ashore",
                f"the flow from {flow.hex.number} runs ashore into {beyond.number}",
                value=flow.side,
                expected="a side leading to the next river hex or off the map",
            )
            return
        if beyond not in flows:
            return  # a river hex without a flow, reported on its own
        if beyond in seen:
            yield start.place.finding(
                Severity.ERROR,
                "flow-loop",
                f"the river's flow from {start.hex.number} runs in a circle and never "
                "leaves the map",
                value=start.side,
                expected="a flow that reaches the map's edge",
            )
            return
        seen.add(beyond)
        flow = flows[beyond]


def nothing_sealed_off(game: DarkBlades) -> Iterator[Finding]:
    """Every hex a character on foot may stand in can be reached from the map's edge."""
    for hex_map in game.maps.values():
        edge = [hex for hex in hex_map.codes if hex_map.on_edge(hex)]
        reached = hex_map.foot_reach(edge)
        for hex in sorted(hex_map.codes):
            if hex_map.kind(hex).foot_cost is not None and hex not in reached:
                yield hex_map.cells[hex].finding(
                    Severity.ERROR,
                    "sealed-off",
                    f"hex {hex.number} ({hex_map.kind(hex).name}) cannot be reached on foot "
                    "from any edge of the map: walls or impassable hexes close it in",
                    value=hex_map.codes[hex],
                    expected="a way in: a door, a window or passable ground",
                )


def places_hold_forces(game: DarkBlades) -> Iterator[Finding]:
    """Each set-up area has a hex for every piece placed in it (two for a rider), entry edges
    and exits lie on the edge, and every group of every scenario played on these maps has
    somewhere to set up or come in."""
    placed: set[tuple[str | None, str | None, str | None]] = set()
    for hex_map in game.maps.values():
        for place in hex_map.places:
            placed.add((place.scenario, place.side, place.group))
            if place.kind in ON_EDGE:
                inland = [hex.number for hex in place.hexes if not hex_map.on_edge(hex)]
                if inland:
                    yield place.place.finding(
                        Severity.ERROR,
                        "not-on-edge",
                        f"{place.name}: {a_few(inland)} "
                        f"{'are' if len(inland) > 1 else 'is'} not on the map's edge",
                        value=", ".join(inland),
                        expected="hexes along the map's edge",
                    )
            if place.kind != SET_UP or place.scenario is None:
                continue
            scenario = game.scenarios[place.scenario]
            needed = sum(
                force.count * (MOUNTED_HEXES if force.mounted else 1)
                for force in scenario.forces
                if force.side == place.side and place.group in (None, force.group)
            )
            room = sum(1 for hex in place.hexes if hex_map.kind(hex).foot_cost is not None)
            if room < needed:
                yield place.place.finding(
                    Severity.ERROR,
                    "set-up-too-small",
                    f"{place.name} has {room} hexes to stand in, but scenario "
                    f"{scenario.number} sets up {needed} hexes' worth of pieces there",
                    value=room,
                    expected=f"at least {needed} passable hexes",
                )
    for scenario in game.scenarios.values():
        for force in scenario.forces:
            options = {
                (scenario.id, force.side, force.group),
                (scenario.id, force.side, None),
            }
            if not options & placed:
                yield game.sheets["Places"].finding(
                    Severity.ERROR,
                    "no-place",
                    f"scenario {scenario.number}'s {force.side} group {force.group} has no "
                    "set-up area or entry edge on sheet Places",
                    value=force.group,
                    expected="a Places row for the group",
                )
                placed.add((scenario.id, force.side, force.group))


def blockers_where_rules_say(game: DarkBlades) -> Iterator[Finding]:
    """Walls enclose buildings, doors and windows open from door and window hexes, slope lips
    edge slopes, exterior corners stand at a building, and a building's outline is closed
    (walls give infinite cover; a gap would give none)."""
    for hex_map in game.maps.values():
        codes = hex_map.codes
        for side in hex_map.sides:
            pair = (codes.get(side.hex), codes.get(side.beyond))
            problem = None
            if side.feature == WALL and not BUILDING_CODES & set(pair):
                problem = "a wall belongs to a building, but neither hex is one"
            elif side.feature in OPENINGS and OPENINGS[side.feature] not in pair:
                problem = (
                    f"a {side.feature} opens from a {RULE_CODES[OPENINGS[side.feature]]}, "
                    "and neither hex is one"
                )
            elif side.feature == SLOPE_LIP and pair.count(SLOPE) != 1:
                problem = "a slope's top lip lies between a slope hex and higher ground"
            if problem:
                yield side.place.finding(
                    Severity.ERROR,
                    "blocker-misplaced",
                    f"{side.hex.number} {side.side}: {problem}",
                    value=side.side,
                )
        closed = {side.key() for side in hex_map.sides if side.feature in (WALL, *OPENINGS)}
        for hex in sorted(codes):
            code = codes[hex]
            if code not in BUILDING_CODES:
                continue
            open_sides = [
                side
                for side, other in hex.neighbours()
                if other in hex_map
                and codes[other] not in BUILDING_CODES
                and frozenset({hex, other}) not in closed
            ]
            if open_sides:
                yield hex_map.cells[hex].finding(
                    Severity.ERROR,
                    "wall-gap",
                    f"building hex {hex.number} has no wall, door or window on its "
                    f"{', '.join(open_sides)} side{'s' if len(open_sides) > 1 else ''}",
                    value=code,
                    expected="a wall, door or window on every outside side",
                )
            opening = next((f for f, c in OPENINGS.items() if c == code), None)
            if opening is not None and not any(
                s.feature == opening and hex in s.key() for s in hex_map.sides
            ):
                yield hex_map.cells[hex].finding(
                    Severity.ERROR,
                    "opening-missing",
                    f"{RULE_CODES[code]} {hex.number} has no {opening} on any side",
                    value=code,
                    expected=f"a HexSides row: a {opening} on one of its sides",
                )
        for hex in sorted(h for h, code in codes.items() if code == CORNER):
            if not any(codes.get(other) in BUILDING_CODES for _, other in hex.neighbours()):
                yield hex_map.cells[hex].finding(
                    Severity.ERROR,
                    "corner-alone",
                    f"exterior building corner {hex.number} touches no building, so it "
                    "gives cover behind nothing",
                    value=CORNER,
                    expected="a hex next to a building hex",
                )


def maps_join(game: DarkBlades) -> Iterator[Finding]:
    """The maps a scenario lays together meet hex for hex: the same rows side by side, the
    same columns one above the other, and an even number of rows above, so the half-hex
    offset runs on across the join."""
    for first, direction, second in sorted(set(LAYOUTS.values())):
        upper, other = game.maps[first], game.maps[second]
        if direction == RIGHT and upper.rows != other.rows:
            sheet, problem = second, f"{other.rows} rows beside {upper.title}'s {upper.rows}"
        elif direction == BELOW and upper.columns != other.columns:
            sheet, problem = (
                second,
                f"{other.columns} columns below {upper.title}'s {upper.columns}",
            )
        elif direction == BELOW and upper.rows % 2:
            sheet, problem = first, f"{upper.rows} rows, an odd number, above {other.title}"
        else:
            continue
        yield game.sheets[sheet].finding(
            Severity.ERROR,
            "maps-misfit",
            f"{game.maps[sheet].title} has {problem}: the hexes cannot meet across the join",
            expected="maps of matching size, with an even number of rows",
        )


def routes_open(game: DarkBlades) -> Iterator[Finding]:
    """A scenario's exit can be reached from its side's entry edges over the maps as the
    scenario lays them out, on foot, and leading animals when the side brings any."""
    for scenario in game.scenarios.values():
        layout = LAYOUTS.get(scenario.id)
        boards = (
            [laid_out(game.maps[layout[0]], layout[1], game.maps[layout[2]])]
            if layout is not None
            else list(game.maps.values())
        )
        for board in boards:
            places = [p for p in board.places if p.scenario == scenario.id]
            for exit in (p for p in places if p.kind == EXIT):
                starts = [
                    hex
                    for p in places
                    if p.kind == ENTRY and p.side == exit.side
                    for hex in p.hexes
                ]
                animals = any(
                    f.mounted or game.characters[f.character].special == "mule"
                    for f in scenario.forces
                    if f.side == exit.side
                )
                ways = [("on foot", frozenset[str]())]
                if animals:
                    ways.append(("leading horses and mules", ANIMALS_BARRED))
                for how, barred in ways:
                    reach = board.foot_reach(starts, barred=barred)
                    if starts and not any(hex in reach for hex in exit.hexes):
                        yield exit.place.finding(
                            Severity.ERROR,
                            "no-route",
                            f"scenario {scenario.number}: no way {how} from the entry "
                            f"edge to {exit.name.lower()} on {board.title}",
                            value=exit.numbers,
                            expected="a passable route from the entry edge to the exit",
                        )


MODEL_CHECKS = (
    river_flows,
    nothing_sealed_off,
    places_hold_forces,
    blockers_where_rules_say,
    maps_join,
    routes_open,
)
