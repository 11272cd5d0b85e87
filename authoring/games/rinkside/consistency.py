"""`authoring check rinkside`: what the cards and charts give, exactly (README §8), and the
calibration of the engine against the stat lines (README §11.15).

Every exact figure is a whole count over the deck's 100 cards or its 9,900 draws (ordered
pairs of two different cards, README §0), or a fraction of the ratings, kept as a
`Fraction`: nothing in them is sampled.

- Goalies (§8.3): each goalie's save % by the rule model, against the league's mix of chances
  (`ChanceMix`), beside his stat line's, with z = (stat - model) / sqrt(model (1 - model) /
  shots); beyond `Settings.z_threshold` is a warning at his save number's cell. The model is
  given for a Normal game (what `derive` inverts) and weighted by the game levels the
  pre-game warm-up gives him (L108-112).
- Faceoffs (§8.4): the higher-rated centre's chance on a numbered draw, by rating difference.
- Black #100 (§3.3, §3.4): the chances the rules read off it, and the auxiliary trigger.
- Sections read together (§3.5): each ReadTogether row's value on the deck.
- Charts (§8.5): each chart's rows by their chance on the deck, one line a chart.

Then the one sampled part, the calibration (calibration.py, README §11.15): seeded seasons
of the league against the stat lines, the same figures whatever `workers` is.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from authoring.findings import Finding, Severity
from authoring.games.rinkside import calibration
from authoring.games.rinkside.deck import (
    Card,
    Face,
    Side,
    auxiliary_chance,
    black_distribution,
    chance,
    face_distribution,
)
from authoring.games.rinkside.derive import GOALIE_FORMULA, goalie_shots
from authoring.games.rinkside.model import (
    AT_OR_BELOW,
    CHARTS,
    AtOrBelow,
    Chart,
    GoalieCard,
    Rinkside,
    StatLine,
)
from authoring.games.rinkside.sections import (
    faceoff_number,
    faceoff_win,
    read_together_report,
)
from authoring.report import Figures, Report

# Each ChanceMix kind of chance by danger: the GoalieStats split it is summed from, and the
# goalie's save number read against it (L534-546).
DANGERS = {"hq": "high", "q": "med", "lq": "low"}
SAVE_NUMBERS = {"hq": "save_green", "q": "save_blue", "lq": "save_black"}
SNIPER_SHARE = "sniper_in_hq"
CHANCE_KINDS = (*DANGERS, SNIPER_SHARE)
SHARE_PLACES = 4  # ChanceMix shows a share to four decimals
STALE = Fraction(1, 2 * 10**SHARE_PLACES)  # further than its last shown place can round
BLUE = 20  # a great or big save reads a blue, 1-20 (L550, L554)
# The pre-game warm-up (L108-112): Right #100 at most 20 calls a bad-game check.
WARM_UP_BAD = 20
# A numbered faceoff face shows 1-20; the higher-rated centre takes 1 to 10 + d (README §8.4).
FACEOFF_NUMBERS = 20
FACEOFF_EVEN = 10
FACEOFF_DIFFERENCES = range(10)


def check(game: Rinkside, seed: int, *, workers: int = 1) -> Report:
    """The exact figures, then the calibration's seasons, seeded by `seed` and played on
    `workers`."""
    report = Report()
    mix, stale = chance_mix(game)
    report.findings += stale
    report.figures.append(_mix_figures(game, mix))
    for figures, findings in (_goalie_saves(game, mix), _danger_saves(game, mix)):
        report.figures.append(figures)
        report.findings += findings
    faceoffs, findings = _faceoffs(game)
    report.figures.append(faceoffs)
    report.findings += findings
    report.figures.append(_black_consequences(game))
    report.figures.append(_read_together(game))
    report.figures.append(_charts(game))
    calibrated = calibration.check(game, seed, workers=workers)
    report.figures += calibrated.figures
    report.findings += calibrated.findings
    return report


# --- the chance mix (README §8.3) ---------------------------------------------------------------


@dataclass(frozen=True)
class Mix:
    """The league's shares of shots by danger (from GoalieStats, exactly) and the share of
    high-quality chances that are sniper shots (ChanceMix's judgement)."""

    shares: dict[str, Fraction]  # by kind: hq, q, lq
    sniper_in_hq: Fraction


def league_mix(lines: Mapping[str, StatLine]) -> dict[str, Fraction]:
    """Each danger's shots over all shots, summed over every goalie's season."""
    shots = {
        kind: sum(line[f"sa_{danger}"] for line in lines.values())
        for kind, danger in DANGERS.items()
    }
    total = sum(shots.values())
    return {kind: Fraction(n, total) if total else Fraction(0) for kind, n in shots.items()}


def chance_mix(game: Rinkside) -> tuple[Mix, list[Finding]]:
    """The mix the model uses, and a warning at each ChanceMix share the stat lines no longer
    give (to its four decimals)."""
    shares = league_mix(game.goalie_stats)
    findings = []
    for kind, exact in shares.items():
        typed = game.chance_mix[kind]
        if abs(typed.share - exact) > STALE and typed.location is not None:
            findings.append(
                typed.location.finding(
                    Severity.WARNING,
                    "stale-share",
                    f"the {kind} share {_decimal(typed.share)} is not the league's: GoalieStats "
                    f"gives {_exact(exact)}",
                    field="share",
                    value=float(typed.share),
                    expected=_decimal(exact),
                )
            )
    return Mix(shares, game.chance_mix[SNIPER_SHARE].share), findings


def _mix_figures(game: Rinkside, mix: Mix) -> Figures:
    rows = [
        (
            kind,
            _exact(share),
            _decimal(game.chance_mix[kind].share),
            f"GoalieStats sa_{DANGERS[kind]}",
        )
        for kind, share in mix.shares.items()
    ]
    rows.append((SNIPER_SHARE, _exact(mix.sniper_in_hq), _decimal(mix.sniper_in_hq), "judgement"))
    return Figures(
        "Chance mix: the league's shots by danger (README §8.3)",
        ("kind", "share (exact)", "on ChanceMix", "from"),
        tuple(rows),
        note="The model reads the exact shares; ChanceMix shows them to four decimals and is "
        "warned when a share is further off than that.",
    )


# --- goalie save % (README §8.3) ----------------------------------------------------------------


def class_save(number: int, rescue: Fraction) -> Fraction:
    """A chance read against a save number N: Black #100 at most N is a save (N/100), and a
    goal is still stopped with chance `rescue` (a great or big save on the next blue)."""
    saved = Fraction(number, 100)
    return saved + (1 - saved) * rescue


def model_number(card: GoalieCard, colour: str) -> int:
    """The save number the exact model reads: the card's, less the points derive adds to a
    colour for the engine's play (its GoalieFormula base, README §11.17), so a card derived
    from a class's save % is held against that save %."""
    return card[colour] - GOALIE_FORMULA[colour].base


def normal_save(card: GoalieCard, mix: Mix) -> Fraction:
    """A Normal game: each chance against its colour's number, a goal rescued by a great
    save (blue at most GREAT SAVE, L550)."""
    great = Fraction(card["great_save"], BLUE)
    return sum(
        (
            share * class_save(model_number(card, SAVE_NUMBERS[kind]), great)
            for kind, share in mix.shares.items()
        ),
        Fraction(0),
    )


def bad_save(card: GoalieCard, mix: Mix) -> Fraction:
    """A Bad Game: the green number on every shot (L570), a great save still possible."""
    return class_save(model_number(card, "save_green"), Fraction(card["great_save"], BLUE))


def good_save(card: GoalieCard, mix: Mix) -> Fraction:
    """A Good Game: a goal is rescued on a blue within the Good big-save range, except on a
    sniper shot, which only a great save stops (L560)."""
    big, great = Fraction(card["big_good"], BLUE), Fraction(card["great_save"], BLUE)
    sniper = mix.sniper_in_hq
    rescue = {"hq": sniper * great + (1 - sniper) * big, "q": big, "lq": big}
    return sum(
        (
            share * class_save(model_number(card, SAVE_NUMBERS[kind]), rescue[kind])
            for kind, share in mix.shares.items()
        ),
        Fraction(0),
    )


@dataclass(frozen=True)
class WarmUp:
    """The game level the pre-game skate gives a goalie, exactly (L108-112): a bad game when
    Right #100 is 1-20 and Left #100 is above his goalie rating, a good game when Right #100 is
    21-100 and Left #100 is within it, else a normal game."""

    bad: Fraction
    good: Fraction

    @property
    def normal(self) -> Fraction:
        return 1 - self.bad - self.good


def warm_up(cards: Sequence[Card], rating: int) -> WarmUp:
    def within(face: Face) -> bool:
        return face.n100 <= rating

    def above(face: Face) -> bool:
        return face.n100 > rating

    def bad_check(face: Face) -> bool:
        return face.n100 <= WARM_UP_BAD

    def good_check(face: Face) -> bool:
        return face.n100 > WARM_UP_BAD

    return WarmUp(chance(cards, above, bad_check), chance(cards, within, good_check))


def level_weighted_save(card: GoalieCard, mix: Mix, levels: WarmUp) -> Fraction:
    """The save % over the game levels the warm-up gives him (levels changed in the game wait
    for part 2's play)."""
    return (
        levels.bad * bad_save(card, mix)
        + levels.normal * normal_save(card, mix)
        + levels.good * good_save(card, mix)
    )


def z_score(stat: Fraction, model: Fraction, shots: int) -> float:
    """How many standard errors of `shots` chances the stat line lies from the model."""
    if not shots or model in (0, 1):
        return 0.0
    return float(stat - model) / math.sqrt(float(model * (1 - model)) / shots)


def beyond(stat: Fraction, model: Fraction, shots: int, threshold: Fraction) -> bool:
    """|z| > threshold, decided exactly: (stat - model)^2 shots > threshold^2 model (1 - model)."""
    return bool(shots) and (stat - model) ** 2 * shots > threshold**2 * model * (1 - model)


def _threshold(game: Rinkside) -> Fraction:
    return Fraction(str(game.settings.z_threshold))


def _with_stats(game: Rinkside) -> Iterator[tuple[str, GoalieCard, StatLine]]:
    """Each goalie card whose goalie has a stat line to hold it against."""
    for goalie_id, card in game.goalie_cards.items():
        line = game.goalie_stats.get(goalie_id)
        if line is not None:
            yield goalie_id, card, line


def _save_rate(saves: int, shots: int) -> Fraction:
    return Fraction(saves, shots) if shots else Fraction(0)


def _goalie_saves(game: Rinkside, mix: Mix) -> tuple[Figures, list[Finding]]:
    threshold = _threshold(game)
    rows, findings = [], []
    for goalie_id, card, line in _with_stats(game):
        saves, shots = goalie_shots(line)
        stat = _save_rate(saves, shots)
        levels = warm_up(game.cards, card["goalie_rating"])
        normal = normal_save(card, mix)
        weighted = level_weighted_save(card, mix, levels)
        rows.append(
            (
                goalie_id,
                card["goalie_rating"],
                _exact(levels.bad),
                _exact(levels.good),
                _exact(normal),
                _exact(weighted),
                f"{saves}/{shots}",
                _z(stat, normal, shots),
                _z(stat, weighted, shots),
            )
        )
        for variant, model in (("a Normal game", normal), ("the warm-up's game levels", weighted)):
            if beyond(stat, model, shots, threshold):
                findings.append(
                    _save_warning(game, card, "save_green", stat, model, shots, variant)
                )
    return (
        Figures(
            "Goalie save %: the rule model against the stat line (README §8.3)",
            (
                "goalie",
                "GR",
                "P(bad)",
                "P(good)",
                "model Normal",
                "model by level",
                "stat",
                "z Normal",
                "z by level",
            ),
            tuple(rows),
            note="Model: sum over hq, q, lq of share x (N/100 + (1 - N/100) x rescue), N the "
            "green, blue or black number less derive's allowance for the engine (GoalieFormula "
            "base); rescue GREAT SAVE/20, or in a Good game the Good "
            "big-save range/20 (GREAT SAVE/20 on the sniper share of hq); a Bad game reads green "
            "on every shot. P(bad), P(good): the warm-up over the 9,900 draws. z = (stat - model)"
            f" / sqrt(model (1 - model) / shots); |z| above {_exact(threshold)} "
            "(Settings.z_threshold) is a warning at save_green.",
        ),
        findings,
    )


def _danger_saves(game: Rinkside, mix: Mix) -> tuple[Figures, list[Finding]]:
    threshold = _threshold(game)
    rows, findings = [], []
    for goalie_id, card, line in _with_stats(game):
        great = Fraction(card["great_save"], BLUE)
        for kind, danger in DANGERS.items():
            number = SAVE_NUMBERS[kind]
            saves, shots = line[f"sv_{danger}"], line[f"sa_{danger}"]
            stat = _save_rate(saves, shots)
            model = class_save(model_number(card, number), great)
            rows.append(
                (
                    goalie_id,
                    kind,
                    card[number],
                    _exact(model),
                    f"{saves}/{shots}",
                    _z(stat, model, shots),
                )
            )
            if beyond(stat, model, shots, threshold):
                findings.append(
                    _save_warning(game, card, number, stat, model, shots, f"{kind} chances")
                )
    return (
        Figures(
            "Goalie save % by danger, Normal game (README §8.3)",
            ("goalie", "kind", "number", "model", "stat", "z"),
            tuple(rows),
            note="Each danger alone: N/100 + (1 - N/100) x GREAT SAVE/20 against the split's "
            "saves over shots, which is what derive inverts (README §7.3).",
        ),
        findings,
    )


def _save_warning(
    game: Rinkside,
    card: GoalieCard,
    number: str,
    stat: Fraction,
    model: Fraction,
    shots: int,
    over: str,
) -> Finding:
    location = card.cells.get(number) or card.location
    assert location is not None  # a card read from the workbook has its cells
    return location.finding(
        Severity.WARNING,
        "save-model",
        f"{card.goalie_id}'s card saves {_decimal(model)} over {over} by the rule model, his "
        f"stat line {_decimal(stat)} on {shots} shots: z = {_z(stat, model, shots)}",
        field=number,
        value=card[number],
        expected=f"|z| at most {_exact(_threshold(game))} (Settings.z_threshold)",
    )


# --- faceoffs (README §8.4) ---------------------------------------------------------------------


def _faceoffs(game: Rinkside) -> tuple[Figures, list[Finding]]:
    numbered = sum(faceoff_number(card.left) is not None for card in game.cards)
    rows, off = [], []
    for difference in FACEOFF_DIFFERENCES:
        found = faceoff_win(game.cards, difference)
        designed = Fraction(min(FACEOFF_EVEN + difference, FACEOFF_NUMBERS), FACEOFF_NUMBERS)
        rows.append(
            (
                difference,
                _exact(found),
                _exact(designed),
                "equal" if found == designed else "DIFFERENT",
            )
        )
        if found != designed:
            off.append(f"d = {difference}: {_exact(found)}")
    findings = []
    if off and numbered:
        findings.append(
            game.sheets["PlayResultCards"].finding(
                Severity.WARNING,
                "faceoff-odds",
                "the Left faces' faceoff numbers do not give the designed chances: "
                + "; ".join(off),
                field="l_faceoff",
                expected="each of 1-20 on as many faces, so that d gives (10 + d)/20",
            )
        )
    return (
        Figures(
            "Faceoffs: the higher-rated centre's chance on a numbered draw (README §8.4)",
            ("d", "deck", "designed", "verdict"),
            tuple(rows),
            note=f"{numbered} of the {len(game.cards)} Left faces carry a number; the others "
            "(TOSS-D, TOSS-O, PENALTY, ENFORCERS) are not decided by the ratings.",
        ),
        findings,
    )


# --- Black #100 (README §3.3, §3.4) -------------------------------------------------------------

DOUBLES = frozenset({11 * digit for digit in range(1, 10)} | {100})  # 11 … 99, and 00 as 100
BLACK_EVENTS: tuple[tuple[str, str, Callable[[int], bool], Fraction], ...] = (
    ("doubles", "net scramble (L656)", lambda v: v in DOUBLES, Fraction(1, 10)),
    ("odd", "visitor's side (L1234)", lambda v: v % 2 == 1, Fraction(1, 2)),
    ("1-50", "breakout, not forecheck (L706)", lambda v: v <= 50, Fraction(1, 2)),
    ("1-47", "rush (L931)", lambda v: v <= 47, Fraction(47, 100)),
    ("48-94", "rush (L933)", lambda v: 48 <= v <= 94, Fraction(47, 100)),
    ("95-100", "rush (L935)", lambda v: v >= 95, Fraction(6, 100)),
)
AUXILIARY_DESIGNED = Fraction(3, 100)


def _black_consequences(game: Rinkside) -> Figures:
    distribution = black_distribution(game.cards)
    rows = []
    for name, read_by, test, designed in BLACK_EVENTS:
        found = sum((p for value, p in distribution.items() if test(value)), Fraction(0))
        rows.append((name, read_by, _exact(found), _exact(designed), _verdict(found, designed)))
    auxiliary = auxiliary_chance(game.cards)
    rows.append(
        (
            "auxiliary",
            "yellow 10 and opposite #100 ending 0 (L1317)",
            _exact(auxiliary),
            _exact(AUXILIARY_DESIGNED),
            _verdict(auxiliary, AUXILIARY_DESIGNED),
        )
    )
    return Figures(
        "Black #100 and the auxiliary trigger over the 9,900 draws (README §3.3, §3.4)",
        ("event", "read by", "deck", "designed", "verdict"),
        tuple(rows),
        note="validate proves each Black #100 value 1/100 and the yellow-10 events; these are "
        "their consequences.",
    )


# --- sections read together (README §3.5, §8.2 item 6) -----------------------------------------


def _read_together(game: Rinkside) -> Figures:
    rows = tuple(
        (
            pair_id,
            _sections(a),
            _sections(b),
            _exact(value) if isinstance(value, Fraction) else value,
        )
        for pair_id, a, b, value in read_together_report(game)
    )
    return Figures(
        "Sections read together: each ReadTogether row's value on the deck (README §3.5)",
        ("pair", "section a", "section b", "deck"),
        rows,
        note="validate compares each value with the row's own `value`.",
    )


def _sections(columns: Sequence[str]) -> str:
    """A few sections by name, the rest counted, so that a row keeps to one line."""
    shown = " + ".join(columns[:2])
    return shown + (f" + {len(columns) - 2} more" if len(columns) > 2 else "")


# --- charts (README §8.5) -----------------------------------------------------------------------


def number_distribution(game: Rinkside, number: str) -> dict[int, Fraction]:
    """The chance of each value of a chart's number on a draw, from the deck. A fighter
    locator's #100 is either side's own, each side a permutation: the Left face's is given."""
    if number == "black100":
        return black_distribution(game.cards)
    side: Side = "right" if number in ("right100", "blue_right") else "left"
    field = "blue" if number == "blue_right" else "n100"
    return {
        int(str(value)): share
        for value, share in face_distribution(game.cards, side, field).items()
    }


def _row_chance(distribution: Mapping[int, Fraction], lo: int, hi: int) -> Fraction:
    return sum((distribution.get(value, Fraction(0)) for value in range(lo, hi + 1)), Fraction(0))


def _attribute(sheet: str) -> str:
    """The model's attribute holding a game-centre sheet: PenaltyChart as penalty_chart."""
    return re.sub(r"(?<!^)([A-Z])", r"_\1", sheet).lower()


def _charts(game: Rinkside) -> Figures:
    rows: list[tuple[object, ...]] = []
    for name in CHARTS:
        held = getattr(game, _attribute(name))
        keyed: dict[object, Chart[Any]] = held if isinstance(held, dict) else {"": held}
        number = next(iter(keyed.values())).number
        distribution = number_distribution(game, number)
        tiles, widths, chances = True, True, []
        for chart in keyed.values():
            shares = [_row_chance(distribution, row.lo, row.hi) for row in chart.rows]
            tiles &= sum(shares, Fraction(0)) == 1
            widths &= all(
                share == chart.chance(row) for share, row in zip(shares, chart.rows, strict=True)
            )
            chances += shares
        rows.append(
            (
                name,
                number,
                len(keyed) if len(keyed) > 1 else "",
                len(chances),
                f"{_exact(min(chances))} to {_exact(max(chances))}",
                "yes" if tiles else "NO",
                "yes" if widths else "NO",
            )
        )
    for name in AT_OR_BELOW:
        ranges: dict[str, AtOrBelow] = getattr(game, _attribute(name))
        found = {
            intensity: _row_chance(number_distribution(game, at.number), at.lo, at.hi)
            for intensity, at in ranges.items()
        }
        rows.append(
            (
                name,
                next(iter(ranges.values())).number,
                len(ranges),
                len(ranges),
                ", ".join(f"{intensity} {_exact(p)}" for intensity, p in found.items()),
                "at or below",
                "yes" if all(found[i] == at.chance for i, at in ranges.items()) else "NO",
            )
        )
    return Figures(
        "Charts: each row's chance on the deck (README §8.5)",
        ("chart", "number", "keys", "rows", "row chances", "tile", "as widths"),
        tuple(rows),
        note="Row chances from the deck's own counts of its number (Black #100, a face's #100 "
        "or blue); tile: each key's rows sum to 1; as widths: each row's chance is its width "
        "over the number's range.",
    )


# --- shown figures ------------------------------------------------------------------------------


def _exact(value: Fraction) -> str:
    """A fraction as itself, and to four decimals when it is not a whole or a simple one."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value} ({float(value):.4f})" if value.denominator > 100 else str(value)


def _decimal(value: Fraction) -> str:
    return f"{float(value):.{SHARE_PLACES}f}"


def _z(stat: Fraction, model: Fraction, shots: int) -> str:
    return f"{z_score(stat, model, shots):+.2f}"


def _verdict(found: Fraction, designed: Fraction) -> str:
    return "equal" if found == designed else "DIFFERENT"
