"""`authoring check blade`: what the reference rules prove about the roster and the tables.

Base times are a pure table lookup (deck modifier, then chart row), so their distributions
are exact; stage charts, falls and collisions need play, so the figures that include them
come from seeded races.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from itertools import pairwise

from authoring.decks import Deck
from authoring.findings import Finding, Severity
from authoring.games.blade.model import Blade, Rating
from authoring.games.blade.race import run_race, standings
from authoring.games.blade.rules import base_time_distribution, chance_faster, moments
from authoring.games.blade.timing import format_time
from authoring.report import Figures, Report
from authoring.simulation import Mean, run_rng

CLAIM_EVENT = "m500"
RACES_PER_EVENT = 400
# Winning times a real field produces: from a shade under the world record to 3% above.
WINNING_BAND = (-0.5, 3.0)


def check(game: Blade, seed: int) -> Report:
    report = Report()
    report.figures.append(_deck(game))
    claims, findings = _claims(game)
    report.figures.append(claims)
    report.findings += findings
    simulated = {event: _simulated_times(game, event, seed) for event in game.events}
    agreement, findings = _agreement(game, simulated)
    report.figures.append(agreement)
    report.findings += findings
    band, findings = _winning_times(game, simulated)
    report.figures.append(band)
    report.findings += findings
    return report


def _deck(game: Blade) -> Figures:
    counts = Counter(str(card.modifier) for card in game.deck)
    order = sorted(
        counts, key=lambda m: (m in ("MAX", "MIN"), int(m) if m.lstrip("-").isdigit() else 0, m)
    )
    rows = tuple(
        (modifier, counts[modifier], counts[modifier] / len(game.deck)) for modifier in order
    )
    direction = "toward V (slower)" if game.minus_is_slower else "toward A (faster)"
    return Figures(
        "Action deck: bottom modifiers",
        ("modifier", "cards", "chance"),
        rows,
        note=f"Counted from the skater's best letter; a minus moves {direction}; MAX and MIN "
        "are the rating's two ends; every result is kept inside the rating.",
    )


def _modifier_order(modifier: str) -> tuple[bool, int, str]:
    numeric = modifier.lstrip("-").isdigit()
    return (not numeric, int(modifier) if numeric else 0, modifier)


def _claims(game: Blade) -> tuple[Figures, list[Finding]]:
    """The rulebook's own claims, with exact base-time figures."""
    narrow, wide = Rating("", CLAIM_EVENT, 0, 2), Rating("", CLAIM_EVENT, 0, 6)
    p_narrow = chance_faster(
        base_time_distribution(game, narrow), base_time_distribution(game, wide)
    )
    rows: list[tuple[object, ...]] = [
        (
            f"{narrow.label} beats {wide.label} ({game.events[CLAIM_EVENT].name})",
            round(p_narrow, 4),
            "more than 0.5",
            "holds" if p_narrow > 0.5 else "FAILS",
        )
    ]
    findings = []
    if p_narrow <= 0.5:
        findings.append(
            game.sheets["Deck"].finding(
                Severity.WARNING,
                "rulebook-claim",
                f"a skater rated {narrow.label} beats one rated {wide.label} "
                f"only {p_narrow:.3f} of the time",
            )
        )
    for event in game.events.values():
        spreads = []
        for width in range(0, 8):
            worst = min(event.best_letter + width, event.worst_letter)
            spreads.append(
                moments(
                    base_time_distribution(game, Rating("", event.event, event.best_letter, worst))
                )[1]
            )
        rising = all(b > a for a, b in pairwise(spreads))
        rows.append(
            (
                f"wider range, larger spread ({event.name})",
                " < ".join(f"{s:.2f}" for s in spreads),
                "rising",
                "holds" if rising else "FAILS",
            )
        )
        if not rising:
            findings.append(
                game.sheets["Events"].finding(
                    Severity.WARNING,
                    "rulebook-claim",
                    f"{event.name}: a wider rating does not always give a larger "
                    "spread of base times",
                )
            )
    return Figures(
        "The rulebook's claims (exact: every modifier card and chart row counted)",
        ("claim", "figure", "wanted", "verdict"),
        tuple(rows),
        note="Spread = standard deviation of the base time in seconds for ratings A-A, A-B, "
        "... A-H (or the event's last letter).",
    ), findings


@dataclass
class Races:
    """Seeded races of one event with every rated skater."""

    times: dict[str, list[float]] = field(default_factory=dict)  # official times, finishers
    winners: list[float] = field(default_factory=list)


def _simulated_times(game: Blade, event: str, seed: int) -> Races:
    skaters = sorted(s for s, e in game.ratings if e == event)
    races = Races({s: [] for s in skaters})
    for race in range(RACES_PER_EVENT):
        order = standings(run_race(game, event, skaters, Deck(game.deck, run_rng(seed, race))))
        for entry in order:
            if entry.official is not None:
                races.times[entry.skater].append(entry.official)
        if order and order[0].official is not None:
            races.winners.append(order[0].official)
    return races


def _agreement(game: Blade, simulated: dict[str, Races]) -> tuple[Figures, list[Finding]]:
    """Each skater's simulated mean against the season, in standard errors of the season."""
    rows, findings = [], []
    for event, races in simulated.items():
        scores: list[float] = []
        for skater, times in races.times.items():
            season = game.results.get((skater, event), ())
            if len(season) < 2 or not times:
                continue
            rating = game.ratings[(skater, event)]
            spread = moments(base_time_distribution(game, rating))[1]
            mean = sum(times) / len(times)
            z = (mean - sum(season) / len(season)) / (max(spread, 0.01) / math.sqrt(len(season)))
            scores.append(z)
            if abs(z) > game.z_threshold:
                findings.append(
                    (rating.location or game.sheets["Ratings"]).finding(
                        Severity.WARNING,
                        "season-disagrees",
                        f"{game.skaters[skater].name} ({rating.label}) averages "
                        f"{format_time(mean)} in simulation, z = {z:+.1f} against "
                        f"{len(season)} season results",
                        value=round(z, 2),
                        expected=f"|z| <= {game.z_threshold}",
                    )
                )
        if scores:
            outside = sum(abs(z) > game.z_threshold for z in scores)
            largest: float = max(scores, key=abs)
            rows.append(
                (
                    game.events[event].name,
                    len(scores),
                    round(largest, 2),
                    round(sum(abs(z) for z in scores) / len(scores), 2),
                    outside,
                )
            )
    return Figures(
        "Simulated means against the season's results",
        ("event", "skaters", "largest z", "mean |z|", f"|z| > {game.z_threshold}"),
        tuple(rows),
        note=f"{RACES_PER_EVENT} seeded races per event with every rated skater. "
        "z = (simulated mean - season mean) / (exact sd of the rating's base time "
        "/ sqrt(results)).",
    ), findings


def _winning_times(game: Blade, simulated: dict[str, Races]) -> tuple[Figures, list[Finding]]:
    rows, findings = [], []
    low, high = WINNING_BAND
    for event, races in simulated.items():
        record = game.events[event].world_record
        mean = sum(races.winners) / len(races.winners)
        # The gap with its interval, so that `diff --check` can tell a move from noise.
        gaps = Mean.of([(winner / record - 1) * 100 for winner in races.winners])
        gap = gaps.value
        rows.append(
            (
                game.events[event].name,
                format_time(record),
                format_time(mean),
                gaps,
                "inside" if low <= gap <= high else "OUTSIDE",
            )
        )
        if not low <= gap <= high:
            findings.append(
                game.sheets["Events"].finding(
                    Severity.WARNING,
                    "winning-times",
                    f"{game.events[event].name}: simulated winners average {gap:+.2f}% against "
                    "the world record",
                    value=round(gap, 2),
                    expected=f"between {low:+.1f}% and {high:+.1f}%",
                )
            )
    return Figures(
        "Winning times against the world record",
        ("event", "world record", "mean winning time", "gap %", f"band {low:+.1f}..{high:+.1f}%"),
        tuple(rows),
        note=f"Mean of the winners of {RACES_PER_EVENT} seeded races per event; the gap with "
        "its 95% interval.",
    ), findings
