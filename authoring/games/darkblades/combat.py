"""DARK BLADES' combat rules: odds, column shifts, the die, and what a result does.

Pure functions over the typed model, so the same rules serve exact enumeration, the
Monte Carlo simulator and the tests.
"""

from __future__ import annotations

import math
import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Literal

from authoring.games.darkblades.checks import DIE_FACES, ODDS
from authoring.games.darkblades.maps import Hex
from authoring.games.darkblades.model import (
    Character,
    CombatTable,
    DarkBlades,
    Health,
    OddsBelowTable,
    ResultKey,
)

LAST_COLUMN = len(ODDS) - 1
ONE_TO_ONE = ODDS.index("1-1")
Grade = Literal["+", "0", "-"]


def odds_column(attack: int, defence: int, below_table: OddsBelowTable) -> int | None:
    """The odds column for attack ÷ defence, rounded down and capped at the table's ends;
    None when the attack may not be made.

    The seed: "attack strengths are always rounded down to the nearest divisible figure".
    Odds between 1-2 and 1-1 round down to the first column (1-2). Odds worse than 1-2 have
    no column to round down to, and the seed does not say what happens: Settings'
    `odds_below_table` either forbids the attack or fights it in the first column. Better
    than 12-1 is fought in the last column.
    """
    if defence <= 0:
        return LAST_COLUMN
    if 2 * attack < defence:
        return None if below_table == "no_attack" else 0
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
    """The final odds column when several attackers combine against several defenders, or
    None when the attack may not be made: a target in infinite cover, or odds worse than
    the table's first column under Settings' `no_attack` (judged before any shift, as the
    odds are worked out before terrain, spells and magic items move them)."""
    shift = column_shift(game, situation, missile=missile)
    column = odds_column(sum(attacks), sum(defences), game.odds_below_table)
    if shift is None or column is None:
        return None
    return shifted(column, shift)


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
    frozen: bool = False  # under a Freeze spell until his next turn is over
    burnt: bool = False  # a dead troll burnt to ashes: he never comes back

    @property
    def face(self) -> str:
        """The counter face that shows this condition."""
        if self.mounted and self.health != "dead":
            return "mounted_wounded" if self.health == "wounded" else "mounted"
        return self.health

    @property
    def target_face(self) -> str:
        """The face whose defence an attacker divides by: a frozen character on foot counts
        as stunned (a frozen rider keeps his face, as no piece shows a stunned rider)."""
        return "stunned" if self.as_target == "stunned" and not self.mounted else self.face

    @property
    def as_target(self) -> Health:
        """The health an attacker reckons with: a frozen character counts as stunned."""
        return "stunned" if self.frozen and self.health == "healthy" else self.health


def suffer(
    condition: Condition,
    key: ResultKey,
    *,
    can_retreat: bool = True,
    any_hurt_kills: bool = False,
) -> Condition:
    """The affected character's condition after a result.

    A retreat that cannot be made wounds instead. A stunned or wounded character who is
    hurt again dies, and a frozen one counts as stunned; so does a war dog hurt at all
    (`any_hurt_kills`).
    """
    injury = key.injury
    if injury is None and key.retreat_hexes and not can_retreat:
        injury = "wounded"
    health = condition.health
    if injury == "killed":
        health = "dead"
    elif injury is not None:
        health = "dead" if condition.as_target != "healthy" or any_hurt_kills else injury
    mounted = condition.mounted and not key.dismounted and health != "dead"
    horse_alive = condition.horse_alive and not key.horse_killed
    return replace(condition, health=health, mounted=mounted, horse_alive=horse_alive)


# --- the rules around a fight -----------------------------------------------------------

GRADE_ORDER: tuple[Grade, ...] = ("-", "0", "+")  # worst footing first
SHORTBOW = "shortbow"
FIRED_OVER_MOST = 4  # "they may fire over a maximum of 4 intervening characters"
CLEAR_COVERS = frozenset({"none", "light"})  # "in the open or in light cover only"


def horseman_footing(first: Grade, second: Grade) -> Grade:
    """A horseman's terrain grade in a fight: "Mounted characters are considered to be in
    the most disadvantageous terrain of the two hexes they occupy"."""
    return min(first, second, key=GRADE_ORDER.index)


def horseman_cover(game: DarkBlades, first: str, second: str) -> str:
    """A horseman's cover from missiles: "he is considered to be totally in cover of the
    HEAVIER type" of his two hexes. Infinite cover (no shot at all) is the heaviest; else
    the cover that moves the odds further left."""

    def weight(cover: str) -> float:
        shift = game.cover_shifts[cover]
        return math.inf if shift is None else -shift

    return max(first, second, key=weight)


def frozen(game: DarkBlades, character: Character, condition: Condition) -> Condition:
    """The victim of a Freeze spell: "Target cannot perform any action in his next turn. If
    attacked, counts as stunned target." The card's "Will not affect Dark Blades or The
    Black Fox" is the spell's `immune` list (names, `;` between them)."""
    spell = next(spell for spell in game.spells if spell.name == "Freeze")
    immune = [name.strip() for name in (spell.immune or "").split(";") if name.strip()]
    if any(name in character.name for name in immune) or condition.health == "dead":
        return condition
    return replace(condition, frozen=True)


def may_act(condition: Condition) -> bool:
    """Whether the character may move, fire or attack this turn: not when dead, stunned
    ("he may not move, fire or attack") or frozen."""
    return condition.health in ("healthy", "wounded") and not condition.frozen


def burn(condition: Condition) -> Condition:
    """A 'flames' counter on a dead troll at the end of the combat step: ashes for good."""
    return replace(condition, burnt=True) if condition.health == "dead" else condition


def regenerate(condition: Condition) -> Condition:
    """An unburnt troll at his side's last step: "A dead troll will become wounded, a
    wounded or stunned troll goes to full strength"; ashes stay ashes."""
    if condition.burnt:
        return condition
    if condition.health == "dead":
        return replace(condition, health="wounded")
    return replace(condition, health="healthy")


def may_advance(
    key: ResultKey, *, retreated: bool, attacker: Hex, live_enemies: Collection[Hex]
) -> bool:
    """Whether the attacker may step into the defender's hex after the result: "If as a
    result of combat, the defender is killed, or forced to retreat, the attacker may advance
    into defender hex IMMEDIATELY ... If the attacker is adjacent to any live enemy
    characters, he may not advance in this way." `retreated`: the defender did fall back
    (one who cannot is wounded instead and stays); `live_enemies` where the attacker's live
    enemies stand once the result is carried out."""
    if key.affects != "defender" or not (key.killed or (key.retreat_hexes and retreated)):
        return False
    return all(attacker.distance(enemy) != 1 for enemy in live_enemies)


def may_fire_over(weapon: str, intervening: Sequence[Hex], target: Hex, target_cover: str) -> bool:
    """Whether a missile may fly over the characters standing in its line: "Only shortbows
    may fire over intervening characters, they may fire over a maximum of 4 intervening
    characters providing: 1. None of the intervening characters are adjacent to the target.
    2. The target is either in the open or in light cover only."."""
    if not intervening:
        return True
    return (
        weapon == SHORTBOW
        and len(intervening) <= FIRED_OVER_MOST
        and all(hex.distance(target) > 1 for hex in intervening)
        and target_cover in CLEAR_COVERS
    )


def table_for(game: DarkBlades, *, missile: bool, attacker_mounted: bool, target: str) -> str:
    """The results table sheet of an attack on `target`: "infantry", "mounted", or
    "animal" for a pack mule or riderless horse, which takes "the table for a mounted
    target/opponent"."""
    against = "Inf" if target == "infantry" else "Mtd"
    by = "Msl" if missile else "Mtd" if attacker_mounted else "Inf"
    sheet = f"CRT_{by}Vs{against}"
    assert sheet in game.combat_tables
    return sheet


def animal_suffers(condition: Condition, key: ResultKey) -> Condition:
    """A pack mule or riderless horse hit: "when obtaining a result ignore RIDER
    casualties", so only a result that kills the horse kills the animal."""
    if key.affects == "defender" and key.horse_killed:
        return replace(condition, health="dead", horse_alive=False)
    return condition


def retreating_animals(key: ResultKey, target: str, string: Sequence[str]) -> tuple[str, ...]:
    """Who falls back when an animal is retreated: "If a pack mule is retreated, and is
    part of a string of mules, ALL mules will retreat - characters leading mules will not
    retreat in this instance." `string`: the animals tied in file with the target."""
    if key.affects != "defender" or not key.retreat_hexes:
        return ()
    return tuple(string) if target in string else (target,)


def may_mount(
    character: Character, condition: Condition, *, animal: str, started_mounted: bool
) -> bool:
    """Whether a character may climb onto a horse (or mule) beside him: "pack mules may
    never be mounted"; "Only characters who started the game as mounted characters may
    remount horses acquired as a result of combat"; "Wounded characters may not
    mount/remount horses"; and only riders have a mounted piece to put on the map."""
    return (
        animal == "horse"
        and started_mounted
        and character.can_ride
        and condition.health == "healthy"
        and not condition.frozen
    )
