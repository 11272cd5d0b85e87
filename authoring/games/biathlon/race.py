"""A BIATHLON BLAST race by the rules, round by round, with bots in every seat.

A course with its route chosen is a single trail, so the race is laid out as one track:
lap 1 from the start line to the range and back to the start line, lap 2 the same, lap 3
from the start line to the finish. A position is an index on that track; two indices can be
the same space (laps overlap), so occupancy is counted by space.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from authoring.games.biathlon.model import Action, Biathlete, Biathlon, Card, Course
from authoring.games.biathlon.rules import OPPOSITE, Steps, hits, reach, wind_effect

DICE = ("red", "black", "yellow", "green", "blue")
PULSE_LIMIT = 10
MOTIVATION_LIMIT = 3
ROUND_LIMIT = 200
WINDS: tuple[str | None, ...] = ("N", "E", "S", "W", None)
GRID = -1  # behind the start line


def track(course: Course) -> list[int]:
    """The race's spaces in order: two laps through the range, then the run to the finish."""
    by_marker = {space.marker: number for number, space in course.spaces.items()}
    start, shooting, finish = by_marker["start"], by_marker["range"], by_marker["finish"]
    laps: list[int] = []
    for _ in range(2):
        laps += _leg(course, start, shooting, "to_range")
        laps += _leg(course, shooting, start, "to_range")[1:]
        laps.pop()  # the start line opens the next lap
    return laps + _leg(course, start, finish, "to_finish")


def _leg(course: Course, source: int, target: int, lap: str) -> list[int]:
    path, here, seen = [source], source, {source}
    while here != target:
        ahead = [s for s in course.next_spaces(here, lap) if s not in seen or s == target]
        if not ahead:
            raise ValueError(f"{course.name}: no way on from space {here}")
        here = ahead[0]
        seen.add(here)
        path.append(here)
    return path


@dataclass
class Player:
    seat: int
    colour: str
    biathlete: Biathlete
    hand: list[Card]
    bullets: int
    wax: int
    wax_effect: str
    order: int  # ski colour order, for ties
    discard: list[Card] = field(default_factory=list)
    position: int = GRID
    lane: int = 0
    pulse: int = 0
    motivation: int = 0
    eliminated_round: int | None = None
    boost: tuple[str, int] | None = None  # a coach zone's boost due this turn
    shots: list[int] = field(default_factory=list)

    @property
    def racing(self) -> bool:
        return self.eliminated_round is None


@dataclass(frozen=True)
class Move:
    """What a bot decides for its turn."""

    action: Action
    card_side: str
    distance: int
    wax: int = 0
    wind: str | bool | None = False  # False: leave the wind as it is


Policy = Callable[["Race", Player, list["Move"]], "Move"]


@dataclass
class Race:
    game: Biathlon
    course: Course
    players: list[Player]
    rng: random.Random
    policies: dict[int, Policy]
    spaces: list[int] = field(default_factory=list)
    dice: dict[str, int] = field(default_factory=dict)
    wind: str | None = None
    motivation: list[Card] = field(default_factory=list)
    face_up: list[Card] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    rounds: int = 0
    winner: Player | None = None

    def at(self, index: int) -> int | None:
        return self.spaces[index] if 0 <= index < len(self.spaces) else None

    def occupants(self, space: int | None, *, besides: Player | None = None) -> list[Player]:
        return [
            p
            for p in self.players
            if p.racing and p is not besides and p.position >= 0 and self.at(p.position) == space
        ]

    def room(self, index: int, mover: Player) -> bool:
        space = self.at(index)
        if space is None:
            return True
        return len(self.occupants(space, besides=mover)) < self.course.spaces[space].lanes


def new_race(
    game: Biathlon,
    course: str,
    biathletes: list[str],
    colours: list[str],
    policies: list[Policy],
    rng: random.Random,
) -> Race:
    chosen = game.courses[course]
    players = []
    for seat, (name, colour) in enumerate(zip(biathletes, colours, strict=True)):
        gear = game.colours[colour]
        deck = game.deck_of(name)
        rng.shuffle(deck)
        players.append(
            Player(
                seat,
                colour,
                game.biathletes[name],
                deck,
                gear.bullets,
                gear.wax,
                gear.wax_effect,
                gear.order,
            )
        )
    race = Race(game, chosen, players, rng, dict(enumerate(policies)), spaces=track(chosen))
    race.dice = {colour: rng.randint(0, 5) for colour in DICE}
    race.motivation = game.motivation_deck()
    rng.shuffle(race.motivation)
    race.face_up = [race.motivation.pop() for _ in range(min(2, len(race.motivation)))]
    for player in players:  # the first discard sets the start grid
        player.discard.append(player.hand.pop())
    return race


def play(race: Race) -> Race:
    """Rounds until a biathlete crosses the finish line, everyone is out, or the limit."""
    while race.winner is None and race.rounds < ROUND_LIMIT and any(p.racing for p in race.players):
        race.rounds += 1
        _round(race)
    return race


def _initiative(race: Race, player: Player, card: Card) -> tuple[int, int]:
    return (-card.initiative_value(race.dice), player.order)


def _round(race: Race) -> None:
    chosen: dict[int, Card] = {}
    for player in [p for p in race.players if p.racing]:
        if not player.hand:
            player.hand, player.discard = player.discard, []
            if not player.hand:
                _eliminate(race, player, "no cards left")
                continue
        card = _choose_card(race, player)
        player.hand.remove(card)
        chosen[player.seat] = card
    waiting = [p for p in race.players if p.seat in chosen]
    while waiting and race.winner is None:
        waiting.sort(key=lambda p: _initiative(race, p, chosen[p.seat]))
        player = waiting.pop(0)
        if player.racing:
            _turn(race, player, chosen[player.seat])


def _choose_card(race: Race, player: Player) -> Card:
    """Bots keep it simple: the card whose better action goes furthest (any at the range)."""
    if _on_range(race, player):
        return min(player.hand, key=lambda c: (c.top.uphill + c.bottom.uphill, c.id))
    return max(
        player.hand,
        key=lambda c: (max(_distance(race, player, a, 0) for a in (c.top, c.bottom)), c.id),
    )


def _on_range(race: Race, player: Player) -> bool:
    space = race.at(player.position)
    return (
        space is not None
        and race.course.spaces[space].marker == "range"
        and not (player.shots and len(player.shots) == _range_visits(race, player.position))
    )


def _range_visits(race: Race, index: int) -> int:
    shooting = next(s for s, v in race.course.spaces.items() if v.marker == "range")
    return sum(1 for i in range(index + 1) if race.spaces[i] == shooting)


def _ahead(race: Race, player: Player) -> list[str]:
    return [race.course.spaces[s].terrain for s in race.spaces[player.position + 1 :]]


_STEP_BOOSTS = {
    "uphill_step": "extra_uphill",
    "flat_step": "extra_flat",
    "downhill_step": "extra_downhill",
}
NEXT_TURN_COACHES = ("red", "black", "yellow", "green")


def _distance(race: Race, player: Player, action: Action, wax: int) -> int:
    extra = _STEP_BOOSTS.get(player.wax_effect)
    boost = {extra: wax} if extra else {}
    if player.boost is not None:  # a coach zone's wax, due on this turn
        coached = _STEP_BOOSTS.get(race.game.colours[player.boost[0]].wax_effect)
        if coached:
            boost[coached] = boost.get(coached, 0) + player.boost[1]
    furthest = reach(Steps.of(action, **boost), _ahead(race, player))
    while furthest > 0 and not race.room(player.position + furthest, player):
        furthest -= 1
    return furthest


def _turn(race: Race, player: Player, card: Card) -> None:
    if _on_range(race, player):
        _shooting_turn(race, player, card)
        return
    options = [
        Move(action, side, distance, wax)
        for side, action in (("top", card.top), ("bottom", card.bottom))
        for wax in range(0, min(player.wax, 2) + 1)
        for distance in {_distance(race, player, action, wax)}
    ]
    move = race.policies[player.seat](race, player, options)
    player.wax -= move.wax
    before = player.position
    _advance(race, player, move.distance)
    landing = race.at(player.position)
    if landing is not None:
        heading = race.course.spaces[landing].heading
        # Bots set the wind at their back when they may change it; the random bot anywhere.
        wind = (
            race.rng.choice(WINDS)
            if race.policies[player.seat] is random_legal
            else (OPPOSITE[heading])
        )
        move = Move(move.action, move.card_side, move.distance, move.wax, wind)
    race.log.append(
        f"round {race.rounds}: {player.biathlete.name} plays {card.name} ({move.card_side}), "
        f"{before} -> {player.position}"
    )
    _finish_action(
        race,
        player,
        move.action,
        card,
        move,
        blue_wax=move.wax if player.wax_effect == "pulse_minus_one" else 0,
    )


def _advance(race: Race, player: Player, distance: int) -> None:
    before = player.position
    player.position = min(before + distance, len(race.spaces) - 1)
    player.lane = len(race.occupants(race.at(player.position), besides=player))
    starts = [
        i
        for i in range(before + 1, player.position + 1)
        if race.course.spaces[race.spaces[i]].marker == "start"
    ]
    for _ in starts:
        if player.motivation < MOTIVATION_LIMIT and (race.face_up or race.motivation):
            card = race.face_up.pop(0) if race.face_up else race.motivation.pop()
            if race.motivation:
                race.face_up.append(race.motivation.pop())
            player.hand.append(card)
            player.motivation += 1


def _finish_action(
    race: Race, player: Player, action: Action, card: Card, move: Move, *, blue_wax: int
) -> None:
    space = race.course.spaces[race.spaces[player.position]] if player.position >= 0 else None
    behind = race.occupants(race.at(player.position + 1))
    drafting = bool(behind)
    shielded = bool(race.occupants(race.at(player.position - 1)))
    heading = space.heading if space else "N"
    coach = (
        (space.coach_colour, space.coach_count)
        if space and space.coach_colour and space.coach_count
        else None
    )
    player.boost = coach if coach and coach[0] in NEXT_TURN_COACHES else None
    if coach and coach[0] == "blue":
        blue_wax += coach[1]
    change = (
        action.wind
        or (coach is not None and coach[0] == "white")
        or (player.wax_effect == "wind_symbol" and move.wax > 0)
    )
    pulse = (
        action.pulse
        - blue_wax
        - drafting
        + wind_effect(heading, race.wind, drafting=drafting, shielded_behind=shielded)
    )
    player.pulse = max(0, player.pulse + pulse)
    if change and move.wind is not False:
        race.wind = move.wind if isinstance(move.wind, str) else None
    (player.discard if not action.removes else []).append(card)
    if player.pulse > PULSE_LIMIT:
        _eliminate(race, player, f"pulse {player.pulse}")
    elif player.position == len(race.spaces) - 1:
        race.winner = player
        race.log.append(f"round {race.rounds}: {player.biathlete.name} wins")


def _shooting_turn(race: Race, player: Player, card: Card) -> None:
    shoot = race.game.range_actions["shoot"]
    wait = race.game.range_actions["wait"]
    careful = race.policies[player.seat] is pulse_careful
    if careful and player.pulse > 2:
        player.pulse = max(0, player.pulse + wait.pulse)
        (player.discard if not wait.removes else []).append(card)
        return
    race.dice = {colour: race.rng.randint(0, 5) for colour in DICE}
    range_space = race.course.spaces[race.spaces[player.position]]
    coached = player.boost[1] if player.boost and player.boost[0] == "red" else 0
    spent = min(player.bullets + coached, 5)
    count = hits(
        player.biathlete, player.pulse, list(race.dice.values()), range_space.heading, race.wind
    )
    extra = min(spent, 5 - count) if count < 3 else 0
    player.bullets -= max(0, extra - coached)  # the coach's bullet goes first
    count += extra
    player.shots.append(count)
    action = Action(shoot.uphill_per_hit * count, 0, 0, shoot.pulse, False, shoot.removes)
    distance = _distance(race, player, action, 0)
    _advance(race, player, distance)
    _finish_action(race, player, action, card, Move(action, "shoot", distance), blue_wax=0)


def _eliminate(race: Race, player: Player, why: str) -> None:
    player.eliminated_round = race.rounds
    race.log.append(f"round {race.rounds}: {player.biathlete.name} is out ({why})")


def greedy(race: Race, player: Player, options: list[Move]) -> Move:
    """Go as far as possible without passing the pulse limit."""
    safe = [m for m in options if player.pulse + m.action.pulse <= PULSE_LIMIT] or options
    return max(safe, key=lambda m: (m.distance, -m.wax, -m.action.pulse))


def pulse_careful(race: Race, player: Player, options: list[Move]) -> Move:
    """Keep the pulse in the medium band or lower, then go as far as that allows."""
    calm = [m for m in options if player.pulse + m.action.pulse <= 6]
    return greedy(race, player, calm or options)


def random_legal(race: Race, player: Player, options: list[Move]) -> Move:
    return race.rng.choice(options)


POLICIES: dict[str, Policy] = {
    "greedy": greedy,
    "pulse-careful": pulse_careful,
    "random": random_legal,
}


def standings(race: Race) -> list[Player]:
    """The winner, then the rest by distance to the finish, ties by ski colour order; the
    eliminated last, the first to go out ranked lowest."""
    finishing = [p for p in race.players if p.racing and p is not race.winner]
    finishing.sort(key=lambda p: (-p.position, p.order))
    out = sorted(
        (p for p in race.players if not p.racing),
        key=lambda p: (-(p.eliminated_round or 0), p.order),
    )
    return ([race.winner] if race.winner else []) + finishing + out
