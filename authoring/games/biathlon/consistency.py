"""`authoring check biathlon`: what the rules prove about the cards and what play shows.

Shooting is five fair dice against a bib digit, so its odds are counted exactly. Balance
needs play: seeded races on every trail, as the Balance sheet sets them (players, races,
bot), with a warning at the biathlete's row for each trail where their win rate is clearly
outside the sheet's band around 1/N.
"""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction
from functools import partial
from math import comb

from authoring.findings import Finding, Severity
from authoring.games.biathlon.model import Biathlete, Biathlon, Card
from authoring.games.biathlon.race import BOTS
from authoring.games.biathlon.rules import HITS_MAX
from authoring.games.biathlon.simulate import Field, biathlete_figures, play_field
from authoring.games.biathlon.trail import laps
from authoring.progress import set_quiet, tracked
from authoring.report import Figures, Report
from authoring.simulation import Mean

DIE_FACES = 6
BANDS = (("low", 0), ("medium", 3), ("high", 7))  # a pulse in each accuracy band


def check(game: Biathlon, seed: int) -> Report:
    report = Report(figures=[_shooting(game), lap_figures(game), _decks(game)])
    settings = game.balance
    races = settings.races_per_trail
    bots = [BOTS[settings.bot]] * settings.players
    # Each trail's races on a processor of their own: every race is seeded by its number, so
    # the figures are the same however the work is shared out.
    # The workers keep quiet: progress is counted here, a trail at a time, not in four bars
    # fighting over one terminal line.
    with ProcessPoolExecutor(initializer=set_quiet, initargs=(True,)) as pool:
        tallies = pool.map(
            partial(play_field, game, runs=races, seed=seed, bots=bots), game.courses
        )
        done = tracked(tallies, "trails raced", total=len(game.courses))
        fields = dict(zip(game.courses, done, strict=True))
    for course, tally in fields.items():
        how = f"{races} races of {settings.players} {settings.bot} bots, seed {seed}"
        report.figures.append(biathlete_figures(game, course, tally, how))
        report.findings += _out_of_band(game, course, tally)
    report.figures.append(_balance(game, fields))
    return report


def hit_chances(accuracy: int) -> list[Fraction]:
    """P(k dice of five meet the accuracy), k = 0..5."""
    p = Fraction(DIE_FACES - accuracy, DIE_FACES)
    return [comb(HITS_MAX, k) * p**k * (1 - p) ** (HITS_MAX - k) for k in range(HITS_MAX + 1)]


def expected_hits(accuracy: int, wind: int) -> Fraction:
    """Mean hits with the wind's +1 (windstill), 0 or -1 (crosswind), kept within 0..5."""
    return sum(
        (
            chance * min(HITS_MAX, max(0, k + wind))
            for k, chance in enumerate(hit_chances(accuracy))
        ),
        Fraction(0),
    )


def _shooting(game: Biathlon) -> Figures:
    rows = []
    for biathlete in game.biathletes.values():
        for band, pulse in BANDS:
            accuracy = biathlete.accuracy(pulse)
            rows.append(
                (
                    biathlete.name,
                    band,
                    accuracy,
                    *(round(float(expected_hits(accuracy, wind)), 3) for wind in (1, 0, -1)),
                    round(float(sum(hit_chances(accuracy)[3:])), 3),
                )
            )
    return Figures(
        "Shooting: expected hits by pulse band (exact)",
        ("biathlete", "pulse", "hits on", "windstill", "head/tail", "crosswind", "P(3+ dice)"),
        tuple(rows),
        note="Five fair dice 0-5; a die hits when it shows the bib digit or more. Windstill "
        "+1 hit (at most 5), crosswind -1 (at least 0); bullets not counted.",
    )


def lap_figures(game: Biathlon) -> Figures:
    """How far a perfect last shooting carries a biathlete: five hits at the Shoot action's
    steps per hit, every one an uphill step, which works on any terrain."""
    steps = HITS_MAX * game.range_actions["shoot"].uphill_per_hit
    rows = []
    for course in game.courses.values():
        counted = laps(course)
        covered = min(steps, counted.to_finish)
        into_last_lap = max(0, covered - counted.to_start_line)
        rows.append(
            (
                f"{course.venue_name} {course.name}",
                " / ".join(str(length) for length in counted.lengths),
                counted.to_finish,
                steps,
                _share(covered, counted.to_finish),
                _share(into_last_lap, counted.lengths[-1]),
            )
        )
    return Figures(
        "Laps, and how far a perfect last shooting carries (exact, from the trails)",
        (
            "trail",
            "laps (spaces)",
            "last shooting to finish",
            "perfect shooting steps",
            "share of the way home",
            "share of the last lap",
        ),
        tuple(rows),
        note=f"Spaces entered on the track. The way home runs from the mat of the last "
        f"shooting back onto the start line and round the last lap to the finish. A perfect "
        f"shooting is {HITS_MAX} hits (bullets included) at "
        f"{game.range_actions['shoot'].uphill_per_hit} uphill steps each; wax and coaches, "
        f"which can add steps, are not counted.",
    )


def _share(part: int, whole: int) -> str:
    """An exact share as its two counts, with the percentage to read it by."""
    return f"{part}/{whole} = {float(Fraction(part, whole)):.1%}"


def _decks(game: Biathlon) -> Figures:
    """Each biathlete's five personal cards, action by action: what the flag promises."""
    rows = []
    for biathlete in game.biathletes.values():
        personal = [c for c in game.cards.values() if c.owner == biathlete.id]
        actions = [a for c in personal for a in (c.top, c.bottom)]
        rows.append(
            (
                biathlete.name,
                *(
                    round(sum(getattr(a, kind) for a in actions) / len(actions), 2)
                    for kind in ("uphill", "flat", "downhill", "pulse")
                ),
                sum(a.wind for a in actions),
                sum(a.removes for a in actions),
                round(sum(_mean_initiative(c) for c in personal) / len(personal), 2),
            )
        )
    return Figures(
        "Personal cards: means over each biathlete's ten actions",
        ("biathlete", "uphill", "flat", "downhill", "cost", "wind", "icy", "initiative"),
        tuple(rows),
        note="Initiative: a die counts 2.5 (its mean), a doubled die 5.",
    )


def _mean_initiative(card: Card) -> float:
    if card.initiative is not None:
        return card.initiative
    return 5.0 if card.initiative_double else 2.5


def _out_of_band(game: Biathlon, course: str, tally: Field) -> list[Finding]:
    low, high = tally.band()
    findings = []
    for biathlete_id, rate in tally.win_rates().items():
        if tally.outside_band(rate):
            biathlete: Biathlete = game.biathletes[biathlete_id]
            findings.append(
                (biathlete.location or game.sheets["Biathletes"]).finding(
                    Severity.WARNING,
                    "balance",
                    f"{biathlete.name} wins {rate} of the races on "
                    f"{game.courses[course].name}, clearly outside the band around "
                    f"1/{tally.players}: tune their cards or ratings",
                    value=round(rate.value, 3),
                    expected=f"{low:.3f}-{high:.3f} (1/{tally.players} ± {tally.band_share:.0%})",
                )
            )
    return findings


def _balance(game: Biathlon, fields: dict[str, Field]) -> Figures:
    return Figures(
        "Balance per trail",
        ("trail", "largest win-rate gap", "out of band", "length in rounds"),
        tuple(
            (
                game.courses[course].name,
                round(tally.gap(), 3),
                sum(tally.outside_band(rate) for rate in tally.win_rates().values()),
                Mean.of(tally.rounds),
            )
            for course, tally in fields.items()
        ),
    )
