"""RINKSIDE HOCKEY's cards: a card for every skater and goalie, club by club, the 100 play
result cards printed back to back, and the sheet that explains a play result card.

Every card is poker size. A skater card holds 32 ratings, a goalie card 25 values in 15
groups, a play result card face up to 30 sections: poker size fits each with its values at 9
points or more and its labels at 6 or more, and the Full View layout (seed L53) lays 36
skater cards and two goalies on the table at once, which tarot cards would make a metre
wide. Nine poker cards fill a sheet, against four tarot ones (16 sheets of skater cards
rather than 36).

A play result card's front is its Right face and its back its Left face (README §0): the
imposition puts card k's Left face exactly behind its Right face. One function draws a face,
for the cards and for the diagram sheet alike, and a section the workbook leaves blank on
every card is not drawn at all.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import pairwise
from pathlib import Path
from typing import TypeVar

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from authoring.components import BuildContext, Component, Printing
from authoring.games.rinkside.deck import SIDES, YELLOW, Card, Face, Side
from authoring.games.rinkside.model import (
    GOALIE_RATING_GROUPS,
    SKATER_RATINGS,
    Goalie,
    GoalieCard,
    Rinkside,
    Skater,
    SkaterCard,
    Team,
)
from authoring.render.cards import SMALLEST, CardFrame, card_face, safe_outline
from authoring.render.colours import ink_on
from authoring.render.document import draw_pages
from authoring.render.fonts import BODY, BODY_BOLD, BODY_ITALIC, draw_centred, fitted_size
from authoring.render.imposition import Draw, Rect, Slot, impose
from authoring.render.paper import CARD_SIZES, Paper
from authoring.render.words import number_range

TITLE = "RINKSIDE HOCKEY"
AUTHOR = "authoring (from the RINKSIDE HOCKEY workbook)"
PLAYER_CARD = CARD_SIZES["poker"]
PLAY_RESULT_CARD = CARD_SIZES["poker"]

INK = colors.HexColor("#1d1d1f")
RULE = colors.HexColor("#8a8f98")
PALE = colors.HexColor("#f1f3f6")
RED = colors.HexColor("#c8102e")
BLUE = colors.HexColor("#1f5fbf")
GREEN = colors.HexColor("#2e8b47")
HUNDRED = colors.HexColor("#3a3a3a")
YELLOW_INK = colors.HexColor("#ffd21f")
ORANGE = colors.HexColor("#f28c28")
STOP_LIGHTS = {"RED": RED, "YELLOW": colors.HexColor("#ffb000"), "GREEN": GREEN}
"""The neutral zone's stop light (L798-L802): a disc of its colour beside the word, amber for
YELLOW as on a traffic light."""
STOP_LIGHT_RADIUS = 1.1 * mm
FRAME = CardFrame(
    safe_inset=3 * mm, radius=1.5 * mm, ink=INK, line=RULE, line_width=0.5, title_height=6.5 * mm
)
LABEL_SIZE = 6.0
VALUE_SIZE = 10.0
SECTION_VALUE_SIZE = 7.5
CARD_ID_SIZE = 6.0
CARD_ID_GREY = 0.45

# --- the scales a rating is read on --------------------------------------------------------

SCALE_COLOURS = {"red": RED, "blue": BLUE, "100": HUNDRED}
SCALE_NAMES = {"red": "red 1-10", "blue": "blue 1-20", "100": "#100 1-100"}


def scale_of(number: str) -> str | None:
    """The colour scale of a number a RatingUses row reads (red_left → red, black100 → 100);
    None for a number on no colour scale (a faceoff number, a physical number, none)."""
    if number.startswith("red"):
        return "red"
    if number.startswith("blue"):
        return "blue"
    if number in ("black100", "left100", "right100", "n100"):
        return "100"
    return None


def scales(game: Rinkside, rating: str) -> tuple[str, ...]:
    """The colour scales the rules read a card column on, red then blue then 100."""
    found = {scale_of(use.number) for use in game.uses_of(rating)}
    return tuple(scale for scale in SCALE_COLOURS if scale in found)


# --- labels: the card's own short names for the model's columns (README §2.1, §2.2) -------

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
SKATER_COLUMNS = 4
GOALIE_LABELS = {
    "save_green": "GREEN",
    "save_blue": "BLUE",
    "save_black": "BLACK",
    "great_save": "GREAT",
    "big_good": "GOOD",
    "big_very_good": "V.GOOD",
    "big_great": "GREAT",
    "goalie_rating": "GOALIE",
    "sht": "SHT",
    "shootout": "S-O",
    "rebound_control": "RC",
    "scramble": "SCR",
    "recover": "REC",
    "play_puck": "PLAY",
    "control_puck": "CTRL",
    "penalty": "PEN",
}
SAVE_COLOURS = {"save_green": GREEN, "save_blue": BLUE, "save_black": INK}
FIRST_DIGIT_BANDS = ("COVER", "CORNER", "REBOUND", "REB SHOT")
SECOND_DIGIT_BANDS = ("GLOVE", "PAD", "BLOCKER/STICK", "SKATE")
BLOCKER_NOTE = "Blocker/stick: blocker on an odd digit, stick on an even one."
COLUMN_GROUPS = ("easy column", "difficult column")
SAVE_TYPE = "save type"
EMPTY_BAND = "-"
POSITIONS = ("LW", "C", "RW", "LD", "RD")
FORWARDS = ("LW", "C", "RW")
ROLES = {"agitator": "AGITATOR", "enforcer": "ENFORCER"}
Player = TypeVar("Player", Skater, Goalie)


def components(game: Rinkside, context: BuildContext) -> list[Component]:
    player_sheets = frozenset({"Teams", "Skaters", "Goalies", "RatingUses"})
    return [
        Component(
            "skater-cards",
            partial(
                _player_cards,
                context,
                "skater",
                skaters_in_order(game),
                partial(_skater_front, game),
                partial(_skater_back, game),
            ),
            reads=player_sheets | {"SkaterCards"},
            printing=Printing.double_sided_pieces(
                "Skater cards",
                how="Cut out the cards along the solid lines; keep each club's together.",
            ),
        ),
        Component(
            "goalie-cards",
            partial(
                _player_cards,
                context,
                "goalie",
                goalies_in_order(game),
                partial(_goalie_front, game),
                partial(_goalie_back, game),
            ),
            reads=player_sheets | {"GoalieCards"},
            printing=Printing.double_sided_pieces(
                "Goalie cards", how="Cut out the cards along the solid lines."
            ),
        ),
        Component(
            "play-result-cards",
            partial(_play_result_cards, game, context),
            reads=frozenset({"PlayResultCards"}),
            printing=Printing.double_sided_pieces(
                "Play result cards",
                how="Cut out the 100 cards along the solid lines.",
            ),
        ),
        Component(
            "play-result-diagram",
            partial(_diagram, game, context),
            reads=frozenset({"PlayResultCards"}),
            printing=Printing("Play result card diagram"),
        ),
    ]


# --- order ----------------------------------------------------------------------------------


def skaters_in_order(game: Rinkside) -> list[Skater]:
    """Club by club in the Teams sheet's order; in a club the forward lines 1-4 (LW, C, RW),
    then the defence pairs 1-3 (LD, RD): the order the Full View layout reads them."""
    teams = list(game.teams)

    def key(skater: Skater) -> tuple[int, int, int, int]:
        defence = skater.position not in FORWARDS
        return (
            teams.index(skater.team_id),
            defence,
            skater.unit,
            POSITIONS.index(skater.position),
        )

    return sorted(game.skaters.values(), key=key)


def goalies_in_order(game: Rinkside) -> list[Goalie]:
    teams = list(game.teams)
    return sorted(game.goalies.values(), key=lambda g: (teams.index(g.team_id), g.depth))


# --- drawing helpers -----------------------------------------------------------------------


def _box(canvas: Canvas, rect: Rect, fill: colors.Color = colors.white) -> None:
    canvas.setLineWidth(FRAME.line_width)
    canvas.setStrokeColor(FRAME.line)
    canvas.setFillColor(fill)
    canvas.roundRect(*rect, 1 * mm, stroke=1, fill=1)


def _label(canvas: Canvas, rect: Rect, text: str, ink: colors.Color = RULE) -> float:
    """A small label centred at the top of `rect`; returns its baseline."""
    canvas.setFillColor(ink)
    baseline: float = rect.y + rect.height - LABEL_SIZE - 0.4 * mm
    draw_centred(
        canvas,
        text,
        rect.x + rect.width / 2,
        baseline,
        BODY_BOLD,
        LABEL_SIZE,
        rect.width - 2,
        smallest=SMALLEST,
    )
    return baseline


def _lines_for(text: str, font: str, size: float, room: float, height: float) -> list[str]:
    """One line, or two split at the space that makes them fit largest, whichever holds the
    text at the larger size in `room` by `height`."""
    one = min(size, size * room / max(stringWidth(text, font, size), 1e-6), height / 1.15)
    best, best_size = [text], one
    words = text.split(" ")
    for cut in range(1, len(words)):
        lines = [" ".join(words[:cut]), " ".join(words[cut:])]
        wide = max(stringWidth(line, font, size) for line in lines)
        two = min(size, size * room / max(wide, 1e-6), height / 2.3)
        if two > best_size:
            best, best_size = lines, two
    return best


def draw_value(
    canvas: Canvas,
    text: str,
    rect: Rect,
    size: float,
    *,
    font: str = BODY_BOLD,
    ink: colors.Color = INK,
) -> None:
    """`text` centred in `rect`, on two lines when that lets it be larger; never under
    SMALLEST (a text still too wide is noted as an overflow by the core)."""
    room = rect.width - 2
    lines = _lines_for(text, font, size, room, rect.height)
    fitted = min(
        fitted_size(
            line, font, min(size, rect.height / (1.15 * len(lines))), room, smallest=SMALLEST
        )
        for line in lines
    )
    fitted = max(fitted, SMALLEST)
    canvas.setFillColor(ink)
    canvas.setFont(font, fitted)
    leading = fitted * 1.1
    first = rect.y + rect.height / 2 + (len(lines) - 1) * leading / 2 - fitted * 0.35
    for index, line in enumerate(lines):
        canvas.drawCentredString(rect.x + rect.width / 2, first - index * leading, line)


def _colour(hex_colour: str) -> colors.Color:
    return colors.HexColor(hex_colour)


def _title(canvas: Canvas, safe: Rect, text: str, fill: colors.Color) -> Rect:
    """A filled band across the top of the safe zone with the player's number and name."""
    band = Rect(safe.x, safe.y + safe.height - FRAME.title_height, safe.width, FRAME.title_height)
    canvas.setFillColor(fill)
    canvas.setStrokeColor(FRAME.line)
    canvas.setLineWidth(FRAME.line_width)
    canvas.roundRect(*band, FRAME.radius, stroke=1, fill=1)
    canvas.setFillColor(ink_on(fill, INK))
    draw_centred(
        canvas,
        text,
        band.x + band.width / 2,
        band.y + (band.height - 10 * 0.7) / 2,
        BODY_BOLD,
        10,
        band.width - 2 * FRAME.radius,
        smallest=SMALLEST,
    )
    return Rect(safe.x, safe.y, safe.width, safe.height - FRAME.title_height)


def _info(canvas: Canvas, below: Rect, text: str) -> Rect:
    """One italic line under the title; returns the room below it."""
    height = 4 * mm
    canvas.setFillColor(INK)
    draw_centred(
        canvas,
        text,
        below.x + below.width / 2,
        below.y + below.height - height + 1.2 * mm,
        BODY_ITALIC,
        7,
        below.width,
        smallest=SMALLEST,
    )
    return Rect(below.x, below.y, below.width, below.height - height)


def _scale_stripe(canvas: Canvas, rect: Rect, found: Sequence[str]) -> None:
    """A thin bar down the cell's left edge in the colours of the scales it is read on."""
    if not found:
        return
    width = 1.1 * mm
    step = (rect.height - 2) / len(found)
    for index, scale in enumerate(found):
        canvas.setFillColor(SCALE_COLOURS[scale])
        canvas.rect(rect.x + 0.6, rect.y + 1 + index * step, width, step, stroke=0, fill=1)


def _scale_legend(canvas: Canvas, rect: Rect) -> None:
    """The colours of the scales, with what each is, along the bottom of a player card."""
    canvas.setFont(BODY, LABEL_SIZE)
    texts = [SCALE_NAMES[scale] for scale in SCALE_COLOURS]
    chip = 2 * mm
    gap = 2.2 * mm
    total = sum(chip + 0.8 * mm + stringWidth(t, BODY, LABEL_SIZE) for t in texts)
    total += gap * (len(texts) - 1)
    x = rect.x + (rect.width - total) / 2
    y = rect.y + (rect.height - chip) / 2
    for scale, text in zip(SCALE_COLOURS, texts, strict=True):
        canvas.setFillColor(SCALE_COLOURS[scale])
        canvas.rect(x, y, chip, chip, stroke=0, fill=1)
        x += chip + 0.8 * mm
        canvas.setFillColor(INK)
        canvas.drawString(x, y + 0.4, text)
        x += stringWidth(text, BODY, LABEL_SIZE) + gap


def _team_back(canvas: Canvas, slot: Slot, team: Team, kind: str) -> None:
    """A club-coloured back: the club's abbreviation large, its name and the kind of card."""
    fill = _colour(team.colour_home)
    frame = CardFrame(paper=fill, safe_inset=FRAME.safe_inset, line=ink_on(fill, INK), line_width=1)
    safe = card_face(canvas, slot, frame)
    safe_outline(canvas, safe, frame)
    canvas.setFillColor(ink_on(fill, INK))
    centre = safe.x + safe.width / 2
    middle = safe.y + safe.height / 2
    draw_centred(
        canvas, team.abbr, centre, middle, BODY_BOLD, 28, safe.width - 4, smallest=SMALLEST
    )
    draw_centred(
        canvas,
        f"{team.city} {team.name}",
        centre,
        middle - 7 * mm,
        BODY_BOLD,
        9,
        safe.width - 4,
        smallest=SMALLEST,
    )
    draw_centred(canvas, kind, centre, middle - 11 * mm, BODY_ITALIC, 8, safe.width - 4)
    draw_centred(canvas, TITLE, centre, safe.y + 3 * mm, BODY_BOLD, 8, safe.width - 4)


# --- skater cards --------------------------------------------------------------------------


def skater_info(game: Rinkside, skater: Skater) -> str:
    """Position, line or pair, shot and role, as printed under the name."""
    unit = f"Line {skater.unit}" if skater.position in FORWARDS else f"Pair {skater.unit}"
    parts = [skater.position, unit, f"shoots {skater.shoots}", game.teams[skater.team_id].name]
    if skater.role in ROLES:
        parts.append(ROLES[skater.role])
    if skater.pp_qb:
        parts.append("PP QB")
    return " · ".join(parts)


def player_title(number: int, name: str) -> str:
    return f"#{number}  {name}"


def _skater_front(game: Rinkside, canvas: Canvas, skater: Skater, slot: Slot) -> None:
    card = game.skater_cards[skater.skater_id]
    team = game.teams[skater.team_id]
    safe = card_face(canvas, slot, FRAME)
    room = _title(canvas, safe, player_title(skater.number, skater.name), _colour(team.colour_home))
    room = _info(canvas, room, skater_info(game, skater))
    legend = Rect(room.x, room.y, room.width, 4 * mm)
    _scale_legend(canvas, legend)
    grid = Rect(room.x, room.y + legend.height, room.width, room.height - legend.height)
    _rating_grid(game, canvas, grid, card)


def _rating_grid(game: Rinkside, canvas: Canvas, grid: Rect, card: SkaterCard) -> None:
    rows = -(-len(SKATER_RATINGS) // SKATER_COLUMNS)
    width = grid.width / SKATER_COLUMNS
    height = grid.height / rows
    for index, rating in enumerate(SKATER_RATINGS):
        row, column = divmod(index, SKATER_COLUMNS)
        cell = Rect(
            grid.x + column * width + 0.4,
            grid.y + grid.height - (row + 1) * height + 0.4,
            width - 0.8,
            height - 0.8,
        )
        _rating_cell(game, canvas, cell, rating, SKATER_LABELS[rating], card[rating], 1.5 * mm)


def _skater_back(game: Rinkside, canvas: Canvas, skater: Skater, slot: Slot) -> None:
    _team_back(canvas, slot, game.teams[skater.team_id], "skater card")


# --- goalie cards --------------------------------------------------------------------------


def goalie_info(game: Rinkside, goalie: Goalie) -> str:
    depth = "starter" if goalie.depth == 1 else "backup"
    return " · ".join(["G", depth, f"catches {goalie.catches}", game.teams[goalie.team_id].name])


def bands(cuts: Sequence[int], first: int) -> list[str]:
    """A save column's bands as digit ranges: digit d falls in the first band whose cut point
    is at least d, and past the last cut in the last band (README §2.2); an empty band is
    '-'. `first` is the lowest digit the column is read on (0, or 1 for the save type)."""
    edges = [first - 1, *cuts, 9]
    return [
        number_range(low + 1, high) if high > low else EMPTY_BAND for low, high in pairwise(edges)
    ]


def _player_cards(
    context: BuildContext,
    kind: str,
    players: Sequence[Player],
    front: Draw[Player],
    back: Draw[Player],
    path: Path,
) -> None:
    """A card for every skater, or for every goalie, in the order given."""
    impose(
        path,
        context.paper,
        players,
        front,
        back,
        size=PLAYER_CARD,
        title=context.titled(f"{TITLE}: {kind} cards"),
        author=AUTHOR,
    )


def _rating_cell(
    game: Rinkside,
    canvas: Canvas,
    cell: Rect,
    rating: str,
    label: str,
    value: object,
    inset: float,
    fill: colors.Color | None = None,
) -> None:
    """One rating in its box: its label over its value. A plain box has the stripe of the
    scales the rating is read on; a filled one (a save number in its colour) does not."""
    _box(canvas, cell, fill or colors.white)
    if fill is None:
        _scale_stripe(canvas, cell, scales(game, rating))
    ink = INK if fill is None else ink_on(fill, INK)
    inner = Rect(cell.x + inset, cell.y, cell.width - inset, cell.height)
    baseline = _label(canvas, inner, label, RULE if fill is None else ink)
    value_room = Rect(inner.x, inner.y, inner.width, baseline - inner.y - 0.3 * mm)
    draw_value(canvas, str(value), value_room, VALUE_SIZE, ink=ink)


def _headed(canvas: Canvas, area: Rect, heading: str, gap: float) -> Rect:
    """A heading across the top of `area`; returns the room below it, `gap` under the
    heading."""
    canvas.setFillColor(INK)
    draw_centred(
        canvas,
        heading,
        area.x + area.width / 2,
        area.y + area.height - LABEL_SIZE,
        BODY_BOLD,
        LABEL_SIZE,
        area.width,
        smallest=SMALLEST,
    )
    return Rect(area.x, area.y, area.width, area.height - LABEL_SIZE - gap)


def _cells(
    game: Rinkside,
    canvas: Canvas,
    area: Rect,
    columns: Sequence[str],
    labels: dict[str, str],
    card: GoalieCard,
    heading: str | None = None,
    fills: dict[str, colors.Color] | None = None,
) -> None:
    """A row of rating cells across `area`, under an optional heading."""
    if heading is not None:
        area = _headed(canvas, area, heading, 0.5 * mm)
    width = area.width / len(columns)
    for index, column in enumerate(columns):
        cell = Rect(area.x + index * width + 0.4, area.y + 0.4, width - 0.8, area.height - 0.8)
        fill = (fills or {}).get(column)
        _rating_cell(game, canvas, cell, column, labels[column], card[column], 1.2 * mm, fill)


def _band_table(
    canvas: Canvas,
    area: Rect,
    heading: str,
    rows: Sequence[str],
    columns: Sequence[tuple[str, list[str]]],
) -> None:
    """A table: a heading naming the digit read, a header row, one row per band."""
    body = _headed(canvas, area, heading, 0.8 * mm)
    _box(canvas, body, PALE)
    line = body.height / (len(rows) + 1)
    label_width = body.width * (0.46 if len(columns) > 1 else 0.62)
    value_width = (body.width - label_width) / len(columns)
    top = body.y + body.height
    canvas.setFillColor(INK)
    for index, (name, _) in enumerate(columns):
        x = body.x + label_width + index * value_width
        draw_value(canvas, name, Rect(x, top - line, value_width, line), LABEL_SIZE, font=BODY_BOLD)
    for row_index, row in enumerate(rows):
        y = top - (row_index + 2) * line
        canvas.setStrokeColor(RULE)
        canvas.setLineWidth(0.3)
        canvas.line(body.x + 1, y + line, body.x + body.width - 1, y + line)
        draw_value(canvas, row, Rect(body.x + 1, y, label_width - 1, line), 6.5, font=BODY)
        for index, (_, values) in enumerate(columns):
            x = body.x + label_width + index * value_width
            draw_value(canvas, values[row_index], Rect(x, y, value_width, line), 8)


def _goalie_front(game: Rinkside, canvas: Canvas, goalie: Goalie, slot: Slot) -> None:
    card = game.goalie_cards[goalie.goalie_id]
    team = game.teams[goalie.team_id]
    groups = GOALIE_RATING_GROUPS
    safe = card_face(canvas, slot, FRAME)
    room = _title(canvas, safe, player_title(goalie.number, goalie.name), _colour(team.colour_home))
    room = _info(canvas, room, goalie_info(game, goalie))
    legend = Rect(room.x, room.y, room.width, 3.5 * mm)
    _scale_legend(canvas, legend)
    canvas.setFillColor(INK)
    draw_centred(
        canvas,
        BLOCKER_NOTE,
        room.x + room.width / 2,
        legend.y + legend.height + 0.6 * mm,
        BODY_ITALIC,
        LABEL_SIZE,
        room.width,
        smallest=SMALLEST,
    )
    top = room.y + room.height
    heights = (11 * mm, 11 * mm, 9 * mm, 24 * mm, 9 * mm)
    areas = []
    for height in heights:
        areas.append(Rect(room.x, top - height, room.width, height))
        top -= height + 0.6 * mm
    saves, big, single, tables, last = areas
    _cells(
        game,
        canvas,
        saves,
        groups["save numbers"],
        GOALIE_LABELS,
        card,
        heading="SAVE NUMBERS: a goal above",
        fills=SAVE_COLOURS,
    )
    half = saves.width * 0.3
    _cells(
        game,
        canvas,
        Rect(big.x, big.y, half, big.height),
        groups["great save"],
        GOALIE_LABELS,
        card,
        heading="GREAT SAVE",
    )
    _cells(
        game,
        canvas,
        Rect(big.x + half, big.y, big.width - half, big.height),
        groups["big save range"],
        GOALIE_LABELS,
        card,
        heading="BIG SAVE RANGE",
    )
    _cells(
        game,
        canvas,
        single,
        (*groups["goalie rating"], *groups["short-handed"], *groups["shootout"]),
        GOALIE_LABELS,
        card,
    )
    split = tables.width * 0.56
    easy, difficult = (groups[name] for name in COLUMN_GROUPS)
    _band_table(
        canvas,
        Rect(tables.x, tables.y, split - 1 * mm, tables.height),
        "1st digit of Black #100",
        FIRST_DIGIT_BANDS,
        [
            ("EASY", bands([card[c] for c in easy], 0)),
            ("DIFF", bands([card[c] for c in difficult], 0)),
        ],
    )
    _band_table(
        canvas,
        Rect(tables.x + split, tables.y, tables.width - split, tables.height),
        "2nd digit (1st if 0)",
        SECOND_DIGIT_BANDS,
        [("TYPE", bands([card[c] for c in groups[SAVE_TYPE]], 1))],
    )
    _cells(
        game,
        canvas,
        last,
        tuple(
            column
            for name in (
                "rebound control",
                "scramble",
                "recover",
                "play puck",
                "control puck",
                "penalty number",
            )
            for column in groups[name]
        ),
        GOALIE_LABELS,
        card,
    )


def _goalie_back(game: Rinkside, canvas: Canvas, goalie: Goalie, slot: Slot) -> None:
    _team_back(canvas, slot, game.teams[goalie.team_id], "goalie card")


# --- play result cards ---------------------------------------------------------------------


@dataclass(frozen=True)
class Section:
    """A box on a face: the Face attributes it prints (README §3.2, without `l_`/`r_`), its
    label, how wide a share of its row it takes, and what it is and which rule reads it (for
    the diagram sheet, in our words)."""

    fields: tuple[str, ...]
    label: str
    about: str
    share: float = 1.0
    parts: tuple[str, ...] = ()
    """For a section of one value per strategy: each value's own label, over it."""
    joiner: str = " "

    def values(self, face: Face) -> list[object]:
        return [getattr(face, name, None) for name in self.fields]

    def shown(self, face: Face) -> bool:
        return any(value not in (None, "") for value in self.values(face))


CALLS = ("call_tight", "call_normal", "call_ltp")
CALL_LABELS = ("T", "N", "L")
TOSSES = {"TOSS-D": "down", "TOSS-O": "up"}
BLANK = "·"
"""A strategy's value left blank: a dot, so the eye sees the blank is meant."""

LEFT_ROWS: tuple[tuple[Section, ...], ...] = (
    (
        Section(
            ("faceoff",),
            "FACEOFF",
            "1-20 against the faceoff range; a symbol tosses a centre "
            "(TOSS-D down, TOSS-O up), calls a PENALTY or brings the ENFORCERS (L206-226)",
        ),
        Section(("side",), "SIDE", "which side of the ice: Left or Right (L268, L370)", 0.6),
        Section(("mo",), "MO", "momentum mark MO 1-4 (L1270, L1305)", 0.6),
    ),
    (
        Section(
            ("zone", "zone_who"),
            "ZONE PLAY",
            "the loose-puck result in the zone; a board "
            "scrum names its offensive player (L320-415)",
        ),
    ),
    (
        Section(("puck_location",), "PUCK", "where the puck is in the offensive zone (L242)"),
        Section(
            ("hit_minus", "hit", "hit_plus"),
            "HIT- / HIT / HIT+",
            "hit or P? for each hitting strategy (L312)",
            1.3,
            ("HIT-", "HIT", "HIT+"),
        ),
    ),
    (Section(("shot_symbol",), "SHOT", "blocks, screens and deflections on a shot (L445-477)"),),
    (
        Section(("assist_credit",), "ASSIST", "assist credit 1-4, up or down (L700)", 0.7),
        Section(("breakout_player",), "BREAKOUT", "who tries the breakout (L712)", 0.7),
        Section(
            ("nz_defender",),
            "NZ D",
            "the defender in the neutral zone, zone regroup, "
            "exposed player, power play set-up, empty net (L780, L806, L1108)",
            0.7,
        ),
    ),
    (
        Section(
            ("fchk1", "fchk2", "fchk3"),
            "F-CHK 1 / 2 / 3",
            "the forecheck by strategy: F-CHK, PRESSURE or ZONE RG (L760-782)",
            parts=("F-CHK 1", "F-CHK 2", "F-CHK 3"),
        ),
    ),
    (
        Section(
            ("nz_colour", "nz_yellow"),
            "NEUTRAL ZONE",
            "the stop-light colour and, on YELLOW, what follows (L806-842)",
            1.15,  # room for the stop-light disc beside YELLOW SKATE INTO ZONE
        ),
        Section(("dump",), "DUMP", "the dump-and-chase result (L879-911)"),
    ),
    (
        Section(
            ("rush", "rush_defender"),
            "RUSH",
            "the rush result and its defender, backcheckers marked bc (L917-969)",
            1.4,
        ),
        Section(("dirty",), "DIRTY", "dirty-play level D, D1-D7 (L1190)", 0.6),
    ),
    (Section(("scramble",), "SCRAMBLE", "who wins a net scramble (L660-690)"),),
)
RIGHT_ROWS: tuple[tuple[Section, ...], ...] = (
    (
        Section(("faceoff_control",), "FO CONTROL", "who controls the won draw (L206, L1068)"),
        Section(("hv",), "H/V", "home or visitor (L212, L742, L824)", 0.6),
        Section(
            ("grade", "grade_pos"),
            "GRADE",
            "the shooter's grade A-D, forward or defence (L268, L933)",
            0.8,
            joiner=" · ",
        ),
    ),
    (
        Section(
            ("zone_off",),
            "ZONE O",
            "the zone play's offensive player; *D activates a defenceman (L322, L332)",
        ),
        Section(("zone_def",), "ZONE D", "the zone play's defensive player (L340, L598)"),
        Section(("block_who",), "BLOCK", "who blocks the shot (L447)"),
        Section(("net_who",), "NET", "who screens or tips (L471, L475)"),
    ),
    (Section(("post",), "POST", "iron: post, crossbar and where the puck goes (L483-507)"),),
    (
        Section(
            ("breakout1", "breakout2", "breakout3"),
            "BREAKOUT v F1 / F2 / F3",
            "B-OUT, ST-PASS or CARRY P against the forechecking strategy (L712-732)",
            parts=("B-O v F1", "v F2", "v F3"),
        ),
    ),
    (
        Section(("bad_breakout",), "BAD BREAKOUT", "what a failed breakout gives (L736-756)"),
        Section(("forecheck_who",), "F-CHK", "the forechecker (L760, L869, L911)", 0.6),
    ),
    (
        Section(("nz_off",), "NZ O", "the neutral-zone puck carrier (L808, L820)", 0.6),
        Section(("nz_failed",), "NZ FAILED", "what a failed neutral-zone play gives (L860-871)"),
    ),
    (
        Section(("dump_off",), "DUMP O", "the dump-in chaser (L881)"),
        Section(("dump_def",), "DUMP D", "the dump-in defender (L889, L891)"),
        Section(("rush_off",), "RUSH O", "the rush's puck carrier (L931)"),
    ),
    (
        Section(("rush_failed",), "RUSH FAILED", "what a failed rush gives (L975-997)"),
        Section(
            ("physical", "physical_n"),
            "PHYSICAL",
            "HIT or BIG HIT and a 1-10 number for the player's hit rating (L358, L370, L752, L883)",
        ),
    ),
    (
        Section(
            ("after_whistle",),
            "AFTER THE WHISTLE",
            "scrum or agitator after the whistle (L1154, L1164)",
        ),
    ),
)
ROWS: dict[Side, tuple[tuple[Section, ...], ...]] = {"left": LEFT_ROWS, "right": RIGHT_ROWS}
FACE_NAMES: dict[Side, str] = {"left": "LEFT (back)", "right": "RIGHT (front)"}
NUMBERS_ABOUT = (
    ("BLACK DIGIT", "Left digit then Right digit make Black #100; 00 is 100 (L96)"),
    ("#100", "this face's own 1-100 number (L95)"),
    (
        "RED",
        "1-10 (L91); a 10 is printed yellow: an auxiliary play if the other face's #100 "
        "ends in 0 (L1317)",
    ),
    ("BLUE", "1-20 (L93); a 10 is printed yellow, as the red"),
    ("CALL T / N / L", "official call boxes: filled for tight, normal, let them play (L1001-1013)"),
)


def present_rows(cards: Sequence[Card], side: Side) -> tuple[tuple[Section, ...], ...]:
    """The face's rows with only the sections some card fills; empty rows left out."""
    kept = (
        tuple(s for s in row if any(s.shown(card.face(side)) for card in cards))
        for row in ROWS[side]
    )
    return tuple(row for row in kept if row)


def has_calls(cards: Sequence[Card], side: Side) -> bool:
    return any(getattr(card.face(side), name, None) is not None for card in cards for name in CALLS)


def _text(value: object) -> str:
    return "" if value in (None, "") else str(value)


def draw_face(
    canvas: Canvas,
    card: Card,
    side: Side,
    slot: Slot,
    rows: Sequence[Sequence[Section]],
    calls: bool,
) -> dict[str, Rect]:
    """One face of a play result card in `slot`: the numbers along the top, the sections in
    rows, the official call boxes and the card's number along the bottom. Returns where each
    part went (numbers by their label, sections by their label), for the diagram."""
    face = card.face(side)
    safe = card_face(canvas, slot, FRAME)
    placed: dict[str, Rect] = {}
    numbers = Rect(safe.x, safe.y + safe.height - 13 * mm, safe.width, 13 * mm)
    placed.update(_numbers(canvas, numbers, face, side))
    footer = Rect(safe.x, safe.y, safe.width, 4.5 * mm)
    placed.update(_footer(canvas, footer, card, face, side, calls))
    body = Rect(
        safe.x,
        footer.y + footer.height + 0.5 * mm,
        safe.width,
        numbers.y - footer.y - footer.height - 1 * mm,
    )
    if rows:
        height = min(body.height / len(rows), 9.5 * mm)
        top = body.y + body.height
        for row in rows:
            total = sum(section.share for section in row)
            x = body.x
            for section in row:
                width = body.width * section.share / total
                rect = Rect(x + 0.3, top - height + 0.3, width - 0.6, height - 0.6)
                _section(canvas, rect, section, face)
                placed[section.label] = rect
                x += width
            top -= height
    return placed


def _numbers(canvas: Canvas, area: Rect, face: Face, side: Side) -> dict[str, Rect]:
    """The black digit large, then #100 on its orange block, then red and blue."""
    digit = Rect(area.x, area.y, area.width * 0.25, area.height)
    _box(canvas, digit)
    baseline = _label(canvas, digit, "BLACK")
    draw_value(canvas, str(face.black), Rect(digit.x, digit.y, digit.width, baseline - digit.y), 26)
    n100 = Rect(digit.x + digit.width + 0.8 * mm, area.y, area.width * 0.29, area.height)
    _box(canvas, n100, ORANGE)
    baseline = _label(canvas, n100, "#100", INK)
    draw_value(
        canvas,
        str(face.n100),
        Rect(n100.x, n100.y, n100.width, baseline - n100.y),
        18,
        font=BODY_ITALIC,
    )
    rest = area.x + area.width - (n100.x + n100.width + 0.8 * mm)
    placed = {"BLACK DIGIT": digit, "#100": n100}
    for index, (name, value, fill) in enumerate(
        (("RED", face.red, RED), ("BLUE", face.blue, BLUE))
    ):
        width = (rest - 0.8 * mm) / 2
        rect = Rect(
            n100.x + n100.width + 0.8 * mm + index * (width + 0.8 * mm), area.y, width, area.height
        )
        _box(canvas, rect, fill)
        baseline = _label(canvas, rect, name, colors.white)
        ink = YELLOW_INK if value == YELLOW else colors.white
        draw_value(
            canvas, str(value), Rect(rect.x, rect.y, rect.width, baseline - rect.y), 18, ink=ink
        )
        placed[name] = rect
    return placed


def card_id(card: Card) -> str:
    """The small mark naming the card's row, on both faces: a designer finds the card's row."""
    return f"card {card.card}"


def _footer(
    canvas: Canvas, area: Rect, card: Card, face: Face, side: Side, calls: bool
) -> dict[str, Rect]:
    canvas.setFillGray(CARD_ID_GREY)
    canvas.setFont(BODY, CARD_ID_SIZE)
    canvas.drawString(area.x, area.y + 1.2 * mm, card_id(card))
    canvas.drawRightString(area.x + area.width, area.y + 1.2 * mm, side.upper())
    placed: dict[str, Rect] = {}
    if calls:
        box = 3.4 * mm
        width = 3 * (box + 3.2 * mm) + stringWidth("CALL", BODY_BOLD, LABEL_SIZE) + 1 * mm
        x = area.x + (area.width - width) / 2
        canvas.setFillColor(INK)
        canvas.setFont(BODY_BOLD, LABEL_SIZE)
        canvas.drawString(x, area.y + 1.2 * mm, "CALL")
        x += stringWidth("CALL", BODY_BOLD, LABEL_SIZE) + 1 * mm
        start = x
        for name, label in zip(CALLS, CALL_LABELS, strict=True):
            filled = bool(getattr(face, name, None))
            canvas.setStrokeColor(INK)
            canvas.setLineWidth(0.6)
            canvas.setFillColor(INK)
            canvas.rect(x, area.y + 0.5 * mm, box, box, stroke=1, fill=int(filled))
            canvas.setFillColor(INK)
            canvas.setFont(BODY, LABEL_SIZE)
            canvas.drawString(x + box + 0.6 * mm, area.y + 1.2 * mm, label)
            x += box + 3.2 * mm
        placed["CALL T / N / L"] = Rect(start, area.y, x - start, area.height)
    return placed


def _section(canvas: Canvas, rect: Rect, section: Section, face: Face) -> None:
    _box(canvas, rect)
    values = [_text(value) for value in section.values(face)]
    if section.parts:  # one value per strategy, side by side, each under its own label
        width = rect.width / len(section.parts)
        for index, (label, value) in enumerate(zip(section.parts, values, strict=True)):
            part = Rect(rect.x + index * width, rect.y, width, rect.height)
            baseline = _label(canvas, part, label)
            room = Rect(part.x, part.y, part.width, baseline - part.y - 0.2 * mm)
            draw_value(canvas, value or BLANK, room, SECTION_VALUE_SIZE)
        return
    baseline = _label(canvas, rect, section.label)
    room = Rect(rect.x, rect.y, rect.width, baseline - rect.y - 0.2 * mm)
    if section.fields == ("faceoff",) and values[0] in TOSSES:
        _toss(canvas, room, values[0])
        return
    text = section.joiner.join(value for value in values if value)
    if section.fields[0] == "nz_colour" and values[0] in STOP_LIGHTS:
        room = _stop_light(canvas, room, STOP_LIGHTS[values[0]])
    if text:
        draw_value(canvas, text, room, SECTION_VALUE_SIZE)


def _stop_light(canvas: Canvas, room: Rect, colour: colors.Color) -> Rect:
    """A stop-light disc at the left of `room`, outlined so amber shows on white; returns the
    room left for the words."""
    radius = min(STOP_LIGHT_RADIUS, room.height / 2 - 0.5)
    strip = 2 * radius + 1.2 * mm
    canvas.setFillColor(colour)
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.4)
    canvas.circle(room.x + strip / 2 + 0.3 * mm, room.y + room.height / 2, radius, stroke=1, fill=1)
    return Rect(room.x + strip, room.y, room.width - strip, room.height)


def _toss(canvas: Canvas, room: Rect, symbol: str) -> None:
    """A centre-tossed symbol: a triangle pointing down (TOSS-D) or up (TOSS-O), named."""
    size = min(room.height - 2, 3.2 * mm)
    x = room.x + room.width * 0.25
    y = room.y + (room.height - size) / 2
    path = canvas.beginPath()
    if TOSSES[symbol] == "down":
        path.moveTo(x - size / 2, y + size)
        path.lineTo(x + size / 2, y + size)
        path.lineTo(x, y)
    else:
        path.moveTo(x - size / 2, y)
        path.lineTo(x + size / 2, y)
        path.lineTo(x, y + size)
    path.close()
    canvas.setFillColor(INK)
    canvas.drawPath(path, stroke=0, fill=1)
    draw_value(
        canvas,
        symbol,
        Rect(room.x + room.width * 0.4, room.y, room.width * 0.6, room.height),
        SECTION_VALUE_SIZE,
    )


def _play_result_cards(game: Rinkside, context: BuildContext, path: Path) -> None:
    cards = list(game.cards)
    layouts = {
        side: (present_rows(cards, side), has_calls(cards, side)) for side in ("left", "right")
    }

    def front(canvas: Canvas, card: Card, slot: Slot) -> None:
        draw_face(canvas, card, "right", slot, *layouts["right"])

    def back(canvas: Canvas, card: Card, slot: Slot) -> None:
        draw_face(canvas, card, "left", slot, *layouts["left"])

    impose(
        path,
        context.paper,
        cards,
        front,
        back,
        size=PLAY_RESULT_CARD,
        title=context.titled(f"{TITLE}: play result cards"),
        author=AUTHOR,
    )


# --- the diagram sheet ---------------------------------------------------------------------

DIAGRAM_MARGIN = 12 * mm
DIAGRAM_GAP = 8 * mm
LEGEND_SIZE = 8.0
MARKER = 2.2 * mm


def fullest(cards: Sequence[Card], side: Side) -> Card:
    """The card whose face on `side` fills the most sections: the best example."""
    rows = ROWS[side]
    return max(
        cards,
        key=lambda card: sum(s.shown(card.face(side)) for row in rows for s in row),
    )


def legend(cards: Sequence[Card], side: Side) -> list[tuple[str, str]]:
    """What the diagram explains for a face, in the order of its markers: the numbers, the
    sections some card fills, the call boxes."""
    entries = [(name, about) for name, about in NUMBERS_ABOUT if not name.startswith("CALL")]
    entries += [(s.label, s.about) for row in present_rows(cards, side) for s in row]
    if has_calls(cards, side):
        entries += [(name, about) for name, about in NUMBERS_ABOUT if name.startswith("CALL")]
    return entries


def _diagram(game: Rinkside, context: BuildContext, path: Path) -> None:
    draw_pages(
        path,
        context.paper,
        [partial(_diagram_page, game, context.paper)],
        title=context.titled(f"{TITLE}: play result card diagram"),
        author=AUTHOR,
        subject="One Left face and one Right face, each part named with the rule that reads it",
    )


def _diagram_page(game: Rinkside, paper: Paper, canvas: Canvas) -> None:
    cards = list(game.cards)
    column = (paper.width - 2 * DIAGRAM_MARGIN - DIAGRAM_GAP) / 2
    scale = min(column / PLAY_RESULT_CARD.width, 1.4)
    top = paper.height - DIAGRAM_MARGIN
    canvas.setFillColor(INK)
    canvas.setFont(BODY_BOLD, 14)
    canvas.drawCentredString(paper.width / 2, top - 14, f"{TITLE}: the play result card")
    canvas.setFont(BODY, 8)
    canvas.drawCentredString(
        paper.width / 2,
        top - 26,
        "A drawn card is turned over beside the stack: its back is the Left face, the next "
        "card's front the Right face.",
    )
    card_top = top - 48
    for index, side in enumerate(SIDES):
        x = DIAGRAM_MARGIN + index * (column + DIAGRAM_GAP)
        shown = fullest(cards, side)
        width = PLAY_RESULT_CARD.width * scale
        height = PLAY_RESULT_CARD.height * scale
        origin_x = x + (column - width) / 2
        origin_y = card_top - height
        canvas.setFillColor(INK)
        canvas.setFont(BODY_BOLD, 10)
        canvas.drawCentredString(x + column / 2, card_top + 4, FACE_NAMES[side])
        canvas.saveState()
        canvas.translate(origin_x, origin_y)
        canvas.scale(scale, scale)
        trim = Rect(0, 0, PLAY_RESULT_CARD.width, PLAY_RESULT_CARD.height)
        placed = draw_face(
            canvas, shown, side, Slot(trim, trim), present_rows(cards, side), has_calls(cards, side)
        )
        canvas.setStrokeColor(INK)
        canvas.setLineWidth(0.8)
        canvas.rect(*trim, stroke=1, fill=0)
        canvas.restoreState()
        entries = legend(cards, side)
        for number, (name, _) in enumerate(entries, 1):
            rect = placed[name]
            _marker(
                canvas,
                origin_x + (rect.x + rect.width) * scale - MARKER / 2,
                origin_y + (rect.y + rect.height) * scale - MARKER / 2,
                number,
            )
        _legend(
            canvas, Rect(x, DIAGRAM_MARGIN, column, origin_y - 4 * mm - DIAGRAM_MARGIN), entries
        )


def _marker(canvas: Canvas, x: float, y: float, number: int) -> None:
    canvas.setFillColor(ORANGE)
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.5)
    canvas.circle(x, y, MARKER, stroke=1, fill=1)
    canvas.setFillColor(INK)
    canvas.setFont(BODY_BOLD, 6.5)
    canvas.drawCentredString(x, y - 2.3, str(number))


def _legend(canvas: Canvas, area: Rect, entries: Iterable[tuple[str, str]]) -> None:
    y = area.y + area.height - LEGEND_SIZE
    leading = LEGEND_SIZE * 1.2
    for number, (name, about) in enumerate(entries, 1):
        head = f"{number}. {name}: "
        canvas.setFillColor(INK)
        canvas.setFont(BODY_BOLD, LEGEND_SIZE)
        canvas.drawString(area.x, y, head)
        indent = stringWidth(head, BODY_BOLD, LEGEND_SIZE)
        lines = simpleSplit(about, BODY, LEGEND_SIZE, area.width - indent)
        canvas.setFont(BODY, LEGEND_SIZE)
        for line in lines:
            canvas.drawString(area.x + indent, y, line)
            y -= leading
        y -= 1.5
