"""DARK BLADES' combat rules: odds, column shifts, the die, and what a result does.

Pure functions over the typed model, so the same rules serve exact enumeration, the
Monte Carlo simulator and the tests.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Literal

from authoring.games.darkblades.checks import DIE_FACES, ODDS
from authoring.games.darkblades.model import CombatTable, DarkBlades, Health, ResultKey

LAST_COLUMN = len(ODDS) - 1
ONE_TO_ONE = ODDS.index("1-1")
Grade = Literal["+", "0", "-"]


def odds_column(attack: int, defence: int) -> int:
    """The odds column for attack ÷ defence, rounded down and capped at the table's ends.

    Odds worse than 1-1 fall in the table's first column (1-2), better than 12-1 in its last.
    """
    if defence <= 0:
        return LAST_COLUMN
    ratio = attack // defence
    if ratio < 1:
        return 0
    return min(ONE_TO_ONE + ratio - 1, LAST_COLUMN)


def shifted(column: int, shift: int) -> int:
    return max(0, min(LAST_COLUMN, column + shift))


@dataclass(frozen=True)
class Situation:
    """Everything besides the strengths that moves the odds column of one attack."""

    attacker_terrain: Grade = "0"
    defender_terrain: Grade = "0"
    cover: str = "none"  # missile fire only
    riding_fast: bool = False  # missile fire at a horseman who moved more than 7 hexes
    help_spell: bool = False  # attackers inside a Help spell's area
    help_spell_defence: bool = False  # defenders inside a Help spell's area
    magic_sword: bool = False  # an attacker holds the Sons of Honna's sword
    magic_ring: bool = False  # a defender wears the Mon-Ogers' ring


def column_shift(game: DarkBlades, situation: Situation, *, missile: bool) -> int | None:
    """Total column shift for an attack, or None when the target may not be fired upon."""
    shifts = game.column_shifts
    total = 0
    if missile:
        cover = game.cover_shifts[situation.cover]
        if cover is None:
            return None
        total += cover
        if situation.riding_fast:
            total += shifts["riding_fast"].shift
    else:
        total += game.terrain_shifts[(situation.attacker_terrain, situation.defender_terrain)]
        if situation.help_spell:
            total += shifts["help_spell"].shift
        if situation.help_spell_defence:
            total += shifts["help_spell_defence"].shift
        if situation.magic_sword:
            total += shifts["magic_sword"].shift
    if situation.magic_ring and shifts["magic_ring"].applies_to in (
        "both",
        "missile" if missile else "melee",
    ):
        total += shifts["magic_ring"].shift
    return total


def attack_column(
    game: DarkBlades,
    attacks: Sequence[int],
    defences: Sequence[int],
    situation: Situation = Situation(),
    *,
    missile: bool = False,
) -> int | None:
    """The final odds column when several attackers combine against several defenders."""
    shift = column_shift(game, situation, missile=missile)
    if shift is None:
        return None
    return shifted(odds_column(sum(attacks), sum(defences)), shift)


def distribution(table: CombatTable, column: int) -> dict[str, Fraction]:
    """Exact probability of each result code in one odds column: each die face is 1 in 10."""
    chances: dict[str, Fraction] = {}
    for die in DIE_FACES:
        code = table.codes[die - 1][column]
        chances[code] = chances.get(code, Fraction(0)) + Fraction(1, len(DIE_FACES))
    return chances


def roll(table: CombatTable, column: int, rng: random.Random) -> ResultKey:
    """One attack resolved with a d10 from `rng`."""
    return table.result(rng.randint(1, len(DIE_FACES)), column)


@dataclass(frozen=True)
class Condition:
    """A character's state in play: its health, and whether it sits on its horse."""

    health: Health = "healthy"
    mounted: bool = False
    horse_alive: bool = True

    @property
    def face(self) -> str:
        """The counter face that shows this condition."""
        if self.mounted and self.health != "dead":
            return "mounted_wounded" if self.health == "wounded" else "mounted"
        return self.health


def suffer(
    condition: Condition,
    key: ResultKey,
    *,
    can_retreat: bool = True,
    any_hurt_kills: bool = False,
) -> Condition:
    """The affected character's condition after a result.

    A retreat that cannot be made wounds instead. A stunned or wounded character who is
    hurt again dies; so does a war dog hurt at all (`any_hurt_kills`).
    """
    injury = key.injury
    if injury is None and key.retreat_hexes and not can_retreat:
        injury = "wounded"
    health = condition.health
    if injury == "killed":
        health = "dead"
    elif injury is not None:
        health = "dead" if health != "healthy" or any_hurt_kills else injury
    mounted = condition.mounted and not key.dismounted and health != "dead"
    horse_alive = condition.horse_alive and not key.horse_killed
    return replace(condition, health=health, mounted=mounted, horse_alive=horse_alive)
