"""DARK BLADES' two maps printed: each tiled across sheets with the render core, hexes at the
counters' size, every hex numbered as the map sheets number it, a legend and the joins.

Hex size: a 3/4" counter (19.05 mm) must lie inside its hex between the two upright sides
and never touch a counter in a neighbouring hex, so both the flat-to-flat width and the row
pitch (rows are 3/4 of a hex apart) are at least the counter's side plus a gap. A mounted
counter covers two neighbouring hexes of a row: it is one hex pitch longer than a square
counter, so each of its halves lies centred on a hex.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from authoring.games.darkblades.maps import (
    LAYOUTS,
    MOUNTING,
    OPPOSITE,
    RIGHT,
    SIDE_NUMBERS,
    SLOPE,
    SLOPE_LIP,
    HexMap,
    TerrainKind,
)
from authoring.games.darkblades.model import DarkBlades
from authoring.render.hexes import (
    HexGrid,
    HexLook,
    HexMapArt,
    Legend,
    SideLook,
    draw_entries,
    draw_hex_map,
    draw_legend,
    draw_notes,
    entries_height,
    legend_height,
    map_size,
    notes_height,
    row_span,
)
from authoring.render.imposition import Rect
from authoring.render.paper import COUNTER_SIZES, Paper, Size
from authoring.render.tiling import OVERLAP, TilePlan, plan_tiles, write_tiled
from authoring.render.words import name_key

COUNTER = COUNTER_SIZES["3/4"]
COUNTER_GAP = 0.8 * mm
"""At least this much paper between counters in neighbouring hexes."""
HEX_FLAT = 23 * mm
HEX_PITCH = HexGrid(columns=2, rows=1, flat=HEX_FLAT).pitch
"""Between neighbouring hex centres along a printed row."""
MOUNTED_COUNTER = Size(
    "3/4 two-hex", row_span(HEX_PITCH, hexes=2, side=COUNTER.width), COUNTER.height
)
LEGEND_GAP = 6 * mm
LEGEND_INDENT = 12 * mm
KEY_CLEARANCE = 3 * mm
"""Between the key and a glue strip, where the crosshair targets are printed."""

HEX_LOOKS = {
    "op": HexLook("Open ground", colors.HexColor("#eef2d6")),
    "co": HexLook("Exterior building corner", colors.HexColor("#e3e8c4"), "dots"),
    "sl": HexLook("Slope", colors.HexColor("#dcc29a")),
    "tr": HexLook("Tree", colors.HexColor("#a9cf94"), "trees", colors.HexColor("#3f6f2e")),
    "ma": HexLook("Marsh", colors.HexColor("#c6ddc0"), "tufts", colors.HexColor("#4d7a55")),
    "wa": HexLook("Water", colors.HexColor("#9cc8ec"), "waves", colors.HexColor("#2f6ea8")),
    "br": HexLook("Footbridge", colors.HexColor("#9dc9ea"), "planks", colors.HexColor("#9a6a3a")),
    "st": HexLook(
        "Stepping stones", colors.HexColor("#a2cbe9"), "stones", colors.HexColor("#6a6a6a")
    ),
    "ho": HexLook("House interior", colors.HexColor("#cdc6b8")),
    "do": HexLook("Door hex", colors.HexColor("#d6c7a8")),
    "wi": HexLook("Window hex", colors.HexColor("#c7ccd0")),
    "ba": HexLook("Bars", colors.HexColor("#b9b2a4"), "bars", colors.HexColor("#303030")),
}
"""The look of each terrain code; a code a designer adds without one is printed as its code."""
MOUNTING_LOOK = HexLook("Mounting X", HEX_LOOKS["op"].fill, mark="X")
SIDE_LOOKS = {
    "wall": SideLook("Wall", "wall", colors.HexColor("#3a3a3a")),
    "door": SideLook("Door", "opening", colors.HexColor("#3a3a3a"), colors.HexColor("#b07a3c")),
    "window": SideLook("Window", "opening", colors.HexColor("#3a3a3a"), colors.HexColor("#bfe6ff")),
    "slope_lip": SideLook("Top of a slope", "lip", colors.HexColor("#7a5a2a")),
    "flow": SideLook("River flow", "arrow", colors.HexColor("#1f5c99")),
    "mill_wheel": SideLook(
        "Mill wheel", "wheel", colors.HexColor("#5a3a1a"), colors.HexColor("#d9b27a")
    ),
}
SIDE_WORDS = {
    "wall": "no way through; no shooting through",
    "door": "a way in for anyone",
    "window": "climb through on foot only",
    "slope_lip": "ticks point down the slope",
    "flow": "a swimmer drifts this way",
    "mill_wheel": "a swimmer swept through it is crushed",
}
NOTES = (
    "Cut the map out along its thick outline. Where a scenario lays the two maps together, "
    "the half-hexes along the edges fit into each other.",
    "The set-up sheets name the hexes where each side starts. The campaign map of Labrynthia "
    "is not part of this kit.",
)


def joins(game: DarkBlades) -> list[str]:
    """How each scenario that uses both maps lays them together, in the seed's side numbers."""
    numbers: dict[tuple[str, str, str], list[int]] = defaultdict(list)
    for scenario in sorted(game.scenarios.values(), key=lambda s: s.number):
        if scenario.id in LAYOUTS:
            numbers[LAYOUTS[scenario.id]].append(scenario.number)
    lines = []
    for (first, direction, second), played in numbers.items():
        upper, other = game.maps[first].title, game.maps[second].title
        near, far, where = (
            ("right", "left", "to the left of")
            if direction == RIGHT
            else ("bottom", "top", "above")
        )
        listed = " and ".join(str(n) for n in played)
        lines.append(
            f"Scenario{'s' if len(played) > 1 else ''} {listed}: {upper} {where} {other}, its "
            f"side {SIDE_NUMBERS[first][near]} against {other}'s side {SIDE_NUMBERS[second][far]}."
        )
    return lines


def grid_of(hex_map: HexMap) -> HexGrid:
    return HexGrid(hex_map.columns, hex_map.rows, HEX_FLAT)


def _look(code: str, kinds: dict[str, TerrainKind]) -> HexLook:
    look = HEX_LOOKS.get(code)
    if look is not None:
        return look
    return HexLook(kinds[code].name, colors.white, code=code)


def _cost(kind: TerrainKind) -> str:
    """What entering the hex costs, in the legend's words."""
    if kind.foot_cost is None and kind.mounted_cost is None:
        return "no one may enter"
    foot = "no entry on foot" if kind.foot_cost is None else f"{kind.foot_cost} on foot"
    mounted = "no horses" if kind.mounted_cost is None else f"{kind.mounted_cost} mounted"
    return f"costs {foot}, {mounted}"


def map_art(hex_map: HexMap, notes: Sequence[str]) -> tuple[HexMapArt, Legend]:
    codes = hex_map.codes
    looks = {code: _look(code, hex_map.kinds) for code in set(codes.values())}
    sides = []
    for feature in hex_map.sides:
        hex, side = feature.hex, feature.side
        # A slope lip's ticks point into the slope, whichever hex the row names.
        if feature.feature == SLOPE_LIP and codes.get(hex) != SLOPE:
            hex, side = feature.beyond, OPPOSITE[side]
        sides.append((hex.column, hex.row, side, feature.feature))
    art = HexMapArt(
        grid=grid_of(hex_map),
        hexes={(hex.column, hex.row): code for hex, code in codes.items()},
        looks=looks,
        sides=sides,
        side_looks=SIDE_LOOKS,
        numbers={(hex.column, hex.row): hex.number for hex in codes},
        marks={
            (hex.column, hex.row): "X"
            for place in hex_map.places
            if place.kind == MOUNTING
            for hex in place.hexes
        },
        edges={edge: f"Side {n}" for edge, n in SIDE_NUMBERS.get(hex_map.sheet, {}).items()},
    )
    used_sides = sorted({f.feature for f in hex_map.sides}, key=list(SIDE_LOOKS).index)
    legend = Legend(
        f"{hex_map.title}: key",
        [
            (looks[code], _cost(hex_map.kinds[code]))
            for code in sorted(looks, key=lambda c: name_key(looks[c].name))
        ]
        + [(MOUNTING_LOOK, "mount a horse only here")] * bool(art.marks),
        [(SIDE_LOOKS[f], SIDE_WORDS[f]) for f in used_sides],
        notes,
    )
    return art, legend


@dataclass(frozen=True)
class KeyPlace:
    """Where the key goes under the map, in the art's coordinates, and the sheets that
    makes: its entries and notes stacked in one box, or each in a box of its own."""

    plan: TilePlan
    entries: Rect
    notes: Rect | None
    """None: the notes are under the entries, in the entries' box."""


def clear_spans(plan: TilePlan) -> list[tuple[float, float]]:
    """(left, width) of each bottom-row sheet's stretch of the art clear of the glue strips
    it shares with its neighbours (where the crosshair targets are), widest first."""
    spans = []
    for column in range(plan.columns):
        tile = plan.at(column, plan.rows - 1)
        assert tile is not None
        left, right = tile.source.x, tile.source.x + tile.source.width
        if column > 0:
            left += OVERLAP + KEY_CLEARANCE
        if column < plan.columns - 1:
            right -= OVERLAP + KEY_CLEARANCE
        left, right = max(left, LEGEND_INDENT), min(right, plan.width - LEGEND_INDENT)
        spans.append((left, right - left))
    return sorted(spans, key=lambda span: -span[1])


def clear_top(plan: TilePlan) -> float:
    """How high the key may reach: clear of the strip the bottom row of sheets shares with
    the row above."""
    if plan.rows == 1:
        return plan.height
    tile = plan.at(0, plan.rows - 1)
    assert tile is not None
    return float(tile.source.y + tile.source.height - OVERLAP - KEY_CLEARANCE)


def place_key(paper: Paper, art: HexMapArt, legend: Legend, *, split: bool) -> KeyPlace | None:
    """The key under the map with each of its boxes inside one sheet's clear stretch, so
    every word of it reads on one sheet and no crosshair falls on it; None when the sheets
    have too few stretches for the boxes, or the key reaches up into a glue strip. A
    narrower box is taller, which may change the sheets, so the boxes narrow until they fit
    the stretches of the sheets they make."""
    width, height = map_size(art)
    rooms = [width - 2 * LEGEND_INDENT] * (2 if split else 1)
    while True:
        if split:
            heights = [entries_height(legend, rooms[0]), notes_height(legend.notes, rooms[1])]
        else:
            heights = [legend_height(legend, rooms[0])]
        top = max(heights) + LEGEND_GAP / 2
        plan = plan_tiles(paper, width, top + LEGEND_GAP / 2 + height)
        spans = clear_spans(plan)[: len(rooms)]
        if len(spans) < len(rooms) or top > clear_top(plan):
            return None
        if all(room <= span for room, (_, span) in zip(rooms, spans, strict=True)):
            boxes = [
                Rect(left, top - box_height, room, box_height)
                for room, (left, _), box_height in zip(rooms, spans, heights, strict=True)
            ]
            return KeyPlace(plan, boxes[0], boxes[1] if split else None)
        rooms = [min(room, span) for room, (_, span) in zip(rooms, spans, strict=True)]


def key_place(paper: Paper, art: HexMapArt, legend: Legend) -> KeyPlace:
    """The key on the fewest sheets: in one box, or with its notes beside its entries where
    that saves a sheet; where neither keeps clear of the glue strips, across the foot of
    the map."""
    placed = [place_key(paper, art, legend, split=split) for split in (False, True)]
    clear = [place for place in placed if place is not None]
    if clear:
        # The first of the fewest: one box where it costs no sheet more.
        return min(clear, key=lambda place: len(place.plan.tiles))
    width, height = map_size(art)
    room = width - 2 * LEGEND_INDENT
    box_height = legend_height(legend, room)
    plan = plan_tiles(paper, width, box_height + LEGEND_GAP + height)
    return KeyPlace(plan, Rect(LEGEND_INDENT, LEGEND_GAP / 2, room, box_height), None)


def write_map(
    game: DarkBlades, sheet: str, paper: Paper, path: Path, *, title: str, author: str
) -> None:
    hex_map = game.maps[sheet]
    art, legend = map_art(hex_map, [NOTES[0], *joins(game), *NOTES[1:]])
    key = key_place(paper, art, legend)
    plan = key.plan

    def draw(canvas: Canvas) -> None:
        draw_hex_map(canvas, art, 0, plan.height - map_size(art)[1])
        entries = key.entries
        top = entries.y + entries.height
        if key.notes is None:
            draw_legend(canvas, legend, entries.x, top, entries.width)
        else:
            draw_entries(canvas, legend, entries.x, top, entries.width)
            draw_notes(canvas, legend.notes, key.notes.x, top, key.notes.width)

    write_tiled(
        path,
        paper,
        plan.width,
        plan.height,
        draw,
        title=title,
        author=author,
        subject=f"Map: {hex_map.title}",
    )
