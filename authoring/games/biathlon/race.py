"""A BIATHLON BLAST race by the rules, round by round, with a bot in every seat.

A course with its route chosen is a single trail, so the race is laid out as one track:
lap 1 from the start line to the range and back to the start line, lap 2 the same, lap 3
from the start line to the finish. A position is an index on that track; two indices can be
the same space (laps overlap), so occupancy is counted by space, and a biathlete's lane is
kept beside the position.

Choices are the bots' (`Bot` and its kinds); the rules are the engine's: a bot is offered
every legal move, and the engine carries out the one it picks and refuses any other
(`IllegalMove`).
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Collection
from dataclasses import dataclass, field
from itertools import groupby
from typing import TypeVar

from authoring.games.biathlon.layout import range_exit
from authoring.games.biathlon.model import (
    TERRAINS,
    Action,
    Biathlete,
    Biathlon,
    Card,
    Course,
    Space,
)
from authoring.games.biathlon.rules import (
    DICE,
    DIE_FACES,
    HITS_MAX,
    OPPOSITE,
    Steps,
    hits,
    reach,
    wind_effect,
)
from authoring.games.biathlon.trail import track

PULSE_LIMIT = 10
ROUND_LIMIT = 200
WINDS: tuple[str | None, ...] = ("N", "E", "S", "W", None)  # None: windstill
GRID = -1  # behind the start line
GRID_COLUMNS = 2
"""The printed starting grid's places stand in rows of two, place 1 nearest the line."""
DOUBLE_LANE = 2
STEP_WAX = {"uphill_step": "uphill", "flat_step": "flat", "downhill_step": "downhill"}
BLUE_WAX = "pulse_minus_one"
WHITE_WAX = "wind_symbol"
NEXT_TURN_COACHES = ("red", "black", "yellow", "green")
"""Coach zones whose boost falls due on the next turn; blue and white apply at once."""

Choice = TypeVar("Choice")


class IllegalMove(ValueError):
    """A bot chose what the rules do not allow; the engine stops rather than carry it out."""


@dataclass
class Player:
    seat: int
    colour: str
    biathlete: Biathlete
    bot: Bot
    hand: list[Card]
    bullets: int
    wax: int
    wax_effect: str
    order: int  # ski colour order, for ties
    discard: list[Card] = field(default_factory=list)
    position: int = GRID
    grid_place: int = 0  # 1 is the front place; set with the first discard
    lane: int = 0
    pulse: int = 0
    motivation: int = 0
    eliminated_round: int | None = None
    boost: tuple[str, int] | None = None  # a coach zone's boost due this turn
    shots: list[int] = field(default_factory=list)
    pickups: int = 0  # discard piles picked up for a bullet

    @property
    def racing(self) -> bool:
        return self.eliminated_round is None

    def coached(self, colour: str) -> int:
        return self.boost[1] if self.boost and self.boost[0] == colour else 0


@dataclass(frozen=True)
class Move:
    """One legal way to carry out a turn: an action, how far to go, the lane to stop in
    and how much wax to use."""

    action: Action
    card_side: str  # top, bottom, wait or shoot
    distance: int
    wax: int = 0
    lane: int = 0


@dataclass
class Race:
    game: Biathlon
    course: Course
    players: list[Player]
    rng: random.Random
    range_exit: str
    """Where the trail leaves the range on the board: see `facing`."""
    spaces: list[int] = field(default_factory=list)
    terrains: tuple[str, ...] = ()
    dice: dict[str, int] = field(default_factory=dict)
    wind: str | None = None
    motivation: list[Card] = field(default_factory=list)
    face_up: list[Card] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    rounds: int = 0
    winner: Player | None = None
    eliminated: list[Player] = field(default_factory=list)
    """In the order they went out: the first out ranks last."""
    reaches: dict[tuple[int, int, int, int], int] = field(default_factory=dict)
    card_reaches: dict[tuple[int, tuple[str, int] | None, str], int] = field(default_factory=dict)

    def space(self, index: int) -> Space:
        return self.course.spaces[self.spaces[index]]

    def at(self, index: int) -> int | None:
        return self.spaces[index] if 0 <= index < len(self.spaces) else None

    def occupants(self, space: int | None, *, besides: Player | None = None) -> list[Player]:
        return [
            p
            for p in self.players
            if p.racing and p is not besides and p.position >= 0 and self.at(p.position) == space
        ]

    def stops(self, mover: Player, distances: range) -> list[tuple[int, int]]:
        """Each (distance, lane) in `distances` where the mover would find room to stop.

        Any free lane is the mover's choice, but the range seats a biathlete on the lowest
        free mat; staying put keeps the lane; crossing the finish line ends the race, so
        there is always room. The field is counted once for every distance: the bots are
        offered every stop of every move.
        """
        taken: defaultdict[int, set[int]] = defaultdict(set)
        for p in self.players:
            if p.racing and p.position >= 0 and p is not mover:
                taken[self.spaces[p.position]].add(p.lane)
        last = len(self.spaces) - 1
        found: list[tuple[int, int]] = []
        for distance in distances:
            index = mover.position + distance
            if distance == 0:
                found.append((0, mover.lane))
            elif index == last:
                found.append((distance, 0))
            else:
                space = self.space(index)
                free = [n for n in range(space.lanes) if n not in taken[self.spaces[index]]]
                if space.marker == "range":
                    free = free[:1]
                found += [(distance, lane) for lane in free]
        return found

    def on_range(self, player: Player) -> bool:
        """On a shooting mat and not yet shot there: the turn is a range action."""
        return (
            player.position >= 0
            and self.space(player.position).marker == "range"
            and len(player.shots)
            < self.spaces[: player.position + 1].count(self.spaces[player.position])
        )

    def shootings_left(self, player: Player) -> int:
        shooting = next(s for s, v in self.course.spaces.items() if v.marker == "range")
        return self.spaces.count(shooting) - len(player.shots)


# --- where a move ends: lane, drafting, wind and pulse -------------------------------------


def _lined_up(race: Race, index: int, lane: int, other: Player) -> bool:
    """`other`, one space ahead of or behind `index`, is straight in line with `lane`: only
    two double-lane spaces can put them diagonally apart (the range's mats are not lanes)."""
    lanes = (race.space(index).lanes, race.space(other.position).lanes)
    return lanes != (DOUBLE_LANE, DOUBLE_LANE) or other.lane == lane


def _neighbours(race: Race, index: int, lane: int, mover: Player, step: int) -> bool:
    """Someone straight ahead (step +1) or behind (-1) of `lane` at `index`.

    The range is a trail space like any other here: the seed rules out drafting only when
    both biathletes are on it (they share the space), so the spaces either side of it draft
    and shield as usual."""
    other = index + step
    if not 0 <= other < len(race.spaces):
        return False
    return any(
        _lined_up(race, index, lane, p) for p in race.occupants(race.at(other), besides=mover)
    )


@dataclass(frozen=True)
class Landing:
    index: int
    lane: int
    drafting: bool
    wind: int  # +1 headwind, -1 tailwind, 0 neither
    blue_coach: int  # a blue coach zone's wax, used on this very action
    white_coach: bool


def landing(race: Race, player: Player, distance: int, lane: int) -> Landing:
    """Where a move of `distance` spaces into `lane` ends and what the spot does to the
    pulse."""
    index = min(player.position + distance, len(race.spaces) - 1)
    if index < 0:
        return Landing(index, lane, False, 0, 0, False)  # still on the grid: no wind, no coach
    drafting = _neighbours(race, index, lane, player, +1)
    shielded = _neighbours(race, index, lane, player, -1)
    space = race.space(index)
    colour = space.coach_colour if space.coach_count else None
    return Landing(
        index,
        lane,
        drafting,
        wind_effect(
            facing(race, player, index), race.wind, drafting=drafting, shielded_behind=shielded
        ),
        space.coach_count if colour == "blue" else 0,
        colour == "white",
    )


def facing(race: Race, player: Player, index: int) -> str:
    """The way a biathlete stopping at `index` faces: the space's arrow, which on the range
    points at the targets; but one who has shot and stays on the range has left the mat and
    faces the next space."""
    space = race.space(index)
    if space.marker == "range" and index == player.position and not race.on_range(player):
        return race.range_exit
    return space.heading


def pulse_change(race: Race, player: Player, move: Move) -> int:
    """The pulse change a move would make: its cost, less blue wax and blue coaching,
    drafting -1, headwind +1, tailwind -1."""
    return _pulse_change(player, move, landing(race, player, move.distance, move.lane))


def _pulse_change(player: Player, move: Move, where: Landing) -> int:
    blue = move.wax if player.wax_effect == BLUE_WAX else 0
    return move.action.pulse - blue - where.blue_coach - where.drafting + where.wind


def extra_steps(race: Race, player: Player, wax: int) -> list[int]:
    """The steps (uphill, flat, downhill) that wax spent now and a coach's boost add."""
    extra = [0, 0, 0]
    if player.wax_effect in STEP_WAX:
        extra[TERRAINS.index(STEP_WAX[player.wax_effect])] += wax
    if player.boost:
        coached = race.game.colours[player.boost[0]].wax_effect
        if coached in STEP_WAX:
            extra[TERRAINS.index(STEP_WAX[coached])] += player.boost[1]
    return extra


_REACHES: defaultdict[tuple[str, ...], dict[tuple[int, int, int, int], int]] = defaultdict(dict)
"""Reaches already worked out, per trail: bots ask the same questions race after race."""


def furthest(race: Race, player: Player, action: Action, wax: int = 0) -> int:
    """The most spaces the action can cover from here (the range stops it)."""
    uphill, flat, downhill = extra_steps(race, player, wax)
    key = (
        player.position + 1,
        action.uphill + uphill,
        action.flat + flat,
        action.downhill + downhill,
    )
    if key not in race.reaches:
        race.reaches[key] = reach(Steps(*key[1:]), race.terrains, start=key[0])
    return race.reaches[key]


def moves(race: Race, player: Player, card: Card) -> list[Move]:
    """Every legal way to play a card: either action, any wax the player holds, stopping on
    any space within reach that has room."""
    return [
        move
        for side, action in (("top", card.top), ("bottom", card.bottom))
        for move in _action_moves(race, player, action, side)
    ]


def _action_moves(race: Race, player: Player, action: Action, side: str) -> list[Move]:
    """Every wax and stop for one action. Step wax is offered only where it adds reach."""
    options = []
    longest = -1
    for wax in range(player.wax + 1):
        reachable = furthest(race, player, action, wax)
        if player.wax_effect in STEP_WAX:
            if reachable == longest:
                break
            nearest = longest + 1
        else:
            nearest = 0
        options += [
            Move(action, side, distance, wax, lane)
            for distance, lane in race.stops(player, range(nearest, reachable + 1))
        ]
        longest = reachable
        if player.wax_effect == WHITE_WAX and wax == 1:
            break  # one white wax already gives the wind symbol
    return options


# --- bots ------------------------------------------------------------------------------------


class Bot:
    """A seat's decisions. The base bot is greedy: it goes as far as it can each turn
    without passing the pulse limit, plays its best card and shoots at once."""

    name = "greedy"

    def choose_card(self, race: Race, player: Player) -> Card:
        if race.on_range(player):  # only the initiative counts; Shoot may remove the card
            return min(player.hand, key=lambda c: (_card_steps(c), c.id))
        return max(player.hand, key=lambda c: (self.card_value(race, player, c), c.id))

    def card_value(self, race: Race, player: Player, card: Card) -> int:
        """How far the card's longer action goes from here, room to stop aside."""
        key = (player.position, player.boost, card.id)
        if key not in race.card_reaches:
            race.card_reaches[key] = max(furthest(race, player, a) for a in (card.top, card.bottom))
        return race.card_reaches[key]

    def pick_up(self, race: Race, player: Player) -> bool:
        """Spend a bullet (or a red coach's) to take the discard pile back into the hand."""
        best_hand = max(self.card_value(race, player, c) for c in player.hand)
        best_pile = max(self.card_value(race, player, c) for c in player.discard)
        return best_pile >= best_hand + 2 and (player.bullets > 1 or player.coached("red") > 0)

    def choose_move(self, race: Race, player: Player, options: list[Move]) -> Move:
        """The furthest stop, with the least wax, in the lane that costs the least pulse.
        Lanes are compared only where the distance is worth it: asking every option's pulse
        change doubled a race's time."""
        ordered = sorted(options, key=lambda m: (-m.distance, m.wax, m.action.pulse))
        for _, group in groupby(ordered, key=lambda m: (m.distance, m.wax)):
            changes = {move: pulse_change(race, player, move) for move in group}
            cheapest = min(changes, key=changes.__getitem__)
            if player.pulse + changes[cheapest] <= PULSE_LIMIT:
                return cheapest
        return ordered[0]

    def motivation(self, race: Race, player: Player) -> int | None:
        """Which face-up motivation card to take (its index), or None to draw the top one."""
        return max(range(len(race.face_up)), key=lambda i: _card_steps(race.face_up[i]))

    def wind(self, race: Race, player: Player) -> str | None:
        """Where the wind should come from: at the back of the space now stood on, or
        windstill while waiting to shoot (+1 hit)."""
        if race.on_range(player):
            return None
        return OPPOSITE[race.space(player.position).heading]

    def shoots(self, race: Race, player: Player) -> bool:
        return True

    def bullets(self, race: Race, player: Player, hits: int, available: int) -> int:
        """Bullets to spend for hits: up to 3 hits at the first shooting, all at the last."""
        wanted = available if race.shootings_left(player) == 1 else max(0, 3 - hits)
        return min(wanted, available)


class PulseCareful(Bot):
    """Keeps the pulse in the medium band (6 or less) where a move allows it, and waits at
    the range while waiting would improve its accuracy."""

    name = "pulse-careful"
    ceiling = 6

    def choose_move(self, race: Race, player: Player, options: list[Move]) -> Move:
        changes = {move: pulse_change(race, player, move) for move in options}
        ordered = sorted(options, key=lambda m: (-m.distance, m.wax, changes[m]))
        for move in ordered:
            if player.pulse + changes[move] <= self.ceiling:
                return move
        return min(ordered, key=lambda m: (changes[m], -m.distance))

    def shoots(self, race: Race, player: Player) -> bool:
        calmer = max(0, player.pulse + race.game.range_actions["wait"].pulse)
        return player.biathlete.accuracy(calmer) >= player.biathlete.accuracy(player.pulse)


class RandomLegal(Bot):
    """Any legal choice, uniformly: the floor every other bot should beat."""

    name = "random"

    def choose_card(self, race: Race, player: Player) -> Card:
        return race.rng.choice(player.hand)

    def pick_up(self, race: Race, player: Player) -> bool:
        return race.rng.random() < 0.1

    def choose_move(self, race: Race, player: Player, options: list[Move]) -> Move:
        return race.rng.choice(options)

    def motivation(self, race: Race, player: Player) -> int | None:
        pick: int | None = race.rng.choice([*range(len(race.face_up)), None])
        return pick

    def wind(self, race: Race, player: Player) -> str | None:
        return race.rng.choice(WINDS)

    def shoots(self, race: Race, player: Player) -> bool:
        return race.rng.random() < 0.5

    def bullets(self, race: Race, player: Player, hits: int, available: int) -> int:
        return race.rng.randint(0, available)


BOTS: dict[str, Bot] = {bot.name: bot for bot in (Bot(), PulseCareful(), RandomLegal())}


def _card_steps(card: Card) -> int:
    return max(a.uphill + a.flat + a.downhill for a in (card.top, card.bottom))


# --- the race --------------------------------------------------------------------------------


def new_race(
    game: Biathlon,
    course: str,
    biathletes: list[str],
    colours: list[str],
    bots: list[Bot],
    rng: random.Random,
) -> Race:
    chosen = game.courses[course]
    players = []
    for seat, (name, colour, bot) in enumerate(zip(biathletes, colours, bots, strict=True)):
        gear = game.colours[colour]
        deck = game.deck_of(name)
        rng.shuffle(deck)
        players.append(
            Player(
                seat,
                colour,
                game.biathletes[name],
                bot,
                deck,
                gear.bullets,
                gear.wax,
                gear.wax_effect,
                gear.order,
            )
        )
    spaces = track(chosen)
    terrains = tuple(chosen.spaces[s].terrain for s in spaces)
    race = Race(
        game,
        chosen,
        players,
        rng,
        range_exit(chosen),
        spaces,
        terrains,
        reaches=_REACHES[terrains],
    )
    race.dice = {colour: rng.randint(DIE_FACES[0], DIE_FACES[-1]) for colour in DICE}
    race.motivation = game.motivation_deck()
    rng.shuffle(race.motivation)
    race.face_up = [race.motivation.pop() for _ in range(min(2, len(race.motivation)))]
    for player in players:  # a random first discard sets the start grid
        player.discard.append(player.hand.pop())
    place_on_grid(race)
    return race


def place_on_grid(race: Race) -> None:
    """The highest initiative on the first discard takes the front place, and so on down,
    ties by ski colour order; each place is a lane of its row."""
    grid = sorted(race.players, key=lambda p: initiative(race, p, p.discard[0]))
    for place, player in enumerate(grid, 1):
        player.grid_place, player.lane = place, (place - 1) % GRID_COLUMNS
    race.log.append(f"grid: {', '.join(p.biathlete.name for p in grid)}")


def play(race: Race) -> Race:
    """Rounds until a biathlete crosses the finish line, everyone is out, or the limit."""
    while race.winner is None and race.rounds < ROUND_LIMIT and any(p.racing for p in race.players):
        race.rounds += 1
        play_round(race)
    return race


def initiative(race: Race, player: Player, card: Card) -> tuple[int, int]:
    """Sort key: the highest initiative first, ties by ski colour order."""
    return (-card.initiative_value(race.dice), player.order)


def play_round(race: Race) -> None:
    chosen: dict[int, Card] = {}
    for player in [p for p in race.players if p.racing]:
        _refill_hand(race, player)
        if player.racing:
            card = _legal(player, "card", player.bot.choose_card(race, player), player.hand)
            player.hand.remove(card)
            chosen[player.seat] = card
    waiting = [p for p in race.players if p.seat in chosen]
    while waiting and race.winner is None:
        # Re-sorted before every turn: a shot rerolls the dice that die initiatives show.
        waiting.sort(key=lambda p: initiative(race, p, chosen[p.seat]))
        player = waiting.pop(0)
        if player.racing:
            take_turn(race, player, chosen[player.seat])


def _refill_hand(race: Race, player: Player) -> None:
    """An empty hand takes the discard pile back for free; a hand with cards may, for a
    bullet (a red coach's first); with neither hand nor pile the biathlete is out."""
    if not player.hand:
        player.hand, player.discard = player.discard, []
        if not player.hand:
            eliminate(race, player, "no cards left")
        return
    payable = player.bullets > 0 or player.coached("red") > 0
    if player.discard and payable and player.bot.pick_up(race, player):
        if player.coached("red"):
            player.boost = None
        else:
            player.bullets -= 1
        player.hand += player.discard
        player.discard = []
        player.pickups += 1
        race.log.append(f"round {race.rounds}: {player.biathlete.name} picks up the discard pile")


def take_turn(race: Race, player: Player, card: Card) -> None:
    if race.on_range(player):
        if player.bot.shoots(race, player):
            _shoot(race, player, card)
        else:
            _wait(race, player, card)
        return
    move = _chosen_move(race, player, moves(race, player, card))
    _carry_out(race, player, card, move, card.name)


def _wait(race: Race, player: Player, card: Card) -> None:
    wait = race.game.range_actions["wait"]
    action = Action(0, 0, 0, wait.pulse, False, wait.removes)
    options = [
        Move(action, "wait", 0, wax, player.lane) for wax in range(_useful_wax_at_range(player) + 1)
    ]
    move = _chosen_move(race, player, options)
    _carry_out(race, player, card, move, f"{card.name} for initiative")


def _useful_wax_at_range(player: Player) -> int:
    """Only blue and white wax work on a range action: the biathlete does not ski."""
    if player.wax_effect == BLUE_WAX:
        return player.wax
    return min(player.wax, 1) if player.wax_effect == WHITE_WAX else 0


def _shoot(race: Race, player: Player, card: Card) -> None:
    shoot = race.game.range_actions["shoot"]
    race.dice = {colour: race.rng.randint(DIE_FACES[0], DIE_FACES[-1]) for colour in DICE}
    heading = race.space(player.position).heading
    count = hits(player.biathlete, player.pulse, list(race.dice.values()), heading, race.wind)
    coach = player.coached("red")
    available = min(player.bullets + coach, HITS_MAX - count)  # bullets lift hits to 5
    wanted = player.bot.bullets(race, player, count, available)
    spent = _legal(player, "number of bullets", wanted, range(available + 1))
    player.bullets -= max(0, spent - coach)  # the coach's bullet goes first
    count += spent
    player.shots.append(count)
    race.log.append(
        f"round {race.rounds}: {player.biathlete.name} shoots at pulse {player.pulse}, dice "
        f"{' '.join(str(race.dice[c]) for c in DICE)}: {count} hits ({spent} bullets)"
    )
    action = Action(shoot.uphill_per_hit * count, 0, 0, shoot.pulse, False, shoot.removes)
    # "Perform the Action as you would a regular one": step wax adds steps to a shot too.
    options = _action_moves(race, player, action, "shoot")
    move = _chosen_move(race, player, options)
    _carry_out(race, player, card, move, f"{card.name} for initiative")


def _chosen_move(race: Race, player: Player, options: list[Move]) -> Move:
    return _legal(player, "move", player.bot.choose_move(race, player, options), options)


def _legal(player: Player, decision: str, choice: Choice, allowed: Collection[Choice]) -> Choice:
    """The bot's choice, if the rules allow it."""
    if choice not in allowed:
        raise IllegalMove(
            f"the {player.bot.name} bot playing {player.biathlete.name} ({player.colour} skis) "
            f"chose a {decision} the rules do not allow: {choice!r}"
        )
    return choice


def _carry_out(race: Race, player: Player, card: Card, move: Move, played: str) -> None:
    """Move, adjust the pulse, change the wind, then discard or remove the card."""
    before, pulse_before = player.position, player.pulse
    where = landing(race, player, move.distance, move.lane)
    player.wax -= move.wax
    player.position, player.lane = where.index, where.lane
    _cross_start_lines(race, player, before)
    player.pulse = max(0, player.pulse + _pulse_change(player, move, where))
    coach = race.space(player.position) if player.position >= 0 else None
    player.boost = (
        (coach.coach_colour, coach.coach_count)
        if coach and coach.coach_colour in NEXT_TURN_COACHES and coach.coach_count
        else None
    )
    note = ""
    # The pulse is adjusted before the wind: one it puts out has no wind to change.
    wind_symbol = (
        move.action.wind or where.white_coach or (player.wax_effect == WHITE_WAX and move.wax)
    )
    if wind_symbol and player.pulse <= PULSE_LIMIT:
        wanted = _legal(player, "wind", player.bot.wind(race, player), WINDS)
        if wanted != race.wind:
            race.wind = wanted
            note = f", wind {'windstill' if wanted is None else 'from ' + wanted}"
    if not move.action.removes:
        player.discard.append(card)
    race.log.append(
        f"round {race.rounds}: {player.biathlete.name} plays {played} ({move.card_side}), "
        f"{_place(race, before)} -> {_place(race, player.position)}, pulse {pulse_before} -> "
        f"{player.pulse}{note}"
    )
    if player.pulse > PULSE_LIMIT:
        eliminate(race, player, f"pulse {player.pulse}")
    elif player.position == len(race.spaces) - 1:
        race.winner = player
        race.log.append(f"round {race.rounds}: {player.biathlete.name} wins")


def _place(race: Race, index: int) -> str:
    return "grid" if index < 0 else f"space {race.spaces[index]}"


def _cross_start_lines(race: Race, player: Player, before: int) -> None:
    """Each start line crossed brings a motivation card: three in a race, at the start and
    at the end of laps 1 and 2."""
    for index in range(before + 1, player.position + 1):
        if race.space(index).marker != "start":
            continue
        if not (race.face_up or race.motivation):
            return
        pick = (
            _legal(
                player,
                "motivation card",
                player.bot.motivation(race, player),
                [*range(len(race.face_up)), None],
            )
            if race.face_up
            else None
        )
        if pick is None and race.motivation:
            card = race.motivation.pop()
        else:
            card = race.face_up.pop(pick or 0)
            if race.motivation:
                race.face_up.append(race.motivation.pop())
        player.hand.append(card)
        player.motivation += 1


def eliminate(race: Race, player: Player, why: str) -> None:
    player.eliminated_round = race.rounds
    race.eliminated.append(player)
    race.log.append(f"round {race.rounds}: {player.biathlete.name} is out ({why})")


def standings(race: Race) -> list[Player]:
    """The winner, then the rest by distance to the finish, ties by ski colour order; the
    eliminated last, the first to go out ranked lowest (even within one round). On the
    starting grid a place further forward is nearer the finish."""
    finishing = [p for p in race.players if p.racing and p is not race.winner]
    finishing.sort(key=lambda p: (-p.position, p.grid_place if p.position == GRID else 0, p.order))
    return ([race.winner] if race.winner else []) + finishing + race.eliminated[::-1]
