"""Simulated playtesting: many seeded races on one course, seats and colours rotated.

Each run draws its biathletes at random and hands out ski colours in rotation, so every
biathlete meets every colour, seat and bot; each race uses its own generator (seed/run), so
run k is the same race, move by move, whatever else is run.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial

from authoring.games.biathlon.model import Balance, Biathlon
from authoring.games.biathlon.race import BOTS, Bot, Race, new_race, play, standings
from authoring.games.biathlon.search import DEFAULT_ROLLOUTS, Search
from authoring.report import Figures, Report
from authoring.simulation import BandTest, Mean, OptionError, Proportion, run_chunks, run_rng

BOT_NAMES = (*BOTS, Search.name)


def seat_bots(names: Sequence[str], players: int, rollouts: int = DEFAULT_ROLLOUTS) -> list[Bot]:
    """One bot per seat: a single name fills every seat; a search bot gets `rollouts` per
    decision."""
    known = {**BOTS, Search.name: Search(rollouts)}
    unknown = [name for name in names if name not in known]
    if unknown:
        raise OptionError(f"unknown bot {unknown[0]!r} (known: {', '.join(known)})")
    if len(names) not in (1, players):
        raise OptionError(f"{len(names)} bots for {players} seats: give one, or one per seat")
    return [known[names[0 if len(names) == 1 else seat]] for seat in range(players)]


def one_race(game: Biathlon, course: str, seed: int, run: int, bots: list[Bot]) -> Race:
    """Race number `run`: random biathletes, ski colours rotated seat by seat."""
    colours = sorted(game.colours, key=lambda c: game.colours[c].order)
    rng = run_rng(seed, run)
    names = rng.sample(sorted(game.biathletes), len(bots))
    seat_colours = [colours[(run + seat) % len(colours)] for seat in range(len(bots))]
    return play(new_race(game, course, names, seat_colours, bots, rng))


@dataclass
class Field:
    """What many races on one course add up to."""

    players: int
    entered: Counter[str] = field(default_factory=Counter)
    won: Counter[str] = field(default_factory=Counter)
    colour_entered: Counter[str] = field(default_factory=Counter)
    colour_won: Counter[str] = field(default_factory=Counter)
    bot_entered: Counter[str] = field(default_factory=Counter)
    bot_won: Counter[str] = field(default_factory=Counter)
    rounds: list[int] = field(default_factory=list)
    eliminations: list[int] = field(default_factory=list)
    hits: list[int] = field(default_factory=list)
    pickups: list[int] = field(default_factory=list)

    def add(self, race: Race) -> None:
        for player in race.players:
            self.entered[player.biathlete.id] += 1
            self.colour_entered[player.colour] += 1
            self.bot_entered[player.bot.name] += 1
            self.hits += player.shots
            self.pickups.append(player.pickups)
        if race.winner is not None:
            self.won[race.winner.biathlete.id] += 1
            self.colour_won[race.winner.colour] += 1
            self.bot_won[race.winner.bot.name] += 1
        self.rounds.append(race.rounds)
        self.eliminations.append(sum(not p.racing for p in race.players))

    def merge(self, later: Field) -> None:
        """Add the tally of the races that came after these."""
        for mine, theirs in (
            (self.entered, later.entered),
            (self.won, later.won),
            (self.colour_entered, later.colour_entered),
            (self.colour_won, later.colour_won),
            (self.bot_entered, later.bot_entered),
            (self.bot_won, later.bot_won),
        ):
            mine.update(theirs)
        self.rounds += later.rounds
        self.eliminations += later.eliminations
        self.hits += later.hits
        self.pickups += later.pickups

    @property
    def races(self) -> int:
        return len(self.rounds)

    def win_rates(self, test: BandTest | None = None) -> dict[str, Proportion]:
        """Each biathlete's wins, with the interval `test` judges by (95 % without one)."""
        return {
            b: test.rate(self.won[b], n) if test else Proportion(self.won[b], n)
            for b, n in sorted(self.entered.items())
        }

    def gap(self) -> float:
        values = [p.value for p in self.win_rates().values()]
        return max(values) - min(values)

    @property
    def fair(self) -> float:
        return 1 / self.players


def band_test(balance: Balance, players: int, *, looks: int = 1) -> BandTest:
    """The Balance sheet's band around 1 / players, for a sample looked at `looks` times."""
    fair = 1 / players
    return BandTest(
        fair * (1 - balance.band), fair * (1 + balance.band), balance.decided_width, looks
    )


def play_field(
    game: Biathlon,
    course: str,
    runs: int | range,
    seed: int,
    bots: list[Bot],
    *,
    workers: int = 1,
    tally: Field | None = None,
) -> Field:
    """Races `runs` (a count from race 0, or a range of race numbers) added to `tally`, a
    new one by default."""
    tally = tally or Field(len(bots))
    play = partial(tally_field, game, course, bots, seed)
    for part in run_chunks(play, runs, workers=workers, label="races"):
        tally.merge(part)
    return tally


def tally_field(game: Biathlon, course: str, bots: list[Bot], seed: int, runs: range) -> Field:
    """Races number `runs` on the course, added up (a chunk of a simulation)."""
    tally = Field(len(bots))
    for run in runs:
        tally.add(one_race(game, course, seed, run, bots))
    return tally


def simulate(
    game: Biathlon,
    runs: int,
    seed: int,
    *,
    course: str,
    players: int = 4,
    bots: Sequence[str] = ("greedy",),
    rollouts: int = DEFAULT_ROLLOUTS,
    workers: int = 1,
) -> Report:
    players = max(2, min(players, len(game.colours)))
    seats = seat_bots(bots, players, rollouts)
    tally = play_field(game, course, runs, seed, seats, workers=workers)
    line_up = ", ".join(bot.name for bot in seats)
    test = band_test(game.balance, players)
    return Report(
        figures=[
            biathlete_figures(
                game, course, tally, test, f"{runs} races, bots {line_up}, seed {seed}"
            ),
            _by_colour(game, tally),
            _by_bot(tally),
            _summary(tally, runs),
            *replay(game, course, seed, seats),
        ]
    )


def biathlete_figures(
    game: Biathlon, course: str, tally: Field, test: BandTest, how: str
) -> Figures:
    return Figures(
        f"{game.courses[course].name}: win rate per biathlete ({how})",
        ("biathlete", "P(win)", f"against 1/{tally.players}", "balance"),
        tuple(
            (
                game.biathletes[b].name,
                rate,
                round(rate.value - tally.fair, 3),
                test.verdict(rate),
            )
            for b, rate in tally.win_rates(test).items()
        ),
        note=f"p [{test.confidence:.0%} Wilson interval] n = races the biathlete entered. "
        f"{band_words(game.balance, test, tally.players)} Balance (largest win-rate gap): "
        f"{tally.gap():.3f}.",
    )


def band_words(balance: Balance, test: BandTest, players: int) -> str:
    """The band and the verdicts, in words, for a figure's note."""
    return (
        f"Band (sheet Balance): {test.low:.3f}-{test.high:.3f} (1/{players} ± "
        f"{balance.band:.0%}); in band or out of band when the whole interval lies inside or "
        f"outside it, at the edge when it straddles an edge but is narrower than "
        f"{test.decided_width:.3f}, else undecided."
    )


def _by_colour(game: Biathlon, tally: Field) -> Figures:
    return Figures(
        "Ski colour advantage",
        ("colour", "P(win)", f"against 1/{tally.players}"),
        tuple(
            (c, rate, round(rate.value - tally.fair, 3))
            for c in sorted(game.colours, key=lambda c: game.colours[c].order)
            if tally.colour_entered[c]
            for rate in [Proportion(tally.colour_won[c], tally.colour_entered[c])]
        ),
        note="n = races raced on that colour; colours are handed out in rotation.",
    )


def _by_bot(tally: Field) -> Figures:
    return Figures(
        "Win rate per bot",
        ("bot", "P(win)"),
        tuple(
            (name, Proportion(tally.bot_won[name], n))
            for name, n in sorted(tally.bot_entered.items())
        ),
    )


def _summary(tally: Field, runs: int) -> Figures:
    entries = sum(tally.entered.values())
    return Figures(
        "Races",
        ("figure", "value"),
        (
            ("races with a winner", Proportion(sum(tally.won.values()), runs)),
            ("length in rounds", Mean.of(tally.rounds)),
            ("eliminations per race", Mean.of(tally.eliminations)),
            ("biathletes eliminated", Proportion(sum(tally.eliminations), entries)),
            ("hits per shooting", Mean.of(tally.hits)),
            ("discard pile bought back per biathlete", Mean.of(tally.pickups)),
            ("largest win-rate gap", round(tally.gap(), 3)),
        ),
        note="Means: value [95% normal interval] n = races, shootings or biathletes.",
    )


def replay(game: Biathlon, course: str, seed: int, bots: list[Bot]) -> list[Figures]:
    """Race 0 of the simulation again, as its finishing order and its move log."""
    race = one_race(game, course, seed, 0, bots)
    order = Figures(
        f"Replay of race 0 (seed {seed}): finishing order",
        ("place", "biathlete", "colour", "bot", "space", "pulse"),
        tuple(
            (place, p.biathlete.name, p.colour, p.bot.name, race.at(p.position) or "grid", p.pulse)
            for place, p in enumerate(standings(race), start=1)
        ),
    )
    log = Figures(
        f"Replay of race 0, move by move ({race.rounds} rounds)",
        ("move",),
        tuple((line,) for line in race.log),
    )
    return [order, log]
