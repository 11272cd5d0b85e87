"""RINKSIDE HOCKEY's auxiliary plays, injuries, the empty net and the last second (seed
L1311-L1365): each rule reads its chart or table on the draws it is given and resolves to a
value the game loop dispatches on; none plays the next phase itself.

An auxiliary play fires when the number a rule reads is a yellow 10 and the opposite face's
#100 ends in 0 (README §9 Q2). Its own draw's Left #100 picks the play off AuxiliaryChart,
and a Right #100 of 1-10 on that draw turns it into an injury instead (L1323), whose who and
how long are read on a new draw."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from authoring.games.rinkside.deck import YELLOW, Side
from authoring.games.rinkside.draws import Draw
from authoring.games.rinkside.goals import scoring_team_higher
from authoring.games.rinkside.model import AuxiliaryRow, Rinkside, Skater
from authoring.games.rinkside.policy import (
    LAST_SECOND_TRIES,
    Coach,
    LastSecondTry,
    _checked,
)
from authoring.games.rinkside.pregame import confidence_check
from authoring.games.rinkside.state import (
    PERIODS,
    SIDES,
    GameLevel,
    GameState,
    TeamSide,
    other,
)
from authoring.games.rinkside.zone import LoosePuck, Possession, Stoppage, end_of, offensive, rating

Colour = Literal["red", "blue"]
INJURY_RIGHT_100 = range(1, 11)  # the auxiliary draw's Right #100 that makes it an injury
PULL: tuple[bool, ...] = (True, False)
EMPTY_NET_BONUS = 3  # the extra skater's team attacks as on a two-man advantage (L1345)
EMPTY_NET_SAVE_BLUE = range(1, 6)  # a Right blue of 1-5 gives the defender a try (L1351)
GOAL_FROM_OWN_END = 1  # the goalie's Black #100 that scores into the empty net (L1335)


def team_shown(hv: str | None) -> TeamSide:
    """The team a Right face's H/V names."""
    if hv not in ("H", "V"):
        raise ValueError(f"the face shows no H/V where the rule reads one: {hv!r}")
    return "home" if hv == "H" else "visitor"


def by_parity(number: int) -> TeamSide:
    """Odd the visitor, even the home team (L1329)."""
    return "visitor" if number % 2 else "home"


# The trigger (L1317, README §9 Q2).


def auxiliary_triggered(draw: Draw, side: Side, colour: Colour) -> bool:
    """The number a rule reads (`side`'s red or blue) is a yellow 10 and the other face's
    #100 ends in 0."""
    number = getattr(draw.face(side), colour)
    opposite = draw.right if side == "left" else draw.left
    return number == YELLOW and opposite.n100_ends_in_zero


# The plays' outcomes besides zone.py's.


@dataclass(frozen=True)
class PlayOn:
    """Nothing stops: `note` says what happened (`player` changes at the next whistle)."""

    note: str
    player: Skater | None = None


@dataclass(frozen=True)
class AuxiliaryPenalty:
    """A penalty the auxiliary play gives `side`: `penalty` (too many men, delay of game,
    misconduct), `minutes`, `bench` when it goes to a bench player (located by the penalty
    slice's locator) or is a bench minor."""

    side: TeamSide
    penalty: str
    minutes: int
    bench: bool


@dataclass(frozen=True)
class ConfidenceCheck:
    """A goalie's confidence check in play: his level before and after."""

    side: TeamSide
    before: GameLevel
    after: GameLevel


@dataclass(frozen=True)
class MomentumBump:
    """`points` of momentum to `side` (the momentum slice adds them)."""

    side: TeamSide
    points: int


@dataclass(frozen=True)
class EmptyNetGoal:
    """A goal into an empty net by `scorer` of `side`, unassisted."""

    side: TeamSide
    scorer: Skater | None  # None: the goalie of `side` scored from his own end


@dataclass(frozen=True)
class Injury:
    """`player` of `side` (a skater, or `goalie`) is hurt and out for `out_for`."""

    side: TeamSide
    player: Skater | None  # None when the goalie is hurt
    goalie: bool
    out_for: str


AuxiliaryOutcome = (
    LoosePuck
    | Possession
    | Stoppage
    | PlayOn
    | AuxiliaryPenalty
    | ConfidenceCheck
    | MomentumBump
    | EmptyNetGoal
    | Injury
)


@dataclass(frozen=True)
class AuxiliaryPlay:
    """The row read (None for an injury) and what it came to."""

    row: AuxiliaryRow | None
    outcome: AuxiliaryOutcome


def auxiliary_play(
    model: Rinkside,
    game: GameState,
    draw: Callable[[], Draw],
    *,
    attacking: TeamSide,
    carrier: Skater | None,
    last_play: tuple[TeamSide, Skater] | None,
    short_handed: frozenset[TeamSide] = frozenset(),
    changing: frozenset[TeamSide] = frozenset(SIDES),
) -> AuxiliaryPlay:
    """Draw a card: a Right #100 of 1-10 is an injury (L1323), otherwise its Left #100 picks
    the auxiliary play (L1321). `attacking` is the team with the puck (or the last to have
    it) in `game.zone`, `carrier` its player with the puck, `last_play` who made the last
    play, `short_handed` the teams killing a penalty, `changing` the teams making a line
    change (both unless the caller knows better)."""
    shown = draw()
    if shown.right.n100 in INJURY_RIGHT_100:
        return AuxiliaryPlay(None, injury(model, game, draw(), last_play))
    row = model.auxiliary_chart[shown.left.n100]
    game.log(f"auxiliary play: {row.play}")
    defending = other(attacking)
    outcome: AuxiliaryOutcome
    match row.play:
        case "stick snaps on the carrier":
            outcome = LoosePuck(game.zone)
        case "carrier loses an edge":
            outcome = Possession(defending, game.zone, None)
        case (
            "puck strikes an official"
            | "debris thrown on the ice"
            | "delayed offside waved off"
            | "long whistle for a video check"
        ):
            outcome = Stoppage("neutral", row.timing, row.play)
        case "net knocked off its pegs" | "pane of glass broken":
            outcome = Stoppage(game.zone, row.timing, row.play)
        case "odd bounce off the stanchion":
            outcome = Possession(team_shown(shown.right.hv), "neutral", None)
        case "skate blade breaks":
            outcome = PlayOn(row.play, carrier)
        case "bump at the bench during a change":
            outcome = AuxiliaryPenalty(team_shown(shown.right.hv), "misconduct", 10, bench=True)
        case "too many men":
            changer = next(iter(changing)) if len(changing) == 1 else by_parity(shown.black100)
            outcome = AuxiliaryPenalty(changer, "too many men", 2, bench=True)
        case "goalie shoots at an empty net":
            outcome = goalie_shoots_at_empty_net(game, draw, short_handed)
        case "goalie confidence check":
            outcome = goalie_confidence(model, game, team_shown(shown.right.hv), draw())
        case "defender shoots it over the glass":
            outcome = AuxiliaryPenalty(defending, "delay of game", 2, bench=False)
        case "home crowd erupts":
            outcome = MomentumBump("home", model.momentum_points["momentum bump"])
        case _:
            raise ValueError(f"AuxiliaryChart names a play the engine does not know: {row.play}")
    return AuxiliaryPlay(row, outcome)


def goalie_shoots_at_empty_net(
    game: GameState, draw: Callable[[], Draw], short_handed: frozenset[TeamSide]
) -> AuxiliaryOutcome:
    """L1335: with the other net empty, the goalie shoots for it on a new draw: a Black
    #100 of 01 scores; otherwise icing, unless his team is killing a penalty. With no empty
    net nothing happens."""
    pulled = [side for side in SIDES if game.team(side).goalie_pulled]
    if len(pulled) != 1:
        return PlayOn("no empty net to shoot at")
    shooting = other(pulled[0])
    if draw().black100 == GOAL_FROM_OWN_END:
        game.count(shooting, "shots")
        game.count(shooting, "goals")
        game.log(f"{shooting} goalie scores into the empty net")
        return EmptyNetGoal(shooting, None)
    if shooting in short_handed:
        return Possession(pulled[0], "neutral", None)
    return Stoppage(end_of(shooting), False, "icing")  # L186: icing marks no [T]


def goalie_confidence(
    model: Rinkside, game: GameState, side: TeamSide, shown: Draw
) -> ConfidenceCheck:
    """L1339: the warm-up's check again for `side`'s goalie, up or down a level."""
    team = game.team(side)
    before = team.goalie_level
    rated = model.goalie_cards[team.lineup.goalie.goalie_id]["goalie_rating"]
    team.goalie_level = confidence_check(model.tables, shown, rated, before)
    game.log(f"{side} goalie's confidence: {before} to {team.goalie_level}")
    return ConfidenceCheck(side, before, team.goalie_level)


def injury(
    model: Rinkside,
    game: GameState,
    shown: Draw,
    last_play: tuple[TeamSide, Skater] | None,
) -> Injury:
    """L1323: on a new draw the Left #100 names who is hurt (InjuryWho), the Right face's
    H/V his team and the Right #100 how long he is out (InjuryLength). "last play" is the
    player who made the last play, whatever the H/V; with nobody known, the centre of the
    team shown."""
    who = model.injury_who[shown.left.n100].who
    out_for = model.injury_length[shown.right.n100].out_for
    side = team_shown(shown.right.hv)
    if who == "goalie":
        hurt = Injury(side, None, True, out_for)
    elif who == "last play" and last_play is not None:
        hurt = Injury(last_play[0], last_play[1], False, out_for)
    else:
        position = "C" if who == "last play" else who
        hurt = Injury(side, game.team(side).at(position), False, out_for)
    name = hurt.player.name if hurt.player else f"the {hurt.side} goalie"
    game.log(f"{name} is injured: out {out_for}")
    return hurt


# The empty net (L1345-L1351).


def offense_bonus(game: GameState, side: TeamSide) -> int:
    """L1345: with its goalie pulled a team attacks as on a two-man advantage, +3 on each
    skater's Offensive Rating."""
    return EMPTY_NET_BONUS if game.team(side).goalie_pulled else 0


def ask_pull_goalie(coach: Coach, game: GameState, side: TeamSide) -> bool:
    """Ask a team whether its goalie is off for an extra skater (L1345); offered only when
    the team is behind in the 3rd period, or its goalie is already off (to put him back)."""
    team = game.team(side)
    if not team.goalie_pulled and (game.period < PERIODS or game.lead(side) >= 0):
        return False
    answer = _checked(coach, "pull goalie", coach.pull_goalie(game, side, PULL), PULL)
    if answer != team.goalie_pulled:
        team.goalie_pulled = answer
        game.log(f"{side} {'pulls its goalie' if answer else 'puts its goalie back'}")
    return answer


@dataclass(frozen=True)
class EmptyNetAttack:
    """What an attack on the empty net came to: `outcome`, the goal if one, the defender who
    tried to keep it out, and `timed` when the seed marks [T] (the loop marks it)."""

    outcome: AuxiliaryOutcome
    goal: EmptyNetGoal | None = None
    defender: Skater | None = None
    timed: bool = False


def empty_net_attack(
    model: Rinkside,
    game: GameState,
    side: TeamSide,
    carrier: Skater,
    draw: Callable[[], Draw],
    *,
    short_handed: bool = False,
) -> EmptyNetAttack:
    """`side`'s `carrier` has the puck in the neutral zone with the other net empty
    (L1349-L1351). One draw: the Left blue within his Neutral Zone Rating gains the puck
    toward the net, the Right blue within his Offensive Rating lets him shoot. The next: a
    Black #100 within his Target Rating is on goal and scores, unless its Right blue is 1-5:
    then the defending team's player named by its Left face's neutral-zone defender keeps it
    out on a third draw whose Left red is within his Defensive Rating (a loose puck, [T])."""
    defending = other(side)
    target_end = end_of(defending)
    moving = draw()
    if moving.left.blue > rating(model, carrier, "neutral"):
        return EmptyNetAttack(LoosePuck("neutral"))
    if moving.right.blue > offensive(model, game, carrier, "offense"):
        return EmptyNetAttack(Possession(side, target_end, carrier))
    shot = draw()
    if shot.black100 > offensive(model, game, carrier, "shot_target"):
        game.log(f"{carrier.name} misses the empty net")
        if short_handed:
            return EmptyNetAttack(Possession(defending, end_of(defending), None))
        return EmptyNetAttack(Stoppage(end_of(side), False, "icing"))  # L186: no [T]
    if shot.right.blue in EMPTY_NET_SAVE_BLUE:
        position = shot.left.nz_defender
        if position is None:
            raise ValueError("the face shows no neutral-zone defender where the rule reads one")
        defender = game.team(defending).on_ice_at(position)
        if defender is None:  # his place is empty: nobody is back to keep it out
            goal = _empty_net_goal(game, side, carrier)
            return EmptyNetAttack(goal, goal)
        if draw().left.red <= rating(model, defender, "defense"):
            game.log(f"{defender.name} keeps the puck out of the empty net")
            return EmptyNetAttack(LoosePuck(target_end), defender=defender, timed=True)
        goal = _empty_net_goal(game, side, carrier)
        return EmptyNetAttack(goal, goal, defender)
    goal = _empty_net_goal(game, side, carrier)
    return EmptyNetAttack(goal, goal)


def _empty_net_goal(game: GameState, side: TeamSide, scorer: Skater) -> EmptyNetGoal:
    game.count(side, "shots")
    game.count(side, "goals")
    game.log(f"{scorer.name} scores into the empty net")
    return EmptyNetGoal(side, scorer)


# The last second (L1355-L1365).


def last_second_try(
    model: Rinkside,
    game: GameState,
    side: TeamSide,
    colour: str,
    shown: Draw,
    coach: Coach,
) -> LastSecondTry | None:
    """The period's time is up and `side` has the puck in a neutral zone of `colour` (GREEN,
    YELLOW, RED): on a new draw's Left red (T_LastSecond) the carrier may try a rush or a
    shot from centre ice, the coach's choice; None when there is no try."""
    if model.tables.last_second[colour][shown.left.red].result != "attempt":
        return None
    answer = coach.last_second(game, side, LAST_SECOND_TRIES)
    chosen = _checked(coach, "last second", answer, LAST_SECOND_TRIES)
    game.log(f"{side} tries a last-second {chosen}")
    return chosen


def before_the_buzzer(shown: Draw, scoring: TeamSide) -> bool:
    """L1363, README §9 Q12: a last-second rush or rebound goal counts when the scoring
    team's #100 (Left the visitor's, Right the home team's) is higher; a tie does not."""
    return scoring_team_higher(shown, scoring)
