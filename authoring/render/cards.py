"""A card frame: the face painted to the bleed, a safe zone, a title band, a corner index,
and panels, each a large value under its small label.

Everything a player must read stays inside the safe zone, far enough in from the cut that a
cut a millimetre off loses nothing; only colour runs out to the bleed. A card's text is
never under `SMALLEST` (legible in the hand), which the frame's sizes respect and its
fitted texts are held to.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from authoring.render.fonts import BODY_BOLD, BODY_ITALIC, draw_centred
from authoring.render.imposition import Rect, Slot

SMALLEST = 6.0
"""The smallest text on a playing piece, in points."""


@dataclass(frozen=True)
class CardFrame:
    """A card face's layout numbers (points) and inks."""

    paper: colors.Color = colors.white
    """Painted over the whole bleed."""
    safe_inset: float = 4 * mm
    radius: float = 2.5 * mm
    ink: colors.Color = colors.black
    line: colors.Color = colors.black
    line_width: float = 0.8
    title_height: float = 8 * mm
    title_size: float = 11.0
    title_fill: colors.Color = colors.black
    title_ink: colors.Color = colors.white
    index_size: float = 9.0
    label_size: float = 6.5
    label_drop: float = 4.5 * mm
    """From a panel's top edge down to its label's baseline."""
    back_title_size: float = 24.0
    back_subtitle_size: float = 9.0
    back_subtitle_drop: float = 5 * mm

    def safe(self, slot: Slot) -> Rect:
        x, y, width, height = slot.trim
        inset = self.safe_inset
        return Rect(x + inset, y + inset, width - 2 * inset, height - 2 * inset)


def card_face(canvas: Canvas, slot: Slot, frame: CardFrame) -> Rect:
    """Paint the face to the bleed; return the safe zone to draw in."""
    canvas.setFillColor(frame.paper)
    canvas.rect(*slot.bleed, stroke=0, fill=1)
    return frame.safe(slot)


def title_band(canvas: Canvas, safe: Rect, title: str, frame: CardFrame) -> Rect:
    """A filled band across the top of the safe zone holding the card's title (shrunk to fit,
    never under `SMALLEST`); return the safe zone below it."""
    top = safe.y + safe.height
    band = Rect(safe.x, top - frame.title_height, safe.width, frame.title_height)
    canvas.setFillColor(frame.title_fill)
    canvas.roundRect(*band, frame.radius, stroke=0, fill=1)
    canvas.setFillColor(frame.title_ink)
    baseline = band.y + (band.height - frame.title_size * 0.7) / 2
    room = band.width - 2 * frame.radius
    draw_centred(
        canvas,
        title,
        band.x + band.width / 2,
        baseline,
        BODY_BOLD,
        frame.title_size,
        room,
        smallest=SMALLEST,
    )
    return Rect(safe.x, safe.y, safe.width, safe.height - frame.title_height)


def corner_index(canvas: Canvas, safe: Rect, text: str, frame: CardFrame) -> None:
    """The index in the top-left corner of the safe zone and upside down in the bottom-right,
    so that a card fanned in the hand shows it either way up."""
    canvas.setFillColor(frame.ink)
    canvas.setFont(BODY_BOLD, frame.index_size)
    top = safe.y + safe.height - frame.index_size
    canvas.drawString(safe.x, top, text)
    canvas.saveState()
    canvas.translate(safe.x + safe.width, safe.y + frame.index_size)
    canvas.rotate(180)
    canvas.drawString(0, 0, text)
    canvas.restoreState()


@dataclass(frozen=True)
class Panel:
    """A boxed value under its small label, such as a card's chart number."""

    label: str
    value: str
    value_size: float
    fill: colors.Color = colors.white
    value_font: str = BODY_BOLD


def draw_panel(canvas: Canvas, box: Rect, panel: Panel, frame: CardFrame) -> None:
    """The panel's box, its label near the top and its value centred in the room below."""
    canvas.setLineWidth(frame.line_width)
    canvas.setStrokeColor(frame.line)
    canvas.setFillColor(panel.fill)
    canvas.roundRect(*box, frame.radius, stroke=1, fill=1)
    canvas.setFillColor(frame.ink)
    centre = box.x + box.width / 2
    label_y = box.y + box.height - frame.label_drop
    draw_centred(
        canvas,
        panel.label,
        centre,
        label_y,
        BODY_BOLD,
        frame.label_size,
        box.width - 4,
        smallest=SMALLEST,
    )
    room_top = label_y - 1 * mm
    baseline = box.y + (room_top - box.y - panel.value_size * 0.7) / 2
    canvas.setFont(panel.value_font, panel.value_size)
    canvas.drawCentredString(centre, baseline, panel.value)


def safe_outline(canvas: Canvas, safe: Rect, frame: CardFrame) -> None:
    """A rounded line round the safe zone: the frame of a back, or of a face that wants one."""
    canvas.setStrokeColor(frame.line)
    canvas.setLineWidth(frame.line_width)
    canvas.roundRect(*safe, frame.radius, stroke=1, fill=0)


def card_back(canvas: Canvas, slot: Slot, frame: CardFrame, title: str, subtitle: str) -> Rect:
    """A back painted to the bleed with a rounded line round the safe zone, the game's title
    and what the card is centred on it; return the safe zone for the game's own ornament."""
    safe = card_face(canvas, slot, frame)
    safe_outline(canvas, safe, frame)
    centre_x, centre_y = safe.x + safe.width / 2, safe.y + safe.height / 2
    canvas.setFillColor(frame.ink)
    canvas.setFont(BODY_BOLD, frame.back_title_size)
    canvas.drawCentredString(centre_x, centre_y, title)
    canvas.setFont(BODY_ITALIC, frame.back_subtitle_size)
    canvas.drawCentredString(centre_x, centre_y - frame.back_subtitle_drop, subtitle)
    return safe
