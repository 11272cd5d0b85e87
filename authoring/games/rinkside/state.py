"""The state of one RINKSIDE HOCKEY game that the rules act on: both teams' line-ups and what
each has on the ice, the clock in :30 timing steps, the pre-game skate's results, the
game-wide levels later rules move, a box score by period and the play-by-play.

The line-ups are frozen: they come from the model and never change during a game. The game
itself is one small mutable object with a method per change, because a game is some 600
draws, each moving a field or two; copying a frozen state at every draw would cost more than
it protects, and only the engine writes to it."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Literal, get_args

from authoring.games.rinkside.model import INTENSITIES, Goalie, Rinkside, Skater

TeamSide = Literal["home", "visitor"]
SIDES: tuple[TeamSide, ...] = ("visitor", "home")  # the visitor places first (seed L71)
GameLevel = Literal["Bad", "Normal", "Good", "Very Good", "Great"]
GAME_LEVELS: tuple[GameLevel, ...] = get_args(GameLevel)
Hitting = Literal["HIT-", "HIT", "HIT+"]
HITTING: tuple[Hitting, ...] = get_args(Hitting)
Forecheck = Literal[1, 2, 3]
FORECHECK: tuple[Forecheck, ...] = get_args(Forecheck)
Officiating = Literal["CALL IT TIGHT", "NORMAL", "LET THEM PLAY"]
OFFICIATING: tuple[Officiating, ...] = get_args(Officiating)
Zone = Literal["neutral", "home end", "visitor end"]  # the end is the team's defensive zone

PERIODS = 3
STEPS_PER_PERIOD = 40  # 20:00 in :30 timing sequences (seed L170)
STEP_SECONDS = 30
BOX_STATS = ("goals", "shots", "saves", "hits", "penalties")


def other(side: TeamSide) -> TeamSide:
    return "home" if side == "visitor" else "visitor"


@dataclass(frozen=True)
class ForwardLine:
    lw: Skater
    c: Skater
    rw: Skater


@dataclass(frozen=True)
class Pair:
    ld: Skater
    rd: Skater


@dataclass(frozen=True)
class Unit:
    """What a coach sends out at a stoppage: a forward line (1-4) and a defence pair (1-3)."""

    line: int
    pair: int


@dataclass(frozen=True)
class Lineup:
    """A club's dressed team: four forward lines, three defence pairs and its starting goalie
    (seed L53-61)."""

    team_id: str
    lines: tuple[ForwardLine, ...]
    pairs: tuple[Pair, ...]
    goalie: Goalie

    @classmethod
    def of(cls, model: Rinkside, team_id: str) -> Lineup:
        by_place = {(s.position, s.unit): s for s in model.roster(team_id)}
        lines = tuple(
            ForwardLine(by_place["LW", n], by_place["C", n], by_place["RW", n])
            for n in (1, 2, 3, 4)
        )
        pairs = tuple(Pair(by_place["LD", n], by_place["RD", n]) for n in (1, 2, 3))
        starter = next(g for g in model.goalies.values() if g.team_id == team_id and g.depth == 1)
        return cls(team_id, lines, pairs, starter)

    def without(self, out: Skater) -> Lineup:
        """The line-up with `out` gone for the game: each place of his is taken by the
        skater at his position one line (pair) down, or up from the 4th line or 3rd pair,
        who then plays both shifts. The season's rule for a suspended player
        (`season.with_sitting`), here on a game's line-up."""
        attribute = out.position.lower()
        if attribute in ("ld", "rd"):
            column = stood_in([getattr(pair, attribute) for pair in self.pairs], out)
            pairs = (replace(p, **{attribute: s}) for p, s in zip(self.pairs, column, strict=True))
            return replace(self, pairs=tuple(pairs))
        column = stood_in([getattr(line, attribute) for line in self.lines], out)
        lines = (replace(f, **{attribute: s}) for f, s in zip(self.lines, column, strict=True))
        return replace(self, lines=tuple(lines))

    def with_backup(self, model: Rinkside) -> Lineup:
        """The line-up with the club's backup goalie in net (unchanged if it has none)."""
        backup = next(
            (g for g in model.goalies.values() if g.team_id == self.team_id and g.depth == 2),
            self.goalie,
        )
        return replace(self, goalie=backup)

    def units(self) -> tuple[Unit, ...]:
        """Every line and pair the coach may send out together."""
        return tuple(
            Unit(line, pair)
            for line in range(1, len(self.lines) + 1)
            for pair in range(1, len(self.pairs) + 1)
        )


def stood_in(column: list[Skater], out: Skater) -> list[Skater]:
    """One position's skaters line by line with `out`'s places taken by the next one down
    (up from the last)."""
    for place, skater in enumerate(column):
        if skater == out:
            column[place] = column[place + 1 if place + 1 < len(column) else place - 1]
    return column


@dataclass
class TeamState:
    """One team during a game: who is on the ice and the levels and strategies that its
    coach or the cards set."""

    lineup: Lineup
    on_ice: Unit = Unit(1, 1)
    goalie_level: GameLevel = "Normal"
    hitting: Hitting = "HIT"
    forecheck: Forecheck = 2
    momentum: int = 0
    goalie_pulled: bool = False  # an extra skater for the goalie: the net is empty (L1345)
    offense_bonus: int = 0  # +3 at 5-on-3, 4-on-4 or with the goalie pulled (L1142-L1144, L1345)

    @property
    def line(self) -> ForwardLine:
        return self.lineup.lines[self.on_ice.line - 1]

    @property
    def pair(self) -> Pair:
        return self.lineup.pairs[self.on_ice.pair - 1]

    def skaters(self) -> tuple[Skater, ...]:
        """The five skaters on the ice: LW, C, RW, LD, RD."""
        line, pair = self.line, self.pair
        return (line.lw, line.c, line.rw, pair.ld, pair.rd)

    def at(self, position: str) -> Skater:
        """The skater on the ice playing `position` (LW, C, RW, LD or RD), as the cards'
        locators name him."""
        return dict(zip(("LW", "C", "RW", "LD", "RD"), self.skaters(), strict=True))[position]


@dataclass
class GameState:
    """A game from the pre-game skate to the end of the 3rd period."""

    home: TeamState
    visitor: TeamState
    period: int = 1
    steps: int = 0  # :30 timing sequences marked in this period
    zone: Zone = "neutral"
    final: bool = False
    officiating: Officiating = "NORMAL"
    enforcers_fight: bool = False  # the enforcers fight the first time both are on (L136)
    dirty_level: int = 0  # dirty-play level, 0-7 (L1188)
    chippiness: int = 0
    intensity: str = INTENSITIES[0]
    meter_full: bool = False  # the chippiness meter stays full until a fight empties it (L1160)
    power_play_timing: bool = False  # a power play is on: only L1048-L1062's events mark [T]
    box: Counter[tuple[TeamSide, str, int]] = field(default_factory=Counter)
    plays: list[str] = field(default_factory=list)

    @classmethod
    def new(cls, model: Rinkside, home: str, visitor: str) -> GameState:
        return cls(TeamState(Lineup.of(model, home)), TeamState(Lineup.of(model, visitor)))

    def team(self, side: TeamSide) -> TeamState:
        return self.home if side == "home" else self.visitor

    def log(self, text: str) -> None:
        self.plays.append(f"P{self.period} {self.clock} {text}")

    # The clock.

    @property
    def clock(self) -> str:
        """The time left in the period as the scoreboard shows it, "20:00" to "0:00"."""
        left = (STEPS_PER_PERIOD - self.steps) * STEP_SECONDS
        return f"{left // 60}:{left % 60:02d}"

    @property
    def time_up(self) -> bool:
        return self.steps >= STEPS_PER_PERIOD

    def mark_time(self) -> None:
        """[T]: move the timing pawn one :30 step; with no time left the mark is ignored."""
        if not self.time_up:
            self.steps += 1

    def mark_event(self, *, even: bool, power_play: bool) -> None:
        """[T] for an event the seed marks at even strength (`even`, L172-L190) or on a
        power play (`power_play`, L1048-L1062: only those), whichever is being played."""
        if power_play if self.power_play_timing else even:
            self.mark_time()

    def end_period(self) -> bool:
        """End the period if its time is up and the puck is out of both defensive zones
        (L170: what would end it is ignored until the zone is cleared); True if it ended."""
        if not self.time_up or self.zone != "neutral" or self.final:
            return False
        self.log(f"end of period {self.period}")
        if self.period == PERIODS:
            self.final = True
        else:
            self.period += 1
            self.steps = 0
        return True

    # The box score.

    def count(self, side: TeamSide, stat: str, amount: int = 1) -> None:
        """Add to a team's tally of `stat` (goals, shots, saves, hits, penalties) this period."""
        if stat not in BOX_STATS:
            raise KeyError(f"no box-score column {stat!r}")
        self.box[side, stat, self.period] += amount

    def total(self, side: TeamSide, stat: str) -> int:
        return sum(self.box[side, stat, period] for period in range(1, PERIODS + 1))

    @property
    def score(self) -> tuple[int, int]:
        """(visitor, home) goals, as a scoreboard reads."""
        return self.total("visitor", "goals"), self.total("home", "goals")

    def lead(self, side: TeamSide) -> int:
        """Goals `side` leads by, negative when behind."""
        return self.total(side, "goals") - self.total(other(side), "goals")
