"""Scenario one, the Arena, played on its maps: Dark Blades against the creatures sent in one
after another, the goblins and black dwarves ringing the hollow, and the rescue party coming
over from the Watermill.

Each side plays by a policy kept within the rules, one small function each. Dark Blades
holds the floor hex nearest his friends and lets the creature come to him (`move_hero`);
once the rescue is under way he falls back to the rescue party (`fall_back`). The rescuers
head for the creature while he is unhurt, else for the enemy nearest him; they keep out of
the guards' 5 hexes while he is within a guard's move (`holding_back`) and come up beside
their target (`station`). Woken guards go for the weakest enemy in reach, Dark Blades first
(`guard_target`); the creature goes for him. In combat each side gangs up on one foe at a
time at the best odds (`gang_up`), only at odds `worth_it`, and keeps Dark Blades and the
hurt out of attacks that could hurt them (`willing`); the creatures fight whatever the odds.
The scenario's own rules decide who may move when: Dark Blades and the creatures stay on the
arena floor, the rescue party waits for the first Dragon or for Dark Blades to be hurt, and
the guards wait for a rescuer to come within 5 hexes. What the simulation leaves out, and why
its figures still hold, is `LEFT_OUT`, printed with them.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field, replace
from functools import partial

from authoring.games.darkblades.checks import DIE_FACES
from authoring.games.darkblades.combat import (
    Condition,
    Grade,
    Situation,
    attack_column,
    may_act,
    may_advance,
    roll,
    suffer,
)
from authoring.games.darkblades.maps import (
    BUILDING_CODES,
    LAYOUTS,
    SET_UP,
    Hex,
    HexMap,
    laid_out,
)
from authoring.games.darkblades.model import (
    Character,
    CombatTable,
    DarkBlades,
    Face,
    ResultKey,
)
from authoring.report import Figures, Report
from authoring.simulation import Mean, Proportion, run_all, run_rng

SCENARIO = "arena"
HERO = "dark_blades"
HERO_SIDE, FOX_SIDE = "dark_blades", "black_fox"
MAIN, RESCUERS, GUARDS, CHALLENGER_GROUP = "main", "rescue_party", "guards", "challengers"
CHALLENGERS = ("dworc", "gargoyle", "dragon")
"""The order the creatures are sent in, over and over: "1. Dworc, 2. Gargoyle, 3. Dragon"."""
ENTRY_DISTANCE = 6  # "place the Dworc opposite him - 6 hexes away"
GUARDS_WAKE_AT = 5  # "until any member of the rescue party moves to within 5 hexes"
BREATH_REACH = 10  # the Gargoyle's breath: "a range of 1-10 hexes"
TURN_LIMIT = 60  # a stop for a game that stalls: Dark Blades, healthy, outrunning them all
GRADES: tuple[Grade, ...] = ("-", "0", "+")  # footing, worst first
TABLE = "CRT_InfVsInf"
"""Both sides are on foot in this scenario, so every blow is infantry against infantry."""

# Why the rescue party set off, if it did.
WAITING, HURT, DRAGON = "waiting", "Dark Blades hurt", "first Dragon in"

LEFT_OUT = (
    (
        "Quill's spells",
        "choosing among the cards dealt is a player's plan, not a rule the engine can play",
        "only Dark Blades' side has a caster, so his side's chances here are a floor",
    ),
    (
        "Laberne's shortbow",
        "missile fire needs line of sight, which the engine does not yet trace",
        "the only missile weapon on either side is a rescuer's, so again a floor; she "
        "fights hand to hand instead",
    ),
    (
        "dead bodies slowing or blocking hexes",
        "it takes three dead men in one hex, and then they only double its movement cost",
        "some hex ends a game with three dead in about a quarter of games (300 games, seed "
        "1), where the fighting already is: it slows both sides' moves there, not the odds",
    ),
    (
        "the water rules",
        "nobody goes near the river",
        "the rescue party sets up north of the river and the arena lies east of the "
        "Watermill: no way between them crosses it",
    ),
)


# --- the board ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Board:
    """Scenario one's maps as its figure lays them out (the Watermill left of the Arena), its
    set-up areas, the opening positions, and what moves and the breath need to know."""

    map: HexMap
    floor: frozenset[Hex]  # the arena floor, where Dark Blades and the creatures stand
    near: dict[Hex, frozenset[Hex]]  # each hex's neighbours, no wall between
    steps: dict[Hex, tuple[tuple[Hex, int], ...]]  # the neighbours open on foot, and the cost
    grades: dict[Hex, Grade]
    line_breakers: frozenset[Hex]  # buildings and trees end the breath's line
    hero_start: Hex
    rescuer_posts: tuple[Hex, ...]
    guard_posts: tuple[Hex, ...]
    costs: dict[Hex, dict[Hex, int]] = field(default_factory=dict, compare=False)

    def cost_to(self, goal: Hex) -> dict[Hex, int]:
        """Movement points between each hex and `goal` on foot, leaving characters aside:
        the way a mover heads for a target, worked out once per target hex."""
        if goal not in self.costs:
            self.costs[goal] = self.map.foot_reach([goal])
        return self.costs[goal]

    def adjacent(self, first: Hex, second: Hex) -> bool:
        return second in self.near[first]


def build_board(game: DarkBlades) -> Board:
    """The board and the opening: Dark Blades on the floor hex nearest the rescue party's
    set-up area, the rescuers on the hexes of it nearest to him, the guards spread evenly
    over the hexes of theirs that touch no floor hex (the rim, out of his reach)."""
    first, direction, second = LAYOUTS[SCENARIO]
    hex_map = laid_out(game.maps[first], direction, game.maps[second])

    def area(side: str, group: str) -> list[Hex]:
        place = next(
            p
            for p in hex_map.places
            if (p.scenario, p.side, p.group, p.kind) == (SCENARIO, side, group, SET_UP)
        )
        return [h for h in place.hexes if hex_map.kind(h).foot_cost is not None]

    closed = hex_map.closed_sides()
    near = {
        hex: frozenset(
            other
            for _, other in hex.neighbours()
            if other in hex_map and frozenset({hex, other}) not in closed
        )
        for hex in hex_map.codes
    }
    advantage = {terrain.name: terrain.advantage for terrain in game.terrain}
    grades: dict[Hex, Grade] = {}
    for hex in hex_map.codes:
        grade = advantage.get(hex_map.kind(hex).name)
        grades[hex] = grade if grade in ("+", "0", "-") else "0"  # type: ignore[assignment]
    floor = area(HERO_SIDE, MAIN)
    rescue = area(HERO_SIDE, RESCUERS)
    hero_start = min(floor, key=lambda hex: (min(hex.distance(r) for r in rescue), hex))
    ways = hex_map.foot_reach([hero_start])
    rim = [h for h in area(FOX_SIDE, GUARDS) if all(h.distance(f) > 1 for f in floor)]
    forces = game.scenarios[SCENARIO].forces
    return Board(
        map=hex_map,
        floor=frozenset(floor),
        near=near,
        steps={
            hex: tuple(
                (other, cost)
                for other in sorted(others)
                if (cost := hex_map.kind(other).foot_cost) is not None
            )
            for hex, others in near.items()
        },
        grades=grades,
        line_breakers=frozenset(
            hex
            for hex, code in hex_map.codes.items()
            if code in BUILDING_CODES or hex_map.kind(hex).name == "Tree"
        ),
        hero_start=hero_start,
        rescuer_posts=tuple(sorted(rescue, key=lambda hex: (ways.get(hex, len(ways)), hex))),
        guard_posts=tuple(spread(rim, sum(f.count for f in forces if f.group == GUARDS))),
        costs={hero_start: ways},
    )


_last_board: tuple[DarkBlades, str, Board] | None = None


def board_for(game: DarkBlades) -> Board:
    """The board of `game`, kept between runs so the movers' ways are worked out once per
    process: a worker is sent a fresh copy of the game with every chunk of runs, so a copy
    with the same maps, terrain and scenario gets the board already built."""
    global _last_board
    if _last_board is not None and _last_board[0] is game:
        return _last_board[2]
    source = repr((game.maps, game.terrain, game.scenarios[SCENARIO]))
    if _last_board is not None and _last_board[1] == source:
        board = _last_board[2]
    else:
        board = build_board(game)
    _last_board = (game, source, board)
    return board


# --- the pieces -----------------------------------------------------------------------------


@dataclass
class Piece:
    name: str
    character: Character
    side: str
    group: str
    hex: Hex
    condition: Condition = field(default_factory=Condition)

    @property
    def alive(self) -> bool:
        return self.condition.health != "dead"

    @property
    def face(self) -> Face:
        return self.character.face(self.condition.face)

    @property
    def attack(self) -> int:
        return self.face.attack or 0

    @property
    def defence(self) -> int:
        return self.character.face(self.condition.target_face).defence or 0

    @property
    def breath(self) -> int | None:
        return self.face.special_attack


class Arena:
    """One game of scenario one in progress."""

    def __init__(
        self, game: DarkBlades, board: Board, pieces: Iterable[Piece], rng: random.Random
    ) -> None:
        self.game, self.board, self.rng = game, board, rng
        self.table = game.combat_tables[TABLE]
        self.pieces = list(pieces)
        self.turn = 0
        self.rescue = WAITING
        self.rescue_turn = 0
        self.guards_roused = False
        self.sent: Counter[str] = Counter()
        self.beaten: Counter[str] = Counter()
        self.next_challenger = 0
        self.hero_killer: str | None = None
        self._zone: tuple[tuple[Hex, ...], frozenset[Hex]] = ((), frozenset())
        self.sent.update(p.character.id for p in self.pieces if p.group == CHALLENGER_GROUP)
        if self.sent:
            last = CHALLENGERS.index(self.challengers()[-1].character.id)
            self.next_challenger = (last + 1) % len(CHALLENGERS)

    # --- who is where

    @property
    def hero(self) -> Piece:
        return next(p for p in self.pieces if p.character.id == HERO)

    def live(self, side: str | None = None) -> list[Piece]:
        return [p for p in self.pieces if p.alive and side in (None, p.side)]

    def enemies(self, piece: Piece) -> list[Piece]:
        return [p for p in self.pieces if p.alive and p.side != piece.side]

    def challengers(self) -> list[Piece]:
        return [p for p in self.live(FOX_SIDE) if p.group == CHALLENGER_GROUP]

    def guards(self) -> list[Piece]:
        return [p for p in self.live(FOX_SIDE) if p.group == GUARDS]

    def occupied(self) -> set[Hex]:
        return {p.hex for p in self.pieces if p.alive}

    def in_contact(self, piece: Piece) -> list[Piece]:
        """The enemies next to `piece` that it would fight: unroused guards fight nobody,
        and until the rescue starts Dark Blades fights only the creature sent in."""
        if piece.group == GUARDS and not self.guards_roused:
            return []
        near = self.board.near[piece.hex]
        foes = [e for e in self.enemies(piece) if e.hex in near]
        if piece.group == MAIN and self.rescue == WAITING:
            return [e for e in foes if e.group == CHALLENGER_GROUP]
        return foes

    @property
    def decided(self) -> str | None:
        """The winner, once there is one: "The Bad Guys win by killing Dark Blades";
        Dark Blades' side "wins by destroying the enemy force"."""
        if not self.hero.alive:
            return FOX_SIDE
        if not self.live(FOX_SIDE):
            return HERO_SIDE
        return None

    # --- the game

    def play(self) -> str | None:
        for turn in range(1, TURN_LIMIT + 1):
            self.turn = turn
            for side in (HERO_SIDE, FOX_SIDE):  # "Dark Blades player moves first"
                self.half(side)
                if self.decided:
                    return self.decided
        return None

    def half(self, side: str) -> None:
        """One player's half: move, fight, then flip his stunned pieces back (spells and
        missile fire, steps 1, 2, 4 and 5, are left out)."""
        self.send_challenger()
        if side == HERO_SIDE:
            self.check_rescue()
        self.move(side)
        self.fight(side)
        self.recover(side)

    def check_rescue(self) -> None:
        """The rescuers "should not move ... until the first dragon is in the arena" unless
        "Dark Blades is in serious trouble": here, once he is stunned or wounded."""
        if self.rescue != WAITING:
            return
        if self.hero.condition.health != "healthy":
            self.rescue, self.rescue_turn = HURT, self.turn
        elif self.sent["dragon"]:
            self.rescue, self.rescue_turn = DRAGON, self.turn

    def may_move(self, piece: Piece) -> bool:
        if not may_act(piece.condition):
            return False
        if piece.group == RESCUERS:
            return self.rescue != WAITING
        if piece.group == GUARDS:
            return self.guards_roused
        return True

    def move(self, side: str) -> None:
        for piece in self.live(side):
            if not self.may_move(piece):
                continue
            if piece.group == MAIN:
                self.move_hero(piece)
                continue
            target = self.target_of(piece)
            if target is None:
                continue
            if piece.group == CHALLENGER_GROUP:
                if not self.in_contact(piece):
                    self.charge(piece, target)
            elif not self.board.adjacent(piece.hex, target.hex):
                piece.hex = self.station(piece, target)
            if piece.group == RESCUERS:
                self.rouse_guards(piece)

    def move_hero(self, hero: Piece) -> None:
        """Dark Blades holds the floor hex nearest his friends and lets the creature come to
        him while he waits for the rescue; once it is under way he falls back to the rescue
        party, out of his enemies' reach, and leaves the fighting to them."""
        if self.rescue != WAITING:
            hero.hex = self.fall_back(hero)
        elif not self.in_contact(hero) and hero.hex != self.board.hero_start:
            taken = self.occupied() - {hero.hex}
            enemies = {p.hex for p in self.enemies(hero)}
            ends = reachable(self.board, hero.hex, hero.face.movement or 0, enemies)
            hero.hex = min(
                (hex for hex in ends if hex in self.board.floor and hex not in taken),
                key=lambda hex: (hex.distance(self.board.hero_start), hex),
                default=hero.hex,
            )

    def charge(self, creature: Piece, target: Piece) -> None:
        """A creature's move: down the cheapest way to `target`, kept on the arena floor
        until the rescue starts; the Gargoyle stops as soon as its breath reaches him."""
        stop = self.breath_line_at(target) if creature.breath is not None else None
        creature.hex = walk(
            self.board,
            creature.hex,
            target.hex,
            creature.face.movement or 0,
            friends={p.hex for p in self.live(creature.side) if p is not creature},
            enemies={p.hex for p in self.enemies(creature)},
            within=self.board.floor if self.rescue == WAITING else None,
            stop=stop,
        )

    def station(self, piece: Piece, target: Piece) -> Hex:
        """Where a rescuer or guard ends its move to gang up on `target`: a free hex next to
        it if one is in reach, the best footing first; else the free hex in reach nearest
        it. A rescuer `holding_back` keeps out of the sleeping guards' 5 hexes."""
        blocked = {p.hex for p in self.enemies(piece)}
        if piece.group == RESCUERS and self.holding_back():
            blocked |= self.wake_zone()
        taken = self.occupied() - {piece.hex}
        ends = [
            hex
            for hex in reachable(self.board, piece.hex, piece.face.movement or 0, blocked)
            if hex not in taken
        ]
        goal = target.hex
        return min(
            ends,
            key=lambda hex: (
                hex.distance(goal),
                -GRADES.index(self.board.grades[hex]),
                hex.distance(piece.hex),
                hex,
            ),
        )

    def holding_back(self) -> bool:
        """The rescue party keeps out of the guards' 5 hexes while they sleep and Dark
        Blades is still within a move of one of them: woken, they would all close on him."""
        if self.guards_roused:
            return False
        hero = self.hero.hex
        return any(hero.distance(g.hex) <= (g.face.movement or 0) + 1 for g in self.guards())

    def wake_zone(self) -> frozenset[Hex]:
        """The hexes within 5 of a sleeping guard, where a rescuer would wake them all."""
        posts = tuple(sorted(g.hex for g in self.guards()))
        if self._zone[0] != posts:
            self._zone = (
                posts,
                frozenset(
                    hex
                    for hex in self.board.near
                    if any(hex.distance(post) <= GUARDS_WAKE_AT for post in posts)
                ),
            )
        return self._zone[1]

    def fall_back(self, hero: Piece) -> Hex:
        """Where Dark Blades ends a move away from trouble: of the hexes his move reaches,
        the one next to the fewest enemies, then nearest a rescuer still standing, then
        farthest from the nearest enemy."""
        enemies = [p.hex for p in self.enemies(hero)]
        friends = [p.hex for p in self.live(HERO_SIDE) if p.group == RESCUERS]
        taken = self.occupied() - {hero.hex}
        ends = [
            hex
            for hex in reachable(self.board, hero.hex, hero.face.movement or 0, set(enemies))
            if hex not in taken
        ]

        def safety(hex: Hex) -> tuple[int, int, int]:
            nearest_enemy = min((hex.distance(e) for e in enemies), default=0)
            nearest_friend = min((hex.distance(f) for f in friends), default=0)
            beside = sum(1 for e in enemies if self.board.adjacent(hex, e))
            return (beside, nearest_friend, -nearest_enemy)

        return min(ends, key=lambda hex: (*safety(hex), hex))

    def rouse_guards(self, rescuer: Piece) -> None:
        """The guards "may not be moved until any member of the rescue party moves to
        within 5 hexes of a goblin or dwarf": then all of them may."""
        self.guards_roused = self.guards_roused or any(
            rescuer.hex.distance(guard.hex) <= GUARDS_WAKE_AT for guard in self.guards()
        )

    def target_of(self, piece: Piece) -> Piece | None:
        """Whom a piece heads for: Dark Blades for the creature; for a rescuer, the creature
        while Dark Blades is unhurt, else the enemy nearest Dark Blades, to stand between
        them; for a guard `guard_target`."""
        if piece.group == CHALLENGER_GROUP:
            return self.hero
        enemies = self.enemies(piece)
        if not enemies:
            return None
        if piece.group == RESCUERS:
            if self.hero.condition.health == "healthy" and self.challengers():
                return self.challengers()[0]
            return min(enemies, key=lambda e: (e.hex.distance(self.hero.hex), e.name))
        return self.guard_target(piece, enemies)

    def guard_target(self, guard: Piece, enemies: list[Piece]) -> Piece:
        """A roused guard goes for the weakest enemy it can reach this move, the one it
        would attack at the best odds (Dark Blades first at equal odds: his death wins);
        when none is in reach, for the nearest."""
        reach = guard.face.movement or 0
        within = [e for e in enemies if guard.hex.distance(e.hex) - 1 <= reach]
        if not within:
            return min(enemies, key=lambda e: (guard.hex.distance(e.hex), e.name))

        def odds(enemy: Piece) -> tuple[int, bool, int]:
            column = self.column([guard], enemy)
            return (
                -1 if column is None else column,
                enemy.group == MAIN,
                -guard.hex.distance(enemy.hex),
            )

        return max(within, key=odds)

    def breath_line_at(self, target: Piece) -> Callable[[Hex], bool]:
        def lined(hex: Hex) -> bool:
            return any(first is target for first in self.breath_targets(hex))

        return lined

    def breath_targets(self, origin: Hex) -> list[Piece]:
        """The first character along each of the six rows of hexes from `origin`, up to
        `BREATH_REACH` away: the breath "can only affect the first character ... along the
        line of effect", and a line "will be broken by buildings, trees"."""
        standing = {p.hex: p for p in self.pieces if p.alive}
        found = []
        for side in ("E", "NE", "NW", "W", "SW", "SE"):
            here = origin
            for _ in range(BREATH_REACH):
                there = here.neighbour(side)
                if there not in self.board.near[here]:  # off the map, or a wall between
                    break
                if there in standing:
                    found.append(standing[there])
                    break
                if there in self.board.line_breakers:
                    break
                here = there
        return found

    def fight(self, side: str) -> None:
        """Step 6: "All characters adjacent to enemy characters may engage in combat". The
        Gargoyle breathes on a foe in line when it has one, and fights hand to hand if not;
        the others attack as `gang_up` sends them."""
        fighters = []
        for piece in self.live(side):
            if not may_act(piece.condition):
                continue
            if piece.breath is not None:
                lined = [p for p in self.breath_targets(piece.hex) if p.side != piece.side]
                if lined:
                    hero = [p for p in lined if p.character.id == HERO]
                    self.attack([piece], min(hero or lined, key=lambda p: p.defence), breath=True)
                    if self.decided:
                        return
                    continue
            fighters.append(piece)
        for target, group in self.gang_up(fighters):
            if target.alive and all(p.alive and may_act(p.condition) for p in group):
                self.attack(group, target)
            if self.decided:
                return

    def gang_up(self, fighters: list[Piece]) -> list[tuple[Piece, list[Piece]]]:
        """Who attacks whom, one combined attack at a time: of the foes next to the fighters
        not yet sent in, the one `priority` puts first (the best odds, mostly), attacked by
        all those `willing`; again until nobody is left who would attack. "If they all have
        the same advantage or disadvantage of terrain they may combine their attack
        strengths into one attack": fighters on another footing make an attack of their
        own."""
        free = list(fighters)
        plan: list[tuple[Piece, list[Piece]]] = []
        while True:
            options = []
            foes = {foe.name: foe for piece in free for foe in self.in_contact(piece)}
            for foe in foes.values():
                group = self.willing(
                    [piece for piece in free if foe in self.in_contact(piece)], foe
                )
                column = self.column(group, foe) if group else None
                if column is not None:
                    options.append((self.priority(group[0], foe, column), foe.name, foe, group))
            if not options:
                return plan
            *_, foe, group = max(options, key=lambda option: option[:2])
            plan.append((foe, group))
            free = [piece for piece in free if piece not in group]

    def willing(self, attackers: list[Piece], foe: Piece) -> list[Piece]:
        """The attackers that join one combined attack on `foe`: those on the footing whose
        pieces together strike hardest; creatures, sent in to fight to the death, whatever
        the odds; others only at odds `worth_it`, and without a `precious` piece where an
        adverse result could fall on it (on the weakest attacker)."""
        by_footing: dict[Grade, list[Piece]] = {}
        for piece in attackers:
            by_footing.setdefault(self.board.grades[piece.hex], []).append(piece)
        group = max(by_footing.values(), key=lambda pieces: sum(p.attack for p in pieces))
        if group[0].group == CHALLENGER_GROUP:
            return group
        column = self.column(group, foe)
        weakest = min(group, key=lambda p: p.attack)
        if column is not None and hurts_attacker(self.table, column) and precious(weakest):
            group = [p for p in group if not precious(p)]
            column = self.column(group, foe) if group else None
        if column is None or not worth_it(self.table, column):
            return []
        return group

    def priority(self, attacker: Piece, foe: Piece, column: int) -> tuple[int, ...]:
        """Which attack to make first: the Bad Guys strike at Dark Blades whenever they can,
        then at the best odds; his side at the best odds, then the foe nearest him. A hurt
        foe first at equal odds: any hurt kills it."""
        hurt = int(foe.condition.health != "healthy")
        if attacker.side == FOX_SIDE:
            return (int(foe.group == MAIN), column, hurt)
        return (column, hurt, -foe.hex.distance(self.hero.hex))

    def column(
        self, attackers: list[Piece], defender: Piece, *, breath: bool = False
    ) -> int | None:
        strengths = [p.breath or 0 for p in attackers] if breath else [p.attack for p in attackers]
        # the breath strikes from afar, so neither side's footing moves its odds
        situation = Situation(
            attacker_terrain="0" if breath else self.board.grades[attackers[0].hex],
            defender_terrain="0" if breath else self.board.grades[defender.hex],
        )
        return attack_column(self.game, strengths, [defender.defence], situation)

    def attack(self, attackers: list[Piece], defender: Piece, *, breath: bool = False) -> None:
        """One attack and its result. The Gargoyle's breath "cannot be affected by an adverse
        combat result"; an adverse result on several attackers falls on the weakest."""
        column = self.column(attackers, defender, breath=breath)
        if column is None:
            return
        key = roll(self.table, column, self.rng)
        if key.affects == "defender":
            retreated = self.suffer(defender, key, attackers)
            leader = max(attackers, key=lambda p: p.attack)
            if (
                retreated
                and not breath
                and may_advance(
                    key,
                    retreated=True,
                    attacker=leader.hex,
                    live_enemies=[e.hex for e in self.enemies(leader)],
                )
            ):
                leader.hex = retreated
        elif key.affects == "attacker" and not breath:
            self.suffer(min(attackers, key=lambda p: p.attack), key, [defender])

    def suffer(self, piece: Piece, key: ResultKey, foes: list[Piece]) -> Hex | None:
        """Carry out a result on `piece`; return the hex it fell back from, if it did."""
        start = piece.hex
        path = self.retreat_path(piece, key.retreat_hexes, foes) if key.retreat_hexes else None
        piece.condition = suffer(piece.condition, key, can_retreat=path is not None)
        if path is not None and piece.alive:
            piece.hex = path
        if not piece.alive:
            self.fallen(piece, foes)
            return None
        return start if path is not None else None

    def retreat_path(self, piece: Piece, hexes: int, foes: list[Piece]) -> Hex | None:
        """Where `piece` ends a retreat of `hexes`, or None when it cannot: "A retreating
        character may not stack with other characters, nor may it move adjacent to an enemy
        character. Retreating characters may move through friendly characters." Of the ends
        that qualify it takes the one farthest from its attackers."""
        enemies = [e.hex for e in self.enemies(piece)]
        friends = {p.hex for p in self.live(piece.side)}
        reached = {piece.hex}
        for _ in range(hexes):
            reached = {
                there
                for here in reached
                for there, _ in self.board.steps[here]
                if all(there.distance(enemy) > 1 for enemy in enemies)
            }
        ends = [hex for hex in reached if hex not in friends]
        if not ends:
            return None
        return max(
            ends, key=lambda hex: (min(hex.distance(f.hex) for f in foes), -hex.row, -hex.column)
        )

    def fallen(self, piece: Piece, foes: list[Piece]) -> None:
        if piece.character.id == HERO:
            self.hero_killer = max(foes, key=lambda p: p.attack).character.id
        if piece.group == CHALLENGER_GROUP:
            self.beaten[piece.character.id] += 1

    def send_challenger(self) -> None:
        """ "As each opponent to Dark Blades is defeated/killed, replace it with another":
        the next creature of the round comes in on the free floor hex nearest to
        `ENTRY_DISTANCE` from him, as long as a guard lives to let it in."""
        if self.challengers() or not self.guards() or not self.hero.alive:
            return
        taken = self.occupied()
        free = sorted(hex for hex in self.board.floor if hex not in taken)
        if not free:
            return
        hero = self.hero.hex
        entry = min(free, key=lambda hex: (abs(hex.distance(hero) - ENTRY_DISTANCE), hex))
        name = CHALLENGERS[self.next_challenger]
        self.next_challenger = (self.next_challenger + 1) % len(CHALLENGERS)
        self.sent[name] += 1
        self.pieces.append(
            Piece(
                f"{name} {self.sent[name]}",
                self.game.characters[name],
                FOX_SIDE,
                CHALLENGER_GROUP,
                entry,
            )
        )

    def recover(self, side: str) -> None:
        """Step 7: "All friendly characters stunned during opponents last half turn are
        flipped back over"."""
        for piece in self.live(side):
            if piece.condition.health == "stunned":
                piece.condition = replace(piece.condition, health="healthy")


def walk(
    board: Board,
    start: Hex,
    goal: Hex,
    allowance: int,
    *,
    friends: Collection[Hex],
    enemies: Collection[Hex],
    within: Collection[Hex] | None = None,
    stop: Callable[[Hex], bool] | None = None,
) -> Hex:
    """Where a piece on foot ends its move toward `goal`: hex by hex down the cheapest way
    (round a blocker by a hex no farther away), paying each hex's cost out of `allowance`,
    never through an enemy nor across a wall,
    ending next to the goal, where `stop` says, or where the points run out; passing through
    friends but never ending on one. `within`: the hexes it may not leave once in them (a
    retreat may have pushed it out)."""
    ways = board.cost_to(goal)
    if start not in ways:
        return start
    here, spent, end = start, 0, start
    visited = {start}
    while here.distance(goal) > 1 and not (stop and stop(here)):
        # (cost to the goal, hex, cost to enter it) of each step that may be taken
        options = [
            (ways[there], there, cost)
            for there, cost in board.steps[here]
            if spent + cost <= allowance
            and there not in enemies
            and there not in visited
            and (within is None or here not in within or there in within)
            and there in ways
            and ways[there] <= ways[here]
        ]
        if not options:
            break
        _, here, cost = min(options)
        spent += cost
        visited.add(here)
        if here not in friends:
            end = here
    return end


def reachable(board: Board, start: Hex, allowance: int, enemies: Collection[Hex]) -> set[Hex]:
    """The hexes a piece on foot may end its move in: within `allowance` movement points,
    never through an enemy nor across a wall (its own hex included: it may stay)."""
    spent = {start: 0}
    by_cost: list[list[Hex]] = [[] for _ in range(allowance + 1)]
    by_cost[0].append(start)
    for cost, hexes in enumerate(by_cost):
        for here in hexes:
            if spent[here] != cost:
                continue  # reached more cheaply since it was queued
            for there, step in board.steps[here]:
                total = cost + step
                cheaper = total <= allowance and total < spent.get(there, total + 1)
                if cheaper and there not in enemies:
                    spent[there] = total
                    by_cost[total].append(there)
    return set(spent)


def precious(piece: Piece) -> bool:
    """Whether a piece should not risk an adverse result: Dark Blades, whose death loses
    the game, and anyone already hurt, whom any further hurt kills."""
    return piece.group == MAIN or piece.condition.health != "healthy"


def injuries(table: CombatTable, column: int, side: str) -> int:
    """On how many of the ten die faces of `column` the `side` ("attacker" or
    "defender") is stunned, wounded or killed."""
    keys = [table.result(die, column) for die in DIE_FACES]
    return sum(1 for key in keys if key.injury and key.affects == side)


def hurts_attacker(table: CombatTable, column: int) -> bool:
    """Whether any die face in `column` wounds or stuns an attacker."""
    return injuries(table, column, "attacker") > 0


def worth_it(table: CombatTable, column: int) -> bool:
    """Whether an attack in `column` hurts the defender at least as often as the attacker:
    below that a player holds back and lets the enemy come on."""
    return injuries(table, column, "defender") >= injuries(table, column, "attacker")


# --- setting up -----------------------------------------------------------------------------


def set_up(game: DarkBlades, board: Board, rng: random.Random) -> Arena:
    """Scenario one's opening (`build_board` chose the hexes): Dark Blades in the arena, the
    Dworc "opposite him - 6 hexes away", the guards round the arena, the rescuers on the mill
    side."""
    pieces = [Piece("Dark Blades", game.characters[HERO], HERO_SIDE, MAIN, board.hero_start)]
    posts = {RESCUERS: list(board.rescuer_posts), GUARDS: list(board.guard_posts)}
    for force in game.scenarios[SCENARIO].forces:
        if force.group not in posts:
            continue
        character = game.characters[force.character]
        for copy in range(1, force.count + 1):
            name = f"{character.name} {copy}" if force.count > 1 else character.name
            pieces.append(
                Piece(name, character, force.side, force.group, posts[force.group].pop(0))
            )
    arena = Arena(game, board, pieces, rng)
    arena.send_challenger()
    return arena


def spread(hexes: list[Hex], count: int) -> list[Hex]:
    """`count` of `hexes` as far from each other as they can be: each next one the farthest
    from those already taken."""
    taken = [min(hexes)]
    while len(taken) < count:
        taken.append(
            max(
                (h for h in hexes if h not in taken),
                key=lambda h: (min(h.distance(t) for t in taken), -h.row, -h.column),
            )
        )
    return taken


# --- the runs and the report ----------------------------------------------------------------


@dataclass(frozen=True)
class ArenaRun:
    """What one game of the Arena came to, small enough to send back from a worker."""

    winner: str | None
    turns: int
    rescue: str
    rescue_turn: int
    hero_killer: str | None
    sent: tuple[int, ...]  # per creature of `CHALLENGERS`
    beaten: tuple[int, ...]
    rescuers_lost: int
    guards_left: int


def one_arena(game: DarkBlades, seed: int, run: int) -> ArenaRun:
    arena = set_up(game, board_for(game), run_rng(seed, run))
    winner = arena.play()
    return ArenaRun(
        winner=winner,
        turns=arena.turn,
        rescue=arena.rescue,
        rescue_turn=arena.rescue_turn,
        hero_killer=arena.hero_killer,
        sent=tuple(arena.sent[name] for name in CHALLENGERS),
        beaten=tuple(arena.beaten[name] for name in CHALLENGERS),
        rescuers_lost=sum(1 for p in arena.pieces if p.group == RESCUERS and not p.alive),
        guards_left=len(arena.guards()),
    )


def simulate(game: DarkBlades, runs: int, seed: int, *, workers: int = 1) -> Report:
    outcomes = list(run_all(partial(one_arena, game, seed), runs, workers=workers, label="arenas"))
    names = {name: game.characters[name].name for name in CHALLENGERS}

    def share(test: Callable[[ArenaRun], bool], among: list[ArenaRun] = outcomes) -> Proportion:
        return Proportion(sum(1 for o in among if test(o)), len(among))

    rescued = [o for o in outcomes if o.rescue != WAITING]
    games = Figures(
        f"The Arena (scenario one) on its maps: {runs} games, seed {seed}",
        ("outcome", "share of games"),
        (
            (
                "Dark Blades' side wins (guards and creatures wiped out)",
                share(lambda o: o.winner == HERO_SIDE),
            ),
            ("the Bad Guys win (Dark Blades killed)", share(lambda o: o.winner == FOX_SIDE)),
            (f"undecided after {TURN_LIMIT} turns", share(lambda o: o.winner is None)),
            (
                "Dark Blades killed before the rescue party moved",
                share(lambda o: o.winner == FOX_SIDE and o.rescue == WAITING),
            ),
            (
                "rescue party set off because Dark Blades was hurt",
                share(lambda o: o.rescue == HURT),
            ),
            (
                "rescue party set off when the first Dragon came in",
                share(lambda o: o.rescue == DRAGON),
            ),
            ("a Dragon was sent in", share(lambda o: o.sent[2] > 0)),
            ("Dark Blades killed by a Dragon", share(lambda o: o.hero_killer == "dragon")),
            (
                "Dark Blades killed by a guard",
                share(lambda o: o.hero_killer is not None and o.hero_killer not in CHALLENGERS),
            ),
            (
                "Dark Blades' side wins, given the rescue party set off",
                share(lambda o: o.winner == HERO_SIDE, rescued),
            ),
        ),
        note="Monte Carlo: p [95% Wilson interval] n=sample size. Each game has its own "
        "generator (seed/game): the same seed gives the same figures whatever the workers. "
        "What it answers: can Dark Blades' side win scenario one as written, how far the "
        "creatures get, who kills him, and whether the Dragon is too strong once the rescue "
        "party is on its way. All that is left out (last table) would help his side only, so "
        "his side's rates are floors and the Bad Guys' ceilings. Finding for the designer: "
        "under these policies the scenario is a loss for Dark Blades' side (none of 2000 "
        "games at seed 1 won, interval up to 0.2 %) unless what is left out here, Quill's "
        "spells and Laberne's bow, turns the fight with the guards: nine rescuers against "
        "fifteen guards, with a creature sent in after every kill, are worn down before they "
        "kill two guards, and he dies soon after. Nor is it his death alone: with him made "
        "unhurtable once the rescue party sets off, his party wiped out the enemy force in none "
        "of 500 games (an exploratory run, see the README).",
    )
    creatures = Figures(
        "The creatures sent in",
        ("creature", "sent in per game", "killed per game", "killed Dark Blades"),
        tuple(
            (
                names[name],
                Mean.of([o.sent[index] for o in outcomes]),
                Mean.of([o.beaten[index] for o in outcomes]),
                share(lambda o, name=name: o.hero_killer == name),  # type: ignore[misc]
            )
            for index, name in enumerate(CHALLENGERS)
        ),
        note="The creatures come in the order Dworc, Gargoyle, Dragon, and round again, "
        "while a guard lives to let them in.",
    )
    cost = Figures(
        "What the games cost",
        ("figure", "mean per game"),
        (
            ("turns played", Mean.of([o.turns for o in outcomes])),
            (
                "turn the rescue party set off (when it did)",
                Mean.of([o.rescue_turn for o in rescued]),
            ),
            ("rescuers killed (of 9)", Mean.of([o.rescuers_lost for o in outcomes])),
            ("guards left alive (of 15)", Mean.of([o.guards_left for o in outcomes])),
        ),
    )
    left_out = Figures(
        "Left out of the Arena, and why the figures still answer",
        ("rule of the seed", "why it is left out", "why the figures still hold"),
        LEFT_OUT,
        note="Played as written, on the Watermill and the Arena laid side by side: the "
        "set-up, Dark Blades moving first, the creatures sent in one after another and round "
        "again, the rescue party waiting for the first Dragon or for Dark Blades to be in "
        "trouble, the guards holding still until a rescuer comes within 5 hexes, movement "
        "costs, stacking, combined attacks, terrain shifts, retreats, advances, stuns, the "
        "Gargoyle's breath, and both victory conditions. Readings: 'defeated/killed' is "
        "killed; 'serious trouble' is Dark Blades stunned or wounded; a creature comes in "
        "only while a guard lives (else the enemy force could never be destroyed); the "
        "breath runs along the six rows of hexes from the Gargoyle. Policies, not rules: "
        "Dark Blades waits on the floor hex nearest the rescue party for the creature and "
        "never risks an attack that could hurt him; once the rescue party sets off he falls "
        "back to it, next to no enemy if he can. The rescuers go for the creature while he "
        "is unhurt, else for the enemy nearest him, and keep out of the guards' 5 hexes "
        "while he is within a guard's move of one. The creature goes for him; woken guards "
        "for the enemy in reach they attack at the best odds, him first. Each side gangs up "
        "on one foe at a time at the best odds, attacks only where the defender is hurt at "
        "least as often as the attacker (creatures whatever the odds), and keeps its hurt "
        "out of attacks whose adverse result would fall on them. Creatures stay on the "
        "arena floor until the rescue starts; the guards stand spread round the rim out of "
        f"his reach; a game still going after {TURN_LIMIT} turns counts as undecided.",
    )
    return Report(figures=[games, creatures, cost, left_out])
