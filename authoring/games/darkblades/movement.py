"""DARK BLADES' movement under the spells that change it: Magic Carpet and Fear.

Pure functions over a map, like the combat rules, so the tests can put a character on a
real map and see where the rules let him go.
"""

from __future__ import annotations

import math
from collections.abc import Collection
from typing import Literal

from authoring.games.darkblades.maps import WATER, Hex, HexMap

CarpetChoice = Literal["double_rate", "ignore_terrain"]
CARPET_CHOICES: tuple[CarpetChoice, ...] = ("double_rate", "ignore_terrain")
"""The card's two gifts, of which the caster gives one: "Doubles movement rate or negates
any terrain difficulty effects (including crossing water)"."""


def carpet_reach(
    hex_map: HexMap, start: Hex, allowance: int, choice: CarpetChoice
) -> dict[Hex, int]:
    """Each hex a character on foot under Magic Carpet may end his move in, with the
    movement points it takes him to get there.

    `double_rate`: twice his allowance, paying the terrain costs as usual (water stays
    closed). `ignore_terrain`: his own allowance at one point a hex, water included, but he
    must "start and end on land". Walls and terrain closed for another reason than its
    difficulty (locked bars) stay closed either way.
    """
    if hex_map.codes[start] == WATER:
        return {}
    if choice == "double_rate":
        budget = 2 * allowance
        reached = hex_map.reach([start], lambda hex: hex_map.kind(hex).foot_cost)
    else:
        budget = allowance
        reached = hex_map.reach(
            [start],
            lambda hex: (
                1
                if hex_map.codes[hex] == WATER or hex_map.kind(hex).foot_cost is not None
                else None
            ),
        )
    return {
        hex: cost for hex, cost in reached.items() if cost <= budget and hex_map.codes[hex] != WATER
    }


def fear_retreat(
    hex_map: HexMap,
    start: Hex,
    allowance: int,
    caster: Hex,
    opposition: Collection[Hex],
    occupied: Collection[Hex] = (),
) -> list[Hex]:
    """The hexes a character struck by Fear flees through, in order, his last hex last.

    The seed's diagram: the pieces "would have to move directly away from the opposition
    and the caster for one full move"; the card: "Disregard any terrain effects except
    water". So every step takes him one hex farther from the caster and no nearer to any
    of the caster's side (`opposition`), at one point a hex whatever the terrain, never
    into water, through a wall or into a hex someone holds (`occupied`); of the steps that
    qualify he takes the one that leads most straight away from the caster. He stops
    early when no step qualifies.
    """
    closed = hex_map.closed_sides()
    path: list[Hex] = []
    here = start
    for _ in range(allowance):
        steps = [
            there
            for _, there in here.neighbours()
            if there in hex_map
            and there not in occupied
            and hex_map.codes[there] != WATER
            and hex_map.kind(there).foot_cost is not None
            and frozenset({here, there}) not in closed
            and there.distance(caster) > here.distance(caster)
            and all(there.distance(enemy) >= here.distance(enemy) for enemy in opposition)
        ]
        if not steps:
            break
        here = max(steps, key=lambda there: _straightness(caster, start, there))
        path.append(here)
    return path


def _straightness(caster: Hex, start: Hex, there: Hex) -> float:
    """How nearly `there` lies on the line from the caster through the start (1 = on it)."""
    (cx, cy), (sx, sy), (tx, ty) = _centre(caster), _centre(start), _centre(there)
    away = (sx - cx, sy - cy)
    step = (tx - cx, ty - cy)
    length = math.hypot(*away) * math.hypot(*step)
    return (away[0] * step[0] + away[1] * step[1]) / length if length else 0.0


def _centre(hex: Hex) -> tuple[float, float]:
    """The hex's centre in hex widths: even rows sit half a hex to the right."""
    return hex.column + (0.5 if hex.row % 2 == 0 else 0.0), hex.row * math.sqrt(3) / 2
