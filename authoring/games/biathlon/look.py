"""The BIATHLON BLAST kit's shared look: its inks, its words, its smallest text, and the
flags and lettering the cards, tiles, standees and boards all draw."""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import groupby

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from authoring.games.biathlon.model import Biathlete, Biathlon, Colour
from authoring.games.biathlon.race import PULSE_LIMIT
from authoring.render.fonts import BODY, BODY_BOLD, draw_centred, fitted_size
from authoring.render.imposition import Rect
from authoring.render.lines import KEY_SIZE, line_key
from authoring.render.paper import CARD_SIZES, PRINTABLE_MARGIN, Paper, Size

TITLE = "BIATHLON BLAST"
AUTHOR = "authoring (from the BIATHLON BLAST workbook)"
SKIING_CARD = CARD_SIZES["poker"]
ACCURACY_TILE = Size("accuracy tile", 60 * mm, 20 * mm)
"""A millimetre inside each side of the 62 x 22 mm slot the player board leaves for it."""
MIN_TEXT = 6.0
"""Points: nothing on a card, tile or standee is printed smaller."""
SKILL_WORDS = {
    "accuracy_initiative": "accuracy & initiative",
    "uphill": "uphill skiing",
    "flat": "flat skiing",
    "downhill": "downhill skiing",
    "pulse_control": "pulse control",
    "wind_control": "wind control",
}
WAX_WORDS = {
    "none": "no wax",
    "uphill_step": "+1 uphill step",
    "flat_step": "+1 flat step",
    "downhill_step": "+1 downhill step",
    "pulse_minus_one": "action cost \u22121",
    "wind_symbol": "the wind symbol",
}
BULLET_USES = "a discard pick-up, or +1 hit after shooting"
TERRAIN_LABELS = {"uphill": "UPHILL", "flat": "FLAT", "downhill": "DOWNHILL"}
BAND_NAMES = ("low", "medium", "high")
DISCARD, REMOVE = "DISCARD", "REMOVE FROM GAME"
INK = {
    "red": colors.HexColor("#c62a32"),
    "black": colors.HexColor("#1c1c1c"),
    "yellow": colors.HexColor("#f3c316"),
    "green": colors.HexColor("#2d8a46"),
    "blue": colors.HexColor("#2463b0"),
    "white": colors.white,
}
LIGHT_INKS = ("yellow", "white")
"""Colours light enough to carry dark text."""
SNOW = colors.HexColor("#eef4f8")
BAND_TINTS = (colors.HexColor("#d9efdc"), colors.HexColor("#fbefc4"), colors.HexColor("#f6d6d2"))
"""Low, medium and high pulse on the accuracy tile: calm green to alarm red."""
OUTLINE = colors.HexColor("#6f7d88")

SHEET_TITLE_SIZE = 11.0
SHEET_HEAD = 16.5 * mm
"""Above the pieces of a sheet to cut out: its title, the line key and two lines on how to
make them (no more: two rows of standees must still fit under it on Letter)."""
HOW_LEADING = 3 * mm


def signed(value: int) -> str:
    """A pulse change as the cards print it: +1, \u22122 (a true minus), or 0."""
    return f"{value:+d}".replace("-", "\u2212") if value else "0"


def ordered_colours(game: Biathlon) -> list[Colour]:
    """The ski colours in ski colour order, the order that breaks every tie."""
    return sorted(game.colours.values(), key=lambda colour: colour.order)


def gives_bullets(colour: Colour) -> bool:
    """Skis without wax start with bullets instead, and their coach zones give bullets."""
    return colour.wax_effect == "none"


def step_colour(game: Biathlon, terrain: str) -> str:
    """The colour that stands for a terrain's skill: its steps and its spaces are printed in it."""
    return next(c.colour for c in game.colours.values() if c.skill == terrain)


@dataclass(frozen=True)
class PulseBand:
    name: str
    first: int
    last: int


def pulse_bands() -> list[PulseBand]:
    """The pulse ranges a bib's three digits stand for, as the model reads a bib.

    A probe whose digits are its own positions shows which digit each pulse reads, so the
    printed bands can never drift from the rules engine's.
    """
    probe = Biathlete("probe", "", "", "012", {})
    bands = []
    for digit, run in groupby(range(PULSE_LIMIT + 1), key=probe.accuracy):
        pulses = list(run)
        bands.append(PulseBand(BAND_NAMES[digit], pulses[0], pulses[-1]))
    return bands


def die_caption(die: str) -> str:
    """A die named in words (on a card's initiative, under a die net), so a greyscale print
    still names it."""
    return f"{die.upper()} DIE"


def fitted(text: str, font: str, size: float, room: float) -> float:
    return fitted_size(text, font, size, room, smallest=MIN_TEXT)


def centred(
    canvas: Canvas, text: str, x: float, y: float, font: str, size: float, room: float = math.inf
) -> None:
    draw_centred(canvas, text, x, y, font, size, room, smallest=MIN_TEXT)


def ink_on(colour: str) -> colors.Color:
    """Text that reads on a fill of this colour."""
    return INK["black"] if colour in LIGHT_INKS else colors.white


def flag_stripes(game: Biathlon, biathlete: Biathlete) -> list[tuple[str, int]]:
    """The flag's stripes, left to right in ski colour order: each colour as wide as its
    rating; a colour rated 0 (below average) is missing from the flag."""
    return [
        (c.colour, biathlete.skills[c.skill])
        for c in ordered_colours(game)
        if biathlete.skills[c.skill]
    ]


def draw_flag(canvas: Canvas, game: Biathlon, biathlete: Biathlete, box: Rect) -> None:
    stripes = flag_stripes(game, biathlete)
    total = sum(width for _, width in stripes)
    x = box.x
    for colour, width in stripes:
        share = box.width * width / total
        canvas.setFillColor(INK[colour])
        canvas.rect(x, box.y, share, box.height, stroke=0, fill=1)
        x += share
    canvas.setStrokeColor(OUTLINE)
    canvas.setLineWidth(0.5)
    canvas.rect(*box, stroke=1, fill=0)  # a white stripe still shows its edge


def sheet_heading(canvas: Canvas, paper: Paper, title: str, how: str) -> None:
    """A cutting sheet's title, its line key and how to make its pieces, in the top
    `SHEET_HEAD` of the printable area."""
    left, top = PRINTABLE_MARGIN, paper.height - PRINTABLE_MARGIN
    canvas.setFillColor(INK["black"])
    canvas.setFont(BODY_BOLD, SHEET_TITLE_SIZE)
    canvas.drawString(left, top - 4.2 * mm, title)
    line_key(canvas, left, top - 8.4 * mm)
    canvas.setFillColor(INK["black"])
    canvas.setFont(BODY, KEY_SIZE)
    width = paper.width - 2 * PRINTABLE_MARGIN
    for row, text in enumerate(simpleSplit(how, BODY, KEY_SIZE, width)):
        canvas.drawString(left, top - 12 * mm - row * HOW_LEADING, text)
