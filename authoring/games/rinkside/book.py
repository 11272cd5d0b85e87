"""RINKSIDE HOCKEY's rulebook: the rules in play order, from the template `rulebook.md.j2`,
with every table typeset here from the validated model.

The text reads the game-wide readings from the Settings sheet (`s` in the template), so a
designer who changes one gets a rulebook that says so; every table is built from a sheet
(RatingUses, the small rule tables, the momentum and intensity sheets, the fight result),
never typed into the template. The game-centre charts themselves are printed by
`kit_charts`: the rulebook only says which chart a rule reads.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import partial
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Table

from authoring.components import BuildContext, Component, Printing
from authoring.games.rinkside.model import INTENSITIES, RatingUse, Rinkside
from authoring.games.rinkside.sections import faceoff_win
from authoring.games.rinkside.texttables import NUMBERS as TEXT_NUMBERS
from authoring.games.rinkside.texttables import Bound, PenaltyConsequence
from authoring.render.flow import TableSource, build_markup_book, data_table, render_markup
from authoring.render.words import number_range

TITLE = "RINKSIDE HOCKEY"
AUTHOR = "authoring (from the RINKSIDE HOCKEY workbook)"
SUBJECT = "Rulebook"
TABLE_TEXT = 8.5
MINUS = "\u2212"

# How a skater card labels each rating (README §2.1), as the ratings table names them.
SKATER_LABELS = {
    "faceoff": "FO",
    "offense": "OFF",
    "grade": "GR",
    "quality_shot": "Q-S",
    "set_up": "S-U",
    "hqs": "HQS",
    "shot_target": "TGT",
    "sniper": "SNP-R",
    "pp_sniper": "P-P",
    "sh_sniper": "S-H",
    "breakout": "B-O",
    "head_man": "H-M",
    "forecheck_def": "FCD",
    "forecheck_off": "FCO",
    "defense": "DEF",
    "hit": "HIT",
    "big_hit": "BIG",
    "nz_hit": "NZ-H",
    "nz_big_hit": "NZ-B",
    "physical": "PHY",
    "takeaway": "T-A",
    "o_battle": "O-BAT",
    "d_battle": "D-BAT",
    "net": "NET",
    "blocked_shot": "B-S",
    "neutral": "NEU",
    "pass": "PASS",
    "initiate_rush": "I-R",
    "draw_penalty": "DRW",
    "commit_penalty": "COM",
    "secondary_penalty": "SEC",
    "agitator_enforcer": "A/E",
}
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
# The number a use reads (RatingUses `number`), as the rulebook's text calls it.
NUMBERS = {
    "red_left": "Left red",
    "blue_left": "Left blue",
    "red_right": "Right red",
    "blue_right": "Right blue",
    "black100": "Black #100",
    "left100": "Left #100",
    "right100": "Right #100",
    "black100_first_digit": "Black #100, 1st digit",
    "black100_second_digit": "Black #100, 2nd digit",
    "faceoff_left": "Left faceoff number",
    "assist_credit": "Left assist credit",
    "physical_right": "Right physical number",
    "none": "another rating",
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
# A rebound-control bound names a goalie rating: as the rulebook's text calls it.
BOUND_NAMES = {"rebound_control": "RC"}
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
    return {
        "rivalries": partial(_kept, partial(rivalries, game)),
        "faceoff-odds": partial(_kept, partial(faceoff_odds, game)),
        "severe": partial(_kept, partial(severe, game)),
        "rebound-control": partial(_kept, partial(rebound_control, game)),
        "rush-split": partial(_kept, partial(rush_split, game)),
        "official-call": partial(_kept, partial(official_call, game)),
        "pk-forecheck": partial(_kept, partial(pk_forecheck, game)),
        "last-second": partial(_kept, partial(last_second, game)),
        "intensities": partial(_kept, partial(intensities, game)),
        "fight-result": partial(_kept, partial(fight_result, game)),
        "momentum-levels": partial(_kept, partial(momentum_levels, game)),
        "momentum-points": partial(_kept, partial(momentum_points, game)),
        "momentum-shifts": partial(_kept, partial(momentum_shifts, game)),
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
    """The severe-penalty chart beside what each penalty does (T_PenaltyConsequences)."""
    consequences = game.tables.penalty_consequences
    rows = [
        [number_range(row.lo, row.hi), row.penalty, consequence(consequences[row.penalty])]
        for row in game.severe_chart.rows
    ]
    return _table(["Black #100", "Penalty", "What it means"], rows, [22, 48, 90])


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
    """The rebound-control table, each bound in the goalie's terms (RC, RC - 10)."""
    rows = [
        [f"{bound_label(row.lo)} to {bound_label(row.hi)}", row.result]
        for row in game.tables.rebound_control.rows
    ]
    return _table(["Left blue", "The save gives"], rows, [44, 40])


def bound_label(bound: Bound) -> str:
    if bound.rating is None:
        return str(bound.offset)
    name = BOUND_NAMES.get(bound.rating, bound.rating)
    if not bound.offset:
        return name
    return f"{name} {'+' if bound.offset > 0 else MINUS} {abs(bound.offset)}"


def rush_split(game: Rinkside) -> Table:
    rows = [
        [number_range(row.lo, row.hi), RUSH_PLAYS[row.result]]
        for row in game.tables.rush_split.rows
    ]
    return _table(["Black #100", "The rushing player"], rows, [24, 90])


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
                number_range(coincidental.lo, coincidental.hi),
                number_range(cooler.lo, cooler.hi),
            ]
        )
    header = [
        "Intensity",
        "A scrum on",
        "Coincidental minors: Right blue",
        "Cooler heads: Black #100",
    ]
    return _table(header, rows, [24, 40, 46, 42])


def fight_result(game: Rinkside) -> Table:
    rows = [
        [number_range(row.lo, row.hi), row.result, f"{row.chippiness:+d}"]
        for row in game.fight_result.rows
    ]
    return _table(
        ["Right blue", "The fighter with the advantage", "Chippiness"], rows, [22, 60, 22]
    )


def momentum_levels(game: Rinkside) -> Table:
    rows = [
        [f"{step.lo} and up" if step.hi is None else number_range(step.lo, step.hi), step.level]
        for step in game.momentum_levels
    ]
    return _table(["Points", "Level"], rows, [24, 40])


def momentum_points(game: Rinkside) -> Table:
    rows = [[play, f"+{points}"] for play, points in game.momentum_points.items()]
    return _table(["Momentum play", "Points"], rows, [60, 18])


def momentum_shifts(game: Rinkside) -> Table:
    rows = [
        [play, shift.other_points, f"at least {shift.gaining_at_least}"]
        for play, shift in game.momentum_shifts.items()
    ]
    header = ["Play", "The other team drops to", "The team making it goes to"]
    return _table(header, rows, [60, 40, 44])


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
            NUMBERS[use.number],
            DIRECTIONS[use.direction],
            use.outcome,
        ]
        for use in game.rating_uses
        if use.card == card
    ]
    header = ["Rating", "Where", "Number", "Read", "What it gives"]
    return _table(header, rows, RATING_WIDTHS[card])
