"""RINKSIDE HOCKEY's momentum (seed L1264-L1309, README §5.3): each team's momentum points,
the level they show, the plays that earn points, the shifts that take the other team's
momentum away, and what momentum is worth (a breakout that cannot fail, a clear that
cannot fail).

The functions here are called by the game loop when a momentum play happens (a big hit, a
goal, a killed penalty, an agitator's success, a won fight, a great or breakaway save); none
of them plays the next phase."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from authoring.games.rinkside.draws import Draw
from authoring.games.rinkside.model import Rinkside
from authoring.games.rinkside.policy import Coach, MomentumUse, ask_momentum_use
from authoring.games.rinkside.state import (
    PERIODS,
    STEP_SECONDS,
    STEPS_PER_PERIOD,
    GameState,
    TeamSide,
    other,
)

FIGHT_WIN_POINTS = 2  # a won fight when the loser's team has no momentum (README §5.3)
LATE_TYING_SECONDS = 600  # "LESS THEN 10:00 in the 3rd PERIOD" (L1293)
Shift = Literal["win fight", "go-ahead goal in the 3rd", "tying goal late in the 3rd"]


@dataclass(frozen=True)
class MomentumChange:
    """A momentum play by `side`: `points` added to its total, or taken from the other
    team's (`use`), or a `shift`; each team's points after it, (visitor, home)."""

    side: TeamSide
    play: str
    points: int
    use: MomentumUse | Literal["shift"]
    after: tuple[int, int]


def has_momentum(game: GameState, side: TeamSide) -> bool:
    """A team plays with momentum from its first point (L1266 "1 to 2 MOMENTUM")."""
    return game.team(side).momentum > 0


def mo_level(model: Rinkside, points: int) -> int:
    """The MO level `points` show: 0 below LEVEL 1 (plain MOMENTUM included), else 1-4
    (L1266-L1273)."""
    level = model.momentum_level(points)
    if level is None or not level.startswith("LEVEL "):
        return 0
    return int(level.removeprefix("LEVEL "))


def award(
    model: Rinkside, game: GameState, side: TeamSide, play: str, coach: Coach, *, times: int = 1
) -> MomentumChange:
    """`side` makes the momentum play `play` (a MomentumPoints row), its points `times` over:
    added to its total, or, while the other team has momentum and `coach` so chooses, taken
    from the other team's total, which stops at 0 (L1279)."""
    return _award(game, side, play, model.momentum_points[play] * times, coach)


def _award(game: GameState, side: TeamSide, play: str, points: int, coach: Coach) -> MomentumChange:
    rival = game.team(other(side))
    use: MomentumUse = "add"
    if rival.momentum > 0:
        use = ask_momentum_use(coach, game, side, points)
    if use == "add":
        game.team(side).momentum += points
    else:
        rival.momentum = max(0, rival.momentum - points)
    game.log(f"{side} momentum: {play}, {use} {points}")
    return MomentumChange(side, play, points, use, _points(game))


def shift(model: Rinkside, game: GameState, side: TeamSide, play: Shift) -> MomentumChange | None:
    """A momentum shift to `side` (L1287-L1295): only while the other team has momentum;
    the other team's points drop to the MomentumShifts row's value, `side`'s become at
    least its `gaining_at_least` (README §5.3). None when the other team has none."""
    rival = game.team(other(side))
    if rival.momentum == 0:
        return None
    row = model.momentum_shifts[play]
    rival.momentum = row.other_points
    team = game.team(side)
    gained = max(team.momentum, row.gaining_at_least) - team.momentum
    team.momentum += gained
    game.log(f"momentum shifts to {side}: {play}")
    return MomentumChange(side, play, gained, "shift", _points(game))


def fight_won(
    model: Rinkside, game: GameState, winner: TeamSide, coach: Coach, *, goaded: bool = False
) -> MomentumChange:
    """The winner's team takes the momentum by a WIN FIGHT shift when the loser's team has
    it (L1289); otherwise it earns +2, doubled for an agitator who goaded the fight and won
    it (L1182, README §5.3)."""
    shifted = shift(model, game, winner, "win fight")
    if shifted is not None:
        return shifted
    points = FIGHT_WIN_POINTS * (2 if goaded else 1)
    return _award(game, winner, "win fight", points, coach)


def goal_scored(model: Rinkside, game: GameState, scorer: TeamSide, coach: Coach) -> MomentumChange:
    """After a goal already counted in the box score: a go-ahead goal in the 3rd period, or
    a tying goal there with under 10:00 left, shifts the momentum when the other team has it
    (L1291-L1293); any other goal is the GOAL play, +2 (L1279)."""
    if game.period == PERIODS:
        seconds_left = (STEPS_PER_PERIOD - game.steps) * STEP_SECONDS
        play: Shift | None = None
        if game.lead(scorer) == 1:
            play = "go-ahead goal in the 3rd"
        elif game.lead(scorer) == 0 and seconds_left < LATE_TYING_SECONDS:
            play = "tying goal late in the 3rd"
        shifted = None if play is None else shift(model, game, scorer, play)
        if shifted is not None:
            return shifted
    return award(model, game, scorer, "goal", coach)


def breakout_by_momentum(model: Rinkside, game: GameState, side: TeamSide, shown: Draw) -> bool:
    """A breakout succeeds whatever its result when the breakout draw's Left face shows an
    MO level at or below the team's own (L1301-L1303)."""
    shown_level = shown.left.mo
    return shown_level is not None and shown_level <= mo_level(model, game.team(side).momentum)


def momentum_clear(game: GameState, side: TeamSide) -> bool:
    """A team with the puck in its end and any momentum may clear it to the neutral zone
    for certain: it spends 1 point and the other team is credited with a hit (L1305-L1309).
    False, and nothing changes, when the team has no momentum to spend."""
    team = game.team(side)
    if team.momentum == 0:
        return False
    team.momentum -= 1
    game.count(other(side), "hits")
    game.log(f"{side} spends momentum to clear the zone")
    return True


def _points(game: GameState) -> tuple[int, int]:
    return game.visitor.momentum, game.home.momentum
