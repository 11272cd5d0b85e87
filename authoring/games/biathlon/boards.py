"""BIATHLON BLAST's player boards, biathlete profile map and World Cup score sheet.

A player board is half a portrait sheet, two to a page, cut along its solid outline: its ski
colour and skill, the pulse track 0-10 under the slot for the accuracy tile (the tile's three
columns lead down to the pulse bands they stand for), the holes for the colour's bullets and
wax, a cut-out under which the chosen card is played, and a short round reference. Every
count comes from the Colours sheet, every band from the rules engine's reading of a bib.

The profile map and the score sheet are landscape: the map is a grid of the eight
biathletes against the six skills, each rating a row of pips in the skill's colour and in
figures; the score sheet has the four races by venue, in World Cup order, a place and a
points box per player, and the points table read from the WorldCup sheet.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from authoring.components import BuildContext, Component, Printing
from authoring.games.biathlon.look import (
    ACCURACY_TILE,
    AUTHOR,
    BAND_TINTS,
    BULLET_USES,
    INK,
    LIGHT_INKS,
    MIN_TEXT,
    SKILL_WORDS,
    TITLE,
    WAX_WORDS,
    centred,
    draw_flag,
    fitted,
    gives_bullets,
    ink_on,
    ordered_colours,
    pulse_bands,
)
from authoring.games.biathlon.model import Biathlete, Biathlon, Colour
from authoring.games.biathlon.race import PULSE_LIMIT
from authoring.games.biathlon.worldcup import ORDER
from authoring.render.document import draw_pages, set_page_boxes
from authoring.render.fonts import BODY, BODY_BOLD, BODY_ITALIC
from authoring.render.imposition import Rect, bounding
from authoring.render.lines import CUT, KEY_SIZE, line, line_key
from authoring.render.paper import PRINTABLE_MARGIN, Paper
from authoring.render.words import number_range

TILE_SLOT = (ACCURACY_TILE.width + 2 * mm, ACCURACY_TILE.height + 2 * mm)
"""The accuracy tile's place: a millimetre of play round each side of the tile."""
BOARDS_PER_PAGE = 2
BOARD_GAP = 8 * mm
"""Between the two boards of a page, with the key to the lines in the middle."""
FRAME_CLEARANCE = 1 * mm
"""Keeps the half of a board's outline that lies outside it off the unprintable margin."""
PULSE_BOX = 14 * mm
HEADER = 14 * mm
PAD = 5 * mm
PLAYERS = 6
PIPS = 3
"""The highest skill rating (the Biathletes sheet's maximum): a pip for each step."""

RULE = colors.HexColor("#8c959c")
SHADE = colors.HexColor("#e8eef3")
SLOT = colors.HexColor("#f4f7f9")
ELIMINATED = "ELIMINATED"
CUT_OUT_WIDTH = 44 * mm
CUT_OUT_DEPTH = 8 * mm

ROUND = (
    ("1  Everyone", "choose a card face down; reveal together"),
    ("", "highest initiative first; ties: ski colour order"),
    ("2  In turn", "top or bottom action: move, then pulse,"),
    ("", "then wind; discard or remove the card"),
    ("Pulse", "action cost; drafting \u22121; headwind +1;"),
    ("", "tailwind \u22121; never below 0"),
)
"""The round in brief, for the board's reference box."""


def components(game: Biathlon, context: BuildContext) -> list[Component]:
    return [
        Component(
            "player-boards",
            partial(_player_boards, game, context.paper),
            reads=frozenset({"Colours"}),
            printing=Printing(
                "Player boards",
                card_stock=True,
                how="Cut out each board along its solid outline, and the notch marked CUT OUT.",
            ),
        ),
        Component(
            "profile-map",
            partial(_profile_map, game, context.paper),
            reads=frozenset({"Biathletes", "Colours"}),
            printing=Printing("Biathlete profile map"),
        ),
        Component(
            "world-cup-score-sheet",
            partial(_score_sheet, game, context.paper),
            reads=frozenset({"Courses", "Venues", "Spaces", "Links", "WorldCup"}),
            printing=Printing("World Cup score sheet", how="One sheet for each World Cup."),
        ),
    ]


# --- text -----------------------------------------------------------------------------------


def ordinal(place: int) -> str:
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


# --- player boards --------------------------------------------------------------------------


def _player_boards(game: Biathlon, paper: Paper, path: Path) -> None:
    colours = ordered_colours(game)
    frames = _board_frames(paper)
    pages = [
        partial(_board_page, game, paper, colours[start : start + BOARDS_PER_PAGE], frames)
        for start in range(0, len(colours), BOARDS_PER_PAGE)
    ]
    draw_pages(
        path,
        paper,
        pages,
        title=f"{TITLE}: player boards",
        author=AUTHOR,
        subject=f"Player boards: {len(colours)} ski colours, two to a page",
    )


def _board_frames(paper: Paper) -> tuple[Rect, ...]:
    """The two boards of a page, top and bottom, their outlines inside the printable area."""
    inset = PRINTABLE_MARGIN + FRAME_CLEARANCE
    width = paper.width - 2 * inset
    height = (paper.height - 2 * inset - BOARD_GAP) / 2
    top = Rect(inset, inset + height + BOARD_GAP, width, height)
    return top, Rect(inset, inset, width, height)


def _board_page(
    game: Biathlon, paper: Paper, colours: list[Colour], frames: tuple[Rect, ...], canvas: Canvas
) -> None:
    """The page's boards, cut on their outlines: nothing of a board is printed outside it, so
    the page's bleed is its cut."""
    used = frames[: len(colours)]
    for colour, frame in zip(colours, used, strict=True):
        _player_board(canvas, game, colour, frame)
    cut = bounding(used)
    set_page_boxes(canvas, (paper.width, paper.height), trim=cut, bleed=cut)
    line_key(canvas, frames[1].x + PAD, paper.height / 2 - KEY_SIZE * 0.35)


def _player_board(canvas: Canvas, game: Biathlon, colour: Colour, frame: Rect) -> None:
    canvas.setFillColor(colors.white)
    line(canvas, CUT, 1.2)
    canvas.roundRect(*frame, radius=4 * mm, stroke=1, fill=1)
    _board_header(canvas, game, colour, frame)
    left, right = frame.x + PAD, frame.x + frame.width - PAD
    track_top = frame.y + frame.height - HEADER - 6 * mm - TILE_SLOT[1] - 9 * mm
    track = Rect(left + 12 * mm, track_top - PULSE_BOX, (PULSE_LIMIT + 1) * PULSE_BOX, PULSE_BOX)
    _tile_slot(canvas, track)
    _pulse_track(canvas, track, right)
    gear_top = track.y - 14 * mm
    _bullets(canvas, colour, left, gear_top)
    _wax(canvas, colour, left + 62 * mm, gear_top)
    _round_reference(
        canvas, Rect(right - 62 * mm, frame.y + 12 * mm, 62 * mm, gear_top - frame.y - 8 * mm)
    )
    _card_cut_out(canvas, frame)
    _discard_hint(canvas, frame)


def _board_header(canvas: Canvas, game: Biathlon, colour: Colour, frame: Rect) -> None:
    """A band in the ski colour: the colour, its skill and its place in ski colour order."""
    band = Rect(frame.x, frame.y + frame.height - HEADER, frame.width, HEADER)
    path = canvas.beginPath()
    path.roundRect(*band, radius=4 * mm)
    canvas.saveState()
    canvas.clipPath(path, stroke=0, fill=0)
    canvas.setFillColor(INK[colour.colour])
    canvas.rect(band.x, band.y, band.width, band.height, stroke=0, fill=1)
    canvas.restoreState()
    canvas.setStrokeColor(INK["black"])
    canvas.setLineWidth(0.8)
    canvas.line(band.x, band.y, band.x + band.width, band.y)
    ink = ink_on(colour.colour)
    canvas.setFillColor(ink)
    canvas.setFont(BODY_BOLD, 18)
    canvas.drawString(band.x + PAD, band.y + 4.2 * mm, f"{colour.colour.upper()} SKIS")
    right = band.x + band.width - PAD
    canvas.setFont(BODY_BOLD, 10)
    canvas.drawRightString(right, band.y + 7.5 * mm, f"Skill: {SKILL_WORDS[colour.skill]}")
    canvas.setFont(BODY, 7.5)
    canvas.drawRightString(
        right,
        band.y + 3 * mm,
        f"Ski colour order {colour.order} of {len(game.colours)}: chooses a biathlete "
        f"and wins ties {ordinal(colour.order)}",
    )


def _tile_slot(canvas: Canvas, track: Rect) -> None:
    """The accuracy tile's slot over the track; from each of its columns a band of colour runs
    down to the pulses it stands for."""
    width, height = TILE_SLOT
    slot = Rect(track.x + (track.width - width) / 2, track.y + track.height + 9 * mm, width, height)
    column = width / len(pulse_bands())
    for index, band in enumerate(pulse_bands()):
        path = canvas.beginPath()
        path.moveTo(slot.x + index * column, slot.y)
        path.lineTo(slot.x + (index + 1) * column, slot.y)
        path.lineTo(track.x + (band.last + 1) * PULSE_BOX, track.y + track.height)
        path.lineTo(track.x + band.first * PULSE_BOX, track.y + track.height)
        path.close()
        canvas.setFillColor(BAND_TINTS[index])
        canvas.drawPath(path, stroke=0, fill=1)
    # A place, not a line to cut or fold: a shaded plate with a grey rim.
    canvas.setFillColor(SLOT)
    canvas.setStrokeColor(RULE)
    canvas.setLineWidth(1.5)
    canvas.roundRect(*slot, radius=1.5 * mm, stroke=1, fill=1)
    canvas.setFillColor(RULE)
    centred(canvas, "ACCURACY TILE", slot.x + width / 2, slot.y + height / 2, BODY_BOLD, 9)
    centred(
        canvas,
        f"{ACCURACY_TILE.width / mm:.0f} \u00d7 {ACCURACY_TILE.height / mm:.0f} mm",
        slot.x + width / 2,
        slot.y + height / 2 - 4 * mm,
        BODY,
        7,
    )


def _pulse_track(canvas: Canvas, track: Rect, right: float) -> None:
    """Boxes 0 to the pulse limit, tinted by accuracy band, and the elimination box."""
    bands = pulse_bands()
    canvas.setFillColor(INK["black"])
    canvas.setFont(BODY_BOLD, 8)
    canvas.drawRightString(track.x - 2 * mm, track.y + track.height / 2 - 1, "PULSE")
    canvas.setFont(BODY, MIN_TEXT)
    canvas.drawRightString(track.x - 2 * mm, track.y + track.height / 2 - 9, "start at 0")
    for index, band in enumerate(bands):
        for pulse in range(band.first, band.last + 1):
            x = track.x + pulse * PULSE_BOX
            canvas.setFillColor(BAND_TINTS[index])
            canvas.setStrokeColor(INK["black"])
            canvas.setLineWidth(0.6)
            canvas.rect(x, track.y, PULSE_BOX, PULSE_BOX, stroke=1, fill=1)
            canvas.setFillColor(INK["black"])
            centred(canvas, str(pulse), x + PULSE_BOX / 2, track.y + 4.5 * mm, BODY_BOLD, 15)
        x0 = track.x + band.first * PULSE_BOX + 1 * mm
        x1 = track.x + (band.last + 1) * PULSE_BOX - 1 * mm
        y = track.y - 2.5 * mm
        canvas.setStrokeColor(INK["black"])
        canvas.setLineWidth(0.6)
        canvas.line(x0, y, x1, y)
        canvas.line(x0, y, x0, y + 1.2 * mm)
        canvas.line(x1, y, x1, y + 1.2 * mm)
        canvas.setFillColor(INK["black"])
        label = f"{band.name} pulse {number_range(band.first, band.last)}"
        centred(canvas, label, (x0 + x1) / 2, y - 3.5 * mm, BODY_BOLD, 7.5, x1 - x0)
    out = Rect(
        track.x + track.width + 2 * mm, track.y, right - track.x - track.width - 2 * mm, PULSE_BOX
    )
    canvas.setFillColor(INK["red"])
    canvas.roundRect(*out, radius=1.5 * mm, stroke=0, fill=1)
    canvas.setFillColor(colors.white)
    middle = out.x + out.width / 2
    centred(
        canvas, f"over {PULSE_LIMIT}", middle, out.y + 7.5 * mm, BODY_BOLD, 9, out.width - 2 * mm
    )
    centred(canvas, ELIMINATED, middle, out.y + 3 * mm, BODY_BOLD, 7, out.width - 2 * mm)


def _gear_title(canvas: Canvas, x: float, top: float, title: str, note: str) -> None:
    canvas.setFillColor(INK["black"])
    canvas.setFont(BODY_BOLD, 9)
    canvas.drawString(x, top, title)
    canvas.setFont(BODY_ITALIC, 7)
    canvas.drawString(x, top - 3.6 * mm, note)


def _bullets(canvas: Canvas, colour: Colour, x: float, top: float) -> None:
    """One hole per starting bullet."""
    _gear_title(canvas, x, top, f"BULLETS: {colour.bullets}", f"each: {BULLET_USES}")
    radius = 6 * mm
    for index in range(colour.bullets):
        cx = x + radius + index * (2 * radius + 2 * mm)
        cy = top - 8 * mm - radius
        canvas.setFillColor(SLOT)
        canvas.setStrokeColor(INK["black"])
        canvas.setLineWidth(0.6)
        canvas.circle(cx, cy, radius, stroke=1, fill=1)
        canvas.setFillColor(RULE)
        centred(canvas, str(index + 1), cx, cy - 2.5, BODY_BOLD, 8)


def _wax(canvas: Canvas, colour: Colour, x: float, top: float) -> None:
    """One hole per starting wax, or the note that these skis carry none."""
    if not colour.wax:
        extra = "no wax: an extra bullet instead" if gives_bullets(colour) else "no wax"
        _gear_title(canvas, x, top, "WAX: 0", extra)
        return
    _gear_title(canvas, x, top, f"WAX: {colour.wax}", f"each: {WAX_WORDS[colour.wax_effect]}")
    side = 11 * mm
    for index in range(colour.wax):
        left = x + index * (side + 2 * mm)
        bottom = top - 8 * mm - side
        canvas.setFillColor(SLOT)
        canvas.setStrokeColor(INK["black"])
        canvas.setLineWidth(0.6)
        canvas.roundRect(left, bottom, side, side, 1.5 * mm, stroke=1, fill=1)
        canvas.setFillColor(RULE)
        centred(canvas, str(index + 1), left + side / 2, bottom + side / 2 - 2.5, BODY_BOLD, 8)


def _round_reference(canvas: Canvas, box: Rect) -> None:
    canvas.setFillColor(colors.white)
    canvas.setStrokeColor(RULE)
    canvas.setLineWidth(0.6)
    canvas.roundRect(*box, radius=2 * mm, stroke=1, fill=1)
    canvas.setFillColor(INK["black"])
    top = box.y + box.height - 4.5 * mm
    canvas.setFont(BODY_BOLD, 8)
    canvas.drawString(box.x + 2.5 * mm, top, "A ROUND")
    for row, (head, text) in enumerate(ROUND):
        y = top - 4.2 * mm - row * 3.5 * mm
        canvas.setFont(BODY_BOLD, MIN_TEXT + 0.5)
        canvas.drawString(box.x + 2.5 * mm, y, head)
        canvas.setFont(BODY, MIN_TEXT + 0.5)
        canvas.drawString(box.x + 17 * mm, y, text)


def _card_cut_out(canvas: Canvas, frame: Rect) -> None:
    """A notch to cut in the board's bottom edge: the chosen card is played below it."""
    cx = frame.x + frame.width / 2 - 20 * mm
    half = CUT_OUT_WIDTH / 2
    path = canvas.beginPath()
    path.moveTo(cx - half, frame.y)
    path.lineTo(cx - half, frame.y + CUT_OUT_DEPTH - 2 * mm)
    path.curveTo(
        cx - half,
        frame.y + CUT_OUT_DEPTH,
        cx - half,
        frame.y + CUT_OUT_DEPTH,
        cx - half + 2 * mm,
        frame.y + CUT_OUT_DEPTH,
    )
    path.lineTo(cx + half - 2 * mm, frame.y + CUT_OUT_DEPTH)
    path.curveTo(
        cx + half,
        frame.y + CUT_OUT_DEPTH,
        cx + half,
        frame.y + CUT_OUT_DEPTH,
        cx + half,
        frame.y + CUT_OUT_DEPTH - 2 * mm,
    )
    path.lineTo(cx + half, frame.y)
    canvas.setFillColor(SHADE)
    line(canvas, CUT, 0.8)
    canvas.drawPath(path, stroke=1, fill=1)
    canvas.setFillColor(INK["black"])
    centred(canvas, "CUT OUT", cx, frame.y + 4.2 * mm, BODY_BOLD, 7)
    centred(canvas, "your chosen card: face down below", cx, frame.y + 1.4 * mm, BODY, MIN_TEXT)


def _discard_hint(canvas: Canvas, frame: Rect) -> None:
    """Along the left edge: the discard pile lies to the left of the board."""
    canvas.saveState()
    canvas.translate(frame.x + 4 * mm, frame.y + (frame.height - HEADER) / 2)
    canvas.rotate(90)
    canvas.setFillColor(RULE)
    canvas.setFont(BODY_BOLD, 7)
    canvas.drawCentredString(0, 0, "\u2190 DISCARD PILE: to the left of this board")
    canvas.restoreState()


# --- the biathlete profile map --------------------------------------------------------------


def _profile_map(game: Biathlon, paper: Paper, path: Path) -> None:
    _landscape_page(
        path,
        paper,
        partial(_profile_page, game),
        title="biathlete profile map",
        subject=f"Biathlete profile map: {len(game.biathletes)} biathletes, six skills",
    )


def _landscape_page(
    path: Path, paper: Paper, draw: Callable[[Paper, Canvas], None], *, title: str, subject: str
) -> None:
    """A one-page sheet on the paper turned on its side."""
    sheet = paper.landscape()
    draw_pages(
        path,
        sheet,
        [partial(draw, sheet)],
        title=f"{TITLE}: {title}",
        author=AUTHOR,
        subject=subject,
    )


def _page_heading(
    canvas: Canvas, paper: Paper, title: str, line: str
) -> tuple[float, float, float]:
    """A sheet's title and one line under it; returns the page's left, right and top."""
    left, right = PRINTABLE_MARGIN + 4 * mm, paper.width - PRINTABLE_MARGIN - 4 * mm
    top = paper.height - PRINTABLE_MARGIN - 4 * mm
    canvas.setFillColor(INK["black"])
    canvas.setFont(BODY_BOLD, 20)
    canvas.drawString(left, top - 16, title)
    canvas.setFont(BODY, 9)
    canvas.drawString(left, top - 30, line)
    return left, right, top


def _profile_page(game: Biathlon, paper: Paper, canvas: Canvas) -> None:
    left, right, top = _page_heading(
        canvas,
        paper,
        "BIATHLETE PROFILE MAP",
        f"The more pips, the stronger the skill ({number_range(0, PIPS)}); no pips: below "
        "average. "
        "The bib is the die face that hits at low, medium and high pulse.",
    )
    colours = ordered_colours(game)
    name_width, country_width, bib_width = 62 * mm, 18 * mm, 18 * mm
    skill_width = (right - left - name_width - country_width - bib_width) / len(colours)
    xs = [left, left + name_width, left + name_width + country_width]
    xs += [xs[-1] + bib_width + index * skill_width for index in range(len(colours) + 1)]
    head_top = top - 40
    head = 16 * mm
    biathletes = list(game.biathletes.values())
    row = (head_top - head - PRINTABLE_MARGIN - 4 * mm) / len(biathletes)
    _profile_header(canvas, colours, xs, head_top, head)
    for index, biathlete in enumerate(biathletes):
        y = head_top - head - (index + 1) * row
        if index % 2:
            canvas.setFillColor(SHADE)
            canvas.rect(left, y, right - left, row, stroke=0, fill=1)
        _profile_row(canvas, game, biathlete, colours, xs, y, row)
    canvas.setStrokeColor(RULE)
    canvas.setLineWidth(0.5)
    bottom = head_top - head - len(biathletes) * row
    for x in xs:
        canvas.line(x, head_top, x, bottom)
    for index in range(len(biathletes) + 2):
        y = head_top if index == 0 else head_top - head - (index - 1) * row
        canvas.line(left, y, right, y)


def _profile_header(
    canvas: Canvas, colours: list[Colour], xs: list[float], top: float, head: float
) -> None:
    canvas.setFillColor(INK["black"])
    for label, x0, x1 in zip(("BIATHLETE", "COUNTRY", "BIB"), xs, xs[1:], strict=False):
        centred(canvas, label, (x0 + x1) / 2, top - head / 2 - 3, BODY_BOLD, 9)
    for colour, x0, x1 in zip(colours, xs[3:], xs[4:], strict=False):
        canvas.setFillColor(INK[colour.colour])
        canvas.rect(x0, top - head, x1 - x0, head, stroke=0, fill=1)
        canvas.setFillColor(ink_on(colour.colour))
        middle = (x0 + x1) / 2
        centred(
            canvas, colour.colour.upper(), middle, top - 6 * mm, BODY_BOLD, 10, x1 - x0 - 2 * mm
        )
        words = SKILL_WORDS[colour.skill]
        centred(canvas, words, middle, top - 11.5 * mm, BODY, 8, x1 - x0 - 2 * mm)


def _profile_row(
    canvas: Canvas,
    game: Biathlon,
    biathlete: Biathlete,
    colours: list[Colour],
    xs: list[float],
    y: float,
    row: float,
) -> None:
    middle = y + row / 2
    draw_flag(canvas, game, biathlete, Rect(xs[0] + 2.5 * mm, middle - 4 * mm, 12 * mm, 8 * mm))
    canvas.setFillColor(INK["black"])
    name_room = xs[1] - xs[0] - 18 * mm
    canvas.setFont(BODY_BOLD, fitted(biathlete.name, BODY_BOLD, 13, name_room))
    canvas.drawString(xs[0] + 17 * mm, middle - 4.5, biathlete.name)
    centred(canvas, biathlete.country, (xs[1] + xs[2]) / 2, middle - 4, BODY, 11)
    centred(canvas, biathlete.bib, (xs[2] + xs[3]) / 2, middle - 4.5, BODY_BOLD, 13)
    for colour, x0, x1 in zip(colours, xs[3:], xs[4:], strict=False):
        _pips(canvas, colour.colour, biathlete.skills[colour.skill], (x0 + x1) / 2, middle)


def _pips(canvas: Canvas, colour: str, rating: int, cx: float, cy: float) -> None:
    """A pip per rating step, as many filled as the rating, and the rating in figures beside
    them."""
    radius, gap = 2.8 * mm, 1.6 * mm
    left = cx - PIPS * radius - (PIPS - 1) / 2 * gap - 2 * mm
    for index in range(PIPS):
        x = left + radius + index * (2 * radius + gap)
        canvas.setStrokeColor(INK["black"] if colour in LIGHT_INKS else INK[colour])
        canvas.setLineWidth(0.8)
        canvas.setFillColor(INK[colour] if index < rating else colors.white)
        canvas.circle(x, cy, radius, stroke=1, fill=1)
    canvas.setFillColor(INK["black"])
    canvas.setFont(BODY_BOLD, 10)
    canvas.drawString(left + 2 * PIPS * radius + (PIPS - 1) * gap + 2 * mm, cy - 3.5, str(rating))


# --- the World Cup score sheet --------------------------------------------------------------


def _score_sheet(game: Biathlon, paper: Paper, path: Path) -> None:
    _landscape_page(
        path,
        paper,
        partial(_score_page, game),
        title="World Cup score sheet",
        subject="World Cup score sheet: four races, up to six players",
    )


def race_rows(game: Biathlon) -> list[tuple[str, list[tuple[int, str]]]]:
    """The races by venue in World Cup order: (venue, [(race number, course name)])."""
    rows: list[tuple[str, list[tuple[int, str]]]] = []
    for number, course_id in enumerate(ORDER, start=1):
        course = game.courses[course_id]
        if not rows or rows[-1][0] != course.venue_name:
            rows.append((course.venue_name, []))
        rows[-1][1].append((number, course.name))
    return rows


def _score_page(game: Biathlon, paper: Paper, canvas: Canvas) -> None:
    left, right, top = _page_heading(
        canvas,
        paper,
        "WORLD CUP SCORE SHEET",
        "Write each player's place in every race and the points it scores.",
    )
    race_width = 52 * mm
    player_width = (right - left - race_width) / PLAYERS
    grid_top = top - 40
    rows = race_rows(game)
    lines = 1 + sum(1 + len(races) for _, races in rows) + 1
    height = min(15 * mm, (grid_top - PRINTABLE_MARGIN - 52 * mm) / lines)
    _score_header(canvas, left, right, race_width, player_width, grid_top, height)
    y = grid_top - height
    for venue, races in rows:
        y -= height
        canvas.setFillColor(SHADE)
        canvas.rect(left, y, right - left, height, stroke=0, fill=1)
        canvas.setFillColor(INK["black"])
        canvas.setFont(BODY_BOLD, 11)
        canvas.drawString(left + 2.5 * mm, y + height / 2 - 4, venue.upper())
        for number, name in races:
            y -= height
            canvas.setFillColor(INK["black"])
            canvas.setFont(BODY, 9)
            canvas.drawString(left + 2.5 * mm, y + height / 2 - 3.5, f"Race {number}")
            canvas.setFont(BODY_BOLD, 12)
            canvas.drawString(left + 18 * mm, y + height / 2 - 4, name)
            _place_points_boxes(canvas, left + race_width, player_width, y, height)
    y -= height
    canvas.setFillColor(INK["black"])
    canvas.setFont(BODY_BOLD, 11)
    canvas.drawString(left + 2.5 * mm, y + height / 2 - 4, "TOTAL POINTS")
    canvas.setStrokeColor(INK["black"])
    canvas.setLineWidth(1.2)
    canvas.line(left, y + height, right, y + height)
    _score_rules(canvas, game, left, y - 6 * mm)
    canvas.setStrokeColor(RULE)
    canvas.setLineWidth(0.5)
    canvas.rect(left, y, right - left, grid_top - y, stroke=1, fill=0)
    for index in range(PLAYERS + 1):
        x = left + race_width + index * player_width
        canvas.line(x, grid_top, x, y)


def _score_header(
    canvas: Canvas,
    left: float,
    right: float,
    race_width: float,
    player_width: float,
    top: float,
    height: float,
) -> None:
    canvas.setFillColor(SHADE)
    canvas.rect(left, top - height, right - left, height, stroke=0, fill=1)
    canvas.setStrokeColor(INK["black"])
    canvas.setLineWidth(1.2)
    canvas.line(left, top - height, right, top - height)
    canvas.setFillColor(INK["black"])
    canvas.setFont(BODY_BOLD, 10)
    canvas.drawString(left + 2.5 * mm, top - height / 2 - 3.5, "PLAYER")
    for index in range(PLAYERS):
        x = left + race_width + index * player_width
        canvas.setStrokeColor(RULE)
        canvas.setLineWidth(0.5)
        canvas.line(
            x + 3 * mm, top - height + 4 * mm, x + player_width - 3 * mm, top - height + 4 * mm
        )
        canvas.setFillColor(RULE)
        canvas.setFont(BODY, MIN_TEXT)
        canvas.drawString(x + 3 * mm, top - height + 1.3 * mm, f"name, player {index + 1}")


def _place_points_boxes(canvas: Canvas, x0: float, width: float, y: float, height: float) -> None:
    """Each player's cell in a race: a small box for the place, a wide one for the points."""
    for index in range(PLAYERS):
        x = x0 + index * width
        canvas.setStrokeColor(RULE)
        canvas.setLineWidth(0.5)
        canvas.line(x, y, x + width, y)
        split = x + width * 0.38
        canvas.setStrokeColor(SHADE)  # a pale rule: on this sheet no line is cut or folded
        canvas.setLineWidth(0.8)
        canvas.line(split, y + 1.5 * mm, split, y + height - 1.5 * mm)
        canvas.setFillColor(RULE)
        canvas.setFont(BODY, MIN_TEXT)
        canvas.drawString(x + 1.5 * mm, y + height - 3 * mm, "place")
        canvas.drawString(split + 1.5 * mm, y + height - 3 * mm, "points")


def _score_rules(canvas: Canvas, game: Biathlon, left: float, top: float) -> None:
    """The points for each place, from the workbook, and the rules in brief."""
    canvas.setFillColor(INK["black"])
    canvas.setFont(BODY_BOLD, 10)
    canvas.drawString(left, top - 10, "POINTS PER PLACE")
    cell = 17 * mm
    places = sorted(game.world_cup_points)
    for index, place in enumerate(places):
        x = left + index * cell
        canvas.setStrokeColor(RULE)
        canvas.setLineWidth(0.5)
        canvas.rect(x, top - 36, cell, 20, stroke=1, fill=0)
        canvas.rect(x, top - 56, cell, 20, stroke=1, fill=0)
        canvas.setFillColor(INK["black"])
        centred(canvas, ordinal(place), x + cell / 2, top - 29, BODY, 10)
        centred(canvas, str(game.world_cup_points[place]), x + cell / 2, top - 50, BODY_BOLD, 12)
    text_x = left + len(places) * cell + 12 * mm
    rules = (
        (
            "Lowest total wins.",
            "After the four races the player with the fewest points takes the World Cup.",
        ),
        ("A tie?", "The player who placed better in the last race wins it."),
        (
            "Out of the race?",
            "Eliminated players take the last places of the race: the first one out is last.",
        ),
        ("Next race:", "players choose ski colours in the order they finished, the winner first."),
    )
    for row, (head, text) in enumerate(rules):
        y = top - 10 - row * 13
        canvas.setFont(BODY_BOLD, 9)
        canvas.drawString(text_x, y, head)
        canvas.setFont(BODY, 9)
        canvas.drawString(text_x + 31 * mm, y, text)
