"""`authoring simulate rinkside game`: one seeded game between two clubs, printed as a box
score (goals and assists by period, shots, saves, power plays, penalties, hits, fights), the
scoring plays, the deck's draws and reshuffles by period and, when asked, the play-by-play.
The same seed plays the same game, card for card."""

from __future__ import annotations

from authoring.games.rinkside.game import GameRecord, play_game
from authoring.games.rinkside.model import Rinkside
from authoring.games.rinkside.policy import ByTheBook
from authoring.games.rinkside.state import PERIODS, SIDES
from authoring.report import Figures, Report
from authoring.simulation import OptionError, run_rng

YES, NO = ("yes", "y", "true", "1"), ("no", "n", "false", "0")


def yes_no(text: str) -> bool:
    """An option's yes or no."""
    if text.lower() in YES:
        return True
    if text.lower() in NO:
        return False
    raise ValueError(f"say yes or no, not {text!r}")


def team_id(model: Rinkside, given: str, role: str) -> str:
    if given not in model.teams:
        known = ", ".join(sorted(model.teams))
        raise OptionError(f"no team {given!r} for --{role}; the Teams sheet's ids: {known}")
    return given


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
) -> Report:
    """The game `visitor` plays at `home` on run 0 of `seed`, both benches coached by the
    book; without them the Teams sheet's first club hosts the next. One game is one run:
    `runs` and `workers` are the simulate verb's and not used."""
    home_id = team_id(model, home or next(iter(model.teams)), "home")
    visitor_id = team_id(model, visitor or default_visitor(model, home_id), "visitor")
    if home_id == visitor_id:
        raise OptionError(f"a team cannot play itself ({home_id})")
    coaches = {side: ByTheBook() for side in SIDES}
    record = play_game(model, home_id, visitor_id, run_rng(seed, 0), coaches)
    figures = box_score(model, record, seed)
    if play_by_play:
        figures.append(
            Figures(
                "Play-by-play",
                ("#", "play"),
                tuple((number, text) for number, text in enumerate(record.plays, 1)),
            )
        )
    return Report(figures=figures)


def box_score(model: Rinkside, record: GameRecord, seed: int) -> list[Figures]:
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
            "shots: on goal; saves: by the team's goalie; PP: power-play goals/chances",
        ),
        Figures("Scoring", ("period", "clock", "team", "scorer", "assists", "strength"), scoring),
        Figures("The deck", ("period", "draws", "reshuffles"), deck),
    ]
