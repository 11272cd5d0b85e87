"""RINKSIDE HOCKEY's printed charts: the game-centre charts that lie between the two teams,
and the Auxiliary Chart and the Fight Card kept to the side (seed L73-L75).

Every row is the workbook's: a chart is printed from its model `Chart`, each range as the
designer typed it ("1-22"), under a header naming the number that reads it ("Black #100",
"Left #100"). A keyed chart (one chart per play type, intensity, side, A/E or goal type)
prints its keys side by side, so one glance compares them. No chart is split by a page:
a chart read across a page break is misread.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, Protocol

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Table

from authoring.components import BuildContext, Component, Printing
from authoring.games.rinkside.kit_cards import GOALIE_LABELS
from authoring.games.rinkside.model import (
    FIGHT,
    GAME_CENTRE,
    INTENSITIES,
    AtOrBelow,
    Rinkside,
)
from authoring.games.rinkside.texttables import TEXT_TABLES, Bound, ReboundTable
from authoring.render.flow import (
    BOOK_MARGIN,
    TableSource,
    build_markup_book,
    data_table,
    render_markup,
    styles,
)
from authoring.render.paper import Paper
from authoring.render.words import number_range

TITLE = "RINKSIDE HOCKEY"
AUTHOR = "authoring (from the RINKSIDE HOCKEY workbook)"
CHART_TEXT = 8.0
"""Read across the table: every chart's size, well above the 6 pt floor of card stock."""
CLOSE_PADDING = 3.0
"""Left and right of a cell, in points: narrow range columns keep their header on a line."""
GAP = 4 * mm
"""Between charts printed side by side."""
GROUP_SPACE = 4.0
"""Points below a line of charts, before the text that follows."""
RANGE_COLUMN = 16 * mm
"""A range column: "Black #100" over "100" or "96-100"."""
SKATERS_ON_ICE = 5
"""Ranked by a rating, the fifth of five is the highest (PenalizedPlayer)."""

# How the kit names a number a chart reads, in the header of its range column (README §4),
# or a rating use reads (RatingUses `number`), in the rulebook's ratings tables.
NUMBER_NAMES = {
    "black100": "Black #100",
    "left100": "Left #100",
    "right100": "Right #100",
    "n100": "#100",
    "blue_right": "Right blue",
    "blue_left": "Left blue",
    "red_left": "Left red",
    "red_right": "Right red",
    "boxes": "Filled boxes",
    "black100_first_digit": "Black #100, 1st digit",
    "black100_second_digit": "Black #100, 2nd digit",
    "faceoff_left": "Left faceoff number",
    "assist_credit": "Left assist credit",
    "physical_right": "Right physical number",
    "none": "another rating",
}
PLAY_TYPES = {
    "zone": "Zone play",
    "hit_battle": "Hit or battle",
    "offensive": "Offensive play",
    "scramble_clear": "Scramble or clear",
    "faceoff": "Faceoff",
}
SIDES = {"agitator": "Agitator", "retaliator": "Retaliator"}
GOAL_TYPES = {
    "rebound": "Rebound",
    "set_up": "Set-up",
    "breakaway": "Breakaway",
    "rush": "Rush",
    "point_shot": "Point shot",
    "deflection": "Deflection",
    "screen": "Screen",
}
TIMING_MARK = "[T]"
"""After an auxiliary play's effect when it moves the timing track, as the cards print it."""
REVIEW_MARK = "(review)"
"""After a goal description whose goal may be reviewed."""

WARM_UP_WHEN = {
    "above": "Left #100 above his Goalie Rating",
    "at_or_below": "Left #100 at or below his Goalie Rating",
}

# Which sheets each printed file reads, so a rebuild redraws it only when one changed.
AUXILIARY_READS = frozenset({"AuxiliaryChart", "InjuryWho", "InjuryLength"})
FIGHT_CARD_READS = frozenset(FIGHT)
# The game charts print every text table and every chart that is not only to the side; the
# injury and discipline charts are printed there as well as on the side sheets.
GAME_CENTRE_READS = frozenset({*TEXT_TABLES, *GAME_CENTRE}) - (
    (AUXILIARY_READS | FIGHT_CARD_READS) - {"InjuryWho", "InjuryLength", "Discipline"}
)


def components(game: Rinkside, context: BuildContext) -> list[Component]:
    tables = named_tables(game)
    return [
        Component(
            "game-centre",
            partial(_book, game, context, "game-centre.md.j2", "Game charts", tables, _landscape),
            reads=GAME_CENTRE_READS,
            printing=Printing(
                "Game charts",
                card_stock=True,
                how="Lay the sheets between the two teams, beside the scoreboard.",
            ),
        ),
        Component(
            "auxiliary-chart",
            partial(
                _book, game, context, "auxiliary-chart.md.j2", "Auxiliary Chart", tables, _landscape
            ),
            reads=AUXILIARY_READS,
            printing=Printing("Auxiliary Chart", card_stock=True, how="Keep it to the side."),
        ),
        Component(
            "fight-card",
            partial(_book, game, context, "fight-card.md.j2", "Fight Card", tables, _portrait),
            reads=FIGHT_CARD_READS,
            printing=Printing("Fight Card", card_stock=True, how="Keep it to the side."),
        ),
    ]


def _book(
    game: Rinkside,
    context: BuildContext,
    template: str,
    subject: str,
    tables: Mapping[str, Callable[[float], Flowable]],
    turn: Callable[[Paper], Paper],
    path: Path,
) -> None:
    """One chart file on the paper turned as it reads best."""
    paper = turn(context.paper)
    width = paper.width - 2 * BOOK_MARGIN
    text = render_markup(
        context.templates,
        template,
        model=game,
        edition=context.edition,
        timing=TIMING_MARK,
        review=REVIEW_MARK,
    )
    sized: dict[str, TableSource] = {name: partial(make, width) for name, make in tables.items()}
    build_markup_book(
        path,
        paper,
        text,
        sized,
        title=context.titled(f"{TITLE}: {subject}"),
        author=AUTHOR,
        subject=subject,
    )


def _landscape(paper: Paper) -> Paper:
    """The wide charts: side by side across the long edge."""
    return paper.landscape()


def _portrait(paper: Paper) -> Paper:
    """The Fight Card: its charts read from the start of a fight to its end, top to bottom."""
    return paper


# --- one chart as a table --------------------------------------------------------------------


@dataclass(frozen=True)
class Column:
    """A result column of a chart: its header, its width and how a row prints in it."""

    header: str
    width: float
    text: Callable[[Any], str]


def _field(name: str) -> Callable[[Any], str]:
    return lambda row: str(getattr(row, name))


def signed(points: int) -> str:
    """Points added to a meter: +2, -1, +0."""
    return f"{points:+d}"


def ranked(place: int, *, by: str, of: int | None = None) -> str:
    """A place in an order of players: "Highest", "2nd highest", ...; with `of` players the
    last place is named from the other end ("Highest" of the five, counted from the lowest)."""
    other = {"lowest": "highest", "highest": "lowest"}[by]
    if place == 1:
        return by.capitalize()
    if place == of:
        return other.capitalize()
    suffix = {2: "nd", 3: "rd"}.get(place, "th")
    return f"{place}{suffix} {by}"


class Ranges(Protocol):
    """A chart or a text table: the number it reads and its rows, each with `lo` and `hi`."""

    @property
    def number(self) -> str: ...

    @property
    def rows(self) -> Sequence[Any]: ...


def chart_rows(chart: Ranges, columns: Sequence[Column]) -> list[list[str]]:
    """A chart's rows as printed: the range, then each result column."""
    return [[number_range(row.lo, row.hi), *(c.text(row) for c in columns)] for row in chart.rows]


def chart_header(chart: Ranges, columns: Sequence[Column]) -> list[str]:
    """The range column headed by the number the chart reads, then each result column."""
    return [NUMBER_NAMES[chart.number], *(c.header for c in columns)]


def chart_table(title: str, chart: Ranges, columns: Sequence[Column]) -> Table:
    """A chart under its title."""
    return _table(
        title,
        chart_header(chart, columns),
        chart_rows(chart, columns),
        [RANGE_COLUMN, *(c.width for c in columns)],
    )


def _lead_in_space() -> float:
    """Above a chart: the room a lead-in paragraph leaves below itself anyway (the frame keeps
    the larger of the two), stated so that the lead-in's keep-with-next counts it and never
    leaves the lead-in alone at the foot of a page."""
    return float(styles()["body"].spaceAfter)


def _table(
    title: str, header: Sequence[str], rows: Sequence[Sequence[str]], widths: Sequence[float]
) -> Table:
    table = data_table(
        header,
        rows,
        col_widths=widths,
        font_size=CHART_TEXT,
        title=title,
        padding=CLOSE_PADDING,
    )
    table.hAlign, table.spaceBefore, table.spaceAfter = "LEFT", _lead_in_space(), 6
    table.setStyle([("TOPPADDING", (0, 0), (-1, -1), 1), ("BOTTOMPADDING", (0, 0), (-1, -1), 2)])
    return table


def _sized(
    title: str, header: Sequence[str], rows: Sequence[Sequence[str]], widths: Sequence[float]
) -> tuple[Table, float]:
    """A chart that is not one range column and its results, with the width it takes."""
    return _table(title, header, rows, widths), sum(widths)


def table_width(columns: Sequence[Column]) -> float:
    return float(RANGE_COLUMN + sum(c.width for c in columns))


def _beside(parts: Sequence[Flowable], part_width: float, width: float) -> Flowable:
    """Charts side by side in columns of `part_width` and a gap, as many a line as `width`
    holds. A page may break between two lines of them, never inside a chart."""
    step = part_width + GAP
    per_line = min(len(parts), max(1, int((width + GAP) // step)))
    lines: list[list[Flowable | str]] = [
        list(parts[start : start + per_line]) for start in range(0, len(parts), per_line)
    ]
    lines[-1] += [""] * (per_line - len(lines[-1]))
    return _lines_of_charts(lines, [step] * per_line)


def _keyed(
    charts: Mapping[Any, Ranges],
    title: Callable[[Any], str],
    columns: Sequence[Column],
    width: float,
) -> Flowable:
    """A keyed chart: one table a key, side by side."""
    parts = [chart_table(title(key), chart, columns) for key, chart in charts.items()]
    return _beside(parts, table_width(columns), width)


def _group(parts: Sequence[tuple[Table, float]], width: float) -> Flowable:
    """Different charts read together, side by side, each in its own width."""
    widths = [part_width + GAP for _, part_width in parts]
    if sum(widths) - GAP > width:
        return KeepTogether([table for table, _ in parts])
    return _lines_of_charts([[table for table, _ in parts]], widths)


def _lines_of_charts(lines: list[list[Flowable | str]], widths: Sequence[float]) -> Table:
    """Charts laid out in lines, top-aligned; each column's width holds its gap."""
    return Table(
        lines,
        colWidths=list(widths),
        style=[
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("RIGHTPADDING", (0, 0), (-1, -1), 0),
        ],
        hAlign="LEFT",
        spaceBefore=_lead_in_space(),
        spaceAfter=GROUP_SPACE,
    )


def _charted(title: str, chart: Ranges, columns: Sequence[Column]) -> tuple[Table, float]:
    return chart_table(title, chart, columns), table_width(columns)


def at_or_below_table(
    title: str, ranges: Mapping[str, AtOrBelow], effect: str
) -> tuple[Table, float]:
    """Ranges read at or below, one per intensity (CoincidentalRange, CoolerHeads)."""
    numbers = {r.number for r in ranges.values()}
    header = ["Intensity", " or ".join(NUMBER_NAMES[n] for n in sorted(numbers)), "Effect"]
    rows = [
        [intensity, at_or_below_range(ranges[intensity]), effect]
        for intensity in _intensity_order(ranges)
    ]
    widths = [20 * mm, RANGE_COLUMN, 38 * mm]
    return _sized(title, header, rows, widths)


def at_or_below_range(at: AtOrBelow) -> str:
    """An at-or-below range as the charts print it: "1-3", or "none" for a top of 0."""
    return number_range(at.lo, at.hi) if at.hi else "none"


def _intensity_order(keyed: Mapping[str, Any]) -> list[str]:
    """The intensities in the order the game climbs them; any other key after them."""
    return sorted(keyed, key=lambda k: INTENSITIES.index(k) if k in INTENSITIES else len(keyed))


# --- the charts, by name (the templates' `::table` names) ------------------------------------

RESULT = (Column("Result", 24 * mm, _field("result")),)
CHIPPINESS = Column("Chip.", 10 * mm, lambda row: signed(row.chippiness))
PENALTY = (Column("Infraction", 27 * mm, _field("infraction")),)
SEVERE = (Column("Penalty", 44 * mm, _field("penalty")),)
FIGHT_RESULT = (Column("Result", 26 * mm, _field("result")), CHIPPINESS)
SCRUM = (Column("Result", 30 * mm, _field("result")), CHIPPINESS)
DISCIPLINE = (Column("Suspension", 20 * mm, _field("suspension")),)
GOAL = (
    Column(
        "How it went in",
        40 * mm,
        lambda row: f"{row.text} {REVIEW_MARK}" if row.review else row.text,
    ),
)


def named_tables(game: Rinkside) -> dict[str, Callable[[float], Flowable]]:
    """Every chart the three chart files print, each made fresh for the width it is given."""
    return {
        "penalty_chart": partial(
            _keyed, game.penalty_chart, lambda key: PLAY_TYPES.get(key, key), PENALTY
        ),
        "penalized_and_severe": partial(_penalized_and_severe, game),
        "scrum_chart": partial(
            _keyed,
            {i: game.scrum_chart[i] for i in _intensity_order(game.scrum_chart)},
            str,
            SCRUM,
        ),
        "coincidental_range": partial(
            _alone,
            at_or_below_table(
                "Coincidental minors",
                game.coincidental_range,
                "both players take a minor",
            ),
        ),
        "agitators": partial(_agitators, game),
        "injuries": partial(_injuries, game),
        "discipline": partial(
            _keyed, game.discipline, lambda ae: f"League discipline: A/E {ae}", DISCIPLINE
        ),
        "momentum": partial(_momentum, game),
        "assists_and_reactions": partial(_assists_and_reactions, game),
        "goal_descriptions": partial(
            _keyed, game.goal_descriptions, lambda key: GOAL_TYPES.get(key, key), GOAL
        ),
        "before_the_game": partial(_before_the_game, game),
        "zone_play": partial(_zone_play, game),
        "pk_and_last_second": partial(_pk_and_last_second, game),
        "shots": partial(_shots, game),
        "official_call": partial(
            _keyed,
            game.tables.official_call,
            str,
            (Column("Call", 20 * mm, _field("result")),),
        ),
        "penalty_consequences": partial(_penalty_consequences, game),
        "auxiliary_chart": partial(_auxiliary, game),
        "fight_start": partial(_fight_start, game),
        "fight_result": partial(_fight_result, game),
        "fight_after": partial(_fight_after, game),
    }


def _alone(part: tuple[Table, float], width: float) -> Flowable:
    return _group([part], width)


def _penalized_and_severe(game: Rinkside, width: float) -> Flowable:
    return _group(
        [
            _charted(
                "Penalized player",
                game.penalized_player,
                [
                    Column(
                        "By Commit Penalty",
                        28 * mm,
                        lambda row: ranked(row.from_lowest, by="lowest", of=SKATERS_ON_ICE),
                    )
                ],
            ),
            _charted("Severe penalty", game.severe_chart, SEVERE),
        ],
        width,
    )


def _agitators(game: Rinkside, width: float) -> Flowable:
    scenario = _charted(
        "Agitator scenario",
        game.agitator_scenario,
        [
            Column("Scenario", 34 * mm, _field("scenario")),
            Column("If answered", 18 * mm, _field("on_retaliation")),
        ],
    )
    who = (Column("Who", 10 * mm, _field("who")),)
    locators = [
        _charted(SIDES.get(side, side), chart, who) for side, chart in game.agitator_locator.items()
    ]
    required = _charted(
        "Agitator needs",
        game.agitator_required,
        [Column("A/E at most", 18 * mm, lambda row: f"[{row.required}]")],
    )
    return _group([scenario, *locators, required], width)


def _injuries(game: Rinkside, width: float) -> Flowable:
    return _group(
        [
            _charted("Who is hurt", game.injury_who, [Column("Who", 18 * mm, _field("who"))]),
            _charted(
                "How long",
                game.injury_length,
                [Column("Out for", 30 * mm, _field("out_for"))],
            ),
        ],
        width,
    )


# The momentum sheets' headers, as the charts and the rulebook print them.
MOMENTUM_LEVELS = ("Points", "Level")
MOMENTUM_POINTS = ("Play", "Points")
MOMENTUM_SHIFTS = ("Play", "Other team", "Gaining team")


def momentum_level_rows(game: Rinkside) -> list[list[str]]:
    return [
        [
            number_range(step.lo, step.hi) if step.hi is not None else f"{step.lo} and up",
            step.level,
        ]
        for step in game.momentum_levels
    ]


def momentum_point_rows(game: Rinkside) -> list[list[str]]:
    return [[play, signed(value)] for play, value in game.momentum_points.items()]


def momentum_shift_rows(game: Rinkside) -> list[list[str]]:
    return [
        [play, f"to {shift.other_points}", f"to at least {shift.gaining_at_least}"]
        for play, shift in game.momentum_shifts.items()
    ]


def _momentum(game: Rinkside, width: float) -> Flowable:
    return _group(
        [
            _sized(
                "Momentum levels",
                MOMENTUM_LEVELS,
                momentum_level_rows(game),
                [22 * mm, 22 * mm],
            ),
            _sized(
                "Momentum points", MOMENTUM_POINTS, momentum_point_rows(game), [42 * mm, 14 * mm]
            ),
            _sized(
                "Momentum shifts",
                MOMENTUM_SHIFTS,
                momentum_shift_rows(game),
                [44 * mm, 22 * mm, 30 * mm],
            ),
        ],
        width,
    )


def _assists_and_reactions(game: Rinkside, width: float) -> Flowable:
    return _group(
        [
            _charted(
                "Assists",
                game.assist_count,
                [Column("Assists", 14 * mm, _field("assists"))],
            ),
            _charted(
                "First assist",
                game.assist_rank,
                [Column("By S-U", 24 * mm, lambda row: ranked(row.from_highest, by="highest"))],
            ),
            _charted(
                "Goalie's reaction",
                game.goalie_reactions,
                [Column("Reaction", 52 * mm, _field("reaction"))],
            ),
        ],
        width,
    )


def _auxiliary(game: Rinkside, width: float) -> Flowable:
    effect_width = width - RANGE_COLUMN - 60 * mm
    return KeepTogether(
        chart_table(
            "Auxiliary plays",
            game.auxiliary_chart,
            [
                Column("Play", 60 * mm, _field("play")),
                Column(
                    "Effect",
                    effect_width,
                    lambda row: f"{row.effect} {TIMING_MARK}" if row.timing else row.effect,
                ),
            ],
        )
    )


def _fight_start(game: Rinkside, width: float) -> Flowable:
    return _group(
        [
            _charted(
                "Fight check",
                game.fight_check,
                [*RESULT, CHIPPINESS],
            ),
            _charted(
                "Fighter locator",
                game.fighter_locator,
                [
                    Column(
                        "A/E sought",
                        18 * mm,
                        lambda row: f"[{row.sought}]" + ("[L]" if row.lowest else ""),
                    )
                ],
            ),
        ],
        width,
    )


def fight_result_title(advantage: str) -> str:
    return f"Fight result: {advantage} A/E ahead"


def _fight_result(game: Rinkside, width: float) -> Flowable:
    """The two fight results (one per fighter who may hold the advantage) and what else the
    same draw's Black #100 brings, on one line."""
    results = [
        _charted(fight_result_title(advantage), chart, FIGHT_RESULT)
        for advantage, chart in game.fight_result.items()
    ]
    instigators = _charted(
        "Instigators and brawls", game.fight_extras, [Column("Also", 40 * mm, _field("extra"))]
    )
    return _group([*results, instigators], width)


def _fight_after(game: Rinkside, width: float) -> Flowable:
    third_man = _charted(
        "Third man in",
        game.third_man_in,
        [Column("By Commit Penalty", 28 * mm, lambda row: ranked(row.from_highest, by="highest"))],
    )
    cooler = at_or_below_table("Cooler heads", game.cooler_heads, "meter and dirty plays reset")
    return _group([third_man, cooler], width)


# --- the text tables (README §4.2) -------------------------------------------------------------


def _before_the_game(game: Rinkside, width: float) -> Flowable:
    tables = game.tables
    return _group(
        [
            _charted(
                "Goalie warm-up",
                tables.warm_up,
                [
                    Column("Check", 18 * mm, _field("result")),
                    Column("The goalie has it on", 52 * mm, lambda row: _words(row.when)),
                ],
            ),
            _charted(
                "Officiating", tables.officiating, [Column("Officials", 28 * mm, _field("result"))]
            ),
            _charted(
                "Enforcers",
                tables.enforcers,
                [
                    Column("Between them", 32 * mm, _field("result")),
                    Column("Fight", 12 * mm, lambda row: "fight" if row.fight else ""),
                ],
            ),
        ],
        width,
    )


def _words(code: str) -> str:
    return WARM_UP_WHEN.get(code, code.replace("_", " "))


def _zone_play(game: Rinkside, width: float) -> Flowable:
    tables = game.tables
    stoppages = [
        [name, f"{stop.faceoff} {TIMING_MARK}" if stop.timing else stop.faceoff]
        for name, stop in tables.zone_stoppages.items()
    ]
    return _group(
        [
            _sized("Zone stoppages", ["Stoppage", "Faceoff"], stoppages, [36 * mm, 26 * mm]),
            _charted("Breakout or forecheck", tables.breakout_split, RESULT),
            _charted("Rush", tables.rush_split, RESULT),
        ],
        width,
    )


def _pk_and_last_second(game: Rinkside, width: float) -> Flowable:
    strategies = game.tables.pk_forecheck
    numbers = sorted({number for by_number in strategies.values() for number in by_number})
    header = ["Forecheck"]
    for number in numbers:
        header += [NUMBER_NAMES.get(number, number), "Result"]
    rows = []
    for strategy, by_number in strategies.items():
        line = [f"F{strategy}"]
        for number in numbers:
            row = by_number.get(number)
            line += ["", ""] if row is None else [number_range(row.lo, row.hi), row.result]
        rows.append(line)
    widths = [14 * mm] + [RANGE_COLUMN, 29 * mm] * len(numbers)
    last_second = [
        _charted(f"Last second: {colour}", table, RESULT)
        for colour, table in game.tables.last_second.items()
    ]
    return _group(
        [_sized("Penalty-kill forecheck", header, rows, widths), *last_second],
        width,
    )


def _shots(game: Rinkside, width: float) -> Flowable:
    tables = game.tables
    shot_rows = [
        [number_range(row.lo, row.hi), row.result, row.then] for row in tables.shot_numbers
    ]
    return _group(
        [
            _sized(
                "Shot numbers",
                [NUMBER_NAMES["black100"], "Shot", "Then"],
                shot_rows,
                [RANGE_COLUMN, 36 * mm, 24 * mm],
            ),
            _charted("Difficulty", tables.difficulty, [Column("Save", 18 * mm, _field("result"))]),
            _rebound_control(tables.rebound_control),
        ],
        width,
    )


def bound_text(bound: Bound) -> str:
    """A range's end as printed: 10, or a goalie rating as his card names it (RC, RC-10)."""
    if bound.rating is None:
        return str(bound.offset)
    name = GOALIE_LABELS.get(bound.rating, bound.rating)
    return f"{name}{bound.offset:+d}" if bound.offset else name


def rebound_control_header(table: ReboundTable) -> list[str]:
    return [NUMBER_NAMES.get(table.number, table.number), "Save goes to"]


def rebound_control_rows(table: ReboundTable) -> list[list[str]]:
    """Ranges bounded by the goalie's Rebound Control: "1 to RC-10", read per goalie."""
    return [[f"{bound_text(row.lo)} to {bound_text(row.hi)}", row.result] for row in table.rows]


def _rebound_control(table: ReboundTable) -> tuple[Table, float]:
    return _sized(
        "Rebound control",
        rebound_control_header(table),
        rebound_control_rows(table),
        [26 * mm, 24 * mm],
    )


def _penalty_consequences(game: Rinkside, width: float) -> Flowable:
    rows = [
        [
            penalty,
            str(what.power_plays or ""),
            "5:00" if what.major else "",
            f"{what.misconduct}:00" if what.misconduct else "",
            "yes" if what.ejected else "",
            "yes" if what.discipline else "",
        ]
        for penalty, what in game.tables.penalty_consequences.items()
    ]
    header = ["Penalty", "Power plays", "Major", "Misconduct", "Ejected", "Discipline"]
    widths = [44 * mm, 18 * mm, 14 * mm, 18 * mm, 14 * mm, 16 * mm]
    return _alone(_sized("Penalty consequences", header, rows, widths), width)
