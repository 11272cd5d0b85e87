"""`authoring check biathlon`: what the rules prove about the cards and what play shows.

Shooting is five fair dice against a bib digit, so its odds are counted exactly. Balance
needs play: seeded races on every trail, as the Balance sheet sets them (players, races,
bot), with a warning at the biathlete's row for each trail where their win rate is clearly
outside the sheet's band around 1/N.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from authoring.findings import Finding, Severity
from authoring.games.biathlon.model import Biathlete, Biathlon, Card
from authoring.games.biathlon.race import BOTS, Bot
from authoring.games.biathlon.rules import HITS_MAX
from authoring.games.biathlon.search import Search
from authoring.games.biathlon.simulate import Field, band_test, band_words, play_field
from authoring.games.biathlon.trail import laps
from authoring.progress import tracked
from authoring.report import Figures, Report
from authoring.simulation import (
    AT_THE_EDGE,
    IN_BAND,
    OUT_OF_BAND,
    UNDECIDED,
    BandTest,
    Mean,
    Proportion,
    doubling_looks,
)

DIE_FACES = 6
BANDS = (("low", 0), ("medium", 3), ("high", 7))  # a pulse in each accuracy band


def check(game: Biathlon, seed: int, *, workers: int = 1) -> Report:
    report = Report(figures=[_shooting(game), lap_figures(game), _decks(game)])
    settings = game.balance
    judged = {}
    for course in tracked(game.courses, "trails raced"):
        greedy = _sequential(game, course, seed, workers)
        searched = _searched(game, course, seed, workers)
        judged[course] = (greedy, searched)
        report.figures.append(_verdicts(game, course, seed, greedy, searched))
        report.findings += _out_of_band(game, course, greedy)
        if searched is not None:
            report.findings += _out_of_band(game, course, searched)
    report.figures.append(_balance(game, judged))
    if settings.search_races_per_trail:
        report.figures.append(_flips(game, judged))
    return report


@dataclass(frozen=True)
class Judged:
    """A trail's races under one bot, and the test that judged them."""

    bot: str
    tally: Field
    test: BandTest

    def verdicts(self) -> dict[str, tuple[Proportion, str]]:
        return {
            b: (rate, self.test.verdict(rate))
            for b, rate in self.tally.win_rates(self.test).items()
        }


def _sequential(game: Biathlon, course: str, seed: int, workers: int) -> Judged:
    """The Balance sheet's bot in every seat, races added (doubling from `first_look`) while
    any biathlete's win rate is undecided, up to `races_per_trail`."""
    settings = game.balance
    bots = [BOTS[settings.bot]] * settings.players
    looks = doubling_looks(settings.first_look, settings.races_per_trail)
    test = band_test(settings, settings.players, looks=len(looks))
    tally = Field(settings.players)
    for size in looks:
        play_field(game, course, range(tally.races, size), seed, bots, workers=workers, tally=tally)
        rates = tally.win_rates(test).values()
        if all(test.verdict(rate) != UNDECIDED for rate in rates):
            break
    return Judged(settings.bot, tally, test)


def _searched(game: Biathlon, course: str, seed: int, workers: int) -> Judged | None:
    """The search bot in every seat, for the sheet's fixed number of races (one look: a
    search race costs a few hundred greedy ones)."""
    settings = game.balance
    if not settings.search_races_per_trail:
        return None
    bots: list[Bot] = [Search(settings.search_rollouts)] * settings.players
    races = settings.search_races_per_trail
    tally = play_field(game, course, races, seed, bots, workers=workers)
    return Judged(Search.name, tally, band_test(settings, settings.players))


def _verdicts(
    game: Biathlon, course: str, seed: int, greedy: Judged, searched: Judged | None
) -> Figures:
    settings = game.balance
    first = greedy.verdicts()
    second = searched.verdicts() if searched else {}
    header: tuple[str, ...] = (
        "biathlete",
        f"P(win), {greedy.bot}",
        f"{greedy.bot} verdict",
    )
    if searched:
        header += ("P(win), search", "search verdict", "with the bot")
    rows = []
    for biathlete, (rate, verdict) in first.items():
        row: tuple[object, ...] = (game.biathletes[biathlete].name, rate, verdict)
        if searched:
            other, other_verdict = second.get(biathlete, (None, UNDECIDED))
            row += (other if other else "-", other_verdict, verdict_change(verdict, other_verdict))
        rows.append(row)
    looks = doubling_looks(settings.first_look, settings.races_per_trail)
    how = (
        f"{greedy.tally.races} races of {settings.players} {greedy.bot} bots"
        + (f", {searched.tally.races} of search bots" if searched else "")
        + f", seed {seed}"
    )
    note = (
        "p [interval] n = races the biathlete entered. "
        f"{band_words(settings, greedy.test, settings.players)} "
        f"{greedy.bot.capitalize()}: races added while any rate was undecided, looking at "
        f"{', '.join(map(str, looks))} races, each look on a {greedy.test.confidence:.0%} "
        f"interval (95 % over the {len(looks)} looks); stopped at {greedy.tally.races}."
    )
    if searched:
        note += (
            f" Search ({settings.search_rollouts} rollouts a decision): one look at "
            f"{searched.tally.races} races, 95 % intervals. A verdict flips when both bots "
            f"decide and disagree."
        )
    return Figures(
        f"{game.courses[course].name}: win rate per biathlete ({how})",
        header,
        tuple(rows),
        note=note,
    )


def verdict_change(first: str, second: str) -> str:
    decided = (IN_BAND, OUT_OF_BAND)
    if first in decided and second in decided:
        return "same" if first == second else "FLIPS"
    return "-"


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


def _out_of_band(game: Biathlon, course: str, judged: Judged) -> list[Finding]:
    test = judged.test
    findings = []
    for biathlete_id, (rate, verdict) in judged.verdicts().items():
        if verdict == OUT_OF_BAND:
            biathlete: Biathlete = game.biathletes[biathlete_id]
            findings.append(
                (biathlete.location or game.sheets["Biathletes"]).finding(
                    Severity.WARNING,
                    "balance",
                    f"{biathlete.name} wins {rate} of the races of {judged.bot} bots on "
                    f"{game.courses[course].name} ({test.confidence:.0%} interval), clearly "
                    f"outside the band around 1/{judged.tally.players}: tune their cards or "
                    f"ratings",
                    value=round(rate.value, 3),
                    expected=f"{test.low:.3f}-{test.high:.3f} (1/{judged.tally.players} ± "
                    f"{game.balance.band:.0%})",
                )
            )
    return findings


def _balance(game: Biathlon, judged: dict[str, tuple[Judged, Judged | None]]) -> Figures:
    rows = []
    for course, (greedy, _) in judged.items():
        verdicts = Counter(verdict for _, verdict in greedy.verdicts().values())
        rows.append(
            (
                game.courses[course].name,
                greedy.tally.races,
                round(greedy.tally.gap(), 3),
                *(verdicts[v] for v in (IN_BAND, OUT_OF_BAND, AT_THE_EDGE, UNDECIDED)),
                Mean.of(greedy.tally.rounds),
            )
        )
    bot = game.balance.bot
    return Figures(
        f"Balance per trail ({bot} bots)",
        (
            "trail",
            "races",
            "largest win-rate gap",
            IN_BAND,
            OUT_OF_BAND.lower(),
            AT_THE_EDGE,
            UNDECIDED,
            "length in rounds",
        ),
        tuple(rows),
        note="Biathletes per verdict; races: the sample the verdicts were reached at.",
    )


def _flips(game: Biathlon, judged: dict[str, tuple[Judged, Judged | None]]) -> Figures:
    """Every biathlete the search sample decided otherwise than the sheet's bot."""
    decided = (IN_BAND, OUT_OF_BAND)
    rows = []
    for course, (greedy, searched) in judged.items():
        if searched is None:
            continue
        other = searched.verdicts()
        for biathlete, (rate, verdict) in greedy.verdicts().items():
            second_rate, second = other.get(biathlete, (None, UNDECIDED))
            if second_rate is not None and second in decided and verdict != second:
                rows.append(
                    (
                        game.courses[course].name,
                        game.biathletes[biathlete].name,
                        f"{rate.value:.3f} {verdict}",
                        f"{second_rate.value:.3f} {second}",
                        verdict_change(verdict, second),
                    )
                )
    return Figures(
        f"Verdicts the search bot changes ({game.balance.bot} against search)",
        ("trail", "biathlete", game.balance.bot, "search", "with the bot"),
        tuple(rows),
        note="Each biathlete whose win rate under search bots is decided (in or out of the "
        f"band) and differs from the {game.balance.bot} verdict. FLIPS: both decided, and "
        "they disagree; '-': the other bot's verdict is at the edge or undecided. No row: "
        "the search sample decided nothing the other bot did not.",
    )
