"""`authoring simulate rinkside game`: one seeded game between two clubs, printed as a box
score (goals and assists by period, shots, saves, power plays, penalties, hits, fights), the
scoring plays, each club's players (G, A, SOG, PIM, hits; the goalies' shots against, saves
and time in net), the deck's draws and reshuffles by period and, when asked, the
play-by-play. The same seed plays the same game, card for card.

`authoring simulate rinkside season`: K seeded seasons of the whole league (season.py): the
standings, league figures with intervals, top scorers, goalies with their starts, each
player's simulated season beside his stat line, the suspensions and the injuries, the same
whatever `--workers` is."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from functools import partial

from authoring.games.rinkside import calibration
from authoring.games.rinkside.game import GameRecord, PlayerLine, play_game
from authoring.games.rinkside.model import Rinkside
from authoring.games.rinkside.policy import club_coach
from authoring.games.rinkside.season import Fixture, SeasonSummary, one_season, schedule
from authoring.games.rinkside.state import PERIODS, SIDES, TeamSide
from authoring.report import Figures, Report
from authoring.simulation import OptionError, Proportion, run_all, run_rng

YES, NO = ("yes", "y", "true", "1"), ("no", "n", "false", "0")


def yes_no(text: str) -> bool:
    """An option's yes or no."""
    if text.lower() in YES:
        return True
    if text.lower() in NO:
        return False
    raise ValueError(f"say yes or no, not {text!r}")


def team_id(model: Rinkside, given: str, role: str) -> str:
    """`given` if it is a club's id; otherwise the error names it and the known ids."""
    if given not in model.teams:
        known = ", ".join(sorted(model.teams))
        raise OptionError(f"no team {given!r} to play {role}; the Teams sheet's ids: {known}")
    return given


def random_coached(model: Rinkside, given: str | None) -> frozenset[str]:
    """The clubs `--random-coach` names (comma-separated ids, or `all`) to coach at random,
    so a rule's effect can be told from a coach's; none without it."""
    if given is None:
        return frozenset()
    if given.strip().lower() == "all":
        return frozenset(model.teams)
    clubs = frozenset(part.strip() for part in given.split(","))
    for club in sorted(clubs):
        team_id(model, club, "under a random coach")
    return clubs


def coached(playing: Iterable[str], clubs: frozenset[str]) -> str:
    """How the `playing` clubs' benches are coached, for a report's notes."""
    clubs = clubs & frozenset(playing)
    if not clubs:
        return "every club coached by the book"
    if clubs == frozenset(playing):
        return "every club coached at random (any legal choice)"
    named = ", ".join(sorted(clubs))
    return f"{named} coached at random (any legal choice), the others by the book"


def default_visitor(model: Rinkside, home: str) -> str:
    """The club after `home` in the Teams sheet (the first after the last)."""
    clubs = list(model.teams)
    return clubs[(clubs.index(home) + 1) % len(clubs)]


def simulate_game(
    model: Rinkside,
    runs: int,
    seed: int,
    *,
    workers: int = 1,
    home: str | None = None,
    visitor: str | None = None,
    play_by_play: bool = False,
    random_coach: str | None = None,
) -> Report:
    """The game `visitor` plays at `home` on run 0 of `seed`, the benches coached by the
    book but for the clubs `random_coach` names; without them the Teams sheet's first club
    hosts the next. One game is one run: `runs` and `workers` are the simulate verb's and
    not used."""
    home_id = team_id(model, home or next(iter(model.teams)), "at home")
    visitor_id = team_id(model, visitor or default_visitor(model, home_id), "away")
    if home_id == visitor_id:
        raise OptionError(f"a team cannot play itself ({home_id})")
    random_clubs = random_coached(model, random_coach)
    clubs = {"home": home_id, "visitor": visitor_id}
    coaches = {side: club_coach(clubs[side], random_clubs, seed, 0) for side in SIDES}
    record = play_game(model, home_id, visitor_id, run_rng(seed, 0), coaches)
    figures = box_score(model, record, seed, coached(clubs.values(), random_clubs))
    if play_by_play:
        figures.append(
            Figures(
                "Play-by-play",
                ("#", "play"),
                tuple((number, text) for number, text in enumerate(record.plays, 1)),
            )
        )
    return Report(figures=figures)


def box_score(model: Rinkside, record: GameRecord, seed: int, benches: str) -> list[Figures]:
    names = {"home": record.home, "visitor": record.visitor}
    periods = tuple(range(1, PERIODS + 1))
    visitor_goals, home_goals = record.score
    tied = " (a tie: the seed plays no overtime)" if visitor_goals == home_goals else ""
    title = (
        f"{model.teams[record.visitor].name} {visitor_goals}, "
        f"{model.teams[record.home].name} {home_goals} (seed {seed}){tied}"
    )
    by_period = tuple(
        (names[side], stat, *(record.stat(side, stat, p) for p in periods), record.stat(side, stat))
        for side in SIDES
        for stat in ("goals", "assists", "shots")
    )
    stats = tuple(
        (
            names[side],
            record.stat(side, "shots"),
            record.stat(side, "saves"),
            f"{record.stat(side, 'pp_goals')}/{record.stat(side, 'pp_chances')}",
            record.stat(side, "penalties"),
            record.stat(side, "pim"),
            record.stat(side, "hits"),
            record.stat(side, "fights"),
        )
        for side in SIDES
    )
    scoring = tuple(
        (
            play.period,
            play.clock,
            names[play.side],
            play.scorer,
            ", ".join(play.assists) or "unassisted",
            play.strength,
        )
        for play in record.scoring
    )
    deck = tuple(
        (period, draws, reshuffles)
        for period, (draws, reshuffles) in enumerate(
            zip(record.draws, record.reshuffles, strict=True), 1
        )
    )
    return [
        Figures(title, ("team", "stat", *(f"P{p}" for p in periods), "total"), by_period),
        Figures(
            "Team stats",
            ("team", "shots", "saves", "PP", "penalties", "PIM", "hits", "fights"),
            stats,
            "shots: on goal; saves: by the team's goalie; PP: power-play goals/chances; " + benches,
        ),
        Figures("Scoring", ("period", "clock", "team", "scorer", "assists", "strength"), scoring),
        *(player_lines(model, record, side) for side in SIDES),
        Figures("The deck", ("period", "draws", "reshuffles"), deck),
    ]


def player_lines(model: Rinkside, record: GameRecord, side: TeamSide) -> Figures:
    """A club's players who did something: each skater's line in roster order, then each
    goalie who played."""
    club = record.home if side == "home" else record.visitor
    lines = {line.player_id: line for line in record.lines if line.side == side}
    rows: list[tuple[str | int, ...]] = []
    for skater in model.roster(club):
        line = lines.get(skater.skater_id)
        if line is not None:
            counts = (line.goals, line.assists, line.shots, line.pim, line.hits)
            rows.append((skater.name, skater.position, *counts, "", "", ""))
    for goalie in model.goalies.values():
        line = lines.get(goalie.goalie_id) or PlayerLine(goalie.goalie_id, side)
        if goalie.team_id == club and (line.seconds or line.shots_against):
            counts = (line.goals, line.assists, line.shots, line.pim, line.hits)
            rows.append((goalie.name, "G", *counts, line.shots_against, line.saves, line.minutes))
    return Figures(
        f"Players: {model.teams[club].name}",
        ("player", "pos", "G", "A", "SOG", "PIM", "hits", "SA", "SV", "in net"),
        tuple(rows),
        "skaters with a goal, assist, shot on goal, penalty or hit; goalies: shots against "
        "and saves while in net",
    )


def simulate_season(
    model: Rinkside,
    runs: int,
    seed: int,
    *,
    workers: int = 1,
    seasons: int = 1,
    rounds: int | None = None,
    random_coach: str | None = None,
) -> Report:
    """`seasons` seeded seasons of the whole league (season k is run k of `seed`), shared
    out over `workers` and added up in run order, so the figures are the same whatever
    `workers` is; `rounds` plays only the schedule's first rounds. The simulate verb's
    `runs` is not used: a season is a run, and `--seasons` counts them."""
    if seasons < 1:
        raise OptionError("--seasons must be at least 1")
    per_club = len(schedule(model.teams)) * 2 // len(model.teams)
    if rounds is not None and not 1 <= rounds <= per_club:
        raise OptionError(f"--rounds must be 1 to {per_club}, the schedule's rounds")
    random_clubs = random_coached(model, random_coach)
    play = partial(one_season, model, seed, rounds, random_clubs=random_clubs)
    summaries = list(run_all(play, seasons, workers=workers, label="seasons"))
    fixtures = played(model, rounds)
    return Report(figures=season_figures(model, summaries, seed, fixtures, random_clubs))


def played(model: Rinkside, rounds: int | None) -> tuple[Fixture, ...]:
    """The fixtures a season plays: the schedule's first `rounds` rounds, or all."""
    fixtures = schedule(model.teams)
    return fixtures if rounds is None else fixtures[: rounds * len(model.teams) // 2]


def season_figures(
    model: Rinkside,
    summaries: list[SeasonSummary],
    seed: int,
    fixtures: tuple[Fixture, ...],
    random_clubs: frozenset[str] = frozenset(),
) -> list[Figures]:
    clubs = len(model.teams)
    home = Counter(f.home for f in fixtures)
    tired = Counter(club for f in fixtures for club in f.back_to_back)
    return [
        standings(model, summaries),
        league_figures(summaries),
        top_scorers(model, summaries),
        goalie_figures(model, summaries),
        *calibration.compare(model, summaries).figures,
        suspension_figures(model, summaries),
        injury_figures(model, summaries),
        Figures(
            "The seasons",
            ("seasons", "seed", "games a season", "a club", "at home", "back-to-backs"),
            (
                (
                    len(summaries),
                    seed,
                    len(fixtures),
                    2 * len(fixtures) // clubs,
                    f"{min(home.values())}-{max(home.values())}",
                    f"{min(tired.values(), default=0)}-{max(tired.values(), default=0)}",
                ),
            ),
            "the schedule: 82 games a club, six double round robins, the last short of "
            "one round a leg; every fourth round the day after the one before (README §11.12); "
            + coached(model.teams, random_clubs),
        ),
    ]


def standings(model: Rinkside, summaries: list[SeasonSummary]) -> Figures:
    """Each club's record, a season's average over the seasons (the sums when one)."""
    k = len(summaries)
    totals: dict[str, Counter[str]] = {club: Counter() for club in model.teams}
    for summary in summaries:
        for club, won, lost, tied, scored, allowed in summary.standings:
            totals[club].update({"W": won, "L": lost, "T": tied, "GF": scored, "GA": allowed})
    rows = []
    for club, t in totals.items():
        points = 2 * t["W"] + t["T"]
        rows.append(
            (
                model.teams[club].name,
                *(_per(t[c], k) for c in ("W", "L", "T")),
                _per(points, k),
                _per(t["GF"], k),
                _per(t["GA"], k),
            )
        )
    rows.sort(key=lambda row: (-float(row[4]), -float(row[5]), row[0]))
    what = "a season's average" if k > 1 else "the season"
    return Figures(
        "Standings",
        ("club", "W", "L", "T", "points", "GF", "GA"),
        tuple(rows),
        f"{what}: 2 points a win, 1 a tie (no overtime)",
    )


def _per(total: int, k: int) -> str | int:
    return total if k == 1 else f"{total / k:.1f}"


def league_figures(summaries: list[SeasonSummary]) -> Figures:
    tallied = calibration.tally(summaries)
    sums, team_games, periods = tallied.sums, tallied.team_games, tallied.periods
    rows: list[tuple[str, str]] = [
        (f"{stat} a team-game", str(calibration.mean_of(tallied, stat, team_games)))
        for stat in ("goals", "shots", "penalties", "hits", "fights")
    ]
    rows.insert(2, ("save %", str(Proportion(sums["saves"], sums["shots"]))))
    rows.insert(3, ("PP %", str(Proportion(sums["pp_goals"], sums["pp_chances"]))))
    rows += [
        (f"{count} a period", str(calibration.mean_of(tallied, count, periods)))
        for count in ("draws", "reshuffles")
    ]
    return Figures(
        "League figures",
        ("figure", "value [95 % interval] n"),
        tuple(rows),
        "means over team-games (periods) of all the seasons; save % and PP % Wilson intervals; "
        "fights: each fight is counted for both teams",
    )


def skater_seasons(model: Rinkside, summaries: list[SeasonSummary]) -> dict[str, Counter[str]]:
    totals: dict[str, Counter[str]] = {s: Counter() for s in model.skaters}
    for summary in summaries:
        for skater_id, gp, goals, assists, shots, *_ in summary.skaters:
            totals[skater_id].update({"GP": gp, "G": goals, "A": assists, "S": shots})
    return totals


def goalie_seasons(model: Rinkside, summaries: list[SeasonSummary]) -> dict[str, Counter[str]]:
    """Each goalie who played: GP, GS, SA, SV over the seasons."""
    totals: dict[str, Counter[str]] = {}
    for summary in summaries:
        for goalie_id, gp, against, saved in summary.goalies:
            totals.setdefault(goalie_id, Counter()).update({"GP": gp, "SA": against, "SV": saved})
        for goalie_id, starts in summary.goalie_starts:
            totals[goalie_id]["GS"] += starts
    return {goalie_id: t for goalie_id, t in totals.items() if t["GP"]}


TOP_SCORERS = 10


def top_scorers(model: Rinkside, summaries: list[SeasonSummary]) -> Figures:
    k = len(summaries)
    totals = skater_seasons(model, summaries)
    ranked = sorted(
        totals.items(), key=lambda item: (-(item[1]["G"] + item[1]["A"]), -item[1]["G"], item[0])
    )
    rows = tuple(
        (
            model.skaters[skater_id].name,
            model.skaters[skater_id].team_id,
            *(_per(t[c], k) for c in ("GP", "G", "A")),
            _per(t["G"] + t["A"], k),
        )
        for skater_id, t in ranked[:TOP_SCORERS]
    )
    return Figures("Top scorers", ("player", "club", "GP", "G", "A", "P"), rows)


def goalie_figures(model: Rinkside, summaries: list[SeasonSummary]) -> Figures:
    k = len(summaries)
    rows = []
    for goalie_id, t in goalie_seasons(model, summaries).items():
        goalie = model.goalies[goalie_id]
        share = t["SV"] / t["SA"] if t["SA"] else math.nan
        rows.append(
            (
                goalie.name,
                goalie.team_id,
                *(_per(t[c], k) for c in ("GP", "GS", "SA", "SV")),
                f"{share:.3f}",
            )
        )
    rows.sort(key=lambda row: (-float(row[6]), row[0]))
    return Figures(
        "Goalies",
        ("goalie", "club", "GP", "GS", "SA", "SV", "SV%"),
        tuple(rows),
        "every goalie who played: the backup starts the second game of a back-to-back and "
        "comes in for a hurt starter",
    )


def suspension_figures(model: Rinkside, summaries: list[SeasonSummary]) -> Figures:
    given: dict[str, Counter[str]] = {}
    for summary in summaries:
        for skater_id, games in summary.suspensions:
            given.setdefault(skater_id, Counter()).update({"rulings": 1, "games": games})
    served = sum(s.served for s in summaries)
    rows = tuple(
        (model.skaters[skater_id].name, model.skaters[skater_id].team_id, t["rulings"], t["games"])
        for skater_id, t in sorted(given.items(), key=lambda item: (-item[1]["games"], item[0]))
    )
    return Figures(
        "Suspensions",
        ("player", "club", "suspensions", "games"),
        rows,
        f"over all the seasons; {served} player-games served (a suspension still running at a "
        "season's end lapses)",
    )


def injury_figures(model: Rinkside, summaries: list[SeasonSummary]) -> Figures:
    """The injuries by InjuryLength's length: how many, and the games they cost."""
    lengths: dict[str, Counter[str]] = {}
    for summary in summaries:
        for _, length, games in summary.injuries:
            lengths.setdefault(length, Counter()).update({"injuries": 1, "games": games})
    missed = sum(s.missed for s in summaries)
    rows = tuple(
        (length, t["injuries"], t["games"])
        for length, t in sorted(lengths.items(), key=lambda item: (item[1]["games"], item[0]))
    )
    return Figures(
        "Injuries",
        ("out for", "injuries", "games given"),
        rows,
        f"over all the seasons; {missed} player-games missed (an injury running at a season's "
        "end lapses); out for the game or less costs no game",
    )
