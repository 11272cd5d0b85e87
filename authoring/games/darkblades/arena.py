"""Scenario one, the Arena, as a gauntlet: Dark Blades fights the Dworc, then the Gargoyle,
then the Dragon, by the combat rules, until he or the last challenger falls.

Modelling choices the scenario leaves open: the fighters are alone in the open arena (the
rescue party and the guards hold still, so a retreat can always be made and the winner of a
retreat result advances to stay in contact); each challenger enters 6 hexes from Dark Blades;
Dark Blades keeps his wounds from one fight to the next; the Gargoyle always uses its breath
(attack 20, reaching 1-10 hexes, no adverse result on it); a fight still undecided after
`TURN_LIMIT` turns is stopped and counted as undecided.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from authoring.games.darkblades.combat import Condition, attack_column, roll, suffer
from authoring.games.darkblades.model import Character, DarkBlades
from authoring.progress import tracked
from authoring.report import Figures, Report
from authoring.simulation import Proportion, run_rng

HERO = "dark_blades"
CHALLENGERS = ("dworc", "gargoyle", "dragon")
ENTRY_DISTANCE = 6
BREATH_REACH = 10
TURN_LIMIT = 200
TABLE = "CRT_InfVsInf"  # everyone fights on foot in the Arena


@dataclass
class Fighter:
    character: Character
    condition: Condition = field(default_factory=Condition)
    misses_half: bool = False  # stunned: loses its next half-turn, then recovers

    @property
    def alive(self) -> bool:
        return self.condition.health != "dead"

    def strength(self, name: str) -> int:
        value = getattr(self.character.face(self.condition.face), name)
        return int(value or 0)

    @property
    def breath(self) -> int | None:
        return self.character.face(self.condition.face).special_attack


@dataclass(frozen=True)
class Fight:
    hero_alive: bool
    challenger_dead: bool
    half_turns: int


def fight(game: DarkBlades, hero: Fighter, challenger: Fighter, rng: random.Random) -> Fight:
    """One fight to the death (or to the turn limit); `hero` moves first and is changed."""
    distance = ENTRY_DISTANCE
    for half in range(2 * TURN_LIMIT):
        active, other = (hero, challenger) if half % 2 == 0 else (challenger, hero)
        if active.misses_half:
            active.misses_half = False
            active.condition = replace(active.condition, health="healthy")
            continue
        breath = active.breath
        if breath is None:
            distance -= min(active.strength("movement"), distance - 1)
            if distance > 1:
                continue
        elif distance > BREATH_REACH:
            distance -= min(active.strength("movement"), distance - BREATH_REACH)
            continue
        distance = _attack(game, active, other, breath, distance, rng)
        if not hero.alive or not challenger.alive:
            return Fight(hero.alive, not challenger.alive, half + 1)
    return Fight(hero.alive, False, 2 * TURN_LIMIT)


def _attack(
    game: DarkBlades,
    attacker: Fighter,
    defender: Fighter,
    breath: int | None,
    distance: int,
    rng: random.Random,
) -> int:
    """Resolve one attack; return the distance between the two afterwards."""
    strength = breath if breath is not None else attacker.strength("attack")
    column = attack_column(game, [strength], [defender.strength("defence")])
    if column is None:  # too weak to attack at all (Settings' odds_below_table)
        return distance
    key = roll(game.combat_tables[TABLE], column, rng)
    if key.affects == "defender":
        defender.condition = suffer(defender.condition, key, any_hurt_kills=_is_dog(defender))
        defender.misses_half = defender.condition.health == "stunned"
    elif key.affects == "attacker" and breath is None:
        attacker.condition = suffer(attacker.condition, key, any_hurt_kills=_is_dog(attacker))
        attacker.misses_half = attacker.condition.health == "stunned"
        distance += key.retreat_hexes
    return distance


def _is_dog(fighter: Fighter) -> bool:
    return fighter.character.special == "dog"


def gauntlet(game: DarkBlades, rng: random.Random) -> list[Fight]:
    """The fights of one Arena: stops at Dark Blades' death or after the last challenger."""
    hero = Fighter(game.characters[HERO])
    fights = []
    for name in CHALLENGERS:
        result = fight(game, hero, Fighter(game.characters[name]), rng)
        fights.append(result)
        if not result.hero_alive or not result.challenger_dead:
            break
    return fights


def simulate(game: DarkBlades, runs: int, seed: int) -> Report:
    survived = [0] * len(CHALLENGERS)
    undecided = [0] * len(CHALLENGERS)
    half_turns = [0] * len(CHALLENGERS)
    fought = [0] * len(CHALLENGERS)
    for run in tracked(range(runs), "gauntlets"):
        for stage, result in enumerate(gauntlet(game, run_rng(seed, run))):
            fought[stage] += 1
            half_turns[stage] += result.half_turns
            undecided[stage] += result.hero_alive and not result.challenger_dead
            if result.hero_alive and result.challenger_dead:
                survived[stage] += 1
    rows = []
    for stage, name in enumerate(CHALLENGERS):
        challenger = game.characters[name]
        rows.append(
            (
                f"{stage + 1}. {challenger.name}",
                Proportion(survived[stage], runs),
                Proportion(survived[stage], fought[stage]),
                fought[stage],
                undecided[stage],
                round(half_turns[stage] / fought[stage] / 2, 2) if fought[stage] else 0.0,
            )
        )
    figures = Figures(
        f"The Arena: Dark Blades' gauntlet, {runs} runs, seed {seed}",
        (
            "stage",
            "P(alive after it)",
            "P(wins it | reached)",
            "reached",
            "undecided",
            "mean turns",
        ),
        tuple(rows),
        note="Monte Carlo: p [95% Wilson interval] n=sample size. Each run has its own "
        "generator (seed/run): the same seed gives the same figures. Challengers enter "
        f"{ENTRY_DISTANCE} hexes away; wounds carry over; fights stop after {TURN_LIMIT} turns.",
    )
    return Report(figures=[figures])
