"""Skater and goalie cards from stat lines (README §7): `authoring derive rinkside` writes
every rating with a stat behind it on SkaterCards and GoalieCards, and fills a blank
judgement rating with its default.

Rates are per 60 minutes of the skater's own ice time. A rating read off a rate standardises
it within the skater's position group (forwards, defence), against the mean and population
standard deviation of the group's skaters with 20 games or more, and maps the z to
`mid + spread * z`. Every rating is rounded half up (never to even) and clamped. The
constants part 2 will calibrate are all in `FORMULAS`, one row per rating.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from authoring.checks import Tables
from authoring.derive import Derivation, Group, Key, NotDerived, Proposal, Written
from authoring.findings import Finding, Severity
from authoring.games.rinkside.model import (
    GOALIE_RATINGS,
    SKATER_RATINGS,
    Named,
    Rinkside,
    Settings,
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
    Formula("quality_shot", "red", 0, 8, Spread(3.5, 1.5), Spread(2, 1)),
    Formula("set_up", "red", 0, 8, Spread(3.5, 1.5), Spread(3, 1.5)),
    Formula("hqs", "blue", 0, 20),
    Formula("shot_target", "100", 40, 96),
    Formula("sniper", "100", 0, 40, factor=Fraction("0.5")),
    Formula("pp_sniper", "100", 0, 45, factor=Fraction("2500")),
    Formula("sh_sniper", "100", 0, 40, factor=Fraction("100"), offset=-2),
    Formula(
        "breakout", "blue", 0, 20, default=ByUnit((11, 11, 11, 10), (9, 9, 9, 8), (14, 12, 10))
    ),
    Formula("head_man", "blue", 0, 20, offset=-6),
    Formula("forecheck_def", "blue", 4, 30, Spread(14, 4), Spread(10, 3)),
    Formula("forecheck_off", "blue", 4, 35, Spread(15, 5), Spread(9, 3)),
    Formula("defense", "red", 1, 9, Spread(4, 1.5), Spread(6, 1.5)),
    Formula("hit", "red", 0, 9, Spread(6, 2), Spread(6, 2)),
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
    Formula("draw_penalty", "red", 0, 10, factor=Fraction("3")),
    Formula("commit_penalty", "red", 0, 10, factor=Fraction("3")),
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
    # Every rated skater's shots on goal/60, for the grades: the grade names who takes the
    # shot a set-up makes (L268), so it ranks the league's shooters (README §11.20).
    shooting: dict[str, Fraction]

    def z(self, rating: str, skater: Skater, line: StatLine) -> float:
        mean, sd = self.moments[(rating, is_forward(skater))]
        return (float(RATES[rating](line)) - mean) / sd if sd else 0.0

    def grade(self, skater_id: str) -> str:
        mine = self.shooting[skater_id]
        above = Fraction(sum(other > mine for other in self.shooting.values()), len(self.shooting))
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
    return League(moments, {i: per_60(line, line["sog"]) for i, line in rated.items()})


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
        ceiling = formula.high if high is None else min(formula.high, high)
        card[rating] = clamp(value, formula.low, ceiling)
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
    # A fight's major is the fight rules' (L1206-L1250), not a called penalty turning severe.
    fought = min(line["pim_major"], line["fights"])
    severe = line["pim_major"] - fought + line["pim_misconduct"] + line["double_minors"]
    share = Fraction(severe, max(1, line["pim_minor"] + severe))
    put("secondary_penalty", scaled("secondary_penalty", share))
    put("agitator_enforcer", agitator_enforcer(skater, line))
    return {rating: card[rating] for rating in SKATER_RATINGS}


def designer_judgement(record: Record | None, ratings: Sequence[str] = JUDGEMENT) -> dict[str, int]:
    """The judgement ratings a designer has set on the card's row (valid, not blank)."""
    if record is None:
        return {}
    return {
        rating: record[rating]
        for rating in ratings
        if record.ok(rating) and record.get(rating) is not None
    }


def derive_cards(
    game: Rinkside, judgements: Mapping[str, Mapping[str, int]]
) -> dict[str, dict[str, int | str]]:
    """Every derivable skater's card, keeping the designer's judgement values (by skater)."""
    league = league_of(game.skaters, game.skater_stats)
    return {
        skater_id: skater_card(
            skater, game.skater_stats[skater_id], league, judgements.get(skater_id, {})
        )
        for skater_id, skater in game.skaters.items()
        if skater_id in game.skater_stats and derivable(game.skater_stats[skater_id])
    }


def strays(scale: str, was: object, now: int | str, settings: Settings) -> bool:
    """Whether a card value lies beyond the Settings tolerance of its scale from the
    derived one (a grade, or a value that is no number, must match)."""
    if not isinstance(was, int) or isinstance(now, str):
        return was != now
    return abs(was - now) > settings.tolerance(scale)


# --- Goalie cards (README §7.3) -----------------------------------------------------------------


@dataclass(frozen=True)
class GoalieFormula:
    """One goalie column's constants: its scale (for the tolerance), its clamp, and the
    value a formula starts from or a judgement default."""

    rating: str
    scale: str
    low: int
    high: int
    base: int = 0


# The save numbers' N = 100 (s - GS/20) / (1 - GS/20) reads these save-% columns.
SAVE_NUMBER_STATS = {
    "save_green": ("sv_high", "sa_high"),
    "save_blue": ("sv_med", "sa_med"),
    "save_black": ("sv_low", "sa_low"),
    "sht": ("sv_sh", "sa_sh"),
}
GREAT_SAVE_EDGE = Fraction(10, 1000)  # sv% this far above the league's earns GS 2
GOALIE_RATING_SLOPE = 1000  # goalie_rating points per 1.000 of sv% above the league's
SHOOTOUT_BREAKAWAYS = 10  # breakaways a goalie needs for his shootout to be read
SCRAMBLE_Z = 1  # sv_high z at which scramble and recover rise
SCRAMBLE_BONUS = 2
EASY_REBOUND_RC = 16  # RC at which an easy save never leaves a rebound shot
GOALIE_FORMULAS: tuple[GoalieFormula, ...] = (
    # base: points the engine's play asks of a save number beyond the class's save % (the
    # sniper's shot no big save stops, open nets after scrambles): calibrated in README §11.17,
    # §11.18 and §11.23.
    GoalieFormula("save_green", "100", 60, 99, base=6),
    GoalieFormula("save_blue", "100", 60, 99, base=3),
    GoalieFormula("save_black", "100", 60, 99, base=3),
    GoalieFormula("great_save", "blue", 0, 5, base=1),
    GoalieFormula("big_good", "blue", 0, 10, base=2),  # GS + base
    GoalieFormula("big_very_good", "blue", 0, 10, base=3),
    GoalieFormula("big_great", "blue", 0, 10, base=4),
    GoalieFormula("goalie_rating", "100", 40, 95, base=70),
    GoalieFormula("sht", "100", 60, 99),
    GoalieFormula("shootout", "100", 40, 90, base=65),  # the default under 10 breakaways
    GoalieFormula("easy_cover", "red", -1, 9, base=-11),  # RC + base
    GoalieFormula("easy_corner", "red", -1, 9, base=8),
    GoalieFormula("easy_rebound", "red", -1, 9, base=8),  # 9 from RC 16
    GoalieFormula("diff_cover", "red", -1, 9, base=-14),  # RC + base
    GoalieFormula("diff_corner", "red", -1, 9, base=-8),  # RC + base
    GoalieFormula("diff_rebound", "red", -1, 9, base=9),
    # Save type by style; no sheet gives a goalie's style, so every default is a
    # butterfly's (a stand-up goalie's 2, 4, 6 is the designer's to type).
    GoalieFormula("type_glove", "red", 1, 9, base=3),
    GoalieFormula("type_pad", "red", -1, 9, base=6),
    GoalieFormula("type_blocker", "red", -1, 9, base=8),
    GoalieFormula("rebound_control", "blue", 10, 20, base=26),  # base - rebounds per 100 saves
    GoalieFormula("scramble", "blue", 0, 20, base=10),
    GoalieFormula("recover", "blue", 0, 20, base=8),
    GoalieFormula("play_puck", "red", 0, 10, base=5),
    GoalieFormula("control_puck", "red", 0, 10, base=3),
    GoalieFormula("penalty", "red", 1, 10, base=1),  # base + 10 x PIM a game
)
GOALIE_FORMULA = {formula.rating: formula for formula in GOALIE_FORMULAS}
# The goalie columns no stat speaks to: a designer's value is kept, a blank gets the default.
GOALIE_JUDGEMENT = ("type_glove", "type_pad", "type_blocker", "play_puck", "control_puck")


def save_number(share: Fraction, great_save: int) -> int:
    """The colour number N whose saves plus great saves after a goal give the save % s:
    N/100 + (1 - N/100) GS/20 = s."""
    rescue = Fraction(great_save, 20)
    return round_half_up(100 * (share - rescue) / (1 - rescue))


@dataclass(frozen=True)
class GoalieLeague:
    """The league's save % (all goalies' saves over their shots) and the mean and
    population sd of the goalies' high-danger save %."""

    save_share: Fraction
    high_mean: float
    high_sd: float

    def high_z(self, line: StatLine) -> float:
        if not line["sa_high"] or not self.high_sd:
            return 0.0
        return (float(Fraction(line["sv_high"], line["sa_high"])) - self.high_mean) / self.high_sd


def goalie_shots(line: StatLine) -> tuple[int, int]:
    """A season's saves and shots, summed over the danger classes."""
    saves = sum(line[f"sv_{danger}"] for danger in ("high", "med", "low"))
    shots = sum(line[f"sa_{danger}"] for danger in ("high", "med", "low"))
    return saves, shots


def goalie_league_of(lines: Mapping[str, StatLine]) -> GoalieLeague:
    seasons = [goalie_shots(line) for line in lines.values()]
    shots = sum(total for _, total in seasons)
    highs = [
        float(Fraction(line["sv_high"], line["sa_high"]))
        for line in lines.values()
        if line["sa_high"]
    ]
    return GoalieLeague(
        Fraction(sum(saves for saves, _ in seasons), shots) if shots else Fraction(0),
        statistics.fmean(highs) if highs else 0.0,
        statistics.pstdev(highs) if highs else 0.0,
    )


def goalie_card(
    line: StatLine, league: GoalieLeague, judgement: Mapping[str, int]
) -> dict[str, int]:
    """The 25 columns of a goalie's card from his stat line (README §7.3); `judgement` holds
    the designer's save-type and puck-handling values, kept as they are."""
    card: dict[str, int] = {}

    def put(
        rating: str, value: int | Fraction, low: int | None = None, high: int | None = None
    ) -> int:
        formula = GOALIE_FORMULA[rating]
        floor = formula.low if low is None else max(formula.low, low)
        ceiling = formula.high if high is None else min(formula.high, high)
        card[rating] = clamp(round_half_up(value), floor, ceiling)
        return card[rating]

    def base(rating: str) -> int:
        return GOALIE_FORMULA[rating].base

    saves, shots = goalie_shots(line)
    share = Fraction(saves, shots) if shots else league.save_share
    great = put("great_save", base("great_save") + (share >= league.save_share + GREAT_SAVE_EDGE))

    def colour(rating: str, low: int | None = None, high: int | None = None) -> int:
        """A save number from its class's save %, the league's when he faced none."""
        saved, faced = SAVE_NUMBER_STATS[rating]
        class_share = Fraction(line[saved], line[faced]) if line[faced] else league.save_share
        return put(rating, save_number(class_share, great) + base(rating), low, high)

    green = colour("save_green")
    blue = colour("save_blue", low=green)
    black = colour("save_black", low=blue)
    colour("sht", low=green, high=black)
    for rating in ("big_good", "big_very_good", "big_great"):
        put(rating, great + base(rating))
    put("goalie_rating", base("goalie_rating") + GOALIE_RATING_SLOPE * (share - league.save_share))
    breakaways = line["breakaway_sa"]
    put(
        "shootout",
        100 * Fraction(line["breakaway_sv"], breakaways)
        if breakaways >= SHOOTOUT_BREAKAWAYS
        else base("shootout"),
    )
    per_100 = 100 * Fraction(line["rebounds"], saves) if saves else Fraction(0)
    control = put("rebound_control", base("rebound_control") - per_100)

    # Each cut at or below the next one, and the difficult column never kinder than the easy.
    easy_rebound = put("easy_rebound", base("easy_rebound") + (control >= EASY_REBOUND_RC))
    easy_corner = put("easy_corner", base("easy_corner"), high=easy_rebound)
    easy_cover = put("easy_cover", control + base("easy_cover"), high=easy_corner)
    diff_rebound = put("diff_rebound", base("diff_rebound"), high=easy_rebound)
    diff_corner = put(
        "diff_corner", control + base("diff_corner"), high=min(diff_rebound, easy_corner)
    )
    put("diff_cover", control + base("diff_cover"), high=min(diff_corner, easy_cover))

    for rating in GOALIE_JUDGEMENT:
        card[rating] = judgement[rating] if rating in judgement else base(rating)
    bonus = SCRAMBLE_BONUS if league.high_z(line) >= SCRAMBLE_Z else 0
    put("scramble", base("scramble") + bonus)
    put("recover", base("recover") + bonus)
    gp = line["gp"]
    put("penalty", base("penalty") + (10 * Fraction(line["pim"], gp) if gp else 0))
    return {rating: card[rating] for rating in GOALIE_RATINGS}


def goalie_cards(
    game: Rinkside, judgements: Mapping[str, Mapping[str, int]]
) -> dict[str, dict[str, int]]:
    """Every goalie's card from his stat line, keeping the designer's judgement values."""
    league = goalie_league_of(game.goalie_stats)
    return {
        goalie_id: goalie_card(game.goalie_stats[goalie_id], league, judgements.get(goalie_id, {}))
        for goalie_id in game.goalies
        if goalie_id in game.goalie_stats
    }


# --- validate: a card cell beyond the tolerance from its derived value --------------------------


def derived_differences(game: Rinkside) -> Iterator[Finding]:
    """A warning at every card cell that lies beyond the Settings tolerance of its scale from
    the value derive gives it, naming both (the judgement ratings are the designer's)."""
    skaters = derive_cards(
        game,
        {i: {r: int(card[r]) for r in JUDGEMENT} for i, card in game.skater_cards.items()},
    )
    goalies = goalie_cards(
        game, {i: {r: card[r] for r in GOALIE_JUDGEMENT} for i, card in game.goalie_cards.items()}
    )
    sheets = (
        ("skater", game.skater_cards, skaters, {f.rating: f.scale for f in FORMULAS}, JUDGEMENT),
        (
            "goalie",
            game.goalie_cards,
            goalies,
            {f.rating: f.scale for f in GOALIE_FORMULAS},
            GOALIE_JUDGEMENT,
        ),
    )
    for noun, cards, derived, scales, judged in sheets:
        for player_id, card in cards.items():
            if player_id not in derived:
                continue
            for rating, now in derived[player_id].items():
                was = card.ratings[rating]
                if rating in judged or not strays(scales[rating], was, now, game.settings):
                    continue
                scale = scales[rating]
                allowed = (
                    f"within {game.settings.tolerance(scale)} on the {scale} scale"
                    if scale in ("red", "blue", "100")
                    else "the same"
                )
                yield card.cells[rating].finding(
                    Severity.WARNING,
                    "derived-rating",
                    f"{player_id}'s {rating} is {was} on his {noun} card, but his stat line "
                    f"derives {now}",
                    field=rating,
                    value=was,
                    expected=f"{allowed} of {now}",
                )


# --- `authoring derive rinkside`: SkaterCards and GoalieCards from the stat lines ----------------


def propose_skaters(tables: Tables, on_sheet: Mapping[Key, Sequence[Record]]) -> Proposal:
    """A card for every skater with a season; the designer's judgement ratings are kept. A
    change matters when a rating moves beyond its scale's tolerance (README §1.1)."""
    game = build_model(tables)
    rows = {str(key[0]): records[0] for key, records in on_sheet.items()}
    judgements = {i: designer_judgement(record) for i, record in rows.items()}

    def evidence(skater_id: str) -> str:
        line = game.skater_stats[skater_id]
        season = f"his {line['gp']}-game season at {line['toi_per_gp']} a game"
        return season + _kept(judgements.get(skater_id, {}), "ratings")

    return _proposal(
        game,
        rows,
        derive_cards(game, judgements),
        id_field="skater_id",
        players=game.skaters,
        scales={rating: FORMULA[rating].scale for rating in SKATER_RATINGS},
        evidence=evidence,
        summary=_summary,
        why_not=_why_not,
        tolerance=f"a rating more than {_tolerances(game)} from the derived card, or another grade",
    )


def propose_goalies(tables: Tables, on_sheet: Mapping[Key, Sequence[Record]]) -> Proposal:
    """A card for every goalie with a season (README §7.3); the designer's save types and puck
    handling are kept. A change matters when a column moves beyond its scale's tolerance."""
    game = build_model(tables)
    rows = {str(key[0]): records[0] for key, records in on_sheet.items()}
    judgements = {i: designer_judgement(record, GOALIE_JUDGEMENT) for i, record in rows.items()}

    def evidence(goalie_id: str) -> str:
        line = game.goalie_stats[goalie_id]
        saves, shots = goalie_shots(line)
        season = f"his {line['gp']}-game season, {saves} saves on {shots} shots"
        return season + _kept(judgements.get(goalie_id, {}), "columns")

    return _proposal(
        game,
        rows,
        goalie_cards(game, judgements),
        id_field="goalie_id",
        players=game.goalies,
        scales={rating: GOALIE_FORMULA[rating].scale for rating in GOALIE_RATINGS},
        evidence=evidence,
        summary=_goalie_summary,
        why_not=_goalie_why_not,
        tolerance=f"a goalie column more than {_tolerances(game)} from the derived card",
    )


def _proposal(
    game: Rinkside,
    rows: Mapping[str, Record],
    cards: Mapping[str, Mapping[str, int | str]],
    *,
    id_field: str,
    players: Mapping[str, Named],
    scales: Mapping[str, str],
    evidence: Callable[[str], str],
    summary: Callable[[Mapping[str, object] | None], str],
    why_not: Callable[[Rinkside, str], str],
    tolerance: str,
) -> Proposal:
    """The derived cards against the sheet's rows: a group a card, which matters when a
    value strays beyond its scale's tolerance, and every player on the sheet or the roster
    who has no card, with why."""
    groups = []
    for player_id, card in cards.items():
        record = rows.get(player_id)
        moved = record is None or any(
            strays(scale, record.get(rating), card[rating], game.settings)
            for rating, scale in scales.items()
        )
        groups.append(
            Group(
                key=(player_id,),
                label=f"{players[player_id].name} ({player_id})",
                rows=({id_field: player_id, **card},),
                was=summary(record.values if record is not None else None),
                now=summary(card),
                evidence=evidence(player_id),
                matters=moved,
            )
        )
    unsupported = [player_id for player_id in [*rows, *players] if player_id not in cards]
    return Proposal(
        groups=tuple(groups),
        not_derived=tuple(
            NotDerived((player_id,), player_id, why_not(game, player_id))
            for player_id in dict.fromkeys(unsupported)
        ),
        tolerance=tolerance,
    )


def _kept(kept: Mapping[str, int], what: str) -> str:
    """The judgement values the designer set, which the derived card keeps."""
    if kept:
        return f"; judgement {what} kept: {', '.join(sorted(kept))}"
    return f"; judgement {what} at their defaults"


def _tolerances(game: Rinkside) -> str:
    return ", ".join(
        f"{game.settings.tolerance(scale)} on the {scale} scale" for scale in ("red", "blue", "100")
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


def _goalie_summary(values: Mapping[str, object] | None) -> str:
    """A goalie card in a few words: his three save numbers, great save and goalie rating."""
    if values is None:
        return ""
    saves = "/".join(str(values.get(rating)) for rating in SAVE_NUMBER_STATS if rating != "sht")
    return f"SAVE {saves} GS {values.get('great_save')} GR {values.get('goalie_rating')}"


def _goalie_why_not(game: Rinkside, goalie_id: str) -> str:
    if goalie_id not in game.goalies:
        return f"goalie {goalie_id} is not on sheet Goalies"
    return f"{goalie_id} has no row on GoalieStats"


DERIVATION = Derivation(
    writes=(
        Written("SkaterCards", key=("skater_id",), propose=propose_skaters),
        Written("GoalieCards", key=("goalie_id",), propose=propose_goalies),
    ),
    reads=("Settings", "Skaters", "SkaterStats", "Goalies", "GoalieStats"),
    noun="card",
)
