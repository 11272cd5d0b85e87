"""RINKSIDE HOCKEY's rulebook: the rules in play order, from the template `rulebook.md.j2`,
with every table typeset here from the validated model.

The text reads the game-wide readings from the Settings sheet (`s` in the template), so a
designer who changes one gets a rulebook that says so; every table is built from a sheet
(RatingUses, the small rule tables, the momentum and intensity sheets, the fight result),
never typed into the template. The game-centre charts themselves are printed by
`kit_charts`; a table the rulebook prints from a chart's sheet (severe penalties, rebound
control, the fight result, momentum) takes its rows, and the names of the numbers and the
card labels, from there, so the rulebook and the charts cannot disagree.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import partial
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Table

from authoring.components import BuildContext, Component, Printing
from authoring.games.rinkside.kit_cards import SKATER_LABELS
from authoring.games.rinkside.kit_charts import (
    FIGHT_RESULT,
    MOMENTUM_LEVELS,
    MOMENTUM_POINTS,
    MOMENTUM_SHIFTS,
    NUMBER_NAMES,
    SEVERE,
    Column,
    at_or_below_range,
    chart_header,
    chart_rows,
    fight_result_title,
    momentum_level_rows,
    momentum_point_rows,
    momentum_shift_rows,
    rebound_control_header,
    rebound_control_rows,
)
from authoring.games.rinkside.model import INTENSITIES, RatingUse, Rinkside
from authoring.games.rinkside.sections import faceoff_win
from authoring.games.rinkside.texttables import NUMBERS as TEXT_NUMBERS
from authoring.games.rinkside.texttables import PenaltyConsequence
from authoring.render.flow import (
    TableSource,
    build_markup_book,
    data_table,
    render_markup,
    side_by_side,
    styles,
)
from authoring.render.words import number_range

TITLE = "RINKSIDE HOCKEY"
AUTHOR = "authoring (from the RINKSIDE HOCKEY workbook)"
SUBJECT = "Rulebook"
TABLE_TEXT = 8.5
MINUS = "\u2212"

# A goalie rating, or a group of them read together, in a player's words (README §2.2).
GOALIE_LABELS = {
    "save_green": "green save number",
    "save_blue": "blue save number",
    "save_black": "black save number",
    "great_save": "great save",
    "big_good": "big save, Good Game",
    "big_very_good": "big save, Very Good Game",
    "big_great": "big save, Great Game",
    "goalie_rating": "goalie rating",
    "sht": "SHT",
    "shootout": "S-O",
    "easy_*": "easy column",
    "diff_*": "difficult column",
    "type_*": "save type",
    "rebound_control": "rebound control (RC)",
    "scramble": "scramble",
    "recover": "recover",
    "play_puck": "play puck",
    "control_puck": "control puck",
    "penalty": "penalty number",
}
# How a use reads it (RatingUses `direction`).
DIRECTIONS = {
    "at_or_below": "at or below",
    "at_or_above": "at or above",
    "above_is_goal": "above it: a goal",
    "diff_plus_10": "10 + difference",
    "difference": "difference of two",
    "sum_at_or_below": "sum of two, at or below",
    "versus_rating": "against his rating",
    "rank": "ranked on the ice",
    "excess_over_20": f"rating {MINUS} 20, at or below",
}
RUSH_PLAYS = {
    "shot": "shoots: a high-quality chance",
    "pass": "passes: a teammate shoots if the pass connects",
    "drop": "drops it back: a teammate shoots if the pass connects",
}
# The ratings tables' columns in mm: a goalie's ratings are named in words, a skater's by
# their two- to five-letter card labels.
RATING_WIDTHS = {"skater": (16, 38, 30, 28, 58), "goalie": (38, 34, 30, 26, 42)}
# A seed section number opening a RatingUses rule or one of its "; " parts: "6/9/11 ".
SECTION_NUMBER = re.compile(r"(?:^|(?<=; ))[0-9]+(?:/[0-9]+)* ")
# Faceoff ratings run 1-10 (README §2.1), so two centres differ by 0 to 9.
FACEOFF_DIFFERENCES = 10
MOST_BOXES = TEXT_NUMBERS["boxes"][1]


def components(game: Rinkside, context: BuildContext) -> list[Component]:
    return [
        Component(
            "rulebook",
            partial(_book, rulebook_text(game, context), named_tables(game), context),
            printing=Printing("Rulebook", double_sided=True),
        )
    ]


def rulebook_text(game: Rinkside, context: BuildContext) -> str:
    return render_markup(
        context.templates,
        "rulebook.md.j2",
        model=game,
        s=game.settings,
        title=TITLE,
        edition=context.edition,
    )


def _book(text: str, tables: dict[str, TableSource], context: BuildContext, path: Path) -> None:
    build_markup_book(
        path,
        context.paper,
        text,
        tables,
        title=context.titled(f"{TITLE}: {SUBJECT}"),
        author=AUTHOR,
        subject=SUBJECT,
    )


def named_tables(game: Rinkside) -> dict[str, TableSource]:
    """Every table the rulebook places with `::table NAME`, made fresh each time."""
    kept_whole: dict[str, Callable[[Rinkside], Flowable]] = {
        "rivalries": rivalries,
        "faceoff-odds": faceoff_odds,
        "severe": severe,
        "rebound-control": rebound_control,
        "rush-split": rush_split,
        "official-call": official_call,
        "pk-forecheck": pk_forecheck,
        "last-second": last_second,
        "intensities": intensities,
        "fight-result": fight_result,
        "momentum-levels": momentum_levels,
        "momentum-points": momentum_points,
        "momentum-shifts": momentum_shifts,
    }
    return {
        **{name: partial(_kept, partial(table, game)) for name, table in kept_whole.items()},
        "skater-ratings": partial(rating_uses, game, "skater"),
        "goalie-ratings": partial(rating_uses, game, "goalie"),
    }


def _table(
    header: Sequence[str], rows: Sequence[Sequence[object]], widths: Sequence[float]
) -> Table:
    table = data_table(header, rows, col_widths=[w * mm for w in widths], font_size=TABLE_TEXT)
    table.hAlign, table.spaceBefore, table.spaceAfter = "LEFT", 2, 8
    return table


def _kept(part: Callable[[], Flowable]) -> Flowable:
    """A small table never split by a page: a table read across a page break is misread."""
    return KeepTogether([part()])


def rivalries(game: Rinkside) -> Table:
    rows = []
    for rivalry in game.rivalries:
        home, visitor = sorted(rivalry.teams)
        rows.append(
            [
                f"{game.teams[home].city} {game.teams[home].name}",
                f"{game.teams[visitor].city} {game.teams[visitor].name}",
                "heated rivals" if rivalry.level == 2 else "rivals",
                rivalry.level,
            ]
        )
    return _table(["Club", "Club", "They are", "Start at level"], rows, [50, 50, 28, 24])


def faceoff_odds(game: Rinkside) -> Table:
    """How often the higher-rated centre wins a numbered draw, from the deck's faceoff
    numbers, for every difference two faceoff ratings can have."""
    rows = [
        [difference, percent(faceoff_win(game.cards, difference))]
        for difference in range(FACEOFF_DIFFERENCES)
    ]
    return _table(["Rating difference", "The higher-rated centre wins"], rows, [32, 48])


def percent(chance: Fraction) -> str:
    return f"{float(chance * 100):.3g} %"


def severe(game: Rinkside) -> Table:
    """The severe-penalty chart as the game charts print it, beside what each penalty does
    (T_PenaltyConsequences)."""
    consequences = game.tables.penalty_consequences
    columns = [
        *SEVERE,
        Column("What it means", 0, lambda row: consequence(consequences[row.penalty])),
    ]
    chart = game.severe_chart
    return _table(chart_header(chart, columns), chart_rows(chart, columns), [22, 48, 90])


def consequence(penalty: PenaltyConsequence) -> str:
    parts = []
    if penalty.power_plays == 1:
        parts.append("a 2:00 power play")
    elif penalty.power_plays:
        parts.append(f"{penalty.power_plays} separate 2:00 power plays")
    if penalty.major:
        parts.append("a 5:00 power play played out whatever it scores")
    if penalty.misconduct:
        parts.append(f"{penalty.misconduct}:00 misconduct on top")
    if penalty.ejected:
        parts.append("the player is thrown out of the game")
    if penalty.discipline:
        parts.append("the discipline office rules on him")
    return "; ".join(parts) if parts else "no more than the minor"


def rebound_control(game: Rinkside) -> Table:
    """The rebound-control table as the game charts print it, each bound in the goalie's
    terms (RC, RC-10)."""
    table = game.tables.rebound_control
    return _table(rebound_control_header(table), rebound_control_rows(table), [44, 40])


def rush_split(game: Rinkside) -> Table:
    columns = [Column("The rushing player", 0, lambda row: RUSH_PLAYS[row.result])]
    chart = game.tables.rush_split
    return _table(chart_header(chart, columns), chart_rows(chart, columns), [24, 90])


def official_call(game: Rinkside) -> Table:
    """For each officiating mode, how many filled boxes call the penalty."""
    rows = []
    for mode, table in game.tables.official_call.items():
        called = [row for row in table.rows if row.result == "penalty"]
        rows.append([mode, ", ".join(boxes_label(row.lo, row.hi) for row in called) or "never"])
    return _table(["Officials", "Penalty called when the other face shows"], rows, [34, 80])


def boxes_label(lo: int, hi: int) -> str:
    if hi == MOST_BOXES:
        return f"{lo} or more filled boxes" if lo < hi else f"all {hi} boxes filled"
    return f"{number_range(lo, hi)} filled boxes"


def pk_forecheck(game: Rinkside) -> Table:
    rows = []
    for strategy, by_number in sorted(game.tables.pk_forecheck.items()):
        red, blue = by_number["red_left"], by_number["blue_left"]
        rows.append(
            [f"Forecheck {strategy}", number_range(red.lo, red.hi), number_range(blue.lo, blue.hi)]
        )
    header = [
        "Penalty kill",
        "A clear after a failed power-play move turns short-handed on a red",
        "Breaking up the set-up gives the power play a rush on a blue",
    ]
    return _table(header, rows, [28, 60, 60])


def last_second(game: Rinkside) -> Table:
    rows = []
    for colour, table in game.tables.last_second.items():
        tries = [number_range(row.lo, row.hi) for row in table.rows if row.result == "attempt"]
        rows.append([colour, ", ".join(tries) or "none"])
    return _table(["Neutral zone", "One last try on a Left red of"], rows, [30, 50])


def intensities(game: Rinkside) -> Table:
    """Per game intensity: which after-whistle marks start a scrum, the coincidental
    range and the cooler-heads range."""
    rows = []
    for intensity in INTENSITIES:
        coincidental = game.coincidental_range[intensity]
        cooler = game.cooler_heads[intensity]
        rows.append(
            [
                intensity,
                "SCRUM-N" if intensity == INTENSITIES[0] else "SCRUM-N, SCRUM-AHB",
                at_or_below_range(coincidental),
                at_or_below_range(cooler),
            ]
        )
    header = [
        "Intensity",
        "A scrum on",
        "Coincidental minors: Right blue",
        "Cooler heads: Black #100",
    ]
    return _table(header, rows, [24, 40, 46, 42])


def fight_result(game: Rinkside) -> Flowable:
    """The Fight Card's fight result for each fighter who may hold the advantage, side by
    side, its columns named in full."""
    tables = []
    for advantage, chart in game.fight_result.items():
        header = [NUMBER_NAMES[chart.number], "The fighter with the advantage", "Chippiness"]
        table = _table(header, chart_rows(chart, FIGHT_RESULT), [18, 34, 18])
        tables.append([Paragraph(fight_result_title(advantage), styles()["h3"]), table])
    return side_by_side(tables, 72 * mm)


def momentum_levels(game: Rinkside) -> Table:
    return _table(MOMENTUM_LEVELS, momentum_level_rows(game), [24, 40])


def momentum_points(game: Rinkside) -> Table:
    return _table(MOMENTUM_POINTS, momentum_point_rows(game), [60, 18])


def momentum_shifts(game: Rinkside) -> Table:
    return _table(MOMENTUM_SHIFTS, momentum_shift_rows(game), [60, 40, 44])


def rating_label(use: RatingUse) -> str:
    if use.card == "skater":
        return SKATER_LABELS[use.rating]
    return GOALIE_LABELS[use.rating]


def situation(use: RatingUse) -> str:
    """Where the rules read it: the sheet's rule less the seed's section numbers ("6 loose
    puck, offense normal" is "loose puck, offense normal", "3 warm-up; 8 confidence check"
    is "warm-up; confidence check")."""
    return SECTION_NUMBER.sub("", use.rule)


def rating_uses(game: Rinkside, card: str) -> Table:
    """Every use of the card's ratings, in the order of the RatingUses sheet, and where the
    rules read it."""
    rows = [
        [
            rating_label(use),
            situation(use),
            NUMBER_NAMES[use.number],
            DIRECTIONS[use.direction],
            use.outcome,
        ]
        for use in game.rating_uses
        if use.card == card
    ]
    header = ["Rating", "Where", "Number", "Read", "What it gives"]
    return _table(header, rows, RATING_WIDTHS[card])
