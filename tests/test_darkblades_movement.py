"""DARK BLADES' movement under Magic Carpet and Fear, on the real maps."""

from __future__ import annotations

from authoring.games.darkblades.maps import WATER, Hex, parse_hex
from authoring.games.darkblades.movement import carpet_reach, fear_retreat

GAME = "darkblades"  # game, validation and model: the shared fixtures in conftest.py


def at(number: str) -> Hex:
    hex = parse_hex(number)
    assert hex is not None
    return hex


def numbers(path: list[Hex]) -> list[str]:
    return [hex.number for hex in path]


def test_magic_carpet_doubles_the_move_or_frees_it_of_terrain_never_both(model):
    """The card: "Doubles movement rate or negates any terrain difficulty effects
    (including crossing water)". "Movement across water must start and end on land."

    L8 stands on the Watermill's north bank; L12 is across the river, four hexes south
    (L9 open, L10 and L11 water). The footbridge and the stepping stones are too far."""
    watermill = model.maps["MapWatermill"]
    start, across = at("L8"), at("L12")
    doubled = carpet_reach(watermill, start, 4, "double_rate")
    freed = carpet_reach(watermill, start, 4, "ignore_terrain")
    # Double rate: eight points on open ground, but the river stays closed.
    assert max(start.distance(hex) for hex in doubled) == 8
    assert across not in doubled
    # No terrain costs: straight over the water, but no farther than his own four hexes.
    assert freed[across] == 4
    assert max(start.distance(hex) for hex in freed) == 4
    # Both at once would give eight hexes across the water; the card gives one or the other.
    assert not any(start.distance(hex) > 4 and hex.row > 10 for hex in freed)


def test_magic_carpet_starts_and_ends_on_land(model):
    """The card: "Movement across water must start and end on land."."""
    watermill = model.maps["MapWatermill"]
    freed = carpet_reach(watermill, at("L8"), 4, "ignore_terrain")
    assert at("L10") not in freed and at("L11") not in freed
    assert all(watermill.codes[hex] != WATER for hex in freed)
    assert carpet_reach(watermill, at("L10"), 4, "ignore_terrain") == {}


def test_fear_drives_straight_away_from_the_caster_over_any_terrain(model):
    """The seed's diagram: "All X pieces would have to move directly away from the
    opposition and the caster for one full move"; the card: "Disregard any terrain effects
    except water".

    The caster stands on the Arena floor's centre, J11; the victim two hexes east, L11,
    flees east for his full six hexes, over the slope N11 and into the trees at Q11."""
    arena = model.maps["MapArena"]
    caster = at("J11")
    assert numbers(fear_retreat(arena, at("L11"), 6, caster, [caster])) == [
        "M11",
        "N11",
        "O11",
        "P11",
        "Q11",
        "R11",
    ]
    # North of the caster he flees north, every hex one farther from J11.
    north = fear_retreat(arena, at("J9"), 6, caster, [caster])
    assert numbers(north) == ["J8", "J7", "J6", "J5", "J4", "J3"]


def test_fear_keeps_away_from_the_rest_of_the_opposition(model):
    """The diagram again: "directly away from the opposition and the caster". With one of
    the caster's side at P10, in the way of a flight due east, the victim bends south-east
    and never comes nearer to him."""
    arena = model.maps["MapArena"]
    caster, guard = at("J11"), at("P10")
    path = fear_retreat(arena, at("L11"), 6, caster, [caster, guard])
    assert len(path) == 6
    assert "M11" not in numbers(path)
    distances = [at("L11").distance(guard)] + [hex.distance(guard) for hex in path]
    assert distances == sorted(distances)
    assert [hex.distance(caster) for hex in path] == [3, 4, 5, 6, 7, 8]


def test_fear_never_drives_anyone_into_water(model):
    """The card: "Disregard any terrain effects except water." A caster at N8 frightens a
    man at M9 on the river bank: he flees one hex to L9 and, with only the river farther
    away, stops there."""
    watermill = model.maps["MapWatermill"]
    assert numbers(fear_retreat(watermill, at("M9"), 6, at("N8"), [at("N8")])) == ["L9"]
