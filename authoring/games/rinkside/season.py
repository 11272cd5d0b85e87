"""RINKSIDE HOCKEY's season: the league's schedule with its back-to-backs, every game played
by `game.play_game` in schedule order, the league discipline office's suspensions and the
injuries' lengths carried to the next games, goalie starts, and one season's tallies as a
small summary that K seasons add up in run order (README §11.12).

The schedule is 82 games a club, 41 at home: six double round robins (84) with the last
one short of one round in each leg, so each club meets one opponent ten times and the
others twelve. A round is a day on which all eight clubs play; rounds are two days apart
except that every fourth round follows the one before the next day, a back-to-back for
every club.

What a season decides about a game it hands to `play_game`: the starting dirty-play level
of L1188 (a back-to-back after a BOILING game), the players sitting out (suspended or
hurt) and each club's starting goalie (its coach's answer). What it needs back it reads
from the `GameRecord`: each player's line, the hottest intensity, the players sent to the
discipline office and the players hurt."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from authoring.games.rinkside.draws import Draw, DrawPile
from authoring.games.rinkside.fights import discipline
from authoring.games.rinkside.game import GameRecord, play_game
from authoring.games.rinkside.model import Goalie, Rinkside
from authoring.games.rinkside.policy import Coach, ask_starting_goalie, club_coach
from authoring.games.rinkside.state import PERIODS, SIDES, TeamSide, other
from authoring.simulation import run_rng

DOUBLE_ROUND_ROBINS = 6
ROUNDS_SHORT = 1  # rounds left out of each leg of the last double round robin
BACK_TO_BACK_EVERY = 4  # every fourth round is played the day after the one before
BOILING = "BOILING"
BACK_TO_BACK_LEVEL = 3  # L1188: the 2nd game of a back-to-back after a BOILING game
# The league per team-game figures, as GameRecord's stat columns.
TEAM_STATS = ("goals", "shots", "saves", "pp_goals", "pp_chances", "penalties", "hits", "fights")
# A team's penalties that gave the other side no power play (coincidental minors, its own
# penalties on a power play, a drawn retaliation's roughing, the fights' majors): its
# penalties less the other side's power-play chances, kept per team-game for its spread.
WITHOUT_POWER_PLAY = "penalties_without_pp"


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


# Suspensions and injuries.


def games_out(length: str, rng: random.Random) -> int:
    """Games a discipline ruling or an injury keeps a player out: "none", "one shift" or
    "rest of the game" 0, "1 game" 1, "2 to 3 games" a number from 2 to 3 drawn by the
    season's generator."""
    numbers = [int(n) for n in re.findall(r"\d+", length)]
    if not numbers:
        return 0
    return rng.randint(numbers[0], numbers[-1])


# One season.


@dataclass(frozen=True)
class SeasonSummary:
    """One season's tallies, small to send back from a worker: each club's record, the
    league's per team-game sums (and sums of squares, for intervals), each player's season,
    the suspensions given (skater id, games) and the injuries (player id, InjuryLength's
    text, games out)."""

    standings: tuple[tuple[str, int, int, int, int, int], ...]  # club, W, L, T, GF, GA
    team_games: int
    sums: tuple[tuple[str, int, int], ...]  # stat, sum, sum of squares over team-games
    periods: int
    deck: tuple[tuple[str, int, int], ...]  # draws/reshuffles: sum, sum of squares a period
    # id, GP, G, A, shots, then the sums over games of a game's G², P² and shots² (for the
    # spread of a player's count, which rebounds and power plays make wider than Poisson's)
    skaters: tuple[tuple[str, int, int, int, int, int, int, int], ...]
    goalies: tuple[tuple[str, int, int, int], ...]  # id, GP, SA, SV
    suspensions: tuple[tuple[str, int], ...]
    served: int
    goalie_starts: tuple[tuple[str, int], ...] = ()  # id, GS
    injuries: tuple[tuple[str, str, int], ...] = ()
    missed: int = 0  # player-games missed through injury


@dataclass(frozen=True)
class Played:
    """A game of the season as the summary needs it: the fixture, its record, who sat
    out, and each club's starting goalie."""

    fixture: Fixture
    record: GameRecord
    sitting: frozenset[str]
    starters: tuple[str, str]  # home, visitor goalie ids


@dataclass
class Season:
    """A season being played: the schedule's fixtures in order, each club's last game's
    intensity, the games players still sit out (suspended or hurt), the clubs' coaches."""

    model: Rinkside
    rng: random.Random
    office: Callable[[], Draw]  # the league discipline office's own deck
    coaches: Mapping[str, Coach]  # by club
    to_serve: Counter[str] = field(default_factory=Counter)  # suspensions, in games
    hurt: Counter[str] = field(default_factory=Counter)  # injuries, in games
    boiling: dict[str, int] = field(default_factory=dict)  # club: day of its BOILING game
    games: list[Played] = field(default_factory=list)
    rulings: list[tuple[str, int]] = field(default_factory=list)
    injuries: list[tuple[str, str, int]] = field(default_factory=list)
    served: int = 0
    missed: int = 0

    @classmethod
    def new(
        cls, model: Rinkside, seed: int, run: int, random_clubs: frozenset[str] = frozenset()
    ) -> Season:
        rng = run_rng(seed, run)
        office = DrawPile(model.cards, random.Random(rng.getrandbits(64)))
        coaches = {club: club_coach(club, random_clubs, seed, run) for club in model.teams}
        return cls(model, rng, office.draw, coaches)

    def dirty_start(self, fixture: Fixture) -> int:
        """L1188: a club's second game of a back-to-back whose first reached BOILING starts
        at level 3, else the rivalry's level."""
        after_boiling = any(
            self.boiling.get(club) == fixture.day - 1 for club in fixture.back_to_back
        )
        rivals = self.model.rivalry(fixture.home, fixture.visitor)
        return max(rivals, BACK_TO_BACK_LEVEL) if after_boiling else rivals

    def out(self, club: str) -> frozenset[str]:
        """The club's players (skaters and goalies) sitting its next game."""
        return frozenset(
            player
            for player, games in (self.to_serve + self.hurt).items()
            if games > 0 and self.club_of(player) == club
        )

    def club_of(self, player: str) -> str:
        model = self.model
        found = model.skaters.get(player) or model.goalies[player]
        return found.team_id

    def starting_goalie(self, fixture: Fixture, club: str) -> Goalie:
        """The club's coach picks from its goalies not hurt (all of them if none is fit),
        the starter first."""
        goalies = sorted(
            (g for g in self.model.goalies.values() if g.team_id == club), key=lambda g: g.depth
        )
        fit = [g for g in goalies if self.hurt[g.goalie_id] <= 0] or goalies
        return ask_starting_goalie(self.coaches[club], club, club in fixture.back_to_back, fit)

    def play(self, fixture: Fixture) -> GameRecord:
        model = self.model
        clubs = (fixture.home, fixture.visitor)
        out = self.out(fixture.home) | self.out(fixture.visitor)
        sitting = frozenset(player for player in out if player in model.skaters)
        starters = tuple(self.starting_goalie(fixture, club).goalie_id for club in clubs)
        level = self.dirty_start(fixture)
        rivals = model.rivalry(fixture.home, fixture.visitor)
        game_rng = random.Random(self.rng.getrandbits(64))
        record = play_game(
            model,
            fixture.home,
            fixture.visitor,
            game_rng,
            {"home": self.coaches[fixture.home], "visitor": self.coaches[fixture.visitor]},
            dirty_start=None if level == rivals else level,
            sitting=sitting,
            starting_goalies={"home": starters[0], "visitor": starters[1]},
        )
        for player in sorted(out):  # a suspension and an injury run side by side
            if self.to_serve[player] > 0:
                self.to_serve[player] -= 1
                self.served += 1
            if self.hurt[player] > 0:
                self.hurt[player] -= 1
                self.missed += 1
        if record.peak_intensity == BOILING:
            for club in clubs:
                self.boiling[club] = fixture.day
        self.rule_on(record)
        self.carry_injuries(record)
        self.games.append(Played(fixture, record, sitting, (starters[0], starters[1])))
        return record

    def rule_on(self, record: GameRecord) -> None:
        """The discipline office (L1252-L1259): one draw of its deck for each skater the
        game sent to it (once however many times); a suspension is served in his club's
        next games."""
        for skater_id in dict.fromkeys(player for player, _ in record.discipline):
            player = self.model.skaters.get(skater_id)
            if player is None:
                continue  # a goalie in a full brawl: the discipline table rates skaters
            ruling = discipline(self.model, player, self.office())
            games = games_out(ruling, self.rng)
            if games:
                self.to_serve[skater_id] += games
                self.rulings.append((skater_id, games))

    def carry_injuries(self, record: GameRecord) -> None:
        """L1323: an injury's length (InjuryLength) beyond the game ("1 to 3 games", "4 to 10
        games" ...) is a number of games in the range he misses, from the season's
        generator; one that ends within the game costs none."""
        for player, length in record.injuries:
            games = games_out(length, self.rng)
            self.hurt[player] += games
            self.injuries.append((player, length, games))

    def summary(self) -> SeasonSummary:
        return summarise(self)


def play_season(
    model: Rinkside,
    seed: int,
    run: int,
    rounds: int | None = None,
    random_clubs: frozenset[str] = frozenset(),
) -> Season:
    """Season `run` of `seed`: the schedule's first `rounds` rounds (all without it), the
    clubs in `random_clubs` coached at random."""
    season = Season.new(model, seed, run, random_clubs)
    fixtures = schedule(model.teams)
    per_round = len(model.teams) // 2
    for fixture in fixtures[: None if rounds is None else rounds * per_round]:
        season.play(fixture)
    return season


def one_season(
    model: Rinkside,
    seed: int,
    rounds: int | None,
    run: int,
    random_clubs: frozenset[str] = frozenset(),
) -> SeasonSummary:
    return play_season(model, seed, run, rounds, random_clubs).summary()


def summarise(season: Season) -> SeasonSummary:
    model = season.model
    table: dict[str, Counter[str]] = {club: Counter() for club in model.teams}
    sums: Counter[str] = Counter()
    squares: Counter[str] = Counter()
    deck: Counter[str] = Counter()
    deck_squares: Counter[str] = Counter()
    skaters: dict[str, Counter[str]] = {s: Counter() for s in model.skaters}
    goalies: dict[str, Counter[str]] = {g: Counter() for g in model.goalies}
    for played in season.games:
        fixture, record = played.fixture, played.record
        club_of: Mapping[TeamSide, str] = {"home": fixture.home, "visitor": fixture.visitor}
        for side in SIDES:
            mine, theirs = side, other(side)
            club = club_of[side]
            scored, allowed = record.stat(mine, "goals"), record.stat(theirs, "goals")
            outcome = "W" if scored > allowed else "L" if scored < allowed else "T"
            table[club].update({outcome: 1, "GF": scored, "GA": allowed})
            for stat, value in (
                *((stat, record.stat(mine, stat)) for stat in TEAM_STATS),
                (
                    WITHOUT_POWER_PLAY,
                    record.stat(mine, "penalties") - record.stat(theirs, "pp_chances"),
                ),
            ):
                sums[stat] += value
                squares[stat] += value * value
            for skater in model.roster(club):
                if skater.skater_id not in played.sitting:
                    skaters[skater.skater_id]["GP"] += 1
        for count, per_period in (("draws", record.draws), ("reshuffles", record.reshuffles)):
            for value in per_period:
                deck[count] += value
                deck_squares[count] += value * value
        for starter in played.starters:
            goalies[starter]["GS"] += 1
        in_net = set(played.starters)
        for line in record.lines:
            if line.player_id in skaters:
                points = line.goals + line.assists
                skaters[line.player_id].update(
                    {
                        "G": line.goals,
                        "A": line.assists,
                        "S": line.shots,
                        "G2": line.goals**2,
                        "P2": points**2,
                        "S2": line.shots**2,
                    }
                )
            elif line.seconds or line.shots_against:
                in_net.add(line.player_id)
                goalies[line.player_id].update({"SA": line.shots_against, "SV": line.saves})
        for goalie_id in in_net:
            goalies[goalie_id]["GP"] += 1
    return SeasonSummary(
        standings=tuple(
            (club, t["W"], t["L"], t["T"], t["GF"], t["GA"]) for club, t in table.items()
        ),
        team_games=2 * len(season.games),
        sums=tuple((stat, sums[stat], squares[stat]) for stat in (*TEAM_STATS, WITHOUT_POWER_PLAY)),
        periods=len(season.games) * PERIODS,
        deck=tuple((count, deck[count], deck_squares[count]) for count in ("draws", "reshuffles")),
        skaters=tuple(
            (s, c["GP"], c["G"], c["A"], c["S"], c["G2"], c["P2"], c["S2"])
            for s, c in skaters.items()
        ),
        goalies=tuple((g, c["GP"], c["SA"], c["SV"]) for g, c in goalies.items()),
        suspensions=tuple(season.rulings),
        served=season.served,
        goalie_starts=tuple((g, c["GS"]) for g, c in goalies.items()),
        injuries=tuple(season.injuries),
        missed=season.missed,
    )
