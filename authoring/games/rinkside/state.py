"""The state of one RINKSIDE HOCKEY game that the rules act on: both teams' line-ups and what
each has on the ice, the clock in :30 timing steps, the pre-game skate's results, the
game-wide levels later rules move, a box score by period and the play-by-play.

The line-ups are frozen values: one that changes during a game (an injury) is replaced by a
new one. The game itself is one small mutable object with a method per change, because a
game is some 600 draws, each moving a field or two; copying a frozen state at every draw
would cost more than it protects, and only the engine writes to it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
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
PLACES = ("LW", "C", "RW", "LD", "RD")
COVER = "C"  # who plays a wing's place the box leaves empty (README §11.16)
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
    def of(cls, model: Rinkside, team_id: str, goalie_id: str | None = None) -> Lineup:
        """The club's line-up from its roster, the starter in net unless `goalie_id` names
        another of its goalies."""
        by_place = {(s.position, s.unit): s for s in model.roster(team_id)}
        lines = tuple(
            ForwardLine(by_place["LW", n], by_place["C", n], by_place["RW", n])
            for n in (1, 2, 3, 4)
        )
        pairs = tuple(Pair(by_place["LD", n], by_place["RD", n]) for n in (1, 2, 3))
        goalies = [g for g in model.goalies.values() if g.team_id == team_id]
        named = [g for g in goalies if (g.goalie_id == goalie_id if goalie_id else g.depth == 1)]
        if not named:
            raise ValueError(f"{goalie_id!r} is not a goalie of {team_id}")
        return cls(team_id, lines, pairs, named[0])

    def without(self, out: Skater) -> Lineup:
        """The line-up with `out` gone: each place of his is taken by the skater at his
        position one line (pair) down, or up from the 4th line or 3rd pair, who then plays
        both shifts. The one stand-in rule, for a player sitting a game (suspended or
        injured, README §11.12) and for a skater hurt during one (§11.13 step 8)."""
        attribute = out.position.lower()
        if attribute in ("ld", "rd"):
            column = stood_in([getattr(pair, attribute) for pair in self.pairs], out)
            pairs = (replace(p, **{attribute: s}) for p, s in zip(self.pairs, column, strict=True))
            return replace(self, pairs=tuple(pairs))
        column = stood_in([getattr(line, attribute) for line in self.lines], out)
        lines = (replace(f, **{attribute: s}) for f, s in zip(self.lines, column, strict=True))
        return replace(self, lines=tuple(lines))

    def with_backup(self, model: Rinkside) -> Lineup:
        """The line-up with the club's goalie on the bench in net (the backup for the
        starter, the starter for a backup who started; unchanged if it has one goalie)."""
        backup = next(
            (
                g
                for g in sorted(model.goalies.values(), key=lambda g: g.depth)
                if g.team_id == self.team_id and g != self.goalie
            ),
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
    """One position's skaters line by line with `out`'s places taken by the nearest other
    skater down the column (up from the bottom). A position with nobody else left keeps
    `out`: a club never dresses short of a position."""
    for place, skater in enumerate(column):
        if skater != out:
            continue
        below = [s for s in column[place + 1 :] if s != out]
        above = [s for s in reversed(column[:place]) if s != out]
        if below or above:
            column[place] = (below or above)[0]
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
    vacant: tuple[str, ...] = ()  # places the penalty box leaves empty (the loop keeps it)
    boxed: tuple[Skater, ...] = ()  # skaters in the box or thrown out: others take their shifts
    ice_time: Counter[str] = field(default_factory=Counter)  # :30 steps by "line 1" … "pair 3"
    on_since: int = 0  # the game's step when the unit on the ice went out

    def close_shift(self, now: int) -> None:
        """Credit the unit leaving the ice with the :30 steps since it went out."""
        self.ice_time[f"line {self.on_ice.line}"] += now - self.on_since
        self.ice_time[f"pair {self.on_ice.pair}"] += now - self.on_since
        self.on_since = now

    @property
    def line(self) -> ForwardLine:
        return self.lineup.lines[self.on_ice.line - 1]

    @property
    def pair(self) -> Pair:
        return self.lineup.pairs[self.on_ice.pair - 1]

    def skaters(self) -> tuple[Skater, ...]:
        """The skaters on the ice in LW, C, RW, LD, RD order: five, less the places the box
        leaves empty."""
        return tuple(self.placed(p) for p in PLACES if p not in self.vacant)

    def at(self, position: str) -> Skater:
        """The skater on the ice playing `position` (LW, C, RW, LD or RD), as the cards'
        locators name him; a place the box leaves empty is covered by the centre (README
        §11.16)."""
        return self.placed(COVER if position in self.vacant else position)

    def on_ice_at(self, position: str) -> Skater | None:
        """The skater playing `position`, None when the box leaves the place empty."""
        return None if position in self.vacant else self.placed(position)

    def placed(self, position: str) -> Skater:
        """The unit's skater at `position`; for one in the box, the next at his position a
        line (pair) down, then up from the last, who is not in the box himself (as
        `Lineup.without` stands a skater in)."""
        attribute = position.lower()
        defence = position in ("LD", "RD")
        units = self.lineup.pairs if defence else self.lineup.lines
        column: list[Skater] = [getattr(unit, attribute) for unit in units]
        index = (self.on_ice.pair if defence else self.on_ice.line) - 1
        if column[index] not in self.boxed:
            return column[index]
        order = column[index + 1 :] + column[:index][::-1]
        return next((s for s in order if s not in self.boxed), column[index])


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
    _intensity: str = INTENSITIES[0]
    peak_intensity: str = INTENSITIES[0]  # the hottest the game got (L1188: BOILING)
    meter_full: bool = False  # the chippiness meter stays full until a fight empties it (L1160)
    power_play_timing: bool = False  # a power play is on: only L1048-L1062's events mark [T]
    rush_play: bool = False  # a rush or the play after it: no even-strength [T] (L198, L973)
    box: Counter[tuple[TeamSide, str, int]] = field(default_factory=Counter)
    plays: list[str] = field(default_factory=list)

    @property
    def elapsed(self) -> int:
        """The :30 steps played in the game so far."""
        return (self.period - 1) * STEPS_PER_PERIOD + self.steps

    @classmethod
    def new(
        cls,
        model: Rinkside,
        home: str,
        visitor: str,
        *,
        sitting: frozenset[str] = frozenset(),
        goalies: Mapping[TeamSide, str] | None = None,
    ) -> GameState:
        """A game between the clubs, `sitting` (skater ids) out of their line-ups and each
        side's starting goalie from `goalies` (the club's starter when not given)."""
        clubs: dict[TeamSide, str] = {"home": home, "visitor": visitor}
        teams = {}
        for side, club in clubs.items():
            lineup = Lineup.of(model, club, (goalies or {}).get(side))
            for skater in model.roster(club):
                if skater.skater_id in sitting:
                    lineup = lineup.without(skater)
            teams[side] = TeamState(lineup)
        return cls(teams["home"], teams["visitor"])

    def team(self, side: TeamSide) -> TeamState:
        return self.home if side == "home" else self.visitor

    @property
    def intensity(self) -> str:
        """The game intensity tile (L1156); `peak_intensity` keeps the hottest it reached."""
        return self._intensity

    @intensity.setter
    def intensity(self, value: str) -> None:
        self._intensity = value
        if INTENSITIES.index(value) > INTENSITIES.index(self.peak_intensity):
            self.peak_intensity = value

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
        power play (`power_play`, L1048-L1062: only those), whichever is being played; at
        even strength none during rush play or the play after it (L198, L973)."""
        if self.power_play_timing:
            if power_play:
                self.mark_time()
        elif even and not self.rush_play:
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
