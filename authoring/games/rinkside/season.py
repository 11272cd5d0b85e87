"""RINKSIDE HOCKEY's season: the league's schedule with its back-to-backs, every game played
by `game.play_game` in schedule order, the league discipline office's suspensions carried
to the next games, and one season's tallies as a small summary that K seasons add up in
run order (README §11.12).

The schedule is 82 games a club, 41 at home: six double round robins (84) with the last
one short of one round in each leg, so each club meets one opponent ten times and the
others twelve. A round is a day on which all eight clubs play; rounds are two days apart
except that every fourth round follows the one before the next day, a back-to-back for
every club.

`play_game` takes a model, two club ids, a generator and the coaches; what a season changes
about a game it changes in the model handed to it: the starting dirty-play level of L1188
(a back-to-back after a BOILING game) as a rivalry entry put first, and a suspended player's
place as a line-up whose next skater at his position plays both shifts. What a season needs
from a game and `GameRecord` does not carry (each skater's shots on goal, who was given a
game misconduct, a match penalty or fought in a brawl, whether the game reached BOILING) is
read from its play-by-play."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace

from authoring.games.rinkside.draws import Draw, DrawPile
from authoring.games.rinkside.fights import discipline
from authoring.games.rinkside.game import GameRecord, play_game
from authoring.games.rinkside.model import Rinkside, Rivalry
from authoring.games.rinkside.policy import ByTheBook
from authoring.games.rinkside.state import PERIODS, SIDES, TeamSide, other
from authoring.simulation import run_rng

DOUBLE_ROUND_ROBINS = 6
ROUNDS_SHORT = 1  # rounds left out of each leg of the last double round robin
BACK_TO_BACK_EVERY = 4  # every fourth round is played the day after the one before
BOILING = "BOILING"
BACK_TO_BACK_LEVEL = 3  # L1188: the 2nd game of a back-to-back after a BOILING game
# Penalties that send a player to the league discipline office (L1252-L1257).
DISCIPLINE_PENALTIES = ("match", "game misconduct", "major and game misconduct")
# The league per team-game figures, as GameRecord's stat columns.
TEAM_STATS = ("goals", "shots", "saves", "pp_goals", "pp_chances", "penalties", "hits", "fights")

_STAMP = r"P(\d) (\d+:\d\d) "
_SHOT = re.compile(
    _STAMP
    + r"(?:(?P<shooter>.+) (?:shoots \(\w+\): |shoots from centre ice: |on a breakaway: )"
    + r"(?:saved|goal)|(?P<scorer>.+) scores from centre ice$)"
)
_SEVERE = re.compile(_STAMP + r"(.+): (" + "|".join(DISCIPLINE_PENALTIES) + "), ")
_THIRD_MAN = re.compile(_STAMP + r"(.+) joins the fight$")
_FIGHT = re.compile(_STAMP + r"fight: (.+) and (.+), ")


@dataclass(frozen=True)
class Fixture:
    """One scheduled game: its day, the clubs, and which of them play the second game of a
    back-to-back (their previous game was the day before)."""

    number: int
    day: int
    home: str
    visitor: str
    back_to_back: tuple[str, ...] = ()


def schedule(clubs: Iterable[str]) -> tuple[Fixture, ...]:
    """The season's games in the order they are played (README §11.12)."""
    teams = list(clubs)
    if len(teams) % 2:
        raise ValueError("a schedule of round robins needs an even number of clubs")
    rounds = circle_rounds(teams)
    legs: list[list[tuple[str, str]]] = []
    for robin in range(DOUBLE_ROUND_ROBINS):
        short = ROUNDS_SHORT if robin == DOUBLE_ROUND_ROBINS - 1 else 0
        first = rounds[short:]
        # Home and away alternate between robins so a club's home games are spread.
        if robin % 2:
            first = [[(visitor, home) for home, visitor in games] for games in first]
        legs += first
        legs += [[(visitor, home) for home, visitor in games] for games in first]
    fixtures: list[Fixture] = []
    last_played: dict[str, int] = {}
    day = 0
    for number, games in enumerate(legs):
        day += 1 if number % BACK_TO_BACK_EVERY == BACK_TO_BACK_EVERY - 1 else 2
        for home, visitor in games:
            tired = tuple(club for club in (home, visitor) if last_played.get(club) == day - 1)
            fixtures.append(Fixture(len(fixtures), day, home, visitor, tired))
        for home, visitor in games:
            last_played[home] = last_played[visitor] = day
    return tuple(fixtures)


def circle_rounds(teams: list[str]) -> list[list[tuple[str, str]]]:
    """A single round robin by the circle method: the first club stays, the others turn;
    each round's (home, visitor) pairs, home alternating so each club is home about half."""
    n = len(teams)
    ring = teams[1:]
    rounds = []
    for turn in range(n - 1):
        order = [teams[0], *ring[turn:], *ring[:turn]]
        pairs = [(order[i], order[n - 1 - i]) for i in range(n // 2)]
        rounds.append([(a, b) if (turn + i) % 2 else (b, a) for i, (a, b) in enumerate(pairs)])
    return rounds


# Suspensions.


def suspension_games(ruling: str, rng: random.Random) -> int:
    """Games a discipline ruling sits a player out: "none" 0, "1 game" 1, "2 to 3 games" a
    number from 2 to 3 drawn by the league office's generator."""
    numbers = [int(n) for n in re.findall(r"\d+", ruling)]
    if not numbers:
        return 0
    return rng.randint(numbers[0], numbers[-1])


def with_sitting(model: Rinkside, sitting: Iterable[str]) -> Rinkside:
    """`model` with each sitting skater's place in his club's line-up taken by the next
    skater at his position (the line below; for the last line or pair the one above), who
    plays both shifts."""
    skaters = dict(model.skaters)
    for skater_id in sitting:
        out = skaters.pop(skater_id)
        same = {
            s.unit: s
            for s in skaters.values()
            if s.team_id == out.team_id and s.position == out.position
        }
        below = [unit for unit in sorted(same) if unit > out.unit]
        above = [unit for unit in sorted(same, reverse=True) if unit < out.unit]
        stand_in = same[(below or above)[0]]
        skaters[f"{skater_id}~{stand_in.skater_id}"] = replace(stand_in, unit=out.unit)
    return replace(model, skaters=skaters)


def with_dirty_start(model: Rinkside, home: str, visitor: str, level: int) -> Rinkside:
    """`model` whose game between the clubs starts at dirty-play level `level` (L1188)."""
    rivalry = Rivalry(frozenset((home, visitor)), level, "back-to-back after a BOILING game")
    return replace(model, rivalries=(rivalry, *model.rivalries))


# Reading a game.


def shots_by(record: GameRecord) -> Counter[str]:
    """Each shooter's shots on goal (saved or scored), by name, from the play-by-play."""
    return Counter(
        m.group("shooter") or m.group("scorer") for play in record.plays if (m := _SHOT.match(play))
    )


def before_discipline(record: GameRecord) -> list[str]:
    """The players (by name, in play order) the discipline office rules on after this game:
    a match penalty, a game misconduct (alone or with a major), the third man in a fight
    (his game misconduct), and each fighter of a brawl (two fights or more at one time)."""
    named: list[str] = []
    fights_at: dict[str, list[str]] = {}
    for play in record.plays:
        if m := _SEVERE.match(play) or _THIRD_MAN.match(play):
            named.append(m.group(3))
        elif m := _FIGHT.match(play):
            fights_at.setdefault(f"{m.group(1)} {m.group(2)}", []).extend(m.group(3, 4))
    for fighters in fights_at.values():
        if len(fighters) > 2:
            named += fighters
    return list(dict.fromkeys(named))


def boiled(record: GameRecord) -> bool:
    return any(play.endswith(f"intensity rises to {BOILING}") for play in record.plays)


# One season.


@dataclass(frozen=True)
class SeasonSummary:
    """One season's tallies, small to send back from a worker: each club's record, the
    league's per team-game sums (and sums of squares, for intervals), each player's season,
    and the suspensions given (skater id, games)."""

    standings: tuple[tuple[str, int, int, int, int, int], ...]  # club, W, L, T, GF, GA
    team_games: int
    sums: tuple[tuple[str, int, int], ...]  # stat, sum, sum of squares over team-games
    periods: int
    deck: tuple[tuple[str, int, int], ...]  # draws/reshuffles: sum, sum of squares a period
    skaters: tuple[tuple[str, int, int, int, int], ...]  # id, GP, G, A, shots
    goalies: tuple[tuple[str, int, int, int], ...]  # id, GP, SA, SV
    suspensions: tuple[tuple[str, int], ...]
    served: int


@dataclass
class Season:
    """A season being played: the schedule's fixtures in order, each club's last game's
    intensity, and suspensions still to serve."""

    model: Rinkside
    rng: random.Random
    office: Callable[[], Draw]  # the league discipline office's own deck
    to_serve: Counter[str] = field(default_factory=Counter)
    boiling: dict[str, int] = field(default_factory=dict)  # club: day of its BOILING game
    records: list[tuple[Fixture, GameRecord, tuple[str, ...]]] = field(default_factory=list)
    rulings: list[tuple[str, int]] = field(default_factory=list)
    served: int = 0

    @classmethod
    def new(cls, model: Rinkside, seed: int, run: int) -> Season:
        rng = run_rng(seed, run)
        office = DrawPile(model.cards, random.Random(rng.getrandbits(64)))
        return cls(model, rng, office.draw)

    def dirty_start(self, fixture: Fixture) -> int:
        """L1188: a club's second game of a back-to-back whose first reached BOILING starts
        at level 3, else the rivalry's level."""
        after_boiling = any(
            self.boiling.get(club) == fixture.day - 1 for club in fixture.back_to_back
        )
        rivals = self.model.rivalry(fixture.home, fixture.visitor)
        return max(rivals, BACK_TO_BACK_LEVEL) if after_boiling else rivals

    def play(self, fixture: Fixture) -> GameRecord:
        model = self.model
        clubs = (fixture.home, fixture.visitor)
        sitting = tuple(
            skater_id
            for skater_id in sorted(self.to_serve)
            if self.to_serve[skater_id] > 0 and model.skaters[skater_id].team_id in clubs
        )
        level = self.dirty_start(fixture)
        played = with_sitting(model, sitting) if sitting else model
        if level != model.rivalry(fixture.home, fixture.visitor):
            played = with_dirty_start(played, fixture.home, fixture.visitor, level)
        game_rng = random.Random(self.rng.getrandbits(64))
        coaches = {side: ByTheBook() for side in SIDES}
        record = play_game(played, fixture.home, fixture.visitor, game_rng, coaches)
        for skater_id in sitting:
            self.to_serve[skater_id] -= 1
            self.served += 1
        if boiled(record):
            for club in clubs:
                self.boiling[club] = fixture.day
        self.rule_on(record, clubs)
        self.records.append((fixture, record, sitting))
        return record

    def rule_on(self, record: GameRecord, clubs: tuple[str, str]) -> None:
        """The discipline office (L1252-L1259): one draw of its deck for each player sent
        to it; a suspension is served in his club's next games."""
        by_name = {s.name: s for s in self.model.skaters.values() if s.team_id in clubs}
        for name in before_discipline(record):
            player = by_name.get(name)
            if player is None:
                continue  # a goalie in a full brawl: the discipline table rates skaters
            ruling = discipline(self.model, player, self.office())
            games = suspension_games(ruling, self.rng)
            if games:
                self.to_serve[player.skater_id] += games
                self.rulings.append((player.skater_id, games))

    def summary(self) -> SeasonSummary:
        return summarise(self.model, self.records, self.rulings, self.served)


def play_season(model: Rinkside, seed: int, run: int, rounds: int | None = None) -> Season:
    """Season `run` of `seed`: the schedule's first `rounds` rounds (all without it)."""
    season = Season.new(model, seed, run)
    fixtures = schedule(model.teams)
    per_round = len(model.teams) // 2
    for fixture in fixtures[: None if rounds is None else rounds * per_round]:
        season.play(fixture)
    return season


def one_season(model: Rinkside, seed: int, rounds: int | None, run: int) -> SeasonSummary:
    return play_season(model, seed, run, rounds).summary()


def summarise(
    model: Rinkside,
    records: list[tuple[Fixture, GameRecord, tuple[str, ...]]],
    rulings: list[tuple[str, int]],
    served: int,
) -> SeasonSummary:
    table: dict[str, Counter[str]] = {club: Counter() for club in model.teams}
    sums: Counter[str] = Counter()
    squares: Counter[str] = Counter()
    deck: Counter[str] = Counter()
    deck_squares: Counter[str] = Counter()
    skaters: dict[str, Counter[str]] = {s: Counter() for s in model.skaters}
    goalies: dict[str, Counter[str]] = {
        g.goalie_id: Counter() for g in model.goalies.values() if g.depth == 1
    }
    starter = {g.team_id: g.goalie_id for g in model.goalies.values() if g.depth == 1}
    for fixture, record, sitting in records:
        club_of: Mapping[TeamSide, str] = {"home": fixture.home, "visitor": fixture.visitor}
        by_name = {
            s.name: s.skater_id for s in model.skaters.values() if s.team_id in club_of.values()
        }
        for side in SIDES:
            mine, theirs = side, other(side)
            club = club_of[side]
            scored, allowed = record.stat(mine, "goals"), record.stat(theirs, "goals")
            outcome = "W" if scored > allowed else "L" if scored < allowed else "T"
            table[club].update({outcome: 1, "GF": scored, "GA": allowed})
            for stat in TEAM_STATS:
                value = record.stat(mine, stat)
                sums[stat] += value
                squares[stat] += value * value
            goalie = goalies[starter[club]]
            goalie.update({"GP": 1, "SA": record.stat(theirs, "shots")})
            goalie["SV"] += record.stat(mine, "saves")
            for skater in model.roster(club):
                if skater.skater_id not in sitting:
                    skaters[skater.skater_id]["GP"] += 1
        for count, per_period in (("draws", record.draws), ("reshuffles", record.reshuffles)):
            for value in per_period:
                deck[count] += value
                deck_squares[count] += value * value
        for play in record.scoring:
            if play.scorer in by_name:  # not a goalie's own goal
                skaters[by_name[play.scorer]]["G"] += 1
            for helper in play.assists:
                if helper in by_name:
                    skaters[by_name[helper]]["A"] += 1
        for name, shots in shots_by(record).items():
            if name in by_name:
                skaters[by_name[name]]["S"] += shots
    return SeasonSummary(
        standings=tuple(
            (club, t["W"], t["L"], t["T"], t["GF"], t["GA"]) for club, t in table.items()
        ),
        team_games=2 * len(records),
        sums=tuple((stat, sums[stat], squares[stat]) for stat in TEAM_STATS),
        periods=len(records) * PERIODS,
        deck=tuple((count, deck[count], deck_squares[count]) for count in ("draws", "reshuffles")),
        skaters=tuple((s, c["GP"], c["G"], c["A"], c["S"]) for s, c in skaters.items()),
        goalies=tuple((g, c["GP"], c["SA"], c["SV"]) for g, c in goalies.items()),
        suspensions=tuple(rulings),
        served=served,
    )
