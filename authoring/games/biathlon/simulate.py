"""Simulated playtesting: many seeded races on one course, seats and colours rotated.

Each run draws its biathletes at random and hands out ski colours in rotation, so every
biathlete meets every colour and seat; each race uses its own generator (seed/run).
"""

from __future__ import annotations

from collections import Counter

from authoring.games.biathlon.model import Biathlon
from authoring.games.biathlon.race import POLICIES, new_race, play, standings
from authoring.report import Figures, Report
from authoring.simulation import Proportion, run_rng


def simulate(game: Biathlon, runs: int, seed: int, *, course: str, players: int = 4) -> Report:
    colours = sorted(game.colours, key=lambda c: game.colours[c].order)
    players = max(2, min(players, len(colours)))
    entered: Counter[str] = Counter()
    won: Counter[str] = Counter()
    colour_entered: Counter[str] = Counter()
    colour_won: Counter[str] = Counter()
    rounds, eliminated, shots, hits = 0, 0, 0, 0
    finished = 0
    for run in range(runs):
        rng = run_rng(seed, run)
        names = rng.sample(sorted(game.biathletes), players)
        seat_colours = [colours[(run + seat) % len(colours)] for seat in range(players)]
        race = play(
            new_race(game, course, names, seat_colours, [POLICIES["greedy"]] * players, rng)
        )
        for player in race.players:
            entered[player.biathlete.id] += 1
            colour_entered[player.colour] += 1
            eliminated += not player.racing
            shots += len(player.shots)
            hits += sum(player.shots)
        if race.winner is not None:
            won[race.winner.biathlete.id] += 1
            colour_won[race.winner.colour] += 1
            finished += 1
        rounds += race.rounds
    rates = {b: Proportion(won[b], entered[b]) for b in sorted(game.biathletes) if entered[b]}
    gap = max(p.value for p in rates.values()) - min(p.value for p in rates.values())
    fair = 1 / players
    by_biathlete = Figures(
        f"{game.courses[course].name}: {runs} races of {players} greedy bots, seed {seed}",
        ("biathlete", "races", "P(win)", f"against 1/{players}"),
        tuple(
            (game.biathletes[b].name, p.runs, p, round(p.value - fair, 3)) for b, p in rates.items()
        ),
        note="Monte Carlo: p [95% Wilson interval] n=races the biathlete entered. Balance "
        f"(largest win-rate gap): {gap:.3f}.",
    )
    by_colour = Figures(
        "Ski colour advantage",
        ("colour", "races", "P(win)"),
        tuple(
            (c, colour_entered[c], Proportion(colour_won[c], colour_entered[c]))
            for c in colours
            if colour_entered[c]
        ),
    )
    summary = Figures(
        "Races",
        ("figure", "value"),
        (
            ("races with a winner", Proportion(finished, runs)),
            ("mean length in rounds", round(rounds / runs, 2)),
            ("eliminations per race", round(eliminated / runs, 3)),
            ("mean hits per shooting", round(hits / shots, 3) if shots else 0.0),
            ("largest win-rate gap", round(gap, 3)),
        ),
    )
    replay = play(
        new_race(
            game,
            course,
            sorted(game.biathletes)[:players],
            colours[:players],
            [POLICIES["greedy"]] * players,
            run_rng(seed, 0),
        )
    )
    order = Figures(
        f"Replay of one race (seed {seed}): finishing order",
        ("place", "biathlete", "colour", "space", "pulse"),
        tuple(
            (place, p.biathlete.name, p.colour, p.position, p.pulse)
            for place, p in enumerate(standings(replay), start=1)
        ),
    )
    moves = Figures(
        f"Replay of the same race, move by move ({replay.rounds} rounds)",
        ("move",),
        tuple((line,) for line in replay.log),
    )
    return Report(figures=[by_biathlete, by_colour, summary, order, moves])
