"""BIATHLON BLAST's rules as pure functions over positions: steps by terrain, drafting and
wind, and the shooting sequence. The race engine builds on them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import islice

from authoring.games.biathlon.model import Biathlete

OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
HITS_MAX = 5
DICE = ("red", "black", "yellow", "green", "blue")
"""The shooting dice by colour: every colour but white, which no die initiative names."""
DIE_FACES = tuple(range(6))
"""A shooting die's faces, 0 to 5: a bib digit is the lowest face that hits."""


@dataclass(frozen=True)
class Steps:
    uphill: int
    flat: int
    downhill: int


def reach(steps: Steps, terrains: Sequence[str], start: int = 0) -> int:
    """How many spaces of the trail ahead (the terrains from `start` on) the steps can enter.

    Each space takes the least versatile step that works on it, which keeps the versatile
    uphill steps for the climbs still to come. The range is level ground (flat) and stops a
    skier on it.
    """
    uphill, flat, downhill = steps.uphill, steps.flat, steps.downhill
    entered = 0
    for terrain in islice(terrains, start, None):
        if terrain == "downhill" and downhill:
            downhill -= 1
        elif terrain != "uphill" and flat:
            flat -= 1
        elif uphill:
            uphill -= 1
        else:
            break
        entered += 1
        if terrain == "range":
            break
    return entered


def wind_effect(
    heading: str, wind_from: str | None, *, drafting: bool, shielded_behind: bool
) -> int:
    """+1 headwind, -1 tailwind, 0 otherwise, for a skier facing `heading`.

    Headwind: facing into the wind and not drafting. Tailwind: facing away from it with no
    one directly behind to block it. A windstill cloud (None) gives neither.
    """
    if wind_from is None:
        return 0
    if heading == wind_from and not drafting:
        return 1
    if heading == OPPOSITE[wind_from] and not shielded_behind:
        return -1
    return 0


def crosswind(heading: str, wind_from: str | None) -> bool:
    return wind_from is not None and wind_from not in (heading, OPPOSITE[heading])


def hits(
    biathlete: Biathlete,
    pulse: int,
    dice: list[int],
    heading: str,
    wind_from: str | None,
    bullets: int = 0,
) -> int:
    """Targets hit: dice meeting the accuracy, -1 in a crosswind (not below 0), +1 when
    windstill (not above 5), then one more per bullet spent, up to 5."""
    count = sum(1 for face in dice if face >= biathlete.accuracy(pulse))
    if crosswind(heading, wind_from):
        count = max(0, count - 1)
    if wind_from is None:
        count = min(HITS_MAX, count + 1)
    return min(HITS_MAX, count + bullets)
