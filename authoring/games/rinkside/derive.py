"""Skater cards from stat lines (README §7.1-§7.2): `authoring derive rinkside` writes every
rating with a stat behind it, and fills a blank judgement rating with its default.

Rates are per 60 minutes of the skater's own ice time. A rating read off a rate standardises
it within the skater's position group (forwards, defence), against the mean and population
standard deviation of the group's skaters with 20 games or more, and maps the z to
`mid + spread * z`. Every rating is rounded half up (never to even) and clamped. The
constants part 2 will calibrate are all in `FORMULAS`, one row per rating.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from authoring.checks import Tables
from authoring.derive import Derivation, Group, Key, NotDerived, Proposal
from authoring.games.rinkside.model import (
    SKATER_RATINGS,
    Rinkside,
    Skater,
    StatLine,
    build_model,
)
from authoring.tables import Record

FORWARDS = ("LW", "C", "RW")
POPULATION_GP = 20  # games a skater needs to count in his group's mean and spread
FACEOFF_DRAWS = 100  # draws a centre needs for his faceoff percentage to be read
# Grades by points/60 rank over all skaters: the share of the league ranked above him.
GRADES = ((Fraction(15, 100), "A"), (Fraction(40, 100), "B"), (Fraction(70, 100), "C"))
LOWEST_GRADE = "D"
# Penalty minutes of one penalty of each kind (README §6.4).
PENALTY_MINUTES = {"pim_minor": 2, "double_minors": 4, "pim_major": 5, "pim_misconduct": 10}


@dataclass(frozen=True)
class Spread:
    """`mid + spread * z` for one position group."""

    mid: float
    spread: float


@dataclass(frozen=True)
class ByUnit:
    """A judgement default for each line (centres, wings) or pair (defence), first unit
    first."""

    centre: tuple[int, int, int, int]
    wing: tuple[int, int, int, int]
    defence: tuple[int, int, int]

    def of(self, skater: Skater) -> int:
        if skater.position == "C":
            return self.centre[skater.unit - 1]
        if skater.position in FORWARDS:
            return self.wing[skater.unit - 1]
        return self.defence[skater.unit - 1]


@dataclass(frozen=True)
class Formula:
    """One rating's constants: its scale (for the tolerance), clamp, the z mapping per
    group, a factor and offset for a rating read off a share or another rating, and a
    judgement default."""

    rating: str
    scale: str  # red, blue, 100 or grade: how far a card may stray before it matters
    low: int
    high: int
    forward: Spread | None = None
    defence: Spread | None = None
    factor: Fraction = Fraction(1)
    offset: int = 0
    default: ByUnit | None = None


FORMULAS: tuple[Formula, ...] = (
    # 5 + 20 * (FO% - 0.5) = 20 * FO% - 5; a centre with fewer draws gets the default.
    Formula(
        "faceoff",
        "red",
        1,
        10,
        factor=Fraction("20"),
        offset=-5,
        default=ByUnit((3,) * 4, (3,) * 4, (3,) * 3),
    ),
    Formula("offense", "blue", 2, 18, Spread(10, 3), Spread(8, 2.5)),
    Formula("grade", "grade", 0, 0),  # a letter by rank (GRADES): no clamp
    Formula("quality_shot", "red", 0, 8, Spread(3, 1.5), Spread(1, 1)),
    Formula("set_up", "red", 0, 8, Spread(3, 1.5), Spread(2, 1.5)),
    Formula("hqs", "blue", 0, 20),
    Formula("shot_target", "100", 40, 96),
    Formula("sniper", "100", 0, 40, factor=Fraction("1.5")),
    Formula("pp_sniper", "100", 0, 45, factor=Fraction("100")),
    Formula("sh_sniper", "100", 0, 40, factor=Fraction("100"), offset=-2),
    Formula(
        "breakout", "blue", 0, 20, default=ByUnit((11, 11, 11, 10), (9, 9, 9, 8), (14, 12, 10))
    ),
    Formula("head_man", "blue", 0, 20, offset=-6),
    Formula("forecheck_def", "blue", 4, 30, Spread(14, 4), Spread(10, 3)),
    Formula("forecheck_off", "blue", 4, 35, Spread(15, 5), Spread(9, 3)),
    Formula("defense", "red", 1, 9, Spread(4, 1.5), Spread(6, 1.5)),
    Formula("hit", "red", 0, 9, Spread(4, 2), Spread(4, 2)),
    Formula("big_hit", "red", 0, 10, factor=Fraction("0.4")),
    Formula("nz_hit", "red", 0, 10, factor=Fraction("0.6")),
    Formula("nz_big_hit", "red", 0, 10, factor=Fraction("0.5")),
    Formula("physical", "blue", 0, 20, factor=Fraction("1.5")),
    Formula("takeaway", "red", 0, 9, Spread(4, 1.5), Spread(3, 1.5)),
    Formula("o_battle", "red", 0, 10, default=ByUnit((5, 5, 6, 6), (5, 5, 6, 6), (4, 4, 4))),
    Formula(
        "d_battle", "blue", 0, 20, default=ByUnit((9, 9, 10, 10), (9, 9, 10, 10), (12, 12, 12))
    ),
    Formula("net", "red", 0, 10, default=ByUnit((5, 5, 4, 4), (5, 5, 4, 4), (2, 2, 2))),
    Formula("blocked_shot", "red", 0, 9, Spread(3, 1.5), Spread(6, 1.5)),
    Formula(
        "neutral", "blue", 0, 20, default=ByUnit((12, 11, 10, 9), (12, 11, 10, 9), (13, 12, 11))
    ),
    Formula(
        "pass", "100", 20, 95, default=ByUnit((75, 68, 62, 55), (75, 68, 62, 55), (70, 62, 55))
    ),
    Formula("initiate_rush", "red", 0, 10, default=ByUnit((5, 4, 3, 2), (5, 4, 3, 2), (3, 2, 2))),
    Formula("draw_penalty", "red", 0, 10, factor=Fraction("4")),
    Formula("commit_penalty", "red", 0, 10, factor=Fraction("4")),
    # 101 - 100 * the severe share of his penalties.
    Formula("secondary_penalty", "100", 50, 100, factor=Fraction("-100"), offset=101),
    Formula("agitator_enforcer", "red", 1, 6),
)
FORMULA = {formula.rating: formula for formula in FORMULAS}
# The ratings no stat speaks to: a designer's value is kept, a blank gets the default.
JUDGEMENT = (
    "breakout",
    "head_man",
    "o_battle",
    "d_battle",
    "net",
    "neutral",
    "pass",
    "initiate_rush",
)
# How far a card may stray from its derived value, per scale, before the change matters
# (README §1.1's derive tolerances, until a Settings sheet holds them).
TOLERANCE = {"red": 1, "blue": 2, "100": 5, "grade": 0}
# Target numbers that are doubles go wide whatever the rating: T on-target numbers are T
# less the doubles 55, 66, 77 and 88 at or below it (README §7.1).
WIDE_DOUBLES = (55, 66, 77, 88)


def round_half_up(value: Fraction | float) -> int:
    """`floor(v + 1/2)`: 2.5 is 3, never Python's round-to-even 2."""
    return math.floor(value + Fraction(1, 2))


def clamp(value: int, low: int, high: int) -> int:
    return max(low, min(high, value))


def minutes(toi: str) -> Fraction:
    """'19:40' as 59/3 minutes."""
    whole, seconds = toi.split(":")
    return int(whole) + Fraction(int(seconds), 60)


def per_60(line: StatLine, count: int | Fraction) -> Fraction:
    """A season count per 60 minutes of the skater's ice time, exactly."""
    hours = Fraction(line["gp"]) * minutes(line["toi_per_gp"]) / 60
    return Fraction(count) / hours


def is_forward(skater: Skater) -> bool:
    return skater.position in FORWARDS


# The rates z-rated ratings read, from a stat line.
RATES: dict[str, Callable[[StatLine], Fraction]] = {
    "offense": lambda s: per_60(s, s["g"] + s["a"]),
    "quality_shot": lambda s: per_60(s, s["g"]),
    "set_up": lambda s: per_60(s, s["a"]),
    "forecheck_def": lambda s: per_60(s, s["takeaways"] + Fraction(3, 10) * s["hits"]),
    "forecheck_off": lambda s: per_60(s, s["hits"] + s["takeaways"]),
    "defense": lambda s: per_60(s, s["takeaways"] + s["blocks"] - Fraction(1, 2) * s["giveaways"]),
    "hit": lambda s: per_60(s, s["hits"]),
    "takeaway": lambda s: per_60(s, s["takeaways"]),
    "blocked_shot": lambda s: per_60(s, s["blocks"]),
}


@dataclass(frozen=True)
class League:
    """Each z-rated rate's mean and population sd per group (forwards: True)."""

    moments: dict[tuple[str, bool], tuple[float, float]]
    # Every rated skater's points/60, for the grades.
    points: dict[str, Fraction]

    def z(self, rating: str, skater: Skater, line: StatLine) -> float:
        mean, sd = self.moments[(rating, is_forward(skater))]
        return (float(RATES[rating](line)) - mean) / sd if sd else 0.0

    def grade(self, skater_id: str) -> str:
        mine = self.points[skater_id]
        above = Fraction(sum(other > mine for other in self.points.values()), len(self.points))
        return next((grade for share, grade in GRADES if above < share), LOWEST_GRADE)


def league_of(skaters: Mapping[str, Skater], lines: Mapping[str, StatLine]) -> League:
    rated = {i: lines[i] for i in skaters if i in lines and derivable(lines[i])}
    moments = {}
    for rating, rate in RATES.items():
        for forward in (True, False):
            values = [
                float(rate(line))
                for i, line in rated.items()
                if is_forward(skaters[i]) == forward and line["gp"] >= POPULATION_GP
            ]
            moments[(rating, forward)] = (
                (statistics.fmean(values), statistics.pstdev(values)) if values else (0.0, 0.0)
            )
    return League(moments, {i: RATES["offense"](line) for i, line in rated.items()})


def derivable(line: StatLine) -> bool:
    """A season with ice time: rates per 60 need both games and minutes."""
    return line["gp"] > 0 and minutes(line["toi_per_gp"]) > 0


def shot_target(sog: int, missed: int) -> int:
    """The smallest T whose on-target numbers (T less the wide doubles at or below it)
    reach the skater's on-target share of his shots: u = .71 gives 73."""
    formula = FORMULA["shot_target"]
    if sog + missed == 0:
        return formula.low
    share = Fraction(sog, sog + missed)
    for target in range(formula.low, formula.high + 1):
        on_target = target - sum(double <= target for double in WIDE_DOUBLES)
        if Fraction(on_target, 100) >= share:
            return target
    return formula.high


def agitator_enforcer(skater: Skater, line: StatLine) -> int:
    fights = line["fights"]
    if fights >= 8:
        return 1
    if fights >= 4:
        return 2
    if skater.role == "agitator" or fights >= 2:
        return 3
    if fights == 1:
        return 4
    penalty_minutes = sum(line[column] * each for column, each in PENALTY_MINUTES.items())
    return 5 if Fraction(penalty_minutes, line["gp"]) >= Fraction(1, 2) else 6


def skater_card(
    skater: Skater, line: StatLine, league: League, judgement: Mapping[str, int]
) -> dict[str, int | str]:
    """The 32 ratings of a skater's card from his stat line; `judgement` holds the
    designer's values of the ratings with no stat, kept as they are."""
    card: dict[str, int | str] = {}

    def put(rating: str, value: int, high: int | None = None) -> int:
        formula = FORMULA[rating]
        card[rating] = clamp(value, formula.low, formula.high if high is None else high)
        return int(card[rating])

    def scaled(rating: str, amount: Fraction | int) -> int:
        formula = FORMULA[rating]
        return round_half_up(formula.offset + formula.factor * amount)

    def judged(rating: str, default: int) -> int:
        if rating in judgement:
            card[rating] = judgement[rating]
            return judgement[rating]
        return put(rating, default)

    for rating in RATES:
        spread = FORMULA[rating].forward if is_forward(skater) else FORMULA[rating].defence
        assert spread is not None
        put(rating, round_half_up(spread.mid + spread.spread * league.z(rating, skater, line)))
    offense = int(card["offense"])
    put("quality_shot", int(card["quality_shot"]), min(offense, FORMULA["quality_shot"].high))
    put("set_up", int(card["set_up"]), min(offense, FORMULA["set_up"].high))

    draws = (line["fow"] or 0) + (line["fol"] or 0)
    faceoff = FORMULA["faceoff"]
    assert faceoff.default is not None
    put(
        "faceoff",
        scaled("faceoff", Fraction(line["fow"], draws))
        if draws >= FACEOFF_DRAWS
        else faceoff.default.of(skater),
    )
    card["grade"] = league.grade(skater.skater_id)
    goals, assists, sog = line["g"], line["a"], line["sog"]
    put(
        "hqs",
        round_half_up(Fraction(offense * goals, goals + assists)) if goals + assists else 0,
        offense,
    )
    target = put("shot_target", shot_target(sog, line["missed"]))
    scoring = Fraction(goals, sog) if sog else Fraction(0)
    sniper = put("sniper", scaled("sniper", target * scoring), target)
    power_play = Fraction(line["ppg"], sog) if sog else Fraction(0)
    short_handed = Fraction(line["shg"], sog) if sog else Fraction(0)
    put("pp_sniper", sniper + scaled("pp_sniper", power_play), target)
    put("sh_sniper", sniper + scaled("sh_sniper", short_handed), target)

    for rating in ("breakout", "o_battle", "d_battle", "net", "neutral", "pass", "initiate_rush"):
        default = FORMULA[rating].default
        assert default is not None
        judged(rating, default.of(skater))
    breakout = int(card["breakout"])
    judged("head_man", max(0, breakout + FORMULA["head_man"].offset))

    hit = int(card["hit"])
    big_hit = put("big_hit", scaled("big_hit", hit), hit)
    nz_hit = put("nz_hit", min(int(card["defense"]), scaled("nz_hit", hit)))
    put("nz_big_hit", min(nz_hit, scaled("nz_big_hit", big_hit)))
    put("physical", min(int(card["d_battle"]), scaled("physical", hit)))

    put("draw_penalty", scaled("draw_penalty", per_60(line, line["penalties_drawn"])))
    put("commit_penalty", scaled("commit_penalty", per_60(line, line["pim_minor"])))
    severe = line["pim_major"] + line["pim_misconduct"] + line["double_minors"]
    share = Fraction(severe, max(1, line["pim_minor"] + severe))
    put("secondary_penalty", scaled("secondary_penalty", share))
    put("agitator_enforcer", agitator_enforcer(skater, line))
    return {rating: card[rating] for rating in SKATER_RATINGS}


def designer_judgement(record: Record | None) -> dict[str, int]:
    """The judgement ratings a designer has set on the card's row (valid, not blank)."""
    if record is None:
        return {}
    return {
        rating: record[rating]
        for rating in JUDGEMENT
        if record.ok(rating) and record.get(rating) is not None
    }


def derive_cards(
    game: Rinkside, rows: Mapping[str, Record | None]
) -> dict[str, dict[str, int | str]]:
    """Every derivable skater's card, keeping the designer's judgement values in `rows`."""
    league = league_of(game.skaters, game.skater_stats)
    return {
        skater_id: skater_card(
            skater, game.skater_stats[skater_id], league, designer_judgement(rows.get(skater_id))
        )
        for skater_id, skater in game.skaters.items()
        if skater_id in game.skater_stats and derivable(game.skater_stats[skater_id])
    }


def strays(rating: str, was: object, now: int | str) -> bool:
    """Whether a card value lies beyond the tolerance of its scale from the derived one."""
    if not isinstance(was, int) or isinstance(now, str):
        return was != now
    return abs(was - now) > TOLERANCE[FORMULA[rating].scale]


# --- `authoring derive rinkside`: the SkaterCards sheet from the stat lines ----------------------


def propose(tables: Tables, on_sheet: Mapping[Key, Sequence[Record]]) -> Proposal:
    """A card for every skater with a season; the designer's judgement ratings are kept. A
    change matters when a rating moves beyond its scale's tolerance (README §1.1)."""
    game = build_model(tables)
    rows = {str(key[0]): records[0] for key, records in on_sheet.items()}
    cards = derive_cards(game, rows)
    groups = []
    for skater_id, card in cards.items():
        record = rows.get(skater_id)
        line = game.skater_stats[skater_id]
        kept = sorted(designer_judgement(record))
        evidence = f"his {line['gp']}-game season at {line['toi_per_gp']} a game"
        evidence += (
            f"; judgement ratings kept: {', '.join(kept)}"
            if kept
            else "; judgement ratings at their defaults"
        )
        moved = record is None or any(
            strays(rating, record.get(rating), card[rating]) for rating in SKATER_RATINGS
        )
        groups.append(
            Group(
                key=(skater_id,),
                label=f"{game.skaters[skater_id].name} ({skater_id})",
                rows=({"skater_id": skater_id, **card},),
                was=_summary(record.values if record is not None else None),
                now=_summary(card),
                evidence=evidence,
                matters=moved,
            )
        )
    unsupported = [skater_id for skater_id in [*rows, *game.skaters] if skater_id not in cards]
    return Proposal(
        groups=tuple(groups),
        not_derived=tuple(
            NotDerived((skater_id,), skater_id, _why_not(game, skater_id))
            for skater_id in dict.fromkeys(unsupported)
        ),
        tolerance=(
            "a rating more than "
            + ", ".join(
                f"{points} on the {scale} scale"
                for scale, points in TOLERANCE.items()
                if scale != "grade"
            )
            + " from the derived card, or another grade"
        ),
    )


def _summary(values: Mapping[str, object] | None) -> str:
    """A card in a few words: its offense, grade, target and sniper."""
    if values is None:
        return ""
    return " ".join(
        f"{label} {values.get(rating)}"
        for label, rating in (
            ("OFF", "offense"),
            ("GR", "grade"),
            ("TGT", "shot_target"),
            ("SNP", "sniper"),
        )
    )


def _why_not(game: Rinkside, skater_id: str) -> str:
    if skater_id not in game.skaters:
        return f"skater {skater_id} is not on sheet Skaters"
    if skater_id not in game.skater_stats:
        return f"{skater_id} has no row on SkaterStats"
    return f"{skater_id}'s season has no games or no ice time to rate per 60 minutes"


DERIVATION = Derivation(
    writes="SkaterCards",
    reads=("Skaters", "SkaterStats"),
    key=("skater_id",),
    noun="card",
    propose=propose,
)
