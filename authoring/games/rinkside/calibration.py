"""The calibration in `authoring check rinkside` (issue 14, README §11.15): K seeded seasons
of the whole league played by the engine, held against the league the stat lines describe.

- League figures a team-game (goals, shots on goal, save %, power-play chances and PP %,
  penalties, hits, fights) against the targets summed from SkaterStats and GoalieStats (one
  82-game season: its team-games are GoalieStats' games started), and reshuffles a period
  against the seed's "2 shuffles per period" (L85). Each side carries its sample size and
  95 % interval; z takes the sampling variance of both.
- Each skater's goals, shots on goal and points and each goalie's save %: the simulated rate
  scaled to his stat line (his GP; a goalie's shots against), z against the stat line with
  the sampling variance of both, and the share of players within |z| <= 2 against the 95 %
  goal.
- Every miss (|z| above Settings.z_threshold) is a warning naming what drives it: a player's
  card cells, or the sheets, columns and sections behind a league figure.

z is always simulated minus stat line, so a positive z means the engine gives more."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Literal

from authoring.findings import Finding, Location, Severity
from authoring.games.rinkside.derive import goalie_shots
from authoring.games.rinkside.model import Rinkside, StatLine
from authoring.games.rinkside.season import WITHOUT_POWER_PLAY, SeasonSummary, one_season
from authoring.report import Figures
from authoring.simulation import Z_95, Mean, Proportion, run_all

# Seasons `check rinkside` plays: a season is 8-12 s on one worker, so two keep the check
# near 10 s on two cores, and put the simulated side's variance at half the one real
# season's (a player's z spread by sqrt(1.5) rather than 1).
SEASONS = 2
# Seed L85: "The game averages 2 shuffles per period." A designed figure, not a sample.
RESHUFFLES_A_PERIOD = 2.0
RESHUFFLES_SOURCE = "seed L85: the game averages 2 shuffles per period"
# Issue 14: the share of players within |z| <= 2 should be at least 95 %.
WITHIN_Z = 2.0
WITHIN_GOAL = 0.95


# --- targets from the stat lines --------------------------------------------------------------


@dataclass(frozen=True)
class Target:
    """A league figure the stat lines imply. A mean a team-game (`count` summed over `n`
    team-games) or a share (`count` of `n`); `n` is None for a designed figure that no
    sample stands behind (reshuffles a period)."""

    figure: str
    kind: Literal["mean", "share"]
    value: float
    count: int
    n: int | None
    source: str


PENALTY_COLUMNS = ("pim_minor", "double_minors", "pim_major", "pim_misconduct")
# The penalties that gave no power play: the stat lines' penalties less their power plays
# (README §6.4 drew `penalties_drawn` as the power plays), the engine's `WITHOUT_POWER_PLAY`.
NO_POWER_PLAY = "penalties, no PP"
# Figure: the SkaterStats columns summed for it, over team-games (README §6.3, §6.4).
MEAN_COLUMNS: dict[str, tuple[str, ...]] = {
    "goals": ("g",),
    "shots": ("sog",),
    "PP chances": ("penalties_drawn",),
    "penalties": PENALTY_COLUMNS,
    "hits": ("hits",),
    # Both fighters are credited a fight, as the engine counts a fight for both clubs.
    "fights": ("fights",),
}
# The order the league table prints in.
FIGURES = (
    "goals", "shots", "save %", "PP chances", "PP %", "penalties", NO_POWER_PLAY, "hits", "fights",
)  # fmt: skip
RESHUFFLES = "reshuffles"


def _summed(lines: Iterable[StatLine], columns: Iterable[str]) -> int:
    wanted = tuple(columns)
    return sum(line[column] or 0 for line in lines for column in wanted)


def team_games(model: Rinkside) -> int:
    """The stat lines' team-games: every team-game has one starting goalie."""
    return _summed(model.goalie_stats.values(), ("gs",))


def league_targets(model: Rinkside) -> dict[str, Target]:
    """Each league figure the stat lines imply, with the sample it comes from."""
    games = team_games(model)
    skaters = model.skater_stats.values()
    targets: dict[str, Target] = {}
    for figure, columns in MEAN_COLUMNS.items():
        count = _summed(skaters, columns)
        targets[figure] = Target(
            figure,
            "mean",
            count / games if games else math.nan,
            count,
            games,
            f"SkaterStats {' + '.join(columns)} / GoalieStats gs",
        )
    saves = shots = 0
    for line in model.goalie_stats.values():
        saved, faced = goalie_shots(line)
        saves, shots = saves + saved, shots + faced
    targets["save %"] = Target(
        "save %", "share", saves / shots if shots else math.nan, saves, shots,
        "GoalieStats sv_* / sa_*",
    )  # fmt: skip
    unanswered = targets["penalties"].count - targets["PP chances"].count
    targets[NO_POWER_PLAY] = Target(
        NO_POWER_PLAY, "mean", unanswered / games if games else math.nan, unanswered, games,
        f"SkaterStats {' + '.join(PENALTY_COLUMNS)} - penalties_drawn / GoalieStats gs",
    )  # fmt: skip
    pp_goals = _summed(skaters, ("ppg",))
    chances = targets["PP chances"].count
    targets["PP %"] = Target(
        "PP %", "share", pp_goals / chances if chances else math.nan, pp_goals, chances,
        "SkaterStats ppg / penalties_drawn",
    )  # fmt: skip
    targets[RESHUFFLES] = Target(
        RESHUFFLES, "mean", RESHUFFLES_A_PERIOD, 0, None, RESHUFFLES_SOURCE
    )
    return {figure: targets[figure] for figure in (*FIGURES, RESHUFFLES)}


# --- what drives a miss ------------------------------------------------------------------------


@dataclass(frozen=True)
class Driver:
    """A sheet and one of its columns (a rating, a card section, a chart's results)."""

    sheet: str
    column: str

    def __str__(self) -> str:
        return f"{self.sheet} {self.column}"


def _drivers(sheet: str, *columns: str) -> tuple[Driver, ...]:
    return tuple(Driver(sheet, column) for column in columns)


# README §11.13 "What drives the miss", as data: a league figure off its target is moved by
# these sheets and columns (card sections by their PlayResultCards column).
REBOUNDS = (
    *_drivers("GoalieCards", "rebound_control", "easy_rebound", "diff_rebound"),
    Driver("T_ReboundControl", "result"),
)
RUSH_CHANCES = (
    *_drivers("PlayResultCards", "l_rush", "r_rush_off"),
    Driver("T_RushSplit", "result"),
)
TRIES = _drivers("SkaterCards", "quality_shot", "set_up", "offense")
LOOSE_PUCKS = (
    *_drivers("PlayResultCards", "l_zone", "r_zone_off", "r_zone_def", "l_scramble"),
    *_drivers("SkaterCards", "o_battle", "d_battle"),
)
CALLS = (
    *_drivers("SkaterCards", "draw_penalty", "commit_penalty"),
    Driver("T_OfficialCall", "result"),
    *_drivers("PlayResultCards", "l_call_tight", "l_call_normal", "l_call_ltp", "l_faceoff"),
    *_drivers("PlayResultCards", "l_hit_minus", "l_hit", "l_hit_plus"),
)
# The penalties that give no power play: scrums' coincidentals, the severe calls, the
# drawn retaliation, fights.
UNANSWERED = (
    Driver("CoincidentalRange", "hi"),
    *_drivers("ScrumChart", "result", "chippiness"),
    Driver("PlayResultCards", "r_after_whistle"),
    *_drivers("SkaterCards", "secondary_penalty", "agitator_enforcer"),
    Driver("SevereChart", "penalty"),
    Driver("FightResult", "result"),
    Driver("T_PenaltyConsequences", "power_plays"),
)
LEAGUE_DRIVERS: dict[str, tuple[Driver, ...]] = {
    "goals": (*REBOUNDS, *RUSH_CHANCES),
    "shots": (*TRIES, *LOOSE_PUCKS),
    "save %": (*REBOUNDS, *_drivers("GoalieCards", "easy_cover", "diff_cover"), *RUSH_CHANCES),
    "PP chances": CALLS,
    "PP %": (
        *_drivers("SkaterCards", "defense", "neutral"),
        Driver("T_PKForecheck", "result"),
    ),
    "penalties": (*CALLS, *UNANSWERED),
    NO_POWER_PLAY: UNANSWERED,
    "hits": (
        *_drivers("SkaterCards", "hit", "big_hit", "physical"),
        *_drivers("PlayResultCards", "l_hit_minus", "l_hit", "l_hit_plus", "r_physical"),
    ),
    "fights": (
        *_drivers("PlayResultCards", "r_after_whistle", "l_faceoff"),
        Driver("Settings", "chippiness_full"),
        Driver("ScrumChart", "chippiness"),
        Driver("FightCheck", "result"),
        Driver("SkaterCards", "agitator_enforcer"),
    ),
    RESHUFFLES: LOOSE_PUCKS,
}

# A player's stat off his line is moved by these card ratings (RatingUses names the rules
# reading each; README §7.1 derives them from the stat).
SKATER_DRIVERS: dict[str, tuple[str, ...]] = {
    "G": ("offense", "quality_shot", "hqs", "shot_target", "sniper", "pp_sniper", "sh_sniper"),
    "SOG": ("offense", "quality_shot", "set_up", "shot_target"),
    "P": ("offense", "quality_shot", "set_up", "hqs", "grade"),
}
GOALIE_DRIVERS = (
    "save_green", "save_blue", "save_black", "great_save", "rebound_control",
    "easy_cover", "easy_corner", "easy_rebound", "diff_cover", "diff_corner", "diff_rebound",
)  # fmt: skip
# The stat line's column each player stat is read from.
STAT_COLUMNS = {"G": "g", "SOG": "sog", "P": "g + a", "SV%": "sv_* / sa_*"}


# --- the seasons -------------------------------------------------------------------------------


def simulate(
    model: Rinkside,
    seed: int,
    *,
    workers: int = 1,
    seasons: int = SEASONS,
    rounds: int | None = None,
) -> list[SeasonSummary]:
    """Seasons 0 .. `seasons` - 1 of `seed`, in run order whatever `workers` is; `rounds`
    plays only the schedule's first rounds of each."""
    play = partial(one_season, model, seed, rounds)
    return list(run_all(play, seasons, workers=workers, label="calibration seasons"))


@dataclass(frozen=True)
class Tally:
    """The seasons added up in run order: the league's sums and squares a team-game (and
    a period, for the deck), each skater's and goalie's season."""

    sums: Counter[str]
    squares: Counter[str]
    team_games: int
    periods: int
    skaters: dict[str, Counter[str]]
    goalies: dict[str, Counter[str]]


def tally(summaries: Iterable[SeasonSummary]) -> Tally:
    sums: Counter[str] = Counter()
    squares: Counter[str] = Counter()
    skaters: dict[str, Counter[str]] = {}
    goalies: dict[str, Counter[str]] = {}
    games = periods = 0
    for summary in summaries:
        for stat, total, square in (*summary.sums, *summary.deck):
            sums[stat] += total
            squares[stat] += square
        games += summary.team_games
        periods += summary.periods
        for skater_id, gp, goals, assists, shots, goals2, points2, shots2 in summary.skaters:
            skaters.setdefault(skater_id, Counter()).update(
                {"GP": gp, "G": goals, "P": goals + assists, "SOG": shots}
                | {"G²": goals2, "P²": points2, "SOG²": shots2}
            )
        for goalie_id, gp, against, saved in (row[:4] for row in summary.goalies):
            goalies.setdefault(goalie_id, Counter()).update({"GP": gp, "SA": against, "SV": saved})
    return Tally(sums, squares, games, periods, skaters, goalies)


# --- z with both sampling variances ------------------------------------------------------------


def mean_of(tallied: Tally, stat: str, n: int) -> Mean:
    """The mean of `stat` over n team-games (periods) and its spread, from sum and squares."""
    total, squares = tallied.sums[stat], tallied.squares[stat]
    mean = total / n if n else math.nan
    spread = math.sqrt(max(0.0, (squares - n * mean * mean) / (n - 1))) if n > 1 else 0.0
    return Mean(mean, spread, n)


def mean_z(simulated: Mean, target: float, n: int | None) -> float:
    """(simulated - target) over the sampling spread of both means. The stat lines hold a
    season's totals, not its games, so the simulated team-games' spread stands for the real
    season's too (under the hypothesis tested, that both play one league); a designed
    target (`n` None) has no sampling spread."""
    variance = simulated.sd**2 / simulated.runs + (simulated.sd**2 / n if n else 0.0)
    return _ratio(simulated.value - target, variance)


def share_z(hits: int, n: int, target_hits: int, target_n: int) -> float:
    """(simulated share - stat-line share) over the binomial spread of both, their common
    share estimated from both samples pooled."""
    if not n or not target_n:
        return 0.0
    pooled = (hits + target_hits) / (n + target_n)
    variance = pooled * (1 - pooled) * (1 / n + 1 / target_n)
    return _ratio(hits / n - target_hits / target_n, variance)


def count_z(simulated: int, squares: int, simulated_games: int, actual: int, games: float) -> float:
    """A player's count: the simulated rate scaled to his stat line's `games`, less his
    stat line's, over the spread of both. A season's count is a sum of games, so its
    variance is `games` times a game's: a game's variance is its mean (the Poisson spread)
    times the dispersion the simulated games show (their variance over their mean: above 1
    for shots, which come in rebound clusters, below it for goals, rarely more than one a
    game), and the mean is the rate estimated from both samples pooled:
    Var = dispersion x rate x games x (1 + games / simulated games)."""
    if not simulated_games or not games:
        return 0.0
    expected = simulated / simulated_games * games
    rate = (simulated + actual) / (simulated_games + games)
    return _ratio(
        expected - actual,
        dispersion(simulated, squares, simulated_games)
        * rate
        * games
        * (1 + games / simulated_games),
    )


def dispersion(total: int, squares: int, games: int) -> float:
    """The variance of a game's count over its mean, from its sum and sum of squares over
    `games` games; 1 (Poisson's) where the games show no spread to measure."""
    mean = total / games
    if games < 2 or mean == 0:
        return 1.0
    variance = (squares - games * mean * mean) / (games - 1)
    return variance / mean if variance > 0 else 1.0


def _ratio(difference: float, variance: float) -> float:
    if variance > 0:
        return difference / math.sqrt(variance)
    return 0.0 if difference == 0 else math.copysign(math.inf, difference)


# --- league figures ----------------------------------------------------------------------------

# The engine's GameRecord stat for each mean, and (hits, trials) for each share.
SIMULATED_MEANS = {
    "goals": "goals",
    "shots": "shots",
    "PP chances": "pp_chances",
    "penalties": "penalties",
    NO_POWER_PLAY: WITHOUT_POWER_PLAY,
    "hits": "hits",
    "fights": "fights",
    RESHUFFLES: "reshuffles",
}
SIMULATED_SHARES = {"save %": ("saves", "shots"), "PP %": ("pp_goals", "pp_chances")}


@dataclass(frozen=True)
class LeagueFigure:
    target: Target
    simulated: Mean | Proportion
    z: float

    @property
    def target_interval(self) -> tuple[float, float]:
        t = self.target
        if t.n is None:
            return (t.value, t.value)
        if t.kind == "share":
            return Proportion(t.count, t.n).interval
        assert isinstance(self.simulated, Mean)
        half = Z_95 * self.simulated.sd / math.sqrt(t.n)
        return (t.value - half, t.value + half)


def league_figures(model: Rinkside, tallied: Tally) -> list[LeagueFigure]:
    figures = []
    for figure, target in league_targets(model).items():
        simulated: Mean | Proportion
        if figure in SIMULATED_SHARES:
            hits, trials = SIMULATED_SHARES[figure]
            simulated = Proportion(tallied.sums[hits], tallied.sums[trials])
            assert target.n is not None
            z = share_z(simulated.hits, simulated.runs, target.count, target.n)
        else:
            n = tallied.periods if figure == RESHUFFLES else tallied.team_games
            simulated = mean_of(tallied, SIMULATED_MEANS[figure], n)
            z = mean_z(simulated, target.value, target.n)
        figures.append(LeagueFigure(target, simulated, z))
    return figures


# --- players -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerFigure:
    """A player's stat: the simulated rate scaled to his stat line, the stat line's, z."""

    player_id: str
    stat: str  # G, SOG, P or SV%
    expected: float
    actual: float
    z: float


def skater_figures(model: Rinkside, tallied: Tally) -> list[PlayerFigure]:
    figures = []
    for skater_id, simulated in tallied.skaters.items():
        line = model.skater_stats.get(skater_id)
        gp = (line["gp"] or 0) if line is not None else 0
        if line is None or not gp or not simulated["GP"]:
            continue
        actual = {
            "G": line["g"] or 0,
            "SOG": line["sog"] or 0,
            "P": (line["g"] or 0) + (line["a"] or 0),
        }
        for stat in SKATER_DRIVERS:
            figures.append(
                PlayerFigure(
                    skater_id,
                    stat,
                    simulated[stat] / simulated["GP"] * gp,
                    actual[stat],
                    count_z(
                        simulated[stat], simulated[f"{stat}²"], simulated["GP"], actual[stat], gp
                    ),
                )
            )
    return figures


def goalie_figures(model: Rinkside, tallied: Tally) -> list[PlayerFigure]:
    """Each goalie the seasons played: his simulated save % beside his stat line's."""
    figures = []
    for goalie_id, simulated in tallied.goalies.items():
        line = model.goalie_stats.get(goalie_id)
        if line is None or not simulated["SA"]:
            continue
        saves, shots = goalie_shots(line)
        if not shots:
            continue
        figures.append(
            PlayerFigure(
                goalie_id,
                "SV%",
                simulated["SV"] / simulated["SA"],
                saves / shots,
                share_z(simulated["SV"], simulated["SA"], saves, shots),
            )
        )
    return figures


def within_shares(figures: Iterable[PlayerFigure]) -> dict[str, tuple[int, int]]:
    """Per stat, and over all ("all"), the players within |z| <= 2 and the players."""
    counts: dict[str, list[int]] = {}
    for figure in figures:
        for key in (figure.stat, "all"):
            tally_of = counts.setdefault(key, [0, 0])
            tally_of[0] += abs(figure.z) <= WITHIN_Z
            tally_of[1] += 1
    ordered = [stat for stat in (*SKATER_DRIVERS, "SV%", "all") if stat in counts]
    return {stat: (counts[stat][0], counts[stat][1]) for stat in ordered}


# --- the check ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Calibration:
    figures: list[Figures]
    findings: list[Finding]


def check(
    model: Rinkside,
    seed: int,
    *,
    workers: int = 1,
    seasons: int = SEASONS,
    rounds: int | None = None,
) -> Calibration:
    """Play the seasons and hold them against the stat lines."""
    return compare(model, simulate(model, seed, workers=workers, seasons=seasons, rounds=rounds))


def compare(model: Rinkside, summaries: list[SeasonSummary]) -> Calibration:
    tallied = tally(summaries)
    threshold = float(model.settings.z_threshold)
    league = league_figures(model, tallied)
    skaters = skater_figures(model, tallied)
    goalies = goalie_figures(model, tallied)
    shares = within_shares([*skaters, *goalies])
    findings = [
        *(_league_miss(model, f) for f in league if abs(f.z) > threshold),
        *(_skater_miss(model, f) for f in skaters if abs(f.z) > threshold),
        *(_goalie_miss(model, f) for f in goalies if abs(f.z) > threshold),
        *_share_misses(model, shares),
    ]
    return Calibration(
        [
            _league_table(league, len(summaries), threshold),
            _skater_table(model, skaters),
            _goalie_table(model, goalies),
            _share_table(shares),
        ],
        findings,
    )


def _league_table(league: list[LeagueFigure], seasons: int, threshold: float) -> Figures:
    rows = []
    for f in league:
        low, high = f.simulated.interval
        t_low, t_high = f.target_interval
        rows.append(
            (
                f.target.figure,
                f"{f.simulated.value:.3f}",
                f"[{low:.3f}, {high:.3f}]",
                f.simulated.runs,
                f"{f.target.value:.3f}",
                f"[{t_low:.3f}, {t_high:.3f}]" if f.target.n else "",
                f.target.n if f.target.n is not None else "designed",
                f"{f.z:+.2f}",
                "pass" if abs(f.z) <= threshold else "MISS",
                f.target.source,
            )
        )
    return Figures(
        f"Calibration: the league over {seasons} simulated seasons against the stat lines "
        "(README §11.15)",
        ("figure", "simulated", "95 %", "n", "target", "95 %", "n", "z", "verdict", "target from"),
        tuple(rows),
        note="Means a team-game (reshuffles a period): n team-games (periods); save % and PP %: "
        "n shots and PP chances, Wilson intervals. The target's interval is one season's, "
        "with the simulated team-games' spread. z = (simulated - target) over the sampling "
        "spread of both (a designed target has none; shares: pooled binomial); |z| above "
        f"{threshold:g} (Settings.z_threshold) is a miss.",
    )


def _skater_table(model: Rinkside, figures: list[PlayerFigure]) -> Figures:
    by_skater: dict[str, list[PlayerFigure]] = {}
    for figure in figures:
        by_skater.setdefault(figure.player_id, []).append(figure)
    rows = tuple(
        (
            skater_id,
            model.skaters[skater_id].name if skater_id in model.skaters else "",
            model.skater_stats[skater_id]["gp"],
            *(
                value
                for f in stats
                for value in (f"{f.expected:.1f}", int(f.actual), f"{f.z:+.1f}")
            ),
        )
        for skater_id, stats in by_skater.items()
    )
    return Figures(
        "Calibration: skaters, simulated against the stat line",
        ("skater", "name", "GP", "sim G", "G", "z", "sim SOG", "SOG", "z", "sim P", "P", "z"),
        rows,
        note="sim: the simulated rate a game times the stat line's GP; z = (sim - stat line) "
        "over the spread of both counts: the rate pooled from both, times the simulated games' "
        "variance over their mean (clustered shots spread wider than a Poisson count).",
    )


def _goalie_table(model: Rinkside, figures: list[PlayerFigure]) -> Figures:
    rows = tuple(
        (
            f.player_id,
            model.goalies[f.player_id].name if f.player_id in model.goalies else "",
            goalie_shots(model.goalie_stats[f.player_id])[1],
            f"{f.expected:.4f}",
            f"{f.actual:.4f}",
            f"{f.z:+.2f}",
        )
        for f in figures
    )
    return Figures(
        "Calibration: goalies, simulated save % against the stat line",
        ("goalie", "name", "SA", "sim SV%", "SV%", "z"),
        rows,
        note="The goalies the seasons played. z = (sim - stat line) over the binomial spread of "
        "both (his stat line's shots against and his simulated ones), the share pooled.",
    )


def _share_table(shares: Mapping[str, tuple[int, int]]) -> Figures:
    rows = tuple(
        (
            stat,
            STAT_COLUMNS.get(stat, "every stat above"),
            f"{within}/{n}",
            f"{within / n:.1%}" if n else "",
            f"{WITHIN_GOAL:.0%}",
            "met" if n and within / n >= WITHIN_GOAL else "NOT MET",
        )
        for stat, (within, n) in shares.items()
    )
    return Figures(
        f"Calibration: within |z| <= {WITHIN_Z:g}",
        ("stat", "stat line", "within", "share", "goal", "verdict"),
        rows,
        note="Issue 14's goal: at least 95 % of the players within |z| <= 2, as a league that "
        "plays its stat lines would give by chance alone.",
    )


# --- findings ----------------------------------------------------------------------------------


def _sheet(model: Rinkside, sheet: str) -> Location:
    return model.sheets[sheet]


def _league_miss(model: Rinkside, figure: LeagueFigure) -> Finding:
    drivers = LEAGUE_DRIVERS[figure.target.figure]
    first = drivers[0]
    t = figure.target
    target = (
        f"the stat lines' {t.value:.3f} (n={t.n})"
        if t.n is not None
        else f"{t.value:g} ({t.source})"
    )
    return _sheet(model, first.sheet).finding(
        Severity.WARNING,
        "calibration-league",
        f"simulated {t.figure} {figure.simulated} against {target}: "
        f"z = {figure.z:+.2f}; what drives it: " + "; ".join(map(str, drivers)),
        field=first.column,
        value=round(figure.simulated.value, 4),
        expected=f"|z| at most {model.settings.z_threshold:g} (Settings.z_threshold)",
    )


def _skater_miss(model: Rinkside, figure: PlayerFigure) -> Finding:
    card = model.skater_cards[figure.player_id]
    return _card_miss(
        figure, card.cells, card.location, SKATER_DRIVERS[figure.stat], model, "skater"
    )


def _goalie_miss(model: Rinkside, figure: PlayerFigure) -> Finding:
    card = model.goalie_cards[figure.player_id]
    return _card_miss(figure, card.cells, card.location, GOALIE_DRIVERS, model, "goalie")


def _card_miss(
    figure: PlayerFigure,
    cells: Mapping[str, Location],
    row: Location | None,
    ratings: tuple[str, ...],
    model: Rinkside,
    who: Literal["skater", "goalie"],
) -> Finding:
    named = [f"{rating} {cells[rating].cell}" for rating in ratings if rating in cells]
    place = cells.get(ratings[0]) or row
    assert place is not None  # a card read from the workbook has its cells
    shown = ".4f" if figure.stat == "SV%" else ".1f"
    sheet = "GoalieStats" if who == "goalie" else "SkaterStats"
    line = (model.goalie_stats if who == "goalie" else model.skater_stats)[figure.player_id]
    at = line.location.cell if line.location is not None else "?"
    return place.finding(
        Severity.WARNING,
        f"calibration-{who}",
        f"{figure.player_id} {figure.stat}: simulated {figure.expected:{shown}} against "
        f"his stat line's {figure.actual:{shown}} ({sheet}!{at}'s row, "
        f"{STAT_COLUMNS[figure.stat]}): z = {figure.z:+.2f}; what drives it, on "
        f"{place.sheet}: " + ", ".join(named),
        field=ratings[0],
        value=round(figure.expected, 4),
        expected=f"|z| at most {model.settings.z_threshold:g} (Settings.z_threshold)",
    )


def _share_misses(model: Rinkside, shares: Mapping[str, tuple[int, int]]) -> list[Finding]:
    findings = []
    for stat, (within, n) in shares.items():
        if stat == "all" or not n or within / n >= WITHIN_GOAL:
            continue
        sheet = "GoalieStats" if stat == "SV%" else "SkaterStats"
        findings.append(
            _sheet(model, sheet).finding(
                Severity.WARNING,
                "calibration-share",
                f"{within} of {n} players ({within / n:.1%}) are within |z| <= {WITHIN_Z:g} on "
                f"{stat} ({STAT_COLUMNS[stat]}): the goal is {WITHIN_GOAL:.0%}",
                field=STAT_COLUMNS[stat],
                value=round(within / n, 4),
                expected=f"at least {WITHIN_GOAL:.0%}",
            )
        )
    return findings
