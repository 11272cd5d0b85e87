"""`authoring check blade`: what the reference rules prove about the roster and the tables.

Base times are a pure table lookup (deck modifier, then chart row), so their distributions
are exact; stage charts, falls and collisions need play, so the figures that include them
come from seeded races.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import pairwise

from authoring.findings import Finding, Location, Severity
from authoring.games.blade.model import Blade, Rating, lookup
from authoring.games.blade.race import BONUSES, STAGES, RaceTally, play_races
from authoring.games.blade.rules import (
    base_time_distribution,
    chance_faster,
    letter_distribution,
    modified_letter,
    moments,
)
from authoring.games.blade.timing import LETTERS, format_time
from authoring.report import Figures, Report
from authoring.simulation import Mean

CLAIM_EVENT = "m500"
# The worst letters of the seed's two example ratings, A-C and A-G.
SEED_WORSTS = (2, 6)
RACES_PER_EVENT = 400
# Winning times a real field produces: from a shade under the world record to 3% above.
WINNING_BAND = (-0.5, 3.0)


def check(game: Blade, seed: int, *, workers: int = 1) -> Report:
    report = Report()
    report.figures.append(_deck(game))
    report.figures.append(_letter_distributions(game))
    report.figures.append(_chart_outcomes(game))
    real, findings = _real_rates(game)
    report.figures.append(real)
    report.findings += findings
    report.figures.append(_bonus_readings(game))
    report.figures.append(_falls_by_rating(game))
    report.figures.append(_field_races(game))
    claims, findings = _claims(game)
    report.figures.append(claims)
    report.findings += findings
    simulated = {event: _simulated_times(game, event, seed, workers) for event in game.events}
    agreement, findings = _agreement(game, simulated)
    report.figures.append(agreement)
    report.findings += findings
    band, findings = _winning_times(game, simulated)
    report.figures.append(band)
    report.findings += findings
    return report


def _readings(game: Blade) -> tuple[tuple[str, Blade], ...]:
    """The game under each way of counting a move toward A, the Settings' one marked."""
    chosen = game.modifier_reading
    games = []
    for faster_from_worst, name in ((False, "from best"), (True, "from both ends")):
        reading = replace(chosen, faster_from_worst=faster_from_worst)
        mark = " (Settings)" if reading == chosen else ""
        games.append((name + mark, replace(game, modifier_reading=reading)))
    return tuple(games)


def _deck(game: Blade) -> Figures:
    counts = Counter(card.modifier for card in game.deck)
    order = sorted(counts, key=lambda m: _modifier_order(str(m)))
    ratings = [Rating("", CLAIM_EVENT, 0, worst) for worst in SEED_WORSTS]
    readings = _readings(game)
    rows = tuple(
        (
            str(modifier),
            counts[modifier],
            *(
                LETTERS[modified_letter(rating, modifier, reading.modifier_reading)]
                for _, reading in readings
                for rating in ratings
            ),
        )
        for modifier in order
    )
    return Figures(
        "Action deck: the column each modifier gives, under each reading",
        (
            "modifier",
            "cards",
            *(f"{rating.label} {name}" for name, _ in readings for rating in ratings),
        ),
        rows,
        note=f"A {'minus' if game.modifier_reading.minus_is_slower else 'plus'} moves toward "
        "V (slower), counted from the best letter. 'from best': a move toward A counts "
        "from the best letter too, so it gives the best letter. 'from both ends': it counts "
        "from the worst letter toward A. 0 and MAX give the best letter, MIN the worst, and "
        "every result is kept inside the rating.",
    )


def _letter_distributions(game: Blade) -> Figures:
    """Exact chance of each place in the rating, for one draw, under each reading."""
    widest = max(SEED_WORSTS) + 1
    rows = []
    for name, reading in _readings(game):
        for width in range(1, widest + 1):
            rating = Rating("", CLAIM_EVENT, 0, width - 1)
            chances = letter_distribution(reading, rating)
            mean = sum(letter * p for letter, p in chances.items())
            rows.append(
                (
                    name,
                    rating.label,
                    *(
                        f"{float(chances.get(place, 0)):.0%}" if place < width else ""
                        for place in range(widest)
                    ),
                    round(float(mean), 2),
                )
            )
    return Figures(
        "Letter distribution of one draw under each reading (exact, from the deck)",
        ("reading", "rating", *LETTERS[:widest], "mean letters after best"),
        tuple(rows),
        note="The same for any rating of that width: a rating B-D draws as A-C one letter on.",
    )


def _modifier_order(modifier: str) -> tuple[bool, int, str]:
    numeric = modifier.lstrip("-").isdigit()
    return (not numeric, int(modifier) if numeric else 0, modifier)


def _claims(game: Blade) -> tuple[Figures, list[Finding]]:
    """The rulebook's own claims, with exact base-time figures."""
    narrow, wide = (Rating("", CLAIM_EVENT, 0, worst) for worst in SEED_WORSTS)
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


ENDS_RACE = ("damaged_skate", "disqualified")


@dataclass(frozen=True)
class DrawChances:
    """Exact chances of one draw's middle number, counted over the deck's cards."""

    game: Blade

    def share(self, hit: Callable[[int], bool]) -> Fraction:
        deck = self.game.deck
        return Fraction(sum(hit(card.middle) for card in deck), len(deck))

    def mean(self, value: Callable[[int], Fraction]) -> Fraction:
        deck = self.game.deck
        return sum((value(card.middle) for card in deck), Fraction(0)) / len(deck)

    def outcome(self, stage: str, outcome: str) -> Fraction:
        return self.share(lambda n: lookup(self.game.stage_charts[stage], n) == outcome)

    def falls(self, fall_rating: int) -> Fraction:
        """A possible fall becoming a fall (FALL 1: a number ending in 1)."""
        if fall_rating == 1:
            return self.share(lambda n: n % 10 == 1)
        return self.share(lambda n: n <= fall_rating)

    def bonus(self, best: int) -> Fraction:
        """A fast start, good position or burst of speed paying off for a skater whose best
        letter is `best`, read as the Settings say."""
        return self.share(lambda n: self.game.bonus_counts(lookup(self.game.grade_draw, n), best))

    def hundredths(self) -> Fraction:
        """The mean of a trailing-digit draw, in seconds (stumbles and bonuses)."""
        return self.mean(lambda n: Fraction(n % 10, 100))

    def fall_time(self) -> Fraction:
        return self.mean(lambda n: Fraction(lookup(self.game.falls_chart, n)))

    def withdraws_after_fall(self) -> Fraction:
        """A fall's time draw ending in 0, then 'withdraws' on the injury table."""
        injured = self.share(lambda n: n % 10 == 0)
        return injured * self.share(lambda n: lookup(self.game.injury_table, n) == "withdraws")

    def stage_reached(self, fall_rating: int) -> dict[str, Fraction]:
        """The chance a skater is still racing at each stage."""
        reached, still = {}, Fraction(1)
        for stage in STAGES:
            reached[stage] = still
            out = (
                sum((self.outcome(stage, o) for o in ENDS_RACE), Fraction(0))
                + self.outcome(stage, "possible_fall")
                * self.falls(fall_rating)
                * self.withdraws_after_fall()
            )
            still *= 1 - out
        return reached


def _chart_outcomes(game: Blade) -> Figures:
    """Every stage-chart result: how often it comes up and what it does to the time."""
    draws = DrawChances(game)
    ratings = list(game.ratings.values())
    hundredths, fall_time = draws.hundredths(), draws.fall_time()
    # Per rated skater: (chance of still racing at each stage, of a bonus counting, of a fall).
    racers = [
        (
            draws.stage_reached(game.skaters[r.skater].fall_rating),
            draws.bonus(r.best),
            draws.falls(game.skaters[r.skater].fall_rating),
        )
        for r in ratings
    ]
    match = sum((m for _, m, _ in racers), Fraction(0)) / len(racers)
    falls = sum((f for _, _, f in racers), Fraction(0)) / len(racers)
    rows = []
    for stage in STAGES:
        for outcome in dict.fromkeys(span.value for span in game.stage_charts[stage]):
            chance = draws.outcome(stage, outcome)
            per_race = chance * sum((r[stage] for r, _, _ in racers), Fraction(0)) / len(racers)
            if outcome in BONUSES:
                effect = f"grade matches {float(match):.1%}: -{float(hundredths):.3f} s"
            elif outcome == "stumble":
                effect = f"+{float(hundredths):.3f} s"
            elif outcome == "possible_fall":
                effect = (
                    f"falls {float(falls):.1%}: +{float(fall_time):.1f} s, withdraws "
                    f"{float(draws.withdraws_after_fall()):.1%} of falls"
                )
            else:
                effect = "out of the race, no time" if outcome in ENDS_RACE else "none"
            seconds = (
                None
                if outcome in ENDS_RACE
                else sum(
                    (
                        r[stage] * chance * _seconds_when(outcome, m, f, hundredths, fall_time)
                        for r, m, f in racers
                    ),
                    Fraction(0),
                )
                / len(racers)
            )
            rows.append(
                (
                    STAGE_LABELS.get(stage, stage),
                    outcome.replace("_", " "),
                    f"{float(chance):.0%}",
                    f"{float(per_race):.2%}",
                    effect,
                    "-" if seconds is None else f"{float(seconds):+.4f}",
                )
            )
    event = game.events[CLAIM_EVENT]
    letter = event.world_record * event.letter_step
    return Figures(
        "Stage-chart results: frequency and effect on time (exact, from the deck and charts)",
        ("stage", "result", "per draw", "per skater-race", "when it comes up", "mean s per race"),
        tuple(rows),
        note="Per skater-race: the chance of the draw times the chance the skater is still "
        "racing at that stage, averaged over every rated skater in every event. Mean s per "
        "race: its expected effect on the official time. Each draw "
        "counts the deck's 100 middle numbers as equally likely (the deck is drawn without "
        "replacement, so draws within a race are slightly dependent); collisions need pairs "
        f"and come from play. For scale, one letter in the {event.name} is about "
        f"{letter:.2f} s.",
    )


# A chart rate more than this many times the real one, or less than its inverse, is "far".
FAR_FACTOR = 2
# The chart results a real rate is compared with (a fall comes from a possible fall).
REAL_OUTCOMES = {
    "disqualified": "disqualified",
    "damaged_skate": "damaged_skate",
    "fall": "possible_fall",
}
REAL_NOUNS = {
    "disqualified": "a disqualification",
    "damaged_skate": "a damaged skate",
    "fall": "a fall",
}


def _per_skater_race(game: Blade, draws: DrawChances, outcome: str) -> Fraction:
    """How often a skater's race ends in `outcome` (a RealRates outcome), over all stages,
    averaged over every rated skater in every event."""
    total = Fraction(0)
    for rating in game.ratings.values():
        fall_rating = game.skaters[rating.skater].fall_rating
        reached = draws.stage_reached(fall_rating)
        for stage in STAGES:
            chance = draws.outcome(stage, REAL_OUTCOMES[outcome])
            if outcome == "fall":
                chance *= draws.falls(fall_rating)
            total += reached[stage] * chance
    return total / len(game.ratings)


def _real_rates(game: Blade) -> tuple[Figures, list[Finding]]:
    """Each result the RealRates sheet measured in real racing, beside the charts' rate."""
    draws = DrawChances(game)
    rows, findings = [], []
    for real in game.real_rates:
        charted = _per_skater_race(game, draws, real.outcome)
        # Never seen in real racing: only a chart that never gives it is near.
        never = 1.0 if charted == 0 else math.inf
        ratio = float(charted) / real.rate if real.rate else never
        far = not 1 / FAR_FACTOR <= ratio <= FAR_FACTOR
        label = real.outcome.replace("_", " ")
        rows.append(
            (
                label,
                f"{float(charted):.2%}",
                f"{real.rate:.2%}",
                f"{real.count} of {real.starts}",
                real.source,
                "-" if math.isinf(ratio) else f"{ratio:.2f}",
                "far" if far else "near",
            )
        )
        if far:
            findings.append(
                _chart_cell(game, REAL_OUTCOMES[real.outcome]).finding(
                    Severity.WARNING,
                    "real-rate",
                    f"the charts give {REAL_NOUNS[real.outcome]} in {float(charted):.2%} of "
                    f"skater-races, far from the {real.rate:.2%} of real racing ({real.count} "
                    f"of {real.starts} starts, {real.source})",
                    value=round(float(charted) * 100, 2),
                    expected=f"between {real.rate / FAR_FACTOR:.2%} and "
                    f"{real.rate * FAR_FACTOR:.2%}",
                )
            )
    return Figures(
        "Stage-chart results against real World Cup racing (exact, from the deck and charts)",
        (
            "result",
            "charts, per skater-race",
            "real, per start",
            "real count",
            "source",
            "ratio",
            f"within x{FAR_FACTOR}",
        ),
        tuple(rows),
        note="Charts: every stage added up, a later stage counting only skaters still racing, "
        "averaged over every rated skater in every event; a fall is a possible fall that the "
        "FALL rating turns into one. Real: the RealRates sheet, counted from the sources the "
        f"data README names. 'far': more than {FAR_FACTOR} times the real rate, or less than "
        f"1/{FAR_FACTOR} of it.",
    ), findings


def _chart_cell(game: Blade, outcome: str) -> Location:
    """The widest range giving `outcome` on the stage charts, else the StageCharts sheet."""
    spans = [
        span for spans in game.stage_charts.values() for span in spans if span.value == outcome
    ]
    widest = max(spans, key=lambda span: span.last - span.first, default=None)
    if widest is None or widest.location is None:
        return game.sheets["StageCharts"]
    return widest.location


def _bonus_readings(game: Blade) -> Figures:
    """What a fast start, good position or burst of speed is worth under each reading of
    'equal to the given grade'."""
    rows = []
    for bonus_on_better_letter, name in ((False, "equal"), (True, "equal_or_better")):
        reading = replace(game, bonus_on_better_letter=bonus_on_better_letter)
        draws = DrawChances(reading)
        hundredths = draws.hundredths()
        counts, seconds = Fraction(0), Fraction(0)
        for rating in game.ratings.values():
            reached = draws.stage_reached(game.skaters[rating.skater].fall_rating)
            match = draws.bonus(rating.best)
            counts += match
            for stage in STAGES:
                for outcome in BONUSES:
                    seconds += reached[stage] * draws.outcome(stage, outcome) * match * hundredths
        mark = " (Settings)" if bonus_on_better_letter == game.bonus_on_better_letter else ""
        rows.append(
            (
                name + mark,
                f"{float(counts / len(game.ratings)):.1%}",
                f"-{float(hundredths):.3f} s",
                f"{-float(seconds / len(game.ratings)):+.4f}",
            )
        )
    event = game.events[CLAIM_EVENT]
    return Figures(
        "Fast start, good position, burst of speed: what a bonus is worth under each reading "
        "(exact)",
        ("bonus counts when", "grade draw pays off", "when it pays off", "mean s per race"),
        tuple(rows),
        note="'equal': the grade drawn is the skater's best letter, as the seed words it; "
        "'equal_or_better': the best letter is that grade or a better one. Averaged over every "
        "rated skater in every event; mean s per race adds up the three bonus results of the "
        f"charts. For scale, one letter in the {event.name} is about "
        f"{event.world_record * event.letter_step:.2f} s.",
    )


def _field_races(game: Blade) -> Figures:
    """How often a whole field's race sees each race-ending result or a fall."""
    draws = DrawChances(game)
    rows = []
    for event, entrants in game.field.items():
        chances: dict[str, list[Fraction]] = {"disqualified": [], "damaged skate": [], "fall": []}
        for skater in entrants:
            fall_rating = game.skaters[skater].fall_rating
            reached = draws.stage_reached(fall_rating)
            chances["disqualified"].append(
                sum((reached[s] * draws.outcome(s, "disqualified") for s in STAGES), Fraction(0))
            )
            chances["damaged skate"].append(
                sum((reached[s] * draws.outcome(s, "damaged_skate") for s in STAGES), Fraction(0))
            )
            chances["fall"].append(
                sum(
                    (
                        reached[s] * draws.outcome(s, "possible_fall") * draws.falls(fall_rating)
                        for s in STAGES
                    ),
                    Fraction(0),
                )
            )
        for result, per_skater in chances.items():
            none = Fraction(1)
            for chance in per_skater:
                none *= 1 - chance
            rows.append(
                (
                    game.events[event].name,
                    len(entrants),
                    result,
                    f"{float(sum(per_skater, Fraction(0))):.2f}",
                    f"{float(1 - none):.1%}",
                )
            )
    return Figures(
        "A field's race: race-ending results and falls (exact)",
        ("event", "skaters", "result", "expected per race", "races with at least one"),
        tuple(rows),
        note="The Field sheet's skaters, each draw independent; a skater's own falls only "
        "(collisions come from play).",
    )


def _seconds_when(
    outcome: str, bonus: Fraction, fall: Fraction, hundredths: Fraction, fall_time: Fraction
) -> Fraction:
    """Mean seconds a result puts on the official time when it comes up, for a racer whose
    bonus counts with chance `bonus` and whose possible fall is a fall with chance `fall`."""
    if outcome in BONUSES:
        return -bonus * hundredths
    if outcome == "stumble":
        return hundredths
    if outcome == "possible_fall":
        return fall * fall_time
    return Fraction(0)


def _falls_by_rating(game: Blade) -> Figures:
    """A skater's own falls per race by FALL rating (collisions aside)."""
    draws = DrawChances(game)
    withdraw = draws.withdraws_after_fall()
    counts = Counter(s.fall_rating for s in game.skaters.values())
    rows = []
    for fall_rating in sorted(counts):
        reached = draws.stage_reached(fall_rating)
        falls = sum(
            (
                reached[stage] * draws.outcome(stage, "possible_fall") * draws.falls(fall_rating)
                for stage in STAGES
            ),
            Fraction(0),
        )
        rows.append(
            (
                fall_rating,
                counts[fall_rating],
                f"{float(falls):.2%}",
                f"{float(falls * withdraw):.3%}",
            )
        )
    return Figures(
        "Falls per race by FALL rating (exact)",
        ("FALL", "skaters", "falls per race", "withdraws after a fall"),
        tuple(rows),
        note="A skater's own falls from possible-fall results; a collision adds a fall for the "
        "pair partner and comes from play.",
    )


STAGE_LABELS = {"start": "start", "mid_race": "mid-race", "final_lap": "final lap"}


def _simulated_times(game: Blade, event: str, seed: int, workers: int) -> RaceTally:
    skaters = sorted(s for s, e in game.ratings if e == event)
    return play_races(game, event, skaters, RACES_PER_EVENT, seed, workers)


def _agreement(game: Blade, simulated: dict[str, RaceTally]) -> tuple[Figures, list[Finding]]:
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


def _winning_times(game: Blade, simulated: dict[str, RaceTally]) -> tuple[Figures, list[Finding]]:
    rows, findings = [], []
    low, high = WINNING_BAND
    for event, races in simulated.items():
        record = game.events[event].world_record
        mean = sum(races.winning) / len(races.winning)
        # The gap with its interval, so that `diff --check` can tell a move from noise.
        gaps = Mean.of([(winner / record - 1) * 100 for winner in races.winning])
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
